#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The boot harness's offline tests (prove test-kernels/t): no kernel is
# built or booted; the last line is "N passed, N failed" (assertions).
exec sh "$(dirname "$0")/../../scripts/prove-count.sh" test-kernels/t
