/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Macros of the kernel that Coccinelle 1.1.1 cannot parse without a
 * hint (its standard.h does not know them): a function that uses one is
 * skipped whole, as unparsable.  make scan, make fixes and the rule
 * tests give this file to spatch with --macro-file; the kernel's own
 * make coccicheck does not.
 *
 * scoped_guard() and scoped_cond_guard() (include/linux/cleanup.h, since
 * 6.5) open a block that runs once, under a lock: written as for loops
 * there, they read as loop macros (list_for_each_entry() and the like).
 */
#define scoped_guard(_name, args...) for (;;)
#define scoped_cond_guard(_name, _fail, args...) for (;;)
