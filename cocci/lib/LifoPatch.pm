# SPDX-License-Identifier: GPL-2.0
# Turn LIFO findings into git format-patch style patches.
package LifoPatch;
use v5.36;
use Exporter 'import';
use LifoFinding qw(is_pte_map changelog_mapped changelog_release);
use LifoCommon ();
use ProcRun ();
our @EXPORT_OK = qw(subject_prefix subject changelog wrap split_hunks
	get_maintainers fixes_tag is_git_tree capture rule_in_tree api_name);

# Where kernel-patches/coccinelle/ puts the project's rules in a kernel
# tree (cocci/bin/kernel-rule.pl): changelogs name that path.
our $KERNEL_RULE_DIR = 'scripts/coccinelle/api';
sub rule_in_tree($rule) { return $rule =~ m{/} ? $rule : "$KERNEL_RULE_DIR/$rule" }

# Run a command (list form) and return (status, stdout, stderr), with
# scripts/lib/ProcRun.pm: an hour at most (then status 124, as
# timeout(1) says), ended with its process group when the driver is
# interrupted.
sub capture($dir, @cmd) {
	my $r = ProcRun::run(\@cmd, dir => $dir, timeout => 3600);
	return (124, $r->{stdout}, "$r->{stderr}$cmd[0]: killed after 3600 s\n") if $r->{timed_out};
	return ($r->{status}, $r->{stdout}, $r->{stderr});
}

sub is_git_tree($tree) {
	return 0 unless -e "$tree/.git";
	my ($st, $top) = capture($tree, 'git', 'rev-parse', '--show-toplevel');
	chomp $top;
	require Cwd;
	return $st == 0 && Cwd::abs_path($top) eq Cwd::abs_path($tree) ? 1 : 0;
}

# The kernel's usual prefixes by path; longest match wins.
my @PREFIX = (
	['arch/loongarch/', 'LoongArch:'], ['arch/arm/', 'ARM:'], ['arch/arm64/', 'arm64:'],
	['arch/x86/mm/', 'x86/mm:'], ['arch/x86/', 'x86:'], ['arch/powerpc/', 'powerpc:'],
	['arch/mips/', 'MIPS:'], ['arch/sparc/', 'sparc:'], ['arch/xtensa/', 'xtensa:'],
	['arch/csky/', 'csky:'], ['arch/arc/', 'ARC:'], ['arch/microblaze/', 'microblaze:'],
	['arch/riscv/', 'riscv:'], ['arch/s390/', 's390:'], ['arch/parisc/', 'parisc:'],
	['arch/sh/', 'sh:'], ['arch/um/', 'um:'], ['arch/m68k/', 'm68k:'],
	['arch/openrisc/', 'openrisc:'], ['arch/alpha/', 'alpha:'], ['arch/nios2/', 'nios2:'],
	['arch/hexagon/', 'hexagon:'],
	['drivers/gpu/drm/i915/', 'drm/i915:'], ['drivers/gpu/drm/', 'drm:'],
	['drivers/crypto/intel/iaa/', 'crypto: iaa -'], ['drivers/md/', 'md:'], ['drivers/block/zram/', 'zram:'], ['drivers/scsi/', 'scsi:'],
	['drivers/net/', 'net:'], ['drivers/crypto/', 'crypto:'], ['crypto/', 'crypto:'],
	['fs/btrfs/', 'btrfs:'], ['fs/ext4/', 'ext4:'], ['fs/f2fs/', 'f2fs:'],
	['fs/erofs/', 'erofs:'], ['fs/nfs/', 'NFS:'], ['fs/smb/', 'smb:'],
	['fs/ntfs3/', 'fs/ntfs3:'], ['fs/squashfs/', 'squashfs:'], ['fs/fuse/', 'fuse:'],
	['lib/', 'lib:'], ['kernel/', 'kernel:'], ['net/', 'net:'], ['block/', 'block:'],
	['include/linux/highmem', 'highmem:'], ['include/linux/', 'include/linux:'],
);

# Subject prefix: from git log of the file when the tree is a git tree,
# else from the path.
sub subject_prefix($tree, $file) {
	if (is_git_tree($tree)) {
		my ($st, $log) = capture($tree, 'git', 'log', '--no-merges', '-n', '30', '--format=%s', '--', $file);
		if ($st == 0) {
			my %n;
			for (split /\n/, $log) {
				next if /^(?:Revert|Merge)\b/;
				# "crypto: omap-crypto - fix ...": the driver after " - " too.
				$n{$1}++ if /^((?:[\w\/.+-]+(?: [\w\/.+-]+)?: ){1,3}(?:[\w.+-]+ - )?)/ && length $1 < 48;
			}
			my ($best) = sort { $n{$b} <=> $n{$a} || $a cmp $b } keys %n;
			if ($best) { $best =~ s/ $//; return $best }
		}
	}
	if ($file =~ m{^mm/([\w-]+)\.[ch]$}) { return "mm/$1:" }
	if ($file =~ m{^mm/}) { return 'mm:' }
	# Crypto drivers name the driver: "crypto: omap-crypto -" for
	# drivers/crypto/omap-crypto.c, "crypto: caam -" for drivers/crypto/caam/.
	if ($file =~ m{^drivers/crypto/(?:(?:[\w-]+/)*([\w-]+)/[^/]+|([\w-]+)\.[ch])$}
	    && index($file, 'drivers/crypto/intel/iaa/') != 0) {
		return 'crypto: ' . ($1 // $2) . ' -';
	}
	for my $p (sort { length $b->[0] <=> length $a->[0] } @PREFIX) {
		return $p->[1] if index($file, $p->[0]) == 0;
	}
	if ($file =~ m{^fs/(\w+)/}) { return "$1:" }
	if ($file =~ m{^drivers/(\w+)/(\w+)/}) { return "$1: $2:" }
	if ($file =~ m{^drivers/(\w+)/}) { return "$1:" }
	my @d = split m{/}, $file;
	pop @d;
	return @d ? join('/', @d) . ':' : 'treewide:';
}

# How changelogs name an architecture: the subject prefix of arch/X.
sub arch_name($arch) {
	for my $p (@PREFIX) {
		return $p->[1] =~ s/:$//r if $p->[0] eq "arch/$arch/";
	}
	return $arch;
}

# The mapping API as the function's code uses it: kmap_atomic for
# kmap_atomic() code, pte_map for pte_offset_map() and its kin, else
# kmap_local (kmap_local_*() and the tree's helpers); joined with "/"
# when the findings mix them.
sub api_name($g) {
	my %n;
	for my $f (@{$g->{findings}}) {
		for my $m ($f->{first}{map}, $f->{second}{map}) {
			my $k = !defined $m ? 'kmap_local' : $m =~ /^kmap_atomic/ ? 'kmap_atomic'
				: is_pte_map($m) ? 'pte_map' : 'kmap_local';
			$n{$k} //= keys %n;
		}
	}
	return join('/', sort { $n{$a} <=> $n{$b} } keys %n) || 'kmap_local';
}

sub subject($prefix, $g) {
	my $fn = $g->{function};
	my $api = api_name($g);
	my $s = $g->{impact} eq 'fix'
		? "Fix $api release order in $fn()"
		: "Release $api mappings in reverse order in $fn()";
	# mm and most filesystems start the summary in lower case.
	$s = lcfirst $s if $prefix =~ m{^(?:mm|fs|lib|kernel)\b};
	return "$prefix $s";
}

sub wrap($text, $width = 72) {
	my @out;
	for my $para (split /\n\n/, $text) {
		my ($line, @l) = ('');
		for my $w (split ' ', $para) {
			if (length($line) && length($line) + 1 + length($w) > $width) {
				push @l, $line;
				$line = $w;
			} else {
				$line = length($line) ? "$line $w" : $w;
			}
		}
		push @l, $line if length $line;
		push @out, join "\n", @l;
	}
	return join("\n\n", @out) . "\n";
}

# The changelog of one patch: all findings of one function.
#   $g: { function, impact, reason, affected, findings => [...] }
#   $tool: { coccinelle => '1.1.1', rule => 'kmap_local_lifo.cocci', rule_version,
#            rule_from => 'of ...' (where a rule outside the kernel lives) }
#   (a rule named without a folder is named by its path in a kernel tree)
sub changelog($g, $tool) {
	my $pte = grep { is_pte_map($_->{first}{map}) || is_pte_map($_->{second}{map}) } @{$g->{findings}};
	# What is mapped and released first, as LifoFinding.pm says it.
	my $t = changelog_mapped(@{$g->{findings}}) . ' ';
	$t .= "These mappings are slots of a per-CPU stack" .
		($pte ? " (PTE pages go there with CONFIG_HIGHPTE)" : '') .
		" and must be released in reverse order, as Documentation/mm/highmem.rst says.";
	if ($g->{impact} eq 'fix') {
		$t .= " Releasing the outer mapping first trips the WARN_ON_ONCE() in kunmap_local_indexed() and pops the slot of the inner mapping, which is still in use.";
		$t .= "\n\nAffected: kernels with $g->{affected}.";
	} else {
		my $why = $g->{reason};
		$why =~ s{^arch/(\w+)}{arch_name($1)}e;
		$t .= "\n\n" . ucfirst($why) . ": this is a cleanup, not a fix.";
	}
	$t .= ' ' . changelog_release(@{$g->{findings}});
	my $rv = $tool->{rule_version} ? " (version $tool->{rule_version})" : '';
	my $from = $tool->{rule_from} ? " $tool->{rule_from}" : '';
	$t .= "\n\nThis patch was generated with Coccinelle $tool->{coccinelle} using the semantic patch " . rule_in_tree($tool->{rule}) . "$rv$from.";
	return wrap($t);
}

# Split a unified diff of one file into (header, [hunks]); each hunk
# { old => start, len => n, text => "@@ ...\n..." }.
sub split_hunks($diff) {
	my @lines = split /^/, $diff;
	my ($head, @h) = ('');
	for my $l (@lines) {
		if ($l =~ /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/) {
			push @h, { old => $1, len => $2 // 1, text => $l };
		} elsif (@h) {
			$h[-1]{text} .= $l;
		} else {
			$head .= $l;
		}
	}
	return ($head, \@h);
}

# To and Cc from the tree's get_maintainer.pl on the files the patch
# touches, as b4 asks it (--no-keywords, --no-rolestats, no git): To the
# maintainers and reviewers (--nol), Cc the lists (--nom --nor).  Run on
# the whole patch with keywords on, it matches K: entries against the
# changelog's words (a list of architectures matches C-SKY's).
# Returns (\@to, \@cc), or () when it does not work.
sub get_maintainers($tree, @files) {
	return () unless @files && -f "$tree/scripts/get_maintainer.pl" && -f "$tree/MAINTAINERS";
	my @base = ('perl', 'scripts/get_maintainer.pl', '--no-git', '--no-git-fallback',
		'--no-git-chief-penguins', '--no-rolestats', '--no-keywords', '--no-tree');
	my @r;
	for my $which (['--nol'], ['--nom', '--nor']) {
		my ($st, $o) = capture($tree, @base, @$which, '-f', @files);
		return () if $st != 0;
		push @r, [grep { /\S/ } split /\n/, $o];
	}
	my %to = map { $_ => 1 } @{$r[0]};
	return ($r[0], [grep { !$to{$_} } @{$r[1]}]);
}

# Fixes: tag for a finding in a git tree: the newest commit among those
# that wrote the two mappings and the early release.
sub fixes_tag($tree, $f) {
	return undef unless is_git_tree($tree);
	# The order is made by the lines from the first mapping to the
	# release of the second one (a swap shows in blame as one moved line).
	my $end = $f->{line} + 1;
	if (my $fh = LifoCommon::open_regular("$tree/$f->{file}")) {
		my @l = <$fh>;
		for my $i ($f->{line} .. ($#l < $f->{line} + 40 ? $#l : $f->{line} + 40)) {
			if ($l[$i] =~ /\b(?:kunmap\w*|__kunmap\w*|pte_unmap\w*|folio_release_kmap|unmap_and_put_page)\s*\(.*\Q$f->{second}{expr}\E/) {
				$end = $i + 1;
				last;
			}
			last if $l[$i] =~ /^\}/;
		}
	}
	my $from = $f->{first}{line} < $f->{line} ? $f->{first}{line} : $f->{line};
	my ($st, $o) = capture($tree, 'git', 'blame', '--porcelain', '-L', "$from,$end", 'HEAD', '--', $f->{file});
	return undef if $st != 0;
	my (%seen, %boundary, $cur);
	for (split /\n/, $o) {
		if (/^([0-9a-f]{40}) \d+ \d+/) { $cur = $1; $seen{$cur} = 1; next }
		$boundary{$cur} = 1 if $_ eq 'boundary';
	}
	# Boundary (root, import) commits introduce nothing we can name.
	my @c = sort grep { !$boundary{$_} } keys %seen;
	return undef unless @c;
	my ($rst, $best) = capture($tree, 'git', 'rev-list', '--topo-order', '--max-count=1', @c);
	return undef if $rst != 0;
	chomp $best;
	($st, my $s) = capture($tree, 'git', 'log', '-1', '--format=%h ("%s")', '--abbrev=12', $best);
	return undef if $st != 0;
	chomp $s;
	return "Fixes: $s";
}

1;
