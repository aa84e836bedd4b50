# SPDX-License-Identifier: GPL-2.0
# check-patch and lifo-fix.sh read the tree's files as make scan does:
# without blocking, their type checked once they are open.  A FIFO in
# the place of a file they read (from the start, or swapped in while
# they run) is an error naming the file, exit 2, never a hang; every
# run here is bounded so that a hang fails.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use Time::HiRes qw(time);

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $tmp = tempdir(CLEANUP => 1);
# Runs a command (a list, no shell) for at most 60 s: (exit status,
# stdout, stderr, seconds); timeout(1) exits 124 when it ends it.
my $runs = 0;
sub run3(@cmd) {
	my $err = "$tmp/stderr." . $runs++;
	my $t0 = time;
	my $pid = open(my $fh, '-|') // die "fork: $!";
	if (!$pid) {
		open STDERR, '>', $err or die;
		exec('timeout', '-k', 5, 60, @cmd) or exit 127;
	}
	my $o = do { local $/; <$fh> } // '';
	close $fh;
	return ($? >> 8, $o, slurp($err) // '', time - $t0);
}
sub fifo($path) {
	unlink $path or die "$path: $!";
	system('mkfifo', $path) == 0 or die "mkfifo $path";
}

# (Shared with check-patch.t.)
my $patch = "$FindBin::Bin/data/adds.patch";
my @cp = ('perl', "$root/cocci/bin/check-patch.pl", '--out', "$tmp/out", '--jobs', 1, '--patch', $patch);

# check-patch copies the files a patch touches: a FIFO there is no file
# to patch, nor one to wait on.
{
	my $t = fake_tree();
	fifo("$t/mm/copy.c");
	my ($st, $o, $e, $secs) = run3(@cp, '--tree', $t);
	is($st, 2, 'check-patch, the touched file a FIFO: exit 2') or diag "$o$e";
	like($e, qr{^check-patch\.pl: \Q$t\E/mm/copy\.c: not a regular file \(FIFO, device or socket\), not read$}m,
		'... naming the file');
	unlike($o, qr/DOES NOT APPLY/, '... not taken for a missing file');
}

# The form of Assisted-by: the tree documents is read from its
# Documentation/process/coding-assistants.rst.
{
	my $t = fake_tree();
	write_to("$t/Documentation/process/coding-assistants.rst", "Assisted-by: LLM\n");
	fifo("$t/Documentation/process/coding-assistants.rst");
	my ($st, $o, $e, $secs) = run3(@cp, '--tree', $t);
	SKIP: {
		skip 'the tree has no checkpatch.pl (no packaged tree)', 3 unless -f "$t/scripts/checkpatch.pl";
		isnt($st, 124, 'check-patch, coding-assistants.rst a FIFO: no hang') or diag "$o$e";
		is($st, 2, '... exit 2');
		like($e, qr{\Q$t\E/Documentation/process/coding-assistants\.rst: not a regular file \(FIFO, device or socket\), not read}m,
			'... naming the file');
	}
}

# checkpatch-ext/disclosure.pl run alone reads the same file: a FIFO
# there is no form to read (the mainline form holds), never a hang.
{
	my $t = fake_tree();
	write_to("$t/Documentation/process/coding-assistants.rst", "Assisted-by: LLM\n");
	fifo("$t/Documentation/process/coding-assistants.rst");
	my ($st, $o, $e) = run3('perl', "$root/checkpatch-ext/disclosure.pl", "--root=$t", $patch);
	isnt($st, 124, 'disclosure.pl, coding-assistants.rst a FIFO: no hang') or diag "$o$e";
	is($st, 0, '... the patch checked (it has no trailer to judge)') or diag "$o$e";
}

# lifo-fix.sh: a FIFO from the start, and one swapped in while spatch
# runs (cocci/t/data/swap-grep.sh runs the command $REAL_GREP names,
# here spatch, and swaps the file after it): the diff is made against
# what was read, the file is not read again.
my $fix = "$root/cocci/bin/lifo-fix.sh";
{
	my $t = fake_tree();
	fifo("$t/mm/copy.c");
	my ($st, $o, $e) = run3('sh', $fix, $t, 'mm/copy.c');
	is($st, 2, 'lifo-fix.sh on a FIFO: exit 2') or diag "$o$e";
	like($e, qr{^lifo-fix: \Q$t\E/mm/copy\.c: not a regular file \(FIFO, device or socket\), not read$}m, '... naming the file');
	is($o, '', '... and no diff');
	($st, $o, $e) = run3('sh', $fix, $t, 'mm/none.c');
	is($st, 2, 'lifo-fix.sh on a file that is not there: exit 2');
	like($e, qr{^lifo-fix: cannot read \Q$t\E/mm/none\.c: No such file or directory$}m, '... saying so');
}
# A tree that is not there is named as given: sh's echo would read the
# backslash of this name as an escape.
{
	my $t = "$tmp/no\\ttree";
	my ($st, $o, $e) = run3('sh', $fix, $t, 'mm/copy.c');
	is($st, 2, 'lifo-fix.sh on a missing tree: exit 2');
	is($e, "lifo-fix: $t: no such directory\n", '... naming it as given');
}
{
	my $t = fake_tree();
	my $expect = do { my ($st, $o) = run3('sh', $fix, $t, 'mm/copy.c'); $o };
	like($expect, qr{^\+\+\+ b/mm/copy\.c}m, 'lifo-fix.sh: a diff for mm/copy.c');
	my $real = `sh -c 'command -v spatch'`;
	chomp $real;
	my $bin = tempdir(CLEANUP => 1);
	symlink "$root/cocci/t/data/swap-grep.sh", "$bin/spatch" or die;
	local $ENV{PATH} = "$bin:$ENV{PATH}";
	local @ENV{qw(REAL_GREP SWAP SWAP_WHEN SWAP_DONE)} = ($real, "$t/mm/copy.c", 'after', "$tmp/swapped");
	my ($st, $o, $e) = run3('sh', $fix, $t, 'mm/copy.c');
	ok(-p "$t/mm/copy.c", 'lifo-fix.sh, the file swapped for a FIFO while spatch runs');
	isnt($st, 124, '... no hang') or diag $e;
	is($st, 0, '... exit 0');
	is($o, $expect, '... the diff of what it read');
}
done_testing;
