/*
 * An out-parameter given through a cast ((void **)&w) is not followed:
 * silent both ways (a limit).
 */
static struct page *get_mapped(struct page *p, void **addr)
{
	*addr = kmap_local_page(p);
	return p;
}

int user_ok(struct page *a, struct page *b)
{
	char *w;
	void *x = kmap_local_page(a);

	get_mapped(b, (void **)&w);
	use(x, w);
	kunmap_local(w);
	kunmap_local(x);
	return 0;
}

int user_bad(struct page *a, struct page *b)
{
	char *w;
	void *x = kmap_local_page(a);

	get_mapped(b, (void **)&w);
	use(x, w);
	kunmap_local(x);
	kunmap_local(w);
	return 0;
}
