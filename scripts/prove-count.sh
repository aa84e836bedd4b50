#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run prove on a test folder from the project root and end with the line
# "N passed, N failed" (assertions); exit non-zero on any failure.
#   prove-count.sh DIR
# A subtest's assertions count, each once; the line that sums a subtest
# up does not, unless it is all the subtest says (skipped, no tests) or
# the subtest failed with none of its own assertions failing.
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
cd "$(dirname "$0")/.." || exit 2
dir=${1:?usage: prove-count.sh DIR}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
prove -v "$dir" >"$log" 2>&1
rc=$?
# The per-file verdicts and any diagnostics, not every "ok".
grep -v -E '^[[:space:]]*ok [0-9]+' "$log"
# A subtest's lines are indented deeper than the result line that follows
# them.  Only TAP lines (results, plans) count as "the line before": the
# tests' stderr, in the same log, may come anywhere.  prove's "FILE .. "
# line starts each file afresh.
counts=$(awk '
/\.t \.+ *$/ { prev = 0; split("", tests); split("", fails); next }
!/^ *(not )?ok [0-9]+/ && !/^ *[0-9]+\.\.[0-9]+/ { next }
{
	match($0, /^ */); d = RLENGTH
	if (d > deepest) deepest = d
	if ($0 ~ /^ *[0-9]+\.\./) { prev = d; next }
	bad = $0 ~ /^ *not ok/
	# What the subtest this line sums up counted, and failed.
	n = 0; f = 0
	for (k = d + 1; prev > d && k <= deepest; k++) {
		n += tests[k]; f += fails[k]; tests[k] = fails[k] = 0
	}
	prev = d
	tests[d] += n; fails[d] += f
	if (n > 0 && !(bad && f == 0)) next
	tests[d]++
	if (bad) { fails[d]++; failed++ } else passed++
}
END { print passed + 0, failed + 0 }
' "$log")
passed=${counts% *}
failed=${counts#* }
# A test file that died without a "not ok" still fails.
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
	failed=1
fi
echo "$passed passed, $failed failed"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
