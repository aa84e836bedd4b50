// SPDX-License-Identifier: GPL-2.0
/* drivers/y/b.c: put_it() here releases nothing. */
#include <linux/highmem.h>

static void put_it(void *p)
{
}

void pair_bad(struct page *a, struct page *b)
{
	void *s, *d;

	s = kmap_local_page(a);
	d = kmap_local_page(b);
	put_it(d);
	kunmap_local(s);
	kunmap_local(d);
}
