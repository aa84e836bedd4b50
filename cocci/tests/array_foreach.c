/*
 * An array mapped in a loop macro (btrfs check-integrity's
 * __btrfsic_submit_bio() when it was converted to kmap_local_page():
 * bio_for_each_segment(), the index counted in the body), released in
 * a loop that counts up (a violation) or down (in order).
 */
void submit_bad(struct bio *bio, int segs, char **mapped_datav)
{
	struct bvec_iter iter;
	struct bio_vec bvec;
	int i = 0;

	bio_for_each_segment(bvec, bio, iter) {
		mapped_datav[i] = kmap_local_page(bvec.bv_page);
		i++;
	}
	process(mapped_datav, segs);
	for (i = 0; i < segs; i++)
		kunmap_local(mapped_datav[i]);
}

void submit_ok(struct bio *bio, int segs, char **mapped_datav)
{
	struct bvec_iter iter;
	struct bio_vec bvec;
	int i = 0;

	bio_for_each_segment(bvec, bio, iter) {
		mapped_datav[i] = kmap_local_page(bvec.bv_page);
		i++;
	}
	process(mapped_datav, segs);
	for (--i; i >= 0; i--)
		kunmap_local(mapped_datav[i]);
}
