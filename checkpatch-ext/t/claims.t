# SPDX-License-Identifier: GPL-2.0
# Changelog claims: a statement that an AI or a tool made this change's
# content, not prose about AI ("LLM-generated responses are a blight").
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $data = root() . '/checkpatch-ext/t/data';

# [name, changelog text, a claim?]
my @cases = (
	# "AI-generated" qualifying this change, or a subject matter
	['AI-generated, said of this change', "This was mostly AI-generated.", 1],
	['AI generated (a space), said of this change', "This was predominantly AI generated with some minor tweaks from me.", 1],
	['"these LLM-written tests"', "These LLM-written tests cover the parser.", 1],
	['a line opening "AI-generated tests"', "AI-generated tests for the parser.", 1],
	['LLM-generated responses: a subject matter', "I think all moderators can agree that LLM-generated responses are a\nblight upon this Earth.", 0],
	['LLM-generated tool inputs: a subject matter', "Reject LLM-generated tool inputs that do not parse.", 0],
	['a line opening "AI generated code is": prose', "AI generated code is bad for reviewers.", 0],
	# an agent named as the doer (bootc, ghostty commits)
	['"Assisted by Claude Code" in prose', "Assisted by Claude Code", 1],
	['assisted by an agent who may be a person', "The move was assisted by the agent of the seller.", 0],
	['"Claude wrote the ..."', "Claude wrote the regex to ignore base64-encoded sequences", 1],
	['a person wrote the ...', "Jane wrote the regex to ignore base64-encoded sequences", 0],
	['"Tests written by Claude Code" opening a line', "Tests written by Claude Code", 1],
	['"Help text written by" a person', "Help text written by Jane Doe", 0],
	['"Cursor was used to write ..."', "Cursor was used to write the tests.", 1],
	['"the cursor was used to write": a cursor', "The cursor was used to write the glyph.", 0],
	['"Assisted-by:" quoted in prose is no claim', "Document the Assisted-by tag (Claude Code uses it).", 0],
);
for my $c (@cases) {
	my ($name, $text, $want) = @$c;
	my $r = check(msg("$text\n\n$SOB"));
	is(has($r, 'MISSING_DISCLOSURE') ? 1 : 0, $want, "$name: " . ($want ? 'a claim' : 'no claim')) or diag $r->{out};
}

# ghostty 65539d0 (CONTRIBUTING: limit AI assistance to code only): prose
# about AI-generated responses; no claim, no disclosure asked, and under
# a declining policy nothing declined
{
	my $f = "$data/real-ghostty-65539d0-llm-generated-prose.patch";
	for my $p ('kernel', 'qemu') {
		my $r = DTest::run(['--show-types', '--no-config', '--strict', "--policy=$p", $f]);
		is_deeply(types_of($r), [], "ghostty 65539d0 under $p: prose about AI is no claim") or diag $r->{out};
	}
}

done_testing;
