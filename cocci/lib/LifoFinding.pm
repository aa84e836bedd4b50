# SPDX-License-Identifier: GPL-2.0
# A LIFO finding: built from the machine line of cocci/kmap_local_lifo.cocci
# (-D report -D records), keyed, classified, and rendered as the stdout
# line, the findings.json object, the SARIF result and the changelog
# sentences of make fixes.  Nothing else reads or writes a finding.
#
# The rule prints, for each finding, one line (cocci/README.md):
#
#   FINDING: {"kind":"pair","file":F,"line":L,"column":C,"end_column":E,
#     "function":FN,"first":{"expr":A,"map":MAPFN,"line":LA},
#     "second":{"expr":B,"map":MAPFN2,"line":LB},"message":"..."}
#
# kind is pair (two mappings of FN), field (fields of a structure mapped
# by another function of the file: each mapping has "mapped_in") or
# array (the elements of A, "p[]" or "p[].addr", mapped in a loop and
# released in one counting the same way, "counting": "up" or "down";
# first and second are the one mapping call).  The position is the early release
# (columns 0-based, as spatch gives them); message is what the warning
# of report mode says, rendered by the rule from the same record.
#
# In Perl a finding is a hash: kind, file, line, column, end_column,
# function, message, rule, first and second ({ expr, map, line,
# mapped_in }), counting; classify() adds impact, reason, affected and
# subsystem.
package LifoFinding;
use v5.36;
use Digest::SHA qw(sha256_hex);
use JSON::PP ();
use Exporter 'import';
our @EXPORT_OK = qw(from_line line brief message kind key fingerprint classify sorted
	subsystem is_pte_map to_json from_json sarif_rule sarif_result sarif_marks
	changelog_mapped changelog_release);

# The one checker, as SARIF and findings.json name it.
our $RULE = 'kmap_local_lifo';

# The version of the fingerprint's recipe: a change of it changes every
# fingerprint, so it is part of the SARIF key ("kmapLifo/v1").
our $FINGERPRINT_TAG = 'kmapLifo/v1';

my %KINDS = (pair => 1, array => 1, field => 1);

# A finding from one line spatch printed, or undef for a line that is
# not a FINDING record (or not a whole one: a spatch killed mid-line).
sub from_line($line) {
	return undef unless $line =~ /^FINDING: (\{.*\})\s*\z/s;
	my $r = eval { JSON::PP->new->utf8->decode($1) };
	return undef unless ref $r eq 'HASH' && $KINDS{$r->{kind} // ''}
		&& _mapping_ok($r->{first}) && _mapping_ok($r->{second})
		&& (grep { defined $r->{$_} && !ref $r->{$_} } qw(file function message)) == 3
		&& (grep { ($r->{$_} // '') =~ /^\d+\z/ } qw(line column end_column)) == 3;
	# (Bytes, as the rest of the tools read the tree's names.)
	my $b = sub ($s) { utf8::encode($s) if defined $s; $s };
	my $m = sub ($x) { return { expr => _tidy($b->($x->{expr})), map => $b->($x->{map}), line => 0 + $x->{line},
		(defined $x->{mapped_in} ? (mapped_in => $b->($x->{mapped_in})) : ()) } };
	my %f = (kind => $r->{kind}, file => $b->($r->{file}) =~ s{^\./}{}r,
		line => 0 + $r->{line}, column => 0 + $r->{column}, end_column => 0 + $r->{end_column},
		function => $b->($r->{function}), message => $b->($r->{message}), rule => $RULE,
		first => $m->($r->{first}), second => $m->($r->{second}),
		(defined $r->{counting} ? (counting => $b->($r->{counting})) : ()));
	return \%f;
}

sub _mapping_ok($x) {
	return ref $x eq 'HASH' && defined $x->{expr} && !ref $x->{expr} && defined $x->{map} && !ref $x->{map}
		&& ($x->{line} // '') =~ /^\d+\z/;
}

# An expression as the kernel writes it (spatch prints "a [ i ]", "a -> b",
# "( void * ) p", "& m"): as tidy() of cocci/lib/lifo_rule.py has it, which
# the rule gives its records (cocci/t/tidy.t feeds both the same cases).
sub _tidy($e) {
	$e =~ s/\s*(->|\.|\[|\])\s*/$1/g;
	$e =~ s/\(\s+/(/g;
	$e =~ s/\s+\)/)/g;
	$e =~ s/^\s+|\s+\z//g;
	$e =~ s/^&\s*//;
	$e =~ s/^(\*+)\s+/$1/;
	return $e;
}

# pair, array or field.  A finding of findings.json version 3 or older
# has no kind: "p[]" (or "p[].addr") is an array's; a field's is told by
# mapped_in, which those versions did not keep.
sub kind($f) {
	return $f->{kind} if defined $f->{kind};
	return 'field' if defined $f->{first}{mapped_in} || defined $f->{second}{mapped_in};
	return 'array' if ($f->{first}{expr} // '') =~ /\[\]/;
	return 'pair';
}

# The rule's words for it (undef for a finding of an old findings.json).
sub message($f) { return $f->{message} }

# Without lines, for a finding seen in several trees (make scan-trees):
# "A (MAPFN) mapped before B (MAPFN2), released first".
sub brief($f) {
	my ($a, $b) = @$f{qw(first second)};
	return "$a->{expr} ($a->{map}) mapped in a loop, released in one counting the same way" if kind($f) eq 'array';
	return "$a->{expr} ($a->{map}) mapped before $b->{expr} ($b->{map}), released first";
}

# The line make scan prints on stdout: the position of the early
# release, the rule's message and the impact.
sub line($f) {
	my $why = defined $f->{reason} ? ": $f->{reason}" : '';
	return sprintf "%s:%d:%s %s [impact: %s%s]", $f->{file}, $f->{line},
		defined $f->{column} ? "$f->{column}:" : '', $f->{message} // '', $f->{impact} // 'unknown', $why;
}

# Identity of a finding that survives line shifts (before/after a patch).
sub key($f) {
	return join "\0", $f->{rule} // '', $f->{file}, $f->{function},
		$f->{first}{expr}, $f->{first}{map}, $f->{second}{expr}, $f->{second}{map};
}

# Identity that survives line moves and unrelated edits, across trees
# and revisions: 16 hex digits (64 bits) of SHA-256 over the file, the
# function, the two mapped expressions with their mapping functions
# and the kind, each with its whitespace squeezed; never a line.
sub fingerprint($f) {
	my $sq = sub ($s) { ($s // '') =~ s/\s+/ /gr =~ s/^ | \z//gr };
	return substr sha256_hex(join "\0", $FINGERPRINT_TAG, map { $sq->($_) } $f->{file}, $f->{function},
		$f->{first}{expr}, $f->{first}{map}, $f->{second}{expr}, $f->{second}{map}, kind($f)), 0, 16;
}

# Mapping functions that only use the kmap_local stack with CONFIG_HIGHPTE.
sub is_pte_map($name) {
	return ($name // '') =~ /^_*pte_(?:offset_map|alloc_map)/ ? 1 : 0;
}

# Subsystem used in summaries: arch/X, drivers/X, fs/X, sound/X, net/X,
# include/X, else the top-level folder.
sub subsystem($path) {
	my @p = split m{/}, $path;
	return $p[0] // '' if @p < 2;
	return "$p[0]/$p[1]" if @p > 2 && $p[0] =~ /^(?:arch|drivers|fs|sound|net|include|tools|security|crypto)$/;
	return $p[0];
}

# Impact (fix or cleanup), its reason and the affected configurations,
# as the tree's LifoImpact sees them, and the subsystem.
sub classify($f, $impact) {
	@$f{qw(impact reason affected)} = $impact->classify($f);
	$f->{subsystem} = subsystem($f->{file});
	return $f;
}

sub sorted(@f) {
	return sort { $a->{file} cmp $b->{file} || $a->{line} <=> $b->{line}
		|| ($a->{column} // 0) <=> ($b->{column} // 0) || $a->{first}{expr} cmp $b->{first}{expr} } @f;
}

# --- findings.json ----------------------------------------------------------

# The object of findings.json (schema version 4, cocci/README.md).
sub to_json($f) {
	my $m = sub ($x) { { expr => $x->{expr}, function => $x->{map}, line => $x->{line},
		(defined $x->{mapped_in} ? (mapped_in => $x->{mapped_in}) : ()) } };
	return {
		file => $f->{file}, line => $f->{line}, column => $f->{column}, end_column => $f->{end_column},
		function => $f->{function}, kind => kind($f), message => $f->{message},
		first_mapping => $m->($f->{first}), second_mapping => $m->($f->{second}),
		(defined $f->{counting} ? (counting => $f->{counting}) : ()),
		impact => $f->{impact}, reason => $f->{reason}, affected => $f->{affected},
		rule => $f->{rule} // $RULE, subsystem => $f->{subsystem},
		fingerprint => fingerprint($f),
	};
}

# A finding from an object of findings.json (versions 1 to 4; before 4
# without kind, message, counting or mapped_in).
sub from_json($o) {
	my $m = sub ($x) { { expr => $x->{expr}, map => $x->{function}, line => $x->{line},
		(defined $x->{mapped_in} ? (mapped_in => $x->{mapped_in}) : ()) } };
	my %f = (
		file => $o->{file}, line => $o->{line}, column => $o->{column} // 0,
		end_column => $o->{end_column} // $o->{column} // 0, function => $o->{function},
		first => $m->($o->{first_mapping} // {}), second => $m->($o->{second_mapping} // {}),
		impact => $o->{impact}, reason => $o->{reason}, affected => $o->{affected},
		rule => $o->{rule} // $RULE, subsystem => $o->{subsystem},
	);
	$f{$_} = $o->{$_} for grep { defined $o->{$_} } qw(message counting);
	$f{kind} = $o->{kind} // kind(\%f);
	return \%f;
}

# --- SARIF ------------------------------------------------------------------

# A path of the tree as a SARIF artifact, relative to SRCROOT (where the
# tree is on this machine is not written).
sub artifact($file) {
	(my $u = $file) =~ s/([^A-Za-z0-9\-._~\/])/sprintf '%%%02X', ord $1/ge;
	return { uri => $u, uriBaseId => 'SRCROOT' };
}

# The rule every result names (ruleIndex 0); $help: its /// header.
sub sarif_rule($help = undef) {
	return {
		id => $RULE,
		name => $RULE,
		shortDescription => { text => 'Nested kmap_local mappings released out of order' },
		fullDescription => { text => 'kmap_local_*(), kmap_atomic() and, with CONFIG_HIGHPTE, pte_offset_map() push onto one per-CPU stack; mappings must be released in reverse order (Documentation/mm/highmem.rst).' },
		(defined $help && length $help ? (help => { text => $help, markdown => $help =~ s/\b([a-z_][a-z0-9_]*\(\))/`$1`/gr }) : ()),
		defaultConfiguration => { level => 'warning' },
		helpUri => 'https://docs.kernel.org/mm/highmem.html',
	};
}

# The SARIF result: at the early release, in its function, with the
# mappings as related locations (an array's: its one mapping call).
sub sarif_result($f) {
	my $loc = sub ($line, $sc, $ec, $msg) {
		my %region = (startLine => 0 + $line);
		if (defined $sc) {
			$region{startColumn} = $sc + 1;
			$region{endColumn} = $ec + 1 if defined $ec && $ec > $sc;
		}
		my %l = (physicalLocation => { artifactLocation => artifact($f->{file}), region => \%region });
		$l{message} = { text => $msg } if defined $msg;
		return \%l;
	};
	my $at = $loc->($f->{line}, $f->{column}, $f->{end_column}, undef);
	$at->{logicalLocations} = [{ name => $f->{function}, kind => 'function' }];
	my $by = sub ($m) { "$m->{map}()" . (defined $m->{mapped_in} ? " in $m->{mapped_in}()" : '') };
	my @maps = kind($f) eq 'array'
		? ["$f->{first}{expr} elements mapped by " . $by->($f->{first}) . ' in a loop', $f->{first}]
		: map { ["$_->{expr} mapped by " . $by->($_), $_] } $f->{first}, $f->{second};
	my @related = map { my $l = $loc->($maps[$_][1]{line}, undef, undef, $maps[$_][0]); $l->{id} = $_ + 1; $l } 0 .. $#maps;
	return {
		ruleId => $RULE,
		ruleIndex => 0,
		level => ($f->{impact} // '') eq 'fix' ? 'warning' : 'note',
		message => { text => ($f->{message} // '') . " (impact: " . ($f->{impact} // 'unknown') . ": " . ($f->{reason} // '') . ")" },
		locations => [$at],
		relatedLocations => \@related,
		partialFingerprints => { 'lifoFinding/v1' => join(':', $f->{file}, $f->{function}, $f->{first}{expr}, $f->{second}{expr}),
			$FINGERPRINT_TAG => fingerprint($f) },
		properties => { impact => $f->{impact}, reason => $f->{reason}, kind => kind($f) },
	};
}

# What a result says of a finding the user knows (BASELINE=, REVIEWED=),
# as SARIF 2.1.0 says it: reviewed ($why, the reason in the REVIEWED=
# file), a suppression kept outside the source; with a baseline
# ($state), whether the finding is new or unchanged.
sub sarif_marks($why, $state) {
	return ((defined $why ? (suppressions => [{ kind => 'external', justification => $why }]) : ()),
		(defined $state ? (baselineState => $state) : ()));
}

# --- changelogs (make fixes) ------------------------------------------------

# What the findings of one function map and release first, in
# sentences: "FN() maps A with MAPFN() and then B with MAPFN2(), but
# releases A first."
sub changelog_mapped(@f) {
	my $fn = $f[0]{function};
	my @pairs = grep { kind($_) eq 'pair' } @f;
	my @s;
	push @s, "$fn() maps " . join('; it also maps ', map { _maps($_) } @pairs)
		. ", but releases " . join(' and ', map { $_->{first}{expr} } @pairs) . " first." if @pairs;
	for my $f (grep { kind($_) eq 'field' } @f) {
		push @s, ($f->{first}{mapped_in} // $fn) . "() maps " . _maps($f) . ", but $fn() releases $f->{first}{expr} first.";
	}
	for my $f (grep { kind($_) eq 'array' } @f) {
		my $c = $f->{counting};
		push @s, "$fn() maps the elements of $f->{first}{expr} with $f->{first}{map}() in a loop"
			. (defined $c ? " counting $c and releases them in a loop counting $c too"
				: " and releases them in a loop counting the same way")
			. ", so the first element mapped is released first.";
	}
	return join ' ', @s;
}

sub _maps($f) {
	return sprintf '%s with %s() and then %s with %s()',
		$f->{first}{expr}, $f->{first}{map}, $f->{second}{expr}, $f->{second}{map};
}

# How to release them: "Release B before A."
sub changelog_release(@f) {
	my @s;
	my @two = grep { kind($_) ne 'array' } @f;
	if (@two) {
		my (%late, %early);
		my @seconds = grep { !$late{$_}++ } map { $_->{second}{expr} } @two;
		my @firsts = grep { !$early{$_}++ } map { $_->{first}{expr} } @two;
		push @s, "Release " . join(' and ', @seconds) . " before " . join(' and ', @firsts) . ".";
	}
	for my $f (grep { kind($_) eq 'array' } @f) {
		my $back = ($f->{counting} // '') eq 'down' ? 'up' : ($f->{counting} // '') eq 'up' ? 'down' : undef;
		push @s, "Release the elements of $f->{first}{expr} " . (defined $back ? "counting $back" : 'in reverse order')
			. ", the last one mapped first.";
	}
	return join ' ', @s;
}

1;
