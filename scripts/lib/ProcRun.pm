# SPDX-License-Identifier: GPL-2.0
# The one way the project's Perl runs an external command (scripts/README.md).
#
#   my $r = ProcRun::run(['git', 'log', '-1'], dir => $tree, timeout => 60);
#   $r->{ok} or die "git log " . ProcRun::how($r) . ": $r->{stderr}";
#
# Every command: a list (never a shell line), stdin from /dev/null unless
# given, in its own process group, bounded by a timeout, and killed with
# that whole group (TERM, then KILL after a grace) on timeout and when
# this process gets SIGINT, SIGTERM or SIGHUP.  stderr is captured unless
# sent elsewhere.  How it ended is reported: exit status, or signal.
package ProcRun;
use v5.36;
use POSIX ();
use Config;
use Time::HiRes ();
use Exporter 'import';
our @EXPORT_OK = qw(run spawn kill_group kill_all forget watch how);

# Seconds a command runs at most when the caller names no bound.
my $DEFAULT_TIMEOUT = 3600;
# Seconds between TERM and KILL, so that scripts can run their traps.
my $DEFAULT_GRACE = 2;

# The process groups started and not yet reaped: pid => the pid of the
# process that started it (a forked child does not end its parent's).
my %LIVE;

my @SIGNAME = split ' ', $Config{sig_name};

# In the child: its own group, folder, stdin, stdout, stderr and
# environment, then exec; on failure the reason goes to $report (a pipe
# closed by a successful exec) and the child exits 127.
sub _child($cmd, $o, $report) {
	my $fail = sub ($what) {
		syswrite $report, "$what: $!";
		POSIX::_exit(127);
	};
	POSIX::setpgid(0, 0);
	@SIG{qw(INT TERM HUP ALRM PIPE)} = ('DEFAULT') x 5;
	if (defined $o->{dir}) { chdir $o->{dir} or $fail->("cannot cd to $o->{dir}") }
	my $in = $o->{stdin} // '/dev/null';
	open STDIN, '<', $in or $fail->("cannot read $in");
	for my $s (['STDOUT', $o->{stdout}], ['STDERR', $o->{stderr}]) {
		my ($name, $to) = @$s;
		no strict 'refs';
		if (ref $to) { open *{$name}, '>&', $to or $fail->("cannot redirect $name") }
		elsif ($to eq 'stdout') { open *{$name}, '>&', \*STDOUT or $fail->("cannot redirect $name") }
		else { open *{$name}, $o->{append} ? '>>' : '>', $to or $fail->("cannot write $to") }
	}
	for my $k (sort keys %{$o->{env} // {}}) {
		if (defined $o->{env}{$k}) { $ENV{$k} = $o->{env}{$k} } else { delete $ENV{$k} }
	}
	{ no warnings 'exec'; exec { $cmd->[0] } @$cmd }
	$fail->("cannot run $cmd->[0]");
}

# Starts @$cmd and returns its pid, which is also its process group; it
# is not waited for (the caller reaps it, then calls forget()).  Dies
# when it cannot be started (no such program, no such folder: the
# reason).  %o: dir, stdin (a file), stdout and stderr (a file, a handle,
# or for stderr 'stdout'; default /dev/null), append (files are appended
# to), env ({ NAME => value, or undef to remove it }).
sub spawn($cmd, %o) {
	die "ProcRun: no command\n" unless @$cmd;
	$o{stdout} //= '/dev/null';
	$o{stderr} //= '/dev/null';
	pipe my $rd, my $wr or die "pipe: $!\n";	# (close-on-exec)
	my $pid = fork // die "fork: $!\n";
	if (!$pid) {
		close $rd;
		_child($cmd, \%o, $wr);
	}
	close $wr;
	# (Also here: no window in which a signal to the group misses it.)
	POSIX::setpgid($pid, $pid);
	$LIVE{$pid} = $$;
	my $why = do { local $/; <$rd> } // '';
	close $rd;
	if (length $why) {
		waitpid $pid, 0;
		delete $LIVE{$pid};
		die "$why\n";
	}
	return $pid;
}

# A process of spawn() (or watch()) that the caller has reaped.
sub forget($pid) { delete $LIVE{$pid} }

# A process group led by $pid that this process started otherwise (a
# fork that runs Perl code, in a group of its own): kill_all() ends it
# too, until forget().
sub watch($pid) { POSIX::setpgid($pid, $pid); $LIVE{$pid} = $$ }

# Ends the process group of $pid: TERM, then KILL after $grace seconds
# unless $pid has ended (and is reaped here) by then; a grace of 0: KILL
# at once.  Returns its wait status when reaped here, else undef.
sub kill_group($pid, $grace = $DEFAULT_GRACE) {
	kill 'TERM', -$pid if $grace > 0;
	my $end = Time::HiRes::time() + $grace;
	while ($grace > 0 && Time::HiRes::time() < $end) {
		if (waitpid($pid, POSIX::WNOHANG()) == $pid) {
			my $st = $?;
			# (What the leader started may outlive it.)
			kill 'KILL', -$pid;
			delete $LIVE{$pid};
			return $st;
		}
		Time::HiRes::sleep(0.05);
	}
	kill 'KILL', -$pid;
	return undef;
}

# Ends every process group this process started and has not reaped
# (a driver's clean-up on a signal or at exit).
sub kill_all($grace = 0.3) {
	my @g = grep { $LIVE{$_} == $$ } keys %LIVE or return;
	kill 'TERM', -$_ for @g;
	Time::HiRes::sleep($grace) if $grace > 0;
	kill 'KILL', -$_ for @g;
	delete @LIVE{@g};
}

END { local $?; kill_all() }

# A wait status in words: "exited with status 1", "was killed by signal
# 9 (SIGKILL)"; a result of run(): also "timed out after N s and was
# killed", "could not be run: WHY".
sub how($st) {
	if (ref $st) {
		return "could not be run: $st->{error}" if defined $st->{error};
		return "timed out after $st->{timeout} s and was killed" if $st->{timed_out};
		$st = $st->{wait};
	}
	if (my $sig = $st & 127) {
		return "was killed by signal $sig (SIG" . ($SIGNAME[$sig] // '?') . ')';
	}
	return sprintf 'exited with status %d', $st >> 8;
}

# Runs @$cmd to its end, at most $o{timeout} seconds (default an hour;
# fractions allowed; never unbounded); options as spawn()'s, except
# that stdout and stderr are captured unless given (stderr => 'stdout'
# merges them; stderr_lines => CODE: each line of stderr, as it comes,
# to CODE, then not kept).  Returns {
#   ok        exit status 0
#   exit      the exit status, or undef (a signal ended it)
#   signal    the signal that ended it, or undef
#   status    as a shell says: the exit status, or 128 + the signal
#   wait      the raw wait status ($?)
#   timed_out 1 when it was killed for running too long
#   interrupted  the signal (INT, TERM, HUP) that this process got while
#             it ran; the command was killed and the signal is delivered
#             again to this process's own handler after the return
#   stdout, stderr  what it printed (when captured)
#   error     why it could not be started (then status 127)
#   secs      how long it ran }
# Reads what the pipes of %$rd hold into %$cap, waiting up to $wait
# seconds for some; a pipe at its end leaves %$rd.
sub _drain($rd, $cap, $wait) {
	return Time::HiRes::sleep($wait) unless %$rd;
	my ($bits, %of) = ('');
	for my $s (keys %$rd) {
		vec($bits, fileno($rd->{$s}), 1) = 1;
		$of{fileno $rd->{$s}} = $s;
	}
	my $n = select(my $ready = $bits, undef, undef, $wait);
	return if $n <= 0;
	for my $fd (keys %of) {
		next unless vec($ready, $fd, 1);
		my $s = $of{$fd};
		my $got = sysread $rd->{$s}, my $buf, 65536;
		if ($got) { $cap->{$s} .= $buf }
		elsif (defined $got || !$!{EINTR}) { close delete $rd->{$s} }
	}
}

sub run($cmd, %o) {
	my $timeout = $o{timeout} // $DEFAULT_TIMEOUT;
	die "ProcRun: the timeout must be a positive number of seconds\n"
		unless $timeout =~ /\A[0-9]*\.?[0-9]+\z/ && $timeout > 0;
	my $grace = $o{grace} // $DEFAULT_GRACE;
	# Output is captured through pipes, not files: a full TMPDIR must not
	# make a command seem to print nothing.
	my (%cap, %rd);
	for my $s (qw(stdout stderr)) {
		next if defined $o{$s};
		pipe my $r, my $w or die "pipe: $!\n";
		($o{$s}, $rd{$s}, $cap{$s}) = ($w, $r, '');
	}
	# Whole lines of stderr to $o{stderr_lines} as they come (with $all:
	# the rest too).
	my $feed = sub ($all = 0) {
		return unless $o{stderr_lines} && exists $cap{stderr};
		$o{stderr_lines}->($1) while $cap{stderr} =~ s/\A([^\n]*\n)//;
		$o{stderr_lines}->($cap{stderr}) if $all && length $cap{stderr};
		$cap{stderr} = '' if $all;
	};
	my $t0 = Time::HiRes::time();
	my %r = (timeout => $timeout, timed_out => 0, cmd => [@$cmd]);
	my ($pid, $caught);
	{
		# A signal to this process ends the command first.
		local @SIG{qw(INT TERM HUP)} = map { my $s = $_; sub { $caught //= $s } } qw(INT TERM HUP);
		$pid = eval { spawn($cmd, %o) };
		close $o{$_} for keys %rd;
		if (!$pid) {
			chomp($r{error} = $@);
			@r{qw(status wait exit ok)} = (127, 127 << 8, 127, 0);
		} else {
			my $nap = 0.001;
			while (1) {
				_drain(\%rd, \%cap, $nap);
				$feed->();
				if (waitpid($pid, POSIX::WNOHANG()) == $pid) { $r{wait} = $?; last }
				my $over = Time::HiRes::time() - $t0 > $timeout;
				if ($over || $caught) {
					$r{timed_out} = 1 if $over && !$caught;
					$r{wait} = kill_group($pid, $grace) // do { waitpid $pid, 0; $? };
					last;
				}
				$nap *= 2 if $nap < 0.05;
			}
			kill 'KILL', -$pid;	# (anything the command left behind in its group)
			forget($pid);
			my $st = $r{wait};
			$r{signal} = $st & 127 || undef;
			$r{exit} = $r{signal} ? undef : $st >> 8;
			$r{status} = $r{signal} ? 128 + $r{signal} : $r{exit};
			$r{ok} = $st == 0 ? 1 : 0;
		}
	}
	# What is left in the pipes (their writers are gone with the group;
	# one that escaped it holds them open for at most a second).
	my $end = Time::HiRes::time() + 1;
	_drain(\%rd, \%cap, 0.05) while %rd && Time::HiRes::time() < $end;
	$feed->(1);
	close $_ for values %rd;
	$r{secs} = Time::HiRes::time() - $t0;
	$r{$_} = $cap{$_} for keys %cap;
	$r{stderr} = "$r{error}\n" if defined $r{error} && exists $cap{stderr};
	if ($caught) {
		$r{interrupted} = $caught;
		kill $caught, $$;	# (to the handler that was there before)
	}
	return \%r;
}

1;
