#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# make scan: run every Coccinelle rule of cocci/ over a kernel tree and
# report the kmap_local LIFO findings with their run-time impact.
#
#   perl cocci/bin/lifo-scan.pl --tree DIR [--out DIR] [--jobs N]
#        [--cocci-dir DIR] [--kver V] [--timeout S] [--file PATH]...
#        [--wrappers]   (also check callers of the tree's own wrappers,
#                        found by cocci/lib/LifoPasses.pm)
#        [--no-slice]   (give spatch the files whole, not cut down to the
#                        functions that name the mapping functions)
#        [--stall S]    (kill a spatch that prints nothing for S seconds;
#                        default twice --timeout and a minute)
#        [--fail-on fix|any] (exit 1 when a complete scan has findings:
#                        those whose impact is fix, or any; for CI)
#
# stdout: one line per finding; stderr: progress and a summary;
# --out: findings.json, findings.sarif, findings.txt, scan.json, renamed
# into place when the scan is complete.
# Exit 0 with or without findings (1 with them under --fail-on); 2 on errors: bad options, not a kernel
# tree, OUT unusable or in use, or a scan with errors (a file not read,
# spatch failing on a file), whose results go to OUT/incomplete/ while
# the previous ones stay in place.
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long qw(GetOptions);
use Cwd qw(abs_path);
use LifoCommon qw(fail project_root is_ktree check_out_dir cocci_rules jobs_option lock_out);
use LifoScan qw(scan);

my %o = (timeout => 60, 'cocci-dir' => project_root() . '/cocci');
GetOptions(\%o, 'tree=s', 'out=s', 'jobs|j=s', 'cocci-dir=s', 'kver=s',
	'timeout=i', 'file=s@', 'quiet', 'spatch=s', 'wrappers', 'no-slice', 'stall=i', 'fail-on=s', 'help')
	or fail("bad options (see the head of $0)");
if ($o{help}) { exec 'sed', '-n', '2,23p', $0 }
$o{jobs} = jobs_option($o{jobs});
fail("--fail-on (FAIL_ON=) must be fix or any, not '$o{'fail-on'}'")
	if defined $o{'fail-on'} && $o{'fail-on'} !~ /^(?:fix|any)\z/;
fail("--timeout must be a positive number of seconds") unless $o{timeout} > 0;
fail("--tree DIR is required") unless $o{tree};
fail("$o{tree} is not a kernel tree (no top-level Makefile with VERSION, Kconfig, arch/)")
	unless -d $o{tree} && is_ktree($o{tree});
my $tree = abs_path($o{tree});
my $out = check_out_dir($o{out} // project_root() . '/build/scan-' . ($o{kver} // 'ksrc'), $tree);
lock_out($out);

my $r = scan(tree => $tree, out => $out, jobs => $o{jobs}, timeout => $o{timeout},
	cocci_dir => $o{'cocci-dir'}, files => $o{file}, quiet => $o{quiet},
	spatch => $o{spatch}, kver => $o{kver}, wrappers => $o{wrappers},
	slice => !$o{'no-slice'}, stall => $o{stall});
print "$_\n" for @{$r->{lines}};
print STDERR $r->{summary};
exit 2 unless $r->{ok};	# errors first: the findings may be incomplete
if (my $on = $o{'fail-on'}) {
	my $n = grep { $on eq 'any' || ($_->{impact} // '') eq 'fix' } @{$r->{findings}};
	if ($n) {
		printf STDERR "scan: %d finding%s%s: exit 1 (FAIL_ON=%s)\n", $n, $n == 1 ? '' : 's',
			$on eq 'fix' ? ' with impact fix' : '', $on;
		exit 1;
	}
}
exit 0;
