# SPDX-License-Identifier: GPL-2.0
# Shared helpers of the scan drivers.
package LifoCommon;
use v5.36;
use File::Path qw(make_path remove_tree);
use File::Temp ();
use Fcntl qw(:flock);
use Cwd qw(abs_path);
use File::Spec;
use Exporter 'import';
use lib File::Spec->catdir(File::Spec->rel2abs(__FILE__) =~ s{/[^/]*\z}{}r, '..', '..', 'scripts', 'lib');
use ProcRun ();
use OwnDir ();
# (The reader is shared; its subs stay LifoCommon's too.)
use ReadFile qw(read_bytes open_regular read_error open_write write_error);
our @EXPORT_OK = qw(fail project_root is_ktree check_out_dir checker_rule read_bytes write_bytes copy_regular open_regular open_write
	jobs_option lock_out scratch_dir tool_version entries mark_own check_own);

# The tooling's own version (SARIF's tool.driver.version, findings.json):
# bumped when an output format changes; a git checkout of the project
# adds its commit, so that a log names the code that wrote it.
our $VERSION = '1.2.0';
sub tool_version {
	state $v = do {
		my $root = project_root();
		my $sha = '';
		if (-e "$root/.git") {
			my $r = ProcRun::run(['git', '-C', $root, 'rev-parse', '--short=12', 'HEAD'], timeout => 60,
				env => { GIT_DIR => undef, GIT_WORK_TREE => undef });
			$sha = $r->{ok} ? $r->{stdout} : '';
			chomp $sha;
		}
		$sha =~ /^[0-9a-f]+$/ ? "$VERSION+g$sha" : $VERSION;
	};
	return $v;
}

# Scratch folders: a signal or any exit removes them, and ends the
# process groups of the external commands running now (ProcRun.pm), so
# an interrupted run leaves nothing behind.
my @SCRATCH;
my $OWNER = $$;

sub _cleanup {
	return unless $$ == $OWNER;	# not in a forked child
	# TERM first, so that scripts run their own clean-up traps.
	ProcRun::kill_all(0.3);
	remove_tree(@SCRATCH) if @SCRATCH;
	@SCRATCH = ();
	# The temporary files and folders made with UNLINK or CLEANUP (a
	# signal re-raised below would end the process before File::Temp
	# removes them at exit).
	File::Temp::cleanup();
}
# A die outside an eval (a write that failed: a full disk, ...) ends the
# run as every error does, with status 2 (Perl's own is errno: 28 for
# ENOSPC), said so, after the clean-up.
my $DIED;
$SIG{__DIE__} = sub ($msg, @) { $DIED = $msg if defined $^S && !$^S };
END {
	my $st = $?;
	_cleanup();
	if (defined $DIED && $st && $$ == $OWNER) {
		print STDERR $0 =~ s{.*/}{}r, ': stopped by the error above',
			($DIED =~ /No space left on device/ ? ' (the disk is full)' : ''),
			": exit 2; temporary files removed, results left as they were\n";
		$st = 2;
	}
	$? = $st;
}
for my $sig (qw(INT TERM HUP)) {
	$SIG{$sig} = sub {
		print STDERR "\n", $0 =~ s{.*/}{}r, ": interrupted (SIG$sig): temporary files removed, results left as they were\n";
		_cleanup();
		# As a shell reports a death by this signal.
		$SIG{$sig} = 'DEFAULT';
		kill $sig, $$;
		exit 128 + ($sig eq 'INT' ? 2 : $sig eq 'TERM' ? 15 : 1);
	};
}

# In a forked child that runs commands of its own: a signal or its exit
# ends those (ProcRun.pm ends only a process's own), and leaves the
# parent's scratch alone.
sub forked_child {
	@SCRATCH = ();
	$OWNER = $$;
}

# A fresh folder under $parent, removed on every exit.
sub scratch_dir($parent, $name = 'tmp') {
	make_path($parent);
	my $d = File::Temp::tempdir(".$name.XXXXXX", DIR => $parent);
	push @SCRATCH, $d;
	return $d;
}

# --jobs: a positive integer, or the cores when not given.
sub jobs_option($j) {
	return 0 unless defined $j;
	fail("--jobs (J=) must be a positive number of parallel jobs, not '$j'")
		unless $j =~ /^[1-9][0-9]*$/;
	return 0 + $j;
}

# Only one driver at a time writes into an OUT: a second one refuses.
# The lock lasts as long as the process (the handle is kept).
my %LOCKS;
sub lock_out($out) {
	my $f = "$out/.lock";
	my $why;
	my $fh = open_write($f, \$why, read => 1, append => 1) // fail(write_error($f, $why));
	unless (flock $fh, LOCK_EX | LOCK_NB) {
		seek $fh, 0, 0;
		my $who = <$fh> // '';
		chomp $who;
		fail("$out is in use by another make scan/fixes" . ($who ? " ($who)" : '')
			. ": wait for it to finish, or pass another OUT=");
	}
	truncate $fh, 0;
	syswrite $fh, "pid $$, " . ($0 =~ s{.*/}{}r) . "\n";
	$LOCKS{$out} = $fh;
}

# Exit status 2 for errors, as all drivers document.
sub fail(@msg) {
	my $me = $0 =~ s{.*/}{}r;
	print STDERR "$me: ", @msg, "\n";
	exit 2;
}

sub project_root {
	my $d = abs_path(__FILE__) =~ s{/cocci/lib/[^/]+$}{}r;
	return $d;
}

# Same test as scripts/ktree.sh.
sub is_ktree($d) {
	return 0 unless -f "$d/Makefile" && -f "$d/Kconfig" && -d "$d/arch";
	my $fh = open_regular("$d/Makefile") or return 0;
	while (<$fh>) { return 1 if /^VERSION = / }
	return 0;
}

# The output folder, made when missing; never inside the tree ($tree),
# which is only read (and whose files a later scan would read as its own).
sub check_out_dir($out, $tree = undef, $name = 'OUT') {
	if (defined $tree) {
		# The nearest folder that exists, then the rest of the path.
		my ($base, $rest) = (File::Spec->rel2abs($out), '');
		until (-d $base) {
			$rest = ($base =~ s{.*/}{}r) . "/$rest";
			$base =~ s{/[^/]*$}{} or last;
			$base = '/' if $base eq '';
		}
		my $real = (abs_path($base) // $base) . "/$rest";
		my $t = abs_path($tree) // $tree;
		$real =~ s{/+}{/}g;
		fail("$name=$out is inside the kernel tree $t, which is only read: pick an $name outside it")
			if "$real/" =~ m{^\Q$t\E/};
		# OUT's own folders are replaced and removed: never a tree in them.
		fail("the kernel tree $t is inside $name=$out, whose folders the tool replaces: pick an $name outside it")
			if "$t/" =~ m{^\Q${\($real =~ s{/\z}{}r)}\E/};
	}
	eval { make_path($out) };
	my $probe = "$out/.write-test.$$";
	my $why = 'not a folder';
	if (!-d $out || !open_write($probe, \$why, fresh => 1)) {
		fail(($name eq 'OUT' ? "cannot write the output folder $out" : "$name=$out: cannot write that folder")
			. ': ' . $why =~ s/\Acannot write: //r);
	}
	unlink $probe;
	return abs_path($out);
}

# Writes a file whole, or dies saying why (a full disk, ...).
sub write_bytes($file, @text) {
	open my $fh, '>:raw', $file or die "cannot write $file: $!\n";
	print $fh @text or die "cannot write $file: $!\n";
	close $fh or die "cannot write $file: $!\n";
}

# Copies the regular file $src to $dst (a FIFO or device there is an
# error, never a read that blocks); dies saying why.
sub copy_regular($src, $dst) {
	my $why;
	my $text = read_bytes($src, \$why) // die read_error($src, $why) . "\n";
	write_bytes($dst, $text);
}

# Folders the tool makes in OUT (cocci-tree/, incomplete/, partial/,
# build-src/ and build-ARCH/, .scan-trees.src/) carry a stamp
# (scripts/lib/OwnDir.pm, shared with the boot harness): only such a
# folder is ever replaced or removed there.
sub mark_own($dir) { OwnDir::mark($dir) }

# Stops (exit 2), before anything is written, when OUT holds a folder of
# a name the tool uses that it did not make: the stamp, or for a folder
# made before stamps, a file only the tool writes there (%signs: name
# => [files]).
sub check_own($out, %signs) {
	for my $name (sort keys %signs) {
		my $d = "$out/$name";
		next unless -e $d || -l $d;
		next if OwnDir::owned($d, @{$signs{$name}});
		fail("$d was not made by this tool, which replaces that folder: move it away, or pick another OUT");
	}
}

# The entries of folder $dir whose names match $re, as paths, sorted.
# Never glob(): it splits its pattern on spaces and expands "~", so a
# path with a space would name other folders (which callers remove).
sub entries($dir, $re = qr/^(?!\.\.?\z)/) {
	opendir my $d, $dir or return ();
	return map { "$dir/$_" } sort grep { !/^\.\.?\z/ && /$re/ } readdir $d;
}

# The LIFO checker of a rules folder (--cocci-dir), by name: its
# kmap_local_lifo.cocci, which must print its findings as records
# (virtual records: it prints its findings as records, cocci/README.md).
our $CHECKER = 'kmap_local_lifo.cocci';
sub checker_rule($dir) {
	my $r = "$dir/$CHECKER";
	my $text = read_bytes($r) // fail("--cocci-dir $dir: no $CHECKER there ($!)");
	fail("$r prints no finding records (no \"virtual records\"): not a checker of this version of the tools")
		unless $text =~ /^virtual records$/m;
	return $r;
}

1;
