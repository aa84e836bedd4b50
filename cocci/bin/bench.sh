#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Time the LIFO rules over a whole tree against a plain one-pass rule
# (cocci/bench/bench-baseline.cocci), measured in the same run, both ways the
# rules run: one "spatch --dir" as make coccicheck does, and through
# make scan's driver (grep picks the files, one spatch batch per job),
# where "all rules" includes finding the tree's wrappers.  make scan cuts
# the files down to the functions that name the mapping functions before
# spatch reads them (cocci/lib/LifoSlice.pm); the baseline is timed both
# ways, so that the ratios show what the rules cost and what cutting
# saves.  Prints figures; it is not a test.
#   bench.sh TREE [JOBS]
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$(cd "$1" && pwd)
jobs=${2:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
dir_run() {
	t=$(now)
	(cd "$tree" && spatch -D report --very-quiet --use-coccigrep \
		--no-includes --include-headers --timeout 60 -j "$jobs" \
		--sp-file "$1" --dir . >"$2" 2>"$2.err") || :
	since "$t"
}
scan_run() {
	t=$(now)
	perl "$top/cocci/bin/lifo-scan.pl" --tree "$tree" --out "$work/$1" --jobs "$jobs" \
		--quiet $2 >"$work/$1.txt" 2>"$work/$1.err" ||
		{ cat "$work/$1.err" >&2; exit 1; }
	since "$t"
}

base_dir=$(dir_run "$top/cocci/bench/bench-baseline.cocci" "$work/base.out")
lifo_dir=$(dir_run "$top/cocci/kmap_local_lifo.cocci" "$work/lifo.out")
base_scan=$(perl "$top/cocci/bin/bench-rule.pl" "$tree" "$top/cocci/bench/bench-baseline.cocci" \
	"$jobs" "$top/cocci/maps.list")
base_cut=$(perl "$top/cocci/bin/bench-rule.pl" "$tree" "$top/cocci/bench/bench-baseline.cocci" \
	"$jobs" "$top/cocci/maps.list" slice)
scan=$(scan_run seed "")
scan_w=$(scan_run wrappers --wrappers)

files=$(sed -n 's/^\([0-9]*\) files match$/\1/p' "$work/base.out.err" | tail -n 1)
wrappers=$(grep -c '"kind"' "$work/wrappers/scan.json" || :)
awk -v j="$jobs" -v files="${files:-?}" -v bd="$base_dir" -v ld="$lifo_dir" \
    -v bs="${base_scan% *}" -v bc="${base_cut% *}" -v sc="$scan" -v sw="$scan_w" -v w="$wrappers" \
    -v nd="$(grep -c ': WARNING: ' "$work/lifo.out" || :)" \
    -v ns="$(wc -l <"$work/seed.txt")" -v nw="$(wc -l <"$work/wrappers.txt")" 'BEGIN {
	printf "tree: %s files with mapping calls, %d jobs\n", files, j
	printf "spatch --dir (make coccicheck):\n"
	printf "  baseline one-pass rule:      %7.1f s\n", bd
	printf "  kmap_local_lifo.cocci:       %7.1f s (%d findings)  ratio %.2f\n", ld, nd, ld / bd
	printf "make scan driver:\n"
	printf "  baseline one-pass rule:      %7.1f s\n", bs
	printf "  the same, files cut:         %7.1f s\n", bc
	printf "  make scan WRAPPERS=0:        %7.1f s (%d findings)  ratio %.2f (%.2f against the cut baseline)\n", sc, ns, sc / bs, sc / bc
	printf "  make scan (wrappers found and used): %.1f s (%d wrappers, %d findings)  ratio %.2f (%.2f against the cut baseline)\n", sw, w, nw, sw / bs, sw / bc
	printf "  the same against the spatch --dir baseline: ratios %.2f (WRAPPERS=0), %.2f (wrappers)\n", sc / bd, sw / bd
	printf "goal: all rules within 1.5 times the baseline\n"
}'
