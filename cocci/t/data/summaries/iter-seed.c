// SPDX-License-Identifier: GPL-2.0
/*
 * lib/scatterlist.c of the summaries test: the iterator itself, as the
 * tree defines it.  Each step releases what the iterator held and maps
 * the next page; the rules know that of every function in
 * cocci/iterators.list, so no summary of it joins the lists (and the
 * files that call it are not read again for one).
 */
#include <linux/highmem.h>

void sg_miter_stop(struct sg_mapping_iter *miter)
{
	if (miter->addr) {
		kunmap_local(miter->addr);
		miter->addr = NULL;
	}
}

bool sg_miter_next(struct sg_mapping_iter *miter)
{
	sg_miter_stop(miter);
	if (!sg_miter_get_next_page(miter))
		return false;
	miter->addr = kmap_local_page(miter->page) + miter->__offset;
	return true;
}
