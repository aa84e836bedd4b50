#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Time one rule over a whole tree the way make scan runs its rules: grep
# picks the files that name a function of NAMES_LIST, then one spatch
# batch per job.  Prints "SECONDS FILES".  For cocci/bench.sh.
#   bench-rule.pl TREE RULE JOBS NAMES_LIST
use v5.36;
use FindBin;
use lib "$FindBin::Bin/lib";
use Time::HiRes qw(time);
use LifoSpatch;

my ($tree, $rule, $jobs, $list) = @ARGV;
die "usage: bench-rule.pl TREE RULE JOBS NAMES_LIST\n"
	unless defined $list && -d $tree && -f $rule && -f $list;
my $t0 = time;
my @tokens = LifoSpatch::list_names($list) or die "$list: no names\n";
my @all = LifoSpatch::tree_files($tree, 1);
my @cand = LifoSpatch::candidates($tree, \@all, \@tokens, $jobs);
my $r = LifoSpatch::run_rule($tree, $rule, \@cand, jobs => $jobs, timeout => 60);
die "bench-rule: $_\n" for @{$r->{errors}};
printf "%.1f %d\n", time - $t0, scalar @cand;
