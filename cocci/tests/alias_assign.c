/* The inner mapping is released through an alias assigned on its own. */
int move_one(pmd_t *dst_pmd, pmd_t *src_pmd, unsigned long addr)
{
	pte_t *dst_pte, *src_pte, *orig_src_pte;

	dst_pte = pte_offset_map(dst_pmd, addr);
	src_pte = pte_offset_map(src_pmd, addr);
	orig_src_pte = src_pte;
	src_pte++;
	move_pte(dst_pte, orig_src_pte);
	pte_unmap(dst_pte);
	pte_unmap(orig_src_pte);
	return 0;
}

/* The same, released in order through the alias: silent. */
int move_one_ok(pmd_t *dst_pmd, pmd_t *src_pmd, unsigned long addr)
{
	pte_t *dst_pte, *src_pte, *orig_src_pte;

	dst_pte = pte_offset_map(dst_pmd, addr);
	src_pte = pte_offset_map(src_pmd, addr);
	orig_src_pte = src_pte;
	src_pte++;
	move_pte(dst_pte, orig_src_pte);
	pte_unmap(orig_src_pte);
	pte_unmap(dst_pte);
	return 0;
}
