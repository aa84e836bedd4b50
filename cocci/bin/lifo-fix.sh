#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print a patch -p1 diff that fixes the kmap_local LIFO violations in
# FILE... (paths relative to TREE), from the semantic patch's patch mode.
#   lifo-fix.sh TREE FILE...
# Each round moves an early release past the next inner one; deeper
# nests need more rounds, so it repeats (up to four times) until nothing
# changes.  Empty output when there is nothing to fix; exit 2 on errors.
# The tree is only read, each file once (a FIFO or a device in the place
# of one is an error).  COCCI selects another semantic patch.
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cocci=${COCCI:-$top/cocci/kmap_local_lifo.cocci}
[ $# -ge 2 ] || { echo "usage: lifo-fix.sh TREE FILE..." >&2; exit 2; }
tree=$1
shift
command -v spatch >/dev/null || { echo "lifo-fix: spatch missing: run 'make deps'" >&2; exit 2; }
[ -d "$tree" ] || { printf 'lifo-fix: %s: no such directory\n' "$tree" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 2' INT TERM HUP
# spatch 1.1.1 runs diff through a shell with the file name unquoted:
# it only ever sees names made here (N.c, N.h: safe to split on spaces).
mkdir "$work/old" "$work/new"
n=0
safe=
for f in "$@"; do
	case $f in *'
'*) echo "lifo-fix: a file name with a newline cannot be patched" >&2; exit 2 ;; esac
	n=$((n + 1))
	case $f in *.h) s=$n.h ;; *) s=$n.c ;; esac
	safe="$safe $s"
done
# Each file is read once, as make scan reads the tree (without blocking,
# its type checked once open: cocci/lib/LifoCommon.pm), into old/ (what
# the diff is made against) and new/ (what spatch changes): a FIFO or
# device there is an error naming it, not a read that waits for ever.
perl -I"$top/cocci/lib" -MLifoCommon -e '
	my ($tree, $work, @files) = @ARGV;
	my $n = 0;
	for my $f (@files) {
		my $s = ++$n . ($f =~ /\.h\z/ ? ".h" : ".c");
		my $text = LifoCommon::read_bytes("$tree/$f", \my $why);
		if (!defined $text) { print STDERR "lifo-fix: ", LifoCommon::read_error("$tree/$f", $why), "\n"; exit 2 }
		for my $to ("$work/old/$s", "$work/new/$s") {
			open my $fh, ">", $to or die "lifo-fix: cannot write $to: $!\n";
			print $fh $text;
			close $fh or die "lifo-fix: cannot write $to: $!\n";
		}
	}' "$tree" "$work" "$@" || exit 2

round=0
while [ $round -lt 4 ]; do
	round=$((round + 1))
	# shellcheck disable=SC2086
	if ! (cd "$work/new" && spatch --very-quiet -D patch --no-includes \
		--include-headers --timeout 120 --sp-file "$cocci" \
		--macro-file "$top/cocci/kernel-macros.h" \
		--patch . $safe) >"$work/round.diff" 2>"$work/err"; then
		echo "lifo-fix: spatch failed:" >&2
		grep -v '^warning:' "$work/err" >&2 || :
		exit 2
	fi
	[ -s "$work/round.diff" ] || break
	(cd "$work/new" && patch -s -p1 <"$work/round.diff") ||
		{ echo "lifo-fix: spatch's patch does not apply to its input" >&2; exit 2; }
done

n=0
for f in "$@"; do
	n=$((n + 1))
	case $f in *.h) s=$n.h ;; *) s=$n.c ;; esac
	diff -up --label "a/$f" --label "b/$f" "$work/old/$s" "$work/new/$s" || :
done
