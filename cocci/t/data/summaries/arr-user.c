// SPDX-License-Identifier: GPL-2.0
/* drivers/arr/user.c: the helpers' callers. */
#include <linux/arr.h>

void arr_xor_bad(struct arr_ctx *c)
{
	arr_map_all(c);
	xor_blocks(c->n, c->ptrs);
	arr_unmap_up(c);
}

void arr_xor_ok(struct arr_ctx *c)
{
	arr_map_all(c);
	xor_blocks(c->n, c->ptrs);
	arr_unmap_down(c);
}

void arr_own_bad(struct arr_ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		c->ptrs[i] = kmap_local_page(c->pages[i]);
	xor_blocks(c->n, c->ptrs);
	arr_unmap_up(c);
}

void arr_own_ok(struct arr_ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		c->ptrs[i] = kmap_local_page(c->pages[i]);
	xor_blocks(c->n, c->ptrs);
	arr_unmap_down(c);
}

void arr_theirs_bad(struct arr_ctx *c)
{
	int i;

	arr_map_all(c);
	xor_blocks(c->n, c->ptrs);
	for (i = 0; i < c->n; i++)
		kunmap_local(c->ptrs[i]);
}

/* Each element released in the loop that maps it: nothing stacks. */
void arr_each_ok(struct arr_ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		c->ptrs[i] = kmap_local_page(c->pages[i]);
		clear(c->ptrs[i]);
		kunmap_local(c->ptrs[i]);
	}
	arr_unmap_up(c);
}
