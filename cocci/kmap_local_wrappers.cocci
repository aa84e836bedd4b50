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
\(kmap_local_page\|kmap_local_page_prot\|kmap_local_folio\|kmap_local_pfn\|kmap_atomic\|kmap_atomic_prot\|kmap_atomic_pfn\|pte_offset_map\|pte_offset_map_lock\|pte_offset_map_nolock\|pte_offset_map_ro_nolock\|pte_offset_map_rw_nolock\|pte_alloc_map\|pte_alloc_map_lock\|bvec_kmap_local\|io_mapping_map_local_wc\|io_mapping_map_atomic_wc\)(...)

// prefilter: releases.list
@wrels@
@@
\(kunmap_local\|kunmap_atomic\|pte_unmap\|pte_unmap_unlock\|folio_release_kmap\|unmap_and_put_page\|sg_miter_stop\|skb_abort_seq_read\|io_mapping_unmap_local\|io_mapping_unmap_atomic\)(...)

// rules: what make scan appends to kmap_local_lifo.cocci.

// The mapping call's result returned, or an offset inside the page.
@wmap depends on wmaps exists@
identifier f;
type T;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc}; // maps.list
position p;
@@
T *f(...) {
... when any
return@p <+... mf(...) ...+>;
}

@script:python depends on report@
p << wmap.p;
@@
print("WRAPPER: map %s %s" % (p[0].current_element, p[0].file))

// Anything else returned while the mapping is held, on some path (an
// entry inside the page), unless it is a failure: NULL, an ERR_PTR, a
// constant.
@wheld depends on wmaps exists@
identifier f;
type T;
expression X, E, R;
identifier mf = {kmap_local_page, kmap_local_page_prot, kmap_local_folio, kmap_local_pfn, kmap_atomic, kmap_atomic_prot, kmap_atomic_pfn, pte_offset_map, pte_offset_map_lock, pte_offset_map_nolock, pte_offset_map_ro_nolock, pte_offset_map_rw_nolock, __pte_offset_map, __pte_offset_map_lock, pte_alloc_map, pte_alloc_map_lock, bvec_kmap_local, io_mapping_map_local_wc, io_mapping_map_atomic_wc}; // maps.list
identifier rf = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
position p;
@@
T *f(...) {
... when any
\( X = <+... mf(...) ...+> \)
... when != rf(..., <+... X ...+>, ...)
    when != X = E
return@p R;
}

@script:python depends on report@
p << wheld.p;
R << wheld.R;
@@
import re
r = re.sub(r"\s+", "", R)
if not re.fullmatch(r"(NULL|0|false|-?E[A-Z0-9]+|-?\d+|(ERR_PTR|ERR_CAST)\(.*\))", r):
	print("WRAPPER: map %s %s" % (p[0].current_element, p[0].file))

// A parameter released: the address or the page itself, or inside it.
@wrel depends on wrels exists@
identifier f, x;
type T, TR;
expression E;
identifier rf = {kunmap_local, kunmap_atomic, __kunmap_local, __kunmap_atomic, pte_unmap, pte_unmap_unlock, folio_release_kmap, unmap_and_put_page, sg_miter_stop, skb_abort_seq_read, io_mapping_unmap_local, io_mapping_unmap_atomic}; // releases.list
position pf;
@@
TR f@pf(..., T *x, ...) {
... when != x = E
rf(..., \(x\|x + E\|x - E\), ...);
...
}

@script:python depends on report@
f << wrel.f;
pf << wrel.pf;
@@
print("WRAPPER: release %s %s" % (f, pf[0].file))
