/* SPDX-License-Identifier: GPL-2.0 */
/* include/linux/arr.h */
struct arr_ctx { void *ptrs[8]; struct page *pages[8]; int n; };
void arr_map_all(struct arr_ctx *c);
void arr_unmap_up(struct arr_ctx *c);
void arr_unmap_down(struct arr_ctx *c);
