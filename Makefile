# SPDX-License-Identifier: GPL-2.0
# kmap_local LIFO checking, disclosure trailers and ARM boot tests.
# See README.md.

KVER ?= 6.12
KSRC ?=
J ?= $(shell nproc)
BUILD ?= $(CURDIR)/build
OUT ?= $(if $(KSRC),$(BUILD)/scan-ksrc,$(BUILD)/scan-$(KVER))
WRAPPERS ?= 1
COCCI_SP := cocci/kmap_local_lifo.cocci

export KVER BUILD J

# The packaged linux-source for KVER, unless KSRC names a tree.
DEPS_KVER = $(if $(KSRC),,$(KVER))
# (Paths are quoted: KSRC, OUT, BUILD and PATCH may hold spaces.)
TREE = $$(sh scripts/ktree.sh "$(KVER)" "$(KSRC)")

.PHONY: all deps tree scan fixes check-patch check check-cocci \
	check-disclosure check-scan boot-test regen bench clean help install-hooks

all: help

help:
	@echo "make scan          scan a kernel tree for kmap_local LIFO violations"
	@echo "                   (part of it: M=DIR, FILES=\"a.c b.c\", SINCE=REV)"
	@echo "make fixes         turn the findings into patches in OUT/patches"
	@echo "make check-patch PATCH=FILE   check a patch before sending it"
	@echo "make check         run every test suite"
	@echo "make boot-test     boot-test the patched kernel in qemu-system-arm"
	@echo "make deps          install what is missing (Debian packages)"
	@echo "make install-hooks REPO=DIR   the disclosure git hooks into a repository"
	@echo "variables: KVER=$(KVER) KSRC=DIR J=$(J) OUT=DIR BUILD=DIR WRAPPERS=$(WRAPPERS) SIGNOFF=1"
	@echo "           M=DIR FILES=\"a.c b.c\" SINCE=REV (part of a tree) FAIL_ON=fix|any"

deps:
	@sh scripts/deps.sh $(DEPS_KVER)

tree: deps
	@sh scripts/ktree.sh "$(KVER)" "$(KSRC)"

scan: deps
	@tree=$(TREE) && perl cocci/bin/lifo-scan.pl --tree "$$tree" --out "$(OUT)" --jobs "$(J)" --kver "$(KVER)" $(if $(filter 1,$(WRAPPERS)),--wrappers) $(if $(FAIL_ON),--fail-on "$(FAIL_ON)") \
		$(if $(M),--dir "$(M)") $(foreach f,$(FILES),--file "$(f)") $(if $(SINCE),--since "$(SINCE)")

fixes: deps
	@tree=$(TREE) && perl cocci/bin/make-fixes.pl --tree "$$tree" --out "$(OUT)" --jobs "$(J)" --kver "$(KVER)" $(if $(FINDING),--finding "$(FINDING)") $(if $(filter 1,$(SIGNOFF)),--signoff) $(if $(filter 1,$(WRAPPERS)),--wrappers)

check-patch: deps
	@test -n "$(PATCH)" || { echo "check-patch: say which patch: make check-patch PATCH=FILE" >&2; exit 2; }
	@tree=$(TREE) && perl cocci/bin/check-patch.pl --tree "$$tree" --patch "$(PATCH)" --kver "$(KVER)"

# Write the name lists into the semantic patches, then remake the kernel
# patch that adds the rule to scripts/coccinelle/api/.
regen:
	for r in $(COCCI_SP) cocci/kmap_local_wrappers.cocci; do \
		perl cocci/bin/lists.pl $$r > $$r.tmp && mv $$r.tmp $$r || { rm -f $$r.tmp; exit 2; }; \
	done
	perl cocci/bin/kernel-rule.pl

# The disclosure hooks (commit-msg, sendemail-validate) into REPO's
# hooks; BACKUP=1 keeps a different hook already there as NAME.orig.
install-hooks:
	@test -n "$(REPO)" || { echo "install-hooks: say which repository: make install-hooks REPO=DIR" >&2; exit 2; }
	@perl checkpatch-ext/install-hooks.pl --repo "$(REPO)" $(if $(filter 1,$(BACKUP)),--backup)

check-cocci: deps
	@sh cocci/tests/run.sh

check-disclosure: deps
	@sh checkpatch-ext/run-tests.sh

check-scan: deps
	@sh cocci/t/run.sh

boot-test: deps
	@sh test-kernels/boot-test.sh

check: deps
	@sh scripts/run-suites.sh \
		"cocci=sh cocci/tests/run.sh" \
		"disclosure=sh checkpatch-ext/run-tests.sh" \
		"scan=sh cocci/t/run.sh" \
		"boot=sh test-kernels/boot-test.sh"

bench: deps
	@tree=$(TREE) && sh cocci/bin/bench.sh "$$tree"

clean:
	rm -rf "$(BUILD)"/scan-* "$(BUILD)/test-kernels" "$(BUILD)/cocci-tests"
