/*
 * Two sg_miter iterators live at once: sg_miter_next(&mi) releases the
 * previous page of mi while mo's page, mapped later, is still held.
 */
static int copy_sg(struct scatterlist *src, struct scatterlist *dst,
		   unsigned int n)
{
	struct sg_mapping_iter mi, mo;

	sg_miter_start(&mi, src, n, SG_MITER_FROM_SG | SG_MITER_ATOMIC);
	sg_miter_start(&mo, dst, n, SG_MITER_TO_SG | SG_MITER_ATOMIC);
	while (sg_miter_next(&mi) && sg_miter_next(&mo))
		memcpy(mo.addr, mi.addr, min(mi.length, mo.length));
	sg_miter_stop(&mo);
	sg_miter_stop(&mi);
	return 0;
}

/* One iterator at a time, as the sun4i-ss fix does: silent. */
static int copy_sg_ok(struct scatterlist *src, struct scatterlist *dst,
		      unsigned int n, char *buf)
{
	struct sg_mapping_iter mi, mo;

	sg_miter_start(&mi, src, n, SG_MITER_FROM_SG | SG_MITER_ATOMIC);
	sg_miter_start(&mo, dst, n, SG_MITER_TO_SG | SG_MITER_ATOMIC);
	while (sg_miter_next(&mi)) {
		memcpy(buf, mi.addr, mi.length);
		sg_miter_stop(&mi);
		if (!sg_miter_next(&mo))
			break;
		memcpy(mo.addr, buf, mo.length);
		sg_miter_stop(&mo);
	}
	sg_miter_stop(&mo);
	sg_miter_stop(&mi);
	return 0;
}

/* A page mapped inside one iterator step and released in it: silent. */
static void checksum_sg(struct scatterlist *sg, unsigned int n,
			struct page *key)
{
	struct sg_mapping_iter m;

	sg_miter_start(&m, sg, n, SG_MITER_FROM_SG);
	while (sg_miter_next(&m)) {
		char *k = kmap_local_page(key);

		mix(k, m.addr, m.length);
		kunmap_local(k);
	}
	sg_miter_stop(&m);
}

/*
 * Without SG_MITER_ATOMIC, sg_miter_next() maps with kmap(), not on the
 * kmap_local stack (lib/scatterlist.c): any order is fine, silent.
 */
static int copy_sg_sleeping(struct scatterlist *src, struct scatterlist *dst,
			    unsigned int n)
{
	struct sg_mapping_iter mi, mo;

	sg_miter_start(&mi, src, n, SG_MITER_FROM_SG);
	sg_miter_start(&mo, dst, n, SG_MITER_TO_SG);
	while (sg_miter_next(&mi) && sg_miter_next(&mo))
		memcpy(mo.addr, mi.addr, min(mi.length, mo.length));
	sg_miter_stop(&mo);
	sg_miter_stop(&mi);
	return 0;
}

/* Flags the rules cannot read: the iterators count as atomic. */
static int copy_sg_flags(struct scatterlist *src, struct scatterlist *dst,
			 unsigned int n, unsigned int flags)
{
	struct sg_mapping_iter mi, mo;

	sg_miter_start(&mi, src, n, flags | SG_MITER_FROM_SG);
	sg_miter_start(&mo, dst, n, flags | SG_MITER_TO_SG);
	while (sg_miter_next(&mi) && sg_miter_next(&mo))
		memcpy(mo.addr, mi.addr, min(mi.length, mo.length));
	sg_miter_stop(&mo);
	sg_miter_stop(&mi);
	return 0;
}
