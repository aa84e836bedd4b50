#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# A test fixture: the packaged 6.12 tree's scripts/checkpatch.pl (6.12.118,
# with d1db4118489f backported) reduced to the checks the tests need,
# with its messages, report format and exit status:
# - BAD_SIGN_OFF: "Assisted-by expects 'AGENT_NAME:MODEL_VERSION [TOOL1]
#   [TOOL2]' format" unless the value matches ^\S+:\S+ (so it warns on the
#   'Assisted-by: LLM coccinelle' that the 7.3 documentation asks for);
# - MISSING_SIGN_OFF: "Missing Signed-off-by: line(s)";
# - DEPRECATED_API: an added line that calls kmap, kunmap, kmap_atomic
#   or kunmap_atomic;
# - it finds its tree from its own path and, without --no-tree, wants
#   one with the top-level files of a kernel tree;
# - --ignore TYPES, --no-tree, --show-types, -q and --terse.
# Exit 1 when it reported an ERROR or a WARNING, else 0.
use v5.36;
use Cwd qw(abs_path);
use File::Basename qw(dirname);

my (%ignore, $types, $quiet, $terse);
my $tree = 1;
my @files;
while (defined(my $a = shift @ARGV)) {
	if ($a eq '--ignore') { $ignore{uc $_} = 1 for split /,/, shift @ARGV }
	elsif ($a =~ /^--ignore=(.*)/) { $ignore{uc $_} = 1 for split /,/, $1 }
	elsif ($a eq '--no-tree') { $tree = 0 }
	elsif ($a eq '--show-types') { $types = 1 }
	elsif ($a eq '-q' || $a eq '--quiet') { $quiet = 1 }
	elsif ($a eq '--terse') { $terse = 1 }
	elsif ($a =~ /^-/) { }
	else { push @files, $a }
}
my $root = dirname(dirname(abs_path($0)));
if ($tree && grep { !-e "$root/$_" } qw(COPYING CREDITS Kbuild MAINTAINERS Makefile README Documentation arch include drivers fs init ipc kernel lib scripts)) {
	print "Must be run from the top-level dir. of a kernel tree\n";
	exit 2;
}
my %deprecated = (kmap => 'kmap_local_page', kunmap => 'kunmap_local',
	kmap_atomic => 'kmap_local_page', kunmap_atomic => 'kunmap_local');
my $bad = 0;
for my $f (@files) {
	open my $fh, '<', $f or die "$f: $!\n";
	my @l = <$fh>;
	chomp @l;
	my (@rep, $errors, $warnings, $signoff, $in_diff, $file, $ln);
	my $report = sub ($level, $type, $msg, $where) {
		return if $ignore{$type};
		$level eq 'ERROR' ? $errors++ : $warnings++;
		push @rep, ($types ? "$level:$type: " : "$level: ") . "$msg\n" . ($where // '');
	};
	for my $i (0 .. $#l) {
		my $l = $l[$i];
		if ($l =~ /^diff --git / || $l =~ /^--- /) { $in_diff = 1 }
		if (!$in_diff) {
			$signoff = 1 if $l =~ /^\s*Signed-off-by:/i;
			if ($l =~ /^\s*Assisted-by:\s*(.*)/i && $1 !~ /^\S+:\S+/) {
				$report->('WARNING', 'BAD_SIGN_OFF', "Assisted-by expects 'AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]' format",
					'#' . ($i + 1) . ": \n$l\n");
			}
			next;
		}
		if ($l =~ m{^\+\+\+ b/(\S+)}) { $file = $1; next }
		if ($l =~ /^@@ -\d+(?:,\d+)? \+(\d+)/) { $ln = $1 - 1; next }
		next unless defined $ln;
		$ln++ if $l =~ /^[ +]/;
		if ($l =~ /^\+/) {
			for my $api (sort keys %deprecated) {
				$report->('WARNING', 'DEPRECATED_API', "Deprecated use of '$api', prefer '$deprecated{$api}' instead",
					'#' . ($i + 1) . ": FILE: $file:$ln:\n$l\n") if $l =~ /\b\Q$api\E\s*\(/;
			}
		}
	}
	$report->('ERROR', 'MISSING_SIGN_OFF', 'Missing Signed-off-by: line(s)', '') unless $signoff;
	$errors //= 0;
	$warnings //= 0;
	print map { "$_\n" } @rep unless $terse;
	print "total: $errors errors, $warnings warnings, " . scalar(@l) . " lines checked\n" unless $quiet && !$errors && !$warnings;
	$bad = 1 if $errors || $warnings;
}
exit $bad;
