#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Coccinelle-style tests for cocci/kmap_local_lifo.cocci.  For each input
# NAME.c or NAME.h here: report mode must print NAME.rep, patch mode
# (cocci/bin/lifo-fix.sh) must turn the input into NAME.res, and the
# result must parse and report nothing (or NAME.left, when patch mode
# cannot move the release).  Then the modes, the prefilter, wrapper
# inference (cocci/bin/lifo-rule.pl on wrappers/), and the packaged 6.12
# seed: move_pages_pte() with the upstream fix reverted is reported and
# patched back; the packaged file is silent.
#   perl cocci/tests/run.pl     (UPDATE=1 writes the actual outputs over
#                                the expectations: review them!)
# Prints "ok - ..." / "not ok - ..." and finally "N passed, N failed".
use v5.36;
use FindBin;
use Cwd qw(abs_path);
use File::Path qw(make_path remove_tree);
use File::Copy qw(copy);
use File::Basename qw(basename dirname);
use lib "$FindBin::Bin/../lib";
use LifoCommon qw(read_bytes);
use LifoFinding ();
use ProcRun ();

my $top = abs_path("$FindBin::Bin/../..");
my $tests = "$top/cocci/tests";
my $sp = "$top/cocci/kmap_local_lifo.cocci";
# (An empty BUILD is the default, as in the Makefile: never /cocci-tests.)
my $work = (($ENV{BUILD} // '') =~ /\S/ ? $ENV{BUILD} : "$top/build") . '/cocci-tests';
my $update = $ENV{UPDATE};
my ($passed, $failed) = (0, 0);

if (grep { $_ eq '--help' || $_ eq '-h' } @ARGV) {
	open my $me, '<', $0 or die "$0: $!\n";
	while (<$me>) { last if $. > 13; print s/^# ?//r if $. > 2 }
	exit 0;
}

sub ok($what) { $passed++; print "ok - $what\n" }

sub nok($what, $detail = '') {
	$failed++;
	print "not ok - $what\n";
	print map { "#   $_\n" } split /\n/, $detail if length $detail;
}

sub spew($file, $text) {
	make_path(dirname($file));
	open my $fh, '>', $file or die "$file: $!\n";
	print $fh $text;
	close $fh or die "$file: $!\n";
}

# Run @cmd in $dir; its stdout (stderr too with $o{stderr}, else dropped)
# and its wait status (scripts/lib/ProcRun.pm: ten minutes at most).
# $o{stdin}: a file to read.
sub capture($dir, $o, @cmd) {
	my $r = ProcRun::run(\@cmd, dir => $dir, stdin => $o->{stdin}, timeout => 600,
		stderr => $o->{stderr} ? 'stdout' : '/dev/null');
	my $out = $r->{stdout} . ($r->{timed_out} || defined $r->{error} ? "$cmd[0]: " . ProcRun::how($r) . "\n" : '');
	return wantarray ? ($out, $r->{wait}) : $out;
}

# Kernel macros spatch cannot parse alone, as make scan gives them.
my @MACROS = ('--macro-file', "$top/cocci/kernel-macros.h");

sub spatch($dir, @args) {
	return capture($dir, {}, 'spatch', '--very-quiet', '--no-includes', @MACROS, @args);
}

# The warnings report mode prints for @files in $dir, sorted.
sub report($dir, @files) {
	my $out = spatch($dir, '-D', 'report', '--include-headers', '--sp-file', $sp, @files);
	return join '', sort grep { /: WARNING: / } split /^/, $out;
}

sub expect_same($what, $expected, $actual) {
	$expected //= '';
	return ok($what) if $expected eq $actual;
	my ($e, $a) = ("$work/expected.tmp", "$work/actual.tmp");
	spew($e, $expected);
	spew($a, $actual);
	nok($what, scalar capture($work, {}, 'diff', '-u', $e, $a));
}

sub like_ok($what, $text, $re) {
	return ok($what) if $text =~ $re;
	nok($what, $text);
}

sub copy_to($dir, @files) {
	make_path($dir);
	for (@files) { copy($_, "$dir/" . basename($_)) or die "$_: $!\n" }
}

remove_tree($work);
make_path($work);

# The committed semantic patches hold the names of the lists.
for my $rule (qw(kmap_local_lifo kmap_local_wrappers)) {
	my $file = "$top/cocci/$rule.cocci";
	expect_same("$rule.cocci holds the names of the lists (make regen)",
		read_bytes($file), scalar capture($top, {}, 'perl', "$top/cocci/bin/lists.pl", $file));
}
# Their Python is that of cocci/lib/*.py, copied in (make regen).
{
	my ($out, $st) = capture($top, { stderr => 1 }, 'perl', "$top/cocci/bin/inline-py.pl", '--check');
	$st == 0 ? ok('the rules hold cocci/lib/*.py as it is (make regen)')
		 : nok('the rules hold another Python than cocci/lib/*.py', $out);
}

# spatch's token prefilter keeps working in every mode: the query names
# the releasing functions (a rule without literal names would empty it,
# and spatch --dir would then parse every file of the tree).
sub grep_query_names($rule, $mode, @words) {
	my $out = capture($top, { stderr => 1 }, 'spatch', '-D', $mode, '--parse-cocci', $rule);
	my ($q) = $out =~ /^Grep query\n(.*)$/m;
	my %have = map { $_ => 1 } split ' ', $q // '';
	return !grep { !$have{$_} } @words;
}
for my $mode (qw(report patch context org)) {
	my $has = grep_query_names($sp, $mode, qw(kunmap_local kunmap_atomic pte_unmap pte_unmap_unlock));
	$has ? ok("prefilter: $mode mode has a grep query of the releasing functions")
	     : nok("prefilter: $mode mode has no grep query of the releasing functions");
}
grep_query_names("$top/cocci/kmap_local_wrappers.cocci", 'report', qw(kmap_local_page kunmap_local))
	? ok('prefilter: kmap_local_wrappers.cocci has a grep query of the lists')
	: nok('prefilter: kmap_local_wrappers.cocci has no grep query of the lists');

# Wrapper inference (the same passes as make scan): two levels of
# wrappers found, their callers checked, the seed-list rule silent.
my $w = "$work/wrappers";
copy_to("$w/tree", map { "$tests/wrappers/$_" } qw(wrapped.c unrelated.c dir_helpers.c values.c outptr.c reloc.c relarg.c));
# (A table of field helpers, and its callers in another file, which name
# no mapping call: the data of cocci/t/summaries.t.)
copy_to("$w/tree", map { "$top/cocci/t/data/summaries/$_" } qw(opf-tt.c opf-user.c));
my ($wlog, $wrc) = capture($w, { stderr => 1 }, 'perl', "$top/cocci/bin/lifo-rule.pl",
	'--tree', "$w/tree", '--out', "$w/out", '--jobs', 2);
if ($wrc == 0 && -f "$w/out/kmap_local_lifo.cocci") {
	my $actual = join '', grep { /^scan: pass / } split /^/, $wlog;
	$actual .= join '', sort split /^/, read_bytes("$w/out/wrappers.txt");
	$actual .= join '', sort split /^/, read_bytes("$w/out/relargs.list");
	$actual .= join '', grep { /: WARNING: / } split /^/, spatch("$w/tree", '-D', 'report',
		'--sp-file', "$w/out/kmap_local_lifo.cocci", 'wrapped.c', 'dir_helpers.c', 'opf-user.c', 'outptr.c', 'relarg.c');
	spew("$tests/wrappers/expected.txt", $actual) if $update;
	expect_same('wrappers: inferred and used', read_bytes("$tests/wrappers/expected.txt"), $actual);
} else {
	nok('wrappers: lifo-rule.pl failed', $wlog);
}
# The helper search runs alone (its own copy of cocci/lib/lifo_source.py)
# and prints what it prints appended to the checker, as make scan runs it.
{
	my $a = "$work/alone";
	copy_to($a, map { "$tests/wrappers/$_" } qw(wrapped.c dir_helpers.c));
	copy_to($a, "$top/cocci/t/data/summaries/keyed-pool.c");
	my @files = qw(wrapped.c dir_helpers.c keyed-pool.c);
	spew("$a/pass.cocci", join "\n",
		scalar capture($top, {}, 'perl', "$top/cocci/bin/lists.pl", '--no-prefilter', $sp),
		scalar capture($top, {}, 'perl', "$top/cocci/bin/lists.pl", '--rules-only', "$top/cocci/kmap_local_wrappers.cocci"));
	my $helpers = sub ($rule) {
		join '', sort grep { /^WRAPPER: (?!field)/ } split /^/, spatch($a, '-D', 'report', '--sp-file', $rule, @files);
	};
	my $alone = $helpers->("$top/cocci/kmap_local_wrappers.cocci");
	like_ok('the helper search alone finds a release by key', $alone, qr/^WRAPPER: keyrelease kpool_unmap /m);
	expect_same('the helper search alone prints what it prints with the checker', $helpers->("$a/pass.cocci"), $alone);
}

# A wrapper named "when" is left out with a note: the rule still parses.
copy_to("$w/reserved", "$tests/wrappers/reserved/when.c");
my ($rlog, $rrc) = capture($w, { stderr => 1 }, 'perl', "$top/cocci/bin/lifo-rule.pl",
	'--tree', "$w/reserved", '--out', "$w/rout", '--jobs', 2);
if ($rrc == 0 && $rlog =~ /wrapper when \(map\) left out: SmPL reserves the word/
    && (capture($w, {}, 'spatch', '--parse-cocci', "$w/rout/kmap_local_lifo.cocci"))[1] == 0) {
	ok('wrappers: a reserved word is left out and the rule parses');
} else {
	nok('wrappers: a wrapper named when', $rlog);
}
report("$w/tree", 'wrapped.c') eq ''
	? ok('wrappers: unknown to the seed lists without inference')
	: nok('wrappers: the seed-list rule reports wrapped.c');

# All inputs go through each step together: spatch parses the semantic
# patch once a run, which costs more than the inputs.
my @inputs = LifoCommon::entries($tests, qr/\.[ch]\z/);
my @names = map { basename($_) } @inputs;
copy_to("$work/in", @inputs);
copy_to("$work/out", @inputs);
my $report_all = report("$work/in", @names);
my ($diff, $frc) = capture("$work/in", { stderr => 1 }, 'sh', "$top/cocci/bin/lifo-fix.sh", "$work/in", @names);
spew("$work/fix.diff", $diff) if $frc == 0;
my ($plog, $prc) = $frc ? ('', 1) : capture("$work/out", { stderr => 1, stdin => "$work/fix.diff" }, 'patch', '-s', '-p1');
$frc == 0 && $prc == 0 ? ok('patch mode runs on all inputs') : nok('patch mode failed', $frc ? $diff : $plog);
my $report_after = report("$work/out", @names);
my $parse_log = capture("$work/out", { stderr => 1 }, 'spatch', @MACROS, '--parse-c', @names);

for my $name (@names) {
	(my $base = $name) =~ s/\.[ch]\z//;
	my $rep = join '', grep { /^\Q$name\E:/ } split /^/, $report_all;
	my $res = read_bytes("$work/out/$name");
	if ($update) { spew("$tests/$base.rep", $rep); spew("$tests/$base.res", $res) }
	expect_same("$base: report", read_bytes("$tests/$base.rep"), $rep);
	expect_same("$base: patch", read_bytes("$tests/$base.res"), $res);
	# What patch mode cannot move (a release inside a loop, an array's
	# loop, an iterator) is left to a human: NAME.left lists it.
	my $left = join '', grep { /^\Q$name\E:/ } split /^/, $report_after;
	expect_same("$base: patched result reports only what is left to a human",
		read_bytes("$tests/$base.left") // '', $left);
}
# --parse-c ends with a count of the files it could not parse.
$parse_log =~ /^NB total files = \d+; perfect = \d+; pbs = 0;/m
	? ok('patched results parse')
	: nok('patched results do not parse', join '', grep { /bad|pbs/i } split /^/, $parse_log);

# With -D records, report mode prints each finding as the record its
# warning is made from (cocci/lib/LifoFinding.pm) instead of the warning:
# one per warning, at its place, with its words; the three kinds as in
# modes/records.txt.
{
	my $out = spatch("$work/in", '-D', 'report', '-D', 'records', '--include-headers', '--sp-file', $sp, @names);
	my @rec = grep { /^FINDING: / } split /^/, $out;
	my @bad = grep { !LifoFinding::from_line($_) } @rec;
	@bad ? nok('records: some do not read', join '', @bad) : ok('records: each reads as a finding');
	expect_same('records: one per warning, with its place and words', $report_all, join '', sort map {
		my $f = LifoFinding::from_line($_);
		$f ? "$f->{file}:$f->{line}:$f->{column}-$f->{end_column}: WARNING: $f->{message}\n" : ();
	} @rec);
	my $kinds = join '', sort grep { /"file":"(?:nested_kmap_local|array_loop|struct_walk)\.c"/ } @rec;
	spew("$tests/modes/records.txt", $kinds) if $update;
	expect_same('records: pair, array and field', read_bytes("$tests/modes/records.txt"), $kinds);
	$out =~ /: WARNING: / ? nok('records: no warning beside them', $out) : ok('records: no warning beside them');
}

# Context and org modes: the early release starred, the TODO linking both
# mappings; a correct order silent in both.
for my $mode (qw(context org)) {
	my $out = join '', grep { !/^(\+\+\+|---) / } split /^/,
		spatch("$work/in", '-D', $mode, '--sp-file', $sp, 'nested_kmap_local.c', 'correct_order.c');
	spew("$tests/modes/nested_kmap_local.$mode", $out) if $update;
	expect_same("$mode mode", read_bytes("$tests/modes/nested_kmap_local.$mode"), $out);
}

# Context mode stars exactly the releases report mode reports, in every
# input (the lines of the starred releases against the report's lines).
my (%starred, $file, $line);
for (split /^/, spatch("$work/in", '-D', 'context', '--include-headers', '--sp-file', $sp, @names)) {
	if (/^--- (\S+)/) { $file = $1 }
	elsif (/^\+\+\+ /) { }
	elsif (/^@@ -(\d+)/) { $line = $1 }
	elsif (/^-/) { $starred{"$file:$line"} = 1; $line++ }
	elsif (/^ /) { $line++ }
}
my %reported = map { /^([^:]*:\d+):/ ? ($1 => 1) : () } split /^/, $report_all;
expect_same('context mode stars what report mode reports',
	join('', map { "$_\n" } sort keys %reported), join('', map { "$_\n" } sort keys %starred));

# With -D undecided, report mode names what it cannot order (NAME.und),
# and nothing in the other inputs.
my $und_all = spatch("$work/in", '-D', 'report', '-D', 'undecided', '--include-headers', '--sp-file', $sp, @names);
for my $name (@names) {
	(my $base = $name) =~ s/\.[ch]\z//;
	my $und = join '', grep { /^UNDECIDED: \Q$name\E:/ } split /^/, $und_all;
	next unless $und ne '' || -f "$tests/$base.und";
	spew("$tests/$base.und", $und) if $update;
	expect_same("$base: undecided named with -D undecided", read_bytes("$tests/$base.und"), $und);
}

# Org links survive expressions with brackets.
my @links = grep { /\[\[view:/ } split /^/, spatch("$work/in", '-D', 'org', '--sp-file', $sp, 'array_loop.c');
@links && !(grep { !/^(\* TODO )?\[\[view:[^][]*\]\[[^][]*\]\]$/ } @links)
	? ok('org mode: links hold no brackets in their text')
	: nok('org mode: a link is broken', join '', @links);

# A file name is data: spatch's patch mode runs diff through a shell with
# the name unquoted, so lifo-fix.sh must never hand it the tree's names.
{
	my $name = q{drivers/x/$(touch $KMAP_LIFO_PWNED) it's;a.c};
	my $t = "$work/names";
	copy_to("$t/tree/drivers/x", "$tests/nested_kmap_local.c");
	rename "$t/tree/drivers/x/nested_kmap_local.c", "$t/tree/$name" or die "$!";
	local $ENV{KMAP_LIFO_PWNED} = "$t/PWNED";
	my ($d, $rc) = capture($t, {}, 'sh', "$top/cocci/bin/lifo-fix.sh", "$t/tree", $name);
	$rc == 0 && $d =~ /^\+\+\+ b\/\Q$name\E\n/m && $d =~ /^\+\tkunmap_local\(vfrom\);/m
		? ok('patch mode: a file named with $(...), quote and ; gets its patch')
		: nok('patch mode: no patch for a file with shell characters in its name', $d);
	-e "$t/PWNED"
		? nok('patch mode: the file name ran a command')
		: ok('... and runs nothing');
}

# The seed: the packaged tree's move_pages_pte() and its reverted fix.
sub seed_tests() {
	my ($seed) = LifoCommon::entries("$top/checkpatch-ext/t/data", qr/^008-.*\.patch\z/);
	my ($tree, $trc) = capture($top, {}, 'sh', "$top/scripts/ktree.sh", '6.12');
	chomp $tree;
	return nok('seed: packaged 6.12 tree or seed 008 not available') if $trc || !$seed;
	my $d = "$work/seed";
	copy_to("$d/$_/mm", "$tree/mm/userfaultfd.c") for qw(fixed reverted);
	my $text = read_bytes($seed);
	spew("$d/fix.patch", $text =~ s/\A.*?(?=^diff --git)//msr);
	(capture("$d/reverted", { stdin => "$d/fix.patch" }, 'patch', '-s', '-R', '-p1'))[1] == 0
		? ok('seed: the upstream fix reverts on the packaged tree')
		: nok('seed: the upstream fix does not revert on the packaged tree');
	my $r = report("$d/fixed", 'mm/userfaultfd.c');
	$r eq '' ? ok('seed: packaged mm/userfaultfd.c is silent')
		 : nok('seed: packaged mm/userfaultfd.c reports', $r);
	$r = report("$d/reverted", 'mm/userfaultfd.c');
	$r =~ /move_pages_pte\(\): dst_pte \(pte_offset_map_nolock, line \d+\) mapped before src_pte \(pte_offset_map_nolock, line \d+\) but released first; release src_pte before dst_pte$/m
		? ok('seed: reverted move_pages_pte() is reported')
		: nok('seed: reverted move_pages_pte() not reported', $r);
	copy_to("$d/out/mm", "$d/reverted/mm/userfaultfd.c");
	my ($fix, $rc) = capture($d, {}, 'sh', "$top/cocci/bin/lifo-fix.sh", "$d/reverted", 'mm/userfaultfd.c');
	spew("$d/fix.diff", $fix);
	capture("$d/out", { stdin => "$d/fix.diff" }, 'patch', '-s', '-p1');
	# Upstream also added a comment; apart from it the result must match.
	my $extra = join '', grep { /^[<>]/ && !/^<\s*\/?\*/ } split /^/,
		capture($d, {}, 'diff', "$d/fixed/mm/userfaultfd.c", "$d/out/mm/userfaultfd.c");
	$rc == 0 && $fix ne '' && $extra eq ''
		? ok('seed: patch mode restores the upstream release order')
		: nok('seed: patch mode result differs from upstream', $extra);
}
seed_tests();

print "$passed passed, $failed failed\n";
exit($failed ? 1 : 0);
