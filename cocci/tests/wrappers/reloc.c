/*
 * Helpers of several arguments: the page, and what it belongs to; a
 * function that maps and releases a page through them, the device given
 * alongside (qxl apply_reloc()), releases nothing of its caller.
 */
static void *bo_kmap(struct dev *dev, struct bo *bo, unsigned long off)
{
	return kmap_local_page(bo->pages[off >> PAGE_SHIFT]);
}

static void bo_kunmap(struct dev *dev, struct bo *bo, void *addr)
{
	kunmap_local(addr);
}

void patch_reloc(struct dev *dev, struct reloc *r)
{
	void *page = bo_kmap(dev, r->bo, r->off);

	*(u32 *)(page + (r->off & ~PAGE_MASK)) = r->val;
	bo_kunmap(dev, r->bo, page);
}
