# SPDX-License-Identifier: GPL-2.0
# The two expression tidiers agree: tidy() of the rule's Python
# (cocci/lib/lifo_rule.py), which makes the expressions of a finding
# record, and LifoFinding::_tidy(), which reads them, on the cases of
# t/data/tidy.json (what spatch prints, and what the kernel writes).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use JSON::PP ();
use LifoFinding ();

my $root = root();
my $cases = do { local $/; open my $fh, '<', "$FindBin::Bin/data/tidy.json" or die $!; JSON::PP->new->decode(<$fh>) };
ok(@$cases > 10, 'the cases');

is(LifoFinding::_tidy($_->[0]), $_->[1], "LifoFinding::_tidy('$_->[0]')") for @$cases;

# The rule's, as the rule runs it (lifo_source.py, then lifo_rule.py).
my $py = <<'EOF2';
import json, sys, types
ns = types.ModuleType("lifo")
for name in ("lifo_source.py", "lifo_rule.py"):
	exec(open(sys.argv[1] + "/" + name).read(), ns.__dict__)
print(json.dumps([ns.tidy(c[0]) for c in json.load(open(sys.argv[2]))]))
EOF2
my ($st, $out) = run_cmd('/usr/bin/python3', '-c', $py, "$root/cocci/lib", "$FindBin::Bin/data/tidy.json");
is($st, 0, 'python3 ran tidy()') or diag $out;
my $got = eval { JSON::PP->new->decode($out) } // [];
is($got->[$_], $cases->[$_][1], "tidy('$cases->[$_][0]') of lifo_rule.py") for 0 .. $#$cases;

done_testing;
