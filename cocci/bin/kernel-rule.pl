#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Make the kernel patch that adds cocci/kmap_local_lifo.cocci to a kernel
# tree as scripts/coccinelle/api/kmap_local_lifo.cocci, in the form of
# scripts/coccinelle (header, Options, the four modes), so that a plain
# `make coccicheck` runs it.
#   kernel-rule.pl [--rule FILE] [--out FILE]   write the patch (make regen)
#   kernel-rule.pl --check [--rule FILE] [--out FILE]
#                                    exit 1 when the committed patch differs
#   kernel-rule.pl --print-rule      print the kernel form of the rule only
# The patch is git format-patch output of a scratch repository (zero
# commit, fixed author and date), so it is the same on every run.
use v5.36;
use FindBin;
use Getopt::Long qw(GetOptions);
use File::Temp qw(tempdir);
use File::Path qw(make_path);

my $root = "$FindBin::Bin/../..";
my %o = (rule => "$root/cocci/kmap_local_lifo.cocci",
	 out => "$root/kernel-patches/coccinelle/0001-coccinelle-api-add-kmap_local_lifo.cocci.patch");
GetOptions(\%o, 'rule=s', 'out=s', 'check', 'print-rule', 'help')
	or die "usage: kernel-rule.pl [--rule FILE] [--out FILE] [--check | --print-rule]\n";
if ($o{help}) {
	print "usage: kernel-rule.pl [--rule FILE] [--out FILE] [--check | --print-rule]\n";
	exit 0;
}

use lib "$FindBin::Bin/../lib";
use LifoPatch qw(rule_in_tree);
use ProcRun ();
use ReadFile qw(read_bytes read_error);
our $PATH = rule_in_tree('kmap_local_lifo.cocci');
my $AUTHOR = 'Seed 4f7d48b6 maintainers';
my $EMAIL = 'maintainers@users.noreply.a-seed-4f7d48b6.example';
my $DATE = '2026-12-04T09:00:00+00:00';
my $SUBJECT = 'coccinelle: api: add kmap_local_lifo.cocci';

my $CHANGELOG = <<'EOF';
kmap_local_page(), kmap_local_folio(), kmap_atomic() and, with
CONFIG_HIGHPTE, pte_offset_map() and its variants take slots of one
per-CPU stack, so nested mappings must be released in reverse order.  A
wrong order goes unnoticed unless the pages are really in highmem: then
kunmap_local_indexed() warns and the slot of the mapping still in use is
popped.  Such bugs reached releases, move_pages_pte() among them (fixed
by "mm/userfaultfd: fix kmap_local LIFO ordering for CONFIG_HIGHPTE").

Add a semantic patch that reports a mapping released while one made
after it is still held.  It follows every path of the function, loops
and gotos included; patch mode moves the early release after the release
of the inner mapping when the two are consecutive statements.

The tree's .cocciconfig makes spatch pick files with git grep, which
finds none in a tree that git does not track, such as an extracted
tarball under an ignored directory; the script asks for spatch's own
scanner instead.

Assisted-by: LLM
EOF

my $NOTES = <<'EOF';
Notes: no Signed-off-by: yet.  The human submitter who reviews this
change adds it before sending; an assistant cannot certify the DCO.
The script is the kmap-lifo project's cocci/kmap_local_lifo.cocci;
cocci/bin/kernel-rule.pl makes this patch from it.
EOF

# Places where the project's rule speaks of the project's drivers; each
# must match once, so that a change of the rule there is noticed here.
my @REWRITE = (
	[qr{^// Comments: .*\n(?://  .*\n)*}m, <<'EOF'],
// Comments: The identifier sets marked "maps.list", "iterators.list" and
//  "releases.list" list the functions that map and release; add a helper
//  that returns a mapping or releases one there to check its callers.
//  --use-coccigrep: .cocciconfig asks for git grep, which finds no file
//  in a tree that git does not track or ignores.
EOF
	[qr{ \(make scan counts these\)\.$}m, '.'],
	[qr{  make scan\n// picks files itself and drops this rule\.$}m, ''],
	[qr{^// The rule of a tree also names the helpers that map a field\n.*\n// what erofs_put_metabuf\(\) releases\)\.\n}m, ''],
);

sub must_read($f) { my $why; read_bytes($f, \$why) // die 'kernel-rule.pl: ' . read_error($f, $why) . "\n" }

# The rule as scripts/coccinelle has it.
sub kernel_form($text) {
	# The copies of cocci/lib/*.py (cocci/bin/inline-py.pl): without
	# their markers and the header comments of the modules.
	my $copies = $text =~ s{^\x23 >>> \S+\.py\b.*\n(?:\x23.*\n)*}{}mg;
	die "kernel-rule.pl: the rule holds no copy of a cocci/lib/ module: update kernel_form() in cocci/bin/kernel-rule.pl\n"
		unless $copies && $copies == ($text =~ s{^\x23 <<< \S+\.py[ \t]*\n}{}mg);
	for my $r (@REWRITE) {
		my ($re, $to) = @$r;
		my $n = () = $text =~ /$re/g;
		die "kernel-rule.pl: the rule changed where it is rewritten for the kernel ($re matches $n times, not once): update \@REWRITE in cocci/bin/kernel-rule.pl\n"
			unless $n == 1;
		$text =~ s/$re/$to/;
	}
	my @head = $text =~ m{\A((?://.*\n)+)};
	my $head = $head[0] // '';
	die "kernel-rule.pl: the rule needs an SPDX line, a /// description, Confidence and Options\n"
		unless $head =~ m{\A// SPDX-License-Identifier: } && $head =~ m{^/// \S}m
		&& $head =~ m{^// Confidence: }m && $head =~ m{^// Options: }m;
	# scripts/coccicheck takes every line that says "Options:".
	my $n = () = $text =~ /Options:/g;
	die "kernel-rule.pl: \"Options:\" must appear once in the rule (scripts/coccicheck greps it), not $n times\n" unless $n == 1;
	for my $m (qw(patch context org report)) {
		die "kernel-rule.pl: the rule lacks \"virtual $m\"\n" unless $text =~ /^virtual $m$/m;
	}
	return $text;
}

# A command (a list: no shell), bounded (scripts/lib/ProcRun.pm); its
# stdout, or death with what it printed.
sub run(@cmd) {
	my $r = ProcRun::run(\@cmd, timeout => 600);
	die "kernel-rule.pl: @cmd " . ProcRun::how($r) . ":\n$r->{stdout}$r->{stderr}" unless $r->{ok};
	return $r->{stdout};
}

sub make_patch($rule) {
	my $tmp = tempdir(CLEANUP => 1);
	my $d = "$tmp/linux";
	make_path("$d/scripts/coccinelle/api");
	local %ENV = (%ENV, GIT_AUTHOR_NAME => $AUTHOR, GIT_AUTHOR_EMAIL => $EMAIL,
		GIT_COMMITTER_NAME => $AUTHOR, GIT_COMMITTER_EMAIL => $EMAIL,
		GIT_AUTHOR_DATE => $DATE, GIT_COMMITTER_DATE => $DATE,
		GIT_CONFIG_NOSYSTEM => 1, GIT_CONFIG_GLOBAL => '/dev/null', HOME => $tmp);
	my @g = ('git', '-C', $d, '-c', 'core.autocrlf=false', '-c', 'diff.noprefix=false');
	run(@g, 'init', '-q');
	run(@g, 'commit', '-q', '--allow-empty', '-m', 'base');
	open my $fh, '>', "$d/$PATH" or die "$d/$PATH: $!";
	print $fh kernel_form($rule);
	close $fh;
	open $fh, '>', "$tmp/msg" or die;
	print $fh "$SUBJECT\n\n$CHANGELOG";
	close $fh;
	run(@g, 'add', $PATH);
	run(@g, 'commit', '-q', '-F', "$tmp/msg");
	my $p = run(@g, qw(format-patch -1 --stdout --zero-commit --no-signature --stat --summary --abbrev=7 --no-numbered HEAD));
	$p =~ s/^---\n/---\n$NOTES\n/m or die "kernel-rule.pl: no --- line in git format-patch output\n";
	return $p;
}

my $rule = must_read($o{rule});
if ($o{'print-rule'}) {
	print kernel_form($rule);
	exit 0;
}
my $patch = make_patch($rule);
if ($o{check}) {
	my $have = -f $o{out} ? must_read($o{out}) : '';
	exit 0 if $have eq $patch;
	print STDERR "kernel-rule.pl: $o{out} is not what $o{rule} gives: run make regen (or perl cocci/bin/kernel-rule.pl)\n";
	exit 1;
}
(my $dir = $o{out}) =~ s{/[^/]*$}{};
make_path($dir) if $dir ne $o{out};
open my $fh, '>', "$o{out}.tmp" or die "kernel-rule.pl: $o{out}.tmp: $!\n";
print $fh $patch;
close $fh or die "kernel-rule.pl: $o{out}.tmp: $!\n";
rename "$o{out}.tmp", $o{out} or die "kernel-rule.pl: $o{out}: $!\n";
