/* A worker that never returns: the nest inside its loop is still found. */
void worker(struct page *a, struct page *b)
{
	char *src, *dst;

	for (;;) {
		src = kmap_local_page(a);
		dst = kmap_local_page(b);
		copy(dst, src);
		kunmap_local(src);
		kunmap_local(dst);
		schedule();
	}
}
