# SPDX-License-Identifier: GPL-2.0
# kmap_local LIFO checking, disclosure trailers and ARM boot tests.
# See README.md.

KVER ?= 6.12
KSRC ?=
J ?= $(shell nproc)
# An empty BUILD= (or one of blanks) is the default too: make clean and
# the tests would otherwise remove /scan-*, /cache, /cocci-tests, ...
override BUILD := $(if $(strip $(BUILD)),$(BUILD),$(CURDIR)/build)
OUT ?= $(if $(KSRC),$(BUILD)/scan-ksrc,$(BUILD)/scan-$(KVER))
WRAPPERS ?= 1
# make scan keeps what spatch printed per file here (CACHE= for none).
CACHE ?= $(BUILD)/cache
COCCI_SP := cocci/kmap_local_lifo.cocci
# The Python of the rules: make regen copies it into them.
COCCI_PY := cocci/lib/lifo_source.py cocci/lib/lifo_rule.py
# make scan-trees: the trees (KSRC when empty) and, on one git tree, the
# revisions; its OUT unless OUT= is given.
TREES ?=
REVS ?=
SCAN_TREES_OUT = $(if $(filter command line environment environment override override,$(origin OUT)),$(OUT),$(BUILD)/scan-trees)

export KVER BUILD J CASES FLAVOURS FULL OVERLAYS BOOT_TIMEOUT MACHINE

# A value as one sh word, run by nothing: single-quoted, each ' as '\''.
# Every user variable reaches a recipe through it (paths may hold spaces,
# quotes, $(...) or backticks).
shq = '$(subst ','\'',$(1))'

# The packaged linux-source for KVER, unless KSRC names a tree.
DEPS_KVER = $(if $(KSRC),,$(KVER))
TREE = $$(sh scripts/ktree.sh $(call shq,$(KVER)) $(call shq,$(KSRC)))

.PHONY: all deps tree scan fixes check-patch check check-cocci \
	check-disclosure check-scan check-boot-harness boot-test regen bench bench-rescan \
	scan-trees bench-revs \
	clean help install-hooks

all: help

help:
	@echo "targets:"
	@echo "  make scan          scan a kernel tree for kmap_local LIFO violations"
	@echo "                     (part of it: M=DIR, FILES=\"a.c b.c\", SINCE=REV)"
	@echo "  make scan-trees TREES=\"DIR ...\" [REVS=\"A B\" or REVS=A..B]   which trees or revisions carry each finding"
	@echo "  make fixes         turn the findings into patches in OUT/patches"
	@echo "  make check-patch PATCH=FILE   check a patch (or a series, or RANGE=BASE..HEAD of KSRC) before sending it"
	@echo "  make check         run every test suite"
	@echo "  make check-cocci   the cocci rule tests only"
	@echo "  make check-disclosure   the disclosure checker tests only"
	@echo "  make check-scan    the scan and fixes tests only"
	@echo "  make check-boot-harness the boot harness's offline tests only"
	@echo "  make boot-test     boot-test patched kernels in QEMU (see test-kernels/README.md)"
	@echo "  make bench         time the LIFO rules on the whole tree"
	@echo "  make bench-rescan  time a rescan with the cache against a first scan"
	@echo "  make bench-revs    time make scan-trees over K revisions of a history made from the tree"
	@echo "  make regen         regenerate the semantic patches from the name lists and cocci/lib/*.py"
	@echo "  make install-hooks REPO=DIR   the disclosure git hooks into a repository"
	@echo "  make deps          install what is missing (Debian packages)"
	@echo "  make tree          extract the packaged tree and print its path (and how to make a git tree of it)"
	@echo "  make clean         remove scan results, the cache, the rule tests' and the boot test's builds"
	@echo "  make help          this text (also plain make)"
	@echo "variables:"
	@echo "  KVER="$(call shq,$(KVER))"        packaged linux-source version (6.12 or 6.1)"
	@echo "  KSRC=DIR         any kernel tree instead (only read)"
	@echo "  OUT=DIR          scan results and patches (default BUILD/scan-KVER)"
	@echo "  J="$(call shq,$(J))"              parallel jobs"
	@echo "  BUILD=DIR        build folder (default build/)"
	@echo "  WRAPPERS="$(call shq,$(WRAPPERS))"       0: seed name lists only, without the tree's wrappers"
	@echo "  FINDING=PATH:LINE   make fixes: one finding only"
	@echo "  SIGNOFF=1        make fixes: sign the patches off"
	@echo "  BUILD_CHECK=auto make fixes: build each touched object on a defconfig of the arch it needs, its CONFIG symbols"
	@echo "                   enabled (auto: or say why not; 1: a touched C file not built fails the patch; 0: none)"
	@echo "  M=DIR, FILES=\"a.c b.c\", SINCE=REV   make scan: part of the tree"
	@echo "  FAIL_ON=fix|any  make scan: findings make it fail (the driver exits 1)"
	@echo "  BASELINE=FILE    make scan, check-patch: report and gate on only findings this findings.json lacks (CI)"
	@echo "  REVIEWED=FILE    make scan, check-patch, fixes: your reviewed findings (fingerprint and why a line),"
	@echo "                   never reported again (cocci/bin/fingerprints.pl lists a scan's)"
	@echo "  CACHE=DIR        make scan: results kept per file (default BUILD/cache; CACHE= for none)"
	@echo "  TREES=\"DIR ...\", REVS=\"A B\"|A..B   make scan-trees: trees, or revisions of one git tree (OUT default BUILD/scan-trees)"
	@echo "  REPO=DIR, BACKUP=1, LINK=1   make install-hooks: the repository; keep old hooks; links, not copies"
	@echo "  PATCH=FILE       make check-patch: a patch, an mbox of several, a folder of them, or \"a.patch b.patch\""
	@echo "  RANGE=BASE..HEAD make check-patch: the commits of a git tree (KSRC=), on top of BASE"
	@echo "  CHECKPATCH_OPTS=\"--strict ...\"   make check-patch, fixes: options for the tree's checkpatch.pl (the same for both)"
	@echo "  CASES=\"NAME ...\"   make boot-test: only these cases"
	@echo "  FULL=1           make boot-test: also the heavier cases, and every case under every overlay"
	@echo "  FLAVOURS=\"base debug\"   make boot-test: kernel flavours"
	@echo "  OVERLAYS=forcemap   make boot-test: every chosen case again under these overlays"
	@echo "                   (test-kernels/overlays; CASES=NAME@OVERLAY for one; none: none)"
	@echo "  BOOT_TIMEOUT=300 make boot-test: seconds per boot"
	@echo "  MACHINE=arm-virt make boot-test: test-kernels/machines/MACHINE.conf"

deps:
	@sh scripts/deps.sh $(if $(DEPS_KVER),$(call shq,$(DEPS_KVER)))

tree: deps
	@tree=$(TREE) && printf '%s\n' "$$tree" && sh scripts/git-tree-hint.sh "$$tree" $(if $(KSRC),,$(call shq,$(KVER)))

scan: deps
	@tree=$(TREE) && perl cocci/bin/lifo-scan.pl --tree "$$tree" --out $(call shq,$(OUT)) --jobs $(call shq,$(J)) --kver $(call shq,$(KVER)) $(if $(filter 1,$(WRAPPERS)),--wrappers) $(if $(FAIL_ON),--fail-on $(call shq,$(FAIL_ON))) \
		$(if $(CACHE),--cache $(call shq,$(CACHE))) $(if $(M),--dir $(call shq,$(M))) $(foreach f,$(FILES),--file $(call shq,$(f))) $(if $(SINCE),--since $(call shq,$(SINCE))) \
		$(if $(BASELINE),--baseline $(call shq,$(BASELINE))) $(if $(REVIEWED),--reviewed $(call shq,$(REVIEWED)))

scan-trees: deps
	@perl cocci/bin/scan-trees.pl --out $(call shq,$(SCAN_TREES_OUT)) --jobs $(call shq,$(J)) $(if $(filter 1,$(WRAPPERS)),--wrappers) \
		$(if $(CACHE),--cache $(call shq,$(CACHE))) $(if $(REVS),--revs $(call shq,$(REVS))) -- $(foreach t,$(or $(TREES),$(KSRC)),$(call shq,$(t)))

fixes: deps
	@tree=$(TREE) && perl cocci/bin/make-fixes.pl --tree "$$tree" --out $(call shq,$(OUT)) --jobs $(call shq,$(J)) --kver $(call shq,$(KVER)) $(if $(FINDING),--finding $(call shq,$(FINDING))) $(if $(filter 1,$(SIGNOFF)),--signoff) $(if $(filter 1,$(WRAPPERS)),--wrappers) \
		$(if $(BUILD_CHECK),--build-check $(call shq,$(BUILD_CHECK))) $(if $(REVIEWED),--reviewed $(call shq,$(REVIEWED))) \
		$(if $(CHECKPATCH_OPTS),--checkpatch-opts $(call shq,$(CHECKPATCH_OPTS)))

check-patch: deps
	@test -n $(call shq,$(PATCH)$(RANGE)) || { echo "check-patch: say which patch: make check-patch PATCH=FILE (or RANGE=BASE..HEAD)" >&2; exit 2; }
	@tree=$(TREE) && perl cocci/bin/check-patch.pl --tree "$$tree" $(if $(PATCH),--patch $(call shq,$(PATCH))) $(if $(RANGE),--range $(call shq,$(RANGE))) --kver $(call shq,$(KVER)) $(if $(filter 1,$(WRAPPERS)),--wrappers) $(if $(CACHE),--cache $(call shq,$(CACHE))) \
		$(if $(BASELINE),--baseline $(call shq,$(BASELINE))) $(if $(REVIEWED),--reviewed $(call shq,$(REVIEWED))) \
		$(if $(CHECKPATCH_OPTS),--checkpatch-opts $(call shq,$(CHECKPATCH_OPTS)))

# Write the name lists into the semantic patches, then remake the kernel
# patch that adds the rule to scripts/coccinelle/api/.
regen:
	for r in $(call shq,$(COCCI_SP)) cocci/kmap_local_wrappers.cocci $(COCCI_PY); do \
		perl cocci/bin/lists.pl $$r > $$r.tmp && mv $$r.tmp $$r || { rm -f $$r.tmp; exit 2; }; \
	done
	perl cocci/bin/inline-py.pl $(call shq,$(COCCI_SP)) cocci/kmap_local_wrappers.cocci
	perl cocci/bin/kernel-rule.pl

# The disclosure hooks (commit-msg, sendemail-validate) into REPO's
# hooks, as copies that know where the checker is; LINK=1 links them
# instead; BACKUP=1 keeps a different hook already there as NAME.orig.
install-hooks:
	@test -n $(call shq,$(REPO)) || { echo "install-hooks: say which repository: make install-hooks REPO=DIR" >&2; exit 2; }
	@perl checkpatch-ext/install-hooks.pl --repo $(call shq,$(REPO)) $(if $(filter 1,$(BACKUP)),--backup) $(if $(filter 1,$(LINK)),--link)

check-cocci: deps
	@sh cocci/tests/run.sh

check-disclosure: deps
	@sh checkpatch-ext/run-tests.sh

check-scan: deps
	@sh cocci/t/run.sh

check-boot-harness:
	@sh test-kernels/t/run.sh

boot-test: deps
	@perl test-kernels/boot-test.pl

check: deps
	@sh scripts/run-suites.sh \
		"cocci=sh cocci/tests/run.sh" \
		"disclosure=sh checkpatch-ext/run-tests.sh" \
		"scan=sh cocci/t/run.sh" \
		"boot-harness=sh test-kernels/t/run.sh" \
		"scripts=sh scripts/t/run.sh" \
		"boot=perl test-kernels/boot-test.pl"

bench: deps
	@tree=$(TREE) && sh cocci/bin/bench.sh "$$tree"

bench-rescan: deps
	@tree=$(TREE) && perl cocci/bin/bench-rescan.pl "$$tree" $(call shq,$(J))

bench-revs: deps
	@tree=$(TREE) && perl cocci/bin/bench-revs.pl "$$tree" $(call shq,$(J))

clean:
	rm -rf $(call shq,$(BUILD))/scan-* $(call shq,$(BUILD)/test-kernels) $(call shq,$(BUILD)/cocci-tests) $(call shq,$(BUILD)/cache)
