/* SPDX-License-Identifier: GPL-2.0 */
/* include/linux/tw.h */
struct tw_dctx { void *kin; void *kout; struct page **in; struct page **out; int no; int ni; };
int tw_switch(struct tw_dctx *d, int more_out, int more_in);
