/*
 * A helper that can leave two fields of its argument mapped leaves the
 * one it maps last on top (erofs z_erofs_stream_switch_bufs() remaps
 * dctx->kin, then dctx->kout): its caller releases that field before
 * what it mapped itself (z_erofs_lzma_decompress() maps dctx.kin, then
 * calls the helper in a loop, then releases dctx.kout, then dctx.kin).
 */
struct dctx { void *kin; void *kout; struct page **in; struct page **out; int no; int ni; };

static int switch_bufs(struct dctx *d, int more_out, int more_in)
{
	if (more_out) {
		if (d->kout)
			kunmap_local(d->kout);
		d->kout = kmap_local_page(d->out[++d->no]);
	}
	if (more_in) {
		if (d->kout)
			kunmap_local(d->kout);
		kunmap_local(d->kin);
		d->kin = kmap_local_page(d->in[++d->ni]);
		if (d->kout)
			d->kout = kmap_local_page(d->out[d->no]);
	}
	return 0;
}

int decompress_ok(struct page **in, struct page **out, int n)
{
	struct dctx dctx = { .in = in, .out = out };
	int err = 0;

	dctx.kin = kmap_local_page(*in);
	while (n--) {
		err = switch_bufs(&dctx, n & 1, n & 2);
		if (err)
			break;
	}
	if (dctx.kout)
		kunmap_local(dctx.kout);
	kunmap_local(dctx.kin);
	return err;
}

int decompress_bad(struct page **in, struct page **out, int n)
{
	struct dctx dctx = { .in = in, .out = out };
	int err = 0;

	dctx.kin = kmap_local_page(*in);
	while (n--) {
		err = switch_bufs(&dctx, n & 1, n & 2);
		if (err)
			break;
	}
	kunmap_local(dctx.kin);
	if (dctx.kout)
		kunmap_local(dctx.kout);
	return err;
}
