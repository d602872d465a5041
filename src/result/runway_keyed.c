/*
 * runway_keyed: where a time key's keyed requests (point reads,
 * replaces, deletes, rewriting upserts, single-partition and targeted
 * queries, a random-suffix reader's IN list) land in the projection's
 * steps (runway_step.c). Each reads an item drawn from what is stored,
 * so a range's part of them is its part of the stored items. The items
 * of the bucket current in a step lie where that bucket's writes go: on
 * the ranges of the key values current then, so those requests stay
 * keyed and are charged as the writes are (a `%Y-%m-%d` key read from
 * its day's start reads its day's range only). The items of past
 * buckets lie where those buckets' values hashed: counted as spread
 * over the ranges evenly (ASSUMPTION: a past bucket's values land
 * anywhere in the key space, none told apart). Left out: a phase's
 * `select` (targets taken as uniform over the stored items), time to
 * live (items counted as if none expired) and preloaded items. A key
 * whose buckets are shorter than a step has all its keyed requests
 * spread: its current bucket holds a sliver of the items.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "runway_keyed.h"

void runway_keyed_init(struct rw_keyed *k, size_t ns, size_t slots)
{
	memset(k, 0, sizeof(*k));
	k->ns = ns;
	k->n_slots = slots;
	k->slot = xcalloc(slots * (ns ? ns : 1), sizeof(*k->slot));
}

void runway_keyed_clear(struct rw_keyed *k, int slot)
{
	if (slot < 0 || (size_t)slot >= k->n_slots) {
		return;
	}
	memset(k->slot + (size_t)slot * k->ns, 0, k->ns * sizeof(*k->slot));
}

/* Stream s's new items offered over slices x[0 .. n) */
static double offered(const struct slice *x, size_t n, size_t s)
{
	double items = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		items += x[i].items[s];
	}
	return items;
}

void runway_keyed_split(const struct rw_keyed *k, int slot, int spread_all,
			struct slice *x, size_t n)
{
	double cur[PK_MAX_STREAMS];
	size_t i, s;

	for (s = 0; s < k->ns; s++) {
		const double add = 0.5 * offered(x, n, s);
		const double held = slot >= 0 && (size_t)slot < k->n_slots
					? k->slot[(size_t)slot * k->ns + s]
					: 0;

		/* at the step's middle: what the bucket held, half the
		   step's new items, over all stored then; nothing stored
		   yet: the step's own new items, all in the bucket */
		cur[s] = spread_all ? 0.0
			 : k->all[s] + add <= 0
			     ? 1.0
			     : (held + add) / (k->all[s] + add);
	}
	for (i = 0; i < n; i++) {
		for (s = 0; s < k->ns; s++) {
			const double past = 1.0 - cur[s];

			x[i].spread[s] += past * (x[i].keyed[s] + x[i].find[s]);
			x[i].keyed[s] *= cur[s];
			x[i].find[s] *= cur[s];
		}
	}
}

void runway_keyed_count(struct rw_keyed *k, int slot, int returns,
			const struct slice *x, size_t n, double keep,
			double fresh)
{
	size_t s, j;

	if (slot < 0 || (size_t)slot >= k->n_slots) {
		return;
	}
	for (s = 0; s < k->ns; s++) {
		const double add = offered(x, n, s) * fresh;

		if (keep < 1.0 && returns) {
			/* the step's deletes take from every bucket alike;
			   only a bucket that comes back is asked again */
			for (j = 0; j < k->n_slots; j++) {
				k->slot[j * k->ns + s] *= keep;
			}
		} else {
			k->slot[(size_t)slot * k->ns + s] *= keep;
		}
		k->slot[(size_t)slot * k->ns + s] += add;
		k->all[s] = k->all[s] * keep + add;
	}
}

void runway_keyed_free(struct rw_keyed *k)
{
	free(k->slot);
	k->slot = NULL;
}
