/* The callers of out-dir.c's helpers in another file (ext2_rename()). */
int od_rename_bad(struct inode *old_dir, struct inode *inode, const char *name)
{
	struct page *old_page, *dir_page;
	void *old_addr, *dir_addr;
	struct od_entry *old_de, *dir_de;

	old_de = od_find_entry(old_dir, name, &old_page, &old_addr);
	if (!old_de)
		return -ENOENT;
	dir_de = od_dotdot(inode, &dir_page, &dir_addr);
	if (!dir_de)
		goto out_old;
	od_put_page(old_page, old_addr);
	od_put_page(dir_page, dir_addr);
	return 0;
out_old:
	od_put_page(old_page, old_addr);
	return -EIO;
}

int od_rename_ok(struct inode *old_dir, struct inode *inode, const char *name)
{
	struct page *old_page, *dir_page;
	void *old_addr, *dir_addr;
	struct od_entry *old_de, *dir_de;

	old_de = od_find_entry(old_dir, name, &old_page, &old_addr);
	if (!old_de)
		return -ENOENT;
	dir_de = od_dotdot(inode, &dir_page, &dir_addr);
	if (!dir_de)
		goto out_old;
	od_put_page(dir_page, dir_addr);
	od_put_page(old_page, old_addr);
	return 0;
out_old:
	od_put_page(old_page, old_addr);
	return -EIO;
}
