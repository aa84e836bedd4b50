/* The PTE pointer lives in a struct field. */
void fault_copy(struct vm_fault *vmf, struct page *page)
{
	void *kaddr;

	vmf->pte = pte_offset_map(vmf->pmd, vmf->address);
	kaddr = kmap_local_page(page);
	copy_from_pte(kaddr, vmf->pte);
	pte_unmap(vmf->pte);
	kunmap_local(kaddr);
}
