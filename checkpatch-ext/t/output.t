# SPDX-License-Identifier: GPL-2.0
# Output for tools: --terse names the patch of an mbox, --json gives one
# object a line per report with its suggested fix.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use JSON::PP;

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $BAD = "Fix it.\n\nAssisted-by: LLM\n";	# no human sign-off: a report without a line
my $mbox = msg("First.\n\n$SOB", subject => 'one') . "\n" . msg($BAD, subject => 'two');

# --terse: in an mbox each report says which patch, and a report of the
# whole patch points at the patch's first line
{
	my $f = write_file(tmpdir() . '/two.mbox', $mbox);
	my $r = DTest::run(['--no-config', '--terse', $f]);
	my $start = 1 + (() = msg("First.\n\n$SOB", subject => 'one') =~ /\n/g) + 1;
	like($r->{out}, qr/^\Q$f\E:$start: ERROR: agent involvement is disclosed but no human Signed-off-by: .* \[patch 2 "\[PATCH\] two"\]$/m, '--terse: patch named, its first line given') or diag $r->{out};
	$f = write_file(tmpdir() . '/one.patch', msg($BAD));
	$r = DTest::run(['--no-config', '--terse', $f]);
	like($r->{out}, qr/^\Q$f\E: ERROR: agent involvement is disclosed but no human Signed-off-by: [^[]*$/m, '--terse, one patch: as before, no patch named') or diag $r->{out};
}

# --json
{
	my $m = msg("Fix it.\n\nSigned-off-by: Claude <noreply\@anthropic.com>\nSigned-off-by: Ren\xe9 <rene\@example.org>\n"
		    . "Co-authored-by: Codex <noreply\@openai.com>\n", subject => "caf\xc3\xa9: fix");
	my $f = write_file(tmpdir() . '/j.patch', $m);
	my $r = DTest::run(['--no-config', '--json', $f]);
	my @o = map { decode_json($_) } split /\n/, $r->{out};
	is(scalar @o, 2, '--json: one object a line per report, nothing else') or diag $r->{out};
	is($o[0]{type}, 'AGENT_SIGN_OFF', '--json: type');
	is($o[0]{level}, 'ERROR', '--json: level');
	is($o[0]{line}, 8, '--json: line');
	like($o[0]{message}, qr/^Signed-off-by: names an AI agent \(Claude\)/, '--json: message');
	is_deeply($o[0]{fix}, [{ line => 8, text => 'Assisted-by: LLM' }], '--json: the fix, a rewrite');
	is_deeply($o[1]{fix}, [{ line => 10, delete => JSON::PP::true }], '--json: the fix, a deletion (one Assisted-by: LLM is enough)');
	is($o[1]{subject}, "[PATCH] caf\x{e9}: fix", '--json: UTF-8 text kept');
	is($o[0]{file}, $f, '--json: file');
	is($r->{rc}, 1, '--json: exit status as without it');
	$r = DTest::run(['--no-config', '--json', '--ignore', 'AGENT_SIGN_OFF', $f]);
	is(scalar(() = $r->{out} =~ /\n/g), 1, '--json: --ignore respected');
	$r = DTest::run(['--no-config', '--json', write_file(tmpdir() . '/clean.patch', msg("Fix.\n\n$SOB"))]);
	is($r->{out}, '', '--json: a clean patch prints nothing');
	is($r->{rc}, 0, '--json: clean: exit 0');
	$f = write_file(tmpdir() . '/two.mbox', $mbox);
	$r = DTest::run(['--no-config', '--json', $f]);
	my $o = decode_json($r->{out});
	is($o->{patch}, 2, '--json: the patch of an mbox');
	is($o->{line}, undef, '--json: no line for a report of the whole patch');
	$r = DTest::run(['--no-config', '--json', '--fix', write_file(tmpdir() . '/jf.patch', $m)]);
	is(scalar(grep { !eval { decode_json($_) } } split /\n/, $r->{out}), 0, '--json --fix: only JSON on stdout');
}

done_testing;
