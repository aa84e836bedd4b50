// SPDX-License-Identifier: GPL-2.0
/* mm/opftt.c: static functions, reached only through the table. */
#include <linux/opf_iter.h>

static void opf_tt_map_local(struct opf_iter *it, struct opf_map *m, unsigned long i)
{
	m->vaddr = kmap_local_page(it->pages[i]);
}

static void opf_tt_unmap_local(struct opf_iter *it, struct opf_map *m)
{
	kunmap_local(m->vaddr);
}

static const struct opf_iter_ops opf_tt_ops = {
	.map_local = opf_tt_map_local,
	.unmap_local = opf_tt_unmap_local,
};

/* The same, for the tables of other files (opf-table.c). */
void opf_pub_map(struct opf_iter *it, struct opf_map *m, unsigned long i)
{
	m->vaddr = kmap_local_page(it->pages[i]);
}

void opf_pub_unmap(struct opf_iter *it, struct opf_map *m)
{
	kunmap_local(m->vaddr);
}
