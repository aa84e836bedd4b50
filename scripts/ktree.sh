#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print the path of a kernel tree to work on.
#   ktree.sh KVER [KSRC]
# With KSRC: check it is a kernel tree and print its absolute path.
# Without: extract /usr/src/linux-source-KVER.tar.xz once into the cache
# ($KTREE_CACHE, default build/trees) and print that path.  /usr/src
# ($KTREE_SRC: the tests') is only read.  One extraction at a time (a
# lock on the cache): another make with the same KVER waits for it, then
# uses the tree; an interrupted one leaves nothing.  The version found
# is reported on stderr.
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -eu

# (printf, never echo, on paths: dash's echo reads "\c", "\n" in them.)
die() { printf 'ktree: %s\n' "$*" >&2; exit 2; }

is_ktree() {
	[ -f "$1/Makefile" ] && [ -f "$1/Kconfig" ] && [ -d "$1/arch" ] &&
		grep -q '^VERSION = ' "$1/Makefile"
}

kver=${1:?usage: ktree.sh KVER [KSRC]}
ksrc=${2:-}

if [ -n "$ksrc" ]; then
	[ -d "$ksrc" ] || die "KSRC=$ksrc: no such directory"
	ksrc=$(cd "$ksrc" && pwd)
	is_ktree "$ksrc" || die "KSRC=$ksrc is not a kernel tree (no top-level Makefile with VERSION, Kconfig, arch/)"
	printf '%s\n' "$ksrc"
	exit 0
fi

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${KTREE_CACHE:-$top/build/trees}
tarball=${KTREE_SRC:-/usr/src}/linux-source-$kver.tar.xz
dest=$cache/linux-source-$kver

if [ ! -f "$dest/.extracted" ]; then
	[ -f "$tarball" ] || die "$tarball missing: run 'make deps KVER=$kver' (package linux-source-$kver)"
	mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ] || die "cannot write the tree cache $cache (set KTREE_CACHE)"
	# The lock is the cache folder itself (opened to read: no file to
	# make, none to follow); util-linux's flock, essential on Debian.
	exec 9<"$cache"
	flock 9 || die "cannot lock the tree cache $cache"
	# (Extracted while this one waited: never removed under its users.)
	if [ ! -f "$dest/.extracted" ]; then
		tmp=$dest.tmp.$$
		trap 'rm -rf "$tmp"' EXIT
		trap 'exit 130' INT
		trap 'exit 143' TERM
		trap 'exit 129' HUP
		# What runs killed outright left (none runs now: the lock).
		rm -rf "$dest".tmp.*
		printf 'ktree: extracting %s into %s\n' "$tarball" "$dest" >&2
		mkdir "$tmp"
		tar -C "$tmp" -xJf "$tarball" || die "extracting $tarball failed"
		sub=$(ls "$tmp")
		rm -rf "$dest"
		mv "$tmp/$sub" "$dest" && rmdir "$tmp"
		# Pristine copy: tools write to copies, never here.
		touch "$dest/.extracted"
		trap - EXIT INT TERM HUP
	fi
	exec 9<&-
fi
is_ktree "$dest" || die "$dest is not a kernel tree; remove it to extract again"
printf 'ktree: %s: %s\n' "$dest" "$(make -s -C "$dest" kernelversion 2>/dev/null)" >&2
printf '%s\n' "$dest"
