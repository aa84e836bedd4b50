#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Make the LIFO semantic patch for one tree: the seed lists of mapping
# and releasing functions plus the wrappers the tree defines, found by
# cocci/kmap_local_wrappers.cocci and searched again for wrappers of
# wrappers (up to three levels).
#   lifo-cocci.sh TREE OUTDIR [JOBS]
# Writes OUTDIR/{maps,releases}.list, OUTDIR/wrappers.txt and
# OUTDIR/kmap_local_lifo.cocci, and prints the last one's path.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$(cd "$1" && pwd)
out=$2
jobs=${3:-$(nproc)}
mkdir -p "$out" 2>/dev/null && [ -w "$out" ] && out=$(cd "$out" && pwd) ||
	{ echo "lifo-cocci: cannot write $out" >&2; exit 2; }

grep -v '^#' "$top/cocci/maps.list" | sed '/^$/d' >"$out/maps.list"
grep -v '^#' "$top/cocci/releases.list" | sed '/^$/d' >"$out/releases.list"
: >"$out/wrappers.txt"
new=$(cat "$out/maps.list" "$out/releases.list")

level=0
while [ -n "$new" ] && [ $level -lt 3 ]; do
	level=$((level + 1))
	perl "$top/cocci/bin/lists.pl" --lists "$out" "$top/cocci/kmap_local_wrappers.cocci" >"$out/wrappers.cocci"
	# Only files naming a function found in the previous level can hold
	# a new wrapper: a grep is far cheaper than letting spatch look.
	# No empty line: grep -F takes an empty pattern as matching every file.
	printf '%s\n' "$new" | sed '/^$/d' >"$out/new.names"
	(cd "$tree" && grep -rlwF --include='*.[ch]' -f "$out/new.names" . |
		sed 's|^\./||' | sort) >"$out/files.txt" || :
	echo "lifo-cocci: level $level: $(wc -l <"$out/files.txt") files" >&2
	[ -s "$out/files.txt" ] || break
	# One batch per job (a spatch start costs seconds), each file its own
	# group; GIT_DIR keeps spatch's git grep prefilter from dropping
	# files of a tree that git ignores.
	rm -f "$out"/batch.*
	(cd "$out" && split -n r/"$jobs" files.txt batch.)
	for b in "$out"/batch.*; do
		sed 's/$/\n/' "$b" >"$b.groups"
		(cd "$tree" && GIT_DIR=/nonexistent spatch -D report --very-quiet \
			--no-includes --include-headers --timeout 60 \
			--sp-file "$out/wrappers.cocci" --file-groups "$b.groups" \
			>"$b.out" 2>/dev/null) &
	done
	wait
	cat "$out"/batch.*.out |
		sed -n 's/^WRAPPER: \(map\|release\) \([A-Za-z_0-9]*\)\( .*\)\{0,1\}$/\1 \2/p' |
		sort -u >"$out/found.txt"
	new=
	while read -r kind name; do
		list=$out/maps.list
		[ "$kind" = release ] && list=$out/releases.list
		grep -qxF "$name" "$list" && continue
		if grep -qxF "$name" "$top/cocci/smpl-reserved.list"; then
			echo "lifo-cocci: wrapper $name ($kind) left out: SmPL reserves the word" >&2
			continue
		fi
		echo "$name" >>"$list"
		echo "$kind $name (level $level)" >>"$out/wrappers.txt"
		new="$new$name
"
	done <"$out/found.txt"
done
rm -f "$out/new.names" "$out/found.txt" "$out/files.txt" "$out"/batch.*

perl "$top/cocci/bin/lists.pl" --lists "$out" "$top/cocci/kmap_local_lifo.cocci" >"$out/kmap_local_lifo.cocci"
echo "lifo-cocci: $(wc -l <"$out/wrappers.txt") wrappers in $tree" >&2
echo "$out/kmap_local_lifo.cocci"
