// SPDX-License-Identifier: GPL-2.0
/* fs/tw/switch.c: a helper that can leave two fields of its argument
 * mapped (erofs z_erofs_stream_switch_bufs()): ->kout is mapped last. */
#include <linux/tw.h>

int tw_switch(struct tw_dctx *d, int more_out, int more_in)
{
	if (more_out) {
		if (d->kout)
			kunmap_local(d->kout);
		d->kout = kmap_local_page(d->out[++d->no]);
	}
	if (more_in) {
		if (d->kout)
			kunmap_local(d->kout);
		kunmap_local(d->kin);
		d->kin = kmap_local_page(d->in[++d->ni]);
		if (d->kout)
			d->kout = kmap_local_page(d->out[d->no]);
	}
	return 0;
}
