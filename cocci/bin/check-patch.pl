#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# make check-patch: check a patch, or a series, before sending it.
#
#   perl cocci/bin/check-patch.pl --tree DIR --patch FILE... [--out DIR]
#   perl cocci/bin/check-patch.pl --tree DIR --range BASE..HEAD [...]
#        [--jobs N] [--cocci-dir DIR] [--kver V] [--checkpatch-opts "..."]
#        [--wrappers] [--cache DIR] [--baseline FILE] [--reviewed FILE]
#
# The LIFO rules know the tree's helpers (those of other files: ufs
# namei.c calls dir.c's): from the last whole-tree make scan into OUT of
# the same tree, else, with --wrappers (make's default, WRAPPERS=1),
# found now by make scan's passes with its cache; else the seed lists,
# and it says so.
#
# --patch (make's PATCH=) may be given more than once; each is a patch,
# an mbox of several (git format-patch --stdout, b4 am), a folder of
# them (its *.patch, *.diff, *.mbox and *.eml files, sorted), or several
# of these separated by spaces (PATCH="a.patch b.patch"; a value that
# names one file or folder is that one).  A series is checked in order,
# each patch on top of those before it that applied; a message with no
# diff (a cover letter) is left out.  Each patch gets a verdict, then
# the series one.  --range BASE..HEAD (make's RANGE=) checks the commits
# of a git tree's BASE..HEAD (git format-patch, merges left out), on top
# of BASE's files, not the checkout's.
#
# --baseline FILE (a findings.json) and --reviewed FILE (the user's
# reviewed fingerprints, cocci/README.md): a finding the patch adds that
# either knows is listed apart and not counted.
#
# Applies each patch with patch -p1 (git apply for binary patches) to a
# scratch copy of the files it touches (the tree is only read, without
# blocking; checkpatch.pl runs from a scratch folder, where its caches
# go), runs the tree's scripts/checkpatch.pl, the project's disclosure
# checker and the LIFO rules on those files before and after the patch,
# and lists the LIFO findings the patch adds and those it removes.  A
# patch that does not apply still has its message checked.
# Exit 0 when every patch is clean, 1 on any problem of any patch (does
# not apply, checkpatch or disclosure complaints, added LIFO findings),
# 2 on errors (no such patch, not a tree, a tree file that is a FIFO, ...).
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long qw(GetOptions);
use Cwd qw(abs_path);
use File::Path qw(make_path remove_tree);
use File::Copy qw(copy);
use LifoCommon qw(fail project_root is_ktree check_out_dir checker_rule jobs_option scratch_dir);
use LifoRule ();
use LifoTree ();
use LifoSpatch ();
use LifoImpact ();
use LifoOutput ();
use LifoPasses ();
use LifoCache ();
use LifoFinding ();
use LifoPatch qw(capture is_git_tree);
use ProcRun ();
use LifoKnown;
use LifoCheckpatch;

my $root = project_root();
my %o = (timeout => 60, 'cocci-dir' => "$root/cocci", 'checkpatch-opts' => '');
GetOptions(\%o, 'tree=s', 'patch=s@', 'out=s', 'jobs|j=s', 'cocci-dir=s', 'kver=s',
	'timeout=i', 'checkpatch-opts=s', 'wrappers', 'cache=s', 'range=s', 'baseline=s', 'reviewed=s', 'help') or fail("bad options (see the head of $0)");
if ($o{help}) { exec 'sed', '-n', '2,40p', $0 }
$o{jobs} = jobs_option($o{jobs});
fail("--tree DIR is required") unless $o{tree};
fail("$o{tree} is not a kernel tree") unless -d $o{tree} && is_ktree($o{tree});
fail("--patch FILE or --range BASE..HEAD is required (make check-patch PATCH=FILE or RANGE=BASE..HEAD)")
	unless $o{patch} || @ARGV || defined $o{range};
fail("--range (RANGE=) and --patch (PATCH=): give one of them") if defined $o{range} && ($o{patch} || @ARGV);
my $tree = abs_path($o{tree});
my $known = eval { LifoKnown->new(baseline => $o{baseline}, reviewed => $o{reviewed}) } // fail($@ =~ s/\n\z//r);
# --range: the base revision, whose files the first patch applies to.
my ($range_base, $range_commits) = defined $o{range} ? check_range($o{range}) : ();
my $out = check_out_dir($o{out} // "$root/build/scan-" . ($o{kver} // 'ksrc'), $tree);
my $ver = LifoRule::spatch_version() // fail("spatch (Coccinelle) not found: install coccinelle (make deps)");
# The LIFO checker, by name.
my @rules = (checker_rule($o{'cocci-dir'}));
my $jobs = $o{jobs} || 2;

my $work = scratch_dir($out, 'check-patch');
@rules = tree_rule(@rules);
my @series = defined $o{range} ? range_series($o{range}) : series_of(@{$o{patch} // []}, @ARGV);
my $impact = LifoImpact->new($tree);
# The series so far: files as the patches that applied left them
# ($work/state), and those they deleted.
my %deleted;
my %base_read;
my $checkpatch = LifoCheckpatch->new(tree => $tree, dir => "$work/checkpatch", opts => $o{'checkpatch-opts'});
my ($nbad, $n) = (0, scalar @series);
for my $i (0 .. $#series) {
	my ($label, $file) = @{$series[$i]};
	my $tag = $n > 1 ? sprintf('[%d/%d] ', $i + 1, $n) : '';
	my @problems = check_one($file, $label, $tag, "$work/p" . ($i + 1));
	if (@problems) {
		$nbad++;
		print "check-patch: ${tag}FAILED: " . join(', ', @problems) . "\n";
	} else {
		print "check-patch: ${tag}ok\n";
	}
}
if ($n > 1) {
	print "check-patch: series of $n patches: " . ($nbad ? "FAILED: $nbad of $n failed" : 'ok') . "\n";
}
exit($nbad ? 1 : 0);

# The rule that knows the tree's helpers (a helper of another file, as
# fs/ufs/dir.c's for fs/ufs/namei.c, is invisible to the seed lists):
# the one the last complete whole-tree make scan into OUT left, when it
# scanned this tree; else, with --wrappers, inferred now (the passes of
# make scan, with its cache); else the rules of --cocci-dir, said so.
sub tree_rule(@seed) {
	my $meta = "$out/scan.json";
	my $s = -f $meta && -f "$out/cocci-tree/kmap_local_lifo.cocci" ? eval { LifoOutput::read_json($meta) } // {} : {};
	if (($s->{tree} // '') eq $tree && $s->{complete} && !$s->{selection} && @{$s->{wrappers} // []}) {
		print "check-patch: LIFO rules: with the tree's helpers found by the make scan of $out\n";
		return ("$out/cocci-tree/kmap_local_lifo.cocci");
	}
	if ($o{wrappers}) {
		print STDERR "check-patch: finding the tree's helpers (make scan's passes)\n";
		my $cache = $o{cache} ? (LifoCache->new($o{cache}))[0] : undef;
		my $r = LifoPasses::run(tree => $tree, all => [LifoTree::tree_files($tree)], root => $root,
			dir => "$work/cocci-tree", jobs => $jobs, timeout => $o{timeout}, cache => $cache,
			say => sub (@m) { print STDERR @m }, progress => sub { sub {} });
		fail("finding the tree's helpers failed: @{$r->{errors}}") if @{$r->{errors}};
		print "check-patch: LIFO rules: with the tree's helpers (" . scalar(@{$r->{wrappers}}) . " found)\n";
		return ($r->{rule});
	}
	print "check-patch: LIFO rules: seed lists only: a helper of the tree is not known (make scan first, or WRAPPERS=1)\n";
	return @seed;
}

# RANGE=BASE..HEAD on a git tree: (the base commit, the commits to
# check); exits 2 on anything else.
sub check_range($range) {
	my ($b, $h) = $range =~ /^([^.\s][^\s]*?)\.\.([^.\s][^\s]*)\z/
		or fail("RANGE=$range: give BASE..HEAD (two revisions of the tree)");
	fail("RANGE=$range: $tree is not a git tree (git does not track it at its top): make tree says how to make one")
		unless is_git_tree($tree);
	my %c;
	for my $r ($b, $h) {
		fail("RANGE=$range: $r is not a revision of $tree") if $r =~ /^-/;
		my ($st, $sha) = capture($tree, 'git', 'rev-parse', '--verify', '-q', "$r^{commit}");
		fail("RANGE=$range: $r is not a revision of $tree") if $st;
		chomp($c{$r} = $sha);
	}
	my ($st, $list) = capture($tree, 'git', 'rev-list', '--no-merges', '--reverse', "$c{$b}..$c{$h}");
	fail("RANGE=$range: git rev-list failed in $tree") if $st;
	my @commits = split /\n/, $list;
	fail("RANGE=$range: no commits in it (is HEAD an ancestor of BASE?)") unless @commits;
	my ($mst, $merges) = capture($tree, 'git', 'rev-list', '--merges', '--count', "$c{$b}..$c{$h}");
	chomp $merges;
	print "check-patch: RANGE=$range: $merges merge commit(s) left out (git format-patch does not make patches of merges)\n"
		if !$mst && $merges;
	return ($c{$b}, \@commits);
}

# The commits of RANGE as a series: git format-patch of each (as it
# would be sent), labelled with the range and the subject.
sub range_series($range) {
	my @series;
	my $i = 0;
	for my $c (@$range_commits) {
		$i++;
		my ($st, $p, $e) = capture($tree, 'git', 'format-patch', '--stdout', '-1', '--no-signature', '--binary', $c);
		fail("RANGE=$range: git format-patch of $c failed: $e") if $st;
		my $f = "$work/range/" . sprintf('%04d', $i) . '.patch';
		make_path("$work/range");
		LifoOutput::write_file($f, $p);
		my ($subj) = $p =~ /^Subject: (.*(?:\n[ \t].*)*)/m;
		$subj = defined $subj ? $subj =~ s/\n[ \t]+/ /gr : '(no subject)';
		push @series, ["RANGE=$range: " . substr($c, 0, 12) . " $subj", $f];
	}
	return @series;
}

# A file as the base of the series has it: the tree's, or with --range
# BASE's (from git, in $work/base); undef when there is none.  (A FIFO
# or device there is a file: reading it is an error, copy_file().)
sub base_file($f) {
	return -e "$tree/$f" && !-d _ ? "$tree/$f" : undef unless defined $range_base;
	my $b = "$work/base/$f";
	return -f $b ? $b : undef if exists $base_read{$f};
	$base_read{$f} = 1;
	my ($st, $type) = capture($tree, 'git', 'cat-file', '-t', "$range_base:$f");
	return undef if $st || $type !~ /^blob/;
	make_path($b =~ s{/[^/]*$}{}r);
	my $r = ProcRun::run(['git', 'cat-file', 'blob', "$range_base:$f"], dir => $tree, stdout => $b, timeout => 600);
	fail("git cat-file blob $range_base:$f " . ProcRun::how($r) . " in $tree: " . ($r->{stderr} =~ s/\s+\z//r)) unless $r->{ok};
	return $b;
}

# Copies file $from to each of @to, read once as make scan reads the
# tree (LifoCommon::read_bytes: without blocking, its type checked once
# open): a FIFO or a device put there is an error (exit 2) naming it,
# not a copy that waits for ever.
sub copy_file($from, @to) {
	my $why;
	my $text = LifoCommon::read_bytes($from, \$why) // fail(LifoCommon::read_error($from, $why));
	for my $to (@to) {
		make_path($to =~ s{/[^/]*$}{}r);
		open my $fh, '>', $to or fail("cannot write $to: $!");
		binmode $fh;
		print $fh $text;
		close $fh or fail("cannot write $to: $!");
	}
}

# The patches of the arguments, in order: [label, file], each file one
# message.  An mbox is split at its "From " lines; a folder gives its
# patch files, sorted; a value naming no file is split at spaces.
sub series_of(@args) {
	my @in;
	for my $a (@args) {
		if (-e $a || $a !~ /\s/) { push @in, $a }
		else { push @in, split ' ', $a }
	}
	my @files;
	for my $a (@in) {
		if (-d $a) {
			opendir my $dh, $a or fail("$a: $!");
			my @f = sort grep { /\.(?:patch|diff|mbox|eml)\z/ && -f "$a/$_" } readdir $dh;
			fail("$a: no patches in it (*.patch, *.diff, *.mbox, *.eml)") unless @f;
			push @files, map { "$a/$_" } @f;
		} elsif (-f $a) {
			push @files, $a;
		} else {
			fail("$a: no such file");
		}
	}
	my (@series, $k);
	for my $f (@files) {
		my @msgs = split_mbox($f);
		if (@msgs <= 1) { push @series, [$f, abs_path($f)]; next }
		my $kept = 0;
		for my $m (@msgs) {
			my ($subj) = $m =~ /^Subject: (.*(?:\n[ \t].*)*)/m;
			$subj = defined $subj ? $subj =~ s/\n[ \t]+/ /gr : '(no subject)';
			if ($m !~ /^(?:--- |\+\+\+ |diff --git |GIT binary patch)/m) {
				print "check-patch: $f: \"$subj\": no diff (a cover letter?): left out\n";
				next;
			}
			$k++;
			$kept++;
			my $p = "$work/series/" . sprintf('%04d', $k) . '.patch';
			make_path("$work/series");
			open my $fh, '>', $p or fail("$p: $!");
			print $fh $m;
			close $fh;
			push @series, ["$f: $subj", $p];
		}
		fail("$f: no patch in it (no message with a diff)") unless $kept;
	}
	fail("no patch given") unless @series;
	return @series;
}

# The messages of an mbox (one for a plain patch file): split at the
# "From <id> <date>" lines that start each message (git format-patch's
# "From <sha> Mon Sep 17 00:00:00 2001", b4's "From git\@z ..."); mboxrd's
# ">From " quoting is undone.
sub split_mbox($f) {
	open my $fh, '<', $f or fail("$f: $!");
	my (@m, $cur);
	while (my $l = <$fh>) {
		if ($l =~ /^From \S+ +\w{3} \w{3} [ \d]?\d \d\d:\d\d:\d\d \d{4}\s*$/) {
			push @m, $cur if defined $cur;
			$cur = '';
			next;
		}
		$l =~ s/^>(>*From )/$1/ if defined $cur;
		$cur .= $l if defined $cur;
	}
	push @m, $cur if defined $cur;
	return @m;
}

# Checks one patch of the series on top of those before it; returns its
# problems.
sub check_one($patch, $label, $tag, $pw) {
	# Files the patch touches (-p1): from the ---/+++ pairs and from git's
	# headers, which alone name the files of a pure rename, a mode change or
	# a binary change.  %renamed: new path => old path.
	my (%touched, %renamed, $binary);
	open my $ph, '<', $patch or fail("$patch: $!");
	my ($prev, $from) = ('');
	my $path = sub ($p) { $p =~ s/\t.*//; $p eq '/dev/null' ? () : ($p =~ s{^[^/]+/}{}r) };
	while (my $l = <$ph>) {
		chomp $l;
		# (Each match copied at once: $1 is reset by the next match.)
		if ($l =~ m{^\+\+\+ (.+)}) {
			my $b = $1;
			if ($prev =~ m{^--- (.+)}) {
				my $a = $1;
				$touched{$_} = 1 for $path->($a), $path->($b);
			}
		} elsif ($l =~ m{^diff --git a/(\S+) b/(\S+)$}) {
			my ($a, $b) = ($1, $2);
			$touched{$_} = 1 for $a, $b;
		} elsif ($l =~ m{^(?:rename|copy) from (.+)}) {
			$from = $1;
			$touched{$from} = 1;
		} elsif ($l =~ m{^(rename|copy) to (.+)}) {
			my ($how, $to) = ($1, $2);
			$touched{$to} = 1;
			$renamed{$to} = $from if $how eq 'rename' && defined $from;
		} elsif ($l =~ /^(?:GIT binary patch|Binary files .* differ)$/) {
			$binary = 1;
		}
		$prev = $l;
	}
	close $ph;
	my @touched = sort keys %touched;
	fail("$label: no diff in it (no ---/+++ lines)") unless @touched;
	for (@touched) { fail("$label touches $_, outside the tree") if m{(?:^|/)\.\.(?:/|$)} || m{^/} }

	my $work = $pw;
	make_path("$work/before", "$work/after", "$work/cwd");
	for my $f (@touched) {
		# The file as the patches before this one left it.
		next if $deleted{$f};
		my $src = -f "$work/../state/$f" ? "$work/../state/$f" : base_file($f);
		next unless defined $src;
		copy_file($src, map { "$work/$_/$f" } 'before', 'after');
	}

	my @problems;
	print "check-patch: $tag$label against $tree\n";
	# GNU patch does not apply binary diffs; git apply does (outside any
	# repository: the ceiling keeps it from finding one around OUT).
	my @apply = $binary ? ('git', 'apply', '-p1', '--binary', $patch)
		: ('patch', '-p1', '-s', '-f', '--no-backup-if-mismatch', '-i', $patch);
	my $how = $binary ? 'git apply' : 'patch -p1';
	my ($st, $po, $pe) = do {
		local $ENV{GIT_CEILING_DIRECTORIES} = $work;
		capture("$work/after", @apply);
	};
	my $applies = $st == 0;
	if (!$applies) {
		push @problems, 'does not apply';
		print "check-patch: DOES NOT APPLY: $how failed on a copy of " . join(' ', @touched) . ":\n";
		print map { "  $_\n" } split /\n/, "$po$pe";
		print "check-patch: is it made against this tree ($tree)? Rebase it, or pass KSRC=.\n";
	} else {
		print "check-patch: applies with $how: ok (" . join(' ', @touched) . ")\n";
		# The next patches of the series apply on top of this one.
		for my $f (@touched) {
			my $st = "$work/../state/$f";
			if (-f "$work/after/$f") {
				make_path($st =~ s{/[^/]*$}{}r);
				copy("$work/after/$f", $st) or fail("copy $f: $!");
				delete $deleted{$f};
			} else {
				unlink $st;
				$deleted{$f} = 1;
			}
		}
	}

	# checkpatch.pl of the tree, as make fixes runs it (LifoCheckpatch: from
	# a scratch folder; its complaint on an Assisted-by line of the form
	# the tree documents, when it disagrees with that documentation, does
	# not count alone).
	if (my $c = $checkpatch->check($patch)) {
		print "check-patch: $_\n" for @{$c->{notes}};
		my $sum = $c->{summary} ? " ($c->{summary})" : '';
		if (!$c->{ok}) {
			push @problems, 'checkpatch.pl';
			print "check-patch: checkpatch.pl: PROBLEMS$sum\n";
			print map { "  $_\n" } grep { length } split /\n/, $c->{output};
		} else {
			print "check-patch: checkpatch.pl: ok" . ($c->{assisted_by_only} ? ', but for the Assisted-by line above' : '') . "$sum\n";
		}
		print "check-patch: hint: $_\n" for @{$c->{hints}};
	} else {
		push @problems, 'checkpatch.pl missing';
		print "check-patch: $tree/scripts/checkpatch.pl missing\n";
	}

	# Disclosure checker of the project.
	my $dchk = "$root/checkpatch-ext/disclosure.pl";
	if (-f $dchk) {
		# The Assisted-by form of the tree the patch targets.
		my ($dst, $do, $de) = capture(undef, 'perl', $dchk, "--root=$tree", $patch);
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
	my %side;
	# Both sides in one spatch run (one start of spatch, J files at a time).
	my @files = map { my $f = $_; map { "$_/$f" } grep { -f "$work/$_/$f" } 'before', 'after' } grep { /\.[ch]$/ } @touched;
	if (!$applies) {
		@files = ();
		print "check-patch: LIFO rules: not run (the patch does not apply)\n";
	}
	for my $rule (@rules) {
		last unless @files;
		my $r = LifoSpatch::run_rule($work, abs_path($rule), \@files, jobs => $jobs,
			timeout => $o{timeout}, tmp => "$work/tmp");
		for my $f (@{$r->{findings}}) {
			my $side = $f->{file} =~ s{^(before|after)/}{} ? $1 : next;
			LifoFinding::classify($f, $impact);
			# A renamed file's findings are compared under its old name.
			my $old = $side eq 'after' ? $renamed{$f->{file}} // $f->{file} : $f->{file};
			push @{$side{$side}{LifoFinding::key({ %$f, file => $old })}}, $f;
		}
		if (@{$r->{errors}}) {
			print "check-patch: spatch errors: @{$r->{errors}}\n";
			push @problems, 'spatch failed';
		}
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
	# Those of BASELINE= and REVIEWED= are not counted.
	my ($new, $inbase, $rev) = $known->partition(@added);
	@added = @$new;
	printf "check-patch: LIFO findings the patch adds: %d\n", scalar @added;
	print "  + ", LifoFinding::line($_), "\n" for $by->(@added);
	if (@$inbase || @$rev) {
		printf "check-patch: LIFO findings the patch adds that are known, not counted: %d\n", @$inbase + @$rev;
		print "  = ", LifoFinding::line($_), " ($_->{known}[1])\n" for $by->(@$inbase, @$rev);
	}
	printf "check-patch: LIFO findings the patch removes: %d\n", scalar @removed;
	print "  - ", LifoFinding::line($_), "\n" for $by->(@removed);
	push @problems, 'adds LIFO findings' if @added;
	remove_tree($work);
	return @problems;
}

