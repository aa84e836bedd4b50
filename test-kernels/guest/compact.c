// SPDX-License-Identifier: GPL-2.0
/*
 * Make the kernel migrate anonymous highmem pages: fault in nearly all of
 * highmem (256 MiB of the 1 GiB guest; user pages go there first), free
 * every other page, then compact all zones through
 * /proc/sys/vm/compact_memory.  Migration copies each page with
 * copy_highpage(), which maps the source and the destination at once.
 *
 * Exit status: 0 when the data survived and pages were migrated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/mman.h>

#define NR_PAGES	(224 << 8)	/* 224 MiB */

static long read_vmstat(const char *key)
{
	char name[64];
	long v, found = -1;
	FILE *f = fopen("/proc/vmstat", "r");

	while (f && fscanf(f, "%63s %ld", name, &v) == 2)
		if (!strcmp(name, key))
			found = v;
	if (f)
		fclose(f);
	return found;
}

int main(void)
{
	long page = sysconf(_SC_PAGESIZE), before, after;
	int i, fd, bad = 0;
	char *area;

	area = mmap(NULL, NR_PAGES * page, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (area == MAP_FAILED) {
		perror("compact: mmap");
		return 1;
	}
	for (i = 0; i < NR_PAGES; i++)
		memset(area + i * page, i & 0xff, page);
	for (i = 0; i < NR_PAGES; i += 2)
		madvise(area + i * page, page, MADV_DONTNEED);
	before = read_vmstat("pgmigrate_success");
	if (before < 0) {
		printf("compact: no pgmigrate_success in /proc/vmstat (CONFIG_VM_EVENT_COUNTERS)\n");
		return 1;
	}
	fd = open("/proc/sys/vm/compact_memory", O_WRONLY);
	if (fd < 0 || write(fd, "1", 1) != 1) {
		perror("compact: /proc/sys/vm/compact_memory");
		return 1;
	}
	close(fd);
	after = read_vmstat("pgmigrate_success");
	for (i = 1; i < NR_PAGES; i += 2)
		if (area[i * page] != (char)(i & 0xff) ||
		    area[i * page + page - 1] != (char)(i & 0xff))
			bad++;
	printf("compact: %ld pages migrated, %d pages wrong\n",
	       after - before, bad);
	return after > before && !bad ? 0 : 1;
}
