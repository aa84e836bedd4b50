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
