# SPDX-License-Identifier: GPL-2.0
# The Python of the rules (cocci/lib/lifo_*.py) without spatch: the unit
# tests of cocci/t/lifo_rule_test.py under Debian's python3 (the one the
# drivers give spatch), one TAP line per test.
use v5.36;
use FindBin;

my $python = '/usr/bin/python3';
unless (-x $python) {
	print "1..1\nnot ok 1 - $python (Debian's python3, make deps) is missing\n";
	exit 1;
}
exec $python, "$FindBin::Bin/lifo_rule_test.py", '--tap' or die "$python: $!\n";
