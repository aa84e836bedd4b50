#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# make check-patch: check a patch before sending it.
#
#   perl cocci/bin/check-patch.pl --tree DIR --patch FILE [--out DIR]
#        [--jobs N] [--cocci-dir DIR] [--kver V] [--checkpatch-opts "..."]
#
# Applies FILE with patch -p1 to a scratch copy of the files it touches
# (the tree is only read), runs the tree's scripts/checkpatch.pl, the
# project's disclosure checker and the LIFO rules on those files before
# and after the patch, and lists the LIFO findings the patch adds and
# those it removes.
# Exit 0 when clean, 1 on any problem (does not apply, checkpatch or
# disclosure complaints, added LIFO findings), 2 on errors.
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long qw(GetOptions);
use Cwd qw(abs_path);
use File::Path qw(make_path remove_tree);
use File::Copy qw(copy);
use LifoCommon qw(fail project_root is_ktree check_out_dir cocci_rules);
use LifoSpatch ();
use LifoImpact ();
use LifoReport qw(finding_line finding_key);
use LifoPatch qw(capture);

my $root = project_root();
my %o = (jobs => 0, timeout => 60, 'cocci-dir' => "$root/cocci", 'checkpatch-opts' => '');
GetOptions(\%o, 'tree=s', 'patch=s', 'out=s', 'jobs|j=i', 'cocci-dir=s', 'kver=s',
	'timeout=i', 'checkpatch-opts=s', 'help') or fail("bad options (see the head of $0)");
if ($o{help}) { exec 'sed', '-n', '2,15p', $0 }
fail("--tree DIR is required") unless $o{tree};
fail("$o{tree} is not a kernel tree") unless -d $o{tree} && is_ktree($o{tree});
fail("--patch FILE is required (make check-patch PATCH=FILE)") unless $o{patch};
fail("$o{patch}: no such file") unless -f $o{patch};
my $tree = abs_path($o{tree});
my $patch = abs_path($o{patch});
my $out = check_out_dir($o{out} // "$root/build/scan-" . ($o{kver} // 'ksrc'));
my $ver = LifoSpatch::spatch_version() // fail("spatch (Coccinelle) not found: install coccinelle (make deps)");
# LIFO checkers only (helper rules print no findings).
my @rules = grep { my $r = $_; open my $fh, '<', $r or fail("$r: $!"); local $/; <$fh> =~ /but released first/ } cocci_rules($o{'cocci-dir'});
fail("no LIFO checker among the rules of $o{'cocci-dir'}") unless @rules;
my $jobs = $o{jobs} || 2;

# Files the patch touches (-p1).
my (%old, %new);
open my $ph, '<', $patch or fail("$patch: $!");
my $prev = '';
while (my $l = <$ph>) {
	if ($l =~ m{^\+\+\+ (\S+)} && $prev =~ m{^--- (\S+)}) {
		my ($a, $b) = ($1, $l =~ m{^\+\+\+ (\S+)});
		$old{$a =~ s{^[^/]+/}{}r} = 1 unless $a eq '/dev/null';
		$new{$b =~ s{^[^/]+/}{}r} = 1 unless $b eq '/dev/null';
	}
	$prev = $l;
}
close $ph;
my @touched = sort keys %{{ %old, %new }};
fail("$o{patch}: no diff in it (no ---/+++ lines)") unless @touched;
for (@touched) { fail("$o{patch} touches $_, outside the tree") if m{(?:^|/)\.\.(?:/|$)} || m{^/} }

my $work = "$out/check-patch";
remove_tree($work);
make_path("$work/before", "$work/after");
for my $f (@touched) {
	next unless -f "$tree/$f";
	for my $side ('before', 'after') {
		make_path("$work/$side/" . ($f =~ s{/[^/]*$}{}r));
		copy("$tree/$f", "$work/$side/$f") or fail("copy $f: $!");
	}
}

my @problems;
my $rel = $o{patch};
print "check-patch: $rel against $tree\n";
my ($st, $po, $pe) = capture("$work/after", 'patch', '-p1', '-s', '-f', '--no-backup-if-mismatch', '-i', $patch);
if ($st != 0) {
	print "check-patch: DOES NOT APPLY: patch -p1 failed on a copy of " . join(' ', @touched) . ":\n";
	print map { "  $_\n" } split /\n/, "$po$pe";
	print "check-patch: is it made against this tree ($tree)? Rebase it, or pass KSRC=.\n";
	remove_tree($work);
	exit 1;
}
print "check-patch: applies with patch -p1: ok (" . join(' ', @touched) . ")\n";

# checkpatch.pl of the tree.
if (-f "$tree/scripts/checkpatch.pl") {
	my ($cst, $co) = capture($tree, 'perl', 'scripts/checkpatch.pl', split(' ', $o{'checkpatch-opts'}), $patch);
	if ($co =~ /Must be run from the top-level dir/) {
		print "check-patch: checkpatch.pl does not recognise $tree as a full tree: running it with --no-tree\n";
		($cst, $co) = capture($tree, 'perl', 'scripts/checkpatch.pl', '--no-tree', split(' ', $o{'checkpatch-opts'}), $patch);
	}
	my ($sum) = $co =~ /^(total: .*)$/m;
	if ($cst != 0) {
		push @problems, 'checkpatch.pl';
		print "check-patch: checkpatch.pl: PROBLEMS" . ($sum ? " ($sum)" : '') . "\n";
		print map { "  $_\n" } grep { length } split /\n/, $co;
		print "check-patch: hint: sign the patch off (git commit -s, or make fixes SIGNOFF=1)\n"
			if $co =~ /Missing Signed-off-by/;
	} else {
		print "check-patch: checkpatch.pl: ok" . ($sum ? " ($sum)" : '') . "\n";
	}
} else {
	push @problems, 'checkpatch.pl missing';
	print "check-patch: $tree/scripts/checkpatch.pl missing\n";
}

# Disclosure checker of the project.
my $dchk = "$root/checkpatch-ext/disclosure.pl";
if (-f $dchk) {
	my ($dst, $do, $de) = capture(undef, 'perl', $dchk, $patch);
	if ($dst != 0) {
		push @problems, 'disclosure';
		print "check-patch: disclosure: PROBLEMS\n", map { "  $_\n" } grep { length } split /\n/, "$do$de";
	} else {
		print "check-patch: disclosure: ok\n";
	}
} else {
	print "check-patch: disclosure: not checked ($dchk is missing)\n";
}

# LIFO rules before and after.
my $impact = LifoImpact->new($tree);
my %side;
# Both sides in one spatch run (one start of spatch, J files at a time).
my @files = map { my $f = $_; map { "$_/$f" } grep { -f "$work/$_/$f" } 'before', 'after' } grep { /\.[ch]$/ } @touched;
for my $rule (@rules) {
	last unless @files;
	my $r = LifoSpatch::run_rule($work, abs_path($rule), \@files, jobs => $jobs,
		timeout => $o{timeout}, tmp => "$work/tmp");
	for my $f (@{$r->{findings}}) {
		my $side = $f->{file} =~ s{^(before|after)/}{} ? $1 : next;
		@$f{qw(impact reason affected)} = $impact->classify($f);
		push @{$side{$side}{finding_key($f)}}, $f;
	}
	print "check-patch: spatch errors: @{$r->{errors}}\n" if @{$r->{errors}};
	print "check-patch: parse errors in " . join(' ', sort keys %{$r->{parse_errors}}) . "\n"
		if %{$r->{parse_errors}};
}
my (@added, @removed);
for my $k (keys %{$side{after} // {}}) {
	my $n = @{$side{before}{$k} // []};
	my @a = @{$side{after}{$k}};
	push @added, @a[$n .. $#a] if @a > $n;
}
for my $k (keys %{$side{before} // {}}) {
	my $n = @{$side{after}{$k} // []};
	my @b = @{$side{before}{$k}};
	push @removed, @b[$n .. $#b] if @b > $n;
}
my $by = sub { sort { $a->{file} cmp $b->{file} || $a->{line} <=> $b->{line} } @_ };
printf "check-patch: LIFO findings the patch adds: %d\n", scalar @added;
print "  + ", finding_line($_), "\n" for $by->(@added);
printf "check-patch: LIFO findings the patch removes: %d\n", scalar @removed;
print "  - ", finding_line($_), "\n" for $by->(@removed);
push @problems, 'adds LIFO findings' if @added;
remove_tree($work);
if (@problems) {
	print "check-patch: FAILED: " . join(', ', @problems) . "\n";
	exit 1;
}
print "check-patch: ok\n";
exit 0;
