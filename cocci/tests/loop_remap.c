/* A loop that maps and releases the same pointer each time round. */
void gather(struct page **pages, int n, struct page *dst)
{
	char *d = kmap_local_page(dst);
	int i;

	for (i = 0; i < n; i++) {
		char *s = kmap_local_page(pages[i]);

		memcpy(d + i * 16, s, 16);
		kunmap_local(s);
	}
	kunmap_local(d);
}
