#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# make scan: run every Coccinelle rule of cocci/ over a kernel tree and
# report the kmap_local LIFO findings with their run-time impact.
#
#   perl cocci/bin/lifo-scan.pl --tree DIR [--out DIR] [--jobs N]
#        [--cocci-dir DIR] [--kver V] [--timeout S]
#        [--dir DIR] [--file PATH]... [--since REV]
#                       (part of the tree, as M=, FILES=, SINCE=: report
#                        only on the .c/.h files under DIR, on PATH, on
#                        those git diff --name-only REV names; paths
#                        relative to the tree; with --wrappers the helpers
#                        still come from the whole tree)
#        [--wrappers]   (also check callers of the tree's own wrappers,
#                        found by cocci/lib/LifoPasses.pm)
#        [--no-slice]   (give spatch the files whole, not cut down to the
#                        functions that name the mapping functions)
#        [--stall S]    (kill a spatch that prints nothing for S seconds;
#                        default twice --timeout and a minute)
#        [--fail-on fix|any] (exit 1 when a complete scan has findings:
#                        those whose impact is fix, or any; for CI; or
#                        when spatch timed out on a file: not checked)
#        [--baseline FILE] (a findings.json: print, and gate on, only the
#                        findings whose fingerprint it does not have)
#        [--reviewed FILE] (findings reviewed by the user, one fingerprint
#                        and why a line: never printed nor gated on)
#        [--cache DIR]  (keep what spatch printed for each file, and which
#                        files name which functions, in DIR: a rescan
#                        runs spatch only on what changed; make scan
#                        uses BUILD/cache, CACHE= turns it off)
#
# stdout: one line per finding; stderr: progress and a summary;
# --out: findings.json, findings.sarif, findings.txt, scan.json, renamed
# into place when the scan is complete (part of the tree: in OUT/partial/);
# they hold every finding, those of --baseline and --reviewed too (SARIF
# marks them: reviewed ones suppressed; with --baseline, new or unchanged).
# Exit 0 with or without findings (1 with them under --fail-on); 2 on
# errors: bad options, not a kernel tree, OUT unusable or in use, or a
# scan with errors (a file not read, spatch failing on a file), whose
# results go to OUT/incomplete/ while the previous ones stay in place.
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long qw(GetOptions);
use Cwd qw(abs_path);
use LifoCommon qw(fail project_root is_ktree check_out_dir jobs_option lock_out);
use LifoScan qw(scan);
use LifoTree;
use ProcRun ();
use LifoKnown;

my %o = (timeout => 60, 'cocci-dir' => project_root() . '/cocci');
GetOptions(\%o, 'tree=s', 'out=s', 'jobs|j=s', 'cocci-dir=s', 'kver=s',
	'timeout=i', 'file=s@', 'dir=s', 'since=s', 'quiet', 'spatch=s', 'wrappers', 'no-slice', 'stall=i', 'fail-on=s', 'cache=s',
	'baseline=s', 'reviewed=s', 'help')
	or fail("bad options (see the head of $0)");
if ($o{help}) { exec 'sed', '-n', '2,40p', $0 }
$o{jobs} = jobs_option($o{jobs});
fail("--fail-on (FAIL_ON=) must be fix or any, not '$o{'fail-on'}'")
	if defined $o{'fail-on'} && $o{'fail-on'} !~ /^(?:fix|any)\z/;
fail("--timeout must be a positive number of seconds") unless $o{timeout} > 0;
fail("--tree DIR is required") unless $o{tree};
fail("$o{tree} is not a kernel tree (no top-level Makefile with VERSION, Kconfig, arch/)")
	unless -d $o{tree} && is_ktree($o{tree});
my $tree = abs_path($o{tree});
my $known = eval { LifoKnown->new(baseline => $o{baseline}, reviewed => $o{reviewed}) } // fail($@ =~ s/\n\z//r);
my $out = check_out_dir($o{out} // project_root() . '/build/scan-' . ($o{kver} // 'ksrc'), $tree);
lock_out($out);
$o{cache} = check_out_dir($o{cache}, $tree, 'CACHE') if defined $o{cache};
my @unread;
my ($select, $desc) = selection($tree, %o, unread => \@unread);

my $r = scan(tree => $tree, out => $out, jobs => $o{jobs}, timeout => $o{timeout},
	cocci_dir => $o{'cocci-dir'}, select => $select, select_desc => $desc, unreadable => \@unread, quiet => $o{quiet},
	spatch => $o{spatch}, kver => $o{kver}, wrappers => $o{wrappers},
	slice => !$o{'no-slice'}, stall => $o{stall}, cache => $o{cache}, known => $known);
# Known findings (the baseline's, the reviewed ones) are not printed.
my %idx = map { $r->{findings}[$_] => $_ } 0 .. $#{$r->{findings}};
my ($new, $base, $rev) = $known->partition(@{$r->{findings}});
print "$r->{lines}[$idx{$_}]\n" for @$new;
# (Findings lost on a full disk are not "no findings".)
my $written = close STDOUT;
my $why = $!;
print STDERR $r->{summary};
fail("cannot write the findings to the standard output: $why") unless $written;
if ($known->active) {
	printf STDERR "scan: %d finding%s: %s; %d new\n", scalar @{$r->{findings}}, @{$r->{findings}} == 1 ? '' : 's',
		$known->summary($base, $rev), scalar @$new;
	print STDERR "scan: note: BASELINE=$o{baseline} is a scan with errors: findings it missed count as new\n"
		if $known->{base_incomplete};
	# Entries that no finding of a complete whole-tree scan matches: fixed,
	# or the file, function or handle renamed (another fingerprint).
	if (!$select && $r->{ok}) {
		printf STDERR "scan: REVIEWED=%s:%d: %s matches no finding of this tree (fixed, or renamed?): %s\n", $o{reviewed}, @$_[1, 0, 2]
			for $known->unused_reviewed;
	}
}
exit 2 unless $r->{ok};	# errors first: the findings may be incomplete
if (my $on = $o{'fail-on'}) {
	# A file spatch could not finish was not checked: a gate fails on it.
	my @late = @{$r->{stats}{timeouts} // []};
	if (@late) {
		printf STDERR "scan: %d file%s not checked (spatch timed out): %s: exit 1 (FAIL_ON=%s)\n",
			scalar @late, @late == 1 ? '' : 's', join(' ', @late), $on;
		exit 1;
	}
	# Only the findings not known (BASELINE=, REVIEWED=).
	my $n = grep { $on eq 'any' || ($_->{impact} // '') eq 'fix' } @$new;
	if ($n) {
		printf STDERR "scan: %d %sfinding%s%s: exit 1 (FAIL_ON=%s)\n", $n, $known->active ? 'new ' : '', $n == 1 ? '' : 's',
			$on eq 'fix' ? ' with impact fix' : '', $on;
		exit 1;
	}
}
exit 0;

# A path given relative to the tree, or absolute inside it, relative to
# the tree; undef when it is outside.
sub in_tree($tree, $p) {
	my $abs = abs_path($p =~ m{^/} ? $p : "$tree/$p") // return undef;
	return '' if $abs eq $tree;
	return $abs =~ m{^\Q$tree\E/(.+)\z}s ? $1 : undef;
}

# The files of --dir, --file and --since (together: all of them), sorted,
# and how they were chosen; (undef) for the whole tree.
sub selection($tree, %o) {
	my (%sel, @how);
	if (defined(my $d = $o{dir})) {
		my $rel = in_tree($tree, $d);
		fail("M=$d is not a folder of the tree $tree (give it relative to the tree)")
			unless defined $rel && -d "$tree/$rel";
		# (What cannot be read there is an error of the scan, as in a
		# whole tree.)
		$sel{$_} = 1 for LifoTree::tree_files($tree, errors => $o{unread}, under => $rel);
		push @how, 'M=' . ($rel eq '' ? '.' : $rel);
	}
	for my $f (@{$o{file} // []}) {
		my $rel = in_tree($tree, $f);
		fail("FILES: $f is not a file of the tree $tree (give it relative to the tree)")
			unless defined $rel && -f "$tree/$rel";
		$sel{$rel} = 1;
	}
	push @how, 'FILES=' . join(' ', @{$o{file}}) if $o{file};
	if (defined(my $rev = $o{since})) {
		my %git = (timeout => 600, env => { GIT_DIR => undef, GIT_WORK_TREE => undef });
		# The tree's own history, not that of a repository that holds it
		# (and ignores it, as this project's build/).
		ProcRun::run(['git', '-C', $tree, 'ls-files', '--error-unmatch', 'Makefile'], %git)->{ok}
			or fail("SINCE=$rev: $tree is not a git checkout (git does not track its Makefile)");
		fail("SINCE=$rev: not a revision of $tree") if $rev =~ /^-/;
		my $g = ProcRun::run(['git', '-C', $tree, 'diff', '--name-only', '--relative', '-z', $rev, '--'], %git);
		$g->{ok} or print(STDERR $g->{stderr}), fail("SINCE=$rev: git diff --name-only $rev failed in $tree (is it a revision?)");
		my @changed = split /\0/, $g->{stdout};
		# Deleted files are gone; only C sources and headers are scanned.
		$sel{$_} = 1 for grep { /\.[ch]\z/ && -f "$tree/$_" } @changed;
		push @how, "SINCE=$rev";
	}
	return (undef) unless @how;
	return ([sort keys %sel], join ' ', @how);
}
