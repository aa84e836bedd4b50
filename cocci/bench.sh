#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Time the LIFO rules over a whole tree against a plain one-pass rule,
# measured in the same run.  Prints figures; it is not a test.
#   bench.sh TREE [JOBS]
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "$1" && pwd)
jobs=${2:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
run() {
	(cd "$tree" && spatch -D report --very-quiet --use-coccigrep \
		--no-includes --include-headers --timeout 60 -j "$jobs" \
		--sp-file "$1" --dir . >"$2" 2>"$2.err") || :
}

t0=$(now)
run "$top/cocci/bench-baseline.cocci" "$work/base.out"
t1=$(now)
sp=$(sh "$top/scripts/lifo-cocci.sh" "$tree" "$work/lifo" "$jobs" 2>/dev/null)
t2=$(now)
run "$sp" "$work/lifo.out"
t3=$(now)

files=$(sed -n 's/^\([0-9]*\) files match$/\1/p' "$work/base.out.err" | tail -n 1)
awk -v t0="$t0" -v t1="$t1" -v t2="$t2" -v t3="$t3" -v files="${files:-?}" \
    -v j="$jobs" -v w="$(wc -l <"$work/lifo/wrappers.txt")" \
    -v n="$(grep -c ': WARNING: ' "$work/lifo.out" || :)" 'BEGIN {
	base = t1 - t0; inf = t2 - t1; lifo = t3 - t2
	printf "tree: %s files with mapping calls, %d jobs\n", files, j
	printf "baseline one-pass rule:  %7.1f s\n", base
	printf "wrapper inference:       %7.1f s (%d wrappers)\n", inf, w
	printf "LIFO rules:              %7.1f s (%d findings)\n", lifo, n
	printf "all rules / baseline:    %7.2f (goal: 1.5 or less)\n", (inf + lifo) / base
}'
