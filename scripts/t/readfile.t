# SPDX-License-Identifier: GPL-2.0
# scripts/lib/ReadFile.pm: a regular file's bytes; undef and why for a
# missing file, a folder or a FIFO, without blocking on the FIFO.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use POSIX ();
use ReadFile qw(read_bytes open_regular read_error);

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
done_testing;
