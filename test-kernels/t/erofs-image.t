# SPDX-License-Identifier: GPL-2.0
# The erofs image of the erofs-lookup boot test (BootGuest::erofs_image):
# its directories end on full blocks, so mkfs.erofs stores them plain
# (layout 0), none inline (layout 2, whose reads warn in kmap_to_page()
# under the forcemap overlay), and /d spans several blocks, the binary
# search over which keeps a candidate mapped.
use v5.36;
use Test::More;
use FindBin;
use File::Temp qw(tempdir);
use lib "$FindBin::Bin/../lib", "$FindBin::Bin/../../scripts/lib", "$FindBin::Bin/../../cocci/lib";
use BootGuest;

my ($mkfs, $dump) = map { BootGuest::host_tool($_) } qw(mkfs.erofs dump.erofs);
plan skip_all => 'erofs-utils not installed' unless $mkfs && $dump;

my $d = tempdir(CLEANUP => 1);
my $g = BootGuest->new(dir => $d);
my $img = $g->erofs_image;
ok(-s $img, 'the image is written');
for my $t (['/', 1], ['/d', 8]) {
	my ($path, $blocks) = @$t;
	my $out = `'$dump' --path='$path' '$img' 2>&1`;
	like($out, qr/Layout: 0\b/, "$path: plain, not inline");
	my ($size) = $out =~ /\bSize: (\d+)/;
	is($size % 4096, 0, "$path: a whole number of blocks");
	is($size / 4096, $blocks, "$path: $blocks blocks") if defined $size;
}
is($g->erofs_image, $img, 'made once');
done_testing;
