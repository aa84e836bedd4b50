// SPDX-License-Identifier: GPL-2.0
/*
 * An operations table whose members map a field of the structure they
 * are given, and release it (the kmap iterators of TTM): static
 * functions, reached from other files only through the table.
 */
struct it_map { void *vaddr; };
struct it;
struct it_ops {
	void (*map_local)(struct it *it, struct it_map *m, pgoff_t i);
	void (*unmap_local)(struct it *it, struct it_map *m);
};
struct it { const struct it_ops *ops; struct page **pages; };

static void it_map_local(struct it *it, struct it_map *m, pgoff_t i)
{
	m->vaddr = kmap_local_page(it->pages[i]);
}

static void it_unmap_local(struct it *it, struct it_map *m)
{
	kunmap_local(m->vaddr);
}

const struct it_ops it_pages_ops = {
	.map_local = it_map_local,
	.unmap_local = it_unmap_local,
};
