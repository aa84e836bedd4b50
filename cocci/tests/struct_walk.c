/* Fields mapped by one function and released by another (crypto walks). */
struct walk {
	struct { void *addr; } src, dst;
	struct page *in, *out;
};

/* Leaves src, then dst, mapped in the walk. */
static void walk_map(struct walk *w)
{
	w->src.addr = kmap_local_page(w->in);
	w->dst.addr = kmap_local_page(w->out);
}

/* Releases them in the order they were mapped: wrong. */
static void walk_done(struct walk *w)
{
	kunmap_local(w->src.addr);
	kunmap_local(w->dst.addr);
}

/* Releases them in reverse: silent. */
static void walk_done_ok(struct walk *w)
{
	kunmap_local(w->dst.addr);
	kunmap_local(w->src.addr);
}

/*
 * dst released, then back to the release of src (the form of
 * skcipher_walk_done()): src comes first in the text, not on a path.
 * Silent.
 */
static void walk_done_goto(struct walk *w, int diff)
{
	if (!diff) {
unmap_src:
		kunmap_local(w->src.addr);
	} else {
		kunmap_local(w->dst.addr);
		goto unmap_src;
	}
}
