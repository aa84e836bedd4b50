# SPDX-License-Identifier: GPL-2.0
# A finding's fingerprint (cocci/lib/LifoFingerprint.pm): the same on
# moved lines, another for another pair, function, file or kind; carried
# in findings.json and SARIF (partialFingerprints), which stays valid.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use JSON::PP ();
use LifoReport qw(parse_report_line);
use LifoOutput qw(findings_json sarif_log);
use LifoFingerprint qw(fingerprint finding_kind);
use SarifCheck qw(check_sarif);

my $W = 'WARNING: copy_user_highpage(): vfrom (kmap_local_page, line %d) mapped before vto (kmap_local_page, line %d) but released first; release vto before vfrom';
sub at($line, $a, $b, $file = 'arch/loongarch/mm/init.c') {
	return parse_report_line(sprintf "$file:%d:1-13: $W", $line, $a, $b);
}

subtest 'the same finding on moved lines keeps its fingerprint' => sub {
	my ($x, $y) = (at(50, 47, 48), at(75, 72, 73));
	like(fingerprint($x), qr/^[0-9a-f]{16}\z/, '16 hex digits');
	is(fingerprint($y), fingerprint($x), 'lines moved by 25: the same');
	my $z = at(50, 47, 48);
	$z->{column} = 9;
	$z->{first}{expr} = 'vfrom ';
	is(fingerprint($z), fingerprint($x), 'another column, spaces around the expression: the same');
};

subtest 'another pair, function, file or kind: another fingerprint' => sub {
	my $x = at(50, 47, 48);
	my %seen = (fingerprint($x) => 'base');
	my $swap = parse_report_line('arch/loongarch/mm/init.c:50:1-13: WARNING: copy_user_highpage(): vto (kmap_local_page, line 47) mapped before vfrom (kmap_local_page, line 48) but released first; release vfrom before vto');
	my $map = parse_report_line('arch/loongarch/mm/init.c:50:1-13: WARNING: copy_user_highpage(): vfrom (kmap_atomic, line 47) mapped before vto (kmap_local_page, line 48) but released first; release vto before vfrom');
	my $fn = parse_report_line('arch/loongarch/mm/init.c:50:1-13: WARNING: copy_other(): vfrom (kmap_local_page, line 47) mapped before vto (kmap_local_page, line 48) but released first; release vto before vfrom');
	my $file = at(50, 47, 48, 'arch/mips/mm/init.c');
	for ([$swap, 'the pair the other way round'], [$map, 'another mapping function'],
		[$fn, 'another function'], [$file, 'another file']) {
		my $fp = fingerprint($_->[0]);
		ok(!$seen{$fp}, "$_->[1]: another fingerprint");
		$seen{$fp} = $_->[1];
	}
	my $arr = parse_report_line('lib/a.c:20:2-14: WARNING: f(): p[] (kmap_local_page, line 12) mapped in a loop counting up but released in one counting up too; release them counting down');
	is(finding_kind($arr), 'array', 'an array finding is of kind array');
	my $fld = parse_report_line('lib/b.c:30:1-13: WARNING: done(): w->src (kmap_local_page in map(), line 10) mapped before w->dst (kmap_local_page in map(), line 11) but released first; release w->dst before w->src');
	is(finding_kind($fld), 'field', 'fields mapped in another function: kind field');
	is(finding_kind($x), 'pair', 'two mappings: kind pair');
	my %k = (%$fld, first => { %{$fld->{first}} }, second => { %{$fld->{second}} });
	delete $k{first}{function};
	delete $k{second}{function};
	isnt(fingerprint(\%k), fingerprint($fld), 'the kind is part of the fingerprint');
};

subtest 'findings.json and SARIF carry it' => sub {
	my @f = (at(50, 47, 48), at(90, 80, 81, 'mm/copy.c'));
	$_->{impact} = 'fix', $_->{reason} = 'r' for @f;
	my $j = JSON::PP->new->decode(findings_json(\@f));
	is($j->{version}, 3, 'findings.json schema version 3');
	is_deeply([map { $_->{fingerprint} } @{$j->{findings}}], [map { fingerprint($_) } @f], 'a fingerprint key per finding');
	my $s = JSON::PP->new->decode(sarif_log(findings => \@f, rules => ['kmap_local_lifo'], ok => 1));
	is_deeply([check_sarif($s)], [], 'the SARIF log passes the 2.1.0 structural check');
	is_deeply([map { $_->{partialFingerprints}{'kmapLifo/v1'} } @{$s->{runs}[0]{results}}],
		[map { fingerprint($_) } @f], 'partialFingerprints kmapLifo/v1 is the fingerprint');
	require File::Temp;
	my ($fh, $name) = File::Temp::tempfile(UNLINK => 1, SUFFIX => '.sarif');
	print $fh JSON::PP->new->encode($s);
	close $fh;
	my $out = `perl $FindBin::Bin/../bin/sarif-schema-check.pl '$name' 2>&1`;
	is($? >> 8, 0, 'cocci/bin/sarif-schema-check.pl accepts it') or diag $out;
};

done_testing;
