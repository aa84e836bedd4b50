/*
 * A field mapped through an out-parameter helper (get_mapped(b,
 * &w->addr)) is the function's own mapping: silent.
 */
struct w { void *addr; struct page *pg; };

static struct page *get_mapped(struct page *p, void **addr)
{
	*addr = kmap_local_page(p);
	return p;
}

static void w_map(struct w *w)
{
	w->addr = kmap_local_page(w->pg);
}

/* w->addr mapped here, through the out-parameter, after x: in order. */
static void f_ok(struct w *w, struct page *a, struct page *b)
{
	void *x = kmap_local_page(a);

	get_mapped(b, &w->addr);
	use(x, w->addr);
	kunmap_local(w->addr);
	kunmap_local(x);
}
