/* A static inline function in a header. */
static inline void copy_highpage_pair(struct page *to, struct page *from)
{
	char *vfrom = kmap_atomic(from);
	char *vto = kmap_atomic(to);

	copy_page(vto, vfrom);
	kunmap_atomic(vfrom);
	kunmap_atomic(vto);
}
