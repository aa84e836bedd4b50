// SPDX-License-Identifier: GPL-2.0
/*
 * mkufs: write a UFS1 file system (4.4BSD layout, "mount -t ufs -o
 * ufstype=44bsd") with one cylinder group and an empty root directory.
 * Debian has no mkfs for UFS; the ufs-rename boot test makes its image
 * with this, in the guest, and test-kernels/t/mkufs.t checks what it
 * writes on the host.
 *
 *   mkufs [-s MIB] FILE      MIB: 1 to 32 (default 4)
 *
 * The layout follows the on-disk format of fs/ufs/ufs_fs.h (what
 * ufs_fill_super() and ufs_read_cylinder_structures() read): all
 * numbers little-endian, 8 KiB blocks of eight 1 KiB fragments, one
 * cylinder per MiB, one rotational position, no cluster summary.
 *
 *   fragment  0      boot area (8 KiB)
 *             8      superblock (byte 8192, 2 KiB used of 8 KiB)
 *             24     cylinder group block
 *             32     inodes (128 per MiB, 128 bytes each)
 *             DATA   cylinder group summary (one fragment)
 *             DATA+1 root directory (512 bytes: "." and "..")
 *
 * Exit status: 0 written, 1 an I/O error, 2 bad arguments.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BSIZE		8192	/* block */
#define FSIZE		1024	/* fragment */
#define FRAG		(BSIZE / FSIZE)
#define SECTOR		512
#define NSPF		(FSIZE / SECTOR)
#define CYL_FRAGS	1024	/* one cylinder: 1 MiB */
#define INODE_SIZE	128
#define INOPB		(BSIZE / INODE_SIZE)
#define IPM		128	/* inodes per MiB */
#define ROOT_INO	2
#define DIRBLK		512	/* directory chunk of ufstype=44bsd */

#define SB_OFFSET	8192
#define SB_SIZE		2048
#define SBLKNO		16	/* first fragment after the superblock area */
#define CBLKNO		24
#define IBLKNO		32

#define UFS1_MAGIC	0x011954
#define CG_MAGIC	0x090255
#define FS_OK		0x7c269d38
#define FS_CLEAN	1
#define DT_DIR		4

/* Superblock fields: byte offsets from its start (ufs_fs.h) */
enum {
	SB_SBLKNO = 8, SB_CBLKNO = 12, SB_IBLKNO = 16, SB_DBLKNO = 20,
	SB_CGOFFSET = 24, SB_CGMASK = 28, SB_TIME = 32, SB_SIZE_F = 36,
	SB_DSIZE = 40, SB_NCG = 44, SB_BSIZE = 48, SB_FSIZE = 52,
	SB_FRAG = 56, SB_MINFREE = 60, SB_ROTDELAY = 64, SB_RPS = 68,
	SB_BMASK = 72, SB_FMASK = 76, SB_BSHIFT = 80, SB_FSHIFT = 84,
	SB_MAXCONTIG = 88, SB_MAXBPG = 92, SB_FRAGSHIFT = 96,
	SB_FSBTODB = 100, SB_SBSIZE = 104, SB_CSMASK = 108,
	SB_CSSHIFT = 112, SB_NINDIR = 116, SB_INOPB = 120, SB_NSPF = 124,
	SB_OPTIM = 128, SB_NPSECT = 132, SB_INTERLEAVE = 136,
	SB_TRACKSKEW = 140, SB_ID = 144, SB_CSADDR = 152, SB_CSSIZE = 156,
	SB_CGSIZE = 160, SB_NTRAK = 164, SB_NSECT = 168, SB_SPC = 172,
	SB_NCYL = 176, SB_CPG = 180, SB_IPG = 184, SB_FPG = 188,
	SB_CSTOTAL = 192, SB_CLEAN = 209,
	SB_CONTIGSUMSIZE = 1316, SB_MAXSYMLINKLEN = 1320,
	SB_INODEFMT = 1324, SB_MAXFILESIZE = 1328, SB_QBMASK = 1336,
	SB_QFMASK = 1344, SB_STATE = 1352, SB_POSTBLFORMAT = 1356,
	SB_NRPOS = 1360, SB_MAGIC = 1372,
};

/* Cylinder group block fields */
enum {
	CG_MAGIC_OFF = 4, CG_TIME = 8, CG_CGX = 12, CG_NCYL = 16,
	CG_NIBLK = 18, CG_NDBLK = 20, CG_CS = 24, CG_FRSUM = 52,
	CG_BTOTOFF = 84, CG_BOFF = 88, CG_IUSEDOFF = 92, CG_FREEOFF = 96,
	CG_NEXTFREEOFF = 100, CG_HEADER = 168,
};

/* Inode fields */
enum {
	DI_MODE = 0, DI_NLINK = 2, DI_SIZE = 8, DI_ATIME = 16, DI_MTIME = 24,
	DI_CTIME = 32, DI_DB = 40, DI_BLOCKS = 104, DI_GEN = 108,
};

/* The summary of free space kept in four places (struct ufs_csum) */
struct csum {
	uint32_t ndir, nbfree, nifree, nffree;
};

static void put16(uint8_t *p, unsigned int off, uint16_t v)
{
	p[off] = v;
	p[off + 1] = v >> 8;
}

static void put32(uint8_t *p, unsigned int off, uint32_t v)
{
	put16(p, off, v);
	put16(p, off + 2, v >> 16);
}

static void put64(uint8_t *p, unsigned int off, uint64_t v)
{
	put32(p, off, v);
	put32(p, off + 4, v >> 32);
}

static void put_csum(uint8_t *p, unsigned int off, const struct csum *cs)
{
	put32(p, off, cs->ndir);
	put32(p, off + 4, cs->nbfree);
	put32(p, off + 8, cs->nifree);
	put32(p, off + 12, cs->nffree);
}

static int is_free(const uint8_t *map, unsigned int frag)
{
	return map[frag / 8] & (1 << (frag % 8));
}

static int write_at(int fd, const void *buf, size_t len, off_t off)
{
	const uint8_t *p = buf;

	while (len) {
		ssize_t n = pwrite(fd, p, len, off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
		off += n;
	}
	return 0;
}

static void bad_args(void)
{
	fprintf(stderr, "usage: mkufs [-s MIB] FILE   (MIB: 1 to 32, default 4)\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned int mib = 4, ncyl, fpg, ipg, dblkno, csaddr, rootfrag;
	unsigned int btotoff, boff, iusedoff, freeoff, nextfreeoff, cgsize;
	unsigned int f, b, i, run;
	uint32_t now = time(NULL);
	uint32_t frsum[FRAG] = { 0 };
	uint32_t *btot;
	struct csum cs = { 0 };
	uint8_t sb[SB_SIZE] = { 0 };
	uint8_t cg[BSIZE] = { 0 };
	uint8_t csblk[FSIZE] = { 0 };
	uint8_t dir[DIRBLK] = { 0 };
	uint8_t *inodes, *root, *map;
	const char *file;
	char *end;
	int opt, fd;

	while ((opt = getopt(argc, argv, "s:")) != -1) {
		if (opt != 's')
			bad_args();
		mib = strtoul(optarg, &end, 10);
		if (*optarg < '0' || *optarg > '9' || *end || mib < 1 || mib > 32)
			bad_args();
	}
	if (optind != argc - 1)
		bad_args();
	file = argv[optind];

	ncyl = mib;
	fpg = ncyl * CYL_FRAGS;
	ipg = ncyl * IPM;
	dblkno = IBLKNO + ipg * INODE_SIZE / FSIZE;
	csaddr = dblkno;
	rootfrag = dblkno + 1;

	/* The cylinder group block: header, then its tables and maps */
	btotoff = CG_HEADER;
	boff = btotoff + 4 * ncyl;
	iusedoff = boff + 2 * ncyl;
	freeoff = iusedoff + ipg / 8;
	nextfreeoff = freeoff + fpg / 8;
	cgsize = (nextfreeoff + FSIZE - 1) / FSIZE * FSIZE;
	map = cg + freeoff;
	btot = calloc(ncyl, sizeof(*btot));
	if (!btot)
		return 1;

	/* Everything up to the root directory's fragment is in use. */
	for (f = rootfrag + 1; f < fpg; f++)
		map[f / 8] |= 1 << (f % 8);
	for (b = 0; b < fpg / FRAG; b++) {
		unsigned int nfree = 0;

		for (f = b * FRAG; f < (b + 1) * FRAG; f++)
			nfree += !!is_free(map, f);
		if (nfree == FRAG) {
			cs.nbfree++;
			btot[b * FRAG / CYL_FRAGS]++;
			continue;
		}
		cs.nffree += nfree;
		/* Runs of free fragments inside a partly used block */
		run = 0;
		for (f = b * FRAG; f <= (b + 1) * FRAG; f++) {
			if (f < (b + 1) * FRAG && is_free(map, f)) {
				run++;
			} else if (run) {
				frsum[run]++;
				run = 0;
			}
		}
	}
	cs.ndir = 1;
	cs.nifree = ipg - (ROOT_INO + 1);

	put32(cg, CG_MAGIC_OFF, CG_MAGIC);
	put32(cg, CG_TIME, now);
	put32(cg, CG_CGX, 0);
	put16(cg, CG_NCYL, ncyl);
	put16(cg, CG_NIBLK, ipg);
	put32(cg, CG_NDBLK, fpg);
	put_csum(cg, CG_CS, &cs);
	for (i = 0; i < FRAG; i++)
		put32(cg, CG_FRSUM + 4 * i, frsum[i]);
	put32(cg, CG_BTOTOFF, btotoff);
	put32(cg, CG_BOFF, boff);
	put32(cg, CG_IUSEDOFF, iusedoff);
	put32(cg, CG_FREEOFF, freeoff);
	put32(cg, CG_NEXTFREEOFF, nextfreeoff);
	for (i = 0; i < ncyl; i++) {
		put32(cg, btotoff + 4 * i, btot[i]);
		put16(cg, boff + 2 * i, btot[i]);	/* one position */
	}
	/* Inodes 0 and 1 are reserved, 2 is the root. */
	cg[iusedoff] = 0x07;
	free(btot);

	put32(sb, SB_SBLKNO, SBLKNO);
	put32(sb, SB_CBLKNO, CBLKNO);
	put32(sb, SB_IBLKNO, IBLKNO);
	put32(sb, SB_DBLKNO, dblkno);
	put32(sb, SB_CGOFFSET, 0);
	put32(sb, SB_CGMASK, 0xffffffff);
	put32(sb, SB_TIME, now);
	put32(sb, SB_SIZE_F, fpg);
	put32(sb, SB_DSIZE, fpg - dblkno - 1);
	put32(sb, SB_NCG, 1);
	put32(sb, SB_BSIZE, BSIZE);
	put32(sb, SB_FSIZE, FSIZE);
	put32(sb, SB_FRAG, FRAG);
	put32(sb, SB_MINFREE, 8);
	put32(sb, SB_ROTDELAY, 0);
	put32(sb, SB_RPS, 60);
	put32(sb, SB_BMASK, ~(uint32_t)(BSIZE - 1));
	put32(sb, SB_FMASK, ~(uint32_t)(FSIZE - 1));
	put32(sb, SB_BSHIFT, 13);
	put32(sb, SB_FSHIFT, 10);
	put32(sb, SB_MAXCONTIG, 16);
	put32(sb, SB_MAXBPG, BSIZE / 4);
	put32(sb, SB_FRAGSHIFT, 3);
	put32(sb, SB_FSBTODB, 1);
	put32(sb, SB_SBSIZE, SB_SIZE);
	put32(sb, SB_CSMASK, ~(uint32_t)(FSIZE - 1));
	put32(sb, SB_CSSHIFT, 10);
	put32(sb, SB_NINDIR, BSIZE / 4);
	put32(sb, SB_INOPB, INOPB);
	put32(sb, SB_NSPF, NSPF);
	put32(sb, SB_OPTIM, 0);
	put32(sb, SB_NPSECT, CYL_FRAGS * NSPF);
	put32(sb, SB_INTERLEAVE, 1);
	put32(sb, SB_TRACKSKEW, 0);
	put32(sb, SB_ID, now);
	put32(sb, SB_ID + 4, getpid());
	put32(sb, SB_CSADDR, csaddr);
	put32(sb, SB_CSSIZE, FSIZE);
	put32(sb, SB_CGSIZE, cgsize);
	put32(sb, SB_NTRAK, 1);
	put32(sb, SB_NSECT, CYL_FRAGS * NSPF);
	put32(sb, SB_SPC, CYL_FRAGS * NSPF);
	put32(sb, SB_NCYL, ncyl);
	put32(sb, SB_CPG, ncyl);
	put32(sb, SB_IPG, ipg);
	put32(sb, SB_FPG, fpg);
	put_csum(sb, SB_CSTOTAL, &cs);
	sb[SB_CLEAN] = FS_CLEAN;
	put32(sb, SB_CONTIGSUMSIZE, 0);
	put32(sb, SB_MAXSYMLINKLEN, 4 * 15);	/* fits the block pointers */
	put32(sb, SB_INODEFMT, 2);		/* 4.4BSD inodes */
	put64(sb, SB_MAXFILESIZE, (uint64_t)fpg * FSIZE);
	put64(sb, SB_QBMASK, BSIZE - 1);
	put64(sb, SB_QFMASK, FSIZE - 1);
	put32(sb, SB_STATE, FS_OK - now);
	put32(sb, SB_POSTBLFORMAT, 1);		/* dynamic tables */
	put32(sb, SB_NRPOS, 1);
	put32(sb, SB_MAGIC, UFS1_MAGIC);

	put_csum(csblk, 0, &cs);

	/* The root directory: "." and ".." are itself. */
	put32(dir, 0, ROOT_INO);
	put16(dir, 4, 12);
	dir[6] = DT_DIR;
	dir[7] = 1;
	dir[8] = '.';
	put32(dir, 12, ROOT_INO);
	put16(dir, 16, DIRBLK - 12);
	dir[18] = DT_DIR;
	dir[19] = 2;
	dir[20] = '.';
	dir[21] = '.';

	inodes = calloc(ipg, INODE_SIZE);
	if (!inodes)
		return 1;
	root = inodes + ROOT_INO * INODE_SIZE;
	put16(root, DI_MODE, 040755);
	put16(root, DI_NLINK, 2);
	put64(root, DI_SIZE, DIRBLK);
	put32(root, DI_ATIME, now);
	put32(root, DI_MTIME, now);
	put32(root, DI_CTIME, now);
	put32(root, DI_DB, rootfrag);
	put32(root, DI_BLOCKS, FSIZE / SECTOR);
	put32(root, DI_GEN, 1);

	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || ftruncate(fd, (off_t)fpg * FSIZE) ||
	    write_at(fd, sb, sizeof(sb), SB_OFFSET) ||
	    write_at(fd, cg, cgsize, (off_t)CBLKNO * FSIZE) ||
	    write_at(fd, inodes, ipg * INODE_SIZE, (off_t)IBLKNO * FSIZE) ||
	    write_at(fd, csblk, sizeof(csblk), (off_t)csaddr * FSIZE) ||
	    write_at(fd, dir, sizeof(dir), (off_t)rootfrag * FSIZE) ||
	    fsync(fd) || close(fd)) {
		fprintf(stderr, "mkufs: %s: %s\n", file, strerror(errno));
		return 1;
	}
	free(inodes);
	printf("mkufs: %s: UFS1, %u MiB, %u inodes, %u free blocks + %u fragments\n",
	       file, mib, ipg, cs.nbfree, cs.nffree);
	return 0;
}
