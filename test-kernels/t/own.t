# SPDX-License-Identifier: GPL-2.0
# The folders the harness makes under BUILD/test-kernels and later
# replaces, removes or writes over (the working copies, their O=
# folders, the guest, the logs, a flavour's state files, a state being
# made) carry a stamp; a folder of one of those names without it, or
# without a file only an earlier version wrote there, stops the run
# (exit 2) before anything is written, and stays.  Fake tools, a fake
# tree: no kernel is built.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", "$FindBin::Bin/../../scripts/lib";
use TestCommon qw(slurp);
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use POSIX ();
use BootRun;

my $d = tempdir(CLEANUP => 1);
sub put($f, $text, $mode = 0644) {
	make_path($f =~ s{/[^/]*$}{}r);
	open my $fh, '>', $f or die "$f: $!";
	print $fh $text;
	close $fh or die;
	chmod $mode, $f;
}

my ($top, $tree, $bin) = ("$d/top", "$d/tree", "$d/bin");
put("$top/scripts/ktree.sh", "echo '$tree'\n");
put("$tree/Makefile", "kernelversion:\n\t\@echo 6.12.99\n");
put("$tree/mm/x.c", "int x;\n");
put("$bin/arm-test-gcc", "#!/bin/sh\nexit 0\n", 0755);
put("$bin/qemu-test", "#!/bin/sh\nexit 0\n", 0755);
for my $t (qw(patch sparse)) { put("$d/tail/$t", "#!/bin/sh\nexit 0\n", 0755) }
local $ENV{PATH} = "$bin:$ENV{PATH}:$d/tail";

# A run of no case (the set-up alone: the working copy, the logs) in a
# process of its own, as boot-test.pl runs it (it holds OUT/lock until
# it exits).  Returns (exit status, what it printed on stderr).
my $n = 0;
sub run_in($out) {
	my $err = "$d/err." . $n++;
	my $pid = fork // die "fork: $!";
	if (!$pid) {
		open STDOUT, '>', "$err.out" or die;
		open STDERR, '>', $err or die;
		my $r = BootRun->new(top => $top, here => "$top/test-kernels", out => $out, kver => '6.12', jobs => 1, timeout => 5,
			machine => { cross => 'arm-test-', qemu => 'qemu-test', arch => 'arm', fragments => [] }, states => {});
		POSIX::_exit(eval { $r->run([], 0) } // do { print STDERR "died: $@"; 99 });
	}
	waitpid $pid, 0;
	return ($? >> 8, slurp($err) // '');
}

for my $name (qw(src src-debug src.tmp obj-base obj-debug guest logs work-debug stage)) {
	my $out = "$d/user-$name/test-kernels";
	put("$out/$name/mine.txt", "the user's\n");
	my ($st, $err) = run_in($out);
	is($st, 2, "BUILD/test-kernels/$name of the user's: exit 2") or diag $err;
	like($err, qr{^boot-test: \Q$out/$name\E was not made by boot-test, which replaces that folder: move it away, or pick another BUILD=$}m,
		'... naming it');
	is(slurp("$out/$name/mine.txt"), "the user's\n", '... the folder and its file stay');
	ok(!-e "$out/logs/.kmap-lifo-made" && !-e "$out/src/mm/x.c", '... and nothing is written') unless $name =~ /^(?:logs|src)\z/;
}

{
	my $out = "$d/user-file/test-kernels";
	put("$out/src", "the user's\n");
	my ($st, $err) = run_in($out);
	is($st, 2, "a file BUILD/test-kernels/src: exit 2") or diag $err;
	is(slurp("$out/src"), "the user's\n", '... and it stays');
}

# OUT/lock a symbolic link to a file of the user's: never followed (the
# run opened it to write, and emptied the file it names).
{
	my $out = "$d/user-lock/test-kernels";
	put("$d/user-lock/notes.txt", "the user's\n");
	make_path($out);
	symlink "$d/user-lock/notes.txt", "$out/lock" or die;
	my ($st, $err) = run_in($out);
	is($st, 2, 'BUILD/test-kernels/lock a symbolic link: exit 2') or diag $err;
	like($err, qr{^boot-test: cannot write \Q$out/lock\E: it is a symbolic link \(not followed\): remove it$}m, '... saying so');
	is(slurp("$d/user-lock/notes.txt"), "the user's\n", '... the file it names is left as it was');
}

# The harness's own folders: stamped, and used again by the next run.
my $out = "$d/own/test-kernels";
my ($st, $err) = run_in($out);
is($st, 0, 'a run in an empty BUILD/test-kernels: exit 0') or diag $err;
ok(-e "$out/$_/.kmap-lifo-made", "... $_ stamped") for qw(src logs);
($st, $err) = run_in($out);
is($st, 0, '... and the next run uses them') or diag $err;

# Folders an earlier version made, before stamps: known by the files
# only the harness writes there, used, and stamped.
$out = "$d/old/test-kernels";
put("$out/src/.bt-origin", "$tree 6.12.99\n");
put("$out/src/mm/x.c", "int old;\n");
put("$out/obj-base/.kb-stamp", "");
put("$out/guest/.headers", "6.12.1");
put("$out/logs/build-base.log", "");
put("$out/work-debug/src-state", "pristine\n");
put("$out/stage/mm/x.c", "");
put("$out/src-dirty", "");
($st, $err) = run_in($out);
is($st, 0, 'folders of an earlier version: used') or diag $err;
ok(-e "$out/$_/.kmap-lifo-made", "... $_ stamped") for qw(src obj-base guest logs work-debug stage);
done_testing;
