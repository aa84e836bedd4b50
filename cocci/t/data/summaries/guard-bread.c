// SPDX-License-Identifier: GPL-2.0
/* A helper that maps only in one mode (erofs_bread()). */
struct gbuf {
	struct page *page;
	void *base;
};

void *gbread(struct gbuf *buf, struct page *page, int type)
{
	buf->page = page;
	if (type == G_KMAP)
		buf->base = kmap_local_page(page);
	return buf->base;
}

void gbput(struct gbuf *buf)
{
	if (buf->base)
		kunmap_local(buf->base);
	buf->base = NULL;
}
