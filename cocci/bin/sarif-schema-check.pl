#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# sarif-schema-check.pl FILE...: structural SARIF 2.1.0 check (offline).
# Prints the problems found; exit 0 when every file is valid, 1 if not,
# 2 when a file cannot be read or is not JSON.
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use JSON::PP ();
use SarifCheck qw(check_sarif);
if (@ARGV && $ARGV[0] =~ /^(-h|--help)$/) {
	print "usage: $0 FILE...\nStructural SARIF 2.1.0 check; exit 0 valid, 1 invalid, 2 unreadable.\n";
	exit 0;
}
die "usage: $0 FILE...\n" unless @ARGV;
my $bad = 0;
for my $f (@ARGV) {
	open my $fh, '<', $f or do { print STDERR "$f: $!\n"; exit 2 };
	my $text = do { local $/; <$fh> };
	my $log = eval { JSON::PP->new->utf8->decode($text) };
	if (!defined $log) { print STDERR "$f: not JSON: $@"; exit 2 }
	my @e = check_sarif($log);
	if (@e) { $bad++; print "$f: $_\n" for @e }
	else { print "$f: valid SARIF 2.1.0 (structural check)\n" }
}
exit($bad ? 1 : 0);
