// SPDX-License-Identifier: GPL-2.0
/* drivers/z/user.c: callers of mm/kpool.c. */
#include <linux/highmem.h>

/* The object released by its key while the page mapped after it is held. */
int zread_bad(struct kpool *pool, unsigned long handle, struct page *page)
{
	void *src, *dst;

	src = kpool_map(pool, handle);
	dst = kmap_local_page(page);
	memcpy(dst, src, 64);
	kpool_unmap(pool, handle);
	kunmap_local(dst);
	return 0;
}

/* In order: silent. */
int zread_ok(struct kpool *pool, unsigned long handle, struct page *page)
{
	void *src, *dst;

	src = kpool_map(pool, handle);
	dst = kmap_local_page(page);
	memcpy(dst, src, 64);
	kunmap_local(dst);
	kpool_unmap(pool, handle);
	return 0;
}
