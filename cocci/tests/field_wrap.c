/*
 * Fields mapped and released through helpers that each handle one field
 * (crypto/skcipher.c: skcipher_map_src() and skcipher_unmap_src(), whose
 * order in skcipher_walk_done() upstream commit eca6828403b8 fixed).
 */
struct walk {
	struct { void *addr; } src, dst;
	struct page *in, *out;
	int diff;
};

static inline void walk_map_src(struct walk *w)
{
	w->src.addr = kmap_local_page(w->in);
}

static inline void walk_map_dst(struct walk *w)
{
	w->dst.addr = kmap_local_page(w->out);
}

static inline void walk_unmap_src(struct walk *w)
{
	kunmap_local(w->src.addr);
}

static inline void walk_unmap_dst(struct walk *w)
{
	kunmap_local(w->dst.addr);
}

static inline void walk_unmap_both(struct walk *w)
{
	kunmap_local(w->dst.addr);
	kunmap_local(w->src.addr);
}

/* Leaves src, then dst, mapped in the walk. */
static int walk_next(struct walk *w)
{
	walk_map_src(w);
	if (w->diff)
		walk_map_dst(w);
	return 0;
}

/* Releases them in the order they were mapped: wrong. */
int walk_done(struct walk *w)
{
	if (!w->diff) {
		walk_unmap_src(w);
	} else {
		walk_unmap_src(w);
		walk_unmap_dst(w);
	}
	return walk_next(w);
}

/* The fixed form: dst, then back to the release of src.  Silent. */
int walk_done_fixed(struct walk *w)
{
	if (!w->diff) {
unmap_src:
		walk_unmap_src(w);
	} else {
		walk_unmap_dst(w);
		goto unmap_src;
	}
	return walk_next(w);
}

/* The same with the releases written out: silent too. */
int walk_done_direct(struct walk *w)
{
	if (!w->diff) {
unmap_src:
		kunmap_local(w->src.addr);
	} else {
		kunmap_local(w->dst.addr);
		goto unmap_src;
	}
	return walk_next(w);
}

/* One released directly, the other through its helper: wrong. */
int walk_done_mixed(struct walk *w)
{
	kunmap_local(w->src.addr);
	walk_unmap_dst(w);
	return 0;
}

/*
 * src released, then a call of a function that may release both fields
 * (skcipher_walk_next(), which can end in skcipher_walk_done()): that
 * says nothing of the order of dst.  Silent, though dst is released
 * after src when w->diff: a limit of the check.
 */
static int walk_restart(struct walk *w)
{
	if (w->diff)
		walk_unmap_both(w);
	return walk_next(w);
}

int walk_done_again(struct walk *w)
{
	walk_unmap_src(w);
	return walk_restart(w);
}

/*
 * Released in the right order each round, then mapped again: the path
 * from the release of src round the loop to the release of dst passes
 * a mapping.  Silent.
 */
int walk_loop(struct walk *w, int n)
{
	while (n--) {
		walk_unmap_dst(w);
		walk_unmap_src(w);
		walk_next(w);
	}
	return 0;
}
