# SPDX-License-Identifier: GPL-2.0
# Changelog claims: a statement that an AI or a tool made this change's
# content, not prose about AI ("LLM-generated responses are a blight").
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use Cases;

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $data = root() . '/checkpatch-ext/t/data';

my @cases = Cases::claims();
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
