/*
 * A helper that releases what its out-parameter points to before it
 * returns leaves nothing mapped: silent.
 */
/* Maps through its out-parameter and releases it before it returns. */
static void fill(struct page *pg, void **buf)
{
	*buf = kmap_local_page(pg);
	memset(*buf, 0, PAGE_SIZE);
	kunmap_local(*buf);
}

int user_ok(struct page *a, struct page *b)
{
	void *scratch;
	void *x = kmap_local_page(a);

	fill(b, &scratch);
	kunmap_local(x);
	return 0;
}
