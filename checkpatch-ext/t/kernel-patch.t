# SPDX-License-Identifier: GPL-2.0
# The kernel-patches/checkpatch patches (6.12, and 6.1 in its folder):
# each applies with git am, after kernel-patches/checkpatch-llm/, to a
# scratch repository holding the packaged tree's scripts/checkpatch.pl
# and its data files (copies), the patched
# checkpatch accepts the Assisted-by form in force, reads the agents from
# scripts/coding-agents.conf (checkpatch-ext/agents.conf), reports the
# precise types at the lines disclosure.pl reports them, and the patch's
# own message passes.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use File::Copy qw(copy);
use File::Path qw(make_path);

my $root = root();
my %patch = ('6.12' => glob("$root/kernel-patches/checkpatch/0001-checkpatch-*.patch"),
	     '6.1' => glob("$root/kernel-patches/checkpatch/6.1/0001-checkpatch-*.patch"));
ok($patch{$_} && -f $patch{$_}, "the $_ patch exists") or BAIL_OUT('no patch') for sort keys %patch;
(my $rel = $patch{'6.12'}) =~ s{^\Q$root\E/kernel-patches/}{};
my @series = grep { !/^\s*(?:#|$)/ } split /\n/, read_file("$root/kernel-patches/series");
ok((grep { $_ eq $rel } @series), 'the 6.12 patch is listed in kernel-patches/series');
my $agents = read_file("$root/checkpatch-ext/agents.conf");
my ($llm) = glob("$root/kernel-patches/checkpatch-llm/0001-checkpatch-*.patch");
ok($llm && -f $llm, 'the Assisted-by: LLM patch it goes on top of exists') or BAIL_OUT('no patch');

for my $kver (sort keys %patch) {
	my $text = read_file($patch{$kver});
	like($text, qr/\AFrom [0-9a-f]{40} Mon Sep 17 00:00:00 2001\nFrom: .+\n(?: .+\n)?Date: .+\nSubject: \[PATCH\] checkpatch: /, "$kver: git format-patch header");
	like($text, qr/^ scripts\/checkpatch\.pl +\| +\d+ [+-]+\n scripts\/coding-agents\.conf +\| +\d+ \++\n 2 files changed/m, "$kver: diffstat: checkpatch.pl and the registry");
	my ($message) = $text =~ /\n\n(.*?)\n---\n/s;
	like($message, qr/^Assisted-by: LLM$/m, "$kver: its own Assisted-by trailer, in the form in force");
	unlike($message, qr/^Signed-off-by:/m, "$kver: no invented sign-off");
	my $r = DTest::run(['--no-config', '--no-signoff', '--show-types', $patch{$kver}]);
	is($r->{rc}, 0, "$kver: disclosure.pl --no-signoff passes the patch") or diag $r->{out};
	# agents are data: no agent name in the code the patch adds
	my ($code) = $text =~ m{^(diff --git a/scripts/checkpatch\.pl .*?)(?=^diff --git |\z)}ms;
	my @added = map { s/^\+//r =~ s/\s#.*//r } grep { /^\+(?!\+\+)/ && !/^\+\s*#/ } split /\n/, $code;
	my @names = grep { $_ ne 'LLM' && $_ ne 'Coccinelle' } $agents =~ /^\[agent (\S+)\]/mg;
	my @hard = grep { my $l = $_; grep { $l =~ /\b\Q$_\E\b/i } @names } @added;
	is_deeply(\@hard, [], "$kver: no agent named in the checkpatch.pl code");
}
like(read_file("$root/checkpatch-ext/agents.conf"), qr/^\[agent OpenHands\]$/m, 'the registry is checkpatch-ext/agents.conf');


sub patched_copy($tree, $kver) { patched_checkpatch($tree, $kver) }

sub cp_run($dir, @args) {
	return DTest::run(['--show-types', '--no-summary', '--quiet', @args], cmd => [$^X, "$dir/scripts/checkpatch.pl"]);
}
sub lines_of($out) { [ $out =~ /^(?:\S+:\d+: )?((?:ERROR|WARNING|CHECK):[A-Z_]+):.*\n#(\d+):/mg ] }

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
for my $kver (qw(6.12 6.1)) {
	scenario "$kver: the patched checkpatch.pl" => sub {
		SKIP: {
			my $tree = packaged_tree($kver);
			skip "no packaged $kver tree (sh scripts/ktree.sh $kver)", 22 unless $tree;
			my ($d, $out) = patched_copy($tree, $kver);
			ok($d, "$kver: the patch applies with git am") or diag $out;
			skip "$kver: git am failed", 21 unless $d;
			is(read_file("$d/scripts/coding-agents.conf"), read_file("$root/checkpatch-ext/agents.conf"), "$kver: scripts/coding-agents.conf is agents.conf");

			# the form in force: no BAD_SIGN_OFF on the 7.3 example
			my $llm = write_file(tmpdir() . "/llm-$kver.patch", msg("Fix.\n\nAssisted-by: LLM coccinelle sparse\n$SOB"));
			my $before = DTest::run(['--no-tree', '--show-types', $llm], cmd => [$^X, "$tree/scripts/checkpatch.pl"]);
			like($before->{out}, qr/BAD_SIGN_OFF: Assisted-by expects/, "$kver unpatched: BAD_SIGN_OFF on 'Assisted-by: LLM coccinelle sparse'");
			my $r = cp_run($d, '--no-tree', '--strict', $llm);
			is($r->{out}, '', "$kver patched: 'Assisted-by: LLM coccinelle sparse' accepted") or diag $r->{out};
			my $old = write_file(tmpdir() . "/old-$kver.patch", msg("Fix.\n\nAssisted-by: Claude:claude-opus-4-5 sparse\n$SOB"));
			$r = cp_run($d, '--no-tree', $old);
			is($r->{out}, '', "$kver patched: the other form is no ERROR or WARNING") or diag $r->{out};
			$r = cp_run($d, '--no-tree', '--strict', $old);
			like($r->{out}, qr/^CHECK:ASSISTED_BY_FORMAT: 'Assisted-by: AGENT_NAME:MODEL_VERSION' is the form of kernels up to 7\.2; the rule in force here is 'Assisted-by: LLM \[TOOL1\] \[TOOL2\]'/m, "$kver patched --strict: a CHECK quoting the rule in force");
			# the old form with a space in the agent name: says so
			my $slip = write_file(tmpdir() . "/slip-$kver.patch", msg("Fix.\n\n${SOB}Assisted-by: GitHub Copilot:claude-sonnet-4.6\n"));
			$r = cp_run($d, '--no-tree', $slip);
			like($r->{out}, qr/^WARNING:ASSISTED_BY_FORMAT: Assisted-by expects 'Assisted-by: LLM \[TOOL1\] \[TOOL2\]' format \(the AGENT_NAME:MODEL_VERSION form of kernels up to 7\.2 with a space in the agent name 'GitHub Copilot'\)$/m,
			     "$kver patched: a space in the agent name, said so") or diag $r->{out};
			# a tree with the 2025 rule: --root
			make_path("$d/Documentation/process");
			copy("$root/checkpatch-ext/t/data/coding-assistants-2025.rst", "$d/Documentation/process/coding-assistants.rst") or die;
			$r = cp_run($d, "--root=$d", '--no-tree', '--strict', $old);
			is($r->{out}, '', "$kver patched, 2025 tree: AGENT_NAME:MODEL_VERSION in force") or diag $r->{out};
			$r = cp_run($d, "--root=$d", '--no-tree', '--strict', $llm);
			like($r->{out}, qr/^CHECK:ASSISTED_BY_FORMAT: 'Assisted-by: LLM' is the form of kernels since 7\.3/m, "$kver patched, 2025 tree: the LLM form a CHECK");
			$r = cp_run($d, "--root=$d", '--no-tree', $slip);
			like($r->{out}, qr/^WARNING:ASSISTED_BY_FORMAT: Assisted-by expects 'Assisted-by: AGENT_NAME:MODEL_VERSION \[TOOL1\] \[TOOL2\]' format \(a space in the agent name 'GitHub Copilot'\)$/m,
			     "$kver patched, 2025 tree: the same slip named") or diag $r->{out};

			# seed 008: the precise type, the form in force
			$r = cp_run($d, '--no-tree', seed('008'));
			like($r->{out}, qr/^ERROR:AGENT_CO_DEVELOPED_BY: Co-developed-by: names an AI agent \(Claude\), which cannot sign off; use 'Assisted-by: LLM' instead\n#25: \nCo-developed-by: Claude claude-opus-4-20250514$/m,
			     "$kver patched: AGENT_CO_DEVELOPED_BY on seed 008");
			unlike($r->{out}, qr/Unrecognized email address|name\/email do not match|must be immediately followed by Signed-off-by/, "$kver patched: no email or pairing complaint");
			is($r->{err}, '', "$kver patched: no perl warnings");
			$r = cp_run($d, "--root=$d", '--no-tree', seed('008'));
			like($r->{out}, qr/'Assisted-by: Claude:claude-opus-4-20250514'/, "$kver patched, 2025 tree: the model from the trailer");

			# the same types as disclosure.pl, each at its own line
			my $m = msg("Fix.\n\nSigned-off-by: Claude Dupont <claude\@example.org>\nCo-Authored-By: Claude Opus 4.7 (1M context) <noreply\@anthropic.com>\n"
				    . "Assisted-by: LLM git coccinelle\nGenerated-by: Coccinelle 1.1.1\nMade-with: Cursor\n"
				    . "Co-authored-by: openhands <openhands\@all-hands.dev>\nCodex-Task: https://chatgpt.com/codex/tasks/task_1\n",
				    from => 'Claude Dupont <claude@example.org>');
			my $f = write_file(tmpdir() . "/cp-$kver.patch", $m);
			$r = cp_run($d, '--no-tree', $f);
			my $got = lines_of($r->{out});
			my $want = lines_of(check($m)->{out});
			is_deeply($got, $want, "$kver patched: the types and lines disclosure.pl reports") or diag $r->{out};
			unlike($r->{out}, qr/perhaps 'Co-developed-by:'/, "$kver patched: no Co-developed-by advice for an agent co-author");

			$r = cp_run($d, '--no-tree', seed('006'));
			unlike($r->{out}, qr/GENERATED_BY_TAG|MISSING_DISCLOSURE/, "$kver patched: 006's quoted Generated-by is not a trailer");
			$r = cp_run($d, '--no-tree', seed('007'));
			unlike($r->{out}, qr/AGENT_|ASSISTED_BY|MISSING_DISCLOSURE/, "$kver patched: 007 is not undisclosed AI use");

			my $g = write_file(tmpdir() . "/cp-fix-$kver.patch", read_file(seed('008')));
			DTest::run(['--no-tree', '--quiet', '--fix-inplace', $g], cmd => [$^X, "$d/scripts/checkpatch.pl"]);
			like(read_file($g), qr/^Assisted-by: LLM$/m, "$kver patched: --fix writes the form in force");
			my $h = write_file(tmpdir() . "/cp-fix2-$kver.patch", $m);
			DTest::run(['--no-tree', '--quiet', '--fix-inplace', $h], cmd => [$^X, "$d/scripts/checkpatch.pl"]);
			my @ab = read_file($h) =~ /^(Assisted-by: .*)$/mg;
			is_deeply(\@ab, ['Assisted-by: LLM coccinelle'], "$kver patched: --fix keeps one Assisted-by: LLM, tools kept, basic tools dropped");

			# the patch's own message: the patched checkpatch passes it
			$r = DTest::run(['--no-tree', '--no-signoff', '--show-types', $patch{$kver}], cmd => [$^X, "$d/scripts/checkpatch.pl"]);
			unlike($r->{out}, qr/BAD_SIGN_OFF|ASSISTED_BY|AGENT_/, "$kver patched: the patch's own Assisted-by: LLM accepted") or diag $r->{out};
		}
	};
}

done_testing;
