# SPDX-License-Identifier: GPL-2.0
# LifoGrep::candidates: the files that name a token as a word, in the
# order given, the same with one grep as with several at once (each
# reads its own slice of the file list; their output must not mix); and
# candidates_and_includers; words_and_fixed.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use LifoGrep;

my $t = tempdir(CLEANUP => 1);
my (@files, @want);
for my $i (0 .. 4999) {
	my $f = sprintf 'dir%d/a_rather_long_file_name_to_fill_the_pipe_%04d.c', $i % 7, $i;
	my $text = $i % 3 == 0 ? "p = kmap_local_page(pg);\n"
		: $i % 3 == 1 ? "p = my_kmap_local_page_helper(pg);\n" : "int x;\n";
	write_to("$t/$f", $text);
	push @files, $f;
	push @want, $f if $i % 3 == 0;
}
@files = reverse @files;
@want = reverse @want;
is_deeply([LifoGrep::candidates($t, \@files, ['kmap_local_page'])], \@want,
	'one grep: the files naming the word, in the order given');
is_deeply([LifoGrep::candidates($t, \@files, ['kmap_local_page'], 3)], \@want,
	'three greps at once: the same list');
is_deeply([LifoGrep::candidates($t, \@files, ['no_such_name'], 2)], [], 'no match: no file');
is_deeply([LifoGrep::candidates($t, [@files[0 .. 9]], [], 2)], [@files[0 .. 9]], 'no tokens: every file');

# candidates_and_includers: the same candidates from one grep without
# -w, and the files that include a .c file, by its base name.
my $i = tempdir(CLEANUP => 1);
write_to("$i/lib/a.c", "static void *m(struct page *p)\n{\n\treturn kmap_local_page(p);\n}\n");
write_to("$i/lib/b.c", "#include \"a.c\"\n");
write_to("$i/drv/c.c", " # include \"../lib/a.c\"\nint x = my_kmap_local_page_helper(1);\n");
write_to("$i/drv/d.h", "/* see a.c\" */\nint y;\n");
my @in = qw(drv/c.c drv/d.h lib/a.c lib/b.c);
my ($cand, $inc) = LifoGrep::candidates_and_includers($i, \@in, ['kmap_local_page'], 2);
is_deeply($cand, ['lib/a.c'], 'candidates: the file naming the word, not one naming a longer word');
is_deeply({ map { $_ => [sort @{$inc->{$_}}] } keys %$inc }, { 'a.c' => ['drv/c.c', 'lib/b.c'] },
	'includers: by base name, whatever the path and spacing; a mention in a comment is not one');

# words_and_fixed: the files naming a word, and those holding a fixed
# string, from one grep.
my $w = tempdir(CLEANUP => 1);
write_to("$w/a.c", "x = my_get_page(p);\n");
write_to("$w/b.c", "x = my_get_page_twice(p);\n");
write_to("$w/c.c", "ops->map(pool, h);\n");
write_to("$w/d.c", "ops->mapping(pool, h); my_get_page(q);\n");
my ($words, $calls) = LifoGrep::words_and_fixed($w, [qw(a.c b.c c.c d.c)], ['my_get_page'], ['->map('], 2);
is_deeply($words, ['a.c', 'd.c'], 'words_and_fixed: the files naming the word, not a longer one');
is_deeply($calls, ['c.c'], '... and those holding the fixed string');
is_deeply([LifoGrep::words_and_fixed($w, [qw(a.c c.c)], [], ['->map('])], [[], ['c.c']], '... no words: the fixed strings alone');
is_deeply([LifoGrep::words_and_fixed($w, [qw(a.c c.c)], ['my_get_page'], [])], [['a.c'], []], '... no fixed strings: the words alone');
done_testing;
