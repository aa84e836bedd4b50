# SPDX-License-Identifier: GPL-2.0
# Does a patched file still build on the boot test's ARM machine
# (test-kernels/machines/arm-virt.conf: its cross compiler and config
# fragments on allnoconfig), and does sparse (C=2) show no new warning on
# it?  The configuration, the build and the sparse run are the boot
# test's own (test-kernels/lib/KernelBuild.pm).
#
# Works on a hard-linked copy of the tree (OUT/arm-src; a touched file is
# replaced by a real copy before it is patched) and its own O= folder
# (OUT/arm-obj); the tree itself is only read.  Both carry the stamp of
# the folders the tool makes in OUT (LifoCommon::mark_own): one of those
# names that it did not make stops the run (exit 2) and stays.
package LifoBuild;
use v5.36;
use File::Path qw(make_path remove_tree);
use File::Copy qw(copy);
use File::Basename qw(dirname);
use lib dirname(__FILE__) . '/../../test-kernels/lib';
use LifoPatch qw(capture);
use LifoCommon ();
use KernelBuild;
use BootConf qw(read_machine);

sub new($class, %a) {
	my $self = bless { %a }, $class;
	require Cwd;
	make_path($a{out});
	$self->{out} = $a{out} = Cwd::abs_path($a{out});
	my $m = read_machine(dirname(__FILE__) . '/../../test-kernels/machines/arm-virt.conf');
	$self->{fragments} = defined $a{fragment} ? [Cwd::abs_path($a{fragment}) // $a{fragment}] : $m->{fragments};
	$self->{cross} //= $m->{cross};
	$self->{arch} = $m->{arch};
	$self->{src} = "$a{out}/arm-src";
	$self->{obj} = "$a{out}/arm-obj";
	$self->{log} = "$a{out}/arm-build.log";
	return $self;
}

# Why a file is not built on the ARM configuration, or undef.
sub not_built_reason($self, $file) {
	return "$file is not a C file" unless $file =~ /\.c$/;
	return "arch/$1 is not part of the 32-bit ARM build" if $file =~ m{^arch/([^/]+)/} && $1 ne 'arm';
	# Code whose Kconfig depends on another architecture: no build needed
	# to know.
	require LifoImpact;
	$self->{impact} //= LifoImpact->new($self->{tree});
	my $g = $self->{impact}->arch_gate($file);
	return "$g->[1] depends on $g->[0], which the 32-bit ARM build does not have"
		if $g && $g->[0] ne 'ARM';
	return undef;
}

# Stops (exit 2, naming it) when OUT holds an arm-src/ or arm-obj/ that
# the tool did not make; one made before stamps is known by the stamp of
# a complete build in arm-obj/.
sub check_out($out) {
	LifoCommon::check_own($out, 'arm-obj' => ['.lifo-stamp'], 'arm-src' => ['../arm-obj/.lifo-stamp']);
}

sub kbuild($self) {
	return $self->{kbuild} //= KernelBuild->new(src => $self->{src}, obj => $self->{obj}, arch => $self->{arch},
		cross => $self->{cross}, fragments => $self->{fragments}, jobs => $self->{jobs}, log => $self->{log});
}

# Copy and configure once; returns undef or an error.
sub prepare($self) {
	return $self->{prepared} if exists $self->{prepared};
	my @missing = grep { !-f } @{$self->{fragments}};
	return $self->{prepared} = "no ARM config fragment @missing" if @missing;
	my ($st) = capture(undef, 'sh', '-c', "command -v $self->{cross}gcc >/dev/null && command -v sparse >/dev/null");
	return $self->{prepared} = "$self->{cross}gcc or sparse missing (make deps)" if $st;
	my $stamp = "$self->{obj}/.lifo-stamp";
	my $want = join ' ', $self->{tree}, map { (stat $_)[9] } @{$self->{fragments}};
	if (!(-f $stamp && do { open my $fh, '<', $stamp; local $/; <$fh> eq $want })) {
		check_out($self->{out});
		remove_tree($self->{src}, $self->{obj});
		# Hard links when OUT is on the tree's file system, else symlinks.
		($st, my $o, my $e) = capture(undef, 'cp', '-al', $self->{tree}, $self->{src});
		if ($st) {
			remove_tree($self->{src});
			($st, $o, $e) = capture(undef, 'cp', '-as', $self->{tree}, $self->{src});
		}
		return $self->{prepared} = "cp -al/-as $self->{tree}: $e" if $st;
		make_path($self->{obj});
		LifoCommon::mark_own($_) for $self->{src}, $self->{obj};
		# A full build tells which objects the configuration compiles
		# (a single-object make compiles any file, wanted or not).
		unlink $self->{log};
		my $say = $self->{say} // sub (@) {};
		$say->("make-fixes: building the ARM test kernel once for this OUT (allnoconfig + "
			. join(' ', map { s{.*/}{}r } @{$self->{fragments}}) . ", vmlinux, $self->{jobs} jobs): it takes minutes;"
			. " log: $self->{log}\n");
		my $err;
		my $ok = with_progress($say, $self->{progress_every} // 30, $self->{log},
			sub { eval { $self->kbuild->configure; $self->kbuild->make(undef, 'vmlinux'); 1 } or do { $err = $@; 0 } });
		return $self->{prepared} = $err =~ s/\n$//r unless $ok;
		$say->("make-fixes: ARM test kernel built\n");
		open my $fh, '>', $stamp; print $fh $want; close $fh;
	}
	return $self->{prepared} = undef;
}

# Runs $code, printing through $say every $every seconds how long it has
# run and the last line of $log (the build's progress); returns what
# $code returns.
sub with_progress($say, $every, $log, $code) {
	my $t0 = time;
	local $SIG{ALRM} = sub {
		my $last = '';
		if (open my $fh, '<', $log) { while (<$fh>) { $last = $_ if /\S/ } }
		chomp $last;
		$last =~ s/^\s+//;
		my $s = time - $t0;
		$say->(sprintf "make-fixes: ARM build: %d:%02d elapsed%s\n", int($s / 60), $s % 60,
			length $last ? ", at: " . substr($last, 0, 100) : '');
		alarm $every;
	};
	alarm $every;
	my @r = eval { $code->() };
	my $err = $@;
	alarm 0;
	die $err if $err;
	return wantarray ? @r : $r[0];
}

# Sparse warnings (C=2) of one object, line numbers dropped: (status,
# warnings, the log's text).
sub _sparse($self, $obj) {
	my $log = "$self->{out}/arm-sparse.log";
	my @w = eval { $self->kbuild->sparse_warnings($obj, $log) };
	return ($@ ? 1 : 0, \@w, $@ . (KernelBuild::slurp($log) // ''));
}

# Check one patch; returns a list of ("ok"|"skip"|"FAIL", message).
sub check_patch($self, $patch, @files) {
	require Cwd;
	$patch = Cwd::abs_path($patch);
	my @r;
	my @todo;
	for my $f (@files) {
		if (my $why = $self->not_built_reason($f)) { push @r, ['skip', "$f: not built: $why"] }
		else { push @todo, $f }
	}
	return @r unless @todo;
	if (my $err = $self->prepare) { return @r, map { ['skip', "$_: not built: $err"] } @todo }
	for my $f (@todo) {
		(my $obj = $f) =~ s/\.c$/.o/;
		if (!-f "$self->{obj}/$obj") {
			push @r, ['skip', "$f: not built: the ARM test configuration does not compile $obj"];
			next;
		}
		my ($st, $before, $log) = $self->_sparse($obj);
		if ($st) { push @r, ['FAIL', "$f: does not build on ARM before the patch: " . substr($log, -800)]; next }
		# Patch a real copy (never the hard-linked original).
		my $p = "$self->{src}/$f";
		unlink $p; copy("$self->{tree}/$f", $p) or return @r, ['FAIL', "$f: copy: $!"];
		my ($pst, $po, $pe) = capture($self->{src}, 'patch', '-p1', '-s', '--no-backup-if-mismatch', '-i', $patch);
		if ($pst) { push @r, ['FAIL', "$f: patch -p1 failed: $po$pe"]; next }
		my ($ast, $after, $alog) = $self->_sparse($obj);
		unlink $p; copy("$self->{tree}/$f", $p);
		if ($ast) { push @r, ['FAIL', "$f: does not build on ARM: " . substr($alog, -800)]; next }
		my %old = map { $_ => 1 } @$before;
		my @new = grep { !$old{$_} } @$after;
		push @r, @new ? ['FAIL', "$f: new sparse warnings: @new"]
			: ['ok', "$f: builds on the ARM test configuration, sparse (C=2): no new warning"];
	}
	return @r;
}

1;
