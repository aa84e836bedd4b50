# SPDX-License-Identifier: GPL-2.0
# scripts/ktree.sh: the path of the kernel tree to work on, printed as it
# is (KSRC with backslashes: dash's echo would read them as escapes).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use ProcRun ();
use TestCommon;

my $d = tempdir(CLEANUP => 1);
my $ktree = "$FindBin::Bin/../ktree.sh";
sub fake_ktree($t) {
	write_to("$t/Makefile", "VERSION = 6\nPATCHLEVEL = 12\n");
	write_to("$t/Kconfig", "mainmenu \"Linux\"\n");
	write_to("$t/arch/arm/Kconfig", "config ARM\n\tdef_bool y\n");
	return $t;
}

scenario 'KSRC with backslashes: printed as it is' => sub {
	for my $name ('k\cx', 'k\n\\\\x', 'k\0101 b') {
		my $t = fake_ktree("$d/$name");
		fake_ktree("$d/k") if $name eq 'k\cx';	# (where "\c" would stop)
		my $r = ProcRun::run(['sh', $ktree, '6.12', $t], timeout => 60);
		is($r->{stdout}, "$t\n", "KSRC=.../$name: its path") or diag $r->{stderr};
	}
	my $r = ProcRun::run(['sh', $ktree, '6.12', "$d/no\\cne"], timeout => 60);
	is($r->{stderr}, "ktree: KSRC=$d/no\\cne: no such directory\n", 'an error names it as it is too');
};

done_testing;
