# SPDX-License-Identifier: GPL-2.0
# make scan-trees (cocci/bin/scan-trees.pl): revisions of a small git
# history made here (a bug introduced at one tag, moved by an unrelated
# edit, removed by a commit before a later tag), a matrix of two fake
# trees, and the errors.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use JSON::PP ();
use Time::HiRes qw(time);

plan skip_all => 'spatch not installed' unless have_spatch();
plan skip_all => 'git not installed' unless system('git --version >/dev/null 2>&1') == 0;
my $root = root();
my $tmp = tempdir(CLEANUP => 1);
my $drv = "$root/cocci/bin/scan-trees.pl";
# (exit status, stdout, stderr, trees.json or {})
my $n = 0;
sub scan_trees(@args) {
	my $err = "$tmp/err" . $n++;
	my $pid = open my $fh, '-|' // die;
	if (!$pid) {
		open STDERR, '>', $err;
		exec($^X, $drv, '--jobs', 2, '--wrappers', @args) or exit 127;
	}
	my $o = do { local $/; <$fh> } // '';
	close $fh;
	my $st = $? >> 8;
	my ($out) = map { $args[$_ + 1] } grep { $args[$_] eq '--out' } 0 .. $#args;
	my $j = slurp("$out/trees.json");
	return ($st, $o, slurp($err) // '', $j ? JSON::PP->new->decode($j) : {});
}
sub by_fn($j, $fn) { (grep { $_->{function} eq $fn } @{$j->{findings} // []})[0] }

my $OK = "\tkunmap_local(d);\n\tkunmap_local(s);\n}\n\nstatic void copy_ok";
my $BAD = "\tkunmap_local(s);\n\tkunmap_local(d);\n}\n\nstatic void copy_ok";

scenario 'revisions: introduced at one tag, removed by a commit before a later one' => sub {
	my $t = fake_tree();
	my $g = sub ($msg, @tag) {
		my $git = "cd '$t' && git -c user.name=Dev -c user.email=dev\@example.org";
		system("$git add -A && $git commit -q -m '$msg'" . (@tag ? " && git tag @tag" : '')) == 0 or die "git: $msg";
		my $c = `cd '$t' && git rev-parse HEAD`;
		chomp $c;
		return $c;
	};
	system("cd '$t' && git init -q") == 0 or die;
	edit("$t/mm/copy.c", $BAD, $OK);
	$g->('Initial import', 'v1');
	edit("$t/mm/copy.c", $OK, $BAD);
	$g->('mm/copy: unmap the source early', 'v2');
	# Unrelated: a function above it moves its lines down by 8.
	edit("$t/mm/copy.c", "static void copy_two", "static int unrelated(int a)\n{\n\tint b = a;\n\n\tb += 2;\n\treturn b;\n}\n\nstatic void copy_two");
	write_to("$t/drivers/foo/bar.c", "int bar(void)\n{\n\treturn 1;\n}\n");
	$g->('mm/copy: add unrelated()', 'v3');
	edit("$t/mm/copy.c", $BAD, $OK);
	my $fix = $g->('mm/copy: release d before s');
	write_to("$t/drivers/foo/bar.c", "int bar(void)\n{\n\treturn 2;\n}\n");
	$g->('drivers/foo: return 2', '-a', 'v4', '-m', 'v4');
	# What the checkout holds is never read: a bug not committed.
	edit("$t/arch/riscv/mm/clean.c", "\treturn 0;", "\tvoid *a = kmap_local_page(p), *b = kmap_local_page(q);\n\n\tkunmap_local(a);\n\tkunmap_local(b);\n\treturn 0;");
	my $status = `cd '$t' && git status --porcelain && git rev-parse HEAD`;

	my ($st, $o, $e, $j) = scan_trees('--out', "$tmp/revs", '--cache', "$tmp/cache", '--revs', 'v1..v4', $t);
	is($st, 0, 'exit 0') or diag $e;
	is_deeply([map { $_->{label} } @{$j->{columns}}], [qw(v1 v2 v3 v4)], 'REVS=v1..v4: v1, the tags between, v4, in order');
	my $f = by_fn($j, 'copy_two');
	ok($f, 'the bug of mm/copy.c is found') or return;
	is_deeply($f->{present_in}, [qw(v2 v3)], '... at exactly v2 and v3');
	is($f->{first_seen}, 'v2', '... introduced in v2');
	is($f->{absent_before}, 'v1', '... not in v1');
	is($f->{gone_in}, 'v4', '... gone in v4');
	is($f->{removed_by} && $f->{removed_by}{commit}, $fix, '... removed by the fixing commit');
	is($f->{removed_by} && $f->{removed_by}{subject}, 'mm/copy: release d before s', '... named with its subject');
	like($f->{removed_by_search} // '', qr/^git log -L :copy_two:mm\/copy\.c /, '... found by git log -L');
	is($f->{lines}{v3} - $f->{lines}{v2}, 8, 'the same finding on lines moved by 8: one fingerprint');
	is(scalar(grep { $_->{file} eq 'mm/copy.c' } @{$j->{findings}}), 1, '... one row');
	like($o, qr/^\Q$f->{fingerprint}\E\s+-\s+\d+\s+\d+\s+-\s+mm\/copy\.c: copy_two\(\)/m, 'the text matrix: - at v1 and v4, lines at v2 and v3');
	like($o, qr/introduced in v2 \(not in v1\); gone in v4 \(last in v3\): removed by \Q${\ substr $fix, 0, 12}\E \("mm\/copy: release d before s"\)/,
		'the text names the removing commit');
	my $lo = by_fn($j, 'copy_user_highpage');
	is_deeply($lo && $lo->{present_in}, [qw(v1 v2 v3 v4)], 'a finding in every revision');
	like($o, qr/copy_user_highpage\(\):\n    in v1, the first revision scanned; still in v4, the last/, '... said so');
	ok(!by_fn($j, 'riscv_nothing'), "the checkout's uncommitted change is not scanned");
	is(`cd '$t' && git status --porcelain && git rev-parse HEAD`, $status, 'the checkout is left as it was');
	ok(!-e "$tmp/revs/.scan-trees.src", 'the scratch folder is removed');
	like($e, qr/\[2\/4\] v2: \w+ from git \(git archive of the files changed since the previous revision, 1 file\)/,
		'a later revision: only the files that changed are written again');
	ok(-f "$tmp/revs/scans/v3/findings.json" && -f "$tmp/revs/trees.txt", 'each scan in OUT/scans/REV, the report in trees.txt');

	# A list of revisions, the last one again: nothing reruns spatch.
	($st, $o, $e, $j) = scan_trees('--out', "$tmp/revs2", '--cache', "$tmp/cache", '--revs', 'v4 v2', $t);
	is($st, 0, 'REVS="v4 v2": exit 0') or diag $e;
	is_deeply([map { $_->{label} } @{$j->{columns}}], [qw(v4 v2)], '... in the order given');
	like(slurp("$tmp/revs2/scans/v4.log") // '', qr/cache \(.*\): \d+ spatch results reused, 0 files given to spatch/,
		'... the shared cache: the same files are not given to spatch again');
	my $g2 = by_fn($j, 'copy_two');
	is($g2 && $g2->{first_seen}, 'v2', 'a finding absent from the first revision given: first seen in v2');
};

scenario 'trees: a matrix of two trees, the findings they share and those of one' => sub {
	my $a = fake_tree();
	my $b = fake_tree();
	# b: LoongArch fixed, mm/copy.c moved down, a bug of its own.
	edit("$b/arch/loongarch/mm/init.c", "\tkunmap_local(vfrom);\n\tkunmap_local(vto);", "\tkunmap_local(vto);\n\tkunmap_local(vfrom);");
	edit("$b/mm/copy.c", "#include <linux/highmem.h>\n", "#include <linux/highmem.h>\n#include <linux/string.h>\n\n/* Moved. */\n");
	write_to("$b/lib/only_b.c", "void only_b(struct page *p, struct page *q)\n{\n\tvoid *x = kmap_local_page(p);\n\tvoid *y = kmap_local_page(q);\n\n\tkunmap_local(x);\n\tkunmap_local(y);\n}\n");
	my ($st, $o, $e, $j) = scan_trees('--out', "$tmp/trees", '--cache', "$tmp/cache", $a, $b);
	is($st, 0, 'exit 0') or diag $e;
	is_deeply([map { $_->{label} } @{$j->{columns}}], ['linux', 'linux-2'], 'one column per tree, labels unique');
	my %fp = map { $_->{function} => $_->{fingerprint} } @{$j->{findings}};
	is_deeply([sort map { $_->{function} } map { my $x = $_; grep { $_->{fingerprint} eq $x } @{$j->{findings}} } @{$j->{shared}}],
		[qw(arm_copy_two copy_two)], 'shared by both: arm_copy_two() and copy_two() (on other lines in b)');
	is_deeply($j->{only}{linux}, [$fp{copy_user_highpage}], 'only in a: copy_user_highpage()');
	is_deeply($j->{only}{'linux-2'}, [$fp{only_b}], 'only in b: only_b()');
	my $c = by_fn($j, 'copy_two');
	is($c->{lines}{'linux-2'} - $c->{lines}{linux}, 3, "copy_two()'s lines differ, its fingerprint does not");
	like($o, qr/^In all 2 trees: 2 findings\.$/m, 'the text: shared');
	like($o, qr/^Only in \[1\] linux: 1 finding: arch\/loongarch\/mm\/init\.c copy_user_highpage\(\)$/m, '... only in the first');
	like($o, qr/^Only in \[2\] linux-2: 1 finding: lib\/only_b\.c only_b\(\)$/m, '... only in the second');
	like($o, qr/^\Q$fp{only_b}\E\s+-\s+6\s+lib\/only_b\.c/m, 'the matrix row of only_b()');
};

scenario 'a scan that runs too long is killed, with what it started' => sub {
	my $t = fake_tree();
	# A spatch that never answers (a duration of its own, to find it).
	my $mark = sprintf '%d.%d', 3000 + $$ % 500, $$;
	write_to("$tmp/hang-spatch.sh", "[ \"\$1\" = --version ] && { echo 'spatch version 1.1.1'; exit 0; }\nsleep $mark\n");
	my $t0 = time;
	my ($st, $o, $e, $j) = scan_trees('--out', "$tmp/slow", '--scan-timeout', 3, '--spatch', "sh $tmp/hang-spatch.sh", $t);
	ok(time - $t0 < 60, '--scan-timeout 3: the scan is ended') or diag $e;
	is($st, 2, '... exit 2, a scan with errors');
	like($j->{columns}[0]{status} // '', qr/^(?:failed|incomplete)\z/, '... its column marked');
	like(slurp("$tmp/slow/scans/linux.log") // '', qr/^scan-trees: lifo-scan\.pl timed out after 3 s and was killed$/m,
		'... and its log says why');
	is_deeply([running($mark)], [], '... nothing it started is left running');
	like($e, qr/^scan-trees: \[1\/1\] linux: scan: /m, 'its progress lines are shown as they come');
};

scenario 'errors exit 2' => sub {
	my $t = fake_tree();
	my ($st, $o, $e) = scan_trees('--out', "$tmp/e1", "$tmp/no-such-tree");
	is($st, 2, 'no such tree: exit 2');
	($st, $o, $e) = scan_trees('--out', "$tmp/e2", '--revs', 'v1', $t);
	is($st, 2, 'REVS= on a tree git does not track: exit 2');
	like($e, qr/not a git checkout/, '... said so');
	my $g = fake_tree(git => 1);
	($st, $o, $e) = scan_trees('--out', "$tmp/e3", '--revs', 'HEAD~1 nosuchrev', $g);
	is($st, 2, 'a word of REVS that is not a revision: exit 2');
	like($e, qr/nosuchrev is not a revision/, '... named');
	($st, $o, $e) = scan_trees('--out', "$tmp/e4", '--revs', 'HEAD', $g, $t);
	is($st, 2, 'REVS= with two trees: exit 2');
	($st, $o, $e, my $j) = scan_trees('--out', "$tmp/e5", '--spatch', 'false', $t);
	is($st, 2, 'a scan with errors: exit 2');
	like($j->{columns}[0]{status} // '', qr/^(?:failed|incomplete)\z/, '... its column marked in trees.json');
	like($o, qr/INCOMPLETE/, '... and in the text');
};

done_testing;
