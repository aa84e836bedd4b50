/*
 * An out-parameter helper that returns an error code (follow_pte() of
 * 6.1): where it is not zero, nothing was mapped: silent.
 */
static int lookup_pte(struct mm_struct *mm, pmd_t *pmd, unsigned long address, pte_t **ptepp, spinlock_t **ptlp)
{
	pte_t *ptep;

	ptep = pte_offset_map_lock(mm, pmd, address, ptlp);
	if (!pte_present(*ptep))
		goto unlock;
	*ptepp = ptep;
	return 0;
unlock:
	pte_unmap_unlock(ptep, *ptlp);
	return -EINVAL;
}

/* Failed lookups map nothing: the goto out path holds only k. */
int err_ok(struct mm_struct *mm, pmd_t *pmd, unsigned long a, struct page *page)
{
	pte_t *ptep;
	spinlock_t *ptl;
	void *k = kmap_local_page(page);
	int ret;

	ret = lookup_pte(mm, pmd, a, &ptep, &ptl);
	if (ret)
		goto out;
	use(ptep, k);
	pte_unmap_unlock(ptep, ptl);
out:
	kunmap_local(k);
	return ret;
}

int cond_ok(struct mm_struct *mm, pmd_t *pmd, unsigned long a, struct page *page)
{
	pte_t *ptep;
	spinlock_t *ptl;
	void *k = kmap_local_page(page);

	if (lookup_pte(mm, pmd, a, &ptep, &ptl))
		goto out;
	use(ptep, k);
	pte_unmap_unlock(ptep, ptl);
out:
	kunmap_local(k);
	return 0;
}
