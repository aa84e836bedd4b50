/*
 * A mapping stored in a field of a parameter through a local, then
 * released through that local before the function returns: the field
 * is left with nothing mapped, so its callers are silent.
 */
struct w { void *p; };
static void peek(struct page *page, struct w *w)
{
	void *kaddr = kmap_local_page(page);

	w->p = kaddr;
	check(kaddr);
	kunmap_local(kaddr);
}

int user_ok(struct page *a, struct page *b, struct w *w)
{
	void *x = kmap_local_page(a);

	peek(b, w);
	kunmap_local(x);
	return 0;
}
