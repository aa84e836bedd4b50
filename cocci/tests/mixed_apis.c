/* A PTE mapping and a page mapping share the stack. */
int copy_pte_page(struct mm_struct *mm, pmd_t *pmd, unsigned long addr,
		  struct page *page)
{
	spinlock_t *ptl;
	pte_t *pte;
	char *kaddr;

	pte = pte_offset_map_lock(mm, pmd, addr, &ptl);
	if (!pte)
		return -EAGAIN;
	kaddr = kmap_atomic(page);
	memcpy(kaddr, pte, sizeof(*pte));
	pte_unmap_unlock(pte, ptl);
	kunmap_atomic(kaddr);
	return 0;
}
