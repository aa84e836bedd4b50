# SPDX-License-Identifier: GPL-2.0
# Paths are data: the project, the tree, the output folder and the tool
# names may hold spaces, single quotes, $(...) or backticks; BootRun's
# set-up and cocci fix, and BootGuest's list of guest programs, run no
# shell on them.  Fake tools, a fake tree: no kernel is built.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", "$FindBin::Bin/../../scripts/lib";
use TestCommon;
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use Cwd qw(getcwd);
use BootRun;
use BootGuest;

my $d = tempdir(CLEANUP => 1);
my $odd = "it's a \$(touch PWNED) `touch PWNED1` dir";
sub pwned { join ' ', grep { -e } map { ("$d/$_", "$FindBin::Bin/$_", getcwd() . "/$_", "/tmp/$_") } qw(PWNED PWNED1) }
sub shq($s) { "'" . ($s =~ s/'/'\\''/gr) . "'" }

my $top = "$d/top $odd";
my $tree = "$d/tree $odd";
my $out = "$d/out $odd";
my $bin = "$d/bin $odd";
write_to("$top/scripts/ktree.sh", "printf '%s\\n' " . shq($tree) . "\n");
write_to("$tree/Makefile", "kernelversion:\n\t\@echo 6.12.99\n");
write_to("$tree/mm/x.c", "int x;\n");
# Tools named with a quote and a space in a folder with them.
my $cross = "$bin/arm-x'y-";
write_to("${cross}gcc", "#!/bin/sh\nwhile [ \$# -gt 0 ]; do [ \"\$1\" = -o ] && { shift; echo bin > \"\$1\"; }; shift; done\n", 0755);
write_to("$bin/qemu 'arm", "#!/bin/sh\nexit 0\n", 0755);
# patch and sparse: the real ones when there are, else stand-ins.
my $tail = "$d/tail";
for my $t (qw(patch sparse)) { write_to("$tail/$t", "#!/bin/sh\nexit 0\n", 0755) }
local $ENV{PATH} = "$bin:$ENV{PATH}:$tail";

my $run = BootRun->new(top => $top, here => "$top/test-kernels", out => $out, kver => '6.12', jobs => 1, timeout => 5,
	machine => { cross => $cross, qemu => "qemu 'arm", arch => 'arm', fragments => [] }, states => {});
# The runs' notes go to a file (fd 2, as a child would inherit it).
open my $stderr, '>&', \*STDERR or die;
sub quiet($f) { open STDERR, '>', $f or die }
sub loud { open STDERR, '>&', $stderr or die }
scenario 'setup and have_tool: the paths are data' => sub {
	{
		quiet("$d/setup.err");
		my $ok = eval { $run->setup; 1 };
		loud();
		ok($ok, 'setup with quotes, spaces, $(...) and backticks in every path') or diag $@;
	}
	is($run->{pristine}, $tree, 'setup: the tree scripts/ktree.sh names');
	is($run->{kversion}, '6.12.99', 'setup: its version from make kernelversion');
	ok(-f "$out/src/mm/x.c", 'setup: the working copy is made in OUT');
	is(pwned(), '', 'setup: nothing in the paths ran');
	my $have = BootRun->can('have_tool');
	ok($have && $have->('sh'), 'have_tool: sh is there');
	ok($have && !$have->("no-such'; touch $d/PWNED; '"), 'have_tool: a name with a quote is a name');
	is(pwned(), '', 'have_tool: nothing ran');
};

# The cocci fix: lifo-fix.sh gets the copy and the file as two arguments,
# its stderr goes to the log, and the result is kept until cocci/ changes.
scenario 'the cocci fix: the paths are data' => sub {
	local $ENV{CALLS} = "$d/calls";
	write_to("$top/cocci/bin/lifo-fix.sh", <<'EOF2');
printf '%s\n' "$1" "$2" >> "$CALLS"
echo "lifo-fix: working" >&2
printf -- '--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-int x;\n+int y;\n' "$2" "$2"
EOF2
	write_to("$top/cocci/sub $odd/rule.cocci", "\@r\@\n");
	SKIP: {
		skip 'no working copy (setup failed)', 6 unless $run->{pristine} && -d "$out/src";
		quiet("$d/cocci.err");
		my $st = $run->source('base');
		my $fix = eval { $run->cocci_fix($st, [], 'mm/x.c') };
		my $err = $@;
		loud();
		diag $err if $err;
		ok($fix && -f $fix, 'cocci_fix: a patch');
		like(slurp($fix) // '', qr{^\+\+\+ b/mm/x\.c$}m, 'cocci_fix: the diff lifo-fix.sh printed');
		is(slurp("$d/calls"), "$out/src\nmm/x.c\n", 'cocci_fix: lifo-fix.sh got the copy and the file, one argument each');
		like(slurp("$out/logs/cocci.log") // '', qr/lifo-fix: working/, 'cocci_fix: its stderr in the log');
		quiet("$d/cocci.err");
		$run->cocci_fix($st, [], 'mm/x.c');
		loud();
		is(slurp("$d/calls"), "$out/src\nmm/x.c\n", 'cocci_fix: kept while nothing changed');
		write_to("$top/cocci/sub $odd/rule.cocci", "\@r2\@\n");
		quiet("$d/cocci.err");
		$run->cocci_fix($st, [], 'mm/x.c');
		loud();
		is(scalar(() = (slurp("$d/calls") =~ /^mm\/x\.c$/mg)), 2, 'cocci_fix: made again when a file under cocci/ changes');
	}
	is(pwned(), '', 'cocci_fix: nothing in the paths ran');
};

# BootGuest lists the guest programs of a folder with a space and a quote.
{
	package FakeKB;
	sub make { }
}
# (Perl's glob would split this folder's name at its spaces.)
scenario 'BootGuest: the paths are data' => sub {
	my $here = "$d/here a ~ b/test-kernels";
	write_to("$here/guest/$_", "int main(void) { return 0; }\n") for qw(init.c b.c a.c);
	write_to("$here/guest/boot-tests", "");
	write_to("$here/guest/notes.txt", "");
	write_to("$bin/mke2fs", "#!/bin/sh\nfor a; do last=\$img; img=\$a; done\necho ext2 > \"\$last\"\n", 0755);
	my $g = "$out/guest";
	make_path($g);
	write_to("$g/gen_init_cpio", "#!/bin/sh\ncat \"\$1\"\n", 0755);
	utime time + 100, time + 100, "$g/gen_init_cpio";
	{
		my $img = eval {
			BootGuest->new(kbuild => bless({}, 'FakeKB'), src => $tree, dir => $g, here => $here,
				cross => $cross, kversion => '6.12.99')->build;
		};
		ok($img, 'BootGuest: built with quotes and spaces in the paths') or diag $@;
		my $list = slurp("$g/initramfs.list") // '';
		my @progs = $list =~ m{^file (/init|/bin/[ab]) }mg;
		is_deeply(\@progs, ['/bin/a', '/bin/b', '/init'], 'BootGuest: every guest/*.c and nothing else, in order');
		ok(-f "$g/bin/a" && -f "$g/bin/init", 'BootGuest: compiled with the cross compiler');
	}
	is(pwned(), '', 'BootGuest: nothing in the paths ran');

	# gen_init_cpio through the runner: bounded, its errors said.
	my $guest = sub { eval { BootGuest->new(kbuild => bless({}, 'FakeKB'), src => $tree, dir => $g, here => $here,
		cross => $cross, kversion => '6.12.99')->build } };
	write_to("$g/gen_init_cpio", "#!/bin/sh\necho 'no such file' >&2\nexit 1\n", 0755);
	utime time + 100, time + 100, "$g/gen_init_cpio";
	ok(!$guest->(), 'gen_init_cpio failing: an error');
	like($@, qr/^gen_init_cpio exited with status 1 on .*initramfs\.list: no such file$/m, '... saying how, with its stderr');
	write_to("$g/gen_init_cpio", "#!/bin/sh\nsleep 30\n", 0755);
	utime time + 100, time + 100, "$g/gen_init_cpio";
	local $BootGuest::CPIO_TIMEOUT = 1;
	my $t0 = time;
	ok(!$guest->(), 'gen_init_cpio hanging: an error');
	like($@, qr/^gen_init_cpio timed out after 1 s and was killed/, '... once its time is up');
	ok(time - $t0 < 10, '... soon');
};
done_testing;
