# SPDX-License-Identifier: GPL-2.0
# Check a tree with its own kmap_local wrappers, in few passes.
#
# Each pass runs kmap_local_lifo.cocci and the wrapper rules of
# kmap_local_wrappers.cocci together (generated from the same lists), so
# the files that mention the seed functions are parsed once for both jobs.
# The wrappers a pass finds join the lists, and the next pass reads only
# the files that mention them, with the longer lists, and in them only
# the functions that name the new wrappers (LifoSlice.pm).  A function's
# findings are those of the last pass that read it: it saw every wrapper
# the function names.  Wrappers are searched three levels deep, as
# scripts/lifo-cocci.sh does; a fourth pass only checks the callers of
# the third level.
package LifoPasses;
use v5.36;
use File::Path qw(make_path);
use LifoCommon qw(fail);
use LifoSpatch;

my $LEVELS = 3;

sub _write_list($file, @names) {
	open my $fh, '>', $file or fail("cannot write $file: $!");
	print $fh map { "$_\n" } @names;
	close $fh or fail("cannot write $file: $!");
}

# The checker and the wrapper rules for the lists in $dir, as one file.
sub _semantic_patch($root, $dir) {
	my ($maps, $rels) = ("$dir/maps.list", "$dir/releases.list");
	my $lifo = `sh '$root/cocci/gen-lifo.sh' --no-prefilter '$maps' '$rels'`;
	fail("cocci/gen-lifo.sh failed") if $? || !$lifo;
	my $wrap = `sh '$root/cocci/gen-wrappers.sh' --rules-only '$maps' '$rels'`;
	fail("cocci/gen-wrappers.sh failed") if $? || !$wrap;
	my $sp = "$dir/kmap_local_lifo.cocci";
	open my $fh, '>', $sp or fail("cannot write $sp: $!");
	print $fh $lifo, "\n", $wrap;
	close $fh or fail("cannot write $sp: $!");
	return $sp;
}

# The findings of @$old on lines in the ranges of $cut (all with none).
sub _kept($old, $cut) {
	return () unless $old;
	return @$old unless $cut;
	return grep { my $l = $_->{line}; grep { $l >= $_->[0] && $l <= $_->[1] } @$cut } @$old;
}

# %o: tree, all (files of the tree), dir (scratch folder), root (project),
#     jobs, timeout, spatch, slice (cut the files, default on), say
#     (code ref for progress lines), progress
#     (code ref factory: rule name => progress callback for run_rule)
# Returns what LifoSpatch::run_rule does (findings, parse_errors,
#   timeouts, handled_files, errors) for all passes together, and
#   wrappers => [[kind, name, level]], candidates, passes => [{files, names}]
sub run(%o) {
	my $dir = $o{dir};
	make_path($dir);
	my @maps = LifoSpatch::list_names("$o{root}/cocci/maps.list")
		or fail("$o{root}/cocci/maps.list: no names");
	my @rels = LifoSpatch::list_names("$o{root}/cocci/releases.list")
		or fail("$o{root}/cocci/releases.list: no names");
	my %reserved = map { $_ => 1 } LifoSpatch::list_names("$o{root}/cocci/smpl-reserved.list");
	my %known = ((map { ("map $_" => 1) } @maps), (map { ("release $_" => 1) } @rels));
	my @new = (@maps, @rels);
	my (%latest, %cand, @wrappers, @passes);
	my %run = (parse_errors => {}, timeouts => {}, handled_files => {}, errors => []);
	for my $pass (1 .. $LEVELS + 1) {
		last unless @new;
		my @files = LifoSpatch::candidates($o{tree}, $o{all}, \@new, $o{jobs});
		push @passes, { files => scalar @files, names => scalar @new };
		$o{say}->(sprintf "scan: pass %d: %d files mention %s\n", $pass, scalar @files,
			$pass == 1 ? 'the seed functions' : scalar(@new) . ' wrappers found in pass ' . ($pass - 1));
		last unless @files;
		_write_list("$dir/maps.list", @maps);
		_write_list("$dir/releases.list", @rels);
		my $sp = _semantic_patch($o{root}, $dir);
		my $r = LifoSpatch::run_rule($o{tree}, $sp, \@files, jobs => $o{jobs},
			timeout => $o{timeout}, spatch => $o{spatch}, tmp => "$dir/tmp",
			slice => ($o{slice} // 1) ? [@new] : undef,
			progress => $o{progress}->("kmap_local_lifo.cocci, pass $pass"),
			progress_every => $o{progress_every});
		unlink glob "$dir/tmp/*";
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
		@new = ();
		next if $pass > $LEVELS;
		for my $w (sort { $a->[1] cmp $b->[1] || $a->[0] cmp $b->[0] } @{$r->{wrappers}}) {
			my ($kind, $name) = @$w;
			next if $known{"$kind $name"}++;
			if ($reserved{$name}) {
				$o{say}->("scan: wrapper $name ($kind) left out: SmPL reserves the word\n");
				next;
			}
			push @{$kind eq 'map' ? \@maps : \@rels}, $name;
			push @wrappers, [$kind, $name, $pass];
			push @new, $name unless grep { $_ eq $name } @new;
		}
	}
	# The checker with every wrapper, for the fixer (scripts/lifo-fix.sh).
	_write_list("$dir/maps.list", @maps);
	_write_list("$dir/releases.list", @rels);
	_semantic_patch($o{root}, $dir);
	my @findings = map { @{$latest{$_}} } sort keys %latest;
	return { %run, findings => \@findings, wrappers => \@wrappers,
		candidates => \%cand, passes => \@passes };
}

1;
