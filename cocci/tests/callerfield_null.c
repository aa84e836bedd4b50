/*
 * The field released where the inner mapping failed (if (!pte)): silent.
 */
struct w { void *addr; struct page *pg; };

static void w_map(struct w *w)
{
	w->addr = kmap_local_page(w->pg);
}

/* pte_offset_map_lock() failed: nothing of its own is held. */
static int pte_fail_ok(struct w *w, struct mm_struct *mm, pmd_t *pmd, unsigned long a)
{
	pte_t *pte;
	spinlock_t *ptl;

	pte = pte_offset_map_lock(mm, pmd, a, &ptl);
	if (!pte) {
		kunmap_local(w->addr);
		return -EAGAIN;
	}
	use(pte);
	pte_unmap_unlock(pte, ptl);
	kunmap_local(w->addr);
	return 0;
}

static int pte_fail_goto_ok(struct w *w, struct mm_struct *mm, pmd_t *pmd, unsigned long a)
{
	pte_t *pte;
	spinlock_t *ptl;

	pte = pte_offset_map_lock(mm, pmd, a, &ptl);
	if (!pte)
		goto out;
	use(pte);
	pte_unmap_unlock(pte, ptl);
out:
	kunmap_local(w->addr);
	return 0;
}
