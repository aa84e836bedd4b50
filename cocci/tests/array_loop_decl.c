/*
 * Loops that declare their counter (for (int i = 0; ...), C11, which
 * the kernel builds with): elements mapped counting up and released
 * counting up again are reported; released counting down, silent.
 */
void gen_decl(struct page **pages, void **ptrs, int disks)
{
	for (int i = 0; i < disks; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	raid6_gen(disks, ptrs);
	for (int i = 0; i < disks; i++)
		kunmap_local(ptrs[i]);
}

void gen_decl_ok(struct page **pages, void **ptrs, int disks)
{
	for (int i = 0; i < disks; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	raid6_gen(disks, ptrs);
	for (int i = disks - 1; i >= 0; i--)
		kunmap_local(ptrs[i]);
}

/* The counter of the mapping loop declared before it, as raid56.c. */
void gen_mixed(struct page **pages, void **ptrs, int disks)
{
	int stripe;

	for (stripe = 0; stripe < disks; stripe++)
		ptrs[stripe] = kmap_local_page(pages[stripe]);
	raid6_gen(disks, ptrs);
	for (unsigned int i = 0; i < disks; i++)
		kunmap_local(ptrs[i]);
}
