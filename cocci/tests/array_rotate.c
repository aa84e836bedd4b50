/*
 * Elements moved within the array between the mapping loop and the
 * release loop (fs/btrfs/raid56.c rotates pointers[] to recover a data
 * stripe): a release loop counting down no longer releases the last
 * mapping first.  The order is left undecided.
 */
static void recover(struct page **pages, int n, int faila)
{
	void *ptrs[8];
	void *p;
	int i;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);

	p = ptrs[faila];
	for (i = faila; i < n - 2; i++)
		ptrs[i] = ptrs[i + 1];
	ptrs[n - 2] = p;

	xor_blocks(n - 1, PAGE_SIZE, ptrs[n - 1], ptrs);

	for (i = n - 1; i >= 0; i--)
		kunmap_local(ptrs[i]);
}

/*
 * The same, released through a copy of the array made before the
 * rotation (raid56 keeps unmap_array): in order, silent.
 */
static void recover_copy(struct page **pages, int n, int faila)
{
	void *ptrs[8], *unmap[8];
	void *p;
	int i;

	for (i = 0; i < n; i++) {
		ptrs[i] = kmap_local_page(pages[i]);
		unmap[i] = ptrs[i];
	}

	p = ptrs[faila];
	for (i = faila; i < n - 2; i++)
		ptrs[i] = ptrs[i + 1];
	ptrs[n - 2] = p;

	xor_blocks(n - 1, PAGE_SIZE, ptrs[n - 1], ptrs);

	for (i = n - 1; i >= 0; i--)
		kunmap_local(unmap[i]);
}

/*
 * Released through a pointer to the array, set before the rotation: the
 * same storage, rotated.  Undecided.
 */
static void recover_ptr(struct page **pages, int n, int faila)
{
	void *ptrs[8];
	void **q;
	void *p;
	int i;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	q = ptrs;

	p = ptrs[faila];
	for (i = faila; i < n - 2; i++)
		ptrs[i] = ptrs[i + 1];
	ptrs[n - 2] = p;

	for (i = n - 1; i >= 0; i--)
		kunmap_local(q[i]);
}
