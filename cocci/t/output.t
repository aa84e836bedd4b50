# SPDX-License-Identifier: GPL-2.0
# findings.json and SARIF 2.1.0 (structural schema check).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use JSON::PP ();
use LifoReport qw(parse_report_line);
use LifoOutput qw(findings_json sarif_log);
use SarifCheck qw(check_sarif);

my @f = map { parse_report_line($_) } (
	'arch/loongarch/mm/init.c:50:1-13: WARNING: copy_user_highpage(): vfrom (kmap_local_page, line 47) mapped before vto (kmap_local_page, line 48) but released first; release vto before vfrom',
	'mm/memory.c:120:2-11: WARNING: f(): vmf->pte (pte_offset_map_lock, line 100) mapped before kaddr (kmap_local_folio, line 105) but released first; release kaddr before vmf->pte',
);
@{$f[0]}{qw(impact reason subsystem)} = ('cleanup', 'no HIGHMEM', 'arch/loongarch');
@{$f[1]}{qw(impact reason subsystem affected)} = ('fix', 'generic code', 'mm', 'CONFIG_HIGHMEM=y');

my $j = JSON::PP->new->decode(findings_json(@f));
is(ref $j, 'ARRAY', 'findings.json is an array');
is(scalar @$j, 2, 'one object per finding');
for my $k (qw(file line function first_mapping second_mapping impact reason affected rule)) {
	ok(exists $j->[0]{$k}, "findings.json has $k");
}
is_deeply($j->[1]{first_mapping}, { expr => 'vmf->pte', function => 'pte_offset_map_lock', line => 100 }, 'first mapping object');
is($j->[1]{second_mapping}{line}, 105, 'second mapping line');
is($j->[0]{rule}, 'kmap_local_lifo', 'rule');
my @back = LifoOutput::from_json($j);
is($back[1]{second}{map}, 'kmap_local_folio', 'findings.json reads back');
is($back[1]{affected}, 'CONFIG_HIGHMEM=y', 'the affected configurations read back (make fixes needs them)');

my $s = JSON::PP->new->decode(sarif_log(findings => \@f, rules => ['kmap_local_lifo'], tree => '/t/linux', tool_version => 'coccinelle 1.1.1', ok => 1));
is_deeply([check_sarif($s)], [], 'generated SARIF passes the 2.1.0 structural check');
is($s->{version}, '2.1.0', 'version');
my $r = $s->{runs}[0]{results};
is($r->[0]{level}, 'note', 'cleanup is a note');
is($r->[1]{level}, 'warning', 'fix is a warning');
is($r->[0]{locations}[0]{physicalLocation}{region}{startColumn}, 2, 'columns are 1-based');
is($r->[0]{locations}[0]{physicalLocation}{artifactLocation}{uri}, 'arch/loongarch/mm/init.c', 'uri relative to SRCROOT');
is($s->{runs}[0]{originalUriBaseIds}{SRCROOT}{uri}, 'file:///t/linux/', 'SRCROOT');

my $empty = JSON::PP->new->decode(sarif_log(findings => [], rules => ['kmap_local_lifo'], tree => '/t', ok => 1));
is_deeply([check_sarif($empty)], [], 'SARIF without results is valid');

# The checker catches what the schema forbids.
my $bad = JSON::PP->new->decode(sarif_log(findings => \@f, rules => ['kmap_local_lifo'], tree => '/t', ok => 1));
delete $bad->{runs}[0]{tool}{driver}{name};
$bad->{runs}[0]{results}[0]{level} = 'fatal';
$bad->{runs}[0]{results}[1]{locations}[0]{physicalLocation}{region}{startLine} = 0;
delete $bad->{runs}[0]{results}[1]{message}{text};
$bad->{runs}[0]{results}[0]{ruleIndex} = 3;
$bad->{runs}[0]{bogus} = 1;
my @e = check_sarif($bad);
ok((grep { /required property 'name'/ } @e), 'missing driver name caught');
ok((grep { /level/ } @e), 'bad level caught');
ok((grep { /startLine.*>= 1/ } @e), 'startLine 0 caught');
ok((grep { /text' or 'id'/ } @e), 'message without text caught');
ok((grep { /ruleIndex.*no rule/ } @e), 'dangling ruleIndex caught');
ok((grep { /'bogus' not allowed/ } @e), 'unknown run property caught');
is_deeply([check_sarif({ version => '2.0.0', runs => [] })], ['$.version: must be "2.1.0"'], 'wrong version caught');
done_testing;
