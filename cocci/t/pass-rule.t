# SPDX-License-Identifier: GPL-2.0
# A pass rule of make scan (cocci/lib/LifoPasses.pm) runs the rules'
# Python from copies beside it, not from copies in its text: it prints
# what the rule with the copies in its text prints, from a folder of any
# name, and its text changes with the Python, not with the folder.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use LifoPasses;
use LifoCommon qw(read_bytes write_bytes);

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $tmp = tempdir(CLEANUP => 1);
my %L = map { $_ => [] } qw(maps releases keyreleases opmaps opreleases opkeyreleases opstructs fieldmaps fields guards relargs);
@{$L{$_}} = LifoRule::list_names("$root/cocci/$_.list") for qw(maps releases keyreleases);
push @{$L{fields}}, 'map walk_map 0 ->addr';

my (%rule, %dir);
for my $d ("plain", "a b'c\"d") {
	$dir{$d} = "$tmp/$d";
	mkdir $dir{$d} or die "$dir{$d}: $!";
	LifoPasses::_write_lists($dir{$d}, \%L);
	$rule{$d} = read_bytes(LifoPasses::_pass_rule($root, $dir{$d}));
}
my $text = $rule{plain};
unlike($text, qr/^\# >>> /m, 'the pass rule holds no copy of a module');
like($text, qr/^exec\(.*lifo_rule\.py.*\)$/m, 'it runs lifo_rule.py from its folder');
like(read_bytes("$dir{plain}/lifo_rule.py"), qr/^extern_fields = "map walk_map 0 ->addr" \# summaries: fields\.list$/m,
	'the copy beside it has the lists filled in');
is($rule{"a b'c\"d"}, $text, 'the same text in a folder of another name (the key of its answers in the cache)');

# The rule as make coccicheck runs it: the modules in its text.
my $whole = "$tmp/whole.cocci";
my $lists = LifoLists::lists_in($dir{plain}, "$root/cocci");
write_bytes($whole, LifoLists::substitute(read_bytes("$root/cocci/kmap_local_lifo.cocci"), $lists, no_prefilter => 1) . "\n"
	. LifoLists::substitute(read_bytes("$root/cocci/kmap_local_wrappers.cocci"), $lists, rules_only => 1) . "\n");
my $c = "$root/cocci/tests/field_helper.c";
sub spatch($sp, $d) {
	local $ENV{KMAP_LIFO_RULE_DIR} = $d;
	my ($st, $out) = run_cmd('spatch', '--very-quiet', '-D', 'report', '-D', 'summaries', '-D', 'records', '--no-includes', '--include-headers',
		'--sp-file', $sp, $c);
	return $out;
}
my $want = spatch($whole, $tmp);
like($want, qr/^FINDING: /m, 'the rule with its copies prints the findings of the test file');
is(spatch("$dir{$_}/pass.cocci", $dir{$_}), $want, "the pass rule prints the same, from folder '$_'") for sort keys %dir;

# Another summary changes the sets of the rule, not the rest of its
# text: the cache keys (LifoCache.pm) then change only for the files
# that name its function.
{
	my %L2 = %L;
	$L2{fields} = [@{$L{fields}}, 'release walk_done 0 ->addr'];
	my $d = "$tmp/more";
	mkdir $d or die "$d: $!";
	LifoPasses::_write_lists($d, \%L2);
	my $more = read_bytes(LifoPasses::_pass_rule($root, $d));
	my ($blank, $sets) = LifoLists::blank_sets($text);
	my ($blank2, $sets2) = LifoLists::blank_sets($more);
	is($blank2, $blank, 'a pass rule with one more summary: the same text without its sets');
	ok(grep({ grep { /^walk_done=/ } @$_ } @$sets2) && !grep({ grep { /^walk_done=/ } @$_ } @$sets),
		'... and the summary among its sets');
}

# A change of the Python changes the rule's text.
write_bytes("$tmp/lib.py", "x = 1\n");
my $a = LifoPasses::_modules_beside("\# >>> cocci/lib/m.py\nx = 1\n\# <<< cocci/lib/m.py\n", $dir{plain});
my $b = LifoPasses::_modules_beside("\# >>> cocci/lib/m.py\nx = 2\n\# <<< cocci/lib/m.py\n", $dir{plain});
isnt($a, $b, 'another module text, another rule text');
is(read_bytes("$dir{plain}/m.py"), "x = 2\n", 'the copy is the module of the rule');
done_testing;
