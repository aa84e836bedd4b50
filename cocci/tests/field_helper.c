/*
 * A helper that leaves a field of the structure it is passed mapped,
 * releasing the one it mapped before (an iterator over the field), called
 * directly or as a callback (as block drivers' grant walks do).
 */
struct req_setup {
	void *data;
	void *segs;
	struct page *page;
};

static void setup_grant(unsigned long gfn, void *arg)
{
	struct req_setup *setup = arg;

	if (setup->segs)
		kunmap_atomic(setup->segs);
	setup->segs = kmap_atomic(setup->page);
}

/* Maps and releases its own field: no helper. */
static void setup_peek(struct req_setup *setup)
{
	setup->data = kmap_atomic(setup->page);
	kunmap_atomic(setup->data);
}

/* data mapped, then segs by the callback: data released first. */
static void queue_req(struct scatterlist *sgl, int n)
{
	struct req_setup setup = {};
	struct scatterlist *sg;
	int i;

	for_each_sg(sgl, sg, n, i) {
		setup.data = kmap_atomic(sg_page(sg));
		foreach_grant(sg_page(sg), setup_grant, &setup);
		kunmap_atomic(setup.data);
	}
	if (setup.segs)
		kunmap_atomic(setup.segs);
}

/* The same through a pointer and a direct call. */
static void queue_one(struct req_setup *s, struct page *page)
{
	s->data = kmap_atomic(page);
	setup_grant(0, s);
	kunmap_atomic(s->data);
	kunmap_atomic(s->segs);
}

/* segs released before data: silent. */
static void queue_one_ok(struct req_setup *s, struct page *page)
{
	s->data = kmap_atomic(page);
	setup_grant(0, s);
	kunmap_atomic(s->segs);
	kunmap_atomic(s->data);
}

/* segs mapped first: silent. */
static void queue_first_ok(struct req_setup *s, struct page *page)
{
	setup_grant(0, s);
	s->data = kmap_atomic(page);
	kunmap_atomic(s->data);
	kunmap_atomic(s->segs);
}

/* A helper that maps and releases its field leaves nothing: silent. */
static void peek_ok(struct req_setup *s, struct page *page)
{
	void *p = kmap_atomic(page);

	setup_peek(s);
	kunmap_atomic(p);
	s->data = kmap_atomic(page);
	kunmap_atomic(s->data);
}

/* The callback named on a line of its own, as drivers lay it out. */
static void queue_wrapped(struct scatterlist *sg)
{
	struct req_setup setup = {};

	setup.data = kmap_atomic(sg_page(sg));
	foreach_grant(sg_page(sg),
		      setup_grant,
		      &setup);
	kunmap_atomic(setup.data);
	kunmap_atomic(setup.segs);
}
