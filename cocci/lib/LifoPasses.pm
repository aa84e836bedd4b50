# SPDX-License-Identifier: GPL-2.0
# Check a tree with its own kmap_local wrappers, in few passes.
#
# Each pass runs kmap_local_lifo.cocci and the wrapper rules of
# kmap_local_wrappers.cocci together (generated from the same lists), so
# the files that mention the seed functions are parsed once for both jobs.
# The wrappers a pass finds join the lists, and the next pass reads only
# the files that mention them (for a static function of a .c file: that
# file and those that include it), with the longer lists, and in them
# only the functions that name the new wrappers (LifoSlice.pm).  A function's
# findings are those of the last pass that read it: it saw every wrapper
# the function names.  Besides functions that return a mapping or
# release their argument, a pass finds the summaries of functions that
# leave a field of a parameter mapped or release one ("fieldmap f 0
# ->addr"), in any file: they reach the next pass in fieldmaps.list and
# fields.list.  Passes go on until no new helper is found.  The tree's rule, with
# every wrapper, is left in the scratch folder with its lists
# (cocci/bin/lifo-rule.pl prints its path; make fixes uses it).
package LifoPasses;
use v5.36;
use File::Path qw(make_path remove_tree);
use POSIX ();
use LifoCommon qw(fail read_bytes write_bytes);
use Digest::SHA qw(sha1_hex);
use LifoRule;
use LifoGrep;
use LifoSpatch;
use LifoSlice;
use LifoLists;
use LifoGuard;
use ProcRun ();

# Passes go on while they find new helpers (a fixpoint), up to this
# many levels of helpers of helpers (a guard, said when reached).
my $LEVELS = 10;
# At most this many changed files are given to spatch ahead of their pass.
my $AHEAD_MAX = 16;

# The lists a pass writes for its rules (cocci/lib/LifoLists.pm), by
# the kind of helper that joins each: the names of functions that map,
# release, release by key; of the members of operations tables that do,
# and of those structures;
# the summaries of functions on a field of a parameter (fields.list:
# "map|release NAME INDEX PATH", and "... STRUCT" for a member of an
# operations table), the names of those that map one, and
# the mode a helper maps in (guards.list: "guard NAME INDEX CONST",
# LifoGuard.pm), and the arguments a release helper releases as their
# address (relargs.list: "relarg NAME INDEX").
my @LISTS = qw(maps releases keyreleases opmaps opreleases opkeyreleases opstructs fieldmaps fields guards relargs);
my %LIST_OF = (map => 'maps', release => 'releases', keyrelease => 'keyreleases',
	opmap => 'opmaps', oprelease => 'opreleases', opkeyrelease => 'opkeyreleases');

sub _write_lists($dir, $l) {
	_write_list("$dir/$_.list", @{$l->{$_} // []}) for @LISTS;
}

# The summaries of fields.list as one word each, for the plan's text.
sub _word($e) { return $e =~ tr/ /:/r }

sub _write_list($file, @names) {
	open my $fh, '>', $file or fail("cannot write $file: $!");
	print $fh map { "$_\n" } @names;
	close $fh or fail("cannot write $file: $!");
}

# A pass's semantic patch for the lists in $dir: the checker and the
# wrapper rules as one file, without the prefilter (the pass picks the
# files).  cocci/iterators.list is not extended: wrappers join the other
# two lists.
sub _pass_rule($root, $dir) {
	return _write_rule($root, $dir, 'pass.cocci',
		['kmap_local_lifo.cocci', no_prefilter => 1, modules_beside => 1],
		['kmap_local_wrappers.cocci', rules_only => 1]);
}

# The checker alone, with its prefilter: the rule that knows every
# wrapper, for spatch --dir, make coccicheck and cocci/bin/lifo-fix.sh.
sub _standalone_rule($root, $dir) {
	return _write_rule($root, $dir, 'kmap_local_lifo.cocci', ['kmap_local_lifo.cocci']);
}

sub _write_rule($root, $dir, $name, @parts) {
	my $lists = LifoLists::lists_in($dir, "$root/cocci");
	my $sp = "$dir/$name";
	open my $fh, '>', "$sp.tmp" or fail("cannot write $sp: $!");
	for (@parts) {
		my ($rule, %o) = @$_;
		my $text = read_bytes("$root/cocci/$rule") // fail("cannot read $root/cocci/$rule");
		my $sp = LifoLists::substitute($text, $lists, %o);
		print $fh $o{modules_beside} ? _modules_beside($sp, $dir) : $sp, "\n";
	}
	close $fh or fail("cannot write $sp: $!");
	rename "$sp.tmp", $sp or fail("cannot write $sp: $!");
	return $sp;
}

# $rule with the copies of the Python modules between their marker
# lines (cocci/bin/inline-py.pl) written to $dir and run from there:
# spatch reads the lines of a script as slowly as the rest of a rule (a
# third of a second at each start, for 2,600 lines), Python at once.
# Each copy is the one the rule holds, its lists filled in (a module
# reads them as it starts).  The rule finds them in the folder of the
# rule (LifoSpatch.pm says where) and names each by the digest of its
# code without its lists; the lists' lines stay in the rule (the copy
# sets them again).  So the key of its answers in the cache
# (LifoCache.pm) changes with the Python, not with the folder, and a
# changed summary changes only the answers of the files that name its
# function, as with the copies in the rule.
sub _modules_beside($rule, $dir) {
	$rule =~ s{^\# >>> (\S*?)([\w-]+\.py)\b[^\n]*\n(.*?)^\# <<< \1\2[ \t]*\n}{
		my ($mod, $name, $src) = ("$1$2", $2, $3);
		write_bytes("$dir/$name", $src);
		my @lists;
		push @lists, "$&\n" while $src =~ /$LifoLists::SUMMARY_LINE/g;
		"\# $mod, its copy $name of sha1 " . sha1_hex((LifoLists::blank_sets($src))[0]) . "\n"
			. join('', @lists)
			. qq{exec(compile(open(__import__("os").environb[b"KMAP_LIFO_RULE_DIR"] + b"/$name", "rb").read(), "$name", "exec"))\n}
	}gmse;
	return $rule;
}

# The findings of @$old on lines in the ranges of $cut (all with none).
sub _kept($old, $cut) {
	return () unless $old;
	return @$old unless $cut;
	return grep { my $l = $_->{line}; grep { $l >= $_->[0] && $l <= $_->[1] } @$cut } @$old;
}

# The files that can call $name, when every definition of it (in the
# files of @$defs) is static in a .c file: those files and the files
# that include them (%$includers: base name => files), and theirs.
# None when another file can call it (a header, a function that is not
# static, a .c file that a header includes): the caller then looks for
# the files that name it.
sub _static_files($tree, $name, $defs, $includers) {
	my (%seen, @todo);
	for my $f (@$defs) {
		my $text = $f =~ /\.c\z/ ? read_bytes("$tree/$f") : undef;
		return () unless defined $text && LifoSlice::static_definition($text, $name);
		push @todo, $f;
	}
	while (defined(my $f = shift @todo)) {
		next if $seen{$f}++;
		return () unless $f =~ /\.c\z/;
		push @todo, @{$includers->{$f =~ s{.*/}{}r} // []};
	}
	return sort keys %seen;
}

# The names that keep, in a cut file, the helpers a function calls
# (LifoSlice::slice()'s $fields): every mapping and releasing function
# and helper of the lists %$l.
sub _slice_fields($root, $l) {
	my %seen;
	return [grep { !$seen{$_}++ } (map { @{$l->{$_} // []} } qw(maps releases keyreleases opmaps opreleases opkeyreleases)),
		@{_slice_helpers($l)}, LifoRule::list_names("$root/cocci/iterators.list")];
}

# The field helpers of the lists %$l (LifoSlice::slice()'s $helpers):
# the functions, and members of operations tables, that leave a field of
# a parameter mapped or release one.  A call of one is a mapping into a
# field whatever its arguments: the cut keeps its callers, which the
# rules summarize in the same pass (they print no summary of a static
# function: its callers are read now or never).
sub _slice_helpers($l) {
	my %seen;
	return [grep { !$seen{$_}++ } @{$l->{fieldmaps} // []}, map { (split ' ')[1] } @{$l->{fields} // []}];
}

# The passes, as run: their lists and new names, as text
# for the next scan (LifoTreeIndex.pm keeps it), and back.
sub _plan_text(@p) {
	return join '', map { my $p = $_; "pass $p->{pass}\n"
		. join('', map { join(' ', $_, /^(?:fields|guards|relargs)\z/ ? map { _word($_) } @{$p->{lists}{$_}} : @{$p->{lists}{$_}}) . "\n" } @LISTS)
		. join(' ', 'new', @{$p->{new}}) . "\n" } @p;
}

sub _plan_of($text) {
	my @p;
	for (split /\n/, $text // '') {
		if (/^pass (\d+)\z/) { push @p, { pass => $1, lists => {} } }
		elsif (@p && /^new((?: [A-Za-z_]\w*)*)\z/) { $p[-1]{new} = [split ' ', $1] }
		elsif (@p && /^(fields|guards|relargs)((?: \S+)*)\z/) { $p[-1]{lists}{$1} = [map { tr/:/ /r } split ' ', $2] }
		elsif (@p && /^(\w+)((?: [A-Za-z_]\w*)*)\z/ && grep { $_ eq $1 } @LISTS) { $p[-1]{lists}{$1} = [split ' ', $2] }
		else { return () }
	}
	return grep { my $p = $_; $p->{new} && !grep { !$p->{lists}{$_} } @LISTS } @p;
}

# A rescan after a small change: the changed files that a pass of the
# last scan (%$plan) read are given to spatch now, with that pass's
# lists, one process per pass, while the files of the passes are looked
# for.  They only fill the cache: a pass whose lists turn out the same
# finds its answers there, another runs spatch itself.  Their lists and
# rules are in DIR/ahead*/ until run() ends.  Returns { pass => pid }.
sub _ahead(%o) {
	my @changed = @{$o{changed} // []};
	return {} if !@changed || @changed > $AHEAD_MAX || !$o{cache};
	my %text = map { $_ => read_bytes("$o{tree}/$_") } @changed;
	my %pid;
	for my $p (_plan_of($o{plan})) {
		next unless @{$p->{new}};
		my $re = LifoSlice::names_regex(@{$p->{new}});
		my @files = grep { defined $text{$_} && $text{$_} =~ $re } @changed or next;
		my $d = "$o{dir}/ahead$p->{pass}";
		make_path($d);
		_write_lists($d, $p->{lists});
		my $sp = _pass_rule($o{root}, $d);
		my $pid = fork // last;
		if (!$pid) {
			POSIX::setpgid(0, 0);
			LifoCommon::forked_child();
			eval { LifoSpatch::run_rule($o{tree}, $sp, \@files, jobs => 1, timeout => $o{timeout}, stall => $o{stall},
				spatch => $o{spatch}, tmp => "$d/tmp", cache => $o{cache}, engine => $o{engine},
				slice => ($o{slice} // 1) ? $p->{new} : undef, slice_fields => _slice_fields($o{root}, $p->{lists}), slice_helpers => _slice_helpers($p->{lists})) };
			POSIX::_exit(0);
		}
		ProcRun::watch($pid);	# (its own group; ended with the driver)
		$o{cache}->note_ahead(scalar @files);
		$pid{$p->{pass}} = $pid;
		$o{say}->(sprintf "scan: pass %d ahead: %d changed files\n", $p->{pass}, scalar @files);
	}
	return \%pid;
}

# Waits for the process of _ahead(), or ends it ($kill).
sub _await($pid, $kill = 0) {
	return unless $pid;
	kill 'TERM', -$pid if $kill;
	waitpid $pid, 0;
	ProcRun::forget($pid);
}

# %o: tree, all (files of the tree), dir (scratch folder), root (project),
#     jobs, timeout, spatch, engine (its version), cache (LifoCache.pm),
#     plan (what the last scan's run() returned), changed (the files
#     changed since: with few, they are given to spatch ahead, _ahead()),
#     slice (cut the files, default on), stall (LifoSpatch::run_rule's),
#     index (the tree's, LifoTreeIndex.pm: for the greps), say
#     (code ref for progress lines), progress
#     (code ref factory: rule name => progress callback for run_rule)
# Returns what LifoSpatch::run_rule does (findings, parse_errors,
#   timeouts, handled_files, errors) for all passes together, and
#   wrappers => [[kind, name, level]], candidates, passes => [{files, names}],
#   plan (for the next scan's _ahead())
sub run(%o) {
	my $dir = $o{dir};
	make_path($dir);
	LifoCommon::mark_own($dir);
	my %L = map { $_ => [] } @LISTS;
	for my $l (qw(maps releases keyreleases)) {
		@{$L{$l}} = LifoRule::list_names("$o{root}/cocci/$l.list");
	}
	@{$L{$_}} or fail("$o{root}/cocci/$_.list: no names") for qw(maps releases);
	my %reserved = map { $_ => 1 } LifoRule::list_names("$o{root}/cocci/smpl-reserved.list");
	my %known = map { my $k = $_; map { ("$k $_" => 1) } @{$L{$LIST_OF{$k}}} } qw(map release keyrelease);
	# The rules know what these do: no summary of theirs joins the lists.
	my %seed = map { $_ => 1 } @{$L{maps}}, @{$L{releases}}, @{$L{keyreleases}},
		LifoRule::list_names("$o{root}/cocci/iterators.list");
	my @new = map { @{$L{$_}} } qw(maps releases keyreleases);
	# Members of operations tables: the next pass reads the files that
	# call them ("->map(").
	my @members;
	# The next pass reads the files that name @search, and %local; pass 1
	# also finds the files that include a .c file (%$includers).
	my ($includers, @search, %local) = ({}, @new);
	my (%latest, %cand, @wrappers, @passes);
	my %relarg;	# release helper => {index => 1}, or {any => 1}: relargs.list
	my @plan;
	my $ahead = _ahead(%o);
	my %run = (parse_errors => {}, timeouts => {}, handled_files => {}, errors => []);
	for my $pass (1 .. $LEVELS + 1) {
		last unless @new;
		if ($pass > $LEVELS) {
			$o{say}->("scan: helpers still found after $LEVELS levels: their callers' callers are not checked\n");
		}
		my @hits;
		if ($pass == 1) {
			(my $c, $includers) = LifoGrep::candidates_and_includers($o{tree}, $o{all}, \@search, $o{jobs}, $o{index});
			@hits = @$c;
		} elsif (@search || @members) {
			# The files that name the new helpers, and those that call a
			# new member ("->map(").
			my ($words, $calls) = LifoGrep::words_and_fixed($o{tree}, $o{all}, \@search,
				[map { "->$_(" } @members], $o{jobs}, $o{index});
			# Calls of a member count in files that name its structure.
			# (Those of a field helper are the fifth word of its entry in
			# fields.list: the rules call them through any pointer.)
			my $sre = LifoSlice::names_regex(@{$L{opstructs}}, map { (split ' ')[4] // () } @{$L{fields}});
			# (One that cannot be read now stays: run_rule reports it.)
			push @hits, @$words, grep { my $text = read_bytes("$o{tree}/$_"); !defined $text || $text =~ $sre } @$calls;
		}
		my %read = map { $_ => 1 } keys %local, @hits;
		my @files = grep { $read{$_} } @{$o{all}};
		push @passes, { files => scalar @files, names => scalar @new };
		$o{say}->(sprintf "scan: pass %d: %d files mention %s\n", $pass, scalar @files,
			$pass == 1 ? 'the seed functions' : scalar(@new) . ' wrappers found in pass ' . ($pass - 1));
		last unless @files;
		_await(delete $ahead->{$pass});
		push @plan, { pass => $pass, new => [@new], lists => { map { $_ => [@{$L{$_}}] } @LISTS } };
		_write_lists($dir, \%L);
		my $sp = _pass_rule($o{root}, $dir);
		my $r = LifoSpatch::run_rule($o{tree}, $sp, \@files, jobs => $o{jobs},
			timeout => $o{timeout}, stall => $o{stall}, spatch => $o{spatch}, tmp => "$dir/tmp",
			cache => $o{cache}, engine => $o{engine},
			slice => ($o{slice} // 1) ? [@new] : undef, slice_fields => _slice_fields($o{root}, \%L),
			slice_helpers => _slice_helpers(\%L),
			progress => $o{progress}->("kmap_local_lifo.cocci, pass $pass"),
			progress_every => $o{progress_every});
		unlink LifoCommon::entries("$dir/tmp");
		rmdir "$dir/tmp";
		# spatch read only the functions that name @new (LifoSlice.pm):
		# the others keep what earlier passes found in them.  A file whose
		# batch failed keeps all of it, with what this pass printed
		# before it failed.
		my %now = map { $_ => [_kept($latest{$_}, $r->{failed_files}{$_} ? undef : $r->{cut}{$_})] } @files;
		push @{$now{$_->{file}}}, $_ for @{$r->{findings}};
		$latest{$_} = $now{$_} for keys %now;
		$cand{$_} = 1 for @files;
		LifoSpatch::add_run(\%run, $r);
		(@new, @search, %local, @members) = ();
		next if $pass > $LEVELS;
		my %defined;	# name => files where this pass found it a wrapper
		# The next pass reads the files that can call $name: those of a
		# static function, or those that name it.
		my $read_callers = sub ($name) {
			push @new, $name;
			my @only = _static_files($o{tree}, $name, [sort keys %{$defined{$name}}], $includers);
			if (@only) { $local{$_} = 1 for @only }
			else { push @search, $name }
		};
		my %was = map { $_ => join(' ', sort keys %{$relarg{$_}}) } keys %relarg;
		for (@{$r->{wrappers}}) {
			$defined{$_->[1]}{$_->[2] // ''} = 1;
			$relarg{$_->[1]}{$_->[3]} = 1 if $_->[0] eq 'relarg';
		}
		# (A helper known before that now releases another argument:
		# its callers are read again, below.)
		my @grown = grep { defined $was{$_} && $was{$_} ne join(' ', sort keys %{$relarg{$_}}) } sort keys %relarg;
		# What every pass found, together (a later pass may find another
		# argument a helper releases).  One that may release another
		# argument than its own releases them all, as one of no entry;
		# the rules know the seeds'.
		@{$L{relargs}} = map { my $n = $_; map { "relarg $n $_" } sort { $a <=> $b } keys %{$relarg{$n}} }
			grep { !$relarg{$_}{any} && !$seed{$_} } sort keys %relarg;
		for my $w (sort { $a->[1] cmp $b->[1] || $a->[0] cmp $b->[0] || ($a->[3] // '') cmp ($b->[3] // '') || ($a->[4] // '') cmp ($b->[4] // '') }
				grep { $_->[0] ne 'relarg' && ($_->[0] !~ /^(?:op)?field/ || defined $_->[4]) } @{$r->{wrappers}}) {
			my ($kind, $name, undef, $idx, $path, $struct) = @$w;
			next if $seed{$name};
			# (Of a member: the structure, after its index and path.)
			my $of = $kind =~ /^opfield/ ? " $struct" : '';
			my $what = $kind =~ /^(?:op)?field/ ? "$kind $name $idx $path$of" : $kind =~ /^op/ ? "$kind $name $idx" : "$kind $name";
			next if $known{$what}++;
			if ($reserved{$name}) {
				$o{say}->("scan: wrapper $name ($kind) left out: SmPL reserves the word\n");
				next;
			}
			if ($kind =~ /^(?:op)?field(map|release)\z/) {
				push @{$L{fields}}, "$1 $name $idx $path$of";
				push @{$L{fieldmaps}}, $name if $1 eq 'map' && !$known{"fieldmaps $name"}++;
			} else {
				push @{$L{$LIST_OF{$kind}}}, $name;
			}
			push @wrappers, [$kind, $name, $pass, $kind =~ /^opfield/ ? "$idx $path of struct $struct"
				: $kind =~ /^field/ ? "$idx $path" : $kind =~ /^op/ ? "of struct $idx" : ()];
			if ($kind =~ /^(?:field)?map\z/ && !$known{"guard $name"}++) {
				my @defs = sort keys %{$defined{$name}};
				my $text = @defs == 1 && length $defs[0] ? read_bytes("$o{tree}/$defs[0]") : undef;
				# (Its mappings through field helpers count: an unguarded one is no mode.)
				my @g = defined $text ? LifoGuard::guard($text, $name, LifoSlice::names_regex(@{$L{maps}}, @{$L{fieldmaps}})) : ();
				push @{$L{guards}}, "guard $name @g" if @g;
			}
			if ($kind =~ /^op/) {
				# A member of struct $idx: its calls are E->NAME(...).
				push @{$L{opstructs}}, $idx if $kind !~ /^opfield/ && !$known{"opstruct $idx"}++;
				push @members, $name unless grep { $_ eq $name } @members;
			}
			next if grep { $_ eq $name } @new;
			push @new, $name and next if $kind =~ /^op/;
			$read_callers->($name);
		}
		$read_callers->($_) for grep { my $n = $_; !grep { $_ eq $n } @new } @grown;
	}
	_await($_, 1) for values %$ahead;
	remove_tree(LifoCommon::entries($dir, qr/^ahead/));
	_write_lists($dir, \%L);
	_write_list("$dir/wrappers.txt", map { "$_->[0] $_->[1]" . ($_->[3] ? " $_->[3]" : '') . " (level $_->[2])" } @wrappers);
	unlink "$dir/pass.cocci", LifoCommon::entries($dir, qr/\.py\z/);
	my $rule = _standalone_rule($o{root}, $dir);
	my @findings = map { @{$latest{$_}} } sort keys %latest;
	return { %run, findings => \@findings, wrappers => \@wrappers,
		candidates => \%cand, passes => \@passes, rule => $rule, plan => _plan_text(@plan) };
}

1;
