// SPDX-License-Identifier: GPL-2.0
/*
 * Exercise the other paths that hold two kmap_local mappings at once on a
 * CONFIG_HIGHPTE kernel, and check the data survives each of them:
 *   mremap: move_ptes() maps the old and the new PTE page;
 *   fork:   copy_pte_range() maps the child's and the parent's PTE page;
 *   cow:    wp_page_copy() copies a page inside a PTE mapping.
 *
 * Exit status: 0 when every path kept the data intact, 1 otherwise.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>

#define NR_PAGES	64
#define AREA_GAP	(4UL << 20)

static long page_size;

static void fill(char *area, int seed)
{
	int i;

	for (i = 0; i < NR_PAGES; i++)
		memset(area + i * page_size, (i + seed) & 0xff, page_size);
}

static int check(const char *what, const char *area, int seed)
{
	int i;

	for (i = 0; i < NR_PAGES; i++) {
		const char *p = area + i * page_size;

		if (p[0] != (char)((i + seed) & 0xff) ||
		    p[page_size - 1] != (char)((i + seed) & 0xff)) {
			fprintf(stderr, "mm-paths: %s: page %d wrong\n", what, i);
			return -1;
		}
	}
	return 0;
}

static char *map_area(size_t len)
{
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mm-paths: mmap");
		exit(1);
	}
	return p;
}

static int test_mremap(void)
{
	size_t len = NR_PAGES * page_size;
	char *src, *dst, *moved;

	src = map_area(len);
	dst = map_area(len + 2 * AREA_GAP);
	dst = (char *)(((uintptr_t)dst + AREA_GAP - 1) & ~(AREA_GAP - 1));
	fill(src, 1);
	moved = mremap(src, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, dst);
	if (moved == MAP_FAILED) {
		perror("mm-paths: mremap");
		return -1;
	}
	return check("mremap", moved, 1);
}

static int test_fork_cow(void)
{
	size_t len = NR_PAGES * page_size;
	int status;
	char *area;
	pid_t pid;

	area = map_area(len);
	fill(area, 2);
	pid = fork();
	if (pid < 0) {
		perror("mm-paths: fork");
		return -1;
	}
	if (pid == 0) {
		if (check("fork (child)", area, 2))
			_exit(1);
		fill(area, 3);
		_exit(check("cow (child)", area, 3) ? 1 : 0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return -1;
	if (check("cow (parent keeps its copy)", area, 2))
		return -1;
	fill(area, 4);
	return check("cow (parent)", area, 4);
}

int main(void)
{
	int ret = 0;

	page_size = sysconf(_SC_PAGESIZE);
	if (test_mremap())
		ret = 1;
	else
		printf("mm-paths: mremap of %d populated pages: ok\n", NR_PAGES);
	if (test_fork_cow())
		ret = 1;
	else
		printf("mm-paths: fork and copy-on-write of %d pages: ok\n",
		       NR_PAGES);
	return ret;
}
