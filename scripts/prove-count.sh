#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run prove on a test folder from the project root and end with the line
# "N passed, N failed" (assertions); exit non-zero on any failure.
#   prove-count.sh DIR
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
cd "$(dirname "$0")/.." || exit 2
dir=${1:?usage: prove-count.sh DIR}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
prove -v "$dir" >"$log" 2>&1
rc=$?
# The per-file verdicts and any diagnostics, not every "ok".
grep -v -E '^[[:space:]]*ok [0-9]+' "$log"
passed=$(grep -c -E '^[[:space:]]*ok [0-9]+' "$log")
failed=$(grep -c -E '^[[:space:]]*not ok [0-9]+' "$log")
# A test file that died without a "not ok" still fails.
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
	failed=1
fi
echo "$passed passed, $failed failed"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
