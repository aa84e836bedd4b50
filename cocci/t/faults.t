# SPDX-License-Identifier: GPL-2.0
# make scan under faults: spatch killed, crashing or hanging on one file
# (cocci/t/data/fault-spatch.sh), files it cannot read, a second scan
# into the same OUT, an interrupt, bad J, an OUT inside the tree, paths
# with spaces.  After each: the exit status, the message, the state of OUT.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use JSON::PP ();
use SarifCheck qw(check_sarif);
use Time::HiRes qw(time sleep);

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $scan = "perl $root/cocci/bin/lifo-scan.pl";
my $fake = "--spatch 'sh $FindBin::Bin/data/fault-spatch.sh'";
my $t = fake_tree();
my $tmp = tempdir(CLEANUP => 1);

sub json($file) { JSON::PP->new->decode(slurp($file) // '{}') }
# What a run left in OUT besides its results.
sub leftovers($out) {
	opendir my $d, $out or return ['cannot read OUT'];
	return [sort grep { !/^(?:\.|\.\.|findings\.\w+|scan\.json|cocci-tree|incomplete|\.lock)$/ } readdir $d];
}
sub scan_into($out, $opts, $env = '') {
	# (Bounded, should the scan hang.)
	my ($st, $o) = run_cmd("$env timeout 300 $scan --tree '$t' --out '$out' $fake $opts 2>'$out.err'");
	return ($st, $o, slurp("$out.err"));
}

# (A sleep this run alone starts: another run of the tests at the same
# time must not count.)
my ($hang1, $hang2) = map { sprintf '%d.%d', $_, $$ } 3600, 3601;
my ($st, $o, $e, $good, $inc);

# A complete scan first: the results that a failed scan must leave alone.
my $out = "$tmp/out";
scenario 'a complete scan first' => sub {
	($st, $o, $e) = scan_into($out, '--jobs 1');
	is($st, 0, 'clean scan: exit 0') or diag $e;
	$good = slurp("$out/findings.json");
	is(scalar @{json("$out/findings.json")->{findings}}, 3, '... three findings');
};

# Bad J: an error, nothing scanned, nothing written.
scenario 'bad J: an error, nothing written' => sub {
	for my $j ('-1', '0', 'abc', '') {
		($st, $o, $e) = scan_into("$tmp/j", "--jobs '$j'");
		is($st, 2, "--jobs '$j': exit 2");
		like($e, qr/must be a positive number of parallel jobs/, '... with a clear message');
		ok(!-e "$tmp/j/findings.json", '... and no results');
	}
};

# spatch killed (the OOM killer): exit 2, said so, old results kept.
scenario 'spatch killed: exit 2, said so, old results kept' => sub {
	($st, $o, $e) = scan_into($out, '--jobs 2', 'FAULT=kill');
	is($st, 2, 'spatch killed: exit 2');
	like($e, qr/spatch was killed by signal 9 \(SIGKILL\) on /, '... the summary says how it ended');
	unlike($e, qr/exited with status 0/, '... not "status 0"');
	is(slurp("$out/findings.json"), $good, '... the previous findings.json is left in place');
	$inc = json("$out/incomplete/scan.json");
	ok($inc && !$inc->{complete} && @{$inc->{errors} // []} == 3, "... this scan's results in OUT/incomplete, not complete, one error per file");
	my $sarif = json("$out/incomplete/findings.sarif");
	ok(!$sarif->{runs}[0]{invocations}[0]{executionSuccessful}, '... its SARIF says the run failed');
	is_deeply([check_sarif($sarif)], [], '... and is valid SARIF 2.1.0');
	like($sarif->{runs}[0]{invocations}[0]{toolExecutionNotifications}[0]{message}{text} // '', qr/killed by signal 9/, '... naming the failure');
	is_deeply(leftovers($out), [], '... no temporary files left');
};

# cocci/bin/lifo-rule.pl with spatch killed: exit 2, said so, and the
# rule that knows the tree's helpers (and its lists) left as it was, not
# replaced by one with the seed names only.
scenario 'lifo-rule.pl with spatch killed: the last rule is left' => sub {
	my $ht = fake_tree();
	write_to("$ht/lib/helpers.c", "void *map_it(struct page *page)\n{\n\treturn kmap_local_page(page);\n}\n");
	my $ro = "$tmp/rule";
	my @rule = ('timeout', 300, 'perl', "$root/cocci/bin/lifo-rule.pl", '--tree', $ht, '--out', $ro, '--jobs', 1, '--quiet');
	($st, $o) = run_cmd(@rule);
	is($st, 0, 'lifo-rule.pl: exit 0');
	my @files = qw(kmap_local_lifo.cocci maps.list releases.list wrappers.txt);
	my %before = map { $_ => slurp("$ro/$_") } @files;
	like($before{'wrappers.txt'} // '', qr/^map map_it /m, '... it knows the helper');
	{
		local $ENV{FAULT} = 'kill';
		($st, $o) = run_cmd("timeout 300 perl '$root/cocci/bin/lifo-rule.pl' --tree '$ht' --out '$ro' --jobs 1 --quiet $fake 2>'$ro.err'");
	}
	$e = slurp("$ro.err");
	is($st, 2, 'spatch killed: exit 2');
	like($e, qr/lifo-rule: spatch failed: .*killed by signal 9/, '... says how spatch ended');
	like($e, qr/the rule in \Q$ro\E, if any, is left as it was/, '... and that the last rule stays');
	is($o, '', '... prints no rule');
	is_deeply({ map { $_ => slurp("$ro/$_") } @files }, \%before, '... the rule and its lists are left as they were');
	opendir my $d, $ro or die;
	is_deeply([grep { /^\.lifo-rule/ } readdir $d], [], '... and no scratch is left');
};

# One file crashes spatch: the batch is retried file by file.
scenario 'one file crashes spatch: the batch retried file by file' => sub {
	for (['crash', qr/spatch exited with status 1 on mm\/copy\.c: EXN: Failure\("injected crash"\)/],
	     ['segv', qr/spatch was killed by signal 11 \(SIGSEGV\) on mm\/copy\.c/]) {
		my ($how, $msg) = @$_;
		($st, $o, $e) = scan_into($out, '--jobs 1', "FAULT=$how:mm/copy.c");
		is($st, 2, "$how on one file: exit 2");
		like($e, $msg, '... the file and how spatch ended are named');
		like($e, qr/spatch errors: 1\n/, '... one error');
		like($e, qr/retried file by file/, '... the batch was retried file by file');
		is(scalar(() = $o =~ /^arch\/\S+:\d+:\d+: /mg), 2, '... the findings of the other files are reported');
		is(slurp("$out/findings.json"), $good, '... the previous results are left in place');
		my $ij = json("$out/incomplete/findings.json");
		is(scalar @{$ij->{findings} // []}, 2, '... and the incomplete ones are in OUT/incomplete');
		ok(!$ij->{complete}, '... which say they are not complete');
	}
};

# spatch hangs on one file beyond its own timeout: the watchdog ends it.
scenario 'spatch hangs on one file: the watchdog ends it' => sub {
	my $t0 = time;
	($st, $o, $e) = scan_into($out, '--jobs 1 --stall 3', "FAULT=hang:mm/copy.c FAULT_SLEEP=$hang1");
	ok(time - $t0 < 60, 'spatch hanging: the scan ends (watchdog)');
	is($st, 2, '... exit 2');
	like($e, qr/spatch printed nothing for 3 s and was killed on mm\/copy\.c/, '... the hang is named');
	is(scalar(() = $o =~ /^arch\/\S+:\d+:\d+: /mg), 2, '... the other files are checked');
	ok(!(grep { (slurp($_) // '') =~ /\Q$hang1\E/ } glob '/proc/[0-9]*/cmdline'), '... and nothing it started is left running');
};

# A FIFO named *.c would block grep and spatch: an error, not a hang.
scenario 'a FIFO named .c: an error, not a hang' => sub {
	my $f = fake_tree();
	system('mkfifo', "$f/mm/fifo.c") == 0 or die;
	my $fo = "$tmp/fifo";
	($st, $o) = run_cmd("timeout 120 $scan --tree '$f' --out '$fo' --jobs 1 2>'$fo.err'");
	$e = slurp("$fo.err");
	is($st, 2, 'a FIFO named .c: exit 2, no hang');
	like($e, qr/files not read \(errors\): 1\n    mm\/fifo\.c: not a regular file/, '... counted and named in the summary');
	is(scalar(() = $o =~ /^\S+:\d+:\d+: /mg), 3, '... the other files are checked');
	$inc = json("$fo/incomplete/scan.json");
	is_deeply($inc->{unreadable} // [], ['mm/fifo.c: not a regular file (FIFO, device or socket), not read'], '... and in scan.json');
	like(slurp("$fo/incomplete/findings.sarif"), qr/mm\/fifo\.c: not a regular file/, '... and in the SARIF log');
};

# Files and folders that cannot be read (as a user other than root).
scenario 'files and folders that cannot be read' => sub {
	SKIP: {
		my $as = $> == 0 ? 'setpriv --reuid=65534 --regid=65534 --clear-groups' : '';
		skip 'setpriv missing', 3 if $as && system('setpriv --version >/dev/null 2>&1') != 0;
		skip 'the project cannot be read as another user', 3
			if $as && system("$as test -r '$root/cocci/lib/LifoScan.pm' 2>/dev/null") != 0;
		my $u = tempdir(CLEANUP => 1);
		chmod 0755, $u;
		my $ut = fake_tree();
		system('cp', '-a', $ut, "$u/linux") == 0 or die;
		write_to("$u/linux/mm/secret.c", "int x;\n");
		mkdir "$u/linux/mm/locked";
		write_to("$u/linux/mm/locked/a.c", "int y;\n");
		chmod 0, "$u/linux/mm/secret.c", "$u/linux/mm/locked";
		mkdir "$u/out";
		chmod 0777, "$u/out";
		($st, $o) = run_cmd("$as $scan --tree '$u/linux' --out '$u/out/o' --jobs 1 2>&1");
		chmod 0755, "$u/linux/mm/locked";
		is($st, 2, 'unreadable file and folder: exit 2') or diag $o;
		like($o, qr/cannot read mm\/secret\.c: permission denied/, '... the file is named');
		like($o, qr/cannot read the folder mm\/locked: permission denied/, '... the folder is named');
	}
};

# OUT inside the tree: refused before anything is written there.
scenario 'OUT inside the tree: refused' => sub {
	($st, $o) = run_cmd("$scan --tree '$t' --out '$t/scan-out' --jobs 1 2>&1");
	is($st, 2, 'OUT inside KSRC: exit 2');
	like($o, qr/is inside the kernel tree/, '... with a message');
	ok(!-e "$t/scan-out", '... and nothing made in the tree');
};

# A second scan into the same OUT while one runs: refused; the first,
# interrupted, leaves the results of the last complete scan, and its
# rule with the wrappers, as they were, and no temporary file.
scenario 'a second scan into a busy OUT; the first interrupted' => sub {
	my $lo = "$tmp/lock";
	($st, $o, $e) = scan_into($lo, '--jobs 1 --wrappers');
	is($st, 0, '--wrappers scan: exit 0') or diag $e;
	my ($lgood, $lrule) = (slurp("$lo/findings.json"), slurp("$lo/cocci-tree/kmap_local_lifo.cocci"));
	my $pid = fork // die;
	if (!$pid) {
		@ENV{qw(FAULT FAULT_SLEEP)} = ('hang:mm/copy.c', $hang2);
		open STDOUT, '>', '/dev/null';
		open STDERR, '>', "$lo.first";
		exec 'perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $t, '--out', $lo, '--jobs', 1, '--wrappers',
			'--spatch', "sh $FindBin::Bin/data/fault-spatch.sh";
	}
	my $waited = 0;
	sleep 0.2, $waited += 0.2 until (slurp("$lo.first") // '') =~ /pass 1:/ || $waited > 60;
	($st, $o, $e) = scan_into($lo, '--jobs 1');
	is($st, 2, 'second scan into a busy OUT: exit 2');
	like($e, qr/\Q$lo\E is in use by another make scan\/fixes \(pid $pid/, '... says who holds it');
	sleep 1;
	kill 'INT', $pid;
	waitpid $pid, 0;
	ok($? & 127 || $? >> 8, 'interrupted scan: it ends, not with success');
	like(slurp("$lo.first"), qr/interrupted \(SIGINT\): temporary files removed/, '... and says so');
	is(slurp("$lo/findings.json"), $lgood, '... the last complete findings.json is left');
	is(slurp("$lo/cocci-tree/kmap_local_lifo.cocci"), $lrule, '... with the rule that knows the wrappers');
	is_deeply(leftovers($lo), [], '... and no temporary files');
	ok(!(grep { (slurp($_) // '') =~ /\Q$hang2\E/ } glob '/proc/[0-9]*/cmdline'), '... nothing it started is left running');
};

# Paths with spaces, through the Makefile; and J checked there too.
scenario 'paths with spaces through the Makefile; J checked there' => sub {
	my $sp = "$tmp/a b";
	mkdir $sp;
	system('cp', '-a', $t, "$sp/linux") == 0 or die;
	($st, $o) = run_cmd("make -s -C '$root' scan KSRC='$sp/linux' OUT='$sp/out dir' J=2 WRAPPERS=0 2>'$sp.err'");
	is($st, 0, 'KSRC and OUT with spaces: exit 0') or diag slurp("$sp.err");
	is(scalar(() = $o =~ /^\S+:\d+:\d+: /mg), 3, '... three findings');
	is_deeply(leftovers("$sp/out dir"), [], '... no temporary files');
	($st, $o) = run_cmd("make -s -C '$root' scan KSRC='$sp/linux' OUT='$sp/out dir' J=abc 2>&1");
	is($st, 2, 'make scan J=abc: exit 2');
	like($o, qr/must be a positive number of parallel jobs, not 'abc'/, '... with a message');
};

# An OUT whose words name other folders ("s y", "~"): the scan with its
# passes removes only its own scratch, never what a word before a space
# names (Perl's glob splits there).
scenario 'OUT words that name other folders: they stay' => sub {
	for my $name ('s y', 's ~ y') {
		my $base = tempdir(CLEANUP => 1);
		write_to("$_/sentinel", "keep\n") for "$base/s", "$base/home";
		# ("~" would name the home folder: a scratch one here.)
		local $ENV{HOME} = "$base/home";
		my $wo = "$base/$name";
		($st, $o) = run_cmd('timeout', 300, 'perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $t, '--out', $wo,
			'--jobs', 1, '--wrappers', '--quiet');
		is($st, 0, "OUT='\$base/$name' with the passes: exit 0");
		ok(-f "$base/s/sentinel" && -f "$base/home/sentinel", '... the folders its words name are untouched');
		is_deeply(leftovers($wo), [], '... and no temporary files');
	}
};
# A tree inside OUT: refused before anything is written.
scenario 'KSRC inside OUT: refused before anything is written' => sub {
	my $base = tempdir(CLEANUP => 1);
	system('cp', '-a', $t, "$base/linux") == 0 or die;
	($st, $o) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$base/linux' --out '$base' --jobs 1 2>&1");
	is($st, 2, 'KSRC inside OUT: exit 2');
	like($o, qr/is inside OUT=/, '... and says so');
	ok(-f "$base/linux/mm/copy.c" && !-e "$base/findings.json", '... the tree untouched, nothing written');
};

# A file spatch timed out on was not checked: a FAIL_ON gate fails.
scenario 'a file spatch timed out on fails a FAIL_ON gate' => sub {
	my $to = "$tmp/timeout";
	($st, $o, $e) = scan_into($to, '--jobs 1', 'FAULT=timeout:mm/copy.c');
	is($st, 0, 'a timeout without FAIL_ON: exit 0 (the summary counts it)') or diag $e;
	like($e, qr/timeouts \(60s per file\): 1: mm\/copy\.c/, '... named in the summary');
	($st, $o, $e) = scan_into($to, '--jobs 1 --fail-on fix', 'FAULT=timeout:mm/copy.c');
	is($st, 1, 'a timeout with FAIL_ON=fix: exit 1');
	like($e, qr/1 file not checked \(spatch timed out\): mm\/copy\.c: exit 1/, '... and says which file');
};

# Interrupted during the grep of the tree: nothing left in TMPDIR.
scenario 'interrupted during the grep of the tree: nothing left in TMPDIR' => sub {
	my $bin = tempdir(CLEANUP => 1);
	my $td = tempdir(CLEANUP => 1);
	# An xargs that takes its time, so the signal comes during the grep.
	write_to("$bin/xargs", "#!/bin/sh\nsleep 30\n");
	chmod 0755, "$bin/xargs";
	my $io = "$tmp/intr";
	my $pid = fork // die;
	if (!$pid) {
		$ENV{PATH} = "$bin:$ENV{PATH}";
		$ENV{TMPDIR} = $td;
		open STDERR, '>', "$io.err";
		open STDOUT, '>', '/dev/null';
		exec 'perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $t, '--out', $io, '--jobs', 1;
	}
	my $w = 0;
	sleep 0.2, $w += 0.2 until ((slurp("$io.err") // '') =~ /listing/ && do { opendir my $d, $td; grep { !/^\./ } readdir $d }) || $w > 20;
	kill 'INT', $pid;
	waitpid $pid, 0;
	ok($? & 127 || $? >> 8, 'interrupted during the grep: it ends, not with success');
	opendir my $d, $td or die;
	is_deeply([grep { !/^\.\.?$/ } readdir $d], [], '... and leaves nothing in TMPDIR');
};

# OUT holds folders of the tool's names that the tool did not make: the
# scan stops before it writes, and they stay.
scenario 'OUT folders the tool did not make: it stops, they stay' => sub {
	for my $name (qw(incomplete cocci-tree)) {
		my $uo = "$tmp/user-$name";
		write_to("$uo/$name/mine.txt", "the user's\n");
		($st, $o) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$t' --out '$uo' --jobs 1 --wrappers 2>&1");
		is($st, 2, "OUT/$name not made by the tool: exit 2");
		like($o, qr{\Q$uo/$name\E was not made by this tool}, '... says which folder');
		is(slurp("$uo/$name/mine.txt"), "the user's\n", '... and leaves it');
	}
};
# A folder the tool made (before stamps or after) is replaced as before.
scenario 'a folder the tool made is replaced as before' => sub {
	my $uo = "$tmp/own";
	($st) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$t' --out '$uo' --jobs 1 --wrappers >/dev/null 2>&1");
	unlink "$uo/cocci-tree/.kmap-lifo-made";
	($st, $o) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$t' --out '$uo' --jobs 1 --wrappers 2>&1");
	is($st, 0, 'a cocci-tree/ an earlier version made: replaced, exit 0') or diag $o;
	ok(-e "$uo/cocci-tree/.kmap-lifo-made", '... and stamped now');
};

done_testing;
