# SPDX-License-Identifier: GPL-2.0
# cocci/bin/inline-py.pl: the copy of a cocci/lib/ module in a rule is
# the module, --check says when it is not, and a rewrite mends it.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);

my $root = root();
my $tool = "$root/cocci/bin/inline-py.pl";
my $rule = "$root/cocci/kmap_local_lifo.cocci";
my $tmp = tempdir(CLEANUP => 1);
my $text = slurp($rule);

my ($st, $o) = run_cmd("perl '$tool' --check 2>&1");
is($st, 0, 'the committed rules hold their modules as they are') or diag $o;

# The helper search holds lifo_source.py for itself alone: what make scan
# appends to the checker, which holds it too, leaves it out.
my $wrappers = slurp("$root/cocci/kmap_local_wrappers.cocci");
my $source = slurp("$root/cocci/lib/lifo_source.py");
like($wrappers, qr/^\x23 >>> cocci\/lib\/lifo_source\.py: .*\n\Q$source\E\x23 <<< /m, 'kmap_local_wrappers.cocci holds lifo_source.py');
like($text, qr/^\x23 >>> cocci\/lib\/lifo_source\.py: .*\n\Q$source\E\x23 <<< .*\n\x23 >>> cocci\/lib\/lifo_rule\.py/m,
	'kmap_local_lifo.cocci holds lifo_source.py, then lifo_rule.py');
($st, $o) = run_cmd('perl', "$root/cocci/bin/lists.pl", '--rules-only', "$root/cocci/kmap_local_wrappers.cocci");
unlike($o, qr/\@initialize|^\x23 >>> /m, 'the rules make scan appends to the checker hold no copy');

# A copy edited in the rule: --check names the module, the rewrite
# restores the module text.
my $module = slurp("$root/cocci/lib/lifo_rule.py");
like($text, qr/^\x23 >>> cocci\/lib\/lifo_rule\.py: .*\n\Q$module\E\x23 <<< cocci\/lib\/lifo_rule\.py\n/m,
	'the rule holds lifo_rule.py between its markers');
(my $drift = $text) =~ s/^(def tidy\(e\):\n)/$1\t# a change in the copy\n/m or die 'no def tidy';
write_to("$tmp/drift.cocci", $drift);
($st, $o) = run_cmd("perl '$tool' --check '$tmp/drift.cocci' 2>&1");
is($st, 1, 'a copy that differs: --check fails');
like($o, qr{drift\.cocci: its copy of cocci/lib/lifo_rule\.py differs from the module: edit the module, then run make regen},
	'... naming the module and make regen');
is(slurp("$tmp/drift.cocci"), $drift, '... and leaves the rule alone');
($st, $o) = run_cmd("perl '$tool' '$tmp/drift.cocci' 2>&1");
is($st, 0, 'the rewrite') or diag $o;
is(slurp("$tmp/drift.cocci"), $text, '... gives the module back');
($st, $o) = run_cmd("perl '$tool' --check '$tmp/drift.cocci' 2>&1");
is($st, 0, '... which --check accepts') or diag $o;

# Markers that do not pair, a rule without any: errors.
(my $open = $text) =~ s/^\x23 <<< cocci\/lib\/lifo_rule\.py\n//m or die;
write_to("$tmp/open.cocci", $open);
($st, $o) = run_cmd("perl '$tool' --check '$tmp/open.cocci' 2>&1");
is($st, 2, 'a copy without its end marker: an error');
like($o, qr/a marker without its pair/, '... said');
(my $none = $text) =~ s/^\x23 (?:>>>|<<<) .*\n//mg;
write_to("$tmp/none.cocci", $none);
($st, $o) = run_cmd("perl '$tool' '$tmp/none.cocci' 2>&1");
is($st, 2, 'a rule without a copy: an error');
like($o, qr/no module copied in/, '... said');

done_testing;
