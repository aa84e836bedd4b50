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
use File::Path qw(make_path remove_tree);
use POSIX qw(:sys_wait_h);
use Time::HiRes qw(time sleep);
use LifoFinding ();
use LifoSlice;
use LifoLists;
use LifoCommon qw(read_bytes);
use ProcRun ();

# The Python spatch runs its scripts with.  Without --python, spatch
# 1.1.1 (pyml) runs "python3" from PATH to find the library: a pyenv
# shim there costs 0.7 s per start (measured: 0.98 s against 0.25 s for
# a one-rule script) and may bring a Python other than the one the
# package was built for.  Debian's coccinelle uses /usr/bin/python3.
our $PYTHON = -x '/usr/bin/python3' ? '/usr/bin/python3' : undef;

sub spatch_version($spatch = 'spatch') {
	# (SPATCH may carry options: "spatch --some-flag".)
	my $r = ProcRun::run([split(' ', $spatch), '--version'], timeout => 120);
	my $out = $r->{stdout};
	return undef unless defined $out && $out =~ /spatch version (\S+)/;
	return $1;
}

sub have_spatch($spatch = 'spatch') { return defined spatch_version($spatch) }

# Options from the rule's "// Options:" header (as make coccicheck does).
sub rule_options($cocci) {
	open my $fh, '<', $cocci or return ();
	while (<$fh>) {
		last unless m{^//};
		return split ' ', $1 if m{^//\s*Options:\s*(.*)$};
	}
	return ();
}

# The function names of a list file (cocci/maps.list and its kind):
# comments and blank lines skipped.  Empty when it cannot be read.
sub list_names($file) {
	my @n = eval { LifoLists::read_list($file) };
	return @n;
}

# Whether a rule's text says its names come from maps.list (as
# kmap_local_lifo.cocci's do, see cocci/bin/lists.pl): then it names the
# listed functions and is intraprocedural.
sub from_lists($text) { return $text =~ /maps\.list/ }

# Names a file must contain for the rule to possibly match: the mapping
# functions of maps.list and iterators.list next to the rule (whose names
# kmap_local_lifo.cocci holds), else the names the rule binds a position to
# ("name@p"), else none (every file is a candidate).
sub rule_tokens($cocci) {
	(my $dir = $cocci) =~ s{/[^/]*$}{};
	$dir = '.' if $dir eq $cocci;
	my @t;
	if (open my $fh, '<', $cocci) {
		my $text = do { local $/; <$fh> };
		@t = map { list_names("$dir/$_") } 'maps.list', 'iterators.list' if from_lists($text);
		if (!@t) {
			my %seen;
			$seen{$1}++ while $text =~ /\b([A-Za-z_]\w*)@[A-Za-z_]/g;
			@t = sort keys %seen;
		}
	}
	return @t;
}

# Why a file of the tree (its path from the tree's root) cannot be given
# to spatch, or undef.  spatch reads its files one a line
# (--file-groups, where a colon also ends the name) and prints
# "FILE:LINE:COL: ..." lines, and its Python scripts fail on a name that
# is not UTF-8; grep and the rest take any other name.
sub unscannable_name($path) {
	return 'a name with a line break' if $path =~ /[\n\r]/;
	return 'a name with a colon' if $path =~ /:/;
	return 'a name that starts with a space' if $path =~ /\A\s/;
	return 'a name that is not UTF-8' unless utf8::decode(my $copy = $path);
	return undef;
}

# A name as a message shows it: a newline as \n, other control
# characters and bytes outside ASCII as \xHH.
sub shown_name($path) {
	my %c = ("\n" => '\n', "\t" => '\t', "\r" => '\r');
	return $path =~ s{([^\x20-\x7e])}{$c{$1} // sprintf '\\x%02x', ord $1}ger;
}

# Every .c and .h file of the tree, relative paths sorted.  What cannot
# be read (a folder or file without permission, a FIFO or other special
# file named *.c, which would block grep and spatch) or given to spatch
# (unscannable_name) is left out and described in @{$o{errors}}.
# Options: under (only the files under that
# folder of the tree, still named from the tree's root), sigs (filled
# with each file's "dev:ino:size:mtime:ctime", LifoTreeIndex.pm), kconfig
# (filled with the Kconfig files met on the way, LifoImpact.pm).
# Folders .git, .pc and .tmp* are skipped; a link to a folder is not
# followed.  (readdir and lstat: twice as fast as File::Find here.)
sub tree_files($tree, %o) {
	my ($errors, $sigs, $kconfig) = ($o{errors} // [], $o{sigs}, $o{kconfig});
	my @f;
	my $start = $o{under} // '';
	my @todo = ($start);
	return () unless _readable_dir($tree, $start, $errors);
	while (defined(my $rel = shift @todo)) {
		my $dir = length $rel ? "$tree/$rel" : $tree;
		opendir my $dh, $dir or do { push @$errors, "cannot read the folder " . ($rel || '.') . ": $!"; next };
		my @names = grep { $_ ne '.' && $_ ne '..' } readdir $dh;
		closedir $dh;
		for my $name (@names) {
			my $path = length $rel ? "$rel/$name" : $name;
			lstat "$tree/$path" or next;
			if (-d _) {
				push @todo, $path if $name !~ /^\.(?:git|pc|tmp.*)\z/s && _readable_dir($tree, $path, $errors);
				next;
			}
			my $link = -l _;
			if ($kconfig && $name =~ /^Kconfig/ && -f "$tree/$path") { push @$kconfig, $path; next }
			next unless $name =~ /\.[ch]\z/;
			stat "$tree/$path" if $link;
			if ($link && -d _) { next }
			elsif (my $why = unscannable_name($path)) { push @$errors, shown_name($path) . ": $why, not read" }
			elsif (!-f _) { push @$errors, "$path: " . (-e _ ? 'not a regular file (FIFO, device or socket)' : 'dangling symbolic link') . ", not read" }
			elsif (!-r _) { push @$errors, "cannot read $path: permission denied" }
			else {
				push @f, $path;
				$sigs->{$path} = join ':', (stat _)[0, 1, 7, 9, 10] if $sigs;
			}
		}
	}
	return sort @f;
}

# Whether a folder of the tree can be listed (else an error).
sub _readable_dir($tree, $rel, $errors) {
	my $d = length $rel ? "$tree/$rel" : $tree;
	return 1 if -r $d && -x _;
	push @$errors, "cannot read the folder " . ($rel || '.') . ": permission denied";
	return 0;
}

# Files that contain one of the tokens as a word (all files when there
# are none), in the order given.  $index: the index of the tree being
# scanned (LifoTreeIndex.pm), if any: a grep of the whole listing then
# reads only the files changed since the last scan, and the answer is
# kept for the next.
sub candidates($tree, $files, $tokens, $jobs = 1, $index = undef) {
	return @$files unless @$tokens;
	return _grep($tree, $files, $tokens, '-lwF', $jobs, $index);
}

# Files that contain one of the fixed strings @$patterns ("->map("), in
# the order given.
sub fixed_candidates($tree, $files, $patterns, $jobs = 1, $index = undef) {
	return _grep($tree, $files, $patterns, '-lF', $jobs, $index);
}

# candidates(), and the files that #include a .c file by the base name
# of what they include ({ name.c => [files] }), from one grep: without
# -w, so that it also finds the #include lines; Perl then keeps the
# files that name a token as a word.
sub candidates_and_includers($tree, $files, $tokens, $jobs = 1, $index = undef) {
	my $word = LifoSlice::names_regex(@$tokens);
	my (@cand, %by);
	for my $f (_grep($tree, $files, [@$tokens, '.c"', '.c>'], '-lF', $jobs, $index)) {
		# (One that cannot be read now stays: run_rule reports it.)
		my $text = read_bytes("$tree/$f") // do { push @cand, $f; next };
		push @cand, $f if $text =~ $word;
		# From each ".c" that ends a quoted name to its line (a regex
		# that tries every line takes seconds on a tree).
		while ($text =~ /\.c[">]/g) {
			my $end = pos $text;
			my $start = rindex($text, "\n", $end - 1) + 1;
			push @{$by{$1}}, $f if substr($text, $start, $end - $start)
				=~ m{\A[ \t]*#[ \t]*include[ \t]*["<](?:[^">]*/)?([^/">]+\.c)[">]\z};
		}
	}
	@cand = @$files unless @$tokens;
	return (\@cand, \%by);
}

# The files of @$files in which grep with $flags finds one of @$patterns,
# in the order given (with what $index, candidates(), knows).
sub _grep($tree, $files, $patterns, $flags, $jobs, $index) {
	my $idx = $index && $index->covers($files) ? $index : undef;
	my $key = $idx && $idx->grep_key($flags, @$patterns);
	my $memo = $idx && $idx->hits($key);
	my %hit = $memo ? %$memo : ();
	$hit{$_} = 1 for _run_grep($tree, $memo ? [$idx->dirty_files($files)] : $files, $patterns, $flags, $jobs);
	my @hits = grep { $hit{$_} } @$files;
	$idx->record($key, \@hits) if $idx;
	return @hits;
}

# grep reads the tree much faster than Perl does, and $jobs greps at
# once read it faster still (a line each write, so that their output
# does not interleave).  $flags are those of grep -l; it runs as grep
# -c -m 1 (as fast), which prints every file it read, with 0 when
# nothing matched.  It skips what is not a regular file (-D skip: a FIFO
# put where a file was listed would block it): a file it did not read
# counts as found, so that its reader reports it.
sub _run_grep($tree, $files, $patterns, $flags, $jobs) {
	return () unless @$files;
	# (CLEANUP: an interrupt removes it too, LifoCommon.pm.)
	my $tmp = File::Temp::tempdir(CLEANUP => 1);
	my ($names, $list) = ("$tmp/names", "$tmp/files");
	# (Unwritten, grep would look for fewer names in fewer files: a full
	# disk is an error.)
	_write($names, map { "$_\n" } @$patterns);
	_write($list, map { "$_\0" } @$files);
	# Bounded, as every external command: grep of a whole tree takes
	# seconds.
	my $r = ProcRun::run(['sh', '-c', 'cd "$1" && { xargs -0 -r -P "$4" -n 2000 grep -D skip -c -m 1 -Z --line-buffered "$5" -f "$2" -- <"$3" || :; }',
		'sh', $tree, $names, $list, $jobs > 0 ? $jobs : 1, $flags =~ s/l//r], timeout => 1800);
	die "grep: $r->{error}\n" if defined $r->{error};
	my %count;
	for (split /\n/, $r->{stdout}) {
		$count{$1} = $2 if /\A(.*)\0(\d+)\z/s;
	}
	remove_tree($tmp);
	die "grep of $tree was killed after 1800 s\n" if $r->{timed_out};
	return grep { $count{$_} // 1 } @$files;
}

# Run one rule over @files of $tree.
#   opts: jobs, timeout, tmp (scratch folder), progress (code ref called
#   with a hash: done, total, elapsed, findings), batch, spatch, mode,
#   slice (names: spatch reads copies of the files in tmp where the
#   functions that name none of them are emptied, see LifoSlice.pm)
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
	my @opts = rule_options($cocci);
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
	my @cmd = (split(' ', $spatch), $PYTHON ? ('--python', $PYTHON) : (), '-D', $o{mode} // 'report', @undecided, @opts, '--parse-error-msg',
		'--timeout', $timeout, '--sp-file', $cocci);
	my $total = @$files;
	my $done = 0;
	my $cache = $o{cache};
	my $rk = $cache && $cache->rule_key(read_bytes($cocci) // '', $o{slice},
		$o{engine} // spatch_version($spatch) // '?', @cmd[1 .. $#cmd - 2]);
	my $cut_re = $o{slice} && LifoSlice::names_regex(@{$o{slice}});
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
				_replay(\%res, $f, $e);
				$res{cut}{$f} = $e->{cut} if $cut_re;
				$done++;
				next;
			}
		}
		# spatch reads a copy where the functions that name none of
		# $o{slice} are emptied (LifoSlice.pm).
		($texts{$f}, $res{cut}{$f}) = LifoSlice::slice($text, $cut_re) if $cut_re;
		push @miss, $f;
	}
	$files = \@miss if $cache || $cut_re;
	# Read by spatch itself (uncut): a file replaced by a FIFO since it
	# was listed would block it (until the watchdog, should that happen
	# after this check).
	$files = [grep {
		-f "$tree/$_" or !push @{$res{errors}}, "$_: " . (-e _ ? 'not a regular file (FIFO, device or socket)' : 'no longer there') . ', not read'
	} @$files] unless $cut_re;
	($tree, $files) = _write_copies(\%texts, $files, "$tmp/src") if $cut_re;
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
		_write($groups, map { "$_\n\n" } @$batch);
		my %r = (batch => $batch, out => "$tmp/$rule.$id.out", err => "$tmp/$rule.$id.err",
			size => -1, seen => time);
		# Its own process group (ProcRun.pm): the watchdog and an
		# interrupt end it with whatever it started.
		my $pid = ProcRun::spawn([@cmd, '--file-groups', $groups], dir => $tree,
			stdout => $r{out}, stderr => $r{err},
			env => { GIT_DIR => '/nonexistent/kmap-lifo-scan', GIT_WORK_TREE => undef });
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
					_how($st, $r->{stalled} && $stall), scalar @{$r->{batch}};
				push @batches, map { [$_] } @{$r->{batch}};
			} else {
				_collect(\%res, $r, $st, $rule, $r->{stalled} && $stall, $cache);
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

# Writes a file whole, or dies saying why (a full disk, ...).
sub _write($file, @text) {
	open my $fh, '>:raw', $file or die "cannot write $file: $!\n";
	print $fh @text or die "cannot write $file: $!\n";
	close $fh or die "cannot write $file: $!\n";
}

# Writes the texts of @$files under $dst (the tree spatch then reads);
# returns $dst and the files written.
sub _write_copies($texts, $files, $dst) {
	my @done;
	for my $f (@$files) {
		next unless defined $texts->{$f};
		(my $d = "$dst/$f") =~ s{/[^/]*$}{};
		make_path($d);
		open my $o, '>:raw', "$dst/$f" or die "cannot write $dst/$f: $!\n";
		print $o $texts->{$f};
		close $o or die "cannot write $dst/$f: $!\n";
		push @done, $f;
	}
	return ($dst, \@done);
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

# How spatch ended, in words: an exit status is not a signal.
sub _how($status, $stalled = 0) {
	return "printed nothing for $stalled s and was killed" if $stalled;
	return ProcRun::how($status);
}

# Adds one line spatch printed on stdout to $res; returns the file it is
# about (undef when it names none).
sub _take_line($res, $l) {
	chomp $l;
	# A member of a structure of operations: [kind, member, file, structure].
	if ($l =~ /^WRAPPER: (opmap|oprelease|opkeyrelease) ([A-Za-z_]\w*) ([A-Za-z_]\w*) (.+)$/) {
		my $file = $4 =~ s{^\./}{}r;
		push @{$res->{wrappers}}, [$1, $2, $file, $3];
		return $file;
	}
	if ($l =~ /^WRAPPER: (map|release|keyrelease) ([A-Za-z_]\w*)(?: (.+))?$/) {
		push @{$res->{wrappers}}, [$1, $2, $3];
		return defined $3 ? $3 =~ s{^\./}{}r : undef;
	}
	# A function's effect on a field of its parameter INDEX (PATH).
	if ($l =~ /^WRAPPER: (fieldmap|fieldrelease) ([A-Za-z_]\w*) (\d+) (\S+) (.+)$/) {
		my $file = $5 =~ s{^\./}{}r;
		push @{$res->{wrappers}}, [$1, $2, $file, $3, $4];
		return $file;
	}
	if ($l =~ /^UNDECIDED: ((\S+?):\d+): (.*)$/) {
		$res->{undecided}{$1} = $3;
		return $2 =~ s{^\./}{}r;
	}
	my $f = LifoFinding::from_line($l) or return undef;
	push @{$res->{findings}}, $f;
	return $f->{file};
}

# What the cache kept for $file, as if spatch had printed it now.
sub _replay($res, $file, $e) {
	_take_line($res, $_) for @{$e->{lines}};
	$res->{parse_errors}{$file} += $e->{parse_errors} if $e->{parse_errors};
	if ($e->{handled}) { $res->{handled}++; $res->{handled_files}{$file} = 1 }
	$res->{cached}{$file} = 1;
}

# Why the folder $dir cannot take a page more now (its disk is full), or
# undef.
sub _disk_full($dir) {
	my $probe = "$dir/.space-probe.$$";
	my $fh;
	my $ok = open($fh, '>', $probe) && print($fh "\0" x 4096) && close($fh);
	my $why = $ok ? undef : "cannot write in $dir: $!";
	unlink $probe;
	return $why;
}

# Reads what one batch's spatch printed into $res; with a cache, keeps
# each file's part when spatch ended well and every line names its file.
sub _collect($res, $r, $status, $rule, $stalled = 0, $cache = undef) {
	my %in = map { $_ => 1 } @{$r->{batch}};
	my %per = map { $_ => { lines => [], parse_errors => 0, handled => 0, cut => $res->{cut}{$_} } } @{$r->{batch}};
	my $whose = 1;	# every line was about a file of the batch
	if (open my $fh, '<', $r->{out}) {
		while (my $l = <$fh>) {
			my $file = _take_line($res, $l);
			if (defined $file && $per{$file}) { push @{$per{$file}{lines}}, $l =~ s/\r?\n\z//r }
			elsif ($l =~ /\S/) { $whose = 0 }
		}
	}
	my @tail;
	if (open my $fh, '<', $r->{err}) {
		while (my $l = <$fh>) {
			chomp $l;
			if ($l =~ /^HANDLING: (.*)$/) {
				$res->{handled}++;
				$res->{handled_files}{$1} = 1;
				$per{$1}{handled} = 1 if $per{$1};
				next;
			}
			if ($l =~ /^0 files match$/) { $res->{skipped}++; next }
			# (A file of the batch, whatever its name holds: spaces, ";".)
			if ($l =~ /^ = error in (.*)\z/s) {
				my $rest = $1;
				my ($f) = grep { substr($rest, 0, length($_) + 1) eq "$_;" } @{$r->{batch}};
				if (defined $f) { $res->{parse_errors}{$f}++; $per{$f}{parse_errors}++ }
				next;
			}
			if ($l =~ /Timeout in (.*?)\s*\z/) { $res->{timeouts}{$1}++; delete $per{$1}; next }
			next if $l =~ /not a git repository|can.t cd to/;
			push @tail, $l if $l =~ /^(?:EXN|Fatal|exception|Error|error:)/i;
		}
	}
	# spatch cannot say that what it printed could not all be written
	# (a full disk): what it printed counts only when its folder still
	# takes a page.
	my $full = _disk_full($r->{out} =~ s{/[^/]*\z}{}r);
	if ($status != 0 || $full) {
		$res->{failed_files}{$_} = 1 for @{$r->{batch}};
		push @{$res->{errors}}, sprintf("spatch %s on %s%s%s",
			$status ? _how($status, $stalled) : 'printed what may not all be written', join(' ', @{$r->{batch}}),
			@tail ? ": " . join(' | ', @tail[0 .. ($#tail < 4 ? $#tail : 4)]) : '', $full ? " ($full)" : '');
	} elsif (@tail) {
		push @{$res->{errors}}, "spatch: " . join(' | ', @tail[0 .. ($#tail < 4 ? $#tail : 4)]);
	} elsif ($cache && $whose) {
		$cache->put($res->{cache_keys}{$_}, $per{$_}) for grep { $res->{cache_keys}{$_} } sort keys %per;
	}
}

1;
