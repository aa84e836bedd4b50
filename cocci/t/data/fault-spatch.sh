#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# spatch with a fault injected, for cocci/t/faults.t.  FAULT says which:
#   kill       killed by SIGKILL (as by the OOM killer) on every run
#   crash:F    exits 1 with an exception when its files include F
#   segv:F     killed by SIGSEGV when its files include F
#   hang:F     prints nothing and never ends (sleep $FAULT_SLEEP) when its
#              files include F
#   timeout:F  runs, then says it timed out on F, when its files include F
# Otherwise, and for --version, the real spatch.
groups=
prev=
for a; do
	[ "$prev" = --file-groups ] && groups=$a
	prev=$a
done
mode=${FAULT%%:*}
file=${FAULT#*:}
if [ -n "$groups" ]; then
	case $mode in
	kill) kill -KILL $$ ;;
	crash) grep -qxF "$file" "$groups" && { echo 'EXN: Failure("injected crash")' >&2; exit 1; } ;;
	segv) grep -qxF "$file" "$groups" && kill -SEGV $$ ;;
	hang) grep -qxF "$file" "$groups" && { sleep "${FAULT_SLEEP:-600}"; exit 0; } ;;
	timeout)
		if grep -qxF "$file" "$groups"; then
			spatch "$@"
			rc=$?
			echo "EXN: Coccinelle_modules.Common.Timeout in $file" >&2
			exit $rc
		fi ;;
	esac
fi
exec spatch "$@"
