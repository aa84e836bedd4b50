# SPDX-License-Identifier: GPL-2.0
# guest/mkufs.c, the UFS1 image maker of the ufs-rename boot test, built
# with the host's cc: the image it writes is read back field by field
# (superblock, cylinder group and its maps, summaries, root inode, root
# directory) and checked against the on-disk format of fs/ufs/ufs_fs.h,
# and its argument errors.  The kernel mounting it is the boot test.
use v5.36;
use Test::More;
use FindBin;
use File::Temp qw(tempdir);
use lib "$FindBin::Bin/../../scripts/lib";
use TestCommon;

my $src = "$FindBin::Bin/../guest/mkufs.c";
my $d = tempdir(CLEANUP => 1);
my ($cc) = grep { !system("command -v $_ >/dev/null 2>&1") } qw(cc gcc);
plan skip_all => 'no C compiler on the host' unless $cc;
my $bin = "$d/mkufs";
is(system($cc, '-O2', '-Wall', '-Wextra', '-Werror', '-o', $bin, $src), 0, 'mkufs.c builds without a warning');

sub u8($img, $off) { return unpack 'C', substr($img, $off, 1) }
sub u16($img, $off) { return unpack 'v', substr($img, $off, 2) }
sub u32($img, $off) { return unpack 'V', substr($img, $off, 4) }
sub u64($img, $off) { return unpack 'Q<', substr($img, $off, 8) }
sub bit($img, $off, $n) { return (u8($img, $off + ($n >> 3)) >> ($n & 7)) & 1 }

# Check the image of MIB MiB that mkufs wrote to FILE.
sub check_image($file, $mib) {
	my $img = slurp($file) // die "$file: not written\n";
	my $f = 1024;
	my $sb = 8192;
	is(length $img, $mib << 20, "$mib MiB: the image has the size asked for");
	is(u32($img, 0x255c), 0x011954, '... UFS1 magic at byte 0x255c (fs_magic, byte 1372 of the superblock at 8 KiB)');
	is_deeply([map { u32($img, $sb + $_) } 48, 52, 56, 80, 84, 96, 100, 104],
		[8192, 1024, 8, 13, 10, 3, 1, 2048],
		'... bsize, fsize, frag, bshift, fshift, fragshift, fsbtodb, sbsize');
	is(u32($img, $sb + 72), 0xffffe000, '... bmask');
	is(u32($img, $sb + 76), 0xfffffc00, '... fmask');
	is(u64($img, $sb + 1336), 8191, '... qbmask (4.4BSD place)');
	is(u64($img, $sb + 1344), 1023, '... qfmask');
	is(u32($img, $sb + 1356), 1, '... dynamic postbl format (not the 4.2BSD one ufstype=44bsd refuses)');
	is(u32($img, $sb + 44), 1, '... one cylinder group');
	is(u32($img, $sb + 36), $mib * 1024, '... fs_size in fragments');
	is(u32($img, $sb + 188), $mib * 1024, '... fpg: the group is the whole file system');
	is(u8($img, $sb + 209), 1, '... clean: mounted read-write');
	is(u32($img, $sb + 1352), (0x7c269d38 - u32($img, $sb + 32)) & 0xffffffff, '... fs_state = FSOK - fs_time');
	is(u32($img, $sb + 1316), 0, '... no cluster summary');
	is(u32($img, $sb + 860), 0, '... fs_maxbsize 0: summary totals in the UFS1 place');
	my ($cblkno, $iblkno, $dblkno) = map { u32($img, $sb + $_) } 12, 16, 20;
	my ($ipg, $inopb, $csaddr, $cssize, $cgsize) = map { u32($img, $sb + $_) } 184, 120, 152, 156, 160;
	my $nspf = u32($img, $sb + 124);
	is($ipg, $mib * 128, '... 128 inodes per MiB');
	is($inopb, 64, '... 64 inodes per block (128 bytes each)');
	is($dblkno, $iblkno + $ipg * 128 / $f, '... data start after the inode blocks');
	ok($cblkno * $f >= $sb + 2048 && $iblkno >= $cblkno + $cgsize / $f, '... superblock, cg, inodes do not overlap');
	ok($cgsize <= 8192 && $cgsize % $f == 0, "... cg block of $cgsize bytes fits a block");
	ok(u32($img, $sb + 172) && u32($img, $sb + 168) && u32($img, $sb + 132), '... spc, nsect, npsect non-zero (divisors)');

	# Cylinder group
	my $cg = $cblkno * $f;
	is(u32($img, $cg + 4), 0x090255, '... cylinder group magic');
	is(u32($img, $cg + 12), 0, '... cgx 0');
	is(u32($img, $cg + 20), $mib * 1024, '... ndblk');
	my ($btotoff, $boff, $iusedoff, $freeoff, $nextfreeoff) = map { u32($img, $cg + $_) } 84, 88, 92, 96, 100;
	ok($btotoff >= 168 && $boff >= $btotoff + 4 * $mib && $iusedoff >= $boff + 2 * $mib
		&& $freeoff >= $iusedoff + $ipg / 8 && $nextfreeoff >= $freeoff + $mib * 128 && $nextfreeoff <= $cgsize,
		'... maps in order, inside the cg block');
	my @cs = map { u32($img, $cg + 24 + 4 * $_) } 0 .. 3;
	is_deeply([map { u32($img, $sb + 192 + 4 * $_) } 0 .. 3], \@cs, '... fs_cstotal = the group summary');
	is_deeply([map { u32($img, $csaddr * $f + 4 * $_) } 0 .. 3], \@cs, '... the summary area at csaddr too');
	is($cssize, $f, '... cssize one fragment');
	is($cs[0], 1, '... one directory');
	is($cs[2], $ipg - 3, '... free inodes: all but 0, 1 and the root');
	is_deeply([map { bit($img, $cg + $iusedoff, $_) } 0 .. 3], [1, 1, 1, 0], '... inodes 0, 1, 2 used, 3 free');

	# The free map against the summaries
	my ($nbfree, $nffree, @frsum, @btot) = (0, 0);
	for my $b (0 .. $mib * 128 - 1) {
		my @bits = map { bit($img, $cg + $freeoff, $b * 8 + $_) } 0 .. 7;
		my $n = grep { $_ } @bits;
		if ($n == 8) {
			$nbfree++;
			$btot[int($b * 8 * $nspf / u32($img, $sb + 172))]++;
			next;
		}
		$nffree += $n;
		my $run = 0;
		for (@bits, 0) {
			if ($_) { $run++ } elsif ($run) { $frsum[$run]++; $run = 0 }
		}
	}
	is($cs[1], $nbfree, "... nbfree $nbfree: the free map's whole free blocks");
	is($cs[3], $nffree, "... nffree $nffree: its free fragments in partly used blocks");
	is_deeply([map { u32($img, $cg + 52 + 4 * $_) } 1 .. 7], [map { $frsum[$_] // 0 } 1 .. 7], '... frsum: runs of free fragments');
	is_deeply([map { u32($img, $cg + $btotoff + 4 * $_) } 0 .. $mib - 1], [map { $btot[$_] // 0 } 0 .. $mib - 1],
		'... btot: free blocks per cylinder');
	is_deeply([map { u16($img, $cg + $boff + 2 * $_) } 0 .. $mib - 1], [map { $btot[$_] // 0 } 0 .. $mib - 1],
		'... the one rotational position of each cylinder');
	is(u32($img, $sb + 40), $cs[1] * 8 + $cs[3] + 1, '... dsize: data fragments, the root directory\'s included');

	# Root inode and directory
	my $ino = $iblkno * $f + 2 * 128;
	is(sprintf('%o', u16($img, $ino)), '40755', '... root inode: a directory, 0755');
	is(u16($img, $ino + 2), 2, '... two links');
	is(u64($img, $ino + 8), 512, '... 512 bytes: one directory chunk');
	is(u32($img, $ino + 104), 2, '... two sectors held');
	my $db = u32($img, $ino + 40);
	is($db, $csaddr + 1, '... its fragment follows the summary');
	is(bit($img, $cg + $freeoff, $db), 0, '... and is not free');
	is(bit($img, $cg + $freeoff, $db + 1), 1, '... the next one is');
	is(u32($img, $ino + 44), 0, '... no second block');
	my $dir = $db * $f;
	is_deeply([u32($img, $dir), u16($img, $dir + 4), u8($img, $dir + 6), u8($img, $dir + 7), substr($img, $dir + 8, 2)],
		[2, 12, 4, 1, ".\0"], '... "." is inode 2, 12 bytes, a directory');
	is_deeply([u32($img, $dir + 12), u16($img, $dir + 16), u8($img, $dir + 18), u8($img, $dir + 19),
		substr($img, $dir + 20, 3)], [2, 500, 4, 2, "..\0"], '... ".." is inode 2 and fills the chunk');
	is(u32($img, $iblkno * $f + 3 * 128), 0, '... inode 3 is empty');
	return $img;
}

scenario 'mkufs FILE: a 4 MiB image' => sub {
	my $out = `'$bin' '$d/4.img' 2>&1`;
	is($?, 0, 'mkufs FILE: exit 0');
	like($out, qr/^mkufs: \Q$d\E\/4\.img: UFS1, 4 MiB, 512 inodes, 499 free blocks \+ 6 fragments$/, '... says what it wrote');
	check_image("$d/4.img", 4);
	if (!system('command -v file >/dev/null 2>&1')) {
		like(`file -b '$d/4.img'`, qr/Unix Fast File system \[v1\] \(little-endian\).*block size 8192, fragment size 1024/,
			'file(1) reads it as UFS1, 8K/1K');
	}
};
scenario 'mkufs -s 32: a 32 MiB image' => sub {
	is(system("'$bin' -s 32 '$d/32.img' >/dev/null"), 0, 'mkufs -s 32: exit 0');
	check_image("$d/32.img", 32);
};
scenario 'mkufs -s 1: a 1 MiB image' => sub {
	is(system("'$bin' -s 1 '$d/1.img' >/dev/null"), 0, 'mkufs -s 1: exit 0');
	check_image("$d/1.img", 1);
};

scenario 'argument errors' => sub {
	for my $bad (['-s', '0', "$d/x"], ['-s', '33', "$d/x"], ['-s', '4x', "$d/x"], ['-s', '-1', "$d/x"], ['-q', "$d/x"], [],
		["$d/x", "$d/y"]) {
		is(system("'$bin' @$bad 2>/dev/null") >> 8, 2, "mkufs @$bad: exit 2") or diag(join ' ', @$bad);
	}
	ok(!-e "$d/x", '... and nothing written');
	is(system("'$bin' '$d/no/such/dir.img' 2>/dev/null") >> 8, 1, 'an unwritable file: exit 1');
};

# Kernel style: the packaged tree's checkpatch.pl, when a tree is
# extracted (make tree; KTREE_CACHE as scripts/ktree.sh reads it).
my $trees = $ENV{KTREE_CACHE} // "$FindBin::Bin/../../build/trees";
my ($cp) = grep { -f } map { "$trees/linux-source-$_/scripts/checkpatch.pl" } qw(6.12 6.1);
SKIP: {
	skip 'no extracted packaged tree for checkpatch.pl (make tree)', 2 unless $cp;
	for my $f (qw(mkufs.c ufs-rename.c)) {
		my $out = `perl '$cp' --no-tree --quiet -f '$FindBin::Bin/../guest/$f' 2>&1`;
		is($out, '', "checkpatch.pl --no-tree -f guest/$f: clean") or diag($out);
	}
}
done_testing;
