# SPDX-License-Identifier: GPL-2.0
# The boot test's data files: a machine (KEY = VALUE), the source states,
# the overlays and the cases (whitespace-separated columns).  Bad input
# dies naming the file and line.
package BootConf;
use v5.36;
use Exporter 'import';
our @EXPORT_OK = qw(read_machine read_table read_states read_overlays read_cases overlay_cases);

my @MACHINE_KEYS = qw(arch cross target image fragments qemu machine cpu memory smp console);

# A machine file as a hash; fragments become absolute paths.
sub read_machine($file) {
	require Cwd;
	$file = Cwd::abs_path($file) // $file;
	open my $fh, '<', $file or die "machine file $file: $!\n";
	my %m = (file => $file, qemu_args => '');
	(my $base = $file) =~ s{/machines/[^/]+$}{};
	while (<$fh>) {
		next if /^\s*(#|$)/;
		/^\s*(\w+)\s*=\s*(.*?)\s*$/ or die "$file:$.: not KEY = VALUE: $_";
		$m{$1} = $2;
	}
	my @missing = grep { !defined $m{$_} || $m{$_} eq '' } @MACHINE_KEYS;
	die "$file: missing @missing\n" if @missing;
	$m{fragments} = [map { m{^/} ? $_ : "$base/$_" } split ' ', $m{fragments}];
	return \%m;
}

# Lines of whitespace-separated fields, comments and blank lines dropped;
# each row is [LINE_NUMBER, FIELD...].
sub read_table($file) {
	open my $fh, '<', $file or die "$file: $!\n";
	my @rows;
	while (<$fh>) {
		s/#.*//;
		my @f = split ' ';
		push @rows, [$., @f] if @f;
	}
	return @rows;
}

# A line's STEPs: PATCH (apply), -R PATCH (revert), "series"
# (kernel-patches/series), cocci:FILE (the fix lifo-fix.sh makes for FILE
# on the state so far) or "-" (none).
sub parse_steps($file, $line, @w) {
	my @steps;
	while (@w) {
		my $w = shift @w;
		if ($w eq '-R') {
			my $p = shift @w // die "$file:$line: -R without a patch\n";
			push @steps, { op => 'revert', patch => $p };
		} elsif ($w eq 'series') {
			push @steps, { op => 'series' };
		} elsif ($w =~ /^cocci:(\S+)$/) {
			push @steps, { op => 'cocci', file => $1 };
		} elsif ($w eq '-') {
		} else {
			push @steps, { op => 'apply', patch => $w };
		}
	}
	return \@steps;
}

# states: "NAME STEP...".  Returns { NAME => [STEP...] }.
sub read_states($file) {
	my %s;
	for my $r (read_table($file)) {
		my ($line, $name, @w) = @$r;
		die "$file:$line: state $name defined twice\n" if $s{$name};
		$s{$name} = parse_steps($file, $line, @w);
	}
	return \%s;
}

# overlays: "NAME STEP...": a variant of every kernel, configs/NAME.config
# merged after the case's own fragments and these steps applied before
# the case's state.  Returns { NAME => [STEP...] }.
sub read_overlays($file) {
	my %o;
	for my $r (read_table($file)) {
		my ($line, $name, @w) = @$r;
		die "$file:$line: overlay $name defined twice\n" if $o{$name};
		die "$file:$line: overlay name $name: want letters, digits, - and _\n" unless $name =~ /^[\w-]+$/;
		$o{$name} = parse_steps($file, $line, @w);
	}
	return \%o;
}

# cases: "NAME STATE WORKLOAD EXPECT FLAVOUR GROUP [UNDER]".  WORKLOAD
# is a comma list of guest tests ("-": boot only); EXPECT a console
# pattern that must appear or "-"; GROUP "quick" (make boot-test) or
# "full" (FULL=1 only); UNDER, when given, a comma list OVERLAY=EXPECT:
# what to expect instead when the case runs under that overlay.  With
# OVERLAYS (read_overlays), an overlay UNDER names must be one of them.
sub read_cases($file, $states, $overlays = undef) {
	my (@c, %seen);
	for my $r (read_table($file)) {
		my ($line, @f) = @$r;
		die "$file:$line: want NAME STATE WORKLOAD EXPECT FLAVOUR GROUP [UNDER], got @f\n"
			unless @f == 6 || @f == 7;
		my %c;
		@c{qw(name state workload expect flavour group)} = @f;
		die "$file:$line: case $c{name} listed twice\n" if $seen{$c{name}}++;
		die "$file:$line: case name $c{name}: \@ is for overlays (CASE\@OVERLAY)\n" if $c{name} =~ /\@/;
		die "$file:$line: unknown state $c{state}\n" unless $states->{$c{state}};
		die "$file:$line: group must be quick or full, not $c{group}\n" unless $c{group} =~ /^(quick|full)$/;
		$c{tests} = [$c{workload} eq '-' ? () : split /,/, $c{workload}];
		$c{expect} = undef if $c{expect} eq '-';
		$c{under} = {};
		for my $u (split /,/, $f[6] // '') {
			my ($o, $e) = $u =~ /^([\w-]+)=(\S+)$/ or die "$file:$line: want OVERLAY=EXPECT, not $u\n";
			die "$file:$line: unknown overlay $o\n" if $overlays && !$overlays->{$o};
			$c{under}{$o} = $e eq '-' ? undef : $e;
		}
		push @c, \%c;
	}
	return @c;
}

# The cases CASES run under OVERLAY: named CASE@OVERLAY, flavour
# FLAVOUR@OVERLAY (its own source copy and O= folder), expecting what
# the case's UNDER column says for OVERLAY, else what it expects alone.
sub overlay_cases($overlay, @cases) {
	return map {
		my $c = $_;
		+{ %$c, name => "$c->{name}\@$overlay", flavour => "$c->{flavour}\@$overlay", overlay => $overlay,
			expect => exists $c->{under}{$overlay} ? $c->{under}{$overlay} : $c->{expect} };
	} @cases;
}

1;
