# SPDX-License-Identifier: GPL-2.0
# Run Coccinelle rules over a kernel tree (read-only) in parallel.
#
# spatch 1.1.1 quirks handled here (measured, see cocci/README.md):
#  - its keyword prefilter runs "cd DIR; git grep ..."; inside a git work
#    tree that ignores the kernel tree (ours: build/ is git-ignored) it
#    finds "0 files match" and silently checks nothing, and with
#    --file-groups it even tries to cd into each file.  GIT_DIR pointing
#    nowhere makes git grep fail and spatch fall back to its own scanner.
#  - --very-quiet hides parse errors and timeouts; --parse-error-msg
#    prints "= error in FILE" and a timeout "EXN: ...Timeout in FILE".
#  - one spatch start costs seconds (parsing the rule, starting Python),
#    so files go to spatch in one batch per job through --file-groups
#    (one file per group).
package LifoSpatch;
use v5.36;
use File::Temp ();
use File::Spec;
use File::Basename ();
use File::Path qw(make_path remove_tree);
use POSIX qw(:sys_wait_h);
use Time::HiRes qw(time sleep);
use LifoRule;
use LifoSpatchOutput;
use LifoSlice;
use LifoCommon qw(read_bytes write_bytes);
use ProcRun ();

# The Python spatch runs its scripts with.  Without --python, spatch
# 1.1.1 (pyml) runs "python3" from PATH to find the library: a pyenv
# shim there costs 0.7 s per start (measured: 0.98 s against 0.25 s for
# a one-rule script) and may bring a Python other than the one the
# package was built for.  Debian's coccinelle uses /usr/bin/python3.
our $PYTHON = -x '/usr/bin/python3' ? '/usr/bin/python3' : undef;

# Run one rule over @files of $tree.
#   opts: jobs, timeout, tmp (scratch folder), progress (code ref called
#   with a hash: done, total, elapsed, findings), batch, spatch, mode,
#   slice (names: spatch reads copies of the files in tmp where the
#   functions that name none of them are emptied, see LifoSlice.pm),
#   slice_fields (names: LifoSlice::slice()'s $fields; default slice)
#   slice_helpers (names: LifoSlice::slice()'s $helpers, the field
#   helpers among slice_fields; default none)
# Returns { findings => [...], wrappers => [[kind, name, file]] (the lines
#   of kmap_local_wrappers.cocci's rules), handled, skipped, parse_errors => {file=>1},
#   cut => {file => [[first, last] lines emptied]} (with slice),
#   failed_files => {file=>1} (spatch failed on it alone),
#   timeouts => {file=>1}, errors => [text], retries => [text], seconds }
# A batch whose spatch fails (exit status, signal, or no output for
# $o{stall} seconds: default twice the per-file timeout and a minute)
# is run again file by file, so that a file that crashes or hangs spatch
# costs only itself; a file that fails alone is an error.
sub run_rule($tree, $cocci, $files, %o) {
	my $jobs = $o{jobs} || 1;
	my $timeout = $o{timeout} // 60;
	my $spatch = $o{spatch} // 'spatch';
	my $stall = $o{stall} // 2 * $timeout + 60;
	(my $rule = $cocci) =~ s{.*/}{};
	$rule =~ s/\.cocci$//;
	my $tmp = $o{tmp} // File::Temp::tempdir(CLEANUP => 1);
	make_path($tmp);
	# spatch runs in the tree: both must name the same files from there.
	$tmp = File::Spec->rel2abs($tmp);
	$cocci = File::Spec->rel2abs($cocci);
	my @opts = LifoRule::rule_options($cocci);
	@opts = ('--include-headers') unless @opts;
	@opts = grep { $_ ne '--very-quiet' && $_ ne '--quiet' } @opts;

	# A rule that can say where it cannot decide (virtual undecided) is
	# asked to, in report mode.
	# So is one that can print the summaries of its functions, and one
	# that can print its findings as records (LifoFinding.pm).
	my $text = read_bytes($cocci) // '';
	my @undecided = ($o{mode} // 'report') eq 'report'
		? map { $text =~ /^virtual $_$/m ? ('-D', $_) : () } qw(undecided summaries records) : ();
	my %res = (findings => [], wrappers => [], undecided => {}, handled => 0, skipped => 0,
		parse_errors => {}, timeouts => {}, errors => [], retries => [], rule => $rule, cut => {});
	# (Kernel macros spatch cannot parse alone: cocci/kernel-macros.h.)
	my $macros = LifoCommon::project_root() . '/cocci/kernel-macros.h';
	my @cmd = (split(' ', $spatch), $PYTHON ? ('--python', $PYTHON) : (), '-D', $o{mode} // 'report', @undecided, @opts,
		'--macro-file', $macros, '--parse-error-msg',
		'--timeout', $timeout, '--sp-file', $cocci);
	my $total = @$files;
	my $done = 0;
	my $cache = $o{cache};
	# (The macros by their text: another text, other answers.)
	# (The field helpers are marked among the names that keep helpers:
	# "NAME=helper".)
	my %helper = map { $_ => 1 } @{$o{slice_helpers} // []};
	my $rk = $cache && $cache->rule_key(read_bytes($cocci) // '', $o{slice},
		$o{slice_fields} && %helper ? [map { $helper{$_} ? "$_=helper" : $_ } @{$o{slice_fields}}] : $o{slice_fields},
		$o{engine} // LifoRule::spatch_version($spatch) // '?',
		map { $_ eq $macros ? read_bytes($macros) // '' : $_ } @cmd[1 .. $#cmd - 2]);
	my $cut_re = $o{slice} && LifoSlice::names_regex(@{$o{slice}});
	my $fields_re = $o{slice_fields} ? LifoSlice::names_regex(@{$o{slice_fields}}) : $cut_re;
	my $helpers_re = $cut_re && %helper ? LifoSlice::names_regex(sort keys %helper) : undef;
	my (%texts, @miss);
	for my $f ($cache || $cut_re ? @$files : ()) {
		my $text = read_bytes("$tree/$f", \my $why);
		unless (defined $text) {
			# (Gone or replaced since the tree was listed.)
			push @{$res{errors}}, LifoCommon::read_error($f, $why);
			next;
		}
		if ($cache) {
			# What spatch printed for the file before, with the same
			# rule, lists and text, stands (LifoCache.pm).
			my $e = $cache->get($res{cache_keys}{$f} = $cache->file_key($rk, $f, $text));
			if ($e) {
				LifoSpatchOutput::replay(\%res, $f, $e);
				$res{cut}{$f} = $e->{cut} if $cut_re;
				$done++;
				next;
			}
		}
		$texts{$f} = $text if $cut_re;
		push @miss, $f;
	}
	$files = \@miss if $cache || $cut_re;
	# Read by spatch itself (uncut): a file replaced by a FIFO since it
	# was listed would block it (until the watchdog, should that happen
	# after this check).
	$files = [grep {
		-f "$tree/$_" or !push @{$res{errors}}, "$_: " . (-e _ ? 'not a regular file (FIFO, device or socket)' : 'no longer there') . ', not read'
	} @$files] unless $cut_re;
	my $top = File::Spec->rel2abs($tree);
	# spatch reads copies where the functions that name none of
	# $o{slice} are emptied (LifoSlice.pm).
	($tree, $files) = _cut_copies(\%texts, $files, $cut_re, $fields_re, $helpers_re, "$tmp/src", $jobs, $res{cut}) if $cut_re;
	my %size = map { $_ => (-s "$tree/$_") // 0 } @$files;
	my @todo = sort { $size{$b} <=> $size{$a} || $a cmp $b } @$files;
	# Each spatch start parses the rule and starts Python (about 4 s for
	# kmap_local_lifo.cocci), more than most files cost: so one batch per
	# job, filled largest file first into the lightest batch, unless the
	# caller asks for batches of a given size.
	my @batches;
	if ($o{batch}) {
		push @batches, [splice @todo, 0, $o{batch}] while @todo;
	} else {
		my $n = @todo < $jobs ? scalar @todo : $jobs;
		my @load = (0) x $n;
		@batches = map { [] } 1 .. $n;
		for my $f (@todo) {
			my ($i) = sort { $load[$a] <=> $load[$b] || $a <=> $b } 0 .. $n - 1;
			push @{$batches[$i]}, $f;
			$load[$i] += $size{$f} || 1;
		}
	}

	my $t0 = time;
	my %run;	# pid => { batch, out, err }
	my $n = 0;
	my $last = 0;
	my $progress = sub ($final = 0) {
		return unless $o{progress};
		my $now = time;
		return if !$final && $now - $last < ($o{progress_every} // 2);
		$last = $now;
		my $found = @{$res{findings}};
		my $partial = 0;
		for my $r (values %run) {
			if (open my $fh, '<', $r->{out}) {
				$found += grep { /^FINDING: / } <$fh>;
			}
			if (open my $fh, '<', $r->{err}) {
				# A file is done when spatch moves on to the next one.
				my $h = grep { /^HANDLING: / } <$fh>;
				$partial += $h - 1 if $h > 1;
			}
		}
		$o{progress}->({ done => $done + $partial, total => $total, elapsed => $now - $t0,
			findings => $found, rule => $rule, final => $final });
	};
	my $start = sub ($batch) {
		my $id = $n++;
		my $groups = "$tmp/$rule.$id.groups";
		write_bytes($groups, map { "$_\n\n" } @$batch);
		my %r = (batch => $batch, out => "$tmp/$rule.$id.out", err => "$tmp/$rule.$id.err",
			size => -1, seen => time);
		# Its own process group (ProcRun.pm): the watchdog and an
		# interrupt end it with whatever it started.
		my $pid = ProcRun::spawn([@cmd, '--file-groups', $groups], dir => $tree,
			stdout => $r{out}, stderr => $r{err},
			# (The rules read the headers a file includes from the tree:
			# spatch may be given cut copies of the files.)
			# (A pass rule runs its Python from its folder: LifoPasses.pm.)
			env => { GIT_DIR => '/nonexistent/kmap-lifo-scan', GIT_WORK_TREE => undef,
				KMAP_LIFO_TREE => $top, KMAP_LIFO_RULE_DIR => File::Basename::dirname($cocci) });
		$run{$pid} = \%r;
	};
	while (@batches || %run) {
		while (@batches && keys %run < $jobs) {
			$start->(shift @batches);
		}
		my $pid = waitpid(-1, WNOHANG);
		if ($pid > 0 && $run{$pid}) {
			my $st = $?;
			my $r = delete $run{$pid};
			ProcRun::forget($pid);
			if ($st && @{$r->{batch}} > 1) {
				# What the batch printed is incomplete: its files go
				# again, one spatch each.
				push @{$res{retries}}, sprintf "spatch %s on a batch of %d files: retried file by file",
					LifoSpatchOutput::how($st, $r->{stalled} && $stall), scalar @{$r->{batch}};
				push @batches, map { [$_] } @{$r->{batch}};
			} else {
				LifoSpatchOutput::collect(\%res, $r, $st, $rule, $r->{stalled} && $stall, $cache);
				$done += @{$r->{batch}};
			}
			$progress->();
			next;
		}
		if ($pid < 0) { last }
		# Watchdog: spatch prints a line per file on stderr; one that
		# prints nothing for $stall seconds hangs (outside its own
		# per-file timeout).
		my $now = time;
		for my $p (keys %run) {
			my $r = $run{$p};
			my $size = ((-s $r->{err}) // 0) + ((-s $r->{out}) // 0);
			if ($size != $r->{size}) { @$r{qw(size seen)} = ($size, $now) }
			elsif ($now - $r->{seen} > $stall && !$r->{stalled}++) { ProcRun::kill_group($p, 0) }
		}
		sleep 0.1;
		$progress->();
	}
	$progress->(1);
	remove_tree("$tmp/src") if $cut_re;
	$res{seconds} = time - $t0;
	return \%res;
}

# Writes the texts of @$files under $dst, cut (LifoSlice::slice() with
# $names, $fields and $helpers), and sets $cut->{file} to the lines emptied;
# returns $dst and the files written.  Cutting a few hundred files
# takes seconds of Perl while spatch waits: $jobs processes share it.
sub _cut_copies($texts, $files, $names, $fields, $helpers, $dst, $jobs, $cut) {
	my @mine = grep { defined $texts->{$_} } @$files;
	my $n = @mine < $jobs ? scalar @mine : $jobs;
	my %pid;
	for my $k (1 .. $n - 1) {
		my $pid = fork // die "fork: $!\n";
		if (!$pid) {
			LifoCommon::forked_child();
			my $ok = eval { _cut_share($texts, [@mine[grep { $_ % $n == $k } 0 .. $#mine]], $names, $fields, $helpers, $dst, "$dst.$k"); 1 };
			eval { write_bytes("$dst.$k.err", $@) } unless $ok;
			POSIX::_exit($ok ? 0 : 1);
		}
		ProcRun::watch($pid);
		$pid{$k} = $pid;
	}
	my $ok = eval { _cut_share($texts, [@mine[grep { $_ % $n == 0 } 0 .. $#mine]], $names, $fields, $helpers, $dst, "$dst.0") if $n; 1 };
	my $err = $@;
	for my $k (sort keys %pid) {
		waitpid $pid{$k}, 0;
		ProcRun::forget($pid{$k});
		$err ||= read_bytes("$dst.$k.err") || "cannot cut the files under $dst\n" if $?;
	}
	die $err if !$ok || $err;
	for my $k (0 .. $n - 1) {
		my $list = read_bytes("$dst.$k") // die "cannot read $dst.$k\n";
		$cut->{$1} = [map { [split /-/] } split /,/, $2] while $list =~ /\G([^\0]*)\0([^\0]*)\0/gc;
		unlink "$dst.$k";
	}
	return ($dst, \@mine);
}

# One process's share of _cut_copies(): each file and its cut lines
# ("FIRST-LAST,..."), each ended by a NUL, go to $list.
sub _cut_share($texts, $files, $names, $fields, $helpers, $dst, $list) {
	my @lines;
	for my $f (@$files) {
		my ($text, $cut) = LifoSlice::slice($texts->{$f}, $names, $fields, $helpers);
		(my $d = "$dst/$f") =~ s{/[^/]*$}{};
		make_path($d);
		open my $o, '>:raw', "$dst/$f" or die "cannot write $dst/$f: $!\n";
		print $o $text;
		close $o or die "cannot write $dst/$f: $!\n";
		push @lines, "$f\0" . join(',', map { "$_->[0]-$_->[1]" } @$cut) . "\0";
	}
	write_bytes($list, @lines);
}

# Adds what run_rule reports about files and failures to a total of the
# same shape, for a driver that runs several rules or passes.
sub add_run($total, $r) {
	for my $k (qw(parse_errors timeouts handled_files)) {
		$total->{$k}{$_} = 1 for keys %{$r->{$k} // {}};
	}
	$total->{undecided}{$_} = $r->{undecided}{$_} for keys %{$r->{undecided} // {}};
	push @{$total->{errors}}, @{$r->{errors} // []};
	push @{$total->{retries}}, @{$r->{retries} // []};
	$total->{failed_files}{$_} = 1 for keys %{$r->{failed_files} // {}};
	return $total;
}

1;
