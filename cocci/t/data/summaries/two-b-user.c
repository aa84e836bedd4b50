// SPDX-License-Identifier: GPL-2.0
/* fs/tb/user.c: callers that map neither field. */
#include <linux/tb.h>

void tb_blit_bad(struct page *dp, struct page *sp)
{
	struct tb_blit d = { .dp = dp, .sp = sp };

	tb_map_two(&d);
	memcpy(d.dst, d.src, 4096);
	kunmap_local(d.dst);
	kunmap_local(d.src);
}

void tb_blit_ok(struct page *dp, struct page *sp)
{
	struct tb_blit d = { .dp = dp, .sp = sp };

	tb_map_two(&d);
	memcpy(d.dst, d.src, 4096);
	kunmap_local(d.src);
	kunmap_local(d.dst);
}
