# SPDX-License-Identifier: GPL-2.0
# Every boot is bounded: a process that outlives the timeout is killed
# with everything it started, and reported as timed out.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use Time::HiRes qw(time);
use BootQemu qw(run_timed);

my $d = tempdir(CLEANUP => 1);
my $t = time;
# A duration no other process on the machine uses, to find the children.
my $mark = sprintf '%d.%03d', 30 + $$ % 50, $$ % 1000;
my $r = run_timed(1, "$d/log", 'sh', '-c', "echo started; sleep $mark & sleep $mark");
ok($r->{timed_out}, 'a hung command is reported as timed out');
ok(time - $t < 10, '... and killed soon after the timeout');
open my $fh, '<', "$d/log" or die;
is(scalar <$fh>, "started\n", '... its output is in the log');
# A killed child can take a moment to disappear from the process table.
my @left;
for (1 .. 20) {
	@left = grep { /sleep \Q$mark\E/ && !/ps -eo/ } `ps -eo pgid,args`;
	last unless @left;
	select(undef, undef, undef, 0.1);
}
is(scalar(@left), 0, '... and the children it started are gone')
	or diag(@left);

$r = run_timed(5, "$d/log", 'sh', '-c', 'exit 3');
ok(!$r->{timed_out}, 'a command that ends is not timed out');
is($r->{exit}, 3, '... its exit status is kept');
ok(!eval { run_timed(0, "$d/log", 'true'); 1 }, 'a timeout of 0 is refused, never "no bound"');

# A real QEMU that never powers off (no kernel: the CPU spins), killed.
SKIP: {
	skip 'no qemu-system-arm', 3 if system('command -v qemu-system-arm >/dev/null 2>&1');
	$t = time;
	$r = run_timed(2, "$d/qemu.log", 'qemu-system-arm', '-M', 'virt', '-nographic', '-nodefaults', '-display', 'none');
	ok($r->{timed_out}, 'a guest that never ends is reported as hung');
	ok(time - $t < 10, '... and killed');
	is(scalar(grep { /qemu-system-arm -M virt -nographic -nodefaults -display none/ && !/ps -eo/ } `ps -eo args`), 0,
		'... and no QEMU is left running');
}
done_testing;
