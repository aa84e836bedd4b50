# SPDX-License-Identifier: GPL-2.0
# One finding, every rendering: a real make scan with the tree's helpers
# (--wrappers, make's default) of a tree with a pair and an array
# finding, then make fixes on the array.  The SARIF results name the one
# rule described (kmap_local_lifo, not a scratch rule file), the array's
# SARIF message and changelog are the array form, and findings.json
# carries each finding's message, the one stdout prints.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use JSON::PP ();
use SarifCheck qw(check_sarif);

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $tmp = tempdir(CLEANUP => 1);

my $t = fake_tree();
write_to("$t/lib/raid.c", <<'EOF');
// SPDX-License-Identifier: GPL-2.0
#include <linux/highmem.h>

void gen_syndrome(struct page **pages, void **ptrs, int disks)
{
	int i;

	for (i = 0; i < disks; i++)
		ptrs[i] = kmap_local_page(pages[i]);
	raid6_gen(disks, ptrs);
	for (i = 0; i < disks; i++)
		kunmap_local(ptrs[i]);
}
EOF
my $out = "$tmp/out";
my ($st, $o) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$t' --out '$out' --jobs 2 --wrappers 2>'$tmp/scan.err'");
is($st, 0, 'make scan --wrappers: exit 0') or diag slurp("$tmp/scan.err");
my ($arr_line) = $o =~ m{^(lib/raid\.c:12:\d+: .*)$}m;
like($arr_line // '', qr{^lib/raid\.c:12:\d+: gen_syndrome\(\): ptrs\[\] \(kmap_local_page, line 9\) mapped in a loop counting up but released in one counting up too; release the last element mapped first \[impact: fix: }, 'stdout: the array finding in its own words');

scenario 'SARIF: the one rule, the array form' => sub {
	my $s = JSON::PP->new->decode(slurp("$out/findings.sarif") // '{}');
	is_deeply([check_sarif($s)], [], 'valid SARIF 2.1.0');
	my $run = $s->{runs}[0];
	is_deeply([map { $_->{id} } @{$run->{tool}{driver}{rules}}], ['kmap_local_lifo'], 'one rule described: kmap_local_lifo');
	my @r = @{$run->{results} // []};
	is(scalar @r, 4, 'four results');
	is_deeply([map { $_->{ruleId} } @r], [('kmap_local_lifo') x 4], 'every result names that rule (not the scratch rule file of a pass)');
	is_deeply([map { $_->{ruleIndex} } @r], [(0) x 4], '... by its index');
	my ($a) = grep { $_->{locations}[0]{physicalLocation}{artifactLocation}{uri} eq 'lib/raid.c' } @r;
	like($a->{message}{text}, qr{^gen_syndrome\(\): ptrs\[\] \(kmap_local_page, line 9\) mapped in a loop counting up but released in one counting up too; release the last element mapped first \(impact: fix: }, 'the array finding: its message is the array form');
	unlike($a->{message}{text}, qr/mapped before/, '... not "ptrs[] mapped before ptrs[]"');
	is_deeply([map { $_->{physicalLocation}{region}{startLine} } @{$a->{relatedLocations}}], [9], '... its mapping: the one mapping call');
	my ($p) = grep { $_->{locations}[0]{physicalLocation}{artifactLocation}{uri} eq 'mm/copy.c' } @r;
	like($p->{message}{text}, qr{^copy_two\(\): s \(kmap_local_page, line 8\) mapped before d \(kmap_local_page, line 9\) but released first; release d before s \(impact: fix: }, 'a pair: the message stdout prints, and the impact');
	is_deeply([map { $_->{physicalLocation}{region}{startLine} } @{$p->{relatedLocations}}], [8, 9], '... related locations: both mappings');
};

scenario 'findings.json carries the message' => sub {
	my $j = JSON::PP->new->decode(slurp("$out/findings.json") // '{}');
	cmp_ok($j->{version} // 0, '>=', 4, 'schema version 4 or later');
	my %line = map { m{^(\S+?):(\d+):\d+: (.*) \[impact: } ? ("$1:$2" => $3) : () } split /\n/, $o;
	is(scalar keys %line, 4, 'four findings on stdout');
	for my $f (@{$j->{findings} // []}) {
		is($f->{message}, $line{"$f->{file}:$f->{line}"}, "$f->{file}:$f->{line}: the message of stdout");
	}
	my ($a) = grep { $_->{file} eq 'lib/raid.c' } @{$j->{findings} // []};
	is($a->{kind}, 'array', 'the array finding is of kind array');
};

scenario 'make fixes: the changelog of an array finding' => sub {
	# A fixer that releases the elements counting down.
	write_to("$tmp/fixer.pl", <<'EOF');
use v5.36;
my ($tree, $f) = @ARGV;
open my $fh, '<', "$tree/$f" or exit 2;
my $text = do { local $/; <$fh> };
$text =~ s/for \(i = 0; i < disks; i\+\+\)\n(\t\tkunmap_local)/for (i = disks - 1; i >= 0; i--)\n$1/ or exit 0;
open my $o, '>', "$ENV{TMPDIR_FIX}/new" or exit 2;
print $o $text;
close $o;
print `diff -u --label a/$f --label b/$f "$tree/$f" "$ENV{TMPDIR_FIX}/new"`;
EOF
	my ($st, $o) = run_cmd("TMPDIR_FIX='$tmp' perl $root/cocci/bin/make-fixes.pl --no-check --no-build-check --quiet"
		. " --author 'Test Author <test\@example.org>' --fixer 'perl $tmp/fixer.pl' --tree '$t' --out '$out'"
		. " --finding lib/raid.c 2>&1");
	is($st, 0, 'make fixes --finding lib/raid.c: exit 0') or diag $o;
	my ($p) = glob "$out/patches/*.patch";
	my $text = slurp($p // '/nonexistent') // '';
	my ($log) = $text =~ /\n\n(.*?)\n---\n/s;
	$log = ($log // '') =~ s/\s+/ /gr;
	like($log, qr/gen_syndrome\(\) maps the elements of ptrs\[\] with kmap_local_page\(\) in a loop counting up and releases them in a loop counting up too/, 'what is mapped: the array form');
	like($log, qr/Release the elements of ptrs\[\] counting down, the last one mapped first\./, 'how to release them');
	unlike($log, qr/ptrs\[\] with kmap_local_page\(\) and then ptrs\[\]|Release ptrs\[\] before ptrs\[\]/, 'not a pair of ptrs[] and ptrs[]');
};
done_testing;
