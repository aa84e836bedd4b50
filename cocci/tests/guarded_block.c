/*
 * A block under a condition that releases both mappings: it counts as
 * releasing the inner one, but when it releases the outer one first it
 * breaks the order itself (a copy loop that moves to the next source
 * page).
 */
void copy_obj(struct page *s_page, struct page *d_page, int n)
{
	unsigned int s_off = 0, d_off = 0;
	char *s_addr = kmap_atomic(s_page);
	char *d_addr = kmap_atomic(d_page);

	while (n--) {
		memcpy(d_addr + d_off, s_addr + s_off, 8);
		s_off += 8;
		d_off += 8;
		if (s_off >= PAGE_SIZE) {
			kunmap_atomic(s_addr);
			kunmap_atomic(d_addr);
			s_page = next_page(s_page);
			s_addr = kmap_atomic(s_page);
			d_addr = kmap_atomic(d_page);
			s_off = 0;
		}
	}
	kunmap_atomic(d_addr);
	kunmap_atomic(s_addr);
}

/* The same block releasing the inner mapping first: silent. */
void copy_obj_ok(struct page *s_page, struct page *d_page, int n)
{
	unsigned int s_off = 0, d_off = 0;
	char *s_addr = kmap_atomic(s_page);
	char *d_addr = kmap_atomic(d_page);

	while (n--) {
		memcpy(d_addr + d_off, s_addr + s_off, 8);
		s_off += 8;
		d_off += 8;
		if (s_off >= PAGE_SIZE) {
			kunmap_atomic(d_addr);
			kunmap_atomic(s_addr);
			s_page = next_page(s_page);
			s_addr = kmap_atomic(s_page);
			d_addr = kmap_atomic(d_page);
			s_off = 0;
		}
	}
	kunmap_atomic(d_addr);
	kunmap_atomic(s_addr);
}
