/* The LoongArch copy_user_highpage() shape: outer released first. */
void copy_user_highpage(struct page *to, struct page *from)
{
	void *vfrom, *vto;

	vfrom = kmap_local_page(from);
	vto = kmap_local_page(to);
	copy_page(vto, vfrom);
	kunmap_local(vfrom);
	kunmap_local(vto);
	smp_wmb();
}
