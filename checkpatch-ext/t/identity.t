# SPDX-License-Identifier: GPL-2.0
# Agents known by address (a model id at the vendor's domain, [bot]
# accounts), by session trailers, and as the author (From:, Author:).
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use JSON::PP ();

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $DESC = "Fix the ordering of the unmaps.\n\n";
my $JULES = 'google-labs-jules[bot] <161369871+google-labs-jules[bot]@users.noreply.github.com>';
my $SWE = 'copilot-swe-agent[bot] <198982749+Copilot@users.noreply.github.com>';


# [name, body, args, must have, must not have, msg options]
my @cases = (
	# a model id as the local part at the vendor's domain
	['model id at anthropic.com signs off', "${DESC}Signed-off-by: Claude <claude-sonnet-4-5\@anthropic.com>\n$SOB", [],
	 ['ERROR:AGENT_SIGN_OFF'], []],
	['model id at anthropic.com is the only sign-off', "${DESC}Signed-off-by: Claude <claude-sonnet-4-5\@anthropic.com>\n", [],
	 ['ERROR:AGENT_SIGN_OFF', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['model id at openai.com co-develops', "${DESC}Co-developed-by: ChatGPT <gpt-5-codex\@openai.com>\n$SOB", [],
	 ['ERROR:AGENT_CO_DEVELOPED_BY'], []],
	['model id at google.com co-authors', "${DESC}${SOB}Co-authored-by: Gemini <gemini-2.5-pro\@google.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['a person at anthropic.com', "${DESC}Signed-off-by: Jane Doe <jane\@anthropic.com>\n", [],
	 [], ['AGENT_SIGN_OFF', 'MISSING_HUMAN_SIGN_OFF']],
	['a person called Claude at anthropic.com', "${DESC}Signed-off-by: Claude Shannon <claude-shannon\@anthropic.com>\n", [],
	 [], ['AGENT_SIGN_OFF']],
	['a person at aider.chat', "${DESC}Signed-off-by: Jane Doe <jane\@aider.chat>\n", [],
	 [], ['AGENT_AUTHOR', 'AGENT_SIGN_OFF', 'MISSING_HUMAN_SIGN_OFF'], from => 'Jane Doe <jane@aider.chat>'],
	['a person at codeium.com', "${DESC}Signed-off-by: Jane Doe <jane\@codeium.com>\n", [],
	 [], ['AGENT_AUTHOR', 'AGENT_SIGN_OFF', 'MISSING_HUMAN_SIGN_OFF'], from => 'Jane Doe <jane@codeium.com>'],
	['the agent\'s own name at its vendor\'s domain', "${DESC}${SOB}Co-authored-by: Cascade <cascade\@codeium.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['aider\'s co-author address', "${DESC}${SOB}Co-authored-by: aider (anthropic/claude-sonnet-4-20250514) <aider\@aider.chat>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['a model-like local part elsewhere', "${DESC}Signed-off-by: Claude <claude-4\@example.org>\n", [],
	 [], ['AGENT_SIGN_OFF']],
	# [bot] accounts
	['Jules bot co-author', "${DESC}${SOB}Co-authored-by: $JULES\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['Copilot coding agent bot signs off', "${DESC}Signed-off-by: $SWE\n$SOB", [],
	 ['ERROR:AGENT_SIGN_OFF'], []],
	['Gemini CLI bot co-author', "${DESC}${SOB}Co-authored-by: gemini-cli[bot] <218312386+gemini-cli[bot]\@users.noreply.github.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['Gemini CLI bot as the author', "${DESC}$SOB", [],
	 ['ERROR:AGENT_AUTHOR'], [], from => '"gemini-cli[bot]" <218312386+gemini-cli[bot]@users.noreply.github.com>'],
	['a person whose handle is gemini-cli', "${DESC}${SOB}Co-authored-by: Jane Doe <123+gemini-cli-fan\@users.noreply.github.com>\n", [],
	 [], ['AGENT_CO_AUTHOR']],
	['dependabot is not an agent', "${DESC}${SOB}Co-authored-by: dependabot[bot] <49699333+dependabot[bot]\@users.noreply.github.com>\n", [],
	 [], ['AGENT_CO_AUTHOR']],
	# Amp: co-author and thread trailer
	['Amp co-author', "${DESC}${SOB}Co-authored-by: Amp <amp\@ampcode.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['Amp-Thread-ID alone discloses Amp', "${DESC}${SOB}Amp-Thread-ID: https://ampcode.com/threads/T-652c6d27-8ae1-4e61-923d-a4d40071cb4b\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], ['MISSING_HUMAN_SIGN_OFF']],
	['Amp-Thread-ID with a bare id, no human', "${DESC}Amp-Thread-ID: T-0c8c2a1e\n", [],
	 ['WARNING:AGENT_CO_AUTHOR', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['a person called Amp', "${DESC}${SOB}Co-authored-by: Amp Kumar <amp\@example.org>\nThread-ID: 1234\n", [],
	 [], ['AGENT_CO_AUTHOR']],
	# the author
	['agent in From:', "${DESC}$SOB", [],
	 ['ERROR:AGENT_AUTHOR'], [], from => 'Claude <claude-sonnet-4-5@anthropic.com>'],
	['bot in From:, human co-author only', "${DESC}Co-authored-by: Jane Doe <jane\@example.org>\n", [],
	 ['ERROR:AGENT_AUTHOR', 'ERROR:MISSING_HUMAN_SIGN_OFF'], [], from => $SWE],
	['agent author under qemu', "${DESC}$SOB", ['--policy=qemu'],
	 ['ERROR:AGENT_AUTHOR', 'ERROR:AI_CONTENT_DECLINED'], [], from => $JULES],
	['human in From:', "${DESC}$SOB", [],
	 [], ['AGENT_AUTHOR']],
	['a person called Claude in From:', "${DESC}Signed-off-by: Claude Dupont <claude\@example.org>\n", [],
	 [], ['AGENT_AUTHOR'], from => 'Claude Dupont <claude@example.org>'],
	# the mark an agent puts in a person's name (aider: "Name (aider)")
	['aider mark in From:', "${DESC}$SOB", [],
	 ['ERROR:AGENT_AUTHOR'], [], from => 'Jane Doe (aider) <jane@example.org>'],
	['aider mark on a co-author', "${DESC}${SOB}Co-authored-by: Ann Smith (aider) <ann\@example.org>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['aider mark on the only sign-off', "${DESC}Signed-off-by: Jane Doe (aider) <jane\@example.org>\n", [],
	 ['ERROR:AGENT_SIGN_OFF', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['other words in parentheses in From:', "${DESC}$SOB", [],
	 [], ['AGENT_AUTHOR'], from => 'Jane Doe (ACME Corp) <jane@example.org>'],
	['aider named inside a name', "${DESC}$SOB", [],
	 [], ['AGENT_AUTHOR'], from => 'Jane (aider) Doe <jane@example.org>'],
	# a sign-off by a name that says it is an AI, with no address
	['Signed-off-by: Your Witty AI Assistant', "${DESC}Signed-off-by: Your Witty AI Assistant\n", [],
	 ['ERROR:AGENT_SIGN_OFF', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['Signed-off-by: an LLM, beside the human\'s', "${DESC}Signed-off-by: LLM\n$SOB", [],
	 ['ERROR:AGENT_SIGN_OFF'], ['MISSING_HUMAN_SIGN_OFF']],
	['a person whose sign-off has an address', "${DESC}Signed-off-by: Ann the AI agent expert <ann\@example.org>\n", [],
	 [], ['AGENT_SIGN_OFF', 'MISSING_HUMAN_SIGN_OFF']],
	['a person with no address', "${DESC}Signed-off-by: Ann Smith\n", [],
	 [], ['AGENT_SIGN_OFF']],
	# a bare URL among the trailers that links an agent's session (simonw/llm)
	['a bare session URL among the trailers', "${DESC}https://claude.ai/code/session_01HwqZ4WeDCrspfF8E7STiPA\n$SOB", [],
	 ['WARNING:AGENT_CO_AUTHOR'], ['MISSING_HUMAN_SIGN_OFF']],
	['a bare session URL, no sign-off', "${DESC}https://claude.ai/code/session_01HwqZ4WeDCrspfF8E7STiPA\n", [],
	 ['WARNING:AGENT_CO_AUTHOR', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['a bare session URL under qemu', "${DESC}https://claude.ai/code/session_01HwqZ4WeDCrspfF8E7STiPA\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], []],
	['another bare URL among the trailers', "${DESC}https://github.com/simonw/llm/issues/1\n$SOB", [],
	 [], ['AGENT_CO_AUTHOR', 'AI_CONTENT_DECLINED']],
	['a session URL in the body', "See https://claude.ai/code/session_01HwqZ4WeDCrspfF8E7STiPA\nfor the discussion.\n\n$SOB", [],
	 [], ['AGENT_CO_AUTHOR']],
);

for my $c (@cases) {
	my ($name, $body, $args, $want, $unwanted, %o) = @$c;
	my $r = check(msg($body, %o), @$args);
	ok(has($r, $_), "$name: reports $_") or diag $r->{out} for @$want;
	ok(!has($r, $_), "$name: does not report $_") or diag $r->{out} for @$unwanted;
}

# aider's own history (Aider-AI/aider, git log): its mark on a
# contributor's name with a personal address (617b038) is aider
{
	my $r = DTest::run(['--no-config', '--json', '--no-signoff', root() . '/checkpatch-ext/t/data/real-aider-log.txt']);
	my %t;
	push @{$t{$_->{patch}}}, $_->{type} for map { JSON::PP::decode_json($_) } split /\n/, $r->{out};
	is_deeply($t{3}, ['AGENT_AUTHOR'], 'aider log 617b038: "Matteo Landi (aider)" is aider') or diag $r->{out};
	is_deeply($t{1}, ['AGENT_AUTHOR'], 'aider log 14af218: "Paul Gauthier (aider) <paul@aider.chat>" is aider') or diag $r->{out};
	is_deeply($t{2}, undef, 'aider log 3ec8ec5: "Paul Gauthier <paul@aider.chat>" is a person') or diag $r->{out};
	is_deeply([@t{4, 5}], [['AGENT_CO_AUTHOR'], ['AGENT_CO_AUTHOR']], 'aider log 51cfb24, 1d42690: its co-author addresses') or diag $r->{out};
}

# The model comes from the address in the AGENT_NAME:MODEL_VERSION form
{
	my $r = check(msg("${DESC}Signed-off-by: Claude <claude-sonnet-4-5\@anthropic.com>\n$SOB"), '--policy=kernel-2025');
	like($r->{out}, qr/'Assisted-by: Claude:claude-sonnet-4-5'/, 'model from the local part');
}

# The in-body From: is git am's author: it wins over the mail's From:
{
	my $m = msg("From: Jane Doe <jane\@example.org>\n\n${DESC}$SOB", from => 'Claude <claude-sonnet-4-5@anthropic.com>');
	my $r = check($m);
	ok(!has($r, 'AGENT_AUTHOR'), 'in-body From: of a human wins') or diag $r->{out};
	$m = msg("From: $SWE\n\n${DESC}$SOB");
	$r = check($m);
	ok(has($r, 'AGENT_AUTHOR'), 'in-body From: of an agent reported') or diag $r->{out};
	like($r->{out}, qr/^#6: \nFrom: copilot-swe-agent/m, 'in-body From: at its line');
}

# git log text: Author:
{
	my $log = "commit 0123456789abcdef0123456789abcdef01234567\nAuthor: $SWE\nDate:   Mon Sep 1 2025\n\n"
		. "    mm: fix\n\n    Fix.\n\n    Co-authored-by: Jane Doe <jane\@example.org>\n    $SOB";
	my $r = check($log);
	ok(has($r, 'AGENT_AUTHOR'), 'git log: agent Author: reported') or diag $r->{out};
	like($r->{out}, qr/^#2: \nAuthor: copilot-swe-agent/m, 'git log: at the Author: line');
	$r = check($log =~ s/^Author: .*$/Author: Jane Doe <jane\@example.org>/mr);
	ok(!has($r, 'AGENT_AUTHOR'), 'git log: human Author: not reported') or diag $r->{out};
}

# A bare commit message (the commit-msg hook) has no author
{
	my $r = check("mm: fix\n\nFix.\n\n$SOB");
	ok(!has($r, 'AGENT_AUTHOR'), 'bare message: no author to check');
}

# -g: the commit's author
SKIP: {
	skip 'no git', 3 unless system('git --version >/dev/null 2>&1') == 0;
	my $g = tmpdir() . '/author-repo';
	mkdir $g;
	my $git = sub (@a) { system('git', '-C', $g, '-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.org', @a) == 0 or die "git @a" };
	$git->('init', '-q');
	write_file("$g/a", "a\n");
	$git->('add', 'a');
	$git->('commit', '-q', '--author', $JULES, '-m', "one\n\nFix.\n\n$SOB");
	write_file("$g/b", "b\n");
	$git->('add', 'b');
	$git->('commit', '-q', '-m', "two\n\nFix.\n\n$SOB");
	my $r = DTest::run(['--no-config', '--show-types', '-g', 'HEAD~1'], cwd => $g);
	is_deeply(types_of($r), ['ERROR:AGENT_AUTHOR'], '-g: the bot author reported') or diag $r->{out};
	$r = DTest::run(['--no-config', '--show-types', '-g', 'HEAD'], cwd => $g);
	is_deeply(types_of($r), [], '-g: a human author is not');
	is($r->{rc}, 0, '-g: a human author: exit 0');
}

# --fix drops a session trailer and rewrites an agent co-author
{
	my $r = check(msg("${DESC}${SOB}Co-authored-by: Amp <amp\@ampcode.com>\nAmp-Thread-ID: https://ampcode.com/threads/T-1\n"), '--fix');
	my $fixed = read_file("$r->{file}.EXPERIMENTAL-checkpatch-fixes");
	unlike($fixed, qr/Amp-Thread-ID|Co-authored-by: Amp/, '--fix: Amp trailers gone');
	like($fixed, qr/^Assisted-by: LLM$/m, '--fix: the Assisted-by in force');
}

# --fix drops a bare session URL among the trailers, as a session trailer
is(fixed("${DESC}https://claude.ai/code/session_01HwqZ4WeDCrspfF8E7STiPA\n$SOB"), msg("${DESC}$SOB"),
   '--fix: the bare session URL dropped');

done_testing;
