/* SPDX-License-Identifier: GPL-2.0 */
/*
 * include/linux/fwalk.h of the summaries test: as include/linux/pagewalk.h
 * of 6.12, the end of a walk is a macro that unmaps the page table.
 */
struct fwalk {
	struct page *page;
	pte_t *ptep;
	spinlock_t *ptl;
	int level;
};

struct folio *fwalk_start(struct fwalk *fw, struct vm_area_struct *vma,
			  unsigned long addr);

#define fwalk_end(__fw, __vma) do { \
	spin_unlock((__fw)->ptl); \
	if (likely((__fw)->level == 1)) \
		pte_unmap((__fw)->ptep); \
	vma_walk_end(__vma); \
} while (0)
