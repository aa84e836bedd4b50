# SPDX-License-Identifier: GPL-2.0
# Cut a C file down to the functions a pass can match, for spatch.
#
# Every rule of kmap_local_lifo.cocci and kmap_local_wrappers.cocci is
# intraprocedural and names the mapping and releasing functions: a
# function whose body names none of them can neither hold a finding nor
# be a wrapper.  Most of a candidate file's functions are like that, and
# spatch spends most of its time parsing them.  slice() empties their
# bodies, keeping every line break, so the lines and columns of what is
# left do not move, and everything outside function bodies (declarations,
# typedefs, macros) stays as it was, so what is left parses as before.
#
# A body is only emptied when it is plainly one in kernel style: "{" and
# "}" alone at the start of their lines after a line ending in ")", every
# line in between indented (or a label), its braces balanced and no
# preprocessor line in it.  Anything else is kept whole.
package LifoSlice;
use v5.36;
use Exporter 'import';
our @EXPORT_OK = qw(slice names_regex);

# One regex that matches any of the names as a word.
sub names_regex(@names) {
	my $alt = join '|', map { quotemeta } sort { length $b <=> length $a || $a cmp $b } @names;
	return qr/\b(?:$alt)\b/;
}

# Returns the cut text and the emptied bodies as [first, last] line
# numbers (1-based, inclusive) of the lines that were blanked.
sub slice($text, $names) {
	my ($out, @cut) = ('');
	my $pos = 0;
	my $line = 1;	# line number at $pos
	while ($text =~ /^\{[ \t]*\n/mg) {
		my $open = $-[0];
		my $body = pos $text;
		last unless $text =~ /^\}[ \t]*$/mg;
		my $close = $-[0];
		my $inner = substr $text, $body, $close - $body;
		# Not a body: look for the next one inside it.
		unless (_plain_body($text, $open, $inner)) {
			pos($text) = $body;
			next;
		}
		pos($text) = $close;
		next if $inner =~ $names;
		my $before = substr $text, $pos, $body - $pos;
		$out .= $before;
		$line += $before =~ tr/\n//;
		my $n = $inner =~ tr/\n//;
		if ($n) {
			$out .= "\n" x $n;
			push @cut, [$line, $line + $n - 1];
			$line += $n;
		}
		$pos = $close;
	}
	$out .= substr $text, $pos;
	return ($out, \@cut);
}

sub _plain_body($text, $open, $inner) {
	# The line before "{" ends in ")": a function's head.
	my $from = $open > 512 ? $open - 512 : 0;
	return 0 unless substr($text, $from, $open - $from) =~ /\)[ \t]*\n\z/;
	return 0 if ($inner =~ tr/{//) != ($inner =~ tr/}//);
	return 0 if $inner =~ /^(?![ \t]|$|[A-Za-z_]\w*:)/m;
	return 0 if $inner =~ /^[ \t]*#/m;
	return 1;
}

1;
