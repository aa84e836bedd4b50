#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# How much a kept cache saves make scan: a first scan with an empty
# cache, a rescan of the same tree, and rescans after one file changed
# (a caller of the tree's wrappers, then a file that defines wrappers).
# Works on a hard-linked copy of the tree in a scratch folder; a changed
# file is replaced by a real copy with a comment added, so the tree
# itself is never written.  Prints figures; it is not a test.
#
#   perl cocci/bin/bench-rescan.pl TREE [JOBS] [CALLER.c] [HELPER.c]
#   (defaults: the cores, fs/ufs/namei.c, fs/ufs/dir.c)
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use Time::HiRes qw(time);
use JSON::PP ();
use Cwd ();
use LifoCommon qw(fail read_bytes);
use LifoScan qw(ncpus);
use ProcRun ();

if (@ARGV && $ARGV[0] =~ /^(?:-h|--help)\z/) { exec 'sed', '-n', '3,11s/^# \\{0,1\\}//p', $0 }
my ($tree, $jobs, @change) = @ARGV;
fail("usage: $0 TREE [JOBS] [CALLER.c] [HELPER.c]") unless defined $tree && -d $tree;
$jobs ||= ncpus();
@change = ('fs/ufs/namei.c', 'fs/ufs/dir.c') unless @change;
-f "$tree/$_" or fail("$tree/$_: no such file") for @change;
my $work = tempdir('bench-rescan.XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $copy = "$work/tree";
ProcRun::run(['cp', '-al', $tree, $copy], timeout => 3600)->{ok}
	|| ProcRun::run(['cp', '-as', Cwd::abs_path($tree), $copy], timeout => 3600)->{ok}
	or fail("cannot copy $tree to $copy");
# The copy changed every file's ctime: a scan in the same second would
# not trust them (LifoTreeIndex.pm), as a user's tree is not copied
# just before a scan.
sleep 2;

my $n = 0;
sub scan($what) {
	my $out = "$work/out" . $n++;
	my $t = time;
	ProcRun::run([$^X, "$FindBin::Bin/lifo-scan.pl", '--tree', $copy, '--out', $out, '--jobs', $jobs, '--wrappers',
		'--cache', "$work/cache", '--quiet'], stdout => "$out.txt", stderr => "$out.err", timeout => 24 * 3600)->{ok}
		or fail("make scan failed ($what):\n" . (read_bytes("$out.err") // ''));
	my $wall = time - $t;
	my $s = JSON::PP->new->decode(read_bytes("$out/scan.json"));
	return { what => $what, wall => $wall, spatch => $s->{cache}{given_to_spatch} + $s->{cache}{given_ahead},
		reused => $s->{cache}{reused}, changed => $s->{cache}{changed_files}, findings => read_bytes("$out.txt") };
}

# Replaces a hard link by a real copy with a comment added at its end.
sub touch_file($rel) {
	my $text = read_bytes("$copy/$rel") // fail("$copy/$rel: $!");
	unlink "$copy/$rel";
	open my $fh, '>', "$copy/$rel" or fail("$copy/$rel: $!");
	print $fh $text, "/* bench-rescan: changed */\n";
	close $fh or fail("$copy/$rel: $!");
}

my @runs = (scan('first scan, empty cache'), scan('rescan, nothing changed'));
touch_file($change[0]);
sleep 1;
push @runs, scan("rescan, $change[0] changed");
if ($change[1]) {
	touch_file($change[1]);
	sleep 1;
	push @runs, scan("rescan, $change[1] changed");
}
my $first = $runs[0];
printf "tree: %s, %d jobs\n", $tree, $jobs;
for my $r (@runs) {
	printf "  %-45s %6.1f s  ratio %.2f  spatch given %d files (once per pass), %d results reused, %d files changed%s\n",
		$r->{what}, $r->{wall}, $r->{wall} / $first->{wall}, $r->{spatch} // 0, $r->{reused} // 0,
		$r->{changed} // 0, $r->{findings} eq $first->{findings} ? '' : '  (FINDINGS DIFFER)';
}
print "goal: a rescan after one file changed within 0.20 of the first scan\n";
