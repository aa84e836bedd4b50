// SPDX-License-Identifier: GPL-2.0
/* drivers/opf/user.c: copies through the table's members. */
#include <linux/opf_iter.h>

void opf_move_bad(struct opf_iter *dst, struct opf_iter *src)
{
	const struct opf_iter_ops *d = dst->ops, *s = src->ops;
	struct opf_map dm, sm;

	d->map_local(dst, &dm, 0);
	s->map_local(src, &sm, 0);
	memcpy(dm.vaddr, sm.vaddr, 64);
	d->unmap_local(dst, &dm);
	s->unmap_local(src, &sm);
}

void opf_move_ok(struct opf_iter *dst, struct opf_iter *src)
{
	const struct opf_iter_ops *d = dst->ops, *s = src->ops;
	struct opf_map dm, sm;

	d->map_local(dst, &dm, 0);
	s->map_local(src, &sm, 0);
	memcpy(dm.vaddr, sm.vaddr, 64);
	s->unmap_local(src, &sm);
	d->unmap_local(dst, &dm);
}
