# SPDX-License-Identifier: GPL-2.0
# findings.json and SARIF 2.1.0 (structural schema check).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use JSON::PP ();
use LifoFinding ();
use LifoOutput qw(findings_json sarif_log);
use SarifCheck qw(check_sarif);

# Two findings as the rule prints them (-D report -D records).
my @f = map { LifoFinding::from_line('FINDING: ' . JSON::PP->new->encode($_)) } (
	{ kind => 'pair', file => 'arch/loongarch/mm/init.c', line => 50, column => 1, end_column => 13, function => 'copy_user_highpage',
	  first => { expr => 'vfrom', map => 'kmap_local_page', line => 47 }, second => { expr => 'vto', map => 'kmap_local_page', line => 48 },
	  message => 'copy_user_highpage(): vfrom (kmap_local_page, line 47) mapped before vto (kmap_local_page, line 48) but released first; release vto before vfrom' },
	{ kind => 'pair', file => 'mm/memory.c', line => 120, column => 2, end_column => 11, function => 'f',
	  first => { expr => 'vmf->pte', map => 'pte_offset_map_lock', line => 100 }, second => { expr => 'kaddr', map => 'kmap_local_folio', line => 105 },
	  message => 'f(): vmf->pte (pte_offset_map_lock, line 100) mapped before kaddr (kmap_local_folio, line 105) but released first; release kaddr before vmf->pte' },
);
@{$f[0]}{qw(impact reason subsystem)} = ('cleanup', 'no HIGHMEM', 'arch/loongarch');
@{$f[1]}{qw(impact reason subsystem affected)} = ('fix', 'generic code', 'mm', 'CONFIG_HIGHMEM=y');

my $top = JSON::PP->new->decode(findings_json(\@f, tool_version => '9.9.9'));
is(ref $top, 'HASH', 'findings.json is an object');
is($top->{version}, 4, '... with the schema version');
is_deeply($top->{tool}, { name => 'kmap-lifo-scan', version => '9.9.9' }, '... the tool and its version');
is_deeply([@$top{qw(line_base column_base)}], [1, 0], '... lines 1-based, columns 0-based');
ok($top->{complete}, '... complete');
my $j = $top->{findings};
is(scalar @$j, 2, 'one object per finding');
for my $k (qw(file line function kind message first_mapping second_mapping impact reason affected rule)) {
	ok(exists $j->[0]{$k}, "findings.json has $k");
}
is_deeply($j->[1]{first_mapping}, { expr => 'vmf->pte', function => 'pte_offset_map_lock', line => 100 }, 'first mapping object');
is($j->[1]{second_mapping}{line}, 105, 'second mapping line');
is($j->[0]{rule}, 'kmap_local_lifo', 'rule');
is($j->[0]{message}, $f[0]{message}, "the rule's message");
my @back = LifoOutput::from_json($top);
is(scalar(LifoOutput::from_json($j)), 2, 'findings.json version 1 (the bare array) reads back too');
is($back[1]{second}{map}, 'kmap_local_folio', 'findings.json reads back');
is($back[1]{affected}, 'CONFIG_HIGHMEM=y', 'the affected configurations read back (make fixes needs them)');

my $text = sarif_log(findings => \@f, tool_version => '1.1.0+gabc',
	engine_version => '1.1.1', help => "Nested mappings.\n\nkunmap_local() in reverse order.",
	ok => 1, file_notes => [['drivers/x y.c', 'spatch could not parse some functions of /t/linux/drivers/x y.c']],
	notifications => ['spatch exited with status 1 on mm/a.c: EXN in /o/out/.scan.X/src/mm/a.c'],
	redact => [['/t/linux', ''], ['/o/out', 'OUT/']]);
my $s = JSON::PP->new->decode($text);
is_deeply([check_sarif($s)], [], 'generated SARIF passes the 2.1.0 structural check');
is($s->{version}, '2.1.0', 'version');
my $r = $s->{runs}[0]{results};
is_deeply([map { "$_->{ruleId} $_->{ruleIndex}" } @$r], ['kmap_local_lifo 0', 'kmap_local_lifo 0'], 'each result names the one rule');
is($r->[0]{level}, 'note', 'cleanup is a note');
is($r->[1]{level}, 'warning', 'fix is a warning');
is($r->[0]{locations}[0]{physicalLocation}{region}{startColumn}, 2, 'columns are 1-based');
is($r->[0]{locations}[0]{physicalLocation}{artifactLocation}{uri}, 'arch/loongarch/mm/init.c', 'uri relative to SRCROOT');
ok(!exists $s->{runs}[0]{originalUriBaseIds}{SRCROOT}{uri}, 'SRCROOT: no local path');
unlike($text, qr{/t/linux|/o/out|file:}, 'no absolute local path anywhere in the log');
my $drv = $s->{runs}[0]{tool};
is($drv->{driver}{version}, '1.1.0+gabc', "the tool's own version");
is_deeply([map { "$_->{name} $_->{version}" } @{$drv->{extensions}}], ['coccinelle 1.1.1'], "spatch's version as an extension");
like($drv->{driver}{rules}[0]{help}{text}, qr/^Nested mappings\.\n\nkunmap_local\(\) in reverse order\.$/, 'rule help text');
like($drv->{driver}{rules}[0]{help}{markdown}, qr/`kunmap_local\(\)`/, '... and as Markdown');
my @n = @{$s->{runs}[0]{invocations}[0]{toolExecutionNotifications}};
is_deeply([map { $_->{level} } @n], ['error', 'warning'], 'errors and parse failures are notifications');
is($n[0]{message}{text}, 'spatch exited with status 1 on mm/a.c: EXN in OUT/.scan.X/src/mm/a.c', '... their paths made relative');
is_deeply($n[1]{locations}[0]{physicalLocation}{artifactLocation}, { uri => 'drivers/x%20y.c', uriBaseId => 'SRCROOT' },
	'a parse failure locates its file');
is($n[1]{message}{text}, 'spatch could not parse some functions of drivers/x y.c', '... and names it');

my $empty = JSON::PP->new->decode(sarif_log(findings => [], ok => 1));
is_deeply([check_sarif($empty)], [], 'SARIF without results is valid');

# The checker catches what the schema forbids.
my $bad = JSON::PP->new->decode($text);
delete $bad->{runs}[0]{tool}{driver}{name};
$bad->{runs}[0]{results}[0]{level} = 'fatal';
$bad->{runs}[0]{results}[1]{locations}[0]{physicalLocation}{region}{startLine} = 0;
delete $bad->{runs}[0]{results}[1]{message}{text};
$bad->{runs}[0]{results}[0]{ruleIndex} = 3;
$bad->{runs}[0]{bogus} = 1;
$bad->{runs}[0]{tool}{extensions}[0]{version} = [1];
$bad->{runs}[0]{tool}{driver}{rules}[0]{help} = { markdown => 'x' };
$bad->{runs}[0]{invocations}[0]{toolExecutionNotifications}[1]{level} = 'fatal';
$bad->{runs}[0]{invocations}[0]{toolExecutionNotifications}[1]{locations}[0]{physicalLocation} = {};
my @e = check_sarif($bad);
ok((grep { /extensions\[0\]\.version: must be a string/ } @e), 'extension version not a string caught');
ok((grep { /help: required property 'text'/ } @e), 'help without text caught');
ok((grep { /toolExecutionNotifications\[\]\.level/ } @e), 'bad notification level caught');
ok((grep { /toolExecutionNotifications\[\]\.locations\[\]\.physicalLocation: needs/ } @e), 'bad notification location caught');
ok((grep { /required property 'name'/ } @e), 'missing driver name caught');
ok((grep { /level/ } @e), 'bad level caught');
ok((grep { /startLine.*>= 1/ } @e), 'startLine 0 caught');
ok((grep { /text' or 'id'/ } @e), 'message without text caught');
ok((grep { /ruleIndex.*no rule/ } @e), 'dangling ruleIndex caught');
ok((grep { /'bogus' not allowed/ } @e), 'unknown run property caught');
is_deeply([check_sarif({ version => '2.0.0', runs => [] })], ['$.version: must be "2.1.0"'], 'wrong version caught');
done_testing;
