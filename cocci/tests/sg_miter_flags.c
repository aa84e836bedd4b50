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
