// A loop keeps the candidate block of the last round in *target (a copy
// of the structure a helper maps a field of) and releases it after it
// mapped the next block (erofs' erofs_find_target_block()).  Released
// after the block of this round, by another helper or directly, the
// order holds.
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

void *find_wrong(struct mbuf *target, struct page **pages, int n)
{
	void *candidate = NULL;
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};
		void *de = mbuf_map(&buf, pages[i]);

		if (too_far(de)) {
			mbuf_put(&buf);
			continue;
		}
		if (candidate)
			mbuf_put(target);
		*target = buf;
		candidate = de;
	}
	return candidate;
}

void *find_unmap_first(struct mbuf *target, struct page **pages, int n)
{
	void *candidate = NULL;
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};
		void *de = mbuf_map(&buf, pages[i]);

		if (too_far(de)) {
			mbuf_put(&buf);
			continue;
		}
		if (candidate) {
			mbuf_unmap(&buf);
			mbuf_put(target);
			de = mbuf_map(&buf, pages[i]);
		}
		*target = buf;
		candidate = de;
	}
	return candidate;
}

void *find_kunmap_first(struct mbuf *target, struct page **pages, int n)
{
	void *candidate = NULL;
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};
		void *de = mbuf_map(&buf, pages[i]);

		if (too_far(de)) {
			mbuf_put(&buf);
			continue;
		}
		if (candidate) {
			kunmap_local(buf.base);
			mbuf_put(target);
			de = mbuf_map(&buf, pages[i]);
		}
		*target = buf;
		candidate = de;
	}
	return candidate;
}
