#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print a patch -p1 diff that fixes the kmap_local LIFO violations in
# FILE... (paths relative to TREE), from the semantic patch's patch mode.
#   lifo-fix.sh TREE FILE...
# Empty output when there is nothing to fix; exit 2 on errors.  The tree
# is only read.  COCCI selects another semantic patch.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cocci=${COCCI:-$top/cocci/kmap_local_lifo.cocci}
[ $# -ge 2 ] || { echo "usage: lifo-fix.sh TREE FILE..." >&2; exit 2; }
tree=$1
shift
command -v spatch >/dev/null || { echo "lifo-fix: spatch missing: run 'make deps'" >&2; exit 2; }
[ -d "$tree" ] || { echo "lifo-fix: $tree: no such directory" >&2; exit 2; }
for f in "$@"; do
	[ -f "$tree/$f" ] || { echo "lifo-fix: $tree/$f: no such file" >&2; exit 2; }
done

err=$(mktemp)
trap 'rm -f "$err"' EXIT
cd "$tree"
if ! spatch --very-quiet -D patch --no-includes --include-headers \
	--timeout 120 --sp-file "$cocci" --patch . "$@" 2>"$err"; then
	echo "lifo-fix: spatch failed:" >&2
	grep -v '^warning:' "$err" >&2 || :
	exit 2
fi
