// SPDX-License-Identifier: GPL-2.0
/* drivers/hw/user.c of the summaries test: the header's release helper. */
#include <linux/hwalk.h>

struct hpair {
	struct hwalk in, out;
};

static void hwalk_map(struct hwalk *w)
{
	w->addr = kmap_local_page(w->page);
}

void hstep_bad(struct hpair *p)
{
	hwalk_map(&p->in);
	hwalk_map(&p->out);
	memcpy(p->out.addr, p->in.addr, 16);
	hwalk_done(&p->in);
	hwalk_done(&p->out);
}

void hstep_ok(struct hpair *p)
{
	hwalk_map(&p->in);
	hwalk_map(&p->out);
	memcpy(p->out.addr, p->in.addr, 16);
	hwalk_done(&p->out);
	hwalk_done(&p->in);
}
