# SPDX-License-Identifier: GPL-2.0
# Which files of a tree name some words: grep over the tree, with what
# the tree's index (LifoTreeIndex.pm) keeps of earlier greps.
package LifoGrep;
use v5.36;
use File::Temp ();
use File::Path qw(remove_tree);
use LifoCommon qw(read_bytes write_bytes);
use LifoSlice;
use ProcRun ();

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

# candidates() and fixed_candidates() from one grep (each reads the
# whole tree): without -w, then Perl keeps the files that name a token
# as a word.  Returns the two lists of files.
sub words_and_fixed($tree, $files, $tokens, $patterns, $jobs = 1, $index = undef) {
	return ([candidates($tree, $files, $tokens, $jobs, $index)], []) unless @$patterns;
	return ([], [fixed_candidates($tree, $files, $patterns, $jobs, $index)]) unless @$tokens;
	my $word = LifoSlice::names_regex(@$tokens);
	my $fixed = qr/(?:${\ join '|', map { quotemeta } @$patterns })/;
	my (@words, @calls);
	for my $f (_grep($tree, $files, [@$tokens, @$patterns], '-lF', $jobs, $index)) {
		# (One that cannot be read now stays: run_rule reports it.)
		my $text = read_bytes("$tree/$f");
		push @words, $f if !defined $text || $text =~ $word;
		push @calls, $f if !defined $text || $text =~ $fixed;
	}
	return (\@words, \@calls);
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
	# One extended regex, an alternation of the patterns quoted: GNU grep
	# 3.8 reads a tree with it in three quarters of the time it takes
	# with the same patterns as fixed strings, one a line (-F -f).
	write_bytes($names, join('|', map { s/([][.^\$*+?(){}|\\])/\\$1/gr } @$patterns) . "\n");
	write_bytes($list, map { "$_\0" } @$files);
	# Bounded, as every external command: grep of a whole tree takes
	# seconds.
	my $r = ProcRun::run(['sh', '-c', 'cd "$1" && { xargs -0 -r -P "$4" -n 2000 grep -D skip -c -m 1 -Z --line-buffered "$5" -f "$2" -- <"$3" || :; }',
		'sh', $tree, $names, $list, $jobs > 0 ? $jobs : 1, $flags =~ s/l//r =~ tr/F/E/r], timeout => 1800);
	die "grep: $r->{error}\n" if defined $r->{error};
	my %count;
	for (split /\n/, $r->{stdout}) {
		$count{$1} = $2 if /\A(.*)\0(\d+)\z/s;
	}
	remove_tree($tmp);
	die "grep of $tree was killed after 1800 s\n" if $r->{timed_out};
	return grep { $count{$_} // 1 } @$files;
}

1;
