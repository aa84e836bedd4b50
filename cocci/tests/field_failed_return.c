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
/* Maps the field only where it is not mapped yet, and returns with it
 * mapped: the return sits under if (!vmf->pte), but after the mapping. */
static int start_lazy(struct fault *vmf, struct mm_struct *mm, unsigned long addr)
{
	if (!vmf->pte) {
		vmf->pte = pte_offset_map_lock(mm, vmf->pmd, addr, &vmf->ptl);
		if (vmf->pte && ready(vmf->pte))
			return 0;
		if (vmf->pte)
			pte_unmap_unlock(vmf->pte, vmf->ptl);
	}
	return -EAGAIN;
}

int cow_wrong2(struct fault *vmf, struct mm_struct *mm, unsigned long addr, struct page *page)
{
	void *vto = kmap_local_page(page);
	int ret;

	ret = start_lazy(vmf, mm, addr);
	if (ret)
		goto out;
	clear(vto);
	kunmap_local(vto);
	pte_unmap_unlock(vmf->pte, vmf->ptl);
out:
	return ret;
}

/* The same with || in the failure test. */
static int start_or(struct fault *vmf, struct mm_struct *mm, unsigned long addr, int busy)
{
	vmf->pte = pte_offset_map_lock(mm, vmf->pmd, addr, &vmf->ptl);
	if (!vmf->pte || busy)
		return -EAGAIN;
	set_pte(vmf->pte);
	pte_unmap_unlock(vmf->pte, vmf->ptl);
	return 0;
}

int cow_wrong3(struct fault *vmf, struct mm_struct *mm, unsigned long addr, struct page *page, int busy)
{
	void *vto = kmap_local_page(page);
	int ret;

	ret = start_or(vmf, mm, addr, busy);
	kunmap_local(vto);
	if (ret == -EAGAIN)
		pte_unmap_unlock(vmf->pte, vmf->ptl);
	return ret;
}
