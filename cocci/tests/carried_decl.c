/*
 * The older mapping kept in a handle declared from the newer one's
 * (drivers/mmc/host/wbsd.c, wbsd_empty_fifo(): "char *old = buffer;"
 * would keep the last page while the next one is mapped), in a loop or
 * in straight-line code: releasing the older one first breaks the order.
 */
struct host { struct page *pg; int remain; };

void drain_bad(struct host *host)
{
	char *buffer = kmap_atomic(host->pg);

	while (more(host)) {
		buffer[0] = 1;
		if (--host->remain == 0) {
			char *old = buffer;

			if (!next_sg(host)) {
				kunmap_atomic(old);
				return;
			}
			buffer = kmap_atomic(host->pg);
			kunmap_atomic(old);
		}
	}
	kunmap_atomic(buffer);
}

/* The older page released before the next one is mapped: silent. */
void drain_ok(struct host *host)
{
	char *buffer = kmap_atomic(host->pg);

	while (more(host)) {
		buffer[0] = 1;
		if (--host->remain == 0) {
			char *old = buffer;

			kunmap_atomic(old);
			if (!next_sg(host))
				return;
			buffer = kmap_atomic(host->pg);
		}
	}
	kunmap_atomic(buffer);
}

void straight_bad(struct page *a, struct page *b)
{
	char *x, *old;

	x = kmap_atomic(a);
	old = x;
	x = kmap_atomic(b);
	kunmap_atomic(old);
	kunmap_atomic(x);
}

void straight_decl_bad(struct page *a, struct page *b)
{
	char *x = kmap_local_page(a);
	char *old = x;

	x = kmap_local_page(b);
	memcpy(x, old, 64);
	kunmap_local(old);
	kunmap_local(x);
}

void straight_ok(struct page *a, struct page *b)
{
	char *x, *old;

	x = kmap_atomic(a);
	old = x;
	x = kmap_atomic(b);
	kunmap_atomic(x);
	kunmap_atomic(old);
}

/* Correct straight-line code the main rule decides: silent here too. */
/* 1. The second page mapped only when the record crosses into it, and
 * released under the same test: correct on every feasible path. */
void cross_ok(struct page **pages, unsigned int off, unsigned int len)
{
	char *p, *first;
	bool cross = off + len > PAGE_SIZE;

	p = kmap_local_page(pages[0]);
	first = p;
	if (cross)
		p = kmap_local_page(pages[1]);
	consume(first, p);
	if (cross)
		kunmap_local(p);
	kunmap_local(first);
}

/* 2. Released under a test of the two handles. */
void cmp_ok(struct page **pages, unsigned int off, unsigned int len)
{
	char *p, *first;

	p = kmap_local_page(pages[0]);
	first = p;
	if (off + len > PAGE_SIZE)
		p = kmap_local_page(pages[1]);
	consume(first, p);
	if (p != first)
		kunmap_local(p);
	kunmap_local(first);
}

/* 3. The newer mapping released through a copy of its own. */
void copy_ok(struct page *a, struct page *b)
{
	char *x, *old, *cur;

	x = kmap_local_page(a);
	old = x;
	x = kmap_local_page(b);
	cur = x;
	memcpy(cur, old, 16);
	kunmap_local(cur);
	kunmap_local(old);
}

