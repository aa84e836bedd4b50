/*
 * An array of a parameter mapped in a loop by one function and released
 * in a loop by another (btrfs raid56 keeps its pointers in rbio): the
 * caller that calls both, or maps or releases in a loop of its own, must
 * release in the other direction.  A helper that releases in the loop
 * that maps leaves nothing stacked.
 */
struct ctx { void *ptrs[8]; struct page *pages[8]; int n; };

static void map_all(struct ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		c->ptrs[i] = kmap_local_page(c->pages[i]);
}

static void unmap_up(struct ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		kunmap_local(c->ptrs[i]);
}

static void unmap_down(struct ctx *c)
{
	int i;

	for (i = c->n - 1; i >= 0; i--)
		kunmap_local(c->ptrs[i]);
}

/* Maps through map_all() and releases by itself: its callers hold nothing. */
static void map_and_release_ok(struct ctx *c)
{
	map_all(c);
	xor_blocks(c->n, c->ptrs);
	unmap_down(c);
}

void helpers_bad(struct ctx *c)
{
	map_all(c);
	xor_blocks(c->n, c->ptrs);
	unmap_up(c);
}

void helpers_ok(struct ctx *c)
{
	map_all(c);
	xor_blocks(c->n, c->ptrs);
	unmap_down(c);
}

void own_map_bad(struct ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++)
		c->ptrs[i] = kmap_local_page(c->pages[i]);
	xor_blocks(c->n, c->ptrs);
	unmap_up(c);
}

void own_release_bad(struct ctx *c)
{
	int i;

	map_all(c);
	xor_blocks(c->n, c->ptrs);
	for (i = 0; i < c->n; i++)
		kunmap_local(c->ptrs[i]);
}

void own_release_ok(struct ctx *c)
{
	int i;

	map_all(c);
	xor_blocks(c->n, c->ptrs);
	for (i = c->n - 1; i >= 0; i--)
		kunmap_local(c->ptrs[i]);
}

/* Each element released in the loop that maps it. */
void each_ok(struct ctx *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		c->ptrs[i] = kmap_local_page(c->pages[i]);
		clear_page(c->ptrs[i]);
		kunmap_local(c->ptrs[i]);
	}
	unmap_up(c);
}

void nested_ok(struct ctx *c)
{
	map_and_release_ok(c);
	unmap_up(c);
}

/* The array further down the structure: w->c->ptrs[]. */
struct wrap { struct ctx *c; };

static void wrap_map(struct wrap *w)
{
	int i;

	for (i = 0; i < w->c->n; i++)
		w->c->ptrs[i] = kmap_local_page(w->c->pages[i]);
}

void wrap_bad(struct wrap *w)
{
	int i;

	wrap_map(w);
	for (i = 0; i < w->c->n; i++)
		kunmap_local(w->c->ptrs[i]);
}
