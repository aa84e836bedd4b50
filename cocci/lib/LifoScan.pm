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
use LifoRule;
use LifoTree;
use LifoGrep;
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
#     their stat, LifoTreeIndex.pm; a rescan redoes what changed),
#     known (LifoKnown: BASELINE=, REVIEWED=; findings.sarif marks them)
# Everything is written in a scratch folder under OUT (removed on every
# exit) and renamed into place when the scan is complete (a scan of part
# of the tree, select, into OUT/partial/); a scan with
# errors (files not read, spatch failing on a file) leaves the previous
# results in place and puts its own in OUT/incomplete/.
# Returns { findings, lines, summary, ok (no errors), stats, errors }
#
# The stages, in order, each reading and filling one context (%$c):
sub scan(%a) {
	my $c = _context(%a);	# the settings, the rule, spatch, scratch and destinations, the cache
	_tree($c);		# the files: the tree's, or those given; what cannot be read
	_spatch($c);		# the rule over them: in passes with the tree's wrappers, or once
	_findings($c);		# the selection's findings, once each, classified, sorted
	_summary($c);		# the summary and scan.json's figures
	_publish($c);		# written in scratch, renamed into place when complete
	return { map { $_ => $c->{$_} } qw(findings lines summary ok stats errors) };
}

sub _context(%a) {
	my $c = { a => \%a, t0 => time, tree => $a{tree}, spatch => $a{spatch} // 'spatch',
		jobs => $a{jobs} || ncpus(), slice => $a{slice} // 1, stall => $a{stall},
		timeout => $a{timeout}, out => $a{out}, sel => $a{select}, wrappers => $a{wrappers} };
	$c->{ver} = LifoRule::spatch_version($c->{spatch})
		// fail("spatch (Coccinelle) not found or not working: install coccinelle (make deps)");
	# The checker, by name (kmap_local_wrappers.cocci is a helper of
	# cocci/lib/LifoPasses.pm, which runs it by name too).
	$c->{rules} = [checker_rule($a{cocci_dir})];
	for my $r (@{$c->{rules}}) {
		my $text = do { open my $fh, '<', $r or fail("$r: $!"); local $/; <$fh> };
		# The rule's /// header (as scripts/coccinelle's): SARIF's help text.
		my $help = join "\n", map { s{^///\s?}{}r } grep { m{^///} } split /\n/, $text;
		$help =~ s/^\s+|\s+$//g;
		$c->{help} = $help;
		# Generated from maps.list: intraprocedural, so spatch only
		# needs the functions that name a mapping function (LifoSlice.pm).
		$c->{generated}{$r} = LifoRule::from_lists($text);
	}
	$c->{say} = sub (@m) { print STDERR @m unless $a{quiet} };
	# Scratch: spatch's copies, the wrapper passes' lists and rule, the
	# results until they are complete.
	$c->{scratch} = scratch_dir($a{out} // File::Spec->tmpdir, 'scan');
	my $sel = $c->{sel};
	# Part of a tree (M=, FILES=, SINCE=): its results go to OUT/partial/,
	# never over the whole tree's (make fixes and CI read those).
	my $dest = $c->{dest} = $a{out} && $sel ? "$a{out}/partial" : $a{out};
	my $final_ct = $c->{final_ct} = $a{cocci_tree} // ($dest ? "$dest/cocci-tree" : undef);
	# The folders a scan replaces in OUT must be its own.
	my %signs = ('cocci-tree' => ['kmap_local_lifo.cocci', 'wrappers.txt'], incomplete => ['scan.json']);
	LifoCommon::check_own($dest, %signs) if $dest;
	LifoCommon::check_own($a{out}, partial => ['scan.json', 'incomplete']) if $dest && $sel;
	LifoCommon::check_own($final_ct =~ s{/[^/]*\z}{}r, ($final_ct =~ s{.*/}{}r) => $signs{'cocci-tree'}) if $final_ct;
	if (defined $a{cache}) {
		($c->{cache}, my $why) = LifoCache->new($a{cache});
		fail("CACHE=$a{cache}: $why (give a folder that can be written, or CACHE= for none)") unless $c->{cache};
	}
	return $c;
}

# The files to read: those given (FILES=, or a selection checked without
# the wrappers), else the tree's .c and .h files (and its Kconfig files,
# for the impact); what cannot be read or given to spatch is an error.
sub _tree($c) {
	my ($a, $tree, $sel) = ($c->{a}, $c->{tree}, $c->{sel});
	my (@all, %sigs, @kconfig);
	my @unread = @{$a->{unreadable} // []};	# files and folders of the tree that could not be read
	my $listed = time;
	$c->{given} = $a->{files} || ($sel && !$c->{wrappers});
	if ($c->{given}) {
		for (@{$a->{files} // $sel}) {
			fail(LifoTree::shown_name($_) . ": no such file in $tree") unless -f "$tree/$_";
		}
		# (A name spatch cannot be given: an error, as in a listing.)
		for (@{$a->{files} // $sel}) {
			my $why = LifoTree::unscannable_name($_);
			if ($why) { push @unread, LifoTree::shown_name($_) . ": $why, not read" } else { push @all, $_ }
		}
	} else {
		$c->{say}->("scan: listing the .c and .h files of $tree\n");
		@all = LifoTree::tree_files($tree, errors => \@unread, sigs => $c->{cache} ? \%sigs : undef, kconfig => \@kconfig);
		my %u;	# (M= listed its folder already)
		@unread = grep { !$u{$_}++ } @unread;
	}
	$c->{index} = $c->{cache} && %sigs ? LifoTreeIndex->new($c->{cache}->dir, $tree, \%sigs, $listed) : undef;
	$c->{impact} = LifoImpact->new($tree, @kconfig ? \@kconfig : undef);
	@$c{qw(all unread)} = (\@all, \@unread);
}

# The rule over the files: with the tree's wrappers (LifoPasses.pm), or
# once over the files that name its functions.  Fills findings, cand
# (the files that name them), wrappers and run (LifoSpatch::add_run).
sub _spatch($c) {
	my ($a, $tree, $sel, $all, $say) = (@$c{qw(a tree sel all say)});
	my (@findings, %cand, @wrappers);
	my %run = (parse_errors => {}, timeouts => {}, handled_files => {}, errors => [], retries => []);
	my $tty = -t STDERR;
	my %common = (jobs => $c->{jobs}, timeout => $c->{timeout}, stall => $c->{stall}, spatch => $c->{spatch},
		cache => $c->{cache}, engine => $c->{ver}, progress_every => $tty ? 1 : 10);
	# Nothing selected (SINCE= with no C file changed): nothing to run.
	for my $rule ($sel && !@$sel ? () : @{$c->{rules}}) {
		(my $rn = $rule) =~ s{.*/}{};
		my $passes = $c->{wrappers};
		my @tokens = LifoRule::rule_tokens($rule);
		my @cand = $passes ? () : LifoGrep::candidates($tree,
			$sel ? [grep { !LifoTree::unscannable_name($_) } @$sel] : $all, \@tokens, $c->{jobs}, $c->{index});
		$cand{$_} = 1 for @cand;
		$say->(sprintf "scan: %s: %s; spatch %s, %d jobs, timeout %ds\n", $rn,
			$passes ? "with the tree's own wrappers, of " . scalar(@$all) . ' files'
			: sprintf('%d of %d files mention %s', scalar @cand, scalar @$all,
				@tokens ? 'its mapping functions' : 'anything'),
			$c->{ver}, $c->{jobs}, $c->{timeout});
		my $progress = sub ($p) {
			return if $a->{quiet};
			my $line = sprintf "scan: %s: %d/%d files, %s elapsed, %d findings",
				$rn, $p->{done}, $p->{total}, _hms($p->{elapsed}), $p->{findings};
			if ($tty) { print STDERR "\r$line\e[K", $p->{final} ? "\n" : '' }
			elsif ($p->{final} || $p->{elapsed} >= 5) { print STDERR "$line\n" }
		};
		my $tmp = "$c->{scratch}/tmp";
		my $r;
		if ($passes) {
			# The tree's own wrappers join the lists (cocci/lib/LifoPasses.pm).
			my $index = $c->{index};
			$r = LifoPasses::run(%common, tree => $tree, all => $all, root => LifoCommon::project_root(),
				dir => "$c->{scratch}/cocci-tree", index => $index,
				plan => $index && $index->plan, changed => $index && [$index->dirty_files($all)],
				say => $say, slice => $c->{slice}, progress => sub ($name) { $rn = $name; $progress });
			$cand{$_} = 1 for keys %{$r->{candidates}};
			$index->set_plan($r->{plan}) if $index;
			@wrappers = @{$r->{wrappers}};
			$say->(sprintf "scan: %d wrappers found: %s\n", scalar @wrappers,
				join(', ', map { "$_->[1] ($_->[0]" . ($_->[3] ? " $_->[3]" : '') . ")" } @wrappers) || 'none');
		} else {
			$r = LifoSpatch::run_rule($tree, $rule, \@cand, %common, tmp => $tmp, progress => $progress,
				slice => $c->{slice} && $c->{generated}{$rule} && @tokens ? \@tokens : undef);
		}
		if ($tmp) { unlink LifoCommon::entries($tmp); rmdir $tmp }
		push @findings, @{$r->{findings}};
		LifoSpatch::add_run(\%run, $r);
	}
	@$c{qw(findings cand wrappers run)} = (\@findings, \%cand, \@wrappers, \%run);
}

# The findings to report: the selection's only, one per (file, line,
# pair), classified (impact), sorted, and their stdout lines; the
# errors, and the cache kept (its index only after a complete scan).
sub _findings($c) {
	my ($sel, $run) = @$c{qw(sel run)};
	my @findings = @{$c->{findings}};
	if ($sel) {
		# Part of a tree: what the passes found elsewhere is not reported.
		my %in = map { $_ => 1 } @$sel;
		@findings = grep { $in{$_->{file}} } @findings;
		my $u = $run->{undecided} // {};
		delete @$u{grep { !$in{s/:\d+\z//r} } keys %$u};
	}
	my $errors = $c->{errors} = [@{$c->{unread}}, @{$run->{errors}}];
	$c->{ok} = !@$errors;
	$c->{cs} = $c->{cache} ? _keep_cache($c->{cache}, $c->{ok} ? $c->{index} : undef) : undef;
	# One finding per (file, line, pair): headers reached twice, etc.
	my %seen;
	@findings = grep { !$seen{join "\0", $_->{rule}, $_->{file}, $_->{line}, $_->{first}{expr}, $_->{second}{expr}}++ } @findings;
	LifoFinding::classify($_, $c->{impact}) for @findings;
	# A Kconfig file or Makefile that could not be read: an impact may be wrong.
	if (my @e = $c->{impact}->errors) { push @{$c->{unread}}, @e; push @$errors, @e; $c->{ok} = 0 }
	$c->{findings} = [LifoFinding::sorted(@findings)];
	$c->{lines} = [map { LifoFinding::line($_) } @{$c->{findings}}];
	$c->{wall} = time - $c->{t0};
}

# stderr's summary, and scan.json's figures.
sub _summary($c) {
	my ($a, $sel, $run, $cs, $index, $cache) = @$c{qw(a sel run cs index cache)};
	my @findings = @{$c->{findings}};
	my @unread = @{$c->{unread}};
	my ($parse, $timeouts, $handled) = @$run{qw(parse_errors timeouts handled_files)};
	my %per;
	$per{$_->{subsystem}}{$_->{impact}}++ for @findings;
	my $s = "scan: summary\n";
	$s .= sprintf "  findings: %d (%d fix, %d cleanup)\n", scalar @findings,
		scalar(grep { $_->{impact} eq 'fix' } @findings), scalar(grep { $_->{impact} eq 'cleanup' } @findings);
	for my $sub (sort keys %per) {
		$s .= sprintf "    %-28s %s\n", $sub, join ', ', map { "$per{$sub}{$_} $_" } sort keys %{$per{$sub}};
	}
	$s .= sprintf "  files: %d %s, %d mention a mapping function, %d parsed by spatch\n",
		scalar @{$c->{all}}, $c->{given} ? 'given' : 'in the tree', scalar keys %{$c->{cand}}, scalar keys %$handled;
	$s .= sprintf "  part of the tree (%s): %d files reported on%s\n", $a->{select_desc} // 'selected', scalar @$sel,
		$c->{wrappers} ? ", helpers inferred from the whole tree" : '' if $sel;
	my @perr = @{$c->{perr} = [sort keys %$parse]};
	$s .= sprintf "  files with parse errors (%s; the functions spatch could not parse were skipped): %d%s\n",
		$c->{slice} ? 'in the functions spatch read' : 'anywhere', scalar @perr,
		!@perr ? '' : @perr <= 10 || !$c->{out} ? ': ' . join(' ', @perr) : " (listed in $c->{dest}/scan.json)";
	my $und = $run->{undecided} // {};
	$s .= sprintf "  undecided (the order cannot be told from the code): %d%s\n", scalar keys %$und,
		join('', map { "\n    $_: $und->{$_}" } sort keys %$und);
	$s .= sprintf "  timeouts (%ds per file): %d%s\n", $c->{timeout}, scalar keys %$timeouts,
		%$timeouts ? ': ' . join(' ', sort keys %$timeouts) : '';
	$s .= sprintf "  files not read (errors): %d\n", scalar @unread if @unread;
	$s .= "    $_\n" for @unread;
	$s .= sprintf "  spatch errors: %d\n", scalar @{$run->{errors}} if @{$run->{errors}};
	$s .= "    $_\n" for @{$run->{errors}};
	$s .= "  spatch retried: $_\n" for @{$run->{retries}};
	$s .= sprintf "  cache (%s): %d spatch results reused, %d files given to spatch%s%s%s\n", $cache->dir,
		$cs->{hits}, $cs->{misses}, $cs->{ahead} ? " (and $cs->{ahead} ahead of their pass)" : '',
		$index ? sprintf(', %d files changed since the last scan', $index->dirty_count) : '',
		$cs->{write_error} ? "; NOT KEPT: $cs->{write_error}" : '' if $cs;
	$s .= sprintf "  wall time: %.1f s\n", $c->{wall};
	$c->{summary} = $s;

	$c->{stats} = { tree => $c->{tree}, kver => $a->{kver}, spatch => $c->{ver}, tool_version => tool_version(),
		rules => [map { s{.*/}{}r } @{$c->{rules}}], files => scalar @{$c->{all}}, candidates => scalar keys %{$c->{cand}},
		parsed => scalar keys %$handled, parse_errors => [sort keys %$parse], timeouts => [sort keys %$timeouts],
		wrappers => [map { { kind => $_->[0], name => $_->[1], level => $_->[2] } } @{$c->{wrappers}}],
		undecided => [map { { where => $_, what => $und->{$_} } } sort keys %$und],
		errors => $c->{errors}, complete => $c->{ok} ? JSON::PP::true : JSON::PP::false,
		unreadable => $c->{unread}, failed_files => [sort keys %{$run->{failed_files} // {}}],
		wall_seconds => 0 + sprintf('%.1f', $c->{wall}), findings => scalar @findings,
		jobs => $c->{jobs}, sliced => $c->{slice} ? 1 : 0,
		($cs ? (cache => { reused => $cs->{hits}, given_to_spatch => $cs->{misses}, given_ahead => $cs->{ahead},
			($index ? (changed_files => $index->dirty_count) : ()) }) : ()),
		($sel ? (selection => { how => $a->{select_desc} // '', files => [@$sel] }) : ()) };
}

# The results, written in scratch: a complete scan's renamed into place
# (_commit), a scan with errors's into DEST/incomplete/; without OUT,
# only the wrapper passes' rule and lists (cocci_tree).
sub _publish($c) {
	my ($scratch, $dest, $final_ct, $ok, $errors) = @$c{qw(scratch dest final_ct ok errors)};
	my ($a, $tree, $sel) = @$c{qw(a tree sel)};
	if ($c->{out}) {
		my $res = "$scratch/result";
		make_path($res);
		LifoCommon::mark_own($res);	# (it may become OUT/incomplete)
		my @findings = @{$c->{findings}};
		my $timeouts = $c->{run}{timeouts};
		write_file("$res/findings.json", findings_json(\@findings, tool_version => tool_version(), complete => $ok,
			selection => $sel ? $a->{select_desc} // '' : undef));
		write_file("$res/findings.sarif", sarif_log(findings => \@findings, help => $c->{help},
			tool_version => tool_version(), engine_version => $c->{ver}, ok => $ok, notifications => $errors,
			known => $a->{known},
			file_notes => [(map { [$_, "spatch could not parse some functions of $_: they were not checked"] } @{$c->{perr}}),
				(map { [$_, "spatch timed out on $_ ($c->{timeout} s): it was not checked"] } sort keys %$timeouts)],
			redact => [[$tree, ''], [$c->{out}, 'OUT/'], [LifoCommon::project_root(), '']]));
		write_file("$res/findings.txt", join '', map { "$_\n" } @{$c->{lines}});
		write_file("$res/scan.json", JSON::PP->new->canonical->pretty->encode($c->{stats}));
		if ($ok) {
			make_path($dest);
			LifoCommon::mark_own($dest) if $sel;
			_commit($scratch, $dest, $final_ct);
			$c->{summary} .= "  written: $dest/findings.json, findings.sarif, findings.txt, scan.json\n";
		} else {
			rename "$scratch/cocci-tree", "$res/cocci-tree" if -d "$scratch/cocci-tree";
			_replace($res, "$dest/incomplete", $scratch);
			$c->{summary} .= "  INCOMPLETE: " . scalar(@$errors) . " error(s) above; the results of the last complete scan in $dest, if any,"
				. " are left in place; this scan's are in $dest/incomplete/\n";
		}
	} elsif ($ok && $final_ct && -d "$scratch/cocci-tree") {
		_replace("$scratch/cocci-tree", $final_ct, $scratch);
	} elsif (!$ok) {
		$c->{summary} .= "  INCOMPLETE: " . scalar(@$errors) . " error(s) above\n";
	}
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
