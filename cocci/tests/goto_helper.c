/*
 * A helper that jumps past its release (gcm_out_walk_go() of
 * arch/s390/crypto/aes_s390.c: goto out when the walk has enough bytes)
 * leaves its field mapped on that path.
 */
struct gw {
	void *ptr;
	struct page *page;
};

static void gw_map(struct gw *gw)
{
	gw->ptr = kmap_local_page(gw->page);
}

static void gw_unmap(struct gw *gw)
{
	kunmap_local(gw->ptr);
	gw->ptr = NULL;
}

/* Leaves gw->ptr mapped when n >= 16. */
static int out_go(struct gw *gw, int n)
{
	gw_map(gw);
	if (n >= 16)
		goto out;
	gw_unmap(gw);
out:
	return n;
}

/* Its jump goes to a release: it leaves nothing mapped. */
static int err_go(struct gw *gw, int n)
{
	gw_map(gw);
	if (n < 0)
		goto err;
	gw_unmap(gw);
	return n;
err:
	gw_unmap(gw);
	return n;
}

/* in mapped, then out, and in released first: wrong. */
int crypt(struct gw *in, struct gw *out, int n)
{
	gw_map(in);
	out_go(out, n);
	gw_unmap(in);
	gw_unmap(out);
	return 0;
}

/* err_go() holds nothing when it returns: silent. */
int crypt_ok(struct gw *in, struct gw *out, int n)
{
	gw_map(in);
	err_go(out, n);
	gw_unmap(in);
	return 0;
}

/* Jumps out only when the mapping failed, on one line: leaves nothing. */
static int try_go(struct gw *gw, pmd_t *pmd, unsigned long a)
{
	gw->ptr = pte_offset_map(pmd, a);
	if (!gw->ptr) goto out;
	pte_unmap(gw->ptr);
out:
	return 0;
}

/* The label releases on its own line: leaves nothing. */
static int err_go2(struct gw *gw, int n)
{
	gw_map(gw);
	if (n < 0)
		goto err;
	gw_unmap(gw);
	return n;
err:	gw_unmap(gw);
	return n;
}

/* Neither helper holds anything when it returns: silent. */
int crypt_ok2(struct gw *in, struct gw *out, pmd_t *pmd, int n)
{
	gw_map(in);
	try_go(out, pmd, 0);
	err_go2(out, n);
	gw_unmap(in);
	return 0;
}
