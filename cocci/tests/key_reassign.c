// SPDX-License-Identifier: GPL-2.0
/*
 * A handle mapped by a pool and released by key (mm/zswap.c
 * zswap_decompress(): src = zpool_map_handle(), then src = the buffer it
 * was copied to, then zpool_unmap_handle(zpool, entry->handle)): setting
 * the handle to another value does not end that mapping, a release by
 * key still releases it.  A handle mapped otherwise and set to another
 * value is no longer that mapping.
 */
#include <linux/highmem.h>

void dec_bad(struct zpool *zpool, struct zswap_entry *entry, struct folio *folio, u8 *buffer, bool copy)
{
	u8 *src, *dst;

	src = zpool_map_handle(zpool, entry->handle, ZPOOL_MM_RO);
	dst = kmap_local_folio(folio, 0);
	if (copy) {
		memcpy(buffer, src, entry->length);
		src = buffer;
		zpool_unmap_handle(zpool, entry->handle);
	}
	use(src, dst);
	kunmap_local(dst);
	if (src != buffer)
		zpool_unmap_handle(zpool, entry->handle);
}

void dec_plain_bad(struct zpool *zpool, struct zswap_entry *entry, struct folio *folio, u8 *buffer)
{
	u8 *src, *dst;

	src = zpool_map_handle(zpool, entry->handle, ZPOOL_MM_RO);
	dst = kmap_local_folio(folio, 0);
	memcpy(buffer, src, entry->length);
	zpool_unmap_handle(zpool, entry->handle);
	use(buffer, dst);
	kunmap_local(dst);
}

void dec_ok(struct zpool *zpool, struct zswap_entry *entry, struct folio *folio, u8 *buffer, bool copy)
{
	u8 *src, *dst;

	src = zpool_map_handle(zpool, entry->handle, ZPOOL_MM_RO);
	dst = kmap_local_folio(folio, 0);
	if (copy) {
		memcpy(buffer, src, entry->length);
		src = buffer;
	}
	use(src, dst);
	kunmap_local(dst);
	zpool_unmap_handle(zpool, entry->handle);
}

void plain_reset_ok(struct page *p, struct page *q, u8 *buffer)
{
	u8 *src, *dst;

	src = kmap_local_page(p);
	dst = kmap_local_page(q);
	memcpy(buffer, src, 16);
	src = buffer;
	kunmap_local(src);
	kunmap_local(dst);
}
