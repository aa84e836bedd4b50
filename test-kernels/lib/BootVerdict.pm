# SPDX-License-Identifier: GPL-2.0
# The verdict on one boot, from its console log alone (so that it can be
# tested offline on saved logs): did the guest finish, did each guest
# test pass, what the kernel's own tests (KUnit KTAP, kselftest and
# uffd-unit-tests summaries) counted, and which warnings appeared.
package BootVerdict;
use v5.36;
use Exporter 'import';
our @EXPORT_OK = qw(parse_console verdict);

# Console lines that mean the kernel complained.
my $BAD = qr/WARNING:|BUG:|Oops|Internal error:|Unable to handle kernel|Kernel panic|kunmap_local_indexed/;

# Parse a console log into its facts.
sub parse_console($text) {
	my %p = (tests => {}, bad => [], done => 0, init => 0,
		kernel_tests => { pass => 0, fail => 0, skip => 0, summaries => 0 }, lines => []);
	my ($ktap_open, %tap) = (0);	# indent => { pass, fail, skip }
	for my $l (split /\n/, $text =~ s/\r//gr) {
		$l =~ s/^\[\s*\d+\.\d+\]\s?//;	# printk time stamp
		push @{$p{lines}}, $l;
		if ($l =~ /^BT-INIT\b/) { $p{init} = 1 }
		elsif ($l =~ /^BT-DONE\b/) { $p{done} = 1 }
		elsif ($l =~ /^BT-RESULT (\S+) (\S+)/) { $p{tests}{$1} //= $2 }
		push @{$p{bad}}, $l =~ s/^\s+//r if $l =~ $BAD;
		my $k = $p{kernel_tests};
		# KUnit and kselftest: "# Totals: pass:N fail:N ... skip:N ..."
		if ($l =~ /#\s*Totals:\s*pass:(\d+)\s+fail:(\d+).*?skip:(\d+)/) {
			$k->{pass} += $1; $k->{fail} += $2; $k->{skip} += $3; $k->{summaries}++;
			$ktap_open = 0;
			%tap = ();
		} elsif ($l =~ /Userfaults unit tests: pass=(\d+), skip=(\d+), fail=(\d+)/) {
			$k->{pass} += $1; $k->{skip} += $2; $k->{fail} += $3; $k->{summaries}++;
		} elsif ($l =~ /^\s*Bail out!/) {
			# kselftest gave up before running its plan
			$k->{fail}++; $k->{summaries}++;
		} elsif ($l =~ /^\s*K?TAP version \d+/) {
			$ktap_open = 1 unless $ktap_open;
		} elsif ($ktap_open && $l =~ /^(\s*)(not )?ok \d+ \S/) {
			$tap{length $1}{$l =~ /#\s*SKIP/i ? 'skip' : $2 ? 'fail' : 'pass'}++;
		}
	}
	# KTAP without a Totals line (cut short, or an older kernel): count
	# the deepest result lines seen (the test cases, not their suites),
	# and say that the summary is missing.
	if ($ktap_open) {
		my $k = $p{kernel_tests};
		my ($deep) = sort { $b <=> $a } keys %tap;
		$k->{$_} += $tap{$deep}{$_} // 0 for defined $deep ? qw(pass fail skip) : ();
		$k->{incomplete} = 1;
	}
	return \%p;
}

sub last_lines($p, $n = 5) {
	my @l = grep { /\S/ } @{$p->{lines}};
	return join ' | ', @l[($#l - $n + 1 < 0 ? 0 : $#l - $n + 1) .. $#l];
}

# verdict(CONSOLE_TEXT, CASE, BOOT): CASE has tests => [NAME...] and
# expect => PATTERN or undef; BOOT has timed_out, timeout (s) and exit.
# Returns { ok => 0|1, detail => TEXT, warning => LINE|undef,
# tests => {NAME => RESULT}, kernel_tests => {pass, fail, skip} }.
sub verdict($text, $case, $boot) {
	my $p = parse_console($text);
	my $expect = $case->{expect};
	my $seen;
	if (defined $expect) {
		($seen) = grep { /WARNING:.*\Q$expect\E/ } @{$p->{bad}};
		($seen) = grep { /\Q$expect\E/ } @{$p->{lines}} unless defined $seen;
	}
	my ($lifo) = grep { /kunmap_local_indexed/ } @{$p->{bad}};
	my %r = (ok => 0, warning => $seen // $lifo, tests => $p->{tests}, kernel_tests => $p->{kernel_tests});
	# Who released out of order: the caller in the warning's backtrace.
	($r{from}) = map { /kunmap_local_indexed from ([\w.]+)/ ? $1 : () } @{$p->{lines}};
	my @other = grep { !defined $expect || !/\Q$expect\E/ } @{$p->{bad}};
	# A guest that died after the expected warning, the first complaint
	# on its console: what followed (an Oops, a panic) is what the bug
	# did next, as a kmap_local slot released out of order is reused
	# while mapped.  (One that finished is judged as before.)
	my $first_bad = $p->{bad}[0];
	my $then = defined $seen && defined $first_bad && $first_bad eq ($seen =~ s/^\s+//r) && !$p->{done};
	# The expected warning and the backtrace line that names its caller.
	my ($from) = defined $expect ? grep { /\Q$expect\E from / } @{$p->{lines}} : ();
	$from =~ s/^\s+// if $from;
	my $saw = defined $seen ? "saw '$seen'" . ($from ? " ($from)" : '') : undef;
	my $k = $p->{kernel_tests};
	my $tests = join ' ', map { "$_=" . ($p->{tests}{$_} // 'missing') } @{$case->{tests}};
	my $ktests = $k->{summaries} || $k->{incomplete}
		? "; kernel tests: pass=$k->{pass} fail=$k->{fail} skip=$k->{skip}" . ($k->{incomplete} ? ' (no summary line)' : '')
		: '';
	my @tfail = grep { ($p->{tests}{$_} // '') ne 'PASS' } @{$case->{tests}};

	if ($then && !$boot->{timed_out}) {
		$r{ok} = 1;
		$r{detail} = "$saw, then " . (@other ? "'$other[0]'; " : '') . "the guest did not finish";
	} elsif ($boot->{timed_out}) {
		$r{detail} = "guest hung: killed after $boot->{timeout}s"
			. (@other ? "; console shows '$other[0]'" : '') . "; last lines: " . last_lines($p);
	} elsif (!$p->{done}) {
		$r{detail} = "guest did not finish (qemu exit " . ($boot->{exit} // '?') . ")"
			. (@other ? "; console shows '$other[0]'" : '') . "; last lines: " . last_lines($p);
	} elsif (!defined $expect && @other) {
		$r{detail} = "console shows '$other[0]'; tests: $tests$ktests";
	} elsif (defined $expect && !defined $seen) {
		$r{detail} = "expected '$expect' on the console, none was seen; tests: $tests$ktests";
	} elsif (@other) {
		$r{detail} = "saw '$seen' as expected, but also '$other[0]'";
	} elsif (@tfail) {
		$r{detail} = "guest tests failed: " . join(' ', map { "$_=" . ($p->{tests}{$_} // 'missing') } @tfail) . $ktests;
	} elsif ($k->{fail} || $k->{incomplete}) {
		$r{detail} = "kernel tests " . ($k->{fail} ? "failed" : "cut short") . ": tests: $tests$ktests";
	} else {
		$r{ok} = 1;
		if (defined $expect) {
			$r{detail} = "$saw; tests: $tests$ktests";
		} else {
			$r{detail} = "no WARNING, BUG, Oops or kunmap_local_indexed seen; tests: $tests$ktests";
		}
	}
	return \%r;
}

1;
