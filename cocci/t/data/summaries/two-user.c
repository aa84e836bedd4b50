// SPDX-License-Identifier: GPL-2.0
/* fs/tw/lzma.c: its caller maps ->kin itself (z_erofs_lzma_decompress()). */
#include <linux/tw.h>

int tw_decompress_bad(struct page **in, struct page **out, int n)
{
	struct tw_dctx dctx = { .in = in, .out = out };
	int err = 0;

	dctx.kin = kmap_local_page(*in);
	do {
		err = tw_switch(&dctx, n & 1, n & 2);
		if (err || !n--)
			break;
	} while (1);
	kunmap_local(dctx.kin);
	if (dctx.kout)
		kunmap_local(dctx.kout);
	return err;
}

int tw_decompress_ok(struct page **in, struct page **out, int n)
{
	struct tw_dctx dctx = { .in = in, .out = out };
	int err = 0;

	dctx.kin = kmap_local_page(*in);
	do {
		err = tw_switch(&dctx, n & 1, n & 2);
		if (err || !n--)
			break;
	} while (1);
	if (dctx.kout)
		kunmap_local(dctx.kout);
	kunmap_local(dctx.kin);
	return err;
}
