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
