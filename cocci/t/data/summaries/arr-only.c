// SPDX-License-Identifier: GPL-2.0
/* drivers/arr2/only.c: calls of the helpers, no mapping call of its own. */
#include <linux/arr.h>

void only_bad(struct arr_ctx *c)
{
	arr_map_all(c);
	xor_blocks(c->n, c->ptrs);
	arr_unmap_up(c);
}

void only_ok(struct arr_ctx *c)
{
	arr_map_all(c);
	xor_blocks(c->n, c->ptrs);
	arr_unmap_down(c);
}
