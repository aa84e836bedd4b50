# SPDX-License-Identifier: GPL-2.0
# Findings not to report: those of a baseline (BASELINE=findings.json,
# the findings a change is compared with in CI) and those a user has
# reviewed (REVIEWED=FILE, a file the user owns and edits; it is only
# read).  Both are matched by fingerprint (cocci/lib/LifoFinding.pm,
# findings.json's "fingerprint"): no line, so a finding stays known when
# the code around it moves.
#
# The reviewed-findings file: one finding a line, its fingerprint (16 hex
# digits) and then, after spaces (a '#' there is allowed), why it is not
# to be reported again.  Blank lines and lines that start with '#' are
# comments.
#
#   # mine, for make scan FAIL_ON=fix REVIEWED=...
#   3f0c6a1d2b7e9a40  LoongArch copy_user_highpage(): a cleanup, sent 2026-12-01
#   9a1be2c3d4f50617  # drivers/x: the mapping is never in highmem (jd)
package LifoKnown;
use v5.36;
use LifoFinding ();
use LifoCommon ();

# new(baseline => FILE|undef, reviewed => FILE|undef); dies with a
# message naming the file (and line) on a file that cannot be read or
# a line that is not FINGERPRINT WHY.
sub new($class, %a) {
	my $self = bless { base => {}, rev => {}, used => {}, %a }, $class;
	$self->_read_baseline($a{baseline}) if defined $a{baseline};
	$self->_read_reviewed($a{reviewed}) if defined $a{reviewed};
	return $self;
}

sub active($self) { return defined $self->{baseline} || defined $self->{reviewed} }

# The file named by BASELINE= or REVIEWED= ($what), to read: a handle,
# or a die naming it.  A regular file only: a FIFO would wait for a
# writer for good (never opened blocking), a folder is no empty list.
sub _open($what, $file) {
	die "$what=$file: a folder, not a file\n" if -d $file;
	my $fh = LifoCommon::open_regular($file, \my $why);
	return $fh if $fh;
	die "$what=$file: " . ($why =~ s/\Acannot read: //r) . "\n";
}

sub _read_baseline($self, $file) {
	require LifoOutput;
	die "BASELINE=$file: no such file\n" unless -e $file;
	_open('BASELINE', $file);
	my $j = eval { LifoOutput::read_json($file) } // die "BASELINE=$file: not a findings.json of make scan: " . ($@ =~ s/\s+\z//r) . "\n";
	my $list = ref $j eq 'HASH' ? $j->{findings} : $j;
	die "BASELINE=$file: not a findings.json of make scan (no findings array)\n" unless ref $list eq 'ARRAY';
	# Versions 1 and 2 carry no fingerprint: computed here, as make scan does.
	my @int = LifoOutput::from_json($list);
	for my $i (0 .. $#int) {
		my $fp = $list->[$i]{fingerprint} // LifoFinding::fingerprint($int[$i]);
		$self->{base}{lc $fp} = 1;
	}
	$self->{base_incomplete} = 1 if ref $j eq 'HASH' && defined $j->{complete} && !$j->{complete};
	$self->{base_count} = @int;
}

sub _read_reviewed($self, $file) {
	my $fh = _open('REVIEWED', $file);
	while (my $l = <$fh>) {
		$l =~ s/\r?\n\z//;
		next if $l =~ /^\s*(?:#|\z)/;
		if ($l =~ /^\s*([0-9a-fA-F]{16})(?:\s+#?\s*(.*?))?\s*\z/) {
			my ($fp, $why) = (lc $1, $2 // '');
			die "REVIEWED=$file:$.: $fp: say why after the fingerprint (FINGERPRINT WHY)\n" unless length $why;
			$self->{rev}{$fp} //= { line => $., why => $why };
			next;
		}
		die "REVIEWED=$file:$.: not FINGERPRINT WHY (16 hex digits, then why): $l\n";
	}
	close $fh;
}

sub fingerprint($f) { return $f->{fingerprint} // LifoFinding::fingerprint($f) }

# Why a finding (make scan's internal form, or findings.json's with its
# fingerprint) is not to be reported: "reviewed" or "baseline", with a
# text saying where; () when it is to be reported.
sub why($self, $f) {
	my $fp = fingerprint($f);
	if (my $r = $self->{rev}{$fp}) {
		$self->{used}{$fp} = 1;
		return ('reviewed', "REVIEWED=$self->{reviewed}:$r->{line}: $r->{why}");
	}
	return ('baseline', "in BASELINE=$self->{baseline}") if $self->{base}{$fp};
	return ();
}

# For SARIF (LifoOutput::sarif_log): the reason a finding of this
# fingerprint was reviewed, or undef.
sub reviewed($self, $fp) {
	my $r = $self->{rev}{lc $fp} // return undef;
	return $r->{why};
}

# For SARIF: with a baseline, "unchanged" for a finding it has, "new"
# for one it lacks; undef without a baseline.
sub baseline_state($self, $fp) {
	return undef unless defined $self->{baseline};
	return $self->{base}{lc $fp} ? 'unchanged' : 'new';
}

# Splits findings into (\@new, \@baseline, \@reviewed); each known one
# gets {known} = [kind, text].
sub partition($self, @f) {
	my (@new, @base, @rev);
	for my $f (@f) {
		my @w = $self->why($f);
		if (!@w) { push @new, $f; next }
		$f->{known} = \@w;
		push @{$w[0] eq 'reviewed' ? \@rev : \@base}, $f;
	}
	return (\@new, \@base, \@rev);
}

# The reviewed entries no finding matched so far: [fingerprint, line, why].
sub unused_reviewed($self) {
	my $r = $self->{rev};
	return map { [$_, $r->{$_}{line}, $r->{$_}{why}] }
		sort { $r->{$a}{line} <=> $r->{$b}{line} } grep { !$self->{used}{$_} } keys %$r;
}

# One line for a summary: how many were left out, and why.
sub summary($self, $base, $rev) {
	my @p;
	push @p, scalar(@$base) . " in the baseline (BASELINE=$self->{baseline})" if defined $self->{baseline};
	push @p, scalar(@$rev) . " reviewed (REVIEWED=$self->{reviewed})" if defined $self->{reviewed};
	return join(', ', @p) . ': not reported';
}

1;
