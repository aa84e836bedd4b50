/*
 * Directory helpers as in fs/ufs: find_entry() maps a folio, walks it in
 * a loop and returns the entry with the folio mapped (the folio through
 * an out-parameter); delete_entry() releases as a side effect.  Their
 * callers nest what they map.
 */
static void *dir_get_folio(struct inode *dir, unsigned long n,
			   struct folio **foliop)
{
	struct folio *folio = read_mapping_folio(dir->i_mapping, n, NULL);

	if (IS_ERR(folio))
		return ERR_CAST(folio);
	*foliop = folio;
	return kmap_local_folio(folio, 0);
}

struct dir_entry *dir_find_entry(struct inode *dir, const char *name,
				 struct folio **foliop)
{
	unsigned long n;
	struct dir_entry *de;

	for (n = 0; n < dir_pages(dir); n++) {
		char *kaddr = dir_get_folio(dir, n, foliop);

		if (IS_ERR(kaddr))
			continue;
		de = (struct dir_entry *)kaddr;
		while ((char *)de < kaddr + PAGE_SIZE) {
			if (dir_match(de, name))
				goto found;
			de = dir_next_entry(de);
		}
		folio_release_kmap(*foliop, kaddr);
	}
	return NULL;
found:
	return de;
}

struct dir_entry *dir_dotdot(struct inode *dir, struct folio **foliop)
{
	struct dir_entry *de = dir_get_folio(dir, 0, foliop);

	if (!IS_ERR(de))
		return dir_next_entry(de);
	return NULL;
}

int dir_delete_entry(struct inode *inode, struct dir_entry *de,
		     struct folio *folio)
{
	int err = dir_commit(inode, de);

	folio_release_kmap(folio, de);
	return err;
}

/* The outer entry deleted (and released) while the inner is mapped. */
int dir_rename(struct inode *old_dir, const char *name, struct inode *inode)
{
	struct folio *old_folio, *dir_folio;
	struct dir_entry *old_de, *dir_de;

	old_de = dir_find_entry(old_dir, name, &old_folio);
	if (!old_de)
		return -ENOENT;
	dir_de = dir_dotdot(inode, &dir_folio);
	if (!dir_de) {
		folio_release_kmap(old_folio, old_de);
		return -EIO;
	}
	dir_delete_entry(old_dir, old_de, old_folio);
	folio_release_kmap(dir_folio, dir_de);
	return 0;
}

/* The same with the inner entry released first: silent. */
int dir_rename_ok(struct inode *old_dir, const char *name, struct inode *inode)
{
	struct folio *old_folio, *dir_folio;
	struct dir_entry *old_de, *dir_de;

	old_de = dir_find_entry(old_dir, name, &old_folio);
	if (!old_de)
		return -ENOENT;
	dir_de = dir_dotdot(inode, &dir_folio);
	if (!dir_de) {
		folio_release_kmap(old_folio, old_de);
		return -EIO;
	}
	folio_release_kmap(dir_folio, dir_de);
	dir_delete_entry(old_dir, old_de, old_folio);
	return 0;
}

/*
 * Releases through the start of the page it computes from the entry
 * (fs/ufs/dir.c ufs_delete_entry(): folio_release_kmap(folio, kaddr),
 * kaddr = (char *)dir - from): the folio it is given names the mapping.
 */
int dir_delete_at(struct inode *inode, struct dir_entry *de, struct folio *folio)
{
	char *kaddr = (char *)de - offset_in_folio(folio, de);
	int err = dir_commit(inode, de);

	folio_release_kmap(folio, kaddr);
	return err;
}

int dir_rename_at(struct inode *old_dir, const char *name, struct inode *inode)
{
	struct folio *old_folio, *dir_folio;
	struct dir_entry *old_de, *dir_de;

	old_de = dir_find_entry(old_dir, name, &old_folio);
	if (!old_de)
		return -ENOENT;
	dir_de = dir_dotdot(inode, &dir_folio);
	if (!dir_de) {
		folio_release_kmap(old_folio, old_de);
		return -EIO;
	}
	dir_delete_at(old_dir, old_de, old_folio);
	folio_release_kmap(dir_folio, dir_de);
	return 0;
}
