/* Released through an address inside the page. */
void copy_part(struct page *dst, struct page *src, size_t off)
{
	char *d = kmap_local_page(dst) + off;
	char *s;

	s = kmap_local_page(src);
	memcpy(d, s + off, 16);
	kunmap_local(d);
	kunmap_local(s + off);
}

/* Through the address of a member of what it maps (qxl's release_info). */
void member_addr(struct page *q, struct page *p)
{
	struct drawable *dr = kmap_local_page(q);
	char *s = kmap_local_page(p);

	memcpy(dr->data, s, 16);
	kunmap_local(&dr->info);
	kunmap_local(s);
}

/* The same in order: silent. */
void member_addr_ok(struct page *q, struct page *p)
{
	struct drawable *dr = kmap_local_page(q);
	char *s = kmap_local_page(p);

	memcpy(dr->data, s, 16);
	kunmap_local(s);
	kunmap_local(&dr->info);
}

/* A field copied from one to the other makes no alias of it: silent. */
void member_copy_ok(struct page *dp, struct page *sp)
{
	struct arr *s = kmap_local_page(sp);
	struct arr *d = kmap_local_page(dp);

	d->a = s->a;
	kunmap_local(&d->a);
	kunmap_local(&s->a);
}
