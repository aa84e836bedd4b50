// SPDX-License-Identifier: GPL-2.0
/* fs/tb/helper.c: leaves ->dst, then ->src mapped (vmw_bo_cpu_blit_line()). */
#include <linux/tb.h>

void tb_map_two(struct tb_blit *d)
{
	d->dst = kmap_local_page(d->dp);
	d->src = kmap_local_page(d->sp);
}
