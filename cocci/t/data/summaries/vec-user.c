// SPDX-License-Identifier: GPL-2.0
/* drivers/vec/user.c: a vector of its own, released by the helpers of lib/vecfree.c. */
#include <linux/uio.h>

void vec_free_up(struct kvec *iov, int n);
void vec_free_down(struct kvec *iov, int n);

int vec_send_bad(struct page **pages, unsigned int *offs, int n)
{
	struct kvec iov[8];
	int seg = 0;

	while (seg < n) {
		void *kaddr = kmap_local_page(pages[seg]);

		iov[seg].iov_base = kaddr + offs[seg];
		seg++;
	}
	send_iov(iov, seg);
	vec_free_up(iov, seg);
	return 0;
}

int vec_send_ok(struct page **pages, unsigned int *offs, int n)
{
	struct kvec iov[8];
	int seg = 0;

	while (seg < n) {
		void *kaddr = kmap_local_page(pages[seg]);

		iov[seg].iov_base = kaddr + offs[seg];
		seg++;
	}
	send_iov(iov, seg);
	vec_free_down(iov, seg);
	return 0;
}
