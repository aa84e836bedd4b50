# SPDX-License-Identifier: GPL-2.0
# The parts of the scan cache: which files count as changed
# (LifoTreeIndex.pm), and what a cache key sees of a rule and a file
# (LifoLists::blank_sets, LifoCache.pm).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use LifoTreeIndex;
use LifoLists;
use LifoCache;
use LifoFinding ();
use Digest::SHA ();

my $dir = tempdir(CLEANUP => 1);
my $tree = '/some/tree';
my %sigs = ('a.c' => '1:10:100:1000:1000', 'b.c' => '1:11:200:1000:1000');

my $i = LifoTreeIndex->new($dir, $tree, {%sigs}, 2000);
is($i->dirty_count, 2, 'no index yet: every file counts as changed');
is($i->hits($i->grep_key('-lwF', 'x')), undef, '... and no grep is kept');
$i->record($i->grep_key('-lwF', 'kmap_local_page'), ['a.c']);
$i->set_plan("pass 1\n");
is($i->save, undef, 'saved');

$i = LifoTreeIndex->new($dir, $tree, {%sigs}, 3000);
is($i->dirty_count, 0, 'the same stat for every file: none changed');
is_deeply($i->hits($i->grep_key('-lwF', 'kmap_local_page')), { 'a.c' => 1 }, '... the kept grep answers');
is($i->hits($i->grep_key('-lwF', 'kunmap_local')), undef, '... another grep is not kept');
is($i->plan, "pass 1\n", '... the plan is kept');

my %changed = (%sigs, 'b.c' => '1:12:200:1000:1000', 'c.c' => '1:13:5:1000:1000');
$i = LifoTreeIndex->new($dir, $tree, \%changed, 3000);
is_deeply([sort $i->dirty_files([sort keys %changed])], ['b.c', 'c.c'], 'a new inode and a new file count as changed');
is_deeply($i->hits($i->grep_key('-lwF', 'kmap_local_page')), { 'a.c' => 1 }, '... the others keep the grep');

# Changed in the second the last scan listed the tree (2000): not trusted.
my %racy = (%sigs, 'a.c' => '1:10:100:2000:2000');
$i = LifoTreeIndex->new("$dir/racy", $tree, {%racy}, 2000);
$i->save;
$i = LifoTreeIndex->new("$dir/racy", $tree, {%racy}, 3000);
is_deeply([$i->dirty_files(['a.c', 'b.c'])], ['a.c'], 'a file changed in the second of the last listing counts as changed');
is(LifoTreeIndex->new($dir, '/other/tree', {%sigs}, 3000)->dirty_count, 2, 'another tree has its own index');

# An index cut short (no "end" line) is not trusted.
scenario 'an index cut short: not trusted' => sub {
	my $files = "$dir/trees/" . Digest::SHA::sha256_hex($tree) . '/files';
	my $whole = slurp($files) // die "$files: cannot read\n";
	write_to($files, $whole =~ s/end\n\z//r);
	is(LifoTreeIndex->new($dir, $tree, {%sigs}, 3000)->dirty_count, 2, 'an index cut short: every file counts as changed');
};

# A byte range changed inside a file of the index, its first and last
# lines kept: not trusted (a grep list that lost a file would leave that
# file unread, its findings dropped).
scenario 'an index changed inside its files: not trusted' => sub {
	my $d = "$dir/damaged";
	my $base = "$d/trees/" . Digest::SHA::sha256_hex($tree);
	my $key;
	my $save = sub {
		my $i = LifoTreeIndex->new($d, $tree, {%sigs}, 2000);
		$key = $i->grep_key('-lwF', 'kmap_local_page');
		$i->record($key, ['a.c', 'b.c']);
		$i->set_plan("pass 1\nnew kmap_it\n");
		is($i->save, undef, 'index saved');
	};
	my $damage = sub ($name, $from, $to) {
		my $t = slurp("$base/$name") // die "$base/$name: cannot read\n";
		$t =~ s/\Q$from\E/$to/ or die "$name: no '$from'";
		write_to("$base/$name", $t);
	};
	$save->();
	my $i = LifoTreeIndex->new($d, $tree, {%sigs}, 3000);
	is_deeply($i->hits($key), { 'a.c' => 1, 'b.c' => 1 }, 'an index reads back whole');
	is($i->plan, "pass 1\nnew kmap_it\n", '... with its plan');
	$damage->("grep-$key", "b.c\n", "x.c\n");
	is($i->hits($key), undef, 'a grep list changed inside: not kept (b.c is grepped again)');
	$damage->('plan', 'kmap_it', 'kmap_xx');
	is($i->plan, undef, 'a plan changed inside: none');
	$damage->('files', "1:10:100:1000:1000\ta.c\n", "1:10:100:1000:1000\ta.x\n");
	is(LifoTreeIndex->new($d, $tree, {%sigs}, 3000)->dirty_count, 2, 'a listing changed inside: every file counts as changed');
};

# What a key sees of a rule: its text without the names of its sets.
my $rule = "\@r\@\nidentifier f = {kmap_local_page, kmap_it}; // maps.list\n\@\@\nf(...)\n";
my ($blank, $sets) = LifoLists::blank_sets($rule);
is($blank, "\@r\@\nidentifier f = {}; // maps.list\n\@\@\nf(...)\n", 'blank_sets empties a marked set');
is_deeply($sets, [['kmap_local_page', 'kmap_it']], '... and returns its names');
(my $more = $rule) =~ s/kmap_it\}/kmap_it, other_map}/;
is((LifoLists::blank_sets($more))[0], $blank, '... a longer list, the same rule');

# A prefilter; a tree's names the helpers that map a field, called
# through members of operations tables too (E->map_local(...)).
my $pre = "// prefilter: releases.list fieldmaps.list\n\@tokens\@\n\@\@\n\\(kunmap_local\\)(...)\n";
my %lists = ('releases.list' => ['kunmap_local'], 'fieldmaps.list' => ['map_local']);
my $tree_rule = LifoLists::substitute($pre, \%lists);
like($tree_rule, qr/^expression kmap_lifo_op;\n\@\@\n\\\( \\\(kunmap_local\\\|map_local\\\)\(\.\.\.\) \\\| kmap_lifo_op->\\\(map_local\\\)\(\.\.\.\) \\\)$/m,
	'a prefilter with field helpers also names calls through members');
is(LifoLists::substitute($tree_rule, \%lists), $tree_rule, '... and substitute() gives its own output back');
is(LifoLists::substitute($tree_rule, { %lists, 'fieldmaps.list' => [] }), LifoLists::substitute($pre, { %lists, 'fieldmaps.list' => [] }),
	'... written anew without them');
is((LifoLists::blank_sets($tree_rule))[0], (LifoLists::blank_sets($pre))[0], '... blank_sets() sees the same rule');
is_deeply((LifoLists::blank_sets($tree_rule))[1], [['kunmap_local', 'map_local']], '... and its names once');
is(LifoLists::substitute($tree_rule, \%lists, no_prefilter => 1), '', '... and drops it for make scan');

my $c = (LifoCache->new("$dir/c"))[0];
my $text = "void g(void) { kmap_local_page(p); }\n";
my ($k1, $k2) = map { $c->file_key($c->rule_key($_, undef, undef, 'spatch'), 'g.c', $text) } $rule, $more;
is($k1, $k2, 'a name the file does not hold leaves its key alone');
my $k3 = $c->file_key($c->rule_key($more, undef, undef, 'spatch'), 'g.c', "$text/* other_map */\n");
my $k4 = $c->file_key($c->rule_key($rule, undef, undef, 'spatch'), 'g.c', "$text/* other_map */\n");
isnt($k3, $k4, 'a name the file holds changes it');
isnt($c->file_key($c->rule_key($rule, ['kmap_local_page'], undef, 'spatch'), 'g.c', $text), $k1,
	'cutting the file changes it');
my $t2 = "$text/* walk_map */\n";
isnt($c->file_key($c->rule_key($rule, ['kmap_local_page'], ['kmap_local_page', 'walk_map'], 'spatch'), 'g.c', $t2),
	$c->file_key($c->rule_key($rule, ['kmap_local_page'], undef, 'spatch'), 'g.c', $t2),
	'the helpers that keep what the cut functions call, when the file names one, change it');
$c->put($k1, { lines => ['g.c:1:2: WARNING: x'], parse_errors => 1, handled => 1, cut => [[3, 4]] });
is_deeply($c->get($k1), { lines => ['g.c:1:2: WARNING: x'], parse_errors => 1, handled => 1, cut => [[3, 4]] },
	'an entry reads back as written');
is($c->get($k2 =~ tr/0-9a-f/1-9a-f0/r), undef, 'a missing entry is a miss');
scenario 'a cache entry changed inside: a miss' => sub {
	# A byte changed inside the body, first and last lines kept.
	my $f = "$dir/c/spatch/" . substr($k1, 0, 2) . "/$k1";
	my $t = slurp($f) // die "$f: cannot read\n";
	(my $bad = $t) =~ s/WARNING: x/WARNING: y/ or die;
	write_to($f, $bad);
	is($c->get($k1), undef, 'an entry whose body was changed is a miss');
	write_to($f, $t);
};
is_deeply($c->stats->{hits}, 1, '... counted (one hit)');

# What the rule prints for a finding (LifoFinding.pm) reads back from
# an entry as the same finding, an expression with spaces and quotes too.
my $rec = 'FINDING: {"column":1,"end_column":13,"file":"./g.c","first":{"expr":"(char *) a [ i ]","line":2,"map":"kmap_local_page"},'
	. '"function":"g","kind":"pair","line":5,"message":"g(): (char *)a[i] (kmap_local_page, line 2) mapped before \\"b\\" (kmap_local_page, line 3) but released first; release \\"b\\" before (char *)a[i]",'
	. '"second":{"expr":"\\"b\\"","line":3,"map":"kmap_local_page"}}';
my $f = LifoFinding::from_line($rec);
ok($f, 'a finding record');
$c->put($k3, { lines => [$rec], parse_errors => 0, handled => 1, cut => [] });
is_deeply(LifoFinding::from_line($c->get($k3)->{lines}[0] // ''), $f, '... kept and read back: the same finding');

# Symbolic links put in the cache where it writes (an entry's temporary
# file, the index's, the stamp of the pruning) to a file of the user's:
# never written through.
scenario 'symbolic links in the cache: never followed' => sub {
	my $victim = write_to("$dir/victim.txt", "the user's\n");
	my $lc = (LifoCache->new("$dir/lc"))[0];
	my $p = "$dir/lc/spatch/" . substr($k1, 0, 2) . "/$k1";
	write_to("$p.x", '');
	symlink $victim, "$p.$$.tmp" or die;
	$lc->put($k1, { lines => ['g.c:1:2: WARNING: x'], parse_errors => 0, handled => 1, cut => [] });
	is(slurp($victim), "the user's\n", 'a link at an entry\'s temporary name: its target is left as it was');
	ok($lc->get($k1) && !-l "$p.$$.tmp" && !-e "$p.$$.tmp", '... the entry is kept, the link gone');
	symlink $victim, "$dir/lc/spatch/.pruned" or die;
	$lc->prune;
	is(slurp($victim), "the user's\n", 'a link at the stamp of the pruning: its target is left as it was');
	like($lc->stats->{write_error} // '', qr{cannot write \Q$dir/lc/spatch/.pruned\E: it is a symbolic link \(not followed\)},
		'... and the cache says so');
	my $i = LifoTreeIndex->new("$dir/lc", $tree, {%sigs}, 2000);
	my $ix = $i->{dir};
	write_to("$ix/x", '');
	symlink $victim, "$ix/files.$$.tmp" or die;
	is($i->save, undef, 'a link at the index\'s temporary name: saved');
	is(slurp($victim), "the user's\n", '... its target is left as it was');
	ok(!-l "$ix/files.$$.tmp" && -f "$ix/files", '... the link gone, the index written');
};

done_testing;
