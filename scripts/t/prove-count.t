# SPDX-License-Identifier: GPL-2.0
# scripts/prove-count.sh: its last line counts assertions, those of
# subtests (nested too) once each, not the lines that sum a subtest up;
# a skipped or empty subtest and a file that dies count as one.
use v5.36;
use Test::More;
use FindBin;
use File::Temp qw(tempdir);
use lib "$FindBin::Bin/../lib";
use TestCommon;

my $count = "$FindBin::Bin/../prove-count.sh";
# prove-count.sh on a folder of these test files: (exit status, last line).
sub count_of(%files) {
	my $d = tempdir(CLEANUP => 1);
	write_to("$d/$_.t", "use v5.36;\nuse Test::More;\n$files{$_}\ndone_testing;\n") for keys %files;
	my $o = `sh '$count' '$d' 2>&1`;
	return ($? >> 8, (split /\n/, $o)[-1] // '');
}

my ($st, $last) = count_of(flat => "ok(1, 'a'); ok(1, 'b');");
is($last, '2 passed, 0 failed', 'flat: each assertion');
is($st, 0, '... exit 0');

($st, $last) = count_of(nested => <<'EOF2');
ok(1, 'top');
subtest 'one' => sub { ok(1, 'a'); ok(1, 'b') };
subtest 'two' => sub { ok(1, 'c'); subtest 'inner' => sub { ok(1, 'd') } };
EOF2
is($last, '5 passed, 0 failed', 'subtests, nested too: their assertions, not the lines that sum them up');
is($st, 0, '... exit 0');

($st, $last) = count_of(skipped => <<'EOF2');
subtest 'none here' => sub { plan skip_all => 'not here' };
SKIP: { skip 'not here either', 2 }
ok(1, 'a');
EOF2
is($last, '4 passed, 0 failed', 'a skipped subtest counts once, as a skip does');

($st, $last) = count_of(failing => <<'EOF2', other => "ok(1, 'x');");
ok(1, 'top');
subtest 'one' => sub { ok(1, 'a'); ok(0, 'b'); subtest 'inner' => sub { ok(0, 'c'); ok(1, 'd') } };
subtest 'empty' => sub { 1 };
EOF2
is($last, '4 passed, 3 failed', 'failures: each failed assertion once; an empty subtest is one');
isnt($st, 0, '... exit non-zero');

($st, $last) = count_of(died => "ok(1, 'a');\nsubtest 'dies' => sub { ok(1, 'b'); die \"boom\\n\" };",
	after => "ok(1, 'c');");
is($last, '3 passed, 1 failed', 'a file that dies in a subtest: one failure');
isnt($st, 0, '... exit non-zero');
# (prove pads the shorter name with dots: "b.t ............ ".)
($st, $last) = count_of('a-killed-in-a-subtest' => "subtest 'killed' => sub { ok(1, 'b'); kill 'KILL', \$\$ };",
	b => "ok(1, 'c');\nok(1, 'd');");
is($last, '3 passed, 1 failed', 'a file killed inside a subtest: the next file counts afresh');
done_testing;
