# SPDX-License-Identifier: GPL-2.0
# A finding's fingerprint (cocci/lib/LifoFinding.pm): the same on
# moved lines, another for another pair, function, file or kind; carried
# in findings.json and SARIF (partialFingerprints), which stays valid.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use JSON::PP ();
use LifoFinding qw(from_line fingerprint kind);
use LifoOutput qw(findings_json sarif_log);
use SarifCheck qw(check_sarif);

# A finding as the rule prints it (-D report -D records).
sub rec(%r) {
	my %m = (kind => 'pair', file => 'arch/loongarch/mm/init.c', line => 50, column => 1, end_column => 13,
		function => 'copy_user_highpage',
		first => { expr => 'vfrom', map => 'kmap_local_page', line => 47 },
		second => { expr => 'vto', map => 'kmap_local_page', line => 48 }, message => 'm', %r);
	return from_line('FINDING: ' . JSON::PP->new->encode(\%m));
}
sub at($line, $a, $b, $file = 'arch/loongarch/mm/init.c') {
	return rec(file => $file, line => $line, first => { expr => 'vfrom', map => 'kmap_local_page', line => $a },
		second => { expr => 'vto', map => 'kmap_local_page', line => $b });
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
	my $swap = rec(first => { expr => 'vto', map => 'kmap_local_page', line => 47 }, second => { expr => 'vfrom', map => 'kmap_local_page', line => 48 });
	my $map = rec(first => { expr => 'vfrom', map => 'kmap_atomic', line => 47 });
	my $fn = rec(function => 'copy_other');
	my $file = at(50, 47, 48, 'arch/mips/mm/init.c');
	for ([$swap, 'the pair the other way round'], [$map, 'another mapping function'],
		[$fn, 'another function'], [$file, 'another file']) {
		my $fp = fingerprint($_->[0]);
		ok(!$seen{$fp}, "$_->[1]: another fingerprint");
		$seen{$fp} = $_->[1];
	}
	my $m = { expr => 'p[]', map => 'kmap_local_page', line => 12 };
	my $arr = rec(kind => 'array', file => 'lib/a.c', function => 'f', first => $m, second => $m, counting => 'up');
	is(kind($arr), 'array', 'an array finding is of kind array');
	my $fld = rec(kind => 'field', file => 'lib/b.c', function => 'done',
		first => { expr => 'w->src', map => 'kmap_local_page', line => 10, mapped_in => 'map' },
		second => { expr => 'w->dst', map => 'kmap_local_page', line => 11, mapped_in => 'map' });
	is(kind($fld), 'field', 'fields mapped in another function: kind field');
	is(kind($x), 'pair', 'two mappings: kind pair');
	my %k = (%$fld, kind => 'pair');
	isnt(fingerprint(\%k), fingerprint($fld), 'the kind is part of the fingerprint');
};

subtest 'findings.json and SARIF carry it' => sub {
	my @f = (at(50, 47, 48), at(90, 80, 81, 'mm/copy.c'));
	$_->{impact} = 'fix', $_->{reason} = 'r' for @f;
	my $j = JSON::PP->new->decode(findings_json(\@f));
	is($j->{version}, 4, 'findings.json schema version 4');
	is_deeply([map { $_->{fingerprint} } @{$j->{findings}}], [map { fingerprint($_) } @f], 'a fingerprint key per finding');
	my $s = JSON::PP->new->decode(sarif_log(findings => \@f, ok => 1));
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
