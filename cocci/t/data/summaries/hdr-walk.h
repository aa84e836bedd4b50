/* SPDX-License-Identifier: GPL-2.0 */
/*
 * include/linux/hwalk.h of the summaries test: a walk whose release is a
 * static inline function of a header (include/crypto/scatterwalk.h
 * scatterwalk_done_src()): every file that includes it calls it.
 */
#include <linux/highmem.h>

struct hwalk {
	struct page *page;
	void *addr;
};

static inline void hwalk_done(struct hwalk *w)
{
	kunmap_local(w->addr);
}
