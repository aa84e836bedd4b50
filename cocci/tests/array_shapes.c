/* Elements that are structure fields, stored through a local: fs/verity's shape. */
bool verify_up(struct inode *inode, struct page **pages, int n)
{
	struct {
		struct page *page;
		const void *addr;
	} hblocks[8];
	int level;

	for (level = 0; level < n; level++) {
		const void *haddr;

		haddr = kmap_local_page(pages[level]);
		if (!haddr)
			goto error;
		hblocks[level].page = pages[level];
		hblocks[level].addr = haddr;
	}
	check(hblocks, n);
	for (level = 0; level < n; level++)
		kunmap_local(hblocks[level].addr);
	return true;
error:
	for (; level > 0; level--)
		kunmap_local(hblocks[level - 1].addr);
	return false;
}

/* Error path released counting up: the loop above left level mapped. */
bool verify_err(struct inode *inode, struct page **pages, int n)
{
	struct {
		const void *addr;
	} hblocks[8];
	int level, i;

	for (level = 0; level < n; level++) {
		void *haddr = kmap_local_page(pages[level]);

		if (bad(haddr)) {
			kunmap_local(haddr);
			goto error;
		}
		hblocks[level].addr = haddr;
	}
	for (; level > 0; level--)
		kunmap_local(hblocks[level - 1].addr);
	return true;
error:
	for (i = 0; i < level; i++)
		kunmap_local(hblocks[i].addr);
	return false;
}

/* A while loop, released with while (i--): silent. */
void while_ok(struct page **pages, void **ptrs, int n)
{
	int i = 0;

	while (i < n) {
		ptrs[i] = kmap_local_page(pages[i]);
		i++;
	}
	use(ptrs);
	while (i--)
		kunmap_local(ptrs[i]);
}

/* A while loop, released counting up. */
void while_up(struct page **pages, void **ptrs, int n)
{
	int i = 0, j;

	while (i < n)
		ptrs[i++] = kmap_local_page(pages[i]);
	use(ptrs);
	for (j = 0; j < n; j++)
		kunmap_local(ptrs[j]);
}

/* Each release guarded, without braces. */
void guarded(struct page **pages, void **ptrs, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (pages[i])
			ptrs[i] = kmap_local_page(pages[i]);
	use(ptrs);
	for (i = 0; i < n; i++)
		if (ptrs[i])
			kunmap_local(ptrs[i]);
}

/* Released through a copy of the array's pointer. */
void copied(struct page **pages, void **ptrs, int n)
{
	void **unmap = ptrs;
	int i;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	use(ptrs);
	for (i = 0; i < n; i++)
		kunmap_local(unmap[i]);
}

/* Released through a memcpy'd copy. */
void memcopied(struct page **pages, void **ptrs, void **keep, int n)
{
	int i;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	memcpy(keep, ptrs, n * sizeof(*ptrs));
	shuffle(ptrs, n);
	for (i = 0; i < n; i++)
		kunmap_local(keep[i]);
}

/* An array in a structure reached from a parameter. */
void in_struct(struct rbio *rbio, int n)
{
	int s;

	for (s = 0; s < n; s++)
		rbio->ptrs[s] = kmap_local_page(rbio->pages[s]);
	run(rbio);
	for (s = 0; s < n; s++)
		kunmap_local(rbio->ptrs[s]);
}

/* Mapped counting down, released counting up: silent. */
void down_up_ok(struct page **pages, void **ptrs, int n)
{
	int i;

	for (i = n - 1; i >= 0; i--)
		ptrs[i] = kmap_local_page(pages[i]);
	use(ptrs);
	for (i = 0; i < n; i++)
		kunmap_local(ptrs[i]);
}

/* do/while, released with while (--i >= 0): silent. */
void do_ok(struct page **pages, void **ptrs, int n)
{
	int i = 0;

	do {
		ptrs[i] = kmap_local_page(pages[i]);
	} while (++i < n);
	use(ptrs);
	while (--i >= 0)
		kunmap_local(ptrs[i]);
}

/* fs/verity's own order: released counting down, through a local: silent. */
bool verify_descend_ok(struct page **pages, int n)
{
	struct {
		const void *addr;
	} hblocks[8];
	int level;

	for (level = 0; level < n; level++)
		hblocks[level].addr = kmap_local_page(pages[level]);
	for (; level > 0; level--) {
		const void *haddr = hblocks[level - 1].addr;

		check(haddr);
		kunmap_local(haddr);
	}
	return true;
}

/* Released counting up through a local copy of each element. */
void copy_up(struct page **pages, int n)
{
	struct {
		void *addr;
	} blk[8];
	void *a;
	int i;

	for (i = 0; i < n; i++)
		blk[i].addr = kmap_local_page(pages[i]);
	for (i = 0; i < n; i++) {
		a = blk[i].addr;
		kunmap_local(a);
	}
}

/* Stored through a local, no field. */
void local_store(struct page **pages, void **ptrs, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		void *addr = kmap_local_page(pages[i]);

		ptrs[i] = addr;
	}
	use(ptrs);
	for (i = 0; i < n; i++)
		kunmap_local(ptrs[i]);
}

/* btrfs generate_pq_vertical(): a loop, then two more at its end. */
void gen_pq(struct page **pages, struct page *p, struct page *q, void **ptrs, int n)
{
	int s;

	for (s = 0; s < n; s++)
		ptrs[s] = kmap_local_page(pages[s]);
	ptrs[s++] = kmap_local_page(p);
	ptrs[s++] = kmap_local_page(q);
	raid6(n + 2, ptrs);
	for (s = 0; s < n + 2; s++)
		kunmap_local(ptrs[s]);
}

/* The same released as btrfs does: silent. */
void gen_pq_ok(struct page **pages, struct page *p, struct page *q, void **ptrs, int n)
{
	int s;

	for (s = 0; s < n; s++)
		ptrs[s] = kmap_local_page(pages[s]);
	ptrs[s++] = kmap_local_page(p);
	ptrs[s++] = kmap_local_page(q);
	raid6(n + 2, ptrs);
	for (s = s - 1; s >= 0; s--)
		kunmap_local(ptrs[s]);
}

/* Indexed from the end while counting down: that is counting up. */
void reverse_index(struct page **pages, void **ptrs, int n)
{
	int i = 0;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	use(ptrs);
	while (i > 0) {
		kunmap_local(ptrs[n - i]);
		i--;
	}
}

/* Each element released in the loop that maps it: not stacked, silent. */
void one_at_a_time(struct page **pages, void **ptrs, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		ptrs[i] = kmap_local_page(pages[i]);
		use(ptrs[i]);
		kunmap_local(ptrs[i]);
	}
}
