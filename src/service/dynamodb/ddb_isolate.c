/*
 * ddb_isolate: hot-item isolation (D11; reference §6, "Isolating hot
 * items": since 2020 adaptive capacity "rebalances so that frequently
 * accessed items sit on different partitions, down to one item per
 * partition", and that item "can then get up to 3,000 RCU / 1,000
 * WCU"; A-BP 2020+, RP-ADAPT). With `hot_item_isolation: on`, an item
 * whose first attempts ask, of one side in a second, as many units as
 * make a partition hot (the heat split's threshold, heat_pct % of the
 * D3 cap: 800 WCU or 2,400 RCU by default), while another key value's
 * requests reach the same partition in that second, moves to a
 * partition of its own isolate_delay_s after that second (ASSUMPTION:
 * AWS publishes no trigger nor delay; the reference's D11, default 0
 * under `instant`). The trigger is the item's own heat, not its
 * partition's share: a frequently accessed item takes many requests to
 * ask that much (a put is at most 400 WCU), where one large request
 * above a small share is not (and isolating it would halve shares for
 * the next one), and a share at the cap (on demand) still lets an item
 * hot beside its neighbours move. Its partition is cut
 * just before and just after it (ddb_parts_isolate, up to two splits,
 * each child with half its parent's share and bank as any split's, D5),
 * so from then it no longer shares its old partition's cap with its
 * neighbours, and it is still held to its own partition's cap (D3).
 * Only on a table without a sort key, where an item is its key value
 * (one hash): pksim's partitions are hash slices cut inside a key
 * value's collection only at a sort key, and not around one item of
 * it; the loader refuses the rest, and a local secondary index needs a
 * sort key, so no isolation crosses an LSI's collection (§6). Not
 * modelled: the 2023 exception for provisioned tables with DynamoDB
 * Streams (pksim replays no stream).
 */
#include "ddb_state.h"

void ddb_isolate_note(struct ddb *d, size_t i, uint64_t h, int write,
		      int64_t asked)
{
	struct ddb_part *p = &d->parts[i];
	const struct pk_ddb_side *s = write ? &p->w : &p->r;
	int64_t at;

	if (p->iso_sec_s != d->now_s) {
		p->iso_sec_s = d->now_s;
		p->iso_first = h;
		p->iso_mixed = 0;
	} else if (p->iso_first != h) {
		p->iso_mixed = 1;
	}
	/* hot by itself, and sharing the partition with another key
	   value in the same second (an item alone in its partition's
	   requests has its cap already, and moving it would only shrink
	   its neighbours' shares) */
	if (asked * 100 < (int64_t)d->t->heat_pct * s->cap_mcu ||
	    !p->iso_mixed || p->iso_s >= 0 || ddb_parts_alone(d, i, h)) {
		return;
	}
	at = d->now_s + 1 + d->t->isolate_delay_s;
	p->iso_s = at;
	p->iso_hash = h;
	if (at < d->heat_due_s) {
		d->heat_due_s = at;
	}
}
