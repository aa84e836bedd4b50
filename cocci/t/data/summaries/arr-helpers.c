// SPDX-License-Identifier: GPL-2.0
/* lib/arr.c: helpers that map an array of their argument in a loop, or
 * release it (btrfs raid56 maps rbio's pointers for its callers). */
#include <linux/arr.h>

void arr_map_all(struct arr_ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		c->ptrs[i] = kmap_local_page(c->pages[i]);
}

void arr_unmap_up(struct arr_ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		kunmap_local(c->ptrs[i]);
}

void arr_unmap_down(struct arr_ctx *c)
{
	int i;

	for (i = c->n - 1; i >= 0; i--)
		kunmap_local(c->ptrs[i]);
}
