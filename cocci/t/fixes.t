# SPDX-License-Identifier: GPL-2.0
# make fixes on a fake tree: patches apply, are checkpatch- and
# disclosure-clean, say "fix" only for fixes, carry no invented sign-off.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use File::Path qw(make_path);

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $fixes = "perl $root/cocci/bin/make-fixes.pl --no-build-check --fixer 'perl $root/cocci/t/data/fake-fixer.pl' --jobs 2 --quiet";
my $author = "--author 'Test Author <test\@example.org>'";
my $t = fake_tree();
my $out = tempdir(CLEANUP => 1);


# Not signed off (the default): checkpatch.pl fails them on that, here
# as in make check-patch.
my ($st, $o, @p);
scenario 'without --signoff: one patch per function, its subject and changelog' => sub {
	($st, $o) = run_cmd("$fixes $author --tree $t --out $out/a 2>&1");
	is($st, 1, 'make fixes without --signoff: exit 1 (checkpatch.pl: no sign-off)') or diag $o;
	@p = sort glob "$out/a/patches/*.patch";
	is(scalar @p, 3, 'one patch per function');
	like($o, qr/^FAIL 0001-/m, 'checks reported per patch');
	like($o, qr/^  checkpatch\.pl:\n    ERROR: Missing Signed-off-by: line\(s\)$/m, '... checkpatch.pl fails them on the missing sign-off')
		if -f "$t/scripts/checkpatch.pl";
	my ($loong) = grep { /LoongArch/ } @p;
	my ($mm) = grep { /mm-copy/ } @p;
	ok($loong && $mm, 'patch names from the subjects') or diag "@p";
	my $lt = slurp($loong);
	my $mt = slurp($mm);

	like($lt, qr/^Subject: \[PATCH\] LoongArch: Release kmap_local mappings in reverse order in\n copy_user_highpage\(\)$/m, 'cleanup subject, LoongArch prefix');
	unlike(($lt =~ /^(Subject: .*\n(?: .*\n)*)/m)[0], qr/\bfix/i, 'cleanup subject does not say fix');
	like($lt, qr/this is a cleanup, not a fix/, 'cleanup changelog says so');
	like($lt, qr/LoongArch has neither HIGHMEM nor\s+ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP/, 'cleanup changelog: why');
	like($lt, qr/generated with Coccinelle \d[\d.]* using the semantic patch\s+cocci\/kmap_local_lifo\.cocci\s+of\s+the\s+kmap-lifo\s+tools\s+\(not\s+in\s+the\s+kernel\s+tree\)\./,
		'tool disclosure: the rule by where it lives (this project: the tree has no scripts/coccinelle/api/kmap_local_lifo.cocci)');
	unlike($lt, qr/scripts\/coccinelle/, '... not by a path the tree does not have');
	is(() = $lt =~ /highmem\.rst/g, 1, 'the LIFO rule is stated once');
	unlike($lt, qr/^(?:Signed-off-by|Fixes|Assisted-by|Co-developed-by):/mi, 'no sign-off, Fixes or agent trailers');
	like($lt, qr/^From: Test Author <test\@example\.org>$/m, 'author from --author');
	like($mt, qr/^Subject: \[PATCH\] mm\/copy: fix kmap_local release order in copy_two\(\)$/m, 'fix subject, mm/ prefix');
	like($mt, qr/Affected: kernels with CONFIG_HIGHMEM=y/, 'fix changelog: affected configurations');
	unlike($mt, qr/^Fixes:/m, 'no Fixes: outside a git tree');
	my @lines = grep { !/^(?:Subject|From|To|Cc):|^ / } split /\n/, ($mt =~ /\n\n(.*?)\n---\n/s)[0];
	ok(!(grep { length > 75 } @lines), 'changelog lines fit in 75 columns');
};

# Apply: patch -p1 and git am on a copy.
scenario 'the patches apply with patch -p1 and git am' => sub {
	my $copy = "$out/copy";
	system("cp -a '$t' '$copy'") == 0 or die;
	($st, $o) = run_cmd("cd '$copy' && for p in @p; do patch -p1 -s < \$p || exit 1; done 2>&1");
	is($st, 0, 'patches apply with patch -p1') or diag $o;
	unlike(slurp("$copy/arch/loongarch/mm/init.c"), qr/kunmap_local\(vfrom\);\n\tkunmap_local\(vto\);/, 'LoongArch order fixed');
	my $g = "$out/gitcopy";
	system("cp -a '$t' '$g' && cd '$g' && git init -q && git add -A && git -c user.name=x -c user.email=x\@y commit -qm base") == 0 or die;
	($st, $o) = run_cmd("cd '$g' && git -c user.name=x -c user.email=x\@y am -q @p 2>&1");
	is($st, 0, 'patches apply with git am') or diag $o;
};

scenario 'checkpatch- and disclosure-clean' => sub {
	SKIP: {
		skip 'no checkpatch.pl (packaged tree missing)', 2 unless -f "$t/scripts/checkpatch.pl";
		($st, $o) = run_cmd("cd '$t' && perl scripts/checkpatch.pl --no-tree --ignore MISSING_SIGN_OFF @p 2>&1");
		is($st, 0, 'checkpatch-clean (sign-off left to the sender)') or diag $o;
		my $d = "$root/checkpatch-ext/disclosure.pl";
		skip 'checkpatch-ext/disclosure.pl not there yet', 1 unless -f $d;
		($st, $o) = run_cmd("for p in @p; do perl '$d' \$p || exit 1; done 2>&1");
		is($st, 0, 'disclosure-clean') or diag $o;
	}
};

scenario 'a tree with the rule applied: named by its path there' => sub {
	# A tree with the rule applied (kernel-patches/coccinelle/): its path.
	my $k = fake_tree();
	write_to("$k/scripts/coccinelle/api/kmap_local_lifo.cocci", "// the rule\n");
	my ($st, $o) = run_cmd("$fixes $author --signoff --tree $k --out $out/k --finding arch/loongarch/mm/init.c 2>&1");
	my ($kp) = glob "$out/k/patches/*.patch";
	like($kp ? slurp($kp) : '', qr/using the semantic patch\s+scripts\/coccinelle\/api\/kmap_local_lifo\.cocci\.\n/,
		'a tree that has the rule: named by its path there') or diag $o;
};

# --finding and --signoff.
# (OUT/findings.json of the first run is used: no second scan.)
scenario '--finding and --signoff' => sub {
	($st, $o) = run_cmd("$fixes $author --signoff --tree $t --out $out/a --finding arch/loongarch/mm/init.c:12 2>&1");
	is($st, 0, '--finding --signoff: exit 0') or diag $o;
	my @all = sort glob "$out/a/patches/*.patch";
	is(scalar @all, 3, '--finding makes one patch and leaves the patches of the other findings');
	my @b = grep { /LoongArch/ } @all;
	is(scalar @b, 1, '... replacing the one of the same function');
	is_deeply([map { slurp($_) } grep { !/LoongArch/ } @all], [map { slurp($_) } grep { !/LoongArch/ } @p], '... the others unchanged');
	like(slurp($b[0]), qr/^Signed-off-by: Test Author <test\@example\.org>$/m, '--signoff signs with the user identity');
	SKIP: {
		skip 'no checkpatch.pl', 1 unless -f "$t/scripts/checkpatch.pl";
		($st, $o) = run_cmd("cd '$t' && perl scripts/checkpatch.pl --no-tree @b 2>&1");
		is($st, 0, 'signed-off patch passes checkpatch without ignores') or diag $o;
	}
	($st, $o) = run_cmd("$fixes $author --tree $t --out $out/a --finding mm/copy.c:99 2>&1");
	is($st, 2, '--finding without a finding there: exit 2');
};

# Files make fixes did not write stay; a patch it wrote and someone
# changed since is not removed nor overwritten.
scenario 'files make fixes did not write stay; a changed patch is kept' => sub {
	write_to("$out/a/patches/mine.patch", "my own patch\n");
	write_to("$out/a/patches/0001-notes.patch", "notes\n");
	($st, $o) = run_cmd("$fixes $author --tree $t --out $out/a 2>&1");
	is($st, 1, 'make fixes again: exit 1 (not signed off)') or diag $o;
	is(slurp("$out/a/patches/mine.patch") . slurp("$out/a/patches/0001-notes.patch"), "my own patch\nnotes\n", "... others' files are left alone");
	is(scalar(() = glob "$out/a/patches/0*-*[a-z]*_*.patch"), 3, '... and its own three patches replaced, not doubled');
	my ($edited) = grep { /ARM/ } glob "$out/a/patches/*.patch";
	open my $eh, '>>', $edited or die;
	print $eh "-- \nedited\n";
	close $eh;
	($st, $o) = run_cmd("$fixes $author --tree $t --out $out/a 2>&1");
	is($st, 2, 'a patch changed since make fixes wrote it: exit 2');
	like($o, qr/ARM-\S+ exists and make fixes did not write it \(or it was changed since\): move it away/, '... says why');
	like(slurp($edited), qr/edited\n\z/, '... and the changed patch is kept');
};

# A git tree: subject prefix from git log, Fixes: the introducing commit.
scenario 'a git tree: Fixes: names the introducing commit' => sub {
	my $gt = fake_tree(git => 1);
	($st, $o) = run_cmd("$fixes $author --signoff --tree $gt --out $out/d --finding mm/copy.c:11 --finding arch/loongarch/mm/init.c:12 2>&1");
	is($st, 0, 'git tree: exit 0') or diag $o;
	my ($gm) = glob "$out/d/patches/*copy_two*.patch";
	my ($gl) = glob "$out/d/patches/*LoongArch*.patch";
	my $gmt = $gm ? slurp($gm) : '';
	my ($intro) = `cd '$gt' && git log -1 --format=%h --abbrev=12`;
	chomp $intro;
	like($gmt, qr/^Fixes: \Q$intro\E \("mm\/copy: unmap the source early"\)$/m, 'Fixes: names the introducing commit');
	unlike($gl ? slurp($gl) : 'Fixes:', qr/^Fixes:/m, 'no Fixes: for a cleanup');
};

# --wrappers: the fix for a nest of wrapper calls comes from the rule
# that knows the tree's wrappers (the real fixer, not the fake one).
scenario '--wrappers: the real fixer moves the wrapper release' => sub {
	my $w = fake_tree();
	mkdir "$w/lib" or die;
	system('cp', "$root/cocci/tests/wrappers/wrapped.c", "$w/lib/") == 0 or die;
	($st, $o) = run_cmd("perl $root/cocci/bin/make-fixes.pl --no-build-check --jobs 2 --quiet $author"
		. " --tree $w --out $out/w --wrappers --finding lib/wrapped.c:26 2>&1");
	my ($wp) = glob "$out/w/patches/*.patch";
	ok($wp, '--wrappers: a patch for the wrapped caller') or diag $o;
	like($wp ? slurp($wp) : '', qr/^-\tunmap_thing\(x\);\n \tunmap_thing\(y\);\n\+\tunmap_thing\(x\);$/m,
		'--wrappers: the wrapper release moves after the inner one');
};

# --- what a maintainer sends: To/Cc, subject, Fixes:, the build check ------
use lib "$FindBin::Bin/../lib";
use LifoPatch ();

scenario 'get_maintainer.pl runs on the touched files, as b4 runs it' => sub {
	my $m = fake_tree();
	my $log = "$out/gm.log";
	write_to("$m/MAINTAINERS", "MEMORY MANAGEMENT\nM:\tMM Maint <mm\@example.org>\nL:\tlinux-mm\@example.org\nF:\tmm/\n");
	# A get_maintainer.pl that records its arguments and answers by them.
	write_to("$m/scripts/get_maintainer.pl", <<"EOF2");
open my \$fh, '>>', '$log' or die;
print \$fh join("\\t", \@ARGV), "\\n";
my \%a = map { \$_ => 1 } \@ARGV;
print \$a{'--nol'} ? "MM Maint <mm\\\@example.org>\\nMM Reviewer <rev\\\@example.org>\\n"
	: "MM Reviewer <rev\\\@example.org>\\nlinux-mm\\\@example.org\\n";
EOF2
	my ($st, $o) = run_cmd("$fixes $author --signoff --tree $m --out $out/gm --finding mm/copy.c 2>&1");
	is($st, 0, 'make fixes: exit 0') or diag $o;
	my @calls = map { [split /\t/] } split /\n/, slurp($log);
	is(scalar @calls, 2, 'two runs: To, then Cc');
	for my $c (@calls) {
		ok((grep { $_ eq '--no-keywords' } @$c) && (grep { $_ eq '--no-rolestats' } @$c), "--no-keywords --no-rolestats: @$c");
		is($c->[-1], 'mm/copy.c', '... on the touched file, not on the patch');
		ok(!(grep { /\.patch$/ } @$c), '... no patch given');
	}
	ok((grep { $_ eq '--nol' } @{$calls[0]}), 'To: --nol (maintainers and reviewers)');
	ok((grep { $_ eq '--nom' } @{$calls[1]}) && (grep { $_ eq '--nor' } @{$calls[1]}), 'Cc: --nom --nor (lists)');
	my ($p) = glob "$out/gm/patches/*.patch";
	my $pt = $p ? slurp($p) : '';
	like($pt, qr/^To: MM Maint <mm\@example\.org>,\n    MM Reviewer <rev\@example\.org>\nCc: linux-mm\@example\.org\n/m,
		'To: the maintainers and reviewers, Cc: the lists, nobody twice');
};

scenario 'the omap-crypto fix: driver prefix, kmap_atomic, no C-SKY' => sub {
	my $p = packaged_tree();
	plan skip_all => 'packaged 6.12 tree not available' unless $p;
	my $m = fake_tree();
	system('cp', "$p/$_", "$m/$_") == 0 || die for qw(MAINTAINERS scripts/get_maintainer.pl);
	make_path("$m/drivers/crypto");
	system('cp', "$p/drivers/crypto/omap-crypto.c", "$m/drivers/crypto/") == 0 or die;
	# C-SKY has HIGHMEM: the changelog lists csky, which C-SKY's K: matches.
	write_to("$m/arch/csky/Kconfig", "config CSKY\n\tdef_bool y\n\nconfig HIGHMEM\n\tbool \"High Memory Support\"\n");
	my ($st, $o) = run_cmd("$fixes $author --signoff --tree $m --out $out/omap --finding drivers/crypto/omap-crypto.c 2>&1");
	# As make check-patch: checkpatch.pl warns on the kunmap_atomic() line it moves.
	is($st, 1, 'make fixes: exit 1 (DEPRECATED_API on the moved kunmap_atomic())') or diag $o;
	like($o, qr/Deprecated use of 'kunmap_atomic'/, '... said');
	my ($pp) = glob "$out/omap/patches/*.patch";
	my $pt = $pp ? slurp($pp) : '';
	like($pt, qr/^Subject: \[PATCH\] crypto: omap-crypto - Fix kmap_atomic release order in\n omap_crypto_copy_data\(\)$/m,
		'subject: the driver prefix, kmap_atomic named as the code uses it');
	unlike($pt, qr/kmap_local (?:release|mappings)/, '... kmap_local nowhere for kmap_atomic code');
	like($pt, qr/\bcsky\b/, 'the changelog names csky');
	my ($hdr) = $pt =~ /^(To: .*?)\n\n/ms;
	like($hdr // '', qr/^To: Herbert Xu <herbert\@gondor\.apana\.org\.au>/m, 'To: the crypto maintainers');
	like($hdr // '', qr/linux-crypto\@vger\.kernel\.org/, 'Cc: linux-crypto');
	unlike($hdr // '', qr/guoren|csky/i, 'neither the C-SKY maintainer nor linux-csky');
};

scenario 'subject prefix: the driver from git log, else the path' => sub {
	is(LifoPatch::subject_prefix($t, 'drivers/crypto/omap-crypto.c'), 'crypto: omap-crypto -', 'drivers/crypto/FILE.c: crypto: FILE -');
	is(LifoPatch::subject_prefix($t, 'drivers/crypto/caam/caamalg.c'), 'crypto: caam -', 'drivers/crypto/DIR/: crypto: DIR -');
	is(LifoPatch::subject_prefix($t, 'drivers/crypto/intel/iaa/iaa_crypto_main.c'), 'crypto: iaa -', 'IAA');
	my $gt = fake_tree(git => 1);
	my $g = "cd '$gt' && git -c user.name=B -c user.email=b\@example.org";
	write_to("$gt/drivers/crypto/foo-bar.c", "int foo_bar;\n");
	system("$g add -A && $g commit -qm 'crypto: foo-bar - add the driver' && echo 'int x;' >> drivers/crypto/foo-bar.c"
		. " && $g commit -qam 'crypto: foo-bar - fix the thing'") == 0 or die;
	is(LifoPatch::subject_prefix($gt, 'drivers/crypto/foo-bar.c'), 'crypto: foo-bar -', 'git log: "crypto: foo-bar - ..." gives the driver prefix');
	is(LifoPatch::subject_prefix($gt, 'mm/copy.c'), 'mm/copy:', 'git log: "mm/copy: ..."');
};

scenario 'the mapping API as the code uses it' => sub {
	my $f = sub (@maps) { { impact => 'fix', function => 'f',
		findings => [map { { first => { map => $_->[0] }, second => { map => $_->[1] } } } @maps] } };
	is(LifoPatch::subject('x:', $f->(['kmap_atomic', 'kmap_atomic'])), 'x: Fix kmap_atomic release order in f()', 'kmap_atomic');
	is(LifoPatch::subject('x:', $f->(['kmap_local_page', 'kmap_local_folio'])), 'x: Fix kmap_local release order in f()', 'kmap_local');
	is(LifoPatch::subject('x:', $f->(['kmap_atomic', 'kmap_local_page'])), 'x: Fix kmap_atomic/kmap_local release order in f()', 'both');
	is(LifoPatch::subject('mm:', { %{$f->(['pte_offset_map', 'kmap_local_page'])}, impact => 'cleanup' }),
		'mm: release pte_map/kmap_local mappings in reverse order in f()', 'a PTE map, a cleanup');
};

scenario 'Fixes: written in a git tree, else a line saying why not' => sub {
	(my $loud = $fixes) =~ s/ --quiet//;
	my ($st, $o) = run_cmd("$loud $author --signoff --tree $t --out $out/nf --finding mm/copy.c 2>&1");
	is($st, 0, 'a tree git does not track: exit 0') or diag $o;
	like($o, qr/^make-fixes: no Fixes: tag for copy_two\(\): \Q$t\E is not a git tree/m, '... says why there is no Fixes:');
	my $gt = fake_tree(git => 1);
	($st, $o) = run_cmd("$loud $author --signoff --tree $gt --out $out/nf2 --finding mm/copy.c 2>&1");
	is($st, 0, 'a git tree: exit 0') or diag $o;
	unlike($o, qr/no Fixes: tag/, '... Fixes: written, nothing to explain');
};

scenario 'BUILD_CHECK=0|1|auto' => sub {
	(my $nb = $fixes) =~ s/ --no-build-check//;
	$nb =~ s/ --quiet//;
	my %r;
	for my $bc (qw(0 auto 1)) {
		my ($st, $o) = run_cmd("$nb $author --signoff --tree $t --out $out/bc$bc --build-check $bc --finding arch/loongarch/mm/init.c 2>&1");
		$r{$bc} = [$st, $o];
	}
	is($r{0}[0], 0, '0: exit 0');
	unlike($r{0}[1], qr/build: /, '... no build check');
	like($r{0}[1], qr/note: no build check \(BUILD_CHECK=0\)/, '... and says so');
	is($r{auto}[0], 0, 'auto: exit 0') or diag $r{auto}[1];
	# (No LoongArch compiler here, or one that fails on the fake tree.)
	like($r{auto}[1], qr{build: skip: arch/loongarch/mm/init\.c: not built: (?:it is built for loongarch \(in arch/loongarch\), and no loongarch compiler|make loongson3_defconfig failed|\S)}, '... says what was not built and why');
	is($r{1}[0], 1, '1: a touched C file not built fails the patch (exit 1)') or diag $r{1}[1];
	like($r{1}[1], qr{^FAIL .*\n  arch/loongarch/mm/init\.c: not built: .*\(BUILD_CHECK=1\)}m, '... with the reason');
	my ($st, $o) = run_cmd("$nb $author --tree $t --out $out/bcx --build-check maybe 2>&1");
	is($st, 2, 'BUILD_CHECK=maybe: exit 2');
	like($o, qr/must be 0, 1 or auto/, '... with a clear message');
};

scenario 'one verdict: make fixes says ok only for what make check-patch passes' => sub {
	# The packaged checkpatch.pl's behaviour (a fixture): MISSING_SIGN_OFF,
	# DEPRECATED_API on an added kunmap_atomic() line.
	my $v = fake_tree();
	write_to("$v/scripts/checkpatch.pl", slurp("$FindBin::Bin/data/checkpatch-6.12.pl"));
	write_to("$v/drivers/x/atomic.c", slurp("$t/mm/copy.c") =~ s/kmap_local_page/kmap_atomic/gr =~ s/kunmap_local/kunmap_atomic/gr
		=~ s/copy_two/atomic_two/r =~ s/copy_ok/atomic_ok/r);
	for my $sign ('', '--signoff') {
		my ($st, $o) = run_cmd("$fixes $author $sign --tree $v --out $out/one$sign 2>&1");
		my %mf = $o =~ /^(ok|FAIL) +(\S+\.patch)$/mg ? map { /^(ok|FAIL) +(\S+)/ ? ($2 => $1) : () } grep { /^(?:ok|FAIL) / } split /\n/, $o : ();
		is(scalar keys %mf, 4, ($sign || 'unsigned') . ': a verdict for each of the four patches') or diag $o;
		for my $n (sort keys %mf) {
			my ($cst, $co) = run_cmd("perl $root/cocci/bin/check-patch.pl --tree $v --out $out/one-cp --jobs 2 --patch $out/one$sign/patches/$n 2>&1");
			is($mf{$n} eq 'ok' ? 0 : 1, $cst, ($sign || 'unsigned') . ": $n: make fixes says $mf{$n}, check-patch exits $cst") or diag "$o\n$co";
		}
		is($st, 1, ($sign || 'unsigned') . ': make fixes exits 1') or diag $o;
	}
	(my $loud = $fixes) =~ s/ --quiet//;
	my $o = (run_cmd("$loud $author --signoff --tree $v --out $out/one2 --finding drivers/x/atomic.c 2>&1"))[1];
	like($o, qr/^FAIL 0001-x-Fix-kmap_atomic-release-order-in-atomic_two\.patch\n  checkpatch\.pl:\n    WARNING: Deprecated use of 'kunmap_atomic'/m,
		'signed off: the kmap_atomic fix fails on DEPRECATED_API, as in check-patch') or diag $o;
	like($o, qr/note: checkpatch\.pl warns DEPRECATED_API on a line the patch only moves/, '... with a note on what to do');
};
scenario 'a finding patch mode cannot fix: a bug report draft' => sub {
	my $r = fake_tree();
	write_to("$r/MAINTAINERS", "X DRIVER\nM:\tX Maint <x\@example.org>\nL:\tlinux-x\@example.org\nF:\tdrivers/x/\n");
	# A get_maintainer.pl that answers by its arguments, as in the subtest above.
	write_to("$r/scripts/get_maintainer.pl", "my \%a = map { \$_ => 1 } \@ARGV;\nprint \$a{'--nol'} ? \"X Maint <x\\\@example.org>\\n\" : \"linux-x\\\@example.org\\n\";\n");
	# The releases are not consecutive: patch mode (the fake fixer too)
	# does not move them.
	write_to("$r/drivers/x/apart.c", <<'EOF2');
// SPDX-License-Identifier: GPL-2.0
#include <linux/highmem.h>

void copy_apart(struct page *dst, struct page *src)
{
	void *s, *d;

	s = kmap_local_page(src);
	d = kmap_local_page(dst);
	memcpy(d, s, PAGE_SIZE);
	kunmap_local(s);
	flush_dcache_page(dst);
	kunmap_local(d);
}
EOF2
	(my $loud = $fixes) =~ s/ --quiet//;
	my ($st, $o) = run_cmd("$loud $author --signoff --tree $r --out $out/rep 2>&1");
	is($st, 0, 'make fixes: exit 0 (a report is not a failed check)') or diag $o;
	unlike($o, qr/ at \S+\.p[lm] line \d+\.$/m, '... and no Perl warning ("my" variable $why masks ...)');
	my $n = 'drivers-x-apart.c-copy_apart.eml';
	like($o, qr/^report \Q$n\E$/m, 'a report, named on stdout');
	like($o, qr/^make-fixes: drivers\/x\/apart\.c:11: copy_apart\(\): no patch \(patch mode cannot move this release\): a bug report draft for its maintainers in \S+\/reports\/\Q$n\E \(fingerprint [0-9a-f]{16}, for REVIEWED= once handled\)$/m,
		'... and where it is, with the fingerprint');
	my $rt = -f "$out/rep/reports/$n" ? slurp("$out/rep/reports/$n") : '';
	like($rt, qr/^From: Test Author <test\@example\.org>\nTo: X Maint <x\@example\.org>\nCc: linux-x\@example\.org\nSubject: \[bug report\] x: copy_apart\(\): kmap_local mappings released out of order\n\n/m,
		'From, To (get_maintainer.pl on the file), Cc, a "[bug report]" subject');
	like($rt, qr/^\tdrivers\/x\/apart\.c:11 copy_apart\(\)\n\twarn: s \(kmap_local_page, line 8\) mapped before d \(kmap_local_page, line 9\) but released first; release d before s$/m,
		'the warning, as smatch reports cite theirs');
	like($rt, qr/^drivers\/x\/apart\.c\n {8}6 \tvoid \*s, \*d;\n(?:.*\n)*?--> {4}11 \tkunmap_local\(s\);\n(?:.*\n)*? {7}13 \tkunmap_local\(d\);\n/m,
		'the code lines cited, the early release marked -->');
	like($rt, qr/Affected:\s+kernels\s+with\s+CONFIG_HIGHMEM=y/, 'the impact');
	like($rt, qr/There is no patch with this report: .*consecutive statements/s, 'why there is no patch');
	like($rt, qr/How it was found: make scan of kmap-lifo/, 'how it was found');
	like($rt, qr/Linux 6\.12\.0 has the following/, 'the kernel (no git tree: no commit named)');
	ok(!(grep { /apart/ } glob "$out/rep/patches/*"), 'no patch for it');
	# Made again, the draft is replaced; changed by the user, it stays.
	($st, $o) = run_cmd("$fixes $author --signoff --tree $r --out $out/rep 2>&1");
	is(scalar(() = glob "$out/rep/reports/*.eml"), 1, 'made again: one draft, replaced');
	open my $fh, '>>', "$out/rep/reports/$n" or die;
	print $fh "my edit\n";
	close $fh;
	($st, $o) = run_cmd("$fixes $author --signoff --tree $r --out $out/rep 2>&1");
	is($st, 2, 'a draft the user changed: exit 2, as for a patch');
	like(slurp("$out/rep/reports/$n"), qr/my edit\n\z/, '... and the draft is kept');
	# From findings.json (no message): the warning made from the fields.
	require LifoBugReport;
	is(LifoBugReport::warning({ file => 'fs/ufs/namei.c', function => 'ufs_rename', line => 303,
		first => { expr => 'old_de', map => 'ufs_find_entry', line => 261 }, second => { expr => 'dir_de', map => 'ufs_dotdot', line => 267 } }),
		'old_de (ufs_find_entry, line 261) mapped before dir_de (ufs_dotdot, line 267) but released first; release dir_de before old_de',
		"a findings.json finding: the rule's warning made from its fields");
	my $w = LifoBugReport::warning({ first => { expr => 'w->src', map => 'kmap_local_page', line => 5, mapped_in => 'walk_map' },
		second => { expr => 'd', map => 'kmap_local_page', line => 9 } });
	like($w, qr/^w->src \(kmap_local_page in walk_map\(\), line 5\) mapped before d/, '... a field mapped in another function');
	my @why = LifoBugReport::reasons('/nonexistent', { function => 'f', findings => [{ line => 2, column => 1,
		first => { expr => 'a', map => 'get_a', line => 1 }, second => { expr => 'b', map => 'kmap_local_page', line => 1 } }] },
		{ maps => { kmap_local_page => 1 }, releases => { kunmap_local => 1 }, iterators => {} }, { get_a => 'map', put_a => 'release' },
		['', "\tput_a(a);"]);
	like($why[0], qr/^a is mapped by get_a\(\), a helper of this tree that returns a mapped address$/, 'why: a helper that maps');
	like($why[1], qr/^a is released by put_a\(\), a helper of this tree that releases its argument$/, 'why: a helper that releases');
};
scenario 'REVIEWED=: no patch for a reviewed finding' => sub {
	require LifoFinding;
	my $fp = LifoFinding::fingerprint({ file => 'mm/copy.c', function => 'copy_two',
		first => { expr => 's', map => 'kmap_local_page' }, second => { expr => 'd', map => 'kmap_local_page' } });
	write_to("$out/reviewed", "$fp  copy_two(): looked at, fine as it is\n");
	(my $loud = $fixes) =~ s/ --quiet//;
	my ($st, $o) = run_cmd("$loud $author --tree $t --out $out/rv --reviewed $out/reviewed 2>&1");
	like($o, qr{^make-fixes: mm/copy\.c:\d+: copy_two\(\): reviewed \(REVIEWED=\S+reviewed:1: copy_two\(\): looked at, fine as it is\): no patch$}m,
		'the reviewed finding is named, with the reason') or diag $o;
	my @p = map { s{.*/}{}r } glob "$out/rv/patches/*.patch";
	is(scalar @p, 2, '... and gets no patch; the two others do') or diag "@p";
	ok(!(grep { /mm-copy/ } @p), '... none for mm/copy.c') or diag "@p";
	($st, $o) = run_cmd("$loud $author --tree $t --out $out/rv --reviewed $out/nope 2>&1");
	is($st, 2, 'REVIEWED= missing: exit 2');
};
# A scan with errors after the last complete one: make fixes refuses
# the older findings, unless told to scan again.
scenario 'after a scan with errors: refused, unless --rescan' => sub {
	my $o2 = "$out/stale";
	run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree $t --out $o2 --jobs 1 --quiet >/dev/null 2>&1");
	make_path("$o2/incomplete");
	sleep 1;
	open my $fh, '>', "$o2/incomplete/scan.json" or die;
	print $fh qq({"complete": false}\n);
	close $fh;
	my ($s2, $m2) = run_cmd("$fixes $author --tree $t --out $o2 2>&1");
	is($s2, 2, 'make fixes after a scan with errors: exit 2');
	like($m2, qr/latest make scan into .* had errors/, '... says which scan to run again');
	ok(!-d "$o2/patches", '... and writes no patch');
	($s2, $m2) = run_cmd("$fixes $author --signoff --tree $t --out $o2 --rescan 2>&1");
	is($s2, 0, '... --rescan scans again and makes them') or diag $m2;
};

# Interrupted during its checks (the tree's checkpatch.pl hangs: a sleep
# of a duration of this run's own), make fixes leaves the patches of the
# last run as they were, as it says.
scenario 'interrupted during its checks: the last patches stay' => sub {
	my $k = fake_tree();
	my $io = "$out/intr";
	unlink "$k/scripts/checkpatch.pl";
	run_cmd("$fixes $author --tree $k --out $io >/dev/null 2>&1");
	my $pd = "$io/patches";
	my %before = map { $_ => slurp($_) } glob("$pd/*"), "$pd/.make-fixes-manifest";
	is(scalar(grep { /\.patch\z/ } keys %before), 3, 'a first run: three patches');
	my $mark = sprintf '3600.%d', $$;
	write_to("$k/scripts/checkpatch.pl", "exec 'sleep', '$mark';\n");
	my $pid = fork // die;
	if (!$pid) {
		open STDOUT, '>', "$io.out";
		open STDERR, '>', "$io.err";
		exec 'perl', "$root/cocci/bin/make-fixes.pl", '--no-build-check', '--fixer', "perl $root/cocci/t/data/fake-fixer.pl",
			'--jobs', 2, '--quiet', '--author', 'Test Author <test@example.org>', '--signoff', '--tree', $k, '--out', $io;
	}
	my $checking = sub { grep { (slurp($_) // '') =~ /\Q$mark\E/ } glob '/proc/[0-9]*/cmdline' };
	my $w = 0;
	select(undef, undef, undef, 0.2), $w++ until $checking->() || $w > 300;
	ok($checking->(), 'the second run (signed off) reaches its checks');
	kill 'INT', $pid;
	waitpid $pid, 0;
	ok($? & 127 || $? >> 8, 'interrupted: it ends, not with success');
	like(slurp("$io.err"), qr/interrupted \(SIGINT\): temporary files removed, results left as they were/, '... and says the results are left');
	is_deeply({ map { $_ => slurp($_) } glob("$pd/*"), "$pd/.make-fixes-manifest" }, \%before,
		'... and they are: the patches of the first run, not signed off');
	is_deeply([running($mark)], [], '... nothing it started is left running');
};

done_testing;
