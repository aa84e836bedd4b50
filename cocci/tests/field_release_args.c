/*
 * Per-field release helpers whose release call names a second field of
 * the structure: folio_release_kmap(w->in, w->src) releases w->src, not
 * w->in (crypto/skcipher.c: skcipher_unmap_src() calls
 * skcipher_unmap(&walk->in, walk->src.virt.addr)).  A helper that names
 * two fields that way still releases one, and its order counts.
 */
struct walk {
	void *src, *dst;
	struct folio *in, *out;
};

static void walk_map(struct walk *w)
{
	w->src = kmap_local_folio(w->in, 0);
	w->dst = kmap_local_folio(w->out, 0);
}

static inline void walk_unmap_src(struct walk *w)
{
	folio_release_kmap(w->in, w->src);
}

static inline void walk_unmap_dst(struct walk *w)
{
	folio_release_kmap(w->out, w->dst);
}

/* Releases src first: wrong. */
void walk_done_bad(struct walk *w)
{
	walk_map(w);
	walk_unmap_src(w);
	walk_unmap_dst(w);
}

void walk_done_ok(struct walk *w)
{
	walk_map(w);
	walk_unmap_dst(w);
	walk_unmap_src(w);
}
