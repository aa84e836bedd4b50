/*
 * zs_map_object() keeps the address of its mapping in a per-CPU area and
 * zs_unmap_object(pool, handle) releases it by its key: the mapping that
 * a call with the same pool and handle made.  zram's read path with its
 * two releases swapped (the object released while the page mapped after
 * it is held) breaks the order; kept in order, or released with another
 * handle's key, it is silent.
 */
static int read_bad(struct zram *zram, struct page *page, unsigned long handle)
{
	void *src, *dst;

	src = zs_map_object(zram->mem_pool, handle, ZS_MM_RO);
	dst = kmap_local_page(page);
	memcpy(dst, src, PAGE_SIZE);
	zs_unmap_object(zram->mem_pool, handle);
	kunmap_local(dst);
	return 0;
}

static int read_ok(struct zram *zram, struct page *page, unsigned long handle)
{
	void *src, *dst;

	src = zs_map_object(zram->mem_pool, handle, ZS_MM_RO);
	dst = kmap_local_page(page);
	memcpy(dst, src, PAGE_SIZE);
	kunmap_local(dst);
	zs_unmap_object(zram->mem_pool, handle);
	return 0;
}

/* Two objects of one pool: only the handle tells their releases apart. */
static void copy_objs(struct zs_pool *pool, unsigned long h1, unsigned long h2)
{
	void *a, *b;

	a = zs_map_object(pool, h1, ZS_MM_RO);
	b = zs_map_object(pool, h2, ZS_MM_WO);
	memcpy(b, a, 64);
	zs_unmap_object(pool, h1);
	zs_unmap_object(pool, h2);
}

static void copy_objs_ok(struct zs_pool *pool, unsigned long h1, unsigned long h2)
{
	void *a, *b;

	a = zs_map_object(pool, h1, ZS_MM_RO);
	b = zs_map_object(pool, h2, ZS_MM_WO);
	memcpy(b, a, 64);
	zs_unmap_object(pool, h2);
	zs_unmap_object(pool, h1);
}

/*
 * The key copied into a local first (zswap_decompress() with "unsigned
 * long handle = entry->handle"): the copy releases what the mapping
 * given the original made, and the other way round.
 */
static void read_copy_bad(struct zpool *zpool, struct zswap_entry *entry, struct folio *folio)
{
	unsigned long handle = entry->handle;
	u8 *src, *dst;

	src = zpool_map_handle(zpool, entry->handle, ZPOOL_MM_RO);
	dst = kmap_local_folio(folio, 0);
	memcpy(dst, src, PAGE_SIZE);
	zpool_unmap_handle(zpool, handle);
	kunmap_local(dst);
}

static void read_copy_back_bad(struct zpool *zpool, struct zswap_entry *entry, struct folio *folio)
{
	unsigned long handle = entry->handle;
	u8 *src, *dst;

	src = zpool_map_handle(zpool, handle, ZPOOL_MM_RO);
	dst = kmap_local_folio(folio, 0);
	memcpy(dst, src, PAGE_SIZE);
	zpool_unmap_handle(zpool, entry->handle);
	kunmap_local(dst);
}

/* A local set twice is no copy of the key: another object may go. */
static void read_other_ok(struct zpool *zpool, struct zswap_entry *entry, struct folio *folio)
{
	unsigned long handle = entry->handle;
	u8 *src, *dst;

	handle = entry->next;
	src = zpool_map_handle(zpool, entry->handle, ZPOOL_MM_RO);
	dst = kmap_local_folio(folio, 0);
	memcpy(dst, src, PAGE_SIZE);
	zpool_unmap_handle(zpool, handle);
	kunmap_local(dst);
	zpool_unmap_handle(zpool, entry->handle);
}
