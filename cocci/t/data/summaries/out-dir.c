/* Out-parameter helpers, as fs/ext2/dir.c of 6.1 has them. */
static struct page *od_get_page(struct inode *dir, unsigned long n, void **page_addr)
{
	struct folio *folio = read_mapping_folio(dir->i_mapping, n, NULL);

	if (IS_ERR(folio))
		return &folio->page;
	*page_addr = kmap_local_folio(folio, 0);
	if (!od_check(folio))
		goto fail;
	return &folio->page;
fail:
	od_put_page(&folio->page, *page_addr);
	return ERR_PTR(-EIO);
}

void od_put_page(struct page *page, void *page_addr)
{
	kunmap_local(page_addr);
	put_page(page);
}

struct od_entry *od_find_entry(struct inode *dir, const char *name, struct page **res_page, void **res_addr)
{
	struct page *page = od_get_page(dir, 0, res_addr);

	if (IS_ERR(page))
		return NULL;
	*res_page = page;
	return od_match(*res_addr, name);
}

struct od_entry *od_dotdot(struct inode *dir, struct page **p, void **pa)
{
	void *page_addr;
	struct page *page = od_get_page(dir, 0, &page_addr);
	struct od_entry *de = NULL;

	if (!IS_ERR(page)) {
		de = od_next(page_addr);
		*p = page;
		*pa = page_addr;
	}
	return de;
}
