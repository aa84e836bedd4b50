#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Time one rule over a whole tree the way make scan runs its rules: grep
# picks the files that name a function of NAMES_LIST, then one spatch
# batch per job; with "slice", spatch reads the files cut down to the
# functions that name one of them, as make scan gives them to its rules
# (cocci/lib/LifoSlice.pm).  Prints "SECONDS FILES".  For cocci/bin/bench.sh.
#   bench-rule.pl TREE RULE JOBS NAMES_LIST [slice]
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Time::HiRes qw(time);
use LifoRule;
use LifoTree;
use LifoGrep;
use LifoSpatch;

if (@ARGV && $ARGV[0] =~ /^(-h|--help)$/) {
	print "usage: bench-rule.pl TREE RULE JOBS NAMES_LIST [slice]\nTimes one rule as make scan runs it; prints \"SECONDS FILES\".\n";
	exit 0;
}
my ($tree, $rule, $jobs, $list, $slice) = @ARGV;
die "usage: bench-rule.pl TREE RULE JOBS NAMES_LIST [slice]\n"
	unless defined $list && -d $tree && -f $rule && -f $list && ($slice // 'slice') eq 'slice';
my $t0 = time;
my @tokens = LifoRule::list_names($list) or die "$list: no names\n";
my @all = LifoTree::tree_files($tree);
my @cand = LifoGrep::candidates($tree, \@all, \@tokens, $jobs);
my $r = LifoSpatch::run_rule($tree, $rule, \@cand, jobs => $jobs, timeout => 60,
	slice => $slice ? \@tokens : undef);
die "bench-rule: $_\n" for @{$r->{errors}};
printf "%.1f %d\n", time - $t0, scalar @cand;
