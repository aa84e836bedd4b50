# SPDX-License-Identifier: GPL-2.0
# scripts/lib/ReadFile.pm: a regular file's bytes; undef and why for a
# missing file, a folder or a FIFO, without blocking on the FIFO.  A file
# opened to write: never through a symbolic link, nor into a FIFO.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use POSIX ();
use ReadFile qw(read_bytes open_regular read_error open_write write_error);

my $d = tempdir(CLEANUP => 1);
open my $fh, '>:raw', "$d/f" or die;
print $fh "a\0b\xff\n";
close $fh;
is(read_bytes("$d/f"), "a\0b\xff\n", 'the bytes, as they are');
open $fh, '>', "$d/empty" or die;
close $fh;
is(read_bytes("$d/empty"), '', 'an empty file: the empty string');

my $why;
is(read_bytes("$d/none", \$why), undef, 'a missing file: undef');
is(read_error("$d/none", $why), "cannot read $d/none: No such file or directory", '... and why');
is(read_bytes($d, \$why), undef, 'a folder: undef');
is(read_error('x', $why), 'x: not a regular file (FIFO, device or socket), not read', '... and why');
SKIP: {
	skip 'no mkfifo', 2 unless POSIX::mkfifo("$d/fifo", 0600);
	local $SIG{ALRM} = sub { die "blocked\n" };
	alarm 10;
	my $r = eval { read_bytes("$d/fifo", \$why) };
	alarm 0;
	is($@, '', 'a FIFO: no blocking');
	is($r, undef, '... undef, with why') or diag $why;
}
ok(open_regular("$d/f"), 'open_regular: a handle to a regular file');

# open_write: a symbolic link at the name (to a file of the user's) is
# never followed; a FIFO there never blocks.
open $fh, '>', "$d/victim" or die;
print $fh "the user's\n";
close $fh;
symlink "$d/victim", "$d/link" or die;
symlink "$d/nowhere", "$d/dangling" or die;
for my $how ([], [truncate => 1], [read => 1, append => 1]) {
	is(open_write("$d/link", \$why, @$how), undef, "open_write(@$how) through a symbolic link: undef");
	is(write_error("$d/link", $why), "cannot write $d/link: it is a symbolic link (not followed): remove it", '... and why');
	is(read_bytes("$d/victim"), "the user's\n", '... its target is left as it was');
}
is(open_write("$d/dangling", \$why), undef, 'a link to nothing: undef');
ok(!-e "$d/nowhere", '... and nothing made where it points');
my $w = open_write("$d/link", \$why, fresh => 1);
ok($w && print($w "new\n") && close($w), 'fresh: a link at a temporary name of our own is replaced') or diag $why;
ok(!-l "$d/link" && read_bytes("$d/link") eq "new\n", '... by a new file');
is(read_bytes("$d/victim"), "the user's\n", '... and its target is left as it was');
$w = open_write("$d/f", \$why, truncate => 1);
ok($w && print($w "x") && close($w) && read_bytes("$d/f") eq 'x', 'truncate: a file emptied, then written');
$w = open_write("$d/new", \$why);
ok($w && close($w) && -f "$d/new", 'a missing file is made');
is(open_write($d, \$why), undef, 'a folder: undef');
SKIP: {
	skip 'no FIFO', 2 unless -p "$d/fifo";
	local $SIG{ALRM} = sub { die "blocked\n" };
	alarm 10;
	my $r = eval { open_write("$d/fifo", \$why) };
	alarm 0;
	is($@, '', 'open_write on a FIFO: no blocking');
	is(write_error('x', $why), 'cannot write x: not a regular file (FIFO, device or socket)', '... undef, with why');
}
done_testing;
