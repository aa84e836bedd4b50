/* Wrappers two levels deep, and a caller that nests them wrongly. */
static void *map_thing(struct page *page)
{
	return kmap_local_page(page);
}

static void *map_thing_at(struct page *page, size_t off)
{
	char *p = map_thing(page);

	return p + off;
}

static void unmap_thing(void *addr)
{
	kunmap_local(addr);
}

void copy_things(struct page *a, struct page *b)
{
	char *x, *y;

	x = map_thing_at(a, 16);
	y = map_thing(b);
	memcpy(y, x, 16);
	unmap_thing(x);
	unmap_thing(y);
}

/*
 * Returns a copy of what it read, the page left mapped for its caller
 * through *held: the copy is no mapping, so no map wrapper.
 */
static void *copy_out(struct page *page, void **held)
{
	char *p = kmap_local_page(page);
	char *buf = kmalloc(16, GFP_KERNEL);

	memcpy(buf, p, 16);
	*held = p;
	return buf;
}

/* Returns the mapping only when it failed, else a copy: no map wrapper. */
static void *read_hdr(struct page *page, void **held)
{
	void *p = kmap_local_page(page);

	if (IS_ERR(p))
		return p;
	*held = p;
	return kzalloc(8, GFP_KERNEL);
}

/* Helpers of several arguments: the page, and what it belongs to. */
static void *bo_kmap(struct dev *dev, struct bo *bo, unsigned long off)
{
	return kmap_local_page(bo->pages[off >> PAGE_SHIFT]);
}

static void bo_kunmap(struct dev *dev, struct bo *bo, void *addr)
{
	kunmap_local(addr);
}

/*
 * Maps and releases a page itself, the device given alongside (qxl
 * apply_reloc()): it releases nothing of its caller.
 */
void patch_reloc(struct dev *dev, struct reloc *r)
{
	void *page = bo_kmap(dev, r->bo, r->off);

	*(u32 *)(page + (r->off & ~PAGE_MASK)) = r->val;
	bo_kunmap(dev, r->bo, page);
}
