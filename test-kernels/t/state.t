# SPDX-License-Identifier: GPL-2.0
# Source states on a small tree: the copy is switched by rewriting only
# the files that differ, the pristine tree is never written (the copy is
# hard-linked to it), and a patch that does not apply is an error.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", "$FindBin::Bin/../../scripts/lib";
use TestCommon;
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use BootState;

my $d = tempdir(CLEANUP => 1);

write_to("$d/tree/mm/a.c", "one\ntwo\n");
write_to("$d/tree/mm/b.c", "b\n");
write_to("$d/top/test-kernels/patches/a.patch",
	"--- a/mm/a.c\n+++ b/mm/a.c\n@@ -1,2 +1,2 @@\n-one\n+ONE\n two\n");
write_to("$d/top/test-kernels/patches/bad.patch",
	"--- a/mm/b.c\n+++ b/mm/b.c\n@@ -1 +1 @@\n-nothere\n+x\n");
write_to("$d/top/kernel-patches/series", "# none\n");
my $states = {
	pristine => [], on => [{ op => 'apply', patch => 'patches/a.patch' }],
	off => [{ op => 'apply', patch => 'patches/a.patch' }, { op => 'revert', patch => 'patches/a.patch' }],
	bad => [{ op => 'apply', patch => 'patches/bad.patch' }], series => [{ op => 'series' }],
};
my $st = BootState->new(pristine => "$d/tree", src => "$d/work/src", work => "$d/work", top => "$d/top", states => $states);
scenario 'a copy of the tree, hard-linked' => sub {
	make_path("$d/work");
	is($st->ensure_copy('tree 1'), 1, 'first use: a copy is made');
	is($st->ensure_copy('tree 1'), 0, 'same origin: the copy is kept');
	is((stat "$d/work/src/mm/b.c")[3], 2, 'the copy is hard-linked to the tree');
};

scenario 'source states' => sub {
	is_deeply([$st->set('on')], ['mm/a.c'], 'state on: only the patched file is rewritten');
	is(slurp("$d/work/src/mm/a.c"), "ONE\ntwo\n", '... with the patch applied');
	is(slurp("$d/tree/mm/a.c"), "one\ntwo\n", '... and the pristine tree untouched');
	is_deeply([$st->set('on')], [], 'the same state again rewrites nothing');
	is_deeply([$st->set('pristine')], ['mm/a.c'], 'back to pristine: the file is restored');
	is(slurp("$d/work/src/mm/a.c"), "one\ntwo\n", '... to the packaged text');
	is_deeply([$st->set('off')], [], 'apply then revert: nothing differs');
	is_deeply([$st->set('series')], [], 'an empty series is the packaged tree');
};

# An overlay's steps come before every state's, in a copy of its own.
scenario 'an overlay, in a copy of its own' => sub {
	my $ov = BootState->new(pristine => "$d/tree", src => "$d/work-ov/src", work => "$d/work-ov", top => "$d/top",
		states => $states, pre => [{ op => 'apply', patch => 'patches/a.patch' }]);
	make_path("$d/work-ov");
	$ov->ensure_copy('tree 1');
	is_deeply([$ov->set('pristine')], ['mm/a.c'], 'overlay: the packaged state has the overlay\'s patch');
	is(slurp("$d/work-ov/src/mm/a.c"), "ONE\ntwo\n", '... applied');
	ok(!eval { $ov->set('on'); 1 }, '... and a state that applies the same patch again fails');
	is(slurp("$d/tree/mm/a.c"), "one\ntwo\n", '... the pristine tree untouched');
};

scenario 'errors leave the copy as it was' => sub {
	ok(!eval { $st->set('bad'); 1 }, 'a patch that does not apply is an error');
	like($@, qr{patch -p1 .*bad\.patch does not apply to bad: .*\(log: }, '... naming it and its log');
	is(slurp("$d/work/src/mm/b.c"), "b\n", '... and the copy is left as it was');
	ok(!eval { $st->set('nosuch'); 1 }, 'an unknown state is an error');
	is(slurp("$d/work/src-state"), "series\n", 'the current state is recorded');
};
is_deeply([BootState::patch_files("$d/top/test-kernels/patches/a.patch")], ['mm/a.c'], 'files a patch touches');
done_testing;
