/*
 * A loop that keeps the mapping of the last round in another handle and
 * releases it after it mapped the next one (fs/erofs/namei.c,
 * erofs_find_target_block() of 6.12: the last candidate block, copied
 * to *target, is released after erofs_bread() mapped the next block).
 */
struct mbuf {
	struct page *page;
	void *base;
};

static void *mbread(struct mbuf *b, struct page *p)
{
	b->page = p;
	b->base = kmap_local_page(p);
	return b->base;
}

static void mbput(struct mbuf *b)
{
	if (b->base)
		kunmap_local(b->base);
	b->base = NULL;
}

/* The older page released while the newer is mapped: wrong. */
void slide(struct page **p, int n)
{
	void *prev = NULL, *x;
	int i;

	for (i = 0; i < n; i++) {
		x = kmap_local_page(p[i]);
		if (prev)
			kunmap_local(prev);
		prev = x;
	}
	if (prev)
		kunmap_local(prev);
}

/* The older page released before the next is mapped: silent. */
void slide_ok(struct page **p, int n)
{
	void *prev = NULL, *x;
	int i;

	for (i = 0; i < n; i++) {
		if (prev)
			kunmap_local(prev);
		x = kmap_local_page(p[i]);
		prev = x;
	}
	if (prev)
		kunmap_local(prev);
}

/* The last candidate kept in *target, released after the next is mapped. */
void *find_block(struct mbuf *target, struct page **pages, int n)
{
	void *cand = NULL;
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};
		char *de = mbread(&buf, pages[i]);

		if (de[0] < 0) {
			mbput(&buf);
			continue;
		}
		if (cand)
			mbput(target);
		*target = buf;
		cand = de;
	}
	return cand;
}

/* The last candidate released before the next block is mapped: silent. */
void *find_block_ok(struct mbuf *target, struct page **pages, int n)
{
	void *cand = NULL;
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};
		char *de;

		if (cand)
			mbput(target);
		de = mbread(&buf, pages[i]);
		*target = buf;
		cand = de;
	}
	return cand;
}

/* The field mapped and released directly: the older candidate released late. */
void *find_direct(struct mbuf *target, struct page **pages, int n)
{
	void *cand = NULL;
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};

		buf.base = kmap_local_page(pages[i]);
		if (cand)
			kunmap_local(target->base);
		*target = buf;
		cand = buf.base;
	}
	return cand;
}

/* The same, the older candidate released before the next mapping: silent. */
void *find_direct_ok(struct mbuf *target, struct page **pages, int n)
{
	void *cand = NULL;
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};

		if (cand)
			kunmap_local(target->base);
		buf.base = kmap_local_page(pages[i]);
		*target = buf;
		cand = buf.base;
	}
	return cand;
}

/* The kept candidate released where the next block failed to map: silent. */
void *find_block_fail(struct mbuf *target, struct page **pages, int n)
{
	void *cand = NULL;
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};
		char *de = mbread(&buf, pages[i]);

		if (IS_ERR(de)) {
			if (cand)
				mbput(target);
			return de;
		}
		if (cand) {
			mbput(&buf);
			break;
		}
		*target = buf;
		cand = de;
	}
	return cand;
}

/* The previous page released where the next failed to map: silent. */
void slide_fail(struct page **p, int n)
{
	void *prev = NULL, *x;
	int i;

	for (i = 0; i < n; i++) {
		x = kmap_local_page(p[i]);
		if (!x) {
			if (prev)
				kunmap_local(prev);
			return;
		}
		prev = x;
	}
	if (prev)
		kunmap_local(prev);
}
