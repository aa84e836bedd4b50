/*
 * A block that releases the inner mapping and maps it again, with an
 * exit inside that releases the outer one (target_core_sbc.c
 * sbc_dif_verify(): if (dsg_off >= dsg->length) { kunmap_atomic(daddr);
 * dsg = sg_next(dsg); if (!dsg) { kunmap_atomic(paddr); return 0; }
 * daddr = kmap_atomic(...); }): the release in the exit does not
 * release the outer mapping on the path that goes on, so the mapping
 * made again in the block nests in it.
 */
int remap_bad(struct page *a, struct page *b, struct page *c, int n)
{
	void *p, *d;
	int i;

	p = kmap_atomic(a);
	d = kmap_atomic(b);
	for (i = 0; i < n; i++) {
		if (i & 1) {
			kunmap_atomic(d);
			c = next(c);
			if (!c) {
				kunmap_atomic(p);
				return 0;
			}
			d = kmap_atomic(c);
		}
		if (check(p, d)) {
			kunmap_atomic(p);
			kunmap_atomic(d);
			return -1;
		}
	}
	kunmap_atomic(d);
	kunmap_atomic(p);
	return 0;
}

int remap_ok(struct page *a, struct page *b, struct page *c, int n)
{
	void *p, *d;
	int i;

	p = kmap_atomic(a);
	d = kmap_atomic(b);
	for (i = 0; i < n; i++) {
		if (i & 1) {
			kunmap_atomic(d);
			c = next(c);
			if (!c) {
				kunmap_atomic(p);
				return 0;
			}
			d = kmap_atomic(c);
		}
		if (check(p, d)) {
			kunmap_atomic(d);
			kunmap_atomic(p);
			return -1;
		}
	}
	kunmap_atomic(d);
	kunmap_atomic(p);
	return 0;
}
