# SPDX-License-Identifier: GPL-2.0
# Parse the report lines of cocci/kmap_local_lifo.cocci and print findings.
package LifoReport;
use v5.36;
use Exporter 'import';
our @EXPORT_OK = qw(parse_report_line finding_line finding_key subsystem is_pte_map);

# PATH:LINE:COL-COL: WARNING: FUNC(): A (MAPFN, line LA) mapped before
# B (MAPFN2, line LB) but released first; release B before A
# A and B are C expressions (spaces, "->", even parentheses): the
# "(NAME, line N)" anchors delimit them.
my $RE = qr{
	^(?<file>[^:\s][^:]*):(?<line>\d+):(?<col>\d+)-(?<col2>\d+):\s+WARNING:\s+
	(?<function>[A-Za-z_]\w*)\(\):\s+
	(?<a>.+?)\s\((?<amap>[A-Za-z_]\w*)(?:\sin\s(?<afn>[A-Za-z_]\w*)\(\))?,\sline\s(?<aline>\d+)\)\s
	(?:mapped\sbefore\s
	(?<b>.+?)\s\((?<bmap>[A-Za-z_]\w*)(?:\sin\s(?<bfn>[A-Za-z_]\w*)\(\))?,\sline\s(?<bline>\d+)\)\s
	but\sreleased\sfirst
	|mapped\sin\sa\sloop\s.*?but\sreleased\sin\sone\s.*?)(?:;.*)?$
}x;

# Returns a finding (hash ref) or undef for a line that is not a report.
sub parse_report_line($line, $rule = 'kmap_local_lifo') {
	chomp $line;
	$line =~ s/\r$//;
	return undef unless $line =~ $RE;
	my %f = (
		file => $+{file}, line => 0 + $+{line},
		column => 0 + $+{col}, end_column => 0 + $+{col2},
		function => $+{function},
		first => { expr => $+{a}, map => $+{amap}, line => 0 + $+{aline} },
		# An array's elements: the later elements are the inner mappings.
		second => defined $+{b} ? { expr => $+{b}, map => $+{bmap}, line => 0 + $+{bline} }
			: { expr => $+{a}, map => $+{amap}, line => 0 + $+{aline} },
		rule => $rule,
	);
	# Mapped in another function (a structure's fields).
	$f{first}{function} = $+{afn} if defined $+{afn};
	$f{second}{function} = $+{bfn} if defined $+{bfn};
	$f{file} =~ s{^\./}{};
	$_->{expr} = tidy_expr($_->{expr}) for $f{first}, $f{second};
	($f{message}) = $line =~ /WARNING:\s+(.*)$/;
	return \%f;
}

# An expression as the kernel writes it (spatch prints "a [ i ]", "a -> b").
sub tidy_expr($e) {
	$e =~ s/\s*(->|\.|\[|\])\s*/$1/g;
	$e =~ s/\(\s+/(/g;
	$e =~ s/\s+\)/)/g;
	return $e;
}

# Mapping functions that only use the kmap_local stack with CONFIG_HIGHPTE.
sub is_pte_map($name) {
	return $name =~ /^_*pte_(?:offset_map|alloc_map)/ ? 1 : 0;
}

# The line make scan prints on stdout.
# The rule's own message (as make coccicheck prints it), with the column
# and the impact.
sub finding_line($f) {
	my $imp = $f->{impact} // 'unknown';
	my $why = defined $f->{reason} ? ": $f->{reason}" : '';
	my $msg = $f->{message} // sprintf "%s(): %s mapped before %s but released first",
		$f->{function}, $f->{first}{expr}, $f->{second}{expr};
	return sprintf "%s:%d:%s %s [impact: %s%s]", $f->{file}, $f->{line},
		defined $f->{column} ? "$f->{column}:" : '', $msg, $imp, $why;
}

# Identity of a finding that survives line shifts (for before/after diffs).
sub finding_key($f) {
	return join "\0", $f->{rule} // '', $f->{file}, $f->{function},
		$f->{first}{expr}, $f->{first}{map}, $f->{second}{expr}, $f->{second}{map};
}

# Subsystem used in summaries: arch/X, drivers/X, fs/X, sound/X, net/X,
# include/X, else the top-level folder.
sub subsystem($path) {
	my @p = split m{/}, $path;
	return $p[0] // '' if @p < 2;
	return "$p[0]/$p[1]" if @p > 2 && $p[0] =~ /^(?:arch|drivers|fs|sound|net|include|tools|security|crypto)$/;
	return $p[0];
}

1;
