/* Released in a loop whose order the rules cannot tell: undecided. */
void f(struct page **pages, void **ptrs, int n)
{
	int i = 0;

	for (i = 0; i < n; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	use(ptrs);
	while (i > 0) {
		kunmap_local(ptrs[n - i]);
		i--;
	}
}
