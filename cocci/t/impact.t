# SPDX-License-Identifier: GPL-2.0
# Impact classification from the tree's Kconfig.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use LifoImpact;
use File::Path qw(remove_tree);

my $t = fake_tree();
my $imp = LifoImpact->new($t);
my $mk = sub ($file, $m1 = 'kmap_local_page', $m2 = 'kmap_local_page') {
	return { file => $file, line => 12, function => 'f',
		first => { expr => 'a', map => $m1, line => 9 },
		second => { expr => 'b', map => $m2, line => 10 } };
};

my ($i, $r, $aff) = $imp->classify($mk->('arch/arm/mm/copy.c'));
is($i, 'fix', 'arch with HIGHMEM: fix');
like($r, qr{arch/arm can select HIGHMEM \(arch/arm/Kconfig:5\)}, 'reason names the Kconfig line');
like($aff, qr/CONFIG_HIGHMEM=y on arm/, 'affected configuration');

($i, $r) = $imp->classify($mk->('arch/loongarch/mm/init.c'));
is($i, 'cleanup', 'arch without HIGHMEM or force-map: cleanup');
like($r, qr{arch/loongarch has neither HIGHMEM nor ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP}, 'reason says what is missing');
like($r, qr{page_address\(\).*changes nothing at run time}, 'reason says nothing changes at run time');

($i, $r) = $imp->classify($mk->('arch/x86/mm/highmem_32.c'));
is($i, 'fix', 'x86: fix');
like($r, qr/ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP/, 'x86 reason mentions force-map');

($i, $r) = $imp->classify($mk->('arch/loongarch/mm/pgtable.c', 'pte_offset_map', 'kmap_local_page'));
is($i, 'cleanup', 'PTE mapping in an arch without HIGHPTE: cleanup');
like($r, qr/no HIGHPTE/, 'reason: no HIGHPTE');
($i) = $imp->classify($mk->('arch/arm/mm/fault.c', 'pte_offset_map', 'kmap_local_page'));
is($i, 'fix', 'PTE mapping on arm (HIGHPTE): fix');

($i, $r, $aff) = $imp->classify($mk->('mm/copy.c'));
is($i, 'fix', 'generic code: fix');
like($r, qr/generic code/, 'reason: generic code');
like($aff, qr/CONFIG_HIGHMEM=y \(arm and x86\)/, 'lists the HIGHMEM arches of the tree');

($i, $r) = $imp->classify($mk->('mm/userfaultfd.c', 'pte_offset_map_rw_nolock', 'pte_offset_map'));
is($i, 'fix', 'generic PTE pair with HIGHPTE arches: fix');
like($r, qr/HIGHPTE \(arm and x86\)/, 'reason names the HIGHPTE arches');

# Generic code whose Kconfig depends on an architecture.
write_to("$t/drivers/acc/Makefile", "obj-\$(CONFIG_ACC) := acc.o\nacc-y := acc_main.o \\\n\tacc_fixed.o\n");
write_to("$t/drivers/acc/Kconfig", "config ACC\n\ttristate \"Accelerator\"\n\tdepends on CRYPTO\n\tdepends on ACC_BUS\n\nconfig ACC_BUS\n\ttristate\n\tdepends on PCI && X86_64 && !UML\n");
write_to("$t/drivers/soc/Makefile", "obj-\$(CONFIG_SOC_THING) += thing.o\n");
write_to("$t/drivers/soc/Kconfig", "config SOC_THING\n\tbool \"thing\"\n\tdepends on ARM64 || COMPILE_TEST\n");
write_to("$t/drivers/soc2/Makefile", "obj-\$(CONFIG_SOC2) += thing.o\n");
write_to("$t/drivers/soc2/Kconfig", "config SOC2\n\tbool \"thing\"\n\tdepends on LOONGARCH\n");
# A platform symbol only arch/loongarch defines; a driver for it, and
# one for either of two such platforms.
write_to("$t/arch/loongarch/mach-foo/Kconfig", "config ARCH_FOO\n\tbool \"Foo\"\n\nconfig ARCH_FOO2\n\tbool\n");
write_to("$t/drivers/foo/Makefile", "obj-\$(CONFIG_FOO_CRYPTO) += foo.o\nobj-\$(CONFIG_FOO_EITHER) += either.o\n");
write_to("$t/drivers/foo/Kconfig", "config FOO_CRYPTO\n\ttristate \"Foo\"\n\tdepends on ARCH_FOO\n\nconfig FOO_EITHER\n\ttristate\n\tdepends on ARCH_FOO || ARCH_FOO2\n");
$imp = LifoImpact->new($t);
($i, $r) = $imp->classify($mk->('drivers/foo/foo.c'));
is($i, 'cleanup', 'a driver for a platform only LoongArch defines: classified as LoongArch code');
like($r, qr{CONFIG_FOO_CRYPTO depends on ARCH_FOO \(defined in arch/loongarch only: arch/loongarch/mach-foo/Kconfig:1\); arch/loongarch has neither},
	'... the reason cites where the platform is defined');
is(($imp->classify($mk->('drivers/foo/either.c')))[0], 'cleanup', '... and one for either of two such platforms');
# A platform several architectures define in their platform files
# (ARCH_SUNXI: arm, arm64, riscv) is the one of them with HIGHMEM; MMU,
# defined in each arch/ARCH/Kconfig, is no platform.
write_to("$t/arch/arm/mach-bar/Kconfig", "menuconfig ARCH_BAR\n\tbool \"Bar\"\n");
write_to("$t/arch/loongarch/Kconfig.platforms", "config ARCH_BAR\n\tbool \"Bar\"\n");
write_to("$t/arch/arm/Kconfig", slurp("$t/arch/arm/Kconfig") . "\nconfig MMU\n\tdef_bool y\n");
write_to("$t/arch/loongarch/Kconfig", (slurp("$t/arch/loongarch/Kconfig") // '') . "\nconfig MMU\n\tdef_bool y\n");
write_to("$t/drivers/bar/Makefile", "obj-\$(CONFIG_BAR_CRYPTO) += bar.o\nobj-\$(CONFIG_BAR_MMU) += mmu.o\n");
write_to("$t/drivers/bar/Kconfig", "config BAR_CRYPTO\n\ttristate \"Bar\"\n\tdepends on ARCH_BAR\n\nconfig BAR_MMU\n\ttristate\n\tdepends on MMU\n");
$imp = LifoImpact->new($t);
($i, $r, $aff) = $imp->classify($mk->('drivers/bar/bar.c'));
is($i, 'fix', 'a driver for a platform of arm and loongarch: fix');
like($r, qr{CONFIG_BAR_CRYPTO depends on ARCH_BAR \(defined in arch/arm and arch/loongarch only; arch/arm: arch/arm/mach-bar/Kconfig:1\); arch/arm can select HIGHMEM},
	'... as arm code, the reason naming both');
like($aff, qr/CONFIG_HIGHMEM=y on arm\z/, '... affecting arm only');
like(($imp->classify($mk->('drivers/bar/mmu.c')))[1], qr/^generic code/, 'MMU, defined in each arch/ARCH/Kconfig, is no platform');

($i, $r, $aff) = $imp->classify($mk->('drivers/acc/acc_fixed.c'));
is($i, 'fix', 'x86-64-only driver: fix (force-map)');
like($r, qr/CONFIG_ACC depends on X86_64: no HIGHMEM there.*FORCE_MAP/, 'reason: depends on X86_64, force-map');
is($aff, 'CONFIG_DEBUG_KMAP_LOCAL_FORCE_MAP=y (x86-64)', 'affected: force-map on x86-64 only');
($i) = $imp->classify($mk->('drivers/acc/acc_main.c', 'pte_offset_map', 'kmap_local_page'));
is($i, 'cleanup', 'x86-64-only driver with a PTE mapping: cleanup (no HIGHPTE)');
($i) = $imp->classify($mk->('drivers/soc/thing.c'));
is($i, 'fix', 'a "depends on A || B" is not an architecture gate');
($i, $r) = $imp->classify($mk->('drivers/soc2/thing.c'));
is($i, 'cleanup', 'LoongArch-only driver: cleanup');
like($r, qr/CONFIG_SOC2 depends on LOONGARCH; arch\/loongarch has neither/, 'reason names the gate');

# A 64-bit symbol of an architecture whose HIGHMEM holds on 32-bit
# kernels only (sparc: NIAGARA2 depends on SPARC64, HIGHMEM is "default
# y if SPARC32"; powerpc: "depends on PPC32", PPC32 "default y if
# !PPC64"): no HIGHMEM there.  A driver for either kind of kernel still
# reaches it.
write_to("$t/arch/sparc/Kconfig", "config 64BIT\n\tbool \"64-bit kernel\"\n\nconfig SPARC\n\tbool\n\tdefault y\n\n"
	. "config SPARC32\n\tdef_bool !64BIT\n\nconfig SPARC64\n\tdef_bool 64BIT\n\n"
	. "config HIGHMEM\n\tbool\n\tdefault y if SPARC32\n\tselect KMAP_LOCAL\n");
write_to("$t/arch/powerpc/Kconfig", "config 64BIT\n\tbool\n\tdefault y if PPC64\n\nconfig PPC\n\tdef_bool y\n\n"
	. "config HIGHMEM\n\tbool \"High memory support\"\n\tdepends on PPC32\n");
write_to("$t/arch/powerpc/platforms/Kconfig.cputype", "config PPC32\n\tbool\n\tdefault y if !PPC64\n\n"
	. "config PPC64\n\tbool \"64-bit kernel\"\n\nconfig PPC_BOOK3S_64\n\tbool\n\tdepends on PPC64\n");
write_to("$t/drivers/n2/Makefile", "obj-\$(CONFIG_N2) += n2.o\nobj-\$(CONFIG_SPARC_ANY) += any.o\nobj-\$(CONFIG_PS3) += ps3.o\n");
write_to("$t/drivers/n2/Kconfig", "config N2\n\ttristate \"N2\"\n\tdepends on SPARC64\n\n"
	. "config SPARC_ANY\n\ttristate\n\tdepends on SPARC\n\nconfig PS3\n\ttristate\n\tdepends on PPC_BOOK3S_64\n");
$imp = LifoImpact->new($t);
($i, $r, $aff) = $imp->classify($mk->('drivers/n2/n2.c'));
is($i, 'cleanup', 'a driver for 64-bit sparc only: cleanup, HIGHMEM is 32-bit only there');
like($r, qr{CONFIG_N2 depends on SPARC64, which holds on 64-bit kernels only \(arch/sparc/Kconfig:11\), and arch/sparc has HIGHMEM on 32-bit kernels only \(arch/sparc/Kconfig:14\)},
	'... the reason cites both Kconfig lines');
is(($imp->classify($mk->('drivers/n2/any.c')))[0], 'fix', 'a driver for any sparc kernel: fix');
is(($imp->classify($mk->('drivers/n2/ps3.c')))[0], 'cleanup', 'a driver for 64-bit powerpc (default y if !PPC64): cleanup');
is(($imp->classify($mk->('drivers/n2/n2.c', 'pte_offset_map', 'kmap_local_page')))[0], 'cleanup', '... a PTE pair there too');

# "!S" means a 32-bit kernel only when S is set on every 64-bit kernel:
# a 64-bit kernel without SMP has this HIGHMEM.  A "||" at the top
# level needs none of its terms.
write_to("$t/arch/zz/Kconfig", "config 64BIT\n\tbool \"64-bit kernel\"\n\nconfig BIGSMP\n\tdef_bool 64BIT && SMP\n\n"
	. "config ZZ64\n\tdef_bool 64BIT\n\nconfig HIGHMEM\n\tbool\n\tdefault y if !BIGSMP\n");
write_to("$t/drivers/zz/Makefile", "obj-\$(CONFIG_ZZDRV) += zz.o\n");
write_to("$t/drivers/zz/Kconfig", "config ZZDRV\n\ttristate \"zz\"\n\tdepends on ZZ64\n");
$imp = LifoImpact->new($t);
is(($imp->classify($mk->('drivers/zz/zz.c')))[0], 'fix', 'HIGHMEM "default y if !BIGSMP", BIGSMP 64-bit and SMP: a 64-bit driver still reaches it');
is_deeply([LifoImpact::_terms('A && (B || C) && !D')], ['A', '!D'], 'the terms of "&&"');
is_deeply([LifoImpact::_terms('A && B || C')], [], 'none under a top-level "||"');

# A symbol defined twice is set where either definition sets it: it
# needs only what both need (ZZ64B: 64-bit in one, any kernel in the
# other), and a driver symbol defined for two architectures is no
# platform of either.
write_to("$t/arch/zz/Kconfig", slurp("$t/arch/zz/Kconfig") . "\nconfig ZZ64B\n\tdef_bool 64BIT\n\nconfig ZZ64B\n\tdef_bool y\n");
write_to("$t/drivers/zz/Makefile", slurp("$t/drivers/zz/Makefile") . "obj-\$(CONFIG_ZZB) += zzb.o\nobj-\$(CONFIG_TWICE) += twice.o\nobj-\$(CONFIG_ONCE) += once.o\n");
write_to("$t/drivers/zz/Kconfig", slurp("$t/drivers/zz/Kconfig") . "\nconfig ZZB\n\ttristate \"zz\"\n\tdepends on ZZ64B\n"
	. "\nconfig TWICE\n\ttristate \"t\"\n\tdepends on ARM\n\nconfig TWICE\n\ttristate \"t\"\n\tdepends on PPC\n"
	. "\nconfig ONCE\n\ttristate \"o\"\n\tdepends on ARM\n\tdepends on PCI\n");
$imp = LifoImpact->new($t);
is_deeply([$imp->_sym_needs('zz', 'ZZ64B')], [], 'a symbol defined twice needs what both definitions need');
is($imp->_is64bit('zz', 'ZZ64B'), 0, '... and is set on every 64-bit kernel only when both say so');
is($imp->_is64bit('zz', 'ZZ64'), 1, '... a symbol defined once with def_bool 64BIT is');
is($imp->arch_gate('drivers/zz/twice.c'), undef, 'a driver symbol defined for two architectures: no gate');
is($imp->arch_gate('drivers/zz/once.c')->[0], 'ARM', '... one defined once: its architecture');
is_deeply([LifoImpact::_common([qw(A B C)], [qw(C A)])], [qw(A C)], 'the words common to two lists');

# A tree where no arch has HIGHMEM.
remove_tree("$t/arch/arm", "$t/arch/x86", "$t/arch/sparc", "$t/arch/powerpc", "$t/arch/zz");
$imp = LifoImpact->new($t);
($i, $r) = $imp->classify($mk->('mm/copy.c'));
is($i, 'cleanup', 'generic code in a tree without HIGHMEM arches: cleanup');
($i) = $imp->classify($mk->('mm/x.c', 'pte_offset_map', 'pte_offset_map'));
is($i, 'cleanup', 'generic PTE code without HIGHPTE arches: cleanup');

# The packaged tree, when there.
SKIP: {
	my $p = packaged_tree() or skip 'packaged 6.12 tree not available', 3;
	my $pi = LifoImpact->new($p);
	is(($pi->classify($mk->('arch/loongarch/mm/init.c')))[0], 'cleanup', '6.12: LoongArch cleanup');
	is(($pi->classify($mk->('arch/arm/mm/flush.c')))[0], 'fix', '6.12: ARM fix');
	is(($pi->classify($mk->('arch/arm64/mm/flush.c')))[0], 'cleanup', '6.12: arm64 cleanup');
}
done_testing;
