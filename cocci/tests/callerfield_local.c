/*
 * A helper that releases what its caller's structure holds mapped from
 * the call before, after it mapped the next page: xen-blkfront's
 * blkif_setup_rw_req_grant() is given &setup, a structure of the
 * caller, through gnttab_foreach_grant_in_range() as void *data.  The
 * older mapping must be released before the newer one is made.
 */
struct setup { void *segments; };

static void next_seg_bad(struct page *pg, void *data)
{
	struct setup *setup = data;
	void *segments = kmap_atomic(pg);

	if (setup->segments)
		kunmap_atomic(setup->segments);
	setup->segments = segments;
}

static void next_seg_ok(struct page *pg, void *data)
{
	struct setup *setup = data;

	if (setup->segments)
		kunmap_atomic(setup->segments);
	setup->segments = kmap_atomic(pg);
}

void queue_bad(struct page *pg)
{
	struct setup s = { NULL };

	next_seg_bad(pg, &s);
	next_seg_bad(pg, &s);
	if (s.segments)
		kunmap_atomic(s.segments);
}

void queue_ok(struct page *pg)
{
	struct setup s = { NULL };

	next_seg_ok(pg, &s);
	next_seg_ok(pg, &s);
	if (s.segments)
		kunmap_atomic(s.segments);
}
