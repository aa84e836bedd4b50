/*
 * A handle mapped and released on its own, then set from another
 * mapping further down (drivers/gpu/drm/qxl/qxl_image.c
 * qxl_image_init_helper(): image = ptr): before that line it releases
 * its own mapping only, so releasing it first breaks the order.
 */
static void reuse_bad(struct page *p, struct page *q, struct page *r)
{
	struct hdr *image;
	char *ptr;

	image = kmap_local_page(p);
	ptr = kmap_local_page(q);
	image->id = ptr[0];
	kunmap_local(image);
	kunmap_local(ptr);

	ptr = kmap_local_page(r);
	image = (struct hdr *)ptr;
	image->id = 1;
	kunmap_local(image);
}

/* The same in order: silent. */
static void reuse_ok(struct page *p, struct page *q, struct page *r)
{
	struct hdr *image;
	char *ptr;

	image = kmap_local_page(p);
	ptr = kmap_local_page(q);
	image->id = ptr[0];
	kunmap_local(ptr);
	kunmap_local(image);

	ptr = kmap_local_page(r);
	image = (struct hdr *)ptr;
	image->id = 1;
	kunmap_local(image);
}

/* After the line that sets it, it releases what it was set from. */
static void swap_ok(struct page *p, struct page *q)
{
	char *a, *b;

	a = kmap_local_page(p);
	b = kmap_local_page(q);
	memcpy(a, b, 16);
	kunmap_local(b);
	b = a;
	kunmap_local(b);
}

static void alias_late_bad(struct page *p, struct page *q)
{
	char *a, *b, *c;

	a = kmap_local_page(p);
	b = kmap_local_page(q);
	c = b;
	memcpy(a, c, 16);
	kunmap_local(a);
	kunmap_local(c);
}
