# SPDX-License-Identifier: GPL-2.0
# The committed patches of kernel-patches/lifo/ are what make fixes makes
# today (dates aside), and they apply to the packaged tree.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);

my $root = root();
my @p = sort glob "$root/kernel-patches/lifo/*.patch";
plan skip_all => 'no patches in kernel-patches/lifo' unless @p;
plan skip_all => 'spatch not installed' unless have_spatch();
my $tree = packaged_tree();
plan skip_all => 'packaged 6.12 tree not available' unless $tree;
plan skip_all => 'cocci/bin/lifo-fix.sh not there yet' unless -f "$root/cocci/bin/lifo-fix.sh";

sub undated($t) { $t =~ s/^Date: .*\n//mr }

my $tmp = tempdir(CLEANUP => 1);
# make fixes for every file the committed patches touch, in one run.  The
# spatch runs on big files take long: by default (make check has a minute)
# only patches whose files total under 20 kB are made again, and the
# others only applied; SCAN_FULL_REGEN=1 makes them all again.
my (%files, $from, %regen);
for my $p (@p) {
	my $t = slurp($p);
	my $size = 0;
	$size += -s "$tree/$_" // 0 for $t =~ m{^\+\+\+ b/(\S+)$}mg;
	$regen{$p} = 1 if $ENV{SCAN_FULL_REGEN} || $size < 20_000;
}
for my $p (grep { $regen{$_} } @p) {
	my $t = slurp($p);
	($from) = $t =~ /^From: (.*(?:\n .*)*)$/m;
	$files{$_} = 1 for $t =~ m{^\+\+\+ b/(\S+)$}mg;
}
$from =~ s/\n / /g;
my ($st, $o) = run_cmd("perl $root/cocci/bin/make-fixes.pl --tree $tree --out $tmp/out "
	. join(' ', map { "--finding $_" } sort keys %files) . " --author '$from' --no-build-check --quiet 2>&1");
# Not signed off: checkpatch.pl fails them on that (and the omap-crypto
# fix on the kunmap_atomic() line it moves), as make check-patch does;
# nothing else may fail.
my @why = grep { !/^(?:checkpatch\.pl:|ERROR: Missing Signed-off-by|WARNING: Deprecated use of 'kunmap_atomic'|#\d+: |\+\s|total: )/ } map { s/^\s+//r }
	grep { /^  / } split /\n/, $o;
ok(($st == 0 || $st == 1) && !@why, 'make fixes --finding ' . join(' ', sort keys %files) . ': only the sign-off (and DEPRECATED_API) fail')
	or diag $o;
my @made = map { s{.*/}{}r =~ s/^\d{4}-//r } sort glob "$tmp/out/patches/*.patch";
is_deeply(\@made, [map { s{.*/}{}r =~ s/^\d{4}-//r } grep { $regen{$_} } @p], 'the same patches (numbering aside when some are left out)');
my %made = map { (s{.*/}{}r =~ s/^\d{4}-//r) => $_ } glob "$tmp/out/patches/*.patch";
for my $p (@p) {
	my $n = $p =~ s{.*/}{}r;
	scenario "$n: made again as committed, applies to the packaged tree" => sub {
		if ($regen{$p}) {
			my $new = $made{$n =~ s/^\d{4}-//r};
			my $want = undated(slurp($p));
			my $got = $new ? undated(slurp($new)) : '';
			if (!$ENV{SCAN_FULL_REGEN}) { s/^From \S+ //m for $want, $got }
			is($got, $want, "$n regenerates identically (dates aside)");
		} else {
			note "$n: not made again (big files; SCAN_FULL_REGEN=1 does)";
		}
		# Applies to a copy of the files it touches.
		my $c = "$tmp/copy-$n";
		for my $f (slurp($p) =~ m{^\+\+\+ b/(\S+)$}mg) {
			system('mkdir', '-p', "$c/" . ($f =~ s{/[^/]*$}{}r)) == 0 or die;
			system('cp', "$tree/$f", "$c/$f") == 0 or die;
		}
		($st, $o) = run_cmd("cd $c && patch -p1 -s < $p 2>&1");
		is($st, 0, "$n applies to the packaged tree with patch -p1") or diag $o;
	};
}
done_testing;
