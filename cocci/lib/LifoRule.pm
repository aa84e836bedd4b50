# SPDX-License-Identifier: GPL-2.0
# What a rule needs before it runs: the spatch that runs it (its
# version), its options (the "// Options:" header), its name lists, and
# the words a file must contain for it to match.
package LifoRule;
use v5.36;
use LifoLists;
use LifoCommon ();
use ProcRun ();

sub spatch_version($spatch = 'spatch') {
	# (SPATCH may carry options: "spatch --some-flag".)
	my $r = ProcRun::run([split(' ', $spatch), '--version'], timeout => 120);
	my $out = $r->{stdout};
	return undef unless defined $out && $out =~ /spatch version (\S+)/;
	return $1;
}

sub have_spatch($spatch = 'spatch') { return defined spatch_version($spatch) }

# Options from the rule's "// Options:" header (as make coccicheck does).
sub rule_options($cocci) {
	open my $fh, '<', $cocci or return ();
	while (<$fh>) {
		last unless m{^//};
		return split ' ', $1 if m{^//\s*Options:\s*(.*)$};
	}
	return ();
}

# The function names of a list file (cocci/maps.list and its kind):
# comments and blank lines skipped.  Empty when it cannot be read.
sub list_names($file) {
	my @n = eval { LifoLists::read_list($file) };
	return @n;
}

# Whether a rule's text says its names come from maps.list (as
# kmap_local_lifo.cocci's do, see cocci/bin/lists.pl): then it names the
# listed functions and is intraprocedural.
sub from_lists($text) { return $text =~ /maps\.list/ }

# Names a file must contain for the rule to possibly match: the mapping
# functions of maps.list and iterators.list next to the rule (whose names
# kmap_local_lifo.cocci holds), else the names the rule binds a position to
# ("name@p"), else none (every file is a candidate).
sub rule_tokens($cocci) {
	(my $dir = $cocci) =~ s{/[^/]*$}{};
	$dir = '.' if $dir eq $cocci;
	my @t;
	if (open my $fh, '<', $cocci) {
		my $text = do { local $/; <$fh> };
		@t = map { list_names("$dir/$_") } 'maps.list', 'iterators.list' if from_lists($text);
		if (!@t) {
			my %seen;
			$seen{$1}++ while $text =~ /\b([A-Za-z_]\w*)@[A-Za-z_]/g;
			@t = sort keys %seen;
		}
	}
	return @t;
}

1;
