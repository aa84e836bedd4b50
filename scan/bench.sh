#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark make scan on a whole tree: wall time and files per second.
#   sh scan/bench.sh [KVER [JOBS [MODE]]]   (KSRC=DIR for any tree)
# MODE: driver (default: scan/lifo-scan.pl, batches through --file-groups),
#       dir (one "spatch --dir TREE -j JOBS" for comparison), both.
# Not run by make check: a whole-tree scan takes minutes.
set -eu
cd "$(dirname "$0")/.."
kver=${1:-6.12}
jobs=${2:-$(getconf _NPROCESSORS_ONLN)}
mode=${3:-driver}
tree=$(sh scripts/ktree.sh "$kver" ${KSRC:-})
out=build/bench-$kver
mkdir -p "$out"
nfiles=$(find "$tree" -name '*.[ch]' -type f | wc -l)
now() { date +%s.%N; }
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", (t > 0 ? n / t : 0) }'; }

if [ "$mode" = driver ] || [ "$mode" = both ]; then
	t0=$(now)
	perl scan/lifo-scan.pl --tree "$tree" --out "$out/driver" --jobs "$jobs" --kver "$kver" \
		>"$out/driver.stdout" 2>"$out/driver.stderr"
	t1=$(now)
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	cand=$(sed -n 's/.*"candidates" : \([0-9]*\).*/\1/p' "$out/driver/scan.json")
	echo "bench: driver: $kver, $jobs jobs: $secs s for $nfiles files ($(rate "$nfiles" "$secs") files/s; $cand given to spatch: $(rate "$cand" "$secs") files/s), $(wc -l <"$out/driver.stdout") findings"
fi
if [ "$mode" = dir ] || [ "$mode" = both ]; then
	t0=$(now)
	(cd "$tree" && GIT_DIR=/nonexistent/bench spatch -D report --very-quiet --no-includes \
		--include-headers --timeout 60 -j "$jobs" --sp-file "$OLDPWD/cocci/kmap_local_lifo.cocci" \
		--dir .) >"$out/dir.stdout" 2>"$out/dir.stderr" || true
	t1=$(now)
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	echo "bench: spatch --dir -j $jobs: $kver: $secs s for $nfiles files ($(rate "$nfiles" "$secs") files/s), $(grep -c WARNING "$out/dir.stdout" || true) findings"
fi
