# SPDX-License-Identifier: GPL-2.0
# make fixes' build check: does a patched C file still build, on a
# configuration that really compiles it, and does sparse (C=2) show no
# new warning on it?
#
# The configuration is a defconfig of the architecture the file needs:
# the file's own arch/X; the architecture its Kconfig depends on
# (LifoImpact::arch_gate: drivers/crypto/intel/iaa is x86-64 only, the
# OMAP crypto driver needs ARCH_OMAP2PLUS, which only ARM defines); else
# 32-bit ARM with HIGHMEM, where a kmap_local order matters.  On it the
# symbols that make Kbuild compile the file (its folders' Makefiles) are
# enabled with their plain dependencies (scripts/config, then
# olddefconfig, LifoKconfig), and kconfig must keep them; then only the
# touched object is built, before and after the patch.  A file is "not
# built", with the reason, when the cross compiler is missing or
# kconfig does not keep a symbol.
#
# Works on a hard-linked copy of the tree (OUT/build-src; a touched file
# is replaced by a real copy before it is patched) and one O= folder per
# architecture (OUT/build-ARCH); the tree itself is only read.  Both
# carry the stamp of the folders the tool makes in OUT
# (LifoCommon::mark_own): one of those names that the tool did not make
# stops make fixes (check_out).
package LifoBuild;
use v5.36;
use File::Path qw(make_path remove_tree);
use File::Basename qw(dirname);
use POSIX ();
use lib dirname(__FILE__) . '/../../test-kernels/lib';
use LifoPatch qw(capture);
use LifoCommon ();
use KernelBuild;
use ReadFile qw(read_bytes);

# Per architecture: its compilers (the first found is used), the
# defconfig, what else to enable (where the order matters: HIGHMEM, the
# x86 force-map debug option; kept when kconfig allows), and the Debian
# package of the compiler.
my $HOST = (POSIX::uname())[4];
our %ARCH = (
	arm => { cross => ['arm-linux-gnueabihf-', 'arm-linux-gnueabi-'], defconfig => 'multi_v7_defconfig',
		extra => ['HIGHMEM'], pkg => 'crossbuild-essential-armhf' },
	x86 => { cross => [$HOST eq 'x86_64' ? ('') : (), 'x86_64-linux-gnu-'], defconfig => 'x86_64_defconfig',
		extra => ['DEBUG_KMAP_LOCAL_FORCE_MAP'], pkg => $HOST eq 'x86_64' ? 'gcc' : 'crossbuild-essential-amd64' },
	arm64 => { cross => ['aarch64-linux-gnu-'], defconfig => 'defconfig', pkg => 'crossbuild-essential-arm64' },
	loongarch => { cross => ['loongarch64-linux-gnu-'], defconfig => 'loongson3_defconfig' },
	riscv => { cross => ['riscv64-linux-gnu-'], defconfig => 'defconfig', pkg => 'crossbuild-essential-riscv64' },
	powerpc => { cross => ['powerpc64le-linux-gnu-', 'powerpc-linux-gnu-'], defconfig => 'ppc64le_defconfig',
		pkg => 'crossbuild-essential-ppc64el' },
	mips => { cross => ['mips-linux-gnu-', 'mipsel-linux-gnu-'], defconfig => 'defconfig', pkg => 'crossbuild-essential-mipsel' },
	s390 => { cross => ['s390x-linux-gnu-'], defconfig => 'defconfig', pkg => 'crossbuild-essential-s390x' },
);
# Kconfig's architecture symbols.
my %GATE = (X86_64 => 'x86', '64BIT' => 'x86', X86 => 'x86', X86_32 => 'x86', ARM => 'arm', ARM64 => 'arm64',
	RISCV => 'riscv', S390 => 's390', LOONGARCH => 'loongarch', PPC => 'powerpc', MIPS => 'mips', SPARC => 'sparc');

# new(tree => DIR, out => DIR, jobs => N, say => sub, progress_every => S)
sub new($class, %a) {
	require POSIX;
	require Cwd;
	my $self = bless { progress_every => 30, %a }, $class;
	make_path($a{out});
	$self->{out} = Cwd::abs_path($a{out});
	$self->{src} = "$self->{out}/build-src";
	$self->{say} //= sub (@) {};
	return $self;
}

# Stops (exit 2, naming it) when OUT holds a build-src/ or build-ARCH/
# (or the arm-src/, arm-obj/ of earlier versions) that the tool did not
# make.
sub check_out($out) {
	my %signs = ('arm-obj' => ['.lifo-stamp'], 'arm-src' => ['../arm-obj/.lifo-stamp'],
		'build-src' => ['../build-src.stamp']);
	if (opendir my $d, $out) {
		$signs{$_} //= ['.lifo-defconfig'] for grep { /^build-[\w-]+\z/ && !/\.log\z/ && -d "$out/$_" } readdir $d;
	}
	LifoCommon::check_own($out, %signs);
}

sub impact($self) {
	require LifoImpact;
	return $self->{impact} //= LifoImpact->new($self->{tree});
}

# The architecture a file is built for, and why.
sub arch_for($self, $file) {
	return ($1, "in arch/$1") if $file =~ m{^arch/([^/]+)/};
	if (my $g = $self->impact->arch_gate($file)) {
		my ($sym, $via, $platform) = @$g;
		my $a = $platform // $GATE{$sym};
		return ($a, "$via depends on $sym" . ($platform ? " (defined in " . ($self->impact->platform_note($sym) =~ s/[:;].*//r) . ")" : '')) if $a;
	}
	return ('arm', 'generic code: 32-bit ARM with HIGHMEM, where the order matters');
}

# The cross compiler prefix found for an architecture, or undef.
sub compiler($self, $arch) {
	return $self->{cc}{$arch} if exists $self->{cc}{$arch};
	my $a = $ARCH{$arch} // { cross => ["$arch-linux-gnu-"] };
	for my $c (@{$a->{cross}}) {
		my ($st) = capture(undef, 'sh', '-c', 'command -v "$1" >/dev/null', 'sh', "${c}gcc");
		return $self->{cc}{$arch} = $c if !$st;
	}
	return $self->{cc}{$arch} = undef;
}

# Why a file is not built, when that is known without building, or undef.
sub not_built_reason($self, $file) {
	return "$file is not a C file (a header is built through the files that include it)" unless $file =~ /\.c$/;
	my ($arch, $why) = $self->arch_for($file);
	if (!defined $self->compiler($arch)) {
		my $a = $ARCH{$arch} // { cross => ["$arch-linux-gnu-"] };
		return "it is built for $arch ($why), and no $arch compiler is installed (" . join(' or ', map { "${_}gcc" } @{$a->{cross}}) . ')'
			. ($a->{pkg} ? "; Debian: apt-get install $a->{pkg}" : '; Debian 12 packages none');
	}
	my ($st) = capture(undef, 'sh', '-c', 'command -v sparse >/dev/null');
	return "sparse is not installed (make deps), and the check compares its warnings" if $st;
	return undef;
}

# What building $file takes: { arch, why, cross, defconfig, syms } (the
# CONFIG symbols, without CONFIG_, that make Kbuild compile it).
sub plan($self, $file) {
	my ($arch, $why) = $self->arch_for($file);
	my $a = $ARCH{$arch} // {};
	my $def = $a->{defconfig} // 'defconfig';
	$def = 'defconfig' unless $def eq 'defconfig' || -f "$self->{tree}/arch/$arch/configs/$def";
	my %s;
	my @syms = grep { !$s{$_}++ } $self->impact->_build_syms($file);
	return { arch => $arch, why => $why, cross => $self->compiler($arch), defconfig => $def,
		syms => \@syms, extra => $a->{extra} // [] };
}

sub _kbuild($self, $p) {
	return $self->{kb}{$p->{arch}} //= KernelBuild->new(src => $self->{src}, obj => "$self->{out}/build-$p->{arch}",
		arch => $p->{arch}, cross => $p->{cross}, fragments => [], jobs => $self->{jobs},
		log => "$self->{out}/build-$p->{arch}.log");
}

# The hard-linked copy of the tree, made once (a stamp names the tree).
sub _source($self) {
	return $self->{source_err} if exists $self->{source_err};
	my $stamp = "$self->{out}/build-src.stamp";
	# The whole ARM kernel earlier versions built (OUT/arm-obj, with its
	# stamp, and its source copy): not used any more.
	if (-f "$self->{out}/arm-obj/.lifo-stamp") {
		$self->{say}->("make-fixes: removing $self->{out}/arm-obj and arm-src, the ARM build of an earlier make fixes\n");
		remove_tree("$self->{out}/arm-obj", "$self->{out}/arm-src");
		unlink "$self->{out}/arm-build.log", "$self->{out}/arm-sparse.log";
	}
	if (!(-d $self->{src} && (read_bytes($stamp) // '') eq $self->{tree})) {
		unlink $stamp;
		remove_tree($self->{src});
		# Hard links when OUT is on the tree's file system, else symlinks.
		my ($st, $o, $e) = capture(undef, 'cp', '-al', $self->{tree}, $self->{src});
		if ($st) {
			remove_tree($self->{src});
			($st, $o, $e) = capture(undef, 'cp', '-as', $self->{tree}, $self->{src});
		}
		return $self->{source_err} = "cp -al/-as $self->{tree}: $e" if $st;
		LifoCommon::mark_own($self->{src});
		open my $fh, '>', $stamp or return $self->{source_err} = "$stamp: $!";
		print $fh $self->{tree};
		close $fh;
	}
	return $self->{source_err} = undef;
}

sub _config($obj) {
	my %c;
	for (split /\n/, read_bytes("$obj/.config") // '') { $c{$1} = $2 if /^CONFIG_(\w+)=(.*)$/ }
	return \%c;
}

# Configures the architecture's O= folder for a plan: its defconfig
# (once), then the plan's symbols and their dependencies.  Returns undef
# when every symbol is kept, else why not; $p->{lost} lists the extra
# options kconfig did not keep.
sub configure($self, $p) {
	my $kb = $self->_kbuild($p);
	my $obj = $kb->{obj};
	my $log = $kb->{log};
	my $stamp = "$obj/.lifo-defconfig";
	my $want = "$self->{tree} $p->{defconfig} $p->{cross}";
	if ((read_bytes($stamp) // '') ne $want || !-f "$obj/.config") {
		remove_tree($obj);
		make_path($obj);
		LifoCommon::mark_own($obj);
		unlink $log;
		eval { $kb->make($log, $p->{defconfig}); 1 } or return "make $p->{defconfig} failed: " . ($@ =~ s/\n\z//r);
		open my $fh, '>', $stamp or return "$stamp: $!";
		print $fh $want;
		close $fh;
	}
	require LifoKconfig;
	my $k = $self->{kconfig}{$p->{arch}} //= LifoKconfig->new(tree => $self->{tree}, srcarch => $p->{arch});
	my @need = (@{$p->{syms}}, @{$p->{extra}});
	my %cannot;
	for my $round (1 .. 6) {
		my $set = _config($obj);
		my (%en, %seen);
		my @todo = @need;
		while (defined(my $s = shift @todo)) {
			next if $seen{$s}++;
			my $sy = $k->symbol($s);
			if (!$sy) { $cannot{$s} = "CONFIG_$s is not a symbol of $p->{arch}'s Kconfig"; next }
			for my $d (@{$sy->{deps}}) {
				my ($w, $c) = $k->wants($d, $set);
				push @todo, @$w;
				$cannot{$s} = "CONFIG_$s depends on $c->[0] ($sy->{at})" if @$c;
			}
			$en{$s} = 1 if ($set->{$s} // 'n') eq 'n' && $sy->{prompt};
		}
		last unless %en;
		my ($st, $o, $e) = capture($self->{src}, 'bash', 'scripts/config', '--file', "$obj/.config",
			map { ('--enable', $_) } sort keys %en);
		return "scripts/config failed: $o$e" if $st;
		eval { $kb->make($log, 'olddefconfig'); 1 } or return "make olddefconfig failed: " . ($@ =~ s/\n\z//r);
		my $now = _config($obj);
		# Nothing more comes of another round when nothing changed.
		last unless grep { ($now->{$_} // 'n') ne ($set->{$_} // 'n') } keys %en;
	}
	my $set = _config($obj);
	my @missing = grep { ($set->{$_} // 'n') eq 'n' } @{$p->{syms}};
	$p->{lost} = [grep { ($set->{$_} // 'n') eq 'n' } @{$p->{extra}}];
	$p->{set} = { map { $_ => $set->{$_} } @{$p->{syms}} };
	return undef unless @missing;
	return join '; ', map { "CONFIG_$_ stays unset on $p->{arch} $p->{defconfig}" . ($cannot{$_} ? ": $cannot{$_}" : '') } @missing;
}

# Runs $code, printing through $say every $every seconds how long it has
# run and the last line of $log (the build's progress); returns what
# $code returns.
sub with_progress($say, $every, $log, $code, $what = 'build') {
	my $t0 = time;
	local $SIG{ALRM} = sub {
		my $last = '';
		if (open my $fh, '<', $log) { while (<$fh>) { $last = $_ if /\S/ } }
		chomp $last;
		$last =~ s/^\s+//;
		my $s = time - $t0;
		$say->(sprintf "make-fixes: %s: %d:%02d elapsed%s\n", $what, int($s / 60), $s % 60,
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
sub _sparse($self, $p, $obj) {
	my $log = "$self->{out}/build-$p->{arch}-object.log";
	my @w = eval { $self->_kbuild($p)->sparse_warnings($obj, $log) };
	return ($@ ? 1 : 0, \@w, $@ . (read_bytes($log) // ''));
}

# Check one patch; returns a list of ("ok"|"skip"|"FAIL", message).
sub check_patch($self, $patch, @files) {
	require Cwd;
	$patch = Cwd::abs_path($patch);
	my $say = $self->{say};
	my @r;
	for my $f (@files) {
		if (my $why = $self->not_built_reason($f)) { push @r, ['skip', "$f: not built: $why"]; next }
		if (my $err = $self->_source) { push @r, ['skip', "$f: not built: $err"]; next }
		my $p = $self->plan($f);
		(my $obj = $f) =~ s/\.c$/.o/;
		my $cfg = "$p->{arch} $p->{defconfig}" . join('', map { " +CONFIG_$_" } @{$p->{syms}});
		my $kb = $self->_kbuild($p);
		my $first = !-f "$kb->{obj}/include/generated/asm-offsets.h";
		$say->("make-fixes: building $obj for $p->{arch} ($p->{why}): $cfg, $p->{cross}gcc, C=2"
			. ($first ? "; the first object of $p->{arch} prepares the build (minutes)" : '') . "; log: $self->{out}/build-$p->{arch}-object.log\n");
		my $err = with_progress($say, $self->{progress_every}, $kb->{log}, sub { $self->configure($p) }, "configuring $p->{arch}");
		if ($err) { push @r, ['skip', "$f: not built: $err"]; next }
		my $built = join(', ', map { "CONFIG_$_=$p->{set}{$_}" } @{$p->{syms}}) || 'no symbol needed';
		my $lost = @{$p->{lost}} ? ' (' . join(' ', map { "CONFIG_$_" } @{$p->{lost}}) . ' not kept)' : '';
		my ($st, $before, $log) = with_progress($say, $self->{progress_every}, "$self->{out}/build-$p->{arch}-object.log",
			sub { $self->_sparse($p, $obj) }, "building $obj");
		if ($st) { push @r, ['FAIL', "$f: does not build on $p->{arch} $p->{defconfig} before the patch: " . substr($log, -800)]; next }
		# Patch real copies (never the hard-linked originals) of the files
		# the patch touches, and put the tree's back afterwards.
		my @real = grep { -f "$self->{tree}/$_" } @files;
		for my $t (@real) { my $pf = "$self->{src}/$t"; unlink $pf; eval { LifoCommon::copy_regular("$self->{tree}/$t", $pf); 1 } or return @r, ['FAIL', "$t: copy: $@"] }
		my $restore = sub { for my $t (@real) { my $pf = "$self->{src}/$t"; unlink $pf; link("$self->{tree}/$t", $pf) or eval { LifoCommon::copy_regular("$self->{tree}/$t", $pf) } } };
		my ($pst, $po, $pe) = capture($self->{src}, 'patch', '-p1', '-s', '--no-backup-if-mismatch', '-i', $patch);
		if ($pst) { $restore->(); push @r, ['FAIL', "$f: patch -p1 failed: $po$pe"]; next }
		my ($ast, $after, $alog) = $self->_sparse($p, $obj);
		$restore->();
		if ($ast) { push @r, ['FAIL', "$f: does not build on $p->{arch} $p->{defconfig}: " . substr($alog, -800)]; next }
		my %old = map { $_ => 1 } @$before;
		my @new = grep { !$old{$_} } @$after;
		push @r, @new ? ['FAIL', "$f: new sparse warnings: @new"]
			: ['ok', "$f: builds for $p->{arch} ($p->{defconfig}, $built$lost, $p->{cross}gcc), sparse (C=2): no new warning"];
	}
	return @r;
}

1;
