/*
 * The same through an out-parameter (*where = kaddr, then
 * kunmap_local(kaddr)): silent.
 */
/* The address is handed out, but the mapping is released before return. */
static void peek(struct page *page, void **where)
{
	void *kaddr = kmap_local_page(page);

	*where = kaddr;
	check(kaddr);
	kunmap_local(kaddr);
}

int user_ok(struct page *a, struct page *b)
{
	void *w;
	void *x = kmap_local_page(a);

	peek(b, &w);
	kunmap_local(x);
	return 0;
}
