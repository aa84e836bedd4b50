#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# make fixes: turn LIFO findings into git format-patch style patches,
# one per function, in OUT/patches/, and check each of them.
#
#   perl cocci/bin/make-fixes.pl --tree DIR [--out DIR] [--jobs N] [--kver V]
#        [--cocci-dir DIR] [--finding PATH[:LINE]]... [--rescan]
#        [--signoff] [--author "Name <email>"] [--fixer CMD]
#        [--build-check 0|1|auto] [--no-build-check] [--wrappers]
#        [--reviewed FILE] [--checkpatch-opts "..."]
#
# Findings come from OUT/findings.json when it was made for the same tree
# (make scan), else from a scan (of PATH only with --finding); those of
# --reviewed FILE (make's REVIEWED=, the user's reviewed fingerprints,
# cocci/README.md) are left out, with a line.  The fix
# itself is made by cocci/bin/lifo-fix.sh (the rule's patch mode); --fixer
# replaces it ("CMD TREE FILE" must print a -p1 diff).  When the scan
# checked the tree's own wrappers (--wrappers), the fixer uses the rule
# it made, OUT/cocci-tree/kmap_local_lifo.cocci, so it knows them too.
# Each patch is checked: patch -p1, git am, checkpatch.pl (as make
# check-patch runs it, with the same --checkpatch-opts: no complaint
# ignored, so an unsigned patch fails), the disclosure checker, and the
# build check (--build-check, make's BUILD_CHECK=, cocci/lib/LifoBuild.pm):
# auto (the default) builds each touched C file's object alone, before
# and after the patch with sparse (C=2), on a defconfig of the
# architecture the file needs (its arch/X, the one its Kconfig depends
# on, else 32-bit ARM with HIGHMEM) with the file's CONFIG symbols and
# their dependencies enabled, and says which files were not built and
# why (no compiler for that architecture, a symbol kconfig does not
# keep); 1 also fails a patch whose touched C files were not built; 0
# (--no-build-check) skips it.  Progress is printed while it builds
# (the first object of an architecture prepares its build: minutes).
# A function whose findings patch mode cannot fix (a release inside a
# helper or a loop, a structure's field) gets a bug report draft for its
# maintainers in OUT/reports/ (cocci/lib/LifoBugReport.pm), kept as the
# patches are.
# OUT/patches/.make-fixes-manifest lists the patches make fixes wrote; a
# new run removes only those (with --finding: only those of the same
# functions), and only when unchanged since.  Other files are never
# touched.
# Exit 0 when every patch was made and passed its checks, 1 when a check
# failed, 2 on errors (a scan with errors included).
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Getopt::Long qw(GetOptions);
use Cwd qw(abs_path);
use File::Path qw(make_path remove_tree);
use Digest::SHA ();
use LifoCommon qw(fail project_root is_ktree check_out_dir jobs_option lock_out scratch_dir);
use LifoScan qw(scan);
use LifoOutput ();
use LifoFinding ();
use LifoRule ();
use LifoBuild ();
use LifoImpact ();
use LifoKnown;
use LifoCheckpatch;
use LifoBugReport ();
use LifoLists ();
use LifoPatch qw(subject_prefix subject changelog split_hunks get_maintainers fixes_tag capture);
use ProcRun ();

my $root = project_root();
my %o = (timeout => 60, 'cocci-dir' => "$root/cocci");
GetOptions(\%o, 'tree=s', 'out=s', 'jobs|j=s', 'cocci-dir=s', 'kver=s', 'timeout=i',
	'finding=s@', 'rescan', 'signoff', 'author=s', 'fixer=s', 'no-check', 'no-build-check', 'build-check=s',
	'quiet', 'wrappers', 'reviewed=s', 'checkpatch-opts=s', 'help')
	or fail("bad options (see the head of $0)");
if ($o{help}) { exec 'sed', '-n', '2,42p', $0 }
$o{jobs} = jobs_option($o{jobs});
my $build_check = $o{'no-build-check'} ? '0' : $o{'build-check'} // 'auto';
fail("--build-check (BUILD_CHECK=) must be 0, 1 or auto, not '$build_check'")
	unless $build_check =~ /^(?:0|1|auto)\z/;
fail("--tree DIR is required") unless $o{tree};
fail("$o{tree} is not a kernel tree") unless -d $o{tree} && is_ktree($o{tree});
my $tree = abs_path($o{tree});
my $known = eval { LifoKnown->new(reviewed => $o{reviewed}) } // fail($@ =~ s/\n\z//r);
my $out = check_out_dir($o{out} // "$root/build/scan-" . ($o{kver} // 'ksrc'), $tree);
lock_out($out);
# (The build check replaces OUT/arm-src and OUT/arm-obj.)
LifoBuild::check_out($out) if $build_check ne '0';
my $say = sub (@m) { print STDERR @m unless $o{quiet} };

# --- identity: the user's, never invented ---------------------------------
my ($name, $email);
if ($o{author}) {
	($name, $email) = $o{author} =~ /^\s*(.*?)\s*<([^>]+)>\s*$/
		or fail("--author must look like 'Name <email>'");
} else {
	chomp($name = ProcRun::run(['git', 'config', 'user.name'], timeout => 60)->{stdout});
	chomp($email = ProcRun::run(['git', 'config', 'user.email'], timeout => 60)->{stdout});
	fail("set git config user.name and user.email (or --author 'Name <email>'): the patch author is the person who sends it")
		unless length $name && length $email;
}

# --- findings --------------------------------------------------------------
my @findings;
my %want;
for (@{$o{finding} // []}) {
	my ($p, $l) = /^(.+?)(?::(\d+))?$/ or fail("--finding wants PATH:LINE or PATH, not $_");
	$l //= 0;	# 0: every finding of PATH
	$p =~ s{^\./}{};
	push @{$want{$p}}, $l;
}
my $meta = "$out/scan.json";
# A scan with errors after the last complete one: its findings are not
# those of the tree as it is now, and the complete ones are older.
if (!$o{rescan} && -f "$out/incomplete/scan.json" && (!-f $meta || -M "$out/incomplete/scan.json" < -M $meta)) {
	fail("the latest make scan into $out had errors (see $out/incomplete/scan.json): its findings are incomplete "
		. "and those of $out/findings.json older; fix the errors and run make scan again, or pass --rescan");
}
# (Not those of a scan of part of the tree: M=, FILES=, SINCE=.)
my $scanned = -f "$out/findings.json" && -f $meta ? LifoOutput::read_json($meta) : {};
if (!$o{rescan} && ($scanned->{tree} // '') eq $tree && !$scanned->{selection}) {
	$say->("make-fixes: using the findings of $out/findings.json\n");
	@findings = LifoOutput::from_json(LifoOutput::read_json("$out/findings.json"));
	# The impact as this version of the tooling sees it.
	my $imp = LifoImpact->new($tree);
	LifoFinding::classify($_, $imp) for @findings;
} else {
	my $r = scan(tree => $tree, out => (%want ? undef : $out), jobs => $o{jobs},
		timeout => $o{timeout}, cocci_dir => $o{'cocci-dir'},
		files => (%want ? [sort keys %want] : undef), quiet => $o{quiet}, kver => $o{kver},
		wrappers => $o{wrappers}, cocci_tree => "$out/cocci-tree");
	$say->($r->{summary});
	fail("the scan had errors (above): findings may be missing, no patches made") unless $r->{ok};
	@findings = @{$r->{findings}};
}
if (%want) {
	my @sel;
	for my $file (sort keys %want) {
		for my $l (@{$want{$file}}) {
			my @m = grep { $_->{file} eq $file && (!$l || $_->{line} == $l || $_->{first}{line} == $l || $_->{second}{line} == $l) } @findings;
			fail("no LIFO finding at $file" . ($l ? ":$l" : '')) unless @m;
			push @sel, @m;
		}
	}
	my %s;
	@findings = grep { !$s{"$_->{file}:$_->{line}:$_->{first}{expr}:$_->{second}{expr}"}++ } @sel;
}
# Reviewed by the user: neither a patch nor a report.
if ($known->active) {
	my ($new, undef, $rev) = $known->partition(@findings);
	$say->("make-fixes: $_->{file}:$_->{line}: $_->{function}(): reviewed ($_->{known}[1]): no patch\n") for @$rev;
	@findings = @$new;
}
if (!@findings) {
	$say->("make-fixes: no findings, no patches\n");
	exit 0;
}

# --- one group per function ------------------------------------------------
my %g;
for my $f (@findings) {
	my $k = "$f->{file}\0$f->{function}";
	my $g = $g{$k} //= { file => $f->{file}, function => $f->{function}, findings => [] };
	push @{$g->{findings}}, $f;
}
my @groups = sort { $a->{file} cmp $b->{file} || $a->{findings}[0]{line} <=> $b->{findings}[0]{line} } values %g;
for my $g (@groups) {
	my @fix = grep { $_->{impact} eq 'fix' } @{$g->{findings}};
	my $lead = $fix[0] // $g->{findings}[0];
	@$g{qw(impact reason affected)} = @$lead{qw(impact reason affected)};
}

# --- the fixes themselves --------------------------------------------------
my @fixer = $o{fixer} ? split(' ', $o{fixer}) : ('sh', "$root/cocci/bin/lifo-fix.sh");
$ENV{COCCI} = "$out/cocci-tree/kmap_local_lifo.cocci"
	if !$o{fixer} && -f "$out/cocci-tree/kmap_local_lifo.cocci"
	&& ($o{wrappers} || -f $meta && @{LifoOutput::read_json($meta)->{wrappers} // []});
fail("$fixer[-1] missing: the rule's patch mode (cocci/bin/lifo-fix.sh) is needed") unless $o{fixer} || -f $fixer[-1];
my %byfile;
push @{$byfile{$_->{file}}}, $_ for @groups;
my %diffhead;
for my $file (sort keys %byfile) {
	my ($st, $diff, $err) = capture(undef, @fixer, $tree, $file);
	fail("fixer failed on $file (exit $st): $err") if $st != 0;
	if ($diff !~ /^@@ /m) {
		$say->("make-fixes: $file: the fixer changed nothing; no patch for " .
			join(', ', map { "$_->{function}()" } @{$byfile{$file}}) . "\n");
		$_->{skip} = 1 for @{$byfile{$file}};
		next;
	}
	my ($head, $hunks) = split_hunks($diff);
	$diffhead{$file} = $head;
	# A hunk belongs to the function whose early release it covers, else
	# to the nearest finding.
	for my $h (@$hunks) {
		my ($best, $dist);
		for my $g (@{$byfile{$file}}) {
			for my $f (@{$g->{findings}}) {
				my $d = $f->{line} < $h->{old} ? $h->{old} - $f->{line}
					: $f->{line} >= $h->{old} + $h->{len} ? $f->{line} - ($h->{old} + $h->{len} - 1) : 0;
				($best, $dist) = ($g, $d) if !defined $dist || $d < $dist;
			}
		}
		push @{$best->{hunks}}, $h;
	}
	for my $g (@{$byfile{$file}}) {
		next if $g->{hunks};
		$say->("make-fixes: $file: no change for $g->{function}(); no patch for it\n");
		$g->{skip} = 1;
	}
}
# Those patch mode cannot fix get a bug report draft instead.
my @unfixed = grep { $_->{skip} } @groups;
@groups = grep { !$_->{skip} } @groups;
my $scratch = scratch_dir($out, 'fixes');
if (!@groups) {
	write_reports(@unfixed);
	exit 0;
}

# --- commits in a scratch repository, then git format-patch ---------------
my $pdir = "$out/patches";
make_path($pdir);
my $work = "$scratch/repo";
make_path($work);
my %env = (GIT_AUTHOR_NAME => $name, GIT_AUTHOR_EMAIL => $email,
	GIT_COMMITTER_NAME => $name, GIT_COMMITTER_EMAIL => $email,
	GIT_CONFIG_NOSYSTEM => 1, GIT_CONFIG_GLOBAL => '/dev/null');
local @ENV{keys %env} = values %env;
my $git = sub (@a) {
	my ($st, $o, $e) = capture($work, 'git', '-c', 'core.autocrlf=false', @a);
	fail("git @a: $e") if $st != 0;
	return $o;
};
$git->('init', '-q');
for my $file (sort keys %byfile) {
	make_path("$work/" . ($file =~ s{/[^/]*$}{}r));
	eval { LifoCommon::copy_regular("$tree/$file", "$work/$file"); 1 } or fail("copy $file: $@");
}
$git->('add', '-A');
$git->('commit', '-q', '-m', 'packaged tree');

my $ver = LifoRule::spatch_version() // 'unknown';
# The semantic patch named by where it lives: the kernel's path when the
# tree has it (kernel-patches/coccinelle/ applied), else this project's.
my %tool = (coccinelle => $ver, rule => LifoPatch::rule_in_tree('kmap_local_lifo.cocci'));
if (!-f "$tree/$tool{rule}") {
	%tool = (%tool, rule => 'cocci/kmap_local_lifo.cocci',
		rule_from => "of the kmap-lifo tools (not in the kernel tree)");
}
if (open my $fh, '<', "$o{'cocci-dir'}/kmap_local_lifo.cocci") {
	while (<$fh>) { last unless m{^//}; $tool{rule_version} = $1 if m{^//\s*Version:\s*(\S+)} }
}
my $git_tree = LifoPatch::is_git_tree($tree);
my @nofixes;
for my $g (@groups) {
	my $p = "$work/.fix.diff";
	LifoOutput::write_file($p, $diffhead{$g->{file}} . join '', map { $_->{text} } sort { $a->{old} <=> $b->{old} } @{$g->{hunks}});
	$git->('apply', '--recount', '-p1', $p);
	unlink $p;
	my $prefix = subject_prefix($tree, $g->{file});
	my $msg = subject($prefix, $g) . "\n\n" . changelog($g, \%tool);
	my @tags;
	if ($g->{impact} eq 'fix') {
		my %t;
		for my $f (@{$g->{findings}}) {
			my $t = fixes_tag($tree, $f);
			push @tags, $t if $t && !$t{$t}++;
		}
		if (!@tags) {
			# Say why, once per run for a tree git does not track.
			push @nofixes, $git_tree
				? "no Fixes: tag for $g->{function}(): git blame of $tree names no commit but the first for its lines"
				: "no Fixes: tag for $g->{function}(): $tree is not a git tree, so git log and blame cannot name the"
				. " commit that made the order (make tree says how to make one; or add it by hand)";
		}
	}
	push @tags, "Signed-off-by: $name <$email>" if $o{signoff};
	$msg .= "\n" . join("\n", @tags) . "\n" if @tags;
	$git->('add', '-A');
	LifoOutput::write_file("$work/.git/LIFO_MSG", $msg);
	$git->('commit', '-q', '--cleanup=verbatim', '-F', '.git/LIFO_MSG');
}
my $list = $git->('format-patch', '-N', '--zero-commit', '--no-signature',
	'-o', "$scratch/patches", 'HEAD~' . scalar(@groups) . '..HEAD');
my @patches = split /\n/, $list;

$say->(map { "make-fixes: $_\n" } @nofixes);

# To/Cc from the tree's get_maintainer.pl, on the files each patch touches.
for my $i (0 .. $#patches) {
	my $p = $patches[$i];
	my ($to, $cc) = get_maintainers($tree, $groups[$i]{file});
	next unless $to;
	open my $fh, '<', $p or fail("$p: $!");
	my @l = <$fh>;
	close $fh;
	my $i = 0;
	$i++ until $l[$i] =~ /^Subject: /;
	$i++ while $l[$i + 1] =~ /^ /;
	my @h;
	push @h, 'To: ' . join(",\n    ", @$to) . "\n" if @$to;
	push @h, 'Cc: ' . join(",\n    ", @$cc) . "\n" if @$cc;
	splice @l, $i + 1, 0, @h;
	LifoOutput::write_file($p, join '', @l);
}
# (A file in the way stops the run now, before the checks.)
my $placing = plan_patches($pdir, \@patches, [map { "$_->{file}\t$_->{function}" } @groups], !%want);

# --- checks, on the patches in scratch ---------------------------------------
my $bad = 0;
unless ($o{'no-check'}) {
	# patch -p1 and git am on a scratch copy of the touched files.
	$git->('checkout', '-q', '-b', 'am-check', 'HEAD~' . scalar(@groups));
	my $pcopy = "$scratch/patch-check";
	make_path($pcopy);
	for my $file (sort keys %byfile) {
		make_path("$pcopy/" . ($file =~ s{/[^/]*$}{}r));
		eval { LifoCommon::copy_regular("$tree/$file", "$pcopy/$file") };
	}
	my $dchk = "$root/checkpatch-ext/disclosure.pl";
	my ($builder, $moved_only, $unsigned);
	# checkpatch.pl as make check-patch runs it: the same options, the
	# same reading, so that a patch ok here is ok there.
	my $checkpatch = LifoCheckpatch->new(tree => $tree, dir => "$scratch/checkpatch", opts => $o{'checkpatch-opts'});
	for my $p (@patches) {
		my @problems;
		my ($st, $o1, $e1) = capture($pcopy, 'patch', '-p1', '-s', '--no-backup-if-mismatch', '-i', $p);
		push @problems, "patch -p1 failed: $o1$e1" if $st;
		my $applies = !$st;
		($st, $o1, $e1) = capture($work, 'git', 'am', '-q', $p);
		push @problems, "git am failed: $o1$e1" if $st;
		if (my $c = $checkpatch->check($p)) {
			say STDERR "make-fixes: $_" for @{$c->{notes}};
			if (!$c->{ok}) {
				# Its reports, without the notes it ends with.
				my $rep = $c->{output} =~ s/\n\s*\n(?:NOTE: |\S+ has style problems).*//sr;
				push @problems, "checkpatch.pl:\n" . join("\n", map { "    $_" } grep { /\S/ } split /\n/, $rep);
				$unsigned = 1 if $c->{output} =~ /Missing Signed-off-by/;
				$moved_only = 1 if $c->{output} =~ /DEPRECATED_API|Deprecated use of/ && only_moves($p);
			}
		} else {
			push @problems, "checkpatch.pl: $tree/scripts/checkpatch.pl missing";
		}
		if (-f $dchk) {
			($st, $o1, $e1) = capture(undef, 'perl', $dchk, "--root=$tree", $p);
			push @problems, "disclosure.pl: $o1$e1" if $st;
		}
		my $n = $p =~ s{.*/}{}r;
		my @built;
		# (Whatever checkpatch.pl says: an unsigned patch is built too.)
		if ($build_check ne '0' && $applies) {
			$builder //= LifoBuild->new(tree => $tree, out => $out, jobs => $o{jobs} || LifoScan::ncpus(), say => $say);
			my @files = do { open my $fh, '<', $p; map { m{^\+\+\+ b/(\S+)} ? $1 : () } <$fh> };
			for my $r ($builder->check_patch($p, @files)) {
				# BUILD_CHECK=1: a touched C file not built fails the patch.
				$r->[0] = 'FAIL' if $build_check eq '1' && $r->[0] eq 'skip' && $r->[1] =~ /\.c: not built/;
				push @built, "$r->[0]: $r->[1]";
				push @problems, $r->[1] . ($build_check eq '1' ? ' (BUILD_CHECK=1)' : '') if $r->[0] eq 'FAIL';
			}
		}
		if (@problems) {
			$bad++;
			print "FAIL $n\n", map { "  $_\n" } @problems;
		} else {
			print "ok   $n\n";
		}
		print map { "  build: $_\n" } @built;
	}
	my @notes;
	push @notes, "not signed off (no --signoff): checkpatch.pl, as make check-patch, fails the patches on it; "
		. "sign them: make fixes SIGNOFF=1 (your git identity), or git am -s when you apply them" if $unsigned;
	push @notes, "checkpatch-ext/disclosure.pl not found: disclosure not checked" unless -f $dchk;
	push @notes, "checkpatch.pl warns DEPRECATED_API on a line the patch only moves (kmap_atomic code): converting "
		. "the function to kmap_local_page() is another change; say so below the ---, or make it" if $moved_only;
	push @notes, "no build check (BUILD_CHECK=0)" if $build_check eq '0';
	$say->(map { "make-fixes: note: $_\n" } @notes);
}
# The patches replace those of the last run only now: an interrupted
# run leaves those as they were.
@patches = place_patches($placing);
$say->("make-fixes: " . scalar(@patches) . " patch(es) in $pdir\n");
write_reports(@unfixed);
exit($bad ? 1 : 0);

# A bug report draft (cocci/lib/LifoBugReport.pm) in OUT/reports/ for
# each function whose findings patch mode cannot fix; the drafts of an
# earlier run are replaced as the patches are (the manifest).
sub write_reports(@un) {
	my $rdir = "$out/reports";
	return unless @un || -f "$rdir/.make-fixes-manifest";
	make_path("$scratch/reports", $rdir);
	my %seed = map { my $l = $_; ($l => { map { $_ => 1 } LifoLists::read_list("$o{'cocci-dir'}/$l.list") }) } qw(maps releases iterators);
	my %helpers = map { $_->{name} => $_->{kind} } @{$scanned->{wrappers} // []};
	my $kernel = do {
		open my $fh, '<', "$tree/Makefile";
		my %v = map { /^(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)/ ? ($1 => $2) : () } $fh ? <$fh> : ();
		join '.', grep { defined } @v{qw(VERSION PATCHLEVEL SUBLEVEL)};
	};
	my $cver = LifoRule::spatch_version() // 'unknown';
	my @new;
	for my $g (@un) {
		my ($to, $cc) = get_maintainers($tree, $g->{file});
		my ($commit) = map { fixes_tag($tree, $_) // () } @{$g->{findings}};
		$commit =~ s/^Fixes: // if defined $commit;
		my (undef, $text) = LifoBugReport::draft($tree, $g, from => "$name <$email>", name => $name,
			to => $to // [], cc => $cc // [], seed => \%seed, helpers => \%helpers, commit => $commit, kernel => $kernel,
			tool => { version => $LifoCommon::VERSION, coccinelle => $cver, rule => 'cocci/kmap_local_lifo.cocci' });
		my $n = ("$g->{file}-$g->{function}" =~ s{[^\w.-]+}{-}gr) . '.eml';
		LifoOutput::write_file("$scratch/reports/$n", $text);
		push @new, "$scratch/reports/$n";
		print "report $n\n";
		$say->("make-fixes: $g->{file}:$g->{findings}[0]{line}: $g->{function}(): no patch (patch mode cannot move this release):"
			. " a bug report draft for its maintainers in $rdir/$n (fingerprint"
			. join('', map { ' ' . LifoFinding::fingerprint($_) } @{$g->{findings}}) . ", for REVIEWED= once handled)\n");
	}
	place_patches(plan_patches($rdir, \@new, [map { "$_->{file}\t$_->{function}" } @un], !%want));
}

# How the new patches (@$new, one per function: @$keys) replace those in
# $pdir (place_patches() does it): the patches an earlier run listed in
# the manifest go, all of them with $all, else those of the same
# functions; one changed since it was written is kept, with a note.  A
# file of the same name that make fixes did not write stops it (exit 2)
# before anything moves.
sub plan_patches($pdir, $new, $keys, $all) {
	my $mf = "$pdir/.make-fixes-manifest";
	my %key = map { $new->[$_] =~ s{.*/}{}r => $keys->[$_] } 0 .. $#$new;
	my (@keep, @remove);
	if (open my $fh, '<', $mf) {
		for (<$fh>) {
			chomp;
			my ($name, $sha, $k) = split /\t/, $_, 3;
			next unless defined $k && -f "$pdir/$name";
			if (!$all && !grep { $_ eq $k } @$keys) { push @keep, $_; next }
			if (Digest::SHA->new(256)->addfile("$pdir/$name")->hexdigest ne $sha) {
				$say->("make-fixes: $pdir/$name changed since make fixes wrote it: left in place\n");
				next;
			}
			push @remove, $name;
		}
	}
	for my $n (sort keys %key) {
		fail("$pdir/$n exists and make fixes did not write it (or it was changed since): move it away")
			if -e "$pdir/$n" && !(grep { $_ eq $n } @remove);
	}
	return { pdir => $pdir, mf => $mf, new => $new, key => \%key, keep => \@keep, remove => \@remove };
}

# Moves the patches into place as plan_patches() planned, not
# interrupted half way; returns their paths there.
sub place_patches($plan) {
	my ($pdir, $mf, $new, %key) = (@$plan{qw(pdir mf new)}, %{$plan->{key}});
	my @keep = @{$plan->{keep}};
	local @SIG{qw(INT TERM HUP)} = ('IGNORE') x 3;
	unlink map { "$pdir/$_" } @{$plan->{remove}};
	my @placed;
	for my $p (@$new) {
		my $n = $p =~ s{.*/}{}r;
		rename $p, "$pdir/$n" or fail("cannot move $n into $pdir: $!");
		push @placed, "$pdir/$n";
		push @keep, join "\t", $n, Digest::SHA->new(256)->addfile("$pdir/$n")->hexdigest, $key{$n};
	}
	LifoOutput::write_file("$mf.tmp", join '', map { "$_\n" } @keep);
	rename "$mf.tmp", $mf or fail("cannot write $mf: $!");
	return @placed;
}

# Whether every line a patch adds is one it removes: the fix only moves
# statements.
sub only_moves($patch) {
	open my $fh, '<', $patch or return 0;
	my (%n, $diff);
	while (<$fh>) {
		$diff = 1 if /^diff --git /;
		next unless $diff && !/^(?:\+\+\+|---) /;
		$n{$1}++ if /^\+(.*)/;
		$n{$1}-- if /^-(.*)/;
	}
	return $diff && !grep { $_ } values %n;
}
