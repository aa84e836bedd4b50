# SPDX-License-Identifier: GPL-2.0
# Every command of the project answers --help with its usage and exit
# status 0, at once, without starting any work.
use v5.36;
use Test::More;
use FindBin;
use Time::HiRes qw(time);

my $root = "$FindBin::Bin/../..";
chdir $root or die "$root: $!";
my @cmds = (glob('cocci/bin/*.pl cocci/bin/*.sh scripts/*.sh checkpatch-ext/*.pl checkpatch-ext/*.sh'),
	qw(test-kernels/boot-test.pl test-kernels/t/run.sh cocci/t/run.sh cocci/tests/run.sh));
for my $c (@cmds) {
	my $run = $c =~ /\.pl$/ ? 'perl' : 'sh';
	my $t = time;
	my $out = `timeout 20 $run $c --help 2>&1 </dev/null`;
	is($? >> 8, 0, "$c --help exits 0");
	like($out, qr/\w+.*\n/, '... and prints its usage');
	ok(time - $t < 10, '... at once') or diag($out);
}
done_testing;
