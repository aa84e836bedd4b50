/* Two mappings made and released inside one round of a loop. */
void xor_blocks(struct page **src, struct page **dst, unsigned int off,
		int n)
{
	while (n--) {
		char *a = kmap_atomic(src[n]) + off;
		char *b = kmap_atomic(dst[n]);

		xor_one(b, a);
		kunmap_atomic(a);
		kunmap_atomic(b);
	}
}

/* The same loop in the right order is silent. */
void xor_blocks_ok(struct page **src, struct page **dst, unsigned int off,
		   int n)
{
	while (n--) {
		char *a = kmap_atomic(src[n]) + off;
		char *b = kmap_atomic(dst[n]);

		xor_one(b, a);
		kunmap_atomic(b);
		kunmap_atomic(a);
	}
}
