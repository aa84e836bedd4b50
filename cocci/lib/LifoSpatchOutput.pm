# SPDX-License-Identifier: GPL-2.0
# What spatch printed for a batch of files, read back: findings
# (LifoFinding.pm), wrappers and summaries, undecided places, parse
# errors, timeouts and failures, and each file's part for the cache.
package LifoSpatchOutput;
use v5.36;
use LifoFinding ();
use LifoCommon ();
use ProcRun ();

# How spatch ended, in words: an exit status is not a signal.
sub how($status, $stalled = 0) {
	return "printed nothing for $stalled s and was killed" if $stalled;
	return ProcRun::how($status);
}

# Adds one line spatch printed on stdout to $res; returns the file it is
# about (undef when it names none).
sub take_line($res, $l) {
	chomp $l;
	# A member of a structure of operations: [kind, member, file, structure].
	if ($l =~ /^WRAPPER: (opmap|oprelease|opkeyrelease) ([A-Za-z_]\w*) ([A-Za-z_]\w*) (.+)$/) {
		my $file = $4 =~ s{^\./}{}r;
		push @{$res->{wrappers}}, [$1, $2, $file, $3];
		return $file;
	}
	# Which argument a release helper releases as its address ("any":
	# it may be another): [relarg, name, file, index].
	if ($l =~ /^WRAPPER: (relarg) ([A-Za-z_]\w*) (\d+|any) (.+)$/) {
		my $file = $4 =~ s{^\./}{}r;
		push @{$res->{wrappers}}, [$1, $2, $file, $3];
		return $file;
	}
	if ($l =~ /^WRAPPER: (map|release|keyrelease) ([A-Za-z_]\w*)(?: (.+))?$/) {
		push @{$res->{wrappers}}, [$1, $2, $3];
		return defined $3 ? $3 =~ s{^\./}{}r : undef;
	}
	# A member of a structure of operations set to such a function:
	# [kind, member, file, index, path, structure].
	if ($l =~ /^WRAPPER: (opfieldmap|opfieldrelease) ([A-Za-z_]\w*) ([A-Za-z_]\w*) (\d+) (\S+) (.+)$/) {
		my $file = $6 =~ s{^\./}{}r;
		push @{$res->{wrappers}}, [$1, $2, $file, $4, $5, $3];
		return $file;
	}
	# A function's effect on a field of its parameter INDEX (PATH).
	if ($l =~ /^WRAPPER: (fieldmap|fieldrelease) ([A-Za-z_]\w*) (\d+) (\S+) (.+)$/) {
		my $file = $5 =~ s{^\./}{}r;
		push @{$res->{wrappers}}, [$1, $2, $file, $3, $4];
		return $file;
	}
	if ($l =~ /^UNDECIDED: ((\S+?):\d+): (.*)$/) {
		$res->{undecided}{$1} = $3;
		return $2 =~ s{^\./}{}r;
	}
	my $f = LifoFinding::from_line($l) or return undef;
	push @{$res->{findings}}, $f;
	return $f->{file};
}

# What the cache kept for $file, as if spatch had printed it now.
sub replay($res, $file, $e) {
	take_line($res, $_) for @{$e->{lines}};
	$res->{parse_errors}{$file} += $e->{parse_errors} if $e->{parse_errors};
	if ($e->{handled}) { $res->{handled}++; $res->{handled_files}{$file} = 1 }
	$res->{cached}{$file} = 1;
}

# Why the folder $dir cannot take a page more now (its disk is full), or
# undef.
sub _disk_full($dir) {
	my $probe = "$dir/.space-probe.$$";
	my $fh;
	my $ok = open($fh, '>', $probe) && print($fh "\0" x 4096) && close($fh);
	my $why = $ok ? undef : "cannot write in $dir: $!";
	unlink $probe;
	return $why;
}

# Reads what one batch's spatch printed into $res; with a cache, keeps
# each file's part when spatch ended well and every line names its file.
sub collect($res, $r, $status, $rule, $stalled = 0, $cache = undef) {
	my %in = map { $_ => 1 } @{$r->{batch}};
	my %per = map { $_ => { lines => [], parse_errors => 0, handled => 0, cut => $res->{cut}{$_} } } @{$r->{batch}};
	my $whose = 1;	# every line was about a file of the batch
	if (open my $fh, '<', $r->{out}) {
		while (my $l = <$fh>) {
			my $file = take_line($res, $l);
			if (defined $file && $per{$file}) { push @{$per{$file}{lines}}, $l =~ s/\r?\n\z//r }
			elsif ($l =~ /\S/) { $whose = 0 }
		}
	}
	my @tail;
	if (open my $fh, '<', $r->{err}) {
		while (my $l = <$fh>) {
			chomp $l;
			if ($l =~ /^HANDLING: (.*)$/) {
				$res->{handled}++;
				$res->{handled_files}{$1} = 1;
				$per{$1}{handled} = 1 if $per{$1};
				next;
			}
			if ($l =~ /^0 files match$/) { $res->{skipped}++; next }
			# (A file of the batch, whatever its name holds: spaces, ";".)
			if ($l =~ /^ = error in (.*)\z/s) {
				my $rest = $1;
				my ($f) = grep { substr($rest, 0, length($_) + 1) eq "$_;" } @{$r->{batch}};
				if (defined $f) { $res->{parse_errors}{$f}++; $per{$f}{parse_errors}++ }
				next;
			}
			if ($l =~ /Timeout in (.*?)\s*\z/) { $res->{timeouts}{$1}++; delete $per{$1}; next }
			next if $l =~ /not a git repository|can.t cd to/;
			push @tail, $l if $l =~ /^(?:EXN|Fatal|exception|Error|error:)/i;
		}
	}
	# spatch cannot say that what it printed could not all be written
	# (a full disk): what it printed counts only when its folder still
	# takes a page.
	my $full = _disk_full($r->{out} =~ s{/[^/]*\z}{}r);
	if ($status != 0 || $full) {
		$res->{failed_files}{$_} = 1 for @{$r->{batch}};
		push @{$res->{errors}}, sprintf("spatch %s on %s%s%s",
			$status ? how($status, $stalled) : 'printed what may not all be written', join(' ', @{$r->{batch}}),
			@tail ? ": " . join(' | ', @tail[0 .. ($#tail < 4 ? $#tail : 4)]) : '', $full ? " ($full)" : '');
	} elsif (@tail) {
		push @{$res->{errors}}, "spatch: " . join(' | ', @tail[0 .. ($#tail < 4 ? $#tail : 4)]);
	} elsif ($cache && $whose) {
		$cache->put($res->{cache_keys}{$_}, $per{$_}) for grep { $res->{cache_keys}{$_} } sort keys %per;
	}
}

1;
