#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Coccinelle-style tests for cocci/kmap_local_lifo.cocci.  For each input
# NAME.c or NAME.h here: report mode must print NAME.rep, the patch mode
# (cocci/bin/lifo-fix.sh) must turn the input into NAME.res, and the
# result must parse and report nothing (or NAME.left, when patch mode
# cannot move the release).  Then the packaged 6.12 seed:
# move_pages_pte() with the upstream fix reverted is reported and patched
# back; the packaged file is silent.
#   UPDATE=1 writes the actual outputs over the expectations (review them!)
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
tests=$top/cocci/tests
sp=$top/cocci/kmap_local_lifo.cocci
work=${BUILD:-$top/build}/cocci-tests
rm -rf "$work"
mkdir -p "$work"
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "ok - $*"; }
nok() { fail=$((fail + 1)); echo "not ok - $*"; }

report() {
	# report DIR FILE...: the warnings spatch prints for FILEs in DIR.
	dir=$1
	shift
	(cd "$dir" && spatch --very-quiet -D report --no-includes --include-headers \
		--sp-file "$sp" "$@" 2>/dev/null) | grep ': WARNING: ' | sort
}

expect_same() {
	# expect_same WHAT EXPECTED ACTUAL
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		nok "$1"
		diff -u "$2" "$3" | sed 's/^/#   /'
	fi
}

# The committed semantic patches hold the names of the lists.
for rule in kmap_local_lifo kmap_local_wrappers; do
	perl "$top/cocci/bin/lists.pl" "$top/cocci/$rule.cocci" >"$work/$rule.cocci"
	expect_same "$rule.cocci holds the names of the lists (make regen)" "$top/cocci/$rule.cocci" "$work/$rule.cocci"
done

# spatch's token prefilter keeps working in every mode: the query names
# the releasing functions (a rule without literal names would empty it,
# and spatch --dir would then parse every file of the tree).
# grep_query SCRIPT MODE WORD...: whether the query names every WORD.
grep_query() {
	q=" $(spatch -D "$2" --parse-cocci "$1" 2>&1 | sed -n '/^Grep query$/{n;p;}') "
	shift 2
	for w; do
		case $q in *" $w "*) ;; *) return 1 ;; esac
	done
}
for mode in report patch context org; do
	if grep_query "$sp" $mode kunmap_local kunmap_atomic pte_unmap pte_unmap_unlock; then
		ok "prefilter: $mode mode has a grep query of the releasing functions"
	else
		nok "prefilter: $mode mode has no grep query of the releasing functions"
	fi
done
if grep_query "$top/cocci/kmap_local_wrappers.cocci" report kmap_local_page kunmap_local; then
	ok "prefilter: kmap_local_wrappers.cocci has a grep query of the lists"
else
	nok "prefilter: kmap_local_wrappers.cocci has no grep query of the lists"
fi

# Wrapper inference: two levels of wrappers found, their caller checked,
# and the seed-list rule alone silent on it.
w=$work/wrappers
mkdir -p "$w/tree"
cp "$tests/wrappers/wrapped.c" "$tests/wrappers/unrelated.c" "$tests/wrappers/dir_helpers.c" "$w/tree/"
if wsp=$(sh "$top/cocci/bin/lifo-cocci.sh" "$w/tree" "$w/out" 2 2>"$w/log"); then
	{ grep ': level ' "$w/log"
	  sort "$w/out/wrappers.txt"
	  (cd "$w/tree" && spatch --very-quiet -D report --no-includes \
		--sp-file "$wsp" wrapped.c dir_helpers.c 2>/dev/null) | grep ': WARNING: '
	} >"$w/actual.txt"
	expect_same "wrappers: inferred and used" "$tests/wrappers/expected.txt" "$w/actual.txt"
else
	nok "wrappers: lifo-cocci.sh failed"
fi
# A wrapper named "when" is left out with a note: the rule still parses.
mkdir -p "$w/reserved"
cp "$tests/wrappers/reserved/when.c" "$w/reserved/"
if rsp=$(sh "$top/cocci/bin/lifo-cocci.sh" "$w/reserved" "$w/rout" 2 2>"$w/rlog") &&
   grep -q 'wrapper when (map) left out: SmPL reserves the word' "$w/rlog" &&
   spatch --parse-cocci "$rsp" >/dev/null 2>&1; then
	ok "wrappers: a reserved word is left out and the rule parses"
else
	nok "wrappers: a wrapper named when: $(tail -n 2 "$w/rlog")"
fi
if [ -z "$(report "$w/tree" wrapped.c)" ]; then
	ok "wrappers: unknown to the seed lists without inference"
else
	nok "wrappers: the seed-list rule reports wrapped.c"
fi

# All inputs go through each step together: spatch parses the semantic
# patch once a run, which costs more than the inputs.
mkdir -p "$work/in" "$work/out"
names=
for input in "$tests"/*.c "$tests"/*.h; do
	cp "$input" "$work/in/"
	cp "$input" "$work/out/"
	names="$names $(basename "$input")"
done
# shellcheck disable=SC2086
report "$work/in" $names >"$work/report.all"
# shellcheck disable=SC2086
if sh "$top/cocci/bin/lifo-fix.sh" "$work/in" $names >"$work/fix.diff" 2>"$work/fix.err" &&
   (cd "$work/out" && patch -s -p1 <"$work/fix.diff"); then
	ok "patch mode runs on all inputs"
else
	nok "patch mode failed: $(cat "$work/fix.err")"
fi
# shellcheck disable=SC2086
report "$work/out" $names >"$work/report.after"
# shellcheck disable=SC2086
(cd "$work/out" && spatch --parse-c $names 2>&1) >"$work/parse.log"

for name in $names; do
	base=${name%.*}
	grep "^$name:" "$work/report.all" >"$work/$base.report"
	[ -n "${UPDATE:-}" ] && cp "$work/$base.report" "$tests/$base.rep"
	[ -n "${UPDATE:-}" ] && cp "$work/out/$name" "$tests/$base.res"
	expect_same "$base: report" "$tests/$base.rep" "$work/$base.report"
	expect_same "$base: patch" "$tests/$base.res" "$work/out/$name"
	# What patch mode cannot move (a release inside a loop, an array's
	# loop, an iterator) is left to a human: NAME.left lists it.
	grep "^$name:" "$work/report.after" >"$work/$base.left"
	[ -f "$tests/$base.left" ] || : >"$work/$base.expected-left"
	[ -f "$tests/$base.left" ] && cp "$tests/$base.left" "$work/$base.expected-left"
	expect_same "$base: patched result reports only what is left to a human" \
		"$work/$base.expected-left" "$work/$base.left"
done
# --parse-c ends with a count of the files it could not parse.
if grep -q '^NB total files = [0-9]*; perfect = [0-9]*; pbs = 0;' "$work/parse.log"; then
	ok "patched results parse"
else
	nok "patched results do not parse: $(grep -i 'bad\|pbs' "$work/parse.log" | tail -n 3)"
fi

# Context and org modes: the early release starred, the TODO linking both
# mappings; a correct order silent in both.
for mode in context org; do
	(cd "$work/in" && spatch --very-quiet -D $mode --no-includes \
		--sp-file "$sp" nested_kmap_local.c correct_order.c 2>/dev/null) |
		grep -v '^+++ \|^--- ' >"$work/mode.$mode"
	[ -n "${UPDATE:-}" ] && cp "$work/mode.$mode" "$tests/modes/nested_kmap_local.$mode"
	expect_same "$mode mode" "$tests/modes/nested_kmap_local.$mode" "$work/mode.$mode"
done

# Context mode stars exactly the releases report mode reports, in every
# input (the lines of the starred releases against the report's lines).
(cd "$work/in" && spatch --very-quiet -D context --no-includes --include-headers \
	--sp-file "$sp" $names 2>/dev/null) |
	awk '/^--- /{f=$2; next} /^\+\+\+ /{next}
	     /^@@/{split($2, a, ","); n=-a[1]; next}
	     /^-/{print f ":" n; n++; next} /^ /{n++}' | sort -u >"$work/context.lines"
sed 's/^\([^:]*:[0-9]*\):.*/\1/' "$work/report.all" | sort -u >"$work/report.lines"
expect_same "context mode stars what report mode reports" "$work/report.lines" "$work/context.lines"

# With -D undecided, report mode names what it cannot order, and only that.
(cd "$work/in" && spatch --very-quiet -D report -D undecided --no-includes \
	--sp-file "$sp" array_loop.c array_undecided.c 2>/dev/null) | grep '^UNDECIDED: ' >"$work/undecided"
[ -n "${UPDATE:-}" ] && cp "$work/undecided" "$tests/array_undecided.und"
expect_same "undecided: named with -D undecided" "$tests/array_undecided.und" "$work/undecided"

# Org links survive expressions with brackets.
(cd "$work/in" && spatch --very-quiet -D org --no-includes --sp-file "$sp" \
	array_loop.c 2>/dev/null) >"$work/org.brackets"
if grep -q '^\[\[view:' "$work/org.brackets" &&
   ! grep '\[\[view:' "$work/org.brackets" | sed 's/^\* TODO //' |
	grep -v '^\[\[view:[^][]*\]\[[^][]*\]\]$' | grep -q .; then
	ok "org mode: links hold no brackets in their text"
else
	nok "org mode: a link is broken: $(cat "$work/org.brackets")"
fi

# The seed: the packaged tree's move_pages_pte() and its reverted fix.
seed=$(ls "$top"/checkpatch-ext/t/data/008-*.patch 2>/dev/null | head -n 1)
if tree=$(sh "$top/scripts/ktree.sh" 6.12 2>/dev/null) && [ -n "$seed" ]; then
	d=$work/seed
	mkdir -p "$d/fixed/mm" "$d/reverted/mm" "$d/out/mm"
	cp "$tree/mm/userfaultfd.c" "$d/fixed/mm/"
	cp "$tree/mm/userfaultfd.c" "$d/reverted/mm/"
	if sed -n '/^diff --git/,$p' "$seed" | (cd "$d/reverted" && patch -s -R -p1); then
		ok "seed: the upstream fix reverts on the packaged tree"
	else
		nok "seed: the upstream fix does not revert on the packaged tree"
	fi
	if [ -z "$(report "$d/fixed" mm/userfaultfd.c)" ]; then
		ok "seed: packaged mm/userfaultfd.c is silent"
	else
		nok "seed: packaged mm/userfaultfd.c reports: $(report "$d/fixed" mm/userfaultfd.c)"
	fi
	r=$(report "$d/reverted" mm/userfaultfd.c)
	case $r in
	*"move_pages_pte(): dst_pte (pte_offset_map_nolock, line "*") mapped before src_pte (pte_offset_map_nolock, line "*") but released first; release src_pte before dst_pte")
		ok "seed: reverted move_pages_pte() is reported" ;;
	*) nok "seed: reverted move_pages_pte() not reported: '$r'" ;;
	esac
	cp "$d/reverted/mm/userfaultfd.c" "$d/out/mm/"
	sh "$top/cocci/bin/lifo-fix.sh" "$d/reverted" mm/userfaultfd.c >"$d/fix.diff" 2>&1
	(cd "$d/out" && patch -s -p1 <"$d/fix.diff")
	# Upstream also added a comment; apart from it the result must match.
	extra=$(diff "$d/fixed/mm/userfaultfd.c" "$d/out/mm/userfaultfd.c" |
		grep '^[<>]' | grep -v '^<[[:space:]]*/\?\*')
	if [ -s "$d/fix.diff" ] && [ -z "$extra" ]; then
		ok "seed: patch mode restores the upstream release order"
	else
		nok "seed: patch mode result differs from upstream: $extra"
	fi
else
	nok "seed: packaged 6.12 tree or seed 008 not available"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
