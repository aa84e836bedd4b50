/*
 * Helpers that map through an out-parameter: ext2_get_page() of 6.1
 * ("*page_addr = kmap_local_folio(...)", and ext2_find_entry() passing
 * its own on), follow_pte() of 6.1 ("*ptepp = ptep").  The caller holds
 * what the parameter points to.  Where the call says it failed (!de),
 * nothing was mapped.
 */
static struct page *get_page_mapped(struct inode *dir, unsigned long n, void **page_addr)
{
	struct folio *folio = read_mapping_folio(dir->i_mapping, n, NULL);

	if (IS_ERR(folio))
		return &folio->page;
	*page_addr = kmap_local_folio(folio, 0);
	if (!check(folio)) {
		put_page_mapped(&folio->page, *page_addr);
		return ERR_PTR(-EIO);
	}
	return &folio->page;
}

static void put_page_mapped(struct page *page, void *page_addr)
{
	kunmap_local(page_addr);
	put_page(page);
}

static struct entry *find_entry(struct inode *dir, struct page **res_page, void **res_addr)
{
	struct page *page = get_page_mapped(dir, 0, res_addr);

	if (IS_ERR(page))
		return NULL;
	*res_page = page;
	return (struct entry *)*res_addr;
}

/* ext2_dotdot() of 6.1: its own local given, then stored. */
static struct entry *dotdot(struct inode *dir, struct page **p, void **pa)
{
	void *page_addr;
	struct page *page = get_page_mapped(dir, 0, &page_addr);
	struct entry *de = NULL;

	if (!IS_ERR(page)) {
		de = (struct entry *)page_addr;
		*p = page;
		*pa = page_addr;
	}
	return de;
}

static int lookup_pte(struct mm_struct *mm, pmd_t *pmd, unsigned long address, pte_t **ptepp, spinlock_t **ptlp)
{
	pte_t *ptep;

	ptep = pte_offset_map_lock(mm, pmd, address, ptlp);
	if (!pte_present(*ptep))
		goto unlock;
	*ptepp = ptep;
	return 0;
unlock:
	pte_unmap_unlock(ptep, *ptlp);
	return -EINVAL;
}

int rename_bad(struct inode *old_dir, struct inode *dir)
{
	struct page *old_page, *dir_page;
	void *old_addr, *dir_addr;
	struct entry *old_de, *dir_de;

	old_de = find_entry(old_dir, &old_page, &old_addr);
	if (!old_de)
		return -ENOENT;
	dir_de = dotdot(dir, &dir_page, &dir_addr);
	if (!dir_de)
		goto out_old;
	kunmap_local(old_addr);
	kunmap_local(dir_addr);
	return 0;
out_old:
	kunmap_local(old_addr);
	return -EIO;
}

int rename_ok(struct inode *old_dir, struct inode *dir)
{
	struct page *old_page, *dir_page;
	void *old_addr, *dir_addr;
	struct entry *old_de, *dir_de;

	old_de = find_entry(old_dir, &old_page, &old_addr);
	if (!old_de)
		return -ENOENT;
	dir_de = dotdot(dir, &dir_page, &dir_addr);
	if (!dir_de)
		goto out_old;
	kunmap_local(dir_addr);
	kunmap_local(old_addr);
	return 0;
out_old:
	kunmap_local(old_addr);
	return -EIO;
}

int pte_bad(struct mm_struct *mm, pmd_t *pmd, unsigned long a, struct page *page)
{
	pte_t *ptep;
	spinlock_t *ptl;
	void *kaddr;

	if (lookup_pte(mm, pmd, a, &ptep, &ptl))
		return -EINVAL;
	kaddr = kmap_local_page(page);
	use(ptep, kaddr);
	pte_unmap_unlock(ptep, ptl);
	kunmap_local(kaddr);
	return 0;
}

int pte_ok(struct mm_struct *mm, pmd_t *pmd, unsigned long a, struct page *page)
{
	pte_t *ptep;
	spinlock_t *ptl;
	void *kaddr;

	if (lookup_pte(mm, pmd, a, &ptep, &ptl))
		return -EINVAL;
	kaddr = kmap_local_page(page);
	use(ptep, kaddr);
	kunmap_local(kaddr);
	pte_unmap_unlock(ptep, ptl);
	return 0;
}

/*
 * ext2_rename() of 6.1: ".." looked up only for a directory, released
 * where the lookup's result says it was found.
 */
int rename_dir_ok(struct inode *old_dir, struct inode *inode)
{
	struct page *old_page, *dir_page = NULL;
	void *old_addr, *dir_addr;
	struct entry *old_de, *dir_de = NULL;

	old_de = find_entry(old_dir, &old_page, &old_addr);
	if (!old_de)
		return -ENOENT;
	if (is_dir(inode)) {
		dir_de = dotdot(inode, &dir_page, &dir_addr);
		if (!dir_de)
			goto out_old;
	}
	if (dir_de)
		kunmap_local(dir_addr);
	kunmap_local(old_addr);
	return 0;
out_old:
	kunmap_local(old_addr);
	return -EIO;
}

int rename_dir_bad(struct inode *old_dir, struct inode *inode)
{
	struct page *old_page, *dir_page = NULL;
	void *old_addr, *dir_addr;
	struct entry *old_de, *dir_de = NULL;

	old_de = find_entry(old_dir, &old_page, &old_addr);
	if (!old_de)
		return -ENOENT;
	if (is_dir(inode)) {
		dir_de = dotdot(inode, &dir_page, &dir_addr);
		if (!dir_de)
			goto out_old;
	}
	kunmap_local(old_addr);
	if (dir_de)
		kunmap_local(dir_addr);
	return 0;
out_old:
	kunmap_local(old_addr);
	return -EIO;
}
