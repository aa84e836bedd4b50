# SPDX-License-Identifier: GPL-2.0
# make scan-trees: the findings of several scans joined by fingerprint
# into one matrix (finding by tree or revision), with, for revisions of
# one git tree, when each finding appears and disappears and the commit
# that removed it; as JSON (trees.json) and as text.
package LifoMatrix;
use v5.36;
use LifoFinding ();
use JSON::PP ();

our $VERSION_JSON = 1;

# A finding of findings.json (version 3 or later; an older one gets its
# fingerprint computed here, without the kind "field", which version 2
# does not tell).
sub _fp($o) {
	return $o->{fingerprint} if defined $o->{fingerprint};
	return LifoFinding::fingerprint(LifoFinding::from_json($o));
}

# %a: mode ('trees' or 'revisions'), repository (revisions: the tree),
# columns: [{ label, tree, rev, commit, status (complete, incomplete:
# the scan had errors, its findings may lack some; failed: none read),
# exit_status, out, wall_seconds, findings: [findings.json objects] }],
# removing: sub ($from_commit, $to_commit, $file, $function) returning
# { how, commits => [{ commit, subject }], error (git failed) } (revisions
# only).
sub build(%a) {
	my @cols = @{$a{columns}};
	my (%by, @order);
	for my $i (0 .. $#cols) {
		for my $o (@{$cols[$i]{findings} // []}) {
			my $fp = _fp($o);
			my $e = $by{$fp} //= do { push @order, $fp; {
				fingerprint => $fp, file => $o->{file}, function => $o->{function},
				(defined $o->{kind} ? (kind => $o->{kind}) : ()),
				first_mapping => { expr => $o->{first_mapping}{expr}, function => $o->{first_mapping}{function} },
				second_mapping => { expr => $o->{second_mapping}{expr}, function => $o->{second_mapping}{function} },
				lines => {}, at => [],
			} };
			# Impact and reason: those of the last column that has it.
			@$e{qw(impact reason)} = @$o{qw(impact reason)};
			$e->{lines}{$cols[$i]{label}} //= $o->{line};
			$e->{at}[$i] = 1;
		}
	}
	my @known = map { $_->{status} ne 'failed' } @cols;
	my @complete = map { $_->{status} eq 'complete' } @cols;
	my (@shared, %only);
	$only{$_->{label}} = [] for @cols;
	for my $fp (@order) {
		my $e = $by{$fp};
		my @at = map { $e->{at}[$_] ? 1 : 0 } 0 .. $#cols;
		$e->{present_in} = [map { $cols[$_]{label} } grep { $at[$_] } 0 .. $#cols];
		$e->{lines}{$_->{label}} //= undef for @cols;
		# Absent only where the scan was complete; elsewhere unknown.
		my @absent = map { !$at[$_] && $complete[$_] } 0 .. $#cols;
		push @shared, $fp if !grep { !$at[$_] } 0 .. $#cols;
		if (@cols > 1 && 1 == grep { $at[$_] } 0 .. $#cols) {
			my ($i) = grep { $at[$_] } 0 .. $#cols;
			push @{$only{$cols[$i]{label}}}, $fp if !grep { !$absent[$_] && $_ != $i } 0 .. $#cols;
		}
		_history($e, \@cols, \@at, \@absent, $a{removing}) if $a{mode} eq 'revisions';
		delete $e->{at};
	}
	my @f = sort { $a->{file} cmp $b->{file} || $a->{function} cmp $b->{function}
		|| $a->{fingerprint} cmp $b->{fingerprint} } map { $by{$_} } @order;
	my %rank = map { $f[$_]{fingerprint} => $_ } 0 .. $#f;
	my $sorted = sub { [sort { $rank{$a} <=> $rank{$b} } @_] };
	return {
		version => $VERSION_JSON, mode => $a{mode},
		($a{repository} ? (repository => $a{repository}) : ()),
		complete => (grep { !$_ } @complete) ? JSON::PP::false : JSON::PP::true,
		columns => [map { my $c = $_; +{ (map { $_ => $c->{$_} } grep { defined $c->{$_} }
			qw(label tree rev commit status exit_status out checkout_seconds wall_seconds)),
			findings => scalar @{$c->{findings} // []} } } @cols],
		findings => \@f,
		shared => $sorted->(@shared),
		only => { map { $_ => $sorted->(@{$only{$_}}) } keys %only },
	};
}

# first_seen, absent_before, last_seen, gone_in, reappears_in and
# removed_by (or removed_by_candidates and a note) of one finding.
sub _history($e, $cols, $at, $absent, $removing) {
	my ($i) = grep { $at->[$_] } 0 .. $#$cols;
	return unless defined $i;
	$e->{first_seen} = $cols->[$i]{label};
	my ($before) = grep { $absent->[$_] } reverse 0 .. $i - 1;
	$e->{absent_before} = defined $before ? $cols->[$before]{label} : undef;
	my ($j) = grep { $absent->[$_] } $i + 1 .. $#$cols;
	if (!defined $j) {
		$e->{gone_in} = undef;
		return;
	}
	my ($last) = grep { $at->[$_] } reverse $i .. $j - 1;
	$e->{last_seen} = $cols->[$last]{label};
	$e->{gone_in} = $cols->[$j]{label};
	$e->{reappears_in} = [map { $cols->[$_]{label} } grep { $at->[$_] && $absent->[$_ - 1] } $j + 1 .. $#$cols];
	delete $e->{reappears_in} unless @{$e->{reappears_in}};
	return unless $removing;
	my $r = $removing->($cols->[$last]{commit}, $cols->[$j]{commit}, $e->{file}, $e->{function});
	$e->{removed_by_search} = $r->{how};
	my @c = @{$r->{commits}};
	if (@c == 1) {
		$e->{removed_by} = $c[0];
	} else {
		$e->{removed_by} = undef;
		$e->{removed_by_candidates} = \@c if @c;
		$e->{removed_by_note} = $r->{error} ? "git failed: $r->{error}"
			: @c ? scalar(@c) . ' commits touch it between ' . "$e->{last_seen} and $e->{gone_in}; not told apart"
			: "git names no commit that touches it between $e->{last_seen} and $e->{gone_in}";
	}
}

sub json($r) { return JSON::PP->new->utf8->canonical->pretty->encode($r) }

sub _plural($n, $w) { return "$n $w" . ($n == 1 ? '' : 's') }

sub _short($c) { return defined $c ? substr($c, 0, 12) : '' }

# The report for people.
sub text($r, %o) {
	my @cols = @{$r->{columns}};
	my $n = @{$r->{findings}};
	my $s = sprintf "scan-trees: %s%s: %s%s\n",
		_plural(scalar @cols, $r->{mode} eq 'revisions' ? 'revision' : 'tree'),
		$r->{repository} ? " of $r->{repository}" : '', _plural($n, 'finding'),
		$r->{complete} ? '' : ' (INCOMPLETE: some scans had errors)';
	my $lw = 0;
	$lw < length $_->{label} and $lw = length $_->{label} for @cols;
	for my $i (0 .. $#cols) {
		my $c = $cols[$i];
		$s .= sprintf "  [%d] %-*s  %s%s%s\n", $i + 1, $lw, $c->{label},
			$c->{commit} ? _short($c->{commit}) . '  ' : '',
			$c->{status} eq 'failed' ? 'FAILED' : _plural($c->{findings}, 'finding'),
			$c->{status} eq 'complete' ? ($r->{mode} eq 'trees' ? "  $c->{tree}" : '')
			: "  (scan exit status $c->{exit_status}; see " . ($c->{log} // $c->{out} // 'its log') . ')';
	}
	return $s . "\nNo findings.\n" unless $n;
	my @w = map { my $x = length('[' . ($_ + 1) . ']'); $x < 5 ? 5 : $x } 0 .. $#cols;
	$s .= "\n" . sprintf('%-16s', 'fingerprint') . join('', map { sprintf '  %*s', $w[$_], '[' . ($_ + 1) . ']' } 0 .. $#cols) . "  finding\n";
	for my $e (@{$r->{findings}}) {
		$s .= $e->{fingerprint} . join('', map {
			my $c = $cols[$_];
			my $l = $e->{lines}{$c->{label}};
			sprintf '  %*s', $w[$_], defined $l ? $l : $c->{status} eq 'complete' ? '-' : '?';
		} 0 .. $#cols) . '  ' . describe($e) . "\n";
	}
	$s .= "(a cell: the line of the finding's early release; -: not there; ?: unknown, the scan had errors)\n";
	if ($r->{mode} eq 'trees' && @cols > 1) {
		$s .= "\n" . sprintf "In all %d trees: %s.\n", scalar @cols, _plural(scalar @{$r->{shared}}, 'finding');
		for my $i (0 .. $#cols) {
			my @o = @{$r->{only}{$cols[$i]{label}} // []};
			$s .= sprintf "Only in [%d] %s: %s%s\n", $i + 1, $cols[$i]{label}, _plural(scalar @o, 'finding'),
				@o ? ': ' . join(', ', map { _name($r, $_) } @o) : '';
		}
		my $some = $n - @{$r->{shared}} - (map { @{$r->{only}{$_}} } keys %{$r->{only}});
		$s .= sprintf "In some, not all: %s.\n", _plural($some, 'finding') if $some;
	}
	if ($r->{mode} eq 'revisions') {
		$s .= "\nHistory:\n";
		for my $e (@{$r->{findings}}) {
			$s .= "  $e->{fingerprint} $e->{file}: $e->{function}():\n    ";
			$s .= defined $e->{absent_before}
				? "introduced in $e->{first_seen} (not in $e->{absent_before})"
				: "in $e->{first_seen}, " . ($e->{first_seen} eq $cols[0]{label} ? 'the first revision scanned' : 'the first scanned completely');
			if (!defined $e->{gone_in}) {
				$s .= "; still in $cols[-1]{label}, the last\n";
				next;
			}
			$s .= "; gone in $e->{gone_in} (last in $e->{last_seen})";
			if (my $c = $e->{removed_by}) {
				$s .= ": removed by " . _short($c->{commit}) . " (\"$c->{subject}\"), found by $e->{removed_by_search}";
			} else {
				$s .= ": removing commit not found: $e->{removed_by_note}";
				$s .= join '', map { "\n      candidate " . _short($_->{commit}) . " (\"$_->{subject}\")" }
					@{$e->{removed_by_candidates} // []};
			}
			$s .= "; back in " . join(', ', @{$e->{reappears_in}}) if $e->{reappears_in};
			$s .= "\n";
		}
	}
	return $s;
}

sub _name($r, $fp) {
	my ($e) = grep { $_->{fingerprint} eq $fp } @{$r->{findings}};
	return "$e->{file} $e->{function}()";
}

sub describe($e) {
	return sprintf '%s: %s(): %s [%s]', $e->{file}, $e->{function},
		LifoFinding::brief(LifoFinding::from_json($e)), $e->{impact} // 'unknown';
}

1;
