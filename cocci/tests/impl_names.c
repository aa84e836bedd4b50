/*
 * The implementations behind the public names nest too: __pte_offset_map()
 * and kmap_local_page(), one released through __kunmap_local().
 */
void copy_impl(pmd_t *pmd, unsigned long addr, struct page *page)
{
	pte_t *pte;
	char *kaddr;

	pte = __pte_offset_map(pmd, addr, NULL);
	if (!pte)
		return;
	kaddr = kmap_local_page(page);
	memcpy(kaddr, pte, sizeof(*pte));
	pte_unmap(pte);
	__kunmap_local(kaddr);
}
