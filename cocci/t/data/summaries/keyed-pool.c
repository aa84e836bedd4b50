// SPDX-License-Identifier: GPL-2.0
/*
 * mm/kpool.c of the summaries test: a pool that keeps the address of
 * its mapping in a per-CPU area, as zsmalloc does; the release names the
 * object by its pool and handle, not by the address.
 */
#include <linux/highmem.h>

struct kpool_area {
	void *vm_addr;
};
static DEFINE_PER_CPU(struct kpool_area, kpool_area);

void *kpool_map(struct kpool *pool, unsigned long handle)
{
	struct kpool_area *area = this_cpu_ptr(&kpool_area);

	area->vm_addr = kmap_local_page(kpool_page(pool, handle));
	return area->vm_addr + kpool_offset(handle);
}

void kpool_unmap(struct kpool *pool, unsigned long handle)
{
	struct kpool_area *area = this_cpu_ptr(&kpool_area);

	kunmap_local(area->vm_addr);
}
