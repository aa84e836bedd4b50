# SPDX-License-Identifier: GPL-2.0
# A finding's identity that survives line moves and unrelated edits:
# the file, the function, the two mapped expressions with their mapping
# functions, and the kind of finding; never a line or a column.
package LifoFingerprint;
use v5.36;
use Digest::SHA qw(sha256_hex);
use Exporter 'import';
our @EXPORT_OK = qw(fingerprint finding_kind);

# The version of the recipe below: a change of it changes every
# fingerprint, so it is part of the SARIF key ("kmapLifo/v1").
our $VERSION_TAG = 'kmapLifo/v1';

# pair: two mappings of one function released out of order; array:
# p[] mapped in a loop and released in one counting the same way (the
# rule prints "p[] (MAPFN, line N) mapped in a loop ..."); field: a
# structure's fields mapped in another function ("MAPFN in FN()").
sub finding_kind($f) {
	return 'field' if defined $f->{first}{function} || defined $f->{second}{function};
	return 'array' if ($f->{first}{expr} // '') =~ /\[\]\z/;
	return 'pair';
}

# 16 hex digits (64 bits) of SHA-256 over the fields, each with its
# whitespace squeezed (spatch and humans space C expressions freely).
sub fingerprint($f) {
	my $sq = sub ($s) { ($s // '') =~ s/\s+/ /gr =~ s/^ | \z//gr };
	return substr sha256_hex(join "\0", $VERSION_TAG, map { $sq->($_) } $f->{file}, $f->{function},
		$f->{first}{expr}, $f->{first}{map}, $f->{second}{expr}, $f->{second}{map}, finding_kind($f)), 0, 16;
}

1;
