#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The shared infrastructure's tests (prove scripts/t: the process runner,
# scripts/lib/ProcRun.pm, and the stamp of the tools' folders,
# scripts/lib/OwnDir.pm); the last line is "N passed, N failed" (assertions).
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
exec sh "$(dirname "$0")/../../scripts/prove-count.sh" scripts/t
