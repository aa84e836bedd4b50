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

/*
 * The pool's PIO path maps the queue's iterator itself and stops it
 * (drivers/usb/musb musb_ep_program()): it leaves nothing mapped, and
 * releases nothing by key.  A stop alone does.
 */
struct kpool_queue {
	struct sg_mapping_iter miter;
	char buf[8];
};

void kpool_pio(struct kpool *pool, struct kpool_dev *dev)
{
	struct kpool_queue *q = kpool_queue_of(dev);

	if (sg_miter_next(&q->miter))
		memcpy(q->buf, q->miter.addr, 4);
	sg_miter_stop(&q->miter);
}

void kpool_stop(struct kpool *pool, struct kpool_dev *dev)
{
	struct kpool_queue *q = kpool_queue_of(dev);

	sg_miter_stop(&q->miter);
}
