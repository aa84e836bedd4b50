/*
 * A mapping handed to a setter that stores it in a field (TTM's kmap
 * iterators: iosys_map_set_vaddr(dmap, kmap_local_page_prot(...))), and
 * releases through members guarded by the member being there
 * (ttm_move_memcpy(): if (ops->unmap_local) ops->unmap_local(...)).
 */
struct smap { void *vaddr; bool is_iomem; };
struct sit;
struct sit_ops {
	void (*map_local)(struct sit *it, struct smap *m, pgoff_t i);
	void (*unmap_local)(struct sit *it, struct smap *m);
};
struct sit { const struct sit_ops *ops; struct page **pages; };

static inline void smap_set_vaddr(struct smap *map, void *vaddr)
{
	map->vaddr = vaddr;
	map->is_iomem = false;
}

static void sit_map_local(struct sit *it, struct smap *m, pgoff_t i)
{
	smap_set_vaddr(m, kmap_local_page(it->pages[i]));
}

/* The mapping in a local first, then to the setter. */
static void sit_map_local_via(struct sit *it, struct smap *m, pgoff_t i)
{
	void *addr = kmap_local_page(it->pages[i]);

	smap_set_vaddr(m, addr);
}

static void sit_unmap_local(struct sit *it, struct smap *m)
{
	kunmap_local(m->vaddr);
}

static const struct sit_ops sit_ops = {
	.map_local = sit_map_local,
	.unmap_local = sit_unmap_local,
};

static const struct sit_ops sit_via_ops = {
	.map_local = sit_map_local_via,
	.unmap_local = sit_unmap_local,
};

/* dm mapped first, released first: wrong. */
void sit_copy(struct sit *dst, struct sit *src, pgoff_t n)
{
	const struct sit_ops *d = dst->ops, *s = src->ops;
	struct smap dm, sm;
	pgoff_t i;

	for (i = 0; i < n; i++) {
		d->map_local(dst, &dm, i);
		s->map_local(src, &sm, i);
		memcpy(dm.vaddr, sm.vaddr, PAGE_SIZE);
		if (d->unmap_local)
			d->unmap_local(dst, &dm);
		if (s->unmap_local)
			s->unmap_local(src, &sm);
	}
}

/* Released in reverse, each if its member is there: silent, decided. */
void sit_copy_ok(struct sit *dst, struct sit *src, pgoff_t n)
{
	const struct sit_ops *d = dst->ops, *s = src->ops;
	struct smap dm, sm;
	pgoff_t i;

	for (i = 0; i < n; i++) {
		d->map_local(dst, &dm, i);
		s->map_local(src, &sm, i);
		memcpy(dm.vaddr, sm.vaddr, PAGE_SIZE);
		if (s->unmap_local)
			s->unmap_local(src, &sm);
		if (d->unmap_local)
			d->unmap_local(dst, &dm);
	}
}
