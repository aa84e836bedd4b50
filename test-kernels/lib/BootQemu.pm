# SPDX-License-Identifier: GPL-2.0
# Boot a kernel in QEMU under a timeout.  The command line comes from the
# machine file; a guest that outlives the timeout is killed (TERM, then
# KILL) and reported as hung, never waited for.
package BootQemu;
use v5.36;
use File::Basename qw(dirname);
use lib dirname(__FILE__) . '/../../scripts/lib';
use ProcRun ();
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
	# The guest and anything it starts, killed as one (TERM, KILL 5 s
	# later), also when the boot test is interrupted.
	my $r = ProcRun::run(\@argv, stdout => $log, stderr => 'stdout', timeout => $timeout, grace => 5);
	if (defined $r->{error}) {
		open my $fh, '>>', $log or die "$log: $!\n";
		print $fh "$r->{error}\n";
		close $fh;
	}
	return { exit => $r->{status}, timed_out => $r->{timed_out}, secs => $r->{secs} };
}

1;
