// SPDX-License-Identifier: GPL-2.0
/* drivers/x/user.c: the callers of lib/walk.c's and glue.c's helpers. */
#include <linux/highmem.h>
#include <linux/walk.h>

/* The walk's page released while the one mapped after it is held. */
void copy_bad(struct walk *w, struct page *dst)
{
	void *d;

	walk_map(w);
	d = kmap_local_page(dst);
	memcpy(d, w->addr, 64);
	walk_done(w);
	kunmap_local(d);
}

/* The same order kept: silent. */
void copy_ok(struct walk *w, struct page *dst)
{
	void *d;

	walk_map(w);
	d = kmap_local_page(dst);
	memcpy(d, w->addr, 64);
	kunmap_local(d);
	walk_done(w);
}

/* Released and mapped again while the inner page is held. */
void step_bad(struct walk *w, struct page *dst)
{
	void *d;

	walk_map(w);
	d = kmap_local_page(dst);
	walk_next(w);
	kunmap_local(d);
	walk_done(w);
}

/* Mapped through two levels of helpers in two files. */
void glue_bad(struct walk *w, struct page *dst)
{
	void *d;

	glue_start(w, 1);
	d = kmap_local_page(dst);
	walk_done(w);
	kunmap_local(d);
}

/* walk_peek() leaves nothing mapped: silent. */
void peek_ok(struct walk *w, struct page *dst)
{
	void *d;

	d = kmap_local_page(dst);
	walk_peek(w);
	kunmap_local(d);
}
