# SPDX-License-Identifier: GPL-2.0
# make scan end to end on a small fake tree (real spatch, real rule).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use JSON::PP ();
use SarifCheck qw(check_sarif);

my $root = root();
my $scan = "perl $root/cocci/bin/lifo-scan.pl";


# A fake tree with cocci/tests/wrappers/wrapped.c in lib/ and $more
# appended to mm/copy.c (whose copy_two() pass 1 reports at line 11);
# with $header, a wrapper any file may call, map_thing_h(), in a header.
sub wrapped_tree($more, $header = 0) {
	my $t = fake_tree();
	mkdir "$t/lib" or die;
	system('cp', "$root/cocci/tests/wrappers/wrapped.c", "$t/lib/") == 0 or die;
	write_to("$t/include/linux/thing.h", "static inline void *map_thing_h(struct page *page)\n"
		. "{\n\treturn kmap_local_page(page);\n}\n") if $header;
	open my $fh, '>>', "$t/mm/copy.c" or die;
	print $fh $more;
	close $fh;
	return $t;
}
my $t = fake_tree();
my $out = tempdir(CLEANUP => 1) . '/out';

# Errors: exit 2.
my ($st, $o);
scenario 'errors: exit 2' => sub {
	($st, $o) = run_cmd("$scan --tree /tmp --out $out 2>&1");
	is($st, 2, 'not a kernel tree: exit 2');
	like($o, qr/not a kernel tree/, '... with a message');
	($st, $o) = run_cmd("$scan --tree $t --out /proc/nonexistent/out 2>&1");
	is($st, 2, 'unwritable OUT: exit 2');
	like($o, qr/cannot write the output folder/, '... with a message');
	($st, $o) = run_cmd("$scan --tree $t --out $out --spatch /nonexistent/spatch 2>&1");
	is($st, 2, 'spatch missing: exit 2');
	like($o, qr/spatch .*not found/, '... with a message');
};

scenario 'a scan with findings: stdout, summary, findings.json, SARIF' => sub {
	SKIP: {
		skip 'spatch not installed', 14 unless have_spatch();
		my $err = "$out.stderr";
		($st, $o) = run_cmd("$scan --tree $t --out $out --jobs 2 2>$err");
		is($st, 0, 'scan with findings: exit 0');
		my @l = split /\n/, $o;
		my %by = map { (split /:/)[0] => $_ } @l;
		like($by{'arch/loongarch/mm/init.c'}, qr{^arch/loongarch/mm/init\.c:12:\d+: copy_user_highpage\(\): vfrom \([^)]*\) mapped before vto \([^)]*\) but released first; release vto before vfrom \[impact: cleanup: arch/loongarch has neither HIGHMEM}, 'LoongArch finding, cleanup');
		like($by{'mm/copy.c'}, qr{^mm/copy\.c:11:\d+: copy_two\(\): s \([^)]*\) mapped before d \([^)]*\) but released first; release d before s \[impact: fix: generic code}, 'generic finding, fix');
		like($by{'arch/arm/mm/copy.c'}, qr{^arch/arm/mm/copy\.c:11:\d+: arm_copy_two\(\): s \([^)]*\) mapped before d \([^)]*\) but released first; release d before s \[impact: fix: arch/arm can select HIGHMEM}, 'ARM finding, fix');
		is(scalar @l, 3, 'three findings, none for the correct functions');
		my $e = slurp($err);
		like($e, qr/findings: 3 \(2 fix, 1 cleanup\)/, 'summary: findings');
		like($e, qr/arch\/loongarch\s+1 cleanup/, 'summary: per subsystem');
		like($e, qr/files: \d+ in the tree, 3 mention a mapping function, 3 parsed/, 'summary: files parsed');
		like($e, qr/files with parse errors.*: 0/, 'summary: parse errors');
		like($e, qr/timeouts \(60s per file\): 0/, 'summary: timeouts');
		like($e, qr/wall time: [\d.]+ s/, 'summary: wall time');
		my $j = JSON::PP->new->decode(slurp("$out/findings.json"));
		is(scalar @{$j->{findings}}, 3, 'findings.json: three objects');
		my $s = JSON::PP->new->decode(slurp("$out/findings.sarif"));
		is_deeply([check_sarif($s)], [], 'findings.sarif is valid SARIF 2.1.0');
		($st, $o) = run_cmd("perl $root/cocci/bin/sarif-schema-check.pl $out/findings.sarif");
		is($st, 0, 'sarif-schema-check.pl accepts it');
	}
};

# --wrappers: the tree's own wrappers, two levels deep, found and used;
# the caller's findings are those of the pass that knew both levels.
scenario '--wrappers: the tree\'s wrappers, two levels deep' => sub {
	SKIP: {
		skip 'spatch not installed', 6 unless have_spatch();
		my $w = wrapped_tree('');
		my $wo = tempdir(CLEANUP => 1) . '/out';
		($st, $o) = run_cmd("$scan --tree $w --out $wo --jobs 2 2>/dev/null");
		unlike($o, qr{^lib/wrapped\.c}m, 'without --wrappers the wrapped caller is not checked');
		($st, $o) = run_cmd("$scan --tree $w --out $wo --jobs 2 --wrappers 2>$wo.err");
		is($st, 0, '--wrappers: exit 0');
		like($o, qr{^lib/wrapped\.c:26:\d+: copy_things\(\): x \([^)]*\) mapped before y \([^)]*\) but released first; release y before x}m,
			'--wrappers: the caller of a second-level wrapper is reported');
		is(scalar(() = $o =~ /^\S+:\d+: /mg), 4, '--wrappers: the three fake-tree findings too');
		my $e = slurp("$wo.err");
		like($e, qr/pass 2: 1 files mention 2 wrappers found in pass 1/, '--wrappers: pass 2 reads only the wrappers\' callers');
		my $sj = JSON::PP->new->decode(slurp("$wo/scan.json"));
		is_deeply([sort map { "$_->{kind} $_->{name} $_->{level}" } @{$sj->{wrappers}}],
			['map map_thing 1', 'map map_thing_at 2', 'release unmap_thing 1'], 'scan.json lists the wrappers and their levels');
	}
};
# A wrapper named by a word SmPL reserves is left out, not a parse failure.
scenario 'a wrapper named by a word SmPL reserves is left out' => sub {
	SKIP: {
		skip 'spatch not installed', 5 unless have_spatch();
		my $k = fake_tree();
		TestLib::write_to("$k/lib/when.c", "void *when(struct page *p)\n{\n\treturn kmap_local_page(p);\n}\n");
		TestLib::write_to("$k/lib/broken.c", "void broken(void)\n{\n\tchar *a = kmap_local_page(p);\n\ta = = ;\n}\n");
		my $ko = tempdir(CLEANUP => 1) . '/out';
		($st, $o) = run_cmd("$scan --tree $k --out $ko --jobs 2 --wrappers 2>$ko.err");
		is($st, 0, 'wrapper named "when": exit 0');
		is(scalar(() = $o =~ /^\S+:\d+: /mg), 3, '... the other findings still reported');
		my $e = slurp("$ko.err");
		like($e, qr/wrapper when \(map\) left out: SmPL reserves the word/, '... with a note');
		unlike($e, qr/spatch errors/, '... and no pass fails on it');
		like($e, qr/files with parse errors[^\n]*: 1: lib\/broken\.c$/m, 'a file spatch cannot parse is counted and named');
	}
};
# Pass 2 reads only the functions that name the new wrappers: a file it
# reads again keeps the findings of pass 1 in its other functions.
scenario 'pass 2 reads only the functions that name the new wrappers' => sub {
	SKIP: {
		skip 'spatch not installed', 3 unless have_spatch();
		my $f = wrapped_tree("\nvoid *other(struct page *p)\n{\n\treturn map_thing_h(p);\n}\n", 1);
		my $fo = tempdir(CLEANUP => 1) . '/out';
		($st, $o) = run_cmd("$scan --tree $f --out $fo --jobs 1 --wrappers 2>$fo.err");
		like($o, qr{^mm/copy\.c:11:\d+: copy_two\(\)}m, 'pass 2 reads mm/copy.c again: the finding of pass 1 is kept');
		my $e = slurp("$fo.err");
		like($e, qr/pass 2: 3 files mention/, '... and pass 2 did read it (with lib/wrapped.c and the header)');
		my ($st2, $whole) = run_cmd("$scan --tree $f --out $fo.whole --jobs 1 --wrappers --no-slice 2>/dev/null");
		is($whole, $o, '--no-slice (spatch reads the files whole): the same findings');
	}
};
# A static wrapper can only be called from its file and from the files
# that include it: pass 2 reads those, not others that name it.
scenario 'a static wrapper: pass 2 reads its file and those that include it' => sub {
	SKIP: {
		skip 'spatch not installed', 3 unless have_spatch();
		my $t = wrapped_tree('');
		write_to("$t/lib/incl.c", "#include \"wrapped.c\"\n\nvoid copy_inc(struct page *a, struct page *b)\n{\n"
			. "\tchar *x, *y;\n\n\tx = map_thing(a);\n\ty = map_thing(b);\n\tunmap_thing(x);\n\tunmap_thing(y);\n}\n");
		write_to("$t/lib/other.c", "/* map_thing() is not called here */\nint other(void)\n{\n\treturn 0;\n}\n");
		my $to = tempdir(CLEANUP => 1) . '/out';
		($st, $o) = run_cmd("$scan --tree $t --out $to --jobs 1 --wrappers 2>$to.err");
		like($o, qr{^lib/incl\.c:9:\d+: copy_inc\(\): x \([^)]*\) mapped before y \([^)]*\) but released first; release y before x}m,
			'a file that includes the static wrappers\' file is checked with them');
		my $e = slurp("$to.err");
		like($e, qr/pass 2: 2 files mention 2 wrappers found in pass 1/, '... pass 2 reads it and the wrappers\' file');
		like($o, qr{^lib/wrapped\.c:26:\d+: copy_things\(\)}m, '... and the wrappers\' file still has its finding');
	}
};
# Cut files: a parse error in a function that names no mapping function
# is not met (spatch does not read that function); --no-slice meets it.
scenario 'cut files: a parse error where no mapping function is named' => sub {
	SKIP: {
		skip 'spatch not installed', 2 unless have_spatch();
		my $k = fake_tree();
		TestLib::write_to("$k/lib/half.c", "void get(struct page *p)\n{\n\tchar *a = kmap_local_page(p);\n\n\tkunmap_local(a);\n}\n\n"
			. "void broken(void)\n{\n\tchar *a;\n\ta = = ;\n}\n");
		my $ko = tempdir(CLEANUP => 1) . '/out';
		run_cmd("$scan --tree $k --out $ko --jobs 1 2>$ko.err");
		my $e = slurp("$ko.err");
		like($e, qr/files with parse errors \(in the functions spatch read;[^\n]*: 0$/m, 'cut: the error in broken() is not met');
		run_cmd("$scan --tree $k --out $ko --jobs 1 --no-slice 2>$ko.err");
		$e = slurp("$ko.err");
		like($e, qr/files with parse errors \(anywhere;[^\n]*: 1: lib\/half\.c$/m, '--no-slice: it is');
	}
};
# Rules run by name: the checker of --cocci-dir, not every rule there;
# a folder without it, or with one that prints no records, is an error.
scenario 'rules run by name: the checker of --cocci-dir' => sub {
	SKIP: {
		skip 'spatch not installed', 5 unless have_spatch();
		my $d = tempdir(CLEANUP => 1);
		system("cp '$root'/cocci/*.list '$root/cocci/kmap_local_lifo.cocci' '$d/'") == 0 or die;
		# A rule that prints every mapping as a warning of the checker's form.
		write_to("$d/other.cocci", "virtual report\n\n\@r\@\nposition p;\n\@\@\nkmap_local_page\@p(...)\n\n"
			. "\@script:python depends on report\@\np << r.p;\n\@\@\n"
		. "coccilib.report.print_report(p[0], \"WARNING: f(): a (kmap_local_page, line 1) mapped before b (kmap_local_page, line 2) but released first; release b before a\")\n");
	my $ro = tempdir(CLEANUP => 1) . '/out';
	($st, $o) = run_cmd("$scan --tree $t --out $ro --jobs 2 --cocci-dir '$d' 2>$ro.err");
	is($st, 0, '--cocci-dir with another rule beside the checker: exit 0') or diag slurp("$ro.err");
	is(scalar(() = $o =~ /^\S+:\d+:\d+: /mg), 3, '... the findings of the checker only');
	unlike(slurp("$ro.err"), qr/other/, '... the other rule is not run, nor named');
	unlink "$d/kmap_local_lifo.cocci" or die;
	($st, $o) = run_cmd("$scan --tree $t --out $ro --jobs 2 --cocci-dir '$d' 2>&1");
	ok($st == 2 && $o =~ /no kmap_local_lifo\.cocci there/, 'a --cocci-dir without the checker: exit 2, and why') or diag $o;
	(my $old = slurp("$root/cocci/kmap_local_lifo.cocci")) =~ s/^virtual records\n//m or die;
	write_to("$d/kmap_local_lifo.cocci", $old);
	($st, $o) = run_cmd("$scan --tree $t --out $ro --jobs 2 --cocci-dir '$d' 2>&1");
	ok($st == 2 && $o =~ /prints no finding records/, 'a checker that prints no records: exit 2, and why') or diag $o;
}
};

# A pass whose spatch fails leaves the findings of earlier passes alone.
scenario 'a pass whose spatch fails leaves earlier findings alone' => sub {
	SKIP: {
		skip 'spatch not installed', 3 unless have_spatch();
		# mm/copy.c (a finding of pass 1) names a wrapper, so pass 2 reads it.
		my $f = wrapped_tree("/* not map_thing_h() */\n", 1);
		my $fo = tempdir(CLEANUP => 1) . '/out';
		($st, $o) = run_cmd("$scan --tree $f --out $fo --jobs 1 --wrappers"
			. " --spatch 'sh $FindBin::Bin/data/failing-pass-spatch.sh' 2>$fo.err");
		like($o, qr{^mm/copy\.c:11:\d+: copy_two\(\)}m, 'failed pass: the earlier finding is kept');
		my $e = slurp("$fo.err");
		like($e, qr/spatch errors: 3\n(?:    spatch exited with status 1 on \S+: EXN: Failure\("simulated crash"\)\n){3}/,
			'... and the failure is reported, retried file by file, each file named');
		is($st, 2, '... exit 2: findings may be missing');
	}
};
done_testing;
