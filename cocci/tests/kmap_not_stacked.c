/* kmap()/kunmap() are not stack based: any order is fine. */
void copy_slow(struct page *to, struct page *from)
{
	void *vfrom, *vto;

	vfrom = kmap(from);
	vto = kmap(to);
	copy_page(vto, vfrom);
	kunmap(from);
	kunmap(to);
}
