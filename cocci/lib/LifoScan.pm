# SPDX-License-Identifier: GPL-2.0
# The whole of make scan, callable from the other drivers.
package LifoScan;
use v5.36;
use Exporter 'import';
use POSIX ();
use File::Temp ();
use File::Spec;
use JSON::PP ();
use Time::HiRes qw(time);
use File::Path qw(make_path remove_tree);
use LifoCommon qw(fail checker_rule scratch_dir tool_version);
use LifoSpatch;
use LifoPasses;
use LifoCache;
use LifoTreeIndex;
use LifoImpact;
use LifoFinding ();
use LifoOutput qw(findings_json sarif_log write_file);
use ProcRun ();
our @EXPORT_OK = qw(scan ncpus);

sub ncpus {
	my $n = ProcRun::run(['getconf', '_NPROCESSORS_ONLN'], timeout => 30)->{stdout} // '';
	chomp $n;
	return $n =~ /^\d+$/ && $n > 0 ? $n : 1;
}

sub _hms($s) { return sprintf '%d:%02d', int($s / 60), int($s) % 60 }

# %a: tree, out (may be undef: nothing written), jobs, timeout, cocci_dir,
#     files (restrict to these tree-relative paths), quiet, spatch, kver,
#     wrappers (check with the tree's own wrappers), cocci_tree (where the
#     wrapper passes keep their lists and rule; default OUT/cocci-tree),
#     slice (default on: spatch reads only the functions that name the
#     rule's functions, cocci/lib/LifoSlice.pm), stall (spatch watchdog,
#     seconds without output, see LifoSpatch::run_rule),
#     select (part of a tree: report only on these files; with wrappers
#     the helpers are still inferred from the whole tree, since a file
#     may call a helper defined anywhere), select_desc (how it was
#     chosen: "M=fs/ufs", ...), unreadable (files and folders under M=
#     that could not be read, when the tree is not listed: errors),
#     cache (a folder: what spatch printed per file is kept there by
#     content, LifoCache.pm, and which files name which functions by
#     their stat, LifoTreeIndex.pm; a rescan redoes what changed)
# Everything is written in a scratch folder under OUT (removed on every
# exit) and renamed into place when the scan is complete (a scan of part
# of the tree, select, into OUT/partial/); a scan with
# errors (files not read, spatch failing on a file) leaves the previous
# results in place and puts its own in OUT/incomplete/.
# Returns { findings, lines, summary, ok (no errors), stats, errors }
sub scan(%a) {
	my $t0 = time;
	my $spatch = $a{spatch} // 'spatch';
	my $jobs = $a{jobs} || ncpus();
	my $tree = $a{tree};
	my $slice = $a{slice} // 1;
	local $LifoSpatch::STALL = $a{stall} // $LifoSpatch::STALL;
	my $ver = LifoSpatch::spatch_version($spatch)
		// fail("spatch (Coccinelle) not found or not working: install coccinelle (make deps)");
	# The checker, by name (kmap_local_wrappers.cocci is a helper of
	# cocci/lib/LifoPasses.pm, which runs it by name too).
	my @rules = (checker_rule($a{cocci_dir}));
	my (%generated, $help);
	for my $r (@rules) {
		my $text = do { open my $fh, '<', $r or fail("$r: $!"); local $/; <$fh> };
		# The rule's /// header (as scripts/coccinelle's): SARIF's help text.
		$help = join "\n", map { s{^///\s?}{}r } grep { m{^///} } split /\n/, $text;
		$help =~ s/^\s+|\s+$//g;
		# Generated from maps.list: intraprocedural, so spatch only
		# needs the functions that name a mapping function (LifoSlice.pm).
		$generated{$r} = LifoSpatch::from_lists($text);
	}
	my $say = sub (@m) { print STDERR @m unless $a{quiet} };

	# Scratch: spatch's copies, the wrapper passes' lists and rule, the
	# results until they are complete.
	my $scratch = scratch_dir($a{out} // File::Spec->tmpdir, 'scan');
	my $sel = $a{select};
	# Part of a tree (M=, FILES=, SINCE=): its results go to OUT/partial/,
	# never over the whole tree's (make fixes and CI read those).
	my $dest = $a{out} && $sel ? "$a{out}/partial" : $a{out};
	my $final_ct = $a{cocci_tree} // ($dest ? "$dest/cocci-tree" : undef);
	# The folders a scan replaces in OUT must be its own.
	my %signs = ('cocci-tree' => ['kmap_local_lifo.cocci', 'wrappers.txt'], incomplete => ['scan.json']);
	LifoCommon::check_own($dest, %signs) if $dest;
	LifoCommon::check_own($a{out}, partial => ['scan.json', 'incomplete']) if $dest && $sel;
	LifoCommon::check_own($final_ct =~ s{/[^/]*\z}{}r, ($final_ct =~ s{.*/}{}r) => $signs{'cocci-tree'}) if $final_ct;
	my @all;
	my @unread = @{$a{unreadable} // []};	# files and folders of the tree that could not be read
	my ($cache, %sigs, @kconfig);
	if (defined $a{cache}) {
		($cache, my $why) = LifoCache->new($a{cache});
		fail("CACHE=$a{cache}: $why (give a folder that can be written, or CACHE= for none)") unless $cache;
	}
	my $listed = time;
	if ($a{files} || ($sel && !$a{wrappers})) {
		for (@{$a{files} // $sel}) {
			fail(LifoSpatch::shown_name($_) . ": no such file in $tree") unless -f "$tree/$_";
		}
		# (A name spatch cannot be given: an error, as in a listing.)
		for (@{$a{files} // $sel}) {
			my $why = LifoSpatch::unscannable_name($_);
			if ($why) { push @unread, LifoSpatch::shown_name($_) . ": $why, not read" } else { push @all, $_ }
		}
	} else {
		$say->("scan: listing the .c and .h files of $tree\n");
		@all = LifoSpatch::tree_files($tree, errors => \@unread, sigs => $cache ? \%sigs : undef, kconfig => \@kconfig);
		my %u;	# (M= listed its folder already)
		@unread = grep { !$u{$_}++ } @unread;
	}
	my $index = $cache && %sigs ? LifoTreeIndex->new($cache->dir, $tree, \%sigs, $listed) : undef;
	local $LifoSpatch::INDEX = $index;
	my $impact = LifoImpact->new($tree, @kconfig ? \@kconfig : undef);
	my (@findings, %cand, @wrappers);
	my %run = (parse_errors => {}, timeouts => {}, handled_files => {}, errors => [], retries => []);
	my $tty = -t STDERR;
	# Nothing selected (SINCE= with no C file changed): nothing to run.
	for my $rule ($sel && !@$sel ? () : @rules) {
		(my $rn = $rule) =~ s{.*/}{};
		my $passes = $a{wrappers};
		my @tokens = LifoSpatch::rule_tokens($rule);
		my @cand = $passes ? () : LifoSpatch::candidates($tree,
			$sel ? [grep { !LifoSpatch::unscannable_name($_) } @$sel] : \@all, \@tokens, $jobs);
		$cand{$_} = 1 for @cand;
		$say->(sprintf "scan: %s: %s; spatch %s, %d jobs, timeout %ds\n", $rn,
			$passes ? "with the tree's own wrappers, of " . scalar(@all) . ' files'
			: sprintf('%d of %d files mention %s', scalar @cand, scalar @all,
				@tokens ? 'its mapping functions' : 'anything'),
			$ver, $jobs, $a{timeout});
		my $progress = sub ($p) {
			return if $a{quiet};
			my $line = sprintf "scan: %s: %d/%d files, %s elapsed, %d findings",
				$rn, $p->{done}, $p->{total}, _hms($p->{elapsed}), $p->{findings};
			if ($tty) { print STDERR "\r$line\e[K", $p->{final} ? "\n" : '' }
			elsif ($p->{final} || $p->{elapsed} >= 5) { print STDERR "$line\n" }
		};
		my $tmp = "$scratch/tmp";
		my $r;
		if ($passes) {
			# The tree's own wrappers join the lists (cocci/lib/LifoPasses.pm).
			$r = LifoPasses::run(tree => $tree, all => \@all, root => LifoCommon::project_root(),
				dir => "$scratch/cocci-tree", cache => $cache, engine => $ver,
				plan => $index && $index->plan, changed => $index && [$index->dirty_files(\@all)],
				jobs => $jobs, timeout => $a{timeout}, spatch => $spatch, say => $say, slice => $slice,
				progress => sub ($name) { $rn = $name; $progress },
				progress_every => $tty ? 1 : 10);
			$cand{$_} = 1 for keys %{$r->{candidates}};
			$index->set_plan($r->{plan}) if $index;
			@wrappers = @{$r->{wrappers}};
			$say->(sprintf "scan: %d wrappers found: %s\n", scalar @wrappers,
				join(', ', map { "$_->[1] ($_->[0])" } @wrappers) || 'none');
		} else {
			$r = LifoSpatch::run_rule($tree, $rule, \@cand, jobs => $jobs,
				timeout => $a{timeout}, spatch => $spatch, tmp => $tmp, cache => $cache, engine => $ver,
				slice => $slice && $generated{$rule} && @tokens ? \@tokens : undef, progress => $progress, progress_every => $tty ? 1 : 10);
		}
		if ($tmp) { unlink LifoCommon::entries($tmp); rmdir $tmp }
		push @findings, @{$r->{findings}};
		LifoSpatch::add_run(\%run, $r);
	}
	if ($sel) {
		# Part of a tree: what the passes found elsewhere is not reported.
		my %in = map { $_ => 1 } @$sel;
		@findings = grep { $in{$_->{file}} } @findings;
		my $u = $run{undecided} // {};
		delete @$u{grep { !$in{s/:\d+\z//r} } keys %$u};
	}
	my ($parse, $timeouts, $handled) = @run{qw(parse_errors timeouts handled_files)};
	my $errors = [@unread, @{$run{errors}}];
	my $ok = !@$errors;
	my $cs = $cache ? _keep_cache($cache, $ok ? $index : undef) : undef;
	# One finding per (file, line, pair): headers reached twice, etc.
	my %seen;
	@findings = grep { !$seen{join "\0", $_->{rule}, $_->{file}, $_->{line}, $_->{first}{expr}, $_->{second}{expr}}++ } @findings;
	LifoFinding::classify($_, $impact) for @findings;
	# A Kconfig file or Makefile that could not be read: an impact may be wrong.
	if (my @e = $impact->errors) { push @unread, @e; push @$errors, @e; $ok = 0 }
	@findings = LifoFinding::sorted(@findings);
	my @lines = map { LifoFinding::line($_) } @findings;
	my $wall = time - $t0;

	my %per;
	$per{$_->{subsystem}}{$_->{impact}}++ for @findings;
	my $s = "scan: summary\n";
	$s .= sprintf "  findings: %d (%d fix, %d cleanup)\n", scalar @findings,
		scalar(grep { $_->{impact} eq 'fix' } @findings), scalar(grep { $_->{impact} eq 'cleanup' } @findings);
	for my $sub (sort keys %per) {
		$s .= sprintf "    %-28s %s\n", $sub, join ', ', map { "$per{$sub}{$_} $_" } sort keys %{$per{$sub}};
	}
	$s .= sprintf "  files: %d %s, %d mention a mapping function, %d parsed by spatch\n",
		scalar @all, $a{files} || ($sel && !$a{wrappers}) ? 'given' : 'in the tree', scalar keys %cand, scalar keys %$handled;
	$s .= sprintf "  part of the tree (%s): %d files reported on%s\n", $a{select_desc} // 'selected', scalar @$sel,
		$a{wrappers} ? ", helpers inferred from the whole tree" : '' if $sel;
	my @perr = sort keys %$parse;
	$s .= sprintf "  files with parse errors (%s; the functions spatch could not parse were skipped): %d%s\n",
		$slice ? 'in the functions spatch read' : 'anywhere', scalar @perr,
		!@perr ? '' : @perr <= 10 || !$a{out} ? ': ' . join(' ', @perr) : " (listed in $dest/scan.json)";
	my $und = $run{undecided} // {};
	$s .= sprintf "  undecided (the order cannot be told from the code): %d%s\n", scalar keys %$und,
		join('', map { "\n    $_: $und->{$_}" } sort keys %$und);
	$s .= sprintf "  timeouts (%ds per file): %d%s\n", $a{timeout}, scalar keys %$timeouts,
		%$timeouts ? ': ' . join(' ', sort keys %$timeouts) : '';
	$s .= sprintf "  files not read (errors): %d\n", scalar @unread if @unread;
	$s .= "    $_\n" for @unread;
	$s .= sprintf "  spatch errors: %d\n", scalar @{$run{errors}} if @{$run{errors}};
	$s .= "    $_\n" for @{$run{errors}};
	$s .= "  spatch retried: $_\n" for @{$run{retries}};
	$s .= sprintf "  cache (%s): %d spatch results reused, %d files given to spatch%s%s%s\n", $cache->dir,
		$cs->{hits}, $cs->{misses}, $cs->{ahead} ? " (and $cs->{ahead} ahead of their pass)" : '',
		$index ? sprintf(', %d files changed since the last scan', $index->dirty_count) : '',
		$cs->{write_error} ? "; NOT KEPT: $cs->{write_error}" : '' if $cs;
	$s .= sprintf "  wall time: %.1f s\n", $wall;

	my %stats = (tree => $tree, kver => $a{kver}, spatch => $ver, tool_version => tool_version(),
		rules => [map { s{.*/}{}r } @rules], files => scalar @all, candidates => scalar keys %cand,
		parsed => scalar keys %$handled, parse_errors => [sort keys %$parse], timeouts => [sort keys %$timeouts],
		wrappers => [map { { kind => $_->[0], name => $_->[1], level => $_->[2] } } @wrappers],
		undecided => [map { { where => $_, what => $und->{$_} } } sort keys %$und],
		errors => $errors, complete => $ok ? JSON::PP::true : JSON::PP::false,
		unreadable => \@unread, failed_files => [sort keys %{$run{failed_files} // {}}],
		wall_seconds => 0 + sprintf('%.1f', $wall), findings => scalar @findings,
		jobs => $jobs, sliced => $slice ? 1 : 0,
		($cs ? (cache => { reused => $cs->{hits}, given_to_spatch => $cs->{misses}, given_ahead => $cs->{ahead},
			($index ? (changed_files => $index->dirty_count) : ()) }) : ()),
		($sel ? (selection => { how => $a{select_desc} // '', files => [@$sel] }) : ()));
	if ($a{out}) {
		my $res = "$scratch/result";
		make_path($res);
		LifoCommon::mark_own($res);	# (it may become OUT/incomplete)
		write_file("$res/findings.json", findings_json(\@findings, tool_version => tool_version(), complete => $ok,
			selection => $sel ? $a{select_desc} // '' : undef));
		write_file("$res/findings.sarif", sarif_log(findings => \@findings, help => $help,
			tool_version => tool_version(), engine_version => $ver, ok => $ok, notifications => $errors,
			file_notes => [(map { [$_, "spatch could not parse some functions of $_: they were not checked"] } @perr),
				(map { [$_, "spatch timed out on $_ ($a{timeout} s): it was not checked"] } sort keys %$timeouts)],
			redact => [[$tree, ''], [$a{out}, 'OUT/'], [LifoCommon::project_root(), '']]));
		write_file("$res/findings.txt", join '', map { "$_\n" } @lines);
		write_file("$res/scan.json", JSON::PP->new->canonical->pretty->encode(\%stats));
		if ($ok) {
			make_path($dest);
			LifoCommon::mark_own($dest) if $sel;
			_commit($scratch, $dest, $final_ct);
			$s .= "  written: $dest/findings.json, findings.sarif, findings.txt, scan.json\n";
		} else {
			rename "$scratch/cocci-tree", "$res/cocci-tree" if -d "$scratch/cocci-tree";
			_replace($res, "$dest/incomplete", $scratch);
			$s .= "  INCOMPLETE: " . scalar(@$errors) . " error(s) above; the results of the last complete scan in $dest, if any,"
				. " are left in place; this scan's are in $dest/incomplete/\n";
		}
	} elsif ($ok && $final_ct && -d "$scratch/cocci-tree") {
		_replace("$scratch/cocci-tree", $final_ct, $scratch);
	} elsif (!$ok) {
		$s .= "  INCOMPLETE: " . scalar(@$errors) . " error(s) above\n";
	}
	return { findings => \@findings, lines => \@lines, summary => $s,
		ok => $ok, stats => \%stats, errors => $errors };
}

# After the scan: the tree's index kept when the scan is complete
# ($index), old entries pruned.  Returns the cache's figures; a failure
# to write is reported in write_error, the scan's results stand.
sub _keep_cache($cache, $index) {
	my $err = $index ? $index->save : undef;
	$cache->prune;
	my $st = $cache->stats;
	$st->{write_error} //= $err;
	return $st;
}

# Renames folder $new over $old (a folder cannot be renamed over one
# that holds files): the old one goes into $scratch first.
sub _replace($new, $old, $scratch) {
	my $gone = "$scratch/replaced." . ($old =~ s{.*/}{}r);
	rename $old, $gone or fail("cannot move $old away: $!") if -e $old;
	make_path($old =~ s{/[^/]*$}{}r);
	rename $new, $old or fail("cannot rename $new to $old: $!");
	remove_tree($gone);
}

# A complete scan: the wrapper rule first, then the results, scan.json
# last (make fixes trusts findings.json when scan.json names the tree);
# not interrupted half way.
sub _commit($scratch, $out, $ct) {
	local @SIG{qw(INT TERM HUP)} = ('IGNORE') x 3;
	_replace("$scratch/cocci-tree", $ct, $scratch) if $ct && -d "$scratch/cocci-tree";
	for my $f (qw(findings.json findings.sarif findings.txt scan.json)) {
		rename "$scratch/result/$f", "$out/$f" or fail("cannot rename the results into $out: $!");
	}
	remove_tree("$out/incomplete") if -d "$out/incomplete";
}

1;
