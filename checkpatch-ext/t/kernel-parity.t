# SPDX-License-Identifier: GPL-2.0
# The kernel's checkpatch.pl with kernel-patches/checkpatch/ applied says
# what disclosure.pl says under the kernel policy: on the same inputs (the
# kernel cases of t/types.t and t/claims.t, and those below), the same
# disclosure types at the same levels and lines, and with --fix the same
# commit message.  checkpatch's own types (BAD_SIGN_OFF, ...) aside, and
# one difference by design: with no Signed-off-by at all, checkpatch's
# MISSING_SIGN_OFF stands for MISSING_HUMAN_SIGN_OFF.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use Cases;
use File::Path qw(make_path);
use File::Copy qw(copy);

my ($SOB, $DESC) = ($Cases::SOB, $Cases::DESC);
my $root = root();

# [name, body, args, from, subject, diff_extra]: the kernel cases
my @cases;
for my $c (Cases::types()) {
	my ($name, $body, $args, undef, undef, $extra, $subject, $from) = @$c;
	my @a = @$args;
	next if grep { /^--policy=(?!kernel-2025$)/ } @a;
	push @cases, [$name, $body, \@a, $from, $subject, $extra];
}
push @cases, map { ["claim: $_->[0]", "$_->[1]\n\n$SOB", []] } Cases::claims();
push @cases, map { [$_->[0], $_->[1], $_->[2] // []] } (
	# agents known by their address
	['agent co-author by a model id at the vendor', "${DESC}${SOB}Co-authored-by: Someone <claude-sonnet-4-5\@anthropic.com>\n"],
	['agent sign-off by a model id at the vendor', "${DESC}Signed-off-by: Claude <claude-sonnet-4-5\@anthropic.com>\n"],
	['a person at the vendor', "${DESC}${SOB}Co-authored-by: Jane Roe <jane\@anthropic.com>\n"],
	['agent marked in a person\'s name', "${DESC}${SOB}Co-authored-by: Jane Doe (aider) <jane\@example.org>\n"],
	['a sign-off that says it is an AI', "${DESC}${SOB}Signed-off-by: Your Witty AI Assistant\n"],
	['agent co-author with a model in words', "${DESC}${SOB}Co-Authored-By: Claude Opus 4.7 (1M context) <noreply\@anthropic.com>\n"],
	['agent co-author with a model in words, 2025 form', "${DESC}${SOB}Co-Authored-By: Claude Opus 4.7 (1M context) <noreply\@anthropic.com>\n", ['--policy=kernel-2025']],
	['Gemini CLI with a model', "${DESC}${SOB}Co-authored-by: Gemini CLI+gemini-2.5-pro <gemini-cli[bot]\@users.noreply.github.com>\n", ['--policy=kernel-2025']],
	['aider with a provider model', "${DESC}${SOB}Co-authored-by: aider (openai/gpt-4.1) <noreply\@aider.chat>\n", ['--policy=kernel-2025']],
	# models by their display names (t/form.t)
	(map { ["a display name: $_", "${DESC}${SOB}$_\n", ['--policy=kernel-2025']] }
	 'Co-authored-by: Gemini 2.5 Pro <gemini-cli[bot]\@users.noreply.github.com>',
	 'Co-Authored-By: Claude Sonnet 4.5 <noreply\@anthropic.com>',
	 'Assisted-by: Gemini: 2.5 Pro', 'Assisted-by: GitHub Copilot:Claude Sonnet 4.5',
	 'Assisted-by: Claude:Sonnet 4.5', 'Assisted-by: Gemini:Gemini 2.5 Pro smatch',
	 'Assisted-by: Claude:Opus 4.7 (1M context) sparse', 'Assisted-by: Codex:gpt-4.1 Smatch'),
	# AI tags and other trailers
	['AI-Assisted: yes', "${DESC}${SOB}AI-Assisted: yes\n"],
	['AI-Assisted: no', "${DESC}${SOB}AI-Assisted: no\n"],
	['AI-Tools naming agents, 2025 form', "${DESC}${SOB}AI-Tools: GitLab Duo, OpenCode\n", ['--policy=kernel-2025']],
	['Amp thread trailer', "${DESC}${SOB}Amp-Thread-ID: https://ampcode.com/threads/T-123\n"],
	['a session tag of an unknown agent', "${DESC}${SOB}Frob-Session: 1234\n"],
	['a session link alone among the trailers', "${DESC}${SOB}https://claude.ai/code/session_01ABC\n"],
	['Made-with: Cursor', "${DESC}${SOB}Made-with: Cursor\n"],
	['Assisted-by with a URL', "${DESC}${SOB}Assisted-by: https://example.org/ai\n"],
	['empty Assisted-by', "${DESC}${SOB}Assisted-by:\n"],
	['Assisted-by spelt in another case, 2025 form', "${DESC}Assisted-by: claude:claude-opus-4-5\n$SOB", ['--policy=kernel-2025', '--strict']],
	['old form under LLM, --strict', "${DESC}Assisted-by: Claude:claude-opus-4-5 git sparse\n$SOB", ['--strict']],
	['LLM form under 2025, --strict', "${DESC}Assisted-by: LLM coccinelle\n$SOB", ['--policy=kernel-2025', '--strict']],
	['two agents, two co-author trailers', "${DESC}${SOB}Co-authored-by: Codex <noreply\@openai.com>\nCo-authored-by: Copilot <198982749+Copilot\@users.noreply.github.com>\n"],
	['agent trailers, one with a model, 2025 form', "${DESC}${SOB}Co-Authored-By: Claude Opus 4.5 <noreply\@anthropic.com>\nCo-Authored-By: Claude <noreply\@anthropic.com>\n", ['--policy=kernel-2025']],
	# where the trailers are
	['a disclosure paragraph above the sign-off', "${DESC}Assisted-by: Claude claude-opus-4-5\n\n$SOB"],
	['a trailer quoted in the body is text', "${DESC}The agent added\nSigned-off-by: Claude <noreply\@anthropic.com>\nto its commits.\n\n$SOB"],
	['an example paragraph is text', "Document the tag.  The format is:\n\nAssisted-by: AGENT_NAME:MODEL_VERSION\n\n$SOB"],
	['an advert with no trailer for the agent', "${DESC}\xf0\x9f\xa4\x96 Generated with [Claude Code](https://claude.com/claude-code)\n\n$SOB"],
	['an advert right above the trailers', "${DESC}Generated with Claude Code\n${SOB}Co-Authored-By: Claude <noreply\@anthropic.com>\n"],
	['a claim in a cover letter', "This series was written with ChatGPT.\n\n$SOB", [], undef, '[PATCH 0/3] mm: fixes'],
	['a Coccinelle claim with the script named', "Generated by Coccinelle with scripts/coccinelle/api/kmap.cocci.\n\n$SOB"],
	['a claim of a tool outside the registry', "Generated with Frobnicator 2.0.\n\n$SOB"],
);

my $tmp = tmpdir();
my $t2025 = "$tmp/tree-2025";
make_path("$t2025/Documentation/process");
copy("$root/checkpatch-ext/t/data/coding-assistants-2025.rst", "$t2025/Documentation/process/coding-assistants.rst") or die;

# The reports of a run on several files: file => ["LEVEL:TYPE@LINE", ...]
# (the line of '#N:', '-' for a report of the whole patch).
sub reports($out) {
	my %r;
	my @l = split /\n/, $out;
	for my $k (0 .. $#l) {
		next unless $l[$k] =~ m{^(\S+?):(?:\d+:)? ((?:ERROR|WARNING|CHECK):[A-Z_]+):};
		my ($f, $t) = ($1, $2);
		my $at = $k < $#l && $l[$k + 1] =~ /^#(\d+):/ ? $1 : '-';
		push @{$r{$f =~ s{^.*/}{}r}}, "$t\@$at";
	}
	return \%r;
}

# The commit message of a patch (up to ---).
sub message($f) { my $t = -e $f ? read_file($f) : ''; $t =~ s/^---\n.*//ms; $t }

for my $kver (qw(6.12 6.1)) {
	scenario "$kver: the patched checkpatch.pl reports what disclosure.pl reports" => sub {
		my $tree = packaged_tree($kver);
		plan skip_all => "no packaged $kver tree (sh scripts/ktree.sh $kver)" unless $tree;
		my ($d, $out) = patched_checkpatch($tree, $kver);
		ok($d, 'the patches apply with git am') or diag $out;
		return unless $d;
		my %ours = map { $_ => 1 } split /\n/, DTest::run(['--list-types'])->{out};

		# the cases, grouped by their options: one run of each tool a group
		my (%group, %case);
		my $n = 0;
		for my $c (@cases) {
			my ($name, $body, $args, $from, $subject, $extra) = @$c;
			my @a = map { $_ eq '--policy=kernel-2025' ? "--root=$t2025" : $_ } @$args;
			my $key = join ' ', sort @a;
			$n++;
			my $text = msg($body, from => $from, subject => $subject, diff_extra => $extra);
			for my $tool (qw(d k)) {
				make_path("$tmp/$tool-$kver");
				write_file("$tmp/$tool-$kver/case$n.patch", $text);
			}
			$case{"case$n.patch"} = $name;
			push @{$group{$key}{files}}, "case$n.patch";
			$group{$key}{args} = \@a;
		}
		for my $g (values %group) {
			my @f = @{$g->{files}};
			my @a = (@{$g->{args}}, '--strict', '--emacs', '--show-types', '-q', '--no-summary', '--no-color');
			my $dr = DTest::run(['--no-config', @a, map { "$tmp/d-$kver/$_" } @f]);
			my $kr = DTest::run(['--no-tree', @a, map { "$tmp/k-$kver/$_" } @f], cmd => [$^X, "$d/scripts/checkpatch.pl"]);
			is($kr->{err}, '', 'checkpatch: no perl warnings') or diag $kr->{err};
			my ($dis, $cp) = (reports($dr->{out}), reports($kr->{out}));
			for my $f (@f) {
				my @want = sort @{$dis->{$f} // []};
				my @got = sort grep { my ($t) = /:([A-Z_]+)\@/; $ours{$t} } @{$cp->{$f} // []};
				# no sign-off at all: checkpatch's own error says so
				if (grep { $_ eq 'ERROR:MISSING_SIGN_OFF@-' } @{$cp->{$f} // []}) {
					@got = sort @got, 'ERROR:MISSING_HUMAN_SIGN_OFF@-' if grep { $_ eq 'ERROR:MISSING_HUMAN_SIGN_OFF@-' } @want;
				}
				is_deeply(\@got, \@want, "$case{$f}: the same reports") or diag "checkpatch:\n$kr->{out}\ndisclosure.pl:\n$dr->{out}";
			}
			# --fix: the same commit message (checkpatch's own fixes aside)
			my $types = '--types=' . join ',', sort keys %ours;
			DTest::run(['--no-config', @a, '--fix', map { "$tmp/d-$kver/$_" } @f]);
			DTest::run(['--no-tree', @a, $types, '--fix', map { "$tmp/k-$kver/$_" } @f], cmd => [$^X, "$d/scripts/checkpatch.pl"]);
			for my $f (@f) {
				my ($df, $kf) = map { "$tmp/$_-$kver/$f.EXPERIMENTAL-checkpatch-fixes" } qw(d k);
				next unless -e $df || -e $kf;
				is(message($kf), message($df), "$case{$f}: --fix writes the same commit message");
			}
		}
	};
}

done_testing;
