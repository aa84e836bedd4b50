# SPDX-License-Identifier: GPL-2.0
# Report-line parsing and the make scan finding format.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use LifoReport qw(parse_report_line finding_line finding_key subsystem is_pte_map);

my $l = 'arch/loongarch/mm/init.c:50:14-19: WARNING: copy_user_highpage(): vfrom (kmap_local_page, line 47) mapped before vto (kmap_local_page, line 48) but released first; release vto before vfrom';
my $f = parse_report_line($l);
ok($f, 'the documented example parses');
is($f->{file}, 'arch/loongarch/mm/init.c', 'file');
is($f->{line}, 50, 'line');
is($f->{column}, 14, 'column');
is($f->{end_column}, 19, 'end column');
is($f->{function}, 'copy_user_highpage', 'function');
is_deeply($f->{first}, { expr => 'vfrom', map => 'kmap_local_page', line => 47 }, 'first mapping');
is_deeply($f->{second}, { expr => 'vto', map => 'kmap_local_page', line => 48 }, 'second mapping');

# Expressions with ->, spaces and parentheses.
$f = parse_report_line("./mm/memory.c:120:2-11: WARNING: do_it(): vmf->pte (pte_offset_map_lock, line 100) mapped before (char *) kaddr + off (kmap_local_folio, line 105) but released first; release (char *) kaddr + off before vmf->pte\n");
ok($f, 'complex expressions parse');
is($f->{file}, 'mm/memory.c', 'leading ./ dropped');
is($f->{first}{expr}, 'vmf->pte', 'A with ->');
is($f->{second}{expr}, '(char *) kaddr + off', 'B with spaces and parentheses');
is($f->{first}{map}, 'pte_offset_map_lock', 'MAPFN');
is($f->{second}{line}, 105, 'LB');
ok(is_pte_map('pte_offset_map_lock') && is_pte_map('__pte_offset_map') && is_pte_map('pte_alloc_map_lock'), 'PTE mappers');
ok(!is_pte_map('kmap_local_page') && !is_pte_map('kmap_atomic'), 'kmap mappers are not PTE mappers');

# spatch spacing is tidied.
$f = parse_report_line('fs/btrfs/raid56.c:1332:2-14: WARNING: gen(): pointers [ stripe ] (kmap_local_page, line 1300) mapped before p -> q (kmap_local_page, line 1301) but released first; release p -> q before pointers [ stripe ]');
is($f->{first}{expr}, 'pointers[stripe]', 'a [ i ] tidied');
is($f->{second}{expr}, 'p->q', 'a -> b tidied');

for my $bad ('', 'init_defs_builtins: /usr/lib/coccinelle/standard.h', 'HANDLING: mm/memory.c',
	'mm/x.c:1:2-3: WARNING: something else entirely', 'mm/x.c:1: f(): a mapped before b but released first') {
	is(parse_report_line($bad), undef, "not a report: '$bad'");
}

$f = parse_report_line($l);
@$f{qw(impact reason)} = ('cleanup', 'arch/loongarch has neither HIGHMEM nor ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP');
my $line = finding_line($f);
(my $msg = $l) =~ s/^.*WARNING: //;
is($line, "arch/loongarch/mm/init.c:50:14: $msg [impact: cleanup: arch/loongarch has neither HIGHMEM nor ARCH_SUPPORTS_KMAP_LOCAL_FORCE_MAP]", 'finding line: the rule\'s message, with the column');
like($line, qr/^[^:\s]+:\d+:\d+: \w+\(\): .+ mapped before .+ but released first; .+ \[impact: (?:fix|cleanup): .+\]$/, 'finding line format');

# The other forms the rule prints: an array, fields mapped in another function.
my $arr = parse_report_line('a.c:10:2-14: WARNING: gen(): ptrs[] (kmap_local_page, line 7) mapped in a loop counting up but released in one counting up too; release the last element mapped first');
is($arr && $arr->{first}{expr}, 'ptrs[]', 'array finding parsed');
my $fld = parse_report_line('f.c:16:1-13: WARNING: done(): w->src.addr (kmap_local_page in map(), line 9) mapped before w->dst.addr (kmap_local_page in map(), line 10) but released first; release w->dst.addr before w->src.addr');
is($fld && $fld->{first}{function}, 'map', 'field finding parsed, with the function that maps');

my $g = parse_report_line($l =~ s/:50:14-19:/:52:1-13:/r);
is(finding_key($f), finding_key($g), 'finding key ignores lines');

is(subsystem('arch/loongarch/mm/init.c'), 'arch/loongarch', 'subsystem arch');
is(subsystem('mm/memory.c'), 'mm', 'subsystem mm');
is(subsystem('drivers/gpu/drm/x.c'), 'drivers/gpu', 'subsystem drivers');
is(subsystem('fs/btrfs/raid56.c'), 'fs/btrfs', 'subsystem fs');
done_testing;
