# SPDX-License-Identifier: GPL-2.0
# scripts/ktree.sh: the path of the kernel tree to work on, printed as it
# is (KSRC with backslashes: dash's echo would read them as escapes); a
# packaged tree (a small tarball of the test's own, KTREE_SRC) extracted
# once while two runs ask for it, and nothing left by an interrupted one.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use Time::HiRes qw(sleep);
use POSIX ();
use ProcRun ();
use TestCommon;

my $d = tempdir(CLEANUP => 1);
my $ktree = "$FindBin::Bin/../ktree.sh";
sub fake_ktree($t) {
	write_to("$t/Makefile", "VERSION = 6\nPATCHLEVEL = 12\n");
	write_to("$t/Kconfig", "mainmenu \"Linux\"\n");
	write_to("$t/arch/arm/Kconfig", "config ARM\n\tdef_bool y\n");
	return $t;
}

scenario 'KSRC with backslashes: printed as it is' => sub {
	for my $name ('k\cx', 'k\n\\\\x', 'k\0101 b') {
		my $t = fake_ktree("$d/$name");
		fake_ktree("$d/k") if $name eq 'k\cx';	# (where "\c" would stop)
		my $r = ProcRun::run(['sh', $ktree, '6.12', $t], timeout => 60);
		is($r->{stdout}, "$t\n", "KSRC=.../$name: its path") or diag $r->{stderr};
	}
	my $r = ProcRun::run(['sh', $ktree, '6.12', "$d/no\\cne"], timeout => 60);
	is($r->{stderr}, "ktree: KSRC=$d/no\\cne: no such directory\n", 'an error names it as it is too');
};

# A tarball linux-source-KVER.tar.xz in $d/src, and a tar that takes its
# time (sleep $TAR_SLEEP) before it extracts.
my $src = "$d/src";
fake_ktree("$d/stage/linux-source-9.9");
mkdir $src;
system('tar', '-C', "$d/stage", '-cJf', "$src/linux-source-9.9.tar.xz", 'linux-source-9.9') == 0 or die;
chomp(my $real_tar = `sh -c 'command -v tar'`);
write_to("$d/bin/tar", "#!/bin/sh\nsleep \"\$TAR_SLEEP\"\nexec '$real_tar' \"\$@\"\n", 0755);
# Starts ktree.sh 9.9 in a process group of its own; returns its pid.
sub start($cache, $sleep, $err) {
	my $pid = fork // die "fork: $!";
	if (!$pid) {
		POSIX::setpgid(0, 0);
		@ENV{qw(KTREE_SRC KTREE_CACHE TAR_SLEEP PATH)} = ($src, $cache, $sleep, "$d/bin:$ENV{PATH}");
		open STDOUT, '>', "$err.out" or die;
		open STDERR, '>', $err or die;
		exec 'sh', $ktree, '9.9' or POSIX::_exit(127);
	}
	return $pid;
}
sub leftovers($cache) { opendir my $dh, $cache or return ['no cache']; return [sort grep { /\.tmp\./ } readdir $dh] }

scenario 'two runs with the same KVER: one extracts, the other waits' => sub {
	my $cache = "$d/cache-two";
	my @pid = map { start($cache, 2, "$d/two.$_") } 1, 2;
	waitpid $_, 0 for @pid;
	my @err = map { slurp("$d/two.$_") // '' } 1, 2;
	is(scalar(() = join("", @err) =~ /^ktree: extracting .* into /mg), 1, 'extracted once') or diag @err;
	is_deeply([map { slurp("$d/two.$_.out") } 1, 2], [("$cache/linux-source-9.9\n") x 2], '... both print the tree');
	ok(-f "$cache/linux-source-9.9/.extracted" && -f "$cache/linux-source-9.9/Makefile", '... which is whole');
	is_deeply(leftovers($cache), [], '... and nothing else is left');
};

scenario 'interrupted while it extracts: nothing left' => sub {
	my $cache = "$d/cache-intr";
	my $mark = sprintf '3600.%d', $$;
	mkdir $cache;
	mkdir "$cache/linux-source-9.9.tmp.1";	# (a run killed outright)
	my $pid = start($cache, $mark, "$d/intr");
	my $w = 0;
	sleep 0.1 until grep { (slurp($_) // '') =~ /\Q$mark\E/ } glob '/proc/[0-9]*/cmdline' or ++$w > 300;
	is_deeply(leftovers($cache), ["linux-source-9.9.tmp.$pid"], 'extracting: into its own temporary folder (an older one removed)');
	kill 'INT', -$pid;	# (as ^C: the whole group)
	waitpid $pid, 0;
	is($? >> 8, 130, 'interrupted (SIGINT): exit 130');
	is_deeply(leftovers($cache), [], '... its temporary folder removed');
	ok(!-e "$cache/linux-source-9.9", '... and no tree');
	my $r = ProcRun::run(['sh', $ktree, '9.9'], timeout => 60, env => { KTREE_SRC => $src, KTREE_CACHE => $cache });
	is($r->{stdout}, "$cache/linux-source-9.9\n", 'the next run extracts it') or diag $r->{stderr};
};

done_testing;
