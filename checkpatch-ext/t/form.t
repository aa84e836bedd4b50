# SPDX-License-Identifier: GPL-2.0
# The Assisted-by form in force (from the target tree), --strict CHECKs,
# checkpatch command lines, one total per file, the agents and models of
# real commits, the policies.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use File::Path qw(make_path);

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
my $DESC = "Fix the ordering of the unmaps.\n\n";

# A kernel tree (the files checkpatch looks for) with one era's rule.
sub ktree($name, $era) {
	my $d = tmpdir() . "/$name";
	make_path("$d/Documentation/process", "$d/scripts");
	write_file("$d/$_", "\n") for qw(Makefile Kconfig MAINTAINERS);
	write_file("$d/Documentation/process/coding-assistants.rst", read_file(root() . "/checkpatch-ext/t/data/coding-assistants-$era.rst")) if $era;
	return $d;
}
my $t2025 = ktree('k2025', '2025');
my $t73 = ktree('k73', '7.3');
my $tnone = ktree('knone', '');

my $llm = msg("${DESC}Assisted-by: LLM coccinelle sparse\n$SOB");
my $old = msg("${DESC}Assisted-by: Claude:claude-opus-4-5 coccinelle\n$SOB");

# The form in force: LLM by default and in a 7.3 tree
for my $how (['no tree', []], ['7.3 tree', ["--root=$t73"]], ['tree without the file', ["--root=$tnone"]]) {
	my ($name, $args) = @$how;
	my $r = check($llm, '--strict', @$args);
	is_deeply(types_of($r), [], "$name: 'Assisted-by: LLM coccinelle sparse' is the form in force");
	$r = check($old, '--strict', @$args);
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], "$name: the AGENT_NAME:MODEL_VERSION form is a CHECK");
	like($r->{out}, qr/the rule in force here is 'Assisted-by: LLM \[TOOL1\] \[TOOL2\]'/, "$name: the CHECK quotes the rule in force");
	is($r->{rc}, 0, "$name: a CHECK alone exits 0");
	$r = check($old, @$args);
	is_deeply(types_of($r), [], "$name: without --strict the CHECK is not shown");
	like($r->{out}, qr/^total: 0 errors, 0 warnings, 0 checks/m, "$name: nor counted");
}
is(check($old, '--root=/nonexistent')->{rc}, 2, '--root that is no directory: exit 2');
like(check($old, '--strict', "--root=$t73")->{out}, qr/\Q($t73\/Documentation\/process\/coding-assistants.rst)\E/, '7.3 tree: the rule cited from the tree');

# ... and AGENT_NAME:MODEL_VERSION in a 2025 tree
{
	my $r = check($old, '--strict', "--root=$t2025");
	is_deeply(types_of($r), [], '2025 tree: AGENT_NAME:MODEL_VERSION in force');
	$r = check($llm, '--strict', "--root=$t2025");
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], '2025 tree: the LLM form is a CHECK, never an ERROR or WARNING');
	like($r->{out}, qr/the rule in force here is 'Assisted-by: AGENT_NAME:MODEL_VERSION \[TOOL1\] \[TOOL2\]' \(\Q$t2025\E/, '2025 tree: quotes its rule');
	# the current directory, when it is a kernel tree
	my $f = write_file("$t2025/x.patch", $llm);
	$r = DTest::run(['--no-config', '--strict', '--show-types', 'x.patch'], cwd => $t2025);
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], 'cwd a 2025 kernel tree: its rule');
	$r = DTest::run(['--no-config', '--strict', '--show-types', "--root=$t73", 'x.patch'], cwd => $t2025);
	is_deeply(types_of($r), [], '--root wins over the current directory');
}
# the tree of -g
SKIP: {
	skip 'no git', 2 unless system('git --version >/dev/null 2>&1') == 0;
	my $git = sub (@a) { system('git', '-C', $t2025, '-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.org', @a) == 0 or die "git @a" };
	$git->('init', '-q');
	$git->('add', '-A');
	$git->('commit', '-q', '-m', "mm: fix\n\nFix.\n\nAssisted-by: LLM sparse\n$SOB");
	my $r = DTest::run(['--no-config', '--strict', '--show-types', '-g', 'HEAD'], cwd => "$t2025/Documentation");
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], '-g: the rule of the repository\'s tree');
	$r = DTest::run(['--no-config', '--strict', '--show-types', "--root=$t73", '-g', 'HEAD'], cwd => $t2025);
	is_deeply(types_of($r), [], '-g with --root: the root given');
}

# --fix writes the form in force, keeping tools
{
	my $body = "${DESC}Co-developed-by: Claude claude-opus-4-20250514\n${SOB}Co-Authored-By: Claude Opus 4.7 (1M context) <noreply\@anthropic.com>\n";
	my $p = write_file(tmpdir() . '/fix-llm.patch', msg($body));
	DTest::run(['--no-config', '-q', '--fix-inplace', $p]);
	is(read_file($p), msg("${DESC}Assisted-by: LLM\n$SOB"), '--fix (LLM): agent trailers become one Assisted-by: LLM');
	$p = write_file(tmpdir() . '/fix-2025.patch', msg($body));
	DTest::run(['--no-config', '-q', "--root=$t2025", '--fix-inplace', $p]);
	is(read_file($p), msg("${DESC}Assisted-by: Claude:claude-opus-4-20250514\n${SOB}Assisted-by: Claude:claude-opus-4-7\n"), '--fix (2025 tree): AGENT:MODEL with the trailers\' models');
	$p = write_file(tmpdir() . '/fix-keep.patch', $old);
	DTest::run(['--no-config', '-q', '--fix-inplace', $p]);
	is(read_file($p), $old, '--fix without --strict: the accepted other form is left alone');
	DTest::run(['--no-config', '-q', '--strict', '--fix-inplace', $p]);
	like(read_file($p), qr/^Assisted-by: LLM coccinelle$/m, '--strict --fix: the other form rewritten, tools kept');
	$p = write_file(tmpdir() . '/fix-basic.patch', msg("${DESC}Assisted-by: LLM git coccinelle vim\n$SOB"));
	my $r = DTest::run(['--no-config', '--show-types', '--fix-inplace', $p]);
	ok(has($r, 'WARNING:ASSISTED_BY_BASIC_TOOL'), 'LLM form: basic tools still reported');
	like(read_file($p), qr/^Assisted-by: LLM coccinelle$/m, 'LLM form: --fix drops the basic tools');
	$p = write_file(tmpdir() . '/fix-name.patch', msg("${DESC}Assisted-by: Claude\n$SOB"));
	$r = DTest::run(['--no-config', '--show-types', '--fix-inplace', $p]);
	ok(has($r, 'WARNING:ASSISTED_BY_FORMAT'), 'LLM form: a bare agent name is malformed');
	like(read_file($p), qr/^Assisted-by: LLM$/m, 'LLM form: --fix writes LLM for it');
}

# Models derived honestly
{
	my $r = check(msg("${DESC}${SOB}Co-Authored-By: Claude Opus 4.7 (1M context) <noreply\@anthropic.com>\n"), '--policy=kernel-2025');
	like($r->{out}, qr/'Assisted-by: Claude:claude-opus-4-7'/, '"Claude Opus 4.7 (1M context)" is claude-opus-4-7');
	my $m = msg("${DESC}${SOB}Co-Authored-By: Claude (Anthropic) <noreply\@anthropic.com>\n");
	$r = check($m, '--policy=kernel-2025', '--fix');
	like($r->{out}, qr/'Assisted-by: Claude:MODEL_VERSION' \(the trailer names no model/, '"(Anthropic)" is not a model');
	ok(!-e "$r->{file}.EXPERIMENTAL-checkpatch-fixes", '"(Anthropic)": no model invented by --fix');
	$r = check(msg("${DESC}${SOB}Co-authored-by: aider (Anthropic) <noreply\@aider.chat>\n"), '--policy=kernel-2025');
	like($r->{out}, qr/'Assisted-by: aider:MODEL_VERSION'/, 'aider (Anthropic): no model');
	$r = check(msg("${DESC}${SOB}Co-Authored-By: Claude Sonnet 4.5 <noreply\@anthropic.com>\n"), '--policy=kernel-2025');
	like($r->{out}, qr/'Assisted-by: Claude:claude-sonnet-4-5'/, 'Claude Sonnet 4.5');
}

# The agents real commits carry
for my $c (
	['Made-with: Cursor', "${SOB}Made-with: Cursor\n", 'WARNING:AGENT_CO_AUTHOR'],
	['OpenHands', "${SOB}Co-authored-by: openhands <openhands\@all-hands.dev>\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Gemini CLI', "${SOB}Co-authored-by: Gemini CLI\n", 'WARNING:AGENT_CO_AUTHOR'],
	['CodeMender', "${SOB}Co-authored-by: CodeMender\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Jules', "${SOB}Co-authored-by: Jules\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Devin bot', "${SOB}Co-authored-by: devin-ai-integration[bot] <158243242+devin-ai-integration[bot]\@users.noreply.github.com>\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Amazon Q', "${SOB}Co-authored-by: Amazon Q Developer\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Windsurf', "${SOB}Co-authored-by: Windsurf\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Cline', "${SOB}Co-authored-by: Cline\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Codex', "${SOB}Co-authored-by: Codex <noreply\@openai.com>\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Copilot SWE agent', "${SOB}Co-authored-by: copilot-swe-agent[bot] <198982749+copilot-swe-agent[bot]\@users.noreply.github.com>\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Copilot bot', "${SOB}Co-authored-by: Copilot <175728472+Copilot\@users.noreply.github.com>\n", 'WARNING:AGENT_CO_AUTHOR'],
	['OpenHands sign-off', "Signed-off-by: openhands <openhands\@all-hands.dev>\n$SOB", 'ERROR:AGENT_SIGN_OFF'],
	['Codex session link', "${SOB}Codex-Task: https://chatgpt.com/codex/tasks/task_e_123\n", 'WARNING:AGENT_CO_AUTHOR'],
	['Kiro footer (unknown tool)', "\xf0\x9f\xa4\x96 Generated with [Kiro](https://kiro.dev)\n\n$SOB", 'WARNING:MISSING_DISCLOSURE'],
	['generated by an unknown tool', "This patch was generated by Frobnicator 3.\n\n$SOB", 'WARNING:MISSING_DISCLOSURE'],
) {
	my ($name, $body, $want) = @$c;
	my $r = check(msg("$DESC$body"));
	ok(has($r, $want), "$name: $want") or diag $r->{out};
}
for my $c (
	['Made-with: love', "${SOB}Made-with: love\n", 'AGENT_CO_AUTHOR'],
	['a person called Jules', "${SOB}Co-authored-by: Jules Verne <jules\@example.org>\n", 'AGENT_CO_AUTHOR'],
	['generated by the build', "The header is generated by the build.\nGenerated by make headers_install.\n\n$SOB", 'MISSING_DISCLOSURE'],
	['unknown tool disclosed', "This patch was generated by Frobnicator 3.\n\nAssisted-by: LLM\n$SOB", 'MISSING_DISCLOSURE'],
	['Made-with: Cursor already attributed', "Assisted-by: LLM\n${SOB}Made-with: Cursor\n", 'MISSING_HUMAN_SIGN_OFF'],
) {
	my ($name, $body, $unwanted) = @$c;
	my $r = check(msg("$DESC$body"));
	ok(!has($r, $unwanted), "$name: no $unwanted") or diag $r->{out};
}
{
	my $p = write_file(tmpdir() . '/madewith.patch', msg("$DESC${SOB}Made-with: Cursor\n"));
	DTest::run(['--no-config', '-q', '--fix-inplace', $p]);
	is(read_file($p), msg("$DESC${SOB}Assisted-by: LLM\n"), 'Made-with: Cursor: --fix writes Assisted-by: LLM');
}

# Policies: one small file each, its source cited
{
	my $dir = root() . '/checkpatch-ext/policies';
	for my $pol (qw(kernel kernel-2025 kernel-7.3 qemu llvm fedora gentoo netbsd zephyr)) {
		my $f = "$dir/$pol.policy";
		ok(-f $f && read_file($f) =~ m{^source = https?://\S+$}m, "policy $pol: a file citing its source");
		is(check($llm, "--policy=$pol")->{rc} =~ /^[01]$/ ? 1 : 0, 1, "policy $pol: loads");
	}
	my $ai = msg("${DESC}Assisted-by: LLM\n$SOB");
	for my $pol (qw(qemu gentoo netbsd)) {
		my $r = check($ai, "--policy=$pol");
		ok(has($r, 'ERROR:AI_CONTENT_DECLINED'), "$pol: AI content declined");
		ok(!has(check(msg("${DESC}$SOB"), "--policy=$pol"), 'AI_CONTENT_DECLINED'), "$pol: a patch without AI passes");
	}
	like(check($ai, '--policy=netbsd')->{out}, qr/netbsd presumes LLM-generated code tainted: not to be committed without prior written approval by core/, 'netbsd: its own words');
	like(check($ai, '--policy=gentoo')->{out}, qr/gentoo forbids content created with the assistance of Natural Language Processing AI tools/, 'gentoo: its own words');
	for my $pol (qw(llvm fedora)) {
		my $r = check(msg("${DESC}Assisted-by: ChatGPTv5\n$SOB"), '--strict', "--policy=$pol");
		is_deeply(types_of($r), [], "$pol: 'Assisted-by: <name of code assistant>'");
		$r = check(msg("${DESC}Assisted-by:\n$SOB"), "--policy=$pol");
		ok(has($r, 'WARNING:ASSISTED_BY_FORMAT'), "$pol: an empty Assisted-by is not");
	}
	my $r = check(msg("This was written with ChatGPT.\n\n$SOB"), '--policy=llvm', '--strict');
	is_deeply(types_of($r), [], 'llvm: a note in the changelog is disclosure');
	$r = check(msg("This was written with ChatGPT.\n\n$SOB"), '--policy=fedora', '--strict');
	is_deeply(types_of($r), ['CHECK:MISSING_DISCLOSURE'], 'fedora: the recommended trailer missing is a CHECK');
	$r = check($llm, '--policy=zephyr', '--strict');
	is_deeply(types_of($r), ['WARNING:ASSISTED_BY_FORMAT'], 'zephyr: AGENT_NAME:MODEL_VERSION in force, the other form a WARNING as its CI gives');
	$r = check($old, '--policy=kernel-7.3', '--strict', "--root=$t2025");
	is_deeply(types_of($r), ['CHECK:ASSISTED_BY_FORMAT'], 'kernel-7.3: LLM whatever the tree');
	# a project's own file
	my $own = write_file(tmpdir() . '/own.policy', "source = https://example.org/CONTRIBUTING\ninclude = kernel\nname = myproject\ndoc = CONTRIBUTING.md\nassisted-by = agent-model\nlevel ASSISTED_BY_FORMAT = ERROR\n");
	$r = check(msg("${DESC}Assisted-by: Claude\n$SOB"), "--policy=$own");
	ok(has($r, 'ERROR:ASSISTED_BY_FORMAT'), "a project's own policy file: its levels");
	like($r->{out}, qr/\(CONTRIBUTING\.md\)/, "a project's own policy file: its document cited");
	$r = check($llm, "--policy=$own", '--strict');
	like($r->{out}, qr/'Assisted-by: LLM' is the kernel's form since 7\.3, not the myproject one: expects 'Assisted-by: AGENT_NAME:MODEL_VERSION/, "a project's own policy file: its form");
}

# A drop-in for checkpatch command lines
{
	my $bad = msg("${DESC}Co-developed-by: Claude claude-opus-4-20250514\nAssisted-by: Frob:fz-1\n$SOB");
	no warnings 'qw';	# (checkpatch's lists: "--ignore A,B")
	my $r = check($bad, qw(--no-tree -f --max-line-length=100 --codespell --verbose -v --summary-file
			       --ignore LONG_LINE,FILE_PATH_CHANGES --ignore=SPDX_LICENSE_TAG --types=AGENT_CO_DEVELOPED_BY,LONG_LINE
			       --min-conf-desc-length=4 --tab-size=8 --patch --no-fixes-tag --ignore-perl-version
			       --codespellfile=/nonexistent --typedefsfile=/nonexistent --kconfig-prefix=CONFIG_ --test-only=x));
	is($r->{err}, '', 'checkpatch options: accepted') or diag $r->{err};
	is_deeply(types_of($r), ['ERROR:AGENT_CO_DEVELOPED_BY'], 'checkpatch options: the disclosure checks unchanged');
	$r = check($bad, '--strict', '--policy=kernel-2025');
	is_deeply(types_of($r), ['ERROR:AGENT_CO_DEVELOPED_BY', 'CHECK:ASSISTED_BY_FORMAT'], '--strict: CHECKs shown');
	$r = check($bad, '--subjective', '--policy=kernel-2025');
	ok(has($r, 'CHECK:ASSISTED_BY_FORMAT'), '--subjective is --strict');
	$r = check($bad, '--policy=kernel-2025');
	is_deeply(types_of($r), ['ERROR:AGENT_CO_DEVELOPED_BY'], 'no --strict: no CHECK');
	like($r->{out}, qr/^total: 1 errors, 0 warnings, 0 checks/m, 'no --strict: CHECKs not counted');
}

# One total per input file
{
	my $mbox = msg("One.\n\nCo-developed-by: Claude claude-opus-4-20250514\n$SOB", subject => 'one') . "\n"
		 . msg("Two.\n\n$SOB", subject => 'two') . "\n"
		 . msg("Three.\n\nSigned-off-by: Claude <noreply\@anthropic.com>\n$SOB", subject => 'three');
	my $a = write_file(tmpdir() . '/three.mbox', $mbox);
	my $b = write_file(tmpdir() . '/one.patch', msg("Fine.\n\n$SOB"));
	my $r = DTest::run(['--no-config', $a]);
	my @t = $r->{out} =~ /^(total: .*)$/mg;
	is(scalar @t, 1, 'an mbox of three patches: one total');
	like($t[0], qr/^total: 2 errors, 0 warnings, 0 checks, \d+ lines checked$/, 'the total sums the patches');
	$r = DTest::run(['--no-config', $a, $b]);
	is(scalar(() = $r->{out} =~ /^total:/mg), 2, 'two files: two totals');
}

# The AGENT_NAME:MODEL_VERSION form of kernels up to 7.2 with a slip (a
# space in the agent name, around the colon): malformed in both forms,
# a WARNING that says what it is in either
{
	my $r = DTest::run(['--no-config', '--show-types', root() . '/checkpatch-ext/t/data/real-hwmon-bd12790-copilot-space.mbox']);
	like($r->{out}, qr/^WARNING:ASSISTED_BY_FORMAT: malformed Assisted-by \(the AGENT_NAME:MODEL_VERSION form of kernels up to 7\.2 with a space in the agent name 'GitHub Copilot'\): expects 'Assisted-by: LLM \[TOOL1\] \[TOOL2\]', e\.g\. 'Assisted-by: LLM'/m,
	     'hwmon BD12790 (LLM form): the old form, a space in the agent name') or diag $r->{out};
	$r = DTest::run(['--no-config', '--show-types', '--policy=kernel-2025', root() . '/checkpatch-ext/t/data/real-hwmon-bd12790-copilot-space.mbox']);
	like($r->{out}, qr/^WARNING:ASSISTED_BY_FORMAT: malformed Assisted-by \(a space in the agent name 'GitHub Copilot'\): expects 'Assisted-by: AGENT_NAME:MODEL_VERSION \[TOOL1\] \[TOOL2\]', e\.g\. 'Assisted-by: Copilot:claude-sonnet-4\.6'/m,
	     'hwmon BD12790 (AGENT_NAME:MODEL_VERSION form): the same slip named') or diag $r->{out};
	for my $c (['Claude: claude-opus-4-5', 'a space after the colon'], ['Claude :claude-opus-4-5', 'a space before the colon'],
		   ['Claude:', 'no MODEL_VERSION after the colon']) {
		my ($v, $why) = @$c;
		like(check(msg("${DESC}Assisted-by: $v\n$SOB"))->{out}, qr/\(the AGENT_NAME:MODEL_VERSION form of kernels up to 7\.2 with \Q$why\E\)/, "LLM form, '$v': $why");
		like(check(msg("${DESC}Assisted-by: $v\n$SOB"), '--policy=kernel-2025')->{out}, qr/\(\Q$why\E\)/, "AGENT_NAME:MODEL_VERSION form, '$v': $why");
	}
	like(check(msg("${DESC}Assisted-by: Jay Satiro\n$SOB"))->{out}, qr/\(it does not start with LLM\)/, 'LLM form, no colon: it does not start with LLM');
}

# "not an email address" only for an address: angle brackets around a
# model, or an '@' in a model's label, are a malformed value of another
# kind (bootc's "OpenCode.ai <Opus 4.6>", "OpenCode (claude-sonnet-4-6@default)")
for my $p ('kernel', 'kernel-2025') {
	for my $v ('OpenCode.ai <Opus 4.6>', 'OpenCode (claude-sonnet-4-6@default)') {
		my $r = check(msg("${DESC}Assisted-by: $v\n$SOB"), "--policy=$p");
		ok(has($r, 'WARNING:ASSISTED_BY_FORMAT'), "$p, '$v': malformed") or diag $r->{out};
		unlike($r->{out}, qr/email address/, "$p, '$v': not called an email address");
	}
	for my $v ('Claude <noreply@anthropic.com>', 'jane@example.org') {
		like(check(msg("${DESC}Assisted-by: $v\n$SOB"), "--policy=$p")->{out}, qr/not an email address/, "$p, '$v': an email address, said so");
	}
}

# The model --fix writes: a model id as given, dots kept; a name joined
# to its model by '+' or '/' split; nothing written when what is left
# does not read as a model (never a garbled one)
{
	my $f = root() . '/checkpatch-ext/t/data/real-bootc-cbb6eaa-gemini-cli-plus-model.patch';
	my $c = write_file(tmpdir() . '/bootc-cbb6eaa.patch', read_file($f));
	my $r = DTest::run(['--no-config', '--policy=kernel-2025', '--fix', $c]);
	like(read_file("$c.EXPERIMENTAL-checkpatch-fixes"), qr/^Assisted-by: Gemini:gemini-2\.5-pro\n/m, 'bootc cbb6eaa --fix: Gemini CLI+gemini-2.5-pro is Gemini:gemini-2.5-pro');
	like(fixed("${DESC}Assisted-by: Claude Code/claude-opus-4-6\n$SOB", '--policy=kernel-2025'), qr/^Assisted-by: Claude:claude-opus-4-6$/m, "--fix: a name and a model joined by '/'");
	like(fixed("${DESC}${SOB}Co-authored-by: aider (openai/gpt-4.1) <aider\@aider.chat>\n", '--policy=kernel-2025'), qr/^Assisted-by: aider:gpt-4\.1$/m, '--fix: a model id in parentheses keeps its dots');
	like(fixed("${DESC}${SOB}Co-Authored-By: Claude Opus 4.7 <noreply\@anthropic.com>\n", '--policy=kernel-2025'), qr/^Assisted-by: Claude:claude-opus-4-7$/m, '--fix: a display name\'s version as before');
	my $t = fixed("${DESC}Assisted-by: Gemini CLI+preview 2\n$SOB", '--policy=kernel-2025');
	like($t, qr/^Assisted-by: Gemini CLI\+preview 2$/m, '--fix: no model read from "CLI+preview 2": the line left as it is');
	unlike($t, qr/cli\+/, '... no garbled model written');
}

# A model given by its display name: --fix writes its id in the form of
# Documentation/process/coding-assistants.rst (AGENT_NAME:MODEL_VERSION,
# "Claude:claude-3-opus"): no space in MODEL_VERSION (the words after it
# are tools), the version as the vendor's ids write it (Anthropic's with
# dashes, Google's and OpenAI's with dots), the agent named in it when
# it is another's ("GitHub Copilot:Claude Sonnet 4.5")
for my $c (
	["Co-authored-by: Gemini 2.5 Pro <gemini-cli[bot]\@users.noreply.github.com>", 'Gemini:gemini-2.5-pro', 'AGENT_CO_AUTHOR'],
	["Co-Authored-By: Claude Sonnet 4.5 <noreply\@anthropic.com>", 'Claude:claude-sonnet-4-5', 'AGENT_CO_AUTHOR'],
	['Co-developed-by: Gemini 2.5 Pro', 'Gemini:gemini-2.5-pro', 'AGENT_CO_DEVELOPED_BY'],
	['Assisted-by: Gemini 2.5 Pro', 'Gemini:gemini-2.5-pro', 'ASSISTED_BY_FORMAT'],
	['Assisted-by: Gemini: 2.5 Pro', 'Gemini:gemini-2.5-pro', 'ASSISTED_BY_FORMAT'],
	['Assisted-by: Gemini CLI:Gemini 2.5 Pro sparse', 'Gemini:gemini-2.5-pro sparse', 'ASSISTED_BY_FORMAT'],
	['Assisted-by: Claude: Claude Sonnet 4.5 coccinelle', 'Claude:claude-sonnet-4-5 coccinelle', 'ASSISTED_BY_FORMAT'],
	['Assisted-by: GitHub Copilot:Claude Sonnet 4.5', 'Copilot:claude-sonnet-4-5', 'ASSISTED_BY_FORMAT'],
	['Assisted-by: Claude:Sonnet 4.5', 'Claude:claude-sonnet-4-5', 'ASSISTED_BY_FORMAT'],
	['Assisted-by: Gemini:Gemini 2.5 Pro smatch', 'Gemini:gemini-2.5-pro smatch', 'ASSISTED_BY_FORMAT'],
	['Assisted-by: Claude:Opus 4.7 (1M context) sparse', 'Claude:claude-opus-4-7 sparse', 'ASSISTED_BY_FORMAT'],
) {
	my ($line, $want, $type) = @$c;
	my $r = check(msg("${DESC}${SOB}$line\n"), '--policy=kernel-2025');
	ok(has($r, $type), "$line: $type") or diag $r->{out};
	my $t = fixed("${DESC}${SOB}$line\n", '--policy=kernel-2025');
	like($t, qr/^\QAssisted-by: $want\E$/m, "$line: --fix writes 'Assisted-by: $want'");
}
# a model id as it is, with tools that start with a capital: no report
for my $v ('Claude:claude-3-opus coccinelle sparse', 'Gemini:gemini-2.5-pro Coccinelle', 'Codex:gpt-4.1 Smatch') {
	is_deeply(types_of(check(msg("${DESC}Assisted-by: $v\n$SOB"), '--policy=kernel-2025', '--strict')), [], "Assisted-by: $v: the form, no report");
}

# A URL is no AGENT_NAME:MODEL_VERSION ("https" before the colon):
# malformed in either form, and --fix writes nothing from it
for my $p ('kernel', 'kernel-2025') {
	my $r = check(msg("${DESC}Assisted-by: https://github.com/cgwalters/cgwalters#llms\n$SOB"), "--policy=$p", '--strict');
	is_deeply(types_of($r), ['WARNING:ASSISTED_BY_FORMAT'], "$p: a URL in Assisted-by is malformed") or diag $r->{out};
	like($r->{out}, qr/malformed Assisted-by \(a URL\)/, "$p: ... said so");
	is_deeply(types_of(check(msg("${DESC}Assisted-by: Claude:claude-opus-4-5\n$SOB"), "--policy=kernel-2025")), [], 'kernel-2025: AGENT:MODEL is no URL');
}
unlike(fixed("${DESC}Assisted-by: https://github.com/cgwalters/cgwalters#llms\n$SOB", '--strict'), qr/LLM\/\//, '--fix: no "LLM//github..." written');

done_testing;
