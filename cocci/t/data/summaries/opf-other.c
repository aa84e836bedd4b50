// SPDX-License-Identifier: GPL-2.0
/* drivers/opf/other.c: members of the same names in a table of another type. */
#include <linux/cam.h>

void opf_other_ok(struct cam *a, struct cam *b, struct page *page)
{
	struct cam_buf x, y;
	void *p = kmap_local_page(page);

	a->ops->map_local(a, &x, 0);
	b->ops->map_local(b, &y, 0);
	memcpy(p, x.vaddr, 64);
	a->ops->unmap_local(a, &x);
	b->ops->unmap_local(b, &y);
	kunmap_local(p);
}
