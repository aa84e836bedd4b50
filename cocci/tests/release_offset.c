/* Released through an address inside the page. */
void copy_part(struct page *dst, struct page *src, size_t off)
{
	char *d = kmap_local_page(dst) + off;
	char *s;

	s = kmap_local_page(src);
	memcpy(d, s + off, 16);
	kunmap_local(d);
	kunmap_local(s + off);
}
