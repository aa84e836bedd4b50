#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the checkpatch-ext tests (prove checkpatch-ext/t) from the project
# root.  The last line is "N passed, N failed", counting test assertions;
# exit non-zero on any failure.
cd "$(dirname "$0")/.." || exit 2
log=${TMPDIR:-/tmp}/checkpatch-ext-tests.$$
trap 'rm -f "$log"' EXIT
prove -v checkpatch-ext/t >"$log" 2>&1
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
