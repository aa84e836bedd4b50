# SPDX-License-Identifier: GPL-2.0
# Boot a kernel in QEMU under a timeout.  The command line comes from the
# machine file; a guest that outlives the timeout is killed (TERM, then
# KILL) and reported as hung, never waited for.
package BootQemu;
use v5.36;
use POSIX qw(WNOHANG);
use Time::HiRes qw(time sleep);
use Exporter 'import';
our @EXPORT_OK = qw(qemu_command run_timed);

# The QEMU argv for MACHINE, KERNEL, INITRD and the kernel's command line.
sub qemu_command($m, $kernel, $initrd, $append) {
	return ($m->{qemu}, '-M', $m->{machine}, '-cpu', $m->{cpu}, '-m', $m->{memory},
		'-smp', $m->{smp}, '-nographic', '-no-reboot', split(' ', $m->{qemu_args}),
		'-kernel', $kernel, (defined $initrd ? ('-initrd', $initrd) : ()),
		'-append', "console=$m->{console} panic=-1 $append");
}

# Run ARGV with stdin from /dev/null, stdout and stderr into LOG, for at
# most TIMEOUT seconds.  Returns { exit, timed_out, secs }.
sub run_timed($timeout, $log, @argv) {
	die "run_timed: timeout must be a positive number of seconds\n" unless $timeout && $timeout > 0;
	my $start = time;
	my $pid = fork // die "fork: $!\n";
	if (!$pid) {
		setpgrp(0, 0);	# the guest and anything it starts, killed as one
		open STDIN, '<', '/dev/null';
		open STDOUT, '>', $log or die "$log: $!\n";
		open STDERR, '>&', \*STDOUT;
		exec @argv or do { print STDERR "cannot run $argv[0]: $!\n"; POSIX::_exit(127) };
	}
	my %r = (timed_out => 0);
	while (1) {
		my $w = waitpid $pid, WNOHANG;
		if ($w == $pid) {
			$r{exit} = $? & 127 ? 128 + ($? & 127) : $? >> 8;
			last;
		}
		if (time - $start > $timeout) {
			$r{timed_out} = 1;
			kill 'TERM', -$pid;
			for (1 .. 50) { last if waitpid($pid, WNOHANG) == $pid; sleep 0.1 }
			kill 'KILL', -$pid;
			waitpid $pid, 0;
			$r{exit} = $? & 127 ? 128 + ($? & 127) : $? >> 8;
			last;
		}
		sleep 0.2;
	}
	$r{secs} = time - $start;
	return \%r;
}

1;
