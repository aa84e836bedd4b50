/*
 * A branch that releases and leaves (an error exit) does not release on
 * the path that skips it: the mappings after it still nest.
 */
int exit_then_swap(struct page *p, struct page *q, int err)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);

	if (err) {
		kunmap_local(b);
		kunmap_local(a);
		return err;
	}
	kunmap_local(a);
	kunmap_local(b);
	return 0;
}

int exit_then_map(struct page *p, struct page *q, int err)
{
	char *a = kmap_local_page(p);
	char *b;

	if (err) {
		kunmap_local(a);
		goto out;
	}
	b = kmap_local_page(q);
	kunmap_local(a);
	kunmap_local(b);
out:
	return err;
}

/* The same exits, released in order: silent. */
int exit_ok(struct page *p, struct page *q, int err)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);

	if (err) {
		kunmap_local(b);
		kunmap_local(a);
		return err;
	}
	kunmap_local(b);
	kunmap_local(a);
	return 0;
}

/* A release under a test of the handle itself holds: silent. */
void null_tests_ok(struct page *p, struct page *q)
{
	char *a = kmap_local_page(p);
	char *b = kmap_local_page(q);

	if (b)
		kunmap_local(b);
	if (a)
		kunmap_local(a);
}
