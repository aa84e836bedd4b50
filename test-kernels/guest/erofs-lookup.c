// SPDX-License-Identifier: GPL-2.0
/*
 * Loop-mount the erofs image /erofs.img (made on the host by
 * mkfs.erofs: a directory /d of ENTRIES empty files, several blocks of
 * entries) and look each name up: erofs_find_target_block()'s binary
 * search over the directory's blocks then keeps a candidate block
 * mapped with kmap_local while it maps the next.
 *
 * Exit status: 0 when every name is found and a missing one is not.
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

/* As test-kernels/lib/BootGuest.pm names them. */
#define ENTRIES	600
#define NAME	"/mnt/d/entry-%03d-padding-to-make-the-name-long"

static int attach(const char *image, char *dev, size_t len)
{
	int ctl, img, loop, n;

	ctl = open("/dev/loop-control", O_RDWR);
	if (ctl < 0) {
		perror("erofs-lookup: /dev/loop-control");
		return -1;
	}
	n = ioctl(ctl, LOOP_CTL_GET_FREE);
	close(ctl);
	if (n < 0) {
		perror("erofs-lookup: LOOP_CTL_GET_FREE");
		return -1;
	}
	snprintf(dev, len, "/dev/loop%d", n);
	img = open(image, O_RDONLY);
	loop = open(dev, O_RDONLY);
	if (img < 0 || loop < 0 || ioctl(loop, LOOP_SET_FD, img)) {
		fprintf(stderr, "erofs-lookup: %s on %s: %s\n", image, dev,
			strerror(errno));
		if (loop >= 0)
			close(loop);
		loop = -1;
	}
	if (img >= 0)
		close(img);
	return loop;
}

int main(void)
{
	struct stat st;
	char dev[32], name[128];
	int loop, i, found = 0;

	loop = attach("/erofs.img", dev, sizeof(dev));
	if (loop < 0)
		return 1;
	if (mount(dev, "/mnt", "erofs", MS_RDONLY, NULL)) {
		perror("erofs-lookup: mount");
		return 1;
	}
	/* From the last name down: each search ends in a late block. */
	for (i = ENTRIES; i >= 1; i--) {
		snprintf(name, sizeof(name), NAME, i);
		if (stat(name, &st) == 0)
			found++;
		else
			fprintf(stderr, "erofs-lookup: %s: %s\n", name, strerror(errno));
	}
	snprintf(name, sizeof(name), NAME, ENTRIES + 1);
	if (stat(name, &st) == 0 || errno != ENOENT) {
		fprintf(stderr, "erofs-lookup: %s: found, or not ENOENT\n", name);
		return 1;
	}
	if (umount("/mnt")) {
		perror("erofs-lookup: umount");
		return 1;
	}
	ioctl(loop, LOOP_CLR_FD, 0);
	close(loop);
	printf("erofs-lookup: %d of %d names found: %s\n", found, ENTRIES,
	       found == ENTRIES ? "ok" : "FAILED");
	return found == ENTRIES ? 0 : 1;
}
