#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# make scan on a full disk, for cocci/t/faults-fs.t; run where MNT is a
# small file system of its own (a tmpfs in a private mount namespace).
#
#   full-disk.pl REPORT MNT TREE [SCAN OPTION...]
#
# A complete scan into MNT/out first; then, for FREE = 0, 8192, 16384, ...
# (two pages more each time, until a scan ends well, at most 40), MNT is
# filled to leave FREE bytes and the scan runs again.  Last, a scan whose
# TMPDIR is on the full MNT and whose OUT is not.  REPORT (JSON): the
# first scan's status, and for each later one its status, stderr, number
# of findings printed, whether the previous results in OUT are unchanged
# and what else is left there.
use v5.36;
use JSON::PP ();
use File::Find ();
use FindBin;
use lib "$FindBin::Bin/../../../scripts/lib";
use ReadFile qw(read_bytes);

my ($report, $mnt, $tree, @opts) = @ARGV;
my $scan = ($0 =~ s{/[^/]*$}{}r) . '/../../bin/lifo-scan.pl';
my $out = "$mnt/out";
my $side = $report =~ s{/[^/]*$}{}r;

sub run(%env) {
	my $pid = fork // die "fork: $!";
	if (!$pid) {
		@ENV{keys %env} = values %env;
		open STDOUT, '>', "$side/full.out" or die;
		open STDERR, '>', "$side/full.err" or die;
		exec('timeout', 300, $^X, $scan, '--tree', $tree, '--jobs', 1, @opts,
			'--out', $env{OUT_DIR} // $out) or die;
	}
	waitpid $pid, 0;
	return ($? >> 8, read_bytes("$side/full.err") // '', scalar(() = (read_bytes("$side/full.out") // '') =~ /^\S.*:\d+:\d+: /mg));
}
# The results a scan publishes in OUT, by path.
sub results() {
	my %r;
	File::Find::find({ no_chdir => 1, wanted => sub {
		$r{$_} = read_bytes($_) if -f $_ && m{^\Q$out\E/(?:findings\.\w+|scan\.json|cocci-tree/.*)\z};
	} }, $out);
	return \%r;
}
sub others() {
	opendir my $d, $out or return ['cannot read OUT'];
	return [sort grep { !/^(?:\.|\.\.|findings\.\w+|scan\.json|cocci-tree|incomplete|\.lock)\z/ } readdir $d];
}
# Fills MNT but for $free bytes.
sub fill($free) {
	my $f = "$mnt/filler";
	open my $fh, '>', $f or die "$f: $!";
	my $block = "\0" x 4096;
	1 while syswrite $fh, $block;
	close $fh;
	truncate $f, (-s $f) - $free > 0 ? (-s $f) - $free : 0;
}

my ($first) = run();
my %r = (first => $first, runs => []);
my $before = results();
for (my $free = 0; @{$r{runs}} < 40; $free += 8192) {
	fill($free);
	my ($st, $err, $n) = run();
	unlink "$mnt/filler";
	my $now = results();
	# (A scan that ended well replaced them.)
	push @{$r{runs}}, { free => $free, status => $st, stderr => $err, findings => $n, others => others(),
		same => JSON::PP->new->canonical->encode($now) eq JSON::PP->new->canonical->encode($before) ? 1 : 0 };
	last if $st == 0;
}
mkdir "$mnt/tmp";
fill(0);
my ($st, $err, $n) = run(TMPDIR => "$mnt/tmp", OUT_DIR => "$side/full-tmpdir-out");
$r{tmpdir} = { status => $st, stderr => $err, findings => $n };
open my $fh, '>', $report or die "$report: $!";
print $fh JSON::PP->new->canonical->encode(\%r);
close $fh or die "$report: $!";
