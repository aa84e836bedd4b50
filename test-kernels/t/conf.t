# SPDX-License-Identifier: GPL-2.0
# The data files: the machine, the states and the cases parse, and bad
# ones are refused naming the file and line.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", "$FindBin::Bin/../../scripts/lib";
use TestCommon;
use File::Temp qw(tempdir);
use BootConf qw(read_machine read_states read_overlays read_cases overlay_cases);
use BootQemu qw(qemu_command);

my $tk = "$FindBin::Bin/..";
my $m = read_machine("$tk/machines/arm-virt.conf");
is($m->{qemu}, 'qemu-system-arm', 'machine: QEMU binary');
is($m->{cross}, 'arm-linux-gnueabihf-', 'machine: cross prefix');
ok(-f $m->{fragments}[0], 'machine: fragments resolved to files');
my @q = qemu_command($m, 'IMG', 'RD', 'bt.tests=a');
is("@q", 'qemu-system-arm -M virt -cpu cortex-a15 -m 1G -smp 1 -nographic -no-reboot -nic none '
	. '-kernel IMG -initrd RD -append console=ttyAMA0 panic=-1 bt.tests=a', 'QEMU command from the machine file');

my $s = read_states("$tk/states");
my $ov = read_overlays("$tk/overlays");
my @c = read_cases("$tk/cases", $s, $ov);
ok(@c >= 3, "cases parse");
ok($ov->{forcemap}, 'overlays: forcemap');
for my $o (sort keys %$ov) {
	ok(-f "$tk/configs/$o.config", "overlay $o: configs/$o.config exists");
	ok(-f "$tk/$_->{patch}", "overlay $o: $_->{patch} exists") for grep { $_->{patch} } @{$ov->{$o}};
}
my ($low) = grep { $_->{name} eq 'ufs-rename-lowmem' } @c;
ok(!defined $low->{expect}, 'ufs-rename-lowmem: quiet alone');
my ($lowf) = overlay_cases('forcemap', $low);
is($lowf->{name}, 'ufs-rename-lowmem@forcemap', 'under an overlay the case is CASE@OVERLAY');
is($lowf->{flavour}, 'base@forcemap', '... its flavour FLAVOUR@OVERLAY');
is($lowf->{expect}, 'kunmap_local_indexed', '... and it expects what its UNDER column says');
my ($pr) = grep { $_->{name} eq 'ufs-rename-pristine' } @c;
is((overlay_cases('forcemap', $pr))[0]{expect}, 'kunmap_local_indexed', 'without UNDER: what it expects alone');
my ($fx) = grep { $_->{name} eq 'ufs-rename-fixed' } @c;
ok(!defined((overlay_cases('forcemap', $fx))[0]{expect}), '... quiet stays quiet');
is($low->{expect}, undef, 'overlay_cases leaves the case itself alone');
for my $c (@c) {
	for my $st (@{$s->{$c->{state}}}) {
		next unless $st->{patch};
		ok(-f "$tk/$st->{patch}", "state $c->{state}: $st->{patch} exists");
	}
}
open my $bt, '<', "$tk/guest/boot-tests" or die;
my $n = 0;
my %tests = map { /^(\S+)\s+\d+\s/ ? ($1 => ++$n) : () } <$bt>;
for my $c (@c) {
	my @unknown = grep { !$tests{$_} } @{$c->{tests}};
	is("@unknown", '', "case $c->{name}: every workload is in guest/boot-tests");
	# /init runs them in the order of guest/boot-tests, not the case's.
	is("@{$c->{tests}}", join(' ', sort { $tests{$a} <=> $tests{$b} } @{$c->{tests}}),
		"case $c->{name}: its workload is in the order /init runs it");
}

my $d = tempdir(CLEANUP => 1);
write_to("$d/states", "a -\nb -R\n");
ok(!eval { read_states("$d/states"); 1 }, 'a -R without a patch is refused');
like($@, qr{states:2: -R without a patch}, '... naming the line');
write_to("$d/states", "a -\n");
write_to("$d/cases", "x a w - base quick\ny nosuch w - base quick\n");
ok(!eval { read_cases("$d/cases", read_states("$d/states")); 1 }, 'an unknown state is refused');
like($@, qr{cases:2: unknown state nosuch}, '... naming the line');
write_to("$d/cases", "x a w - base\n");
ok(!eval { read_cases("$d/cases", read_states("$d/states")); 1 }, 'a short line is refused');
write_to("$d/cases", "x a w - base soon\n");
ok(!eval { read_cases("$d/cases", read_states("$d/states")); 1 }, 'an unknown group is refused');
write_to("$d/cases", "x a w - base full fm=kunmap\ny a w k base full fm=-,other=k2\n");
my @u = read_cases("$d/cases", read_states("$d/states"), { fm => [], other => [] });
is_deeply([map { $_->{under} } @u], [{ fm => 'kunmap' }, { fm => undef, other => 'k2' }], 'UNDER: OVERLAY=EXPECT, "-" for quiet');
ok(!eval { read_cases("$d/cases", read_states("$d/states"), { fm => [] }); 1 }, 'an overlay UNDER names that does not exist is refused');
like($@, qr{cases:2: unknown overlay other}, '... naming the line');
write_to("$d/cases", "x a w - base full fm\n");
ok(!eval { read_cases("$d/cases", read_states("$d/states")); 1 }, 'UNDER without =EXPECT is refused');
like($@, qr{want OVERLAY=EXPECT, not fm}, '... saying what it wants');
write_to("$d/cases", "x\@fm a w - base full\n");
ok(!eval { read_cases("$d/cases", read_states("$d/states")); 1 }, 'a case name with @ is refused');
write_to("$d/overlays", "fm patches/x.patch\nfm -\n");
ok(!eval { read_overlays("$d/overlays"); 1 }, 'an overlay defined twice is refused');
like($@, qr{overlays:2: overlay fm defined twice}, '... naming the line');
write_to("$d/overlays", "fm -R\n");
ok(!eval { read_overlays("$d/overlays"); 1 }, 'an overlay step -R without a patch is refused');
write_to("$d/overlays", "fm patches/x.patch\n");
is_deeply(read_overlays("$d/overlays"), { fm => [{ op => 'apply', patch => 'patches/x.patch' }] }, 'overlay steps parse as states do');
mkdir "$d/machines";
write_to("$d/machines/m.conf", "arch = arm\n");
ok(!eval { read_machine("$d/machines/m.conf"); 1 }, 'a machine file with keys missing is refused');
like($@, qr/missing cross target/, '... naming them');
write_to("$d/machines/m.conf", "arch arm\n");
ok(!eval { read_machine("$d/machines/m.conf"); 1 }, 'a line that is not KEY = VALUE is refused');
done_testing;
