# SPDX-License-Identifier: GPL-2.0
# scripts/lib/OwnDir.pm: the stamp on the folders a tool makes, and the
# files that mark one an earlier version made.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use OwnDir;

my $d = tempdir(CLEANUP => 1);
sub touch($f) { open my $fh, '>', $f or die "$f: $!"; close $fh }

make_path("$d/made", "$d/users", "$d/old", "$d/logs");
ok(OwnDir::mark("$d/made"), 'mark: a folder stamped');
ok(-e "$d/made/$OwnDir::STAMP", '... with the stamp file');
ok(OwnDir::owned("$d/made"), 'owned: a stamped folder');
touch("$d/users/notes.txt");
ok(!OwnDir::owned("$d/users", 'scan.json'), 'not owned: a folder without the stamp or a sign');
touch("$d/old/scan.json");
ok(OwnDir::owned("$d/old", 'other', 'scan.json'), 'owned: a folder made before stamps, by a file only the tool writes');
touch("$d/logs/boot-x.log");
ok(OwnDir::owned("$d/logs", qr/^boot-.*\.log\z/), '... or by a pattern of such names');
ok(!OwnDir::owned("$d/users", qr/\.log\z/), '... which other names do not match');
symlink "$d/made", "$d/link" or die;
ok(!OwnDir::owned("$d/link"), 'not owned: a link to a stamped folder');
touch("$d/file");
ok(!OwnDir::owned("$d/file"), 'not owned: a file');
ok(!OwnDir::mark("$d/none"), 'mark: false when the folder is not there');
# A stamp that is a symbolic link (to nothing, or to a file of the
# user's): never written through.
make_path("$d/linked");
symlink "$d/made-here", "$d/linked/$OwnDir::STAMP" or die;
ok(!OwnDir::mark("$d/linked"), 'mark: false when the stamp is a symbolic link');
ok(!-e "$d/made-here", '... and nothing made where it points');
done_testing;
