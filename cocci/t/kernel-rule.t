# SPDX-License-Identifier: GPL-2.0
# kernel-patches/coccinelle/: the patch that adds the rule to
# scripts/coccinelle/api/ is what cocci/bin/kernel-rule.pl makes from
# cocci/kmap_local_lifo.cocci today, has the kernel's header, and a plain
# `make coccicheck` in a tree that git ignores runs it and reports the
# seed (move_pages_pte() with the upstream fix reverted), where the
# kernel's .cocciconfig (--use-gitgrep) alone would match no file.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use File::Path qw(make_path);

my $root = root();
my $gen = "$root/cocci/bin/kernel-rule.pl";
my ($patch) = glob "$root/kernel-patches/coccinelle/0001-*.patch";

ok($patch && -f $patch, 'kernel-patches/coccinelle/0001-*.patch exists') or BAIL_OUT('no patch');
my ($st, $o);
scenario '--check: the committed patch is what kernel-rule.pl makes' => sub {
	($st, $o) = run_cmd("perl '$gen' --check 2>&1");
	is($st, 0, 'the committed patch is what kernel-rule.pl makes from the rule (else: make regen)') or diag $o;
};

my $tmp = tempdir(CLEANUP => 1);
# A changed rule: --check tells to regenerate.
scenario 'a changed rule: --check fails; a rewrite anchor gone: refused' => sub {
	(my $changed = slurp("$root/cocci/kmap_local_lifo.cocci")) =~ s/^(virtual report)$/$1\n\/\/ a change/m;
	write_to("$tmp/changed.cocci", $changed);
	($st, $o) = run_cmd("perl '$gen' --check --rule '$tmp/changed.cocci' 2>&1");
	is($st, 1, 'a changed rule: --check fails');
	like($o, qr/make regen/, '... and says to run make regen');
	# A rule changed where it is rewritten for the kernel: a clear error.
	(my $nocomm = $changed) =~ s{^// Comments: .*\n}{}m;
	write_to("$tmp/nocomm.cocci", $nocomm);
	($st, $o) = run_cmd("perl '$gen' --print-rule --rule '$tmp/nocomm.cocci' 2>&1");
	isnt($st, 0, 'a rule without the Comments header: kernel-rule.pl refuses');
	like($o, qr/update \@REWRITE/, '... and names what to update');
};

# The kernel form.
scenario 'the kernel form of the rule' => sub {
	($st, my $k) = run_cmd("perl '$gen' --print-rule");
	is($st, 0, '--print-rule');
	my $t = slurp($patch);
	my $added = join '', map { s/^\+//r . "\n" } grep { /^\+(?!\+\+ )/ } split /\n/, $t;
	is($added, $k, 'the patch adds the kernel form of the rule');
	like($t, qr{^\+\+\+ b/scripts/coccinelle/api/kmap_local_lifo\.cocci$}m, 'as scripts/coccinelle/api/kmap_local_lifo.cocci');
	like($k, qr{\A// SPDX-License-Identifier: GPL-2\.0-only\n/// \S}, 'SPDX line, then the /// description');
	like($k, qr{^// Confidence: High$}m, 'Confidence');
	like($k, qr{^// Copyright: \(C\) \d{4} }m, 'Copyright');
	my @opt = $k =~ /Options:(.*)/g;
	is(scalar @opt, 1, 'one line says "Options:" (scripts/coccicheck greps them all)');
	like($opt[0] // '', qr/--use-coccigrep/, 'Options: --use-coccigrep');
	like($k, qr/^virtual $_$/m, "virtual $_") for qw(patch context org report);
	unlike($k, qr/make (?:scan|regen)/, 'no word of the project\'s drivers');
	unlike($k, qr{^\x23 (?:>>>|<<<) |cocci/lib/}m, 'the Python of cocci/lib/ without its markers and headers');
	like($t, qr/^Assisted-by: LLM$/m, 'Assisted-by: LLM');
	unlike($t, qr/^Signed-off-by:/m, 'no sign-off (the sender adds it)');
};

scenario 'make coccicheck runs it in a tree git ignores' => sub {
	SKIP: {
		skip 'spatch not installed', 6 unless have_spatch();
		my $tree = packaged_tree();
		skip 'packaged 6.12 tree not available', 6 unless $tree;
		skip 'make not installed', 6 if system('make --version >/dev/null 2>&1');
		# A git repository that ignores build/, and under it a copy of what
		# make coccicheck needs, with mm/userfaultfd.c as before the fix.
		my $repo = "$tmp/repo";
		make_path("$repo/build/linux");
		system("cd '$repo' && git init -q && echo /build/ > .gitignore") == 0 or die;
		my $l = "$repo/build/linux";
		for my $f (qw(Makefile .cocciconfig scripts include/linux/kconfig.h include/linux/compiler-version.h
			      mm/userfaultfd.c), map { s{^\Q$tree\E/}{}r } glob "$tree/arch/x86/Makefile*") {
			make_path("$l/" . ($f =~ s{/?[^/]*$}{}r)) if $f =~ m{/};
			system('cp', '-R', "$tree/$f", "$l/$f") == 0 or die "cp $f";
		}
		($st, $o) = run_cmd("cd '$l' && patch -p1 -R -s < '$root/test-kernels/patches/upstream-move_pages_pte-lifo.patch' 2>&1 && patch -p1 -s < '$patch' 2>&1");
		is($st, 0, 'the upstream fix reverted, the rule patch applied') or diag $o;
		my $cc = "make -s ARCH=x86 J=1 coccicheck MODE=report";
		my $seed = qr{^\./mm/userfaultfd\.c:\d+:\d+-\d+: WARNING: move_pages_pte\(\): dst_pte \(pte_offset_map_nolock, line \d+\) mapped before src_pte}m;
		($st, $o) = run_cmd("cd '$l' && $cc COCCI=scripts/coccinelle/api/kmap_local_lifo.cocci 2>&1");
		is($st, 0, 'make coccicheck COCCI=scripts/coccinelle/api/kmap_local_lifo.cocci') or diag $o;
		like($o, $seed, 'it reports move_pages_pte() in a tree git ignores') or diag $o;
		# Without --use-coccigrep, the .cocciconfig's git grep finds nothing:
		# the trap the Options line avoids.
		(my $plain = slurp("$l/scripts/coccinelle/api/kmap_local_lifo.cocci")) =~ s/ --use-coccigrep$//m;
		write_to("$l/scripts/coccinelle/api/plain.cocci", $plain);
		($st, $o) = run_cmd("cd '$l' && $cc COCCI=scripts/coccinelle/api/plain.cocci 2>&1");
		like($o, qr/^0 files match$/m, 'the same rule without --use-coccigrep: 0 files match there');
		unlike($o, $seed, '... and no report');
		# The project's rule (COCCI=/path/to/cocci/kmap_local_lifo.cocci) too.
		($st, $o) = run_cmd("cd '$l' && $cc COCCI='$root/cocci/kmap_local_lifo.cocci' 2>&1");
		like($o, $seed, 'make coccicheck COCCI=cocci/kmap_local_lifo.cocci reports it too') or diag $o;
	}
};
done_testing;
