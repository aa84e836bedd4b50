// SPDX-License-Identifier: GPL-2.0
/*
 * drivers/zz/direct.c of the summaries test: callers of the members of
 * the operations table themselves, not of its dispatchers.
 */
int zd_direct_bad(struct zpool_driver *driver, void *pool, unsigned long handle,
		struct page *page)
{
	void *src, *dst;

	src = driver->map(pool, handle, 0);
	dst = kmap_local_page(page);
	memcpy(dst, src, 64);
	driver->unmap(pool, handle);
	kunmap_local(dst);
	return 0;
}

int zd_direct_ok(struct zpool_driver *driver, void *pool, unsigned long handle,
	       struct page *page)
{
	void *src, *dst;

	src = driver->map(pool, handle, 0);
	dst = kmap_local_page(page);
	memcpy(dst, src, 64);
	kunmap_local(dst);
	driver->unmap(pool, handle);
	return 0;
}

/* Two handles of the pool: the release by key names the other one. */
int zd_two_ok(struct zpool_driver *driver, void *pool, unsigned long h1,
	      unsigned long h2, struct page *page)
{
	void *src, *dst;

	src = driver->map(pool, h1, 0);
	dst = kmap_local_page(page);
	driver->unmap(pool, h2);
	kunmap_local(dst);
	driver->unmap(pool, h1);
	return 0;
}

/* A structure of another type with members of the same names. */
int zd_other_ok(struct iommu_like_ops *ops, void *dom, unsigned long iova,
		struct page *page)
{
	void *src, *dst;

	src = ops->map(dom, iova, 0);
	dst = kmap_local_page(page);
	ops->unmap(dom, iova);
	kunmap_local(dst);
	return 0;
}
