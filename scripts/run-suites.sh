#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run test suites and add up their results.
#   run-suites.sh NAME=COMMAND...
# Each COMMAND prints "N passed, N failed" as its last line.  A suite
# that exits non-zero without failures counted is one failure.
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -u

total_pass=0
total_fail=0
summary=
log=$(mktemp)
trap 'rm -f "$log" "$log.rc"' EXIT

for arg in "$@"; do
	name=${arg%%=*}
	cmd=${arg#*=}
	echo "=== $name: $cmd"
	start=$(date +%s)
	# POSIX sh has no pipefail: the status goes through a file.
	{ sh -c "$cmd"; echo $? >"$log.rc"; } 2>&1 | tee "$log"
	rc=$(cat "$log.rc")
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	pass=$(echo "$line" | sed -n 's/^[^0-9]*\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
	fail=$(echo "$line" | sed -n 's/^[^0-9]*\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
	if [ -z "$pass" ]; then
		echo "$name: no result line: counted as one failure"
		pass=0
		fail=1
	elif [ "$rc" -ne 0 ] && [ "$fail" -eq 0 ]; then
		echo "$name: exit status $rc with no failure counted: counted as one failure"
		fail=1
	fi
	total_pass=$((total_pass + pass))
	total_fail=$((total_fail + fail))
	summary="$summary$(printf '%-12s %4d passed, %4d failed, %4ss' "$name" "$pass" "$fail" $(($(date +%s) - start)))
"
done

echo "=== summary"
printf '%s' "$summary"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
