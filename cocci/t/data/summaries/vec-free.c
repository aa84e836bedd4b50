// SPDX-License-Identifier: GPL-2.0
/* lib/vecfree.c: helpers that only release the pages of the vector they are given. */
#include <linux/uio.h>

void vec_free_up(struct kvec *iov, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		unsigned long addr = (unsigned long)iov[i].iov_base;

		kunmap_local((void *)(addr & PAGE_MASK));
	}
}

void vec_free_down(struct kvec *iov, int n)
{
	int i;

	for (i = n - 1; i >= 0; i--)
		kunmap_local(iov[i].iov_base);
}
