# SPDX-License-Identifier: GPL-2.0
# The Makefile hands every user variable to its drivers as one word that
# the shell never runs: backticks, $(...), quotes, ';' and spaces in OUT,
# KSRC, BUILD, PATCH, REPO, M, FILES, SINCE, CACHE, FINDING, KVER, J,
# FAIL_ON, TREES and REVS reach the driver as they were given.  The real Makefile runs in
# a scratch folder whose scripts/ and drivers only record their arguments.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use File::Path qw(make_path);

my $root = root();
my $d = tempdir(CLEANUP => 1);
my $proj = "$d/proj";
my $args = "$d/args";
mkdir $args;

# Fake drivers: each writes its arguments, NUL-terminated, to args/NAME.
my $rec_pl = "#!/usr/bin/perl\nmy \$n = \$0 =~ s{.*/}{}r;\nopen my \$fh, '>', \"$args/\$n\" or die;\nprint \$fh map { \"\$_\\0\" } \@ARGV;\n";
my $rec_sh = "n=\${0##*/}\n: > '$args/'\"\$n\"\nfor a; do printf '%s\\0' \"\$a\" >> '$args/'\"\$n\"; done\n";
write_to("$proj/scripts/deps.sh", $rec_sh);
write_to("$proj/scripts/git-tree-hint.sh", $rec_sh);
write_to("$proj/scripts/ktree.sh", $rec_sh . "printf '%s\\n' '$d/the tree'\n");
write_to("$proj/cocci/bin/$_", $rec_pl) for qw(lifo-scan.pl make-fixes.pl check-patch.pl bench-rescan.pl scan-trees.pl bench-revs.pl);
write_to("$proj/cocci/bin/bench.sh", $rec_sh);
write_to("$proj/checkpatch-ext/install-hooks.pl", $rec_pl);

sub args_of($name) {
	my $t = slurp("$args/$name") // return undef;
	my @a = split /\0/, $t, -1;
	pop @a;		# each argument ends in a NUL
	return \@a;
}
# MAKEFILE_UNDER_TEST=FILE tries another Makefile (the test's own check).
my $makefile = $ENV{MAKEFILE_UNDER_TEST} || "$root/Makefile";
sub make(@vars) {
	opendir my $dh, $args or die;
	unlink map { "$args/$_" } grep { !/^\.\.?$/ } readdir $dh;
	my $pid = fork // die;
	if (!$pid) {
		chdir $proj or die;
		# Not what an outer make (make check) exports to its recipes.
		delete @ENV{qw(KVER BUILD J CASES FLAVOURS FULL BOOT_TIMEOUT MACHINE KSRC OUT CACHE WRAPPERS
			MAKEFLAGS MAKELEVEL MFLAGS)};
		open STDOUT, '>', "$d/make.out";
		open STDERR, '>&', \*STDOUT;
		exec 'make', '-s', '-f', $makefile, @vars or exit 127;
	}
	waitpid $pid, 0;
	return $? >> 8;
}
sub pwned { my @p = grep { -e } map { ("$proj/$_", "$d/$_", "/tmp/$_") } qw(PWNED PWNED1 PWNED2 PWNED3); return "@p" }

# What a hostile or unlucky value looks like on make's command line ($$ is
# make's $), and what the driver must receive.
my $evil = "`touch PWNED1` \$\$(touch PWNED2) ;touch PWNED3; 'q' \"dq\" \\ \$\$HOME";
my $want = "`touch PWNED1` \$(touch PWNED2) ;touch PWNED3; 'q' \"dq\" \\ \$HOME";

# The plain case: $(...) and backticks in OUT.
is(make('scan', "OUT=$d/o \$\$(touch PWNED) `touch PWNED1`", 'WRAPPERS=0', 'CACHE='), 0, 'make scan OUT=$(touch PWNED)');
is(pwned(), '', 'make scan OUT=$(touch PWNED) `touch PWNED1`: no PWNED file');
is_deeply((args_of('lifo-scan.pl') // [])->[3], "$d/o \$(touch PWNED) `touch PWNED1`", 'make scan: the driver gets OUT as given');

is(make('scan', "KSRC=$d/src $evil", "OUT=$d/out $evil", "J=2$evil", "KVER=6.12$evil", "FAIL_ON=fix$evil",
	"CACHE=$d/cache $evil", "M=drivers/$evil", "FILES=a\$\$(touch${evil}).c b.c", "SINCE=HEAD~1$evil"), 0,
	'make scan with hostile values: the driver runs') or diag `cat '$d/make.out'`;
is(pwned(), '', 'make scan: nothing in the values ran');
is_deeply(args_of('ktree.sh'), ["6.12$want", "$d/src $want"], 'make scan: ktree.sh gets KVER and KSRC as given');
is_deeply(args_of('lifo-scan.pl'), ['--tree', "$d/the tree", '--out', "$d/out $want", '--jobs', "2$want",
	'--kver', "6.12$want", '--wrappers', '--fail-on', "fix$want", '--cache', "$d/cache $want", '--dir', "drivers/$want",
	'--file', 'a$(touch`touch', '--file', 'PWNED1`', '--file', '$(touch', '--file', 'PWNED2)', '--file', ';touch',
	'--file', 'PWNED3;', '--file', "'q'", '--file', '"dq"', '--file', '\\', '--file', '$HOME).c', '--file', 'b.c',
	'--since', "HEAD~1$want"],
	'make scan: each value one argument, as given (FILES split on spaces only)');
is_deeply(args_of('deps.sh'), [], 'make scan KSRC=: deps.sh gets no version');

is(make('fixes', "OUT=$d/out $evil", "FINDING=mm/x \$\$(touch PWNED2).c:12", 'SIGNOFF=1', 'WRAPPERS=0'), 0, 'make fixes');
is(pwned(), '', 'make fixes: nothing ran');
is_deeply(args_of('make-fixes.pl'), ['--tree', "$d/the tree", '--out', "$d/out $want", '--jobs', '2',
	'--kver', '6.12', '--finding', 'mm/x $(touch PWNED2).c:12', '--signoff'], 'make fixes: OUT and FINDING as given')
	or diag explain args_of('make-fixes.pl');
is_deeply(args_of('deps.sh'), ['6.12'], 'make fixes: deps.sh gets the packaged version');
scenario 'make fixes BUILD_CHECK=' => sub {
	is(make('fixes', "BUILD_CHECK=0$evil"), 0, 'make fixes BUILD_CHECK=...');
	is(pwned(), '', '... nothing ran');
	my $a = args_of('make-fixes.pl') // [];
	is_deeply([@$a[-2, -1]], ['--build-check', "0$want"], '... the driver gets --build-check as given');
	is(make('fixes'), 0, 'make fixes without BUILD_CHECK');
	ok(!(grep { /build-check/ } @{args_of('make-fixes.pl') // []}), '... no --build-check: the driver\'s auto');
};

is(make('check-patch', "PATCH=$d/my patch $evil"), 0, 'make check-patch');
is(pwned(), '', 'make check-patch: nothing ran');
is_deeply([@{args_of('check-patch.pl') // []}[0 .. 6]], ['--tree', "$d/the tree", '--patch', "$d/my patch $want", '--kver', '6.12', '--wrappers'],
	'make check-patch: PATCH as given, with the tree\'s helpers');

is(make('install-hooks', "REPO=$d/a repo $evil", 'BACKUP=1'), 0, 'make install-hooks');
is(pwned(), '', 'make install-hooks: nothing ran');
is_deeply(args_of('install-hooks.pl'), ['--repo', "$d/a repo $want", '--backup'], 'make install-hooks: REPO as given');
make('install-hooks', "REPO=$d/r", 'LINK=1');
is_deeply(args_of('install-hooks.pl'), ['--repo', "$d/r", '--link'], 'make install-hooks LINK=1: --link');

is(make('tree', "KVER=6.1$evil"), 0, 'make tree');
is(pwned(), '', 'make tree: nothing ran');
is_deeply(args_of('deps.sh'), ["6.1$want"], 'make tree: KVER as given to deps.sh');
is_deeply(args_of('git-tree-hint.sh'), ["$d/the tree", "6.1$want"], 'make tree: the tree and KVER as given to git-tree-hint.sh');
scenario 'make tree: a path with backslashes printed as it is' => sub {
	# (dash's echo would stop at "\c" and turn "\n" into a line break.)
	my $k = "$proj/scripts/ktree.sh";
	my $orig = slurp($k);
	write_to($k, $rec_sh . "printf '%s\\n' '$d/the\\n\\c tree'\n");
	is(make('tree'), 0, 'make tree');
	is(`cat '$d/make.out'`, "$d/the\\n\\c tree\n", '... prints the path as it is');
	write_to($k, $orig);
};

is(make('bench-rescan', "J=3$evil"), 0, 'make bench-rescan');
is_deeply(args_of('bench-rescan.pl'), ["$d/the tree", "3$want"], 'make bench-rescan: J as given');
is(make('scan-trees', "OUT=$d/out $evil", "REVS=v1..v2$evil", "TREES=$d/t1 $d/t\$\$(touch PWNED2)", "CACHE=$d/cache $evil", 'J=2'), 0,
	'make scan-trees with hostile values') or diag `cat '$d/make.out'`;
is(pwned(), '', 'make scan-trees: nothing ran');
is_deeply(args_of('scan-trees.pl'), ['--out', "$d/out $want", '--jobs', '2', '--wrappers', '--cache', "$d/cache $want",
	'--revs', "v1..v2$want", '--', "$d/t1", "$d/t\$(touch", 'PWNED2)'], 'make scan-trees: each value one argument (TREES split on spaces only)')
	or diag explain args_of('scan-trees.pl');
is(make('scan-trees', "KSRC=$d/k", 'WRAPPERS=0', 'CACHE=', 'J=1'), 0, 'make scan-trees KSRC=');
is_deeply(args_of('scan-trees.pl'), ['--out', "$d/proj/build/scan-trees", '--jobs', '1', '--', "$d/k"],
	'make scan-trees: KSRC when TREES is empty; its own OUT by default') or diag explain args_of('scan-trees.pl');
is(make('bench-revs', "J=3$evil"), 0, 'make bench-revs');
is_deeply(args_of('bench-revs.pl'), ["$d/the tree", "3$want"], 'make bench-revs: J as given');
is(make('help', "KVER=6.12$evil", "J=1$evil", "WRAPPERS=0$evil"), 0, 'make help');
is(pwned(), '', 'make help: nothing ran');
like(`cat '$d/make.out'`, qr/^  KVER=6\.12\Q$want\E /m, 'make help: prints KVER as given');

# make clean removes what is inside BUILD, and nothing that a word of
# BUILD names.
my $build = "$d/b \$(touch PWNED2) `touch PWNED1`";
make_path("$build/scan-6.12", "$build/cache", "$d/b", "$proj/b");
is(make('clean', "BUILD=$d/b \$\$(touch PWNED2) `touch PWNED1`"), 0, 'make clean');
is(pwned(), '', 'make clean: nothing ran');
ok(!-e "$build/scan-6.12" && !-e "$build/cache", 'make clean: BUILD emptied of its results');
ok(-d "$d/b" && -d "$proj/b", 'make clean: the folders named by words of BUILD are left alone');

# An empty BUILD= (or one of blanks, from the command line or the
# environment) is the default build folder: never "" + /scan-*, ... (make
# clean would remove /cache; the rule tests /cocci-tests).
scenario 'an empty BUILD= is the default build folder' => sub {
	for my $b ('BUILD=', 'BUILD= ') {
		is(make('-n', 'clean', $b), 0, "make -n clean $b");
		is(`cat '$d/make.out'`, "rm -rf '$proj/build'/scan-* '$proj/build/test-kernels' '$proj/build/cocci-tests' '$proj/build/cache'\n",
			'... removes what is inside the default BUILD');
	}
	{
		local $ENV{BUILD} = '';
		# (make() drops BUILD from the environment; here it stays.)
		is(`cd '$proj' && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -n -s -f '$makefile' clean 2>&1`, "rm -rf '$proj/build'/scan-* '$proj/build/test-kernels' '$proj/build/cocci-tests' '$proj/build/cache'\n",
			'an empty BUILD in the environment: the same');
	}
	# The rule tests (cocci/tests/run.pl, the real one, with nothing to
	# test here: it stops once it has made its folder), through make and
	# alone.
	make_path("$proj/cocci/tests", "$proj/cocci/lib");
	symlink "$root/cocci/tests/$_", "$proj/cocci/tests/$_" or die for qw(run.sh run.pl);
	symlink "$root/cocci/lib/$_", "$proj/cocci/lib/$_" or die for map { s{.*/}{}r } glob "$root/cocci/lib/*";
	symlink "$root/scripts/lib", "$proj/scripts/lib" or die;
	make('check-cocci', 'BUILD=');
	ok(-d "$proj/build/cocci-tests", 'make check-cocci BUILD=: the rule tests work in the default BUILD');
	rmdir "$proj/build/cocci-tests";
	system("cd '$proj' && BUILD= perl cocci/tests/run.pl >/dev/null 2>&1");
	ok(-d "$proj/build/cocci-tests", 'cocci/tests/run.pl with an empty BUILD: the same');
};

scenario 'BASELINE= and REVIEWED=' => sub {
	is(make('scan', "BASELINE=$d/base $evil", "REVIEWED=$d/rev $evil", 'WRAPPERS=0', 'CACHE='), 0, 'make scan BASELINE= REVIEWED=');
	is(pwned(), '', '... nothing ran');
	my $a = args_of('lifo-scan.pl') // [];
	is_deeply([@$a[-4 .. -1]], ['--baseline', "$d/base $want", '--reviewed', "$d/rev $want"], '... each one argument, as given');
	is(make('check-patch', "RANGE=v1..v2$evil", "BASELINE=$d/base $evil", "REVIEWED=$d/rev $evil"), 0, 'make check-patch RANGE= BASELINE= REVIEWED=');
	is(pwned(), '', '... nothing ran');
	$a = args_of('check-patch.pl') // [];
	is_deeply([@$a[0 .. 3]], ['--tree', "$d/the tree", '--range', "v1..v2$want"], '... RANGE as given, no --patch');
	is_deeply([@$a[-4 .. -1]], ['--baseline', "$d/base $want", '--reviewed', "$d/rev $want"], '... BASELINE and REVIEWED as given');
	is(make('fixes', "REVIEWED=$d/rev $evil", "CHECKPATCH_OPTS=--strict $evil"), 0, 'make fixes REVIEWED= CHECKPATCH_OPTS=');
	is_deeply([@{args_of('make-fixes.pl') // []}[-4 .. -1]], ['--reviewed', "$d/rev $want", '--checkpatch-opts', "--strict $want"], '... as given');
	is(make('check-patch', 'PATCH=x', "CHECKPATCH_OPTS=--strict $evil"), 0, 'make check-patch CHECKPATCH_OPTS=');
	is_deeply([@{args_of('check-patch.pl') // []}[-2, -1]], ['--checkpatch-opts', "--strict $want"], '... the same options as make fixes');
	isnt(make('check-patch'), 0, 'make check-patch with neither PATCH= nor RANGE=: fails');
	like(`cat '$d/make.out'`, qr/PATCH=FILE \(or RANGE=BASE\.\.HEAD\)/, '... saying what to give');
};

# Without the hostile part: a path with a space is still one argument.
is(make('scan', "KSRC=$d/my linux", "OUT=$d/my out", 'WRAPPERS=0', 'CACHE='), 0, 'make scan with spaces');
is_deeply(args_of('lifo-scan.pl'), ['--tree', "$d/the tree", '--out', "$d/my out", '--jobs', `nproc` =~ s/\n//r,
	'--kver', '6.12'], 'make scan: a path with spaces is one argument');
is_deeply(args_of('ktree.sh'), ['6.12', "$d/my linux"], 'make scan: KSRC with a space is one argument');

done_testing;
