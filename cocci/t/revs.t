# SPDX-License-Identifier: GPL-2.0
# LifoRevs (make scan-trees' revisions) runs git through ProcRun: file
# names reach git archive | tar as data, a failure says what git said, a
# git that hangs is killed after the bound, with what it started.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use Time::HiRes qw(time);
use LifoRevs;

plan skip_all => 'git not installed' unless system('git --version >/dev/null 2>&1') == 0;
my $tmp = tempdir(CLEANUP => 1);
my $t = "$tmp/repo";
my $odd = "a b'\$(touch PWNED)`touch PWNED2`.c";
my @git = ('git', '-C', $t, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.org');
sub head_after(@cmd) {
	run_cmd(@git, @cmd);
	return (run_cmd(@git, 'rev-parse', 'HEAD'))[1] =~ s/\n\z//r;
}
write_to("$t/mm/$odd", "int x;\n");
write_to("$t/mm/plain.c", "int y;\n");
run_cmd('git', 'init', '-q', $t);
run_cmd(@git, 'add', '-A');
my $c1 = head_after('commit', '-q', '-m', 'one');
write_to("$t/mm/$odd", "int z;\n");
my $c2 = head_after('commit', '-q', '-a', '-m', 'two');
sub pwned { join ' ', grep { -e } map { ("$t/$_", "$tmp/$_", "$tmp/src/$_", "./$_") } qw(PWNED PWNED2) }

scenario 'file names are data: a whole tree, then the files that changed' => sub {
	my ($how) = LifoRevs::checkout($t, $c1, "$tmp/src");
	is($how, 'git archive, whole tree', 'the first revision: the whole tree');
	is(slurp("$tmp/src/mm/$odd"), "int x;\n", '... the file with quotes, spaces, $(...) and backticks in its name');
	my $ino = (stat "$tmp/src/mm/plain.c")[1];
	my ($how2, $n) = LifoRevs::checkout($t, $c2, "$tmp/src", $c1);
	is($n, 1, 'the next: one file changed');
	is(slurp("$tmp/src/mm/$odd"), "int z;\n", '... written again, named as data');
	is((stat "$tmp/src/mm/plain.c")[1], $ino, '... the other one left as it was');
	is(pwned(), '', 'nothing in the names ran');
};

scenario 'errors say what git said' => sub {
	ok(!eval { LifoRevs::checkout($t, 'f' x 40, "$tmp/bad"); 1 }, 'git archive of no such commit: an error');
	like($@, qr/^git archive f{40} \| tar -x exited with status \d+ for \Q$t\E: .*fatal: /, '... saying how and what git said');
	is(LifoRevs::commit_of($t, 'nosuchrev'), undef, 'no such revision: an answer, not an error');
	ok(!eval { LifoRevs::checkout($t, $c2, "$tmp/src", 'f' x 40); 1 }, 'git diff from no such commit: an error');
	like($@, qr/^git diff f{40} \S+ failed in \Q$t\E: exited with status \d+: .*fatal: /, '... with what git said');
};

scenario 'a git that hangs is killed after the bound' => sub {
	my $bin = tempdir(CLEANUP => 1);
	# (A duration of its own, to find what is left.)
	my $mark = sprintf '%d.%d', 3000 + $$ % 500, $$;
	write_to("$bin/git", "#!/bin/sh\nsleep $mark & wait\n", 0755);
	local $ENV{PATH} = "$bin:$ENV{PATH}";
	local $LifoRevs::GIT_TIMEOUT = 1;
	local $LifoRevs::ARCHIVE_TIMEOUT = 1;
	my $t0 = time;
	ok(!eval { LifoRevs::commit_of($t, 'HEAD'); 1 }, 'git rev-parse hanging: an error');
	like($@, qr/^git rev-parse .* in \Q$t\E timed out after 1 s and was killed/, '... saying so');
	ok(time - $t0 < 10, '... soon after the bound');
	my $r = LifoRevs::removing_commits($t, $c1, $c2, 'mm/plain.c', 'f');
	like($r->{error} // '', qr/timed out after 1 s/, 'git log hanging: the search says git failed');
	is_deeply($r->{commits}, [], '... and names no commit');
	ok(!eval { LifoRevs::checkout($t, $c1, "$tmp/hung"); 1 }, 'git archive hanging: an error');
	like($@, qr/timed out after 1 s and was killed/, '... saying so');
	is_deeply([running($mark)], [], 'nothing git started is left running');
};
done_testing;
