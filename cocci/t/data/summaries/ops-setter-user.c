// SPDX-License-Identifier: GPL-2.0
/* drivers/os/move.c: copies through the members (ttm_move_memcpy()). */
#include <linux/os_map.h>

void os_move_bad(struct os_iter *dst, struct os_iter *src)
{
	const struct os_iter_ops *d = dst->ops, *s = src->ops;
	struct os_map dm, sm;

	d->map_local(dst, &dm, 0);
	s->map_local(src, &sm, 0);
	memcpy(dm.vaddr, sm.vaddr, 64);
	d->unmap_local(dst, &dm);
	s->unmap_local(src, &sm);
}

void os_move_ok(struct os_iter *dst, struct os_iter *src)
{
	const struct os_iter_ops *d = dst->ops, *s = src->ops;
	struct os_map dm, sm;

	d->map_local(dst, &dm, 0);
	s->map_local(src, &sm, 0);
	memcpy(dm.vaddr, sm.vaddr, 64);
	s->unmap_local(src, &sm);
	d->unmap_local(dst, &dm);
}
