// SPDX-License-Identifier: GPL-2.0
/*
 * Use up highmem, so that the tests after this one get lowmem pages.
 *
 * A child process faults in anonymous memory (which the page allocator
 * takes from the HighMem zone first) until HighMem's free pages are at
 * or below its low watermark, where allocations go to the Normal zone
 * instead, and keeps it until the machine powers off.  Then the
 * watermarks are raised (vm.watermark_scale_factor): at the low
 * watermark, every page a process frees later would let an allocation
 * take a HighMem page again.  The parent prints what it did and exits
 * 0, so /init goes on with the next test.
 *
 * On a HIGHMEM kernel without kmap_local force map, kmap_local_page()
 * of a lowmem page is page_address(): no slot is taken, so a wrong
 * release order among the pages the next tests use does not warn.
 *
 * Exit status: 0 HighMem used up, 1 no HighMem zone or an error.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>

#define CHUNK		(1UL << 20)
#define MAX_CHUNKS	768
/* 10% of a zone between its watermarks (the default is 0.1%) */
#define SCALE		"1000"
#define SCALE_FILE	"/proc/sys/vm/watermark_scale_factor"

struct zone_info {
	long free;
	long low;
};

/* Free pages and low watermark of ZONE in /proc/zoneinfo; 0 if found. */
static int read_zone(const char *zone, struct zone_info *zi)
{
	char line[256], name[32];
	int in_zone = 0;
	FILE *f;
	long v;

	zi->free = -1;
	zi->low = -1;
	f = fopen("/proc/zoneinfo", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Node %*d, zone %31s", name) == 1) {
			if (in_zone)
				break;
			in_zone = !strcmp(name, zone);
			continue;
		}
		if (!in_zone)
			continue;
		if (sscanf(line, " pages free %ld", &v) == 1)
			zi->free = v;
		else if (sscanf(line, " low %ld", &v) == 1 && zi->low < 0)
			zi->low = v;
	}
	fclose(f);
	return zi->free >= 0 && zi->low >= 0 ? 0 : -1;
}

/* The child: allocate, report the MiB held on FD, then hold them. */
static void hog(int fd)
{
	struct zone_info hi;
	long held = 0;
	char *p;

	while (held < MAX_CHUNKS) {
		if (read_zone("HighMem", &hi))
			break;
		if (hi.free <= hi.low)
			break;
		p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			break;
		memset(p, 0x5a, CHUNK);
		held++;
	}
	if (write(fd, &held, sizeof(held)) != sizeof(held))
		_exit(1);
	close(fd);
	for (;;)
		pause();
}

int main(void)
{
	struct zone_info hi, lo;
	long held = -1;
	int fds[2], fd;
	pid_t pid;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (read_zone("HighMem", &hi)) {
		printf("highmem-hog: no HighMem zone in /proc/zoneinfo\n");
		return 1;
	}
	printf("highmem-hog: HighMem free %ld pages (low %ld) before\n",
	       hi.free, hi.low);
	if (pipe(fds)) {
		printf("highmem-hog: pipe: %s\n", strerror(errno));
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		printf("highmem-hog: fork: %s\n", strerror(errno));
		return 1;
	}
	if (pid == 0) {
		close(fds[0]);
		hog(fds[1]);
	}
	close(fds[1]);
	if (read(fds[0], &held, sizeof(held)) != sizeof(held)) {
		printf("highmem-hog: the child died before it was done\n");
		return 1;
	}
	fd = open(SCALE_FILE, O_WRONLY);
	if (fd < 0 || write(fd, SCALE, strlen(SCALE)) != strlen(SCALE)) {
		printf("highmem-hog: %s: %s\n", SCALE_FILE, strerror(errno));
		kill(pid, SIGKILL);
		return 1;
	}
	close(fd);
	if (read_zone("HighMem", &hi) || read_zone("Normal", &lo)) {
		printf("highmem-hog: /proc/zoneinfo unreadable\n");
		return 1;
	}
	printf("highmem-hog: holding %ld MiB; watermark_scale_factor %s: HighMem free %ld pages (low %ld), Normal free %ld pages (low %ld)\n",
	       held, SCALE, hi.free, hi.low, lo.free, lo.low);
	if (hi.free > hi.low / 2) {
		printf("highmem-hog: HighMem is not used up\n");
		kill(pid, SIGKILL);
		return 1;
	}
	return 0;
}
