/* Released in an order the rules cannot tell (a permutation): undecided. */
void f(struct page **pages, void **ptrs, const int *order, int n)
{
	int i;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	use(ptrs);
	for (i = 0; i < n; i++)
		kunmap_local(ptrs[order[i]]);
}

/* Released by a helper of another file: undecided too. */
void g(struct page **pages, void **ptrs, int n)
{
	int i;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	release_all(ptrs, n);
}

/* The same, the helper given a cast of the array after an #ifdef block. */
void h(struct page **pages, void **ptrs, int n)
{
	int i;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
#ifdef CONFIG_FOO
	pr_debug("mapped %d\n", n);
#endif
	release_all((const void **)ptrs, n);
}
