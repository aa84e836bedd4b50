# SPDX-License-Identifier: GPL-2.0
# Does a LIFO finding matter at run time?  Decided from the tree's Kconfig.
#
# kmap_local_*()/kmap_atomic() use the per-CPU kmap_local stack only with
# CONFIG_HIGHMEM (or the x86 debug option that forces mappings,
# ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP); elsewhere they are page_address().
# pte_offset_map() and friends use the stack only with CONFIG_HIGHPTE.
# A pair that involves a PTE mapping therefore matters only where HIGHPTE
# exists; the other pairs where HIGHMEM or force-map exists.
package LifoImpact;
use v5.36;
use LifoFinding qw(is_pte_map);
use LifoCommon qw(open_regular);

# $kconfig: the tree's Kconfig files, when the caller has listed them
# (LifoTree::tree_files), else they are looked for when needed.
sub new($class, $tree, $kconfig = undef) {
	my $self = bless { tree => $tree, arch => {}, kconfig_files => $kconfig, errors => {} }, $class;
	return $self;
}

# Opens a Kconfig file or Makefile of the tree; undef when it cannot be
# read (kept for errors()).  Never blocks: see LifoCommon::open_regular.
sub _open($self, $rel) {
	my $fh = open_regular("$self->{tree}/$rel", \my $why);
	$self->{errors}{LifoCommon::read_error($rel, $why)} = 1 unless $fh;
	return $fh;
}

# The files that classify() could not read (the impacts it gave may be
# wrong), as errors.
sub errors($self) { return sort keys %{$self->{errors}} }

# The Kconfig files of the tree, tree-relative and sorted.
sub _kconfig_files($self) {
	$self->{kconfig_files} //= do {
		require LifoTree;
		my @k;
		LifoTree::tree_files($self->{tree}, kconfig => \@k);
		\@k;
	};
	return sort @{$self->{kconfig_files}};
}

# Facts about arch/$arch: { highmem => "file:line", forcemap => ...,
# highpte => ..., sym => { name => { at => "file:line", dep => [depends
# on], def => [def_bool], defaults => [[value, condition]], prompt =>
# 0|1 } }, select => { symbol => "file:line" } (what some symbol of the
# arch selects) }, from one reading of its Kconfig files.
sub arch_facts($self, $arch) {
	return $self->{arch}{$arch} if $self->{arch}{$arch};
	my %f = (exists => -d "$self->{tree}/arch/$arch" ? 1 : 0, sym => {}, select => {});
	my @files = $f{exists} ? grep { m{^arch/\Q$arch\E/} } $self->_kconfig_files : ();
	for my $rel (@files) {
		my $fh = $self->_open($rel) or next;
		my $cur;
		while (my $l = <$fh>) {
			my $where = "$rel:$.";
			if ($l =~ /^\s*(?:menu)?config\s+HIGHMEM\s*$/ || $l =~ /^\s*select\s+HIGHMEM\b/) {
				$f{highmem} //= $where;
			}
			if ($l =~ /^\s*select\s+ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP\b/) {
				$f{forcemap} //= $where;
			}
			if ($l =~ /^\s*(?:menu)?config\s+HIGHPTE\s*$/ || $l =~ /^\s*select\s+HIGHPTE\b/) {
				$f{highpte} //= $where;
			}
			# The symbols, for highmem_32bit_only().
			# (A symbol defined again: its other definitions in "more".)
			if ($l =~ /^\s*(?:menu)?config\s+(\w+)/) {
				$cur = { at => $where, dep => [], def => [], defaults => [] };
				if ($f{sym}{$1}) { push @{$f{sym}{$1}{more}}, $cur } else { $f{sym}{$1} = $cur }
				next;
			}
			if ($l =~ /^\s*(?:menu|choice|endmenu|endchoice|if|endif|source|comment)\b/) { $cur = undef; next }
			next unless $cur;
			$l =~ s/\s+#.*//;
			if ($l =~ /^\s*depends\s+on\s+(.*?)\s*$/) { push @{$cur->{dep}}, $1 }
			elsif ($l =~ /^\s*def_bool\s+(.*?)\s*$/) { push @{$cur->{def}}, $1 =~ s/\s+if\s+.*//r }
			elsif ($l =~ /^\s*default\s+(\S+)(?:\s+if\s+(.*?))?\s*$/) { push @{$cur->{defaults}}, [$1, $2] }
			elsif ($l =~ /^\s*select\s+(\w+)/) { $f{select}{$1} //= $where }
			$cur->{prompt} = 1 if $l =~ /^\s*(?:bool|tristate|prompt)\s+"/;
		}
	}
	return $self->{arch}{$arch} = \%f;
}

# The plain symbols and negated ones ("!S") among the top-level "&&"
# terms of expression $e.
# None when a "||" stands at the top level ("A && B || C" needs
# neither A nor B).
sub _terms($e) {
	my ($depth, $cur, @t) = (0, '');
	for my $c (split //, $e // '') {
		$depth += $c eq '(' ? 1 : $c eq ')' ? -1 : 0;
		$cur .= $c;
		return () if $depth == 0 && $cur =~ /\|\|\z/;
		push @t, $cur and $cur = '' if $depth == 0 && $cur =~ s/\s*&&\z//;
	}
	return grep { /^!?\w+\z/ } map { s/^\s+|\s+\z//gr } @t, $cur;
}

# The terms symbol $sym of arch/$arch needs to be set: those of its
# "depends on" and "def_bool" lines, and for one without a prompt or
# def_bool, those every default that sets it shares ("default y if
# !PPC64").  A symbol defined twice is set where either definition sets
# it: it needs the terms both need.
sub _sym_needs($self, $arch, $sym) {
	my $s = $self->arch_facts($arch)->{sym}{$sym} or return ();
	my @each = map { [_def_needs($_)] } $s, @{$s->{more} // []};
	return _common(@each);
}

# The terms one definition of a symbol needs (_sym_needs()).
sub _def_needs($s) {
	my @n = map { _terms($_) } @{$s->{dep}}, grep { $_ ne 'y' } @{$s->{def}};
	return @n if $s->{prompt} || @{$s->{def}};
	my @on = grep { $_->[0] ne 'n' } @{$s->{defaults}};
	my %all;
	for my $d (@on) {
		return @n unless defined $d->[1];
		$all{$_}++ for _terms($d->[1]);
	}
	return @n, grep { @on && $all{$_} == @on } sort keys %all;
}

# The words that each list of @lists holds, in the order of the first.
sub _common(@lists) {
	my %n;
	for my $l (@lists) {
		my %once = map { $_ => 1 } @$l;
		$n{$_}++ for keys %once;
	}
	my %seen;
	return grep { $n{$_} == @lists && !$seen{$_}++ } @{$lists[0] // []};
}

# Whether $sym of arch/$arch holds only on 64-bit kernels: 64BIT, a
# symbol that needs one that does (SPARC64: def_bool 64BIT; X86_64:
# depends on 64BIT), or one that 64BIT defaults to (PPC64: "default y
# if PPC64" under 64BIT).
sub _only64($self, $arch, $sym, $depth = 0) {
	return 1 if $self->_is64bit($arch, $sym);
	return 0 if $depth > 3;
	return (grep { /^\w+\z/ && $self->_only64($arch, $_, $depth + 1) } $self->_sym_needs($arch, $sym)) ? 1 : 0;
}

# Whether $sym of arch/$arch holds only on 32-bit kernels: 32BIT, or a
# symbol that needs "!S" of an S set on every 64-bit kernel (X86_32:
# depends on !64BIT; SPARC32: def_bool !64BIT; PPC32: default y if
# !PPC64), or one such.
sub _only32($self, $arch, $sym, $depth = 0) {
	return 1 if $sym eq '32BIT';
	return 0 if $depth > 3;
	for my $n ($self->_sym_needs($arch, $sym)) {
		return 1 if $n =~ /^!(\w+)\z/ ? $self->_is64bit($arch, $1) : $self->_only32($arch, $n, $depth + 1);
	}
	return 0;
}

# Whether $sym of arch/$arch is set exactly on 64-bit kernels: 64BIT,
# "def_bool 64BIT" (SPARC64), or the symbol 64BIT is "def_bool" of or
# defaults to ("default y if PPC64").  (Only then does "!S" mean a
# 32-bit kernel: a 64-bit kernel without some other S satisfies it.)
sub _is64bit($self, $arch, $sym) {
	return 1 if $sym eq '64BIT';
	my $k = $self->arch_facts($arch)->{sym};
	# (Defined twice: "def_bool 64BIT" in each.)
	my $s = $k->{$sym};
	return 1 if $s && !grep { !grep { $_ eq '64BIT' } @{$_->{def}} } $s, @{$s->{more} // []};
	my $b = $k->{'64BIT'} or return 0;
	return (grep { $_ eq $sym } @{$b->{def}}) || (grep { ($_->[1] // '') eq $sym } @{$b->{defaults}}) ? 1 : 0;
}

# Where arch/$arch's HIGHMEM is defined ("file:line") when it holds on
# 32-bit kernels only (x86: depends on X86_32; sparc: default y if
# SPARC32; powerpc: depends on PPC32), else undef.  Not when a symbol of
# the arch selects HIGHMEM.
sub highmem_32bit_only($self, $arch) {
	my $a = $self->arch_facts($arch);
	my $h = $a->{sym}{HIGHMEM} or return undef;
	return undef if $a->{select}{HIGHMEM};
	return $self->_only32($arch, 'HIGHMEM') ? $h->{at} : undef;
}

# Kconfig index: symbol => [depends-on expressions].
sub _kconfig($self) {
	return $self->{kconfig} if $self->{kconfig};
	my %dep;
	for my $rel (grep { !m{(?:^|/)(?:Documentation|tools|arch)/} } $self->_kconfig_files) {
		my $fh = $self->_open($rel) or next;
		my $cur;
		while (my $l = <$fh>) {
			if ($l =~ /^\s*(?:menu)?config\s+(\w+)/) { push @{$dep{$1}}, $cur = []; next }
			if ($l =~ /^\s*(?:menu|choice|endmenu|if|endif|source|comment)\b/) { $cur = undef; next }
			push @$cur, $1 if $cur && $l =~ /^\s*depends\s+on\s+(.*?)\s*$/;
		}
	}
	# A symbol defined twice is set where either definition sets it: it
	# depends on what both depend on.
	return $self->{kconfig} = { map { $_ => [_common(@{$dep{$_}})] } keys %dep };
}

# CONFIG symbols that make Kbuild compile $file (from the Makefiles of
# its folder and the folders above).
sub _build_syms($self, $file) {
	my @syms;
	my @parts = split m{/}, $file;
	my $obj = pop(@parts) =~ s/\.c$/.o/r;
	while (@parts) {
		my $dir = join '/', @parts;
		my ($mk) = grep { -f "$self->{tree}/$_" } map { "$dir/$_" } qw(Kbuild Makefile);
		last unless $mk;
		my $fh = $self->_open($mk) or last;
		my $text = do { local $/; <$fh> };
		$text =~ s/\\\n/ /g;
		my @want = ($obj);
		my %seen;
		while (defined(my $w = shift @want)) {
			next if $seen{$w}++ || keys %seen > 8;
			for my $line (split /\n/, $text) {
				next unless $line =~ /^\s*([\w\$\(\)-]+)\s*[:+]?=.*(?<![\w\/-])\Q$w\E(?![\w-])/;
				my $lhs = $1;
				if ($lhs =~ /^(?:obj|lib|core|drivers)-\$\(CONFIG_(\w+)\)$/) { push @syms, $1 }
				elsif ($lhs =~ /^([\w-]+)-(?:y|objs|\$\(CONFIG_(\w+)\))$/ && $1 ne 'obj') {
					push @syms, $2 if $2;
					push @want, "$1.o";
				}
			}
		}
		$obj = pop(@parts) . '/';
	}
	return @syms;
}

# The symbols that only one architecture's Kconfig defines (a platform:
# ARCH_OMAP2PLUS in arch/arm/mach-omap2/Kconfig): symbol => [arch,
# "file:line"].  Also a platform several define, each in its platform
# files (ARCH_SUNXI: arch/arm/mach-sunxi/Kconfig,
# arch/arm64/Kconfig.platforms, arch/riscv/Kconfig.socs): an ARCH_
# symbol none defines in its arch/ARCH/Kconfig (MMU, HIGHMEM are
# defined there, and hold on many architectures).  Of those the arch is
# the first whose mappings can use the kmap_local stack (HIGHMEM or
# force-map), or the first; the third element lists them all.
sub _arch_only($self) {
	return $self->{arch_only} if $self->{arch_only};
	my (%in, %at, %main);
	for my $rel (grep { !m{(?:^|/)(?:Documentation|tools)/} } $self->_kconfig_files) {
		my $arch = $rel =~ m{^arch/([^/]+)/} ? $1 : '';
		my $fh = $self->_open($rel) or next;
		while (my $l = <$fh>) {
			next unless $l =~ /^\s*(?:menu)?config\s+(\w+)/;
			my $sym = $1;
			$in{$sym}{$arch} = 1;
			$at{$sym}{$arch} //= "$rel:$.";
			$main{$sym} = 1 if $rel =~ m{^arch/[^/]+/Kconfig\z};
		}
	}
	my %only;
	for my $sym (keys %in) {
		my @a = sort keys %{$in{$sym}};
		next if grep { $_ eq '' } @a;
		if (@a == 1) {
			$only{$sym} = [$a[0], $at{$sym}{$a[0]}];
		} elsif ($sym =~ /^ARCH_/ && !$main{$sym}) {
			my ($a) = grep { my $f = $self->arch_facts($_); $f->{highmem} || $f->{forcemap} } @a;
			$a //= $a[0];
			$only{$sym} = [$a, $at{$sym}{$a}, [@a]];
		}
	}
	return $self->{arch_only} = \%only;
}

# Where $sym, a platform symbol, is defined, for a reason: "arch/arm
# only: FILE:LINE", or "arch/arm, arch/arm64 and arch/riscv only;
# arch/arm: FILE:LINE".
sub platform_note($self, $sym) {
	my $o = $self->_arch_only->{$sym} or return '';
	return "arch/$o->[0] only: $o->[1]" unless $o->[2];
	return _list(map { "arch/$_" } @{$o->[2]}) . " only; arch/$o->[0]: $o->[1]";
}

# [SYMBOL, "CONFIG_X", arch] when the Kconfig of the code that builds
# $file depends (plainly, through up to four levels) on an architecture
# symbol, or on a symbol only one architecture defines (all the
# alternatives of an "A || B" on one architecture count as one).
sub arch_gate($self, $file) {
	return undef if $file =~ m{^arch/};
	my $k = $self->_kconfig;
	my $only = $self->_arch_only;
	my %gate = map { $_ => 1 } qw(X86_64 64BIT ARM64 X86 ARM RISCV S390 LOONGARCH PPC MIPS SPARC);
	for my $sym ($self->_build_syms($file)) {
		my @todo = ([$sym, 0]);
		my %seen;
		while (my $t = shift @todo) {
			my ($s, $d) = @$t;
			next if $seen{$s}++ || $d > 4;
			for my $expr (@{$k->{$s} // []}) {
				if ($expr =~ /\|\|/) {
					my @alt = map { s/^\(|\)$//gr } split /\s*\|\|\s*/, $expr;
					my %a = map { /^(\w+)$/ && $only->{$1} ? ($only->{$1}[0] => 1) : ('' => 1) } @alt;
					return [$alt[0], "CONFIG_$sym", (keys %a)[0]] if keys %a == 1 && !$a{''};
					next;
				}
				for my $c (split /\s*&&\s*/, $expr) {
					$c =~ s/^\(|\)$//g;
					next unless $c =~ /^(\w+)$/;
					return [$c, "CONFIG_$sym"] if $gate{$c};
					return [$c, "CONFIG_$sym", $only->{$c}[0]] if $only->{$c};
					push @todo, [$c, $d + 1];
				}
			}
		}
	}
	return undef;
}

sub all_arches($self) {
	opendir my $d, "$self->{tree}/arch" or return ();
	return sort grep { !/^\./ && -d "$self->{tree}/arch/$_" } readdir $d;
}

# Architectures (sorted) whose Kconfig has the given fact.
sub arches_with($self, @facts) {
	my @r;
	for my $a ($self->all_arches) {
		my $f = $self->arch_facts($a);
		push @r, $a if grep { $f->{$_} } @facts;
	}
	return @r;
}

sub _list(@a) {
	return 'none' unless @a;
	return $a[0] if @a == 1;
	return join(', ', @a[0 .. $#a - 1]) . " and $a[-1]";
}

# Returns (impact, reason, affected) where impact is "fix" or "cleanup",
# reason a sentence fragment and affected the configurations concerned.
sub classify($self, $f) {
	my $pte = is_pte_map($f->{first}{map}) || is_pte_map($f->{second}{map});
	my @pte_maps = grep { is_pte_map($_) } $f->{first}{map}, $f->{second}{map};
	my $ptefn = $pte_maps[0] // '';
	if ($f->{file} =~ m{^arch/([^/]+)/}) {
		my $arch = $1;
		my $af = $self->arch_facts($arch);
		if ($pte) {
			return ('fix', "arch/$arch has HIGHPTE ($af->{highpte}), so $ptefn() maps PTE pages through the kmap_local stack",
				"CONFIG_HIGHPTE=y on $arch") if $af->{highpte};
			return ('cleanup', "arch/$arch has no HIGHPTE, so $ptefn() does not use the kmap_local stack and the order changes nothing at run time", '');
		}
		if ($af->{highmem} || $af->{forcemap}) {
			my @why;
			push @why, "can select HIGHMEM ($af->{highmem})" if $af->{highmem};
			push @why, "selects ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP ($af->{forcemap})" if $af->{forcemap};
			my @cfg;
			push @cfg, "CONFIG_HIGHMEM=y" if $af->{highmem};
			push @cfg, "CONFIG_DEBUG_KMAP_LOCAL_FORCE_MAP=y" if $af->{forcemap};
			return ('fix', "arch/$arch " . join(' and ', @why) . ", so the mappings use the kmap_local stack",
				join(' or ', @cfg) . " on $arch");
		}
		return ('cleanup', "arch/$arch has neither HIGHMEM nor ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP, so $f->{first}{map}() is page_address() there and the order changes nothing at run time", '');
	}
	# Generic code that its Kconfig limits to some architectures.
	if (my $gate = $self->arch_gate($f->{file})) {
		my ($sym, $via, $platform) = @$gate;
		if ($sym eq 'X86_64' || $sym eq '64BIT') {
			my $fm = $self->arch_facts('x86')->{forcemap};
			return ('cleanup', "$via depends on $sym, so there is no HIGHMEM and no force-map: the order changes nothing at run time", '')
				if $pte || !$fm;
			return ('fix', "$via depends on $sym: no HIGHMEM there, but x86 selects ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP ($fm), so CONFIG_DEBUG_KMAP_LOCAL_FORCE_MAP puts the mappings on the kmap_local stack",
				'CONFIG_DEBUG_KMAP_LOCAL_FORCE_MAP=y (x86-64)');
		}
		my %arch = (ARM64 => 'arm64', X86 => 'x86', ARM => 'arm', RISCV => 'riscv', S390 => 's390',
			LOONGARCH => 'loongarch', PPC => 'powerpc', MIPS => 'mips', SPARC => 'sparc');
		if (my $a = $platform // $arch{$sym}) {
			# (A 64-bit symbol of an arch whose HIGHMEM is 32-bit only:
			# sparc's SPARC64, as X86_64 above.)
			if (!$pte && $self->_only64($a, $sym) && (my $hm = $self->highmem_32bit_only($a))) {
				my $s = $self->arch_facts($a)->{sym}{$sym};
				my $fm = $self->arch_facts($a)->{forcemap};
				my $why = "$via depends on $sym, which holds on 64-bit kernels only (" . ($s ? $s->{at} : "arch/$a") . "), and arch/$a has HIGHMEM on 32-bit kernels only ($hm)";
				return ('cleanup', "$why: the order changes nothing at run time", '') unless $fm;
				return ('fix', "$why, but selects ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP ($fm), so CONFIG_DEBUG_KMAP_LOCAL_FORCE_MAP puts the mappings on the kmap_local stack",
					"CONFIG_DEBUG_KMAP_LOCAL_FORCE_MAP=y ($a, 64-bit)");
			}
			my %g = %$f;
			$g{file} = "arch/$a/(via $f->{file})";
			my @r = $self->classify(\%g);
			my $def = $platform ? " (defined in " . $self->platform_note($sym) . ")" : '';
			$r[1] = "$via depends on $sym$def; " . $r[1];
			return @r;
		}
	}
	if ($pte) {
		my @a = $self->arches_with('highpte');
		return ('cleanup', "no architecture of this tree has HIGHPTE, so $ptefn() never uses the kmap_local stack", '') unless @a;
		return ('fix', "generic code; $ptefn() maps PTE pages through the kmap_local stack with CONFIG_HIGHPTE (" . _list(@a) . ")",
			"CONFIG_HIGHPTE=y (" . _list(@a) . ")");
	}
	my @hm = $self->arches_with('highmem');
	my @fm = $self->arches_with('forcemap');
	return ('cleanup', "no architecture of this tree has HIGHMEM or ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP", '') unless @hm || @fm;
	my @cfg;
	push @cfg, "CONFIG_HIGHMEM=y (" . _list(@hm) . ")" if @hm;
	push @cfg, "CONFIG_DEBUG_KMAP_LOCAL_FORCE_MAP=y (" . _list(@fm) . ")" if @fm;
	return ('fix', "generic code, reached by kernels with " . join(' or ', @cfg), join(' or ', @cfg));
}

1;
