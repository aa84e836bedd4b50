# SPDX-License-Identifier: GPL-2.0
# Source states: one working copy of the packaged tree, switched between
# states (the pristine tree plus patches) by rewriting only the files
# whose content changes, so that a switch rebuilds a few objects.
#
# The copy is hard-linked to the pristine tree where it can be (a file is
# only ever replaced, never written in place, so the pristine tree stays
# untouched); a rewritten file gets a new time stamp, which make sees.
package BootState;
use v5.36;
use File::Path qw(make_path remove_tree);
use File::Copy qw(copy);
use KernelBuild;
use OwnDir ();
use ReadFile qw(read_bytes);

# new(pristine => TREE, src => COPY, work => DIR, top => PROJECT,
#     states => {NAME => [STEP...]}, pre => [STEP...], note => CODE):
# PRE, steps that come before every state's own (an overlay's).
sub new($class, %a) {
	$a{note} //= sub { };
	$a{pre} //= [];
	return bless {%a}, $class;
}

sub run_quiet($dir, $log, @cmd) { return KernelBuild::run_logged($dir, $log, @cmd) }

# Make src a copy of the pristine tree unless it already is one (ORIGIN
# says which tree and version it was copied from).  Returns 1 when a new
# copy was made (the caller drops what was built from the old one).
sub ensure_copy($self, $origin) {
	my $src = $self->{src};
	return 0 if (read_bytes("$src/.bt-origin") // '') eq "$origin\n";
	$self->{note}->("copying $self->{pristine} to $src (hard links)");
	remove_tree($src, "$src.tmp");
	unlink "$self->{work}/src-dirty", "$self->{work}/src-state";
	my $log = "$self->{work}/copy.log";
	unlink $log;
	if (run_quiet(undef, $log, 'cp', '-al', $self->{pristine}, "$src.tmp")) {
		remove_tree("$src.tmp");
		run_quiet(undef, $log, 'cp', '-a', $self->{pristine}, "$src.tmp")
			and die "copying $self->{pristine} failed (log: $log)\n";
	}
	unlink "$src.tmp/.extracted";
	OwnDir::mark("$src.tmp");
	write_file("$src.tmp/.bt-origin", "$origin\n");
	rename "$src.tmp", $src or die "cannot create $src: $!\n";
	return 1;
}

# Whether two files read alike (as cmp -s says: both readable, the same
# bytes), without a process per file.
sub same_bytes($p, $q) {
	my ($x, $y) = (read_bytes($p), read_bytes($q));
	return defined $x && defined $y && $x eq $y;
}

sub write_file($f, $text) {
	open my $fh, '>', $f or die "$f: $!\n";
	print $fh $text;
	close $fh or die "$f: $!\n";
}

# Files a -p1 patch touches: "--- a/x" immediately followed by "+++ b/x".
sub patch_files($patch) {
	open my $fh, '<', $patch or die "patch $patch: $!\n";
	my ($prev, %f) = ('');
	while (my $l = <$fh>) {
		if ($l =~ /^\+\+\+ (\S+)/ && $prev =~ /^--- (\S+)/) {
			my ($a, $b) = ($prev =~ /^--- (\S+)/, $l =~ /^\+\+\+ (\S+)/);
			for ($a, $b) { $f{s{^[^/]*/}{}r} = 1 unless $_ eq '/dev/null' }
		}
		$prev = $l;
	}
	return sort keys %f;
}

# The patches of kernel-patches/series, absolute paths.
sub series_patches($self) {
	my $s = "$self->{top}/kernel-patches/series";
	return () unless -f $s;
	require BootConf;
	return map { "$self->{top}/kernel-patches/$_->[1]" } BootConf::read_table($s);
}

# A state's steps as [REVERT?, PATCH] pairs; cocci steps are made by
# $self->{cocci}->(SELF, STATE_SO_FAR_STEPS, FILE), which returns a patch.
sub resolve($self, $name) {
	my $steps = $self->{states}{$name} // die "unknown state $name\n";
	my @r;
	for my $s (@{$self->{pre}}, @$steps) {
		if ($s->{op} eq 'series') { push @r, map { [0, $_] } $self->series_patches }
		elsif ($s->{op} eq 'cocci') { push @r, [0, $self->{cocci}->($self, [@r], $s->{file})] }
		else {
			my $p = $s->{patch} =~ m{^/} ? $s->{patch} : "$self->{top}/test-kernels/$s->{patch}";
			push @r, [$s->{op} eq 'revert', $p];
		}
	}
	return @r;
}

# Put src into the pristine tree plus PATCHES ([REVERT?, FILE] pairs);
# LABEL names the state in messages.  Dies when a patch does not apply.
sub apply($self, $label, @patches) {
	my ($w, $src, $pristine) = @$self{qw(work src pristine)};
	my $stage = "$w/stage";
	my $log = "$w/state-$label.log";
	remove_tree($stage);
	make_path($stage);
	OwnDir::mark($stage);
	unlink $log;
	my %files;
	for (@patches) {
		-f $_->[1] or die "patch $_->[1] is missing\n";
		$files{$_} = 1 for patch_files($_->[1]);
	}
	my %dirty = map { $_ => 1 } split /\n/, read_bytes("$w/src-dirty") // '';
	my @sync = sort keys %{{ %files, %dirty }};
	for my $f (@sync) {
		next unless -f "$pristine/$f";
		make_path("$stage/$f" =~ s{/[^/]*$}{}r);
		copy("$pristine/$f", "$stage/$f") or die "copy $f: $!\n";
	}
	for (@patches) {
		my ($rev, $p) = @$_;
		my @cmd = ('patch', '-p1', ($rev ? '-R' : ()), '-N', '--no-backup-if-mismatch', '-r', '-', '-i', $p);
		next unless run_quiet($stage, $log, @cmd);
		my $t = read_bytes($log) // '';
		my @tail = (split /\n/, $t)[-3 .. -1];
		die "patch -p1" . ($rev ? ' -R' : '') . " $p does not apply to $label: "
			. join(' ', grep { defined } @tail) . " (log: $log)\n";
	}
	# Record what may differ before touching src, so that an interrupted
	# run is repaired by the next one.
	write_file("$w/src-dirty", join '', map { "$_\n" } @sync);
	my @changed;
	for my $f (@sync) {
		if (-f "$stage/$f") {
			next if -f "$src/$f" && same_bytes("$stage/$f", "$src/$f");
			make_path("$src/$f" =~ s{/[^/]*$}{}r);
			unlink "$src/$f";	# never write through a hard link
			copy("$stage/$f", "$src/$f") or die "copy to $src/$f: $!\n";
			push @changed, $f;
		} elsif (-e "$src/$f") {
			unlink "$src/$f" or die "rm $src/$f: $!\n";
			push @changed, $f;
		}
	}
	write_file("$w/src-dirty", join '', map { "$_\n" } sort keys %files);
	write_file("$w/src-state", "$label\n");
	$self->{note}->("source state $label; files rewritten: " . (@changed ? "@changed" : 'none'));
	return @changed;
}

# set(STATE): resolve STATE's steps and apply them.
sub set($self, $name) {
	return $self->apply($name, $self->resolve($name));
}

1;
