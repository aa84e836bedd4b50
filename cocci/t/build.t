# SPDX-License-Identifier: GPL-2.0
# Which touched files the ARM build check builds (no build here: a full
# ARM build takes minutes; make fixes runs it).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use LifoBuild;

my $t = fake_tree();
my $out = tempdir(CLEANUP => 1);
my $b = LifoBuild->new(tree => $t, out => $out, fragment => root() . '/test-kernels/configs/arm-virt-highmem.config');
like($b->not_built_reason('arch/loongarch/mm/init.c'), qr/arch\/loongarch is not part of the 32-bit ARM build/, 'other arches are not built');
is($b->not_built_reason('arch/arm/mm/copy.c'), undef, 'arch/arm is a candidate');
is($b->not_built_reason('mm/copy.c'), undef, 'generic code is a candidate');
like($b->not_built_reason('include/linux/highmem.h'), qr/not a C file/, 'headers are built through their users only');
# The fake tree cannot be configured: the check says so instead of failing.
my @r = $b->check_patch("$out/none.patch", 'arch/loongarch/mm/init.c', 'mm/copy.c');
is($r[0][0], 'skip', 'LoongArch file skipped');
is($r[1][0], 'skip', 'unconfigurable tree: skipped with a reason');
like($r[1][1], qr/not built: /, '... given');
ok(!-e "$t/.config" && !-e "$t/include/generated", 'the tree is not written');
done_testing;
