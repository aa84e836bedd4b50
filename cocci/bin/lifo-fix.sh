#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print a patch -p1 diff that fixes the kmap_local LIFO violations in
# FILE... (paths relative to TREE), from the semantic patch's patch mode.
#   lifo-fix.sh TREE FILE...
# Each round moves an early release past the next inner one; deeper
# nests need more rounds, so it repeats (up to four times) until nothing
# changes.  Empty output when there is nothing to fix; exit 2 on errors.
# The tree is only read.  COCCI selects another semantic patch.
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cocci=${COCCI:-$top/cocci/kmap_local_lifo.cocci}
[ $# -ge 2 ] || { echo "usage: lifo-fix.sh TREE FILE..." >&2; exit 2; }
tree=$1
shift
command -v spatch >/dev/null || { echo "lifo-fix: spatch missing: run 'make deps'" >&2; exit 2; }
[ -d "$tree" ] || { echo "lifo-fix: $tree: no such directory" >&2; exit 2; }
for f in "$@"; do
	[ -f "$tree/$f" ] || { echo "lifo-fix: $tree/$f: no such file" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 2' INT TERM HUP
for f in "$@"; do
	mkdir -p "$work/new/$(dirname "$f")"
	cp "$tree/$f" "$work/new/$f"
done

round=0
while [ $round -lt 4 ]; do
	round=$((round + 1))
	if ! (cd "$work/new" && spatch --very-quiet -D patch --no-includes \
		--include-headers --timeout 120 --sp-file "$cocci" \
		--patch . "$@") >"$work/round.diff" 2>"$work/err"; then
		echo "lifo-fix: spatch failed:" >&2
		grep -v '^warning:' "$work/err" >&2 || :
		exit 2
	fi
	[ -s "$work/round.diff" ] || break
	(cd "$work/new" && patch -s -p1 <"$work/round.diff") ||
		{ echo "lifo-fix: spatch's patch does not apply to its input" >&2; exit 2; }
done

for f in "$@"; do
	diff -up --label "a/$f" --label "b/$f" "$tree/$f" "$work/new/$f" || :
done
