# SPDX-License-Identifier: GPL-2.0
"""The Python of the rules (cocci/lib/lifo_*.py) without spatch.

The modules are loaded as the rule runs them: one after the other in one
namespace (the copy in the rule's @initialize:python@ block).  Positions
are made as spatch makes them: a list of one object whose file, line,
column, column_end and current_element are strings.

    /usr/bin/python3 -m unittest discover -s cocci/t -p 'lifo_*_test.py'
    /usr/bin/python3 cocci/t/lifo_rule_test.py --tap    (cocci/t/lifo-rule-py.t)
"""
import io
import os
import shutil
import sys
import tempfile
import tokenize
import types
import unittest
from contextlib import redirect_stdout

LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib")
# In the order of the copies in cocci/kmap_local_lifo.cocci
# (kmap_local_wrappers.cocci holds the first).
MODULES = ["lifo_source.py", "lifo_rule.py"]


def load():
    """A fresh namespace holding the modules, as spatch runs them."""
    ns = types.ModuleType("lifo")
    for name in MODULES:
        path = os.path.join(LIB, name)
        with open(path) as fh:
            exec(compile(fh.read(), path, "exec"), ns.__dict__)
    return ns


class Pos:
    def __init__(self, file, line, column, function, column_end=None):
        self.file = file
        self.line = str(line)
        self.column = str(column)
        self.column_end = str(column_end if column_end is not None else column + 1)
        self.current_element = function


class Case(unittest.TestCase):
    """A fresh namespace per test, and C files written in a scratch folder."""

    def setUp(self):
        self.m = load()
        self.dir = tempfile.mkdtemp(prefix="lifo-rule-test.")
        self.addCleanup(shutil.rmtree, self.dir)

    def c_file(self, text, name="t.c"):
        path = os.path.join(self.dir, name)
        with open(path, "w") as fh:
            fh.write(text)
        return path

    def at(self, f, needle, function="f", nth=1):
        """The position of the nth occurrence of needle in file f."""
        lines = self.m.lines_of(f)
        for n, t in enumerate(lines):
            col = t.find(needle)
            while col >= 0:
                nth -= 1
                if nth == 0:
                    return [Pos(f, n + 1, col, function, col + len(needle))]
                col = t.find(needle, col + 1)
        raise AssertionError("%r not in %s" % (needle, f))


class Tidy(Case):
    def test_spatch_spacing(self):
        t = self.m.tidy
        self.assertEqual(t("w -> pages [ i ]"), "w->pages[i]")
        self.assertEqual(t("s . f"), "s.f")
        self.assertEqual(t(" a "), "a")
        self.assertEqual(t("( void * ) b + 4"), "(void *) b + 4")

    def test_address_of(self):
        self.assertEqual(self.m.tidy("& m"), "m")
        self.assertEqual(self.m.tidy("&w -> x"), "w->x")
        self.assertEqual(self.m.tidy("a & m"), "a & m")


class LeavesMapped(Case):
    SRC = ("static int go(struct gw *gw, int n)\n{\n\tgw->ptr = kmap_local_page(gw->page);\n"
           "\tif (n >= 16)\n\t\tgoto %s;\n\tkunmap_local(gw->ptr);\n\treturn n;\n"
           "out:\n\treturn n;\nerr:\n\tkunmap_local(gw->ptr);\n\treturn -1;\n}\n")

    def test_goto_past_the_release(self):
        f = self.c_file(self.SRC % "out")
        self.assertTrue(self.m.leaves_mapped(f, 3, {6, 11}))

    def test_goto_to_a_release(self):
        f = self.c_file(self.SRC % "err")
        self.assertFalse(self.m.leaves_mapped(f, 3, {6, 11}))

    def test_goto_when_the_mapping_failed(self):
        f = self.c_file(("static int go(struct gw *gw, int n)\n{\n\tgw->ptr = kmap_local_page(gw->page);\n"
                         "\tif (!gw->ptr) {\n\t\tn = 0;\n\t\tgoto out;\n\t}\n\tkunmap_local(gw->ptr);\n"
                         "out:\n\treturn n;\n}\n"))
        self.assertFalse(self.m.leaves_mapped(f, 3, {8}, name="->ptr"))
        self.assertTrue(self.m.leaves_mapped(f, 3, {8}), "without its name, any jump")

    def test_failed_test(self):
        ft = self.m.failed_test
        self.assertTrue(ft(["\tif (!gw->ptr) goto out;"], 0, ["->ptr"]), "on the line of the goto")
        self.assertTrue(ft(["\tif (IS_ERR(de)) {", "\t\tgoto out;"], 1, ["de"]))
        self.assertFalse(ft(["\tif (!IS_ERR(de)) {", "\t\tgoto out;"], 1, ["de"]), "a jump on success")
        self.assertFalse(ft(["\tif (!w->dst.addr)", "\t\tgoto out;"], 1, ["->src.addr"]), "another field")
        self.assertTrue(ft(["\tif (!w->src.addr)", "\t\tgoto out;"], 1, ["->src.addr"]))
        self.assertFalse(ft(["\tif (n >= 16)", "\t\tgoto out;"], 1, ["->ptr"]))

    def test_label_with_its_statement(self):
        f = self.c_file("static int go(struct gw *gw, int n)\n{\n\tgw->ptr = kmap_local_page(gw->page);\n"
                        "\tif (n < 0)\n\t\tgoto err;\n\tkunmap_local(gw->ptr);\n\treturn n;\n"
                        "err:\tkunmap_local(gw->ptr);\n\treturn -1;\n}\n")
        self.assertFalse(self.m.leaves_mapped(f, 3, {6, 8}))

    def test_label_line(self):
        lines = (self.SRC % "out").split("\n")
        self.assertEqual(self.m.label_line(lines, 4, "out"), 8)
        self.assertEqual(self.m.label_line(lines, 4, "none"), None)


class FieldThrough(Case):
    def test_pointer_and_address(self):
        ft = self.m.field_through
        self.assertEqual(ft("walk", "->src.virt.addr"), "walk->src.virt.addr")
        self.assertEqual(ft("& w -> in", "->addr"), "w->in.addr")
        self.assertEqual(ft(" w ", "->pages[0]"), "w->pages[0]")

    def test_out_parameter(self):
        ft = self.m.field_through
        self.assertEqual(ft("& page_addr", "*"), "page_addr")
        self.assertEqual(ft("res_addr", "*"), "*res_addr")


class FieldPairs(Case):
    """Fields left mapped by one function and released by another,
    directly or through one-field helpers: the candidate pairs of
    releases, which a path must then join (rule fieldorder)."""

    SRC = """struct walk { struct { void *addr; } src, dst; };
static void next(struct walk *w)
{
\tmap_src(w);
\tmap_dst(w);
}
static void done(struct walk *w)
{
\tunmap_src(w);
\tkunmap_local(w->dst.addr);
}
"""

    def setUp(self):
        super().setUp()
        f = self.f = self.c_file(self.SRC)
        m = self.m
        # (Helpers of other files: those of f are summarized from its notes.)
        m.ext_maps.update({"map_src": (0, "->src.addr"), "map_dst": (0, "->dst.addr")})
        m.ext_rels.update({"unmap_src": {(0, "->src.addr")}})
        self.dst = self.at(f, "kunmap_local", "done")
        m.note_field_release("w->dst.addr", self.dst)
        self.src = self.at(f, "unmap_src", "done")

    def test_pair_of_a_helper_release_and_a_direct_one(self):
        self.assertEqual(self.m.field_functions(), {"done"})
        self.assertTrue(self.m.field_first(self.src))
        self.assertTrue(self.m.field_second(self.dst))
        self.assertFalse(self.m.field_first(self.dst))
        self.m.field_path(self.src, self.dst)
        (_, _, rec, _), = self.m.found.values()
        self.assertEqual((rec["kind"], rec["first"]["expr"], rec["first"]["map"], rec["first"]["mapped_in"]),
                         ("field", "w->src.addr", "map_src", "next"))
        self.assertEqual((rec["line"], rec["column"], rec["end_column"]), (9, 1, 10))

    def test_no_path_no_finding(self):
        self.assertTrue(self.m.field_first(self.src))
        self.assertEqual(list(self.m.field_pairs), [(self.m.key(self.src), self.m.key(self.dst))],
                         "a candidate pair, which only a path makes a finding")
        self.assertEqual(self.m.found, {})


class Mentions(Case):
    def test_whole_operand(self):
        m = self.m.mentions
        self.assertTrue(m("a", "a"))
        self.assertTrue(m("a + off", "a"))
        self.assertTrue(m("pte - 1", "pte"))
        self.assertTrue(m("( void * ) a", "a"))
        self.assertTrue(m("w -> addr", "w->addr"))

    def test_not_a_part(self):
        m = self.m.mentions
        self.assertFalse(m("ab", "a"))
        self.assertFalse(m("a->b", "a"))
        self.assertFalse(m("a[i]", "a"))
        self.assertFalse(m("x.a", "x"))
        self.assertFalse(m("x.a", "a"))
        self.assertFalse(m("p->a", "a"))
        self.assertFalse(m("f(a)", "f"))

    def test_aliases(self):
        f = self.c_file("void f(void)\n{\n\tq = p;\n}\n")
        p = self.at(f, "q = p")
        self.m.handles[self.m.where(p)] = {"p"}
        self.m.note_alias("p", "q", p)
        self.assertTrue(self.m.mentions("q + 4", "p", p))
        self.assertFalse(self.m.mentions("q + 4", "p"))
        self.assertFalse(self.m.mentions("p", "q", p))
        self.assertTrue(self.m.distinct("p", "r", p))
        self.assertFalse(self.m.distinct("q", "p", p))

    def test_alias_of_a_cast_and_offset(self):
        f = self.c_file("void f(void)\n{\n\tq = (char *)p + 4;\n}\n")
        p = self.at(f, "q = ")
        self.m.handles[self.m.where(p)] = {"p"}
        self.m.note_alias("( char * ) p + 4", "q", p)
        self.assertEqual(self.m.aliases[self.m.where(p)], {"p": {"q"}})

    def test_alias_of_no_handle(self):
        f = self.c_file("void f(void)\n{\n\tq = p;\n}\n")
        p = self.at(f, "q = p")
        self.m.note_alias("p", "q", p)
        self.assertEqual(self.m.aliases, {})


class Layout(Case):
    """The function each line is in, read from heads and closing braces."""

    def test_lines(self):
        f = self.c_file("static int f(struct s *a, int n)\n{\n\tint x;\nout:\n\x23ifdef X\n"
                        "\treturn x;\n\x23endif\n}\n\nvoid g(void)\n{\n\n}\n")
        fa = ("f", ["a", "n"])
        none = (None, [])
        self.assertEqual(self.m.layout(f), [none, fa, fa, fa, none, fa, none, none, none, none,
                                            ("g", [""]), ("g", [""]), none, none])


class StoredLocal(Case):
    """What a store into an array element takes: a local, an offset from it, cast or not."""

    def test_locals(self):
        for v, want in [("kaddr", "kaddr"), ("kaddr + off", "kaddr"), ("( u8 * ) p", "p"),
                        ("(void *)p + s->off", "p"), ("p + (a - b)", "p")]:
            self.assertEqual(self.m.stored_local(v), want, v)

    def test_not_locals(self):
        for v in ("&x", "p->addr", "a + b - c", "f(p)", "0", "x ? y : z", "p + q + r"):
            self.assertIsNone(self.m.stored_local(v), v)


class Element(Case):
    def test_elements(self):
        e = self.m.element
        self.assertEqual(e("a [ i ]"), ("a[]", "i"))
        self.assertEqual(e("a[i].f"), ("a[].f", "i"))
        self.assertEqual(e("a[i]->f.g"), ("a[]->f.g", "i"))
        self.assertEqual(e("s->p[i]"), ("s->p[]", "i"))
        self.assertEqual(e("( char * ) a[i]"), ("a[]", "i"))
        self.assertEqual(e("a[b[i]]"), ("a[]", "b[i]"))
        self.assertEqual(e("a[n - 1 - i]"), ("a[]", "n - 1 - i"))

    def test_not_elements(self):
        e = self.m.element
        self.assertIsNone(e("a"))
        self.assertIsNone(e("a->f"))
        self.assertIsNone(e("[i]"))
        self.assertIsNone(e("a[i] + 1"))

    def test_operand(self):
        o = self.m.operand
        self.assertEqual(o("( void * ) ( addr & PAGE_MASK )"), "addr")
        self.assertEqual(o("p[i] + off"), "p[i]")
        self.assertEqual(o("p [ i + 1 ] . f - 1"), "p[i + 1].f")
        self.assertEqual(o("( p ) -> addr"), "(p)->addr")
        self.assertEqual(o("( addr ) + off"), "addr")
        self.assertEqual(o("( void ** ) p[i]"), "p[i]")
        self.assertEqual(o("s -> p [ i ]"), "s->p[i]")
        self.assertEqual(o("- x"), "- x")


class CText(Case):
    SRC = ("int f(void)\n"
           "{\n"
           "\tchar *s = \"}{)\"; /* ( { */\n"
           "\tint c = '}'; // }\n"
           "\tif (s) {\n"
           "\t\treturn g(c, (1));\n"
           "\t}\n"
           "}\n")

    def test_flat_blanks_comments_and_literals(self):
        f = self.c_file(self.SRC)
        text, starts = self.m.flat(f)
        self.assertEqual(len(text), len(self.SRC))
        self.assertEqual(text.count("\n"), self.SRC.count("\n"))
        self.assertEqual(text.count("{"), 2)
        self.assertEqual(text.count("}"), 2)
        self.assertNotIn("(", text.split("\n")[2])
        self.assertEqual(starts[1], len("int f(void)\n"))
        p = self.at(f, "if (s)")
        self.assertEqual(text[self.m.offset(p):].split("\n")[0], "if (s) {")

    def test_offset_past_the_end(self):
        f = self.c_file(self.SRC)
        self.assertEqual(self.m.offset([Pos(f, 99, 0, "f")]), -1)

    def test_closing(self):
        c = self.m.closing
        self.assertEqual(c("f(a(b)c) d", 1, "(", ")"), 7)
        self.assertEqual(c("{ { } }", 0, "{", "}"), 6)
        self.assertEqual(c("(unclosed", 0, "(", ")"), 8)

    def test_closing_of_a_flat_file(self):
        f = self.c_file(self.SRC)
        text = self.m.flat(f)[0]
        i = text.index("{")
        self.assertEqual(self.m.closing(text, i, "{", "}"), len(self.SRC) - 2)

    def test_statement_end(self):
        se = self.m.statement_end
        for stmt in ("a = f(b, c);",
                     "{ a; { b; } }",
                     "if (x) a; else b;",
                     "if (x) { a; } else if (y) b; else { c; }",
                     "for (i = 0; i < n; i++) { a[i] = 0; }",
                     "for (;;) a();",
                     "while (x--) if (y) break;",
                     "do { a; } while (b);",
                     "do a(); while (b);",
                     "switch (x) { case 1: a; }"):
            text = "  " + stmt + " next();"
            self.assertEqual(se(text, 0), len(stmt) + 1, stmt)

    def test_steps(self):
        self.assertEqual(self.m.steps("i++; j--; i += 2; i = i + 1; --i;", "i"), (3, 1))
        self.assertEqual(self.m.steps("ii++; i2--;", "i"), (0, 0))

    def loop(self, text):
        return (0, self.m.statement_end(text, 0))

    def test_loop_direction(self):
        d = self.m.loop_direction
        up = "for (i = 0; i < n; i++) kunmap_local(p[i]);"
        down = "for (i = n - 1; i >= 0; i--) kunmap_local(p[i]);"
        self.assertEqual(d(up, self.loop(up), "i"), 1)
        self.assertEqual(d(down, self.loop(down), "i"), -1)
        self.assertEqual(d(up, self.loop(up), "n - 1 - i"), -1)
        self.assertEqual(d(down, self.loop(down), "n - i"), 1)
        w = "while (n--) kunmap_local(p[n]);"
        self.assertEqual(d(w, self.loop(w), "n"), -1)

    def test_loop_direction_undecided(self):
        d = self.m.loop_direction
        up = "for (i = 0; i < n; i++) kunmap_local(p[i]);"
        self.assertEqual(d(up, self.loop(up), "order[i]"), 0)
        self.assertEqual(d(up, self.loop(up), "k"), 0)
        both = "for (i = 0; i < n; i++) { kunmap_local(p[i]); i--; }"
        self.assertEqual(d(both, self.loop(both), "i"), 0)
        two = "for (i = 0; i < n; i++, j++) kunmap_local(p[i + j]);"
        self.assertEqual(d(two, self.loop(two), "i + j"), 0)

    def test_call_args(self):
        self.assertEqual(self.m.call_args("(a, f(b, c), d[1], {x, y}) rest"),
                         ["a", "f(b, c)", "d[1]", "{x, y}"])
        self.assertEqual(self.m.call_args("()"), [""])

    def test_call_at_and_callee(self):
        f = self.c_file("void f(void)\n{\n\tzs_unmap_object(pool,\n\t\thandle);\n}\n")
        q = self.at(f, "zs_unmap_object")
        self.assertEqual(self.m.call_at(q), ("zs_unmap_object", ["pool", "handle"]))
        self.assertEqual(self.m.callee(q), "zs_unmap_object")
        self.assertEqual(self.m.callee([Pos(f, 40, 0, "f")]), "?")

    def test_assignee(self):
        f = self.c_file("void f(void)\n{\n\tw->p[i] = (char *) kmap_local_page(pg);\n\tkmap_local_page(pg);\n}\n")
        self.assertEqual(self.m.assignee(self.at(f, "kmap_local_page")), "w->p[i]")
        self.assertIsNone(self.m.assignee(self.at(f, "kmap_local_page", nth=2)))

    def test_assignee_computed_index(self):
        # btrfs raid56 finish_parity_scrub(): the index holds an operator.
        f = self.c_file("void f(void)\n{\n\tif (q)\n\t\tp[r->n - 1] = kmap_local_page(a);\n"
                        "\tvoid *x = kmap_local_page(b);\n\tif (y == kmap_local_page(c))\n\t\treturn;\n}\n")
        self.assertEqual(self.m.assignee(self.at(f, "kmap_local_page")), "p[r->n - 1]")
        self.assertEqual(self.m.assignee(self.at(f, "kmap_local_page", nth=2)), "x")
        self.assertIsNone(self.m.assignee(self.at(f, "kmap_local_page", nth=3)))

    def test_assignee_through_pointer(self):
        # What an out-parameter points to; a declarator is no dereference.
        f = self.c_file("void f(void **res, int a, int b)\n{\n\t*res = kmap_local_page(p);\n"
                        "\tchar **pp = kmap_local_page(q);\n}\n")
        self.assertEqual(self.m.assignee(self.at(f, "kmap_local_page")), "*res")
        self.assertEqual(self.m.assignee(self.at(f, "kmap_local_page", nth=2)), "pp")

    def test_tests_result(self):
        # dir_de = dotdot(dir, &page, &addr) (an out-parameter helper),
        # then if (dir_de): a test of what the call returned.
        f = self.c_file("void f(void)\n{\n\tdir_de = dotdot(d, &p, &a);\n\tde = walk_map(&w);\n}\n")
        q, r = self.at(f, "dotdot"), self.at(f, "walk_map")
        self.m.helper_calls[self.m.key(q)] = (2, "*")
        self.m.helper_calls[self.m.key(r)] = (0, "->addr")
        self.assertTrue(self.m.tests_result("dir_de", q))
        self.assertTrue(self.m.tests_result("dir_de != NULL", q))
        self.assertFalse(self.m.tests_result("other", q))
        self.assertFalse(self.m.tests_result("de", r))

    def test_guards_of(self):
        # The tests a statement is under: a single statement, blocks in
        # blocks; not a loop, an else, nor the tests of other blocks.
        f = self.c_file("int f(int n, int m)\n{\n\tif (n > 1)\n\t\ta = kmap_local_page(p);\n"
                        "\tif (m) {\n\t\tif (n == 2) {\n\t\t\tx();\n\t\t\tb = kmap_local_page(q);\n\t\t}\n\t} else {\n"
                        "\t\tc = kmap_local_page(r);\n\t}\n\tif (z) {\n\t}\n\twhile (n--) {\n\t\td = kmap_local_page(s);\n\t}\n}\n")
        self.assertEqual(self.m.guards_of(self.at(f, "kmap_local_page")), ["n > 1"])
        self.assertEqual(self.m.guards_of(self.at(f, "kmap_local_page", nth=2)), ["n == 2", "m"])
        self.assertEqual(self.m.guards_of(self.at(f, "kmap_local_page", nth=3)), [])
        self.assertEqual(self.m.guards_of(self.at(f, "kmap_local_page", nth=4)), [])

    def test_same_guard(self):
        # The mapping under the same test as the release, its variables
        # unchanged from the mapping on and no call in it.
        f = self.c_file("int f(int n)\n{\n\tif (n == PAGE_SIZE)\n\t\ts = kmap_local_page(p);\n\tn++;\n}\n"
                        "int g(int n)\n{\n\tif (n == PAGE_SIZE)\n\t\ts = kmap_local_page(p);\n\tuse(s);\n}\n"
                        "int h(int n)\n{\n\tif (big(n))\n\t\ts = kmap_local_page(p);\n}\n")
        changed = self.at(f, "kmap_local_page")
        kept = self.at(f, "kmap_local_page", function="g", nth=2)
        called = self.at(f, "kmap_local_page", function="h", nth=3)
        self.assertFalse(self.m.same_guard("n == PAGE_SIZE", changed))
        self.assertTrue(self.m.same_guard("n==PAGE_SIZE", kept))
        self.assertFalse(self.m.same_guard("n != PAGE_SIZE", kept))
        self.assertFalse(self.m.same_guard("big(n)", called))
        # A field, or what a pointer points to: a call may change it.
        f2 = self.c_file("int k(struct s *w, int *n)\n{\n\tif (w->huge)\n\t\ts = kmap_local_page(p);\n"
                         "\tif (*n)\n\t\tt = kmap_local_page(p);\n}\n", name="k.c")
        self.assertFalse(self.m.same_guard("w->huge", self.at(f2, "kmap_local_page", function="k")))
        self.assertFalse(self.m.same_guard("*n", self.at(f2, "kmap_local_page", function="k", nth=2)))

    def test_mentions_spacing(self):
        # spatch prints an index as the code spaces it, or not.
        self.assertTrue(self.m.mentions("p [ m     -     1 ]", "p [ m - 1 ]"))
        self.assertTrue(self.m.mentions("p[m-1] + off", "p [ m - 1 ]"))
        self.assertFalse(self.m.mentions("p[m - 1]", "p[m]"))
        self.assertTrue(self.m.same("p[m-1]", "p [ m - 1 ]"))
        self.assertFalse(self.m.same("p[m-1]", None))


class IfBlock(Case):
    SRC = ("void f(void)\n"
           "{\n"
           "\tif (a && (b)) { /* } */\n"
           "\t\tkunmap_local(x);\n"
           "\t\treturn;\n"
           "\t}\n"
           "\tif (c)\n"
           "\t\tkunmap_local(y);\n"
           "\tif (d) {\n"
           "\t\tkunmap_local(y);\n"
           "\t}\n"
           "}\n")

    def test_block(self):
        f = self.c_file(self.SRC)
        text, first, last = self.m.if_block(self.at(f, "if (a"))
        self.assertEqual((first, last), (3, 6))
        self.assertEqual(text.split(), ["kunmap_local(x);", "return;"])

    def test_single_statement(self):
        f = self.c_file(self.SRC)
        self.assertIsNone(self.m.if_block(self.at(f, "if (c)")))

    def test_literals_and_comments(self):
        f = self.c_file("void f(void)\n{\n\tif (strcmp(s, \")\") ||\n\t    c == \'{\') {\n"
                        "\t\tputs(\"}\"); // }\n\t\tgoto out;\n\t}\n}\n")
        text, first, last = self.m.if_block(self.at(f, "if ("))
        self.assertEqual((first, last), (4, 7))
        self.assertEqual(text.split(), ["puts(", ");", "goto", "out;"])
        self.assertTrue(self.m.exits(self.at(f, "if (")))

    def test_exits(self):
        f = self.c_file(self.SRC)
        self.assertTrue(self.m.exits(self.at(f, "if (a")))
        self.assertFalse(self.m.exits(self.at(f, "if (c)")))
        self.assertFalse(self.m.exits(self.at(f, "if (d)")))


class Conditions(Case):
    def test_tests_only(self):
        t = self.m.tests_only
        for c in ("b", "b != NULL", "NULL != b", "!IS_ERR(b)", "!IS_ERR_OR_NULL(b)",
                  "unlikely(b)", "likely(b != NULL)"):
            self.assertTrue(t(c, "b"), c)
        self.assertTrue(t("w->b", "w -> b"))
        for c in ("c", "b && c", "!b", "IS_ERR(b)", "b2"):
            self.assertFalse(t(c, "b"), c)

    def test_flag_set_with(self):
        f = self.c_file("void f(void)\n{\n\tsrc = kmap_local_page(p);\n\tunmap_src = true;\n\tother = 0;\n}\n")
        pb = self.at(f, "kmap_local_page")
        self.assertTrue(self.m.flag_set_with("unmap_src", pb))
        self.assertFalse(self.m.flag_set_with("other", pb))
        self.assertFalse(self.m.flag_set_with("a && b", pb))


class Functions(Case):
    SRC = ("static int walk_map(struct walk *w,\n"
           "\t\t    const struct page * pg, int n)\n"
           "{\n"
           "\tstruct state *s = (struct state *) w;\n"
           "\tw->addr = kmap_local_page(pg);\n"
           "\treturn 0;\n"
           "}\n"
           "\n"
           "#define walk_done(w) \\\n"
           "\tkunmap_local((w)->addr)\n")

    def test_definition_and_parameters(self):
        f = self.c_file(self.SRC)
        p = self.at(f, "kmap_local_page", "walk_map")
        self.assertEqual(self.m.definition(p), self.SRC.split("\n")[:5])
        self.assertEqual([a.strip() for a in self.m.parameters(p)],
                         ["struct walk *w", "const struct page * pg", "int n"])
        self.assertEqual(self.m.param_names(p), ["w", "pg", "n"])
        self.assertEqual(self.m.params_of(p), [("struct walk", "w"), ("const struct page", "pg")])

    def test_name_starts_the_line(self):
        f = self.c_file("static void\napply(struct dev *dev, struct info *info)\n{\n"
                        "\tvoid *p = kmap_local_page(info->page);\n\tkunmap_local(p);\n}\n")
        p = self.at(f, "kunmap_local", "apply")
        self.assertEqual(len(self.m.definition(p)), 4)
        self.assertEqual(self.m.param_names(p), ["dev", "info"])

    def test_fields(self):
        f = self.c_file(self.SRC)
        p = self.at(f, "kmap_local_page", "walk_map")
        self.assertEqual(self.m.field_of("w -> addr", p), ("struct walk", "$->addr", "w"))
        self.assertIsNone(self.m.field_of("pg", p))
        self.assertEqual(self.m.struct_arg("w->addr", p), (0, "->addr"))
        self.assertEqual(self.m.struct_arg("s->x.y", p), (0, "->x.y"))
        self.assertIsNone(self.m.struct_arg("t->x", p))
        # What a pointer parameter points to: an out-parameter.
        self.assertEqual(self.m.struct_arg("* pg", p), (1, "*"))
        self.assertEqual(self.m.struct_arg("(*pg)", p), (1, "*"))
        self.assertIsNone(self.m.struct_arg("*t", p))

    def test_macro(self):
        f = self.c_file(self.SRC)
        p = self.at(f, "kunmap_local", "something_else")
        self.assertEqual(self.m.fname(p), "walk_done")
        self.assertEqual(self.m.struct_arg("( w )->addr", p), (0, "->addr"))

    def test_is_static(self):
        f = self.c_file(self.SRC + "\nint other(void)\n{\n\treturn 1;\n}\n")
        self.assertTrue(self.m.is_static(f, "walk_map"))
        self.assertFalse(self.m.is_static(f, "other"))


class Heads(Case):
    def test_param_name(self):
        n = self.m.param_name
        self.assertEqual([n(a) for a in ("int n", " struct s *p ", "char buf[16]", "u8 v [ ]", "void",
                                         "...", "const struct page *", "unsigned long")],
                         ["n", "p", "buf", "v", "", "", "", "long"])

    def test_pointer_copies(self):
        c = self.m.pointer_copies
        self.assertEqual(c("\tstruct s *p = data;"), [("p", "data")])
        self.assertEqual(c("\tstruct s *p = (struct s *) data;"), [("p", "data")])
        self.assertEqual(c("\tstruct s *p = data, *q = r;"), [("q", "r")])
        self.assertEqual(c("\tstruct s *a = b, *p = data;"), [("p", "data")])
        self.assertEqual(c("\tchar *a = x->y;"), [])

    def test_text_from(self):
        f = self.c_file("".join("line%d\n" % n for n in range(1, 12)))
        self.assertEqual(self.m.text_from([Pos(f, 2, 2, "f")]), "ne2 line3 line4 line5 line6 line7 line8 line9")


class KeyReleases(Case):
    SRC = ("void put_area(struct pcpu *pc, int cpu)\n"
           "{\n"
           "\tstruct area *a = per_cpu_ptr(pc->areas, cpu);\n"
           "\tkunmap_local(a->vaddr);\n"
           "}\n"
           "\n"
           "void put_obj(struct zs_pool *pool,\n"
           "\t     unsigned long handle)\n"
           "{\n"
           "\tzs_unmap_object(pool, handle);\n"
           "}\n"
           "\n"
           "void put_page_addr(struct page *page, void *addr)\n"
           "{\n"
           "\tkunmap_local(addr);\n"
           "}\n"
           "\n"
           "void put_field(void *data)\n"
           "{\n"
           "\tstruct walk *w = data;\n"
           "\tkunmap_local(w->addr);\n"
           "}\n"
           "\n"
           "void put_kept(struct x *x)\n"
           "{\n"
           "\tg->vaddr = kmap_local_page(x->page);\n"
           "\tkunmap_local(g->vaddr);\n"
           "}\n"
           "\n"
           "void put_other(struct zs_pool *pool)\n"
           "{\n"
           "\tzs_unmap_object(glob, h);\n"
           "}\n"
           "\n"
           "void no_params(void)\n"
           "{\n"
           "\tkunmap_local(g->vaddr);\n"
           "}\n"
           "\n"
           "\x23define put_m(m) \\\n"
           "\tkunmap_local(g->vaddr)\n")

    def by_key(self, fn, needle, nth=1):
        f = self.c_file(self.SRC)
        return self.m.releases_by_key(self.at(f, needle, fn, nth))

    def test_by_key(self):
        self.assertTrue(self.by_key("put_area", "kunmap_local"))
        self.assertTrue(self.by_key("put_obj", "zs_unmap_object"))

    def test_not_by_key(self):
        # A parameter itself, or a pointer set from one: a plain release.
        self.assertFalse(self.by_key("put_page_addr", "kunmap_local(addr)"))
        self.assertFalse(self.by_key("put_field", "kunmap_local(w"))
        # What it set itself; a release by key given none of them.
        self.assertFalse(self.by_key("put_kept", "kunmap_local(g"))
        self.assertFalse(self.by_key("put_other", "zs_unmap_object", 2))
        self.assertFalse(self.by_key("no_params", "kunmap_local(g", 2))
        # The body of a macro: no function.
        self.assertFalse(self.by_key("something_else", "kunmap_local(g", 3))

    def test_mappers(self):
        f = self.c_file(self.SRC)
        self.assertFalse(self.m.releases_by_key(self.at(f, "kunmap_local", "put_area"), {(f, "put_area")}))


class Summaries(Case):
    SRC = ("void walk_map(struct walk *w)\n"
           "{\n"
           "\tw->addr = kmap_local_page(w->page);\n"
           "}\n"
           "\n"
           "void walk_done(struct walk *w)\n"
           "{\n"
           "\tkunmap_local(w->addr);\n"
           "}\n"
           "\n"
           "void walk_both(struct walk *w)\n"
           "{\n"
           "\twalk_map(w);\n"
           "}\n"
           "\n"
           "static void use(struct walk *w, char *d)\n"
           "{\n"
           "\twalk_map(w);\n"
           "\tmemcpy(d, w->addr, 4);\n"
           "\twalk_done(w);\n"
           "}\n"
           "\n"
           "void walk_end(struct walk *w)\n"
           "{\n"
           "\twalk_done(w);\n"
           "}\n")

    def noted(self):
        f = self.c_file(self.SRC)
        self.m.note_handle("w -> addr", self.at(f, "kmap_local_page", "walk_map"))
        self.m.note_field_release("w -> addr", self.at(f, "kunmap_local", "walk_done"))
        return f

    def test_helpers(self):
        f = self.noted()
        self.assertEqual(self.m.helpers_of(f), {"walk_map": (0, "->addr"), "walk_both": (0, "->addr")})
        # use() maps the field before it releases it: no helper.
        self.assertEqual(self.m.release_helpers_of(f), {"walk_done": {(0, "->addr")}, "walk_end": {(0, "->addr")}})
        self.assertEqual(self.m.helper_names(), {"walk_map", "walk_both"})

    def test_print_summaries(self):
        self.noted()
        out = io.StringIO()
        with redirect_stdout(out):
            self.m.print_summaries()
        words = [line.split()[:5] for line in out.getvalue().splitlines()]
        self.assertEqual(words, [["WRAPPER:", "fieldmap", "walk_both", "0", "->addr"],
                                 ["WRAPPER:", "fieldmap", "walk_map", "0", "->addr"],
                                 ["WRAPPER:", "fieldrelease", "walk_done", "0", "->addr"],
                                 ["WRAPPER:", "fieldrelease", "walk_end", "0", "->addr"]])

    def test_helper_calls(self):
        f = self.noted()
        self.m.find_helper_calls(f)
        calls = sorted((int(line), int(col)) for _, line, col in self.m.helper_calls)
        self.assertEqual(calls, [(13, 1), (18, 1)])
        self.assertEqual(self.m.mapcalls[(f, "use")], 1)


class ReleasedIndex(Case):
    """Which parameter a release helper releases as the address."""

    def test_address_and_page(self):
        f = self.c_file("void h(struct folio *folio, void *addr, void *q)\n{\n"
                        "\tfolio_release_kmap(folio, addr);\n\tkunmap_local(q + 4);\n}\n")
        rel = self.at(f, "folio_release_kmap", "h")
        # (The page names the mapping too, but the mapping may be another.)
        self.assertEqual(self.m.released_index("addr", rel), 1)
        self.assertIsNone(self.m.released_index("folio", rel))
        self.assertTrue(self.m.releases_param("folio", rel))
        self.assertEqual(self.m.released_index("q", self.at(f, "kunmap_local", "h")), 2)

    def test_tree_helper(self):
        self.m.release_args["wk_unmap"] = {1}
        f = self.c_file("void g(struct wk_sg *sg, void *v)\n{\n\twk_unmap(sg, v);\n}\n")
        rel = self.at(f, "wk_unmap", "g")
        self.assertEqual(self.m.released_index("v", rel), 1)
        self.assertIsNone(self.m.released_index("sg", rel))
        self.assertFalse(self.m.releases_param("sg", rel))
        self.assertTrue(self.m.releases_param("v", rel))


class OffsetFrom(Case):
    """A local set from a parameter plus an offset, and from nothing else."""

    def test_offsets(self):
        f = self.c_file("void g(struct page *p, union info *info, char *x, struct sk_buff *skb, char *dest)\n{\n"
                        "\tvoid *ptr, *q, *s, *u, *v = skb->data;\n\tchar *kaddr = dest;\n\n"
                        "\tptr = ((void *)info) - (rel->off & ~PAGE_MASK);\n\ts = kmap_local_page(p);\n"
                        "\tq = x + 4;\n\tu = (char *)x;\n\tkaddr = kmap_local_folio(f, 0);\n\tkunmap_local(ptr);\n}\n")
        pos = self.at(f, "kunmap_local", "g")
        for r, x, want in [("ptr", "info", True), ("q", "x", True), ("u", "x", True),
                           ("s", "p", False), ("ptr", "p", False),
                           # (A field read through it, not an offset.)
                           ("v", "skb", False),
                           # (Set from a mapping call too.)
                           ("kaddr", "dest", False)]:
            self.assertEqual(self.m.offset_from(r, x, pos), want, (r, x))

    def test_offset_params(self):
        f = self.c_file("void g(struct dev *dev, union info *info, char *x, int n)\n{\n"
                        "\tvoid *ptr, *q;\n\n\tptr = ((void *)info) - n;\n\tx = dev->buf;\n"
                        "\tq = x + 4;\n\tkunmap_local(ptr);\n\tkunmap_local(q);\n}\n")
        self.assertEqual(self.m.offset_params("ptr", self.at(f, "kunmap_local", "g")), ["info"])
        # (x is set in the function before: not the page it was given.)
        self.assertEqual(self.m.offset_params("q", self.at(f, "kunmap_local", "g", 2)), [])
        self.assertEqual(self.m.offset_params("info", self.at(f, "kunmap_local", "g")), [])


class PointsInto(Case):
    def test_addresses(self):
        for v in ("k + off", "(void *)k", "&k[i]", "&k->f", "k"):
            self.assertTrue(self.m.points_into(v, "k"), v)

    def test_reads(self):
        for v in ("pte_page(*ptep)", "*ptep", "ptep[1]", "ptep->next", "pte_page(* ptep)"):
            self.assertFalse(self.m.points_into(v, "ptep"), v)

    def test_a_product_is_no_read(self):
        self.assertTrue(self.m.points_into("n * k", "k"))


class DerivedFrom(Case):
    def test_loop_start_and_assignment(self):
        f = self.c_file("char *find(struct page *pg)\n{\n\tchar *k, *p, *q;\n\n"
                        "\tk = kmap_local_page(pg);\n\tq = k + 4;\n"
                        "\tfor (p = k; p < q; p = next(p, 1))\n\t\t;\n\treturn p;\n}\n")
        at = [Pos(f, 9, 1, "find")]
        self.assertTrue(self.m.derived_from("p", "k", at))
        self.assertTrue(self.m.derived_from("q", "k", at))

    def test_value_read(self):
        f = self.c_file("int get(struct page *pg)\n{\n\tint *k, v;\n\n"
                        "\tk = kmap_local_page(pg);\n\tv = *k;\n\treturn v;\n}\n")
        self.assertFalse(self.m.derived_from("v", "k", [Pos(f, 7, 1, "get")]))


class FailureReturn(Case):
    SRC = ("void *f(struct page *pg, int y)\n{\n\tvoid *a = kmap_local_page(pg);\n\n"
           "\tif (IS_ERR(a))\n\t\treturn a;\n"
           "\tif (unlikely(!a)) {\n\t\tpr_err(\"{\");\n\t\treturn ERR_CAST(a);\n\t}\n"
           "\tif (a == NULL) {\n\t\tif (y)\n\t\t\treturn a;\n\t\tfoo();\n\t}\n"
           "\tif (IS_ERR(pg)) {\n\t\tbar();\n\t\treturn a;\n\t}\n"
           "\tif (!a) {\n\t\tif (y) {\n\t\t\tbaz();\n\t\t}\n\t\treturn a;\n\t}\n"
           "\telse\n\t\treturn a;\n\treturn a;\n}\n")

    def test_failure_returns(self):
        f = self.c_file(self.SRC)
        for nth in (1, 4):
            self.assertTrue(self.m.failure_return(self.at(f, "return a", nth=nth)), nth)
        self.assertTrue(self.m.failure_return(self.at(f, "return ERR_CAST")))

    def test_comments_and_literals(self):
        f = self.c_file("void *g(struct page *pg)\n{\n\tvoid *a = kmap_local_page(pg);\n\n"
                        "\tif (NULL == a) {\n\t\tpr_err(\"} {\");\n\t\treturn a; /* failed */\n\t}\n"
                        "\treturn a; // held\n}\n")
        self.assertTrue(self.m.failure_return(self.at(f, "return a", function="g")))
        self.assertFalse(self.m.failure_return(self.at(f, "return a", function="g", nth=2)))

    def test_other_returns(self):
        f = self.c_file(self.SRC)
        # Under another test, after another test of what is returned,
        # after an else, at the end.
        for nth in (2, 3, 5, 6):
            self.assertFalse(self.m.failure_return(self.at(f, "return a", nth=nth)), nth)


class OperationsTables(Case):
    def test_initializers(self):
        f = self.c_file("static const struct a_ops a1 __maybe_unused = { .map = fa, };\n"
                        "static struct b_ops b1[] __initdata = { { .map = fb }, };\n"
                        "static const struct c_ops c1 = { .map = (void *)fc, .unmap = &fc2 };\n"
                        "static struct outer o1 = { .inner = { .map = fo }, .ops.unmap = fo2, };\n"
                        "struct f_ops f1 = { .map = ff, .flags = { 1, 2 }, .unmap = ff2 };\n")
        t = self.m.op_members(f)
        for fn, member, st in (("fa", "map", "a_ops"), ("fb", "map", "b_ops"), ("fc", "map", "c_ops"),
                               ("fc2", "unmap", "c_ops"), ("ff", "map", "f_ops"), ("ff2", "unmap", "f_ops")):
            self.assertEqual(t.get(fn), {(member, st)}, fn)
        # The members of a structure inside the table, not the table.
        self.assertNotIn("fo", t)
        self.assertNotIn("fo2", t)

    def test_receiver_of_another_type(self):
        f = self.c_file("struct cam { const struct cam_ops *ops; };\n"
                        "static const struct it_ops it_ops = { .map_local = it_map, };\n"
                        "void f(struct cam *a, struct it *b)\n{\n"
                        "\tconst struct it_ops *d = b->ops, *e = b->ops;\n"
                        "\ta->ops->map_local(a, &x, 0);\n\td->map_local(b, &y, 0);\n"
                        "\te->map_local(b, &y, 0);\n\tb->ops->map_local(b, &y, 0);\n}\n")
        lines = self.m.lines_of(f)
        col = lambda n: lines[n].index("map_local")
        self.assertEqual(self.m.receiver_type(f, 5, col(5)), "cam_ops")
        self.assertFalse(self.m.member_ok(f, 5, col(5), "map_local"))
        for n in (6, 7):
            self.assertEqual(self.m.receiver_type(f, n, col(n)), "it_ops", n)
            self.assertTrue(self.m.member_ok(f, n, col(n), "map_local"), n)
        # struct it is not defined in the file: b->ops is of no known type.
        self.assertIsNone(self.m.receiver_type(f, 8, col(8)))
        self.assertTrue(self.m.member_ok(f, 8, col(8), "map_local"))


class Setters(Case):
    SRC = ("#include <linux/smap.h>\n"
           "static void it_map(struct it *it, struct smap *m, int i)\n{\n"
           "\tvoid *addr = kmap_local_page(it->pages[i]);\n\n\tsmap_set_vaddr(m, addr);\n}\n")

    def test_a_setter_of_a_header(self):
        os.makedirs(os.path.join(self.dir, "include", "linux"))
        with open(os.path.join(self.dir, "include", "linux", "smap.h"), "w") as fh:
            fh.write("static inline void smap_set_vaddr(struct smap *map, void *vaddr)\n{\n"
                     "\tmap->vaddr = vaddr;\n\tmap->is_iomem = false;\n}\n"
                     "static inline void smap_both(struct smap *map, void *a, void *b)\n{\n"
                     "\tmap->a = a;\n\tmap->b = b;\n}\n"
                     "static inline void smap_log(struct smap *map, void *vaddr)\n{\n"
                     "\tmap->vaddr = vaddr;\n\tpr_info(map);\n}\n"
                     "static inline void smap_setup(struct smap *args,\n\t\tspinlock_t *lock, pte_t *ptep, unsigned long base)\n{\n"
                     "\targs->ptep = ptep;\n\targs->pfn = base + ((args->address & ~PAGE_MASK) >> PAGE_SHIFT);\n"
                     "\targs->lock = lock;\n\targs->special = true;\n}\n"
                     "static inline void smap_calc(struct smap *map, void *vaddr)\n{\n"
                     "\tmap->vaddr = vaddr;\n\tmap->n = count(map);\n}\n")
        f = self.c_file(self.SRC)
        os.environ["KMAP_LIFO_TREE"] = self.dir
        self.addCleanup(os.environ.pop, "KMAP_LIFO_TREE")
        self.assertEqual(self.m.setter("smap_set_vaddr", f), [(1, 0, "->vaddr")])
        # Several stores, among expressions (pfnmap_args_setup() of mm/memory.c).
        self.assertEqual(self.m.setter("smap_both", f), [(1, 0, "->a"), (2, 0, "->b")])
        self.assertEqual(self.m.setter("smap_setup", f), [(2, 0, "->ptep"), (1, 0, "->lock")])
        # A store and a call, a store of a call: no setter.
        self.assertIsNone(self.m.setter("smap_log", f))
        self.assertIsNone(self.m.setter("smap_calc", f))
        # The mapping of a local handed to it maps the field of parameter 1.
        self.m.handle_to_setter("addr", self.at(f, "void *addr", function="it_map"))
        self.assertEqual([e[1:3] for e in self.m.helper_maps.get(f, [])], [(1, "->vaddr")])

    def test_the_file_whole(self):
        """A setter of the file itself, emptied in the cut copy spatch
        reads: read from the tree (mm/memory.c pfnmap_args_setup())."""
        setup = ("static inline void pfn_setup(struct pa *args, pte_t *ptep)\n{\n"
                 "\targs->ptep = ptep;\n}\n")
        for top, text in (("tree", setup), ("cut", "static inline void pfn_setup(struct pa *args, pte_t *ptep)\n{\n\n}\n")):
            os.makedirs(os.path.join(self.dir, top, "mm"))
            with open(os.path.join(self.dir, top, "mm", "walk.c"), "w") as fh:
                fh.write(text)
        here = os.getcwd()
        os.chdir(os.path.join(self.dir, "cut"))
        self.addCleanup(os.chdir, here)
        os.environ["KMAP_LIFO_TREE"] = os.path.join(self.dir, "tree")
        self.addCleanup(os.environ.pop, "KMAP_LIFO_TREE")
        self.assertEqual(self.m.setter("pfn_setup", "mm/walk.c"), [(1, 0, "->ptep")])

    def test_no_header(self):
        f = self.c_file(self.SRC)
        os.environ["KMAP_LIFO_TREE"] = self.dir
        self.addCleanup(os.environ.pop, "KMAP_LIFO_TREE")
        self.assertIsNone(self.m.setter("smap_set_vaddr", f))
        self.m.handle_to_setter("addr", self.at(f, "void *addr", function="it_map"))
        self.assertEqual(self.m.helper_maps.get(f, []), [])


class ReleaseMember(Case):
    def test_a_test_of_the_member(self):
        f = self.c_file("static const struct it_ops t = { .unmap_local = it_unmap, };\n"
                        "void it_unmap(struct it *it, struct smap *m)\n{\n\tkunmap_local(m->vaddr);\n}\n")
        pos = [Pos(f, 4, 1, "it_unmap")]
        self.m.release_helpers[f] = {"it_unmap": {(1, "->vaddr")}}
        for c in ("ops->unmap_local", "d->ops->unmap_local != NULL", "ops.unmap_local"):
            self.assertTrue(self.m.tests_release_member(c, pos), c)
        for c in ("ops->map_local", "!ops->unmap_local", "ops->unmap_local(it, m)", "flag"):
            self.assertFalse(self.m.tests_release_member(c, pos), c)


class OnStack(Case):
    def miter(self, flags):
        f = self.c_file("static int copy(struct scatterlist *sg)\n{\n"
                        "\tstruct sg_mapping_iter mi;\n\n"
                        "\tsg_miter_start(&mi, sg, 1, %s);\n"
                        "\twhile (sg_miter_next(&mi))\n\t\tuse(mi.addr);\n}\n" % flags)
        return [Pos(f, 6, 8, "copy")]

    def test_atomic(self):
        self.assertTrue(self.m.on_stack("&mi", self.miter("SG_MITER_FROM_SG | SG_MITER_ATOMIC")))

    def test_sleeping(self):
        self.assertFalse(self.m.on_stack("&mi", self.miter("SG_MITER_FROM_SG")))

    def test_flags_unknown(self):
        self.assertTrue(self.m.on_stack("&mi", self.miter("flags | SG_MITER_FROM_SG")))

    def test_not_an_iterator(self):
        f = self.c_file("void f(struct page *p)\n{\n\tvoid *a = kmap_local_page(p);\n}\n")
        self.assertTrue(self.m.on_stack("a", [Pos(f, 3, 11, "f")]))

    def test_mode_of_a_helper(self):
        # erofs_bread() of 6.1 maps with kmap_atomic() for EROFS_KMAP_ATOMIC only.
        self.m.guards["bread"] = (2, "KMAP_ATOMIC")
        f = self.c_file("void f(void)\n{\n\tde = bread(&buf, n, KMAP);\n\tde = bread(&buf, n, KMAP_ATOMIC);\n"
                        "\tde = bread(&buf, n, type);\n}\n")
        at = lambda line: [Pos(f, line, 6, "f")]
        self.assertFalse(self.m.on_stack("buf", at(3)), "another constant: not on the stack")
        self.assertTrue(self.m.on_stack("buf", at(4)), "its constant")
        self.assertTrue(self.m.on_stack("buf", at(5)), "a mode the rules cannot read")


class ShownCallee(Case):
    def test_member(self):
        f = self.c_file("void f(struct drv *d)\n{\n\tvoid *a = d->map(pool, h);\n}\n")
        self.assertEqual(self.m.shown_callee([Pos(f, 3, 14, "f")]), "->map")

    def test_function(self):
        f = self.c_file("void f(struct page *p)\n{\n\tvoid *a = kmap_local_page(p);\n}\n")
        self.assertEqual(self.m.shown_callee([Pos(f, 3, 11, "f")]), "kmap_local_page")


class Keyed(Case):
    SRC = ("void f(struct zs_pool *pool, unsigned long handle, unsigned long other)\n"
           "{\n"
           "\tvoid *x = zs_map_object(pool, handle, ZS_MM_RO);\n"
           "\tzs_unmap_object(pool, other);\n"
           "\tzs_unmap_object(pool, handle);\n"
           "}\n")

    def test_keyed_at(self):
        f = self.c_file(self.SRC)
        pm = self.at(f, "zs_map_object")
        self.m.note_handle("x", pm)
        self.assertTrue(self.m.keyed_at(self.at(f, "zs_unmap_object", nth=2), "x", pm))
        self.assertFalse(self.m.keyed_at(self.at(f, "zs_unmap_object"), "x", pm))
        self.assertFalse(self.m.keyed_at(self.at(f, "zs_unmap_object", nth=2), "y", pm))


class Arrays(Case):
    def judge(self, release_loop, release="kunmap_local(p[i]);"):
        src = ("void f(int n)\n"
               "{\n"
               "\tfor (i = 0; i < n; i++)\n"
               "\t\tp[i] = kmap_local_page(pg[i]);\n"
               "\tuse(p);\n"
               + "\t" + release_loop + "\n"
               + "\t\t" + release + "\n"
               + "}\n")
        f = self.c_file(src)
        loops = [(self.at(f, "for"), None), (self.at(f, release_loop.split()[0], nth=2 if release_loop.startswith("for") else 1), None)]
        pa = self.at(f, "kmap_local_page")
        pr = self.at(f, release.split("(")[0])
        arg = release[release.index("(") + 1:release.rindex(")")]
        self.m.judge_arrays(f, {"loops": loops, "maps": [(pa, "p[i]")], "rels": [(pr, arg)]})
        return pa, pr

    def test_same_direction(self):
        pa, pr = self.judge("for (i = 0; i < n; i++)")
        (rank, p, rec, links), = self.m.found.values()
        self.assertEqual(rec["kind"], "array")
        self.assertEqual(rec["counting"], "up")
        self.assertEqual((rec["first"]["expr"], rec["first"]["map"], rec["first"]["line"]), ("p[]", "kmap_local_page", 4))
        self.assertEqual(rec["line"], 7)
        self.assertEqual(self.m.message(rec), "f(): p[] (kmap_local_page, line 4) mapped in a loop counting up but "
                         "released in one counting up too; release the last element mapped first")
        self.assertIn(self.m.key(pa), self.m.decided)

    def test_other_direction(self):
        pa, _ = self.judge("for (i = n - 1; i >= 0; i--)")
        self.assertEqual(self.m.found, {})
        self.assertIn(self.m.key(pa), self.m.decided)

    def test_while_down(self):
        self.judge("while (i--)")
        self.assertEqual(self.m.found, {})

    def test_undecided(self):
        pa, _ = self.judge("for (i = 0; i < n; i++)", "kunmap_local(p[order[i]]);")
        self.assertEqual(self.m.found, {})
        self.assertNotIn(self.m.key(pa), self.m.decided)
        self.assertEqual([(a, self.m.key(p)) for a, p, _ in self.m.el_undecided], [("p[]", self.m.key(pa))])


class ArraysThroughLocals(Case):
    SRC = ("void f(int n)\n"
           "{\n"
           "\tfor (i = 0; i < n; i++) {\n"
           "\t\tv = kmap_local_page(pg[i]);\n"
           "\t\tp[i] = v;\n"
           "\t\tw = p[i];\n"
           "\t}\n"
           "\tfor (i = 0; i < n; i++) {\n"
           "\t\tCOPY\n"
           "\t\tkunmap_local(w);\n"
           "\t}\n"
           "}\n")

    def judge(self, copy):
        f = self.c_file(self.SRC.replace("COPY", copy))
        d = {"loops": [(self.at(f, "for"), None), (self.at(f, "for", nth=2), None)],
             "maps": [(self.at(f, "kmap_local_page"), "v")],
             "stores": [(self.at(f, "p[i] = v"), ("p[i]", "v"))],
             "copies": [(self.at(f, "w = p[i]"), ("w", "p[i]"))],
             "rels": [(self.at(f, "kunmap_local"), "w")]}
        if copy:
            d["copies"].append((self.at(f, copy, nth=2), ("w", "p[i]")))
        self.m.judge_arrays(f, d)
        return [r["counting"] for _, _, r, _ in self.m.found.values()]

    def test_stored_and_copied_in_loops(self):
        self.assertEqual(self.judge("w = p[i];"), ["up"])

    def test_copy_of_another_loop(self):
        # w = p[i] of the mapping loop is not what the release loop releases.
        self.assertEqual(self.judge(""), [])


class Records(Case):
    def test_pair_message(self):
        f = self.c_file("void copy(void)\n{\n\ts = kmap_local_page(a);\n\td = kmap_local_page(b);\n"
                        "\tkunmap_local(s);\n\tkunmap_local(d);\n}\n")
        pa, pb = self.at(f, "kmap_local_page", "copy"), self.at(f, "kmap_local_page", "copy", nth=2)
        p = self.at(f, "kunmap_local", "copy")
        self.m.note("s", pa, "d", pb, p)
        (rank, at, rec, links), = self.m.found.values()
        self.assertEqual(self.m.message(rec), "copy(): s (kmap_local_page, line 3) mapped before d "
                         "(kmap_local_page, line 4) but released first; release d before s")
        self.assertEqual((rec["line"], rec["column"]), (5, 1))
        self.assertTrue(self.m.reported(p))
        self.assertEqual([f[2] for f in self.m.new_findings()], [rec])
        self.assertEqual(self.m.new_findings(), [], "each finding printed once")

    def test_one_handle_twice(self):
        f = self.c_file("void copy(void)\n{\n\ts = kmap_local_page(a);\n\tkunmap_local(s);\n}\n")
        pa = self.at(f, "kmap_local_page", "copy")
        self.m.note("s", pa, "s", pa, self.at(f, "kunmap_local", "copy"))
        self.assertEqual(self.m.found, {})

    def test_field_message(self):
        rec = {"kind": "field", "function": "done",
               "first": {"expr": "w->src", "map": "kmap_local_page", "line": 3, "mapped_in": "map"},
               "second": {"expr": "w->dst", "map": "kmap_local_page", "line": 4, "mapped_in": "map"}}
        self.assertEqual(self.m.message(rec), "done(): w->src (kmap_local_page in map(), line 3) mapped before "
                         "w->dst (kmap_local_page in map(), line 4) but released first; release w->dst before w->src")

    def test_carried(self):
        f = self.c_file("void slide(void)\n{\n\tfor (;;) {\n\t\tx = kmap_local_page(a);\n"
                        "\t\tkunmap_local(prev);\n\t\tprev = x;\n\t}\n}\n")
        pa, p = self.at(f, "kmap_local_page", "slide"), self.at(f, "kunmap_local", "slide")
        self.m.note_carried("prev", "x", pa, p)
        (_, _, rec, _), = self.m.found.values()
        self.assertEqual(self.m.message(rec), "slide(): prev (kmap_local_page in an earlier round, line 4) "
                         "mapped before x (kmap_local_page, line 4) but released first; release x before prev")
        self.assertEqual(rec["kind"], "pair")

    def test_org_text(self):
        self.assertEqual(self.m.org_text("p[i] mapped"), "p(i) mapped")


class PatchMode(Case):
    SRC = ("void f(void)\n"
           "{\n"
           "\tkunmap_local(s);\n"
           "\t/* the other */\n"
           "\tif (d)\n"
           "\t\tkunmap_local(d);\n"
           "\tkunmap_local(e);\n"
           "}\n")

    def test_adjacent(self):
        f = self.c_file(self.SRC)
        p = self.at(f, "kunmap_local(s)")
        self.assertTrue(self.m.adjacent(p, self.at(f, "kunmap_local(d)")))
        self.assertFalse(self.m.adjacent(p, self.at(f, "kunmap_local(e)")))
        self.assertFalse(self.m.adjacent(self.at(f, "kunmap_local(d)"), p))


class SmplLexer(unittest.TestCase):
    """What the SmPL lexer of Coccinelle 1.1.1 trips on, in the copies."""

    def check(self, path):
        with open(path) as fh:
            text = fh.read()
        where = os.path.basename(path)
        self.assertNotIn(chr(39), text, "%s: an apostrophe" % where)
        for n, line in enumerate(text.split("\n"), 1):
            self.assertFalse(line.startswith(" "), "%s:%d: indented with spaces" % (where, n))
            self.assertNotRegex(line, r"^\s*\x23\s*spatch", "%s:%d: a directive to spatch" % (where, n))
        with open(path, "rb") as fh:
            for tok in tokenize.tokenize(fh.readline):
                n = tok.start[0]
                if tok.type == tokenize.STRING:
                    self.assertNotIn("\x23", tok.string, "%s:%d: a hash sign in a string" % (where, n))
                    body = tok.string.rstrip(chr(34))
                    self.assertFalse(body.endswith(chr(92)), "%s:%d: a string ending in a backslash" % (where, n))
                elif tok.type == tokenize.COMMENT and not tok.line.lstrip().startswith("\x23"):
                    # (After code: the lexer reads its quotes.)
                    self.assertEqual(tok.string.count(chr(34)) % 2, 0, "%s:%d: odd double quotes in a comment" % (where, n))

    def test_modules(self):
        for name in MODULES:
            with self.subTest(module=name):
                self.check(os.path.join(LIB, name))


def tap():
    """Each test as a TAP line, for prove (cocci/t/lifo-rule-py.t)."""
    def flat(suite):
        for t in suite:
            if isinstance(t, unittest.TestSuite):
                yield from flat(t)
            else:
                yield t
    tests = list(flat(unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])))
    print("1..%d" % len(tests))
    failed = 0
    for n, t in enumerate(tests, 1):
        r = unittest.TestResult()
        t.run(r)
        bad = r.failures + r.errors
        failed += bool(bad)
        print("%sok %d - %s" % ("not " if bad else "", n, t.id().replace("__main__.", "")))
        for _, trace in bad:
            print("\n".join("# " + line for line in trace.rstrip().split("\n")))
    return failed


if __name__ == "__main__":
    if sys.argv[1:] == ["--tap"]:
        sys.exit(1 if tap() else 0)
    unittest.main()
