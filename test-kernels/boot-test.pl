#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Boot-test kernels in QEMU and prove each fix: the kmap_local warning
# appears with the bug put back and not with the fix.  See --help and
# test-kernels/README.md.
use v5.36;
use FindBin;
use lib "$FindBin::Bin/lib";
use Getopt::Long qw(GetOptionsFromArray);
use BootConf qw(read_machine read_states read_overlays read_cases overlay_cases);
use BootRun;

my $here = $FindBin::Bin;
my $top = $here =~ s{/test-kernels$}{}r;

sub usage($fh = \*STDOUT) {
	print $fh <<"EOF";
usage: perl test-kernels/boot-test.pl [OPTION...]   (or: make boot-test)

Builds the packaged kernel for a QEMU machine, puts each case's source
state in place, boots it under a timeout, runs the case's workload in the
guest and judges the console.  Prints "PASS|FAIL <case>: <detail>" per
case, a table, timings and last "N passed, N failed"; exits 1 when a case
failed, 2 on bad input or when BUILD/test-kernels holds a folder of a
name the harness uses (src, obj-*, guest, logs, ...) that it did not
make (its folders carry a stamp).

Options (each defaults to the environment variable in brackets):
  --cases LIST      only these cases, comma or space separated [CASES];
                    "sparse" is the C=2 comparison on the series
  --full            also the heavier cases (group "full") [FULL=1]
  --flavours LIST   kernel flavours to run: base, debug [FLAVOURS=base]
  --overlays LIST   also run every chosen case under these overlays, as
                    CASE\@OVERLAY (test-kernels/overlays: forcemap);
                    "none" for none [OVERLAYS; with FULL=1 all of them]
  --timeout SECS    bound on each boot, a whole number >= 1 [BOOT_TIMEOUT=300]
  --jobs N          parallel make jobs [J, default: the cores]
  --kver VERSION    packaged linux-source to use [KVER=6.12]
  --build DIR       build folder [BUILD=build]
  --machine NAME    test-kernels/machines/NAME.conf [MACHINE=arm-virt]
  --list            print the cases and exit
  --plan            print the cases these options run (case, flavour,
                    state) and exit
  --help            this text
EOF
}

sub bad_input($msg) {
	print STDERR "boot-test: $msg\n";
	exit 2;
}

# An empty variable is an unset one (make exports the ones it passes on
# even when they are empty).
sub env($name, $default) { return ($ENV{$name} // '') eq '' ? $default : $ENV{$name} }
my %o = (
	cases => env(CASES => ''), full => env(FULL => '') eq '1', flavours => env(FLAVOURS => 'base'),
	overlays => env(OVERLAYS => ''),
	timeout => env(BOOT_TIMEOUT => 300), jobs => env(J => ''), kver => env(KVER => '6.12'),
	build => env(BUILD => 'build'), machine => env(MACHINE => 'arm-virt'),
);
GetOptionsFromArray(\@ARGV, \%o, 'cases=s', 'full!', 'flavours=s', 'overlays=s', 'timeout=s', 'jobs=s', 'kver=s',
	'build=s', 'machine=s', 'list', 'plan', 'help') or do { usage(\*STDERR); exit 2 };
if ($o{help}) { usage(); exit 0 }
bad_input("unexpected arguments: @ARGV (see --help)") if @ARGV;
bad_input("BOOT_TIMEOUT=$o{timeout}: want a whole number of seconds, 1 or more (0 would mean no bound)")
	unless $o{timeout} =~ /^[0-9]+$/ && $o{timeout} >= 1;
$o{jobs} = BootRun::ncpus() if $o{jobs} eq '';
bad_input("J=$o{jobs}: want a whole number of jobs, 1 or more") unless $o{jobs} =~ /^[0-9]+$/ && $o{jobs} >= 1;
bad_input("KVER=$o{kver}: not a version like 6.12") unless $o{kver} =~ /^\d+\.\d+$/;

my ($machine, $states, $overlays, @cases) = eval {
	my $m = read_machine("$here/machines/$o{machine}.conf");
	my $s = read_states("$here/states");
	my $ov = read_overlays("$here/overlays");
	($m, $s, $ov, read_cases("$here/cases", $s, $ov));
} or bad_input($@ =~ s/\n$//r);

my %want_flavour = map { $_ => 1 } split /[ ,]+/, $o{flavours};
for my $f (keys %want_flavour) {
	bad_input("flavour $f: no test-kernels/configs/$f.config") unless $f eq 'base' || -f "$here/configs/$f.config";
}
# OVERLAYS: none by default, all of them with FULL=1; "none": none.
my @overlays = $o{overlays} eq '' ? ($o{full} ? sort keys %$overlays : ())
	: $o{overlays} eq 'none' ? () : split /[ ,]+/, $o{overlays};
for (@overlays) {
	bad_input("overlay $_: not in test-kernels/overlays") unless $overlays->{$_};
	bad_input("overlay $_: no test-kernels/configs/$_.config") unless -f "$here/configs/$_.config";
}
# Every case under every overlay can be named: CASES=NAME@OVERLAY.
my @all = (@cases, map { overlay_cases($_, @cases) } sort keys %$overlays);
my @names = split /[ ,]+/, $o{cases};
my %known = map { $_->{name} => 1 } @all;
$known{sparse} = 1;
for (@names) { bad_input("no case $_ in test-kernels/cases (see --list)") unless $known{$_} }
my %named = map { $_ => 1 } @names;
# Without CASES: the quick cases of the wanted flavours, and the full ones
# with FULL=1 or when their own (non-base) flavour is named; then the
# same cases under each overlay of OVERLAYS.
my @run = grep {
	@names ? $named{$_->{name}}
	: $_->{group} eq 'quick' ? $want_flavour{$_->{flavour}}
	: $o{full} || ($_->{flavour} ne 'base' && $want_flavour{$_->{flavour}})
} @cases;
my %run = map { $_->{name} => 1 } @run;
push @run, grep { $named{$_->{name}} } @all[@cases .. $#all] if @names;
push @run, overlay_cases($_, grep { $run{$_->{name}} } @cases) for @overlays;
my %once;
@run = grep { !$once{$_->{name}}++ } @run;
my $sparse = @names ? $named{sparse} : $want_flavour{base};

if ($o{list}) {
	printf "%-30s %-16s %-34s %-8s %s\n", @$_{qw(name state workload flavour group)} for @cases;
	say "sparse (C=2 on the objects kernel-patches/series touches)";
	say "CASE\@$_: every case under the overlay $_ (OVERLAYS=$_, or FULL=1)" for sort keys %$overlays;
	exit 0;
}

if ($o{plan}) {
	printf "%-36s %-22s %s\n", @$_{qw(name flavour state)} for @run;
	say 'sparse' if $sparse;
	exit 0;
}

my $build = $o{build} =~ m{^/} ? $o{build} : "$top/$o{build}";
my $r = BootRun->new(top => $top, here => $here, out => "$build/test-kernels", machine => $machine,
	states => $states, overlays => $overlays, jobs => $o{jobs}, timeout => $o{timeout}, kver => $o{kver});
exit $r->run(\@run, $sparse);
