/*
 * Releases decided by conditions the rules cannot relate: the order is
 * right only because unmap_src holds whenever unmap_dst does (as in a
 * blit loop).  Nothing is reported; -D undecided names the place.
 */
struct blit {
	void *dst, *src;
	struct page **dpages, **spages;
	unsigned int mdst, msrc;
};

int blit_line(struct blit *d, unsigned int doff, unsigned int soff, unsigned int n)
{
	while (n--) {
		unsigned int dp = doff++, sp = soff++;
		bool unmap_dst = d->dst && dp != d->mdst;
		bool unmap_src = d->src && (sp != d->msrc || unmap_dst);

		if (unmap_src) {
			kunmap_atomic(d->src);
			d->src = NULL;
		}
		if (unmap_dst) {
			kunmap_atomic(d->dst);
			d->dst = NULL;
		}
		if (!d->dst) {
			d->dst = kmap_atomic(d->dpages[dp]);
			d->mdst = dp;
		}
		if (!d->src) {
			d->src = kmap_atomic(d->spages[sp]);
			d->msrc = sp;
		}
		memcpy(d->dst, d->src, 4);
	}
	return 0;
}

/* Null tests of the handle itself decide nothing away: silent, not undecided. */
void copy_guarded(struct page *a, struct page *b)
{
	char *x = kmap_local_page(a);
	char *y = kmap_local_page(b);

	memcpy(x, y, 4);
	if (y)
		kunmap_local(y);
	if (x)
		kunmap_local(x);
}
