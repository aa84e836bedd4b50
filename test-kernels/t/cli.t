# SPDX-License-Identifier: GPL-2.0
# The runner's command line: --help and --list do no work, bad input is
# refused before anything is copied or built.
use v5.36;
use Test::More;
use FindBin;
use File::Temp qw(tempdir);

my $bt = "$FindBin::Bin/../boot-test.pl";
my $build = tempdir(CLEANUP => 1);

# Run the runner with ENV; returns (exit status, stdout and stderr).
sub run_bt($env, @args) {
	local %ENV = (%ENV, BUILD => $build, %$env);
	delete $ENV{$_} for grep { !defined $ENV{$_} } keys %ENV;
	my $out = `$^X '$bt' @args 2>&1`;
	return ($? >> 8, $out);
}

my ($st, $out) = run_bt({}, '--help');
is($st, 0, '--help exits 0');
like($out, qr/^usage: .*boot-test/, '... and prints usage');
like($out, qr/BOOT_TIMEOUT/, '... naming the variables');
($st, $out) = run_bt({}, '--list');
is($st, 0, '--list exits 0');
like($out, qr/^userfaultfd-move-reverted\s+reverted/m, '... and lists the cases');

# make exports the variables it passes on, empty when they are not set.
($st, $out) = run_bt({ map { $_ => '' } qw(BOOT_TIMEOUT J CASES FULL FLAVOURS OVERLAYS KVER MACHINE) }, '--list');
is($st, 0, 'empty variables mean the defaults');
for my $t ('0', 'abc', '-5', '1.5', ' ') {
	($st, $out) = run_bt({ BOOT_TIMEOUT => $t });
	is($st, 2, "BOOT_TIMEOUT='$t' exits 2");
	like($out, qr/^boot-test: BOOT_TIMEOUT=\Q$t\E: want a whole number of seconds, 1 or more/, '... with a clear error');
}
($st, $out) = run_bt({}, '--timeout', 'x');
is($st, 2, '--timeout x exits 2');
($st, $out) = run_bt({ J => 'abc' });
is($st, 2, 'J=abc exits 2');
like($out, qr/J=abc: want a whole number of jobs/, '... saying why');
($st, $out) = run_bt({ CASES => 'no-such-case' });
is($st, 2, 'an unknown case exits 2');
like($out, qr/no case no-such-case/, '... naming it');
($st, $out) = run_bt({ FLAVOURS => 'nosuch' });
is($st, 2, 'an unknown flavour exits 2');
($st, $out) = run_bt({ MACHINE => 'nosuch' });
is($st, 2, 'an unknown machine exits 2');
like($out, qr/machine file .*nosuch\.conf/, '... naming the file');
($st, $out) = run_bt({ OVERLAYS => 'nosuch' });
is($st, 2, 'an unknown overlay exits 2');
like($out, qr/overlay nosuch: not in test-kernels\/overlays/, '... naming it');
($st, $out) = run_bt({}, '--list');
like($out, qr/^CASE\@forcemap: /m, '--list names the overlays');

# --plan: what the options run, nothing built.
sub run_plan($env, @args) {
	my ($st, $out) = run_bt($env, '--plan', @args);
	is($st, 0, '--plan exits 0') or diag $out;
	return [map { [split ' '] } split /\n/, $out];
}
my $p = run_plan({});
is_deeply([grep { $_->[0] =~ /\@/ } @$p], [], 'by default no case runs under an overlay');
is($p->[-1][0], 'sparse', '... and sparse comes last');
ok(!(grep { $_->[0] eq 'ufs-rename-lowmem' } @$p), '... nor a full case');
$p = run_plan({ FULL => 1 });
my %full = map { $_->[0] => $_ } @$p;
ok($full{'ufs-rename-lowmem'}, 'FULL=1: the full cases');
is_deeply($full{'ufs-rename-pristine@forcemap'}, ['ufs-rename-pristine@forcemap', 'base@forcemap', 'pristine'],
	'... and every case under forcemap, flavour base@forcemap, same state');
is_deeply($full{'kernel-self-tests@forcemap'}, ['kernel-self-tests@forcemap', 'selftests@forcemap', 'series'],
	'... a flavour\'s case under it too');
is(scalar(grep { /\@forcemap$/ } keys %full), scalar(grep { !/\@|^sparse$/ } keys %full), '... all of them');
$p = run_plan({ FULL => 1, OVERLAYS => 'none' });
is_deeply([grep { $_->[0] =~ /\@/ } @$p], [], 'FULL=1 OVERLAYS=none: no overlay');
$p = run_plan({ OVERLAYS => 'forcemap', CASES => 'ufs-rename-pristine' });
is_deeply([map { $_->[0] } @$p], ['ufs-rename-pristine', 'ufs-rename-pristine@forcemap'], 'OVERLAYS with CASES: the case, then under the overlay');
$p = run_plan({ CASES => 'ext2-rename-bug@forcemap sparse' });
is_deeply([map { $_->[0] } @$p], ['ext2-rename-bug@forcemap', 'sparse'], 'CASES=CASE@OVERLAY runs that one alone');
($st, $out) = run_bt({ CASES => 'nosuch@forcemap' }, '--plan');
is($st, 2, 'CASES with an unknown case under an overlay exits 2');

($st, $out) = run_bt({}, '--bogus');
is($st, 2, 'an unknown option exits 2');
opendir(my $d, $build) or die "$build: $!";
is(scalar(grep { !/^\./ } readdir $d), 0, 'nothing was written to the build folder');
done_testing;
