# SPDX-License-Identifier: GPL-2.0
# The check that every requested option survived olddefconfig, and the
# build's errors (no kernel build here: the boot suite does that).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use KernelBuild;

my $config = "CONFIG_MMU=y\nCONFIG_HIGHMEM=y\n# CONFIG_SWAP is not set\nCONFIG_NR_CPUS=4\n";
is_deeply([KernelBuild::lost_options($config, "CONFIG_MMU=y\n  CONFIG_HIGHMEM=y\n# a comment\n")], [], 'all options kept');
is_deeply([KernelBuild::lost_options($config, "CONFIG_HIGHPTE=y\nCONFIG_NR_CPUS=2\n")],
	['CONFIG_HIGHPTE=y', 'CONFIG_NR_CPUS=2'], 'missing and changed options are named');
is_deeply([KernelBuild::lost_options($config, "# CONFIG_MMU is not set\n# CONFIG_SWAP is not set\n")],
	['# CONFIG_MMU is not set'], 'an option asked off that stayed on is named');
is_deeply([KernelBuild::lost_options($config, "CONFIG_SWAP=y\n", "# CONFIG_SWAP is not set\n")], [],
	'a later fragment overrides an earlier one: off wins');
is_deeply([KernelBuild::lost_options($config, "# CONFIG_HIGHMEM is not set\n", "CONFIG_HIGHMEM=y\n")], [],
	'... and on wins');
is_deeply([KernelBuild::lost_options($config, "CONFIG_NR_CPUS=4\nCONFIG_HIGHPTE=y\n", "CONFIG_NR_CPUS=8\n")],
	['CONFIG_NR_CPUS=8', 'CONFIG_HIGHPTE=y'], '... and the last value is the one checked');

my $d = tempdir(CLEANUP => 1);
my $kb = KernelBuild->new(src => "$d/none", obj => "$d/obj", arch => 'arm', fragments => ["$d/missing.config"]);
ok(!eval { $kb->configure; 1 }, 'a missing fragment is an error');
like($@, qr/no config fragment .*missing\.config/, '... naming it');
ok(!eval { KernelBuild->new(src => $d); 1 }, 'new() without obj is an error');
done_testing;
