/* SPDX-License-Identifier: GPL-2.0 */
/* include/linux/os_map.h: a table of functions that fill a map through
 * a setter of the header (iosys_map_set_vaddr() of TTM's iterators). */
struct os_map { void *vaddr; bool is_iomem; };
struct os_iter;
struct os_iter_ops {
	void (*map_local)(struct os_iter *it, struct os_map *m, unsigned long i);
	void (*unmap_local)(struct os_iter *it, struct os_map *m);
};
struct os_iter { const struct os_iter_ops *ops; struct page **pages; };

static inline void os_map_set_vaddr(struct os_map *m, void *vaddr)
{
	m->vaddr = vaddr;
	m->is_iomem = false;
}
