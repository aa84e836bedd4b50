/*
 * The inner mapping released through a copy (y = x; start_pte = pte =
 * map()) before the field its caller mapped: in order, silent.
 */
struct w { void *addr; struct page *pg; };

static void w_map(struct w *w)
{
	w->addr = kmap_local_page(w->pg);
}

/* x released through its alias y before the caller's field: in order. */
static void alias_ok(struct w *w, struct page *pg)
{
	void *x = kmap_local_page(pg);
	void *y = x;

	use(y);
	kunmap_local(y);
	kunmap_local(w->addr);
}

static void pte_ok(struct w *w, struct mm_struct *mm, pmd_t *pmd, unsigned long a)
{
	pte_t *pte, *start_pte;
	spinlock_t *ptl;

	start_pte = pte = pte_offset_map_lock(mm, pmd, a, &ptl);
	for (; a < 10; a++, pte++)
		use(pte);
	pte_unmap_unlock(start_pte, ptl);
	kunmap_local(w->addr);
}
