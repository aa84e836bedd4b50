# SPDX-License-Identifier: GPL-2.0
# make scan in CI: --fail-on (FAIL_ON=) exit statuses, and what the SARIF
# log of a real scan carries (versions, rule help, parse failures, no
# absolute local paths).
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
my $scan = "perl $root/cocci/bin/lifo-scan.pl";
my $tmp = tempdir(CLEANUP => 1);

# The fake tree: two fixes (mm/, arch/arm/) and a cleanup (loongarch).
my $t = fake_tree();
write_to("$t/lib/broken.c", "void broken(struct page *p)\n{\n\tchar *a = kmap_local_page(p);\n\ta = = ;\n\tkunmap_local(a);\n}\n");
my ($st, $o);
scenario '--fail-on fix with fixes: exit 1, said why' => sub {
	($st, $o) = run_cmd("$scan --tree '$t' --out '$tmp/a' --jobs 2 --fail-on fix 2>'$tmp/a.err'");
	is($st, 1, '--fail-on fix with fixes: exit 1');
	like(slurp("$tmp/a.err"), qr/scan: 2 findings with impact fix: exit 1 \(FAIL_ON=fix\)/, '... and says why');
	is(scalar(() = $o =~ /^\S+:\d+:\d+: /mg), 3, '... the findings are still printed');
	ok(-f "$tmp/a/findings.json", '... and written');
};

# The SARIF log of that scan.
scenario 'the SARIF log of that scan' => sub {
	my $text = slurp("$tmp/a/findings.sarif");
	my $s = JSON::PP->new->decode($text);
	is_deeply([check_sarif($s)], [], 'its SARIF is valid');
	unlike($text, qr/\Q$t\E|\Q$tmp\E|\Q$root\E|file:/, 'no absolute local path in it');
	my $run = $s->{runs}[0];
	like($run->{tool}{driver}{version}, qr/^\d+\.\d+\.\d+/, "the tool's own version");
	like($run->{tool}{extensions}[0]{version} // '', qr/^\d/, "spatch's version");
	like($run->{tool}{driver}{rules}[0]{help}{text} // '', qr/must be released in reverse order/, "the rule's help text");
	my ($pe) = grep { ($_->{message}{text} // '') =~ /could not parse/ } @{$run->{invocations}[0]{toolExecutionNotifications} // []};
	is($pe && $pe->{locations}[0]{physicalLocation}{artifactLocation}{uri}, 'lib/broken.c', 'the parse failure is a notification locating its file');
	my $j = JSON::PP->new->decode(slurp("$tmp/a/findings.json"));
	is($j->{version}, 4, 'findings.json has its schema version');
	is($j->{tool}{version}, $run->{tool}{driver}{version}, '... and the tool version');
};

scenario '--fail-on any, and none, with findings' => sub {
	($st, $o) = run_cmd("$scan --tree '$t' --out '$tmp/a' --jobs 2 --fail-on any 2>/dev/null");
	is($st, 1, '--fail-on any with findings: exit 1');
	($st, $o) = run_cmd("$scan --tree '$t' --out '$tmp/a' --jobs 2 2>/dev/null");
	is($st, 0, 'without --fail-on: exit 0 with findings');
};

# Only a cleanup: not for fix, yes for any.
scenario 'only a cleanup: not for fix, yes for any' => sub {
	unlink "$t/mm/copy.c", "$t/arch/arm/mm/copy.c", "$t/lib/broken.c" or die;
	($st, $o) = run_cmd("$scan --tree '$t' --out '$tmp/b' --jobs 2 --fail-on fix 2>/dev/null");
	is($st, 0, '--fail-on fix with a cleanup only: exit 0');
	is(scalar(() = $o =~ /^\S+:\d+:\d+: /mg), 1, '... the cleanup is printed');
	($st, $o) = run_cmd("$scan --tree '$t' --out '$tmp/b' --jobs 2 --fail-on any 2>/dev/null");
	is($st, 1, '--fail-on any with a cleanup: exit 1');
};

# No findings: exit 0.
scenario 'no findings: exit 0' => sub {
	unlink "$t/arch/loongarch/mm/init.c" or die;
	($st, $o) = run_cmd("$scan --tree '$t' --out '$tmp/c' --jobs 1 --fail-on any 2>/dev/null");
	is($st, 0, '--fail-on any without findings: exit 0');
};

# Errors win: a scan with errors exits 2, findings or not.
my $u = fake_tree();
scenario 'errors win; a bad --fail-on: exit 2' => sub {
	($st, $o) = run_cmd("FAULT=crash:mm/copy.c $scan --tree '$u' --out '$tmp/d' --jobs 1 --fail-on any"
		. " --spatch 'sh $FindBin::Bin/data/fault-spatch.sh' 2>/dev/null");
	is($st, 2, 'a scan with errors and findings under --fail-on: exit 2');
	for my $bad ('all', '', 'FIX') {
		($st, $o) = run_cmd("$scan --tree '$u' --out '$tmp/e' --fail-on '$bad' 2>&1");
		is($st, 2, "--fail-on '$bad': exit 2");
		like($o, qr/must be fix or any/, '... with a message');
	}
	ok(!-e "$tmp/e/findings.json", '... and nothing scanned');
};

# Through make: GNU make exits 2 whenever a recipe fails, and names the
# driver's status.
scenario 'through make: the driver\'s status' => sub {
	($st, $o) = run_cmd("make -s -C '$root' scan KSRC='$u' OUT='$tmp/m' J=2 WRAPPERS=0 FAIL_ON=fix 2>&1");
	is($st, 2, 'make scan FAIL_ON=fix with fixes: make fails');
	like($o, qr/exit 1 \(FAIL_ON=fix\).*Error 1/s, '... and the driver exited 1');
	($st, $o) = run_cmd("make -s -C '$root' scan KSRC='$u' OUT='$tmp/m' FAIL_ON=sometimes 2>&1");
	like($o, qr/must be fix or any, not 'sometimes'.*Error 2/s, 'make scan FAIL_ON=sometimes: the driver exits 2');
};
done_testing;
