// The candidate kept from an earlier round (*target = buf) is released
// after the block that runs where this round's mapping succeeded, and
// that block always leaves: the release runs where the mapping failed
// (erofs' erofs_find_target_block()), or after a jump that released it.
struct mbuf {
	void *base;
	struct page *page;
};

static void *mbuf_map(struct mbuf *b, struct page *p)
{
	if (!p)
		return ERR_PTR(-EIO);
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

void *find_ok(struct mbuf *target, struct page **pages, int n)
{
	void *candidate = ERR_PTR(-ENOENT);
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};
		void *de = mbuf_map(&buf, pages[i]);

		if (!IS_ERR(de)) {
			if (corrupted(de)) {
				mbuf_put(&buf);
				de = ERR_PTR(-EFSCORRUPTED);
				goto out;
			}
			if (too_far(de)) {
				mbuf_put(&buf);
				continue;
			}
			if (!IS_ERR(candidate)) {
				mbuf_unmap(&buf);
				mbuf_put(target);
				de = mbuf_map(&buf, pages[i]);
			}
			*target = buf;
			candidate = de;
			continue;
		}
out:
		if (!IS_ERR(candidate))
			mbuf_put(target);
		return de;
	}
	return candidate;
}

void *find_jump_held(struct mbuf *target, struct page **pages, int n)
{
	void *candidate = ERR_PTR(-ENOENT);
	int i;

	for (i = 0; i < n; i++) {
		struct mbuf buf = {};
		void *de = mbuf_map(&buf, pages[i]);

		if (!IS_ERR(de)) {
			if (corrupted(de)) {
				de = ERR_PTR(-EFSCORRUPTED);
				goto out;
			}
			if (too_far(de)) {
				mbuf_put(&buf);
				continue;
			}
			if (!IS_ERR(candidate)) {
				mbuf_unmap(&buf);
				mbuf_put(target);
				de = mbuf_map(&buf, pages[i]);
			}
			*target = buf;
			candidate = de;
			continue;
		}
out:
		if (!IS_ERR(candidate))
			mbuf_put(target);
		return de;
	}
	return candidate;
}

/* A break out of the success block reaches the release after the loop
 * with this round's block still mapped. */
void *find_break(struct mbuf *target, struct page **pages, int n)
{
	void *candidate = ERR_PTR(-ENOENT);
	struct mbuf buf = {};
	void *de;
	int i;

	for (i = 0; i < n; i++) {
		de = mbuf_map(&buf, pages[i]);

		if (!IS_ERR(de)) {
			if (!IS_ERR(candidate) && stop(de))
				break;
			*target = buf;
			candidate = de;
			continue;
		}
	}
	if (!IS_ERR(candidate))
		mbuf_put(target);
	return de;
}
