#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The semantic patch's tests: see cocci/tests/run.pl.
exec perl "$(dirname "$0")/run.pl" "$@"
