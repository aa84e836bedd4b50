# SPDX-License-Identifier: GPL-2.0
# make check-patch: a patch that adds a LIFO violation, one that removes
# one, and one that does not apply.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use File::Path qw(make_path);

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $t = fake_tree();
my $tmp = tempdir(CLEANUP => 1);
my $cp = "perl $root/cocci/bin/check-patch.pl --tree $t --out $tmp/out --jobs 2";

sub patch_file($name, $subject, $body, $diff) {
	my $p = "$tmp/$name";
	write_to($p, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		. "From: Test Author <test\@example.org>\nDate: Thu, 3 Dec 2026 10:00:00 +0000\n"
		. "Subject: [PATCH] $subject\n\n$body\n\nSigned-off-by: Test Author <test\@example.org>\n---\n$diff");
	return $p;
}

my $removes = patch_file('removes.patch', 'LoongArch: Release kmap_local mappings in reverse order',
	"Release vto before vfrom in copy_user_highpage(); LoongArch has no\nHIGHMEM, so nothing changes at run time.", <<'EOF2');
diff --git a/arch/loongarch/mm/init.c b/arch/loongarch/mm/init.c
--- a/arch/loongarch/mm/init.c
+++ b/arch/loongarch/mm/init.c
@@ -9,6 +9,6 @@ void copy_user_highpage(struct page *to, struct page *from,
 	vfrom = kmap_local_page(from);
 	vto = kmap_local_page(to);
 	copy_page(vto, vfrom);
-	kunmap_local(vfrom);
 	kunmap_local(vto);
+	kunmap_local(vfrom);
 }
EOF2

# (Shared with fifo-copies.t: the mail patch_file() would write.)
my $adds = "$tmp/adds.patch";
copy("$FindBin::Bin/data/adds.patch", $adds) or die "adds.patch: $!";

my $stale = patch_file('stale.patch', 'mm/copy: something', 'Against another tree.', <<'EOF2');
diff --git a/mm/copy.c b/mm/copy.c
--- a/mm/copy.c
+++ b/mm/copy.c
@@ -19,3 +19,3 @@ static void copy_ok(struct page *dst, struct page *src)
-	this line is not there;
+	nor this one;
 	kunmap_local(s);
EOF2

my ($st, $o);
scenario 'a patch that removes a violation passes' => sub {
	($st, $o) = run_cmd("$cp --patch $removes 2>&1");
	is($st, 0, 'a patch that removes a violation passes') or diag $o;
	like($o, qr/applies with patch -p1: ok/, 'applies');
	like($o, qr/LIFO findings the patch adds: 0/, 'adds none');
	like($o, qr/LIFO findings the patch removes: 1\n  - arch\/loongarch\/mm\/init\.c:12:\d+: copy_user_highpage\(\): vfrom \(kmap_local_page, line \d+\) mapped before vto/, 'lists the removed finding');
	SKIP: {
		skip 'no checkpatch.pl', 1 unless -f "$t/scripts/checkpatch.pl";
		like($o, qr/checkpatch\.pl: ok/, 'checkpatch ran and is clean');
	}
};

scenario 'a patch that adds a violation fails' => sub {
	($st, $o) = run_cmd("$cp --patch $adds 2>&1");
	is($st, 1, 'a patch that adds a violation fails') or diag $o;
	like($o, qr/LIFO findings the patch adds: 1\n  \+ mm\/copy\.c:\d+:\d+: copy_ok\(\): s \(kmap_local_page, line \d+\) mapped before d \(kmap_local_page, line \d+\) but released first; release d before s \[impact: fix/, 'lists the added finding with its impact');
	like($o, qr/removes: 0/, 'removes none');
	like($o, qr/FAILED: adds LIFO findings/, 'says why');
};

scenario 'a patch that does not apply fails' => sub {
	($st, $o) = run_cmd("$cp --patch $stale 2>&1");
	is($st, 1, 'a patch that does not apply fails');
	like($o, qr/DOES NOT APPLY/, 'with a clear message');
};

scenario 'errors: exit 2, the tree untouched' => sub {
	($st, $o) = run_cmd("$cp --patch $tmp/missing.patch 2>&1");
	is($st, 2, 'missing patch file: exit 2');
	($st, $o) = run_cmd("perl $root/cocci/bin/check-patch.pl --tree /tmp --patch $adds 2>&1");
	is($st, 2, 'not a kernel tree: exit 2');
	ok(-f "$t/mm/copy.c" && `grep -c 'kunmap_local(d);' $t/mm/copy.c` == 2, 'the tree itself is untouched');
};

# Patches made by git: a deletion, a rename with a change, a binary file.
my $g = "$tmp/git";
system("cp -a '$t' '$g' && cd '$g' && git init -q && git add -A && git -c user.name=x -c user.email=x\@y commit -qm base") == 0 or die;
my $gp = sub ($name, $cmd) {
	system("cd '$g' && git reset -q --hard && $cmd && git add -A && git -c user.name='Test Author' -c user.email=test\@example.org commit -q -s -m '$name: a change' -m 'Why it is made.' && git format-patch -q --binary -1 -o '$tmp/$name' && git reset -q --hard HEAD~") == 0 or die;
	return (glob "$tmp/$name/*.patch")[0];
};
my $ign = "--checkpatch-opts='--ignore FILE_PATH_CHANGES'";
scenario 'patches made by git: a deletion, a rename, a binary file' => sub {
	my $del = $gp->('delete', 'git rm -q arch/riscv/mm/clean.c');
	($st, $o) = run_cmd("$cp $ign --patch $del 2>&1");
	like($o, qr/applies with patch -p1: ok \(arch\/riscv\/mm\/clean\.c\)/, 'a patch that deletes a file applies') or diag $o;
	is($st, 0, '... and passes') or diag $o;
	my $ren = $gp->('rename', "git mv mm/copy.c mm/copy2.c && sed -i 's/^static void copy_ok/static void copy_fine/' mm/copy2.c");
	($st, $o) = run_cmd("$cp $ign --patch $ren 2>&1");
	like($o, qr/applies with patch -p1: ok \(mm\/copy\.c mm\/copy2\.c\)/, 'a patch that renames a file applies') or diag $o;
	like($o, qr/patch adds: 0\n.*removes: 0\n/s, '... the renamed file keeps its finding: none added or removed');
	is($st, 0, '... and passes') or diag $o;
	my $bin = $gp->('binary', "printf 'x\\000\\001\\002y' > mm/blob.bin");
	($st, $o) = run_cmd("$cp $ign --patch $bin 2>&1");
	like($o, qr/applies with git apply: ok \(mm\/blob\.bin\)/, 'a binary patch applies (git apply)') or diag $o;
	is($st, 0, '... and passes') or diag $o;
};

# A patch that does not apply still has its message checked.
scenario 'a patch that does not apply: its message is still checked' => sub {
	my $bad = "$tmp/unsigned.patch";
	(my $text = slurp($stale) // die "$stale: cannot read\n") =~ s/^Signed-off-by: .*\n//m;
	$text =~ s/\n---\n/\nCo-developed-by: Claude claude-opus-4-20250514\n---\n/;
	write_to($bad, $text);
	($st, $o) = run_cmd("$cp --patch $bad 2>&1");
	is($st, 1, 'an unsigned patch that does not apply: exit 1');
	like($o, qr/DOES NOT APPLY/, '... does not apply');
	SKIP: {
		skip 'no checkpatch.pl', 1 unless -f "$t/scripts/checkpatch.pl";
		like($o, qr/checkpatch\.pl: PROBLEMS.*Missing Signed-off-by/s, '... its message is checked by checkpatch.pl');
	}
	like($o, qr/disclosure: PROBLEMS/, '... and by the disclosure checker');
	like($o, qr/FAILED: does not apply, checkpatch\.pl/, '... and the summary names both');
};

# checkpatch --strict caches CamelCase names in the current folder:
# not in the tree (made a full tree for checkpatch here).
scenario 'checkpatch --strict leaves no CamelCase cache in the tree' => sub {
	SKIP: {
		skip 'no checkpatch.pl', 2 unless -f "$t/scripts/checkpatch.pl";
		write_to("$t/$_", "\n") for qw(COPYING CREDITS Kbuild MAINTAINERS README);
		mkdir "$t/$_" for qw(Documentation include drivers fs init ipc kernel lib);
		write_to("$t/include/linux/highmem.h", "int fooBar(void);\n");
		my $camel = patch_file('camel.patch', 'mm/copy: count', 'Count the copies.', <<'EOF2');
diff --git a/mm/copy.c b/mm/copy.c
--- a/mm/copy.c
+++ b/mm/copy.c
@@ -1,3 +1,4 @@
 // SPDX-License-Identifier: GPL-2.0
 #include <linux/highmem.h>
+int copyCount;
 
EOF2
		($st, $o) = run_cmd("$cp --checkpatch-opts=--strict --patch $camel 2>&1");
		like($o, qr/CamelCase/, 'checkpatch --strict ran with the tree (CamelCase check)') or diag $o;
		is_deeply([map { s{.*/}{}r } glob "$t/.checkpatch-camelcase.*"], [], '... and left no cache in the tree');
	}
};
scenario 'no scratch left; OUT inside the tree refused' => sub {
	ok(!-e "$tmp/out/check-patch" && !glob("$tmp/out/.check-patch.*"), 'no scratch copies left in OUT');
	($st, $o) = run_cmd("$cp --out $t/out --patch $removes 2>&1");
	is($st, 2, 'OUT inside the tree: exit 2');
	ok(!-e "$t/out", '... nothing made there');
};
# Commits three patches on the git tree $dir: a good one, one that adds
# a LIFO finding, and one that applies only on top of the second (it
# removes the comment the second adds) and takes the finding away.
sub commit_series($dir) {
	my $c = sub ($cmd, $msg) {
		system("cd '$dir' && $cmd && git add -A && git -c user.name='Test Author' -c user.email=test\@example.org commit -q -s -m '$msg' -m 'Why it is made.'") == 0 or die;
	};
	$c->(q{perl -0pi -e 's/\tkunmap_local\(vfrom\);\n\tkunmap_local\(vto\);/\tkunmap_local(vto);\n\tkunmap_local(vfrom);/' arch/loongarch/mm/init.c},
		'LoongArch: release vto first');
	$c->(q{perl -0pi -e 's/(copy_ok.*?)\tkunmap_local\(d\);\n\tkunmap_local\(s\);/$1\t\/\* s first \*\/\n\tkunmap_local(s);\n\tkunmap_local(d);/s' mm/copy.c},
		'mm/copy: unmap s first in copy_ok');
	$c->(q{perl -0pi -e 's/(copy_ok.*?)\t\/\* s first \*\/\n\tkunmap_local\(s\);\n\tkunmap_local\(d\);/$1\tkunmap_local(d);\n\tkunmap_local(s);/s' mm/copy.c},
		'mm/copy: unmap d first again in copy_ok');
}

# A series: an mbox, several files, a folder; a verdict per patch and
# one for the series; each patch on top of those before it.
scenario 'a series: mbox, several files, a folder' => sub {
	system("cd '$g' && git reset -q --hard") == 0 or die;
	commit_series($g);
	my $mbox = "$tmp/series.mbox";
	system("cd '$g' && git format-patch -q --cover-letter --stdout -3 > '$mbox' && git format-patch -q -3 -o '$tmp/series'"
		. " && git reset -q --hard HEAD~3") == 0 or die;
	my ($st, $o) = run_cmd("$cp $ign --patch $mbox 2>&1");
	is($st, 1, 'a three-patch mbox with one bad patch: exit 1') or diag $o;
	my @v = $o =~ /^check-patch: (\[\d\/\d\] (?:ok|FAILED: .*))$/mg;
	is_deeply(\@v, ['[1/3] ok', '[2/3] FAILED: adds LIFO findings', '[3/3] ok'], 'three verdicts, one per patch') or diag $o;
	like($o, qr/^check-patch: series of 3 patches: FAILED: 1 of 3 failed$/m, 'and one for the series');
	like($o, qr/no diff \(a cover letter\?\): left out/, 'the cover letter is left out');
	like($o, qr/\[3\/3\] \Q$mbox\E: \[PATCH 3\/3\] mm\/copy: unmap d first again in copy_ok against/, 'each patch named by its subject');
	like($o, qr/applies with patch -p1: ok \(mm\/copy\.c\)\n(?:.*\n)*?check-patch: LIFO findings the patch removes: 1\n  - mm\/copy\.c:\d+:\d+: copy_ok\(\)/,
		'the third applies on top of the second and removes what it added');
	my @f = sort glob "$tmp/series/*.patch";
	($st, $o) = run_cmd("$cp $ign --patch '$f[0] $f[2]' 2>&1");
	is($st, 1, 'PATCH="1.patch 3.patch": exit 1 (the third needs the second)');
	@v = $o =~ /^check-patch: (\[\d\/\d\] (?:ok|FAILED: [^,\n]*))/mg;
	is_deeply(\@v, ['[1/2] ok', '[2/2] FAILED: does not apply'], '... a verdict for each of the two') or diag $o;
	($st, $o) = run_cmd("$cp $ign --patch $f[0] --patch $f[1] 2>&1");
	is_deeply([$o =~ /^check-patch: (\[\d\/\d\] (?:ok|FAILED:))/mg], ['[1/2] ok', '[2/2] FAILED:'], '--patch twice: two verdicts');
	($st, $o) = run_cmd("$cp $ign --patch $tmp/series 2>&1");
	is($st, 1, 'a folder of patches: exit 1');
	is_deeply([$o =~ /^check-patch: (\[\d\/\d\] (?:ok|FAILED:))/mg], ['[1/3] ok', '[2/3] FAILED:', '[3/3] ok'], '... its patches in order');
	unlink $f[1], $f[2];
	($st, $o) = run_cmd("$cp $ign --patch $tmp/series 2>&1");
	is($st, 0, 'a folder of one good patch: exit 0') or diag $o;
	like($o, qr/^check-patch: ok$/m, '... its verdict');
	($st, $o) = run_cmd("$cp --patch '$f[0] $tmp/nope.patch' 2>&1");
	is($st, 2, 'one of the patches missing: exit 2');
	like($o, qr/nope\.patch: no such file/, '... says which');
	mkdir "$tmp/empty";
	($st, $o) = run_cmd("$cp --patch $tmp/empty 2>&1");
	is($st, 2, 'a folder without patches: exit 2');
};
scenario 'RANGE=BASE..HEAD on a git tree' => sub {
	my $r = "$tmp/range";
	system("cp -a '$g' '$r' && cd '$r' && git reset -q --hard") == 0 or die;
	commit_series($r);
	my $rc = "perl $root/cocci/bin/check-patch.pl --tree $r --out $tmp/rout --jobs 2 $ign";
	# The checkout has all of them applied: the first patch applies to
	# the base's files only.
	my ($st, $o) = run_cmd("$rc --range HEAD~3..HEAD 2>&1");
	is($st, 1, 'RANGE= with one bad commit: exit 1') or diag $o;
	my @v = $o =~ /^check-patch: (\[\d\/\d\] (?:ok|FAILED: .*))$/mg;
	is_deeply(\@v, ['[1/3] ok', '[2/3] FAILED: adds LIFO findings', '[3/3] ok'], 'a verdict per commit, on top of the base') or diag $o;
	like($o, qr/^check-patch: series of 3 patches: FAILED: 1 of 3 failed$/m, 'and one for the range');
	like($o, qr/\[1\/3\] RANGE=HEAD~3\.\.HEAD: [0-9a-f]{12} \[PATCH\] LoongArch: release vto first against/, 'each commit named');
	ok(!-e "$r/.git/rebase-apply" && `cd '$r' && git status --porcelain` eq '', 'the tree is left as it was');
	($st, $o) = run_cmd("$rc --range HEAD~2..HEAD~1 2>&1");
	is($st, 1, 'RANGE= of the bad commit alone: exit 1');
	like($o, qr/^check-patch: FAILED: adds LIFO findings$/m, '... its verdict');
	for my $bad (['HEAD', qr/give BASE\.\.HEAD/], ['nope..HEAD', qr/nope is not a revision/],
		     ['HEAD..HEAD~1', qr/no commits in it/]) {
		($st, $o) = run_cmd("$rc --range '$bad->[0]' 2>&1");
		is($st, 2, "RANGE=$bad->[0]: exit 2");
		like($o, $bad->[1], '... says why');
	}
	($st, $o) = run_cmd("$cp --range HEAD~1..HEAD 2>&1");
	is($st, 2, 'RANGE= on a tree git does not track: exit 2');
	like($o, qr/is not a git tree/, '... says so');
	($st, $o) = run_cmd("$rc --range HEAD~1..HEAD --patch $removes 2>&1");
	is($st, 2, 'RANGE= and PATCH= together: exit 2');
	# A merge, which format-patch leaves out.
	system("cd '$r' && git checkout -q -b side HEAD~1 && echo '// x' >> mm/copy.c && git -c user.name=x -c user.email=x\@y commit -qsam 'mm/copy: a note'"
		. " && git checkout -q - && git -c user.name=x -c user.email=x\@y merge -q --no-edit -X ours side >/dev/null") == 0 or die;
	($st, $o) = run_cmd("$rc --range HEAD~1..HEAD 2>&1");
	like($o, qr/^check-patch: RANGE=HEAD~1\.\.HEAD: 1 merge commit\(s\) left out/m, 'a merge is left out, said') or diag $o;
	like($o, qr/^check-patch: RANGE=HEAD~1\.\.HEAD: [0-9a-f]{12} \[PATCH\] mm\/copy: a note against/m, '... the commit it merges is checked');
};
scenario 'BASELINE= and REVIEWED=: known findings the patch adds are not counted' => sub {
	require LifoFinding;
	my $fp = LifoFinding::fingerprint({ file => 'mm/copy.c', function => 'copy_ok',
		first => { expr => 's', map => 'kmap_local_page' }, second => { expr => 'd', map => 'kmap_local_page' } });
	write_to("$tmp/reviewed", "# mine\n$fp  copy_ok(): the test's own violation\n");
	my ($st, $o) = run_cmd("$cp --reviewed $tmp/reviewed --patch $adds 2>&1");
	is($st, 0, 'a patch that adds a reviewed finding: exit 0') or diag $o;
	like($o, qr/LIFO findings the patch adds: 0\n.*known, not counted: 1\n  = mm\/copy\.c:\d+:\d+: copy_ok\(\): .* \(REVIEWED=\S+reviewed:2: copy_ok\(\): the test's own violation\)$/m,
		'... listed apart, with the reason');
	write_to("$tmp/base.json", qq({"version":3,"findings":[{"file":"mm/copy.c","function":"copy_ok","line":1,"fingerprint":"$fp"}]}\n));
	($st, $o) = run_cmd("$cp --baseline $tmp/base.json --patch $adds 2>&1");
	is($st, 0, 'in BASELINE=: exit 0') or diag $o;
	like($o, qr/\(in BASELINE=\S+base\.json\)$/m, '... said');
	($st, $o) = run_cmd("$cp --reviewed $tmp/none --patch $adds 2>&1");
	is($st, 2, 'REVIEWED= missing: exit 2');
};
scenario 'Assisted-by: the form the tree documents, when its checkpatch.pl disagrees' => sub {
	# The packaged tree's behaviour: no coding-assistants.rst, a
	# checkpatch.pl that wants AGENT_NAME:MODEL_VERSION (a fixture).
	my $d = fake_tree();
	my $data = "$FindBin::Bin/data";
	write_to("$d/scripts/checkpatch.pl", scalar do { local (@ARGV, $/) = "$data/checkpatch-6.12.pl"; <> });
	my $llm = patch_file('llm.patch', 'LoongArch: Release kmap_local mappings in reverse order',
		"Release vto before vfrom in copy_user_highpage().\n\nAssisted-by: LLM coccinelle", (do { local (@ARGV, $/) = $removes; <> }) =~ s/.*?(?=^diff --git)//msr);
	my $dc = "perl $root/cocci/bin/check-patch.pl --tree $d --jobs 2";
	my ($st, $o) = run_cmd("$dc --out $tmp/dis1 --patch $llm 2>&1");
	is($st, 0, 'Assisted-by: LLM, no documentation in the tree: exit 0') or diag $o;
	my @notes = $o =~ /^check-patch: (Assisted-by: .*)$/mg;
	is(scalar @notes, 1, '... one line about it') or diag $o;
	like($notes[0] // '', qr/checkpatch\.pl says "Assisted-by expects 'AGENT_NAME:MODEL_VERSION \[TOOL1\] \[TOOL2\]' format" of 'Assisted-by: LLM coccinelle', but mainline's Documentation\/process\/coding-assistants\.rst \(816d9992d9ed, 7\.3; the tree has none\) asks for 'Assisted-by: LLM \[TOOL1\] \[TOOL2\]': follow the documentation; this complaint alone does not fail the patch/,
		'... saying whom to follow and that it does not fail the patch');
	like($o, qr/^check-patch: checkpatch\.pl: ok/m, '... checkpatch.pl counted as ok');
	like($o, qr/^check-patch: disclosure: ok$/m, '... the disclosure checker agrees');

	(my $text = do { local (@ARGV, $/) = $llm; <> }) =~ s/^Signed-off-by: .*\n//m;
	write_to("$tmp/llm-unsigned.patch", $text);
	($st, $o) = run_cmd("$dc --out $tmp/dis1 --patch $tmp/llm-unsigned.patch 2>&1");
	is($st, 1, '... and another complaint (no sign-off): exit 1') or diag $o;
	like($o, qr/the patch fails on checkpatch\.pl's other complaints/, '... said');
	like($o, qr/^check-patch: FAILED: checkpatch\.pl/m, '... the verdict');

	copy("$data/coding-assistants/7.3.rst", "$d/Documentation/process/coding-assistants.rst") if make_path("$d/Documentation/process") || 1;
	($st, $o) = run_cmd("$dc --out $tmp/dis2 --patch $llm 2>&1");
	is($st, 0, 'the tree documents the LLM form (7.3): exit 0') or diag $o;
	like($o, qr/but its Documentation\/process\/coding-assistants\.rst asks for 'Assisted-by: LLM \[TOOL1\] \[TOOL2\]': follow the documentation/, '... the line names it');

	copy("$data/coding-assistants/2025.rst", "$d/Documentation/process/coding-assistants.rst") or die;
	($st, $o) = run_cmd("$dc --out $tmp/dis3 --patch $llm 2>&1");
	is($st, 1, 'the tree documents AGENT_NAME:MODEL_VERSION, as its checkpatch.pl wants: exit 1') or diag $o;
	like($o, qr/^check-patch: hint: Assisted-by: its Documentation\/process\/coding-assistants\.rst asks for 'Assisted-by: AGENT_NAME:MODEL_VERSION \[TOOL1\] \[TOOL2\]', and the tree's checkpatch\.pl agrees: use that form$/m,
		'... and says which form to use');

	# A checkpatch.pl that accepts the documented form: nothing to say.
	unlink "$d/Documentation/process/coding-assistants.rst";
	write_to("$d/scripts/checkpatch.pl", (scalar do { local (@ARGV, $/) = "$data/checkpatch-6.12.pl"; <> }) =~ s{\$1 !~ /\^\\S\+:\\S\+/}{\$1 !~ /^(?:LLM\\b|\\S+:\\S+)/}r);
	($st, $o) = run_cmd("$dc --out $tmp/dis4 --patch $llm 2>&1");
	is($st, 0, 'a checkpatch.pl that accepts the LLM form: exit 0') or diag $o;
	unlike($o, qr/^check-patch: Assisted-by:/m, '... and no line about it');
};
scenario "the tree's helpers, in another file than the patch's" => sub {
	# lib/walk.c maps and releases a field of its argument; a patch to
	# drivers/x/user.c swaps copy_ok()'s releases (the ufs_rename()
	# shape: helpers of fs/ufs/dir.c, the bug in namei.c).
	my $h = fake_tree();
	my $data = "$FindBin::Bin/data/summaries";
	write_to("$h/lib/walk.c", scalar do { local (@ARGV, $/) = "$data/walk.c"; <> });
	write_to("$h/drivers/x/user.c", scalar do { local (@ARGV, $/) = "$data/user.c"; <> });
	my $diff = <<'EOF2';
diff --git a/drivers/x/user.c b/drivers/x/user.c
--- a/drivers/x/user.c
+++ b/drivers/x/user.c
@@ -23,8 +23,8 @@ void copy_ok(struct walk *w, struct page *dst)
 	walk_map(w);
 	d = kmap_local_page(dst);
 	memcpy(d, w->addr, 64);
-	kunmap_local(d);
 	walk_done(w);
+	kunmap_local(d);
 }
 
 /* Released and mapped again while the inner page is held. */
EOF2
	my $p = patch_file('helper.patch', 'x: release the walk first', 'Release the walk before the page.', $diff);
	my $hc = "perl $root/cocci/bin/check-patch.pl --tree $h --jobs 2";
	my ($st1, $o1) = run_cmd("$hc --out $tmp/h1 --patch $p 2>&1");
	like($o1, qr/seed lists only/, 'without a scan or --wrappers: says the helpers are not known');
	my ($st2, $o2) = run_cmd("$hc --out $tmp/h2 --wrappers --patch $p 2>&1");
	is($st2, 1, 'with --wrappers: the patch fails') or diag $o2;
	like($o2, qr/^  \+ drivers\/x\/user\.c:26:\d+: copy_ok\(\): w->addr \(walk_map, line 23\) mapped before d/m, '... for the finding it adds');
	run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree $h --out $tmp/h3 --jobs 2 --wrappers --quiet >/dev/null 2>&1");
	my ($st3, $o3) = run_cmd("$hc --out $tmp/h3 --patch $p 2>&1");
	is($st3, 1, 'after a make scan of the tree into OUT: fails too') or diag $o3;
	like($o3, qr/with the tree's helpers found by the make scan/, '... with the helpers that scan found');
};
done_testing;
