#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# What make scan-trees costs over a sequence of revisions, as stable
# releases come: a small git history is made from a kernel tree (a bare
# repository in a scratch folder: r0, the tree as it is, then K-1
# commits that each change a few files, a comment added at their top so
# that every line below moves), and make scan-trees scans r0..rK-1 with
# an empty cache.  Prints each revision's time (its files put in place
# from git, and the scan) and its ratio to the first, and the whole
# sequence against first + 0.2 x (K-1).  The tree is only read.  It
# prints figures; it is not a test.
#
#   perl cocci/bin/bench-revs.pl TREE [JOBS] [K] [FILES_PER_COMMIT]
#   (defaults: the cores, 5 revisions, 3 files a commit)
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use Time::HiRes qw(time);
use LifoCommon qw(fail read_bytes is_ktree);
use LifoScan qw(ncpus);
use LifoOutput qw(read_json);
use ProcRun ();

if (@ARGV && $ARGV[0] =~ /^(?:-h|--help)\z/) { exec 'sed', '-n', '3,14s/^# \\{0,1\\}//p', $0 }
my ($tree, $jobs, $k, $per) = @ARGV;
fail("usage: $0 TREE [JOBS] [K] [FILES_PER_COMMIT]") unless defined $tree && -d $tree && is_ktree($tree);
$jobs ||= ncpus();
$k ||= 5;
$per ||= 3;
fail("K must be a number >= 2") unless $k =~ /^\d+\z/ && $k >= 2;
fail("JOBS must be a positive number") unless $jobs =~ /^[1-9]\d*\z/;

# Files a stable release might touch: some that make scan reads (a
# caller of the tree's wrappers, files that define wrappers, drivers),
# some it does not; those the tree lacks are skipped.
my @pool = grep { -f "$tree/$_" } qw(
	fs/ufs/namei.c mm/highmem.c kernel/fork.c
	fs/ufs/dir.c arch/loongarch/mm/init.c lib/string.c
	drivers/block/xen-blkfront.c mm/memory.c init/main.c
	drivers/scsi/libiscsi_tcp.c mm/userfaultfd.c fs/namei.c
	fs/ext2/dir.c net/core/skbuff.c kernel/sched/core.c
);
fail("$tree has none of the files this benchmark changes") unless @pool;

my $work = tempdir('bench-revs.XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $repo = "$work/repo.git";
local @ENV{qw(GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE)};
delete @ENV{qw(GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE)};
@ENV{qw(GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL)} =
	('bench-revs', 'bench@example.org', 'bench-revs', 'bench@example.org');

# git's stdout (chomped), or the benchmark stops saying why.
sub git(@args) {
	my $r = ProcRun::run(['git', "--git-dir=$repo", '-c', 'core.autocrlf=false', @args], timeout => 600);
	fail("git @args[0 .. ($#args < 3 ? $#args : 3)] " . ProcRun::how($r) . ": $r->{stderr}") unless $r->{ok};
	return $r->{stdout} =~ s/\n\z//r;
}

my $t = time;
git('init', '-q', '--bare');
# The tree is only read: git's index lives in the repository.
my $add = ProcRun::run(['git', '-C', $tree, "--git-dir=$repo", "--work-tree=$tree", '-c', 'core.autocrlf=false', 'add', '-f', '-A'],
	timeout => 3600);
$add->{ok} or fail("git add of $tree " . ProcRun::how($add) . ": $add->{stderr}");
my $commit = git('commit-tree', git('write-tree'), '-m', 'r0: the tree as packaged');
git('tag', 'r0', $commit);
my @changes;
for my $i (1 .. $k - 1) {
	my @f = map { $pool[(($i - 1) * $per + $_) % @pool] } 0 .. $per - 1;
	my %seen;
	@f = grep { !$seen{$_}++ } @f;
	for my $f (@f) {
		my $text = git('cat-file', 'blob', "$commit:$f") . "\n";
		# A comment after the first line (the SPDX line): every line
		# below it moves down by one.
		$text =~ s/\n/\n\/* bench-revs: changed in r$i *\/\n/;
		open my $fh, '>', "$work/blob" or fail("$work/blob: $!");
		print $fh $text;
		close $fh or fail("$work/blob: $!");
		my $blob = git('hash-object', '-w', "--path=$f", "$work/blob");
		git('update-index', '--cacheinfo', "100644,$blob,$f");
	}
	$commit = git('commit-tree', git('write-tree'), '-p', $commit, '-m', "r$i: change @f");
	git('tag', "r$i", $commit);
	push @changes, \@f;
}
my $made = time - $t;

my $out = "$work/out";
$t = time;
# (Its report goes to a file; its progress to stderr.)
my $r = ProcRun::run([$^X, "$FindBin::Bin/scan-trees.pl", '--out', $out, '--cache', "$work/cache", '--jobs', $jobs,
	'--wrappers', '--revs', 'r0..r' . ($k - 1), $repo], stdout => "$work/report.txt",
	stderr_lines => sub ($l) { print STDERR $l }, timeout => 24 * 3600);
my $all = time - $t;
fail("make scan-trees " . ProcRun::how($r)) unless $r->{ok};
my $j = read_json("$out/trees.json");
my @c = @{$j->{columns}};
my $total = sub ($c) { ($c->{checkout_seconds} // 0) + $c->{wall_seconds} };
my ($first, $first_scan) = ($total->($c[0]), $c[0]{wall_seconds});
my %fp0 = map { $_->{fingerprint} => 1 } grep { grep { $_ eq 'r0' } @{$_->{present_in}} } @{$j->{findings}};
printf "\ntree: %s, %d jobs, %d revisions (r0: the tree; each later one: %d files changed); history made in %.1f s (not counted)\n",
	$tree, $jobs, $k, $per, $made;
for my $i (0 .. $#c) {
	my $c = $c[$i];
	my $n = grep { $_->{lines}{$c->{label}} } @{$j->{findings}};
	my $same = (grep { defined $_->{lines}{$c->{label}} } @{$j->{findings}}) == keys %fp0
		&& !grep { defined $_->{lines}{$c->{label}} && !$fp0{$_->{fingerprint}} } @{$j->{findings}};
	my $cache = read_json("$out/scans/$c->{label}/scan.json")->{cache} // {};
	printf "  %-3s files from git %5.1f s  scan %6.1f s  total %6.1f s  ratio %.2f (scan alone %.2f)  %d findings%s  spatch given %d files%s\n",
		$c->{label}, $c->{checkout_seconds} // 0, $c->{wall_seconds}, $total->($c), $total->($c) / $first,
		$c->{wall_seconds} / $first_scan, $n, $i ? ($same ? ', the same as r0' : ', NOT THE SAME AS r0') : '',
		($cache->{given_to_spatch} // 0) + ($cache->{given_ahead} // 0),
		$i ? ' (changed: ' . join(' ', @{$changes[$i - 1]}) . ')' : '';
}
my $seq = 0;
$seq += $total->($_) for @c;
printf "  whole sequence: %.1f s (scan-trees ran %.1f s); goal: first + 0.2 x %d = %.1f s: %s\n",
	$seq, $all, $k - 1, $first * (1 + 0.2 * ($k - 1)), $seq <= $first * (1 + 0.2 * ($k - 1)) ? 'met' : 'NOT met';
