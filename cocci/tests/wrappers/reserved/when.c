// SPDX-License-Identifier: GPL-2.0
/* A wrapper whose name SmPL reserves: it cannot join the lists. */
void *when(struct page *p)
{
	return kmap_local_page(p);
}
