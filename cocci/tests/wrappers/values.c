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
