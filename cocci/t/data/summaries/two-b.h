/* SPDX-License-Identifier: GPL-2.0 */
/* include/linux/tb.h */
struct tb_blit { void *dst; void *src; struct page *dp; struct page *sp; };
void tb_map_two(struct tb_blit *d);
