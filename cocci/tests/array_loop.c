/* Elements mapped counting up and released counting up again. */
void gen_syndrome(struct page **pages, void **ptrs, int disks)
{
	int i;

	for (i = 0; i < disks; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	raid6_gen(disks, ptrs);
	for (i = 0; i < disks; i++)
		kunmap_local(ptrs[i]);
}

/* The same, each release guarded by a mask. */
void recover(struct page **pages, void **ptrs, int disks,
	     unsigned long mask)
{
	int i, j;

	for (i = 0; i < disks; i++) {
		if (!test_bit(i, &mask))
			continue;
		ptrs[i] = kmap_local_page(pages[i]);
	}
	raid6_rec(disks, ptrs);
	for (j = 0; j < disks; ++j) {
		if (test_bit(j, &mask))
			kunmap_local(ptrs[j]);
	}
}

/* Released counting down, as fs/btrfs/raid56.c does: silent. */
void gen_syndrome_ok(struct page **pages, void **ptrs, int disks)
{
	int i;

	for (i = 0; i < disks; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	raid6_gen(disks, ptrs);
	for (i = disks - 1; i >= 0; i--)
		kunmap_local(ptrs[i]);
}

/* Released through an array that aliases it, counting up again. */
void gen_aliased(struct page **pages, void **ptrs, void **unmap, int disks)
{
	int i;

	for (i = 0; i < disks; i++) {
		ptrs[i] = kmap_local_page(pages[i]);
		unmap[i] = ptrs[i];
	}
	raid6_gen(disks, ptrs);
	for (i = 0; i < disks; i++)
		kunmap_local(unmap[i]);
}

/* The same counting down, as fs/btrfs/raid56.c does: silent. */
void gen_aliased_ok(struct page **pages, void **ptrs, void **unmap, int disks)
{
	int i;

	for (i = 0; i < disks; i++) {
		ptrs[i] = kmap_local_page(pages[i]);
		unmap[i] = ptrs[i];
	}
	raid6_gen(disks, ptrs);
	for (i = disks - 1; i >= 0; i--)
		kunmap_local(unmap[i]);
}
