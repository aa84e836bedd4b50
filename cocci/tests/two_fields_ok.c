/*
 * Callers of helpers that may leave one of two fields mapped: silent.
 * map_err() fails before it maps the second field, and its caller
 * releases the first on that error path; map_flag() maps the second
 * only when told to.
 */
struct blit { void *dst; void *src; struct page *dp; struct page *sp; };

static int map_err(struct blit *d)
{
	d->dst = kmap_local_page(d->dp);
	if (!d->sp)
		return -EINVAL;
	d->src = kmap_local_page(d->sp);
	return 0;
}

int copy_err(struct page *dp, struct page *sp)
{
	struct blit d = { .dp = dp, .sp = sp };
	int ret;

	ret = map_err(&d);
	if (ret) {
		kunmap_local(d.dst);
		return ret;
	}
	memcpy(d.dst, d.src, 4096);
	kunmap_local(d.src);
	kunmap_local(d.dst);
	return 0;
}


static void map_flag(struct blit *d, bool both)
{
	d->dst = kmap_local_page(d->dp);
	if (both)
		d->src = kmap_local_page(d->sp);
}

void clear_flag(struct page *dp)
{
	struct blit d = { .dp = dp };

	map_flag(&d, false);
	memset(d.dst, 0, 4096);
	kunmap_local(d.dst);
}

void copy_flag(struct page *dp, struct page *sp)
{
	struct blit d = { .dp = dp, .sp = sp };

	map_flag(&d, true);
	memcpy(d.dst, d.src, 4096);
	kunmap_local(d.src);
	kunmap_local(d.dst);
}
