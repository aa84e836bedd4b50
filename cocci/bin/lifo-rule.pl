#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Write the LIFO rule that knows a tree's own kmap_local wrappers.
#
#   perl cocci/bin/lifo-rule.pl --tree DIR --out DIR [--jobs N] [--timeout S] [--quiet]
#
# Infers the tree's helpers (functions that return a mapping, release
# one, release by key, leave a field of their argument mapped or release
# it; members of operations tables set to such functions) in the passes
# make scan runs (cocci/lib/LifoPasses.pm): each pass reads the files
# that name what the last one found, until one finds nothing new (a
# guard, $LEVELS there, stops after ten levels of helpers of helpers and
# says so).  Writes into --out: kmap_local_lifo.cocci (the checker with
# every helper, for spatch, make coccicheck COCCI= and
# cocci/bin/lifo-fix.sh), the lists (maps.list, releases.list,
# keyreleases.list, fields.list, ...) and wrappers.txt ("KIND NAME
# (level N)"): the passes run in a scratch folder there, and only these
# files are renamed into --out, which must be outside the tree; its
# other files are left alone.  Prints the rule's path on stdout.  The
# tree is only read.  Exit 0, or 2 on errors (spatch failing on a file:
# the files in --out are left as they were).
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long qw(GetOptions);
use Cwd qw(abs_path);
use LifoCommon qw(fail project_root check_out_dir scratch_dir entries);
use LifoScan qw(ncpus);
use LifoRule;
use LifoTree;
use LifoPasses;

my %o = (jobs => 0, timeout => 60);
GetOptions(\%o, 'tree=s', 'out=s', 'jobs|j=i', 'timeout=i', 'quiet', 'spatch=s', 'help')
	or fail("bad options (see --help)");
if ($o{help}) { exec 'sed', '-n', '3,21p', $0 }
fail("--tree DIR is required") unless $o{tree};
fail("--out DIR is required") unless $o{out};
fail("$o{tree}: no such directory") unless -d $o{tree};
fail("--jobs must be a positive number") if $o{jobs} < 0;
# (--spatch CMD: another spatch command, for the tests.)
LifoRule::have_spatch($o{spatch} // 'spatch') or fail("spatch (Coccinelle) not found: install coccinelle (make deps)");
my $tree = abs_path($o{tree});
my $out = check_out_dir($o{out}, $tree);
my $say = sub (@m) { print STDERR @m unless $o{quiet} };

# The passes write their lists, rules and spatch's files where they run
# (and remove what they made there): a scratch folder, not --out.
my $work = scratch_dir($out, 'lifo-rule') . '/rule';
my $r = LifoPasses::run(tree => $tree, all => [LifoTree::tree_files($tree)],
	root => project_root(), dir => $work, jobs => $o{jobs} || ncpus(),
	timeout => $o{timeout}, spatch => $o{spatch}, say => $say, progress => sub { sub {} });
# Only a complete run replaces the rule of an earlier one: the passes
# that spatch failed in found fewer helpers.
if (@{$r->{errors}}) {
	print STDERR "lifo-rule: spatch failed: $_\n" for @{$r->{errors}};
	print STDERR "lifo-rule: exit 2; the rule in $out, if any, is left as it was\n";
	exit 2;
}
{
	# The rule last, not interrupted half way.
	local @SIG{qw(INT TERM HUP)} = ('IGNORE') x 3;
	for my $f (entries($work, qr/^(?:\w+\.list|wrappers\.txt)\z/), $r->{rule}) {
		my $to = $out . ($f =~ s{.*/}{/}r);
		rename $f, $to or fail("cannot rename $f to $to: $!");
	}
}
$say->(sprintf "lifo-rule: %d wrappers in %s\n", scalar @{$r->{wrappers}}, $tree);
print "$out/kmap_local_lifo.cocci\n";
