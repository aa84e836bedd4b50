/*
 * The field released and mapped again in a later round of a loop macro
 * or of a retry through a goto: the function's own mapping, silent.
 */
struct w { void *addr; struct page *pg; };

static void w_map(struct w *w)
{
	w->addr = kmap_local_page(w->pg);
}

/* Each round releases what the round before mapped (newer than x): in order. */
static void walk_ok(struct w *w, struct scatterlist *sgl, int n, struct page *pg)
{
	struct scatterlist *sg;
	void *x = kmap_local_page(pg);
	int i;

	for_each_sg(sgl, sg, n, i) {
		if (i)
			kunmap_local(w->addr);
		w->addr = kmap_local_page(sg_page(sg));
		memcpy(x, w->addr, 16);
	}
	kunmap_local(w->addr);
	kunmap_local(x);
}

static void retry_ok(struct w *w, struct page *pg)
{
	void *x = kmap_local_page(pg);
	int tries = 0;

again:
	if (tries)
		kunmap_local(w->addr);
	w->addr = kmap_local_page(w->pg);
	if (!check(w->addr, x) && tries++ < 3)
		goto again;
	kunmap_local(w->addr);
	kunmap_local(x);
}
