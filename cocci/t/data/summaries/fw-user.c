// SPDX-License-Identifier: GPL-2.0
/* drivers/w/user.c of the summaries test: callers of the walk. */
#include <linux/highmem.h>
#include <linux/fwalk.h>

int peek_bad(struct vm_area_struct *vma, unsigned long addr, void *buf)
{
	struct fwalk fw;
	struct folio *folio;
	void *src;

	folio = fwalk_start(&fw, vma, addr);
	if (!folio)
		return -ENOENT;
	src = kmap_local_folio(folio, 0);
	fwalk_end(&fw, vma);
	memcpy(buf, src, 64);
	kunmap_local(src);
	return 0;
}

int peek_ok(struct vm_area_struct *vma, unsigned long addr, void *buf)
{
	struct fwalk fw;
	struct folio *folio;
	void *src;

	folio = fwalk_start(&fw, vma, addr);
	if (!folio)
		return -ENOENT;
	src = kmap_local_folio(folio, 0);
	memcpy(buf, src, 64);
	kunmap_local(src);
	fwalk_end(&fw, vma);
	return 0;
}

/* A helper that maps and releases inside, called while src is held. */
void copy_inside_ok(struct page *a, struct page *b, void *buf)
{
	void *src = kmap_local_page(a);

	fwalk_copy(b, buf, 64);
	memcpy(buf + 64, src, 64);
	kunmap_local(src);
}
