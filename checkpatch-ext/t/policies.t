# SPDX-License-Identifier: GPL-2.0
# Per-project trailer semantics: what Assisted-by credits (a tool, or a
# person in curl), which trailers disclose (Generated-by at the ASF,
# Generated-By/Assisted-By at OpenInfra, AI-used-for read under QEMU's
# policy), and projects that disclose outside the commit (GTK,
# Kubernetes) or decline AI content (Rust, man-pages).
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $DESC = "Fix the ordering of the unmaps.\n\n";

# Every policy cites its source document and a date
my $dir = root() . '/checkpatch-ext/policies';
for my $f (sort glob("$dir/*.policy")) {
	my $t = read_file($f);
	(my $n = $f) =~ s{.*/}{};
	like($t, qr/^#? ?source = \S/m, "$n: cites its source");
	like($t, qr/\b(?:19|20)\d\d\b|\b[0-9a-f]{12}\b/, "$n: dated (or a commit)");
}

# [name, body, args, must have, must not have]
my @cases = (
	# bootc: Assisted-by: AI or Generated-by: AI; no agent sign-off
	['bootc: Generated-by: AI discloses', "${DESC}Generated-by: AI\n$SOB", ['--policy=bootc', '--strict'],
	 [], ['GENERATED_BY_TAG', 'ASSISTED_BY_FORMAT', 'MISSING_DISCLOSURE']],
	['bootc: Assisted-by: AI discloses', "${DESC}Assisted-by: AI\n$SOB", ['--policy=bootc', '--strict'],
	 [], ['ASSISTED_BY_FORMAT', 'MISSING_DISCLOSURE']],
	['bootc: an agent sign-off', "${DESC}Signed-off-by: Claude <noreply\@anthropic.com>\n$SOB", ['--policy=bootc'],
	 ['ERROR:AGENT_SIGN_OFF'], []],
	['bootc: an agent in Co-developed-by', "${DESC}Co-developed-by: Claude claude-opus-4-20250514\n$SOB", ['--policy=bootc'],
	 ['ERROR:AGENT_CO_DEVELOPED_BY'], []],
	['bootc: a claim with no trailer is a CHECK', "Test written by Claude\n\n$SOB", ['--policy=bootc', '--strict'],
	 ['CHECK:MISSING_DISCLOSURE'], ['WARNING:MISSING_DISCLOSURE']],
	# OpenSSL: Assisted-by: {agent}:{model}, a CLA
	['openssl: its own example', "${DESC}Assisted-by: Claude:claude-sonnet-4-6\n", ['--policy=openssl', '--strict'],
	 [], ['ASSISTED_BY_FORMAT', 'MISSING_HUMAN_SIGN_OFF']],
	['openssl: a space in the agent, as its example has', "${DESC}Assisted-by: GitHub Copilot:gpt-4.1\n", ['--policy=openssl'],
	 [], ['WARNING:ASSISTED_BY_FORMAT']],
	['openssl: a claim with no trailer', "Test written by Claude\n\n", ['--policy=openssl'],
	 ['WARNING:MISSING_DISCLOSURE'], []],
	['openssl: an agent co-author instead', "${DESC}Co-authored-by: Claude <noreply\@anthropic.com>\n", ['--policy=openssl'],
	 ['WARNING:AGENT_CO_AUTHOR'], ['MISSING_HUMAN_SIGN_OFF']],
	# Ghostty: disclosed in any form
	['ghostty: a changelog note discloses', "Almost fully written by AI: https://ampcode.com/threads/T-86df68a3\n", ['--policy=ghostty', '--strict'],
	 [], ['MISSING_DISCLOSURE', 'MISSING_HUMAN_SIGN_OFF']],
	['ghostty: an agent co-author discloses', "${DESC}Co-authored-by: Amp <amp\@ampcode.com>\n", ['--policy=ghostty', '--strict'],
	 [], ['AGENT_CO_AUTHOR', 'MISSING_HUMAN_SIGN_OFF']],
	['ghostty: an empty Assisted-by', "${DESC}Assisted-by:\n", ['--policy=ghostty'],
	 ['WARNING:ASSISTED_BY_FORMAT'], []],
	# a home-made AI disclosure tag (AI-Assisted:, AI-Tools:): a
	# disclosure under every policy
	['kernel: AI-Assisted: yes', "${DESC}AI-Assisted: yes\n$SOB", [],
	 ['WARNING:ASSISTED_BY_FORMAT'], ['MISSING_HUMAN_SIGN_OFF']],
	['kernel: AI-Tools naming two tools, no sign-off', "${DESC}AI-Tools: GitLab Duo, OpenCode\n", [],
	 ['WARNING:ASSISTED_BY_FORMAT', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['kernel: AI-Assisted: no', "${DESC}AI-Assisted: no\n$SOB", [],
	 [], ['ASSISTED_BY_FORMAT']],
	['kernel: a tag that only starts like one', "${DESC}Aiden-Reviewed: yes\n$SOB", [],
	 [], ['ASSISTED_BY_FORMAT']],
	['qemu: AI-assisted: Codex', "${DESC}AI-assisted: Codex\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], []],
	['gentoo: AI-Tools', "${DESC}AI-Tools: OpenCode\n$SOB", ['--policy=gentoo'],
	 ['ERROR:AI_CONTENT_DECLINED'], []],
	['gtk: AI-Assisted: yes', "${DESC}AI-Assisted: yes\n$SOB", ['--policy=gtk'],
	 ['WARNING:AI_TRAILER_IN_COMMIT'], []],
	['kubernetes: AI-Assisted: no', "${DESC}AI-Assisted: no\n$SOB", ['--policy=kubernetes'],
	 [], ['AI_TRAILER_IN_COMMIT']],
	# GTK, Kubernetes: AI trailers are not for the commit
	['gtk: agent co-author', "${DESC}${SOB}Co-authored-by: Claude <noreply\@anthropic.com>\n", ['--policy=gtk'],
	 ['WARNING:AI_TRAILER_IN_COMMIT'], ['AGENT_CO_AUTHOR']],
	['gtk: Assisted-by', "${DESC}Assisted-by: LLM\n$SOB", ['--policy=gtk'],
	 ['WARNING:AI_TRAILER_IN_COMMIT'], ['ASSISTED_BY_FORMAT']],
	['gtk: a claim in the changelog needs no trailer', "This was written with ChatGPT.\n\n$SOB", ['--policy=gtk'],
	 [], ['MISSING_DISCLOSURE', 'AI_TRAILER_IN_COMMIT']],
	['gtk: human co-author', "${DESC}Co-authored-by: Ann Smith <ann\@example.org>\n", ['--policy=gtk'],
	 [], ['AI_TRAILER_IN_COMMIT', 'MISSING_HUMAN_SIGN_OFF']],
	['kubernetes: Amp thread trailer', "${DESC}Amp-Thread-ID: T-0c8c2a1e\n", ['--policy=kubernetes'],
	 ['WARNING:AI_TRAILER_IN_COMMIT'], ['MISSING_HUMAN_SIGN_OFF', 'AGENT_CO_AUTHOR']],
	['kubernetes: Generated-by a tool that is no AI', "${DESC}Generated-by: Coccinelle 1.1.1\n", ['--policy=kubernetes'],
	 [], ['AI_TRAILER_IN_COMMIT', 'GENERATED_BY_TAG']],
	['kernel: no AI_TRAILER_IN_COMMIT', "${DESC}${SOB}Co-authored-by: Claude <noreply\@anthropic.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], ['AI_TRAILER_IN_COMMIT']],
	# ASF: Generated-by is the disclosure
	['asf: Generated-by discloses', "This helper was written with ChatGPT.\n\nGenerated-by: ChatGPT gpt-4o\n", ['--policy=asf', '--strict'],
	 [], ['GENERATED_BY_TAG', 'MISSING_DISCLOSURE', 'MISSING_HUMAN_SIGN_OFF']],
	['asf: an agent co-author is a CHECK', "${DESC}Co-authored-by: Claude <noreply\@anthropic.com>\n", ['--policy=asf', '--strict'],
	 ['CHECK:AGENT_CO_AUTHOR'], ['MISSING_HUMAN_SIGN_OFF']],
	['asf: a claim without Generated-by', "This helper was written with ChatGPT.\n\n", ['--policy=asf', '--strict'],
	 ['CHECK:MISSING_DISCLOSURE'], []],
	['asf: an Assisted-by is another way, a CHECK', "${DESC}Assisted-by: Claude:claude-opus-4-5\n", ['--policy=asf', '--strict'],
	 ['CHECK:ASSISTED_BY_FORMAT'], ['MISSING_HUMAN_SIGN_OFF', 'MISSING_DISCLOSURE']],
	['asf: an Assisted-by, no --strict: nothing shown', "${DESC}Assisted-by: Claude:claude-opus-4-5\n", ['--policy=asf'],
	 [], ['ASSISTED_BY_FORMAT']],
	['kernel: Generated-by is not its trailer', "${DESC}Generated-by: ChatGPT gpt-4o\n$SOB", [],
	 ['WARNING:GENERATED_BY_TAG'], []],
	# OpenInfra: Generated-By and Assisted-By, tool and model
	['openinfra: Generated-By', "${DESC}Generated-By: claude-code claude-opus-4-5\n", ['--policy=openinfra'],
	 [], ['GENERATED_BY_TAG', 'ASSISTED_BY_FORMAT', 'MISSING_HUMAN_SIGN_OFF']],
	['openinfra: Assisted-By', "${DESC}Assisted-By: OpenAI ChatGPT\n", ['--policy=openinfra'],
	 [], ['ASSISTED_BY_FORMAT']],
	['openinfra: a claim without either', "This helper was written with ChatGPT.\n\n$SOB", ['--policy=openinfra'],
	 ['WARNING:MISSING_DISCLOSURE'], []],
	# curl: Assisted-by credits a person
	['curl: a person in Assisted-by', "${DESC}Assisted-by: Jane Doe\nAssisted-by: Ann Smith <ann\@example.org>\n", ['--policy=curl', '--strict'],
	 [], ['ASSISTED_BY_FORMAT', 'MISSING_HUMAN_SIGN_OFF', 'AI_CONTENT_DECLINED']],
	['kernel: a person in Assisted-by is malformed', "${DESC}Assisted-by: Ann Smith <ann\@example.org>\n$SOB", [],
	 ['WARNING:ASSISTED_BY_FORMAT'], []],
	# QEMU: the proposed AI-used-for is disclosure, which QEMU declines
	['qemu: AI-used-for declined', "${DESC}AI-used-for: code generation\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], []],
	['kernel: AI-used-for is not its trailer', "${DESC}AI-used-for: code generation\n$SOB", [],
	 [], ['AI_CONTENT_DECLINED', 'MISSING_HUMAN_SIGN_OFF']],
	# Zephyr: its CI warns on the LLM form
	['zephyr: Assisted-by: LLM warns', "${DESC}Assisted-by: LLM\n$SOB", ['--policy=zephyr'],
	 ['WARNING:ASSISTED_BY_FORMAT'], []],
	['zephyr: the form in force', "${DESC}Assisted-by: Claude:claude-opus-4-5\n$SOB", ['--policy=zephyr', '--strict'],
	 [], ['ASSISTED_BY_FORMAT']],
	# Zephyr: basic tools are not listed (its AGENTS.md)
	['zephyr: basic tools listed', "${DESC}Assisted-by: Claude:claude-opus-4-5 git cmake\n$SOB", ['--policy=zephyr'],
	 ['WARNING:ASSISTED_BY_BASIC_TOOL'], []],
	['zephyr: an analysis tool listed', "${DESC}Assisted-by: Claude:claude-opus-4-5 coccinelle\n$SOB", ['--policy=zephyr'],
	 [], ['ASSISTED_BY_BASIC_TOOL']],
	['kernel-2025: the LLM form is only a CHECK', "${DESC}Assisted-by: LLM\n$SOB", ['--policy=kernel-2025'],
	 [], ['ASSISTED_BY_FORMAT']],
	# an agent credited in a trailer that credits people (Suggested-by,
	# Helped-by, ...): each policy as it treats the agent's other trailers
	['fedora: agent in Suggested-by is a CHECK', "${DESC}Suggested-by: Claude <noreply\@anthropic.com>\n$SOB", ['--policy=fedora', '--strict'],
	 ['CHECK:AGENT_IN_TRAILER'], []],
	['asf: agent in Helped-by is a CHECK', "${DESC}Helped-by: Claude <noreply\@anthropic.com>\n", ['--policy=asf', '--strict'],
	 ['CHECK:AGENT_IN_TRAILER'], []],
	['gtk: agent in Suggested-by is an AI trailer in the commit', "${DESC}Suggested-by: Claude <noreply\@anthropic.com>\n", ['--policy=gtk'],
	 ['WARNING:AI_TRAILER_IN_COMMIT'], ['AGENT_IN_TRAILER']],
	['qemu: agent in Helped-by declined', "${DESC}Helped-by: Claude <noreply\@anthropic.com>\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], ['AGENT_IN_TRAILER']],
	['curl: agent in Helped-by is not reported', "${DESC}Helped-by: Claude <noreply\@anthropic.com>\n", ['--policy=curl', '--strict'],
	 [], ['AGENT_IN_TRAILER']],
	['llvm: agent in AI-assisted-by is a note', "${DESC}AI-assisted-by: Codex GPT-5.4\n", ['--policy=llvm', '--strict'],
	 [], ['AGENT_IN_TRAILER']],
	# Rust, man-pages: AI content declined
	['rust: agent co-author declined', "${DESC}${SOB}Co-authored-by: Claude <noreply\@anthropic.com>\n", ['--policy=rust'],
	 ['WARNING:AI_CONTENT_DECLINED'], ['AGENT_CO_AUTHOR']],
	['rust: Coccinelle is fine', "This patch was generated by a Coccinelle script.\n\n", ['--policy=rust'],
	 [], ['AI_CONTENT_DECLINED', 'MISSING_DISCLOSURE', 'MISSING_HUMAN_SIGN_OFF']],
	['man-pages: changelog claim declined', "This page was written with ChatGPT.\n\n$SOB", ['--policy=man-pages'],
	 ['ERROR:AI_CONTENT_DECLINED'], ['MISSING_DISCLOSURE']],
	['man-pages: a human patch', "${DESC}$SOB", ['--policy=man-pages'],
	 [], ['AI_CONTENT_DECLINED']],
);
for my $c (@cases) {
	my ($name, $body, $args, $want, $unwanted) = @$c;
	my $r = check(msg($body), @$args);
	ok(has($r, $_), "$name: reports $_") or diag $r->{out} for @$want;
	ok(!has($r, $_), "$name: does not report $_") or diag $r->{out} for @$unwanted;
}

# Kubernetes forbids listing AI tooling as a co-author: an agent as the
# commit's author is a WARNING; GTK's text says nothing of the author
{
	my $r = check(msg("${DESC}", from => 'Claude <claude-sonnet-4-5@anthropic.com>'), '--policy=kubernetes');
	ok(has($r, 'WARNING:AGENT_AUTHOR'), 'kubernetes: an agent as the author') or diag $r->{out};
	$r = check(msg("${DESC}", from => 'Claude Dupont <claude@example.org>'), '--policy=kubernetes');
	ok(!has($r, 'AGENT_AUTHOR'), 'kubernetes: a person as the author') or diag $r->{out};
	$r = check(msg("${DESC}", from => 'Claude <claude-sonnet-4-5@anthropic.com>'), '--policy=gtk');
	ok(!has($r, 'AGENT_AUTHOR'), 'gtk: an agent as the author is not its text\'s concern') or diag $r->{out};
}

# --fix never writes a trailer the policy forbids
{
	my $b = check(msg("${DESC}${SOB}Co-authored-by: Claude <noreply\@anthropic.com>\n"), '--policy=bootc');
	like($b->{out}, qr/'Assisted-by: AI or Generated-by: AI'/, 'bootc: the advice names AI, not the agent');
	unlike($b->{out}, qr/Assisted-by: Claude|names no model/, 'bootc: ... never the agent, nor a model asked for');
	unlike(fixed("${DESC}${SOB}Co-authored-by: Claude <noreply\@anthropic.com>\n", '--policy=bootc'), qr/^(?:Assisted|Generated)-by:/m, 'bootc --fix: neither trailer written');
	like(fixed("${DESC}AI-assisted: Codex\n$SOB"), qr/^Assisted-by: LLM\nSigned-off-by: Jane/m, 'kernel --fix: AI-assisted: Codex becomes the Assisted-by in force');
	my $all = "${DESC}Signed-off-by: Claude <noreply\@anthropic.com>\nCo-developed-by: Claude claude-opus-4-20250514\n"
		. "Assisted-by: Claude:claude-opus-4-5 git\nGenerated-by: ChatGPT gpt-4o\nMade-with: Cursor\n"
		. "Amp-Thread-ID: T-1\n${SOB}Co-authored-by: Codex <noreply\@openai.com>\nCo-authored-by: Ann Smith <ann\@example.org>\n";
	for my $p (qw(gtk kubernetes)) {
		my $f = fixed($all, "--policy=$p");
		my ($msg) = $f =~ /\n\n(.*?)\n---\n/s;
		is($msg, "Fix the ordering of the unmaps.\n\n${SOB}Co-authored-by: Ann Smith <ann\@example.org>", "$p --fix: every AI trailer dropped, none written, the rest kept");
	}
	my $f = fixed("${DESC}${SOB}Co-authored-by: Claude Opus 4.5 <noreply\@anthropic.com>\n", '--policy=asf', '--strict');
	like($f, qr/^Generated-by: Claude\n/m, 'asf --fix: Generated-by written, not Assisted-by');
	unlike($f, qr/Assisted-by|Co-authored-by/, 'asf --fix: no Assisted-by, no co-author');
	# libkrun 679dc18's Assisted-by under asf: the tool it names, in
	# Generated-by (the trailer any way written)
	my $r = DTest::run(['--no-config', '--show-types', '--policy=asf', '--strict', root() . '/checkpatch-ext/t/data/real-libkrun-679dc18-assisted-by-opencode.txt']);
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], 'asf, libkrun 679dc18: its Assisted-by is a CHECK') or diag $r->{out};
	like($r->{out}, qr/they disclose with 'Generated-by: <name of code assistant>'/, 'asf, libkrun 679dc18: the trailer asked for') or diag $r->{out};
	$f = fixed("${DESC}Assisted-by: OpenCode:claude-opus-4.6\n", '--policy=asf', '--strict');
	like($f, qr/^Generated-by: OpenCode:claude-opus-4\.6$/m, 'asf --fix --strict: Assisted-by becomes Generated-by, the value kept');
	unlike($f, qr/^Assisted-by/m, 'asf --fix --strict: no Assisted-by left');
	$f = fixed("${DESC}Generated-by: OpenCode\nAssisted-by: OpenCode\n", '--policy=asf', '--strict');
	is(scalar(() = $f =~ /^Generated-by: OpenCode$/mg), 1, 'asf --fix --strict: the same tool in Generated-by already: dropped');
	$f = fixed("${DESC}${SOB}Co-authored-by: Claude Opus 4.5 <noreply\@anthropic.com>\n", '--policy=openinfra');
	like($f, qr/^Co-authored-by: Claude Opus 4\.5/m, 'openinfra --fix: cannot tell Generated-By from Assisted-By: line left');
	unlike($f, qr/Assisted-by|Generated-By/, 'openinfra --fix: nothing written');
}

# An agent in a trailer that credits people: --fix writes the disclosure
# in place of a trailer that only credits help (Suggested-by, Helped-by,
# AI-assisted-by), and leaves the others to the human
{
	like(fixed("${DESC}Helped-by: Claude <noreply\@anthropic.com>\n$SOB"), qr/^Assisted-by: LLM\nSigned-off-by: Jane/m, '--fix: Helped-by an agent becomes the Assisted-by in force');
	like(fixed("${DESC}AI-assisted-by: Codex GPT-5.4\n$SOB", '--policy=kernel-2025'), qr/^Assisted-by: Codex:gpt-5\.4$/m, '--fix: AI-assisted-by with a model, in the AGENT_NAME:MODEL_VERSION form');
	like(fixed("${DESC}Reviewed-by: Claude <noreply\@anthropic.com>\n$SOB"), qr/^Reviewed-by: Claude/m, '--fix: a Reviewed-by is left to the human');
	my $r = DTest::run(['--no-config', '--show-types', '--no-signoff', root() . '/checkpatch-ext/t/data/real-circt-pr10231-ai-assisted-by.txt']);
	is_deeply(types_of($r), ['WARNING:AGENT_IN_TRAILER'], 'circt PR 10231: its AI-assisted-by names Codex') or diag $r->{out};
	like($r->{out}, qr/AI-assisted-by: names an AI agent \(Codex\)/, 'circt PR 10231: the agent named');
}

# The semantics are policy settings: a project of curl-style trailers
# that declines AI content
{
	my $d = tmpdir() . '/pol';
	mkdir $d;
	my $p = write_file("$d/mine.policy", "include = curl\nname = mine\nai-content = declined\nlevel AI_CONTENT_DECLINED = ERROR\n");
	my $r = check(msg("${DESC}Assisted-by: Jane Doe <jane\@example.org>\n"), "--policy=$p");
	ok(!has($r, 'AI_CONTENT_DECLINED'), 'person semantics: a person is not declined') or diag $r->{out};
	$r = check(msg("${DESC}Assisted-by: Claude <noreply\@anthropic.com>\n"), "--policy=$p");
	ok(has($r, 'AI_CONTENT_DECLINED'), 'person semantics: an agent still is') or diag $r->{out};
	$r = check(msg("${DESC}Assisted-by: Claude:claude-opus-4-5\n"), "--policy=$p");
	ok(has($r, 'AI_CONTENT_DECLINED'), 'person semantics: an agent by its registry name') or diag $r->{out};
	$p = write_file("$d/allowed.policy", "include = kernel\ndisclosure = allowed\n");
	$r = check(msg("This was written with ChatGPT.\n\n$SOB"), "--policy=$p", '--strict');
	ok(has($r, 'CHECK:MISSING_DISCLOSURE'), 'disclosure = allowed: a missing disclosure is a CHECK') or diag $r->{out};
	for my $bad ('disclosure = maybe', 'assisted-by-means = robot') {
		$p = write_file("$d/bad.policy", "include = kernel\n$bad\n");
		is(check(msg($DESC), "--policy=$p")->{rc}, 2, "bad policy '$bad': exit 2");
	}
}

# Each policy's messages quote its own form: openssl's 'Assisted-by:
# {agent}:{model}' (no tools, no AGENT_NAME:MODEL_VERSION), openinfra's
# '<tool> [model]'; the kernel's [TOOL1] placeholders only where the
# policy's form is the kernel's (zephyr's CI checkpatch); no kernel
# document (generated-content.rst) or kernel release cited outside the
# kernel's policies; no disclosure advised where AI content is declined.
{
	my @bodies = (
		"${DESC}${SOB}Co-authored-by: Codex <noreply\@openai.com>\n",
		"${DESC}Signed-off-by: Claude <noreply\@anthropic.com>\n$SOB",
		"${DESC}Assisted-by: Claude\n$SOB",
		"${DESC}Assisted-by: Claude <noreply\@anthropic.com>\n$SOB",
		"${DESC}Assisted-by: Claude: claude-opus-4-5\n$SOB",
		"${DESC}Assisted-by:\n$SOB",
		"${DESC}Assisted-by: LLM coccinelle\n$SOB",
		"${DESC}Assisted-by: Claude:Sonnet 4.5\n$SOB",
		"This was written with ChatGPT.\n\n$SOB",
		"Generated with Frobnicator 2.0.\n\n$SOB",
		"This patch was generated by a Coccinelle script.\n\n$SOB",
		"${DESC}${SOB}AI-Assisted: yes\n",
		"${DESC}Suggested-by: Claude <noreply\@anthropic.com>\n$SOB",
	);
	my @files = map { write_file(tmpdir() . "/form-$_.patch", msg($bodies[$_])) } 0 .. $#bodies;
	# the forms as the projects write them (their policies' sources)
	my %own = (openssl => 'Assisted-by: {agent}:{model}',
		   openinfra => 'Assisted-By: <tool> [model] or Generated-By: <tool> [model]',
		   zephyr => 'Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]',
		   llvm => 'Assisted-by: <name of code assistant>',
		   bootc => 'Assisted-by: AI or Generated-by: AI');
	for my $f (sort glob("$dir/*.policy")) {
		my ($p) = $f =~ m{([^/]+)\.policy$};
		next if $p =~ /^kernel/;
		my $t = read_file($f);
		my $r = DTest::run(['--no-config', "--policy=$p", '--strict', '-q', '--no-summary', @files]);
		my @m = $r->{out} =~ /^(?:ERROR|WARNING|CHECK): (.*)$/mg;
		my $form = $own{$p} // '';
		for my $w ('[TOOL1]', 'AGENT_NAME', 'MODEL_VERSION') {
			next if index($form, $w) >= 0;
			is_deeply([grep { index($_, $w) >= 0 } @m], [], "$p: no message quotes $w, not in its form");
		}
		is_deeply([grep { /generated-content\.rst|form of kernels/ } @m], [], "$p: no kernel document or release cited");
		like($r->{out}, qr/\Q'$form'\E/, "$p: its form quoted ('$form')") if $form ne '';
		if ($t =~ /^ai-content = declined$/m) {
			is_deeply([grep { /AGENT_SIGN_OFF|Signed-off-by: names/ && /Assisted-by/ } @m], [], "$p: declines AI content: no Assisted-by advised");
		}
	}
	# the kernel's own messages are as before
	my $r = DTest::run(['--no-config', '--policy=kernel-2025', '--strict', '-q', '--no-summary', @files]);
	like($r->{out}, qr/expects 'Assisted-by: AGENT_NAME:MODEL_VERSION \[TOOL1\] \[TOOL2\]'/, 'kernel-2025: the kernel form quoted');
	like($r->{out}, qr/'Assisted-by: LLM' is the form of kernels since 7\.3/, 'kernel-2025: the LLM form said to be the 7.3 one');
	like($r->{out}, qr/generated-content\.rst/, 'kernel-2025: generated-content.rst cited');
	# a declined policy's --fix writes no Assisted-by for an agent sign-off
	unlike(fixed("${DESC}Signed-off-by: Claude <noreply\@anthropic.com>\n$SOB", '--policy=qemu'), qr/^Assisted-by:/m, 'qemu --fix: no Assisted-by written');
}

done_testing;
