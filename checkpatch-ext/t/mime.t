# SPDX-License-Identifier: GPL-2.0
# Raw mail as list archives serve it: quoted-printable and base64 bodies
# and RFC 2047 headers are decoded before checking, with the input's line
# numbers; git log text of several commits is one message per commit.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use MIME::Base64 qw(encode_base64);

my $data = root() . '/checkpatch-ext/t/data';
sub on($f, @args) { DTest::run(['--show-types', '--no-config', '--color=never', @args, $f]) }
sub line_of($text, $re) { my $pre = (split $re, $text, 2)[0]; 1 + ($pre =~ tr/\n//) }

# quoted-printable: the agent's address split by a soft break, =0D at the end
{
	my $raw = read_file("$data/mime-qp.mbox");
	like($raw, qr/anthro=\npic\.com>=0D/, 'qp fixture: soft break and =0D');
	my $r = on("$data/mime-qp.mbox");
	is_deeply(types_of($r), ['ERROR:AGENT_SIGN_OFF'], 'qp: the agent sign-off is seen') or diag $r->{out};
	my $n = line_of($raw, qr/^Signed-off-by: Claude/m);
	like($r->{out}, qr/^#$n: \nSigned-off-by: Claude <claude-sonnet-4-5\@anthropic\.com>$/m, "qp: at the raw line ($n), decoded");
	$r = on("$data/mime-qp-clean.mbox");
	is_deeply(types_of($r), [], 'qp, a human only: nothing') or diag $r->{out};
	is($r->{rc}, 0, 'qp, a human only: exit 0');
}

# base64 body, encoded subject and author
{
	my $raw = read_file("$data/mime-base64.mbox");
	unlike($raw, qr/Co-authored-by/, 'base64 fixture: the trailer is encoded');
	my $r = on("$data/mime-base64.mbox");
	is_deeply(types_of($r), ['WARNING:AGENT_CO_AUTHOR'], 'base64: the agent co-author is seen') or diag $r->{out};
	my ($b64) = $raw =~ /\n\n(.*)\z/s;
	my $body = MIME::Base64::decode_base64($b64);
	my $first = line_of($raw, qr/\n\n\K/) ;
	my $n = $first + int(index($body, 'Co-authored-by:') / 57);
	like($r->{out}, qr/^#$n: \nCo-authored-by: Claude Opus 4\.7/m, "base64: at the raw line holding its first byte ($n)");
	my $two = write_file(tmpdir() . '/two.mbox', $raw . "\n" . read_file("$data/mime-qp-clean.mbox"));
	$r = on($two);
	like($r->{out}, qr/patch 1 \("\[PATCH\] mm\/userfaultfd: release kmap_local mappings \x{e2}\x{80}\x{94} LIFO"\)/, 'base64: the encoded subject decoded');
}

# an encoded From: naming an agent; a person's encoded name
{
	my $m = msg("Fix.\n\nSigned-off-by: Jane Doe <jane\@example.org>\n", from => '=?UTF-8?q?Claude?= <claude-sonnet-4-5@anthropic.com>');
	my $r = check($m);
	is_deeply(types_of($r), ['ERROR:AGENT_AUTHOR'], 'encoded From: of an agent') or diag $r->{out};
	like($r->{out}, qr/^#2: \nFrom: Claude <claude-sonnet-4-5\@anthropic\.com>$/m, 'encoded From: decoded, at line 2');
	$r = check(msg("Fix.\n\nSigned-off-by: Ren\xc3\xa9 <rene\@example.org>\n", from => '=?UTF-8?q?Ren=C3=A9_M=C3=BCller?= <rene@example.org>'));
	is_deeply(types_of($r), [], 'encoded From: of a person') or diag $r->{out};
}

# quoted-printable that only mimics a trailer: "=3D" and text after a soft break
{
	my $qp = "From: Jane Doe <jane\@example.org>\nSubject: [PATCH] mm: fix\nMIME-Version: 1.0\n"
	       . "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
	       . "Fix.\n\nSigned-off-by: Jane Doe <jane\@example.org>\nCo-authored-by: Co=\ndex <noreply\@openai.com>\n---\n";
	my $r = check($qp);
	is_deeply(types_of($r), ['WARNING:AGENT_CO_AUTHOR'], 'qp: a name split by a soft break') or diag $r->{out};
	(my $plain = $qp) =~ s/quoted-printable/8bit/;
	$r = check($plain);
	is_deeply(types_of($r), [], 'the same text not declared qp is not decoded') or diag $r->{out};
}

# --fix: a line that reads as it was is fixed; an encoded one is left
{
	my $qp = "From: Jane Doe <jane\@example.org>\nSubject: [PATCH] mm: fix\nMIME-Version: 1.0\n"
	       . "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
	       . "Fix by Ren=C3=A9.\n\nSigned-off-by: Jane Doe <jane\@example.org>\nCo-authored-by: Codex <noreply\@openai.com>\n"
	       . "Co-authored-by: Claude <noreply\@anthro=\npic.com>\n---\n";
	my $r = check($qp, '--fix');
	my $fixed = read_file("$r->{file}.EXPERIMENTAL-checkpatch-fixes");
	like($fixed, qr/^Assisted-by: LLM\nCo-authored-by: Claude <noreply\@anthro=\npic\.com>$/m, '--fix: the plain line rewritten, the soft-broken one left');
	like($fixed, qr/^Fix by Ren=C3=A9\.$/m, '--fix: the rest unchanged, still encoded');
	my $b64 = read_file("$data/mime-base64.mbox");
	my $f = write_file(tmpdir() . '/b64fix.mbox', $b64);
	DTest::run(['--no-config', '-q', '--fix-inplace', $f]);
	is(read_file($f), $b64, '--fix: a base64 body is left whole');
}

# git log text of several commits: one message each
{
	my $r = on("$data/git-log-3.txt");
	is_deeply(types_of($r), ['WARNING:AGENT_CO_AUTHOR', 'ERROR:AGENT_AUTHOR', 'ERROR:MISSING_HUMAN_SIGN_OFF'], 'git log: each commit its own message') or diag $r->{out};
	like($r->{out}, qr/patch 2 \("mm\/userfaultfd: release kmap_local mappings in LIFO order"\)\n-+\nWARNING:AGENT_CO_AUTHOR/, 'git log: the thread trailer under the second commit');
	like($r->{out}, qr/patch 3 \("selftests\/mm: cover UFFDIO_MOVE of nested mappings"\)\n-+\nERROR:AGENT_AUTHOR/, 'git log: the bot author under the third');
	unlike($r->{out}, qr/patch 1/, 'git log: nothing for the first');
	my $one = (split /(?=^commit )/m, read_file("$data/git-log-3.txt"))[2];
	$r = check($one =~ s/^Author: .*$/Author: Jane Doe <jane.doe\@example.org>/mr);
	is_deeply(types_of($r), [], 'git log: a human-authored commit without sign-off is not ours to report') or diag $r->{out};
	# a "commit" word inside an indented message is no header
	$r = check("commit 0123456789abcdef0123456789abcdef01234567\nAuthor: Jane <jane\@example.org>\n\n    mm: fix\n\n"
		   . "    commit 1111111111111111111111111111111111111111\n    Author: Claude <noreply\@anthropic.com>\n\n    Signed-off-by: Jane <jane\@example.org>\n");
	is_deeply(types_of($r), [], 'git log: a quoted commit header is not a new message') or diag $r->{out};
}

done_testing;
