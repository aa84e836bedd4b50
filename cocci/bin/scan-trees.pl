#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# make scan-trees: scan several kernel trees, or several revisions of one
# git tree, and report which of them carry each finding.
#
#   perl cocci/bin/scan-trees.pl --out DIR [--jobs N] [--cache DIR]
#        [--wrappers] [--timeout S] [--scan-timeout S] TREE...
#   perl cocci/bin/scan-trees.pl --out DIR [...] --revs "REV REV ..." TREE
#   perl cocci/bin/scan-trees.pl --out DIR [...] --revs A..B TREE
#                       (A, the tags on the commits of A..B, oldest
#                        first, and B)
#
# Each tree or revision is scanned by cocci/bin/lifo-scan.pl (a process
# of its own, its results in OUT/scans/LABEL/, its stderr in
# OUT/scans/LABEL.log; at most --scan-timeout seconds, default a day,
# then killed and its column marked as a scan with errors), all with
# the same --cache, so that a file already scanned, in any tree, is not
# given to spatch again.  A revision is read from git's objects (git
# archive) into a scratch folder in OUT, updated from one revision to
# the next with the files that differ; the tree's checkout is never
# read or written.
# stdout: the report (also OUT/trees.txt): the findings, joined by
# fingerprint, by tree or revision; for revisions, where each finding
# appears and disappears and the commit that removed it.  OUT/trees.json
# the same for tools.  stderr: progress.
# Exit 0 when every scan is complete; 2 on errors (bad options, not a
# kernel tree, not a git repository or not a revision with --revs, OUT
# unusable or in use, a scan with errors: the report is still written,
# that column marked); 130, 143 when interrupted.
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long qw(GetOptions);
use Cwd qw(abs_path);
use File::Path qw(make_path remove_tree);
use Time::HiRes qw(time);
use POSIX ();
use LifoCommon qw(fail is_ktree check_out_dir jobs_option lock_out tool_version read_bytes);
use LifoOutput qw(write_file read_json);
use LifoRevs;
use ProcRun ();
use LifoMatrix;

my %o = (timeout => 60, 'scan-timeout' => 24 * 3600);
GetOptions(\%o, 'out=s', 'jobs|j=s', 'cache=s', 'wrappers', 'timeout=i', 'scan-timeout=i', 'revs=s@', 'spatch=s', 'help')
	or fail("bad options (see the head of $0)");
if ($o{help}) { exec 'sed', '-n', '3,29s/^# \\{0,1\\}//p', $0 }
my @trees = @ARGV;
$o{jobs} = jobs_option($o{jobs});
fail("--timeout must be a positive number of seconds") unless $o{timeout} > 0;
fail("--scan-timeout must be a positive number of seconds") unless $o{'scan-timeout'} > 0;
fail("--out DIR is required") unless defined $o{out} && length $o{out};
my @revwords = map { split ' ' } @{$o{revs} // []};
fail("say which trees: TREES=\"DIR DIR ...\" (with REVS=, one git checkout)") unless @trees;
fail("REVS= needs exactly one tree, a git checkout; TREES= names " . scalar(@trees)) if @revwords && @trees != 1;
fail("--revs (REVS=) names no revision") if $o{revs} && !@revwords;
for my $t (@trees) {
	fail("$t: no such folder") unless -d $t;
	fail("$t is not a kernel tree (no top-level Makefile with VERSION, Kconfig, arch/)")
		unless @revwords || is_ktree($t);
}
@trees = map { abs_path($_) } @trees;
my $out = $o{out};
$out = check_out_dir($out, $_) for @trees;
$out = check_out_dir($out);
lock_out($out);
$o{cache} = check_out_dir($o{cache}, $_, 'CACHE') for grep { defined $o{cache} } @trees;

# The columns: a label (unique, a file name), the tree, and for
# revisions the revision and its commit.
my @cols;
my $repo;
if (@revwords) {
	$repo = $trees[0];
	LifoRevs::is_checkout($repo) or fail("REVS=: $repo is not a git checkout or bare repository of its own");
	my @r = eval { LifoRevs::expand($repo, @revwords) };
	fail($@ =~ s/\n\z//r) if $@;
	@cols = map { { rev => $_->{rev}, commit => $_->{commit}, name => $_->{rev} } } @r;
} else {
	@cols = map { { tree => $_, name => $_ =~ s{.*/}{}r } } @trees;
}
my %used;
for my $c (@cols) {
	my $l = $c->{name} =~ s{[^A-Za-z0-9._+-]+}{_}gr =~ s/^[._-]+//r;
	$l = 'tree' if $l eq '';
	my $u = $l;
	my $k = 1;
	$u = "$l-" . ++$k while $used{$u}++;
	$c->{label} = $u;
}

# Scratch: the revisions' files, removed on every exit (one of that name
# that the tool did not make stops it first).
my $src = "$out/.scan-trees.src";
LifoCommon::check_own($out, '.scan-trees.src' => []);
my $main = $$;
END { _cleanup() if defined $main && $$ == $main }
# The commands still running (a scan, git) end with their process
# groups; the scratch goes.
sub _cleanup {
	ProcRun::kill_all(0.3);
	_remove($src);
}
# (rm -rf is much faster than remove_tree on a whole kernel tree.)
sub _remove($d) {
	return unless -d $d;
	ProcRun::run(['rm', '-rf', '--', $d], timeout => 3600);
	remove_tree($d) if -d $d;
}
for my $sig (qw(INT TERM HUP)) {
	$SIG{$sig} = sub {
		print STDERR "\nscan-trees: interrupted (SIG$sig)\n";
		_cleanup();
		$? = 0;
		POSIX::_exit($sig eq 'INT' ? 130 : $sig eq 'TERM' ? 143 : 129);
	};
}
_remove($src);
make_path("$out/scans");

my $n = @cols;
my $t0 = time;
my $held;	# the commit $src holds
for my $i (0 .. $#cols) {
	my $c = $cols[$i];
	my $tag = sprintf 'scan-trees: [%d/%d] %s', $i + 1, $n, $c->{label};
	my $tree = $c->{tree};
	if (defined $c->{commit}) {
		my $t = time;
		my ($how, $k) = eval { LifoRevs::checkout($repo, $c->{commit}, $src, $held) };
		if ($@) {
			print STDERR "$tag: $@";
			@$c{qw(status exit_status findings)} = ('failed', 2, []);
			undef $held;
			next;
		}
		$held = $c->{commit};
		LifoCommon::mark_own($src);
		$c->{checkout_seconds} = 0 + sprintf '%.1f', time - $t;
		printf STDERR "%s: %s from git (%s%s), %.1f s\n", $tag, substr($c->{commit}, 0, 12), $how,
			defined $k ? ", $k file" . ($k == 1 ? '' : 's') : '', time - $t;
		$tree = $src;
	}
	my $sub = "$out/scans/$c->{label}";
	$c->{out} = "scans/$c->{label}";
	$c->{log} = "$out/scans/$c->{label}.log";
	my @cmd = ($^X, "$FindBin::Bin/lifo-scan.pl", '--tree', $tree, '--out', $sub,
		'--timeout', $o{timeout}, ($o{jobs} ? ('--jobs', $o{jobs}) : ()), ($o{wrappers} ? '--wrappers' : ()),
		(defined $o{cache} ? ('--cache', $o{cache}) : ()), (defined $o{spatch} ? ('--spatch', $o{spatch}) : ()),
		(defined $c->{rev} ? ('--kver', $c->{rev}) : ()));
	print STDERR "$tag: scanning ", $c->{tree} // "revision $c->{rev}", "\n";
	my $t = time;
	my $st = run_scan($tag, $c->{log}, $o{'scan-timeout'}, @cmd);
	$c->{exit_status} = $st;
	$c->{wall_seconds} = 0 + sprintf '%.1f', time - $t;
	my $dir = $st == 0 ? $sub : "$sub/incomplete";
	my $fj = "$dir/findings.json";
	if (($st == 0 || $st == 2) && -f $fj && (stat $fj)[9] >= int $t) {
		my $j = eval { read_json($fj) };
		$c->{findings} = $j && ref $j eq 'HASH' ? $j->{findings} : [];
		$c->{status} = $st == 0 ? 'complete' : 'incomplete';
	} else {
		@$c{qw(status findings)} = ('failed', []);
	}
	printf STDERR "%s: %s, %s, %.1f s\n", $tag, $c->{status} eq 'complete' ? 'complete' : "ERRORS (exit status $st, see $c->{log})",
		scalar(@{$c->{findings}}) . ' finding' . (@{$c->{findings}} == 1 ? '' : 's'), $c->{wall_seconds};
	if ($st != 0) {
		my @tail = (split /\n/, read_bytes($c->{log}) // '')[-8 .. -1];
		print STDERR map { "$tag:   $_\n" } grep { defined } @tail;
	}
}
_remove($src);

my $report = LifoMatrix::build(mode => @revwords ? 'revisions' : 'trees', repository => $repo, columns => \@cols,
	removing => sub ($from, $to, $file, $function) { LifoRevs::removing_commits($repo, $from, $to, $file, $function) });
$report->{tool} = { name => 'kmap-lifo-scan-trees', version => tool_version() };
my $text = LifoMatrix::text($report);
for (['trees.json', LifoMatrix::json($report)], ['trees.txt', $text]) {
	write_file("$out/.$_->[0].tmp", $_->[1]);
	rename "$out/.$_->[0].tmp", "$out/$_->[0]" or fail("cannot write $out/$_->[0]: $!");
}
print $text;
printf STDERR "scan-trees: %d scans in %.1f s; written: %s/trees.json, trees.txt, scans/\n", $n, time - $t0, $out;
my $bad = grep { $_->{status} ne 'complete' } @cols;
if ($bad) {
	print STDERR "scan-trees: $bad of $n scans had errors: exit 2\n";
	exit 2;
}
exit 0;

# Runs make scan's driver (through ProcRun: its own process group, at
# most $secs seconds) with stdout to /dev/null and stderr line by line:
# every line to the log, its progress and errors to our stderr.
# Returns its exit status (128 + N for a signal, 143 when it ran out of
# time: the log says so).
sub run_scan($tag, $log, $secs, @cmd) {
	open my $lf, '>', $log or fail("cannot write $log: $!");
	$lf->autoflush(1);
	my $r = ProcRun::run(\@cmd, stdout => '/dev/null', timeout => $secs, stderr_lines => sub ($l) {
		print $lf $l;
		return unless $l =~ /^(?:scan:|lifo-scan|  (?:INCOMPLETE|spatch errors|wall time))/
			&& $l !~ /^scan: summary$/;
		# (The list of wrappers is in the log.)
		$l = substr($l, 0, 160) . " ...\n" if length $l > 170;
		print STDERR "$tag: $l";
	});
	print $lf "scan-trees: lifo-scan.pl ", ProcRun::how($r), "\n" if $r->{timed_out} || defined $r->{error};
	close $lf;
	return $r->{status};
}
