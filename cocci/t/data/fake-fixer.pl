#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Stand-in for cocci/bin/lifo-fix.sh in the tests: fake-fixer.pl TREE FILE...
# Swaps two consecutive kunmap_local()/kunmap_atomic()/pte_unmap() lines when the first
# releases a mapping made before the second; prints a -p1 diff.
use v5.36;
use File::Temp qw(tempdir);
my ($tree, @files) = @ARGV;
my $tmp = tempdir(CLEANUP => 1);
for my $f (@files) {
	open my $fh, '<', "$tree/$f" or exit 2;
	my @l = <$fh>;
	my %mapped;
	for my $i (0 .. $#l) {
		$mapped{$1} //= $i if $l[$i] =~ /(\w+) = (?:kmap_local_page|kmap_atomic|pte_offset_map)\(/;
		next unless $i < $#l;
		if ($l[$i] =~ /^\s*(?:kunmap_local|kunmap_atomic|pte_unmap)\((\w+)\);/ && (my $a = $1)
		    && $l[$i + 1] =~ /^\s*(?:kunmap_local|kunmap_atomic|pte_unmap)\((\w+)\);/ && (my $b = $1)) {
			if (defined $mapped{$a} && defined $mapped{$b} && $mapped{$a} < $mapped{$b}) {
				@l[$i, $i + 1] = @l[$i + 1, $i];
			}
		}
	}
	my $new = "$tmp/new";
	open my $o, '>', $new or exit 2;
	print $o @l;
	close $o;
	my $d = `diff -u --label a/$f --label b/$f "$tree/$f" "$new"`;
	print $d;
}
