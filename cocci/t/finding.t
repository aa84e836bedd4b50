# SPDX-License-Identifier: GPL-2.0
# A finding (cocci/lib/LifoFinding.pm): built from the rule's machine
# line, keyed, and rendered as the stdout line, the findings.json object
# and back, the SARIF result and the changelog sentences.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use JSON::PP ();
use LifoFinding qw(from_line line message kind key fingerprint subsystem is_pte_map
	to_json from_json sarif_result changelog_mapped changelog_release);

# A record as the rule prints it (-D report -D records).
sub rec(%r) {
	my %m = (kind => 'pair', file => 'arch/loongarch/mm/init.c', line => 50, column => 14, end_column => 19,
		function => 'copy_user_highpage',
		first => { expr => 'vfrom', map => 'kmap_local_page', line => 47 },
		second => { expr => 'vto', map => 'kmap_local_page', line => 48 },
		message => 'copy_user_highpage(): vfrom (kmap_local_page, line 47) mapped before vto (kmap_local_page, line 48) but released first; release vto before vfrom',
		%r);
	return 'FINDING: ' . JSON::PP->new->canonical->encode(\%m);
}

subtest 'from the machine line' => sub {
	my $f = from_line(rec() . "\n");
	ok($f, 'the documented example reads');
	is($f->{file}, 'arch/loongarch/mm/init.c', 'file');
	is_deeply([@$f{qw(line column end_column)}], [50, 14, 19], 'the release: line, columns');
	is($f->{function}, 'copy_user_highpage', 'function');
	is(kind($f), 'pair', 'kind');
	is_deeply($f->{first}, { expr => 'vfrom', map => 'kmap_local_page', line => 47 }, 'first mapping');
	is_deeply($f->{second}, { expr => 'vto', map => 'kmap_local_page', line => 48 }, 'second mapping');
	is($f->{rule}, 'kmap_local_lifo', 'the rule: the one checker');
	like(message($f), qr/^copy_user_highpage\(\): vfrom .* release vto before vfrom$/, 'the message');
	$f = from_line(rec(file => './mm/memory.c', first => { expr => 'vmf -> pte', map => 'pte_offset_map_lock', line => 100 },
		second => { expr => 'pointers [ stripe ]', map => 'kmap_local_folio', line => 105 }));
	is($f->{file}, 'mm/memory.c', 'leading ./ dropped');
	is_deeply([$f->{first}{expr}, $f->{second}{expr}], ['vmf->pte', 'pointers[stripe]'], 'spatch spacing tidied');
	for my $bad ('', 'init_defs_builtins: /usr/lib/coccinelle/standard.h', 'HANDLING: mm/memory.c',
		'mm/x.c:1:2-14: WARNING: f(): a (kmap_local_page, line 1) mapped before b (kmap_local_page, line 2) but released first; release b before a',
		'FINDING: {"kind":"pair","file":"a.c"', rec(kind => 'other'), rec(line => 'x'), rec(first => { expr => 'a' }),
		rec(message => undef)) {
		is(from_line($bad), undef, "not a record: '" . substr($bad, 0, 60) . "'");
	}
};

subtest 'the stdout line' => sub {
	my $f = from_line(rec());
	@$f{qw(impact reason)} = ('cleanup', 'arch/loongarch has neither HIGHMEM nor ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP');
	is(line($f), 'arch/loongarch/mm/init.c:50:14: ' . message($f)
		. ' [impact: cleanup: arch/loongarch has neither HIGHMEM nor ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP]',
		"the rule's message, with the column and the impact");
};

# The other kinds the rule finds.
my $arr = from_line(rec(kind => 'array', file => 'lib/a.c', line => 20, column => 2, end_column => 14, function => 'gen',
	first => { expr => 'ptrs[]', map => 'kmap_local_page', line => 12 }, second => { expr => 'ptrs[]', map => 'kmap_local_page', line => 12 },
	counting => 'up', message => 'gen(): ptrs[] (kmap_local_page, line 12) mapped in a loop counting up but released in one counting up too; release the last element mapped first'));
my $fld = from_line(rec(kind => 'field', file => 'lib/b.c', line => 30, column => 1, end_column => 13, function => 'done',
	first => { expr => 'w->src', map => 'kmap_local_page', line => 10, mapped_in => 'map' },
	second => { expr => 'w->dst', map => 'kmap_local_page', line => 11, mapped_in => 'map' },
	message => 'done(): w->src (kmap_local_page in map(), line 10) mapped before w->dst (kmap_local_page in map(), line 11) but released first; release w->dst before w->src'));

subtest 'kinds' => sub {
	is(kind($arr), 'array', 'array');
	is($arr->{counting}, 'up', '... with the way its loops count');
	is(kind($fld), 'field', 'field');
	is($fld->{first}{mapped_in}, 'map', '... with the function that mapped');
};

subtest 'without lines (make scan-trees)' => sub {
	is(LifoFinding::brief(from_line(rec())), 'vfrom (kmap_local_page) mapped before vto (kmap_local_page), released first', 'a pair');
	is(LifoFinding::brief($arr), 'ptrs[] (kmap_local_page) mapped in a loop, released in one counting the same way', 'an array');
};

subtest 'keys' => sub {
	my ($f, $g) = (from_line(rec()), from_line(rec(line => 52, column => 1, end_column => 13,
		first => { expr => 'vfrom', map => 'kmap_local_page', line => 49 }, second => { expr => 'vto', map => 'kmap_local_page', line => 50 })));
	is(key($f), key($g), 'the key ignores lines');
	is(fingerprint($f), fingerprint($g), '... and so does the fingerprint');
	# The recipe of the fingerprint is fixed: findings.json, SARIF and
	# make scan-trees compare them across versions of the tools.
	is(fingerprint(from_line(rec(line => 50, column => 1, end_column => 13))), '6638ad9c7b99a4d7', 'a pair: the fingerprint of version 3');
	is(fingerprint($arr), 'de4735010c7123ca', 'an array: the same');
	is(fingerprint($fld), '54bf85bf086f130b', 'a field: the same');
};

subtest 'findings.json object, and back' => sub {
	for my $f (from_line(rec()), $arr, $fld) {
		@$f{qw(impact reason affected subsystem)} = ('fix', 'generic code', 'CONFIG_HIGHMEM=y', subsystem($f->{file}));
		my $o = to_json($f);
		is($o->{message}, message($f), kind($f) . ': the message');
		is($o->{kind}, kind($f), '... the kind');
		is($o->{fingerprint}, fingerprint($f), '... the fingerprint');
		is_deeply(from_json(JSON::PP->new->decode(JSON::PP->new->encode($o))), $f, '... reads back as it was');
	}
	is_deeply(to_json($fld)->{first_mapping}, { expr => 'w->src', function => 'kmap_local_page', line => 10, mapped_in => 'map' },
		'a field: the function that mapped it');
	is(to_json($arr)->{counting}, 'up', 'an array: how its loops count');
	# Version 3 had neither kind nor message: an array is told by "p[]".
	my $o = to_json($arr);
	delete @$o{qw(kind message counting)};
	my $old = from_json($o);
	is(kind($old), 'array', 'an array of version 3 is still an array');
	is(fingerprint($old), fingerprint($arr), '... with its fingerprint');
	$o = { %{to_json($arr)}, first_mapping => { expr => 'blk[].addr', function => 'kmap_local_page', line => 12 } };
	delete @$o{qw(kind message counting)};
	is(kind(from_json($o)), 'array', '... and so is one of a field of its elements, "blk[].addr"');
};

subtest 'SARIF result' => sub {
	my $f = from_line(rec());
	@$f{qw(impact reason)} = ('cleanup', 'no HIGHMEM');
	my $r = sarif_result($f);
	is_deeply([@$r{qw(ruleId ruleIndex level)}], ['kmap_local_lifo', 0, 'note'], 'the one rule; a cleanup is a note');
	is($r->{message}{text}, message($f) . ' (impact: cleanup: no HIGHMEM)', 'the message, with the impact');
	is_deeply([map { [$_->{id}, $_->{physicalLocation}{region}{startLine}, $_->{message}{text}] } @{$r->{relatedLocations}}],
		[[1, 47, 'vfrom mapped by kmap_local_page()'], [2, 48, 'vto mapped by kmap_local_page()']], 'both mappings as related locations');
	$r = sarif_result($arr);
	is($r->{message}{text}, message($arr) . ' (impact: fix: generic code)', 'an array: its own form');
	is_deeply([map { $_->{message}{text} } @{$r->{relatedLocations}}], ['ptrs[] elements mapped by kmap_local_page() in a loop'], '... one mapping call');
	$r = sarif_result($fld);
	is($r->{relatedLocations}[0]{message}{text}, 'w->src mapped by kmap_local_page() in map()', 'a field: where it was mapped');
};

subtest 'changelog sentences' => sub {
	my $f = from_line(rec());
	is(changelog_mapped($f), 'copy_user_highpage() maps vfrom with kmap_local_page() and then vto with kmap_local_page(), but releases vfrom first.', 'a pair');
	is(changelog_release($f), 'Release vto before vfrom.', '... what to do');
	is(changelog_mapped($arr), 'gen() maps the elements of ptrs[] with kmap_local_page() in a loop counting up and releases them in a loop counting up too, so the first element mapped is released first.', 'an array');
	is(changelog_release($arr), 'Release the elements of ptrs[] counting down, the last one mapped first.', '... what to do');
	is(changelog_mapped($fld), 'map() maps w->src with kmap_local_page() and then w->dst with kmap_local_page(), but done() releases w->src first.', 'a field');
	is(changelog_release($fld), 'Release w->dst before w->src.', '... what to do');
};

ok(is_pte_map('pte_offset_map_lock') && is_pte_map('__pte_offset_map') && is_pte_map('pte_alloc_map_lock'), 'PTE mappers');
ok(!is_pte_map('kmap_local_page') && !is_pte_map('kmap_atomic'), 'kmap mappers are not PTE mappers');
is(subsystem('arch/loongarch/mm/init.c'), 'arch/loongarch', 'subsystem arch');
is(subsystem('mm/memory.c'), 'mm', 'subsystem mm');
is(subsystem('drivers/gpu/drm/x.c'), 'drivers/gpu', 'subsystem drivers');
is(subsystem('fs/btrfs/raid56.c'), 'fs/btrfs', 'subsystem fs');
done_testing;
