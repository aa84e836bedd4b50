// SPDX-License-Identifier: GPL-2.0
/* drivers/zz/user.c: a caller of the table's dispatchers, releases swapped. */
int zswap_bad(struct zpool *zpool, unsigned long handle, struct page *page)
{
	void *src, *dst;

	src = zp_map_handle(zpool, handle, 0);
	dst = kmap_local_page(page);
	memcpy(dst, src, 64);
	zp_unmap_handle(zpool, handle);
	kunmap_local(dst);
	return 0;
}
