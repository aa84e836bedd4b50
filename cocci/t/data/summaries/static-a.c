// SPDX-License-Identifier: GPL-2.0
/*
 * drivers/y/a.c: a static function that releases a field of its
 * argument.  It is no helper of any other file, even one that defines a
 * static function of the same name (drivers/y/b.c): spatch reads both
 * in one run, and this file, the larger, first.
 */
#include <linux/highmem.h>

struct holder {
	void *v;
	struct page *page;
};

static void put_it(struct holder *x)
{
	kunmap_local(x->v);
}

void hold(struct holder *x)
{
	x->v = kmap_local_page(x->page);
	put_it(x);
}
