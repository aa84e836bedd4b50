#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Install the commit-msg and sendemail-validate hooks of checkpatch-ext/hooks
# into a git repository.
#   install-hooks.pl --repo DIR [--backup] [--link]
# By default each hook is a copy that carries the absolute path of this
# checkout's disclosure.pl: it keeps working when the repository moves,
# and blocks commits and sends if the checker is gone.  --link installs
# symbolic links to checkpatch-ext/hooks instead (they follow updates of
# this checkout, but git skips a link left dangling, without a word).
# The hooks folder is the repository's (core.hooksPath and worktrees
# respected).  A hook of ours already there (a copy or a link) is
# replaced by the form asked for.  Any other hook is never replaced
# silently: without --backup nothing is installed and the exit status is
# 1; with --backup it is kept as NAME.orig (NAME.orig.N when that exists).
# Exit 2: not a git repository, the checker missing, or a usage error.
use v5.36;
use FindBin;
use Cwd qw(abs_path);
use Getopt::Long qw(GetOptions);
use File::Path qw(make_path);

my @HOOKS = qw(commit-msg sendemail-validate);
my $USAGE = "usage: install-hooks.pl --repo DIR [--backup] [--link]\n";
my %o;
GetOptions(\%o, 'repo=s', 'backup', 'link', 'help') && !@ARGV or die $USAGE;
if ($o{help}) { print $USAGE; exit 0 }
sub fail($msg) { print STDERR "install-hooks: $msg\n"; exit 2 }
my $repo = $o{repo} // fail('say which repository: --repo DIR (make install-hooks REPO=DIR)');
-d $repo or fail("$repo: no such directory");
$repo = abs_path($repo);

# git rev-parse, run from a list: the path is never read by a shell.
sub git_hooks_dir($dir) {
	my $pid = open(my $fh, '-|') // fail("fork: $!");
	if (!$pid) {
		open STDERR, '>', '/dev/null';
		exec 'git', '-C', $dir, 'rev-parse', '--git-path', 'hooks' or do { require POSIX; POSIX::_exit(127) };
	}
	local $/;
	my $out = <$fh> // '';
	close $fh;
	return $? == 0 ? $out =~ s/\n\z//r : '';
}
my $hooks = git_hooks_dir($repo);
fail("$repo is not a git repository") if $hooks eq '';
$hooks = "$repo/$hooks" unless $hooks =~ m{^/};
my $src = abs_path("$FindBin::Bin/hooks");
my $tool = abs_path("$FindBin::Bin/disclosure.pl");
fail("the checker $FindBin::Bin/disclosure.pl is missing") unless defined $tool && -f $tool;
fail("the checker's path has a newline: $tool") if $tool =~ /\n/;

sub slurp($f) { open my $fh, '<', $f or return undef; local $/; <$fh> }
sub shq($s) { "'" . ($s =~ s/'/'\\''/gr) . "'" }

# The hook's text with the line that names the checker set to PATH ('':
# the text as shipped, for comparisons).
sub with_tool($text, $path) {
	return $text =~ s/^installed=.*$/installed=@{[ shq($path) ]}/mr;
}

# What is at $t: 'none', 'link' (ours, linked), 'copy' (ours, copied;
# $$path gets the checker it names), or 'other'.
sub state_of($t, $s, $path) {
	return 'none' if !-e $t && !-l $t;
	if (-l $t) {
		my $to = abs_path($t);
		return 'link' if defined $to && $to eq abs_path($s);
		return 'other';
	}
	my ($a, $b) = (slurp($t), slurp($s));
	return 'other' unless defined $a && defined $b;
	return 'other' unless with_tool($a, '') eq with_tool($b, '');
	($$path) = $a =~ /^installed=(.*)$/m;
	return 'copy';
}

my (@todo, @conflict);
for my $h (@HOOKS) {
	my ($t, $s) = ("$hooks/$h", "$src/$h");
	my $named;
	my $st = state_of($t, $s, \$named);
	if ($st eq 'link' && $o{link} || $st eq 'copy' && !$o{link} && $named eq shq($tool) && -x $t) {
		print "install-hooks: $t: already installed\n";
	} elsif ($st eq 'other') {
		push @conflict, $h;
		push @todo, $h;
	} else {
		push @todo, $h;
	}
}
if (@conflict && !$o{backup}) {
	print STDERR "install-hooks: $hooks/$_ exists and is not checkpatch-ext's $_ hook\n" for @conflict;
	print STDERR "install-hooks: nothing installed; move it away, or run again with --backup (make install-hooks REPO=$o{repo} BACKUP=1) to keep it as $_.orig\n"
		for $conflict[0];
	exit 1;
}
make_path($hooks) unless -d $hooks;
my %conflict = map { $_ => 1 } @conflict;
for my $h (@todo) {
	my ($t, $s) = ("$hooks/$h", "$src/$h");
	if ($conflict{$h}) {
		my $b = "$t.orig";
		my $n = 1;
		$b = "$t.orig." . $n++ while -e $b || -l $b;
		rename $t, $b or die "install-hooks: cannot move $t to $b: $!\n";
		print "install-hooks: $t was another hook: kept as $b\n";
	}
	# Made beside the hook, then renamed over it: never half written.
	my $tmp = "$t.install-hooks.$$";
	unlink $tmp;
	if ($o{link}) {
		symlink($s, $tmp) or die "install-hooks: cannot link $t: $!\n";
	} else {
		my $text = slurp($s) // die "install-hooks: cannot read $s: $!\n";
		open my $fh, '>', $tmp or die "install-hooks: cannot write $tmp: $!\n";
		print $fh with_tool($text, $tool);
		close $fh or do { unlink $tmp; die "install-hooks: cannot write $tmp: $!\n" };
		chmod 0755, $tmp or do { unlink $tmp; die "install-hooks: chmod $tmp: $!\n" };
	}
	rename $tmp, $t or do { unlink $tmp; die "install-hooks: cannot install $t: $!\n" };
	print $o{link} ? "install-hooks: $t -> $s\n" : "install-hooks: $t: copy of $s, checker $tool\n";
}
exit 0;
