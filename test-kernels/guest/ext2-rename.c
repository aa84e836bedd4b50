// SPDX-License-Identifier: GPL-2.0
/*
 * Loop-mount the ext2 image /ext2.img and move directories between two
 * parents: ext2_rename() then holds the old entry's folio and the moved
 * directory's ".." folio, both mapped with kmap_local, at once.
 *
 * Exit status: 0 when every rename worked and the tree is as expected.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>

#define ROUNDS	16

static int attach(const char *image, char *dev, size_t len)
{
	int ctl, img, loop, n;

	ctl = open("/dev/loop-control", O_RDWR);
	if (ctl < 0) {
		perror("ext2-rename: /dev/loop-control");
		return -1;
	}
	n = ioctl(ctl, LOOP_CTL_GET_FREE);
	close(ctl);
	if (n < 0) {
		perror("ext2-rename: LOOP_CTL_GET_FREE");
		return -1;
	}
	snprintf(dev, len, "/dev/loop%d", n);
	img = open(image, O_RDWR);
	loop = open(dev, O_RDWR);
	if (img < 0 || loop < 0 || ioctl(loop, LOOP_SET_FD, img)) {
		fprintf(stderr, "ext2-rename: %s on %s: %s\n", image, dev,
			strerror(errno));
		return -1;
	}
	close(img);
	return loop;
}

static int do_rename(const char *from, const char *to)
{
	if (rename(from, to) == 0)
		return 0;
	fprintf(stderr, "ext2-rename: %s -> %s: %s\n", from, to, strerror(errno));
	return -1;
}

int main(void)
{
	struct stat st;
	char dev[32];
	int loop, i;

	loop = attach("/ext2.img", dev, sizeof(dev));
	if (loop < 0)
		return 1;
	/* A writer on the device would make the mount fail with EBUSY. */
	close(loop);
	if (mount(dev, "/mnt", "ext2", 0, NULL)) {
		perror("ext2-rename: mount");
		return 1;
	}
	if (mkdir("/mnt/a", 0755) || mkdir("/mnt/b", 0755) ||
	    mkdir("/mnt/a/d", 0755) || mkdir("/mnt/b/t", 0755)) {
		perror("ext2-rename: mkdir");
		return 1;
	}
	for (i = 0; i < ROUNDS; i++) {
		/* A directory to another parent, then over an empty one. */
		if (do_rename("/mnt/a/d", "/mnt/b/d") ||
		    do_rename("/mnt/b/d", "/mnt/a/d") ||
		    mkdir("/mnt/b/e", 0755) ||
		    do_rename("/mnt/a/d", "/mnt/b/e") ||
		    do_rename("/mnt/b/e", "/mnt/a/d"))
			return 1;
	}
	if (stat("/mnt/a/d/..", &st) || stat("/mnt/b/t", &st)) {
		perror("ext2-rename: stat");
		return 1;
	}
	if (umount("/mnt")) {
		perror("ext2-rename: umount");
		return 1;
	}
	loop = open(dev, O_RDWR);
	if (loop >= 0)
		ioctl(loop, LOOP_CLR_FD, 0);
	printf("ext2-rename: %d rounds of directory moves between parents: ok\n",
	       ROUNDS);
	return 0;
}
