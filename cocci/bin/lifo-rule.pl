#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Write the LIFO rule that knows a tree's own kmap_local wrappers.
#
#   perl cocci/bin/lifo-rule.pl --tree DIR --out DIR [--jobs N] [--quiet]
#
# Infers the functions of the tree that return a mapping or release one
# (cocci/kmap_local_wrappers.cocci, three levels of wrappers of wrappers),
# the same passes as make scan (cocci/lib/LifoPasses.pm), and writes into
# --out: kmap_local_lifo.cocci (the checker with every wrapper, for
# spatch, make coccicheck COCCI= and cocci/bin/lifo-fix.sh), maps.list,
# releases.list and wrappers.txt ("KIND NAME (level N)").  Prints the
# rule's path on stdout.  The tree is only read.  Exit 0, or 2 on errors.
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long qw(GetOptions);
use Cwd qw(abs_path);
use LifoCommon qw(fail project_root check_out_dir);
use LifoScan qw(ncpus);
use LifoRule;
use LifoTree;
use LifoPasses;

my %o = (jobs => 0, timeout => 60);
GetOptions(\%o, 'tree=s', 'out=s', 'jobs|j=i', 'timeout=i', 'quiet', 'help')
	or fail("bad options (see --help)");
if ($o{help}) { exec 'sed', '-n', '3,13p', $0 }
fail("--tree DIR is required") unless $o{tree};
fail("--out DIR is required") unless $o{out};
fail("$o{tree}: no such directory") unless -d $o{tree};
fail("--jobs must be a positive number") if $o{jobs} < 0;
LifoRule::have_spatch() or fail("spatch (Coccinelle) not found: install coccinelle (make deps)");
my $tree = abs_path($o{tree});
my $out = check_out_dir($o{out});
my $say = sub (@m) { print STDERR @m unless $o{quiet} };

my $r = LifoPasses::run(tree => $tree, all => [LifoTree::tree_files($tree)],
	root => project_root(), dir => $out, jobs => $o{jobs} || ncpus(),
	timeout => $o{timeout}, say => $say, progress => sub { sub {} });
if (@{$r->{errors}}) {
	print STDERR "lifo-rule: spatch failed: $_\n" for @{$r->{errors}};
	exit 2;
}
$say->(sprintf "lifo-rule: %d wrappers in %s\n", scalar @{$r->{wrappers}}, $tree);
print "$r->{rule}\n";
