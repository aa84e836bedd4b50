/* When the second map fails only the first is live. */
int pair(pmd_t *a, pmd_t *b, unsigned long addr)
{
	pte_t *s, *d;

	d = pte_offset_map(a, addr);
	if (!d)
		return -EAGAIN;
	s = pte_offset_map(b, addr);
	if (!s) {
		pte_unmap(d);
		return -EAGAIN;
	}
	pte_unmap(s);
	pte_unmap(d);
	return 0;
}
