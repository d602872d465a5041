/*
 * ddb_parts: the DynamoDB table's partitions as slices of the 64-bit
 * key hash space, a slice's ends inside one key value's item collection
 * where a split cut it by sort key: the creation layout (D4, D5: even
 * slices, even shares), which partition an item's (hash, sort key)
 * falls in, storage splits (D6: cut in two by data, each child with half
 * its parent's share and bank, D5), a provisioned table's units changed
 * (D4, D5, D8), and an on-demand table's partitions following its limit
 * (D12). Invariant: partitions in (lo, cut) order, a cut only where lo
 * is the hash of the collection it cuts; n_cuts counts the cuts.
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"

/* mCU a second of a share in units a second */
static int64_t mcu(double units)
{
	return (int64_t)(units * 1000.0 + 0.5);
}

/* Partition i's buckets from the layout's share i */
static void part_shares(struct ddb *d, size_t i)
{
	struct ddb_part *p = &d->parts[i];

	p->r.share_mcu = mcu(d->layout.parts[i].rcu);
	p->w.share_mcu = mcu(d->layout.parts[i].wcu);
	p->r.cap_mcu = (int64_t)PK_DDB_PART_RCU * 1000;
	p->w.cap_mcu = (int64_t)PK_DDB_PART_WCU * 1000;
}

/* A new partition from lo with a full bank. ASSUMPTION: a new table
   starts with a full burst bank (the reference's §16 statement 16 and
   DB-04 read so; AWS does not say). */
static void part_new(struct ddb *d, size_t i, uint64_t lo)
{
	struct ddb_part *p = &d->parts[i];

	memset(p, 0, sizeof(*p));
	p->lo = lo;
	p->id = d->next_id++;
	p->r_since_s = p->w_since_s = -1;
	p->r_last_s = p->w_last_s = INT64_MIN;
	p->heat_since_s = p->split_s = p->iso_s = p->iso_sec_s = -1;
	part_shares(d, i);
	p->r.bank_mcu = p->r.share_mcu * PK_DDB_BANK_SECONDS;
	p->w.bank_mcu = p->w.share_mcu * PK_DDB_BANK_SECONDS;
}

/* A side's instant limit under its quota: what its partitions must
   carry (a configured maximum only throttles: it adds no partitions) */
static int64_t od_carry(const struct pk_ddb_od *o)
{
	return o->limit_mcu < o->quota_mcu ? o->limit_mcu : o->quota_mcu;
}

/* Partitions the limits need: max(ceil(W / 1,000), ceil(R / 3,000)) */
static size_t od_need(const struct ddb *d)
{
	int64_t w = od_carry(&d->odw), r = od_carry(&d->odr);
	int64_t wc = (int64_t)PK_DDB_PART_WCU * 1000;
	int64_t rc = (int64_t)PK_DDB_PART_RCU * 1000;
	int64_t nw = (w + wc - 1) / wc, nr = (r + rc - 1) / rc;

	return (size_t)(nw > nr ? nw : nr);
}

/* The start of the creation layout's slice i of n: 2^64 x i / n */
static uint64_t created_lo(size_t i, size_t n)
{
	return (uint64_t)(18446744073709551616.0L * (long double)i /
			  (long double)n);
}

void ddb_parts_init(struct ddb *d)
{
	const struct pk_ddb_table_spec *t = d->t;
	size_t i, n;

	if (d->on_demand) {
		/* 4 partitions (D4), or as many more as doubling gives for
		   a table warmed past their caps (D13) */
		ddb_layout_init_on_demand(&d->layout);
		ddb_layout_set_throughput(&d->layout, 0,
					  od_need(d) * PK_DDB_PART_WCU);
	} else {
		ddb_layout_init(&d->layout, (uint64_t)t->rcu, (uint64_t)t->wcu,
				0,
				t->raise_formula ? PK_DDB_RAISE_FORMULA
						 : PK_DDB_RAISE_DOUBLE);
	}
	n = d->layout.n;
	d->parts = xcalloc(n, sizeof(*d->parts));
	d->samples = xcalloc(n, sizeof(*d->samples));
	for (i = 0; i < n; i++) {
		part_new(d, i, created_lo(i, n));
	}
	d->created = n;
	d->created_units = t->rcu + t->wcu;
	if (d->on_demand) {
		ddb_parts_on_demand(d, 0);
		d->created_units =
		    (ddb_od_bound_mcu(&d->odr) + ddb_od_bound_mcu(&d->odw)) /
		    1000;
	}
	d->rcu = t->rcu;
	d->wcu = t->wcu;
	/* even shares (D5): the first partition's are every one's */
	d->bill.created_share_mcu[0] = d->parts[0].r.share_mcu;
	d->bill.created_share_mcu[1] = d->parts[0].w.share_mcu;
	d->tr.prov_mcu = t->rcu * 1000;
	d->tw.prov_mcu = t->wcu * 1000;
	d->tr.bank_mcu = d->tr.prov_mcu * PK_DDB_BANK_SECONDS;
	d->tw.bank_mcu = d->tw.prov_mcu * PK_DDB_BANK_SECONDS;
	/* no second seen: the first lends nothing (ddb_admit.h) */
	d->tr.pool_mcu = d->tw.pool_mcu = 0;
}

size_t ddb_part_of(const struct ddb *d, uint64_t h)
{
	size_t lo = 0, hi = d->layout.n;

	/* the last partition whose lo <= h */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->parts[mid].lo <= h) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return lo;
}

size_t ddb_part_of_sk(const struct ddb *d, uint64_t h, const unsigned char *sk,
		      size_t len)
{
	size_t k = ddb_part_of(d, h);

	if (__builtin_expect(d->n_cuts == 0, 1)) {
		return k;
	}
	/* partitions that start inside h's collection come after the one
	   its lowest sort keys are on, in sort key order */
	while (k > 0 && d->parts[k].cut && d->parts[k].lo == h &&
	       (!sk || ddb_sk_cmp(sk, len, d->parts[k].cut,
				  d->parts[k].cut_len) < 0)) {
		k--;
	}
	return k;
}

size_t ddb_part_of_key(const struct ddb *d, uint64_t h, size_t i)
{
	const unsigned char *sk;
	size_t len;

	if (__builtin_expect(d->n_cuts == 0, 1)) {
		return ddb_part_of(d, h);
	}
	sk = ddb_items_sk(d, i, &len);
	return ddb_part_of_sk(d, h, sk, len);
}

size_t ddb_part_at(const struct ddb *d, uint64_t h, uint32_t id)
{
	size_t k = ddb_part_of(d, h);

	if (__builtin_expect(d->n_cuts == 0, 1)) {
		return k;
	}
	for (size_t j = k;; j--) {
		if (d->parts[j].id == id) {
			return j;
		}
		if (j == 0 || !d->parts[j].cut || d->parts[j].lo != h) {
			break;
		}
	}
	return k;
}

/* The exclusive end of partition i's slice; 0 for the last (2^64) */
static uint64_t part_end(const struct ddb *d, size_t i)
{
	return i + 1 < d->layout.n ? d->parts[i + 1].lo : 0;
}

static struct pk_epk epk_of(uint64_t v)
{
	struct pk_epk e;
	int k;

	memset(&e, 0, sizeof(e));
	e.len = 8;
	for (k = 0; k < 8; k++) {
		e.b[k] = (uint8_t)(v >> (56 - 8 * k));
	}
	return e;
}

/* Partition i's start: its lo's 8 bytes, then its cut's (as many as
   fit) when it starts inside a collection */
static struct pk_epk part_start(const struct ddb *d, size_t i)
{
	const struct ddb_part *p = &d->parts[i];
	struct pk_epk e = epk_of(p->lo);
	size_t n = p->cut_len;

	if (p->cut) {
		if (n > PK_EPK_MAX_BYTES - 8) {
			n = PK_EPK_MAX_BYTES - 8;
		}
		memcpy(e.b + 8, p->cut, n);
		e.len = (uint8_t)(8 + n);
	}
	return e;
}

struct pk_epk ddb_part_min(const struct ddb *d, size_t i)
{
	return i == 0 ? pk_epk_min : part_start(d, i);
}

struct pk_epk ddb_part_max(const struct ddb *d, size_t i)
{
	return i + 1 < d->layout.n ? part_start(d, i + 1) : pk_epk_end;
}

struct pk_epk ddb_created_min(const struct ddb *d, size_t i)
{
	return i == 0 ? pk_epk_min : epk_of(created_lo(i, d->created));
}

struct pk_epk ddb_created_max(const struct ddb *d, size_t i)
{
	return i + 1 < d->created ? epk_of(created_lo(i + 1, d->created))
				  : pk_epk_end;
}

/* Split partition i at second t_s for why: the upper child from hash
   mid and, cut not NULL (owned, cut_len bytes), from that sort key
   inside mid's collection (by_sk: a cut a split made now); the lower
   child keeps low of all of the parent's bytes (1 of 2: half) */
static void split_into(struct ddb *d, size_t i, int64_t t_s,
		       enum pk_split_reason why, uint64_t mid,
		       unsigned char *cut, size_t cut_len, uint64_t low,
		       uint64_t all, int by_sk)
{
	struct ddb_part parent = d->parts[i];
	struct pk_split_event ev;
	size_t n = d->layout.n, k;

	/* its heat and any heat split in flight go with it */
	ddb_hsplit_forget(&parent);
	ddb_layout_split(&d->layout, i);
	d->parts = xreallocarray(d->parts, n + 1, sizeof(*d->parts));
	d->samples = xreallocarray(d->samples, n + 1, sizeof(*d->samples));
	memmove(&d->parts[i + 2], &d->parts[i + 1],
		(n - i - 1) * sizeof(*d->parts));
	part_new(d, i, parent.lo);
	part_new(d, i + 1, mid);
	d->parts[i].cut = parent.cut;
	d->parts[i].cut_len = parent.cut_len;
	d->parts[i + 1].cut = cut;
	d->parts[i + 1].cut_len = cut_len;
	for (k = 0; k < 2; k++) {
		struct ddb_part *c = &d->parts[i + k];
		/* the lower child's share of the data: low of all */
		uint64_t lower =
		    low * 2 == all || all == 0
			? parent.storage_bytes / 2 + parent.storage_bytes % 2
			: (uint64_t)((long double)parent.storage_bytes * low /
				     all);

		c->storage_bytes =
		    k == 0 ? lower : parent.storage_bytes - lower;
		c->r.bank_mcu = parent.r.bank_mcu / 2;
		c->w.bank_mcu = parent.w.bank_mcu / 2;
		c->r.used_mcu = parent.r.used_mcu / 2;
		c->w.used_mcu = parent.w.used_mcu / 2;
		/* delayed adaptive capacity: each child holds part of its
		   parent's key range and its traffic, so it goes on with
		   the parent's episode of throttles and keeps its lift */
		c->r_since_s = parent.r_since_s;
		c->w_since_s = parent.w_since_s;
		c->r_last_s = parent.r_last_s;
		c->w_last_s = parent.w_last_s;
		c->r_lifted = parent.r_lifted;
		c->w_lifted = parent.w_lifted;
	}
	memset(&ev, 0, sizeof(ev));
	ev.t_s = t_s;
	ev.parent = parent.id;
	ev.reason = why;
	ev.by_sort_key = by_sk;
	for (k = 0; k < 2; k++) {
		ev.children[k] = d->parts[i + k].id;
		ev.min[k] = ddb_part_min(d, i + k);
		ev.max[k] = ddb_part_max(d, i + k);
	}
	metrics_add_split(&d->m, &ev);
}

/*
 * D6: DynamoDB cuts a partition "into two halves by data". When one key
 * value's items hold more than half of the bytes of the items the
 * partition holds, the middle of its data lies in that value's item
 * collection: the cut is the sort key there (ddb_items_cut), and each
 * child keeps its side's share of the data. Else the slice is cut at its
 * middle and each child keeps half the data. ASSUMPTION: a uniform hash
 * puts about half a slice's data in each half of it (several key values
 * none of which holds half would be cut at their own middle, not
 * modelled). A table with local indexes keeps a key value's collection
 * on one partition (D18), so its collections are never cut. A partition
 * that starts and ends inside one collection (its slice's width 0) is
 * cut by data for a throughput split too; when that finds no cut, both
 * children start where it does and the upper one holds its items.
 */
void ddb_parts_split(struct ddb *d, size_t i, int64_t t_s,
		     enum pk_split_reason why)
{
	struct ddb_part parent = d->parts[i];
	/* the slice's width mod 2^64: 0 when it is the whole space (the
	   table's only partition, from 0 to its end, 2^64 written 0), or
	   when it lies inside one key value's collection */
	uint64_t span = part_end(d, i) - parent.lo;
	uint64_t mid = parent.lo + (span == 0 ? UINT64_C(1) << 63 : span >> 1);
	uint64_t low = 1, all = 2;
	unsigned char *cut = NULL;
	size_t cut_len = 0;
	int inside = span == 0 && d->layout.n > 1, by_sk = 0;

	if ((why == PK_SPLIT_STORAGE || inside) && d->sk && d->n_lsis == 0 &&
	    ddb_items_cut(d, i, &mid, &cut, &cut_len, &low, &all)) {
		d->n_cuts++;
		by_sk = 1;
	} else if (inside) {
		mid = parent.lo;
		low = 0;
		cut_len = parent.cut_len;
		cut = parent.cut ? xmalloc(cut_len) : NULL;
		if (cut) {
			memcpy(cut, parent.cut, cut_len);
			d->n_cuts++;
		}
	}
	split_into(d, i, t_s, why, mid, cut, cut_len, low, all, by_sk);
}

int ddb_parts_alone(const struct ddb *d, size_t i, uint64_t h)
{
	return d->parts[i].lo == h && !d->parts[i].cut &&
	       part_end(d, i) == h + 1;
}

int ddb_parts_isolate(struct ddb *d, size_t i, uint64_t h, int64_t t_s)
{
	uint64_t low, all;
	int n = 0;

	if (h > d->parts[i].lo) {
		ddb_items_below(d, i, h, NULL, 0, &low, &all);
		split_into(d, i, t_s, PK_SPLIT_ISOLATE, h, NULL, 0, low, all,
			   0);
		i++;
		n++;
	}
	/* the slice's end: h + 1, unless it ends there (or h is the last
	   hash, 2^64 - 1, and the slice ends with the space) */
	if (h != UINT64_MAX && part_end(d, i) != h + 1) {
		ddb_items_below(d, i, h + 1, NULL, 0, &low, &all);
		split_into(d, i, t_s, PK_SPLIT_ISOLATE, h + 1, NULL, 0, low,
			   all, 0);
		n++;
	}
	return n;
}

void ddb_parts_split_at(struct ddb *d, size_t i, int64_t t_s, uint64_t hash,
			unsigned char *cut, size_t cut_len)
{
	uint64_t low, all;

	ddb_items_below(d, i, hash, cut, cut_len, &low, &all);
	if (cut) {
		d->n_cuts++;
	}
	split_into(d, i, t_s, PK_SPLIT_HEAT, hash, cut, cut_len, low, all,
		   cut != NULL);
}

/* share/n of a bound, at most cap */
static double od_share(int64_t bound_mcu, size_t n, unsigned cap)
{
	double s = (double)bound_mcu / 1000.0 / (double)n;

	return s < cap ? s : cap;
}

void ddb_parts_on_demand(struct ddb *d, int64_t t_s)
{
	size_t i, need = od_need(d);

	if (need > d->layout.n) {
		for (i = d->layout.n; i-- > 0;) {
			ddb_parts_split(d, i, t_s, PK_SPLIT_THROUGHPUT);
		}
		ddb_parts_on_demand(d, t_s);
		return;
	}
	for (i = 0; i < d->layout.n; i++) {
		d->layout.parts[i].rcu = od_share(ddb_od_bound_mcu(&d->odr),
						  d->layout.n, PK_DDB_PART_RCU);
		d->layout.parts[i].wcu = od_share(ddb_od_bound_mcu(&d->odw),
						  d->layout.n, PK_DDB_PART_WCU);
		part_shares(d, i);
	}
}

/* At most 300 s of a new share banked (D9) */
static int64_t bank_cap(int64_t bank, int64_t share)
{
	int64_t most = share * PK_DDB_BANK_SECONDS;

	return bank < most ? bank : most;
}

/* Split the partitions of hash order [0, k) for throughput at t_s:
   from the last, so the lower indexes stay where they are */
static void split_first(struct ddb *d, size_t k, int64_t t_s)
{
	while (k-- > 0) {
		ddb_parts_split(d, k, t_s, PK_SPLIT_THROUGHPUT);
	}
}

void ddb_parts_provision(struct ddb *d, int64_t rcu, int64_t wcu, int64_t t_s)
{
	size_t i, want = ddb_layout_raise_count(d->layout.n, (uint64_t)rcu,
						(uint64_t)wcu, d->layout.rule);

	while (d->layout.n < want) {
		size_t n = d->layout.n;

		split_first(d, want - n < n ? want - n : n, t_s);
	}
	ddb_layout_set_throughput(&d->layout, (uint64_t)rcu, (uint64_t)wcu);
	for (i = 0; i < d->layout.n; i++) {
		struct ddb_part *p = &d->parts[i];

		part_shares(d, i);
		p->r.bank_mcu = bank_cap(p->r.bank_mcu, p->r.share_mcu);
		p->w.bank_mcu = bank_cap(p->w.bank_mcu, p->w.share_mcu);
	}
	d->rcu = rcu;
	d->wcu = wcu;
	d->tr.prov_mcu = rcu * 1000;
	d->tw.prov_mcu = wcu * 1000;
	d->tr.bank_mcu = bank_cap(d->tr.bank_mcu, d->tr.prov_mcu);
	d->tw.bank_mcu = bank_cap(d->tw.bank_mcu, d->tw.prov_mcu);
}

void ddb_parts_second_row(struct ddb *d, size_t i, int64_t t_s)
{
	const struct ddb_part *p = &d->parts[i];
	struct pk_ddb_part_time *row;

	mem_grow((void **)&d->part_seconds, &d->cap_part_seconds,
		 d->bill.n_part_seconds + 1, sizeof(*d->part_seconds));
	row = &d->part_seconds[d->bill.n_part_seconds++];
	row->t_s = t_s;
	row->part = p->id;
	row->used_mcu[0] = p->r.used_mcu;
	row->used_mcu[1] = p->w.used_mcu;
	row->share_mcu[0] = p->r.share_mcu;
	row->share_mcu[1] = p->w.share_mcu;
	d->bill.part_seconds = d->part_seconds;
}

void ddb_parts_free(struct ddb *d)
{
	size_t i;

	for (i = 0; d->parts && i < d->layout.n; i++) {
		free(d->parts[i].cut);
		ddb_hsplit_forget(&d->parts[i]);
	}
	free(d->parts);
	d->parts = NULL;
}
