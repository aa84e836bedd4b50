// SPDX-License-Identifier: GPL-2.0
/*
 * lib/walk.c of the summaries test: helpers other files call.  They
 * map or release a field of the walk they are passed.
 */
#include <linux/highmem.h>
#include <linux/walk.h>

void walk_map(struct walk *w)
{
	w->addr = kmap_local_page(w->page);
}

void walk_done(struct walk *w)
{
	kunmap_local(w->addr);
}

/* Releases the page it holds and maps the next one. */
void walk_next(struct walk *w)
{
	kunmap_local(w->addr);
	w->page++;
	w->addr = kmap_local_page(w->page);
}

/* Maps and releases its own field: neither for its callers. */
void walk_peek(struct walk *w)
{
	w->addr = kmap_local_page(w->page);
	w->sum += *(int *)w->addr;
	kunmap_local(w->addr);
}
