/* pte_unmap(pte - 1) after the loop advanced the pointer. */
void scan_ptes(pmd_t *pmd, unsigned long addr, unsigned long end,
	       struct page *page)
{
	char *buf;
	pte_t *pte;

	buf = kmap_local_page(page);
	pte = pte_offset_map(pmd, addr);
	if (!pte) {
		kunmap_local(buf);
		return;
	}
	do {
		record_pte(buf, ptep_get(pte));
	} while (pte++, addr += PAGE_SIZE, addr != end);
	kunmap_local(buf);
	pte_unmap(pte - 1);
}
