# SPDX-License-Identifier: GPL-2.0
# Cut a C file down to the functions a pass can match, for spatch.
#
# Every rule of kmap_local_lifo.cocci and kmap_local_wrappers.cocci is
# intraprocedural and names the mapping and releasing functions: a
# function whose body names none of them can neither hold a finding nor
# be a wrapper.  Most of a candidate file's functions are like that, and
# spatch spends most of its time parsing them and trying every rule on
# each.  slice() blanks them, head and body, keeping every line break, so
# the lines and columns of what is left do not move, and everything
# outside functions (declarations, typedefs, macros) stays as it was, so
# what is left parses as before.  (A head that shares a line with
# something else stays, with its body emptied.)
#
# A body is only emptied when it is plainly a function's: "{" and "}"
# alone on their lines at brace depth 0 (counted without comments,
# strings and preprocessor lines), after a line ending in ")", with no
# preprocessor line in between.  A file whose braces do not add up that
# way (#if branches with a brace each, say) is left whole.
package LifoSlice;
use v5.36;
use Exporter 'import';
our @EXPORT_OK = qw(slice names_regex static_definition);

# One regex that matches any of the names as a word.
sub names_regex(@names) {
	my $alt = join '|', map { quotemeta } sort { length $b <=> length $a || $a cmp $b } @names;
	return qr/\b(?:$alt)\b/;
}

# A body that calls a function of the file that maps into a field
# through a pointer ("s->f = kmap_local_page(...)", or what an
# out-parameter points to: "*addr = kmap_local_folio(...)") or gives one of the
# names a field through a pointer (a release, "kunmap_local(s->f)"; a
# mapping from one, "kmap_local_page(s->page)", counts too: the regex
# does not tell them apart) is kept too, and so are the callers of those
# kept that way (to a fixed point): the rules follow helpers of the same
# file that leave a field mapped, or release it, through chains of
# calls (gcm_in_walk_done() of arch/s390/crypto/aes_s390.c releases its
# walk through _gcm_sg_unmap_and_advance()).
# Those helpers are found with $fields (a regex of the mapping and
# releasing functions and of every helper known, default $names): a
# later pass of make scan reads the functions that name its new helpers
# again, and they call helpers of the file found before.
# A call of a field helper ($helpers: a regex of the functions known to
# leave a field of a parameter mapped or to release one, fieldmaps.list
# and fields.list) counts as such a mapping whatever its arguments:
# "finish_fault(vmf)" leaves vmf->pte mapped, "xdr_inline_decode(xdr, n)"
# xdr->page_kaddr.  The rules summarize the functions of a file to a
# fixed point but print no summary of a static one (lifo_rule.py
# print_summaries()): its callers are read in the same pass or never
# (dax_iomap_fault() of fs/dax.c reaches finish_fault() through three
# static functions, dax_fault_cow_page() the only one that names it).
# Returns the cut text and the emptied bodies as [first, last] line
# numbers (1-based, inclusive) of the lines that were blanked.
sub slice($text, $names, $fields = $names, $helpers = undef) {
	my $code = _code($text);
	my @bodies = _bodies($code) or return (_no_includes($text), []);
	my @inner = map { substr $text, $_->[0], $_->[1] - $_->[0] } @bodies;
	# (Only a body that names one of $names can be kept for a field
	# either, _chain(): the others are not read again.)
	my @named = map { $_ =~ $names ? 1 : 0 } @inner;
	my @keep = map { !($inner[$_] =~ tr/\n//) || $inner[$_] =~ /^[ \t]*#/m || $named[$_] } 0 .. $#inner;
	# (Read without comments, the parentheses of its parameters matched:
	# "/* map_src() is cut */" or "DEFINE_X(y)" above a head names
	# nothing; annotations may follow them: "__releases(vmf->ptl)", "__must_hold(x)".)
	my $parens = qr/\((?:[^;{}()]|\((?:[^;{}()]|\([^;{}()]*\))*\))*\)/;
	# (A head holds no ";", "{" nor "}": the regex reads from the last.)
	my @name = map { my $from = $_->[0] > 512 ? $_->[0] - 512 : 0;
		my $head = substr($code, $from, $_->[0] - $from);
		my $brace = rindex($head, '{');
		my ($cut) = sort { $b <=> $a } map { rindex($head, $_, $brace - 1) } ';', '{', '}';
		$head = substr($head, $cut + 1) if $cut >= 0;
		$head =~ /(\w+)\s*$parens(?:\s*__\w+(?:\s*$parens)?)*\s*\{[ \t]*\n\z/ ? $1 : '' } @bodies;
	# The body of a function that is itself one of the names: the rules
	# read what it does (the function set to a member of an operations
	# table, kmap_local_wrappers.cocci).
	$keep[$_] ||= length $name[$_] && $name[$_] =~ /\A$names\z/ ? 1 : 0 for 0 .. $#bodies;
	# (Of the field helpers, those among the names: the others' calls
	# changed nothing since the last pass.)
	_chain(\@inner, \@name, $names, \@keep, \@named, $helpers && qr/(?=$names)$helpers/);
	# (A regex other than $names: make scan always gives one.)
	if ($fields ne $names) {
		# The helpers of those found with every name known, and kept
		# where a function kept calls them, to a fixed point.
		my @helper = _chain(\@inner, \@name, $fields, [], [map { $_ =~ $fields ? 1 : 0 } @inner], $helpers);
		while (1) {
			my @callee = map { $helper[$_] && !$keep[$_] ? $name[$_] : () } 0 .. $#bodies;
			my $re = @callee ? names_regex(@callee) : last;
			my %called = map { $_ => 1 } map { $inner[$_] =~ /($re)\s*\(/g } grep { $keep[$_] } 0 .. $#bodies;
			my @grown = grep { $helper[$_] && !$keep[$_] && $called{$name[$_]} } 0 .. $#bodies or last;
			$keep[$_] = 1 for @grown;
		}
	}
	my ($out, $pos, $line, @cut) = ('', 0, 1);
	for my $i (0 .. $#bodies) {
		next if $keep[$i];
		my ($body, $close) = @{$bodies[$i]};
		# Its head too, when it stands on lines of its own: spatch
		# tries every rule on every function it parses, empty or not.
		my $from = _head($text, $code, $pos, $body);
		my $to = defined $from ? $close + 1 : $close;
		$from //= $body;
		my $before = substr $text, $pos, $from - $pos;
		$out .= $before;
		$line += $before =~ tr/\n//;
		my $n = substr($text, $from, $to - $from) =~ tr/\n//;
		$out .= "\n" x $n;
		push @cut, [$line, $to > $close ? $line + $n : $line + $n - 1];
		$line += $n;
		$pos = $to;
	}
	$out .= substr $text, $pos;
	return (_no_includes($out), \@cut);
}

# $text with its #include lines emptied.  spatch, told --no-includes,
# reads no header, but tries every rule on each such line as on a
# function: a fifth of its time on the cut files.  (The rules read what
# a file includes from the tree, lifo_rule.py included().)  A line that
# goes on past its end (a comment left open) stays.
sub _no_includes($text) {
	$text =~ s{^[ \t]*\#[ \t]*include[ \t]*(?:<[^>\n]*>|"[^"\n]*")[ \t]*(?:/\*(?:(?!\*/)[^\n])*\*/[ \t]*|//[^\n]*)?$}{}gm;
	return $text;
}

# The functions of bodies @$inner (named @$name) that map into a field
# through a pointer with one of $names, or give one a field, or call
# one of $calls (field helpers), and their
# callers, to a fixed point: set in @$mark.  (The callers are marked;
# the first are marked by the caller of _chain() if it wants them.)
sub _chain($inner, $name, $names, $mark, $named = undef, $calls = undef) {
	my $field = qr/(?:->\s*[\w.>-]*|^[ \t]*\*[ \t]*\w+)\s*=\s*(?:\([^()]*\)\s*)?$names\s*\(|$names\s*\([^;{}]*->/m;
	# (A call of a field helper ($calls), with any arguments.)
	$field = qr/$field|$calls\s*\(/m if $calls;
	# ($named: which bodies name one of $names, if known: only those
	# can match $field.)
	my @chain = map { length $name->[$_] && (!$named || $named->[$_]) && $inner->[$_] =~ $field ? 1 : 0 } 0 .. $#$inner;
	while (1) {
		my @callee = map { $chain[$_] ? $name->[$_] : () } 0 .. $#$inner;
		my $re = @callee ? names_regex(@callee) : last;
		my $grown = 0;
		for my $i (grep { !$chain[$_] } 0 .. $#$inner) {
			next unless $inner->[$i] =~ /$re\s*\(/;
			$chain[$i] = $mark->[$i] = $grown = 1;
		}
		last unless $grown;
	}
	return @chain;
}

# True when $text defines the function $name and every definition it has
# is static (the function cannot be called from another file, unless
# that file includes this one).  A definition: $name, its parameters and
# "{"; static: "static" in what comes before, after the last ";", "{" or
# "}".  A static prototype before a definition without "static" does not
# count: the answer is then no, which only costs a search.
sub static_definition($text, $name) {
	my $code = _code($text);
	my ($defs, $static) = (0, 0);
	while ($code =~ /\b\Q$name\E\s*\(/g) {
		my ($at, $i, $depth) = ($-[0], pos($code), 1);
		while ($depth && $code =~ /[()]/g) {
			$depth += $& eq '(' ? 1 : -1;
		}
		next if $depth || $code !~ /\G\s*\{/gc;
		my $from = $at > 4096 ? $at - 4096 : 0;
		my ($head) = substr($code, $from, $at - $from) =~ /([^;{}]*)\z/;
		$defs++;
		$static++ if $head =~ /\bstatic\b/;
		pos($code) = $i;
	}
	return $defs && $defs == $static;
}

# Where the head of the function whose body starts at $body begins:
# the start of the lines before its "{" line, back to one that is blank
# in $code (a comment, a preprocessor line) or holds ";", "{" or "}"
# ("static int\nfoo(void)"); undef when there are none.  A line that
# holds part of a comment ("*/ static int f(void)") is not blanked: the
# comment would lose its end.
sub _head($text, $code, $pos, $body) {
	my $brace = rindex($code, "\n", $body - 2) + 1;
	return undef if $brace <= $pos;
	my $start = $brace;
	while ($start > $pos) {
		my $prev = rindex($code, "\n", $start - 2) + 1;
		my $l = substr $code, $prev, $start - 1 - $prev;
		last if $prev < $pos || $l !~ /\S/ || $l =~ /[;{}]/ || substr($text, $prev, $start - 1 - $prev) =~ m{/\*|\*/};
		$start = $prev;
	}
	return $start < $brace ? $start : undef;
}

# The text with comments, string and character literals and preprocessor
# lines blanked out (line breaks kept), so that its braces are the code's.
sub _code($text) {
	# (The lookahead tells the regex engine where a match can start: four
	# times as fast.)
	(my $code = $text) =~ s{
		(?=[ \t\#/"'])
		(?: ^[ \t]*\#(?:[^\n]*\\\n)*[^\n]*
		| /\*.*?\*/ | //[^\n]*
		| "(?:\\.|[^"\\\n])*" | '(?:\\.|[^'\\\n])*' )
	}{ $& =~ tr/\n/ /cr }gmsxe;
	return $code;
}

# [start of the body, start of the "}" line] of each function body of
# $code (_code()) at depth 0 with "{" and "}" alone on their lines after a line
# ending in ")"; none when the braces do not balance.
sub _bodies($code) {
	my ($depth, $open, @b) = (0);
	while ($code =~ /[{}]/g) {
		my $at = $-[0];
		if ($& eq '{') {
			$open = $at if $depth++ == 0;
			next;
		}
		return () if --$depth < 0;
		next if $depth;
		my $from = $open > 512 ? $open - 512 : 0;
		next unless substr($code, $from, $open - $from) =~ /\)[ \t]*\n\z/
			&& substr($code, $at - 1, 1) eq "\n"
			&& substr($code, $at, 512) =~ /\A\}[ \t]*(?:\n|\z)/
			&& substr($code, $open, 512) =~ /\A\{[ \t]*\n/;
		push @b, [$open + $+[0], $at];
	}
	return $depth ? () : @b;
}

1;
