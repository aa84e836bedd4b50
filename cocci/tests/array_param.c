/*
 * An array given as a parameter itself (not a field of one), its
 * elements stored from a mapping plus an offset and released through an
 * integer copy of the element, masked to the page: RDMA/siw
 * siw_tx_hdt() keeps kmap_local_page() + offset in iov[seg].iov_base and
 * siw_unmap_pages() releases (void *)(addr & PAGE_MASK) for each one,
 * which must count down.
 */
struct kvec { void *iov_base; unsigned long iov_len; };

static void unmap_up(struct kvec *iov, unsigned long kmap_mask, int len)
{
	int i;

	for (i = 0; i < len; i++) {
		if (kmap_mask & BIT(i)) {
			unsigned long addr = (unsigned long)iov[i].iov_base;

			kunmap_local((void *)(addr & PAGE_MASK));
		}
	}
}

static void unmap_down(struct kvec *iov, unsigned long kmap_mask, int len)
{
	int i;

	for (i = len - 1; i >= 0; i--) {
		if (kmap_mask & BIT(i)) {
			unsigned long addr = (unsigned long)iov[i].iov_base;

			kunmap_local((void *)(addr & PAGE_MASK));
		}
	}
}

int tx_bad(struct page **pages, unsigned int *offs, int n)
{
	struct kvec iov[8];
	unsigned long kmap_mask = 0;
	int seg = 0;

	while (seg < n) {
		void *kaddr = kmap_local_page(pages[seg]);

		kmap_mask |= BIT(seg);
		iov[seg].iov_base = kaddr + offs[seg];
		seg++;
	}
	send_iov(iov, seg);
	unmap_up(iov, kmap_mask, seg);
	return 0;
}

int tx_ok(struct page **pages, unsigned int *offs, int n)
{
	struct kvec iov[8];
	unsigned long kmap_mask = 0;
	int seg = 0;

	while (seg < n) {
		void *kaddr = kmap_local_page(pages[seg]);

		kmap_mask |= BIT(seg);
		iov[seg].iov_base = kaddr + offs[seg];
		seg++;
	}
	send_iov(iov, seg);
	unmap_down(iov, kmap_mask, seg);
	return 0;
}

/* The same in one function, released through the copy. */
void own_bad(struct page **pages, int n)
{
	struct kvec iov[8];
	int i;

	for (i = 0; i < n; i++)
		iov[i].iov_base = (char *)kmap_local_page(pages[i]) + 16;
	send_iov(iov, n);
	for (i = 0; i < n; i++) {
		unsigned long addr = (unsigned long)iov[i].iov_base;

		kunmap_local((void *)(addr & PAGE_MASK));
	}
}

void own_ok(struct page **pages, int n)
{
	struct kvec iov[8];
	int i;

	for (i = 0; i < n; i++)
		iov[i].iov_base = (char *)kmap_local_page(pages[i]) + 16;
	send_iov(iov, n);
	for (i = n - 1; i >= 0; i--) {
		unsigned long addr = (unsigned long)iov[i].iov_base;

		kunmap_local((void *)(addr & PAGE_MASK));
	}
}

/* Pointers kept in an array the helper is given. */
static void map_ptrs(void **ptrs, struct page **pages, int n)
{
	int i;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
}

void ptrs_bad(struct page **pages, int n)
{
	void *ptrs[8];
	int i;

	map_ptrs(ptrs, pages, n);
	xor_blocks(n, ptrs);
	for (i = 0; i < n; i++)
		kunmap_local(ptrs[i]);
}

void ptrs_ok(struct page **pages, int n)
{
	void *ptrs[8];
	int i;

	map_ptrs(ptrs, pages, n);
	xor_blocks(n, ptrs);
	for (i = n - 1; i >= 0; i--)
		kunmap_local(ptrs[i]);
}
