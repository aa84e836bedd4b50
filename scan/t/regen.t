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
plan skip_all => 'scripts/lifo-fix.sh not there yet' unless -f "$root/scripts/lifo-fix.sh";

sub slurp($f) { local $/; open my $fh, '<', $f or die "$f: $!"; <$fh> }
sub undated($t) { $t =~ s/^Date: .*\n//mr }

my $tmp = tempdir(CLEANUP => 1);
for my $p (@p) {
	my $t = slurp($p);
	my ($from) = $t =~ /^From: (.*(?:\n .*)*)$/m;
	$from =~ s/\n / /g;
	my @files = $t =~ m{^\+\+\+ b/(\S+)$}mg;
	ok(@files, "$p touches files") or next;
	my $n = $p =~ s{.*/}{}r;
	my ($st, $o) = run_cmd("perl $root/scan/make-fixes.pl --tree $tree --out $tmp/$n "
		. join(' ', map { "--finding $_" } @files) . " --author '$from' --quiet 2>&1");
	is($st, 0, "$n: make fixes --finding @files") or diag $o;
	my $new = "$tmp/$n/patches/$n";
	ok(-f $new, "$n is made again under that name") or diag join ' ', glob "$tmp/$n/patches/*";
	is(-f $new ? undated(slurp($new)) : '', undated($t), "$n regenerates identically (dates aside)");
	# Applies to a copy of the files it touches.
	my $c = "$tmp/$n/copy";
	for my $f (@files) {
		system('mkdir', '-p', "$c/" . ($f =~ s{/[^/]*$}{}r)) == 0 or die;
		system('cp', "$tree/$f", "$c/$f") == 0 or die;
	}
	($st, $o) = run_cmd("cd $c && patch -p1 -s < $p 2>&1");
	is($st, 0, "$n applies to the packaged tree with patch -p1") or diag $o;
}
done_testing;
