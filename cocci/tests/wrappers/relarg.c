/*
 * A release helper given what the page belongs to and the address: it
 * releases the address only (crypto/skcipher.c skcipher_unmap(&walk->in,
 * vaddr)).  A function that releases one field of its structure through
 * it releases that field, not the one it passes beside it.
 */
void wk_unmap(struct wk_sg *sg, void *vaddr)
{
	sg->offset += PAGE_SIZE;
	kunmap_local(vaddr);
}

void wk_unmap_src(struct wk *walk)
{
	wk_unmap(&walk->in, walk->src);
}

/*
 * A release helper that releases the page of what it is given through
 * a local set from it (drivers/gpu/drm/qxl qxl_release_unmap(): ptr =
 * (void *)info - off): it releases info, not the device beside it.
 */
void wk_release_unmap(struct wk_dev *dev, struct wk_release *release, union wk_info *info)
{
	void *ptr;

	ptr = ((void *)info) - (release->offset & ~PAGE_MASK);
	wk_unmap(&dev->sg, ptr);
}

/* Its caller releases the outer mapping first. */
void wk_draw(struct wk_dev *dev, struct wk_release *release, struct page *p)
{
	struct wk_drawable *drawable = kmap_local_page(release->page);
	char *s = kmap_local_page(p);

	memcpy(drawable->data, s, 16);
	wk_release_unmap(dev, release, &drawable->info);
	kunmap_local(s);
}

/*
 * A helper that releases its second argument (found in pass 1) and its
 * first through another helper (found in pass 2): a caller that passes
 * the first releases it.
 */
static void rg_unmap(void *v)
{
	kunmap_local(v);
}

static void rg_unmap_either(void *a, void *b, int w)
{
	if (w)
		kunmap_local(b);
	else
		rg_unmap(a);
}

static void rg_put_first(void *a)
{
	rg_unmap_either(a, NULL, 0);
}

void rg_caller(struct page *p, struct page *q)
{
	char *x = kmap_local_page(p);
	char *y = kmap_local_page(q);

	memcpy(x, y, 16);
	rg_put_first(x);
	kunmap_local(y);
}

/* The structure given beside the address is not released: in order, silent. */
void wk_order_ok(struct page *p, struct page *q)
{
	struct wk_hdr *h = kmap_local_page(p);
	char *s = kmap_local_page(q);

	memcpy(h->data, s, 16);
	wk_unmap(&h->sg, s);
	kunmap_local(h);
}
