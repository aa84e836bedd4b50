# SPDX-License-Identifier: GPL-2.0
# The mode a helper maps in: a helper whose every mapping call is under
# "if (PARAM == CONST)" maps on the kmap_local stack only when its
# caller passes CONST there.  erofs_bread(buf, offset, type) of 6.1 maps
# with kmap_atomic() only for EROFS_KMAP_ATOMIC (with kmap() for
# EROFS_KMAP); that of 6.12 with kmap_local_page() only for EROFS_KMAP.
# A call that passes another constant maps nothing on the stack
# (on_stack() of cocci/lib/lifo_rule.py, from guards.list).
#
# Read from the text of the helper's definition, as the kernel lays it
# out (its head at the start of a line, "}" alone at its end): the if
# statement that holds a mapping call is the nearest line above it that
# is indented less.
package LifoGuard;
use v5.36;

# ($index, $const) of the parameter and constant every mapping call of
# function $name in $text is guarded by, or () when one is not.
# $maps: a regex matching the names of the mapping functions as words.
sub guard($text, $name, $maps) {
	my @lines = split /\n/, $text;
	my ($head, $start);
	for my $n (0 .. $#lines) {
		next unless $lines[$n] =~ /^[A-Za-z_].*\b\Q$name\E\s*\(/;
		my $h = join ' ', @lines[$n .. ($n + 5 > $#lines ? $#lines : $n + 5)];
		next unless $h =~ /\b\Q$name\E\s*\(([^()]*)\)\s*\{/;
		($head, $start) = ($1, $n);
		last;
	}
	return () unless defined $head;
	my @params = map { /(\w+)\s*$/ ? $1 : '' } split /,/, $head;
	my ($end) = grep { $lines[$_] =~ /^\}/ } $start + 1 .. $#lines;
	return () unless defined $end;
	my $indent = sub ($l) { my ($w) = $l =~ /^(\s*)/; return length($w =~ s/\t/        /gr) };
	my %seen;
	for my $n ($start + 1 .. $end - 1) {
		next unless $lines[$n] =~ /$maps\s*\(/;
		my $in = $indent->($lines[$n]);
		my $k = $n - 1;
		$k-- while $k > $start && ($lines[$k] !~ /\S/ || $indent->($lines[$k]) >= $in);
		return () unless $lines[$k] =~ /^\s*(?:\}\s*)?(?:else\s+)?if\s*\(\s*(\w+)\s*==\s*([A-Z][A-Z0-9_]*)\s*\)\s*\{?\s*$/;
		my ($p, $c) = ($1, $2);
		my ($i) = grep { $params[$_] eq $p } 0 .. $#params;
		return () unless defined $i;
		$seen{"$i $c"} = 1;
	}
	return () unless keys %seen == 1;
	return split ' ', (keys %seen)[0];
}

1;
