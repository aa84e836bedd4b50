/*
 * The outer mapping released in an if block (no else, no exit) that maps
 * the inner one first (a dm-crypt crypt_iv_elephant() shape): the path
 * into the block holds both, so the release there breaks the order.
 */
/* outer released inside a non-exiting, else-less if block that also maps
 * the inner; the other path releases it under a second test: no leak */
void block_bad(struct page *p, struct page *q, int w, char *b)
{
	char *data, *data2;

	data = kmap_local_page(p);
	if (w) {
		data2 = kmap_local_page(q);
		memcpy(data, data2, 16);
		kunmap_local(data);
		kunmap_local(data2);
	}
	if (!w) {
		b[0] = data[0];
		kunmap_local(data);
	}
}

/* same, with a flag */
void block_flag_bad(struct page *p, struct page *q, int w, char *b)
{
	char *data, *data2;
	bool done = false;

	data = kmap_local_page(p);
	if (w) {
		data2 = kmap_local_page(q);
		memcpy(data, data2, 16);
		kunmap_local(data);
		kunmap_local(data2);
		done = true;
	}
	if (!done)
		kunmap_local(data);
}

/* outer released inside a non-exiting, else-less if block that also maps
 * the inner; the other path releases it under a second test: no leak */
void block_ok(struct page *p, struct page *q, int w, char *b)
{
	char *data, *data2;

	data = kmap_local_page(p);
	if (w) {
		data2 = kmap_local_page(q);
		memcpy(data, data2, 16);
		kunmap_local(data2);
		kunmap_local(data);
	}
	if (!w) {
		b[0] = data[0];
		kunmap_local(data);
	}
}
