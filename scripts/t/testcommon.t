# SPDX-License-Identifier: GPL-2.0
# scripts/lib/TestCommon.pm: scenario() keeps a die to its own subtest
# (a failure there, with the message) and the test file goes on; a
# skip_all in it skips it; slurp and write_to.
use v5.36;
use Test::More;
use FindBin;
use File::Temp qw(tempdir);
use lib "$FindBin::Bin/../lib";
use TestCommon;

my $d = tempdir(CLEANUP => 1);
is(write_to("$d/a/b/f", "x\0y\n", 0640), "$d/a/b/f", 'write_to: the file, its folders made');
is(slurp("$d/a/b/f"), "x\0y\n", 'slurp: its bytes');
is((stat "$d/a/b/f")[2] & 07777, 0640, 'write_to: the mode asked for');
is(slurp("$d/none"), undef, 'slurp: undef for a missing file');

write_to("$d/s.t", <<"EOF2");
use v5.36;
use Test::More;
use lib '$FindBin::Bin/../lib';
use TestCommon;
scenario 'dies' => sub { ok(1, 'before'); die "boom\\n"; ok(1, 'never') };
scenario 'skipped' => sub { plan skip_all => 'not here' };
scenario 'goes on' => sub { ok(1, 'after') };
done_testing;
EOF2
my $o = `'$^X' '$d/s.t' 2>&1`;
is($? >> 8, 1, 'a die in a scenario: one failure');
like($o, qr/^    ok 1 - before\n    not ok 2 - runs to its end\n(?:.*\n)*?    # died: boom\n/m, '... in its subtest, with the message');
like($o, qr/^not ok 1 - dies$/m, '... that subtest fails');
like($o, qr/^ok 2 # skip not here$/m, 'skip_all in a scenario: skipped');
like($o, qr/^    ok 1 - after\n    1\.\.1\nok 3 - goes on$/m, 'the next scenario runs');
like($o, qr/^1\.\.3$/m, '... and the file ends with its plan');
done_testing;
