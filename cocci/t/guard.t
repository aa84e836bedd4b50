# SPDX-License-Identifier: GPL-2.0
# LifoGuard::guard: the parameter and constant a helper maps under.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use LifoGuard;
use LifoSlice;

my $maps = LifoSlice::names_regex(qw(kmap_local_page kmap_atomic));
my $bread = <<'C';
void *bread(struct buf *buf, int blk, enum kmap_type type)
{
	if (buf->kmap_type == NO_KMAP) {
		if (type == KMAP)
			buf->base = kmap(buf->page);
		else if (type == KMAP_ATOMIC)
			buf->base = kmap_atomic(buf->page);
	}
	return buf->base;
}
C
is_deeply([LifoGuard::guard($bread, 'bread', $maps)], [2, 'KMAP_ATOMIC'],
	'the mapping call under else if (type == KMAP_ATOMIC): parameter 2');
(my $braced = $bread) =~ s/\t\telse if \(type == KMAP_ATOMIC\)\n/\t\t} else if (type == KMAP_ATOMIC) {\n/;
is_deeply([LifoGuard::guard($braced, 'bread', $maps)], [2, 'KMAP_ATOMIC'], '... and in braces');
(my $plain = $bread) =~ s/\t\telse if \(type == KMAP_ATOMIC\)\n\t\t\tbuf->base = kmap_atomic/\t\tbuf->base = kmap_atomic/;
is_deeply([LifoGuard::guard($plain, 'bread', $maps)], [], 'a mapping under no test of a parameter: no guard');
(my $local = $bread) =~ s/type == KMAP_ATOMIC/mode == KMAP_ATOMIC/;
is_deeply([LifoGuard::guard($local, 'bread', $maps)], [], 'a test of what is not a parameter: no guard');
my $two = <<'C';
void *two(struct buf *b, int mode)
{
	if (mode == A)
		b->x = kmap_atomic(b->p);
	if (mode == B)
		b->y = kmap_atomic(b->q);
	return b->x;
}
C
is_deeply([LifoGuard::guard($two, 'two', $maps)], [], 'mappings under two constants: no guard');
is_deeply([LifoGuard::guard($bread, 'other', $maps)], [], 'no such function: no guard');
done_testing;
