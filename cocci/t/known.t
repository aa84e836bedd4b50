# SPDX-License-Identifier: GPL-2.0
# Findings not reported again: a baseline (BASELINE=findings.json, in CI)
# and a reviewed-findings file the user owns (REVIEWED=FILE), by make
# scan and its FAIL_ON gate.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use JSON::PP ();
use POSIX qw(mkfifo);
use LifoKnown;
use LifoOutput ();
use SarifCheck qw(check_sarif);

my $tmp = tempdir(CLEANUP => 1);

scenario 'the reviewed-findings file' => sub {
	write_to("$tmp/rev", "# mine\n\n3F0C6A1D2B7E9A40  a cleanup, sent\n9a1be2c3d4f50617 # never in highmem (jd)\n");
	my $k = LifoKnown->new(reviewed => "$tmp/rev");
	my @w = $k->why({ fingerprint => '3f0c6a1d2b7e9a40' });
	is_deeply(\@w, ['reviewed', "REVIEWED=$tmp/rev:3: a cleanup, sent"], 'a fingerprint, then why (upper case accepted)');
	@w = $k->why({ fingerprint => '9a1be2c3d4f50617' });
	is($w[1], "REVIEWED=$tmp/rev:4: never in highmem (jd)", "'#' before why");
	is_deeply([$k->why({ fingerprint => '0000000000000000' })], [], 'another finding is reported');
	is_deeply([map { $_->[0] } $k->unused_reviewed], [], 'both entries used');
	write_to("$tmp/bare", "3f0c6a1d2b7e9a40\n");
	ok(!eval { LifoKnown->new(reviewed => "$tmp/bare") }, 'a fingerprint without why: refused');
	like($@, qr/\Q$tmp\E\/bare:1: .*say why/, '... naming the file and line');
	write_to("$tmp/junk", "# ok\nfs/ufs/namei.c:291 looks fine\n");
	ok(!eval { LifoKnown->new(reviewed => "$tmp/junk") }, 'a line that is no fingerprint: refused');
	like($@, qr/junk:2: not FINGERPRINT WHY/, '... naming the line');
	ok(!eval { LifoKnown->new(reviewed => "$tmp/none") }, 'a missing file: refused');
};

# REVIEWED= and BASELINE= name files: a FIFO there is refused at once
# (never a read that waits for a writer), a folder is refused (never
# read as a file with no entries).
scenario 'REVIEWED= or BASELINE= a FIFO or a folder: refused' => sub {
	mkfifo("$tmp/fifo", 0600) or die "mkfifo: $!";
	mkdir "$tmp/dir";
	for my $what (qw(reviewed baseline)) {
		my $k = eval {
			local $SIG{ALRM} = sub { die "blocked\n" };
			alarm 10;
			my $k = LifoKnown->new($what => "$tmp/fifo");
			alarm 0;
			$k;
		};
		alarm 0;
		my $err = $@;
		ok(!$k && $err ne "blocked\n", "\U$what\E= a FIFO: refused, without waiting for a writer");
		like($err, qr/^\U$what\E=\Q$tmp\E\/fifo: not a regular file/, '... saying so');
		ok(!eval { LifoKnown->new($what => "$tmp/dir") }, "\U$what\E= a folder: refused");
		like($@, qr/^\U$what\E=\Q$tmp\E\/dir: a folder, not a file/, '... saying so');
	}
};

# (A plan after a test has run cannot skip: the rest ends the file.)
unless (have_spatch()) { done_testing; exit 0 }
my $root = root();
my $t = fake_tree();
my $scan = "perl $root/cocci/bin/lifo-scan.pl --tree $t --jobs 2 --quiet";
my $base = "$tmp/baseline.json";
my ($st, $o, @fp, $all, $nfp);
scenario 'make scan of the tree: the baseline' => sub {
	($st, $o) = run_cmd("$scan --out $tmp/a 2>&1");
	is($st, 0, 'make scan of the tree: exit 0') or diag $o;
	copy("$tmp/a/findings.json", $base) or die;
	@fp = map { $_->{fingerprint} } @{LifoOutput::read_json($base)->{findings}};
	is(scalar @fp, 3, 'three findings, each with a fingerprint');
};

# The change: a new violation in another file; the old lines move.
scenario 'BASELINE=: only the finding the change adds' => sub {
	my $new = slurp("$t/mm/copy.c") =~ s/copy_two/copy_three/gr;
	write_to("$t/mm/copy3.c", $new);
	write_to("$t/arch/loongarch/mm/init.c", "// moved\n\n" . slurp("$t/arch/loongarch/mm/init.c"));

	($st, $o) = run_cmd("$scan --out $tmp/b --fail-on any --baseline $base 2>/dev/null");
	is($st, 1, 'BASELINE= with a finding the change adds: FAIL_ON=any fails') or diag $o;
	is_deeply([map { s/:.*//r } split /\n/, $o], ['mm/copy3.c'], '... and only that finding is printed (the moved one is known)');
	($st, $o) = run_cmd("$scan --out $tmp/b --fail-on any --baseline $base 2>&1 >/dev/null");
	like($o, qr/^scan: 4 findings: 3 in the baseline \(BASELINE=\Q$base\E\): not reported; 1 new$/m, 'the summary says what was left out');
	like($o, qr/^scan: 1 new finding: exit 1 \(FAIL_ON=any\)$/m, '... and what the gate counts');
	$all = LifoOutput::read_json("$tmp/b/findings.json");
	is(scalar @{$all->{findings}}, 4, 'findings.json still holds every finding (the next baseline)');
};

scenario 'REVIEWED=: the new one reviewed' => sub {
	($nfp) = grep { my $f = $_; !grep { $_ eq $f } @fp } map { $_->{fingerprint} } @{$all->{findings}};
	write_to("$tmp/reviewed", "# reviewed by me\n$nfp  copy_three(): a test file, never built\n");
	($st, $o) = run_cmd("$scan --out $tmp/b --fail-on any --baseline $base --reviewed $tmp/reviewed 2>&1");
	is($st, 0, 'the new one reviewed: FAIL_ON=any passes') or diag $o;
	like($o, qr/3 in the baseline \(BASELINE=\S+\), 1 reviewed \(REVIEWED=\S+\): not reported; 0 new/, '... said');
	unlike($o, qr/^mm\//m, '... nothing printed');
};

# findings.sarif holds every finding, marked as SARIF 2.1.0 marks them:
# a reviewed one suppressed (externally, with the reason), and with a
# baseline each one's baselineState.
my $sarif = sub ($dir) {
	my $s = JSON::PP->new->decode(slurp("$dir/findings.sarif"));
	is_deeply([check_sarif($s)], [], "$dir/findings.sarif: valid SARIF 2.1.0");
	return { map { $_->{partialFingerprints}{'kmapLifo/v1'} => $_ } @{$s->{runs}[0]{results}} };
};
my $res = $sarif->("$tmp/b");
is(scalar keys %$res, 4, 'findings.sarif: every finding, the reviewed one too');
is_deeply($res->{$nfp}{suppressions}, [{ kind => 'external', justification => 'copy_three(): a test file, never built' }],
	'... the reviewed one suppressed, with the reason from REVIEWED=');
is($res->{$nfp}{baselineState}, 'new', '... and new: not in the baseline');
is_deeply([map { $res->{$_}{baselineState} } @fp], [('unchanged') x 3], '... those of the baseline unchanged');
ok(!grep({ exists $res->{$_}{suppressions} } @fp), '... and not suppressed');

# Without a baseline, the reviewed ones alone are left out.
scenario 'REVIEWED= alone: the other fixes still fail the gate' => sub {
	($st, $o) = run_cmd("$scan --out $tmp/b --fail-on fix --reviewed $tmp/reviewed 2>/dev/null");
	is($st, 1, 'REVIEWED= alone: the other fixes still fail the gate');
	is_deeply([sort map { s/:.*//r } split /\n/, $o], ['arch/arm/mm/copy.c', 'arch/loongarch/mm/init.c', 'mm/copy.c'], '... the reviewed one not printed');
	$res = $sarif->("$tmp/b");
	ok($res->{$nfp}{suppressions}, '... suppressed in findings.sarif');
	ok(!grep({ exists $_->{baselineState} } values %$res), '... and no baselineState without a baseline');
	($st, $o) = run_cmd("$scan --out $tmp/b 2>/dev/null");
	$res = $sarif->("$tmp/b");
	ok(!grep({ exists $_->{suppressions} || exists $_->{baselineState} } values %$res), 'neither: no result marked');
};

# The checker knows the two properties.
my $log = JSON::PP->new->decode(LifoOutput::sarif_log(findings => [], ok => 1));
$log->{runs}[0]{results} = [{ message => { text => 'm' }, baselineState => 'old',
	suppressions => [{ justification => 'j', status => 'maybe' }, 'x'] }];
is_deeply([check_sarif($log)], ['$.runs[0].results[0].baselineState: must be new, unchanged, updated or absent',
	"\$.runs[0].results[0].suppressions[0]: required property 'kind' missing (suppression)",
	'$.runs[0].results[0].suppressions[0].status: must be accepted, underReview or rejected',
	'$.runs[0].results[0].suppressions[1]: must be an object (suppression)'], 'SarifCheck: suppressions and baselineState checked');

# An entry no finding matches: said, for pruning.
scenario 'a reviewed entry that matches nothing is named' => sub {
	write_to("$tmp/stale", "$nfp  copy_three()\n0123456789abcdef  gone since\n");
	($st, $o) = run_cmd("$scan --out $tmp/b --reviewed $tmp/stale 2>&1 >/dev/null");
	like($o, qr/^scan: REVIEWED=\Q$tmp\E\/stale:2: 0123456789abcdef matches no finding of this tree \(fixed, or renamed\?\): gone since$/m,
		'a reviewed entry that matches nothing is named');
};
scenario 'bad BASELINE= and REVIEWED=: exit 2' => sub {
	for my $bad (["--reviewed $tmp/nope", qr/REVIEWED=\S+nope: No such file/], ["--baseline $tmp/reviewed", qr/BASELINE=\S+: not a findings\.json/]) {
		($st, $o) = run_cmd("$scan --out $tmp/b $bad->[0] 2>&1");
		is($st, 2, "$bad->[0]: exit 2");
		like($o, $bad->[1], '... with a clear message');
	}
};
scenario 'fingerprints.pl: the reviewed-file form' => sub {
	($st, $o) = run_cmd("perl $root/cocci/bin/fingerprints.pl $tmp/b/findings.json");
	like($o, qr/^\Q$nfp\E  # mm\/copy3\.c:\d+ copy_three\(\): s \(kmap_local_page\) mapped before d \(kmap_local_page\), released first \[fix\]$/m,
		'fingerprints.pl lists the findings in the reviewed-file form');
};
done_testing;
