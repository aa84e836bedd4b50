/*
 * One of two live mappings is released and mapped again inside the loop
 * while the other stays mapped.
 */
void copy_stream(struct page **in, struct page *out, int n)
{
	char *s = kmap_local_page(in[0]);
	char *d = kmap_local_page(out);
	int i;

	for (i = 1; i < n; i++) {
		append(d, s);
		kunmap_local(s);
		s = kmap_local_page(in[i]);
	}
	kunmap_local(d);
	kunmap_local(s);
}

/* The inner mapping is the one that moves: silent. */
void copy_stream_ok(struct page *in, struct page **out, int n)
{
	char *s = kmap_local_page(in);
	char *d = kmap_local_page(out[0]);
	int i;

	for (i = 1; i < n; i++) {
		append(d, s);
		kunmap_local(d);
		d = kmap_local_page(out[i]);
	}
	kunmap_local(d);
	kunmap_local(s);
}
