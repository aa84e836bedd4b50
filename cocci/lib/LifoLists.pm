# SPDX-License-Identifier: GPL-2.0
# Write name lists into the hand-written semantic patches.
#
# SmPL has no macros, and an identifier set cannot be shared between
# rules, so each rule spells its sets out.  A set marked with the lists
# it stands for,
#     identifier ma = {kmap_local_page, ...}; // maps.list iterators.list
# is rewritten with the names of those lists, and the line after a
# "// prefilter: LIST..." comment (a disjunction of literal names, for
# spatch's token prefilter) with their names that do not start with "__"
# (a word that starts with "_" makes spatch's scanner slow).  The same
# code makes the committed rules from the seed lists (make regen) and
# the rules that know a tree's wrappers (make scan).
package LifoLists;
use v5.36;
use Exporter 'import';
our @EXPORT_OK = qw(read_list lists_in substitute);

# The function names of a list file: comments and blank lines skipped.
sub read_list($file) {
	open my $fh, '<', $file or die "cannot read $file: $!\n";
	my @n;
	local $_;
	while (<$fh>) {
		s/#.*//;
		push @n, $1 while /([A-Za-z_]\w*)/g;
	}
	return @n;
}

# The summaries of functions (fields.list): "map|release NAME INDEX
# PATH" per line, as kmap_local_lifo.cocci prints them without "field",
# and "... STRUCT" for NAME a member of operations tables of STRUCT.
sub read_summaries($file) {
	return _read_entries($file, qr/^(map|release) ([A-Za-z_]\w*) (\d+) ([^\s;"\\]+)(?: ([A-Za-z_]\w*))?$/);
}

# The modes helpers map in (guards.list): "guard NAME INDEX CONST" per
# line (LifoGuard.pm).
sub read_guards($file) {
	return _read_entries($file, qr/^(guard) ([A-Za-z_]\w*) (\d+) ([A-Z][A-Z0-9_]*)$/);
}

# The arguments release helpers release (relargs.list): "relarg NAME
# INDEX" per line.
sub read_relargs($file) {
	return _read_entries($file, qr/^(relarg) ([A-Za-z_]\w*) (\d+)$/);
}

# The lines of $file that $re matches, as the words it captures.
sub _read_entries($file, $re) {
	open my $fh, '<', $file or die "cannot read $file: $!\n";
	my @e;
	local $_;
	while (<$fh>) {
		push @e, join ' ', grep { defined } @{^CAPTURE} if $_ =~ $re;
	}
	return @e;
}

# The lists a semantic patch names, { file name => [names] }: each read
# from $dir, or from $seeds (cocci/) when $dir lacks it.  The lists that
# only make scan writes (the helpers of other files: fieldmaps.list,
# fields.list, guards.list, relargs.list) are empty without $dir.
sub lists_in($dir, $seeds) {
	my %l = map { $_ => [read_list(defined $dir && -f "$dir/$_" ? "$dir/$_" : "$seeds/$_")] }
		qw(maps.list releases.list iterators.list keyreleases.list);
	$l{$_} = [defined $dir && -f "$dir/$_" ? read_list("$dir/$_") : ()]
		for qw(fieldmaps.list opmaps.list opreleases.list opkeyreleases.list opstructs.list);
	$l{'fields.list'} = [defined $dir && -f "$dir/fields.list" ? read_summaries("$dir/fields.list") : ()];
	$l{'guards.list'} = [defined $dir && -f "$dir/guards.list" ? read_guards("$dir/guards.list") : ()];
	$l{'relargs.list'} = [defined $dir && -f "$dir/relargs.list" ? read_relargs("$dir/relargs.list") : ()];
	return \%l;
}

sub _union($lists, @names) {
	my (%seen, @all);
	for my $l (@names) {
		my $n = $lists->{$l} // die "no list $l for the semantic patch\n";
		push @all, grep { !$seen{$_}++ } @$n;
	}
	return @all;
}

# A line of the rules' Python that holds a list (make regen and make
# scan fill it): 'NAME = "E;E" # summaries: LIST'.
our $SUMMARY_LINE = qr/^(?<head>\w+ = )"(?<entries>[^"\n]*)"(?<rest> \# summaries: (?<list>[\w-]+\.list))$/m;

# $text with the marked sets and prefilters filled from %$lists
# (list file name => [names]).  Options: no_prefilter drops the
# prefilter rules and the dependencies on them (for a caller that picks
# the files itself), rules_only does too and keeps only what follows the
# "// rules:" line (to append the rules to another semantic patch).
sub substitute($text, $lists, %o) {
	my $lname = qr/[\w-]+\.list/;
	# (SmPL has no empty set: a list that is empty holds a name no
	# function has.)
	$text =~ s{\{[^{}]*\}(;\s*//((?:\s+$lname)+))[ \t]*$}{
		my @n = _union($lists, split ' ', $2);
		'{' . join(', ', @n ? @n : 'kmap_lifo_none') . '}' . $1
	}gme;
	# Summaries, in the rule's Python: 'NAME = "E;E" # summaries: LIST'.
	$text =~ s{$SUMMARY_LINE}{
		my ($head, $rest, $list) = @+{qw(head rest list)};
		$head . '"' . join(';', _union($lists, $list)) . '"' . $rest
	}ge;
	# The helpers that map a field may be members of operations tables,
	# called E->NAME(...): a tree's rule names those calls too.
	# (Its own output too: the line of member calls is written anew.)
	$text =~ s{^(//\s*prefilter:((?:\s+$lname)+)\s*\n)(@[^\n]*\n)(?:expression kmap_lifo_op;\n)?(@@\n)(?:\\\( )?\\\(.*?\\\)(\(\.\.\.\);?)(?: \\\| kmap_lifo_op->.*)?$}{
		my @lists = split ' ', $2;
		my @n = _union($lists, @lists);
		my @s = grep { !/^__/ } @n;
		my $calls = '\(' . join('\|', @s ? @s : @n) . '\)' . $5;
		my @m = grep { $_ eq 'fieldmaps.list' } @lists;
		@m = grep { !/^__/ } _union($lists, @m) if @m;
		@m ? "$1${3}expression kmap_lifo_op;\n$4\\( $calls \\| kmap_lifo_op->\\(" . join('\|', @m) . "\\)$5 \\)"
			: "$1$3$4$calls"
	}gme;
	if ($o{no_prefilter} || $o{rules_only}) {
		my @rules;
		push @rules, $1 while $text =~ s{^//\s*prefilter:.*\n@(\w+)@\n(?:expression kmap_lifo_op;\n)?@@\n.*\n\n?}{}m;
		for my $rule (@rules) {
			# A dropped rule holds: so does a disjunction that names it.
			$text =~ s/ depends on (?:\w+ \|\| )*\Q$rule\E(?: \|\| \w+)*(?=@)//g;
			$text =~ s/\bdepends on \Q$rule\E && \(([^()]*)\)/depends on $1/g;
			$text =~ s/\bdepends on \Q$rule\E && /depends on /g;
			$text =~ s/ depends on \Q$rule\E(?= |@)//g;
		}
	}
	if ($o{rules_only}) {
		$text =~ s{\A.*?^// rules:[^\n]*\n}{}ms;
	}
	return $text;
}

# A semantic patch written by substitute() with its marked sets and
# prefilters emptied, and the names each held ([[names]], in the order
# of the text): what the rule is apart from its lists (LifoCache.pm).
sub blank_sets($text) {
	my $lname = qr/[\w-]+\.list/;
	my @sets;
	$text =~ s{\{([^{}]*)\}(;\s*//(?:\s+$lname)+[ \t]*)$}{
		my ($names, $rest) = ($1, $2);
		push @sets, [$names =~ /([A-Za-z_]\w*)/g];
		'{}' . $rest
	}gme;
	# (A tree's prefilter may name calls through members too.)
	$text =~ s{^(//\s*prefilter:(?:\s+$lname)+\s*\n@[^\n]*\n)(?:expression kmap_lifo_op;\n)?(@@\n)(.*)$}{
		my ($head, $at, $body, %seen) = ($1, $2, $3);
		push @sets, [grep { $_ ne 'kmap_lifo_op' && !$seen{$_}++ } $body =~ /([A-Za-z_]\w*)/g];
		$head . $at . '\(\)(...)'
	}gme;
	# A summary counts for a file that names its function: "NAME=ENTRY".
	$text =~ s{$SUMMARY_LINE}{
		my ($head, $entries, $rest) = @+{qw(head entries rest)};
		push @sets, [map { my @w = split ' '; ($w[1] // $w[0]) . "=$_" } grep { /\S/ } split /;/, $entries];
		$head . '""' . $rest
	}ge;
	return ($text, \@sets);
}

1;
