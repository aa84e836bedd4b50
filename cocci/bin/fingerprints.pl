#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# List the findings of a findings.json (make scan's OUT/findings.json)
# with their fingerprints, one a line, in the form of a reviewed-findings
# file (REVIEWED=, cocci/README.md): copy the lines of the findings you
# have reviewed into your file and put why after the fingerprint.
#
#   perl cocci/bin/fingerprints.pl [OUT/findings.json]
#
# Exit 0; 2 when the file cannot be read.
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use LifoCommon qw(fail project_root);
use LifoOutput ();
use LifoFinding ();

if (@ARGV && $ARGV[0] =~ /^--?h(?:elp)?$/) { exec 'sed', '-n', '2,10p', $0 }
my $file = $ARGV[0] // project_root() . '/build/scan-6.12/findings.json';
my $j = eval { LifoOutput::read_json($file) } // fail("$file: " . ($@ =~ s/\s+\z//r));
my $list = ref $j eq 'HASH' ? $j->{findings} : $j;
fail("$file: not a findings.json of make scan") unless ref $list eq 'ARRAY';
my @int = LifoOutput::from_json($list);
for my $i (0 .. $#int) {
	my $f = $int[$i];
	printf "%s  # %s:%d %s(): %s [%s]\n", $list->[$i]{fingerprint} // LifoFinding::fingerprint($f),
		$f->{file}, $f->{line}, $f->{function}, LifoFinding::brief($f), $f->{impact} // '?';
}
