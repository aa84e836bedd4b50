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
