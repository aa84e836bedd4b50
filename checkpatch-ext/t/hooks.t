# SPDX-License-Identifier: GPL-2.0
# The commit-msg and sendemail-validate hooks, in a scratch repository.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use File::Copy qw(copy);

plan skip_all => 'no git' unless system('git --version >/dev/null 2>&1') == 0;
my $hooks = root() . '/checkpatch-ext/hooks';
my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";

my $g = tmpdir() . '/hookrepo';
mkdir $g;
sub git(@a) {
	my $r = DTest::run(['-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.org', @a],
			   cmd => ['git', '-C', $g], env => { GIT_EDITOR => 'true' });
	return $r;
}
git('init', '-q');
symlink("$hooks/commit-msg", "$g/.git/hooks/commit-msg") or die;
my $n = 0;
sub commit($message, @extra) {
	$n++;
	write_file("$g/f$n", "$n\n");
	git('add', "f$n");
	my $mf = write_file(tmpdir() . "/msg$n", $message);
	return git('commit', '-q', @extra, '-F', $mf);
}
sub head_msg { git('log', '-1', '--format=%B')->{out} }

scenario 'commit-msg: an agent Co-developed-by, and its fix' => sub {
	my $r = commit("mm: fix\n\nFix it.\n\nCo-developed-by: Claude claude-opus-4-20250514\n$SOB");
	isnt($r->{rc}, 0, 'commit-msg: agent Co-developed-by rejected');
	like($r->{err}, qr/commit message:\d+: ERROR:AGENT_CO_DEVELOPED_BY:/, 'commit-msg: the report');
	like($r->{err}, qr/^Suggested fix:\n(?:.*\n)*-Co-developed-by: Claude claude-opus-4-20250514\n\+Assisted-by: LLM$/m, 'commit-msg: shows the fix (the form in force: LLM)');
	ok(-f "$g/.git/DISCLOSURE_FIXED_MSG", 'commit-msg: fixed message saved');
	$r = git('commit', '-q', '-F', "$g/.git/DISCLOSURE_FIXED_MSG");
	is($r->{rc}, 0, 'commit-msg: the fixed message is accepted') or diag $r->{err};
};
scenario 'commit-msg: an agent sign-off' => sub {
	my $r = commit("mm: fix\n\nFix it.\n\n${SOB}Signed-off-by: Claude <noreply\@anthropic.com>\n");
	isnt($r->{rc}, 0, 'commit-msg: agent sign-off rejected');
	like($r->{err}, qr/AGENT_SIGN_OFF/, 'commit-msg: says why');
};
scenario 'commit-msg: correct messages, warnings' => sub {
	my $r = commit("mm: fix\n\nFix it.\n\nAssisted-by: Claude:claude-opus-4-5\n$SOB");
	is($r->{rc}, 0, 'commit-msg: a correct message passes') or diag $r->{err};
	is($r->{err}, '', 'commit-msg: silently');
	$r = commit("mm: fix\n\nFix it.\n\nAssisted-by: Claude:claude-opus-4-5\n");
	is($r->{rc}, 0, 'commit-msg: no sign-off yet is fine at commit time');
	$r = commit("mm: fix\n\nFix it.\n\n${SOB}Co-authored-by: Codex <noreply\@openai.com>\n");
	is($r->{rc}, 0, 'commit-msg: warnings do not reject');
	like($r->{err}, qr/WARNING:AGENT_CO_AUTHOR/, 'commit-msg: but are shown');
};
scenario 'commit-msg: the git config settings' => sub {
	git('config', 'disclosure.autofix', 'true');
	my $r = commit("mm: fix\n\nFix it.\n\nCo-developed-by: Claude claude-opus-4-20250514\n$SOB");
	is($r->{rc}, 0, 'commit-msg autofix: committed') or diag $r->{err};
	like(head_msg(), qr/^Assisted-by: LLM$/m, 'commit-msg autofix: with the fixed trailer');
	$r = commit("mm: fix\n\nFix it.\n\n${SOB}Co-authored-by: Codex <noreply\@openai.com>\n");
	is($r->{rc}, 0, 'commit-msg autofix=true: warnings only, committed');
	like(head_msg(), qr/^Co-authored-by: Codex/m, '... as written');
	git('config', 'disclosure.autofix', 'all');
	$r = commit("mm: fix\n\nFix it.\n\n${SOB}Co-authored-by: Codex <noreply\@openai.com>\n");
	is($r->{rc}, 0, 'commit-msg autofix=all: committed') or diag $r->{err};
	like(head_msg(), qr/^Assisted-by: LLM/m, '... with the agent\'s co-author trailer rewritten');
	unlike(head_msg(), qr/^Co-authored-by: Codex/m, '... and gone');
	like($r->{err}, qr/fix applied \(disclosure\.autofix=all\)/, '... and says so');
	git('config', '--unset', 'disclosure.autofix');
	git('config', 'disclosure.requireSignoff', 'true');
	$r = commit("mm: fix\n\nFix it.\n\nAssisted-by: Claude:claude-opus-4-5\n");
	isnt($r->{rc}, 0, 'commit-msg requireSignoff: human sign-off required');
	git('config', '--unset', 'disclosure.requireSignoff');
	git('config', 'disclosure.options', '--policy=qemu');
	$r = commit("mm: fix\n\nFix it.\n\nAssisted-by: Claude:claude-opus-4-5\n$SOB");
	isnt($r->{rc}, 0, 'commit-msg disclosure.options=--policy=qemu: AI content declined');
	like($r->{err}, qr/AI_CONTENT_DECLINED/, 'commit-msg qemu: says so');
	git('config', '--unset', 'disclosure.options');
};
scenario 'commit-msg: a copied hook finds disclosure.pl through git config' => sub {
	# a copied hook finds disclosure.pl through git config
	unlink "$g/.git/hooks/commit-msg";
	copy("$hooks/commit-msg", "$g/.git/hooks/commit-msg") or die;
	chmod 0755, "$g/.git/hooks/commit-msg";
	my $r = commit("mm: fix\n\nFix.\n\nSigned-off-by: Claude <noreply\@anthropic.com>\n$SOB");
	like($r->{err}, qr/disclosure\.pl not found/, 'copied hook without disclosure.path: says what to set');
	isnt($r->{rc}, 0, 'copied hook without disclosure.path: rejects');
	git('config', 'disclosure.path', root() . '/checkpatch-ext/disclosure.pl');
	$r = commit("mm: fix\n\nFix.\n\nSigned-off-by: Claude <noreply\@anthropic.com>\n$SOB");
	like($r->{err}, qr/AGENT_SIGN_OFF/, 'copied hook with disclosure.path: checks');
	$r = DTest::run(['-q', '-F', tmpdir() . "/msg$n"], cmd => ['git', '-C', $g, 'commit'], env => { DISCLOSURE_SKIP => 1 });
	is($r->{rc}, 0, 'DISCLOSURE_SKIP=1 skips the check') or diag $r->{err};
};

# The commit-msg hook fails closed: a checker that dies, is killed or
# exits with anything but 0 or 1 blocks the commit.
scenario 'the hooks fail closed' => sub {
	my $d = tmpdir();
	my %bad = (die => "die 'boom';\n", signal => "kill 'KILL', \$\$;\n", exit3 => "exit 3;\n",
		   'warn-exit0' => "print qq{x: 1: WARNING:X: y\\n}; exit 0;\n",
		   # Perl out of memory: the message, exit 1, no report
		   oom => "print STDERR qq{Out of memory!\\n}; exit 1;\n",
		   'exit1-silent' => "exit 1;\n",
		   # a report line about another file is not a report on the message
		   'exit1-other' => "print qq{/elsewhere:3: ERROR:X: y\\n}; exit 1;\n");
	for my $k (sort keys %bad) {
		my $tool = write_file("$d/bad-$k.pl", $bad{$k});
		my $r = DTest::run(['-q', '-F', write_file("$d/fc-$k.msg", "mm: fix\n\nFix.\n\n$SOB")],
				   cmd => ['git', '-C', $g, '-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.org', 'commit', '--allow-empty'],
				   env => { DISCLOSURE_PL => $tool });
		if ($k eq 'warn-exit0') {
			is($r->{rc}, 0, "commit-msg: a checker exiting 0 lets the commit through") or diag $r->{err};
			next;
		}
		isnt($r->{rc}, 0, "commit-msg fails closed: checker $k blocks the commit");
		like($r->{err}, qr/could not check the message \(exit status \d+(, no report)?\): commit blocked/, "commit-msg fails closed: checker $k: says why");
	}
	my $r = DTest::run(['-q', '-F', "$d/fc-oom.msg"],
			   cmd => ['git', '-C', $g, '-c', 'user.name=Jane Doe', '-c', 'user.email=jane@example.org', 'commit', '--allow-empty'],
			   env => { DISCLOSURE_PL => "$d/bad-oom.pl" });
	like($r->{err}, qr/Out of memory!\n(?:.*\n)*.*\(exit status 1, no report\)/, 'commit-msg: an out-of-memory checker: its message and the status shown');
	# sendemail-validate: the same checkers stop the send, saying it was not checked.
	my $p = write_file("$d/se.patch", read_file(seed('002')));
	for my $k (qw(oom exit1-silent exit1-other die signal exit3)) {
		$r = DTest::run([$p], cmd => ['sh', "$hooks/sendemail-validate"], cwd => $g, env => { DISCLOSURE_PL => "$d/bad-$k.pl" });
		is($r->{rc}, 1, "sendemail-validate fails closed: checker $k stops the send");
		like($r->{err}, qr/could not check it \(exit status \d+(, no report)?\): send stopped/, "sendemail-validate: checker $k: says it was not checked");
	}
	$r = DTest::run([$p], cmd => ['sh', "$hooks/sendemail-validate"], cwd => $g, env => { DISCLOSURE_PL => "$d/bad-warn-exit0.pl" });
	is($r->{rc}, 0, 'sendemail-validate: a checker exiting 0 lets the send go');
};

# sendemail-validate, called as git send-email calls it
scenario 'sendemail-validate, called as git send-email calls it' => sub {
	my $bad = write_file(tmpdir() . '/se-bad.patch', read_file(seed('008')));
	my $good = write_file(tmpdir() . '/se-good.patch', read_file(seed('002')));
	my $r = DTest::run([$bad, '/dev/null'], cmd => ['sh', "$hooks/sendemail-validate"], cwd => $g);
	is($r->{rc}, 1, 'sendemail-validate: agent Co-developed-by stops the send');
	like($r->{err}, qr/se-bad\.patch:25: ERROR:AGENT_CO_DEVELOPED_BY/, 'sendemail-validate: the report');
	is(read_file($bad), read_file(seed('008')), 'sendemail-validate: the message is not modified');
	$r = DTest::run([$good], cmd => ['sh', "$hooks/sendemail-validate"], cwd => $g);
	is($r->{rc}, 0, 'sendemail-validate: a clean patch goes') or diag $r->{err};
	is($r->{err}, '', 'sendemail-validate: silently');
	$r = DTest::run(['/nonexistent.patch'], cmd => ['sh', "$hooks/sendemail-validate"], cwd => $g);
	is($r->{rc}, 1, 'sendemail-validate: unreadable file stops the send');
};

done_testing;
