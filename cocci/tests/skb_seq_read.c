/*
 * skb_seq_read() keeps the fragment it returned mapped (kmap_atomic)
 * until its next call, which releases it, or skb_abort_seq_read(): an
 * iterator of its last argument.
 */
static unsigned int copy_frags(struct sk_buff *skb, struct page *page)
{
	struct skb_seq_state seq;
	unsigned int consumed = 0, len;
	const u8 *data;
	u8 *dst = NULL;

	skb_prepare_seq_read(skb, 0, skb->len, &seq);
	while ((len = skb_seq_read(consumed, &data, &seq)) != 0) {
		if (!dst)
			dst = kmap_local_page(page);
		memcpy(dst + consumed, data, len);
		consumed += len;
	}
	kunmap_local(dst);
	return consumed;
}

/* The page mapped and released within each step: silent. */
static unsigned int copy_frags_ok(struct sk_buff *skb, struct page *page)
{
	struct skb_seq_state seq;
	unsigned int consumed = 0, len;
	const u8 *data;

	skb_prepare_seq_read(skb, 0, skb->len, &seq);
	while ((len = skb_seq_read(consumed, &data, &seq)) != 0) {
		u8 *dst = kmap_local_page(page);

		memcpy(dst + consumed, data, len);
		kunmap_local(dst);
		consumed += len;
		if (consumed > 64) {
			skb_abort_seq_read(&seq);
			break;
		}
	}
	return consumed;
}

/* Aborted while the page is still mapped: its fragment goes first. */
static unsigned int peek_frag(struct sk_buff *skb, struct page *page)
{
	struct skb_seq_state seq;
	const u8 *data;
	unsigned int len;
	u8 *dst;

	skb_prepare_seq_read(skb, 0, skb->len, &seq);
	len = skb_seq_read(0, &data, &seq);
	dst = kmap_local_page(page);
	memcpy(dst, data, len);
	skb_abort_seq_read(&seq);
	kunmap_local(dst);
	return len;
}
