# SPDX-License-Identifier: GPL-2.0
# LifoSlice::slice: empties the bodies of the functions that name none of
# the names, keeps every line where it was, and keeps whole anything it
# is not sure is a function body.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use LifoSlice qw(slice names_regex);

my $re = names_regex(qw(kmap_local_page kunmap_local pte_unmap));

sub cut($text) { my ($out, $cuts) = slice($text, $re); return ($out, $cuts) }

my $src = <<'EOF';
#include <linux/highmem.h>

static int unrelated(int a)
{
	int b = a * 2;

	if (b)
		return b;
out:
	return 0;
}

void copy(struct page *to, struct page *from)
{
	char *s = kmap_local_page(from);

	kunmap_local(s);
}
EOF
my ($out, $cuts) = cut($src);
is(($out =~ tr/\n//), ($src =~ tr/\n//), 'as many lines as before');
like($out, qr/^static int unrelated\(int a\)\n\{\n{7}\}\n/m, 'a function naming none of the names: its body emptied');
like($out, qr/char \*s = kmap_local_page\(from\);\n\n\tkunmap_local\(s\);\n\}\n\z/,
	'a function naming one: kept whole');
is_deeply($cuts, [[5, 10]], 'the emptied lines are reported');

my $hidden = "int f(void)\n{\n\tint kmap_local_pagex;\n\treturn 0;\n}\n";
isnt((cut($hidden))[0], $hidden, 'names match as words only');

for my $case (
	['a struct initializer', "static struct s x =\n{\n\t.a = 1,\n};\n\nint f(void)\n{\n\treturn 0;\n}\n"],
	['a preprocessor line in the body', "int f(void)\n{\n#ifdef X\n\treturn 1;\n#endif\n\treturn 0;\n}\n"],
	['braces that do not balance', "int f(void)\n{\n\tchar c = '{';\n\treturn c;\n}\n"],
	['a line that is not indented', "int f(void)\n{\nreturn 0;\n}\n"],
	['no ")" before the brace', "int f(void) /* odd */\n{\n\treturn 0;\n}\n"]) {
	my ($text_in, $text_out) = ($case->[1]);
	my ($o, $c) = cut($text_in);
	if ($case->[0] eq 'a struct initializer') {
		# The function after it is still emptied; the initializer is not.
		like($o, qr/^\{\n\t\.a = 1,\n\};\n/m, "$case->[0]: kept");
		like($o, qr/int f\(void\)\n\{\n\n\}\n\z/, "$case->[0]: the function after it emptied");
		next;
	}
	is($o, $text_in, "$case->[0]: kept whole");
	is_deeply($c, [], "$case->[0]: nothing reported");
}

my $crlf = "int f(void)\n{\n\treturn 0;\n}\nint g(void)\n{\n\treturn kmap_local_page(p) != 0;\n}\n";
($out, $cuts) = cut($crlf);
is($out, "int f(void)\n{\n\n}\nint g(void)\n{\n\treturn kmap_local_page(p) != 0;\n}\n",
	'two functions: only the one without names is emptied');
is_deeply($cuts, [[3, 3]], 'its one line is reported');

($out, $cuts) = cut("int f(void)\n{\n}\n");
is($out, "int f(void)\n{\n}\n", 'an empty body stays as it is');
is_deeply($cuts, [], 'and nothing is reported');

done_testing;
