/*
 * A field of a parameter released where the function has not mapped it
 * holds its caller's mapping (erofs z_erofs_stream_switch_bufs(): dctx->kin
 * and dctx->kout come mapped, "unlike kmap(), take care of the orders").
 * Released while a mapping the function made is held, it breaks the
 * order.  Only fields the file maps somewhere count.
 */
struct dctx { void *kin; void *kout; struct page **in; struct page **out; int no; int ni; };

/* erofs z_erofs_stream_switch_bufs(): both fields come mapped. */
static int switch_ok(struct dctx *d, int more_out, int more_in)
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

static int switch_bad(struct dctx *d, int more_out, int more_in)
{
	if (more_out) {
		if (d->kout)
			kunmap_local(d->kout);
		d->kout = kmap_local_page(d->out[++d->no]);
	}
	if (more_in) {
		kunmap_local(d->kin);
		if (d->kout)
			kunmap_local(d->kout);
		d->kin = kmap_local_page(d->in[++d->ni]);
		if (d->kout)
			d->kout = kmap_local_page(d->out[d->no]);
	}
	return 0;
}

/* A local mapping held while the caller's is released. */
static int local_bad(struct dctx *d, struct page *pg)
{
	void *x = kmap_local_page(pg);

	memcpy(x, d->kin, PAGE_SIZE);
	kunmap_local(d->kin);
	kunmap_local(x);
	return 0;
}

static int local_ok(struct dctx *d, struct page *pg)
{
	void *x = kmap_local_page(pg);

	memcpy(x, d->kin, PAGE_SIZE);
	kunmap_local(x);
	kunmap_local(d->kin);
	return 0;
}

/* Its own mapping of the field, released in order. */
static int own_ok(struct dctx *d, struct page *pg)
{
	void *x;

	d->kin = kmap_local_page(pg);
	x = kmap_local_page(pg);
	kunmap_local(x);
	kunmap_local(d->kin);
	return 0;
}

/* A field the file never maps: nothing known of it. */
static int unknown_ok(struct dctx *d, struct page *pg)
{
	void *x = kmap_local_page(pg);

	kunmap_local(d->in);
	kunmap_local(x);
	return 0;
}
