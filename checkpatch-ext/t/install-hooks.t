# SPDX-License-Identifier: GPL-2.0
# make install-hooks REPO=DIR (checkpatch-ext/install-hooks.pl): the hooks
# land in the repository named as copies that know the checker (LINK=1:
# links), work there and fail closed once the checker is gone; a
# different hook already there is never replaced silently;
# .pre-commit-hooks.yaml names the hook.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;

plan skip_all => 'no git' unless system('git --version >/dev/null 2>&1') == 0;
my $root = root();
my $inst = "$root/checkpatch-ext/install-hooks.pl";
sub repo($name) {
	my $d = tmpdir() . "/$name";
	mkdir $d;
	system("git -C '$d' init -q") == 0 or die;
	return $d;
}

# An agent's sign-off, which the hook rejects.
my $msg = write_file(tmpdir() . '/bad', "mm: x\n\nx\n\nSigned-off-by: Claude <noreply\@anthropic.com>\n");
my ($st, $o, $r);
scenario 'errors: not a repository, no REPO' => sub {
	($st, $o) = sh("perl '$inst' --repo " . tmpdir());
	is($st, 2, 'not a git repository: exit 2');
	like($o, qr/is not a git repository/, '... with a message');
	($st, $o) = sh("cd '$root' && make -s install-hooks");
	is($st, 2, 'make install-hooks without REPO: exit 2');
	like($o, qr/make install-hooks REPO=DIR/, '... saying how');
};

# A fresh repository, through make.
scenario 'a fresh repository, through make' => sub {
	$r = repo('fresh');
	($st, $o) = sh("cd '$root' && make -s install-hooks REPO='$r'");
	is($st, 0, 'make install-hooks REPO=DIR') or diag $o;
	for my $h (qw(commit-msg sendemail-validate)) {
		my $t = "$r/.git/hooks/$h";
		ok(-f $t && !-l $t && -x $t, "$h installed as an executable copy");
		like(read_file($t) // '', qr{^installed='\Q$root\E/checkpatch-ext/disclosure\.pl'$}m, "$h: the copy names this checkout's disclosure.pl");
	}
	write_file("$r/f", "1\n");
	($st, $o) = sh("cd '$r' && git add f && git -c user.name=J -c user.email=j\@example.org commit -q -F '$msg'");
	isnt($st, 0, 'the installed commit-msg hook rejects an agent sign-off');
	like($o, qr/AGENT_SIGN_OFF/, '... and says why');
	($st, $o) = sh("perl '$inst' --repo '$r'");
	is($st, 0, 'installing again: exit 0');
	like($o, qr/already installed/, '... already installed');
	# LINK=1: links instead, replacing our copies; and back to copies.
	($st, $o) = sh("cd '$root' && make -s install-hooks REPO='$r' LINK=1");
	is($st, 0, 'make install-hooks LINK=1') or diag $o;
	for my $h (qw(commit-msg sendemail-validate)) {
		ok(-l "$r/.git/hooks/$h" && readlink("$r/.git/hooks/$h") eq "$root/checkpatch-ext/hooks/$h", "LINK=1: $h linked to checkpatch-ext/hooks/$h");
	}
	unlike($o, qr/kept as/, 'LINK=1: our copies replaced, not kept');
	($st, $o) = sh("perl '$inst' --repo '$r' --link");
	like($o, qr/commit-msg: already installed/, '--link again: already installed');
	($st, $o) = sh("perl '$inst' --repo '$r'");
	ok(-f "$r/.git/hooks/commit-msg" && !-l "$r/.git/hooks/commit-msg", 'without --link: the link becomes a copy again');
	ok(!-e "$r/.git/hooks/commit-msg.orig", '... nothing kept as .orig');
};

# A different hook already there: refused, nothing changed.
scenario 'a different hook already there' => sub {
	$r = repo('other');
	write_file("$r/.git/hooks/commit-msg", "#!/bin/sh\nexit 0\n");
	chmod 0755, "$r/.git/hooks/commit-msg";
	($st, $o) = sh("cd '$root' && make -s install-hooks REPO='$r'");
	isnt($st, 0, 'an existing different commit-msg hook: refused');
	like($o, qr/commit-msg exists and is not checkpatch-ext's commit-msg hook/, '... saying which');
	like($o, qr/BACKUP=1/, '... and how to keep it');
	is(read_file("$r/.git/hooks/commit-msg"), "#!/bin/sh\nexit 0\n", 'the existing hook is untouched');
	ok(!-e "$r/.git/hooks/sendemail-validate", 'and nothing else installed');
	# With BACKUP=1: kept as .orig.
	($st, $o) = sh("cd '$root' && make -s install-hooks REPO='$r' BACKUP=1");
	is($st, 0, 'BACKUP=1: installed') or diag $o;
	is(read_file("$r/.git/hooks/commit-msg.orig"), "#!/bin/sh\nexit 0\n", 'the old hook kept as commit-msg.orig');
	like($o, qr/kept as .*commit-msg\.orig/, '... and said so');
	like(read_file("$r/.git/hooks/commit-msg"), qr/^installed='/m, 'commit-msg now ours');
};
# A copy of ours (same text) counts as installed.
scenario 'a copy of ours counts as installed' => sub {
	$r = repo('copy');
	write_file("$r/.git/hooks/commit-msg", read_file("$root/checkpatch-ext/hooks/commit-msg"));
	($st, $o) = sh("perl '$inst' --repo '$r'");
	is($st, 0, 'a copy of the same hook: no conflict');
	like(read_file("$r/.git/hooks/commit-msg"), qr{^installed='\Q$root\E/checkpatch-ext/disclosure\.pl'$}m, '... made a copy that names the checker');
};
# core.hooksPath is respected.
scenario 'core.hooksPath is respected' => sub {
	$r = repo('hookspath');
	system("git -C '$r' config core.hooksPath myhooks") == 0 or die;
	($st, $o) = sh("perl '$inst' --repo '$r'");
	is($st, 0, 'core.hooksPath: exit 0') or diag $o;
	ok(-x "$r/myhooks/commit-msg", 'core.hooksPath: installed there');
};

# The checker moves away (the checkout is moved or deleted): the copies
# block the commit and the send.  The checkout's path has a space and a
# quote.
scenario 'the checker moves away: the copies fail closed' => sub {
	my $co = tmpdir() . "/check out's";
	mkdir $co;
	system('cp', '-R', "$root/checkpatch-ext", "$co/") == 0 or die;
	$r = repo('moved');
	my $i = DTest::run(['--repo', $r], cmd => ['perl', "$co/checkpatch-ext/install-hooks.pl"]);
	is($i->{rc}, 0, 'installed from a checkout with a space and a quote in its path') or diag $i->{err};
	write_file("$r/f", "1\n");
	my $ok = write_file(tmpdir() . '/ok', "mm: x\n\nx\n\nSigned-off-by: Jane <jane\@example.org>\n");
	($st, $o) = sh("cd '$r' && git add f && git -c user.name=J -c user.email=j\@example.org commit -q -F '$ok'");
	is($st, 0, '... and a good commit passes there') or diag $o;
	rename "$co/checkpatch-ext", tmpdir() . '/moved-away' or die;
	write_file("$r/g", "1\n");
	($st, $o) = sh("cd '$r' && git add g && git -c user.name=J -c user.email=j\@example.org commit -q -F '$msg'");
	isnt($st, 0, 'checker moved away: the agent sign-off is rejected');
	like($o, qr/disclosure\.pl not found .*commit blocked/, '... saying the checker is missing');
	($st, $o) = sh("cd '$r' && git -c user.name=J -c user.email=j\@example.org commit -q --allow-empty -F '$ok'");
	isnt($st, 0, 'checker moved away: any commit is blocked (fail closed)');
	like($o, qr/commit blocked/, '... by the hook');
	($st, $o) = sh("cd '$r' && '$r/.git/hooks/sendemail-validate' '$ok'");
	isnt($st, 0, 'checker moved away: sendemail-validate stops the send');
};

# pre-commit framework definition.
scenario 'the pre-commit framework definition' => sub {
	my $y = read_file("$root/.pre-commit-hooks.yaml");
	like($y, qr/^- id: disclosure-commit-msg$/m, '.pre-commit-hooks.yaml: the hook id');
	my ($entry) = $y =~ /^  entry: (\S+)$/m;
	ok($entry && -x "$root/$entry", ".pre-commit-hooks.yaml: entry $entry is executable");
	like($y, qr/^  stages: \[commit-msg\]$/m, '.pre-commit-hooks.yaml: commit-msg stage');
	like($y, qr/^  language: script$/m, '.pre-commit-hooks.yaml: language script');
	# pre-commit runs the entry from its clone with the message file.
	($st, $o) = sh("cd '$r' && '$root/$entry' '$msg'");
	is($st, 1, 'the entry, run as pre-commit does, rejects the agent sign-off') or diag $o;
};

done_testing;
