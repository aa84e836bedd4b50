#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Copy the Python modules of cocci/lib/ into the semantic patches that
# run them.  A rule stays one file (make coccicheck COCCI=, the kernel's
# scripts/coccinelle/), so its @initialize:python@ block holds a copy of
# each module it needs, between two marker lines:
#     # >>> cocci/lib/lifo_rule.py: copied in by make regen (cocci/bin/inline-py.pl); edit that file
#     ...
#     # <<< cocci/lib/lifo_rule.py
# The module (a path from the project's top) is the source; what stands
# between its markers is replaced by it, byte for byte.
#   inline-py.pl [RULE.cocci...]          rewrite the copies (make regen)
#   inline-py.pl --check [RULE.cocci...]  exit 1 when a copy differs
# Default: cocci/kmap_local_lifo.cocci and cocci/kmap_local_wrappers.cocci.
# Exit 2 on errors (a rule or module unreadable, markers that do not pair).
use v5.36;
use FindBin;
use lib "$FindBin::Bin/../../scripts/lib";
use ReadFile ();
use Getopt::Long qw(GetOptions);

my $top = "$FindBin::Bin/../..";
my $USAGE = "usage: inline-py.pl [--check] [RULE.cocci...]\n";
my %o;
GetOptions(\%o, 'check', 'help') or do { print STDERR $USAGE; exit 2 };
if ($o{help}) { print $USAGE; exit 0 }
my @rules = @ARGV ? @ARGV : map { "$top/cocci/$_.cocci" } qw(kmap_local_lifo kmap_local_wrappers);

sub fail($msg) { print STDERR "inline-py.pl: $msg\n"; exit 2 }

sub slurp($f) {
	my $why;
	return ReadFile::read_bytes($f, \$why) // fail(ReadFile::read_error($f, $why));
}

# $text with each marked copy replaced by its module, the modules it
# copies and those whose copy differed.
sub inline($rule, $text) {
	my (@mods, @stale);
	my $out = '';
	while ($text =~ s{\A(.*?^\x23 >>> (\S+\.py)\b[^\n]*\n)(.*?)(^\x23 <<< (\S+)[ \t]*\n)}{}ms) {
		my ($head, $mod, $copy, $end, $endmod) = ($1, $2, $3, $4, $5);
		fail("$rule: the copy of $mod ends with the marker of $endmod") if $endmod ne $mod;
		my $src = slurp("$top/$mod");
		fail("$mod: the module must end with a line break") unless $src =~ /\n\z/;
		$out .= $head . $src . $end;
		push @mods, $mod;
		push @stale, $mod if $copy ne $src;
	}
	fail("$rule: a marker without its pair") if $text =~ /^\x23 (?:>>>|<<<) /m;
	return ($out . $text, \@mods, \@stale);
}

my $differ = 0;
for my $rule (@rules) {
	my $text = slurp($rule);
	my ($new, $mods, $stale) = inline($rule, $text);
	fail("$rule: no module copied in (no \"\x23 >>> cocci/lib/NAME.py\" line)") unless @$mods;
	next unless @$stale;
	if ($o{check}) {
		print STDERR "inline-py.pl: $rule: its copy of $_ differs from the module: edit the module, then run make regen\n"
			for @$stale;
		$differ = 1;
		next;
	}
	open my $fh, '>', "$rule.tmp" or fail("cannot write $rule.tmp: $!");
	print $fh $new;
	close $fh or fail("cannot write $rule.tmp: $!");
	rename "$rule.tmp", $rule or fail("cannot write $rule: $!");
}
exit $differ;
