# SPDX-License-Identifier: GPL-2.0
# The tree's Kconfig as one architecture sees it: from the top-level
# Kconfig, following source/rsource/osource with $(SRCARCH), each
# symbol's dependencies with those of the "if" blocks and menus around
# it.  Enough to tell which symbols a configuration must also enable for
# a driver's symbol to survive olddefconfig (make fixes' build check);
# kconfig itself (olddefconfig) has the last word.
package LifoKconfig;
use v5.36;

# new(tree => DIR, srcarch => 'arm')
sub new($class, %a) {
	my $self = bless { %a, sym => {} }, $class;
	$self->_parse('Kconfig', [], {});
	return $self;
}

# { deps => [expr...] (its own and those around it), prompt => 0|1,
#   type => bool|tristate|..., at => "file:line" } of the first
# definition with a prompt (else the first), or undef.
sub symbol($self, $name) {
	my $d = $self->{sym}{$name} or return undef;
	my ($p) = grep { $_->{prompt} } @$d;
	return $p // $d->[0];
}

sub _parse($self, $file, $ctx, $seen) {
	return if $seen->{$file}++;
	open my $fh, '<', "$self->{tree}/$file" or return;
	my (@stack, $cur, $help);
	# @stack: [kind, [deps]] of the if blocks, menus and choices open in
	# this file, on top of @$ctx (those around the source line).
	my $around = sub { return (@$ctx, map { @{$_->[1]} } @stack) };
	my $line = '';
	while (my $l = <$fh>) {
		if ($l =~ s/\\\n\z//) { $line .= $l; next }
		$l = $line . $l;
		$line = '';
		(my $t = $l) =~ s/\t/        /g;
		if ($help) {
			next if $t !~ /\S/;
			my ($ind) = $t =~ /^( *)/;
			$help->{ind} //= length $ind;
			next if length $ind >= $help->{ind};
			$help = undef;
		}
		$l =~ s/^\s+|\s+$//g;
		next if $l eq '' || $l =~ /^#/;
		$l =~ s/\s+#.*$// unless $l =~ /"/;
		if ($l =~ /^(?:help|---help---)$/) { $help = {}; next }
		if ($l =~ /^(menu)?config\s+(\w+)$/) {
			$cur = { deps => [$around->()], prompt => 0, at => "$file:$." };
			push @{$self->{sym}{$2}}, $cur;
			next;
		}
		if ($l =~ /^if\s+(.+)$/) { push @stack, ['if', [$1]]; $cur = undef; next }
		if ($l =~ /^endif\b/) { pop @stack while @stack && $stack[-1][0] ne 'if'; pop @stack; $cur = undef; next }
		if ($l =~ /^(menu|choice)\b/) { push @stack, [$1, []]; $cur = $stack[-1]; next }
		if ($l =~ /^end(menu|choice)\b/) { my $k = $1; pop @stack while @stack && $stack[-1][0] ne $k; pop @stack; $cur = undef; next }
		if ($l =~ /^comment\b/) { $cur = { deps => [] }; next }
		if ($l =~ /^([or]?)source\s+"([^"]+)"/) {
			my ($how, $f) = ($1, $2);
			$f =~ s/\$\((?:SRCARCH|HEADER_ARCH)\)/$self->{srcarch}/g;
			next if $f =~ /\$\(/;
			$f = ($file =~ s{[^/]*$}{}r) . $f if $how eq 'r';
			$self->_parse($f, [$around->()], $seen);
			$cur = undef;
			next;
		}
		next unless $cur;
		if ($l =~ /^depends\s+on\s+(.+)$/) {
			# A menu's or a choice's own dependencies hold for what is in it.
			if (ref $cur eq 'ARRAY') { push @{$cur->[1]}, $1 } else { push @{$cur->{deps}}, $1 }
			next;
		}
		next if ref $cur eq 'ARRAY';
		if ($l =~ /^(bool|tristate|string|hex|int)\b\s*(")?/) { $cur->{type} = $1; $cur->{prompt} = 1 if $2; next }
		if ($l =~ /^def_(bool|tristate)\b/) { $cur->{type} = $1; next }
		if ($l =~ /^prompt\s+"/) { $cur->{prompt} = 1; next }
	}
}

# Splits an expression at the && and || outside parentheses:
# ('&&', parts) or ('||', parts) or ('', expr).
sub _split($e) {
	$e =~ s/^\s+|\s+$//g;
	while ($e =~ /^\((.*)\)\z/s && _balanced($1)) { $e = $1 =~ s/^\s+|\s+$//gr }
	for my $op ('||', '&&') {
		my @parts;
		my ($depth, $start) = (0, 0);
		for my $i (0 .. length($e) - 2) {
			my $c = substr $e, $i, 1;
			$depth++ if $c eq '(';
			$depth-- if $c eq ')';
			if (!$depth && substr($e, $i, 2) eq $op) {
				push @parts, substr $e, $start, $i - $start;
				$start = $i + 2;
			}
		}
		return ($op, @parts, substr $e, $start) if @parts;
	}
	return ('', $e);
}

sub _balanced($s) {
	my $d = 0;
	for my $c (split //, $s) { $d++ if $c eq '('; $d-- if $c eq ')'; return 0 if $d < 0 }
	return !$d;
}

# Whether an expression holds for $set (symbol => value of .config):
# 1, 0, or undef when it cannot tell (comparisons, macros).
sub holds($e, $set) {
	my ($op, @p) = _split($e);
	if ($op eq '||') { my @v = map { holds($_, $set) } @p; return 1 if grep { $_ } @v; return (grep { !defined } @v) ? undef : 0 }
	if ($op eq '&&') { my @v = map { holds($_, $set) } @p; return 0 if grep { defined && !$_ } @v; return (grep { !defined } @v) ? undef : 1 }
	my $x = $p[0];
	return holds($1, $set) ? 0 : 1 if $x =~ /^!\s*(.+)$/ && defined holds($1, $set);
	return 1 if $x eq 'y' || $x eq 'm';
	return 0 if $x eq 'n';
	return ($set->{$x} // 'n') ne 'n' ? 1 : 0 if $x =~ /^\w+$/;
	return undef;
}

# The symbols to enable for $e to hold under $set: a list, and the
# parts it cannot make hold (a negation that is set, a comparison).
# In "A || B" none of which holds, COMPILE_TEST when it is one of them,
# else the first symbol with a prompt that is not in $avoid.
sub wants($self, $e, $set, $avoid = {}) {
	my (@want, @cannot);
	my ($op, @p) = _split($e);
	if ($op eq '&&') {
		for (@p) { my ($w, $c) = $self->wants($_, $set, $avoid); push @want, @$w; push @cannot, @$c }
		return (\@want, \@cannot);
	}
	return ([], []) if holds($e, $set);
	if ($op eq '||') {
		my @alts = grep { /^\w+$/ } map { (_split($_))[1] } @p;
		my ($pick) = grep { $_ eq 'COMPILE_TEST' } @alts;
		($pick) = grep { !$avoid->{$_} && ($self->symbol($_) // {})->{prompt} } @alts unless $pick;
		return $pick ? ([$pick], []) : ([], [$e]);
	}
	return ([$p[0]], []) if $p[0] =~ /^\w+$/ && $p[0] !~ /^[ymn]$/;
	return ([], [$e]);
}

1;
