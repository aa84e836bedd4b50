// SPDX-License-Identifier: GPL-2.0
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

/*
 * A directory lookup that walks the entries of the page it mapped and
 * returns the one it found through a goto (minix_find_entry()): a map
 * wrapper.  One that releases the page before it returns is not.
 */
struct dirent *walk_find_entry(struct folio *folio, int n, const char *name)
{
	char *kaddr, *p;

	kaddr = kmap_local_folio(folio, 0);
	for (p = kaddr; p < kaddr + n; p += 16) {
		if (!strcmp(p, name))
			goto found;
	}
	kunmap_local(kaddr);
	return NULL;

found:
	return (struct dirent *)p;
}

static int walk_count(struct page *page)
{
	char *kaddr, *p;
	int n = 0;

	kaddr = kmap_local_page(page);
	for (p = kaddr; p < kaddr + 16; p++)
		n += *p;
	kunmap_local(kaddr);
	return n;
}
