# SPDX-License-Identifier: GPL-2.0
# Which lines are trailers: the trailer block as git reads it (git
# interpret-trailers): the last paragraph of the message, when it is all
# trailers, or holds a trailer git generates (Signed-off-by, a cherry-pick
# note) and is at least 25% trailers.  Trailer-like lines quoted in the
# body are text.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $CDB = "Co-developed-by: Claude claude-opus-4-20250514\n";
my $data = root() . '/checkpatch-ext/t/data';

sub on_file($f, @args) { DTest::run(['--show-types', '--no-config', '--color=never', @args, $f]) }

# libkrun c490abb: the forms a CONTRIBUTING.md change allows, quoted in
# the body; its only trailer is the Signed-off-by
{
	my $r = on_file("$data/real-libkrun-c490abb-examples-in-body.txt", '--strict');
	is_deeply(types_of($r), [], 'libkrun c490abb: the examples in the body are not trailers') or diag $r->{out};
	is($r->{rc}, 0, 'libkrun c490abb: exit 0');
}

# a stable backport: the last paragraph has a backport note among its
# trailers; the git-generated Signed-off-by makes it the trailer block
{
	my $r = on_file("$data/real-stable-5.15-cifsacl-backport-note.mbox", '--strict');
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT', 'CHECK:ASSISTED_BY_FORMAT'], 'stable backport: its Assisted-by trailers are read') or diag $r->{out};
}

# [name, body, reported?]: whether the Co-developed-by is a trailer
my @cases = (
	['last paragraph, all trailers', "Fix.\n\n$CDB$SOB", 1],
	['the only paragraph of the body', "$CDB$SOB", 1],
	['example in the body, sign-off below', "We used to write:\n$CDB\nFix.\n\n$SOB", 0],
	['a trailer paragraph that is not the last', "Fix.\n\n$CDB$SOB\nMore text after it.\n", 0],
	['last paragraph with Signed-off-by and a note (25%)', "Fix.\n\n$CDB${SOB}[ jd: rebased onto v6.12, dropped the selftest hunk ]\n", 1],
	['last paragraph without a git trailer, one text line', "Fix.\n\nThanks to the reviewers\n$CDB", 0],
	['Signed-off-by but under 25% trailers', "Fix.\n\none\ntwo\nthree\nfour\nfive\nsix\nseven\nlines of text\n$CDB$SOB", 0],
	['cherry-pick note counts as git-generated', "Fix.\n\n$CDB(cherry picked from commit 0123456789abcdef0123456789abcdef01234567)\nnote\nnote\n", 1],
	['continuation line of a trailer', "Fix.\n\n${CDB}Link: https://lore.kernel.org/r/x\n  (continued)\n", 1],
	['trailing blank lines', "Fix.\n\n$CDB$SOB\n\n\n", 1],
);
for my $c (@cases) {
	my ($name, $body, $want) = @$c;
	my $r = check(msg($body), '--no-signoff');
	is(has($r, 'AGENT_CO_DEVELOPED_BY') ? 1 : 0, $want, "$name: " . ($want ? 'a trailer' : 'not a trailer')) or diag $r->{out};
}

# The one departure from git: an agent's advertising line right above
# its trailers is not weighed (--fix drops it)
{
	my $r = check(msg("Fix.\n\n\xf0\x9f\xa4\x96 Generated with [Claude Code](https://claude.com/claude-code)\nCo-Authored-By: Claude <noreply\@anthropic.com>\n"), '--no-signoff');
	ok(has($r, 'AGENT_CO_AUTHOR'), 'advert right above the co-author trailer: still a trailer') or diag $r->{out};
	$r = check(msg("Fix.\n\nGenerated with care, reviewed twice\nCo-Authored-By: Claude <noreply\@anthropic.com>\n"), '--no-signoff');
	ok(!has($r, 'AGENT_CO_AUTHOR'), 'other text right above it: a paragraph of text, as git reads it') or diag $r->{out};
}

# The same messages as git reads them
SKIP: {
	skip 'no git', scalar @cases unless system('git --version >/dev/null 2>&1') == 0;
	for my $c (@cases) {
		my ($name, $body, $want) = @$c;
		my $f = write_file(tmpdir() . '/trailers.msg', "mm: fix\n\n$body");
		my $parsed = `git interpret-trailers --parse < '$f'`;
		is($parsed =~ /^Co-developed-by: Claude/m ? 1 : 0, $want, "$name: git agrees");
	}
}

# A disclosure paragraph above git's trailer block: all trailers, a
# disclosure among them, only trailer-like paragraphs after it (the
# sign-off's; a merge bot's lines).  git reads only the last paragraph;
# disclosure.pl reads this one too.  Examples quoted in the body stay
# text.
{
	my @above = (
		['Assisted-by paragraph, then the sign-off', "Fix.\n\nAssisted-by: OpenCode (Opus 4.5)\n\n$SOB", 1],
		['agent Co-developed-by paragraph, then the sign-off', "Fix.\n\n$CDB\n$SOB", 1],
		['an AI- tag paragraph, then the sign-off', "Fix.\n\nAI-Tools: Claude Code\n\n$SOB", 1],
		['the format quoted with placeholders', "Fix.\n\nAssisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]\n\n$SOB", 0],
		['a <placeholder>', "Fix.\n\nAssisted-by: <name of code assistant>\n\n$SOB", 0],
		['an example introduced by a colon', "Document the tag, for example:\n\nAssisted-by: Claude:claude-3-opus coccinelle sparse\n\n$SOB", 0],
		['text after the sign-off paragraph', "Fix.\n\nAssisted-by: OpenCode (Opus 4.5)\n\n${SOB}\nMore text after it.\n", 0],
		['a paragraph of other trailers', "Fix.\n\nLink: https://example.org/1\nCc: Ann <ann\@example.org>\n\n$SOB", 0],
	);
	for my $c (@above) {
		my ($name, $body, $want) = @$c;
		my $r = check(msg($body), '--policy=qemu');
		is(has($r, 'AI_CONTENT_DECLINED') ? 1 : 0, $want, "above the block, $name: " . ($want ? 'read' : 'text')) or diag $r->{out};
	}
	my $r = on_file("$data/real-openssl-a5b4492-assisted-by-above-merge-lines.patch", '--strict', '--no-signoff');
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], 'openssl a5b4492: the Assisted-by above the merge lines is read') or diag $r->{out};
	$r = on_file("$data/real-libkrun-c490abb-examples-in-body.txt", '--strict', '--policy=qemu');
	is_deeply(types_of($r), [], 'libkrun c490abb: its examples stay text under qemu too') or diag $r->{out};
}

done_testing;
