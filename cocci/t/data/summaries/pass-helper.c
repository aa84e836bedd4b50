// SPDX-License-Identifier: GPL-2.0
/* drivers/ph/case.c: user() releases a field its caller mapped (->dst),
 * so a later pass reads it again; map_src(), a helper of the file that it
 * calls, must be read with it. */
struct ph_pair { void *src; void *dst; };

static void ph_map_src(struct ph_pair *d, struct page *p)
{
	d->src = kmap_local_page(p);
}

void ph_user(struct ph_pair *d, struct page *p, struct page *q)
{
	void *x;

	ph_map_src(d, p);
	x = kmap_local_page(q);
	kunmap_local(d->src);
	kunmap_local(x);
	kunmap_local(d->dst);
}
