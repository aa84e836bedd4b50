# SPDX-License-Identifier: GPL-2.0
# checkpatch-ext/gitlint/disclosure_rule.py, the gitlint user rule: its
# translation of disclosure.pl --json into (line, "LEVEL:TYPE: message")
# on canned output (python3 only), and, when gitlint is installed (Debian
# package gitlint), gitlint --extra-path on real commits of a scratch
# repository: an agent's sign-off and co-author trailer are violations at
# their lines, the form in force passes, the policy option applies.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

my $root = root();
$ENV{PYTHONDONTWRITEBYTECODE} = 1;	# no __pycache__ in the checkout
my $dir = "$root/checkpatch-ext/gitlint";
ok(-f "$dir/disclosure_rule.py", 'the shim exists');


scenario 'the shim on canned output (python3)' => sub {
	SKIP: {
		skip 'python3 not installed', 3 if system('python3 -c "" >/dev/null 2>&1');
		my $canned = write_file(tmpdir() . '/canned.json', join("\n",
			'{"file":"m","fix":[{"line":5,"text":"Assisted-by: LLM"}],"level":"WARNING","line":5,"message":"Co-authored-by trailer added by a coding agent (Claude)","patch":1,"subject":"Fix","type":"AGENT_CO_AUTHOR"}',
			'{"file":"m","fix":[],"level":"ERROR","line":null,"message":"agent involvement is disclosed but no human Signed-off-by","patch":1,"subject":"Fix","type":"MISSING_HUMAN_SIGN_OFF"}',
			'') . "\n");
		my ($st, $o) = sh(qq{cd '$dir' && python3 -c 'import sys, disclosure_rule as d; print(repr(d.violations_from_json(open(sys.argv[1]).read())))' '$canned'});
		is($st, 0, 'violations_from_json runs without gitlint') or diag $o;
		is($o, "[(5, 'WARNING:AGENT_CO_AUTHOR: Co-authored-by trailer added by a coding agent (Claude)'), (None, 'ERROR:MISSING_HUMAN_SIGN_OFF: agent involvement is disclosed but no human Signed-off-by')]\n",
		   'each report: its line (None without one) and LEVEL:TYPE: message');
		# the real checker through the shim's runner
		($st, $o) = sh(qq{cd '$dir' && python3 -c 'import disclosure_rule as d; print(repr(d.run_disclosure("Fix\\n\\nBody.\\n\\nSigned-off-by: Claude <noreply\@anthropic.com>\\nSigned-off-by: Jane Doe <jane\@example.org>\\n")))'});
		like($o, qr/^\[\(5, ["']ERROR:AGENT_SIGN_OFF: Signed-off-by: names an AI agent \(Claude\)/, 'run_disclosure: disclosure.pl --json on a message, the sign-off at line 5') or diag $o;
	}
};

scenario 'gitlint on real commits' => sub {
	SKIP: {
		my $gitlint = `command -v gitlint 2>/dev/null`;
		chomp $gitlint;
		skip 'gitlint not installed (apt-get install gitlint)', 6 unless $gitlint;
		my $repo = tmpdir() . '/gitlint-repo';
		my $git = "git -C '$repo' -c user.name='Jane Doe' -c user.email=jane\@example.org";
		system("git init -q '$repo'") == 0 or die;
		my $commit = sub ($msg) {
			my $f = write_file(tmpdir() . '/gl-msg', $msg);
			system("$git commit -q --allow-empty -F '$f'") == 0 or die;
		};
		my $lint = sub (@o) { sh("cd '$repo' && '$gitlint' --extra-path '$dir' @o") };
		$commit->("mm: fix a thing\n\nThe body says what and why.\n\nCo-authored-by: Claude <noreply\@anthropic.com>\nSigned-off-by: Claude <noreply\@anthropic.com>\n");
		my ($st, $o) = $lint->();
		isnt($st, 0, 'gitlint fails on an agent sign-off');
		like($o, qr/^6: UC-DISCLOSURE ERROR:AGENT_SIGN_OFF: Signed-off-by: names an AI agent \(Claude\).*: "Signed-off-by: Claude <noreply\@anthropic\.com>"$/m, '... AGENT_SIGN_OFF at line 6 with the line') or diag $o;
		like($o, qr/^5: UC-DISCLOSURE WARNING:AGENT_CO_AUTHOR: /m, '... AGENT_CO_AUTHOR at line 5');
		like($o, qr/^-: UC-DISCLOSURE ERROR:MISSING_HUMAN_SIGN_OFF: /m, '... MISSING_HUMAN_SIGN_OFF for the whole message');
		($st, $o) = $lint->('-c', 'UC-DISCLOSURE.policy=qemu');
		like($o, qr/AI_CONTENT_DECLINED/, 'the policy option: qemu declines');
		$commit->("mm: fix a thing\n\nThe body says what and why.\n\nAssisted-by: LLM coccinelle\nSigned-off-by: Jane Doe <jane\@example.org>\n");
		($st, $o) = $lint->();
		is($st, 0, 'the form in force and a human sign-off: gitlint passes') or diag $o;
	}
};
done_testing;
