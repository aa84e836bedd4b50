# SPDX-License-Identifier: GPL-2.0
# MIME for disclosure.pl: a mail as list archives serve it (lore's raw
# messages) may have a quoted-printable or base64 body and RFC 2047
# encoded headers.  decode() gives the lines to check, each with the
# index of the raw line it starts on, so reports keep the input's line
# numbers.  Core modules only.
package DisclosureMime;
use v5.36;

my $hdr_line = qr/^[A-Za-z][A-Za-z0-9-]*:/;

# decode($L, $s, $e): the mail in lines $s .. $e-1 of @$L decoded, as
# (\@lines, \@raw_index), or () when there is nothing to decode (no
# mail headers, no encoded header, no quoted-printable or base64 body).
sub decode($L, $s, $e) {
	my $i = $s;
	$i++ while $i < $e && $L->[$i] =~ /^\s*$/;
	return () unless $i < $e;
	my $h0 = $i;
	$i++ if $L->[$i] =~ /^From \S/;		# mbox separator
	return () unless $i < $e && $L->[$i] =~ $hdr_line;
	my ($cte, $encoded_hdr, $multipart) = ('', 0, 0);
	my $h = $i;
	for (; $h < $e && $L->[$h] ne ''; $h++) {
		my $t = $L->[$h];
		$cte = lc $1 if $t =~ /^Content-Transfer-Encoding:\s*([\w-]+)/i;
		$multipart = 1 if $t =~ /^Content-Type:\s*multipart\//i;
		$encoded_hdr = 1 if index($t, '=?') >= 0;
	}
	return () if $multipart;	# not read: parts other than the first text
	my $body = $cte eq 'quoted-printable' || $cte eq 'base64';
	return () unless $body || $encoded_hdr;

	my @map = ($s .. $h0 - 1);	# blank lines before the mail
	# headers: unfolded (a folded header counts at its first line),
	# encoded words decoded to UTF-8
	for my $k ($h0 .. $h - 1) {
		push @map, $k unless $k > $h0 && $L->[$k] =~ /^[ \t]/;
	}
	my @out = map { $L->[$_] } @map;
	my $n = $h0 - $s;
	for my $k ($h0 .. $h - 1) {
		next unless $k > $h0 && $L->[$k] =~ /^[ \t]/;
		$n++ while $n + 1 < @map && $map[$n + 1] < $k;
		$out[$n] .= $L->[$k];
	}
	for my $k ($h0 - $s .. $#out) {
		$out[$k] = header_words($out[$k]) if index($out[$k], '=?') >= 0;
	}
	my @body = $h .. $e - 1;
	if ($cte eq 'quoted-printable') { qp_lines($L, \@body, \@out, \@map) }
	elsif ($cte eq 'base64') { b64_lines($L, \@body, \@out, \@map) }
	else { push @out, map { $L->[$_] } @body; push @map, @body }
	return (\@out, \@map);
}

# RFC 2047 encoded words ("=?UTF-8?q?Ren=C3=A9?="), as UTF-8 bytes
sub header_words($t) {
	require Encode;
	my $d = eval { Encode::decode('MIME-Header', $t) };
	return $t unless defined $d;
	return Encode::encode('UTF-8', $d);
}

# Quoted-printable: a line ending in '=' goes on on the next raw line
# (soft break); each decoded line starts at the raw line it began on.
sub qp_lines($L, $body, $out, $map) {
	require MIME::QuotedPrint;
	my ($cur, $start);
	my $emit = sub {
		my $d = MIME::QuotedPrint::decode_qp("$cur\n");
		for my $l (split /\n/, $d, -1) {
			push @$out, $l =~ s/\r\z//r;
			push @$map, $start;
		}
		pop @$out; pop @$map;	# the part after the last "\n"
		$cur = undef;
	};
	for my $k (@$body) {
		my $t = $L->[$k];
		$start = $k unless defined $cur;
		$cur = defined $cur ? $cur . $t : $t;
		if ($t =~ /=\z/) { chop $cur; next }
		$emit->();
	}
	$emit->() if defined $cur;
}

# Base64: the body decoded at once; a decoded line starts on the raw line
# that holds its first byte (4 characters give 3 bytes).
sub b64_lines($L, $body, $out, $map) {
	require MIME::Base64;
	my ($b64, @ends) = ('');
	my @k = @$body;
	while (@k && $L->[$k[0]] eq '') { my $k = shift @k; push @$out, ''; push @$map, $k }
	for my $k (@k) {
		(my $t = $L->[$k]) =~ tr{A-Za-z0-9+/}{}cd;
		next if $t eq '';
		$b64 .= $t;
		push @ends, [$k, int(length($b64) * 3 / 4)];	# bytes up to the end of line $k
	}
	return unless @ends;
	my $data = MIME::Base64::decode_base64($b64);
	my ($pos, $j) = (0, 0);
	for my $l (split /\n/, $data, -1) {
		$j++ while $j < $#ends && $ends[$j][1] <= $pos;
		push @$out, $l =~ s/\r\z//r;
		push @$map, $ends[$j][0];
		$pos += length($l) + 1;
	}
	if (@$out && $out->[-1] eq '' && $data =~ /\n\z/) { pop @$out; pop @$map }
}

1;
