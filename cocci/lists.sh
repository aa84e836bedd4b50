# SPDX-License-Identifier: GPL-2.0
# Sourced by the generators: names LIST prints "a\|b\|c" from a list
# file of function names, comments and blank lines skipped.
names() {
	sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$1" |
		awk 'NR > 1 { printf "\\|" } { printf "%s", $0 }'
}
# set_of LIST prints "a, b, c", for an identifier metavariable's set.
set_of() {
	sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$1" |
		awk 'NR > 1 { printf ", " } { printf "%s", $0 }'
}

# at DISJ POS: a disjunction of names ("\\(a\\|b\\)"), each name with
# position POS attached (a position cannot follow a disjunction of names
# as a whole).
at() {
	printf '%s' "$1" | sed "s/\\\\|/@$2\\\\|/g; s/\\\\)\$/@$2\\\\)/"
}
