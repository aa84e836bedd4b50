#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Install the commit-msg and sendemail-validate hooks of checkpatch-ext/hooks
# into a git repository, as symbolic links (the hooks find disclosure.pl
# through them).
#   install-hooks.pl --repo DIR [--backup]
# The hooks folder is the repository's (core.hooksPath and worktrees
# respected).  A hook already there that is not this one is never
# replaced silently: without --backup nothing is installed and the exit
# status is 1; with --backup it is kept as NAME.orig (NAME.orig.N when
# that exists).  Exit 2: not a git repository, or a usage error.
use v5.36;
use FindBin;
use Cwd qw(abs_path);
use Getopt::Long qw(GetOptions);
use File::Path qw(make_path);

my @HOOKS = qw(commit-msg sendemail-validate);
my %o;
GetOptions(\%o, 'repo=s', 'backup', 'help') && !@ARGV
	or die "usage: install-hooks.pl --repo DIR [--backup]\n";
if ($o{help}) { print "usage: install-hooks.pl --repo DIR [--backup]\n"; exit 0 }
my $repo = $o{repo} // do { print STDERR "install-hooks: say which repository: --repo DIR (make install-hooks REPO=DIR)\n"; exit 2 };
-d $repo or do { print STDERR "install-hooks: $repo: no such directory\n"; exit 2 };
$repo = abs_path($repo);

my $hooks = `git -C '$repo' rev-parse --git-path hooks 2>/dev/null`;
if ($? != 0 || $hooks eq '') {
	print STDERR "install-hooks: $repo is not a git repository\n";
	exit 2;
}
chomp $hooks;
$hooks = "$repo/$hooks" unless $hooks =~ m{^/};
my $src = abs_path("$FindBin::Bin/hooks");

sub slurp($f) { open my $fh, '<', $f or return undef; local $/; <$fh> }

# Whether the hook at $t is already ours: a link to it, or the same text.
sub ours($t, $s) {
	if (-l $t) {
		my $to = abs_path($t);
		return 1 if defined $to && $to eq abs_path($s);
	}
	my ($a, $b) = (slurp($t), slurp($s));
	return defined $a && defined $b && $a eq $b;
}

my (@todo, @conflict);
for my $h (@HOOKS) {
	my ($t, $s) = ("$hooks/$h", "$src/$h");
	if (!-e $t && !-l $t) { push @todo, $h }
	elsif (ours($t, $s)) { print "install-hooks: $t: already installed\n" }
	else { push @conflict, $h; push @todo, $h }
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
	my $t = "$hooks/$h";
	if ($conflict{$h}) {
		my $b = "$t.orig";
		my $n = 1;
		$b = "$t.orig." . $n++ while -e $b || -l $b;
		rename $t, $b or die "install-hooks: cannot move $t to $b: $!\n";
		print "install-hooks: $t was another hook: kept as $b\n";
	}
	symlink("$src/$h", $t) or die "install-hooks: cannot link $t: $!\n";
	print "install-hooks: $t -> $src/$h\n";
}
exit 0;
