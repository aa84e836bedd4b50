#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages the project needs, once.
# Usage: deps.sh [KVER...]   (each KVER adds linux-source-KVER)
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -eu

pkgs="coccinelle perl sparse qemu-system-arm crossbuild-essential-armhf
      make gcc flex bison bc cpio kmod rsync xz-utils patch git python3
      libssl-dev libelf-dev e2fsprogs erofs-utils gitlint"
for kver in "$@"; do
	pkgs="$pkgs linux-source-$kver"
done

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
		grep -q 'install ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$missing" >&2
	echo "deps: run as root: apt-get update && apt-get install -y$missing" >&2
	exit 2
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || { echo "deps: apt-get update failed" >&2; exit 2; }
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >&2 ||
	{ echo "deps: apt-get install$missing failed" >&2; exit 2; }
