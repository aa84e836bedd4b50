// SPDX-License-Identifier: GPL-2.0-only
/// Benchmark baseline: a plain one-pass intraprocedural rule over the
/// same functions (a mapping followed by a release), used by
/// cocci/bin/bench.sh to put the cost of the LIFO rules in proportion.
///
// Confidence: Low
// Copyright: (C) 2026 The kmap-lifo tooling authors.
// Options: --no-includes --include-headers

virtual report

@r exists@
expression A;
position p;
@@
A = \(kmap_local_page\|kmap_local_folio\|kmap_local_pfn\|kmap_atomic\|pte_offset_map\|pte_offset_map_lock\|pte_offset_map_nolock\)(...);
...
\(kunmap_local@p\|kunmap_atomic@p\|pte_unmap@p\|pte_unmap_unlock@p\)(...);

@script:python depends on report@
p << r.p;
@@
coccilib.report.print_report(p[0], "mapping released")
