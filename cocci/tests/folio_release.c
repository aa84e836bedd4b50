/* folio_release_kmap() releases a mapping too. */
void copy_folio_head(struct folio *folio, struct page *page)
{
	char *src = kmap_local_folio(folio, 0);
	char *dst = kmap_local_page(page);

	memcpy(dst, src, 64);
	folio_release_kmap(folio, src);
	kunmap_local(dst);
}
