/*
 * Two walks mapped and released in one function through the helpers of
 * the file that handle one field of the walk they are given (the gcm
 * walks of arch/s390/crypto/aes_s390.c): gw_map(&in) maps in.ptr,
 * gw_unmap(&in) releases it.
 */
struct gw {
	void *ptr;
	struct page *page;
};

static void gw_map(struct gw *gw)
{
	gw->ptr = kmap_local_page(gw->page);
}

static void gw_unmap(struct gw *gw)
{
	kunmap_local(gw->ptr);
	gw->ptr = NULL;
}

/* Both mapped through the helper: the function names no mapping call. */
int both_helpers(struct page *a, struct page *b)
{
	struct gw in = { .page = a }, out = { .page = b };

	gw_map(&in);
	gw_map(&out);
	kunmap_local(in.ptr);
	kunmap_local(out.ptr);
	return 0;
}

/* Released through the helper, in the order they were mapped. */
int helper_releases(struct page *a, struct page *b)
{
	struct gw in = { .page = a }, out = { .page = b };

	in.ptr = kmap_local_page(a);
	gw_map(&out);
	gw_unmap(&in);
	gw_unmap(&out);
	return 0;
}

/* Mapped and released through the helpers, in reverse: silent. */
int helpers_in_order(struct page *a, struct page *b)
{
	struct gw in = { .page = a }, out = { .page = b };

	gw_map(&in);
	gw_map(&out);
	gw_unmap(&out);
	gw_unmap(&in);
	return 0;
}

/* in released through the helper before out is mapped: silent. */
int released_before(struct page *a, struct page *b)
{
	struct gw in = { .page = a }, out = { .page = b };
	void *p;

	p = kmap_local_page(b);
	in.ptr = kmap_local_page(a);
	gw_unmap(&in);
	kunmap_local(p);
	gw_map(&out);
	gw_unmap(&out);
	return 0;
}

struct gw2 {
	void *a, *b;
	struct page *pa, *pb;
};

static void gw2_unmap_a(struct gw2 *w)
{
	kunmap_local(w->a);
}

static void gw2_unmap_b(struct gw2 *w)
{
	kunmap_local(w->b);
}

/* b, t, a mapped; a, t, b released by their own helpers: silent. */
void two_release_helpers(struct gw2 *in, struct page *p)
{
	void *t;

	in->b = kmap_local_page(in->pb);
	t = kmap_local_page(p);
	in->a = kmap_local_page(in->pa);
	gw2_unmap_a(in);
	kunmap_local(t);
	gw2_unmap_b(in);
}
