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
