#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the scan tests (prove cocci/t) from the project root; the last line
# is "N passed, N failed" (assertions).
exec sh "$(dirname "$0")/../../scripts/prove-count.sh" cocci/t
