/*
 * A helper of the file maps a field of the structure it is passed and
 * another releases it: the helper's mapping is the outer one.  walk_done()
 * releases it while the page mapped after it is still held (the shape
 * of a walk whose step function unmaps, as crypto walks do).
 */
struct walk {
	void *addr;
	struct page *page;
};

static void walk_map(struct walk *w)
{
	w->addr = kmap_local_page(w->page);
}

static void walk_done(struct walk *w)
{
	kunmap_local(w->addr);
}

void copy_bad(struct walk *w, struct page *dst)
{
	void *d;

	walk_map(w);
	d = kmap_local_page(dst);
	memcpy(d, w->addr, 64);
	walk_done(w);
	kunmap_local(d);
}

/* The page released first, then the walk's: silent. */
void copy_ok(struct walk *w, struct page *dst)
{
	void *d;

	walk_map(w);
	d = kmap_local_page(dst);
	memcpy(d, w->addr, 64);
	kunmap_local(d);
	walk_done(w);
}

/* Released directly by its field: the same finding. */
void copy_direct(struct walk *w, struct page *dst)
{
	void *d;

	walk_map(w);
	d = kmap_local_page(dst);
	memcpy(d, w->addr, 64);
	kunmap_local(w->addr);
	kunmap_local(d);
}
