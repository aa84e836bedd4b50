/*
 * A helper of the file that can leave two fields of its argument mapped
 * (vmwgfx vmw_bo_cpu_blit_line(): d->dst_addr, then d->src_addr on top):
 * its caller, which maps neither, must release the one on top first.
 */
struct blit { void *dst_addr; void *src_addr; struct page **dp, **sp; int di, si; };

static int blit_line(struct blit *d, int n)
{
	while (n--) {
		if (d->dst_addr) {
			kunmap_atomic(d->src_addr);
			kunmap_atomic(d->dst_addr);
		}
		d->dst_addr = kmap_atomic(d->dp[d->di++]);
		d->src_addr = kmap_atomic(d->sp[d->si++]);
		copy(d);
	}
	return 0;
}

int blit_ok(struct blit *d, int lines)
{
	int i, ret = 0;

	for (i = 0; i < lines; i++) {
		ret = blit_line(d, 4);
		if (ret)
			break;
	}
	if (d->src_addr)
		kunmap_atomic(d->src_addr);
	if (d->dst_addr)
		kunmap_atomic(d->dst_addr);
	return ret;
}

int blit_bad(struct blit *d, int lines)
{
	int i, ret = 0;

	for (i = 0; i < lines; i++) {
		ret = blit_line(d, 4);
		if (ret)
			break;
	}
	if (d->dst_addr)
		kunmap_atomic(d->dst_addr);
	if (d->src_addr)
		kunmap_atomic(d->src_addr);
	return ret;
}
