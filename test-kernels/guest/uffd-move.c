// SPDX-License-Identifier: GPL-2.0
/*
 * Reproducer for the kmap_local LIFO bug in move_pages_pte()
 * (mm/userfaultfd.c): UFFDIO_MOVE of populated anonymous pages.
 *
 * With CONFIG_HIGHPTE the source and destination PTE pages are both
 * mapped with kmap_local; releasing them in the wrong order warns in
 * kunmap_local_indexed().  The two areas sit in different PMDs, so two
 * different PTE pages are mapped, and the pages are moved back and forth
 * so that every round goes through the populated-page path.
 *
 * Exit status: 0 when the data arrived intact, 1 on error, 4 (kselftest
 * skip) when the kernel lacks UFFDIO_MOVE.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/userfaultfd.h>

#define NR_PAGES	64
#define ROUNDS		8
#define AREA_GAP	(4UL << 20)
#define KSFT_SKIP	4

static long page_size;

static int uffd_open(void)
{
	struct uffdio_api api = {
		.api = UFFD_API,
		.features = UFFD_FEATURE_MOVE,
	};
	int fd;

	fd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		perror("uffd-move: userfaultfd");
		exit(1);
	}
	if (ioctl(fd, UFFDIO_API, &api)) {
		perror("uffd-move: UFFDIO_API with UFFD_FEATURE_MOVE");
		exit(KSFT_SKIP);
	}
	return fd;
}

static void uffd_register(int fd, char *addr, size_t len)
{
	struct uffdio_register reg = {
		.range = { .start = (uintptr_t)addr, .len = len },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};

	if (ioctl(fd, UFFDIO_REGISTER, &reg)) {
		perror("uffd-move: UFFDIO_REGISTER");
		exit(1);
	}
	if (!(reg.ioctls & (1ULL << _UFFDIO_MOVE))) {
		fprintf(stderr, "uffd-move: range does not offer UFFDIO_MOVE\n");
		exit(KSFT_SKIP);
	}
}

static void fill(char *area)
{
	int i;

	for (i = 0; i < NR_PAGES; i++)
		memset(area + i * page_size, i & 0xff, page_size);
}

static int check(const char *area, int round)
{
	int i;
	long j;

	for (i = 0; i < NR_PAGES; i++)
		for (j = 0; j < page_size; j++)
			if (area[i * page_size + j] != (char)(i & 0xff)) {
				fprintf(stderr,
					"uffd-move: round %d: page %d byte %ld wrong\n",
					round, i, j);
				return -1;
			}
	return 0;
}

static void uffd_move(int fd, char *dst, char *src, size_t len)
{
	struct uffdio_move mv = {
		.dst = (uintptr_t)dst,
		.src = (uintptr_t)src,
		.len = len,
	};

	if (ioctl(fd, UFFDIO_MOVE, &mv) || mv.move != (__s64)len) {
		fprintf(stderr, "uffd-move: UFFDIO_MOVE: %s (moved %lld of %zu)\n",
			strerror(errno), (long long)mv.move, len);
		exit(1);
	}
}

int main(void)
{
	size_t len, map_len;
	char *map, *a, *b;
	int fd, round;

	page_size = sysconf(_SC_PAGESIZE);
	len = NR_PAGES * page_size;
	map_len = 3 * AREA_GAP;

	map = mmap(NULL, map_len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		perror("uffd-move: mmap");
		return 1;
	}
	/* Two areas in different PMDs, hence different PTE pages. */
	a = (char *)(((uintptr_t)map + AREA_GAP - 1) & ~(AREA_GAP - 1));
	b = a + AREA_GAP;

	/* Populate before registering: a missing-page fault would block. */
	fill(a);
	fd = uffd_open();
	uffd_register(fd, a, len);
	uffd_register(fd, b, len);

	for (round = 0; round < ROUNDS; round++) {
		char *src = round & 1 ? b : a;
		char *dst = round & 1 ? a : b;

		uffd_move(fd, dst, src, len);
		if (check(dst, round))
			return 1;
	}
	printf("uffd-move: %d rounds of UFFDIO_MOVE of %d populated pages, data intact\n",
	       ROUNDS, NR_PAGES);
	return 0;
}
