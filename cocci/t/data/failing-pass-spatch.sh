#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# spatch that fails, printing nothing, once the rule names the wrapper
# unmap_thing (pass 2 of a --wrappers scan of cocci/tests/wrappers).
sp=
prev=
for a; do
	[ "$prev" = --sp-file ] && sp=$a
	prev=$a
done
if [ -n "$sp" ] && grep -q unmap_thing "$sp"; then
	echo 'EXN: Failure("simulated crash")' >&2
	exit 1
fi
exec spatch "$@"
