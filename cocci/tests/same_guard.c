/*
 * A mapping made under a condition and released under the same one
 * (zram_write_page(): if (comp_len == PAGE_SIZE) src = kmap_local_page()
 * ... if (comp_len == PAGE_SIZE) kunmap_local(src)): the release is made
 * wherever the mapping was, unless the function calls something in the
 * condition or changes what it tests in between.
 */
int write_ok(struct zs_pool *pool, unsigned long handle, struct page *page,
	     void *buf, unsigned int len)
{
	void *src, *dst;

	dst = zs_map_object(pool, handle, ZS_MM_WO);
	src = buf;
	if (len == PAGE_SIZE)
		src = kmap_local_page(page);
	memcpy(dst, src, len);
	if (len == PAGE_SIZE)
		kunmap_local(src);
	zs_unmap_object(pool, handle);
	return 0;
}

/* The same in blocks. */
int write_block_ok(struct zs_pool *pool, unsigned long handle, struct page *page,
		   void *buf, unsigned int len)
{
	void *src = buf, *dst;

	dst = zs_map_object(pool, handle, ZS_MM_WO);
	if (len == PAGE_SIZE) {
		src = kmap_local_page(page);
		flush_dcache_page(page);
	}
	memcpy(dst, src, len);
	if (len == PAGE_SIZE) {
		kunmap_local(src);
	}
	zs_unmap_object(pool, handle);
	return 0;
}

/* The condition changes in between: undecided. */
int write_changed(struct zs_pool *pool, unsigned long handle, struct page *page,
		  void *buf, unsigned int len)
{
	void *src, *dst;

	dst = zs_map_object(pool, handle, ZS_MM_WO);
	src = buf;
	if (len == PAGE_SIZE)
		src = kmap_local_page(page);
	len = memcpy_len(dst, src, len);
	if (len == PAGE_SIZE)
		kunmap_local(src);
	zs_unmap_object(pool, handle);
	return 0;
}

/* A call in the condition: undecided. */
int write_call(struct zs_pool *pool, unsigned long handle, struct page *page,
	       void *buf, unsigned int len)
{
	void *src, *dst;

	dst = zs_map_object(pool, handle, ZS_MM_WO);
	src = buf;
	if (huge(len))
		src = kmap_local_page(page);
	memcpy(dst, src, len);
	if (huge(len))
		kunmap_local(src);
	zs_unmap_object(pool, handle);
	return 0;
}

/* The outer mapping released first: reported. */
int write_bad(struct zs_pool *pool, unsigned long handle, struct page *page,
	      void *buf, unsigned int len)
{
	void *src, *dst;

	dst = zs_map_object(pool, handle, ZS_MM_WO);
	src = buf;
	if (len == PAGE_SIZE)
		src = kmap_local_page(page);
	memcpy(dst, src, len);
	zs_unmap_object(pool, handle);
	if (len == PAGE_SIZE)
		kunmap_local(src);
	return 0;
}

/* A field in the condition, which a call may change: undecided. */
int write_field(struct zs_pool *pool, unsigned long handle, struct page *page,
		struct wctx *w)
{
	void *src, *dst;

	dst = zs_map_object(pool, handle, ZS_MM_WO);
	src = w->buf;
	if (w->huge)
		src = kmap_local_page(page);
	advance(w, dst, src);
	if (w->huge)
		kunmap_local(src);
	zs_unmap_object(pool, handle);
	return 0;
}
