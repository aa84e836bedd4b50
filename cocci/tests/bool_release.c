/* Booleans decide each release; when both hold, the order is wrong. */
void fill(struct page *dpage, struct page *spage, bool copy)
{
	bool unmap_src = false, unmap_dst = false;
	char *dst, *src = NULL;

	dst = kmap_local_page(dpage);
	unmap_dst = true;
	if (copy) {
		src = kmap_local_page(spage);
		unmap_src = true;
		memcpy(dst, src, PAGE_SIZE);
	}
	if (unmap_dst)
		kunmap_local(dst);
	if (unmap_src)
		kunmap_local(src);
}

/* Released in reverse order under the same booleans: silent. */
void fill_ok(struct page *dpage, struct page *spage, bool copy)
{
	bool unmap_src = false, unmap_dst = false;
	char *dst, *src = NULL;

	dst = kmap_local_page(dpage);
	unmap_dst = true;
	if (copy) {
		src = kmap_local_page(spage);
		unmap_src = true;
		memcpy(dst, src, PAGE_SIZE);
	}
	if (unmap_src)
		kunmap_local(src);
	if (unmap_dst)
		kunmap_local(dst);
}
