// SPDX-License-Identifier: GPL-2.0
struct gbuf {
	struct page *page;
	void *base;
};

/* gbread() maps with G_KMAP: released out of order. */
void g_bad(struct page *p, struct page *q)
{
	struct gbuf buf = {};
	void *a = kmap_local_page(p);

	gbread(&buf, q, G_KMAP);
	kunmap_local(a);
	gbput(&buf);
}

/* With G_NOKMAP it maps nothing: silent. */
void g_nomap(struct page *p, struct page *q)
{
	struct gbuf buf = {};
	void *a = kmap_local_page(p);

	gbread(&buf, q, G_NOKMAP);
	kunmap_local(a);
	gbput(&buf);
}
