// SPDX-License-Identifier: GPL-2.0
/*
 * mm/fwalk.c of the summaries test: as folio_walk_start() of 6.12, the
 * page table entry is left mapped in the walk for fwalk_end().
 */
#include <linux/mm.h>
#include <linux/fwalk.h>

struct folio *fwalk_start(struct fwalk *fw, struct vm_area_struct *vma,
			  unsigned long addr)
{
	spinlock_t *ptl;
	pte_t *ptep;

	ptep = pte_offset_map_lock(vma->vm_mm, walk_pmd(vma, addr), addr, &ptl);
	if (!ptep)
		return NULL;
	fw->level = 1;
	fw->ptep = ptep;
	fw->ptl = ptl;
	fw->page = pte_page(ptep_get(ptep));
	return page_folio(fw->page);
}

/* As memcpy_from_page(): maps and releases before it returns. */
void fwalk_copy(struct page *page, void *dst, size_t len)
{
	void *src = kmap_local_page(page);

	memcpy(dst, src, len);
	kunmap_local(src);
}
