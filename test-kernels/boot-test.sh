#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Boot-test patched kernels on 32-bit ARM in QEMU and prove each fix.
#
#   sh test-kernels/boot-test.sh        (from the project root)
#
# Environment: KVER (6.12), BUILD (build), J (jobs, nproc), BOOT_TIMEOUT
# (seconds per boot, 300), CASES (space-separated case names to run),
# FLAVOURS (kernel flavours whose cases run: "base", the default, and/or
# "debug", see test-kernels/cases).
#
# One copy of the packaged tree (never /usr/src, never the pristine
# extracted tree) and one O= folder under $BUILD/test-kernels are kept
# between runs.  Each case puts the copy into its source state (upstream
# fix reverted, cocci fix applied, kernel-patches/ series applied) by
# rewriting only the files whose content changes, so that switching
# states rebuilds a few objects.  All cases share one initramfs.
#
# Prints "PASS <case>: <detail>" or "FAIL <case>: <detail>" per case and
# finally "N passed, N failed"; exits non-zero when a case failed.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
here=$top/test-kernels
KVER=${KVER:-6.12}
BUILD=${BUILD:-build}
case $BUILD in
/*) ;;
*) BUILD=$top/$BUILD ;;
esac
out=$BUILD/test-kernels
J=${J:-$(nproc)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
CASES=${CASES:-}
FLAVOURS=${FLAVOURS:-base}
CROSS=arm-linux-gnueabihf-
upstream_fix=$here/patches/upstream-move_pages_pte-lifo.patch

src=$out/src
obj=$out/obj-base
logs=$out/logs
guest=$out/guest

passed=0
failed=0
timings=
t_start=$(date +%s)

note() { echo "boot-test: $*" >&2; }

pass() {
	echo "PASS $1: $2"
	passed=$((passed + 1))
}

fail() {
	echo "FAIL $1: $2"
	failed=$((failed + 1))
}

# timed NAME CMD...: run CMD, record how long it took.
timed() {
	_name=$1
	shift
	_t0=$(date +%s)
	"$@"
	_rc=$?
	timings="$timings $_name=$(($(date +%s) - _t0))s"
	return $_rc
}

finish() {
	echo "timings:$timings total=$(($(date +%s) - t_start))s"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

# Fatal setup error: every case fails with the same reason.
fatal() {
	case_names | while read -r c f; do
		want_case "$c" "$f" && echo "FAIL $c: $*"
	done
	failed=$((failed + $(case_names | while read -r c f; do
		want_case "$c" "$f" && echo "$c"
	done | wc -l)))
	finish
}

# "CASE FLAVOUR" lines, sparse last.
case_names() {
	sed -e 's/#.*//' "$here/cases" | awk 'NF { print $1, ($5 == "" ? "base" : $5) }'
	echo "sparse base"
}

# want_case CASE [FLAVOUR]: named in $CASES, or $CASES empty and the
# flavour in $FLAVOURS.
want_case() {
	if [ -n "$CASES" ]; then
		case " $CASES " in
		*" $1 "*) return 0 ;;
		esac
		return 1
	fi
	case " $FLAVOURS " in
	*" ${2:-base} "*) return 0 ;;
	esac
	return 1
}

# The config fragments of a flavour, merged in this order.
flavour_fragments() {
	echo "$here/configs/arm-virt-highmem.config"
	[ "$1" = base ] || echo "$here/configs/$1.config"
}

# First lines of a log that look like errors, on one line.
first_errors() {
	{ grep -E 'error:|undefined reference' "$1"
	  grep -E 'error|Error|ERROR|No such file|not found|FAILED|failed' "$1"; } |
		head -n 3 |
		tr '\n' ' ' | sed -e 's/[[:space:]]\{1,\}/ /g' -e 's/ $//'
}

last_lines() {
	tail -n "${2:-5}" "$1" | tr -d '\r' | tr '\n' '|' | sed -e 's/|$//'
}

# ---------------------------------------------------------------------------
# Source states

# Files a -p1 patch touches: "--- a/x" immediately followed by "+++ b/x".
patch_files() {
	awk '
	function strip(f) {
		sub(/\t.*/, "", f)
		if (f == "/dev/null")
			return ""
		sub(/^[^\/]*\//, "", f)
		return f
	}
	/^\+\+\+ / && prev ~ /^--- / {
		split(prev, a, " "); split($0, b, " ")
		f = strip(a[2]); if (f != "") print f
		f = strip(b[2]); if (f != "") print f
	}
	{ prev = $0 }' "$1"
}

# The patches of kernel-patches/series, absolute paths, one a line.
series_patches() {
	_s=$top/kernel-patches/series
	[ -f "$_s" ] || return 0
	sed -e 's/#.*//' "$_s" | awk 'NF { print $1 }' | while read -r p; do
		echo "$top/kernel-patches/$p"
	done
}

# state_patches STATE: "R|F PATCH" lines, in order of application.
state_patches() {
	case $1 in
	pristine) ;;
	reverted) echo "R $upstream_fix" ;;
	fixed)
		echo "R $upstream_fix"
		echo "F $out/cocci-fix.patch"
		;;
	series) series_patches | sed -e 's/^/F /' ;;
	*) return 1 ;;
	esac
}

# set_state STATE: make $src the pristine tree plus STATE's patches,
# rewriting only files whose content differs.  On failure the reason is
# in $state_error.
set_state() {
	state_error=
	_stage=$out/stage
	_dirty=$out/src-dirty
	_log=$logs/state-$1.log
	rm -rf "$_stage" && mkdir -p "$_stage" || return 1
	: >"$_log"
	state_patches "$1" >"$out/state-patches" || {
		state_error="unknown state $1"
		return 1
	}
	: >"$out/state-files"
	while read -r dir p; do
		if [ ! -f "$p" ]; then
			state_error="patch $p is missing"
			return 1
		fi
		patch_files "$p" >>"$out/state-files"
	done <"$out/state-patches"
	touch "$_dirty"
	sort -u "$out/state-files" "$_dirty" >"$out/sync-files"
	while read -r f; do
		if [ -f "$pristine/$f" ]; then
			mkdir -p "$_stage/$(dirname "$f")" &&
				cp "$pristine/$f" "$_stage/$f" || return 1
		fi
	done <"$out/sync-files"
	while read -r dir p; do
		_r=
		[ "$dir" = R ] && _r=-R
		echo "== patch -p1 $_r $p" >>"$_log"
		if ! patch -p1 $_r -N --no-backup-if-mismatch -r - -d "$_stage" \
			-i "$p" >>"$_log" 2>&1; then
			state_error="patch -p1${_r:+ $_r} ${p#"$top"/} does not apply: $(tail -n 4 "$_log" | grep -v '^==' | tr '\n' ' ')(log: $_log)"
			return 1
		fi
	done <"$out/state-patches"
	# Record everything that may differ before touching $src, so that an
	# interrupted run is repaired by the next one.
	cp "$out/sync-files" "$_dirty"
	_changed=
	while read -r f; do
		if [ -f "$_stage/$f" ]; then
			if ! cmp -s "$_stage/$f" "$src/$f"; then
				mkdir -p "$src/$(dirname "$f")"
				rm -f "$src/$f"
				cp "$_stage/$f" "$src/$f" || return 1
				_changed="$_changed $f"
			fi
		elif [ -e "$src/$f" ]; then
			rm -f "$src/$f"
			_changed="$_changed $f"
		fi
	done <"$out/sync-files"
	sort -u "$out/state-files" >"$_dirty"
	echo "$1" >"$out/src-state"
	note "source state $1; files rewritten:${_changed:- none}"
	return 0
}

# ---------------------------------------------------------------------------
# Kernel configuration and build

kmake() {
	make -C "$src" O="$obj" ARCH=arm CROSS_COMPILE=$CROSS -j"$J" "$@"
}

# Fragment lines that the final .config does not honour.
config_missing() {
	# shellcheck disable=SC2086
	sed -e 's/^[[:space:]]*//' $fragments | grep -E '^(CONFIG_|# CONFIG_)' |
		while read -r line; do
			case $line in
			"# CONFIG_"*)
				sym=${line#\# }
				sym=${sym%% *}
				grep -q "^$sym=" "$obj/.config" && echo "$line"
				;;
			*)
				grep -qx "$line" "$obj/.config" || echo "$line"
				;;
			esac
		done
}

# configure FLAVOUR: $obj/.config from allnoconfig + the fragments.
configure() {
	fragments=$(flavour_fragments "$1")
	for f in $fragments; do
		[ -f "$f" ] || {
			config_error="no config fragment $f for flavour $1"
			return 1
		}
	done
	# shellcheck disable=SC2086
	_stamp=$(cat $fragments | cksum)" $kversion"
	if [ -f "$obj/.config" ] && [ "$(cat "$obj/.bt-config" 2>/dev/null)" = "$_stamp" ]; then
		return 0
	fi
	mkdir -p "$obj"
	note "configuring $1: allnoconfig + $(for f in $fragments; do basename "$f"; done | tr '\n' ' ')"
	# shellcheck disable=SC2086
	if ! (cd "$src" && ARCH=arm CROSS_COMPILE=$CROSS \
		sh scripts/kconfig/merge_config.sh -n -O "$obj" /dev/null $fragments) \
		>"$logs/config-$1.log" 2>&1 ||
		! kmake olddefconfig >>"$logs/config-$1.log" 2>&1; then
		config_error="merge_config.sh failed: $(first_errors "$logs/config-$1.log") (log: $logs/config-$1.log)"
		return 1
	fi
	_missing=$(config_missing | tr '\n' ' ')
	if [ -n "$_missing" ]; then
		config_error="flavour $1: requested options lost in olddefconfig: $_missing(see $obj/.config)"
		rm -f "$obj/.bt-config"
		return 1
	fi
	echo "$_stamp" >"$obj/.bt-config"
}

# build FLAVOUR STATE: configure $obj-FLAVOUR if needed and build a zImage
# for the current source state, copied to $out/zImage-FLAVOUR-STATE.  On
# failure the reason (the compiler's message) is in $build_error.
build() {
	build_error=
	obj=$out/obj-$1
	if ! configure "$1"; then
		build_error=$config_error
		return 1
	fi
	_log=$logs/build-$1-$2.log
	note "building zImage ($1, $2), log $_log"
	if ! kmake zImage >"$_log" 2>&1; then
		build_error="build failed: $(grep -E -m 3 'error:|Error [0-9]' "$_log" | tr '\n' ' ')(log: $_log)"
		return 1
	fi
	cp "$obj/arch/arm/boot/zImage" "$out/zImage-$1-$2"
}

# ---------------------------------------------------------------------------
# Guest: static /init, reproducers, uffd-unit-tests, one initramfs

# stale OUT IN...: true when OUT is missing or older than an input.
stale() {
	_o=$1
	shift
	[ -f "$_o" ] || return 0
	[ -n "$(find "$@" -newer "$_o" 2>/dev/null | head -n 1)" ]
}

# guest_cc OUT "DEPS" "CFLAGS" SRC...: static armhf build when stale.
guest_cc() {
	_o=$1 _deps=$2 _flags=$3
	shift 3
	# shellcheck disable=SC2086
	stale "$_o" $_deps "$guest/.headers" "$@" || return 0
	# shellcheck disable=SC2086
	${CROSS}gcc -static -O2 -Wall $_flags -isystem "$guest/usr/include" \
		-o "$_o" "$@" -lpthread -lrt -lm >>"$logs/guest.log" 2>&1
}

build_guest() {
	guest_error=
	mkdir -p "$guest/bin"
	: >"$logs/guest.log"
	if [ ! -f "$guest/.headers" ] ||
		[ "$(cat "$guest/.headers")" != "$kversion" ]; then
		if ! kmake headers_install INSTALL_HDR_PATH="$guest/usr" \
			>>"$logs/guest.log" 2>&1; then
			guest_error="headers_install failed: $(first_errors "$logs/guest.log")"
			return 1
		fi
		echo "$kversion" >"$guest/.headers"
	fi
	_mm=$src/tools/testing/selftests/mm
	for p in init uffd-move mm-paths; do
		if ! guest_cc "$guest/bin/$p" "" "" "$here/guest/$p.c"; then
			guest_error="compiling guest/$p.c failed: $(first_errors "$logs/guest.log") (log: $logs/guest.log)"
			return 1
		fi
	done
	if ! guest_cc "$guest/bin/uffd-unit-tests" "$_mm" \
		"-U_FORTIFY_SOURCE -I $src -isystem $src/tools/include/uapi" \
		"$_mm/uffd-unit-tests.c" "$_mm/uffd-common.c" \
		"$_mm/vm_util.c" "$_mm/thp_settings.c"; then
		guest_error="compiling selftests/mm/uffd-unit-tests failed: $(first_errors "$logs/guest.log") (log: $logs/guest.log)"
		return 1
	fi
	if stale "$guest/gen_init_cpio" "$src/usr/gen_init_cpio.c" &&
		! cc -O2 -o "$guest/gen_init_cpio" "$src/usr/gen_init_cpio.c" \
			>>"$logs/guest.log" 2>&1; then
		guest_error="compiling usr/gen_init_cpio failed (log: $logs/guest.log)"
		return 1
	fi
	cat >"$guest/initramfs.list" <<-EOF
	dir /dev 0755 0 0
	nod /dev/console 0600 0 0 c 5 1
	dir /proc 0755 0 0
	dir /sys 0755 0 0
	dir /tmp 1777 0 0
	dir /bin 0755 0 0
	dir /etc 0755 0 0
	file /init $guest/bin/init 0755 0 0
	file /bin/uffd-move $guest/bin/uffd-move 0755 0 0
	file /bin/mm-paths $guest/bin/mm-paths 0755 0 0
	file /bin/uffd-unit-tests $guest/bin/uffd-unit-tests 0755 0 0
	file /etc/boot-tests $here/guest/boot-tests 0644 0 0
	EOF
	if ! "$guest/gen_init_cpio" "$guest/initramfs.list" >"$guest/initramfs.cpio" \
		2>>"$logs/guest.log"; then
		guest_error="gen_init_cpio failed (log: $logs/guest.log)"
		return 1
	fi
}

# ---------------------------------------------------------------------------
# Boot and verdict

# boot_case CASE ZIMAGE TESTS EXPECT
boot_case() {
	_case=$1 _kernel=$2 _tests=$3 _expect=$4
	_log=$logs/boot-$_case.log
	note "booting $_case (tests $_tests), console $_log"
	timeout -k 5 "$BOOT_TIMEOUT" qemu-system-arm -M virt -cpu cortex-a15 \
		-m 1G -smp 1 -nographic -no-reboot -nic none \
		-kernel "$_kernel" -initrd "$guest/initramfs.cpio" \
		-append "console=ttyAMA0 panic=-1 bt.tests=$_tests" \
		</dev/null >"$_log" 2>&1
	_rc=$?
	tr -d '\r' <"$_log" >"$_log.tmp" && mv "$_log.tmp" "$_log"
	if [ $_rc -eq 124 ] || [ $_rc -eq 137 ]; then
		fail "$_case" "guest hung: killed after ${BOOT_TIMEOUT}s; last lines: $(last_lines "$_log") (log: $_log)"
		return
	fi
	if ! grep -q '^BT-DONE' "$_log"; then
		fail "$_case" "guest did not finish (qemu exit $_rc); last lines: $(last_lines "$_log") (log: $_log)"
		return
	fi
	_bad='WARNING:|BUG:|Oops|kunmap_local_indexed|Kernel panic'
	_results=
	_tfail=
	for t in $(echo "$_tests" | tr ',' ' '); do
		_r=$(grep -m 1 "^BT-RESULT $t " "$_log" | awk '{ print $3 }')
		_results="$_results $t=${_r:-missing}"
		[ "$_r" = PASS ] || _tfail="$_tfail $t=${_r:-missing}"
	done
	if [ "$_expect" = - ]; then
		_w=$(grep -E -m 1 "$_bad" "$_log")
		if [ -n "$_w" ]; then
			fail "$_case" "console shows '$_w'; tests:$_results (log: $_log)"
		elif [ -n "$_tfail" ]; then
			fail "$_case" "guest tests failed:$_tfail (log: $_log)"
		else
			pass "$_case" "no WARNING, BUG, Oops or kunmap_local_indexed seen; tests:$_results (log: $_log)"
		fi
		return
	fi
	_w=$(grep -E -m 1 "WARNING:.*$_expect" "$_log")
	[ -n "$_w" ] || _w=$(grep -m 1 -- "$_expect" "$_log")
	_other=$(grep -E "$_bad" "$_log" | grep -v -- "$_expect" | head -n 1)
	if [ -z "$_w" ]; then
		fail "$_case" "expected '$_expect' on the console, none was seen; tests:$_results (log: $_log)"
	elif [ -n "$_other" ]; then
		fail "$_case" "saw '$_w' as expected, but also '$_other' (log: $_log)"
	elif [ -n "$_tfail" ]; then
		fail "$_case" "saw '$_w', but guest tests failed:$_tfail (log: $_log)"
	else
		_from=$(grep -m 1 -- "$_expect from " "$_log" | sed -e 's/^ *//')
		pass "$_case" "saw '$_w'${_from:+ ($_from)}; tests:$_results (log: $_log)"
	fi
}

# The cocci fix for the reverted tree, from the project's own patch mode.
make_cocci_fix() {
	cocci_error=
	_fix=$out/cocci-fix.patch
	_tool=$top/cocci/bin/lifo-fix.sh
	if [ ! -f "$_tool" ]; then
		cocci_error="cocci patch mode produced no fix: cocci/bin/lifo-fix.sh does not exist"
		return 1
	fi
	# Cached until the tool, anything under cocci/ or the input changes.
	_key=$({ cat "$_tool" "$src/mm/userfaultfd.c"
		find "$top/cocci" -type f 2>/dev/null | LC_ALL=C sort | while read -r f; do
			cat "$f"
		done; } | cksum)
	if [ -s "$_fix" ] && [ "$(cat "$out/cocci-fix.key" 2>/dev/null)" = "$_key" ]; then
		return 0
	fi
	rm -f "$_fix" "$out/cocci-fix.key"
	note "generating the cocci fix: sh cocci/bin/lifo-fix.sh $src mm/userfaultfd.c"
	sh "$_tool" "$src" mm/userfaultfd.c >"$_fix.tmp" 2>"$logs/cocci.log"
	_rc=$?
	if [ $_rc -ne 0 ]; then
		cocci_error="cocci patch mode produced no fix: lifo-fix.sh exit $_rc: $(last_lines "$logs/cocci.log" 3) (log: $logs/cocci.log)"
		return 1
	fi
	if ! grep -q '^+++ ' "$_fix.tmp"; then
		cocci_error="cocci patch mode produced no fix: lifo-fix.sh printed no diff for mm/userfaultfd.c (log: $logs/cocci.log)"
		return 1
	fi
	mv "$_fix.tmp" "$_fix"
	echo "$_key" >"$out/cocci-fix.key"
}

# ---------------------------------------------------------------------------
# sparse: C=2 on the objects the series touches, new warnings only

sparse_objects() {
	series_patches | while read -r p; do
		[ -f "$p" ] && patch_files "$p"
	done | sort -u | while read -r f; do
		case $f in
		*.c) [ -f "$obj/${f%.c}.o" ] && echo "${f%.c}.o" ;;
		esac
	done
}

sparse_run() {
	: >"$2"
	for o in $1; do
		kmake C=2 "$o" 2>&1 | grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error):' |
			sed -e 's/:[0-9]*:[0-9]*:/:/' >>"$2"
	done
	sort -u -o "$2" "$2"
}

sparse_case() {
	_touched=$(series_patches | while read -r p; do [ -f "$p" ] && patch_files "$p"; done | sort -u | tr '\n' ' ')
	_objs=$(sparse_objects | tr '\n' ' ')
	if [ -z "$_objs" ]; then
		pass sparse "no object of the ARM build is touched by kernel-patches/ (files: ${_touched:-none})"
		return
	fi
	if ! set_state series; then
		fail sparse "source state series: $state_error"
		return
	fi
	obj=$out/obj-base
	note "sparse C=2 on $_objs"
	sparse_run "$_objs" "$logs/sparse-series.txt"
	if ! set_state pristine; then
		fail sparse "cannot restore the packaged tree: $state_error"
		return
	fi
	sparse_run "$_objs" "$logs/sparse-packaged.txt"
	_new=$(comm -13 "$logs/sparse-packaged.txt" "$logs/sparse-series.txt")
	if [ -n "$_new" ]; then
		fail sparse "new sparse warnings on $_objs: $(echo "$_new" | head -n 3 | tr '\n' ' ')(logs: $logs/sparse-*.txt)"
	else
		pass sparse "C=2 on $_objs: no new warning ($(wc -l <"$logs/sparse-series.txt") with the series, $(wc -l <"$logs/sparse-packaged.txt") without)"
	fi
}

# ---------------------------------------------------------------------------
# Main

for tool in ${CROSS}gcc qemu-system-arm timeout patch sparse; do
	command -v "$tool" >/dev/null 2>&1 || missing_tools="${missing_tools:-} $tool"
done
[ -z "${missing_tools:-}" ] || fatal "missing tools:$missing_tools (run make deps)"

mkdir -p "$out" "$logs" || fatal "cannot create $out"
exec 9>"$out/lock"
flock -n 9 || { note "another boot-test holds $out/lock; waiting"; flock 9; }

t0=$(date +%s)
pristine=$(sh "$top/scripts/ktree.sh" "$KVER") || fatal "no kernel tree for KVER=$KVER"
kversion=$(make -s -C "$pristine" kernelversion 2>/dev/null)
timings="$timings tree=$(($(date +%s) - t0))s"

# The one working copy of the tree.
origin="$pristine $kversion"
if [ "$(cat "$src/.bt-origin" 2>/dev/null)" != "$origin" ]; then
	note "copying $pristine to $src"
	rm -rf "$src" "$src.tmp" "$out"/obj-* "$out/src-dirty" "$out/src-state" "$guest"
	timed copy cp -a "$pristine" "$src.tmp" || fatal "copying the tree failed"
	rm -f "$src.tmp/.extracted"
	echo "$origin" >"$src.tmp/.bt-origin"
	mv "$src.tmp" "$src" || fatal "cannot create $src"
fi

guest_built=
while read -r name state tests expect flavour <&3; do
	flavour=${flavour:-base}
	want_case "$name" "$flavour" || continue
	if [ "$state" = fixed ]; then
		# The cocci fix is made on the reverted tree.
		if ! set_state reverted; then
			fail "$name" "source state reverted: $state_error"
			continue
		fi
		if ! make_cocci_fix; then
			fail "$name" "$cocci_error"
			continue
		fi
	fi
	if ! set_state "$state"; then
		fail "$name" "source state $state: $state_error"
		continue
	fi
	if ! timed "build-$flavour-$state" build "$flavour" "$state"; then
		fail "$name" "$build_error"
		continue
	fi
	[ "$flavour/$state" = base/series ] && series_built=1
	if [ -z "$guest_built" ]; then
		timed guest build_guest || fatal "$guest_error"
		guest_built=1
	fi
	t0=$(date +%s)
	boot_case "$name" "$out/zImage-$flavour-$state" "$tests" "$expect"
	timings="$timings boot-$name=$(($(date +%s) - t0))s"
done 3<<EOF
$(sed -e 's/#.*//' "$here/cases" | awk 'NF')
EOF

if want_case sparse; then
	if [ -z "${series_built:-}" ]; then
		if set_state series && build base series; then
			series_built=1
		else
			fail sparse "cannot build the series state: ${state_error:-}${build_error:-}"
		fi
	fi
	[ -n "${series_built:-}" ] && timed sparse sparse_case
fi

finish
