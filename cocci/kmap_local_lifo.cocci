// SPDX-License-Identifier: GPL-2.0-only
/// Nested kmap_local mappings must be released in reverse order.
///
/// kmap_local_page(), kmap_local_folio(), kmap_local_pfn(), kmap_atomic(),
/// sg_miter_next(), skb_seq_read() and, with CONFIG_HIGHPTE,
/// pte_offset_map() and its variants push onto one per-CPU stack of
/// mapping slots ("they have to be strictly ordered because the map
/// implementation is stack based", highmem.rst).  Releasing an outer
/// mapping while an inner one is still held trips the warning in
/// kunmap_local_indexed() on HIGHMEM kernels.
/// The rules follow every path of the function: loops (a mapping released
/// at the top of the next round), gotos, aliases, guarded releases, and
/// arrays mapped and released in loops.  Patch mode moves the early
/// release after the release of the inner mapping when the two releases
/// are consecutive statements.
///
// Confidence: High
// Copyright: (C) 2026 The kmap-lifo tooling authors.
// Comments: The identifier sets marked "maps.list", "iterators.list" and
//  "releases.list" are those files; make regen writes them in, and the
//  make scan driver writes in the wrappers it infers from the tree, with
//  the summaries of functions that map or release a field of their
//  argument ("fieldmaps.list", "fields.list").
//  --use-coccigrep: the kernel's .cocciconfig asks for git grep, which
//  finds no file in a tree that git does not track or ignores.
// Options: --no-includes --include-headers --use-coccigrep

virtual patch
virtual context
virtual org
virtual report
// With report: also print "UNDECIDED: FILE:LINE: ..." where the order
// cannot be told from the code (make scan counts these).
virtual undecided
// Also print "WRAPPER: fieldmap|fieldrelease FUNC INDEX PATH FILE" for
// the functions that leave a field of a parameter mapped or release one
// (a driver that checks a whole tree gives them to their callers).
virtual summaries
// With report: print each finding as "FINDING: " and a JSON object, for
// tools, instead of the warning: its kind (pair, array, field), the
// release (file, line, column, end_column), the function, both mappings
// (expr, map: the mapping function, line, and for a field mapped_in: the
// function that mapped it), for an array how its loops count
// (counting), and the message the warning prints.
virtual records

@initialize:python@
@@
# >>> cocci/lib/lifo_source.py: copied in by make regen (cocci/bin/inline-py.pl); edit that file
# SPDX-License-Identifier: GPL-2.0-only
# The Python both rules need: the C text around a position (a call, its
# arguments, the head of its function), and the judge of a release by
# key for the helper search.  kmap_local_lifo.cocci holds a copy of this
# module, then one of lifo_rule.py, which calls it; kmap_local_wrappers.cocci
# holds a copy before its rules, which make scan drops when it appends
# those rules to the checker (cocci/lib/LifoPasses.pm).  make regen writes
# the copies (cocci/bin/inline-py.pl): edit this file, not them.
#
# Plain python3, standard library only, as lifo_rule.py (whose header
# says what the SmPL lexer trips on); cocci/t/lifo_rule_test.py tests it.
import re

# Functions that release by key (keyed_at(), releases_by_key()), and the
# members of operations tables that do.
keyreleases = "zs_unmap_object;zpool_unmap_handle" # summaries: keyreleases.list
opkeyreleases = "" # summaries: opkeyreleases.list
srclines = {}

def lines_of(f):
	if f not in srclines:
		try:
			with open(f, errors="replace") as fh:
				srclines[f] = fh.read().split("\n")
		except OSError:
			srclines[f] = []
	return srclines[f]

raws = {}

def raw(f):
	"""The text of file f, joined once (a header is asked for by every
	file that includes it)."""
	if f not in raws:
		raws[f] = "\n".join(lines_of(f))
	return raws[f]

flats = {}

def flat(f):
	"""The text of file f with comments and literals blanked (line and
	column offsets kept), and the offset of each line."""
	if f not in flats:
		blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))
		lit = "|".join(r"%s(?:\\.|[^%s\\\n])*%s" % (q, q, q) for q in (chr(34), chr(39)))
		text = re.sub(r"/\*.*?\*/|//[^\n]*|" + lit, blank, raw(f), flags=re.S)
		starts, o = [], 0
		for t in text.split("\n"):
			starts.append(o)
			o += len(t) + 1
		flats[f] = (text, starts)
	return flats[f]

def text_from(p):
	"""The text from position p on: the rest of its line and the seven
	lines after it."""
	lines = lines_of(p[0].file)
	ln = int(p[0].line) - 1
	return " ".join([lines[ln][int(p[0].column):]] + lines[ln + 1:ln + 8])

def call_args(text):
	"""The top-level arguments of the call whose "(" opens text."""
	args, depth, cur = [], 0, ""
	for c in text:
		if c in "([{":
			depth += 1
			if depth == 1:
				continue
		elif c in ")]}":
			depth -= 1
			if depth == 0:
				args.append(cur.strip())
				return args
		elif c == "," and depth == 1:
			args.append(cur.strip())
			cur = ""
			continue
		cur += c
	return args

plain_map_names = "kmap_local_page;kmap_local_page_prot;kmap_local_folio;kmap_local_pfn;kmap_atomic;kmap_atomic_prot;kmap_atomic_pfn;pte_offset_map;pte_offset_map_lock;pte_offset_map_nolock;pte_offset_map_ro_nolock;pte_offset_map_rw_nolock;__pte_offset_map;__pte_offset_map_lock;pte_alloc_map;pte_alloc_map_lock;bvec_kmap_local;io_mapping_map_local_wc;io_mapping_map_atomic_wc;zs_map_object;zpool_map_handle" # summaries: maps.list
plain_maps = set(plain_map_names.split(";"))
# The argument that holds what a release function of several arguments
# releases (the others name the page, a lock, the data read).
ADDRESS_ARG = {"folio_release_kmap": 1, "unmap_and_put_page": 1, "pte_unmap_unlock": 0, "skb_seq_read": 2}
# The same for the release helpers of a tree ("relarg NAME INDEX", one
# line per argument it releases: the helper search writes them for a
# helper that hands a parameter to a release as its address).
release_arg_entries = "" # summaries: relargs.list
release_args = {}
for entry in release_arg_entries.split(";"):
	w = entry.split()
	if len(w) == 3 and w[0] == "relarg" and w[2].isdigit():
		release_args.setdefault(w[1], set()).add(int(w[2]))

def releases_param(x, pr):
	"""Whether the release call at pr releases x, a parameter it is
	given, rather than what it is given with it: a call given a local
	that the function set from a mapping call releases that mapping
	(qxl apply_reloc() releases the page it mapped with
	qxl_bo_kunmap_atomic_page(qdev, bo, reloc_page), not qdev).  The
	page of folio_release_kmap(folio, addr) names the mapping too."""
	name, args = call_at(pr)
	mine = passed_as(x, args)
	if name in release_args:
		return any(i in release_args[name] for i in mine)
	return len(args) < 2 or not own_mapped_args(pr, args, mine)

def passed_as(x, args):
	"""The indexes of the arguments that are x, or inside what x points
	to (x + off)."""
	return [i for i, a in enumerate(args)
		if re.fullmatch(r"\(?\s*%s\s*\)?(?:\s*[-+](?!>).*)?" % re.escape(x), a.strip(), re.S)]

def released_indexes(name):
	"""The indexes of the arguments a release function of several
	arguments releases as the address (ADDRESS_ARG, release_args), or
	None when they are not known."""
	if name in release_args:
		return release_args[name]
	return {ADDRESS_ARG[name]} if name in ADDRESS_ARG else None

def released_index(x, pr, via=None):
	"""The index of parameter x of the function of pr, when the release
	call at pr releases x (or via, a local pointing into it) as the
	address it is given (as_address()); None when it only names the
	page (the first of folio_release_kmap(folio, kaddr)), or x is not a
	parameter."""
	names = param_names(pr)
	return names.index(x) if as_address(via or x, pr) and x in names else None

def as_address(v, pr):
	"""Whether the release call at pr releases v as the address it is
	given: kunmap_local(v), the second argument of folio_release_kmap(),
	an argument a release helper of the tree releases."""
	name, args = call_at(pr)
	mine = passed_as(v, args)
	if len(args) < 2:
		return bool(mine)
	return any(i in mine for i in released_indexes(name) or ())

def own_mapped_args(pr, args, skip=()):
	"""The arguments of the call at pr (but those of index in skip) that
	are locals its function set from a mapping call: what a release
	helper given them releases is that function own mapping."""
	body = "\n".join(definition(pr))
	out = []
	for i, a in enumerate(args):
		if i not in skip and re.fullmatch(r"\w+", a.strip()):
			for m in re.finditer(r"(?<![\w.>])%s\s*=\s*(?:\([^()]*\)\s*)?(\w+)\s*\(" % re.escape(a.strip()), body):
				if m.group(1) in plain_maps:
					out.append(i)
					break
	return out

def call_at(p):
	"""The name and the arguments of the call at position p."""
	m = re.match(r"(\w+)\s*(\(.*)", text_from(p), re.S)
	return (m.group(1), call_args(m.group(2))) if m else ("?", [])

def fname(pos):
	"""The function at pos, or the function-like macro whose body it is
	in (spatch reads macro bodies as code of no function)."""
	fn = pos[0].current_element
	if fn != "something_else":
		return fn
	lines, n = lines_of(pos[0].file), int(pos[0].line) - 1
	while n > 0 and lines[n - 1].rstrip().endswith(chr(92)):
		n -= 1
	m = n < len(lines) and re.match(r"\s*\x23\s*define\s+(\w+)\(", lines[n])
	return m.group(1) if m else fn

def definition(pos):
	"""The lines of the function (or macro) at pos from its head to pos,
	or []."""
	fn, lines = fname(pos), lines_of(pos[0].file)
	head = re.compile(r"(?=\w|\s*\x23\s*define\b).*\b%s\s*\(" % re.escape(fn))
	for n in range(int(pos[0].line) - 1, -1, -1):
		# (The name may start the line, its type on the line above.)
		if fn in lines[n] and head.match(lines[n]):
			return lines[n:int(pos[0].line)]
	return []

def parameters(pos):
	"""The parameters of the function at pos as written, read from its
	definition (the rules match statements, not whole functions: far
	cheaper)."""
	head = " ".join(definition(pos))
	m = re.search(r"\b%s\s*\(([^()]*)\)" % re.escape(fname(pos)), head)
	return m.group(1).split(",") if m else []

def param_name(a):
	"""The name parameter a declares ("n" of "int n", "p" of "char p[]"),
	or "" (void, an ellipsis, a type alone)."""
	m = re.search(r"(\w+)\s*(\[[^]]*\])?\s*$", a)
	return m.group(1) if m and m.group(1) != "void" else ""

def param_names(pos):
	"""The names of the parameters of the function at pos, in order."""
	return [param_name(a) for a in parameters(pos)]

def pointer_copies(text):
	"""The pointers a line sets from a name ("struct s *p = data;", with
	a cast or not): [(pointer, name)]."""
	return re.findall(r"\*\s*(\w+)\s*=\s*(?:\([^()]*\)\s*)?(\w+)\s*;", text)

def releases_by_key(pr, mappers=()):
	"""Whether the release at pr makes its function a release by key (the
	helper search): given parameters, it releases what none of them, nor
	a pointer set from one, names, and it did not set what it releases
	(kunmap_local(s->vaddr) of a per-CPU area), or gives some of them to
	a release by key (zs_unmap_object(pool, handle)).  Not a function
	among mappers, (file, function) pairs that map themselves, nor the
	body of a macro."""
	fn = pr[0].current_element
	body = definition(pr)
	if not body or fname(pr) != fn or (pr[0].file, fn) in mappers:
		return False
	params = [x for x in param_names(pr) if x]
	for t in body:
		params += [p for p, name in pointer_copies(t) if name in params]
	name, args = call_at(pr)
	if not params or name == "?":
		return False
	arg = ", ".join(args)
	named = [x for x in params if re.search(r"\b%s\b" % re.escape(x), arg)]
	# Set in the function before: a mapping it keeps, no key.
	assigned = any(re.search(r"(?<![=!<>])%s\s*=[^=]" % re.escape(arg), t) for t in body[1:])
	# A release of a parameter is a plain release helper (the rule wrel);
	# by key: what it releases names none of them, or a release by key is
	# given some of them.
	if name in keyreleases.split(";") + opkeyreleases.split(";"):
		return bool(named)
	return not named and not assigned and "->" in arg

def points_into(v, x):
	"""Whether expression v can point into the mapping x (the helper
	search: is what a function returns its mapping?): x taken as an
	address (x + off, (T *)x, &x->f), not only read through (*x, x->f,
	x[i]): pte_page(*ptep) is a page found from the entry read, the
	entry itself is not handed on."""
	v, x = re.sub(r"\s+", "", str(v)), re.escape(re.sub(r"\s+", "", str(x)))
	reads = r"(?<![\w&])\*\(?%s\)?(?![\w\[(]|->|\.)|(?<![\w.>&])%s(?=->|\[)" % (x, x)
	rest = re.sub(reads, "_", v)
	return re.search(r"(?<![\w.>])%s(?!\w)" % x, rest) is not None

def derived_from(r, x, pos):
	"""Whether the local r of the function at pos is set, before pos, from
	an expression that points into the mapping x (points_into()): a plain
	assignment or the start of a loop (for (p = kaddr; ...)), as a
	directory lookup walks the entries of a page it mapped."""
	text = " ".join(definition(pos))
	r = re.escape(str(r).strip())
	for m in re.finditer(r"(?<![\w.>])%s\s*=(?!=)\s*([^;,]+)" % r, text):
		if points_into(m.group(1), x):
			return True
	return False

def set_from(name, text, value=r"[^;,]+"):
	"""The values the local name is set to in text ("name = V": not
	"==", nor a store through it or into a field of it)."""
	return re.findall(r"(?<![\w.>*])%s\s*=(?!=)\s*(%s)" % (re.escape(name), value), text)

def offset_from(r, x, pos):
	"""Whether the local r of the function at pos is set from parameter
	x plus or minus an offset, through casts and parentheses (ptr =
	((void *)info) - off), and from nothing else, anywhere in the
	function up to pos (a store through it, *r = 0, is no setting): it
	points into the page x points into, which a release of r releases.
	(Not char *kaddr = dest; ... kaddr = kmap_local_folio(...).)"""
	text = " ".join(definition(pos))
	cast = r"\(\s*(?:const\s+|volatile\s+)*(?:struct\s+|union\s+|unsigned\s+)?\w+(?:\s*\*)*\s*\)"
	seen = False
	for v in set_from(str(r).strip(), text):
		v = v.strip()
		while True:
			w = re.sub(r"^\(\s*(.*)\)$", r"\1", re.sub(r"^%s\s*" % cast, "", v)).strip()
			if w == v:
				break
			v = w
		if not re.fullmatch(r"\(*\s*(?:%s\s*)?\(*\s*%s\s*\)*(?:\s*[-+](?!>).*)?" % (cast, re.escape(str(x).strip())), v, re.S):
			return False
		seen = True
	return seen

def offset_params(r, pos):
	"""The pointer parameters of the function at pos that its local r is
	set from, plus an offset (offset_from()), and that it does not set
	itself before pos.  None in the body of a macro."""
	if fname(pos) != pos[0].current_element:
		return []
	text = " ".join(definition(pos))
	found = []
	for a in parameters(pos):
		x = param_name(a)
		if not x or x == r or "*" not in a:
			continue
		# (Set at all: any value, even none on the lines read.)
		if not set_from(x, text, "") and offset_from(r, x, pos):
			found.append(x)
	return found

def closing(text, i, o, c):
	"""The offset of the bracket that closes the one at text[i]."""
	depth = 0
	for j in range(i, len(text)):
		depth += 1 if text[j] == o else -1 if text[j] == c else 0
		if depth == 0:
			return j
	return len(text) - 1

def opening(text, i, o, c):
	"""The offset of the bracket that the one at text[i] closes, or -1."""
	depth = 0
	for j in range(i, -1, -1):
		depth += 1 if text[j] == c else -1 if text[j] == o else 0
		if depth == 0:
			return j
	return -1

def failure_test(x):
	"""A regex of the conditions that hold where the mapping x (a regex)
	failed: !x, x == NULL, NULL == x, IS_ERR(x), IS_ERR_OR_NULL(x)."""
	return r"(?<![\w)])!\s*\(?\s*%s\s*\)?(?![\w.\[(]|->)|%s\s*==\s*NULL|NULL\s*==\s*%s|(?<!!)IS_ERR(_OR_NULL)?\(\s*%s\s*\)" % (x, x, x, x)

def failure_return(p):
	"""Whether the return at p hands back a failed mapping: it is the last
	statement of an if that tests what it returns for failure (if
	(IS_ERR(x)) return x; if (!x) { ...; return ERR_CAST(x); }), so
	nothing mapped reaches the caller.  Read from the text, comments and
	literals blanked: a rule that matched every such if of a file cost
	more than all the helper rules together."""
	body = definition(p)
	flat_text, starts = flat(p[0].file)
	at = starts[int(p[0].line) - 1] + int(p[0].column)
	m = re.match(r"return\b\s*([^;]*);\s*(\S?)", flat_text[at:at + 4096])
	if not body or not m:
		return False
	v = re.sub(r"\s+", "", m.group(1))
	c = re.fullmatch(r"ERR_CAST\((.*)\)", v)
	v = c.group(1) if c else v
	text = flat_text[starts[int(p[0].line) - len(body)]:at]
	end = len(text.rstrip()) - 1
	if end >= 0 and text[end] != ")":
		# In a block: the return must close it.
		i = opening(text + "}", len(text), "{", "}") if m.group(2) == "}" else -1
		end = len(text[:i].rstrip()) - 1 if i >= 0 else -1
		if end < 0 or text[end] != ")":
			return False
	start = opening(text, end, "(", ")")
	if start < 0 or not re.search(r"(?<![\w.>])if\s*$", text[:start]):
		return False
	cond = re.sub(r"^\s*(?:un)?likely\s*\((.*)\)\s*$", r"\1", text[start + 1:end], flags=re.S)
	return re.fullmatch(r"\s*(?:%s)\s*" % failure_test(re.escape(v)), cond, re.S) is not None
# <<< cocci/lib/lifo_source.py
# >>> cocci/lib/lifo_rule.py: copied in by make regen (cocci/bin/inline-py.pl); edit that file
# SPDX-License-Identifier: GPL-2.0-only
# The Python of cocci/kmap_local_lifo.cocci: what its rules record, and
# the judges of what they record.  The rule is one file, so its
# @initialize:python@ block holds a copy of lifo_source.py, then one of
# this module, which calls it; the rules after that block call these
# functions.  make regen writes the copies (cocci/bin/inline-py.pl):
# edit this file, not them.
#
# Plain python3, standard library only: cocci/t/lifo_rule_test.py tests
# it without spatch, with positions made as spatch makes them (a list of
# objects with file, line, column, column_end and current_element, the
# numbers as strings).  What needs spatch (cocci, coccinelle, coccilib)
# stays in the script rules.  The lines ending in "summaries: NAME" are
# filled from the name lists as the rules are (make regen, make scan:
# cocci/lib/LifoLists.pm).
#
# The SmPL lexer of Coccinelle 1.1.1 reads this text too: no apostrophe
# anywhere, no hash sign inside a string (write \x23), no string ending
# in a backslash (chr(92)), an even number of double quotes in a comment
# after code, no line starting with a hash sign and the name of the tool
# (a directive to it), tabs to indent.  cocci/t/lifo_rule_test.py checks
# them.
import bisect
import json	# (for the records the script rules print)
import os	# (where the tree is: included())
import re

# Summaries of functions defined in other files (a driver that checks a
# whole tree finds them: "WRAPPER: fieldmap|fieldrelease FUNC INDEX PATH
# FILE"): a call maps, or releases, field PATH of its argument INDEX.  By
# name: only functions that other files can call (not static) are listed.
# Also the members of operations tables set to such functions ("map
# MEMBER INDEX PATH STRUCT": E->MEMBER(...) calls one, in a file that
# names STRUCT).
extern_fields = "" # summaries: fields.list
# The modes the helpers of a tree map in: "guard NAME INDEX CONST", the
# helper maps on the stack only when given CONST there (erofs_bread()
# of 6.1 maps with kmap_atomic() for EROFS_KMAP_ATOMIC, with kmap() else).
call_guards = "" # summaries: guards.list
# Functions whose result is a mapping.
iterator_names = "sg_miter_next;skb_seq_read" # summaries: iterators.list
# Functions that release their argument.
plain_release_names = "kunmap_local;kunmap_atomic;__kunmap_local;__kunmap_atomic;pte_unmap;pte_unmap_unlock;folio_release_kmap;unmap_and_put_page;sg_miter_stop;skb_abort_seq_read;io_mapping_unmap_local;io_mapping_unmap_atomic" # summaries: releases.list
plain_releases = set(plain_release_names.split(";"))
iterators = set(iterator_names.split(";"))
# Functions, and members of operations tables (E->unmap(pool, h)), that
# release by key (keyreleases, opkeyreleases: lifo_source.py).
keyrel_names = set(keyreleases.split(";") + opkeyreleases.split(";")) - {""}
# An array of a parameter mapped, or released, in a loop counting up or
# down (a helper that maps c->ptrs[i] for its caller): "->ptrs[up]";
# the parameter itself, its elements a field (iov[i].iov_base):
# "[down].iov_base".  Inside the rules the direction is apart and the
# path keeps "[]": "->ptrs[]", "[].iov_base" (ARRAY_INNER).
ARRAY_PATH = r"((?:(?:->|\.)[\w.>-]*)?)\[(up|down)\]((?:(?:->|\.)\w+)*)"
ARRAY_INNER = r"(?:(?:->|\.)[\w.>-]*)?\[\](?:(?:->|\.)\w+)*"
ext_arrays = {}	# function => [(kind, index, path, direction)]
# The fields a helper of another file leaves mapped below the one of
# its summary: "->dst[below]" (fields_below()).
BELOW_PATH = r"((?:->|\.)[\w.>-]*)\[below\]"
ext_below = {}	# function => set(path)
ext_maps = {}	# function => (index, path)
ext_rels = {}	# function => set((index, path))
# The same for the members of operations tables, and their structures.
ext_member_maps = {}	# member => (index, path)
ext_member_rels = {}	# member => set((index, path))
ext_members = {}	# member => the structures of the tables that set it
for entry in extern_fields.split(";"):
	w = entry.split()
	if len(w) == 4 and w[0] == "map" and w[2].isdigit() and re.fullmatch(BELOW_PATH, w[3]):
		ext_below.setdefault(w[1], set()).add(re.fullmatch(BELOW_PATH, w[3]).group(1))
	elif len(w) == 4 and w[2].isdigit() and re.fullmatch(ARRAY_PATH, w[3]):
		m = re.fullmatch(ARRAY_PATH, w[3])
		ext_arrays.setdefault(w[1], []).append((w[0], int(w[2]), m.group(1) + "[]" + m.group(3), 1 if m.group(2) == "up" else -1))
	elif len(w) in (4, 5) and w[2].isdigit():
		if len(w) == 5:
			ext_members.setdefault(w[1], set()).add(w[4])
		maps_of, rels_of = (ext_member_maps, ext_member_rels) if len(w) == 5 else (ext_maps, ext_rels)
		if w[0] == "map":
			maps_of[w[1]] = (int(w[2]), w[3])
		elif w[0] == "release":
			rels_of.setdefault(w[1], set()).add((int(w[2]), w[3]))
guards = {}	# function => (index, constant)
for entry in call_guards.split(";"):
	w = entry.split()
	if len(w) == 4 and w[0] == "guard" and w[2].isdigit():
		guards[w[1]] = (int(w[2]), w[3])
mapcalls = {}
nested = set()
# Where a mapping failed (if (!B) ...): key of the position => the
# handles tested there, and the keys of the mappings of the helpers
# that map through an out-parameter tested there (note_null()).
nullexit = {}
# What each function releases by a release the rules know (brel):
# where => [argument].
released_in = {}
aliases = {}
owners = {}

def null_at(p, b, pb):
	"""Whether p is where the mapping of b at pb failed: a release there
	releases nothing out of order, a goto there leaves with b unmapped.
	(Of that mapping only, or an alias of it: another mapping made since
	is still held.)"""
	return any(h == key(pb) or (isinstance(h, str) and not distinct(h, b, pb)) for h in nullexit.get(key(p), ()))

def note_null(pn, what):
	"""The mapping of what (a handle, or the key of a mapping) failed
	where pn is."""
	nullexit.setdefault(key(pn), set()).add(what)

def key(p):
	return (p[0].file, p[0].line, p[0].column)

def where(p):
	return (p[0].file, p[0].current_element)

def callee(p):
	"""The name of the function called at position p."""
	lines = lines_of(p[0].file)
	ln = int(p[0].line) - 1
	if ln >= len(lines):
		return "?"
	m = re.match(r"\w+", lines[ln][int(p[0].column):])
	return m.group(0) if m else "?"

def shown_callee(p):
	"""callee(p) as a finding names it: "->map" for a member of an
	operations table called through a pointer (E->map(...))."""
	lines = lines_of(p[0].file)
	ln = int(p[0].line) - 1
	before = lines[ln][:int(p[0].column)] if ln < len(lines) else ""
	return ("->" if before.rstrip().endswith("->") else "") + callee(p)

tidied = {}

def tidy(e):
	"""An expression as the kernel writes it (spatch prints "a -> b",
	"( void * ) p", "& m", "* res"): the address of a handle is the handle.  The
	tools that read the records tidy their expressions alike.  (Asked
	for the same expressions at every place a rule tries: kept.)"""
	e = str(e)
	if e not in tidied:
		t = re.sub(r"\s*(->|\.|\[|\])\s*", r"\1", e)
		t = re.sub(r"\s+\)", ")", re.sub(r"\(\s+", "(", t)).strip()
		tidied[e] = re.sub(r"^(\*+)\s+", r"\1", re.sub(r"^&\s*", "", t))
	return tidied[e]

def note_alias(x, y, p):
	"""y = x, x + off, (T)x or x = map(): y releases what the handle x maps."""
	x = tidy(x)
	if "=" in x:
		# "y = x = map()", the map call maybe on the next lines.
		n = int(p[0].line)
		if not maplines.get(where(p), set()) & {n, n + 1, n + 2}:
			return
		x = re.sub(r"\s*=.*$", "", x)
	x = re.sub(r"^\((?:[\w\s]+\*?\s*)+\)\s*", "", x)
	x = re.sub(r"\s*[-+](?!>)\s*.*$", "", x)
	if x in handles.get(where(p), ()):
		aliases.setdefault(where(p), {}).setdefault(x, set()).add(tidy(y))
		k = (where(p), x, tidy(y))
		alias_lines[k] = min(alias_lines.get(k, int(p[0].line)), int(p[0].line))

# (function, x, y) => the first line of "y = x": a y mapped itself before
# that line is its own mapping until there (reused_before()).
alias_lines = {}

def reused_before(x, y, pos):
	"""Whether y, an alias of the handle x in the function of pos, is
	still a mapping of its own at pos: y is mapped before the line that
	sets it from x, and pos comes before that line too (qxl image = ptr
	60 lines below an image mapped and released on its own)."""
	at = alias_lines.get((where(pos), x, y))
	return at is not None and int(pos[0].line) < at and \
		any(n < at for n in handle_lines.get((where(pos), y), ()))

def mentions(e, a, pos=None):
	"""Whether expression e names a, or an alias of a in the function of
	pos, as a whole operand: kunmap_local(a + off), pte_unmap(a - 1),
	folio_release_kmap(f, a); or takes an address inside what a points
	to (&a->info, &a[i]: qxl_release_unmap(qdev, release,
	&drawable->release_info))."""
	addr = re.sub(r"\s+", "", str(e))
	e = squeeze(e)
	named = aliases.get(where(pos), {}) if pos else {}
	todo, done = [tidy(a)], set()
	while todo:
		x = todo.pop()
		if x in done:
			continue
		done.add(x)
		if re.search(r"(?<![\w.>])" + re.escape(squeeze(x)) + r"(?![\w\[(]|->|\.)", e) or \
				re.search(r"(?<![\w.>])&\(?" + re.escape(squeeze(x)) + r"\)?(?:->|\[)", addr):
			return True
		todo.extend(y for y in named.get(x, ()) if not reused_before(x, y, pos))
	return False

def squeeze(e):
	"""tidy(e) without the spaces around operators, which spatch prints
	as the code has them or not ("p[m     -     1]", "p[m - 1]")."""
	return re.sub(r"\s*([^\w\s])\s*", r"\1", re.sub(r"\s+", " ", tidy(e)))

def mapping(e, pos, line=None, mapped_in=None):
	"""The mapping of a finding: the expression e as shown, the mapping
	function called at pos, its line, the function that mapped it."""
	m = {"expr": e, "map": shown_callee(pos), "line": int(line if line is not None else pos[0].line)}
	if mapped_in:
		m["mapped_in"] = mapped_in
	return m

def record(kind, p, first, second, **more):
	"""A finding: its kind (pair, array, field), the release at p, its
	function and the two mappings (for an array, its mapping call twice)."""
	r = {"kind": kind, "file": p[0].file, "line": int(p[0].line),
	     "column": int(p[0].column), "end_column": int(p[0].column_end),
	     "function": p[0].current_element, "first": first, "second": second}
	r.update(more)
	return r

def message(r):
	"""The words of a finding, from its record: what report and org modes
	print, and what a record carries as its message."""
	a, b = r["first"], r["second"]
	if r["kind"] == "array":
		return "%s(): %s (%s, line %s) mapped in a loop counting %s but released in one counting %s too; release the last element mapped first" % (
			r["function"], a["expr"], a["map"], a["line"], r["counting"], r["counting"])
	def shown(m):
		by = m["map"] + (" in %s()" % m["mapped_in"] if "mapped_in" in m else "") + (
			" in an earlier round" if m.get("round") == "earlier" else "")
		return "%s (%s, line %s)" % (m["expr"], by, m["line"])
	return "%s(): %s mapped before %s but released first; release %s before %s" % (
		r["function"], shown(a), shown(b), b["expr"], a["expr"])

def distinct(a, b, pos=None):
	"""Two handles, not one seen twice (a loop maps it again) or under
	two names (aliases in the function of pos)."""
	return not mentions(a, b, pos) and not mentions(b, a, pos)

def assignee(pos):
	"""The handle the result of a mapping call is assigned to, as written:
	a name with its fields and indexes, whatever the index holds
	(p[nr - 1], p[i]->f)."""
	text = lines_of(pos[0].file)[int(pos[0].line) - 1][:int(pos[0].column)]
	m = re.search(r"(?<![=!<>+*/%&|^-])=\s*(\([^()]*\)\s*)?$", text)
	if not m:
		return None
	lhs = text[:m.start()].rstrip()
	i = len(lhs)
	while i > 0:
		if lhs[i - 1] == "]":
			depth, j = 0, i - 1
			while j >= 0:
				depth += {"]": 1, "[": -1}.get(lhs[j], 0)
				if depth == 0:
					break
				j -= 1
			if j < 0:
				return None
			i = j
		elif re.match(r"[\w.]", lhs[i - 1]):
			i -= 1
		elif lhs[max(i - 2, 0):i] == "->":
			i -= 2
		else:
			break
	# (What a pointer points to, *res = dir_get_folio(...); not the
	# declarator of void *x = ...)
	j = i
	while j > 0 and lhs[j - 1] == "*":
		j -= 1
	if j < i and re.search(r"(^|[(=,;{}])\s*$", lhs[:j]):
		i = j
	return tidy(lhs[i:]) if re.match(r"\**[A-Za-z_]", lhs[i:]) else None

def same(a, b):
	"""Expressions a and b alike but for their spacing (spatch prints
	"p[n - 1]" where the code has p[n-1])."""
	return a is not None and b is not None and squeeze(a) == squeeze(b)

# One finding per pair of mappings in a function: the earliest release
# that breaks their order, under the handle the result of each call goes
# to ("start_pte = pte = map()" is pte).  Each finding: rank, the position
# of the release, the record (record()), and the org links to the mappings.
found = {}

def keep(g, rank, p, rec, links):
	if g not in found or rank < found[g][0]:
		found[g] = (rank, p, rec, links)

def on_stack(x, pos):
	"""Whether the mapping of x made at pos is on the kmap_local stack.
	A helper that maps only in one mode (guards) does not when its call
	passes another constant there.
	sg_miter_next() maps with kmap() unless the iterator was started
	with SG_MITER_ATOMIC (lib/scatterlist.c): an iterator that the
	function starts with flags naming SG_MITER_* only, without it, is
	not, nor one started with a local every assignment of which names
	such flags only; flags the rules cannot read count as atomic."""
	g = guards.get(callee(pos))
	if g:
		args = call_at(pos)[1]
		a = args[g[0]].strip() if g[0] < len(args) else ""
		return not re.fullmatch(r"[A-Z][A-Z0-9_]*", a) or a == g[1]
	if callee(pos) != "sg_miter_next":
		return True
	text = " ".join(definition(pos))
	for m in re.finditer(r"\bsg_miter_start\s*\(", text):
		args = call_args(text[m.end() - 1:])
		if len(args) == 4 and tidy(args[0]) == tidy(x):
			code = re.sub(r"/\*.*?\*/|//[^\n]*", " ", "\n".join(definition(pos)), flags=re.S)
			return miter_atomic(args[3].strip(), code, param_names(pos))
	return True

def miter_flags(e):
	"""Whether expression e names SG_MITER_* flags only."""
	return re.fullmatch(r"[\sA-Z0-9_|()]*", e) is not None and \
		all(w.startswith("SG_MITER_") for w in re.findall(r"[A-Za-z_]\w*", e))

def miter_atomic(flags, text, params=()):
	"""Whether the flags an sg_miter iterator is started with in the
	function text can hold SG_MITER_ATOMIC: constants, or a local each
	assignment of which is constants (either value of a choice: if/else
	or c ? SG_MITER_TO_SG : SG_MITER_FROM_SG); anything else can (a
	parameter, whatever the function assigns it)."""
	if miter_flags(flags):
		return "SG_MITER_ATOMIC" in flags
	# (Either value of a choice written in the call.)
	c = re.fullmatch(r"[^?:]*\?([^?:]*):([^?:]*)", flags)
	if c and miter_flags(c.group(1)) and miter_flags(c.group(2)):
		return "SG_MITER_ATOMIC" in flags
	if not re.fullmatch(r"[A-Za-z_]\w*", flags) or flags in params or re.search(r"&\s*%s\b" % flags, text):
		return True
	values = []
	for m in re.finditer(r"(?<![\w.>])%s\s*([^\s=!<>]?)=(?!=)\s*([^;]*);" % flags, text):
		if m.group(1) == "&":	# (clears flags: adds none)
			continue
		if m.group(1) not in ("", "|") or "SG_MITER_ATOMIC" in m.group(2):
			return True
		v = m.group(2).split("?", 1)[-1].replace(":", "|")
		if not miter_flags(v):
			return True
		values.append(v)
	return not values

def note(a, pa, b, pb, p):
	if not distinct(a, b):
		return
	if not on_stack(a, pa) or not on_stack(b, pb):
		return
	g = (p[0].file, p[0].current_element, frozenset((key(pa), key(pb))))
	rank = (int(p[0].line), int(p[0].column),
		not same(a, assignee(pa)), not same(b, assignee(pb)))
	ea, eb = shown_as.get(key(pa), tidy(a)), shown_as.get(key(pb), tidy(b))
	keep(g, rank, p, record("pair", p, mapping(ea, pa), mapping(eb, pb)),
	     [(pa, "%s mapped" % tidy(a)), (pb, "%s mapped" % tidy(b))])

def note_carried(y, x, pa, p, fld=None, pa2=None):
	"""y keeps what x mapped at pa in an earlier round of a loop, and is
	released at p after x is mapped at pa again, or at pa2 (for a
	structure x, a helper given &x maps its field, or x.fld is mapped,
	released through y, a pointer to a copy of x)."""
	pa2 = pa if pa2 is None else pa2
	if not on_stack(x, pa) or not on_stack(x, pa2):
		return
	# Released where the new mapping failed (if (IS_ERR(de)) {...}): the
	# copy is the only mapping held there.
	if failed_test(lines_of(p[0].file), int(p[0].line) - 1, [str(x)] + [n for n in [assignee(pa2)] if n]):
		return
	# (Straight on from the newer mapping, a release of x, or of a copy
	# of it, in a block that does not leave: a release under a test the
	# rules cannot relate, or through an alias; the main rule decides
	# those.)
	if key(pa) != key(pa2) and int(pa2[0].line) < int(p[0].line) and released_between(x, pa2, p):
		return
	# (After the block that runs where the newer mapping succeeded, a
	# block that leaves: if (!IS_ERR(de)) { ... continue; } out: put(y).)
	if after_success_block(x, pa2, p):
		return
	h = helpers_of(pa[0].file).get(callee(pa))
	if fld:
		y, x = "%s->%s" % (tidy(y), fld), "%s.%s" % (tidy(x), fld)
	elif h:
		y, x = field_through(y, h[1]), field_through("&" + str(x), h[1])
	y, x = tidy(y), tidy(x)
	first = mapping(y, pa)
	if key(pa) == key(pa2):
		first["round"] = "earlier"
	# (One finding for the newer mapping: the one of an earlier round of
	# the loop rather than the one before the loop, when both are.)
	g = (p[0].file, p[0].current_element, "carried", key(pa2), y)
	keep(g, (int(p[0].line), int(p[0].column), key(pa) != key(pa2)), p, record("pair", p, first, mapping(x, pa2)),
	     [(pa, "%s mapped, and kept in %s" % (x, y))] + ([(pa2, "%s mapped again" % x)] if key(pa) != key(pa2) else []))

def indent(t):
	"""The columns line t is indented by, a tab to the next multiple of 8."""
	return len(t.expandtabs(8)) - len(t.expandtabs(8).lstrip())

def after_success_block(x, a, b):
	"""Whether the statement at position b follows, with nothing but
	labels and if heads between, the block of an if that right after
	the mapping at position a tests it for success (if (!IS_ERR(de)) {,
	de the handle a assigns, or x), whose last statement leaves: b then
	runs where the mapping failed, or after a goto out of the block, and
	each goto to a label before b follows a release of x in its block
	(erofs_find_target_block())."""
	lines = lines_of(b[0].file)
	n, end = int(a[0].line) - 1, int(b[0].line) - 1
	while n < end and not lines[n].rstrip().endswith(";"):
		n += 1
	k = n + 1
	while k < end and not lines[k].strip():
		k += 1
	names = [tidy(x)] + [v for v in [assignee(a)] if v]
	m = re.match(r"\s*if\s*\((.*)\)\s*\{\s*$", lines[k]) if k < end else None
	if not m or not any(re.fullmatch(r"\s*(?:likely\s*\()?\s*(?:!\s*IS_ERR(?:_OR_NULL)?\(\s*%s\s*\)|%s|%s\s*!=\s*NULL)\s*\)?\s*" % ((re.escape(v),) * 3), m.group(1)) for v in names):
		return False
	depth, j = 0, k
	for j in range(k, end):
		depth += lines[j].count("{") - lines[j].count("}")
		if depth == 0:
			break
	if depth or j <= k:
		return False
	body = [t for t in lines[k + 1:j] if t.strip()]
	if not body or not re.match(r"\s*(?:continue|break|return\b[^;]*|goto\s+\w+)\s*;", body[-1]) or indent(body[-1]) > min(indent(t) for t in body):
		return False
	labels, depth = set(), 0
	for t in lines[j + 1:end]:
		lm = re.match(r"\s*(\w+)\s*:(?!:)", t)
		if lm:
			labels.add(lm.group(1))
		elif t.strip() and not re.match(r"\s*(?:if\s*\(.*\)\s*\{?|[{}]|/[/*].*)\s*$", t):
			return False
		# (A "}" that closes a block around the if: b is past the
		# loop, which a break or the last round leaves mapped.)
		depth += t.count("{") - t.count("}")
		if depth < 0:
			return False
	rels = plain_releases | iterators | set(release_helper_names(b[0].file))
	for g in range(k + 1, j):
		gm = re.search(r"\bgoto\s+(\w+)\s*;", lines[g])
		if not gm or gm.group(1) not in labels:
			continue
		# (The statements of its block before it.)
		h = g
		while h > k and (not lines[h - 1].strip() or indent(lines[h - 1]) >= indent(lines[g])):
			h -= 1
		seg = "\n".join(lines[h:g])
		if not any(cm.group(1) in rels and any(mentions(arg, tidy(x), b) for arg in call_args(seg[cm.end() - 1:]))
			   for cm in re.finditer(r"\b(\w+)\s*\(", seg)):
			return False
	return True

def released_between(x, a, b):
	"""Whether the lines from position a to the one before position b
	release x, or a copy of it made there (cur = x), in a statement that
	is not followed by a return or goto in its block (an exit)."""
	lines = lines_of(b[0].file)
	lo, hi = int(a[0].line) - 1, int(b[0].line) - 1
	seg = "\n".join(lines[lo:hi])
	x = tidy(x)
	names = {x} | set(re.findall(r"(?<![\w.>])(\w+)\s*=\s*%s\s*;" % re.escape(x), seg))
	rels = plain_releases | iterators | set(release_helper_names(b[0].file))
	for m in re.finditer(r"\b(\w+)\s*\(", seg):
		if m.group(1) not in rels:
			continue
		if not any(mentions(arg, n, b) for arg in call_args(seg[m.end() - 1:]) for n in names):
			continue
		rest = seg[m.end():]
		close = rest.find("}")
		if not re.search(r"\b(return|goto|break|continue)\b", rest if close < 0 else rest[:close]):
			return True
	return False

decided = set()

def note_array(arr, pa, way, p):
	"""Array arr (its elements) mapped at pa in a loop counting way, and
	released from p in a later loop counting the same way."""
	g = (p[0].file, p[0].current_element, arr, key(pa))
	m = mapping(arr, pa)
	keep(g, (int(p[0].line), int(p[0].column)), p, record("array", p, m, dict(m), counting=way),
	     [(pa, "%s mapped" % arr.replace("[]", "[i]", 1))])

shown_undecided = set()
early_hits = set()	# (release, A, B) that early found

def undecided_array(arr, pa, why="released in no counting loop the rules can order"):
	"""An array mapped in a loop whose releases the rules cannot order."""
	if key(pa) in decided or key(pa) in shown_undecided:
		return
	shown_undecided.add(key(pa))
	print("UNDECIDED: %s:%s: %s(): %s (%s) mapped in a loop, %s" % (
		pa[0].file, pa[0].line, pa[0].current_element, arr, callee(pa), why))

# Arrays of mappings: an element (a[i], a[i].f, a[i]->f) mapped in a
# loop, directly or through a local stored there, then released in a
# later loop, directly, through a local or through a copy of the array.
# The last element mapped must be released first: the two loops must
# count the index the other way.  The rules below record what they match
# per file; arrays() judges once the file has been read, with the extents
# and steps of the loops read from its text (spatch 1.1.1 gives a statement no
# position and cannot match do/while).
el_data = {}	# file => kind => [(position, what)]
el_undecided = []

def el_note(kind, p, what):
	el_data.setdefault(p[0].file, {}).setdefault(kind, []).append((p, what))

def element(e):
	"""(name, index) of an element expression: ("a[].f", "i") for a[i].f;
	None for anything else."""
	e = tidy(e)
	e = re.sub(r"^\((?:[\w\s]+\*?\s*)+\)\s*", "", e)	# a cast
	m = re.fullmatch(r"(.+\])((?:(?:\.|->)\w+)*)", e)
	if not m:
		return None
	body, depth = m.group(1), 0
	for i in range(len(body) - 1, -1, -1):
		depth += {"]": 1, "[": -1}.get(body[i], 0)
		if depth == 0:
			break
	if depth or i == 0:
		return None
	return (body[:i] + "[]" + m.group(2), body[i + 1:-1].strip())

def stored_local(v):
	"""The local v is, as a store into an array element takes it (L, L
	+ off, (T)L, (T)L + off), or None.  (Read here rather than matched:
	that pattern at every assignment costs spatch seconds on a tree.)"""
	v = re.sub(r"\s+", " ", str(v)).strip()
	m = re.fullmatch(r"(?:\( ?[\w ]+(?:\* ?)*\) ?)?([A-Za-z_]\w*)(?: ?\+ ?(.+))?", v, re.S)
	if not m:
		return None
	rest = (m.group(2) or "").replace("->", ".")
	while re.search(r"\([^()]*\)", rest):
		rest = re.sub(r"\([^()]*\)", "_", rest)
	# (An offset of its own: a + b - c is no L + E.)
	return None if re.search(r"[-+?:|&<>=^,]", rest) else m.group(1)

def operand(e):
	"""The handle a release is given, without the casts, parentheses and
	page arithmetic around it: (void *)(addr & PAGE_MASK) is addr, p[i] +
	off is p[i] (any address inside the page releases the mapping)."""
	e, before = tidy(e), None
	while e != before:
		before = e
		e = re.sub(r"^\((?:[\w\s]+\**\s*)+\)\s*(?=[\w(*&])", "", e)	# a cast
		if e.startswith("(") and closing(e, 0, "(", ")") == len(e) - 1:
			e = e[1:-1].strip()
		depth = 0
		for i, c in enumerate(e):
			depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(c, 0)
			if depth == 0 and i and (c in "+&|" or c == "-" and e[i + 1:i + 2] != ">"):
				e = e[:i].strip()
				break
	return e

def offset(p):
	starts = flat(p[0].file)[1]
	n = int(p[0].line) - 1
	return starts[n] + int(p[0].column) if n < len(starts) else -1

# The name of a loop macro (bio_for_each_segment(), list_for_each_entry()).
LOOP_MACRO = r"\w*for_each\w*"

def statement_end(text, i):
	"""The offset of the last character of the statement at text[i]."""
	while i < len(text) and text[i].isspace():
		i += 1
	if text.startswith("{", i):
		return closing(text, i, "{", "}")
	m = re.match(r"(if|for|while|switch|%s)\s*\(" % LOOP_MACRO, text[i:i + 80])
	if m:
		e = statement_end(text, closing(text, i + m.end() - 1, "(", ")") + 1)
		n = m.group(1) == "if" and re.match(r"\s*else\b", text[e + 1:e + 80])
		return statement_end(text, e + 1 + n.end()) if n else e
	if re.match(r"do\b", text[i:i + 3]):
		e = statement_end(text, i + 2)
		n = re.match(r"\s*while\s*\(", text[e + 1:e + 80])
		return text.find(";", closing(text, e + n.end(), "(", ")")) if n else e
	depth = 0
	for j in range(i, len(text)):
		depth += 1 if text[j] in "([{" else -1 if text[j] in ")]}" else 0
		if depth <= 0 and text[j] == ";" or depth < 0:
			return j
	return len(text) - 1

def steps(text, v):
	"""How often text counts v up, and down."""
	v = re.escape(v)
	up = r"\b%s\s*\+\+|\+\+\s*%s\b|\b%s\s*\+=|\b%s\s*=\s*%s\s*\+" % (v, v, v, v, v)
	down = r"\b%s\s*--|--\s*%s\b|\b%s\s*-=|\b%s\s*=\s*%s\s*-" % (v, v, v, v, v)
	return len(re.findall(up, text)), len(re.findall(down, text))

def loop_direction(text, loop, idx):
	"""+1 when the loop at extent loop takes the elements a[idx] counting
	up, -1 down, 0 when the rules cannot tell (no single counter, an
	index that is not linear in it)."""
	if not re.fullmatch(r"[\w\s+\-]+", idx):
		return 0
	body = text[loop[0]:loop[1] + 1]
	m = re.match(r"for\s*\(", body)
	if m:	# the initialisation sets the counter, it does not step it
		body = body[body.find(";", m.end()):]
	counted = {}
	for v in set(re.findall(r"\b[A-Za-z_]\w*\b", idx)):
		up, down = steps(body, v)
		if up or down:
			counted[v] = (up, down)
	if len(counted) != 1:
		return 0
	v, (up, down) = counted.popitem()
	if up and down:
		return 0
	sign = -1 if re.search(r"-\s*%s\b" % re.escape(v), idx) else 1
	return sign if up else -sign

def arrays():
	"""Judge the arrays of mappings of the files the rules have read."""
	for f in list(el_data):
		judge_arrays(f, el_data.pop(f))

def judge_arrays(f, d):
	text = flat(f)[0]
	heads = {offset(p) for p, _ in d.get("loops", ())}
	heads |= {m.start() for m in re.finditer(r"\bdo\b(?=\s*[{\w])", text)}
	# Loop macros (bio_for_each_segment(), list_for_each_entry()), for
	# which the rules get no position as loops.
	heads |= {m.start() for m in re.finditer(r"(?<![\w.>])%s(?=\s*\()" % LOOP_MACRO, text)}
	loops = [(o, statement_end(text, o)) for o in heads if o >= 0]
	inners = {}
	def inner(o):
		"""The innermost loop around offset o: (start, end), or None."""
		if o not in inners:
			best = None
			for a, b in loops:
				if a < o <= b and (best is None or b - a < best[1] - best[0]):
					best = (a, b)
			inners[o] = best
		return inners[o]
	fn_of = lambda p: p[0].current_element
	def by_name(found):
		"""found [(fn, name, offset, x)] as {(fn, name): ([offset], [x])},
		in the order of the offsets, the first of equal offsets last."""
		out = {}
		for n, (fn, name, o, x) in enumerate(found):
			out.setdefault((fn, name), []).append((o, -n, x))
		for k, c in out.items():
			c.sort(key=lambda t: t[:2])
			out[k] = ([t[0] for t in c], [t[2] for t in c])
		return out
	# Locals: the mappings and the copies of elements they hold.
	local_maps = by_name((fn_of(p), w, offset(p), p) for p, w in d.get("maps", ()) if not element(w))
	copies = by_name((fn_of(p), w[0], offset(p), w[1]) for p, w in d.get("copies", ()))
	def latest(found, fn, name, o):
		"""The x of the last of found[(fn, name)] before o in the loop of o."""
		offsets, xs = found.get((fn, name), ((), ()))
		for k in range(bisect.bisect_left(offsets, o) - 1, -1, -1):
			if inner(offsets[k]) == inner(o):
				return xs[k]
		return None
	mapped = []	# (fn, name, index, position of the mapping, loop)
	for p, w in d.get("maps", ()):
		if element(w):
			mapped.append((fn_of(p), *element(w), p, inner(offset(p))))
	for p, (e, l) in d.get("stores", ()):
		pa = latest(local_maps, fn_of(p), l, offset(p)) if element(e) else None
		if pa:
			mapped.append((fn_of(p), *element(e), pa, inner(offset(p))))
	# Aliases: q = p, memcpy(q, p, ...) and q[j] = p[i] let q release the elements of p.
	# Stores that move elements within the array (raid56 rotates
	# pointers[] between its loops: p = a[k]; a[i] = a[i + 1]; a[n] = p):
	# then the order of a loop releasing that array, or a pointer to it,
	# is not that of the mappings (a copy of its elements kept before, as
	# raid56 keeps unmap_array, is).
	alias = {}
	same = {}	# q = p: q is the storage of p (not a copy of its elements)
	moved = []	# (fn, name, offset)
	for p, (q, a) in d.get("aliases", ()):
		eq, ea = element(q), element(a)
		if eq and ea:
			alias.setdefault((fn_of(p), ea[0]), set()).add(eq[0])
			if eq[0] == ea[0]:
				moved.append((fn_of(p), eq[0], offset(p)))
		elif not eq and not ea:
			alias.setdefault((fn_of(p), tidy(a)), set()).add(tidy(q))
			if callee(p) != "memcpy":
				same.setdefault((fn_of(p), tidy(a)), set()).add(tidy(q))
	def closure(table, fn, name):
		"""Array name ("p[]", "p[].f") and the names table gives it, or its
		base ("p"), to a fixed point."""
		out, todo = set(), [name]
		while todo:
			n = todo.pop()
			if n in out:
				continue
			out.add(n)
			todo.extend(table.get((fn, n), ()))
			base = n[:n.index("[]")]
			todo.extend(b + n[len(base):] for b in table.get((fn, base), ()))
		return out
	# The names that release the elements of an array; those that are
	# its storage (q = p: "q[]").
	names = lambda fn, name: closure(alias, fn, name)
	storage = lambda fn, name: closure(same, fn, name)
	for p, (e, l) in d.get("stores", ()):
		ee, x = element(e), latest(copies, fn_of(p), l, offset(p))
		if ee and x and element(x) and element(x)[0] == ee[0]:
			moved.append((fn_of(p), ee[0], offset(p)))
	released = []	# (fn, name, index, position of the release, loop)
	for p, a in d.get("rels", ()):
		a = operand(a)
		e = element(a)
		if not e and re.fullmatch(r"\w+", a):
			x = latest(copies, fn_of(p), a, offset(p))
			e = x and element(x)
		if e:
			released.append((fn_of(p), *e, p, inner(offset(p))))
	# Arrays that helpers map or release, in this file or in others.
	# (Their own calls of each other count: to a fixed point.)
	own, kept = array_summaries(f, text, mapped, released)
	for _ in range(4):
		calls = array_helper_calls(f, own)
		now, kept = array_summaries(f, text, mapped, released, calls)
		if now == own:
			break
		own = now
	else:
		calls = array_helper_calls(f, own)
	hmapped, hreleased = calls
	array_helpers[f] = own
	# (Left mapped for the callers, which are judged.)
	decided.update(key(pa) for pa in kept)
	helped = judge_helped_arrays(text, mapped, released, hmapped, hreleased, names)
	for fn, name, idx, pa, loop in mapped:
		if not loop or key(pa) in helped:
			continue
		mine = names(fn, name)
		rels = [r for r in released if r[0] == fn and r[1] in mine]
		if any(r[4] and loop[0] <= r[4][0] <= loop[1] for r in rels):
			continue	# released in the loop itself: not stacked
		later = [m[4][0] for m in mapped if m[0] == fn and m[1] == name and m[4] and m[4][0] > loop[1]]
		stop = min(later, default=len(text))
		first = {}
		for r in rels:
			if r[4] and loop[1] < r[4][0] < stop:
				if r[4] not in first or offset(r[3]) < offset(first[r[4]][3]):
					first[r[4]] = r
		dm = loop_direction(text, loop, idx)
		for rloop, r in sorted(first.items()):
			if any(m[0] == fn and r[1] in storage(fn, m[1]) and loop[1] < m[2] < rloop[0] for m in moved):
				el_undecided.append((name, pa, "its elements moved within the array before their release loop"))
				break
			dr = loop_direction(text, rloop, r[2])
			if dm == 0 or dr == 0:
				continue
			decided.add(key(pa))
			if dm == dr:
				note_array(name, pa, "up" if dm > 0 else "down", r[3])
		el_undecided.append((name, pa, None))

def param_array(name, pos):
	"""(index, path) when array name is a pointer parameter of the
	function at pos or a field of one ("c->ptrs[]": the parameter c,
	"->ptrs[]"; "iov[].iov_base": iov, "[].iov_base"), or None."""
	m = re.fullmatch(r"(\w+)((?:->[\w.>-]*)?\[\](?:(?:->|\.)\w+)*)", squeeze(name))
	ps = param_names(pos)
	return (ps.index(m.group(1)), m.group(2)) if m and m.group(1) in ps else None

array_helpers = {}	# file => {function: [(kind, index, path, direction)]}

def array_summaries(f, text, mapped, released, hcalls=((), ())):
	"""The arrays of its parameters each function of file f leaves mapped
	by a loop of known direction (released nowhere in it from that loop
	on, by itself or by a helper call of hcalls, array_helper_calls()),
	or releases by one (mapped nowhere in it before): {function:
	[(kind, index, path, direction)]}, and the mappings left mapped."""
	out, kept = {}, []
	for fn, name, idx, pa, loop in mapped:
		pr = loop and param_array(name, pa)
		d = pr and loop_direction(text, loop, idx)
		if d and not any(r[0] == fn and r[1] == name and r[4] and r[4][0] >= loop[0] for r in released) \
				and not any(c[0] == fn and c[1] == name and offset(c[2]) > loop[1] for c in hcalls[1]) \
				and not passed_on(f, fn, loop[1], name[:name.index("[]")]):
			out.setdefault(fn, []).append(("map", pr[0], pr[1], d))
			kept.append(pa)
	for fn, name, idx, p, loop in released:
		pr = loop and param_array(name, p)
		d = pr and loop_direction(text, loop, idx)
		if d and not any(m[0] == fn and m[1] == name and offset(m[3]) < offset(p) for m in mapped) \
				and not any(c[0] == fn and c[1] == name and offset(c[2]) < offset(p) for c in hcalls[0]):
			out.setdefault(fn, []).append(("release", pr[0], pr[1], d))
	return out, kept

def passed_on(f, fn, o, arr):
	"""Whether function fn of file f gives the array arr ("ptrs",
	"c->ptrs") to a call after offset o: a function the rules do not know
	may release it there (release_all(ptrs, n)), so fn leaves nothing
	known mapped."""
	text, starts = flat(f)
	lay = layout(f)
	end = bisect.bisect_right(starts, o) - 1
	# (Preprocessor lines inside the function are outside any for layout().)
	lines = lines_of(f)
	while end + 1 < len(lay) and (lay[end + 1][0] == fn or lines[end + 1].startswith("\x23")):
		end += 1
	stop = starts[end + 1] if end + 1 < len(starts) else len(text)
	name = r"\s*(?:->|\.)\s*".join(re.escape(w) for w in re.split(r"->|\.", squeeze(arr)))
	return re.search(r"[(,]\s*(?:\([\w\s*]+\)\s*)?(?:&\s*)?%s\s*(?:\[\s*0\s*\]\s*)?[,)]" % name, text[o:stop]) is not None

def array_helper_calls(f, own):
	"""The calls in file f of the helpers that map or release an array of
	their argument (own: those of f; ext_arrays: of other files, unless
	f has a function of the name): ([(caller, array, spot, direction)])
	for the mappings, and the same for the releases."""
	local = layout_names(f)
	table = dict((k, v) for k, v in ext_arrays.items() if k not in local)
	table.update(own)
	out = ([], [])
	if not table:
		return out
	for fn, n, col, name, args in calls_of(f, set(table)):
		for kind, idx, path, d in table[name]:
			if args is None or idx >= len(args):
				continue
			inner, _, outer = path.partition("[]")
			arr = field_through(args[idx], inner) + "[]" + outer
			spot = [Spot(f, n + 1, col, col + len(name), fn)]
			out[0 if kind == "map" else 1].append((fn, arr, spot, d))
	return out

def layout_names(f):
	"""The names of the functions file f defines."""
	return set(g for g, _ in layout(f) if g)

def judge_helped_arrays(text, mapped, released, hmapped, hreleased, names):
	"""Pairs of a mapping and the first release of an array where either
	is a call of a helper (hmapped, hreleased: array_helper_calls()): the
	two must count the other way.  Returns the keys of the mappings in
	loops judged here."""
	judged = set()
	# (Not a loop that releases what it maps: nothing stacks there.)
	maps = [(fn, name, pa, loop[1], loop_direction(text, loop, idx), False)
		for fn, name, idx, pa, loop in mapped if loop and not any(r[0] == fn and r[1] in names(fn, name)
			and r[4] and loop[0] <= r[4][0] <= loop[1] for r in released)]
	maps += [(fn, name, spot, offset(spot), d, True) for fn, name, spot, d in hmapped]
	rels = [(fn, name, loop[0], loop_direction(text, loop, idx), p, False)
		for fn, name, idx, p, loop in released if loop]
	rels += [(fn, name, offset(spot), d, spot, True) for fn, name, spot, d in hreleased]
	for fn, name, pa, end, dm, helper in maps:
		mine = names(fn, name)
		again = [m[3] for m in maps if m[0] == fn and m[1] == name and m[3] > end]
		later = sorted((r for r in rels if r[0] == fn and r[1] in mine and end < r[2] < min(again, default=len(text))),
			key=lambda r: r[2])
		if not later or not (helper or later[0][5]):
			continue
		r = later[0]
		if not helper:
			judged.add(key(pa))
		if dm and r[3]:
			decided.add(key(pa))
			if dm == r[3]:
				note_array(name, pa, "up" if dm > 0 else "down", r[4])
	return judged

def if_block(p):
	"""The then-block of the if statement at p: (its text, its first and
	last lines), or None when it is a single statement."""
	text, starts = flat(p[0].file)
	o = offset(p)
	i = text.find("(", o) if o >= 0 else -1
	if i < 0:
		return None
	start = re.compile(r"\s*").match(text, closing(text, i, "(", ")") + 1).end()
	if not text.startswith("{", start):
		return None
	k = closing(text, start, "{", "}")
	return (text[start + 1:k], bisect.bisect(starts, start), bisect.bisect(starts, k))

def exits(p):
	"""Whether the block of the if statement at p ends by leaving the
	flow (return, goto, break, continue): a release in it then does not
	cut the path that skips the block."""
	blk = if_block(p)
	return bool(blk) and re.match(r"(return|goto|break|continue)\b", last_statement(blk[0])) is not None

def last_statement(block):
	"""The last statement of the text of a block, stripped ("" if none)."""
	stmts = [t.strip() for t in re.split(r"[;}]", block) if t.strip()]
	return stmts[-1] if stmts else ""

def enclosing_blocks(text, o):
	"""The offsets of the "{" of the blocks around offset o of text,
	innermost first, inside the body of the function (which opens at
	the start of a line)."""
	depth = 0
	for j in range(o - 1, -1, -1):
		if text[j] == "}":
			depth += 1
		elif text[j] == "{" and depth > 0:
			depth -= 1
		elif text[j] == "{":
			if j == 0 or text[j - 1] == "\n":
				return
			yield j

def in_exiting_block(p):
	"""Whether the statement at p is in a block that ends by leaving the
	function or jumping (if (!c) { kunmap_atomic(p); return 0; }): a
	release there does not release on the path that goes on past the
	block around it."""
	text = flat(p[0].file)[0]
	for j in enclosing_blocks(text, offset(p)):
		k = closing(text, j, "{", "}")
		return re.match(r"(return|goto)\b", last_statement(text[j + 1:k])) is not None
	return False

def mapped_before_in_block(p):
	"""Whether a mapping call comes before the statement at p in the
	block around it (if (w) { data2 = kmap_local_page(q); ...;
	kunmap_local(data); }): a path reaches that mapping with what p
	releases still held, so p does not cut the path into the block."""
	text = flat(p[0].file)[0]
	o = offset(p)
	for j in enclosing_blocks(text, o):
		calls = [m.group(1) for m in re.finditer(r"(?<![\w.>])(\w+)\s*\(", text[j:o])]
		maps = helper_names()
		return any(c in plain_maps or c in iterators or c in maps for c in calls)
	return False

def releases_first(p, a, b, pb):
	"""Whether the first release in the block of the if statement at p
	that names a or b names a: the block itself breaks their order, so
	it must not hide the path into it."""
	blk = if_block(p)
	if not blk:
		return False
	rel = sorted((int(q[0].line), int(q[0].column), x) for x, q in field_releases.get(p[0].file, ())
		     if q[0].current_element == p[0].current_element and blk[1] <= int(q[0].line) <= blk[2])
	for _, _, x in rel:
		if mentions(x, b, pb):
			return False
		if mentions(x, a, pb):
			return True
	return False

def tests_only(c, b):
	"""Whether condition c only tests that b is there (b, b != NULL,
	!IS_ERR(b)): after the mapping of b it holds, so it decides nothing."""
	c = re.sub(r"\s+", "", c)
	c = re.sub(r"^(likely|unlikely)\((.*)\)$", r"\2", c)
	b = re.escape(re.sub(r"\s+", "", tidy(b)))
	return re.fullmatch(r"(%s|%s!=NULL|NULL!=%s|!IS_ERR(_OR_NULL)?\(%s\))" % (b, b, b, b), c) is not None

def tests_release_member(c, pb):
	"""Whether condition c only tests that a member of an operations table
	that releases a field is there (ops->unmap_local, ops->unmap_local !=
	NULL): the release through it is made wherever the member mapped."""
	m = re.fullmatch(r"[\w.>\[\]-]+(?:->|\.)(\w+)(?:!=NULL)?", re.sub(r"\s+", "", tidy(c)))
	return bool(m) and m.group(1) in release_helper_names(pb[0].file)

def tests_result(c, pb):
	"""Whether condition c only tests what the call at pb of a helper that
	maps through an out-parameter returned (dir_de = ext2_dotdot(dir,
	&page, &page_addr), then if (dir_de)): it holds wherever the call
	mapped."""
	x = assignee(pb)
	return helper_calls.get(key(pb), (0, ""))[1] == "*" and x is not None and tests_only(c, x)

def tests_field(c, pb):
	"""Whether condition c only tests the field that the helper call at
	pb maps (switch_bufs(&dctx), then if (dctx.kout)): it holds wherever
	the call mapped it."""
	return key(pb) in shown_as and tests_only(c, shown_as[key(pb)])

def guards_of(pos):
	"""The conditions of the if statements the statement at pos is in the
	then-branch of, innermost first, as written (flat text)."""
	text, starts = flat(pos[0].file)
	n = int(pos[0].line) - 1
	if n >= len(starts):
		return []
	def before(j):
		# The text just before offset j (a window: the file can be long).
		return text[max(j - 400, 0):j].rstrip()
	def header(j):
		# The condition of "if (C)" that ends just before offset j.
		t = before(j)
		if not t.endswith(")"):
			return None
		o = opening(t, len(t) - 1, "(", ")")
		return t[o + 1:-1] if o > 0 and re.search(r"(?<![\w.>])if\s*$", t[:o]) else None
	found = [header(starts[n])] + [header(j) for j in enclosing_blocks(text, starts[n])]
	return [c for c in found if c is not None]

def same_guard(c, pb):
	"""Whether condition c guards the mapping at pb too (if (n == PAGE_SIZE)
	src = kmap_local_page(page); ... if (n == PAGE_SIZE) kunmap_local(src),
	zram_write_page()), it tests plain variables only (no call, no field,
	nothing read through a pointer, which a call may change), and the
	function neither assigns them nor takes their address from the
	mapping on: it holds wherever B is mapped."""
	c = squeeze(c)
	if re.search(r"\w\s*\(|->|\.|\[|(?<![\w)\s])\*", c) or not any(squeeze(g) == c for g in guards_of(pb)):
		return False
	names = set(re.findall(r"(?<![\w.>])[a-z_]\w*", c))
	if not names:
		return True
	lines, line = lines_of(pb[0].file), int(pb[0].line)
	alt = "|".join(map(re.escape, sorted(names)))
	assign = re.compile(r"(?<![\w.>])(?:%s)\s*(?:[-+*/|&^]?=(?!=)|\+\+|--)|(?:\+\+|--)\s*(?:%s)\b" % (alt, alt))
	address = re.compile(r"&\s*(?:%s)\b" % alt)
	body = lines_in(pb[0].file, pb[0].current_element)
	return not any(assign.search(lines[n]) or address.search(lines[n]) for n in body if n + 1 > line)

def flag_set_with(c, pb):
	"""Whether condition c is a flag set true beside the mapping at pb
	("src = map(); unmap_src = true;"): it then holds while B is mapped."""
	c = re.sub(r"\s+", "", c)
	if not re.fullmatch(r"\w+", c):
		return False
	lines = lines_of(pb[0].file)
	n = int(pb[0].line)
	return any(re.search(r"\b%s\s*=\s*(true|1)\s*;" % c, t) for t in lines[n - 1:n + 3])

def undecided_guard(a, b, pb, p):
	"""A released at p on a path that skips a conditional release of B."""
	if not distinct(a, b, p) or (key(p), tidy(a), tidy(b)) in early_hits:
		return
	k = ("guard", p[0].file, p[0].line)
	if k in shown_undecided:
		return
	shown_undecided.add(k)
	print("UNDECIDED: %s:%s: %s(): %s (line %s) may still be mapped here, where %s is released: that depends on the conditions of its releases" % (
		p[0].file, p[0].line, p[0].current_element, tidy(b), pb[0].line, tidy(a)))

def params_of(pos):
	"""The pointer parameters of the function at pos, [(type, name)]."""
	ps = [re.match(r"\s*(.*?)\s*\*\s*(\w+)\s*$", a) for a in parameters(pos)]
	return [(re.sub(r"\s+", " ", q.group(1)), q.group(2)) for q in ps if q]

def field_of(x, pos):
	"""x as (type, path from a pointer parameter: "$->src.addr"), or None.
	Also from a local pointer set from a parameter (a callback: "struct
	s *p = data;") and from a structure of the function (s.addr, given
	to a helper as &s: "$->addr")."""
	x = tidy(x)
	for t, name in params_of(pos):
		if re.match(re.escape(name) + r"(->|\.)", x):
			return (t, "$" + x[len(name):], name)
	m = re.match(r"(\w+)(->|\.)", x)
	if not m:
		return None
	names = param_names(pos)
	for text in definition(pos):
		d = re.search(r"\b(struct\s+\w+)\s*(\*?)\s*%s\s*(=\s*(?:\([^()]*\)\s*)?(\w+)\s*)?[;,=]" % m.group(1), text)
		if d and (d.group(2) == "*") == (m.group(2) == "->") and (not d.group(2) or d.group(4) in names):
			return (re.sub(r"\s+", " ", d.group(1)), "$->" + x[m.end():], m.group(1))
	return None

# Across functions of a file: fields a function maps and never releases
# (it leaves them to another), and the releases of fields.
field_maps = {}
field_releases = {}

def struct_arg(x, pos):
	"""A field x = "p->f..." as (index of the parameter p is, or that the
	local pointer p is set from: "struct s *p = data;", path "->f..."),
	or None.  What a pointer parameter points to, x = "*p" (an
	out-parameter: "*page_addr = kmap_local_folio(...)"), has path "*"."""
	m = re.match(r"\(?\s*(\w+)\s*\)?(->.*)$", tidy(x))	# (p)->f in a macro
	d = re.fullmatch(r"\*\s*\(?\s*(\w+)\s*\)?|\(\s*\*\s*(\w+)\s*\)", tidy(x))
	if d:
		base, path = d.group(1) or d.group(2), "*"
	elif m:
		base, path = m.groups()
	else:
		return None
	names = param_names(pos)
	if base not in names:
		for text in definition(pos):
			src = [name for p, name in pointer_copies(text) if p == base and name in names]
			if src:
				base = src[0]
				break
		else:
			return None
	return (names.index(base), path)

# Helpers that leave a field of the structure they are passed mapped, as
# an iterator does (they may release what they mapped there before): a
# call maps that field of its argument in place, and so does passing
# the helper as a callback with the structure.  Per file, from the
# field mappings and releases the rules above noted.
helper_maps = {}	# file => [(function, index, path, line)]
helpers = {}		# file => {function: (index, path)}
helper_dirty = set()
helper_calls = {}	# key(call) => (index, path)
shown_as = {}		# key(call) => the field the call maps, as written

release_helpers = {}	# file => {function: set((index, path))}
# Every field a function can leave mapped (helpers: the one on top).
held_fields = {}	# file => {function: set((index, path))}

def summarize_dirty():
	if helper_dirty:
		names_memo.clear()
	for f in sorted(helper_dirty):
		helpers[f], release_helpers[f], held_fields[f] = summarize(f)
		summarized.add(f)
		own_names.pop(("maps", f), None)
		own_names.pop(("releases", f), None)
	helper_dirty.clear()

# The names of the helpers of each file read and of the members of its
# tables set to them (with_members()), until its summaries change:
# helper_names() unites them for every file read after each change.
own_names = {}

def own_helper_names(kind, f, h):
	if (kind, f) not in own_names:
		own_names[(kind, f)] = set(with_members(f, {}, {}, h))
	return own_names[(kind, f)]

summarized = set()
# The name sets the constraints below ask for at every identifier they
# try, made once until the summaries of a file change.
names_memo = {}

def helpers_of(f):
	"""The field helpers a call in file f can reach: {function: (index,
	path)}, those of the file over those of other files, and the members
	of operations tables set to either."""
	summarize_dirty()
	k = ("helpers", f)
	if k not in names_memo:
		names_memo[k] = with_members(f, ext_maps, ext_member_maps, helpers.get(f, {}))
	return names_memo[k]

def release_helpers_of(f):
	"""As helpers_of(): {function: set((index, path))}.  (Asked at every
	release the rules try: made once until the summaries change.)"""
	summarize_dirty()
	k = ("release_helpers", f)
	if k not in names_memo:
		names_memo[k] = with_members(f, ext_rels, ext_member_rels, release_helpers.get(f, {}))
	return names_memo[k]

def with_members(f, ext, ext_member, own):
	"""The helpers of other files (ext) with those of file f (own) over
	them; the members of the tables of f set to either; the members of
	tables of other files (ext_member) where f names their structure."""
	h = dict(ext)
	h.update(own)
	for fn, pairs in op_members(f).items():
		for member, t in pairs:
			if fn in h:
				h.setdefault(member, h[fn])
	for member, e in ext_member.items():
		if any(names_struct(f, t) for t in ext_members[member]):
			h.setdefault(member, e)
	return h

named_structs = {}

def names_struct(f, t):
	if (f, t) not in named_structs:
		named_structs[(f, t)] = re.search(r"\b%s\b" % re.escape(t), flat(f)[0]) is not None
	return named_structs[(f, t)]

tables = {}

def op_members(f):
	"""The initializers of operations tables in file f: {function:
	set((member, structure))} for each ".member = function" of a
	"struct S name = { ... }" (static, const, with attributes such as
	__initconst, an array of them or not); the designators of the
	structure itself, not those of a structure inside it."""
	if f not in tables:
		text, out = flat(f)[0], {}
		for m in re.finditer(r"\bstruct\s+(\w+)\s+(?:const\s+)?\w+\s*((?:\[[^]=;]*\]\s*)*)(?:__\w+(?:\([^()]*\))?\s*)*=\s*\{", text):
			body = text[m.end():closing(text, m.end() - 1, "{", "}")]
			level = 1 if m.group(2) else 0
			for e in re.finditer(r"(?<![\w\])])\.\s*(\w+)\s*=\s*(?:\([^()]*\)\s*)?&?\s*(\w+)\s*(?=[,}]|$)", body):
				if body.count("{", 0, e.start()) - body.count("}", 0, e.start()) == level:
					out.setdefault(e.group(2), set()).add((e.group(1), m.group(1)))
		tables[f] = out
	return tables[f]

structs_of = {}	# file => {member: the structures of its tables that set it}

def member_structs(f, member):
	"""The structures whose tables set member: in file f, or in other
	files (ext_members)."""
	if f not in structs_of:
		structs_of[f] = {}
		for pairs in op_members(f).values():
			for m, t in pairs:
				structs_of[f].setdefault(m, set()).add(t)
	return set(ext_members.get(member, ())) | structs_of[f].get(member, set())

def receiver_type(f, n, col):
	"""The structure a call through a member at line index n, column col
	of file f is made through, read from the text: E->member(...) with E
	a local or parameter declared "struct S *E", or a field of such a
	structure defined in the file; None when not known."""
	lines, lay = lines_of(f), layout(f)
	m = re.search(r"(\w+)((?:\s*(?:->|\.)\s*\w+)*)\s*(?:->|\.)\s*$", lines[n][:col])
	if not m or not lay[n][0]:
		return None
	head = " ".join(definition([Spot(f, n + 1, col, col, lay[n][0])]))
	d = None
	for d in re.finditer(r"\bstruct\s+(\w+)\b(?:(?!\bstruct\b)[^;{}()])*?[\s*,]%s\s*[=,;)\[]" % re.escape(m.group(1)), head):
		pass
	t = d.group(1) if d else None
	for fld in re.findall(r"\w+", m.group(2)):
		body = t and re.search(r"\bstruct\s+%s\s*\{([^{}]*)\}" % re.escape(t), flat(f)[0])
		e = body and re.search(r"\bstruct\s+(\w+)\s*\*\s*(?:const\s+)?%s\s*;" % re.escape(fld), body.group(1))
		t = e.group(1) if e else None
	return t

def member_ok(f, n, col, name):
	"""Whether the call of name at line index n, column col of file f can
	be a call of a helper: not one through a member of a structure that
	no table setting name has (a member of the same name elsewhere)."""
	want = member_structs(f, name)
	t = receiver_type(f, n, col) if want else None
	return t is None or t in want

def helper_names():
	"""The field helpers of every file read (a rule that knows the call
	checks it is one of its file: helper_calls) and of other files."""
	summarize_dirty()
	if "maps" not in names_memo:
		names_memo["maps"] = set(ext_maps).union(ext_member_maps,
			*(own_helper_names("maps", f, h) for f, h in helpers.items()))
	return names_memo["maps"]

def release_helper_names(f=None):
	"""Functions that release a field of the structure they are passed:
	a call releases the mapping of that structure in the caller.  Those of
	file f and of other files; without f, those of every file read (a
	static function of one file is nothing in another)."""
	summarize_dirty()
	k = ("releases", f)
	if k not in names_memo:
		names_memo[k] = set(release_helpers_of(f)) if f is not None else \
			set(ext_rels).union(ext_member_rels,
				*(own_helper_names("releases", f, h) for f, h in release_helpers.items()))
	return names_memo[k]

# A path other files can be told: a field, or "*" (an out-parameter).
SUMMARY_PATH = r"(->|\.)[\w.>\[\]-]*|\*"

def print_summaries():
	"""What the functions of the files read leave mapped in, or release
	from, a field of a parameter, for the other files (the passes of make
	scan): a function other files can call, or a member of an operations
	table set to one, a path without spaces."""
	summarize_dirty()
	for f in sorted(summarized | table_files):
		for kind, table in (("fieldmap", helpers.get(f, {})), ("fieldrelease", release_helpers.get(f, {}))):
			for fn in sorted(table):
				es = [table[fn]] if kind == "fieldmap" else sorted(table[fn])
				for idx, path in es:
					if not re.fullmatch(SUMMARY_PATH, path):
						continue
					if not is_static(f, fn):
						print("WRAPPER: %s %s %d %s %s" % (kind, fn, idx, path, f))
		# A member of a table of the file set to a helper, static or
		# not, of the file or of another: "opfieldmap MEMBER STRUCT
		# INDEX PATH FILE".
		for kind, table in (("fieldmap", with_members(f, ext_maps, {}, helpers.get(f, {}))),
				("fieldrelease", with_members(f, ext_rels, {}, release_helpers.get(f, {})))):
			for fn, pairs in sorted(op_members(f).items()):
				es = table.get(fn)
				es = [] if es is None else [es] if kind == "fieldmap" else sorted(es)
				for member, t in sorted(pairs):
					for idx, path in es:
						if re.fullmatch(SUMMARY_PATH, path):
							print("WRAPPER: op%s %s %s %d %s %s" % (kind, member, t, idx, path, f))
	# The fields left below the top one: "fieldmap NAME INDEX ->dst[below]
	# FILE" (BELOW_PATH; the summary, the top, is printed above).
	for f in sorted(summarized):
		for fn in sorted(helpers.get(f, {})):
			for q in fields_below(f, fn):
				if re.fullmatch(SUMMARY_PATH, q) and not is_static(f, fn):
					print("WRAPPER: fieldmap %s %d %s[below] %s" % (fn, helpers[f][fn][0], q, f))
	# Arrays: "fieldmap NAME INDEX ->ptrs[up] FILE" (ARRAY_PATH).
	for f in sorted(array_helpers):
		for fn, es in sorted(array_helpers[f].items()):
			for kind, idx, path, d in sorted(set(es)):
				if re.fullmatch(ARRAY_INNER, path) and not is_static(f, fn):
					print("WRAPPER: field%s %s %d %s %s" % (kind, fn, idx, path.replace("[]", "[%s]" % ("up" if d > 0 else "down"), 1), f))
	array_helpers.clear()
	summarized.clear()
	table_files.clear()

# The files read that set members of operations tables (rule optables).
table_files = set()

statics = {}

def is_static(f, fn):
	"""Whether function fn is defined static in file f (only its file
	can call it): from the heads of its functions, read once.  A static
	inline function of a header is not: every file that includes the
	header calls it (include/crypto/scatterwalk.h)."""
	if f.endswith(".h"):
		return False
	if f not in statics:
		lines, lay, heads = lines_of(f), layout(f), {}
		for n, t in enumerate(lines):
			if n + 1 < len(lay) and lay[n][0] is None and lay[n + 1][0]:
				heads.setdefault(lay[n + 1][0], re.search(r"\bstatic\b", " ".join(lines[max(0, n - 1):n + 1])) is not None)
		statics[f] = heads
	return statics[f].get(fn, False)

layouts = {}

def layout(f):
	"""Per line of file f: the function it is in and the names of that
	function parameters, read as the kernel lays a function out (its
	head and its closing brace at the start of a line; a rule would cost
	a script call per identifier)."""
	if f in layouts:
		return layouts[f]
	lines, out, fn, params = lines_of(f), [], None, []
	head, label = re.compile(r"[A-Za-z_].*\("), re.compile(r"\w+:(?!:)")
	# Only a line that starts with a letter, "}" or "\x23" can change
	# what the lines after it are in (most lines of a cut file are blank).
	text, at, n = raw(f), 0, 0
	for mark in re.finditer(r"^[A-Za-z_}\x23]", text, re.M):
		k = n + text.count("\n", at, mark.start())
		out.extend([(fn, params) if fn else (None, [])] * (k - len(out)))
		at, n, t = mark.start(), k, lines[k]
		if head.match(t) and not label.match(t):
			m = re.search(r"(\w+)\s*\(", t)
			fn = m.group(1) if m else None
			h = fn and re.search(r"\b%s\s*\(([^()]*)\)" % re.escape(fn), " ".join(lines[k:k + 6]))
			params = [param_name(a) for a in h.group(1).split(",")] if h else []
			out.append((None, []))
			continue
		if t.startswith("}"):
			fn, params = None, []
		out.append((fn, params) if fn and not t.startswith("\x23") else (None, []))
	out.extend([(fn, params) if fn else (None, [])] * (len(lines) - len(out)))
	layouts[f] = out
	return out

def calls_of(f, names):
	"""The calls in file f of the functions names, and those functions
	passed as an argument (a callback): [(caller, line index, column,
	name, the arguments, or None for a callback)]."""
	word = re.compile(r"\b(%s)\b" % "|".join(map(re.escape, sorted(names))))
	lines, lay, out = lines_of(f), layout(f), []
	for n, t in enumerate(lines):
		fn = lay[n][0]
		if not fn:
			continue
		for m in word.finditer(t):
			before, after = t[:m.start()].rstrip(), t[m.end():].lstrip()
			if not before and n:
				before = lines[n - 1].rstrip()
			if not after and n + 1 < len(lines):
				after = lines[n + 1].lstrip()
			if m.group(1) == fn:
				continue
			if after.startswith("("):
				rest = " ".join([t[m.end():]] + lines[n + 1:n + 8]).lstrip()
				out.append((fn, n, m.start(), m.group(1), call_args(rest)))
			elif before.endswith(("(", ",")) and after.startswith((",", ")")):
				out.append((fn, n, m.start(), m.group(1), None))
	return out

def helper_calls_in(f, names):
	"""calls_of(f, names) without the calls through a member of another
	structure than the tables that set it (member_ok())."""
	return [c for c in calls_of(f, names) if member_ok(f, c[1], c[2], c[3])]

def label_line(lines, n, label):
	"""The line (1-based) of label in the function around line index n,
	or None."""
	pat = re.compile(r"\s*%s\s*:(?!:)" % re.escape(label))
	for k in range(n, len(lines)):
		if lines[k].startswith("}"):
			break
		if pat.match(lines[k]):
			return k + 1
	for k in range(n - 1, -1, -1):
		if lines[k].startswith(("}", "{")):
			break
		if pat.match(lines[k]):
			return k + 1
	return None

def failed_test(lines, n, names):
	"""Whether the statement at line index n is under a test that one of
	names (an expression, or a field path "->f.g" of any base) failed to
	map: if (!x), x == NULL, IS_ERR(x), on its line or on an if statement
	around it (each line above it indented less, up to the function)."""
	around, k, level = [lines[n]], n - 1, indent(lines[n])
	while k >= 0 and level > 0 and not lines[k].startswith(("{", "}")):
		if lines[k].strip() and indent(lines[k]) < level:
			around.append(lines[k])
			level = indent(lines[k])
		k -= 1
	for t in around:
		m = re.match(r"\s*(\}\s*)?(else\s+)?if\s*\((.*)", t)
		if not m:
			continue
		c = tidy(m.group(3))
		for name in names:
			x = (r"[\w.>-]*" if name.startswith(("->", ".")) else r"(?<![\w.>])") + re.escape(tidy(name))
			if re.search(failure_test(x), c):
				return True
	return False

def failed_since(lines, start, n, name):
	"""Whether the statement at line index n is under an if, on or after
	line index start (the mapping), whose whole condition is a test that
	the field of path name failed to map (if (!vmf->pte) return ...;),
	likely() or unlikely() aside: a test of more (!vmf->pte || busy),
	or one before the mapping, is none."""
	x = r"[\w.>-]*" + re.escape(tidy(name))
	level = indent(lines[n])
	for k in range(n, start - 1, -1):
		t = lines[k]
		if k != n:
			if not t.strip() or indent(t) >= level:
				continue
			level = indent(t)
		m = re.match(r"\s*(?:\}\s*)?(?:else\s+)?if\s*\((.*)\)\s*(?:\{|return\b.*)?\s*$", t)
		if m:
			c = re.sub(r"^\s*(?:un)?likely\s*\((.*)\)\s*$", r"\1", tidy(m.group(1)))
			if re.fullmatch(r"\s*(?:%s)\s*" % failure_test(x), c):
				return True
		if level == 0:
			break
	return False

def leaves_mapped(f, line, releases, seen=None, name=None):
	"""Whether the function of file f, from its mapping of a field at line
	on, can return with the field mapped: it reaches a return of the
	block of the mapping, or the end of the function, before any of the
	lines releases (which release the field), or jumps to a label from
	which it does (a goto out past the release, as gcm_out_walk_go() of
	arch/s390/crypto/aes_s390.c leaves its walk mapped), unless the jump
	or return is taken when the field (its path: name) failed to map
	(finish_fault() of mm/memory.c: if (!vmf->pte) return ...)."""
	lines, depth = lines_of(f), 0
	seen = set() if seen is None else seen
	for n in range(line, len(lines)):
		t = lines[n]
		if t.startswith("}"):
			return True
		if n + 1 in releases:
			return False
		if depth == 0 and re.match(r"\s*return\b", t) and not (name and failed_since(lines, line, n, name)):
			return True
		m = re.search(r"\bgoto\s+(\w+)\s*;", t)
		if m and m.group(1) not in seen and not (name and failed_test(lines, n, [name])):
			seen.add(m.group(1))
			at = label_line(lines, n, m.group(1))
			# (From the label line itself: "err:	unmap(gw);".)
			if at is not None and leaves_mapped(f, at - 1, releases, seen, name):
				return True
		if depth >= 0:
			depth += t.count("{") - t.count("}")
	return True

def address_arg(pr):
	"""The argument of the release call at pr that holds the address:
	the second of folio_release_kmap() and unmap_and_put_page(), the
	first of the others."""
	name, args = call_at(pr)
	i = ADDRESS_ARG.get(name, 0)
	return squeeze(args[i]) if i < len(args) else ""

def releases_arg(arg, pr, mapped):
	"""Whether the release call at pr releases arg, one of its arguments:
	of a function of ADDRESS_ARG, the one that holds the address; of a
	helper of the tree that releases some of its arguments as their
	address (release_args), those; of another given several, those that are fields some
	function maps (mapped: paths; skcipher_unmap(&walk->in,
	walk->src.virt.addr) releases ->src.virt.addr), or all when none is."""
	name, args = call_at(pr)
	if len(args) < 2:
		return True
	if released_indexes(name) is not None:
		return any(squeeze(args[i]) == squeeze(arg) for i in released_indexes(name) if i < len(args))
	# (Given a page its function mapped itself, it releases that one.)
	if own_mapped_args(pr, args):
		return False
	held = [a for a in args if (struct_arg(a, pr) or (0, None))[1] in mapped]
	return not held or squeeze(arg) in map(squeeze, held)

def summarize(f):
	"""The helpers of file f, {function: (index, path)}: functions that
	can return with that field of that parameter mapped, by a mapping or
	by a call of another helper with the parameter, before a release of
	it or a call of a function of the file that releases that field of
	its parameter (of several such fields, the one mapped last).  To a
	fixed point, so that chains of helpers count.  Also those functions
	that release, {function: set((index, path))}, and every field each
	function can leave mapped, in the same form."""
	maps, rels = {}, {}
	for fn, idx, path, line in helper_maps.get(f, ()):
		maps.setdefault(fn, set()).add((idx, path, line))
	mapped = set(path for es in maps.values() for _, path, _ in es) | \
		set(path for _, path in ext_maps.values()) | set(path for _, path in ext_member_maps.values())
	for arg, pr in field_releases.get(f, ()):
		sa = struct_arg(arg, pr)
		# (What an out-parameter points to is released when it is the
		# argument that holds the address: pte_unmap_unlock(pte, *ptlp)
		# releases no mapping through ptlp, folio_release_kmap(*foliop,
		# kaddr) none through foliop.)
		if sa and (sa[1] != "*" or address_arg(pr) == squeeze(arg)) and releases_arg(arg, pr, mapped):
			rels.setdefault(fname(pr), set()).add((sa[0], sa[1], int(pr[0].line)))
	lay = layout(f)
	while True:
		out, every = {}, {}
		for fn, es in maps.items():
			for idx, path, line in sorted(es, key=lambda e: e[2]):
				later = set(l for i, q, l in rels.get(fn, ()) if (i, q) == (idx, path) and l > line)
				# (Stored from a local that the function releases after:
				# *where = kaddr; ...; kunmap_local(kaddr).)
				local = store_locals.get((f, fn, idx, path, line))
				if local:
					later |= set(int(pr[0].line) for arg, pr in field_releases.get(f, ())
						if fname(pr) == fn and int(pr[0].line) > line and squeeze(arg) == local)
				# (Of two fields it leaves mapped, the one mapped last
				# is on top of the stack when it returns: its callers
				# hold that one above what they mapped before the call.)
				if leaves_mapped(f, line, later, name=path):
					out[fn] = (idx, path)
					every.setdefault(fn, set()).add((idx, path))
		# A function that maps the field itself before it releases it
		# releases nothing of what its caller holds.
		releasers = {}
		for fn, es in rels.items():
			own = maps.get(fn, ())
			for i, q, l in es:
				if not any((i2, q2) == (i, q) and l2 < l for i2, q2, l2 in own):
					releasers.setdefault(fn, set()).add((i, q))
		# Helpers of other files, unless a function of this one has the name.
		mapper = with_members(f, ext_maps, ext_member_maps, out)
		releaser = with_members(f, ext_rels, ext_member_rels, releasers)
		grown = False
		for fn, n, col, name, args in helper_calls_in(f, set(mapper) | set(releaser)) if mapper or releaser else ():
			params = lay[n][1]
			for table, fields in ((maps, [mapper[name]] if name in mapper else []), (rels, releaser.get(name, ()))):
				for idx, path in fields:
					a = args[idx].strip() if args is not None and idx < len(args) else None
					if a and a in params:
						e = (params.index(a), path, n + 1)
						if e not in table.setdefault(fn, set()):
							table[fn].add(e)
							grown = True
		if not grown:
			return out, releasers, every

helper_files = set()

def find_helper_calls(f):
	"""Once per file, when its helpers are known: their calls, and the
	helpers passed as an argument (a callback), count as mappings of the
	function they are in."""
	if f in helper_files:
		return
	helper_files.add(f)
	if ext_maps or ext_rels:
		# Its functions may call helpers of other files with their
		# parameters: helpers themselves, for the summaries.
		helper_dirty.add(f)
	names = helpers_of(f)
	two_fields(f)
	if not names:
		return
	# A function that only passes one structure to helpers (an XDR
	# decoder calling xdr_inline_decode(xdr, n) again and again) has one
	# mapping that moves, nothing to nest: its helper calls count once
	# per structure.
	given = {}
	for fn, n, col, name, args in helper_calls_in(f, set(names)):
		helper_calls[(f, str(n + 1), str(col))] = names[name]
		idx = names[name][0]
		arg = re.sub(r"^&|\s+", "", args[idx]) if args is not None and idx < len(args) else (n, col)
		given.setdefault((f, fn), set()).add(arg)
	for k, args in given.items():
		mapcalls[k] = mapcalls.get(k, 0) + len(args)

def fields_below(f, name):
	"""The other fields of the parameter of its top field that function name
	of file f can leave mapped below that one (held_fields), none when
	it maps the top field under a test of another parameter
	(map_two(d, both) may leave one field)."""
	top = helpers.get(f, {}).get(name)
	below = sorted(q for i, q in held_fields.get(f, {}).get(name, ()) if top and i == top[0] and q != top[1])
	tops = [l for g, i, q, l in helper_maps.get(f, ()) if g == name and (i, q) == top]
	if not below or not tops:
		return []
	params = [x for x in layout(f)[tops[0] - 1][1] if x]
	other = [x for k, x in enumerate(params) if k != top[0]]
	if other and any(re.search(r"(?<![\w.>])(?:%s)\b" % "|".join(map(re.escape, other)), c)
			for l in tops for c in guards_of([Spot(f, l, 0, 0, name)])):
		return []
	return below

def two_fields(f):
	"""The calls in file f of a helper (of f, or of another file:
	ext_below) that can leave two fields of
	its argument mapped (vmw_bo_cpu_blit_line(): d->dst_addr, then
	d->src_addr, on top): the first release after the call, in the text
	of its caller, of one of those fields, up to a store to one or the
	next call, must be of the one on top.  Read from the text: a
	finding when it is of another."""
	summarize_dirty()
	lines, local = lines_of(f), layout_names(f)
	table = dict((name, (ext_maps[name], sorted(q))) for name, q in ext_below.items()
		if name in ext_maps and name not in local)
	table.update((name, (top, fields_below(f, name))) for name, top in helpers.get(f, {}).items())
	rels = plain_releases | release_helper_names(f)
	for name, (top, below) in sorted(table.items()):
		if not below:
			continue
		for fn, n, col, callee_name, args in calls_of(f, {name}):
			if args is None or top[0] >= len(args):
				continue
			call = [Spot(f, n + 1, col, col + len(name), fn)]
			result = assignee(call)
			tf = field_through(args[top[0]], top[1])
			fields = [tf] + [field_through(args[top[0]], q) for q in below]
			stores = re.compile(r"(?<![\w.>])(?:%s)\s*=(?!=)" % "|".join(map(re.escape, fields)))
			after = [k for k in lines_in(f, fn) if k > n]
			for k in after:
				t = lines[k]
				if re.search(r"\b%s\s*\(" % re.escape(name), t) or stores.search(squeeze(t)):
					break
				hit = None
				for m in re.finditer(r"(\w+)\s*\(", t):
					if m.group(1) not in rels:
						continue
					named = [x for x in fields if any(mentions(a, x) for a in call_args(t[m.end() - 1:]))]
					if named:
						hit = (m, named)
						break
				if not hit:
					continue
				m, named = hit
				p = [Spot(f, k + 1, m.start(), m.end(1), fn)]
				# (Not on an error path: the helper may have failed
				# before it mapped the top field.)
				if in_exiting_block(p) or result and any(re.search(r"(?<![\w.>])%s\b" % re.escape(result), c)
						for c in guards_of(p)):
					continue
				if tf not in named:
					g = (f, fn, "two fields", key(call), named[0])
					keep(g, (k + 1, m.start()), p, record("pair", p, mapping(named[0], call), mapping(tf, call)),
					     [(call, "%s and %s mapped" % (named[0], tf))])
				break

def helper_arg(b, pb):
	"""Whether b is the structure the helper call at pb maps a field of:
	its argument at the index of the helper, or, for a callback, an argument
	after it.  Notes b as standing for that field."""
	h = helper_calls.get(key(pb))
	if not h:
		return True
	idx, path = h
	# (An out-parameter given through a cast, (void **)&w: its releases
	# name w, which the rules cannot tie to the argument.)
	if path == "*" and uncast(b) != re.sub(r"\s+", "", str(b)):
		return False
	m = re.match(r"\w+\s*(.*)", text_from(pb), re.S)
	after = m.group(1) if m else ""
	want = re.sub(r"\s+", "", str(b))
	if after.startswith("("):
		args = call_args(after)
		if idx >= len(args) or re.sub(r"\s+", "", args[idx]) != want:
			return False
	else:
		args = call_args("(" + after.lstrip(", "))
		if want not in [re.sub(r"\s+", "", a) for a in args]:
			return False
	base, field = tidy(b), field_through(b, path)
	aliases.setdefault(where(pb), {}).setdefault(base, set()).add(field)
	shown_as[key(pb)] = field
	return True

handles = {}
handle_lines = {}	# (function, handle) => the lines of its mappings
maplines = {}
keyargs = {}	# (function, handle) => the arguments of its mapping call
# The outer mappings of nest that are checked: (function, A).
outer = set()

def keyed_at(q, x, pos):
	"""Whether the call at q releases by key the mapping of handle x (of
	the function of pos): a release by key given only arguments that
	the mapping call of x was given (zs_unmap_object(pool, handle)
	after x = zs_map_object(pool, handle, mode))."""
	keys = keyargs.get((where(pos), tidy(x)))
	return bool(keys) and keys_given(call_at(q)[1], keys, " ".join(definition(q)))

def keys_given(args, keys, text):
	"""Whether the arguments args of a release by key are all keys of a
	mapping call (keys), or a copy of one in a local, either way, as
	text (its function) sets it: unsigned long handle = entry->handle."""
	args = [tidy(a) for a in args if a.strip()]
	copied = set(key_value(k, text) for k in keys)
	return bool(args) and all(a in keys or a in copied or key_value(a, text) in keys for a in args)

def keyed_handle(x, pos):
	"""Whether the function of pos releases the mapping of handle x by
	key somewhere (a release by key given only arguments its mapping
	call was given, as keyed_at()): setting x to another value then
	does not end that mapping (mm/zswap.c zswap_decompress(): src =
	acomp_ctx->buffer, then zpool_unmap_handle(zpool, entry->handle))."""
	keys = keyargs.get((where(pos), tidy(x)))
	if not keys:
		return False
	f, fn = pos[0].file, pos[0].current_element
	lines = lines_of(f)
	text = " ".join(lines[n] for n in lines_in(f, fn))
	return any(keys_given(call_args(text[m.end() - 1:]), keys, text)
		for m in re.finditer(r"(\w+)\s*\(", text) if m.group(1) in keyrel_names)

def key_value(k, text):
	"""What the local k is set from in text (a function up to a place),
	when it is set once ("unsigned long handle = entry->handle;"); else
	None."""
	if not re.fullmatch(r"[A-Za-z_]\w*", k):
		return None
	sets = set_from(k, text, r"[^;]+(?=;)")
	return tidy(sets[0]) if len(sets) == 1 else None

def note_handle(x, pm):
	handles.setdefault(where(pm), set()).add(tidy(x))
	handle_lines.setdefault((where(pm), tidy(x)), set()).add(int(pm[0].line))
	maplines.setdefault(where(pm), set()).add(int(pm[0].line))
	keyargs.setdefault((where(pm), tidy(x)), set()).update(tidy(a) for a in call_at(pm)[1])
	if callee(pm) in ext_maps:
		# x = erofs_bread(&it->buf, ...): x points into the mapping the
		# call keeps in its argument, no mapping of its own to summarize.
		return
	fld = field_of(x, pm)
	if fld:
		field_maps.setdefault(pm[0].file, []).append((fld, pm))
	arg = struct_arg(x, pm)
	if arg:
		helper_maps.setdefault(pm[0].file, []).append((pm[0].current_element, arg[0], arg[1], int(pm[0].line)))
		helper_dirty.add(pm[0].file)
	elif re.fullmatch(r"\w+", tidy(x)):
		handle_to_setter(x, pm)

def held_local(l, ps):
	"""Whether the local l holds a mapping where it is stored at ps: the
	result of a mapping call, or given as &l to a helper that maps
	through that out-parameter before (ext2_find_entry() of 6.1 calls
	ext2_get_page(dir, n, 0, &page_addr), then *res_page_addr =
	page_addr)."""
	l, f = tidy(l), ps[0].file
	if l in handles.get(where(ps), ()):
		return True
	helpers = helpers_of(f)
	return any(fn == ps[0].current_element and n + 1 < int(ps[0].line) and helpers[name][1] == "*"
		and helpers[name][0] < len(args) and uncast(args[helpers[name][0]]) == "&" + l
		for fn, n, name, args in helper_call_args(f))

def helper_call_args(f):
	"""The calls in file f of its helpers (helpers_of()), with their
	arguments: [(caller, line index, name, arguments)], read once until
	the summaries change."""
	names = set(helpers_of(f))
	k = ("helper calls", f)
	if k not in names_memo:
		names_memo[k] = [(c, n, name, args) for c, n, col, name, args in (helper_calls_in(f, names) if names else ())
			if args is not None]
	return names_memo[k]

# The local a field got its mapping from at a store: (file, function,
# index, path, line) => the local (*where = kaddr).
store_locals = {}

def note_field_store(x, ps, local=None):
	arg = struct_arg(x, ps)
	if arg:
		helper_maps.setdefault(ps[0].file, []).append((ps[0].current_element, arg[0], arg[1], int(ps[0].line)))
		helper_dirty.add(ps[0].file)
		if local is not None:
			store_locals[(ps[0].file, ps[0].current_element, arg[0], arg[1], int(ps[0].line))] = squeeze(local)

setters = {}

def setter(name, f):
	"""What function name stores, read from its definition in file f or
	in a header f includes (included()): [(index of the value, index of
	the structure, path)] for a function whose body only stores values
	in fields of a parameter, parameters among them, the others
	constants or expressions that call nothing
	(iosys_map_set_vaddr() of include/linux/iosys-map.h: map->vaddr =
	vaddr; pfnmap_args_setup() of mm/memory.c: args->ptep = ptep among
	six), or None."""
	if (name, f) in setters:
		return setters[(name, f)]
	setters[(name, f)] = None
	body = re.compile(r"\b%s\s*\(([^()]*)\)\s*\{([^{}]*)\}" % re.escape(name))
	# (A definition in the raw text first: blanking every header that
	# names memcpy() costs more than the whole search.)
	# (The file itself as the tree has it: spatch may read a cut copy,
	# in which the setter, naming no mapping function, is emptied.)
	root = tree_root()
	whole = root + "/" + f if root != "." and not f.startswith("/") and lines_of(root + "/" + f) else f
	for g in (g for g in [whole] + included(f)[1:] if name in raw(g) and body.search(raw(g))):
		m = body.search(flat(g)[0])
		if not m:
			continue
		params = [param_name(a) for a in m.group(1).split(",")]
		found = []
		for t in [t.strip() for t in m.group(2).split(";") if t.strip()]:
			st = re.fullmatch(r"(\w+)\s*->\s*([\w.]+)\s*=\s*(.+)", t, re.S)
			if not st or st.group(1) not in params or re.search(r"\w\s*\(|=", st.group(3)):
				found = []
				break
			if st.group(3).strip() in params:
				found.append((params.index(st.group(3).strip()), params.index(st.group(1)), "->" + st.group(2)))
		setters[(name, f)] = found or None
		break
	return setters[(name, f)]

includes = {}
include_memo = {}

def include_lines(g):
	"""The includes of file g: [(bracket or quote, path)], read once."""
	if g not in include_memo:
		include_memo[g] = re.findall(r"^[ \t]*\x23[ \t]*include[ \t]*([<\x22])([\w./-]+)[>\x22]", raw(g), re.M)
	return include_memo[g]

def tree_root():
	"""Where the tree is: a driver that gives spatch cut copies of the
	files says so; elsewhere spatch runs at its top."""
	return os.environ.get("KMAP_LIFO_TREE", ".")

def included(f, depth=4):
	"""File f and the headers it includes (include <P>: include/P of the
	tree; include "P": beside the file that includes it), and theirs,
	depth levels deep, nearest first."""
	if f not in includes:
		root = tree_root()
		out, level = [f], [f]
		for _ in range(depth):
			nxt = []
			for g in level:
				here = ((root + "/" if g == f else "") + g.rsplit("/", 1)[0]) if "/" in g else root
				# (Of f itself, the file in the tree: a cut copy has no
				# include lines, LifoSlice.pm.)
				for q, inc in include_lines(os.path.join(root, f) if g == f else g):
					h = root + "/include/" + inc if q == "<" else here + "/" + inc
					if h not in out and lines_of(h):
						out.append(h)
						nxt.append(h)
			level = nxt
		includes[f] = out
	return includes[f]

def handle_to_setter(x, pm):
	"""The mapping of handle x at pm given whole to a setter later in its
	function (addr = io_mapping_map_local_wc(...);
	iosys_map_set_vaddr_iomem(dmap, addr) in the iomap iterator of TTM): the
	field the setter fills is mapped, as by note_setter_call()."""
	f, fn, x = pm[0].file, pm[0].current_element, tidy(x)
	lines = lines_of(f)
	for n in range(int(pm[0].line), len(lines)):
		if lines[n].startswith("}"):
			break
		for m in re.finditer(r"(\w+)\s*\(", lines[n]):
			args = call_args(" ".join([lines[n][m.end() - 1:]] + lines[n + 1:n + 4]))
			idx = [i for i, a in enumerate(args) if tidy(a) == x]
			if idx and m.group(1) not in plain_maps:
				note_setter_call(m.group(1), idx[0], [Spot(f, n + 1, m.start(), m.end() - 1, fn)])

def note_setter_call(name, n, ps):
	"""A mapping given as argument n of a setter (setter()) at ps: the
	field it stores it in is mapped, as by an assignment."""
	args = call_at(ps)[1]
	# (Only a call that gives it a parameter of the caller, or its
	# address, can leave a field of it mapped for the caller.)
	params = param_names(ps)
	if not any(re.sub(r"^&\s*|\s+", "", a) in params for a in args):
		return
	for value, struct, path in setter(name, ps[0].file) or ():
		if value == n and struct < len(args):
			note_field_store(args[struct] + path, ps)

def note_field_release(arg, pr):
	field_releases.setdefault(pr[0].file, []).append((tidy(arg), pr))
	helper_dirty.add(pr[0].file)

# Fields mapped and released through helpers that handle one field of
# the structure they are given (skcipher_map_src(walk)): for the check
# across functions, a call maps or releases that field of its argument.
# The calls are read from the text, as find_helper_calls() reads them
# (a rule would cost a script call per identifier of the file).
helper_field_releases = {}	# file => [(field, pos)]

class Spot:
	"""A call read from the text, standing for a position of spatch."""
	def __init__(self, f, line, column, column_end, function):
		self.file, self.line, self.line_end = f, str(line), str(line)
		self.column, self.column_end = str(column), str(column_end)
		self.current_element = function

def uncast(e):
	"""e without spaces and without the casts in front ((void **)&w)."""
	return re.sub(r"^(?:\((?:[A-Za-z_]\w*|\*)+\))+", "", re.sub(r"\s+", "", str(e)))

def field_through(arg, path):
	"""The field at path of the structure a helper is given as arg:
	s.path for &s; for an out-parameter (path "*"), x for &x, *p for p
	(a cast in front aside)."""
	a = re.sub(r"\s+", "", str(arg))
	if path == "*":
		a = uncast(a)
		return tidy(a) if a.startswith("&") else "*" + tidy(a)
	return tidy(a) + (path.replace("->", ".", 1) if a.startswith("&") else path)

def note_helper_field_calls(f):
	maps, rels = helpers_of(f), release_helpers_of(f)
	for fn, n, col, name, args in helper_calls_in(f, set(maps) | set(rels)) if maps or rels else ():
		if args is None:
			continue
		at = [Spot(f, n + 1, col, col + len(name), fn)]
		if name in maps and maps[name][0] < len(args):
			fld = field_of(field_through(args[maps[name][0]], maps[name][1]), at)
			if fld:
				field_maps.setdefault(f, []).append((fld, at))
		# One that may release several fields (skcipher_walk_next(), which
		# can end in skcipher_walk_done()) says nothing of their order.
		for idx, path in rels.get(name, ()) if len(rels.get(name, ())) == 1 else ():
			if idx < len(args):
				helper_field_releases.setdefault(f, []).append((field_through(args[idx], path), at))

def field_released(e, a, pos):
	"""Whether a release helper of the file of pos, given e, can release
	a: a at the path of the field such a helper releases (gw_unmap(&in)
	releases in.ptr)."""
	summarize_dirty()
	k = ("paths", pos[0].file)
	if k not in names_memo:
		names_memo[k] = sorted(set(path for es in release_helpers_of(pos[0].file).values() for _, path in es))
	return any(mentions(field_through(e, path), a, pos) for path in names_memo[k])

def releases_through_helper(p, a, pos):
	"""For a call at p of a release helper of the file of pos: whether it
	releases a, an argument that names it or the field at the path the
	helper releases of its argument (gw_unmap_a(in) releases in->a, not
	in->b); of a helper that releases some arguments as the address
	(release_args), one of those.  Any other call: True."""
	name, args = call_at(p)
	rels = release_helpers_of(pos[0].file).get(name)
	# (A helper of the tree that releases some of its arguments as the
	# address: those; wk_unmap(&h->sg, s) releases s, not h.)
	if not rels and name in release_args:
		return any(i < len(args) and mentions(args[i], a, pos) for i in release_args[name])
	if not rels or any(mentions(x, a, pos) for x in args):
		return True
	return any(idx < len(args) and mentions(field_through(args[idx], path), a, pos) for idx, path in rels)

def releases_too(p, b, pos):
	"""Whether the call at p of a release helper of the file of pos also
	releases b, a field that a helper call mapped (at pos).  Such a
	helper releases the fields it is given in an order of its own
	(z_erofs_stream_switch_bufs() releases dctx->kout, then dctx->kin):
	the call releases nothing before b."""
	name, args = call_at(p)
	return any(idx < len(args) and mentions(field_through(args[idx], path), b, pos)
		for idx, path in release_helpers_of(pos[0].file).get(name, ()))

def field_releases_in(f):
	return field_releases.get(f, []) + helper_field_releases.get(f, [])

leaves_of = {}

def leaves(f, fn):
	"""The fields function fn of file f maps once and releases nowhere:
	[(type, path, line, pos)], in line order.  Asked once the
	releases of the file are all noted, so kept."""
	if (f, fn) in leaves_of:
		return leaves_of[(f, fn)]
	mine = [(fld, pm) for fld, pm in field_maps.get(f, ()) if pm[0].current_element == fn]
	out = []
	for (t, path, name), pm in mine:
		if sum(1 for (t2, p2, _), _ in mine if (t2, p2) == (t, path)) != 1:
			continue
		x = path.replace("$", name)
		if any(r[1][0].current_element == fn and mentions(r[0], x) for r in field_releases_in(f)):
			continue
		out.append((t, path, int(pm[0].line), pm))
	leaves_of[(f, fn)] = sorted(out, key=lambda e: e[2])
	return leaves_of[(f, fn)]

# The check across functions: a function that leaves two fields of the
# structure it is passed mapped, and another function of the file,
# passed the same type, that releases the first and then, on some path
# (rule fieldorder), the second.
field_pairs = {}	# (key(first release), key(second)) => [findings]
field_ends = {}		# file => (keys of first releases, keys of second ones)
field_fns = set()	# the functions that hold a first release

def field_candidates(f):
	"""Once per file, when its releases are all noted: the pairs of
	releases that break the order if a path leads from one to the other."""
	if f in field_ends:
		return field_ends[f]
	note_helper_field_calls(f)
	firsts, seconds = set(), set()
	rels = field_releases_in(f)
	mappers = sorted(set(pm[0].current_element for _, pm in field_maps.get(f, ())))
	for arg, pr in rels:
		fn = pr[0].current_element
		mine = [r for r in rels if r[1][0].current_element == fn and key(r[1]) != key(pr)]
		params = dict((t, name) for t, name in params_of(pr))
		for mapper in mappers:
			if mapper == fn:
				continue
			left = leaves(f, mapper)
			for ta, fa, la, pa in left:
				if ta not in params:
					continue
				a = fa.replace("$", params[ta])
				if not mentions(arg, a):
					continue
				for tb, fb, lb, pb in left:
					if tb != ta or lb <= la:
						continue
					b = fb.replace("$", params[tb])
					for other, q in mine:
						if mentions(other, b):
							g = (f, fn, frozenset((fa, fb)))
							rec = record("field", pr, mapping(a, pa, la, mapper), mapping(b, pb, lb, mapper))
							field_pairs.setdefault((key(pr), key(q)), []).append(
								(g, pr, rec, [(pa, "%s mapped" % a), (pb, "%s mapped" % b)]))
							firsts.add(key(pr))
							seconds.add(key(q))
							field_fns.add(fn)
	field_ends[f] = (firsts, seconds)
	return field_ends[f]

# Mappings made before the function was called: a field of a parameter
# released where the function has mapped nothing there itself, a field
# the file maps somewhere (z_erofs_stream_switch_bufs() of erofs releases
# dctx->kin, mapped by its caller or by its own earlier call).  Released
# while a mapping the function made is held, it breaks the order, as the
# older of the two.  key(release) => (field as written, one mapping of
# that field in the file).
caller_rels = {}
caller_fns = set()

def note_caller_field(r, p):
	"""The release at p of r, when r is a field of a parameter that the
	file maps (field_maps: the same type and path) in some function, and
	that the function of p does not touch before p: no assignment to it
	or to what holds it (*d = buf, d = e), no helper given its
	parameter.  A touch after p counts too when p is in a loop (the
	release is then of a mapping of the function itself, of an earlier round)."""
	f, fn = p[0].file, p[0].current_element
	fld = field_of(r, p)
	# (A field some function leaves mapped: erofs maps dctx->kin in its
	# caller and again in z_erofs_stream_switch_bufs(), a helper of it.
	# One that every function of the file releases before it returns
	# holds nothing known between calls.)
	if not fld or (not any(h[1] == fld[1][1:] for h in helpers_of(f).values()) and
			not any(q == fld[1][1:] for es in held_fields.get(f, {}).values() for _, q in es)):
		return
	# (Preferably its own call, which left the field mapped.)
	maps = sorted((pm for g, pm in field_maps.get(f, ()) if g[:2] == fld[:2]),
		key=lambda pm: (pm[0].current_element == fn, callee(pm) != fn, int(pm[0].line)))
	if not maps:
		return
	parts = re.findall(r"(?:->|\.)\w+|\[[^\]]*\]", squeeze(r)[len(fld[2]):])
	held = [fld[2] + "".join(parts[:i]) for i in range(len(parts) + 1)] + ["*" + fld[2]]
	assign = re.compile(r"(?<![\w.>*])(?:%s)(?:\[[^\]]*\])?=(?!=)" % "|".join(map(re.escape, held)))
	lines, line = lines_of(f), int(p[0].line)
	touched = [n + 1 for n in lines_in(f, fn) if n + 1 != line and assign.search(squeeze(lines[n]))]
	# (Given the parameter, or anything in it: walk_map(&w->inner).)
	base = re.compile(r"(?<![\w.>])%s\b" % re.escape(fld[2]))
	touched += [n + 1 for c, n, name, args in helper_call_args(f) if c == fn and any(base.search(squeeze(a)) for a in args)]
	if any(n < line for n in touched) or (touched and in_loop(p)):
		return
	caller_rels[key(p)] = (tidy(r), maps[0])
	caller_fns.add(where(p))

fn_lines = {}

def lines_in(f, fn):
	"""The indexes of the lines of function fn of file f (layout())."""
	if f not in fn_lines:
		fn_lines[f] = {}
		for n, (g, _) in enumerate(layout(f)):
			if g:
				fn_lines[f].setdefault(g, []).append(n)
	return fn_lines[f].get(fn, [])

def in_loop(p):
	"""Whether the statement at p is in the body of a loop of its function:
	for, while, do, a loop macro (list_for_each_entry(), for_each_sg()),
	or between a label and a goto back to it (a retry)."""
	text, starts = flat(p[0].file)
	o = offset(p)
	fn = lines_in(p[0].file, p[0].current_element) or [int(p[0].line) - 1]
	n = fn[0]
	before, after = text[starts[n]:o], text[o:starts[fn[-1]]]
	for m in re.finditer(r"^\s*(\w+):(?!:)", before, re.M):
		if re.search(r"\bgoto\s+%s\s*;" % m.group(1), after):
			return True
	for m in re.finditer(r"\b(?:for|while|%s)\s*\(|\bdo\b" % LOOP_MACRO, before):
		i = starts[n] + m.end()
		if m.group(0) != "do":
			i = closing(text, i - 1, "(", ")") + 1
		j = re.compile(r"\s*").match(text, i).end()
		end = closing(text, j, "{", "}") if text.startswith("{", j) else text.find(";", j)
		if j <= o <= end:
			return True
	return False

def error_code(x, pos):
	"""Whether the function of pos declares x an integer (int ret;): a
	test that it is not zero is a test that a call failed."""
	t = re.sub(r"\s+", " ", " ".join(definition(pos)))
	return re.search(r"\b(?:int|long|ssize_t|s32|s64|vm_fault_t)\b[^;{}()]*(?<![\w*])%s\b" % re.escape(tidy(x)), t) is not None

def failed_goto(pn):
	"""Whether the goto at pn is taken where a mapping of its function
	failed (if (!pte) goto out;): rule callerrel leaves that path."""
	return failed_test(lines_of(pn[0].file), int(pn[0].line) - 1, sorted(handles.get(where(pn), ())))

def guards_release(pg):
	"""Whether the if statement at pg guards a release, for rule
	callerrel: its block does not leave the flow, and holds none of the
	releases of caller fields (then it is the block of that release, as
	if (more_in) { kunmap_local(d->kin); ... } is, not a guard)."""
	if exits(pg):
		return False
	blk = if_block(pg)
	return not blk or not any(k[0] == pg[0].file and blk[1] <= int(k[1]) <= blk[2] for k in caller_rels)

def note_caller_release(x, pa, p):
	"""x, mapped at pa by the function, is held where it releases the
	field its caller mapped at p."""
	r, pm = caller_rels[key(p)]
	if not distinct(r, x, p) or not on_stack(x, pa):
		return
	lines = lines_of(p[0].file)
	# Released where x failed to map (if (!pte) { kunmap_local(w->f); ...}).
	if failed_test(lines, int(p[0].line) - 1, [str(x)]):
		return
	# Or x released before through a copy (start_pte = pte = map(), then
	# pte_unmap_unlock(start_pte, ptl)).
	names, first, last = {squeeze(x)}, int(pa[0].line) - 1, int(p[0].line) - 1
	for t in lines[first:last]:
		for m in re.finditer(r"(\w+)\s*=\s*(?:\([^()]*\)\s*)?([\w.>\[\]-]+)\s*(?=[-+;=]|\s*$)", t):
			if squeeze(m.group(2)) in names:
				names.add(m.group(1))
	rels = plain_releases | release_helper_names(p[0].file)
	for t in lines[first + 1:last]:
		for m in re.finditer(r"(\w+)\s*\(", t):
			if m.group(1) in rels and any(mentions(a, y) for a in call_args(t[m.end() - 1:]) for y in names - {squeeze(x)}):
				return
	g = (p[0].file, p[0].current_element, "caller", key(p), tidy(x))
	keep(g, (int(p[0].line), int(p[0].column)), p,
	     record("field", p, mapping(r, pm, mapped_in=pm[0].current_element), mapping(tidy(x), pa)),
	     [(pm, "%s mapped" % r), (pa, "%s mapped" % tidy(x))])

def field_functions():
	"""The names of the functions that hold the first release of a pair,
	in the files read (those that map, and those where a release of a
	field was noted): a name, of whichever file."""
	for f in sorted((helper_files | set(field_releases)) - set(field_ends)):
		field_candidates(f)
	return field_fns

def field_first(p):
	return key(p) in field_candidates(p[0].file)[0]

def field_second(q):
	return key(q) in field_candidates(q[0].file)[1]

def field_path(p, q):
	"""A path leads from the release at p to the one at q."""
	for g, pr, rec, links in field_pairs.get((key(p), key(q)), ()):
		keep(g, (int(pr[0].line), int(pr[0].column)), pr, rec, links)

printed = set()

def new_findings():
	"""The findings not printed yet (those of the file just read), in
	the order of their releases: report and org modes print them from
	here, with no rule to find the releases again."""
	todo = [g for g in found if g not in printed]
	printed.update(todo)
	# (What two_fields() reads from the text, the rules may have found
	# at the same release: theirs stands.)
	shown = lambda g: (key(found[g][1]), found[g][2]["first"]["expr"], found[g][2]["second"]["expr"])
	ruled = set(shown(g) for g in found if len(g) < 3 or g[2] != "two fields")
	todo = [g for g in todo if len(g) < 3 or g[2] != "two fields" or shown(g) not in ruled]
	return sorted((found[g] for g in todo), key=lambda f: (f[1][0].file, int(f[1][0].line), int(f[1][0].column), f[0]))

def reported(p):
	return any(key(f[1]) == key(p) for f in found.values())

def adjacent(p, q):
	"""Whether only comments and the guard of q stand between the release
	statement at p and the one at q: the moves patch mode makes."""
	lines = lines_of(p[0].file)
	lp, lq = int(p[0].line), int(q[0].line)
	if p[0].file != q[0].file or lq <= lp or lq > len(lines):
		return False
	if not lines[lp - 1].rstrip().endswith(";"):
		return False
	for text in lines[lp:lq - 1]:
		t = text.strip()
		if t and not re.match(r"(/\*|\*|//|if\s*\()", t):
			return False
	return True

# Patch mode: candidate moves, and the pairs of handles whose order it
# must leave alone (some path breaks it where no move can mend it, as a
# release in a loop: then the order after the loop depends on the path).
moves = []
stuck = set()

def choose(a, b, p, q):
	"""Patch mode moves an early release past the inner release right
	after it; a statement takes part in one move a round."""
	if not distinct(a, b, p):
		return
	pair = (p[0].file, p[0].current_element, frozenset((tidy(a), tidy(b))))
	if adjacent(p, q):
		moves.append((pair, key(p), key(q)))
	else:
		stuck.add(pair)

# The release of each mapping function patch mode can add for a leak
# (leak_fix()); others (a lock, a pool, a helper) are left to a human.
UNMAP_OF = {"kmap_local_page": "kunmap_local", "kmap_local_page_prot": "kunmap_local",
	"kmap_local_folio": "kunmap_local", "kmap_local_pfn": "kunmap_local",
	"bvec_kmap_local": "kunmap_local", "kmap_atomic": "kunmap_atomic",
	"kmap_atomic_prot": "kunmap_atomic", "kmap_atomic_pfn": "kunmap_atomic",
	"pte_offset_map": "pte_unmap", "__pte_offset_map": "pte_unmap",
	"pte_offset_map_nolock": "pte_unmap", "pte_offset_map_ro_nolock": "pte_unmap",
	"pte_offset_map_rw_nolock": "pte_unmap",
	"io_mapping_map_local_wc": "io_mapping_unmap_local",
	"io_mapping_map_atomic_wc": "io_mapping_unmap_atomic"}
leak_fixes = {}	# key(p) => (release function, handle)

def leak_fix(b, pb, p):
	"""Patch mode for a leak (the rule leaked): release b, mapped at pb,
	right before the release at p, when every path to p maps b first:
	pb starts a statement of its own (not the body of an if or a loop
	without braces) in a block that is still open at p, and no label
	lies between them (a goto could reach p around pb).  Not when p
	takes part in a move.  Returns whether it will."""
	rel = UNMAP_OF.get(callee(pb))
	if not rel or key(p) in leak_fixes or any(key(p) in (kp, kq) for _, kp, kq in moves):
		return False
	if p[0].file != pb[0].file or int(pb[0].line) >= int(p[0].line):
		return False
	text, starts = flat(p[0].file)
	lines = text.split("\n")
	first = lines[int(pb[0].line) - 1]
	# (Mapped by a statement of its own: not under an if or a loop head.)
	if not re.match(r"\s*(?:[\w\s]+[\s*]+)?%s\s*=" % re.escape(tidy(b)), first):
		return False
	n = int(pb[0].line) - 2
	while n >= 0 and re.fullmatch(r"\s*(?:\x23.*)?", lines[n]):
		n -= 1
	if n >= 0 and not re.search(r"[;{}]\s*$", lines[n]):
		return False	# (the body of an if, a loop or an else without braces)
	if any(re.match(r"\s*(?:case\b[^:]*|\w+)\s*:(?!:)", t) for t in lines[int(pb[0].line):int(p[0].line)]):
		return False
	o_pb, o_p = (starts[int(q[0].line) - 1] + int(q[0].column) for q in (pb, p))
	inner = next(enclosing_blocks(text, o_pb), None)
	if inner is not None and inner not in enclosing_blocks(text, o_p):
		return False
	leak_fixes[key(p)] = (rel, tidy(b))
	return True

def owner(p):
	"""p for a release patch mode moves down, q for the one it moves
	past (computed once the scripts of the file have run)."""
	f = p[0].file
	if ("file", f) not in owners:
		owners[("file", f)] = None
		for pair, kp, kq in moves:
			if pair[0] == f and pair not in stuck and kp not in owners and kq not in owners:
				owners[kp], owners[kq] = "p", "q"
	return owners.get(key(p))

def org_text(s):
	"""Org links end at the first "]": keep brackets out of their text."""
	return s.replace("[", "(").replace("]", ")")
# <<< cocci/lib/lifo_rule.py

// spatch's token prefilter needs literal names: a violation ends in
// release statements, so this rule spells out the releasing functions
// (without the "__" ones, which are called where the public ones are
// named; a word starting with "_" makes spatch's scanner slow).  make scan
// picks files itself and drops this rule.
// The rule of a tree also names the helpers that map a field
// (fieldmaps.list): their releases are helpers too (erofs_bread() maps
// what erofs_put_metabuf() releases).
// prefilter: releases.list iterators.list keyreleases.list fieldmaps.list
@tokens@
@@
\(kunmap_local\|kunmap_atomic\|pte_unmap\|pte_unmap_unlock\|folio_release_kmap\|unmap_and_put_page\|sg_miter_stop\|skb_abort_seq_read\|io_mapping_unmap_local\|io_mapping_unmap_atomic\|sg_miter_next\|skb_seq_read\|zs_unmap_object\|zpool_unmap_handle\)(...)

// Only a function that maps twice can nest: count the mapping calls, and
// let the path searches look inside those functions only.  The field
// helpers of other files map too (fieldmaps.list, filled for a tree).
@maps depends on tokens@
position p;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle, sg_miter_next, skb_seq_read}; // maps.list iterators.list fieldmaps.list
identifier om = {kmap_lifo_none}; // opmaps.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
expression EHm;
@@
\(mf@p\|EO->om@p\|EHm->mf@p\)(...)

@script:python@
p << maps.p;
@@
# (Calls of field helpers are counted by the structures they are given:
# find_helper_calls().)
if callee(p) not in ext_maps:
	mapcalls[where(p)] = mapcalls.get(where(p), 0) + 1

// Handles: what each mapping call's result is assigned to, per function.
@handles depends on tokens@
expression X;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
position pm : script:python() { where(pm) in mapcalls };
identifier om = {kmap_lifo_none}; // opmaps.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
@@
\( X = <+... \(mf@pm\|EO->om@pm\)(...) ...+> \)

@script:python@
X << handles.X; pm << handles.pm;
@@
note_handle(X, pm)

// A mapping held in a local and stored in a field of a parameter
// ("fw->ptep = ptep;", as folio_walk_start() does) leaves the field
// mapped, as a mapping stored there directly does.
@hstore depends on handles@
expression E;
identifier F;
idexpression L;
position ps;
@@
E->F@ps = L

@script:python@
E << hstore.E; F << hstore.F; L << hstore.L; ps << hstore.ps;
@@
if held_local(L, ps):
	note_field_store("%s->%s" % (tidy(E), F), ps, L)

// Or stored through an out-parameter ("*ptepp = ptep;", as follow_pte()
// of 6.1 does): what the parameter points to stays mapped.
@hout depends on handles@
expression E;
idexpression L;
position ps;
@@
\( *E@ps = L \)

@script:python@
E << hout.E; L << hout.L; ps << hout.ps;
@@
if held_local(L, ps):
	note_field_store("*" + tidy(E), ps, L)

// A mapping call given to a setter, a function that stores one parameter
// in a field of another (iosys_map_set_vaddr(map, kmap_local_page(...))
// of TTM's kmap iterators: setter()), leaves that field mapped.
@hsetter depends on maps@
identifier S;
expression list[n] Es;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
position ps;
@@
S@ps(Es, <+... mf(...) ...+>, ...)

@script:python@
S << hsetter.S; n << hsetter.n; ps << hsetter.ps;
@@
note_setter_call(S, int(n), ps)

// The releases of fields, for the summaries of helpers and of functions
// that leave fields mapped to another function.
@frel depends on tokens@
expression X;
identifier rf = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
position pr;
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
@@
\(rf@pr\|EO->orl@pr\)(..., X, ...)

@script:python@
X << frel.X; pr << frel.pr;
@@
note_field_release(X, pr)

// The functions of a file that maps: one that only calls the field
// helpers of its file (gw_map(&in); gw_map(&out)) maps no name of the
// lists, and maps twice all the same.
@fns depends on maps@
identifier f;
position p;
@@
f@p(...) { ... }

@script:python twice@
p << fns.p;
fn;
@@
# A function that maps once gets a name no function has: dropping the
# match instead (cocci.include_match(False)) would also make the later
# rules that depend on tokens fail in files without a function that
# maps twice (spatch 1.1.1).
find_helper_calls(p[0].file)
if mapcalls.get(where(p), 0) < 2:
	coccinelle.fn = cocci.make_ident("kmap_lifo_maps_once")
else:
	coccinelle.fn = cocci.make_ident(p[0].current_element)

// The violations, in three stages rather than one costly match.
// nest: A mapped, then B mapped while A is live (on any path: a loop's
// back edge included).  A mapping is an assignment of a mapping call's
// result (with an offset or a cast, in a declaration or a condition), an
// iterator advanced in place, or a call of a helper that leaves a field
// of its argument mapped.  A release of A under a condition ends it, a
// release through a helper or a member too ("if (ops->unmap_local)
// ops->unmap_local(it, &map)": the member is there where it mapped).
@nest depends on twice exists@
identifier twice.fn;
expression A, C, E;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier mb = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle, sg_miter_next, skb_seq_read}; // maps.list iterators.list
identifier ia = {sg_miter_next, skb_seq_read}; // iterators.list
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier fh : script:python() { fh in helper_names() };
identifier fa : script:python() { fa in helper_names() };
identifier rh : script:python() { rh in release_helper_names() };
identifier F;
position pa, pb;
position pg : script:python() { not exits(pg) };
position pr : script:python() { not in_exiting_block(pr) and not mapped_before_in_block(pr) };
identifier om = {kmap_lifo_none}; // opmaps.list
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier sna = {kmap_lifo_none}; // opstructs.list
struct sna *EOa;
identifier snb = {kmap_lifo_none}; // opstructs.list
struct snb *EOb;
identifier snr = {kmap_lifo_none}; // opstructs.list
struct snr *EOr;
expression EHa, EHb, EHr, EHs, EHt;
@@
fn(...) {
... when any
\( A = <+... \(ma@pa\|EOa->om@pa\)(...) ...+> \| ia@pa(..., A) \| \(fa@pa\|EHa->fa@pa\)(..., A, ...) \)
... when != ra(..., <+... A ...+>, ...)
    when != rh(..., <+... A ...+>, ...)
    when != EHr->rh(..., <+... A ...+>, ...)
    when != EOr->orl(..., <+... A ...+>, ...)
    when != A = E
    when != if@pg (C) { <+... \( ra@pr(..., <+... A ...+>, ...) \| rh@pr(..., <+... A ...+>, ...) \| EHs->rh@pr(..., <+... A ...+>, ...) \) ...+> }
    when != if (C) \( ra(..., <+... A ...+>, ...); \| rh(..., <+... A ...+>, ...); \| EHt->rh(..., <+... A ...+>, ...); \)
    when any
\( \(mb@pb\|EOb->om@pb\)(...) \| \(fh@pb\|EHb->fh@pb\)(...) \| F(..., fh@pb, ...) \)
... when any
}

@script:python@
A << nest.A; pa << nest.pa;
@@
nested.add(where(pa))
# A mapped by a helper of the file (or of another file): A must be the
# argument the helper maps a field of.  Another call matched only as a
# helper of some other file read in the same run: A must be what a
# mapping call is assigned to, or an iterator's last argument.
if key(pa) in helper_calls:
	if helper_arg(A, pa):
		outer.add((where(pa), tidy(A)))
else:
	args = call_at(pa)[1]
	if same(A, assignee(pa)) or callee(pa) in plain_maps or (callee(pa) in iterators and args and tidy(args[-1]) == tidy(A)):
		outer.add((where(pa), tidy(A)))

// Aliases matter only where nest found a pair.
// Aliases: "y = x;" (or x plus an offset, or cast, or "y = x = map()")
// lets y release the mapping of the handle x.
@alias depends on nest@
expression X, Y;
position p : script:python() { where(p) in nested };
@@
Y@p = X

@script:python@
X << alias.X;
Y << alias.Y;
p << alias.p;
@@
note_alias(X, Y, p)


// pair: B, the handle mapped at pb, when it is another than A (not A
// mapped again by a loop, nor an alias of it): each pair costs a path
// search.
@pair@
position nest.pb;
expression B : script:python(pb) { helper_arg(B, pb) };
identifier fh : script:python(pb) { key(pb) in helper_calls };
identifier F;
identifier mb = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier ib = {sg_miter_next, skb_seq_read}; // iterators.list
identifier om = {kmap_lifo_none}; // opmaps.list
identifier snb = {kmap_lifo_none}; // opstructs.list
struct snb *EOb;
expression EHb;
@@
\( B = <+... \(mb@pb\|EOb->om@pb\)(...) ...+> \| ib@pb(..., B) \| \(fh@pb\|EHb->fh@pb\)(..., B, ...) \| F(..., fh@pb, ..., B, ...) \)

// The then-branch of "if (!B)" (unlikely(!B), IS_ERR(B), B == NULL) for
// the handle B of a pair: there B is NULL (its map failed) and only the
// older mappings are live.
@nullexit@
expression pair.B;
identifier rn = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier L;
position pn;
@@
(
if (\(!B\|unlikely(!B)\|IS_ERR_OR_NULL(B)\|IS_ERR(B)\|B == NULL\)) goto L@pn;
|
if (\(!B\|unlikely(!B)\|IS_ERR_OR_NULL(B)\|IS_ERR(B)\|B == NULL\)) { ... goto L@pn; }
|
if (\(!B\|unlikely(!B)\|IS_ERR_OR_NULL(B)\|IS_ERR(B)\|B == NULL\)) { <+... rn@pn(...) ...+> }
)

@script:python@
pn << nullexit.pn; B << pair.B;
@@
note_null(pn, tidy(B))

// (A block that leaves by a goto matches the second case above, at the
// goto: the releases before it are also made where B is NULL.)
@nullrel@
expression pair.B;
identifier rn = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
position pn;
@@
if (\(!B\|unlikely(!B)\|IS_ERR_OR_NULL(B)\|IS_ERR(B)\|B == NULL\)) { <+... rn@pn(...) ...+> }

@script:python@
pn << nullrel.pn; B << pair.B;
@@
note_null(pn, tidy(B))

// The same for a helper that maps through an out-parameter, when what
// it returns says it failed (de = ext2_find_entry(dir, name, &page,
// &page_addr); if (!de) goto out;): there it mapped nothing.
@nullout@
position nest.pb;
identifier fh : script:python(pb) { helper_calls.get(key(pb), (0, ""))[1] == "*" };
identifier rn = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
expression X, E;
identifier L;
position pn;
@@
X = fh@pb(...);
... when != X = E
(
if (\(!X\|unlikely(!X)\|IS_ERR_OR_NULL(X)\|IS_ERR(X)\|X == NULL\)) goto L@pn;
|
if (\(!X\|unlikely(!X)\|IS_ERR_OR_NULL(X)\|IS_ERR(X)\|X == NULL\)) { ... goto L@pn; }
|
if (\(!X\|unlikely(!X)\|IS_ERR_OR_NULL(X)\|IS_ERR(X)\|X == NULL\)) { <+... rn@pn(...) ...+> }
)

@script:python@
pn << nullout.pn; pb << nest.pb;
@@
note_null(pn, key(pb))

// Or, for one that returns an error code (follow_pte() of 6.1: 0 or
// -EINVAL), a test that it is not zero: ret = f(..., &ptep, &ptl); if
// (ret) goto out; or if (f(...)) goto out;.
@nulloutint@
position nest.pb;
identifier fh : script:python(pb) { helper_calls.get(key(pb), (0, ""))[1] == "*" };
identifier X;
expression E;
identifier L;
position pn;
@@
X = fh@pb(...);
... when != X = E
(
if (\(X\|unlikely(X)\|X < 0\|X != 0\)) goto L@pn;
|
if (\(X\|unlikely(X)\|X < 0\|X != 0\)) { ... goto L@pn; }
)

@script:python@
pn << nulloutint.pn; X << nulloutint.X; pb << nest.pb;
@@
if error_code(X, pn):
	note_null(pn, key(pb))

@nulloutcall@
position nest.pb;
identifier fh : script:python(pb) { helper_calls.get(key(pb), (0, ""))[1] == "*" };
identifier L;
position pn;
@@
(
if (\(fh@pb(...)\|unlikely(fh@pb(...))\|fh@pb(...) < 0\)) goto L@pn;
|
if (\(fh@pb(...)\|unlikely(fh@pb(...))\|fh@pb(...) < 0\)) { ... goto L@pn; }
)

@script:python@
pn << nulloutcall.pn; pb << nest.pb;
@@
note_null(pn, key(pb))

// early: from B's mapping, A released while B is live.  A release of B
// under a condition counts as one (guarded and undecided below tell the
// conditions apart), unless its block leaves the flow: then the path
// that skips the block goes on with B mapped.
@early exists@
expression nest.A, pair.B;
position nest.pb;
// (A set to another value no longer holds the mapping, unless it is
// released by key: keyed_handle().)
position pz : script:python(A, pb) { not keyed_handle(A, pb) };
expression C, E;
identifier L;
identifier mb = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier ib = {sg_miter_next, skb_seq_read}; // iterators.list
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier rb = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
expression RA : script:python(A, B, pb) { (where(pb), tidy(A)) in outer and distinct(A, B, pb) and mentions(RA, A, pb) };
expression RB : script:python(B, pb) { mentions(RB, B, pb) };
expression RHA : script:python(A, B, pb) { (where(pb), tidy(A)) in outer and distinct(A, B, pb) and (mentions(RHA, A, pb) or field_released(RHA, A, pb)) };
expression RHB : script:python(B, pb) { mentions(RHB, B, pb) or field_released(RHB, B, pb) };
position p : script:python(A, B, pb) { not null_at(p, B, pb) and (callee(p) not in keyrel_names or keyed_at(p, A, pb)) and releases_through_helper(p, A, pb) and not releases_too(p, B, pb) };
position pn : script:python(B, pb) { null_at(pn, B, pb) };
identifier fh : script:python(pb) { key(pb) in helper_calls };
identifier F;
position pg : script:python(A, B, pb) { not exits(pg) and not releases_first(pg, A, B, pb) };
identifier rh : script:python(pb) { rh in release_helper_names(pb[0].file) };
// (The when clauses name these, not rh, kr, orl and okr: those share
// the binding of the release at p, and would let a release by another
// helper or member by.)
identifier rhw : script:python(pb) { rhw in release_helper_names(pb[0].file) };
identifier kr = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
identifier krw = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
position pk : script:python(B, pb) { keyed_at(pk, B, pb) };
identifier om = {kmap_lifo_none}; // opmaps.list
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier orlw = {kmap_lifo_none}; // opreleases.list
identifier okr = {kmap_lifo_none}; // opkeyreleases.list
identifier okrw = {kmap_lifo_none}; // opkeyreleases.list
identifier snb = {kmap_lifo_none}; // opstructs.list
struct snb *EOb;
identifier snr = {kmap_lifo_none}; // opstructs.list
struct snr *EOr;
identifier snk = {kmap_lifo_none}; // opstructs.list
struct snk *EOk;
identifier snp = {kmap_lifo_none}; // opstructs.list
struct snp *EOp;
expression EHb, EHp, EHr, EHs, EHt;
@@
\( B = <+... \(mb@pb\|EOb->om@pb\)(...) ...+> \| ib@pb(..., B) \| \(fh@pb\|EHb->fh@pb\)(..., B, ...) \| F(..., fh@pb, ..., B, ...) \)
... when != rb(..., RB, ...)
    when != rhw(..., RHB, ...)
    when != EHr->rhw(..., RHB, ...)
    when != krw@pk(...)
    when != EOr->orlw(..., RB, ...)
    when != EOk->okrw@pk(...)
    when != if@pg (C) { <+... \( rb(..., RB, ...) \| rhw(..., RHB, ...) \| EHs->rhw(..., RHB, ...) \| EOr->orlw(..., RB, ...) \) ...+> }
    when != if (C) \( rb(..., RB, ...); \| rhw(..., RHB, ...); \| EHt->rhw(..., RHB, ...); \| EOr->orlw(..., RB, ...); \)
    when != B = E
    when != A@pz = E
    when != goto L@pn;
\( ra@p(..., RA, ...) \| \(rh@p\|EHp->rh@p\)(..., RHA, ...) \| kr@p(...) \| EOp->orl@p(..., RA, ...) \| EOp->okr@p(...) \)

@script:python depends on report && undecided@
A << nest.A; B << pair.B; p << early.p;
@@
early_hits.add((key(p), tidy(A), tidy(B)))

// late: from there, B released.
@late exists@
expression pair.B;
position early.p;
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier rb = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
expression RB : script:python(B, p) { mentions(RB, B, p) };
expression RHB : script:python(B, p) { mentions(RHB, B, p) or field_released(RHB, B, p) };
expression E;
position q : script:python(B, p) { releases_through_helper(q, B, p) };
identifier rh : script:python(p) { rh in release_helper_names(p[0].file) };
// (B may be released by another helper, key or member than A at p.)
identifier rhq : script:python(p) { rhq in release_helper_names(p[0].file) };
identifier kr = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
identifier krq = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
position qk : script:python(B, p) { keyed_at(qk, B, p) };
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier orlq = {kmap_lifo_none}; // opreleases.list
identifier okr = {kmap_lifo_none}; // opkeyreleases.list
identifier okrq = {kmap_lifo_none}; // opkeyreleases.list
identifier snp = {kmap_lifo_none}; // opstructs.list
struct snp *EOp;
identifier snq = {kmap_lifo_none}; // opstructs.list
struct snq *EOq;
expression EHp, EHq;
@@
\( ra@p(...) \| \(rh@p\|EHp->rh@p\)(...) \| kr@p(...) \| EOp->orl@p(...) \| EOp->okr@p(...) \)
... when != B = E
\( rb@q(..., RB, ...) \| \(rhq@q\|EHq->rhq@q\)(..., RHB, ...) \| krq@qk@q(...) \| EOq->orlq@q(..., RB, ...) \| EOq->okrq@qk@q(...) \)

@script:python depends on report || org || context@
A << nest.A; B << pair.B; pa << nest.pa; pb << nest.pb; p << early.p; q << late.q;
@@
note(A, pa, B, pb, p)

@script:python depends on patch@
A << nest.A; B << pair.B; pa << nest.pa; pb << nest.pb; p << early.p; q << late.q;
@@
if on_stack(A, pa) and on_stack(B, pb):
	choose(A, B, p, q)

// kept: or B is a field that a helper left mapped, and the function can
// return with it still mapped (another function releases it later).
@kept exists@
identifier twice.fn;
expression pair.B;
position early.p;
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier rb = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
expression RB : script:python(B, p) { mentions(RB, B, p) };
expression RHB : script:python(B, p) { mentions(RHB, B, p) or field_released(RHB, B, p) };
expression E;
position q;
identifier rh : script:python(p) { rh in release_helper_names(p[0].file) };
// (The when clauses name these, not rh, kr, orl and okr: those share
// the binding of the release at p, and would let a release by another
// helper or member by.)
identifier rhw : script:python(p) { rhw in release_helper_names(p[0].file) };
identifier kr = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
identifier krw = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
position qk : script:python(B, p) { keyed_at(qk, B, p) };
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier orlw = {kmap_lifo_none}; // opreleases.list
identifier okr = {kmap_lifo_none}; // opkeyreleases.list
identifier okrw = {kmap_lifo_none}; // opkeyreleases.list
identifier snp = {kmap_lifo_none}; // opstructs.list
struct snp *EOp;
identifier snr = {kmap_lifo_none}; // opstructs.list
struct snr *EOr;
identifier snk = {kmap_lifo_none}; // opstructs.list
struct snk *EOk;
expression EHp, EHr;
@@
fn@q(...) {
... when any
\( ra@p(...) \| \(rh@p\|EHp->rh@p\)(...) \| kr@p(...) \| EOp->orl@p(...) \| EOp->okr@p(...) \)
... when != rb(..., RB, ...)
    when != rhw(..., RHB, ...)
    when != EHr->rhw(..., RHB, ...)
    when != krw@qk(...)
    when != EOr->orlw(..., RB, ...)
    when != EOk->okrw@qk(...)
    when != B = E
}

@script:python depends on report || org || context@
A << nest.A; B << pair.B; pa << nest.pa; pb << nest.pb; p << early.p; q << kept.q;
@@
if key(pb) in helper_calls:
	note(A, pa, B, pb, p)

// leaked: or B, mapped by a mapping call, is neither released nor
// handed on from there to the end of the function (an error path that
// releases only the older mapping): it is still on top when A goes.
// B is a local set from a mapping call (an iterator that a failed
// sg_miter_next() left holds nothing): see the script.
// Handing B on (to any call, a store, a return) after the release of A
// may release it elsewhere, and storing it (X = B, an offset, a cast)
// before: those paths count as released.
// The functions that release B somewhere, by a release the rules know:
// a leak is reported only there (put_buf(b), a macro or a function of
// another file that the rules do not know may release it).
@brel depends on tokens && early@
identifier rb = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier rh : script:python() { rh in release_helper_names() };
expression RB;
position pk;
@@
\( rb@pk(..., RB, ...) \| rh@pk(..., RB, ...) \)

@script:python@
RB << brel.RB; pk << brel.pk;
@@
released_in.setdefault(where(pk), []).append(str(RB))

@leaked exists@
identifier twice.fn;
expression pair.B;
position nest.pb, early.p;
identifier mb = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier rh : script:python(p) { rh in release_helper_names(p[0].file) };
identifier kr = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier okr = {kmap_lifo_none}; // opkeyreleases.list
identifier snp = {kmap_lifo_none}; // opstructs.list
struct snp *EOp;
identifier F;
expression E, X, EHp;
type T;
position q;
@@
fn@q(...) {
... when any
\( B = <+... mb@pb(...) ...+> \)
... when != X = B
    when != X = B + E
    when != X = (T)B
    when != X = (T)B + E
    when != B = E
    when any
\( ra@p(...) \| \(rh@p\|EHp->rh@p\)(...) \| kr@p(...) \| EOp->orl@p(...) \| EOp->okr@p(...) \)
... when != F(..., <+... B ...+>, ...)
    when != X = <+... B ...+>
    when != B = E
    when != return <+... B ...+>;
}

@script:python depends on report || org || context@
A << nest.A; B << pair.B; pa << nest.pa; pb << nest.pb; p << early.p; q << leaked.q;
@@
# (A local only: an element or a field may be released through another
# index, or by a helper given its structure.)
if re.fullmatch(r"\w+", tidy(B)) and any(mentions(r, B, pb) for r in released_in.get(where(pb), ())):
	note(A, pa, B, pb, p)

// Patch mode adds the release of B before that of A, where every path
// to it maps B (leak_fix()).
@script:python leakrel depends on patch@
A << nest.A; B << pair.B; pa << nest.pa; pb << nest.pb; p << early.p; q << leaked.q;
rel; bb;
@@
if re.fullmatch(r"\w+", tidy(B)) and distinct(A, B, pb) and on_stack(A, pa) and on_stack(B, pb) and leak_fix(B, pb, p):
	coccinelle.rel = cocci.make_ident(leak_fixes[key(p)][0])
	coccinelle.bb = cocci.make_ident(leak_fixes[key(p)][1])
else:
	cocci.include_match(False)

@leakfix depends on patch@
position early.p;
identifier leakrel.rel, leakrel.bb;
identifier RA;
expression list EA;
@@
+ rel(bb);
  RA@p(EA);

// Undecided: as early, but only the releases of B under a test of B
// itself (if (B), if (B != NULL)), under a flag set true beside B's
// mapping, or under a test that the member it is released through is
// there (if (ops->unmap_local)), count: B is mapped there, so they hold.  A release of A this
// finds and early does not is reached by skipping a release of B under
// another condition (booleans that correlate elsewhere): the order
// depends on it, and the place is named.
@guarded depends on report && undecided exists@
expression nest.A, pair.B;
position nest.pb;
expression E;
identifier L;
expression D : script:python(B, pb) { tests_only(str(D), B) or flag_set_with(str(D), pb) or tests_release_member(str(D), pb) or tests_result(str(D), pb) or tests_field(str(D), pb) or same_guard(str(D), pb) };
identifier mb = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier ib = {sg_miter_next, skb_seq_read}; // iterators.list
identifier fh : script:python(pb) { key(pb) in helper_calls };
identifier F;
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier rb = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
expression RA : script:python(A, B, pb) { (where(pb), tidy(A)) in outer and distinct(A, B, pb) and mentions(RA, A, pb) };
expression RB : script:python(B, pb) { mentions(RB, B, pb) };
expression RHA : script:python(A, B, pb) { (where(pb), tidy(A)) in outer and distinct(A, B, pb) and (mentions(RHA, A, pb) or field_released(RHA, A, pb)) };
expression RHB : script:python(B, pb) { mentions(RHB, B, pb) or field_released(RHB, B, pb) };
position pn : script:python(B, pb) { null_at(pn, B, pb) };
position pg : script:python() { not exits(pg) };
position p : script:python(A, B, pb) { not null_at(p, B, pb) and (callee(p) not in keyrel_names or keyed_at(p, A, pb)) and releases_through_helper(p, A, pb) and not releases_too(p, B, pb) };
identifier rh : script:python(pb) { rh in release_helper_names(pb[0].file) };
// (The when clauses name these, not rh, kr, orl and okr: those share
// the binding of the release at p, and would let a release by another
// helper or member by.)
identifier rhw : script:python(pb) { rhw in release_helper_names(pb[0].file) };
identifier kr = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
identifier krw = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
position pk : script:python(B, pb) { keyed_at(pk, B, pb) };
identifier om = {kmap_lifo_none}; // opmaps.list
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier orlw = {kmap_lifo_none}; // opreleases.list
identifier okr = {kmap_lifo_none}; // opkeyreleases.list
identifier okrw = {kmap_lifo_none}; // opkeyreleases.list
identifier snb = {kmap_lifo_none}; // opstructs.list
struct snb *EOb;
identifier snr = {kmap_lifo_none}; // opstructs.list
struct snr *EOr;
identifier snk = {kmap_lifo_none}; // opstructs.list
struct snk *EOk;
identifier snp = {kmap_lifo_none}; // opstructs.list
struct snp *EOp;
expression EHb, EHp, EHr, EHs, EHt;
@@
\( B = <+... \(mb@pb\|EOb->om@pb\)(...) ...+> \| ib@pb(..., B) \| \(fh@pb\|EHb->fh@pb\)(..., B, ...) \| F(..., fh@pb, ..., B, ...) \)
... when != rb(..., RB, ...)
    when != rhw(..., RHB, ...)
    when != EHr->rhw(..., RHB, ...)
    when != krw@pk(...)
    when != EOr->orlw(..., RB, ...)
    when != EOk->okrw@pk(...)
    when != if@pg (D) { <+... \( rb(..., RB, ...) \| rhw(..., RHB, ...) \| EHs->rhw(..., RHB, ...) \| EOr->orlw(..., RB, ...) \) ...+> }
    when != if (D) \( rb(..., RB, ...); \| rhw(..., RHB, ...); \| EHt->rhw(..., RHB, ...); \| EOr->orlw(..., RB, ...); \)
    when != B = E
    when != A = E
    when != goto L@pn;
\( ra@p(..., RA, ...) \| \(rh@p\|EHp->rh@p\)(..., RHA, ...) \| kr@p(...) \| EOp->orl@p(..., RA, ...) \| EOp->okr@p(...) \)

@script:python depends on report && undecided@
A << nest.A; B << pair.B; pb << nest.pb; p << guarded.p;
@@
undecided_guard(A, B, pb, p)

// carried: a loop keeps the mapping of the last round in another
// handle (prev = x, or *target = buf for a structure a helper maps a
// field of) and releases it after it mapped x again (erofs's
// erofs_find_target_block() releases the last candidate block after it
// maps the next): the older mapping is released first.
// (The pairs of handles first, cheaply: carried then follows the paths
// of those alone; in a file with many mappings, such as mm/memory.c,
// trying every pair along every path costs seconds.)
@carried0 depends on tokens && !patch exists@
expression X, Y;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
@@
\( X = <+... ma(...) ...+> \)
...
Y = X;

@carried depends on carried0 exists@
expression carried0.X, carried0.Y, E;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
// (In the when clauses, another name: ra there would be the release
// at p, and let a release by another function by.)
identifier rw = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
position pa, pa2, ps, p;
@@
\( X = <+... ma@pa(...) ...+> \)
... when != rw(..., <+... X ...+>, ...)
    when != X = E
Y@ps = X;
... when != rw(..., <+... Y ...+>, ...)
    when != rw(..., <+... X ...+>, ...)
    when != Y = E
\( X = <+... ma@pa2(...) ...+> \)
... when != rw(..., <+... X ...+>, ...)
    when != rw(..., <+... Y ...+>, ...)
    when != X = E
    when != Y = E
ra@p(..., <+... Y ...+>, ...)

@script:python@
X << carried0.X; Y << carried0.Y; pa << carried.pa; pa2 << carried.pa2; p << carried.p;
@@
note_carried(Y, X, pa, p, pa2=pa2)

// The same where the handles are declared: "char *old = buffer;" in the
// loop (or in straight-line code: old = x; x = map(); kunmap(old)).
@carriedv0 depends on tokens && !patch exists@
identifier X, Y;
type T;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
@@
(
X = <+... ma(...) ...+>;
|
T X = <+... ma(...) ...+>;
)
...
T Y = X;

@carriedv depends on carriedv0 exists@
identifier carriedv0.X, carriedv0.Y;
type T, T2;
expression E;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
// (In the when clauses, another name: ra there would be the release
// at p, and let a release by another function by.)
identifier rw = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
position pa, pa2, ps, p;
@@
(
X = <+... ma@pa(...) ...+>;
|
T X = <+... ma@pa(...) ...+>;
)
... when != rw(..., <+... X ...+>, ...)
    when != X = E
T2 Y@ps = X;
... when != rw(..., <+... Y ...+>, ...)
    when != rw(..., <+... X ...+>, ...)
    when != Y = E
\( X = <+... ma@pa2(...) ...+> \)
... when != rw(..., <+... X ...+>, ...)
    when != rw(..., <+... Y ...+>, ...)
    when != X = E
    when != Y = E
ra@p(..., <+... Y ...+>, ...)

@script:python@
X << carriedv0.X; Y << carriedv0.Y; pa << carriedv.pa; pa2 << carriedv.pa2; p << carriedv.p;
@@
note_carried(Y, X, pa, p, pa2=pa2)

@carriedf depends on tokens && !patch exists@
expression S, T, E;
identifier fh : script:python() { fh in helper_names() };
identifier rh : script:python() { rh in release_helper_names() };
// (In the when clauses, another name: rh there would be the release
// at p, and let a release by another helper by; rw: a direct release
// of a field of S.)
identifier rhw : script:python() { rhw in release_helper_names() };
identifier rw = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
position pa, ps, p;
@@
\( fh@pa(..., &S, ...) \)
... when != rhw(..., &S, ...)
    when != rw(..., <+... S ...+>, ...)
 *T@ps = S;
... when != rhw(..., T, ...)
    when != rhw(..., &S, ...)
    when != rw(..., <+... S ...+>, ...)
    when != T = E
    when != *T = E
\( fh@pa(..., &S, ...) \)
... when != rhw(..., &S, ...)
    when != rw(..., <+... S ...+>, ...)
    when != rhw(..., T, ...)
    when != T = E
    when != *T = E
rh@p(..., T, ...)

@script:python@
S << carriedf.S; T << carriedf.T; pa << carriedf.pa; p << carriedf.p;
@@
note_carried(T, S, pa, p)

// The same with the field of the structure mapped and released directly
// (buf.base = kmap_local_page(...); *target = buf; ...
// kunmap_local(target->base)).
@carriedd depends on tokens && !patch exists@
expression S, T, E;
identifier F;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
// (In the when clauses, another name: ra there would be the release
// at p, and let a release by another function by.)
identifier rw = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
position pa, ps, p;
@@
\( S.F = <+... ma@pa(...) ...+> \)
... when != rw(..., <+... S.F ...+>, ...)
 *T@ps = S;
... when != rw(..., <+... T->F ...+>, ...)
    when != rw(..., <+... S.F ...+>, ...)
    when != T = E
    when != *T = E
\( S.F = <+... ma@pa(...) ...+> \)
... when != rw(..., <+... S.F ...+>, ...)
    when != rw(..., <+... T->F ...+>, ...)
    when != T = E
    when != *T = E
ra@p(..., <+... T->F ...+>, ...)

@script:python@
S << carriedd.S; T << carriedd.T; F << carriedd.F; pa << carriedd.pa; p << carriedd.p;
@@
note_carried(T, S, pa, p, str(F))

// Arrays: elements mapped in a loop (p[i] = map(), i rising) must be
// released in a loop counting the other way.  The path search above
// cannot tell p[i] of one round from p[i] of the next: these rules record
// the elements' mappings, stores, copies, aliases, releases and the loops,
// and arrays() judges (see judge_arrays()).
@elmap depends on tokens@
expression A, I;
identifier F;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
position pa;
@@
(
A[I] = <+... ma@pa(...) ...+>
|
A[I].F = <+... ma@pa(...) ...+>
|
A[I]->F = <+... ma@pa(...) ...+>
)

@script:python@
A << elmap.A; I << elmap.I; F << elmap.F = ""; pa << elmap.pa;
@@
el_note("maps", pa, "%s[%s]%s" % (A, I, "." + F if F else ""))

@elstore depends on tokens@
expression A, I;
expression V : script:python() { stored_local(V) is not None };
identifier F;
position p;
@@
(
A[I]@p = V
|
A[I].F@p = V
|
A[I]->F@p = V
)

@script:python@
A << elstore.A; I << elstore.I; F << elstore.F = ""; V << elstore.V; p << elstore.p;
@@
el_note("stores", p, ("%s[%s]%s" % (A, I, "." + F if F else ""), stored_local(V)))

// Or where a helper that maps a field of its argument is called (make
// scan's fieldmaps.list): an array mapped in a loop by a helper of
// another file, released by another (judge_arrays()).
@elhelper depends on tokens@
identifier fm = {kmap_lifo_none}; // fieldmaps.list
position p;
@@
fm@p(...)

@script:python@
p << elhelper.p;
@@
el_note("calls", p, None)

// Or where an element is released: a helper that only releases an array
// it is given, for its callers in other files (array_summaries()).
@elfree depends on tokens@
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
expression A, I;
position p;
@@
ra@p(..., <+... A[I] ...+>, ...)

// The rest only where an element is mapped, stored or released, or such
// a helper called.
@ellocal depends on elmap || elstore || elhelper || elfree@
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
idexpression L;
position pa;
@@
L = <+... ma@pa(...) ...+>

@script:python@
L << ellocal.L; pa << ellocal.pa;
@@
el_note("maps", pa, str(L))

@eldecl depends on elmap || elstore || elhelper || elfree@
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
type T;
identifier D;
position pa;
@@
T D = <+... ma@pa(...) ...+>;

@script:python@
D << eldecl.D; pa << eldecl.pa;
@@
el_note("maps", pa, str(D))

@elcopy depends on elmap || elstore || elhelper || elfree@
expression A, I;
identifier F;
idexpression L;
type T;
position p;
@@
(
L@p = \( A[I] \| (T)A[I] \)
|
L@p = \( A[I].F \| (T)A[I].F \)
|
L@p = \( A[I]->F \| (T)A[I]->F \)
)

@script:python@
L << elcopy.L; A << elcopy.A; I << elcopy.I; F << elcopy.F = ""; p << elcopy.p;
@@
el_note("copies", p, (str(L), "%s[%s]%s" % (A, I, "." + F if F else "")))

@elcopyd depends on elmap || elstore || elhelper || elfree@
expression A, I;
identifier F, D;
type T, T2;
position p;
@@
(
T D@p = \( A[I] \| (T2)A[I] \);
|
T D@p = \( A[I].F \| (T2)A[I].F \);
|
T D@p = \( A[I]->F \| (T2)A[I]->F \);
)

@script:python@
D << elcopyd.D; A << elcopyd.A; I << elcopyd.I; F << elcopyd.F = ""; p << elcopyd.p;
@@
el_note("copies", p, (str(D), "%s[%s]%s" % (A, I, "." + F if F else "")))

@elalias depends on elmap || elstore || elhelper || elfree@
idexpression P, Q;
expression A, I, B, J;
position p;
@@
(
Q@p = P
|
memcpy@p(Q, P, ...)
|
A[I]@p = B[J]
)

@script:python@
P << elalias.P = ""; Q << elalias.Q = ""; A << elalias.A = ""; I << elalias.I = ""; B << elalias.B = ""; J << elalias.J = ""; p << elalias.p;
@@
if A:
	el_note("aliases", p, ("%s[%s]" % (A, I), "%s[%s]" % (B, J)))
else:
	el_note("aliases", p, (str(Q), str(P)))

@elaliasd depends on elmap || elstore || elhelper || elfree@
idexpression P;
identifier D;
type T;
position p;
@@
T D@p = P;

@script:python@
P << elaliasd.P; D << elaliasd.D; p << elaliasd.p;
@@
el_note("aliases", p, (str(D), str(P)))

@elrel depends on elmap || elstore || elhelper || elfree@
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
expression E;
position p;
@@
ra@p(..., E, ...)

@script:python@
E << elrel.E; p << elrel.p;
@@
el_note("rels", p, str(E))

@elloop depends on elmap || elstore || elhelper || elfree@
statement S;
expression C, E;
type T;
identifier I;
position p;
@@
(
for@p (...; ...; ...) S
|
// (A loop that declares its counter: the form above does not match it.)
for@p (T I = E; ...; ...) S
|
while@p (C) S
)

@script:python@
p << elloop.p;
@@
el_note("loops", p, None)

@script:python depends on (elmap || elstore || elhelper || elfree) && !patch@
@@
arrays()

@script:python depends on (elmap || elstore || elhelper || elfree) && report && undecided@
@@
for arr, pa, why in el_undecided:
	if why:
		undecided_array(arr, pa, why)
	else:
		undecided_array(arr, pa)
del el_undecided[:]

// Across functions: a function that maps two fields of the structure it
// is passed (walk->src..., then walk->dst...) and releases neither, and
// another function of the file, passed the same type, that releases the
// first and then, on some path that maps nothing again (a loop that
// releases and maps anew), the second.  Fields are compared by their
// path from the parameter; a field mapped twice in the mapper is left
// undecided.  The fields may be mapped and released directly or through
// helpers that each handle one field (skcipher_map_src(walk)).
@fieldorder depends on tokens && !patch exists@
identifier fo : script:python() { fo in field_functions() };
identifier F, G;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier fm : script:python() { fm in helper_names() };
expression E, E2;
position p : script:python() { field_first(p) };
position q : script:python() { field_second(q) };
expression EHm;
@@
fo(...) {
... when any
\( F@p(...) \| E->F@p(...) \)
... when != \( ma(...) \| fm(...) \| EHm->fm(...) \)
\( G@q(...) \| E2->G@q(...) \)
... when any
}

@script:python@
p << fieldorder.p; q << fieldorder.q;
@@
field_path(p, q)

// A field of a parameter released where the function has not mapped it
// itself holds its caller's mapping, the older one: released while a
// mapping the function made is held, it breaks the order
// (note_caller_field()).  First the releases of such fields, then the
// mappings held there.
@callerrels depends on tokens && maps@
identifier rc = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
expression R;
position p;
@@
rc@p(..., R, ...)

@script:python@
R << callerrels.R; p << callerrels.p;
@@
note_caller_field(R, p)

@callerrel depends on callerrels exists@
expression X, E, C;
identifier ma = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier rh : script:python() { rh in release_helper_names() };
identifier rc = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
position pa : script:python() { where(pa) in caller_fns };
position p : script:python() { key(p) in caller_rels };
position pg : script:python() { guards_release(pg) };
position pn : script:python() { failed_goto(pn) };
identifier fn, L;
@@
fn(...) {
... when any
\( X = <+... ma@pa(...) ...+> \)
... when != ra(..., <+... X ...+>, ...)
    when != rh(..., <+... X ...+>, ...)
    when != if@pg (C) { <+... \( ra(..., <+... X ...+>, ...) \| rh(..., <+... X ...+>, ...) \) ...+> }
    when != if (C) \( ra(..., <+... X ...+>, ...); \| rh(..., <+... X ...+>, ...); \)
    when != X = E
    when != goto L@pn;
rc@p(...)
... when any
}

@script:python@
X << callerrel.X; pa << callerrel.pa; p << callerrel.p;
@@
note_caller_release(X, pa, p)

// Patch mode: the release of the inner mapping that comes next moves
// before the release of the field (when they are adjacent, choose()).
@callerfix depends on patch exists@
expression callerrel.X;
position callerrel.p;
identifier rc = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
identifier ra = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
position q;
@@
rc@p(...);
... when != ra(..., <+... X ...+>, ...)
ra@q(..., <+... X ...+>, ...);

@script:python@
X << callerrel.X; pa << callerrel.pa; p << callerrel.p; q << callerfix.q;
@@
r = caller_rels[key(p)][0]
if distinct(r, X, p) and on_stack(X, pa):
	choose(r, X, p, q)

// The findings are printed once the whole file is read, so that a pair's
// earliest release is known: report and org modes from the positions the
// scripts above recorded.  Positions cannot be inherited past a rule that
// changes the code, so the rules that star and move releases find their
// statements again through those records.
@script:python depends on tokens && report && !records@
@@
for _, p, r, _ in new_findings():
	coccilib.report.print_report(p[0], "WARNING: " + message(r))

@script:python depends on tokens && report && records@
@@
for _, p, r, _ in new_findings():
	print("FINDING: " + json.dumps(dict(r, message=message(r)), sort_keys=True, separators=(",", ":")))

@script:python depends on tokens && org@
@@
for _, p, r, links in new_findings():
	coccilib.org.print_todo(p[0], org_text(message(r)))
	for pos, text in links:
		coccilib.org.print_link(pos[0], org_text(text))

@depends on tokens && context@
position p : script:python() { reported(p) };
identifier rp = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, sg_miter_next, skb_seq_read}; // releases.list iterators.list
identifier rh : script:python() { rh in release_helper_names() };
identifier kr = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier okr = {kmap_lifo_none}; // opkeyreleases.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
expression EHp;
@@
* \( rp@p(...) \| \(rh@p\|EHp->rh@p\)(...) \| kr@p(...) \| EO->orl@p(...) \| EO->okr@p(...) \)

@depends on tokens && patch@
position p : script:python() { owner(p) == "p" };
position q : script:python() { owner(q) == "q" };
expression C, D;
expression list EA, EB;
identifier RA, RB;
@@
(
- if (C) RA@p(EA);
  if (D) RB@q(EB);
+ if (C) RA(EA);
|
- if (C) RA@p(EA);
  RB@q(EB);
+ if (C) RA(EA);
|
- RA@p(EA);
  if (D) RB@q(EB);
+ RA(EA);
|
- RA@p(EA);
  RB@q(EB);
+ RA(EA);
)

// The same through members of operations tables (ops->unmap(it, &m)).
@depends on tokens && patch@
position p : script:python() { owner(p) == "p" };
position q : script:python() { owner(q) == "q" };
expression C, D, EP, EQ;
expression list EA, EB;
identifier RA, RB;
@@
(
- if (C) EP->RA@p(EA);
  if (D) EQ->RB@q(EB);
+ if (C) EP->RA(EA);
|
- if (C) EP->RA@p(EA);
  EQ->RB@q(EB);
+ if (C) EP->RA(EA);
|
- EP->RA@p(EA);
  if (D) EQ->RB@q(EB);
+ EP->RA(EA);
|
- EP->RA@p(EA);
  EQ->RB@q(EB);
+ EP->RA(EA);
)

// The tables of operations of the file: a member set to a helper of
// another file (.get = opf_pub_map) maps as it does, in a file that has
// no function to summarize.
@optables depends on summaries@
identifier I, fld, fn;
type T;
position p;
@@
T I@p = { ..., .fld = fn, ... };

@script:python depends on summaries@
p << optables.p;
@@
table_files.add(p[0].file)

// The summaries of the functions of the file, for their callers.
@script:python depends on summaries@
@@
print_summaries()
