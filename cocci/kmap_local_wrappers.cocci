// SPDX-License-Identifier: GPL-2.0-only
/// Find the helpers that map or release on the kmap_local stack.
///
/// Prints "WRAPPER: map FUNC FILE" for a function that returns a pointer
/// while a mapping it made is still held: the mapped address itself, an
/// offset inside the page, or an entry found in it (a directory's
/// find_entry() that returns the entry and leaves the folio mapped), and
/// "WRAPPER: release FUNC FILE" for one that releases an address or page
/// it is given, whatever else it does (a delete_entry() that ends in
/// folio_release_kmap()).  FILE is where the function is defined.
/// kmap_local_lifo.cocci checks the helpers' callers once their names
/// join its lists; make scan does that for a tree, repeating the search
/// so helpers of helpers are found.
///
// Confidence: Moderate
// Copyright: (C) 2026 The kmap-lifo tooling authors.
// Comments: The identifier sets marked "maps.list" and "releases.list"
//  are those files (cocci/bin/lists.pl writes them in).
// Options: --no-includes --include-headers

virtual report

// prefilter: maps.list
@wmaps@
@@
\(kmap_local_page\|kmap_local_page_prot\|kmap_local_folio\|kmap_local_pfn\|kmap_atomic\|kmap_atomic_prot\|kmap_atomic_pfn\|pte_offset_map\|pte_offset_map_lock\|pte_offset_map_nolock\|pte_offset_map_ro_nolock\|pte_offset_map_rw_nolock\|pte_alloc_map\|pte_alloc_map_lock\|bvec_kmap_local\|io_mapping_map_local_wc\|io_mapping_map_atomic_wc\|zs_map_object\|zpool_map_handle\)(...)

// prefilter: releases.list keyreleases.list
@wrels@
@@
\(kunmap_local\|kunmap_atomic\|pte_unmap\|pte_unmap_unlock\|folio_release_kmap\|unmap_and_put_page\|sg_miter_stop\|skb_abort_seq_read\|io_mapping_unmap_local\|io_mapping_unmap_atomic\|zs_unmap_object\|zpool_unmap_handle\)(...)

// rules: what make scan appends to kmap_local_lifo.cocci.

@initialize:python@
@@
import re

def points_into(v, x):
	"""Whether expression v can point into the mapping x: x taken as
	an address (x + off, (T *)x, &x->f), not only read through (*x,
	x->f, x[i]): pte_page(*ptep) is a page found from the entry read,
	the entry itself is not handed on."""
	v, x = re.sub(r"\s+", "", str(v)), re.escape(re.sub(r"\s+", "", str(x)))
	reads = r"(?<![\w&])\*\(?%s\)?(?![\w\[(]|->|\.)|(?<![\w.>&])%s(?=->|\[)" % (x, x)
	rest = re.sub(reads, "_", v)
	return re.search(r"(?<![\w.>])%s(?!\w)" % x, rest) is not None

// The mapping call's result returned, or an offset inside the page.
@wmap depends on wmaps exists@
identifier f;
type T;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier om = {kmap_lifo_none}; // opmaps.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
position p;
@@
T *f(...) {
... when any
return@p <+... \( mf(...) \| EO->om(...) \) ...+>;
}

@script:python depends on report@
p << wmap.p;
@@
print("WRAPPER: map %s %s" % (p[0].current_element, p[0].file))

// Failure returns of a mapping (if (IS_ERR(x)) return x;): the mapping
// failed, nothing is handed to the caller.
@werr depends on wmaps@
expression X;
position p;
@@
if (\( IS_ERR(X) \| IS_ERR_OR_NULL(X) \| !X \| X == NULL \)) { ... return@p \( X \| ERR_CAST(X) \); }

@script:python@
p << werr.p;
@@
try:
	wrap_fails.add((p[0].file, p[0].line, p[0].column))
except NameError:
	wrap_fails = {(p[0].file, p[0].line, p[0].column)}

// Something computed from the mapping returned while it is held, on
// some path (an entry inside the page: de = (void *)kaddr + off, then
// return de), unless it is a failure (NULL, an ERR_PTR, a constant) or
// the mapping went to a field (folio_walk_start() leaves fw->ptep mapped
// and returns the folio: its caller holds the field).  A buffer copied
// out of the page (erofs_read_metadata()) is not the mapping.
@wheld depends on wmaps exists@
identifier f, F;
type T;
expression X, E, S, V;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier rf = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
identifier om = {kmap_lifo_none}; // opmaps.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
position p;
@@
T *f(...) {
... when any
\( X = <+... \( mf(...) \| EO->om(...) \) ...+> \)
... when != rf(..., <+... X ...+>, ...)
    when != X = E
    when != S->F = X
return@p \( V \& <+... X ...+> \);
}

@script:python depends on report@
p << wheld.p;
X << wheld.X;
V << wheld.V;
@@
if (p[0].file, p[0].line, p[0].column) not in globals().get("wrap_fails", ()) and points_into(V, X):
	print("WRAPPER: map %s %s" % (p[0].current_element, p[0].file))

@wheld2 depends on wmaps exists@
identifier f, F;
type T;
expression X, E, R, S, V;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
identifier rf = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
identifier om = {kmap_lifo_none}; // opmaps.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
position p;
@@
T *f(...) {
... when any
\( X = <+... \( mf(...) \| EO->om(...) \) ...+> \)
... when != rf(..., <+... X ...+>, ...)
    when != X = E
    when != S->F = X
R = \( V \& <+... X ...+> \);
... when != rf(..., <+... X ...+>, ...)
    when != X = E
return@p R;
}

@script:python depends on report@
p << wheld2.p;
R << wheld2.R;
X << wheld2.X;
V << wheld2.V;
@@
r = re.sub(r"\s+", "", R)
if points_into(V, X) and not re.fullmatch(r"(NULL|0|false|-?E[A-Z0-9]+|-?\d+|(ERR_PTR|ERR_CAST)\(.*\))", r):
	print("WRAPPER: map %s %s" % (p[0].current_element, p[0].file))

// A parameter released: the address or the page itself, or inside it.
@wrel depends on wrels exists@
identifier f, x;
type T, TR;
expression E;
identifier rf = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
identifier orl = {kmap_lifo_none}; // opreleases.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
position pf;
@@
TR f@pf(..., T *x, ...) {
... when != x = E
\( rf(..., \(x\|x + E\|x - E\), ...); \| EO->orl(..., \(x\|x + E\|x - E\), ...); \)
...
}

@script:python depends on report@
f << wrel.f;
pf << wrel.pf;
@@
print("WRAPPER: release %s %s" % (f, pf[0].file))

// The functions that map themselves: none releases by key.  (Calls,
// not paths: a path search of every function costs far more.)
@wkmap depends on wrels@
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
position p;
@@
mf@p(...)

@script:python depends on report@
p << wkmap.p;
@@
globals().setdefault("wrappers_that_map", set()).add((p[0].file, p[0].current_element))

// A release by key: a function given parameters that releases what none
// of them names, and maps nothing itself (a per-CPU area's address,
// zs_unmap_object()), or passes its parameters to such a function.
@wkrel depends on wrels@
expression X;
identifier rf = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
identifier kf = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
identifier okr = {kmap_lifo_none}; // opkeyreleases.list
identifier sn = {kmap_lifo_none}; // opstructs.list
struct sn *EO;
position pr;
@@
\( rf@pr(X) \| kf@pr(...) \| EO->okr@pr(...) \)

@script:python depends on report@
pr << wkrel.pr;
@@
import re
keyreleases = "zs_unmap_object;zpool_unmap_handle" # summaries: keyreleases.list
opkeyreleases = "" # summaries: opkeyreleases.list
f = pr[0].current_element
lines = open(pr[0].file, errors="replace").read().split("\n")
start = None
for n in range(int(pr[0].line) - 1, -1, -1):
	if re.match(r"\w.*\b%s\s*\(" % re.escape(f), lines[n]):
		start = n
		break
if start is not None and (pr[0].file, f) not in globals().get("wrappers_that_map", ()):
	head = " ".join(lines[start:start + 5])
	m = re.search(r"\b%s\s*\(([^()]*)\)" % re.escape(f), head)
	params = [re.search(r"(\w+)\s*(\[[^]]*\])?\s*$", a).group(1) for a in m.group(1).split(",") if re.search(r"\w", a)] if m else []
	params = [x for x in params if x != "void"]
	body = lines[start:int(pr[0].line)]
	# Pointers set from a parameter stand for it ("struct s *p = data;").
	for t in body:
		d = re.search(r"\*\s*(\w+)\s*=\s*(?:\([^()]*\)\s*)?(\w+)\s*;", t)
		if d and d.group(2) in params:
			params.append(d.group(1))
	call = " ".join(lines[int(pr[0].line) - 1:int(pr[0].line) + 3])[int(pr[0].column):]
	a = re.match(r"(\w+)\s*\(([^;]*)\)", call)
	if params and a:
		arg = a.group(2).strip()
		named = [x for x in params if re.search(r"\b%s\b" % re.escape(x), arg)]
		# Set in the function before: a mapping it keeps, no key.
		assigned = any(re.search(r"(?<![=!<>])%s\s*=[^=]" % re.escape(arg), t) for t in body[1:])
		# A release of a parameter is a plain release wrapper (wrel); by
		# key: what it releases names none of them, or a release by key
		# is given some of them.
		keyed = a.group(1) in keyreleases.split(";") + opkeyreleases.split(";")
		if (keyed and named) or (not keyed and not named and not assigned and "->" in arg):
			print("WRAPPER: keyrelease %s %s" % (f, pr[0].file))

// Operations tables: a member set to a function of the file that
// returns a mapping call's result, releases a parameter or releases by
// key does so when it is called through a pointer to that structure
// (E->map(...), E a struct zpool_driver *), for the functions that call
// it: zpool_map_handle() calls driver->map, set to zs_zpool_map(), which
// returns zs_map_object(...).  Prints "WRAPPER: opmap MEMBER STRUCT
// FILE" (oprelease, opkeyrelease).
@wop depends on wmaps || wrels@
identifier I, fld;
identifier fn = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle, kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic, zs_unmap_object, zpool_unmap_handle}; // maps.list releases.list keyreleases.list
type T;
position p;
@@
T I@p = { ..., .fld = fn, ... };

@wopm exists@
identifier wop.fn;
type T2;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
position pf;
@@
T2 *fn@pf(...) {
... when any
return <+... mf(...) ...+>;
}

@script:python depends on report@
pf << wopm.pf;
@@
globals().setdefault("op_targets", {})[(pf[0].file, pf[0].current_element)] = "opmap"

@wopr exists@
identifier wop.fn, x;
type T2, T3;
expression E;
identifier rf = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
position pf;
@@
T2 fn@pf(..., T3 *x, ...) {
... when != x = E
rf(..., \(x\|x + E\|x - E\), ...);
...
}

@script:python depends on report@
pf << wopr.pf;
@@
globals().setdefault("op_targets", {})[(pf[0].file, pf[0].current_element)] = "oprelease"

@wopk exists@
identifier wop.fn;
type T2;
identifier kf = {zs_unmap_object, zpool_unmap_handle}; // keyreleases.list
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc, zs_map_object, zpool_map_handle}; // maps.list
position pf;
@@
T2 fn@pf(...) {
... when != mf(...)
kf(...);
... when any
}

@script:python depends on report@
pf << wopk.pf;
@@
globals().setdefault("op_targets", {})[(pf[0].file, pf[0].current_element)] = "opkeyrelease"

@script:python depends on report@
fld << wop.fld; fn << wop.fn; T << wop.T; p << wop.p;
@@
import re
kind = globals().get("op_targets", {}).get((p[0].file, fn))
m = re.fullmatch(r"(?:const\s+)?struct\s+(\w+)", str(T).strip())
if kind and m:
	print("WRAPPER: %s %s %s %s" % (kind, fld, m.group(1), p[0].file))
