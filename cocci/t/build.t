# SPDX-License-Identifier: GPL-2.0
# make fixes' build check: which architecture, defconfig and CONFIG
# symbols build a touched file, and what it says when it cannot (no
# build here: make fixes runs it; cocci/README.md has a measured run).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use LifoBuild;
use LifoKconfig;

my $t = fake_tree();
# Minimal copies of the packaged 6.12 tree's Kconfig and Makefile lines
# for two drivers: the OMAP crypto helpers (ARCH_OMAP2PLUS, defined by
# ARM only) and the IAA crypto driver (INTEL_IDXD: X86_64).
write_to("$t/Kconfig", "mainmenu \"Linux\"\nsource \"arch/\$(SRCARCH)/Kconfig\"\nsource \"drivers/Kconfig\"\n");
write_to("$t/arch/arm/Kconfig", "config ARM\n\tbool\n\tdefault y\n\nconfig MMU\n\tbool \"MMU\"\n\nconfig HIGHMEM\n\tbool \"High Memory Support\"\n\tdepends on MMU\n"
	. "\tsource \"arch/arm/mach-omap2/Kconfig\"\n");
write_to("$t/arch/arm/mach-omap2/Kconfig", "config ARCH_OMAP2PLUS\n\tbool\n\thelp\n\t  if unsure, say Y\n\nconfig ARCH_OMAP3\n\tbool \"TI OMAP3\"\n\tselect ARCH_OMAP2PLUS\n");
write_to("$t/arch/x86/Kconfig", "config X86_64\n\tdef_bool y\n");
write_to("$t/drivers/pci/Kconfig", "config PCI\n\tbool \"PCI support\"\n");
write_to("$t/drivers/Kconfig", "menu \"Device Drivers\"\nsource \"drivers/pci/Kconfig\"\nsource \"drivers/dma/Kconfig\"\nsource \"drivers/crypto/Kconfig\"\nendmenu\n");
write_to("$t/drivers/dma/Kconfig", "menuconfig DMADEVICES\n\tbool \"DMA Engine support\"\n\nif DMADEVICES\n\nconfig INTEL_IDXD\n\ttristate \"Intel Data Accelerators support\"\n"
	. "\tdepends on PCI && X86_64 && !UML\n\tdepends on PCI_PASID\n\nconfig PCI_PASID\n\tbool \"PASID\"\n\nendif\n");
write_to("$t/drivers/crypto/Kconfig", "menuconfig CRYPTO_HW\n\tbool \"Hardware crypto devices\"\n\nif CRYPTO_HW\n\nconfig CRYPTO_DEV_OMAP\n\ttristate \"Support for OMAP crypto HW accelerators\"\n"
	. "\tdepends on ARCH_OMAP2PLUS\n\tdepends on BOGUS || COMPILE_TEST\n\nsource \"drivers/crypto/intel/iaa/Kconfig\"\n\nendif\n");
write_to("$t/drivers/crypto/intel/iaa/Kconfig", "config CRYPTO_DEV_IAA_CRYPTO\n\ttristate \"Support for Intel(R) IAA Compression Accelerator\"\n\tdepends on INTEL_IDXD\n");
write_to("$t/drivers/Makefile", "obj-\$(CONFIG_CRYPTO)\t\t+= crypto/\nobj-y += dma/\n");
write_to("$t/drivers/crypto/Makefile", "obj-\$(CONFIG_CRYPTO_DEV_OMAP) += omap-crypto.o\nobj-y += intel/\n");
write_to("$t/drivers/crypto/intel/Makefile", "obj-\$(CONFIG_CRYPTO_DEV_IAA_CRYPTO) += iaa/\n");
write_to("$t/drivers/crypto/intel/iaa/Makefile", "obj-\$(CONFIG_CRYPTO_DEV_IAA_CRYPTO) := iaa_crypto.o\niaa_crypto-y := iaa_crypto_main.o iaa_crypto_stats.o\n");
write_to("$t/drivers/crypto/$_", "int x;\n") for qw(omap-crypto.c intel/iaa/iaa_crypto_main.c);

my $out = tempdir(CLEANUP => 1);
my $b = LifoBuild->new(tree => $t, out => $out);

scenario 'the architecture a file is built for' => sub {
	is(($b->arch_for('arch/loongarch/mm/init.c'))[0], 'loongarch', 'arch/loongarch: LoongArch');
	my ($a, $why) = $b->arch_for('drivers/crypto/omap-crypto.c');
	is($a, 'arm', 'omap-crypto: ARM');
	like($why, qr/CONFIG_CRYPTO_DEV_OMAP depends on ARCH_OMAP2PLUS \(defined in arch\/arm only\)/, '... because of ARCH_OMAP2PLUS');
	($a, $why) = $b->arch_for('drivers/crypto/intel/iaa/iaa_crypto_main.c');
	is($a, 'x86', 'IAA: x86');
	like($why, qr/X86_64/, '... because it depends on X86_64');
	($a, $why) = $b->arch_for('mm/copy.c');
	is($a, 'arm', 'generic code: ARM');
	like($why, qr/HIGHMEM/, '... with HIGHMEM, where the order matters');
};

scenario 'the configuration: defconfig and the symbols that build the file' => sub {
	$b->{cc} = { arm => 'arm-linux-gnueabihf-', x86 => '' };
	my $p = $b->plan('drivers/crypto/intel/iaa/iaa_crypto_main.c');
	is($p->{defconfig}, 'defconfig', 'no x86_64_defconfig in this tree: defconfig');
	write_to("$t/arch/x86/configs/x86_64_defconfig", "CONFIG_PCI=y\n");
	$p = $b->plan('drivers/crypto/intel/iaa/iaa_crypto_main.c');
	is($p->{defconfig}, 'x86_64_defconfig', 'x86: x86_64_defconfig');
	is_deeply($p->{syms}, [qw(CRYPTO_DEV_IAA_CRYPTO CRYPTO)], q{the Makefiles: CRYPTO_DEV_IAA_CRYPTO (iaa_crypto-y, obj-$(CONFIG_...) += iaa/), CRYPTO (drivers/crypto/)});
	is_deeply($p->{extra}, ['DEBUG_KMAP_LOCAL_FORCE_MAP'], '... and the force-map debug option, where the order matters on x86');
	is($p->{cross}, '', '... with the host gcc');
	$p = $b->plan('drivers/crypto/omap-crypto.c');
	is_deeply([$p->{arch}, $p->{defconfig}, $p->{cross}], ['arm', 'defconfig', 'arm-linux-gnueabihf-'], 'omap-crypto: arm, arm-linux-gnueabihf-');
	is_deeply($p->{syms}, ['CRYPTO_DEV_OMAP', 'CRYPTO'], '... CRYPTO_DEV_OMAP, and CRYPTO for drivers/crypto/');
	is_deeply($p->{extra}, ['HIGHMEM'], '... and HIGHMEM');
};

scenario "the Kconfig as an architecture sees it: dependencies around a symbol" => sub {
	my $x = LifoKconfig->new(tree => $t, srcarch => 'x86');
	is_deeply($x->symbol('INTEL_IDXD')->{deps}, ['DMADEVICES', 'PCI && X86_64 && !UML', 'PCI_PASID'], 'its own and its if block\'s');
	is_deeply($x->symbol('CRYPTO_DEV_IAA_CRYPTO')->{deps}, ['CRYPTO_HW', 'INTEL_IDXD'], 'through a source inside an if block');
	is($x->symbol('CRYPTO_DEV_OMAP')->{prompt}, 1, 'a prompt');
	is($x->symbol('ARCH_OMAP2PLUS'), undef, "arm's symbols are not x86's");
	my ($w, $c) = $x->wants('PCI && X86_64 && !UML', { X86_64 => 'y' });
	is_deeply([$w, $c], [['PCI'], []], 'wants: the plain symbols not set');
	($w, $c) = $x->wants('BOGUS || COMPILE_TEST', {});
	is_deeply($w, ['COMPILE_TEST'], 'A || COMPILE_TEST: COMPILE_TEST');
	($w, $c) = $x->wants('!UML', { UML => 'y' });
	is_deeply($c, ['!UML'], 'a negation that is set cannot be met');
	my $a = LifoKconfig->new(tree => $t, srcarch => 'arm');
	is_deeply($a->symbol('ARCH_OMAP2PLUS')->{deps}, [], 'help text that starts with "if" is help text');
	is($a->symbol('ARCH_OMAP2PLUS')->{prompt}, 0, 'a symbol without a prompt (only selected)');
	is($a->symbol('ARCH_OMAP3')->{prompt}, 1, 'one with a prompt');
};

scenario 'not built, and why' => sub {
	like($b->not_built_reason('include/linux/highmem.h'), qr/not a C file/, 'headers are built through their users only');
	$b->{cc}{loongarch} = undef;
	like($b->not_built_reason('arch/loongarch/mm/init.c'), qr/built for loongarch \(in arch\/loongarch\), and no loongarch compiler is installed \(loongarch64-linux-gnu-gcc\); Debian 12 packages none/,
		'no compiler for the architecture: says which it needs');
	$b->{cc}{x86} = undef;
	like($b->not_built_reason('drivers/crypto/intel/iaa/iaa_crypto_main.c'), qr/no x86 compiler .*apt-get install/, '... and the package, when Debian has one');
	$b->{cc}{x86} = '';
	my @r = $b->check_patch("$out/none.patch", 'arch/loongarch/mm/init.c');
	is($r[0][0], 'skip', 'LoongArch file skipped');
	like($r[0][1], qr/^arch\/loongarch\/mm\/init\.c: not built: /, '... with the reason');
	ok(!-e "$t/.config" && !-e "$t/include/generated", 'the tree is not written');
};

scenario 'progress while it builds' => sub {
	my @said;
	my $log = "$out/progress.log";
	write_to($log, "  CC      mm/highmem.o\n");
	my $r = LifoBuild::with_progress(sub (@m) { push @said, @m }, 1, $log, sub { my $end = time + 3; sleep 1 while time < $end; 42 }, 'building mm/highmem.o');
	is($r, 42, 'the build runs to its end');
	ok(@said >= 2, 'a progress line every few seconds') or diag explain \@said;
	like($said[0] // '', qr/^make-fixes: building mm\/highmem\.o: 0:0\d elapsed, at: CC +mm\/highmem\.o$/, '... with the time and the last line of the log');
};
done_testing;
