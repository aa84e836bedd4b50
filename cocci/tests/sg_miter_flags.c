/*
 * An sg_miter iterator started with flags held in a local: sg_miter_next()
 * maps with kmap(), off the kmap_local stack, unless they can hold
 * SG_MITER_ATOMIC (drivers/target/target_core_user.c tcmu_copy_data()
 * sets sg_flags to SG_MITER_ATOMIC | SG_MITER_FROM_SG or ... | _TO_SG).
 */
void copy_kmap_ok(struct scatterlist *sg, int n, struct page *pg, int to_sg)
{
	struct sg_mapping_iter it;
	unsigned int flags;
	void *p;

	if (to_sg)
		flags = SG_MITER_TO_SG;
	else
		flags = SG_MITER_FROM_SG;
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

void copy_choice_ok(struct scatterlist *sg, int n, struct page *pg, int to_sg)
{
	struct sg_mapping_iter it;
	unsigned int flags = to_sg ? SG_MITER_TO_SG : SG_MITER_FROM_SG;
	void *p;

	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

void copy_atomic_bad(struct scatterlist *sg, int n, struct page *pg, int to_sg)
{
	struct sg_mapping_iter it;
	unsigned int flags;
	void *p;

	if (to_sg)
		flags = SG_MITER_ATOMIC | SG_MITER_TO_SG;
	else
		flags = SG_MITER_ATOMIC | SG_MITER_FROM_SG;
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* One assignment may add SG_MITER_ATOMIC: it can be on the stack. */
void copy_added_bad(struct scatterlist *sg, int n, struct page *pg, int atomic)
{
	struct sg_mapping_iter it;
	unsigned int flags = SG_MITER_TO_SG;
	void *p;

	if (atomic)
		flags |= SG_MITER_ATOMIC;
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* Flags from the caller: they can hold SG_MITER_ATOMIC. */
void copy_param_bad(struct scatterlist *sg, int n, struct page *pg, unsigned int flags)
{
	struct sg_mapping_iter it;
	void *p;

	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* A: ATOMIC before the choice, in a local: can be atomic. */
void a_bad(struct scatterlist *sg, int n, struct page *pg, int to_sg)
{
	struct sg_mapping_iter it;
	unsigned int flags = SG_MITER_ATOMIC | (to_sg ? SG_MITER_TO_SG : SG_MITER_FROM_SG);
	void *p;

	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* B: a parameter, given a default when zero: the caller's can be atomic. */
void b_bad(struct scatterlist *sg, int n, struct page *pg, unsigned int flags)
{
	struct sg_mapping_iter it;
	void *p;

	if (!flags)
		flags = SG_MITER_FROM_SG;
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* C: toggled in. */
void c_bad(struct scatterlist *sg, int n, struct page *pg, int atomic)
{
	struct sg_mapping_iter it;
	unsigned int flags = SG_MITER_TO_SG;
	void *p;

	if (atomic)
		flags ^= SG_MITER_ATOMIC;
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* D: compared, never assigned ATOMIC: kmap(), silent. */
void d_ok(struct scatterlist *sg, int n, struct page *pg, int to_sg)
{
	struct sg_mapping_iter it;
	unsigned int flags = SG_MITER_TO_SG;
	void *p;

	if (flags == SG_MITER_TO_SG && to_sg)
		pr_debug("to");
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* E: another structure's flags set to ATOMIC: this one is not. */
void e_ok(struct scatterlist *sg, int n, struct page *pg, struct req *r)
{
	struct sg_mapping_iter it;
	unsigned int flags = SG_MITER_FROM_SG;
	void *p;

	r->flags = SG_MITER_ATOMIC;
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* F: ATOMIC as one value of a choice. */
void f_bad(struct scatterlist *sg, int n, struct page *pg, int atomic)
{
	struct sg_mapping_iter it;
	unsigned int flags = SG_MITER_TO_SG;
	void *p;

	flags |= atomic ? SG_MITER_ATOMIC : 0;
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* G: a parameter; a comment names a value. */
void g_bad(struct scatterlist *sg, int n, struct page *pg, unsigned int flags)
{
	struct sg_mapping_iter it;
	void *p;

	/* callers pass flags = SG_MITER_FROM_SG; or with SG_MITER_ATOMIC */
	sg_miter_start(&it, sg, n, flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* H: ATOMIC given at the start, as the packaged lib/scatterlist.c does. */
void h_bad(struct scatterlist *sg, int n, struct page *pg, bool to_buffer)
{
	struct sg_mapping_iter it;
	unsigned int sg_flags = SG_MITER_ATOMIC;
	void *p;

	if (to_buffer)
		sg_flags |= SG_MITER_FROM_SG;
	else
		sg_flags |= SG_MITER_TO_SG;
	sg_miter_start(&it, sg, n, sg_flags);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

/* A choice of constants written in the call (drivers/usb/storage/protocol.c). */
void copy_inline_ok(struct scatterlist *sg, int n, struct page *pg, int dir)
{
	struct sg_mapping_iter it;
	void *p;

	sg_miter_start(&it, sg, n, dir == 1 ? SG_MITER_FROM_SG : SG_MITER_TO_SG);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}

void copy_inline_bad(struct scatterlist *sg, int n, struct page *pg, int dir)
{
	struct sg_mapping_iter it;
	void *p;

	sg_miter_start(&it, sg, n, dir == 1 ? SG_MITER_ATOMIC | SG_MITER_FROM_SG : SG_MITER_TO_SG);
	p = kmap_atomic(pg);
	while (sg_miter_next(&it))
		memcpy(it.addr, p, it.length);
	kunmap_atomic(p);
	sg_miter_stop(&it);
}
