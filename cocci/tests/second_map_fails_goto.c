/* Error unwinding through labels; the NULL path skips the inner one. */
int pair(pmd_t *a, pmd_t *b, unsigned long addr)
{
	pte_t *s, *d;
	int ret = -EAGAIN;

	d = pte_offset_map(a, addr);
	if (!d)
		goto out;
	s = pte_offset_map(b, addr);
	if (!s)
		goto out_d;
	ret = compare(s, d);
	pte_unmap(s);
out_d:
	pte_unmap(d);
out:
	return ret;
}
