// SPDX-License-Identifier: GPL-2.0
/* Copies through the members of the table of ops_impl.c. */
struct it_map { void *vaddr; };
struct it;
struct it_ops {
	void (*map_local)(struct it *it, struct it_map *m, pgoff_t i);
	void (*unmap_local)(struct it *it, struct it_map *m);
};
struct it { const struct it_ops *ops; };

/* dm mapped first, released first: wrong. */
void it_copy(struct it *dst, struct it *src, pgoff_t n)
{
	const struct it_ops *d = dst->ops, *s = src->ops;
	struct it_map dm, sm;
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
void it_copy_ok(struct it *dst, struct it *src, pgoff_t n)
{
	const struct it_ops *d = dst->ops, *s = src->ops;
	struct it_map dm, sm;
	pgoff_t i;

	for (i = 0; i < n; i++) {
		d->map_local(dst, &dm, i);
		s->map_local(src, &sm, i);
		memcpy(dm.vaddr, sm.vaddr, PAGE_SIZE);
		s->unmap_local(src, &sm);
		d->unmap_local(dst, &dm);
	}
}
