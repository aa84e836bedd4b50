/* Three nested mappings released in mapping order. */
void blend(struct page *a, struct page *b, struct page *c)
{
	char *pa, *pb, *pc;

	pa = kmap_local_page(a);
	pb = kmap_local_page(b);
	pc = kmap_local_page(c);
	mix(pa, pb, pc);
	kunmap_local(pa);
	kunmap_local(pb);
	kunmap_local(pc);
}
