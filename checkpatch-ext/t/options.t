# SPDX-License-Identifier: GPL-2.0
# checkpatch's output options, --fix, policies and the user's config.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $two = msg("Fix.\n\nCo-developed-by: Claude claude-opus-4-20250514\nAssisted-by: Frob:fz-1\n$SOB");
my $f = write_file(tmpdir() . '/two.patch', $two);
sub go(@a) { DTest::run(['--no-config', '--color=never', @a]) }

{
	my $r = go('--strict', $f);
	like($r->{out}, qr/^ERROR: Co-developed-by: names an AI agent/m, 'default: no type shown');
	like($r->{out}, qr/^CHECK: 'Assisted-by: AGENT_NAME:MODEL_VERSION' is the form of kernels up to 7\.2/m, '--strict: CHECK shown');
	like($r->{out}, qr/^total: 1 errors, 0 warnings, 1 checks, \d+ lines checked$/m, 'default: total line');
	like($r->{out}, qr/has disclosure problems, please review\.$/m, 'default: verdict');
	is($r->{rc}, 1, 'default: exit 1');
}
{
	my $r = go('--show-types', $f);
	like($r->{out}, qr/^ERROR:AGENT_CO_DEVELOPED_BY: /m, '--show-types');
}
{
	my $r = go('--terse', '--strict', $f);
	my @l = split /\n/, $r->{out};
	like($l[0], qr/^\Q$f\E:8: ERROR: Co-developed-by/, '--terse: file:line: first');
	like($l[1], qr/^\Q$f\E:9: CHECK: /, '--terse: one line per report');
	like($l[2], qr/^total: /, '--terse: then the total');
	is(scalar @l, 3, '--terse: nothing else');
}
{
	my $r = go('--emacs', $f);
	like($r->{out}, qr/^\Q$f\E:8: ERROR: .*\n#8: \nCo-developed-by: Claude/m, '--emacs: prefix and the line');
}
{
	my $r = go('-q', $f);
	unlike($r->{out}, qr/please review/, '--quiet: no verdict');
	like($r->{out}, qr/^total:/m, '--quiet: total kept when not clean');
	$r = go('-q', write_file(tmpdir() . '/clean.patch', msg("Fine.\n\n$SOB")));
	is($r->{out}, '', '--quiet on a clean patch: silent');
	is($r->{rc}, 0, '--quiet on a clean patch: exit 0');
}
{
	my $r = go('--show-types', '--strict', '--ignore', 'AGENT_CO_DEVELOPED_BY', $f);
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], '--ignore');
	is($r->{rc}, 0, '--ignore: only a CHECK left: exit 0');
	$r = go('--show-types', '--strict', '--types', 'assisted_by_format,AGENT_SIGN_OFF', $f);
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], '--types (case-insensitive, comma list)');
	$r = go('--show-types', '--ignore=ASSISTED_BY_FORMAT', '--ignore=AGENT_CO_DEVELOPED_BY', $f);
	is_deeply(types_of($r), [], '--ignore repeated');
}
{
	my $r = DTest::run(['--no-config', '--color', '--strict', '--show-types', $f]);
	like($r->{out}, qr/\e\[31mERROR:\e\[34mAGENT_CO_DEVELOPED_BY:\e\[0m /, '--color: ERROR red, type blue');
	like($r->{out}, qr/\e\[32mCHECK:/, '--color: CHECK green');
	$r = DTest::run(['--no-config', '--color=never', $f]);
	unlike($r->{out}, qr/\e\[/, '--color=never');
	$r = DTest::run(['--no-config', $f]);
	unlike($r->{out}, qr/\e\[/, '--color=auto: not a terminal');
	$r = DTest::run(['--no-config', '--color=sometimes', $f]);
	is($r->{rc}, 2, 'bad --color: exit 2');
}
{
	my $r = go('--list-types');
	is_deeply([split /\n/, $r->{out}], [qw(AGENT_AUTHOR AGENT_SIGN_OFF AGENT_CO_DEVELOPED_BY AGENT_CO_AUTHOR ASSISTED_BY_FORMAT
		ASSISTED_BY_BASIC_TOOL GENERATED_BY_TAG MISSING_DISCLOSURE MISSING_HUMAN_SIGN_OFF AI_CONTENT_DECLINED
		AI_TRAILER_IN_COMMIT AGENT_ADVERT AGENT_IN_TRAILER)], '--list-types');
	$r = go('--help');
	like($r->{out}, qr/^Usage: disclosure\.pl/, '--help');
	is($r->{rc}, 0, '--help: exit 0');
}

# --fix / --fix-inplace
{
	my $body = "Fix.\n\n"
		 . "Co-developed-by: Claude claude-opus-4-20250514\n"
		 . "Co-authored-by: aider (openai/gpt-4o) <noreply\@aider.chat>\n"
		 . "Co-authored-by: Codex <noreply\@openai.com>\n"
		 . "Assisted-by: Codex: gpt-5-4 git sparse\n"
		 . "Claude-Session: https://claude.ai/code/session_XYZ\n"
		 . "Signed-off-by: Claude <noreply\@anthropic.com>\n"
		 . $SOB;
	my $want = "Fix.\n\n"
		 . "Assisted-by: Claude:claude-opus-4-20250514\n"
		 . "Assisted-by: aider:gpt-4o\n"
		 . "Assisted-by: Codex:gpt-5-4 git sparse\n"
		 . $SOB;
	my $p = write_file(tmpdir() . '/fixme.patch', msg($body));
	my $r = go('--policy=kernel-2025', '--fix', $p);
	like($r->{out}, qr/Wrote --fix correction\(s\) to '\Q$p\E\.EXPERIMENTAL-checkpatch-fixes'/, '--fix: says where');
	is(read_file($p), msg($body), '--fix: input untouched');
	is(read_file("$p.EXPERIMENTAL-checkpatch-fixes"), msg($want), '--fix: rewrites into Assisted-by, drops session link and agent SoB, keeps what has no model');
	$r = go('--policy=kernel-2025', '--fix-inplace', $p);
	is(read_file($p), msg($want), '--fix-inplace: the file itself');
	# a second pass fixes the basic tool in the now well-formed trailer
	go('--policy=kernel-2025', '--fix-inplace', $p);
	like(read_file($p), qr/^Assisted-by: Codex:gpt-5-4 sparse$/m, '--fix-inplace again: basic tool dropped');
	$r = go('--policy=kernel-2025', '--show-types', $p);
	is_deeply(types_of($r), [], 'after fixing: clean');
	# a co-author without a model and no other attribution: not guessed
	my $q = write_file(tmpdir() . '/nomodel.patch', msg("Fix.\n\n${SOB}Co-authored-by: Codex <noreply\@openai.com>\nSigned-off-by: Codex <noreply\@openai.com>\n"));
	$r = go('--policy=kernel-2025', '--show-types', '--fix-inplace', $q);
	is_deeply(types_of($r), ['WARNING:AGENT_CO_AUTHOR', 'ERROR:AGENT_SIGN_OFF'], 'no model: reported');
	like($r->{out}, qr/'Assisted-by: Codex:MODEL_VERSION' \(the trailer names no model: fill it in\)/, 'no model: says what to write');
	is(read_file($q), msg("Fix.\n\n${SOB}Co-authored-by: Codex <noreply\@openai.com>\nSigned-off-by: Codex <noreply\@openai.com>\n"), 'no model: --fix does not invent one');
	$r = go('--fix', '-g', 'HEAD');
	is($r->{rc}, 2, '--fix with --git: exit 2');
}

# Policies: a file, include, levels
scenario 'policies: a file, include, levels' => sub {
	my $pf = write_file(tmpdir() . '/strict.policy', "include = kernel\nname = strict\nlevel AGENT_CO_AUTHOR = ERROR\nlevel ASSISTED_BY_BASIC_TOOL = off\nbasic-tools = git\n");
	my $p = write_file(tmpdir() . '/pol.patch', msg("Fix.\n\nAssisted-by: Claude:claude-opus-4-5 git\n${SOB}Co-authored-by: Codex <noreply\@openai.com>\n"));
	my $r = go('--show-types', "--policy=$pf", $p);
	is_deeply(types_of($r), ['ERROR:AGENT_CO_AUTHOR'], '--policy=FILE: levels raised and turned off');
	$r = go('--show-types', '--policy=qemu', $p);
	is_deeply(types_of($r), ['ERROR:AI_CONTENT_DECLINED', 'ERROR:AI_CONTENT_DECLINED'], '--policy=qemu: each AI trailer declined');
	like($r->{out}, qr/qemu declines contributions containing AI-generated content \(docs\/devel\/code-provenance\.rst\)/, 'qemu: names its policy');
	my $bad = write_file(tmpdir() . '/bad.policy', "level NOPE = ERROR\n");
	$r = go("--policy=$bad", $p);
	is($r->{rc}, 2, 'bad policy file: exit 2');
	like($r->{err}, qr/unknown type NOPE/, 'bad policy file: says why');
};

# The user's config in the tree: more agents, a default policy
scenario 'the user\'s config in the tree, --agents' => sub {
	my $tree = tmpdir() . '/tree';
	mkdir $tree;
	system('git', '-C', $tree, 'init', '-q') == 0 or die;
	mkdir "$tree/sub";
	write_file("$tree/.disclosure.conf", "[agent Frob]\nname = Frob Assistant\nemail = bot\@frob.example\nmodel = fz-[0-9]+\n");
	my $p = write_file("$tree/x.patch", msg("Fix.\n\nSigned-off-by: Frob Assistant <bot\@frob.example>\nAssisted-by: Frob:fz-1\n$SOB"));
	my $r = DTest::run(['--show-types', '--strict', '--policy=kernel-2025', 'x.patch'], cwd => $tree);
	is_deeply(types_of($r), ['ERROR:AGENT_SIGN_OFF'], '.disclosure.conf: a new agent recognised, its Assisted-by known');
	like($r->{out}, qr/'Assisted-by: Frob:MODEL_VERSION'/, '.disclosure.conf: the registry name used');
	$r = DTest::run(['--show-types', '--strict', '--policy=kernel-2025', '../x.patch'], cwd => "$tree/sub");
	is_deeply(types_of($r), ['ERROR:AGENT_SIGN_OFF'], '.disclosure.conf found from a subdirectory');
	$r = DTest::run(['--show-types', '--strict', '--policy=kernel-2025', '--no-config', 'x.patch'], cwd => $tree);
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], '--no-config: not read');
	write_file("$tree/.disclosure.conf", "policy = qemu\n");
	$r = DTest::run(['--show-types', 'x.patch'], cwd => $tree);
	ok((grep { $_ eq 'ERROR:AI_CONTENT_DECLINED' } @{types_of($r)}), '.disclosure.conf: policy = qemu');
	$r = DTest::run(['--show-types', '--policy=kernel', 'x.patch'], cwd => $tree);
	ok(!(grep { $_ eq 'ERROR:AI_CONTENT_DECLINED' } @{types_of($r)}), '--policy overrides the config');
	my $extra = write_file(tmpdir() . '/extra.conf', "[agent Frob]\nname = Frob Assistant\n");
	$r = go('--show-types', '--agents', $extra, $p);
	ok(!(grep { /ASSISTED_BY_FORMAT/ } @{types_of($r)}), '--agents FILE extends the registry');
	# reports = yes: a review bot's Reported-by notes the tool, its
	# Reviewed-by still credits it as a person
	write_file($extra, "[agent Frobcheck]\nemail = review-bot\@frob.example\n");
	my $rep = write_file(tmpdir() . '/rep.patch', msg("Fix.\n\nReported-by: Frob <review-bot\@frob.example>\n$SOB"));
	my $rev = write_file(tmpdir() . '/rev.patch', msg("Fix.\n\nReviewed-by: Frob <review-bot\@frob.example>\n$SOB"));
	is_deeply(types_of(go('--show-types', '--agents', $extra, $rep)), ['WARNING:AGENT_IN_TRAILER'], 'an agent as the reporter: credited as a person');
	write_file($extra, "[agent Frobcheck]\nemail = review-bot\@frob.example\nreports = yes\n");
	my $rr = go('--show-types', '--agents', $extra, $rep);
	ok($rr->{rc} == 0 && !@{types_of($rr)}, 'reports = yes: its Reported-by notes the tool') or diag $rr->{out}, $rr->{err};
	is_deeply(types_of(go('--show-types', '--agents', $extra, $rev)), ['WARNING:AGENT_IN_TRAILER'], 'reports = yes: its Reviewed-by still credits it');
	write_file($extra, "[agent Frob]\nnonsense\n");
	is(go('--agents', $extra, $p)->{rc}, 2, 'bad registry file: exit 2');
};

done_testing;
