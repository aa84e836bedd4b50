/*
 * Two elements of one array mapped outside any loop, their indexes
 * computed (btrfs raid56 finish_parity_scrub(): the Q page at
 * pointers[rbio->real_stripes - 1], then the P page at
 * pointers[nr_data]).  Released Q first: a violation, whatever the
 * spacing of the index; P first: in order.
 */
void scrub_bad(struct btrfs_raid_bio *rbio, struct page *p, struct page *q, int nr_data)
{
	void **pointers = rbio->finish_pointers;

	if (q)
		pointers[rbio->real_stripes - 1] = kmap_local_page(q);
	pointers[nr_data] = kmap_local_page(p);
	raid6_call.gen_syndrome(rbio->real_stripes, PAGE_SIZE, pointers);
	if (q)
		kunmap_local(pointers[rbio->real_stripes-1]);
	kunmap_local(pointers[nr_data]);
}

void scrub_ok(struct btrfs_raid_bio *rbio, struct page *p, struct page *q, int nr_data)
{
	void **pointers = rbio->finish_pointers;

	if (q)
		pointers[rbio->real_stripes - 1] = kmap_local_page(q);
	pointers[nr_data] = kmap_local_page(p);
	raid6_call.gen_syndrome(rbio->real_stripes, PAGE_SIZE, pointers);
	kunmap_local(pointers[nr_data]);
	if (q)
		kunmap_local(pointers[rbio->real_stripes - 1]);
}

void offsets_bad(void **p, struct page *a, struct page *b, int n)
{
	p[n + 1] = kmap_local_page(a);
	p[2 * n] = kmap_local_page(b);
	kunmap_local(p[n + 1]);
	kunmap_local(p[2 * n]);
}

void offsets_ok(void **p, struct page *a, struct page *b, int n)
{
	p[n + 1] = kmap_local_page(a);
	p[2 * n] = kmap_local_page(b);
	kunmap_local(p[2 * n]);
	kunmap_local(p[n + 1]);
}
