// SPDX-License-Identifier: GPL-2.0
/*
 * Functions with scoped_guard() or scoped_cond_guard() blocks
 * (include/linux/cleanup.h): spatch parses them with
 * cocci/kernel-macros.h, and checks them (mm/util.c memcmp_pages()
 * with its comparison under a guard).
 */
#include <linux/highmem.h>
#include <linux/cleanup.h>

int guarded_bad(struct page *page1, struct page *page2)
{
	char *addr1, *addr2;
	int ret;

	addr1 = kmap_local_page(page1);
	addr2 = kmap_local_page(page2);
	scoped_guard(rcu) {
		ret = memcmp(addr1, addr2, PAGE_SIZE);
	}
	kunmap_local(addr1);
	kunmap_local(addr2);
	return ret;
}

int guarded_inner_bad(struct page *page1, struct page *page2, spinlock_t *lock)
{
	char *addr1, *addr2;
	int ret;

	addr1 = kmap_local_page(page1);
	scoped_guard(spinlock_irqsave, lock) {
		addr2 = kmap_local_page(page2);
		ret = memcmp(addr1, addr2, PAGE_SIZE);
		kunmap_local(addr1);
		kunmap_local(addr2);
	}
	return ret;
}

int guarded_ok(struct page *page1, struct page *page2, spinlock_t *lock, struct mutex *m)
{
	char *addr1, *addr2;
	int ret;

	addr1 = kmap_local_page(page1);
	scoped_guard(spinlock_irqsave, lock) {
		addr2 = kmap_local_page(page2);
		ret = memcmp(addr1, addr2, PAGE_SIZE);
		kunmap_local(addr2);
	}
	scoped_cond_guard(mutex_intr, return -EINTR, m) {
		ret++;
	}
	kunmap_local(addr1);
	return ret;
}
