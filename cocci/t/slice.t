# SPDX-License-Identifier: GPL-2.0
# LifoSlice::slice: blanks the functions that name none of the names,
# head and body, keeps every line where it was, and keeps whole anything
# it is not sure is a function body.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use File::Temp qw(tempdir);
use LifoSlice qw(slice names_regex static_definition);
use LifoSpatch;
use TestLib;

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
like($out, qr/\A\n{12}void copy/, 'a function naming none of the names: blanked, head and body; the include line emptied');
like($out, qr/char \*s = kmap_local_page\(from\);\n\n\tkunmap_local\(s\);\n\}\n\z/,
	'a function naming one: kept whole');
is_deeply($cuts, [[3, 11]], 'the blanked lines are reported');

my $hidden = "int f(void)\n{\n\tint kmap_local_pagex;\n\treturn 0;\n}\n";
isnt((cut($hidden))[0], $hidden, 'names match as words only');

for my $case (
	['a preprocessor line in the body', "int f(void)\n{\n#ifdef X\n\treturn 1;\n#endif\n\treturn 0;\n}\n"],
	['#if branches with a brace each', "int h(void)\n{\n\treturn 0;\n}\n#ifdef A\nint f(int a)\n{\n#else\nint f(long a)\n{\n#endif\n\treturn 0;\n}\nint g(void)\n{\n\treturn 0;\n}\n"],
	['braces that close too much', "void a(void)\n{\n\tif (x) {\n#ifdef A\n\t}\n#else\n\t}\n#endif\n}\n"
		. "void b(void)\n{\n\tbar();\nif (z)\n{\n\tbaz();\n}\n\tkunmap_local(p);\n}\n"
		# and one too many later, so that they add up in the end
		. "#ifdef B\nint c(int a)\n{\n#else\nint c(long a)\n{\n#endif\n\treturn 0;\n}\n"],
	['a brace not alone on its line', "int f(void) {\n\treturn 0;\n}\nint g(void)\n{\n\tfoo();\n\treturn 0; }\n"],
	['a body after something else than ")"', "static struct s x =\n{\n\t.a = 1,\n}\n;\n"]) {
	my ($o, $c) = cut($case->[1]);
	is($o, $case->[1], "$case->[0]: kept whole");
	is_deeply($c, [], "$case->[0]: nothing reported");
}

# A block at column 0 inside a function is not a function.
my $inner = "int f(void)\n{\nif (x)\n{\n\treturn 1;\n}\n\tkunmap_local(p);\n}\n";
is((cut($inner))[0], $inner, 'a block at column 0 in a function that names one: kept');

# Comments, strings and character literals do not count as braces.
my $lit = "int f(void) /* { */\n{\n\tchar c = '{';\n\tputs(\"}\"); // }\n}\nint g(void)\n{\n\treturn 0;\n}\n";
is((cut($lit))[0], "int f(void) /* { */\n{\n\n\n}\n" . "\n" x 4,
	'braces in comments and literals: both functions cut (the head that holds a comment stays)');

# The struct initializer before a function does not hide it.
my $init = "static struct s x = {\n\t.a = 1,\n};\n\nint f(void)\n{\n\treturn 0;\n}\n";
is((cut($init))[0], "static struct s x = {\n\t.a = 1,\n};\n\n\n\n\n\n", 'an initializer is kept, the function after it blanked');

# A head of several lines goes, a comment or preprocessor line before it
# stays; a head that shares its line with something else stays, and its
# body is emptied.
my $heads = "/* doc */\nstatic int\nf(int a,\n  int b)\n{\n\treturn a;\n}\n#define X 1\ng(int a)\n{\n\treturn 0;\n}\nint y; int h(void)\n{\n\treturn 0;\n}\n";
($out, $cuts) = cut($heads);
is($out, "/* doc */\n\n\n\n\n\n\n#define X 1\n\n\n\n\nint y; int h(void)\n{\n\n}\n", 'heads: blanked with their bodies, or kept');
is_deeply($cuts, [[2, 7], [9, 12], [15, 15]], 'heads: the blanked lines are reported');
my $comment = "/*\n * doc\n */ static int f(int a)\n{\n\treturn a;\n}\nint g(void)\n{\n\treturn kmap_local_page(p) != 0;\n}\n";
($out, $cuts) = cut($comment);
like($out, qr{\A/\*\n \* doc\n \*/ static int f\(int a\)\n\{\n\n\}\n}, 'a head on the line that ends a comment stays: the comment keeps its end');
is_deeply($cuts, [[5, 5]], '... and only the body is emptied');

my $crlf = "int f(void)\n{\n\treturn 0;\n}\nint g(void)\n{\n\treturn kmap_local_page(p) != 0;\n}\n";
($out, $cuts) = cut($crlf);
is($out, "\n\n\n\nint g(void)\n{\n\treturn kmap_local_page(p) != 0;\n}\n",
	'two functions: only the one without names is blanked');
is_deeply($cuts, [[1, 4]], 'its lines are reported');

($out, $cuts) = cut("int f(void)\n{\n}\n");
is($out, "int f(void)\n{\n}\n", 'an empty body stays as it is');
is_deeply($cuts, [], 'and nothing is reported');

# static_definition: is every definition of the function static?
for my $case (
	['static on the line of the name', "static void *f(int a)\n{\n\treturn 0;\n}\n", 1],
	['static on the line before', "static void *\nf(int a)\n{\n\treturn 0;\n}\n", 1],
	['static inline, parentheses in the parameters', "static inline void *f(int (*cb)(int), int a)\n{\n\treturn 0;\n}\n", 1],
	['not static', "void *f(int a)\n{\n\treturn 0;\n}\n", 0],
	['"static" in a comment only', "/* static */ void *f(int a)\n{\n\treturn 0;\n}\n", 0],
	['a static prototype, a definition without', "static void *f(int a);\nvoid *f(int a)\n{\n\treturn 0;\n}\n", 0],
	['only a call of it', "static int g(void)\n{\n\treturn f(1);\n}\n", 0],
	['one definition of two static', "#ifdef X\nstatic void f(void)\n{\n}\n#else\nvoid f(void)\n{\n}\n#endif\n", 0]) {
	is(static_definition($case->[1], 'f') ? 1 : 0, $case->[2], "static_definition: $case->[0]");
}

# run_rule with slice: spatch reads the cut copies, not the tree; a file
# that cannot be read is an error, the others are still checked.
SKIP: {
	skip 'spatch not installed', 3 unless have_spatch();
	my $t = tempdir(CLEANUP => 1);
	write_to("$t/a.c", "int pad(void)\n{\n\treturn 0;\n}\n\nvoid f(struct page *p)\n{\n\tchar *a = kmap_local_page(p);\n\n\tkunmap_local(a);\n}\n");
	my $r = LifoSpatch::run_rule($t, root() . '/cocci/bench/bench-baseline.cocci', ['a.c', 'gone.c'],
		jobs => 1, slice => ['kmap_local_page', 'kunmap_local']);
	is_deeply($r->{cut}, { 'a.c' => [[1, 4]] }, 'a.c was cut: pad() blanked');
	is_deeply($r->{handled_files}, { 'a.c' => 1 }, 'spatch read a.c');
	like(join("\n", @{$r->{errors}}), qr/^cannot read gone\.c: /m, 'gone.c: an error');
}


# A body that calls a function of the file whose body is kept is kept,
# through chains of calls; one that only names it otherwise is not.
my $chain = <<'EOF2';
static void map_it(struct s *s)
{
	s->p = kmap_local_page(s->page);
}

static int step(struct s *s)
{
	map_it(s);
	return 0;
}

static int outer(struct s *s)
{
	return step(s);
}

static int other(struct s *s)
{
	s->n++;
	return 0;
}

static void peek(struct page *page)
{
	char *a = kmap_local_page(page);

	kunmap_local(a);
}

static int calls_peek(struct page *page)
{
	peek(page);
	return 0;
}

static void unmap_it(struct s *s)
{
	kunmap_local(s->p);
}

static int done(struct s *s)
{
	unmap_it(s);
	return 0;
}
EOF2
my ($cout, $ccuts) = cut($chain);
is_deeply($ccuts, [[17, 21], [30, 34]],
	'chains of calls of a body that maps into a field are kept; an unrelated function, and a caller of a body that maps a local, are blanked');
like($cout, qr/return step\(s\);/, '... the caller of the caller is kept');
like($cout, qr/\tunmap_it\(s\);/, '... and the caller of a body that releases a field');

# The same for a body that maps what an out-parameter points to
# (ext2_get_page() of 6.1): its callers are kept.
my $out = "static void *get(void **addr)\n{\n\t*addr = kmap_local_page(pg);\n\treturn pg;\n}\n"
	. "void *find(void **res)\n{\n\treturn get(res);\n}\n"
	. "int lone(int x)\n{\n\treturn x * 2;\n}\n";
my (undef, $ocuts) = cut($out);
is_deeply($ocuts, [[10, 13]], 'a body that maps through an out-parameter: its caller is kept, the unrelated one blanked');

# Include lines are emptied (spatch, told --no-includes, tries every
# rule on each as on a function); one that goes on past its end, or a
# line that is no include, stays; so do the lines.
{
	my $text = "#include <linux/highmem.h>\n# include \"local.h\" /* ours */\n"
		. "#include <linux/mm.h> /* opens\n * a comment */\n#define INCLUDE_ME 1\n"
		. "void f(struct page *pg)\n{\n\tchar *p = kmap_local_page(pg);\n"
		. "#include \"body.h\"\n\tkunmap_local(p);\n}\n";
	my ($o) = cut($text);
	is(($o =~ tr/\n//), ($text =~ tr/\n//), 'include lines emptied: as many lines as before');
	unlike($o, qr/highmem\.h|local\.h|body\.h/, 'include lines emptied, with a closed comment after one, and in a body');
	like($o, qr/^#include <linux\/mm\.h> \/\* opens\n \* a comment \*\/\n#define INCLUDE_ME 1\n/m,
		'an include that opens a comment stays, and so does a define');
	my ($whole) = slice("#include <a.h>\nint x = {;\n", $re);
	is($whole, "\nint x = {;\n", 'a file left whole (its braces do not add up) loses its include lines too');
}

# The body of a function whose own name is one of the names is kept:
# the rules read what it does (an operations table's member).
{
	my $text = "static void *pool_map(void *pool, int h)\n{\n\treturn obj_map(pool, h);\n}\n\n"
		. "static int other(int a)\n{\n\treturn a;\n}\n";
	my ($o) = slice($text, names_regex('pool_map'));
	like($o, qr/return obj_map\(pool, h\);/, 'a function named by the names keeps its body');
	unlike($o, qr/return a;/, '... and another still loses its');
}

# A later pass reads the functions that name its new helpers; the
# helpers of the file they call, found with every name known ($fields),
# stay with them (a finding of theirs was lost when map_src() was cut).
{
	my $text = "static void map_src(struct pair *d, struct page *p)\n{\n\td->src = kmap_local_page(p);\n}\n\n"
		. "static void map_dst(struct pair *d, struct page *p)\n{\n\td->dst = kmap_local_page(p);\n}\n\n"
		. "static void step(struct pair *d, struct page *p)\n{\n\tmap_src(d, p);\n}\n\n"
		. "void user(struct pair *d, struct page *p)\n{\n\tstep(d, p);\n\tdone(d);\n}\n";
	my $fields = names_regex(qw(done kmap_local_page kunmap_local));
	my ($o) = slice($text, names_regex('done'), $fields);
	like($o, qr/step\(d, p\);\n\tdone\(d\);/, 'the function that names the new helper is kept');
	like($o, qr/map_src\(d, p\);/, '... the helper it calls, which calls one that maps a field, too');
	like($o, qr/d->src = kmap_local_page/, '... and that one');
	unlike($o, qr/d->dst/, 'a helper no kept function calls is cut');
	($o) = slice($text, names_regex('done'));
	unlike($o, qr/d->src/, 'without $fields, the helpers are those of the names alone');
}

# A call of a field helper ($helpers) maps a field whatever its
# arguments: its callers, through static functions, are kept in the pass
# that reads it (the rules print no summary of a static function), and
# a helper of the file that calls one stays with a kept caller
# (dax_iomap_fault() of fs/dax.c: finish_fault() through three static
# functions; nfs3svc_decode_diropargs() of fs/nfsd/nfs3xdr.c).
{
	my $text = "static int cow(struct vm_fault *vmf)\n{\n\treturn finish_fault(vmf);\n}\n\n"
		. "static int iter(struct vm_fault *vmf)\n{\n\treturn cow(vmf);\n}\n\n"
		. "int fault(struct vm_fault *vmf)\n{\n\treturn iter(vmf);\n}\n\n"
		. "static int peek(struct page *page)\n{\n\treturn kmap_local_page(page) != NULL;\n}\n\n"
		. "int calls_peek(struct page *page)\n{\n\treturn peek(page);\n}\n";
	my $names = names_regex(qw(finish_fault kmap_local_page));
	my $fields = names_regex(qw(finish_fault kmap_local_page kunmap_local));
	my ($o) = slice($text, $names, $fields, names_regex('finish_fault'));
	like($o, qr/return cow\(vmf\);.*return iter\(vmf\);/s, 'the callers of a call of a field helper are kept, to a fixed point');
	unlike($o, qr/return peek\(page\);/, '... not those of a mapping into a local');
	($o) = slice($text, $names, $fields);
	unlike($o, qr/return iter\(vmf\);/, 'without $helpers, a call without "->" is no mapping into a field');
	($o) = slice($text, names_regex('kmap_local_page'), $fields, names_regex('finish_fault'));
	unlike($o, qr/return iter\(vmf\);/, 'a field helper that is not among the names keeps no caller');
	$text .= "\nint user(struct vm_fault *vmf)\n{\n\titer(vmf);\n\treturn done(vmf);\n}\n";
	($o) = slice($text, names_regex('done'), names_regex(qw(done finish_fault)), names_regex(qw(done finish_fault)));
	like($o, qr/return finish_fault\(vmf\);.*return cow\(vmf\);.*return done\(vmf\);/s,
		'a later pass: the helpers of the file a kept function calls through a field helper stay');
	unlike($o, qr/return iter\(vmf\);\n\}\n\nstatic/, '... not their other callers');
}

# A function is named by its head, not by a call in a comment or a
# macro above it.
{
	my $text = "/* map_src() is not cut */\nvoid user(struct pair *d, void (*fn)(int))\n{\n\tdone(d);\n}\n\n"
		. "DEFINE_X(y)\nint done(struct pair *d)\n{\n\treturn 0;\n}\n";
	my ($o) = slice($text, names_regex('map_src'));
	unlike($o, qr/done\(d\);/, 'a comment above the head that calls one of the names does not keep the function');
	($o) = slice($text, names_regex('done'));
	like($o, qr/return 0;/, 'the function named done() keeps its body (the names hold its name)');
	$text = "static void wp_reuse(struct vm_fault *vmf)\n\t__releases(vmf->ptl)\n{\n\tpte_unmap_unlock(vmf->pte, vmf->ptl);\n}\n\n"
		. "int other(int a)\n{\n\treturn a;\n}\n";
	($o) = slice($text, names_regex('wp_reuse'));
	like($o, qr/pte_unmap_unlock/, 'a head with an annotation after its parameters is named by the function');
}

done_testing;
