// Two structures whose field helpers map and release: the newer one
// released by one helper, then the older by another, keeps the order;
// the older released first, by either, does not.
struct mbuf {
	void *base;
	struct page *page;
};

static void *mbuf_map(struct mbuf *b, struct page *p)
{
	b->page = p;
	b->base = kmap_local_page(p);
	return b->base;
}

static void mbuf_unmap(struct mbuf *b)
{
	kunmap_local(b->base);
	b->base = NULL;
}

static void mbuf_put(struct mbuf *b)
{
	kunmap_local(b->base);
	put_page(b->page);
}

void copy_in_order(struct mbuf *b1, struct mbuf *b2, struct page *p, struct page *q)
{
	void *x, *y;

	x = mbuf_map(b1, p);
	y = mbuf_map(b2, q);
	memcpy(y, x, 16);
	mbuf_unmap(b2);
	mbuf_put(b1);
}

void copy_older_first(struct mbuf *b1, struct mbuf *b2, struct page *p, struct page *q)
{
	void *x, *y;

	x = mbuf_map(b1, p);
	y = mbuf_map(b2, q);
	memcpy(y, x, 16);
	mbuf_put(b1);
	mbuf_unmap(b2);
}
