# SPDX-License-Identifier: GPL-2.0
# scripts/lib/ProcRun.pm: the one process runner.  Bounded, in its own
# process group, killed with that group (grandchildren included) on
# timeout and on this process's SIGINT/SIGTERM; stderr captured; list
# form only; how the command ended reported.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use Time::HiRes qw(time sleep);
use POSIX ();
use ProcRun qw(run spawn kill_group kill_all how);
use TestCommon;

my $d = tempdir(CLEANUP => 1);

# Whether a process runs (a zombie nobody reaps does not).
sub alive($pid) {
	return 0 unless kill 0, $pid;
	open my $fh, '<', "/proc/$pid/stat" or return 1;
	return (<$fh> // '') !~ /^\d+ \(.*\) Z /;
}
# Waits up to $secs for every pid to be gone; returns those left.
sub gone_within($secs, @pids) {
	my $end = time + $secs;
	my @left;
	while (1) {
		@left = grep { alive($_) } @pids;
		return @left if !@left || time > $end;
		sleep 0.05;
	}
}
# Waits for a file a command writes (a pid), returns its first line.
sub wait_file($f, $secs = 10) {
	my $end = time + $secs;
	until (defined(my $t = slurp($f)) && slurp($f) =~ /\n/) {
		return undef if time > $end;
		sleep 0.02;
	}
	return (split /\n/, slurp($f))[0];
}

subtest 'exit status, stdout and stderr' => sub {
	my $r = run(['sh', '-c', 'echo out; echo err >&2; exit 3']);
	is($r->{exit}, 3, 'the exit status');
	is($r->{status}, 3, '... as a shell says it');
	ok(!$r->{ok}, '... not ok');
	is($r->{signal}, undef, '... no signal');
	is($r->{stdout}, "out\n", 'stdout captured');
	is($r->{stderr}, "err\n", 'stderr captured, apart');
	is(how($r), 'exited with status 3', 'how: in words');
	$r = run(['true']);
	ok($r->{ok}, 'status 0 is ok');
	is_deeply([@$r{qw(exit status timed_out)}], [0, 0, 0], '... exit 0, not timed out');
	$r = run(['sh', '-c', 'echo a; echo b >&2; echo c'], stderr => 'stdout');
	is($r->{stdout}, "a\nb\nc\n", "stderr => 'stdout' merges them in order");
	$r = run(['sh', '-c', 'echo one; echo two >&2'], stdout => "$d/log", stderr => 'stdout');
	$r = run(['sh', '-c', 'echo three'], stdout => "$d/log", stderr => 'stdout', append => 1);
	is(slurp("$d/log"), "one\ntwo\nthree\n", 'output to a file, appended with append');
};

subtest 'a signal ends it' => sub {
	my $r = run(['sh', '-c', 'kill -9 $$']);
	is($r->{signal}, 9, 'the signal');
	is($r->{exit}, undef, '... no exit status');
	is($r->{status}, 137, '... 128 + 9, as a shell says');
	is(how($r), 'was killed by signal 9 (SIGKILL)', 'how: an exit status is not a signal');
	is(how(1 << 8), 'exited with status 1', 'how() of a wait status');
};

subtest 'list form only, folder, stdin, environment' => sub {
	my $r = run(['printf', '%s', "a; touch $d/PWNED \$(touch $d/PWNED2) `x`"], dir => $d);
	is($r->{stdout}, "a; touch $d/PWNED \$(touch $d/PWNED2) `x`", 'an argument reaches the command as it is');
	ok(!-e "$d/PWNED" && !-e "$d/PWNED2", '... no shell ran it');
	$r = run(['pwd'], dir => $d);
	is($r->{stdout} =~ s/\n//r, Cwd::abs_path($d), 'dir: where it runs');
	open my $fh, '>', "$d/in" or die; print $fh "input\n"; close $fh;
	is(run(['cat'], stdin => "$d/in")->{stdout}, "input\n", 'stdin from a file');
	is(run(['cat'])->{stdout}, '', '... else /dev/null: it never waits for a terminal');
	local $ENV{PROCRUN_GONE} = 'x';
	$r = run(['sh', '-c', 'echo "${PROCRUN_SET-unset} ${PROCRUN_GONE-unset}"'], env => { PROCRUN_SET => 'v', PROCRUN_GONE => undef });
	is($r->{stdout}, "v unset\n", 'env: set and removed for the command only');
	is($ENV{PROCRUN_GONE}, 'x', '... not here');
};

subtest 'a command that cannot run' => sub {
	my $r = run(['/nonexistent/procrun-no-such-program', 'x']);
	is($r->{status}, 127, 'status 127');
	like($r->{error}, qr{cannot run /nonexistent/procrun-no-such-program: No such file}, 'the reason');
	like($r->{stderr}, qr{cannot run}, '... also in stderr');
	like(how($r), qr/^could not be run: /, 'how: says so');
	$r = run(['true'], dir => "$d/no-such-folder");
	like($r->{error}, qr{cannot cd to \Q$d\E/no-such-folder}, 'a folder that is not there');
	ok(!eval { spawn(['/nonexistent/procrun-x']); 1 }, 'spawn dies with the reason');
	like($@, qr/cannot run/, '... named');
};

subtest 'bounded: the timeout kills the group, grandchildren included' => sub {
	ok(!eval { run(['true'], timeout => 0); 1 }, 'a timeout of 0 is refused, never "no bound"');
	ok(!eval { run(['true'], timeout => 'x'); 1 }, '... and one that is not a number');
	my $t = time;
	my $r = run(['sh', '-c', "sleep 300 & echo \$! >'$d/gc'; echo started; wait"], timeout => 1);
	ok($r->{timed_out}, 'reported as timed out');
	ok(time - $t < 6, '... killed soon after');
	is($r->{stdout}, "started\n", '... what it printed is kept');
	like(how($r), qr/^timed out after 1 s and was killed/, '... how says so');
	my $gc = slurp("$d/gc") =~ s/\n//r;
	is_deeply([gone_within(5, $gc)], [], '... its grandchild is gone too');
	# A group that ignores TERM: KILL after the grace.
	$t = time;
	$r = run(['sh', '-c', "trap '' TERM; sleep 300 & echo \$! >'$d/gc2'; wait; wait"], timeout => 0.5, grace => 0.5);
	ok($r->{timed_out}, 'a command that ignores TERM times out');
	ok(time - $t < 5, '... KILL follows the grace');
	is_deeply([gone_within(5, slurp("$d/gc2") =~ s/\n//r)], [], '... with its grandchild');
	# A leader that ends but leaves a process in its group.
	$r = run(['sh', '-c', "sleep 300 & echo \$! >'$d/gc3'"], timeout => 30);
	ok($r->{ok} && !$r->{timed_out}, 'a command that ends leaving a child behind returns');
	is_deeply([gone_within(5, slurp("$d/gc3") =~ s/\n//r)], [], '... and what it left in its group is killed');
};

# A child perl runs a command through run(); this process signals it.
sub signalled($sig, $handler) {
	unlink "$d/leader", "$d/gchild", "$d/handled";
	my $pid = fork // die;
	if (!$pid) {
		$SIG{$sig} = sub { open my $fh, '>>', "$d/handled"; print $fh "$_[0]\n"; close $fh } if $handler;
		my $r = run(['sh', '-c', "echo \$\$ >'$d/leader'; sleep 300 & echo \$! >'$d/gchild'; wait"], timeout => 60, grace => 1);
		open my $fh, '>', "$d/result"; print $fh ($r->{interrupted} // 'none'), "\n"; close $fh;
		POSIX::_exit(0);
	}
	my $leader = wait_file("$d/leader");
	my $gchild = wait_file("$d/gchild");
	kill $sig, $pid;
	waitpid $pid, 0;
	return ($?, $leader, $gchild);
}

subtest "the parent's SIGINT and SIGTERM end the command's group" => sub {
	unlink "$d/result";
	my ($st, $leader, $gchild) = signalled('TERM', 0);
	is($st & 127, 15, 'SIGTERM: the parent still dies of it (default handler), after');
	is_deeply([gone_within(5, $leader, $gchild)], [], '... the command and its grandchild are gone');
	ok(!-e "$d/result", '... run() did not carry on as if nothing happened');
	unlink "$d/result";
	($st, $leader, $gchild) = signalled('INT', 1);
	is($st, 0, "SIGINT with the parent's own handler: the parent goes on");
	is(slurp("$d/handled"), "INT\n", '... its handler ran, once');
	is(slurp("$d/result"), "INT\n", '... run() reports interrupted => INT');
	is_deeply([gone_within(5, $leader, $gchild)], [], '... the command and its grandchild are gone');
	# The captured output's files, in a TMPDIR of their own.
	my $td = tempdir(CLEANUP => 1);
	local $ENV{TMPDIR} = $td;
	($st) = signalled('TERM', 0);
	opendir my $dh, $td or die;
	is_deeply([grep { !/^\.\.?\z/ } readdir $dh], [], 'a parent killed by the signal leaves no file in TMPDIR');
};

subtest 'stderr line by line, as it comes' => sub {
	my (@got, $first);
	my $t0 = time;
	my $r = run(['sh', '-c', 'echo out; echo a >&2; sleep 1; printf "b\\nc" >&2'],
		stderr_lines => sub ($l) { push @got, $l; $first //= time - $t0 });
	is_deeply(\@got, ["a\n", "b\n", 'c'], 'each line once, in order, the last one without its newline too');
	ok($first < 0.9, '... the first before the command ended') or diag "after $first s";
	is($r->{stderr}, '', '... and not kept');
	is($r->{stdout}, "out\n", 'stdout is captured still');
	ok($r->{ok}, '... and the status reported');
};

subtest 'spawn, kill_group, kill_all' => sub {
	my $p = spawn(['sh', '-c', "sleep 300 & echo \$! >'$d/sp'; wait"], stdout => "$d/sp.out", stderr => "$d/sp.err");
	is(getpgrp($p), $p, 'spawn: the child leads its own process group');
	my $gc = wait_file("$d/sp");
	my $st = kill_group($p, 2);
	ok(defined $st && ($st & 127) == 15, 'kill_group: TERM, reaped, its wait status returned');
	is_deeply([gone_within(5, $p, $gc)], [], '... the group is gone');
	unlink "$d/sp";
	$p = spawn(['sh', '-c', "sleep 300 & echo \$! >'$d/sp'; wait"]);
	$gc = wait_file("$d/sp");
	kill_all(0.1);
	waitpid $p, 0;
	is_deeply([gone_within(5, $p, $gc)], [], 'kill_all: every group started and not reaped is gone');
};

done_testing;
