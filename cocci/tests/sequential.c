/* Mappings that never nest. */
void copy_two(struct page *a, struct page *b, char *buf)
{
	char *p;

	p = kmap_local_page(a);
	memcpy(buf, p, 16);
	kunmap_local(p);
	p = kmap_local_page(b);
	memcpy(buf + 16, p, 16);
	kunmap_local(p);
}
