// SPDX-License-Identifier: GPL-2.0
/*
 * Make zsmalloc move objects: fill a zram disk with pages that compress
 * to many sizes (so objects of most size classes cross page boundaries),
 * free every other one, then ask zram to compact.  Compaction copies the
 * live objects with zs_object_copy(), which holds two kmap_atomic()
 * mappings and, for an object crossing a page, remaps both in its loop.
 *
 * Exit status: 0 when compaction moved pages and the data read back
 * intact, 1 otherwise.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/fs.h>
#include <sys/ioctl.h>

#define NR_PAGES	4096
#define PAGE		4096

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	int ok;

	if (fd < 0) {
		perror(path);
		return -1;
	}
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	if (!ok)
		perror(path);
	close(fd);
	return ok ? 0 : -1;
}

/* Page i: a random head of a length that varies with i, zeros after. */
static void fill(unsigned char *buf, int i)
{
	int len = 64 + (i * 37) % (PAGE - 128);
	unsigned int x = i * 2654435761u + 1;
	int j;

	memset(buf, 0, PAGE);
	for (j = 0; j < len; j++) {
		x = x * 1103515245 + 12345;
		buf[j] = x >> 16;
	}
	buf[0] = i;
	buf[1] = i >> 8;
}

static long compacted(void)
{
	long v[8] = { 0 };
	FILE *f = fopen("/sys/block/zram0/mm_stat", "r");

	if (!f)
		return -1;
	if (fscanf(f, "%ld %ld %ld %ld %ld %ld %ld", &v[0], &v[1], &v[2],
		   &v[3], &v[4], &v[5], &v[6]) != 7)
		v[6] = -1;
	fclose(f);
	return v[6];
}

int main(void)
{
	static unsigned char want[PAGE];
	unsigned long long range[2];
	int fd, i, bad = 0;
	unsigned char *buf;
	long moved;

	/* O_DIRECT wants aligned buffers */
	if (posix_memalign((void **)&buf, PAGE, PAGE))
		return 1;
	if (write_str("/sys/block/zram0/disksize", "32M"))
		return 1;
	fd = open("/dev/zram0", O_RDWR | O_DIRECT);
	if (fd < 0) {
		perror("zram-compact: /dev/zram0");
		return 1;
	}
	for (i = 0; i < NR_PAGES; i++) {
		fill(buf, i);
		if (pwrite(fd, buf, PAGE, (off_t)i * PAGE) != PAGE) {
			perror("zram-compact: write");
			return 1;
		}
	}
	for (i = 0; i < NR_PAGES; i += 2) {
		range[0] = (unsigned long long)i * PAGE;
		range[1] = PAGE;
		if (ioctl(fd, BLKDISCARD, range)) {
			perror("zram-compact: BLKDISCARD");
			return 1;
		}
	}
	if (write_str("/sys/block/zram0/compact", "1"))
		return 1;
	moved = compacted();
	for (i = 1; i < NR_PAGES; i += 2) {
		fill(want, i);
		if (pread(fd, buf, PAGE, (off_t)i * PAGE) != PAGE ||
		    memcmp(buf, want, PAGE))
			bad++;
	}
	close(fd);
	printf("zram-compact: %d pages, %ld pages compacted, %d read back wrong\n",
	       NR_PAGES, moved, bad);
	return moved > 0 && !bad ? 0 : 1;
}
