#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark: disclosure.pl against the packaged 6.12 scripts/checkpatch.pl
# on the same 100-patch mbox (the seed patches, repeated).  Prints both
# times and the ratio; exits 1 if disclosure.pl is not at least 10 times
# faster.  Not run by make check.
#   sh checkpatch-ext/bench.sh [COUNT]     (RUNS=N: best of N runs, default 3)
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -eu
cd "$(dirname "$0")/.."
count=${1:-100}
tree=$(sh scripts/ktree.sh 6.12)
work=$(mktemp -d "${TMPDIR:-/tmp}/disclosure-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The mbox: seeds 002-008 in turn, each with an mbox separator
i=0
set -- checkpatch-ext/t/data/00[2-8]-*.patch
while [ "$i" -lt "$count" ]; do
	for f in "$@"; do
		[ "$i" -lt "$count" ] || break
		i=$((i + 1))
		echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
		sed '/^From [0-9a-f]\{40\} /d' "$f"
		echo
	done
done >"$work/bench.mbox"

# The best of RUNS wall-clock times (default 3): the machine may be busy.
runs=${RUNS:-3}
elapsed() {
	perl -MTime::HiRes=time -e '
		my $runs = shift;
		open my $out, ">&", \*STDOUT or die;
		open STDOUT, ">", "/dev/null"; open STDERR, ">", "/dev/null";
		my $best;
		for (1 .. $runs) {
			my $t = time;
			system @ARGV;
			$t = time - $t;
			$best = $t if !defined $best || $t < $best;
		}
		printf $out "%.3f\n", $best;' -- "$runs" "$@"
}
mbox=$work/bench.mbox
size=$(wc -c <"$mbox")
t_cp=$(elapsed perl "$tree/scripts/checkpatch.pl" --no-tree --show-types "$mbox")
t_d=$(elapsed perl checkpatch-ext/disclosure.pl --no-config --show-types "$mbox")
ratio=$(perl -e 'printf "%.1f", $ARGV[0] / ($ARGV[1] > 0 ? $ARGV[1] : 0.001)' "$t_cp" "$t_d")
echo "mbox: $count patches, $size bytes (best of $runs runs each)"
echo "checkpatch.pl (6.12, --no-tree): ${t_cp} s"
echo "disclosure.pl:                   ${t_d} s"
echo "ratio: ${ratio}x faster"
perl -e 'exit($ARGV[0] >= 10 ? 0 : 1)' "$ratio" || { echo "bench: below 10x" >&2; exit 1; }
