# SPDX-License-Identifier: GPL-2.0
# make tree prints the tree's path, and for a tree git does not track,
# how to make a git tree of it (Debian's .gitignore ignores everything
# at the top level: git add -f); the recipe it prints works.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);

my $root = root();
my $tmp = tempdir(CLEANUP => 1);
sub make_tree($ksrc) {
	my ($st, $o) = run_cmd("make -s -C '$root' tree KSRC='$ksrc' 2>'$tmp/err'");
	return ($st, $o, slurp("$tmp/err"));
}

scenario 'an extracted Debian tree: how to make a git tree of it' => sub {
	my $t = fake_tree();
	write_to("$t/.gitignore", "# Debian packaging: ignore everything at the top level\n/*\n!/debian/\n");
	my ($st, $o, $e) = make_tree($t);
	is($st, 0, 'make tree: exit 0') or diag $e;
	is($o, "$t\n", 'stdout: the path only');
	like($e, qr/\Q$t\E is not a git tree/, 'stderr: it is not a git tree');
	like($e, qr/git init -q && git add -f \. && git commit/, '... git init, git add -f, git commit');
	like($e, qr/\.gitignore ignores everything at the top level/, '... and why -f');
	like($e, qr/KSRC=DIR/, '... or a tree the user already has');
	# The recipe, with ~ made a scratch folder.
	my ($cp, $cmd) = $e =~ /^\s+(cp -a .*)\n\s+(cd .*)$/m;
	ok($cp && $cmd, 'two commands to run') or return;
	s/~/$tmp/g for $cp, $cmd;
	my $env = "GIT_AUTHOR_NAME=T GIT_AUTHOR_EMAIL=t\@example.org GIT_COMMITTER_NAME=T GIT_COMMITTER_EMAIL=t\@example.org";
	is(system("$cp && export $env && $cmd"), 0, 'the recipe runs');
	my ($copy) = $cp =~ /(\S+)$/;
	my $files = `cd '$copy' && git ls-files | wc -l`;
	ok($files > 5, "the git tree holds the source ($files files)");
	like(`cd '$copy' && git ls-files`, qr{^mm/copy\.c$}m, '... mm/copy.c among them');
	my ($st2, $o2, $e2) = make_tree($copy);
	is($e2, '', 'make tree on it: no hint');
	# Without -f git would have added nothing.
	my $g = "$tmp/plain";
	system("cp -a '$t' '$g' && cd '$g' && git init -q && git add -A") == 0 or die;
	is(`cd '$g' && git ls-files | wc -l` + 0, 0, 'git add -A on such a tree adds nothing (why -f)');
};

scenario 'a git tree: no hint' => sub {
	my ($st, $o, $e) = make_tree(fake_tree(git => 1));
	is($st, 0, 'exit 0');
	is($e, '', 'nothing on stderr');
};
done_testing;
