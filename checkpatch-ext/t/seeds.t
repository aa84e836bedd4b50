# SPDX-License-Identifier: GPL-2.0
# The seed patches: real inputs from the 2025 discussions.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

sub on_file($f, @args) {
	my $r = DTest::run(['--show-types', '--no-config', '--color=never', @args, $f]);
	return ($r, types_of($r));
}

# 008: the userfaultfd fix, agent in Co-developed-by
{
	my ($r, $t) = on_file(seed('008'));
	is_deeply($t, ['ERROR:AGENT_CO_DEVELOPED_BY'], '008: exactly the agent Co-developed-by') or diag $r->{out};
	like($r->{out}, qr/^#25: \nCo-developed-by: Claude claude-opus-4-20250514$/m, '008: line 25 shown');
	like($r->{out}, qr/'Assisted-by: LLM'/, '008: offers the Assisted-by of the form in force (mainline: LLM)');
	my $old = DTest::run(['--show-types', '--no-config', '--policy=kernel-2025', seed('008')]);
	like($old->{out}, qr/'Assisted-by: Claude:claude-opus-4-20250514'/, '008 (2025 form): offers the Assisted-by rewrite with the model');
	unlike($r->{out}, qr/email|name\/email/i, '008: no email-format complaint');
	is($r->{rc}, 1, '008: exit 1');
}

# 005: the agents series' attribution patch
{
	my ($r, $t) = on_file(seed('005'));
	is_deeply($t, ['ERROR:AGENT_CO_DEVELOPED_BY'], '005: agent Co-developed-by') or diag $r->{out};
	unlike($r->{out}, qr/GitHub-Copilot|Cursor/, '005: the examples in its diff are not trailers');
}

# 002-004: no disclosure problem (agent names only in prose and the diff)
for my $n (qw(002 003 004)) {
	my ($r, $t) = on_file(seed($n));
	is_deeply($t, [], "$n: nothing reported") or diag $r->{out};
	is($r->{rc}, 0, "$n: exit 0");
}

# The agents series as one mbox: only its fourth patch
{
	my $mbox = join '', map { read_file(seed($_)) . "\n" } qw(002 003 004 005);
	my $f = write_file(tmpdir() . '/agents-series.mbox', $mbox);
	my ($r, $t) = on_file($f);
	is_deeply($t, ['ERROR:AGENT_CO_DEVELOPED_BY'], 'agents mbox: one report') or diag $r->{out};
	my @totals = $r->{out} =~ /^(total: .*)$/mg;
	is(scalar @totals, 1, 'agents mbox: one total line for the file');
	like($totals[0], qr/^total: 1 errors, 0 warnings, 0 checks/, 'agents mbox: the error counted');
	like($r->{out}, qr/patch 4 \("[^\n]*\n-+\nERROR:AGENT_CO_DEVELOPED_BY/, 'agents mbox: the fourth patch has the error');
	unlike($r->{out}, qr/patch [123] \(/, 'agents mbox: the clean ones are not listed');
	like($r->{out}, qr/patch 4 \("\[PATCH 4\/4\] agents: add legal/, 'agents mbox: patches named by subject');
}

# 001: the series' cover letter names agents in prose only
{
	my ($f) = files_matching(root() . '/checkpatch-ext/t/data', qr/\A001-.*\.txt\z/);
	my ($r, $t) = on_file($f);
	is_deeply($t, [], '001 cover letter: nothing reported') or diag $r->{out};
	my $c = check(msg("This series was written with the help of Claude; each patch carries\nits Assisted-by trailer.\n\n", subject => 'mm: things'));
	is_deeply(types_of($c), ['WARNING:MISSING_DISCLOSURE', 'ERROR:MISSING_HUMAN_SIGN_OFF'], 'a patch saying so without trailers: reported');
	my $cover = msg("This series was written with the help of Claude; each patch carries\nits Assisted-by trailer.\n\n", subject => 'mm: things') =~ s/\[PATCH\]/[PATCH 0\/3]/r;
	$c = check($cover);
	is_deeply(types_of($c), [], 'a cover letter saying so: no sign-off or trailer asked for');
	$c = check($cover, '--policy=qemu');
	is_deeply(types_of($c), ['ERROR:AI_CONTENT_DECLINED'], 'a cover letter saying so under qemu: declined');
}

# 006: Generated-by only in the documentation it adds
{
	my ($r, $t) = on_file(seed('006'));
	is_deeply($t, [], '006: the quoted Generated-by is not a trailer') or diag $r->{out};
	is($r->{rc}, 0, '006: exit 0');
	($r, $t) = on_file(seed('006'), '--policy=qemu');
	is_deeply($t, [], '006 under qemu: not AI content');
}

# 007: QEMU's policy commit names ChatGPT, Claude, Copilot in its diff
# and discusses AI code generators in prose
for my $pol (qw(kernel qemu)) {
	my ($r, $t) = on_file(seed('007'), "--policy=$pol");
	is_deeply($t, [], "007 ($pol): no trailer, no undisclosed AI use") or diag $r->{out};
	is($r->{rc}, 0, "007 ($pol): exit 0");
}

# --fix on 008 gives the Assisted-by form and the rest byte for byte
{
	my $f = write_file(tmpdir() . '/008.patch', read_file(seed('008')));
	my $r = DTest::run(['--no-config', '-q', '--fix', $f]);
	my $fixed = read_file("$f.EXPERIMENTAL-checkpatch-fixes");
	my $want = read_file(seed('008')) =~ s/^Co-developed-by: Claude claude-opus-4-20250514$/Assisted-by: LLM/mr;
	is($fixed, $want, '008 --fix: Co-developed-by rewritten into the Assisted-by in force, nothing else');
	DTest::run(['--no-config', '-q', '--policy=kernel-2025', '--fix', $f]);
	$want = read_file(seed('008')) =~ s/^Co-developed-by: Claude claude-opus-4-20250514$/Assisted-by: Claude:claude-opus-4-20250514/mr;
	is(read_file("$f.EXPERIMENTAL-checkpatch-fixes"), $want, '008 --fix (2025 form): Assisted-by with the model');
	is(read_file($f), read_file(seed('008')), '008 --fix: input untouched');
	my ($r2, $t2) = on_file("$f.EXPERIMENTAL-checkpatch-fixes");
	is_deeply($t2, [], '008 fixed: clean');
}

done_testing;
