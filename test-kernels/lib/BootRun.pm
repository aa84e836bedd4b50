# SPDX-License-Identifier: GPL-2.0
# One boot-test run: set up the working copy, then for each case put its
# source state in place, build (once per flavour and state), boot, judge,
# and print the results.  Every failure is an exception caught per case,
# so one broken case fails alone.
package BootRun;
use v5.36;
use File::Path qw(make_path remove_tree);
use File::Copy qw(copy);
use Fcntl qw(:flock);
use Time::HiRes qw(time);
use Digest::MD5;
use File::Find qw(find);
use KernelBuild;
use ReadFile qw(read_bytes open_write write_error);
use BootState;
use BootGuest;
use BootQemu qw(qemu_command run_timed);
use ProcRun ();
use OwnDir ();
use BootVerdict qw(verdict);

sub ncpus {
	open my $fh, '<', '/proc/cpuinfo' or return 1;
	my $n = grep { /^processor\s*:/ } <$fh>;
	return $n || 1;
}

# new(top, here, out, machine, states, overlays, jobs, timeout, kver)
sub new($class, %a) {
	my $self = bless { %a, passed => 0, failed => 0, rows => [], timings => [], built => {} }, $class;
	$self->{logs} = "$a{out}/logs";
	return $self;
}

# The standard output of CMD (a list: no shell), its standard error to
# ERR (a file; /dev/null by default); returns (output, exit status), a
# command that cannot run or dies on a signal counting as a failure.
# At most an hour (scripts/lib/ProcRun.pm).
sub capture($err, @cmd) {
	my $r = ProcRun::run(\@cmd, stderr => $err // '/dev/null', timeout => 3600);
	return ($r->{stdout}, $r->{status});
}

# Whether PROG is an executable in PATH (or a path to one).
sub have_tool($prog) {
	return -f $prog && -x _ if $prog =~ m{/};
	for my $dir (split /:/, $ENV{PATH} // '') {
		my $f = ($dir eq '' ? '.' : $dir) . "/$prog";
		return 1 if -f $f && -x _;
	}
	return 0;
}

sub note($self, $msg) { print STDERR "boot-test: $msg\n" }

sub timed($self, $name, $code) {
	my $t = time;
	my @r = eval { $code->() };
	push @{$self->{timings}}, sprintf '%s=%ds', $name, time - $t;
	die $@ if $@;
	return wantarray ? @r : $r[0];
}

sub result($self, $case, $ok, $detail, %row) {
	say(($ok ? 'PASS' : 'FAIL') . " $case->{name}: $detail");
	$self->{$ok ? 'passed' : 'failed'}++;
	push @{$self->{rows}}, { case => $case->{name}, state => $case->{state} // '-',
		workload => $case->{workload} // '-', warning => '-', ktests => '-', %row, verdict => $ok ? 'PASS' : 'FAIL' };
}

# One run at a time in OUT: OUT/lock, held until the process ends.
sub lock($self) {
	return if $self->{lock};
	make_path($self->{out});
	my $why;
	$self->{lock} = open_write("$self->{out}/lock", \$why) // die write_error("$self->{out}/lock", $why) . "\n";
	if (!flock $self->{lock}, LOCK_EX | LOCK_NB) {
		$self->note("another boot-test holds $self->{out}/lock; waiting");
		flock $self->{lock}, LOCK_EX;
	}
}

# The folders the harness makes in OUT and later replaces, removes or
# writes over carry a stamp (scripts/lib/OwnDir.pm); one made before
# stamps holds a file only the harness writes there (its sign).
our @OWN = (
	# working copies (BootState; not its files src-dirty and src-state)
	[qr/^src(?:-(?!(?:dirty|state)\z).+)?(?:\.tmp)?\z/, '.bt-origin'],
	[qr/^obj-.+\z/, '.kb-stamp', 'config.log'],	# their O= folders (KernelBuild)
	[qr/^work-.+\z/, 'src-state', 'src-dirty'],	# a flavour's state files (BootState)
	[qr/^stage\z/, '../src-dirty'],		# the base state being made (BootState)
	[qr/^guest\z/, '.headers', 'guest.log'],	# the initramfs (BootGuest)
	[qr/^logs\z/, qr/\.log\z/],
);

# The folders of OUT of those names that the harness did not make; when
# there is none, those it made before stamps are stamped now.
sub foreign_folders($self) {
	my $out = $self->{out};
	opendir my $dh, $out or return ();
	my (@foreign, @old);
	for my $name (sort grep { !/^\.\.?\z/ } readdir $dh) {
		my ($own) = grep { $name =~ $_->[0] } @OWN or next;
		my $dir = "$out/$name";
		if (!OwnDir::owned($dir, @$own[1 .. $#$own])) { push @foreign, $dir }
		elsif (!-e "$dir/$OwnDir::STAMP") { push @old, $dir }
	}
	OwnDir::mark($_) for @foreign ? () : @old;
	return @foreign;
}

# Tools, lock, tree, working copy.  Dies with the reason.
sub setup($self) {
	my $m = $self->{machine};
	my @missing = grep { !have_tool($_) } "$m->{cross}gcc", $m->{qemu}, 'patch', 'sparse';
	die "missing tools: @missing (run make deps)\n" if @missing;
	$self->lock;
	make_path($self->{logs});
	OwnDir::mark($self->{logs});
	my $pristine = $self->timed(tree => sub {
		my ($p, $st) = capture(undef, 'sh', "$self->{top}/scripts/ktree.sh", $self->{kver});
		die "no kernel tree for KVER=$self->{kver} (scripts/ktree.sh failed)\n" if $st;
		chomp $p;
		$p;
	});
	my ($kversion) = capture(undef, 'make', '-s', '-C', $pristine, 'kernelversion');
	chomp $kversion;
	$self->{kversion} = $kversion;
	$self->{origin} = "$pristine $kversion";
	$self->{pristine} = $pristine;
	$self->source('base');
}

# A flavour is a name (base, or configs/NAME.config) and the overlays on
# it: FLAVOUR@OVERLAY...  Returns (FLAVOUR, OVERLAY...).
sub flavour_parts($flavour) { return split /\@/, $flavour }

# The working copy for FLAVOUR: base in OUT/src, another flavour (an
# overlaid one too) in its own OUT/src-FLAVOUR (hard links: cheap), so
# that a state that changes a header for one flavour does not make the
# others rebuild everything.  An overlay's steps come before every state.
sub source($self, $flavour) {
	return $self->{source}{$flavour} if $self->{source}{$flavour};
	my $sfx = $flavour eq 'base' ? '' : "-$flavour";
	my $work = $flavour eq 'base' ? $self->{out} : "$self->{out}/work-$flavour";
	my (undef, @ov) = flavour_parts($flavour);
	my @pre = map { @{$self->{overlays}{$_} // die "unknown overlay $_\n"} } @ov;
	make_path($work);
	OwnDir::mark($work) if $flavour ne 'base';
	my $st = BootState->new(pristine => $self->{pristine}, src => "$self->{out}/src$sfx", work => $work,
		top => $self->{top}, states => $self->{states}, pre => \@pre, note => sub { $self->note(@_) },
		cocci => sub { $self->cocci_fix(@_) });
	my $new = $self->timed("copy$sfx" => sub { $st->ensure_copy($self->{origin}) });
	remove_tree("$self->{out}/obj-$flavour", $flavour eq 'base' ? "$self->{out}/guest" : ()) if $new;
	return $self->{source}{$flavour} = $st;
}

sub kbuild($self, $flavour) {
	my $m = $self->{machine};
	my ($base, @ov) = flavour_parts($flavour);
	my @frags = (@{$m->{fragments}}, map { "$self->{here}/configs/$_.config" } ($base eq 'base' ? () : $base), @ov);
	return KernelBuild->new(src => $self->source($flavour)->{src}, obj => "$self->{out}/obj-$flavour", arch => $m->{arch},
		cross => $m->{cross}, fragments => \@frags, jobs => $self->{jobs},
		log => "$self->{logs}/build-$flavour.log");
}

# The kernel image for FLAVOUR with the source in STATE, built once a run.
sub image($self, $flavour, $state) {
	my $key = "$flavour-$state";
	return $self->{built}{$key} if $self->{built}{$key};
	$self->source($flavour)->set($state);
	my $kb = $self->kbuild($flavour);
	$self->timed("build-$key" => sub {
		$kb->configure;
		$self->note("building $self->{machine}{target} ($key), log $kb->{log}");
		unlink $kb->{log};
		$kb->make(undef, $self->{machine}{target});
	});
	my $img = "$self->{out}/image-$key";
	copy("$kb->{obj}/$self->{machine}{image}", $img) or die "copy the image: $!\n";
	return $self->{built}{$key} = $img;
}

# The fix cocci/bin/lifo-fix.sh makes for FILE on the state given by
# STEPS, as a patch; cached until the tool, cocci/ or the input change.
sub cocci_fix($self, $st, $steps, $file) {
	my $tool = "$self->{top}/cocci/bin/lifo-fix.sh";
	die "cocci patch mode produced no fix: cocci/bin/lifo-fix.sh does not exist\n" unless -f $tool;
	my $label = "before-cocci-" . ($file =~ s{\W}{_}gr);
	$st->apply($label, @$steps);
	my $md5 = Digest::MD5->new;
	my @cocci;
	find({ no_chdir => 1, wanted => sub { push @cocci, $_ if -f } }, "$self->{top}/cocci") if -d "$self->{top}/cocci";
	for my $f ("$st->{src}/$file", sort @cocci) {
		open my $fh, '<', $f or next;
		$md5->addfile($fh);
	}
	my $key = $md5->hexdigest;
	my $fix = "$self->{out}/cocci-fix-" . ($file =~ s{\W}{_}gr) . ".patch";
	return $fix if -s $fix && (read_bytes("$fix.key") // '') eq $key;
	unlink $fix, "$fix.key";
	$self->note("generating the cocci fix: sh cocci/bin/lifo-fix.sh $st->{src} $file");
	my $log = "$self->{logs}/cocci.log";
	unlink $log;
	my ($diff, $rc) = capture($log, 'sh', $tool, $st->{src}, $file);
	die "cocci patch mode produced no fix: lifo-fix.sh exit $rc (log: $log)\n" if $rc;
	die "cocci patch mode produced no fix: lifo-fix.sh printed no diff for $file (log: $log)\n"
		unless $diff =~ /^\+\+\+ /m;
	BootState::write_file($fix, $diff);
	BootState::write_file("$fix.key", $key);
	return $fix;
}

sub boot_case($self, $case) {
	my $img = $self->image($case->{flavour}, $case->{state});
	$self->{initrd} //= $self->timed(guest => sub {
		BootGuest->new(kbuild => $self->kbuild('base'), src => $self->source('base')->{src}, dir => "$self->{out}/guest",
			here => $self->{here}, cross => $self->{machine}{cross}, kversion => $self->{kversion})->build;
	});
	my $log = "$self->{logs}/boot-$case->{name}.log";
	my $tests = @{$case->{tests}} ? join(',', @{$case->{tests}}) : 'none';
	$self->note("booting $case->{name} (tests $tests), console $log");
	my @cmd = qemu_command($self->{machine}, $img, $self->{initrd}, "bt.tests=$tests");
	my $boot = $self->timed("boot-$case->{name}" => sub { run_timed($self->{timeout}, $log, @cmd) });
	$boot->{timeout} = $self->{timeout};
	my $v = verdict(read_bytes($log) // '', $case, $boot);
	my $k = $v->{kernel_tests};
	$self->result($case, $v->{ok}, "$v->{detail} (log: $log)",
		warning => defined $v->{warning} ? 'seen' . ($v->{from} ? " ($v->{from})" : '') : 'none',
		ktests => $k->{summaries} || $k->{incomplete} ? "$k->{pass}/$k->{fail}/$k->{skip}" : '-');
}

# sparse: C=2 on the objects of the build that the series touches, with
# and without it; new warnings fail.
sub sparse_case($self) {
	my $case = { name => 'sparse', state => 'series', workload => 'C=2' };
	my @touched = sort keys %{{ map { $_ => 1 } map { BootState::patch_files($_) } $self->source('base')->series_patches }};
	$self->image('base', 'series');
	my $kb = $self->kbuild('base');
	my @objs = grep { -f "$kb->{obj}/$_" } map { /\.c$/ ? s/\.c$/.o/r : () } @touched;
	return $self->result($case, 1, "no object of the build is touched by kernel-patches/ (files: "
		. (@touched ? "@touched" : 'none') . ")") unless @objs;
	my %w;
	for my $state (qw(series pristine)) {
		$self->source('base')->set($state);
		$w{$state} = [map { $kb->sparse_warnings($_, "$self->{logs}/sparse-$state.log") } @objs];
	}
	delete $self->{built}{'base-series'};
	my %old = map { $_ => 1 } @{$w{pristine}};
	my @new = grep { !$old{$_} } @{$w{series}};
	$self->result($case, !@new, @new ? "new sparse warnings on @objs: @new[0 .. ($#new > 2 ? 2 : $#new)]"
		: "C=2 on @objs: no new warning (" . @{$w{series}} . " with the series, " . @{$w{pristine}} . " without)");
}

sub table($self) {
	my @cols = qw(case state workload warning ktests verdict);
	my @rows = ({ case => 'CASE', state => 'STATE', workload => 'WORKLOAD', warning => 'WARNING',
		ktests => 'KTESTS(p/f/s)', verdict => 'VERDICT' }, @{$self->{rows}});
	my %w;
	for my $c (@cols) { for (@rows) { $w{$c} = length $_->{$c} if length $_->{$c} > ($w{$c} // 0) } }
	for my $r (@rows) { say join('  ', map { sprintf "%-*s", $w{$_}, $r->{$_} } @cols) =~ s/\s+$//r }
}

# Run CASES (and the sparse case when asked); returns the exit status:
# 2, before anything is written, when OUT holds a folder of a name the
# harness uses that it did not make, or OUT/lock cannot be written (a
# symbolic link there).
sub run($self, $cases, $sparse) {
	my $t0 = time;
	if (!eval { $self->lock; 1 }) {
		print STDERR "boot-test: $@";
		return 2;
	}
	if (my @foreign = $self->foreign_folders) {
		print STDERR "boot-test: $_ was not made by boot-test, which replaces that folder: move it away, or pick another BUILD=\n"
			for @foreign;
		return 2;
	}
	if (!eval { $self->setup; 1 }) {
		my $why = $@ =~ s/\n$//r;
		$self->result($_, 0, $why) for @$cases, ($sparse ? { name => 'sparse' } : ());
	} else {
		for my $c (@$cases) {
			eval { $self->boot_case($c); 1 } or $self->result($c, 0, $@ =~ s/\n$//r);
		}
		if ($sparse) {
			my $c = { name => 'sparse', state => 'series', workload => 'C=2' };
			eval { $self->timed(sparse => sub { $self->sparse_case }); 1 } or $self->result($c, 0, $@ =~ s/\n$//r);
		}
	}
	$self->table;
	say "timings: @{$self->{timings}} total=" . int(time - $t0) . 's';
	say "$self->{passed} passed, $self->{failed} failed";
	return $self->{failed} ? 1 : 0;
}

1;
