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

/*
 * Returns what it reads through the mapping, never the mapping: the page
 * an entry names (pte_page(*ptep)), or a pointer stored in the page.
 */
static struct page *entry_page(pmd_t *pmd, unsigned long addr)
{
	pte_t *ptep = pte_offset_map(pmd, addr);
	struct page *page;

	*held_pte = ptep;
	page = pte_page(*ptep);
	return page;
}

static struct page *entry_page2(pmd_t *pmd, unsigned long addr)
{
	pte_t *ptep;

	ptep = pte_offset_map(pmd, addr);
	return pte_page(*ptep);
}

static void *stored_ptr(struct page *page)
{
	void **slot;

	slot = kmap_local_page(page);
	*held = slot;
	return slot[1];
}

/* An entry inside the table, by its address: a map wrapper. */
static pte_t *entry_at(pmd_t *pmd, unsigned long addr, int i)
{
	pte_t *ptep;

	ptep = pte_offset_map(pmd, addr);
	return &ptep[i];
}
