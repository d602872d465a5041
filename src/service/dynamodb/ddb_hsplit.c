/*
 * ddb_hsplit: a DynamoDB table's splits for heat (D7; reference §5,
 * "Split for heat in detail" and its pksim proposal). DynamoDB splits a
 * partition whose consumption stays high, choosing the cut from the key
 * distribution the partition observed, and avoids a split that would
 * not help: traffic on one item, or a key range written in sequence
 * [PAPER §4.4]. AWS publishes neither the threshold, nor how long the
 * heat must last, nor the cut rule; pksim takes the reference's
 * proposal, each number a table setting (dynamodb/spec.h):
 * - a partition is hot in a second when its read or write units
 *   consumed reach heat_pct % of its cap (D3: 3,000 RCU, 1,000 WCU);
 * - from the request that finds it hot (its read or write units used
 *   so far in the second at the threshold) it weighs what its requests'
 *   first attempts ask of each item (read units + 3 x write units: the
 *   two caps' ratio, as D4's count weighs them), keeping the workload
 *   item each named and building its key again at the decision;
 * - after heat_window_s hot seconds in a row the split starts: the cut
 *   is the median of the observed weight, between two key values, or
 *   inside one key value's item collection by sort key (the children
 *   route by it as a storage split's do, ddb_parts.c); it completes
 *   split_delay_s seconds later, each child with half its parent's
 *   share and bank (D5, as a storage split);
 * - it is refused when one unit that can never be cut carries more
 *   than half the weight and alone asked, a second on average, what
 *   makes a partition hot (then its child would be as hot: with two
 *   units, the busier always carries more than half, and a split that
 *   leaves each under the threshold helps): an item, or a whole key
 *   value on a table
 *   without a sort key, with a local secondary index (D18 keeps its
 *   collection on one partition), or whose puts follow a steadily
 *   rising or falling sort key (PK_DDB_FOLLOW_SHARE of those that change
 *   it: a put of the sort key before is the same item again; as the hot
 *   key finding reads it, ddb_heat.c) while writes carry more than half
 *   the weight, along which every later write lands past any cut
 *   (reference §4's unit that can never be split; heat from reads of
 *   its stored items is cut as any other). Copies of one item (one
 *   primary key under several workload items) are one unit.
 *   The refusal is counted, by partition, and the partition watched
 *   anew.
 * A quiet second ends the heat; a partition a storage or throughput
 * split replaces loses its heat and any split in flight (its children
 * start their own). Left out: Query and Scan units are not weighed (a
 * collection's reads weigh it only through GetItem), and a split in
 * flight leaves the partition serving as before until it completes.
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_service.h"

/* One weighed request: the workload item whose primary key it names
   (its key is built again at the decision, ddb_items_key) */
struct ddb_wreq {
	uint64_t item;
	int64_t weight; /* read mCU + 3 x write mCU, first attempts */
};

/* A watched partition's weighed requests, n of them (cap allocated); a
   request naming the item the one before named adds to its weight */
struct ddb_watch {
	struct ddb_wreq *v;
	size_t n, cap;
	int repeats;	 /* 0: a merge left more than half its entries (few
			    items repeat): no more merges until the decision */
	int64_t seconds; /* hot seconds weighed (the first in part: from
			    the request that found it hot) */
	int64_t writes;	 /* of the weight, write units' (x 3) */
};

/* D3's caps' ratio: a write unit weighs as 3 read units */
#define WRITE_WEIGHT (PK_DDB_PART_RCU / PK_DDB_PART_WCU)
/* A partition's cap a second in weight (3,000 RCU, or 1,000 WCU x 3),
   mCU */
#define HOT_WEIGHT_MCU ((int64_t)PK_DDB_PART_RCU * 1000)
/* Weighed requests kept before their copies of one item are first
   merged */
#define WATCH_COMPACT 4096

static void watch_free(struct ddb_watch *w)
{
	if (w) {
		free(w->v);
		free(w);
	}
}

void ddb_hsplit_forget(struct ddb_part *p)
{
	watch_free(p->watch);
	p->watch = NULL;
	free(p->split_cut);
	p->split_cut = NULL;
	p->split_s = -1;
	p->heat_since_s = -1;
	p->iso_s = -1;
}

static int wreq_cmp(const void *x, const void *y)
{
	const struct ddb_wreq *a = x, *b = y;

	return (a->item > b->item) - (a->item < b->item);
}

/* Merge the copies of one item in w, so that a window of requests to a
   few items holds a few entries: sorted by item, each once */
static void compact(struct ddb_watch *w)
{
	size_t k, m = 0;

	if (w->n == 0)
		return; /* qsort must not be passed a null array */
	qsort(w->v, w->n, sizeof(*w->v), wreq_cmp);
	for (k = 0; k < w->n; k++) {
		if (m > 0 && w->v[m - 1].item == w->v[k].item) {
			w->v[m - 1].weight += w->v[k].weight;
		} else {
			w->v[m++] = w->v[k];
		}
	}
	w->repeats = 2 * m <= w->n;
	w->n = m;
}

void ddb_hsplit_watch(struct ddb_part *p)
{
	p->watch = xcalloc(1, sizeof(*p->watch));
	p->watch->repeats = 1;
}

void ddb_hsplit_note(struct ddb_part *p, uint64_t item, int write,
		     int64_t units)
{
	struct ddb_watch *w = p->watch;
	int64_t weight = write ? WRITE_WEIGHT * units : units;

	w->writes += write ? weight : 0;
	if (w->n > 0 && w->v[w->n - 1].item == item) {
		w->v[w->n - 1].weight += weight;
		return;
	}
	if (w->n == w->cap) {
		if (w->repeats && w->n >= WATCH_COMPACT) {
			compact(w);
		}
		if (w->n == w->cap) {
			mem_grow((void **)&w->v, &w->cap, w->n + 1,
				 sizeof(*w->v));
		}
	}
	w->v[w->n].item = item;
	w->v[w->n].weight = weight;
	w->n++;
}

/* One weighed item, its key built again: its partition key's hash and
   primary key bytes (owned) */
struct ddb_wt {
	uint64_t hash;
	int64_t weight;
	size_t len;
	unsigned char *key;
};

/* The partition key bytes of primary key b (len bytes) and its sort
   key's */
static void key_parts(const unsigned char *b, size_t len,
		      const unsigned char **pk, size_t *pk_len,
		      const unsigned char **sk, size_t *sk_len)
{
	size_t n = ((size_t)b[0] << 8) | b[1];

	*pk = b + 2;
	*pk_len = n;
	*sk = b + 2 + n;
	*sk_len = len - 2 - n;
}

/* Items in DynamoDB's order of a partition: by hash, then key value
   bytes (two values of one hash), then sort key */
static int wt_cmp(const void *x, const void *y)
{
	const struct ddb_wt *a = *(const struct ddb_wt *const *)x;
	const struct ddb_wt *b = *(const struct ddb_wt *const *)y;
	const unsigned char *pa, *pb, *sa, *sb;
	size_t na, nb, la, lb;
	int c;

	if (a->hash != b->hash) {
		return a->hash < b->hash ? -1 : 1;
	}
	key_parts(a->key, a->len, &pa, &na, &sa, &la);
	key_parts(b->key, b->len, &pb, &nb, &sb, &lb);
	if (na != nb) {
		return na < nb ? -1 : 1;
	}
	if ((c = memcmp(pa, pb, na)) != 0) {
		return c;
	}
	return ddb_sk_cmp(sa, la, sb, lb);
}

/* One unit a cut never divides: an item, or a whole key value */
struct unit {
	const struct ddb_wt *first; /* its first item in order */
	int64_t weight;
	int whole; /* 0 an item; else why the key value is whole:
		      PK_DDB_HEAT_ONE_ITEM (no sort key: the value is one
		      item), _LSI, _FOLLOWS */
};

/* Same key value */
static int same_value(const struct ddb_wt *a, const struct ddb_wt *b)
{
	const unsigned char *pa, *pb, *sa, *sb;
	size_t na, nb, la, lb;

	key_parts(a->key, a->len, &pa, &na, &sa, &la);
	key_parts(b->key, b->len, &pb, &nb, &sb, &lb);
	return a->hash == b->hash && na == nb && memcmp(pa, pb, na) == 0;
}

/* Same item: same primary key (the workload names one item under
   many workload items when its keys are drawn again) */
static int same_item(const struct ddb_wt *a, const struct ddb_wt *b)
{
	return a->hash == b->hash && a->len == b->len &&
	       memcmp(a->key, b->key, a->len) == 0;
}

/* Why key value of item e is a unit no cut divides (enum
   pk_ddb_heat_refusal + 1), or 0 when its items are. A rising or
   falling sort key keeps it whole only when writes made the heat
   (writes, 1: more than half the weight): every later put lands past
   any cut, where reads of its stored items spread over both sides. */
static int whole_value(const struct ddb *d, const struct ddb_wt *e, int writes)
{
	const unsigned char *pk, *sk;
	size_t pk_len, sk_len;

	if (!d->sk) {
		return PK_DDB_HEAT_ONE_ITEM + 1;
	}
	if (d->n_lsis > 0) {
		return PK_DDB_HEAT_LSI + 1;
	}
	key_parts(e->key, e->len, &pk, &pk_len, &sk, &sk_len);
	return writes && ddb_heat_follows(d, pk, pk_len)
		   ? PK_DDB_HEAT_FOLLOWS + 1
		   : 0;
}

/* Partition id's refusal of a heat split for why, in the run's list */
static void note_refused(struct ddb *d, uint32_t id, int why)
{
	struct pk_ddb_heat_splits *h = &d->bill.heat;
	size_t k;

	for (k = 0; k < h->n_at; k++) {
		if (h->at[k].part == id && (int)h->at[k].why == why) {
			h->at[k].count++;
			return;
		}
	}
	h->at = xreallocarray(h->at, h->n_at + 1, sizeof(*h->at));
	h->at[h->n_at].part = id;
	h->at[h->n_at].why = (enum pk_ddb_heat_refusal)why;
	h->at[h->n_at].count = 1;
	h->at[h->n_at].first_s = d->now_s;
	h->n_at++;
}

/* Watched partition i has been hot for the window: start its split at
   the median of the observed weight, or count why none would help */
static void decide(struct ddb *d, size_t i)
{
	struct ddb_part *p = &d->parts[i];
	struct ddb_watch *w = p->watch;
	struct ddb_wt *all, **v, *e;
	struct unit *u;
	size_t n = 0, m = 0, k, j, top = 0, cut = 0;
	int64_t total = 0, below = 0, best = -1;
	int writes;

	compact(w);
	all = xcalloc(w->n + 1, sizeof(*all));
	v = xcalloc(w->n + 1, sizeof(*v));
	u = xcalloc(w->n + 1, sizeof(*u));
	for (k = 0; k < w->n; k++) {
		const unsigned char *b;
		size_t len;

		/* the item's primary key, as its requests built it */
		ddb_items_reset(d);
		if (ddb_items_key(d, w->v[k].item, &all[n].hash) < 0) {
			continue;
		}
		b = ddb_items_key_bytes(d, 0, &len);
		all[n].key = xmalloc(len);
		memcpy(all[n].key, b, len);
		all[n].len = len;
		all[n].weight = w->v[k].weight;
		v[n] = &all[n];
		n++;
	}
	ddb_items_reset(d);
	qsort(v, n, sizeof(*v), wt_cmp);
	for (k = 0; k < n; k++) {
		total += v[k]->weight;
	}
	writes = 2 * w->writes > total;
	for (k = 0; k < n; k++) {
		/* one unit: the same item, or the same value kept whole */
		int same =
		    m > 0 && (u[m - 1].whole ? same_value(u[m - 1].first, v[k])
					     : same_item(u[m - 1].first, v[k]));

		if (!same) {
			u[m].first = v[k];
			u[m].whole = whole_value(d, v[k], writes);
			m++;
		}
		u[m - 1].weight += v[k]->weight;
	}
	for (k = 1; k < m; k++) {
		if (u[k].weight > u[top].weight) {
			top = k;
		}
	}
	if (m == 0 || total <= 0) {
		goto out;
	}
	if (m == 1 || (2 * u[top].weight > total &&
		       u[top].weight * 100 >=
			   d->t->heat_pct * HOT_WEIGHT_MCU * w->seconds)) {
		/* one unit only (no cut divides it), or one item or value
		   no cut divides carries more than half and alone asked as
		   much as makes a partition hot: a split leaves it as hot
		   on its child */
		int why =
		    u[top].whole ? u[top].whole - 1 : PK_DDB_HEAT_ONE_ITEM;

		if (d->bill.heat.refused[why]++ == 0) {
			d->bill.heat.first_refused_s[why] = d->now_s;
		}
		note_refused(d, p->id, why);
		goto out;
	}
	/* the cut before unit j whose weight below is nearest half */
	for (j = 1; j < m; j++) {
		int64_t off;

		below += u[j - 1].weight;
		off = 2 * below - total;
		off = off < 0 ? -off : off;
		if (best < 0 || off < best) {
			best = off;
			cut = j;
		}
	}
	e = (struct ddb_wt *)u[cut].first;
	p->split_hash = e->hash;
	if (same_value(u[cut - 1].first, e)) {
		const unsigned char *pk, *sk;
		size_t pk_len, sk_len;

		/* inside one key value's collection, at this item's sort
		   key */
		key_parts(e->key, e->len, &pk, &pk_len, &sk, &sk_len);
		p->split_cut = xmalloc(sk_len > 0 ? sk_len : 1);
		memcpy(p->split_cut, sk, sk_len);
		p->split_cut_len = sk_len;
	}
	p->split_s = d->now_s + 1 + d->t->split_delay_s;
	if (p->split_s < d->heat_due_s) {
		d->heat_due_s = p->split_s;
	}
	d->bill.heat.started++;
out:
	for (k = 0; k < n; k++) {
		free(all[k].key);
	}
	free(all);
	free(u);
	free(v);
	watch_free(p->watch);
	p->watch = NULL;
	p->heat_since_s = -1;
}

void ddb_hsplit_close(struct ddb *d)
{
	size_t i;

	for (i = 0; i < d->layout.n; i++) {
		struct ddb_part *p = &d->parts[i];
		int hot =
		    p->r.used_mcu * 100 >= d->t->heat_pct * p->r.cap_mcu ||
		    p->w.used_mcu * 100 >= d->t->heat_pct * p->w.cap_mcu;

		if (p->split_s >= 0) {
			continue;
		}
		if (!hot) {
			if (p->heat_since_s >= 0) {
				watch_free(p->watch);
				p->watch = NULL;
				p->heat_since_s = -1;
			}
			continue;
		}
		if (p->heat_since_s < 0) {
			p->heat_since_s = d->now_s;
			if (!p->watch) {
				ddb_hsplit_watch(p);
			}
		}
		p->watch->seconds++;
		if (d->now_s - p->heat_since_s + 1 >= d->t->heat_window_s) {
			decide(d, i);
		}
	}
}

void ddb_hsplit_idle(struct ddb *d)
{
	size_t i;

	for (i = 0; i < d->layout.n; i++) {
		struct ddb_part *p = &d->parts[i];

		if (p->heat_since_s >= 0) {
			watch_free(p->watch);
			p->watch = NULL;
			p->heat_since_s = -1;
		}
	}
}

void ddb_hsplit_due(struct ddb *d)
{
	size_t i;

	d->heat_due_s = INT64_MAX;
	/* from the last: a split adds its child after i */
	for (i = d->layout.n; i-- > 0;) {
		struct ddb_part *p = &d->parts[i];

		if (p->iso_s >= 0 && p->iso_s <= d->now_s) {
			/* D11 first: its splits come after i */
			int64_t t = p->iso_s;

			p->iso_s = -1;
			d->bill.heat.isolated +=
			    ddb_parts_isolate(d, i, p->iso_hash, t) > 0;
			continue;
		}
		if (p->iso_s >= 0 && p->iso_s < d->heat_due_s) {
			d->heat_due_s = p->iso_s;
		}
		if (p->split_s < 0) {
			continue;
		}
		if (p->split_s > d->now_s) {
			if (p->split_s < d->heat_due_s) {
				d->heat_due_s = p->split_s;
			}
			continue;
		}
		unsigned char *cut = p->split_cut;

		/* the split takes the cut */
		p->split_cut = NULL;
		ddb_parts_split_at(d, i, p->split_s, p->split_hash, cut,
				   p->split_cut_len);
		d->bill.heat.done++;
	}
}
