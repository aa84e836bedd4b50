/*
 * A chain of helpers of the file leaves a field mapped: seg_recv() calls
 * seg_done(), which calls seg_map() and returns before its release on
 * one path.  recv_skb() holds the fragment skb_seq_read() mapped, maps
 * the segment's page through seg_recv(), and the next skb_seq_read()
 * releases the fragment first; the page is released in another call
 * (libiscsi_tcp's iscsi_tcp_recv_skb() in 6.12).
 */
struct seg {
	void *sg_mapped;
	void *data;
	unsigned int copied, size;
	struct page *page;
};

static void seg_map(struct seg *segment)
{
	if (segment->data)
		return;
	segment->sg_mapped = kmap_atomic(segment->page);
	segment->data = segment->sg_mapped;
}

static void seg_unmap(struct seg *segment)
{
	if (segment->sg_mapped) {
		kunmap_atomic(segment->sg_mapped);
		segment->sg_mapped = NULL;
	}
}

static int seg_done(struct seg *segment, unsigned int copied)
{
	segment->copied += copied;
	if (segment->copied < segment->size) {
		seg_map(segment);
		return 0;
	}
	seg_unmap(segment);
	return 1;
}

static int seg_recv(struct seg *segment, const void *ptr, unsigned int len)
{
	unsigned int copy = 0, copied = 0;

	while (!seg_done(segment, copy)) {
		if (copied == len)
			break;
		copy = len - copied;
		memcpy(segment->data, ptr + copied, copy);
		copied += copy;
	}
	return copied;
}

int recv_skb(struct sk_buff *skb, struct seg *segment)
{
	struct skb_seq_state seq;
	unsigned int consumed = 0;

	skb_prepare_seq_read(skb, 0, skb->len, &seq);
	while (1) {
		unsigned int avail;
		const u8 *ptr;

		avail = skb_seq_read(consumed, &ptr, &seq);
		if (avail == 0)
			return consumed;
		consumed += seg_recv(segment, ptr, avail);
		if (segment->copied >= segment->size) {
			skb_abort_seq_read(&seq);
			return consumed;
		}
	}
}

/* The page released by a helper of the file before the next read: silent. */
int recv_skb_ok(struct sk_buff *skb, struct seg *segment)
{
	struct skb_seq_state seq;
	unsigned int consumed = 0;

	skb_prepare_seq_read(skb, 0, skb->len, &seq);
	while (1) {
		unsigned int avail;
		const u8 *ptr;

		avail = skb_seq_read(consumed, &ptr, &seq);
		if (avail == 0)
			return consumed;
		consumed += seg_recv(segment, ptr, avail);
		seg_unmap(segment);
		if (segment->copied >= segment->size) {
			skb_abort_seq_read(&seq);
			return consumed;
		}
	}
}
