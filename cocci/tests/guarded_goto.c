/* The move_pages_pte() shape: guarded releases after a goto label. */
int move_ptes(pmd_t *dst_pmd, pmd_t *src_pmd, unsigned long addr)
{
	pte_t *src_pte = NULL, *dst_pte = NULL;
	int err = 0;

	dst_pte = pte_offset_map(dst_pmd, addr);
	if (unlikely(!dst_pte)) {
		err = -EAGAIN;
		goto out;
	}
	src_pte = pte_offset_map(src_pmd, addr);
	if (unlikely(!src_pte)) {
		err = -EAGAIN;
		goto out;
	}
	if (!pte_same(ptep_get(src_pte), ptep_get(dst_pte))) {
		err = -EAGAIN;
		goto out;
	}
	move_pte(dst_pte, src_pte);
out:
	if (dst_pte)
		pte_unmap(dst_pte);
	if (src_pte)
		pte_unmap(src_pte);
	return err;
}
