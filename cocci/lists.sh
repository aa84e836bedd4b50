# SPDX-License-Identifier: GPL-2.0
# Sourced by the generators: names LIST prints "a\|b\|c" from a list
# file of function names, comments and blank lines skipped.
names() {
	sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$1" |
		awk 'NR > 1 { printf "\\|" } { printf "%s", $0 }'
}
