/*
 * A field every function of the file releases before it returns holds
 * nothing known between calls: its release is silent.
 */
struct w { void *addr; struct page *pg; };

static void w_cycle(struct w *w)
{
	w->addr = kmap_local_page(w->pg);
	use(w->addr);
	kunmap_local(w->addr);
}

static void local_unknown(struct w *w, struct page *pg)
{
	void *x = kmap_local_page(pg);

	trace(w);
	kunmap_local(w->addr);
	kunmap_local(x);
}
