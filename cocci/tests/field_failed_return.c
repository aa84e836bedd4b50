// A helper that maps a field of its argument and returns at once where
// the mapping failed (if (!vmf->pte) return ...;) releases it on every
// other path (mm/memory.c's finish_fault()): it leaves nothing mapped,
// and a mapping its caller holds across it keeps its order.
struct fault {
	pte_t *pte;
	pmd_t *pmd;
	spinlock_t *ptl;
};

static int finish(struct fault *vmf, struct mm_struct *mm, unsigned long addr)
{
	vmf->pte = pte_offset_map_lock(mm, vmf->pmd, addr, &vmf->ptl);
	if (!vmf->pte)
		return -EAGAIN;
	set_pte(vmf->pte);
	pte_unmap_unlock(vmf->pte, vmf->ptl);
	return 0;
}

int cow_ok(struct fault *vmf, struct mm_struct *mm, unsigned long addr, struct page *page)
{
	void *vto = kmap_local_page(page);
	int ret;

	clear(vto);
	ret = finish(vmf, mm, addr);
	kunmap_local(vto);
	return ret;
}

/* A helper that does return with the field mapped: its caller's order. */
static int start(struct fault *vmf, struct mm_struct *mm, unsigned long addr)
{
	vmf->pte = pte_offset_map_lock(mm, vmf->pmd, addr, &vmf->ptl);
	if (!vmf->pte)
		return -EAGAIN;
	return 0;
}

int cow_wrong(struct fault *vmf, struct mm_struct *mm, unsigned long addr, struct page *page)
{
	void *vto = kmap_local_page(page);
	int ret;

	ret = start(vmf, mm, addr);
	if (ret)
		goto out;
	clear(vto);
	kunmap_local(vto);
	pte_unmap_unlock(vmf->pte, vmf->ptl);
out:
	return ret;
}
