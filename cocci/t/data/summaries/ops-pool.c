// SPDX-License-Identifier: GPL-2.0
/*
 * mm/zzpool.c of the summaries test: an allocator behind an operations
 * table, as zsmalloc is behind zpool: zp_map_handle() calls driver->map,
 * set to zz_zpool_map(), which returns zz_map_object()'s mapping.
 */
struct mapping_area { void *vm_addr; };
static DEFINE_PER_CPU(struct mapping_area, zz_map_area);

void *zz_map_object(struct zz_pool *pool, unsigned long handle, int mm)
{
	struct mapping_area *area = this_cpu_ptr(&zz_map_area);

	area->vm_addr = kmap_local_page(zz_page(pool, handle));
	return area->vm_addr;
}

static void *zz_zpool_map(void *pool, unsigned long handle, int mm)
{
	return zz_map_object(pool, handle, mm);
}

void zz_unmap_object(struct zz_pool *pool, unsigned long handle)
{
	struct mapping_area *area = this_cpu_ptr(&zz_map_area);

	kunmap_local(area->vm_addr);
}

static void zz_zpool_unmap(void *pool, unsigned long handle)
{
	zz_unmap_object(pool, handle);
}

static struct zpool_driver zz_zpool_driver = {
	.type =			  "zsmalloc",
	.map =			  zz_zpool_map,
	.unmap =		  zz_zpool_unmap,
};

struct zpool {
	struct zpool_driver *driver;
	void *pool;
};

void *zp_map_handle(struct zpool *zpool, unsigned long handle, int mapmode)
{
	return zpool->driver->map(zpool->pool, handle, mapmode);
}

void zp_unmap_handle(struct zpool *zpool, unsigned long handle)
{
	zpool->driver->unmap(zpool->pool, handle);
}

/* The members called where the structure is defined, releases swapped. */
int zp_member_bad(struct zpool *zpool, unsigned long handle, struct page *page)
{
	void *src = zpool->driver->map(zpool->pool, handle, 0);
	void *dst = kmap_local_page(page);

	memcpy(dst, src, 64);
	zpool->driver->unmap(zpool->pool, handle);
	kunmap_local(dst);
	return 0;
}
