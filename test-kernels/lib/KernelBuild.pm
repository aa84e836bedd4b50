# SPDX-License-Identifier: GPL-2.0
# A kernel build in an O= folder (stamped: scripts/lib/OwnDir.pm): make
# there with its output in a log (make, run_logged), sparse's warnings of
# one object (sparse_warnings), and configure: allnoconfig plus config
# fragments (a machine's, a flavour's), with the check that every
# requested option survived olddefconfig.  The boot test uses all of it;
# make fixes' build check (cocci/lib/LifoBuild.pm) configures its own
# way (a defconfig, then the symbols that build a file) and uses make and
# sparse_warnings.  Errors are exceptions (die) with the reason and the
# log to read.
package KernelBuild;
use v5.36;
use File::Path qw(make_path);
use File::Basename qw(dirname);
use lib dirname(__FILE__) . '/../../scripts/lib';
use ProcRun ();
use OwnDir ();
use ReadFile qw(read_bytes);

# A kernel build (or a configuration step) runs this long at most.
my $TIMEOUT = 4 * 3600;

# new(src => TREE, obj => DIR, arch => 'arm', cross => PREFIX,
#     fragments => [FILE...], jobs => N, log => FILE)
sub new($class, %a) {
	for (qw(src obj arch fragments)) { die "KernelBuild: $_ missing\n" unless defined $a{$_} }
	$a{cross} //= '';
	$a{jobs} ||= 1;
	$a{log} //= "$a{obj}.log";
	return bless {%a}, $class;
}

# Run a command with stdout and stderr to FILE (appended), at most four
# hours (scripts/lib/ProcRun.pm: its process group is killed then, or
# when this process is interrupted); returns the exit status (a signal
# death counts as 128 + signal, a command that cannot run as 127; why is
# in FILE).
sub run_logged($dir, $file, @cmd) {
	my $r = ProcRun::run(\@cmd, dir => $dir, stdout => $file, append => 1, stderr => 'stdout', timeout => $TIMEOUT);
	if (defined $r->{error} || $r->{timed_out}) {
		open my $fh, '>>', $file or die "$file: $!\n";
		print $fh "$cmd[0]: ", ProcRun::how($r), "\n";
		close $fh;
	}
	return $r->{status};
}

sub make_args($self, @args) {
	return ('make', '-C', $self->{src}, "O=$self->{obj}", "ARCH=$self->{arch}",
		"CROSS_COMPILE=$self->{cross}", "-j$self->{jobs}", @args);
}

# make ARGS in the O= folder, output appended to LOG (default the build
# log); dies naming the first errors.
sub make($self, $log, @args) {
	$log //= $self->{log};
	my $st = run_logged(undef, $log, $self->make_args(@args));
	die "make @args failed (exit $st): " . first_errors($log) . " (log: $log)\n" if $st;
}

# The first lines of a log that look like errors, on one line.
sub first_errors($log) {
	open my $fh, '<', $log or return "no log";
	my @all = grep { /\S/ } <$fh>;
	chomp @all;
	my @l = grep { /error:|undefined reference|Error \d|\*\*\*/ } @all;
	# No compiler-style error: the last line says most (a script's message).
	return @l ? join(' ', @l[0 .. ($#l < 2 ? $#l : 2)]) : @all ? $all[-1] : 'empty log';
}

# Requested lines ("CONFIG_X=v", "# CONFIG_X is not set") that .config
# does not honour; an empty list when all survived.  As merge_config.sh
# does, a later fragment's line for an option overrides an earlier one.
sub lost_options($config_text, @fragment_texts) {
	my %have;
	for (split /\n/, $config_text) {
		$have{$1} = $2 if /^(CONFIG_\w+)=(.*)$/;
	}
	my (%want, @order);
	for my $t (@fragment_texts) {
		for (split /\n/, $t) {
			s/^\s+|\s+$//g;
			my ($opt) = /^(CONFIG_\w+)=/ ? $1 : /^# (CONFIG_\w+) is not set$/ ? $1 : next;
			push @order, $opt unless exists $want{$opt};
			$want{$opt} = $_;
		}
	}
	my @lost;
	for my $opt (@order) {
		my $line = $want{$opt};
		if ($line =~ /^CONFIG_\w+=(.*)$/) {
			push @lost, $line unless defined $have{$opt} && $have{$opt} eq $1;
		} else {
			push @lost, $line if defined $have{$opt};
		}
	}
	return @lost;
}

# allnoconfig + the fragments, unless the O= folder already has them
# (stamp: the fragments' text and the tree).  Dies when merge_config or
# olddefconfig fails or when a requested option was lost.
sub configure($self) {
	my @texts = map { read_bytes($_) // die "no config fragment $_\n" } @{$self->{fragments}};
	my $stamp = join "\0", $self->{src}, $self->{arch}, @texts;
	my $sfile = "$self->{obj}/.kb-stamp";
	return 0 if -f "$self->{obj}/.config" && (read_bytes($sfile) // '') eq $stamp;
	make_path($self->{obj});
	OwnDir::mark($self->{obj});
	unlink $sfile;
	my $log = "$self->{obj}/config.log";
	unlink $log;
	{
		local $ENV{ARCH} = $self->{arch};
		local $ENV{CROSS_COMPILE} = $self->{cross};
		my $st = run_logged($self->{src}, $log, 'sh', 'scripts/kconfig/merge_config.sh',
			'-n', '-O', $self->{obj}, '/dev/null', @{$self->{fragments}});
		die "merge_config.sh failed: " . first_errors($log) . " (log: $log)\n" if $st;
	}
	$self->make($log, 'olddefconfig');
	my @lost = lost_options(read_bytes("$self->{obj}/.config") // '', @texts);
	die "requested options lost in olddefconfig: @lost (see $self->{obj}/.config)\n" if @lost;
	open my $fh, '>', $sfile or die "$sfile: $!\n";
	print $fh $stamp;
	close $fh;
	return 1;
}

# Sparse (C=2) warnings of one object, line numbers dropped, sorted;
# dies when the object does not build.
sub sparse_warnings($self, $obj, $log) {
	(my $cmd = $obj) =~ s{([^/]+)$}{.$1.cmd};
	unlink "$self->{obj}/$obj", "$self->{obj}/$cmd";
	unlink $log;
	$self->make($log, 'C=2', $obj);
	open my $fh, '<', $log or die "$log: $!\n";
	my %w;
	# Not $_: callers map over their objects, and $_ is one of them.
	while (my $l = <$fh>) {
		chomp $l;
		next unless $l =~ /^\S+:\d+:\d+: (?:warning|error):/;
		$w{$l =~ s/:\d+:\d+:/:/r} = 1;
	}
	return sort keys %w;
}

1;
