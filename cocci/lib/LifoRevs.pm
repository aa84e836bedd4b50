# SPDX-License-Identifier: GPL-2.0
# Revisions of a git tree for make scan-trees: which ones (a list, or a
# range A..B: A, the tags between, B), each put in a scratch folder from
# git's objects (git archive; the user's checkout is never read or
# written), and which commit removed a finding between two of them.
# Every command goes through scripts/lib/ProcRun.pm: a list (names are
# data; the one pipeline, git archive | tar, gets them as arguments),
# bounded, in a process group of its own that a timeout or a signal
# ends whole, with GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE unset: the
# tree's own repository.
package LifoRevs;
use v5.36;
use File::Path qw(make_path remove_tree);
use File::Spec;
use Cwd ();
use lib File::Spec->catdir(File::Spec->rel2abs(__FILE__) =~ s{/[^/]*\z}{}r, '..', '..', 'scripts', 'lib');
use ProcRun ();

# Seconds a git command may run (a query, git log -L on a range), and a
# git archive | tar of a whole tree.
our $GIT_TIMEOUT = 600;
our $ARCHIVE_TIMEOUT = 3600;
my %ENV_UNSET = map { $_ => undef } qw(GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE);
# How the last git() that answered undef failed ("exited with status
# 128: fatal: ..."), for the messages of its callers.
our $FAILED = '';

# git's output lines (an array ref, newlines or, with $/ = "\0", NULs
# cut), undef when git exits with a failure (no such revision, no tag:
# an answer).  Dies, saying so with git's stderr, when git cannot be
# run, is killed, or runs longer than $GIT_TIMEOUT.
sub git($tree, @args) {
	my $r = ProcRun::run(['git', '-C', $tree, @args], env => \%ENV_UNSET, timeout => $GIT_TIMEOUT);
	die "git @args in $tree " . ProcRun::how($r) . _said($r) . "\n"
		if $r->{timed_out} || defined $r->{error} || $r->{signal};
	$FAILED = ProcRun::how($r) . _said($r);
	return undef unless $r->{ok};
	my $sep = $/;
	my @l = split /(?<=\Q$sep\E)/, $r->{stdout};
	chomp @l;
	return \@l;
}

# What a failed command said on stderr, as the end of a message.
sub _said($r) {
	my $e = $r->{stderr} // '';
	$e =~ s/\s+\z//;
	return length $e ? ": $e" : '';
}

# Whether $tree is a repository of its own: a checkout whose top is
# $tree (not a folder that another repository holds, or ignores, as
# this project's build/trees/), or a bare repository.
sub is_checkout($tree) {
	my $abs = Cwd::abs_path($tree) // return 0;
	my $top = git($tree, 'rev-parse', '--show-toplevel');
	return Cwd::abs_path($top->[0]) eq $abs if $top && @$top && length $top->[0];
	my $bare = git($tree, 'rev-parse', '--is-bare-repository', '--absolute-git-dir');
	return $bare && ($bare->[0] // '') eq 'true' && (Cwd::abs_path($bare->[1] // '') // '') eq $abs;
}

sub commit_of($tree, $rev) {
	return undef if $rev =~ /^-/ || $rev eq '';
	my ($c) = @{git($tree, 'rev-parse', '--verify', '--quiet', "$rev^{commit}") // []};
	return $c && $c =~ /^[0-9a-f]{40,64}\z/ ? $c : undef;
}

# The revisions REVS names, in order: [{ rev, commit }].  "A..B": A,
# the tags on commits of A..B oldest first (topological order; one name
# per commit), and B; other words are revisions as they are.  Dies with
# a message on a word that is not a revision.
sub expand($tree, @words) {
	my @r;
	for my $w (@words) {
		if ($w =~ /^(.+?)\.\.(.+)\z/ && $w !~ /\.\.\./) {
			my ($a, $b) = ($1, $2);
			my $ca = commit_of($tree, $a) // die "REVS=$w: $a is not a revision of $tree\n";
			my $cb = commit_of($tree, $b) // die "REVS=$w: $b is not a revision of $tree\n";
			my %tag;	# commit => tag name (the first, sorted)
			# (show-ref exits 1 when there is no tag.)
			for (@{git($tree, 'show-ref', '--tags', '-d') // []}) {
				my ($sha, $ref) = split / /, $_, 2;
				next unless defined $ref && $ref =~ s{^refs/tags/}{};
				my $peeled = $ref =~ s/\^\{\}\z//;
				# An annotated tag's line names the tag object; its
				# peeled line (^{}) the commit.
				if ($peeled) { $tag{$sha} = $ref if !defined $tag{$sha} || $ref lt $tag{$sha} }
				elsif (!defined $tag{$sha} || $ref lt $tag{$sha}) { $tag{$sha} = $ref }
			}
			my @in = @{git($tree, 'rev-list', '--topo-order', '--reverse', "$ca..$cb")
				// die "REVS=$w: git rev-list failed in $tree: $FAILED\n"};
			push @r, { rev => $a, commit => $ca };
			push @r, map { { rev => $tag{$_}, commit => $_ } } grep { defined $tag{$_} && $_ ne $cb } @in;
			push @r, { rev => $b, commit => $cb };
		} else {
			my $c = commit_of($tree, $w) // die "REVS: $w is not a revision of $tree\n";
			push @r, { rev => $w, commit => $c };
		}
	}
	# The same commit twice: scanned once, under its first name.
	my %seen;
	return grep { !$seen{$_->{commit}}++ } @r;
}

# git archive of $commit (its @paths only, when given) extracted into
# $dir; dies with how it failed and what git and tar said.  (bash for
# pipefail: a git that fails halfway fails the pipeline.)
sub _archive($tree, $commit, $dir, @paths) {
	my $r = ProcRun::run(['bash', '-c',
		'set -o pipefail; git -C "$1" archive --format=tar "$2" "${@:4}" | tar -x -m --no-same-owner -f - -C "$3"',
		'archive', $tree, $commit, $dir, (@paths ? ('--', @paths) : ())], env => \%ENV_UNSET, timeout => $ARCHIVE_TIMEOUT);
	return if $r->{ok};
	die "git archive $commit" . (@paths ? ' -- FILES' : '') . " | tar -x " . ProcRun::how($r) . " for $tree" . _said($r) . "\n";
}

# More changed files than this: the folder is extracted again, whole.
our $MAX_CHANGED = 4000;

# Puts revision $commit of $tree in $dir (made if missing), from git's
# objects.  $from: the commit $dir holds now (undef: extract it all);
# then only the files that differ are removed and written again, so the
# others keep their inodes and times (make scan's cache of which files
# name which functions then trusts them).  Returns (how, number of
# files changed) or dies.
sub checkout($tree, $commit, $dir, $from = undef) {
	my @changed;
	if (defined $from && -d $dir) {
		local $/ = "\0";
		my @raw = @{git($tree, 'diff', '--raw', '-z', '--no-renames', '--no-abbrev', $from, $commit)
			// die "git diff $from $commit failed in $tree: $FAILED\n"};
		# ":OLDMODE NEWMODE OLDSHA NEWSHA STATUS", then the path.
		for (my $i = 0; $i + 1 < @raw; $i += 2) {
			my ($meta, $path) = @raw[$i, $i + 1];
			my ($status) = $meta =~ /\s(\S+)\z/;
			my ($newmode) = $meta =~ /^:\d+ (\d+)/;
			push @changed, [$status, $path, $newmode];
		}
		undef $from if @changed > $MAX_CHANGED;
	}
	if (!defined $from || !-d $dir) {
		remove_tree($dir) if -d $dir;
		make_path($dir);
		_archive($tree, $commit, $dir);
		_settle();
		return ('git archive, whole tree', undef);
	}
	my (@write, %parents);
	for (@changed) {
		my ($status, $path, $mode) = @$_;
		die "git diff: unsafe path $path\n" if $path =~ m{(?:^|/)\.\.(?:/|\z)} || $path =~ m{^/};
		unlink "$dir/$path" if -e "$dir/$path" || -l "$dir/$path";
		my $parent = $path =~ s{/[^/]*\z}{}r;
		$parents{$parent} = 1 if $parent ne $path;
		# (A submodule, mode 160000, is not in git archive's output.)
		push @write, $path if $status ne 'D' && $mode ne '160000';
	}
	# Folders emptied by deletions go (a file may take their name).
	for my $p (sort { length $b <=> length $a } keys %parents) {
		my $q = $p;
		while (length $q && rmdir "$dir/$q") { $q =~ s{/?[^/]*\z}{} }
	}
	while (my @chunk = splice @write, 0, 500) {
		_archive($tree, $commit, $dir, @chunk);
	}
	# (A few files written in the second the scan starts are only read
	# again by the next one: no need to wait.)
	return ('git archive of the files changed since the previous revision', scalar @changed);
}

# Files written in the second a scan starts are not trusted by the next
# rescan (LifoTreeIndex.pm), which would read them again: after a whole
# tree, let that second pass.
sub _settle {
	my $t = time;
	select undef, undef, undef, 0.05 while time == $t;
}

# The commits between $from and $to that may have removed a finding of
# FUNCTION in FILE: those git log -L :FUNCTION:FILE names (the function
# must still be there at $to), else those git log names for the file.
# Returns { how, commits => [{ commit, subject }] } (newest first; empty
# when git names none), with error => WHY when git failed (timed out).
sub removing_commits($tree, $from, $to, $file, $function) {
	my $r = eval { _removing_commits($tree, $from, $to, $file, $function) };
	return $r // { how => "git log $from..$to -- $file", commits => [], error => $@ =~ s/\n\z//r };
}

sub _removing_commits($tree, $from, $to, $file, $function) {
	my @fmt = ('--no-color', '--format=%x01%H%x09%s');
	my @l;
	my $how;
	if ($function =~ /^[A-Za-z_]\w*\z/) {
		# A line where FUNCTION( starts, not as part of a longer name.
		# (A POSIX basic regex, as git -L reads it, with no ":".)
		my $re = "^\\(.*[^A-Za-z0-9_]\\)\\{0,1\\}$function\[ \t]*(";
		@l = grep { s/^\x01// } @{git($tree, 'log', @fmt, '-s', "-L:$re:$file", "$from..$to") // []};
		$how = "git log -L :$function:$file $from..$to";
	}
	if (!@l) {
		@l = grep { s/^\x01// } @{git($tree, 'log', @fmt, "$from..$to", '--', $file) // []};
		$how = "git log $from..$to -- $file";
	}
	return { how => $how, commits => [map { my ($c, $s) = split /\t/, $_, 2; { commit => $c, subject => $s // '' } } @l] };
}

1;
