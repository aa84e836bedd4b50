# SPDX-License-Identifier: GPL-2.0
# Small fake kernel trees and fixtures for the scan tests.
package TestLib;
use v5.36;
use Exporter 'import';
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use Cwd qw(abs_path);
use lib abs_path(__FILE__) =~ s{/cocci/t/[^/]+$}{/scripts/lib}r;
# slurp, write_to, scenario, packaged_tree (scripts/lib/TestCommon.pm)
use TestCommon;
our @EXPORT = (@TestCommon::EXPORT, qw(fake_tree root run_cmd have_spatch edit running));

sub root { abs_path(__FILE__) =~ s{/cocci/t/[^/]+$}{}r }

# Replaces the first $from in $file by $to, as an editor does (a new
# file); dies when $from is not there.
sub edit($file, $from, $to) {
	my $text = slurp($file);
	$text =~ s/\Q$from\E/$to/ or die "$file: no '$from'";
	unlink $file;
	write_to($file, $text);
}

sub have_spatch { system('spatch --version >/dev/null 2>&1') == 0 }

my $LOONG = <<'EOF2';
// SPDX-License-Identifier: GPL-2.0
#include <linux/highmem.h>

void copy_user_highpage(struct page *to, struct page *from,
	unsigned long vaddr, struct vm_area_struct *vma)
{
	void *vfrom, *vto;

	vfrom = kmap_local_page(from);
	vto = kmap_local_page(to);
	copy_page(vto, vfrom);
	kunmap_local(vfrom);
	kunmap_local(vto);
}
EOF2

my $GENERIC = <<'EOF2';
// SPDX-License-Identifier: GPL-2.0
#include <linux/highmem.h>

static void copy_two(struct page *dst, struct page *src)
{
	void *s, *d;

	s = kmap_local_page(src);
	d = kmap_local_page(dst);
	memcpy(d, s, PAGE_SIZE);
	kunmap_local(s);
	kunmap_local(d);
}

static void copy_ok(struct page *dst, struct page *src)
{
	void *s, *d;

	s = kmap_local_page(src);
	d = kmap_local_page(dst);
	memcpy(d, s, PAGE_SIZE);
	kunmap_local(d);
	kunmap_local(s);
}
EOF2

# A fake tree: arm (HIGHMEM, HIGHPTE), x86 (force-map, HIGHMEM, HIGHPTE),
# loongarch (neither), riscv (neither); one violation in
# arch/loongarch/mm/init.c, one in mm/copy.c, one in arch/arm/mm/copy.c.
# %o: git => 1 makes it a git repository with two commits.
sub fake_tree(%o) {
	my $t = tempdir(CLEANUP => 1) . '/linux';
	write_to("$t/Makefile", "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n");
	write_to("$t/Kconfig", "mainmenu \"Linux\"\nsource \"arch/\$(SRCARCH)/Kconfig\"\n");
	write_to("$t/arch/arm/Kconfig", "config ARM\n\tbool\n\tdefault y\n\nconfig HIGHMEM\n\tbool \"High Memory Support\"\n\nconfig HIGHPTE\n\tbool \"Allocate 2nd-level pagetables from highmem\"\n\tdepends on HIGHMEM\n");
	write_to("$t/arch/x86/Kconfig", "config X86\n\tdef_bool y\n\tselect ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP\tif NR_CPUS <= 4096\n\nconfig HIGHMEM\n\tdef_bool y\n\tdepends on X86_32\n\nconfig HIGHPTE\n\tbool \"Allocate 3rd-level pagetables from highmem\"\n");
	write_to("$t/arch/loongarch/Kconfig", "config LOONGARCH\n\tbool\n\tdefault y\n\tselect ARCH_HAS_PTE_SPECIAL\n");
	write_to("$t/arch/riscv/Kconfig", "config RISCV\n\tdef_bool y\n");
	write_to("$t/arch/loongarch/mm/init.c", $LOONG);
	write_to("$t/mm/copy.c", $GENERIC);
	(my $arm = $GENERIC) =~ s/copy_two/arm_copy_two/; $arm =~ s/copy_ok/arm_copy_ok/;
	write_to("$t/arch/arm/mm/copy.c", $arm);
	write_to("$t/arch/riscv/mm/clean.c", "// SPDX-License-Identifier: GPL-2.0\nint riscv_nothing(void)\n{\n\treturn 0;\n}\n");
	if (my $p = packaged_tree()) {
		for my $f (qw(scripts/checkpatch.pl scripts/spelling.txt scripts/const_structs.checkpatch)) {
			make_path("$t/scripts");
			copy("$p/$f", "$t/$f") if -f "$p/$f";
		}
	}
	if ($o{git}) {
		# Import the fixed mm/copy.c, then a commit that breaks it.
		my $g = "cd '$t' && git -c user.name=Base -c user.email=base\@example.org";
		(my $ok = $GENERIC) =~ s/\tkunmap_local\(s\);\n\tkunmap_local\(d\);/\tkunmap_local(d);\n\tkunmap_local(s);/;
		write_to("$t/mm/copy.c", $ok);
		system("$g init -q && $g add -A && $g commit -q -m 'Initial import'") == 0 or die;
		write_to("$t/mm/copy.c", $GENERIC);
		system("$g commit -q -am 'mm/copy: unmap the source early'") == 0 or die;
	}
	return $t;
}

# The processes whose command line holds $mark (a sleep of a duration
# of a test's own), once those killed had two seconds to go: none left
# is the answer a test wants.
sub running($mark) {
	my @left;
	for (1 .. 20) {
		@left = grep { (slurp($_) // '') =~ /\Q$mark\E/ } glob '/proc/[0-9]*/cmdline';
		last unless @left;
		select undef, undef, undef, 0.1;
	}
	return @left;
}

# One string: run by the shell; a list: run as it is, no shell.
sub run_cmd(@cmd) {
	my $out;
	if (@cmd == 1) {
		$out = `$cmd[0]`;
	} else {
		open my $fh, '-|', @cmd or die "$cmd[0]: $!";
		local $/;
		$out = <$fh>;
		close $fh;
	}
	return ($? >> 8, $out);
}

1;
