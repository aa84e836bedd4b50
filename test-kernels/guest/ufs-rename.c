// SPDX-License-Identifier: GPL-2.0
/*
 * Make a UFS1 image with /bin/mkufs, loop-mount it (ufstype=44bsd) and
 * move directories between two parents: ufs_rename() then holds the old
 * entry's folio (ufs_find_entry()) and the moved directory's ".." folio
 * (ufs_dotdot()), both mapped with kmap_local, at once.  6.12.118's
 * ufs_delete_entry() releases the first while the second is mapped.
 *
 * Then the tree it made is checked, mounted and again after a remount:
 * the entries of both parents, each moved directory's ".." and the
 * parents' link counts.
 *
 * Exit status: 0 when every step worked and the tree is as expected.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define IMAGE	"/tmp/ufs.img"
#define ROUNDS	16
#define NDIRS	4

static int attach(const char *image, char *dev, size_t len)
{
	int ctl, img, loop, n;

	ctl = open("/dev/loop-control", O_RDWR);
	if (ctl < 0) {
		perror("ufs-rename: /dev/loop-control");
		return -1;
	}
	n = ioctl(ctl, LOOP_CTL_GET_FREE);
	close(ctl);
	if (n < 0) {
		perror("ufs-rename: LOOP_CTL_GET_FREE");
		return -1;
	}
	snprintf(dev, len, "/dev/loop%d", n);
	img = open(image, O_RDWR);
	loop = open(dev, O_RDWR);
	if (img < 0 || loop < 0 || ioctl(loop, LOOP_SET_FD, img)) {
		fprintf(stderr, "ufs-rename: %s on %s: %s\n", image, dev,
			strerror(errno));
		return -1;
	}
	close(img);
	return loop;
}

static int make_image(void)
{
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execl("/bin/mkufs", "mkufs", "-s", "4", IMAGE, (char *)NULL);
		perror("ufs-rename: exec /bin/mkufs");
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "ufs-rename: mkufs failed\n");
		return -1;
	}
	return 0;
}

static int do_mount(const char *dev)
{
	if (mount(dev, "/mnt", "ufs", 0, "ufstype=44bsd") == 0)
		return 0;
	perror("ufs-rename: mount -t ufs -o ufstype=44bsd");
	return -1;
}

static int do_rename(const char *from, const char *to)
{
	if (rename(from, to) == 0)
		return 0;
	fprintf(stderr, "ufs-rename: %s -> %s: %s\n", from, to, strerror(errno));
	return -1;
}

/*
 * DIR must hold exactly the NAMES (a string of one-letter names, each
 * a directory whose ".." is DIR) besides "." and "..".
 */
static int check_dir(const char *dir, const char *names)
{
	char seen[32] = "", path[64];
	struct stat parent, st;
	struct dirent *de;
	unsigned int n = 0;
	DIR *d;

	if (stat(dir, &parent)) {
		fprintf(stderr, "ufs-rename: stat %s: %s\n", dir, strerror(errno));
		return -1;
	}
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "ufs-rename: opendir %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (strlen(de->d_name) != 1 || !strchr(names, de->d_name[0]) ||
		    strchr(seen, de->d_name[0]) || n + 1 >= sizeof(seen)) {
			fprintf(stderr, "ufs-rename: %s: unexpected entry '%s'\n",
				dir, de->d_name);
			closedir(d);
			return -1;
		}
		seen[n++] = de->d_name[0];
		snprintf(path, sizeof(path), "%s/%s/..", dir, de->d_name);
		if (stat(path, &st) || st.st_ino != parent.st_ino) {
			fprintf(stderr, "ufs-rename: %s is not %s\n", path, dir);
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	if (n != strlen(names)) {
		fprintf(stderr, "ufs-rename: %s holds '%s', expected '%s'\n",
			dir, seen, names);
		return -1;
	}
	if (parent.st_nlink != 2 + n) {
		fprintf(stderr, "ufs-rename: %s has %lu links, expected %u\n",
			dir, (unsigned long)parent.st_nlink, 2 + n);
		return -1;
	}
	return 0;
}

static int check_tree(const char *when)
{
	if (check_dir("/mnt", "ab") || check_dir("/mnt/a", "dfh") ||
	    check_dir("/mnt/b", "egt"))
		return -1;
	printf("ufs-rename: tree checked %s: a = {d f h}, b = {e g t}\n", when);
	return 0;
}

int main(void)
{
	static const char names[NDIRS + 1] = "defg";
	char from[32], to[32];
	char dev[32];
	int loop, i, j;

	if (make_image())
		return 1;
	loop = attach(IMAGE, dev, sizeof(dev));
	if (loop < 0)
		return 1;
	/* A writer on the device would make the mount fail with EBUSY. */
	close(loop);
	if (do_mount(dev))
		return 1;
	if (mkdir("/mnt/a", 0755) || mkdir("/mnt/b", 0755) ||
	    mkdir("/mnt/b/t", 0755)) {
		perror("ufs-rename: mkdir");
		return 1;
	}
	for (j = 0; j < NDIRS; j++) {
		snprintf(from, sizeof(from), "/mnt/a/%c", names[j]);
		if (mkdir(from, 0755)) {
			perror("ufs-rename: mkdir");
			return 1;
		}
	}
	for (i = 0; i < ROUNDS; i++) {
		/* Each directory to the other parent and back */
		for (j = 0; j < NDIRS; j++) {
			snprintf(from, sizeof(from), "/mnt/a/%c", names[j]);
			snprintf(to, sizeof(to), "/mnt/b/%c", names[j]);
			if (do_rename(from, to) || do_rename(to, from))
				return 1;
		}
		/* ... and over an empty directory of the other parent */
		if (mkdir("/mnt/b/x", 0755) ||
		    do_rename("/mnt/a/d", "/mnt/b/x") ||
		    do_rename("/mnt/b/x", "/mnt/a/d")) {
			perror("ufs-rename: over an empty directory");
			return 1;
		}
	}
	/* The final tree: e and g moved to b, h made in a. */
	if (do_rename("/mnt/a/e", "/mnt/b/e") ||
	    do_rename("/mnt/a/g", "/mnt/b/g") || mkdir("/mnt/a/h", 0755))
		return 1;
	if (check_tree("mounted"))
		return 1;
	if (umount("/mnt")) {
		perror("ufs-rename: umount");
		return 1;
	}
	/* Read back from the image: what ufs wrote, not the caches. */
	if (do_mount(dev) || check_tree("after a remount"))
		return 1;
	if (umount("/mnt")) {
		perror("ufs-rename: umount");
		return 1;
	}
	loop = open(dev, O_RDWR);
	if (loop >= 0)
		ioctl(loop, LOOP_CLR_FD, 0);
	printf("ufs-rename: %d rounds of directory moves between parents: ok\n",
	       ROUNDS);
	return 0;
}
