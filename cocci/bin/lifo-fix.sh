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
# spatch 1.1.1 runs diff through a shell with the file name unquoted:
# it only ever sees names made here (N.c, N.h: safe to split on spaces).
mkdir "$work/new"
n=0
safe=
for f in "$@"; do
	case $f in *'
'*) echo "lifo-fix: a file name with a newline cannot be patched" >&2; exit 2 ;; esac
	n=$((n + 1))
	case $f in *.h) s=$n.h ;; *) s=$n.c ;; esac
	cp "$tree/$f" "$work/new/$s"
	safe="$safe $s"
done

round=0
while [ $round -lt 4 ]; do
	round=$((round + 1))
	# shellcheck disable=SC2086
	if ! (cd "$work/new" && spatch --very-quiet -D patch --no-includes \
		--include-headers --timeout 120 --sp-file "$cocci" \
		--patch . $safe) >"$work/round.diff" 2>"$work/err"; then
		echo "lifo-fix: spatch failed:" >&2
		grep -v '^warning:' "$work/err" >&2 || :
		exit 2
	fi
	[ -s "$work/round.diff" ] || break
	(cd "$work/new" && patch -s -p1 <"$work/round.diff") ||
		{ echo "lifo-fix: spatch's patch does not apply to its input" >&2; exit 2; }
done

n=0
for f in "$@"; do
	n=$((n + 1))
	case $f in *.h) s=$n.h ;; *) s=$n.c ;; esac
	diff -up --label "a/$f" --label "b/$f" "$tree/$f" "$work/new/$s" || :
done
