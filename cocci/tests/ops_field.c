/*
 * Members of an operations table that map a field of the structure they
 * are given, and release it (the kmap iterators of TTM,
 * ttm_move_memcpy()): a call through the member maps as the function
 * set to it.
 */
struct map { void *vaddr; };
struct it;
struct it_ops {
	void (*map_local)(struct it *it, struct map *m, pgoff_t i);
	void (*unmap_local)(struct it *it, struct map *m);
};
struct it { const struct it_ops *ops; struct page **pages; };

static void it_map_local(struct it *it, struct map *m, pgoff_t i)
{
	m->vaddr = kmap_local_page(it->pages[i]);
}

static void it_unmap_local(struct it *it, struct map *m)
{
	kunmap_local(m->vaddr);
}

static const struct it_ops it_ops = {
	.map_local = it_map_local,
	.unmap_local = it_unmap_local,
};

/* dm mapped first, released first: wrong. */
void copy_pages(struct it *dst, struct it *src, pgoff_t n)
{
	const struct it_ops *d = dst->ops, *s = src->ops;
	struct map dm, sm;
	pgoff_t i;

	for (i = 0; i < n; i++) {
		d->map_local(dst, &dm, i);
		s->map_local(src, &sm, i);
		memcpy(dm.vaddr, sm.vaddr, PAGE_SIZE);
		d->unmap_local(dst, &dm);
		s->unmap_local(src, &sm);
	}
}

/* Released in reverse: silent. */
void copy_pages_ok(struct it *dst, struct it *src, pgoff_t n)
{
	const struct it_ops *d = dst->ops, *s = src->ops;
	struct map dm, sm;
	pgoff_t i;

	for (i = 0; i < n; i++) {
		d->map_local(dst, &dm, i);
		s->map_local(src, &sm, i);
		memcpy(dm.vaddr, sm.vaddr, PAGE_SIZE);
		s->unmap_local(src, &sm);
		d->unmap_local(dst, &dm);
	}
}

/* Through the table itself, not a local pointer to it: wrong. */
void copy_pages_table(struct it *dst, struct it *src)
{
	struct map dm, sm;

	dst->ops->map_local(dst, &dm, 0);
	src->ops->map_local(src, &sm, 0);
	memcpy(dm.vaddr, sm.vaddr, PAGE_SIZE);
	dst->ops->unmap_local(dst, &dm);
	src->ops->unmap_local(src, &sm);
}

/* Members of the same names in another structure: silent. */
struct cam;
struct cam_ops {
	void (*map_local)(struct cam *c, struct map *m, pgoff_t i);
	void (*unmap_local)(struct cam *c, struct map *m);
};
struct cam { const struct cam_ops *ops; };

void cam_copy(struct cam *a, struct cam *b)
{
	struct map x, y;

	a->ops->map_local(a, &x, 0);
	b->ops->map_local(b, &y, 0);
	memcpy(x.vaddr, y.vaddr, PAGE_SIZE);
	a->ops->unmap_local(a, &x);
	b->ops->unmap_local(b, &y);
}
