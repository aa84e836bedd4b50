# SPDX-License-Identifier: GPL-2.0
# Sourced by the generators, to spell the names of a list file of
# function names (comments and blank lines skipped) in SmPL.

# one_per_line LIST: the names, one a line.
one_per_line() {
	sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$1"
}

# joined SEP: the names on stdin, joined by SEP.
joined() {
	awk -v sep="$1" 'NR > 1 { printf "%s", sep } { printf "%s", $0 }'
}

# names LIST prints "a\|b\|c".
names() {
	one_per_line "$1" | joined '\|'
}

# spelled LIST prints "a\|b\|c" for the names that the rules spell out
# for spatch's token prefilter: all but those that start with "__"
# (unless that leaves none).  Its scanner (OCaml Str) takes twice as long
# over a whole tree for a word that starts with "_", which starts a word
# almost anywhere in kernel code; and a double-underscore name is the
# implementation behind a public one, called where that is named too
# (__pte_offset_map*: in 6.12 only in mm/pgtable-generic.c and
# include/linux/mm.h, which name pte_offset_map*; 6.1 has none).
spelled() {
	if one_per_line "$1" | grep -qv '^__'; then
		one_per_line "$1" | grep -v '^__' | joined '\|'
	else
		names "$1"
	fi
}

# set_of LIST prints "a, b, c", for an identifier metavariable's set.
set_of() {
	one_per_line "$1" | joined ', '
}

# use_lists MAPS_LIST RELEASES_LIST: the lists that mapfn and relfn use.
use_lists() {
	MAPSET="{$(set_of "$1")}"
	RELSET="{$(set_of "$2")}"
}

# mapfn NAME..., relfn NAME...: declare NAMEs as the mapping (releasing)
# functions of the lists (identifier metavariables restricted to them).
mapfn() {
	for v; do printf 'identifier %s = %s;\n' "$v" "$MAPSET"; done
}
relfn() {
	for v; do printf 'identifier %s = %s;\n' "$v" "$RELSET"; done
}
