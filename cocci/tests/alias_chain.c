/* start_pte = pte = pte_offset_map_lock(): released through the alias. */
void zap_range(struct mm_struct *mm, pmd_t *pmd, unsigned long addr,
	       struct page *page)
{
	pte_t *start_pte, *pte;
	spinlock_t *ptl;
	char *kaddr;

	kaddr = kmap_local_page(page);
	start_pte = pte = pte_offset_map_lock(mm, pmd, addr, &ptl);
	if (!pte) {
		kunmap_local(kaddr);
		return;
	}
	zap_one(kaddr, pte);
	kunmap_local(kaddr);
	pte_unmap_unlock(start_pte, ptl);
}
