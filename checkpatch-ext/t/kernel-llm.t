# SPDX-License-Identifier: GPL-2.0
# kernel-patches/checkpatch-llm/: the small upstream fix that makes
# checkpatch.pl accept 'Assisted-by: LLM [TOOL1] [TOOL2]', the form
# Documentation/process/coding-assistants.rst gives since 816d9992d9ed
# (7.3).  It applies (git apply --check, patch -p1 --dry-run, git am) to a
# copy of each packaged tree's scripts/checkpatch.pl; then the LLM form
# no longer warns, the AGENT_NAME:MODEL_VERSION form still passes, and a
# value in neither form still warns BAD_SIGN_OFF.  The tree's checkpatch
# passes the patch itself (the sender adds the sign-off).
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use File::Copy qw(copy);
use File::Path qw(make_path);

my $root = root();
my @p = files_matching("$root/kernel-patches/checkpatch-llm", qr/\.patch\z/);
is(scalar @p, 1, 'one patch in kernel-patches/checkpatch-llm/') or BAIL_OUT('no patch');
my $patch = $p[0];
my $text = read_file($patch);
like($text, qr/\AFrom [0-9a-f]{40} Mon Sep 17 00:00:00 2001\nFrom: .+\n(?: .+\n)?Date: .+\nSubject: \[PATCH\] checkpatch: /, 'git format-patch header, checkpatch: prefix');
my ($message) = $text =~ /\n\n(.*?)\n---\n/s;
like($message, qr/commit 816d9992d9ed \("coding-assistants: simplify attribution"\)/i, 'cites the documentation commit');
like($message, qr/^Assisted-by: LLM$/m, 'its own Assisted-by: LLM');
unlike($message, qr/^Signed-off-by:/m, 'no invented sign-off');
like($text, qr/^ scripts\/checkpatch\.pl \| +\d+ [+-]+\n 1 file changed/m, 'touches scripts/checkpatch.pl only');
my @changed = grep { /^[+-](?![+-]{2} )/ } split /\n/, ($text =~ /^(diff --git .*)/ms)[0];
ok(@changed <= 8, 'a small change (' . scalar(@changed) . ' lines added or removed)');
(my $rel = $patch) =~ s{^\Q$root\E/kernel-patches/}{};
my @series = grep { !/^\s*(?:#|$)/ } split /\n/, read_file("$root/kernel-patches/series");
my ($i_llm) = grep { $series[$_] eq $rel } 0 .. $#series;
my ($i_big) = grep { $series[$_] =~ m{^checkpatch/0001-} } 0 .. $#series;
ok(defined $i_llm, 'listed in kernel-patches/series');
ok(defined $i_llm && defined $i_big && $i_llm < $i_big, '... before the checkpatch disclosure patch, which goes on top of it');
my $r = DTest::run(['--no-config', '--no-signoff', $patch]);
is($r->{rc}, 0, 'disclosure.pl --no-signoff passes it') or diag $r->{out};

sub types($out) { [ sort $out =~ /^(?:ERROR|WARNING|CHECK):([A-Z_]+):/mg ] }

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";
for my $kver (qw(6.12 6.1)) {
	scenario "$kver: the fix applied to a copy of the packaged checkpatch.pl" => sub {
		SKIP: {
			my $tree = packaged_tree($kver);
			skip "no packaged $kver tree (sh scripts/ktree.sh $kver)", 13 unless $tree;
			my $d = tmpdir() . "/llm-$kver";
			make_path("$d/scripts");
			copy("$tree/scripts/$_", "$d/scripts/$_") for qw(checkpatch.pl spelling.txt const_structs.checkpatch);
			my $git = "git -C '$d' -c user.name=T -c user.email=t\@example.org";
			is(system("$git init -q && $git add -A && $git commit -q -m base"), 0, "$kver: scratch repository");
			is(system("cd '$d' && git apply --check '$patch' 2>&1"), 0, "$kver: git apply --check");
			is(system("cd '$d' && patch -p1 --dry-run -s < '$patch' >/dev/null 2>&1"), 0, "$kver: patch -p1 --dry-run");
			my $o = `$git am -q '$patch' 2>&1`;
			is($?, 0, "$kver: git am") or diag $o;
			my $cp = sub ($body, @a) {
				my $f = write_file(tmpdir() . "/llm-in.patch", msg($body));
				DTest::run(['--no-tree', '--show-types', '--quiet', '--no-summary', @a, $f], cmd => [$^X, "$d/scripts/checkpatch.pl"]);
			};
			my $orig = sub ($body) {
				my $f = write_file(tmpdir() . "/llm-orig.patch", msg($body));
				DTest::run(['--no-tree', '--show-types', '--quiet', '--no-summary', $f], cmd => [$^X, "$tree/scripts/checkpatch.pl"]);
			};
			like($orig->("Fix.\n\nAssisted-by: LLM coccinelle\n$SOB")->{out}, qr/BAD_SIGN_OFF: Assisted-by expects/, "$kver unpatched: BAD_SIGN_OFF on 'Assisted-by: LLM coccinelle'");
			is($cp->("Fix.\n\nAssisted-by: LLM coccinelle\n$SOB")->{out}, '', "$kver patched: 'Assisted-by: LLM coccinelle' accepted");
			is($cp->("Fix.\n\nAssisted-by: LLM\n$SOB", '--strict')->{out}, '', "$kver patched: 'Assisted-by: LLM' alone accepted, --strict too");
			is($cp->("Fix.\n\nAssisted-by: Claude:claude-3-opus coccinelle sparse\n$SOB")->{out}, '', "$kver patched: AGENT_NAME:MODEL_VERSION still accepted");
			$r = $cp->("Fix.\n\nAssisted-by: Foo\n$SOB");
			like($r->{out}, qr/^WARNING:BAD_SIGN_OFF: Assisted-by expects 'LLM \[TOOL1\] \[TOOL2\]' format$/m, "$kver patched: 'Assisted-by: Foo' still warns, naming the LLM form");
			like($cp->("Fix.\n\nAssisted-by: LLMs coccinelle\n$SOB")->{out}, qr/BAD_SIGN_OFF/, "$kver patched: 'LLMs' is not the word LLM");
			is($r->{err}, '', "$kver patched: no perl warnings");
			# the patch itself: the packaged and the patched checkpatch
			my $own = DTest::run(['--no-tree', '--show-types', $patch], cmd => [$^X, "$d/scripts/checkpatch.pl"]);
			is_deeply(types($own->{out}), [qw(MISSING_SIGN_OFF UNKNOWN_COMMIT_ID)], "$kver: the patched checkpatch.pl passes the patch (sign-off and commit lookup aside)") or diag $own->{out};
			$own = DTest::run(['--no-tree', '--show-types', $patch], cmd => [$^X, "$tree/scripts/checkpatch.pl"]);
			is_deeply(types($own->{out}), [qw(BAD_SIGN_OFF MISSING_SIGN_OFF UNKNOWN_COMMIT_ID)], "$kver: the packaged checkpatch.pl: only those and its own Assisted-by: LLM") or diag $own->{out};
		}
	};
}
done_testing;
