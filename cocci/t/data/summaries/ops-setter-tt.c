// SPDX-License-Identifier: GPL-2.0
/* mm/ostt.c: the table's functions map through the setter. */
#include <linux/os_map.h>

static void os_tt_map_local(struct os_iter *it, struct os_map *m, unsigned long i)
{
	os_map_set_vaddr(m, kmap_local_page(it->pages[i]));
}

static void os_tt_unmap_local(struct os_iter *it, struct os_map *m)
{
	kunmap_local(m->vaddr);
}

static const struct os_iter_ops os_tt_ops = {
	.map_local = os_tt_map_local,
	.unmap_local = os_tt_unmap_local,
};
