# SPDX-License-Identifier: GPL-2.0
# The hand-written fixes of kernel-patches/by-hand/ fix what make scan
# finds: on the folders they touch, copied from the packaged 6.12 tree
# (with the helpers found there), make scan reports the touched files
# before the patch and nothing in them after it.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);

my $root = root();
my @p = sort glob "$root/kernel-patches/by-hand/*.patch";
plan skip_all => 'no patches in kernel-patches/by-hand' unless @p;
plan skip_all => 'spatch not installed' unless have_spatch();
my $tree = packaged_tree();
plan skip_all => 'packaged 6.12 tree not available' unless $tree;

my $tmp = tempdir(CLEANUP => 1);
for my $p (@p) {
	my $n = $p =~ s{.*/}{}r;
	scenario "$n: make scan finds what it fixes, and nothing after it" => sub {
		my @files = slurp($p) =~ m{^\+\+\+ b/(\S+)$}mg;
		my $t = "$tmp/$n/linux";
		write_to("$t/Makefile", "VERSION = 6\nPATCHLEVEL = 12\n");
		write_to("$t/Kconfig", "mainmenu \"Linux\"\n");
		write_to("$t/arch/x86/Kconfig", "config X86\n\tdef_bool y\n");
		my %dirs = map { ($_ =~ s{/[^/]*$}{}r) => 1 } @files;
		for my $d (sort keys %dirs) {
			system('mkdir', '-p', "$t/$d") == 0 && system("cp '$tree/$d'/*.[ch] '$t/$d/'") == 0 or die "cp $d";
		}
		my %touched = map { $_ => 1 } @files;
		my $scan = sub ($out) {
			my ($st, $o) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$t' --out '$tmp/$n/$out' --jobs 2 --wrappers 2>/dev/null");
			return ($st, [grep { $touched{(split /:/)[0]} } split /\n/, $o]);
		};
		my ($st, $before) = $scan->('before');
		is($st, 0, "$n: make scan of its folders before the patch");
		ok(@$before > 0, "... reports the touched files") or diag "nothing found in @files";
		my ($pst, $po) = run_cmd("cd '$t' && patch -p1 -s < '$p' 2>&1");
		is($pst, 0, "$n applies with patch -p1") or diag $po;
		($st, my $after) = $scan->('after');
		is($st, 0, '... make scan after it');
		is_deeply($after, [], '... reports nothing in them') or diag join "\n", @$after;
	};
}
done_testing;
