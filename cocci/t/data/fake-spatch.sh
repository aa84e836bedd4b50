#!/bin/sh
# Stand-in for spatch in cocci/t/spatch-stderr.t: prints what spatch 1.1.1
# prints (measured) for a file with a parse error (bad.c), a file that
# times out (slow.c), a file its prefilter skips (skip.c) and a finding.
if [ "$1" = --version ]; then echo "spatch version 1.1.1 compiled with OCaml version 4.13.1"; exit 0; fi
while [ $# -gt 0 ]; do [ "$1" = --file-groups ] && groups=$2; shift; done
echo "init_defs_builtins: /usr/lib/coccinelle/standard.h" >&2
for f in $(cat "$groups"); do
	case $f in
	skip.c) echo "0 files match" >&2 ;;
	bad.c) echo "1 files match" >&2; echo "HANDLING: $f" >&2
		printf 'parse error \n = error in %s; set verbose_parsing for more info\nbadcount: 6\nBAD:!!!!! \tint x = ;\n' "$f" >&2
		printf 'parse error \n = error in /usr/lib/coccinelle/standard.h; set verbose_parsing for more info\n' >&2 ;;
	slow.c) echo "1 files match" >&2; echo "HANDLING: $f" >&2
		echo "EXN: Coccinelle_modules.Common.Timeout in $f" >&2 ;;
	*) echo "1 files match" >&2; echo "HANDLING: $f" >&2
		printf 'FINDING: {"column":1,"end_column":13,"file":"%s","first":{"expr":"a","line":2,"map":"kmap_local_page"},"function":"f","kind":"pair","line":5,"message":"f(): a (kmap_local_page, line 2) mapped before b (kmap_local_page, line 3) but released first; release b before a","second":{"expr":"b","line":3,"map":"kmap_local_page"}}\n' "$f" ;;
	esac
done
