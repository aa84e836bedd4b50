# SPDX-License-Identifier: GPL-2.0
# make scan on part of a tree: M=DIR, FILES="...", SINCE=REV; with the
# tree's helpers inferred from the whole tree; bad input exits 2.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use JSON::PP ();

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $scan = "perl $root/cocci/bin/lifo-scan.pl";
my $tmp = tempdir(CLEANUP => 1);
sub files_of($o) { [sort map { (split /:/)[0] } grep { /^\S+:\d+:\d+: / } split /\n/, $o] }
my $n = 0;
sub scan($t, $opts) {
	my $out = "$tmp/o" . $n++;
	my ($st, $o) = run_cmd("$scan --tree '$t' --out '$out' --jobs 2 $opts 2>'$out.err'");
	return ($st, $o, slurp("$out.err"), $out);
}

# The fake tree (a git repository: the last commit breaks mm/copy.c), and
# a driver whose caller nests helpers defined in lib/ (not static).
my $t = fake_tree(git => 1);
write_to("$t/lib/helpers.c", "void *map_it(struct page *page)\n{\n\treturn kmap_local_page(page);\n}\n\n"
	. "void unmap_it(void *addr)\n{\n\tkunmap_local(addr);\n}\n\n"
	. "void helpers_bad(struct page *a, struct page *b)\n{\n\tchar *x = map_it(a), *y = map_it(b);\n\n\tunmap_it(x);\n\tunmap_it(y);\n}\n");
write_to("$t/drivers/foo/use.c", "void foo_copy(struct page *a, struct page *b)\n{\n\tchar *x, *y;\n\n"
	. "\tx = map_it(a);\n\ty = map_it(b);\n\tunmap_it(x);\n\tunmap_it(y);\n}\n");

# M=
my ($st, $o, $e, $out);
scenario 'M=DIR' => sub {
	($st, $o, $e) = scan($t, '--dir mm');
	is($st, 0, 'M=mm: exit 0');
	is_deeply(files_of($o), ['mm/copy.c'], '... reports mm/copy.c only, not arch/ nor lib/');
	like($e, qr/part of the tree \(M=mm\): 1 files reported on/, '... and says so');
	($st, $o, $e, $out) = scan($t, '--dir drivers/foo/ --wrappers');
	is($st, 0, 'M=drivers/foo/ with the wrappers: exit 0');
	like($o, qr{^drivers/foo/use\.c:7:\d+: foo_copy\(\): x \(map_it, line 5\) mapped before y}m,
		'... its caller of helpers defined outside M= is reported');
	is_deeply(files_of($o), ['drivers/foo/use.c'], '... and nothing outside M= (lib/helpers.c has a finding too)');
	like($e, qr/helpers inferred from the whole tree/, '... the helpers came from the whole tree');
	my $j = JSON::PP->new->decode(slurp("$out/partial/findings.json"));
	is($j->{selection}, 'M=drivers/foo', 'OUT/partial/findings.json says which part was scanned');
	is_deeply(JSON::PP->new->decode(slurp("$out/partial/scan.json"))->{selection}{files}, ['drivers/foo/use.c'], '... and scan.json its files');
	ok(!-e "$out/findings.json" && !-e "$out/scan.json", '... nothing in OUT itself');
	($st, $o) = run_cmd("$scan --tree '$t' --out '$tmp/abs' --jobs 1 --dir '$t/arch/arm' 2>/dev/null");
	is_deeply(files_of($o), ['arch/arm/mm/copy.c'], 'M= as an absolute path inside the tree');
	# Without the wrappers the helpers' caller is not checked (only M= is read).
	($st, $o) = scan($t, '--dir drivers/foo');
	is_deeply(files_of($o), [], 'M= without the wrappers: the seed lists only');
};

scenario 'M= naming no folder of the tree: exit 2' => sub {
	for (['nope', 'a folder that does not exist'], ['../..', 'a folder outside the tree'],
	     ['mm/copy.c', 'a file'], ['/', 'the root folder']) {
		my ($d, $what) = @$_;
		($st, $o, $e, $out) = scan($t, "--dir '$d'");
		is($st, 2, "M=$d ($what): exit 2");
		like($e, qr/M=\Q$d\E is not a folder of the tree/, '... with a clear message');
		ok(!-e "$out/findings.json" && !-e "$out/partial", '... and nothing scanned');
	}
};

# A FIFO named .c under M=: an error of the scan (exit 2), named from
# the tree's root, once; the other files are checked.
scenario 'a FIFO named .c under M=: an error, named once' => sub {
	my $f = fake_tree();
	system('mkfifo', "$f/mm/fifo.c") == 0 or die;
	for my $w ('', ' --wrappers') {
		($st, $o, $e) = scan($f, "--dir mm$w");
		is($st, 2, "M=mm$w with a FIFO named mm/fifo.c: exit 2");
		like($e, qr/files not read \(errors\): 1\n    mm\/fifo\.c: not a regular file/, '... named once, from the root');
		is_deeply(files_of($o), ['mm/copy.c'], '... the other files are checked');
	}
};

# A partial scan never writes over the whole tree's results: CI uploads
# OUT/findings.sarif, make fixes reads OUT/findings.json.
scenario 'a partial scan leaves the whole-tree results alone' => sub {
	my $w = "$tmp/whole";
	my ($st) = run_cmd("$scan --tree '$t' --out '$w' --jobs 2 2>/dev/null");
	is($st, 0, 'whole scan: exit 0');
	my %before = map { $_ => slurp("$w/$_") } qw(findings.json findings.sarif findings.txt scan.json);
	ok(scalar(@{JSON::PP->new->decode($before{'findings.json'})->{findings}}) > 0, '... with findings');
	for my $how ('--dir mm', '--file arch/arm/mm/copy.c', '--since HEAD', '--dir drivers/foo --wrappers') {
		($st, my $o, my $e) = (run_cmd("$scan --tree '$t' --out '$w' --jobs 2 $how 2>'$w.err'"), slurp("$w.err"));
		is($st, 0, "then $how into the same OUT: exit 0");
		is(slurp("$w/$_"), $before{$_}, "... $_ byte-identical") for sort keys %before;
		ok(-f "$w/partial/$_", "... its $_ in OUT/partial/") for qw(findings.json findings.sarif findings.txt scan.json);
		like($e, qr{written: \Q$w\E/partial/findings\.json}, '... and the summary says where');
		is(JSON::PP->new->decode(slurp("$w/partial/findings.json"))->{selection}, $how =~ s/--dir /M=/r =~ s/--file /FILES=/r =~ s/--since /SINCE=/r =~ s/ --wrappers//r,
			'... OUT/partial/findings.json names the selection');
	}
	# A partial scan with errors: OUT/partial/incomplete/, the rest stays.
	system('mkfifo', "$t/mm/fifo.c") == 0 or die;
	($st) = run_cmd("$scan --tree '$t' --out '$w' --jobs 2 --dir mm 2>/dev/null");
	unlink "$t/mm/fifo.c";
	is($st, 2, 'a partial scan with errors: exit 2');
	ok(-f "$w/partial/incomplete/scan.json", '... its results in OUT/partial/incomplete/');
	is(slurp("$w/$_"), $before{$_}, "... $_ untouched") for sort keys %before;
	ok(!-e "$w/incomplete", '... no OUT/incomplete');
};

# FILES=
scenario 'FILES=' => sub {
	($st, $o, $e) = scan($t, '--file mm/copy.c --file arch/loongarch/mm/init.c');
	is($st, 0, 'FILES: exit 0');
	is_deeply(files_of($o), ['arch/loongarch/mm/init.c', 'mm/copy.c'], '... those two files only');
	($st, $o, $e) = scan($t, '--file drivers/foo/use.c --wrappers');
	is_deeply(files_of($o), ['drivers/foo/use.c'], 'FILES with the wrappers: the caller of lib/ helpers');
	($st, $o, $e) = scan($t, '--file mm/nope.c');
	is($st, 2, 'FILES naming a missing file: exit 2');
	like($e, qr{FILES: mm/nope\.c is not a file of the tree}, '... with a clear message');
};

# SINCE= (the tree's last commit changed mm/copy.c; lib/ and drivers/
# are not committed: git diff names only tracked files)
scenario 'SINCE=' => sub {
	($st, $o, $e) = scan($t, '--since HEAD~1 --wrappers');
	is($st, 0, 'SINCE=HEAD~1: exit 0');
	is_deeply(files_of($o), ['mm/copy.c'], '... reports the changed file only');
	($st, $o, $e) = scan($t, '--since HEAD');
	is($st, 0, 'SINCE=HEAD (nothing changed): exit 0');
	is_deeply(files_of($o), [], '... no findings');
	like($e, qr/\(SINCE=HEAD\): 0 files reported on/, '... nothing to scan');
	system("cd '$t' && printf '\\n' >> arch/arm/mm/copy.c && git rm -q arch/riscv/mm/clean.c") == 0 or die;
	($st, $o, $e) = scan($t, '--since HEAD');
	is_deeply(files_of($o), ['arch/arm/mm/copy.c'], 'SINCE=HEAD: a change not committed counts, a deleted file is left out');
	($st, $o, $e) = scan($t, '--since no-such-rev');
	is($st, 2, 'SINCE=no-such-rev: exit 2');
	like($e, qr/SINCE=no-such-rev: git diff --name-only no-such-rev failed/, '... with a clear message');
	my $plain = fake_tree();
	($st, $o, $e) = scan($plain, '--since HEAD');
	is($st, 2, 'SINCE= on a tree that is not a git checkout: exit 2');
	like($e, qr/is not a git checkout/, '... with a clear message');
};

# make fixes does not take a part of the tree for the whole.
scenario 'make fixes after a partial scan scans again' => sub {
	($st, $o) = run_cmd("perl $root/cocci/bin/make-fixes.pl --no-build-check --fixer 'perl $root/cocci/t/data/fake-fixer.pl'"
		. " --jobs 2 --author 'T <t\@example.org>' --tree '$t' --out '$out' 2>&1");
	unlike($o, qr/using the findings of/, 'make fixes after a partial scan scans again');
};

# Through make, with spaces in the paths.
scenario 'through make, with spaces in the paths' => sub {
	my $sp = "$tmp/a b";
	mkdir $sp;
	system('cp', '-a', $t, "$sp/linux") == 0 or die;
	($st, $o) = run_cmd("make -s -C '$root' scan KSRC='$sp/linux' OUT='$sp/out' J=2 WRAPPERS=1 M=drivers/foo"
		. " FILES='mm/copy.c arch/arm/mm/copy.c' 2>'$sp.err'");
	is($st, 0, 'make scan M= FILES=: exit 0') or diag slurp("$sp.err");
	is_deeply(files_of($o), ['arch/arm/mm/copy.c', 'drivers/foo/use.c', 'mm/copy.c'], '... the union of both');
	($st, $o) = run_cmd("make -s -C '$root' scan KSRC='$sp/linux' OUT='$sp/out' J=2 WRAPPERS=0 SINCE=HEAD~1 2>/dev/null");
	is_deeply(files_of($o), ['arch/arm/mm/copy.c', 'mm/copy.c'], 'make scan SINCE=HEAD~1');
	($st, $o) = run_cmd("make -s -C '$root' scan KSRC='$sp/linux' OUT='$sp/out' M=no/such 2>&1");
	like($o, qr/M=no\/such is not a folder of the tree.*Error 2/s, 'make scan M=no/such: the driver exits 2');
};
done_testing;
