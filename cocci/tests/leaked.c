/*
 * An error path that releases the older mapping only: the newer one,
 * never released there, is still on top when the older goes.
 */
int leak_bad(struct page *p, struct page *q, int err)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);

	if (err) {
		kunmap_local(a);
		return -EIO;
	}
	memcpy(a, b, 16);
	kunmap_local(b);
	kunmap_local(a);
	return 0;
}

/* Through a label the newer mapping skips. */
int leak_goto_bad(struct page *p, struct page *q)
{
	char *a = kmap_local_page(p);
	char *b;

	if (!a[0])
		goto out;
	b = kmap_local_page(q);
	if (b[0])
		goto out;
	kunmap_local(b);
out:
	kunmap_local(a);
	return 0;
}

/* With kmap_atomic(): patch mode adds kunmap_atomic(b). */
int leak_atomic_bad(struct page *p, struct page *q)
{
	char *a = kmap_atomic(p);
	char *b = kmap_atomic(q);

	if (!memcmp(a, b, 16)) {
		kunmap_atomic(a);
		return 0;
	}
	kunmap_atomic(b);
	kunmap_atomic(a);
	return 1;
}

/* The newer mapped on some paths only: left to a human. */
int leak_cond_bad(struct page *p, struct page *q, int two, int err)
{
	char *a = kmap_local_page(p);
	char *b = NULL;

	if (two)
		b = kmap_local_page(q);
	if (err) {
		kunmap_local(a);
		return -EIO;
	}
	if (b)
		kunmap_local(b);
	kunmap_local(a);
	return 0;
}

/* A failed sg_miter_next() maps nothing: silent. */
int miter_failed_ok(struct scatterlist *sg, unsigned int n, struct page *p)
{
	struct sg_mapping_iter miter;
	char *a = kmap_local_page(p);

	sg_miter_start(&miter, sg, n, SG_MITER_ATOMIC | SG_MITER_FROM_SG);
	if (!sg_miter_next(&miter)) {
		kunmap_local(a);
		return -EIO;
	}
	memcpy(a, miter.addr, 16);
	kunmap_local(a);
	return 0;
}

/* The newer read by a call before the error path (target_core_sbc.c
 * sbc_dif_verify() shape): still a leak. */
int leak_used_bad(struct page *pp, struct page *dp, int n)
{
	void *paddr, *daddr;
	int rc;

	paddr = kmap_atomic(pp);
	daddr = kmap_atomic(dp);
	rc = check(daddr, n);
	if (rc) {
		kunmap_atomic(paddr);
		return rc;
	}
	kunmap_atomic(daddr);
	kunmap_atomic(paddr);
	return 0;
}

/* Released by a macro the rules do not know: silent. */
int macro_ok(struct page *p, struct page *q)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);

	memcpy(a, b, 16);
	PUT_BUF(b);
	kunmap_local(a);
	return 0;
}

/* Both released on the error path, newer first: silent. */
int leak_ok(struct page *p, struct page *q, int err)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);

	if (err) {
		kunmap_local(b);
		kunmap_local(a);
		return -EIO;
	}
	kunmap_local(b);
	kunmap_local(a);
	return 0;
}

/* Handed on after the release (finish() may release it): silent. */
int handed_ok(struct page *p, struct page *q)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);

	kunmap_local(a);
	return finish(b);
}

/* Stored before the release (the owner of s releases it): silent. */
void stored_ok(struct state *s, struct page *p, struct page *q)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);

	s->buf = b;
	kunmap_local(a);
}

/* A field, released through another index or a helper: silent. */
void field_ok(struct walk *w, struct page *p, struct page *q)
{
	char *a = kmap_local_page(p);

	w->buf = kmap_local_page(q);
	kunmap_local(a);
	walk_done(w);
}

/*
 * The newer map failed (mm/memory.c copy_pte_range()): the older one
 * released where the newer is NULL, the block leaving by a goto: silent.
 */
int null_exit_ok(struct mm_struct *mm, pmd_t *dst_pmd, pmd_t *src_pmd, unsigned long addr)
{
	pte_t *src_pte, *dst_pte;
	spinlock_t *dst_ptl;
	int ret = 0;

	dst_pte = pte_alloc_map_lock(mm, dst_pmd, addr, &dst_ptl);
	if (!dst_pte)
		return -ENOMEM;
	src_pte = pte_offset_map(src_pmd, addr);
	if (!src_pte) {
		pte_unmap_unlock(dst_pte, dst_ptl);
		ret = -EAGAIN;
		goto out;
	}
	copy_ptes(dst_pte, src_pte);
	pte_unmap(src_pte);
	pte_unmap_unlock(dst_pte, dst_ptl);
out:
	return ret;
}

/*
 * A third mapping failed: a release there is made where that one is
 * NULL, but the second is still mapped.
 */
int null_other_bad(struct page *p, struct page *q, pmd_t *pmd, unsigned long addr)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);
	pte_t *c;
	int ret = 0;

	c = pte_offset_map(pmd, addr);
	if (!c) {
		kunmap_local(a);
		ret = -EAGAIN;
		goto out;
	}
	pte_unmap(c);
	kunmap_local(b);
	kunmap_local(a);
out:
	return ret;
}
