#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Print a semantic patch of cocci/ with the name lists written in (see
# cocci/lib/LifoLists.pm).
#   lists.pl [--lists DIR] [--no-prefilter] [--rules-only] RULE.cocci
# The lists are DIR/maps.list, DIR/releases.list and DIR/iterators.list,
# each taken from cocci/ when DIR lacks it (default: cocci/ alone).
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long;
use LifoLists qw(lists_in substitute);

my %o;
GetOptions(\%o, 'lists=s', 'no-prefilter', 'rules-only', 'help')
	or die "usage: lists.pl [--lists DIR] [--no-prefilter] [--rules-only] RULE.cocci\n";
if ($o{help} || @ARGV != 1) {
	print "usage: lists.pl [--lists DIR] [--no-prefilter] [--rules-only] RULE.cocci\n";
	exit($o{help} ? 0 : 2);
}
my $lists = eval { lists_in($o{lists}, "$FindBin::Bin/..") } or die "lists.pl: $@";
open my $fh, '<', $ARGV[0] or die "lists.pl: cannot read $ARGV[0]: $!\n";
my $text = do { local $/; <$fh> };
my $out = eval { substitute($text, $lists, no_prefilter => $o{'no-prefilter'}, rules_only => $o{'rules-only'}) };
if (!defined $out) { print STDERR "lists.pl: $@"; exit 2 }
print $out;
