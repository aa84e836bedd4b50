# SPDX-License-Identifier: GPL-2.0
# Every message type: a case that must report it and one that must not.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $DESC = "Fix the ordering of the unmaps.\n\n";

# [name, body, policy args, must have, must not have]
my @cases = (
	# AGENT_AUTHOR
	['agent as the author', "${DESC}$SOB", [],
	 ['ERROR:AGENT_AUTHOR'], [], undef, undef, 'Claude <noreply\@anthropic.com>'],
	['a person called Claude as the author', "${DESC}$SOB", [],
	 [], ['AGENT_AUTHOR'], undef, undef, 'Claude <claude\@example.org>'],
	# AGENT_SIGN_OFF
	['agent SoB by address', "${DESC}Signed-off-by: Claude <noreply\@anthropic.com>\n$SOB", [],
	 ['ERROR:AGENT_SIGN_OFF'], []],
	['agent SoB by model string', "${DESC}Signed-off-by: Claude claude-opus-4-5\n$SOB", [],
	 ['ERROR:AGENT_SIGN_OFF'], []],
	['agent SoB by bot address', "${DESC}Signed-off-by: Copilot <198982749+Copilot\@users.noreply.github.com>\n$SOB", [],
	 ['ERROR:AGENT_SIGN_OFF'], []],
	['a person called Claude signs off', "${DESC}Signed-off-by: Claude <claude\@example.org>\n", [],
	 [], ['AGENT_SIGN_OFF', 'MISSING_HUMAN_SIGN_OFF']],
	['Claude Dupont signs off', "${DESC}Signed-off-by: Claude Dupont <claude.dupont\@example.fr>\n", [],
	 [], ['AGENT_SIGN_OFF']],
	# AGENT_CO_DEVELOPED_BY
	['agent Co-developed-by (2025 proposal)', "${DESC}Co-developed-by: Claude claude-opus-4-20250514\n$SOB", [],
	 ['ERROR:AGENT_CO_DEVELOPED_BY'], ['MISSING_HUMAN_SIGN_OFF']],
	['agent Co-developed-by, Cursor', "${DESC}Co-developed-by: Cursor gpt-4-turbo-2024-04-09\n$SOB", [],
	 ['ERROR:AGENT_CO_DEVELOPED_BY'], []],
	['human Co-developed-by', "${DESC}Co-developed-by: Claude Martin <cmartin\@example.org>\nSigned-off-by: Claude Martin <cmartin\@example.org>\n$SOB", [],
	 [], ['AGENT_CO_DEVELOPED_BY']],
	# AGENT_CO_AUTHOR
	['Claude Code co-author', "${DESC}${SOB}Co-Authored-By: Claude Opus 4.5 <noreply\@anthropic.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['Codex co-author', "${DESC}${SOB}Co-authored-by: Codex <noreply\@openai.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['Copilot co-author', "${DESC}${SOB}Co-authored-by: Copilot <198982749+Copilot\@users.noreply.github.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['Cursor co-author', "${DESC}${SOB}Co-authored-by: Cursor Agent <cursoragent\@cursor.com>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['aider co-author', "${DESC}${SOB}Co-authored-by: aider (openai/gpt-4o) <noreply\@aider.chat>\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], []],
	['session link trailer', "${DESC}Assisted-by: Claude:claude-opus-4-5\n${SOB}Claude-Session: https://claude.ai/code/session_01ABC\n", [],
	 ['WARNING:AGENT_CO_AUTHOR'], ['ASSISTED_BY_FORMAT']],
	['human co-author', "${DESC}${SOB}Co-authored-by: Ann Smith <ann\@example.org>\n", [],
	 [], ['AGENT_CO_AUTHOR']],
	['plain Link trailer', "${DESC}Link: https://lore.kernel.org/r/20250101.1234\@example.org\n$SOB", [],
	 [], ['AGENT_CO_AUTHOR']],
	# ASSISTED_BY_FORMAT
	['Assisted-by without model', "${DESC}Assisted-by: Claude\n$SOB", [],
	 ['WARNING:ASSISTED_BY_FORMAT'], []],
	['Assisted-by with an email', "${DESC}Assisted-by: Claude <noreply\@anthropic.com>\n$SOB", [],
	 ['WARNING:ASSISTED_BY_FORMAT'], []],
	['Assisted-by with a space after the colon', "${DESC}Assisted-by: Claude: claude-opus-4-5\n$SOB", [],
	 ['WARNING:ASSISTED_BY_FORMAT'], []],
	['Assisted-by with a name in words', "${DESC}Assisted-by: Claude Code:claude-opus-4-5\n$SOB", [],
	 ['WARNING:ASSISTED_BY_FORMAT'], []],
	['Assisted-by unknown agent is a CHECK', "${DESC}Assisted-by: Frobnicator:fz-2\n$SOB", ['--strict', '--policy=kernel-2025'],
	 ['CHECK:ASSISTED_BY_FORMAT'], ['WARNING:ASSISTED_BY_FORMAT', 'ERROR:ASSISTED_BY_FORMAT']],
	['Assisted-by correct', "${DESC}Assisted-by: Claude:claude-opus-4-6\nAssisted-by: Codex:gpt-5-4\n$SOB", [],
	 [], ['ASSISTED_BY_FORMAT', 'MISSING_HUMAN_SIGN_OFF', 'MISSING_DISCLOSURE']],
	['Assisted-by with analysis tools, after SoB', "${DESC}${SOB}Assisted-by: Claude:claude-opus-4-5 coccinelle sparse\n", [],
	 [], ['ASSISTED_BY_FORMAT', 'ASSISTED_BY_BASIC_TOOL']],
	# ASSISTED_BY_BASIC_TOOL
	['basic tools listed', "${DESC}Assisted-by: Claude:claude-opus-4-5 git gcc\n$SOB", [],
	 ['WARNING:ASSISTED_BY_BASIC_TOOL'], ['ASSISTED_BY_FORMAT']],
	['editor listed', "${DESC}Assisted-by: Codex:gpt-5-4 coccinelle vim\n$SOB", [],
	 ['WARNING:ASSISTED_BY_BASIC_TOOL'], []],
	['analysis tools only', "${DESC}Assisted-by: Codex:gpt-5-4 smatch clang-tidy\n$SOB", [],
	 [], ['ASSISTED_BY_BASIC_TOOL']],
	# GENERATED_BY_TAG
	['Generated-by trailer', "${DESC}Generated-by: Example Tool 2.3\n$SOB", [],
	 ['WARNING:GENERATED_BY_TAG'], ['MISSING_DISCLOSURE']],
	['Generated-by naming an agent', "${DESC}Generated-by: Claude claude-opus-4-5\n$SOB", [],
	 ['WARNING:GENERATED_BY_TAG'], []],
	['Generated-by: AI, no sign-off', "${DESC}Generated-by: AI\n", [],
	 ['WARNING:GENERATED_BY_TAG', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['Generated-by a tool whose name starts with AI, no sign-off', "${DESC}Generated-by: AIDL compiler\n", [],
	 ['WARNING:GENERATED_BY_TAG'], ['MISSING_HUMAN_SIGN_OFF']],
	['qemu: Generated-by: AI', "${DESC}Generated-by: AI\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], []],
	['qemu: Generated-by: GenAI tooling', "${DESC}Generated-by: GenAI tooling\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], []],
	['qemu: Generated-by a tool whose name starts with AI', "${DESC}Generated-by: AIDL compiler\n$SOB", ['--policy=qemu'],
	 [], ['AI_CONTENT_DECLINED']],
	['Generated-by only quoted in the diff', "${DESC}$SOB", [],
	 [], ['GENERATED_BY_TAG'], "+Generated-by: Example Tool 2.3\n"],
	# MISSING_DISCLOSURE
	['says ChatGPT wrote it', "This driver was written with ChatGPT and then reviewed.\n\n$SOB", [],
	 ['WARNING:MISSING_DISCLOSURE'], []],
	['says an LLM generated it', "The helper was generated by an LLM.\n\n$SOB", [],
	 ['WARNING:MISSING_DISCLOSURE'], []],
	['says we used Claude to write it', "We used Claude to write the selftest.\n\n$SOB", [],
	 ['WARNING:MISSING_DISCLOSURE'], []],
	['Claude Code footer', "Fix it.\n\nGenerated with [Claude Code](https://claude.ai/code)\n\n$SOB", [],
	 ['WARNING:MISSING_DISCLOSURE'], []],
	['subject says so', "Body.\n\n$SOB", [],
	 ['WARNING:MISSING_DISCLOSURE'], [], undef, 'Generated with ChatGPT: mm fix'],
	['says a Coccinelle script made it, no script', "This patch was generated by a Coccinelle script.\n\n$SOB", [],
	 ['WARNING:MISSING_DISCLOSURE'], []],
	['Coccinelle with its semantic patch', "This patch was generated by the following Coccinelle semantic patch:\n\n\@\@\nexpression E;\n\@\@\n- kmap_atomic(E)\n+ kmap_local_page(E)\n\n$SOB", [],
	 [], ['MISSING_DISCLOSURE']],
	['Coccinelle with the script path', "Generated with Coccinelle using scripts/coccinelle/api/kmap.cocci\n\n$SOB", [],
	 [], ['MISSING_DISCLOSURE']],
	['ChatGPT disclosed with Assisted-by', "This helper was written with ChatGPT.\n\nAssisted-by: ChatGPT:gpt-4o\n$SOB", [],
	 [], ['MISSING_DISCLOSURE']],
	['prose about AI policy', "Maintainers discussed whether code generated by LLMs is acceptable; this patch\nonly documents the Assisted-by tag for AI coding assistants like Claude or Copilot.\n\n$SOB", [],
	 [], ['MISSING_DISCLOSURE']],
	['claim only in the diff', "${DESC}$SOB", [],
	 [], ['MISSING_DISCLOSURE'], "+This file was generated by ChatGPT.\n"],
	# MISSING_HUMAN_SIGN_OFF
	['agent trailer, no human SoB', "${DESC}Assisted-by: Claude:claude-opus-4-5\n", [],
	 ['ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['agent SoB only', "${DESC}Signed-off-by: Claude <noreply\@anthropic.com>\n", [],
	 ['ERROR:AGENT_SIGN_OFF', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['agent trailer and human SoB', "${DESC}Assisted-by: Claude:claude-opus-4-5\n$SOB", [],
	 [], ['MISSING_HUMAN_SIGN_OFF']],
	['--no-signoff', "${DESC}Assisted-by: Claude:claude-opus-4-5\n", ['--no-signoff'],
	 [], ['MISSING_HUMAN_SIGN_OFF']],
	['no agent, no SoB is not ours to report', "${DESC}", [],
	 [], ['MISSING_HUMAN_SIGN_OFF']],
	# AI_CONTENT_DECLINED
	['qemu: Assisted-by declined', "${DESC}Assisted-by: Claude:claude-opus-4-5\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], ['ASSISTED_BY_FORMAT']],
	['qemu: co-author declined', "${DESC}${SOB}Co-authored-by: Codex <noreply\@openai.com>\n", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], ['AGENT_CO_AUTHOR']],
	['qemu: Co-developed-by agent declined', "${DESC}Co-developed-by: Claude claude-opus-4-20250514\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], ['AGENT_CO_DEVELOPED_BY']],
	['qemu: changelog says ChatGPT wrote it', "This was written with ChatGPT.\n\n$SOB", ['--policy=qemu'],
	 ['ERROR:AI_CONTENT_DECLINED'], ['MISSING_DISCLOSURE']],
	['qemu: Coccinelle is fine', "This patch was generated by a Coccinelle script.\n\nGenerated-by: Coccinelle 1.1.1\n$SOB", ['--policy=qemu'],
	 [], ['AI_CONTENT_DECLINED', 'MISSING_DISCLOSURE', 'GENERATED_BY_TAG']],
	# AI_TRAILER_IN_COMMIT
	['gtk: an agent trailer in the commit', "${DESC}${SOB}Co-authored-by: Codex <noreply\@openai.com>\n", ['--policy=gtk'],
	 ['WARNING:AI_TRAILER_IN_COMMIT'], ['AGENT_CO_AUTHOR']],
	['gtk: a human trailer', "${DESC}${SOB}Co-authored-by: Ann Smith <ann\@example.org>\n", ['--policy=gtk'],
	 [], ['AI_TRAILER_IN_COMMIT']],
	# AGENT_IN_TRAILER
	['agent in Suggested-by', "${DESC}Suggested-by: Claude <noreply\@anthropic.com>\n$SOB", [],
	 ['WARNING:AGENT_IN_TRAILER'], ['MISSING_HUMAN_SIGN_OFF']],
	['agent in Helped-by', "${DESC}Helped-by: Claude <noreply\@anthropic.com>\n$SOB", [],
	 ['WARNING:AGENT_IN_TRAILER'], []],
	['agent in AI-assisted-by, no sign-off', "${DESC}AI-assisted-by: Codex GPT-5.4\n", [],
	 ['WARNING:AGENT_IN_TRAILER', 'ERROR:MISSING_HUMAN_SIGN_OFF'], []],
	['agent in Reviewed-by', "${DESC}Reviewed-by: Copilot <198982749+Copilot\@users.noreply.github.com>\n$SOB", [],
	 ['WARNING:AGENT_IN_TRAILER'], []],
	['a person called Claude in Suggested-by', "${DESC}Suggested-by: Claude Dupont <claude\@example.org>\n$SOB", [],
	 [], ['AGENT_IN_TRAILER']],
	['a reporter whose nick starts like an agent', "${DESC}Reported-by: claudex on github\n$SOB", [],
	 [], ['AGENT_IN_TRAILER']],
	['a model name in a Fixes: subject', "${DESC}Fixes: 0123456789ab (\"drm: support gemini-2 panels\")\n$SOB", [],
	 [], ['AGENT_IN_TRAILER']],
	['a model name in a Link:', "${DESC}Link: https://example.org/claude-opus-4-5\n$SOB", [],
	 [], ['AGENT_IN_TRAILER']],
	# AGENT_ADVERT
	['Claude Code advertising line', "${DESC}\xf0\x9f\xa4\x96 Generated with [Claude Code](https://claude.com/claude-code)\n\n${SOB}Co-Authored-By: Claude <noreply\@anthropic.com>\n", [],
	 ['WARNING:AGENT_ADVERT', 'WARNING:AGENT_CO_AUTHOR'], []],
	['a link to Claude Code in prose', "The helper follows [Claude Code](https://claude.com/claude-code) docs on hooks.\n\n$SOB", [],
	 [], ['AGENT_ADVERT']],
	['kernel: no AI_CONTENT_DECLINED', "${DESC}Assisted-by: Claude:claude-opus-4-5\n$SOB", [],
	 [], ['AI_CONTENT_DECLINED']],
);

for my $c (@cases) {
	my ($name, $body, $args, $want, $unwanted, $extra, $subject, $from) = @$c;
	my $r = check(msg($body, diff_extra => $extra, subject => $subject, from => $from), @$args);
	my $got = types_of($r);
	for my $w (@$want) {
		ok((grep { $_ eq $w } @$got), "$name: reports $w") or diag $r->{out};
	}
	for my $u (@$unwanted) {
		ok(!(grep { /(?:^|:)\Q$u\E$/ } @$got), "$name: does not report $u") or diag $r->{out};
	}
	my $bad = grep { /^(?:ERROR|WARNING)/ } @$got;
	is($r->{rc}, $bad ? 1 : 0, "$name: exit status");
}

# MISSING_HUMAN_SIGN_OFF says what it found: an Assisted-by that names no
# agent (a person, as curl uses the trailer) is no "agent involvement",
# but still asks for the sign-off
{
	my $r = check(msg("${DESC}Assisted-by: Jay Satiro\n"));
	ok(has($r, 'ERROR:MISSING_HUMAN_SIGN_OFF'), 'Assisted-by naming no agent, no sign-off: still an error') or diag $r->{out};
	my ($m) = $r->{out} =~ /^ERROR:MISSING_HUMAN_SIGN_OFF: (.*)$/m;
	unlike($m // '', qr/agent involvement/, '... not said to disclose an agent');
	like($m // '', qr/^Assisted-by: discloses assistance but names no known AI agent \('Jay Satiro'\), and there is no Signed-off-by/, '... says what it found');
	$r = check(msg("${DESC}Assisted-by: LLM\n"));
	like($r->{out}, qr/^ERROR:MISSING_HUMAN_SIGN_OFF: agent involvement is disclosed but no human Signed-off-by/m, 'Assisted-by: LLM: agent involvement, as before');
}

# Every type has a case that reports it.
my %seen;
$seen{$_ =~ s/^\w+://r} = 1 for map { @{$_->[3]} } @cases;
my $r = DTest::run(['--list-types']);
for my $t (split /\n/, $r->{out}) {
	ok($seen{$t}, "type $t has a must-report case");
}

done_testing;
