# SPDX-License-Identifier: GPL-2.0
# --fix and the advertising lines coding agents add to commit messages.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $AD = "\xf0\x9f\xa4\x96 Generated with [Claude Code](https://claude.com/claude-code)\n";
# The commit message of the patch around $body after --fix.
sub fixed_msg($body, @args) { (fixed($body, @args) =~ /\n\n(.*?)\n---\n/s)[0] }

# Claude Code's default: the line and a co-author trailer
is(fixed_msg("Fix the unmaps.\n\n$AD\n${SOB}Co-Authored-By: Claude <noreply\@anthropic.com>\n"),
   "Fix the unmaps.\n\n${SOB}Assisted-by: LLM", 'line and co-author: one Assisted-by, the line and its blank line gone');
# the line alone: the Assisted-by in force is added after the trailers
is(fixed_msg("Fix the unmaps.\n\n$AD\n$SOB"), "Fix the unmaps.\n\n${SOB}Assisted-by: LLM", 'line alone: Assisted-by added');
is(fixed_msg("Fix the unmaps.\n\n$AD\n$SOB", '--policy=kernel-2025'), "Fix the unmaps.\n\n$SOB" =~ s/\n\z//r,
   'line alone, AGENT_NAME:MODEL_VERSION form: no model to write, only the line dropped');
# already disclosed: only the line goes
is(fixed_msg("Fix the unmaps.\n${AD}\nAssisted-by: LLM\n$SOB"), "Fix the unmaps.\n\nAssisted-by: LLM\n$SOB" =~ s/\n\z//r,
   'disclosed already: the line dropped, nothing added');
# the shorter form of the line
is(fixed_msg("Fix the unmaps.\n\n\xf0\x9f\xa4\x96 Generated with Claude Code\n\n$SOB"), "Fix the unmaps.\n\n${SOB}Assisted-by: LLM", 'short form');
# a policy that forbids trailers in the commit: dropped, nothing written
is(fixed_msg("Fix the unmaps.\n\n$AD\n$SOB", '--policy=gtk'), "Fix the unmaps.\n\n$SOB" =~ s/\n\z//r, 'gtk: dropped, no trailer written');
# a policy that declines AI content: no fix hides the claim
{
	my $r = check(msg("Fix the unmaps.\n\n$AD\n$SOB"), '--policy=qemu', '--fix');
	ok(!-e "$r->{file}.EXPERIMENTAL-checkpatch-fixes", 'qemu: nothing fixed');
	like($r->{out}, qr/AI_CONTENT_DECLINED/, 'qemu: declined');
	unlike($r->{out}, qr/AGENT_ADVERT/, 'qemu: not reported as an advert');
}
# CRLF kept, and the line is a report of its own
{
	my $m = msg("Fix the unmaps.\n\n$AD\n$SOB") =~ s/\n/\r\n/gr;
	my $f = write_file(tmpdir() . '/crlf-ad.patch', $m);
	my $r = DTest::run(['--no-config', '--show-types', '--fix-inplace', $f]);
	like($r->{out}, qr/^WARNING:AGENT_ADVERT: advertising line added by a coding agent \(Claude\)/m, 'reported');
	my $out = read_file($f);
	like($out, qr/\r\nSigned-off-by: Jane Doe <jane\@example.org>\r\nAssisted-by: LLM\r\n---\r\n/, 'CRLF: the added line has one too');
	unlike($out, qr/Generated with/, 'CRLF: the line dropped');
}
# Devin CLI's default commit message (a real one): its line right above
# its Co-Authored-By; --fix drops the line and rewrites the trailer
{
	my $f = root() . '/checkpatch-ext/t/data/real-devin-cli-commit-msg.txt';
	my $r = DTest::run(['--no-config', '--show-types', '--no-signoff', $f]);
	is_deeply(types_of($r), ['WARNING:AGENT_CO_AUTHOR', 'WARNING:AGENT_ADVERT'], 'Devin CLI: its advert and its co-author') or diag $r->{out};
	like($r->{out}, qr/^#16: \nGenerated with Devin \(https:\/\/cli\.devin\.ai\/docs\)$/m, 'Devin CLI: the advert at its line');
	my $c = write_file(tmpdir() . '/devin.msg', read_file($f));
	DTest::run(['--no-config', '-q', '--fix-inplace', $c]);
	like(read_file($c), qr/skipped\.\n\nAssisted-by: LLM\n\z/, 'Devin CLI --fix: the line dropped, the trailer rewritten');
}
# Cursor's pull request footer (cursor.com/docs/integrations/git), which
# a squash merge puts in the commit: quoted whole
{
	my $r = check(msg("Fix the unmaps.\n\nMade with [Cursor](https://cursor.com)\n\n$SOB"));
	is_deeply(types_of($r), ['WARNING:MISSING_DISCLOSURE', 'WARNING:AGENT_ADVERT'], 'Cursor footer: an advert, no disclosure') or diag $r->{out};
	like($r->{out}, qr/\('Made with \[Cursor\]\(https:\/\/cursor\.com\)'\)/, 'Cursor footer: quoted whole, brackets balanced');
	is(fixed_msg("Fix the unmaps.\n\nMade with [Cursor](https://cursor.com)\n\n$SOB"), "Fix the unmaps.\n\n${SOB}Assisted-by: LLM", 'Cursor footer --fix: dropped, Assisted-by added');
	$r = check(msg("Generated with [Frobnicator](https://frob.example/docs)\n\n$SOB"));
	like($r->{out}, qr/\('Generated with \[Frobnicator\]\(https:\/\/frob\.example\/docs\)'\)/, 'a tool outside the registry: its link quoted whole too') or diag $r->{out};
	$r = check(msg("Follow the [Cursor](https://cursor.com) rules file format.\n\n$SOB"));
	ok(!has($r, 'AGENT_ADVERT'), 'a link to Cursor in prose: no advert') or diag $r->{out};
}

# aider's old commits (Aider-AI/aider 337891e, 898d98f) and a person's
# "aider: ..." subject (80b5126), as git log shows them: the line under
# which aider put the chat is its trace, its subject alone is none
{
	my $f = root() . '/checkpatch-ext/t/data/real-aider-chat-log.txt';
	my $r = DTest::run(['--no-config', '--show-types', '--terse', '--no-signoff', $f]);
	my @got = $r->{out} =~ /:(\d+): WARNING:AGENT_ADVERT: .*\(aider\).*\[patch (\d+) /mg;
	is_deeply(\@got, [7, 1, 34, 2], 'aider chat: its line in patches 1 and 2, nothing in 3') or diag $r->{out};
	my $c = write_file(tmpdir() . '/aider.msg', "aider: Added a `build_docker()` function.\n\n# Context:\nUSER: add a build_docker() func\n");
	$r = DTest::run(['--no-config', '--show-types', '--no-signoff', $c]);
	ok(!has($r, 'AGENT_ADVERT'), 'a bare message (a commit-msg hook\'s): "#" lines are comments, as git strips them') or diag $r->{out};
	is(fixed_msg("# Aider chat conversation:\n\nUSER: fix it\n\n$SOB"), "USER: fix it\n\n${SOB}Assisted-by: LLM",
	   'aider chat --fix: the line dropped, Assisted-by added');
}

# text that is no advert stays
is(fixed_msg("Generated with care.\n\n$SOB"), "Generated with care.\n\n$SOB" =~ s/\n\z//r, 'other text untouched');

done_testing;
