/* A map wrapper's result stored through a pointer (*res = get_kaddr()). */
static void *get_kaddr(struct page *p)
{
	return kmap_local_page(p);
}

static int outptr_bad(struct page *a, struct page *b, void **res)
{
	void *x;

	*res = get_kaddr(a);
	x = kmap_local_page(b);
	kunmap_local(*res);
	kunmap_local(x);
	return 0;
}

static int outptr_ok(struct page *a, struct page *b, void **res)
{
	void *x;

	*res = get_kaddr(a);
	x = kmap_local_page(b);
	kunmap_local(x);
	kunmap_local(*res);
	return 0;
}
