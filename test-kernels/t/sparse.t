# SPDX-License-Identifier: GPL-2.0
# KernelBuild::sparse_warnings with a fake make: the warnings of each
# object, and the caller's list of objects left as it was (a loop over
# the objects used to find them emptied for the second source state).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use File::Temp qw(tempdir);
use KernelBuild;

my $d = tempdir(CLEANUP => 1);
mkdir "$d/bin";
open my $fh, '>', "$d/bin/make" or die;
print $fh "#!/bin/sh\nfor a; do last=\$a; done\n",
	"echo \"\$last\" >>'$d/objs'\n",
	"echo \"mm/x.c:12:3: warning: symbol 'y' was not declared\"\n";
close $fh;
chmod 0755, "$d/bin/make";
local $ENV{PATH} = "$d/bin:$ENV{PATH}";

my $kb = KernelBuild->new(src => $d, obj => "$d/obj", arch => 'arm', fragments => []);
my @objs = ('mm/x.o', 'mm/y.o');
my @w = map { $kb->sparse_warnings($_, "$d/sparse.log") } @objs;
is_deeply(\@w, ["mm/x.c: warning: symbol 'y' was not declared", "mm/x.c: warning: symbol 'y' was not declared"],
	'one warning per object, line and column dropped');
is_deeply(\@objs, ['mm/x.o', 'mm/y.o'], 'the list of objects is left as it was');
@w = map { $kb->sparse_warnings($_, "$d/sparse.log") } @objs;
open my $o, '<', "$d/objs" or die;
is_deeply([map { chomp; $_ } <$o>], ['mm/x.o', 'mm/y.o', 'mm/x.o', 'mm/y.o'], 'make is given each object, twice round');
done_testing;
