#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# grep that replaces the file $SWAP (an absolute path) by a FIFO once
# (then makes the file $SWAP_DONE), before it runs ($SWAP_WHEN=before) or
# after, for cocci/t/faults-fs.t.  $REAL_GREP is the grep to run.
swap() {
	[ -e "$SWAP_DONE" ] && return
	: >"$SWAP_DONE"
	rm -f "$SWAP" && mkfifo "$SWAP"
}
[ "$SWAP_WHEN" = before ] && swap
"$REAL_GREP" "$@"
st=$?
[ "$SWAP_WHEN" = before ] || swap
exit $st
