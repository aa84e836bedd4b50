// SPDX-License-Identifier: GPL-2.0
/* drivers/opf2/user.c: a caller of the members of that table. */
#include <linux/opf_iter.h>

void opf2_move_bad(const struct opf2_ops *o, struct opf_iter *a, struct opf_iter *b)
{
	struct opf_map x, y;

	o->get(a, &x, 0);
	o->get(b, &y, 0);
	memcpy(x.vaddr, y.vaddr, 64);
	o->put(a, &x);
	o->put(b, &y);
}
