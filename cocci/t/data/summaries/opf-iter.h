/* SPDX-License-Identifier: GPL-2.0 */
/* include/linux/opf_iter.h: an iterator whose table maps a field. */
struct opf_map { void *vaddr; };
struct opf_iter;
struct opf_iter_ops {
	void (*map_local)(struct opf_iter *it, struct opf_map *m, unsigned long i);
	void (*unmap_local)(struct opf_iter *it, struct opf_map *m);
};
struct opf_iter { const struct opf_iter_ops *ops; struct page **pages; };
