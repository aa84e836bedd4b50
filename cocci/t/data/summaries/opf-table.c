// SPDX-License-Identifier: GPL-2.0
/* drivers/opf2/table.c: a table of functions of another file. */
#include <linux/opf_iter.h>

struct opf2_ops {
	void (*get)(struct opf_iter *it, struct opf_map *m, unsigned long i);
	void (*put)(struct opf_iter *it, struct opf_map *m);
};

const struct opf2_ops opf2_pages __initconst = {
	.get = opf_pub_map,
	.put = opf_pub_unmap,
};
