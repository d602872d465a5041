/*
 * ddb_demand: what a provisioned table's first attempts would take on
 * demand, for the bill's on-demand comparison (bill_ddb.c). On demand
 * a partition still serves at most 3,000 RRU and 1,000 WRU a second, a
 * table's and each global secondary index's alike (D3, reference §2
 * and §7 "On-demand tables still have the 3,000 / 1,000 per-partition
 * caps", statement 17, E5 / statement 25). So a request counts only
 * when, in its second, its partition-key value and the value of every
 * index that holds its item still have room under the cap; a request
 * the cap would throttle counts none of its units, the table's nor its
 * indexes' (a base write an index cannot take is throttled whole).
 *
 * ASSUMPTIONS: the cap is taken per key value, not per partition of
 * the provisioned layout: on demand a partition of many values is split
 * until it carries them (PAPER §4.5); a value's item collection cut by
 * sort key (a heat split, D7, or a storage split, D6, in this replay)
 * takes the cap once on each partition it spans, as on demand would cut
 * it too. With `partition_limit: linear` a value's reads and writes
 * share one budget (reads 1/3,000, writes 1/1,000 of it). A request the
 * cap refuses counts nothing in its second; each value keeps, over the
 * run, what its cap took and refused (the first refusing value takes
 * the whole request's units), and at the run's end its cap a second,
 * for a month's demand (result/bill_ddb.c). A table value also keeps,
 * from each second its cap refused in, what the cap of its collection
 * at the run's end would have taken of that second's first attempts:
 * the month repeats the run back to back and partitions never merge
 * (D8), so a value a heat split cut (D7) is served that in every later
 * repetition, retries or none (ASSUMPTION: under partition_limit
 * linear a second's writes take the budget first; the refused index
 * writes in the table's share). A request asking more
 * units than the table's quota or configured maximum a second (D12,
 * neither grows with traffic) is never served on demand and counts
 * nothing, refused or not. On demand's instant limit
 * (D12, twice the previous peak) is not applied: a table switched from
 * provisioned starts at least at its provisioned units (reference §7).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"

/* Partitions a value's collection may span at the run's end for which
   its seconds' refusals are weighed one by one (2 .. BACK_SPANS); past
   it, every unit refused while it spanned at most BACK_SPANS is taken
   back: ASSUMPTION, a heat split's children each split again at most
   twice in a run */
#define BACK_SPANS 8

/* A table value's seconds its cap refused in (allocated at its first
   refusal) */
struct ddb_dback {
	int64_t ref[2];	 /* of the open second's first attempts, the
			    table's units refused: reads, writes, mCU */
	int64_t ref_idx; /* ... their index writes' units, mCU */
	int64_t n;	 /* the partitions its collection spanned then */
	int64_t extra[BACK_SPANS + 1][2]; /* [n]: what a cap of n
					     partitions would have taken
					     more, over the run, mCU */
	int64_t all[2]; /* every refused unit, over the run, mCU */
};

/* One key value's first attempts in its latest second, and over the
   run */
struct ddb_dval {
	UT_hash_handle hh;
	struct ddb_dback *back; /* NULL until its cap refuses (a table
				   value) */
	int64_t s;		/* the second mcu is of */
	int64_t mcu[2];		/* asked and counted in it: reads, writes */
	int64_t counted[2];	/* ... counted over the run, mCU */
	int64_t refused[2];	/* the units of the first attempts it refused
				   over the run, mCU */
	uint64_t hash;		/* a table value's key hash (its partitions) */
	size_t len;		/* of key */
	unsigned char key[];	/* which index (0 the table, 1 + i index i)
				   then the value's identity bytes */
};

/* Close value v's open second with refusals: what a cap of n
   partitions, for each n more than it spanned, would have taken of its
   first attempts past what its cap took (D3; linear: one budget of
   3,000 read units a partition, writes first at 3 each) */
static void back_close(const struct ddb *d, struct ddb_dval *v)
{
	struct ddb_dback *b = v->back;
	int64_t n, own = b->ref[0] + b->ref[1];
	int k;

	if (own == 0) {
		return;
	}
	for (n = b->n + 1; n <= BACK_SPANS; n++) {
		int64_t rcap = (int64_t)PK_DDB_PART_RCU * 1000 * n;
		int64_t wcap = (int64_t)PK_DDB_PART_WCU * 1000 * n;
		int64_t w = v->mcu[1] + b->ref[1], r = v->mcu[0] + b->ref[0];

		if (d->t->partition_limit == PK_DDB_LIMIT_LINEAR) {
			w = w < rcap / 3 ? w : rcap / 3;
			rcap -= 3 * w;
		} else {
			w = w < wcap ? w : wcap;
		}
		r = r < rcap ? r : rcap;
		w = w > v->mcu[1] ? w - v->mcu[1] : 0;
		r = r > v->mcu[0] ? r - v->mcu[0] : 0;
		/* the refused index writes go with the table's writes */
		b->extra[n][1] +=
		    w + (b->ref[1] > 0 ? b->ref_idx * w / b->ref[1] : 0);
		b->extra[n][0] += r;
	}
	for (k = 0; k < 2; k++) {
		/* a second refused past BACK_SPANS partitions is never
		   taken back: a wider cap is not weighed */
		b->all[k] += b->n <= BACK_SPANS
				 ? b->ref[k] + (k == 1 ? b->ref_idx : 0)
				 : 0;
		b->ref[k] = 0;
	}
	b->ref_idx = 0;
}

/* The value of key bytes k (n of them, k[0] which index: 0 the table,
   1 + i index i), made if new, its counts zeroed when of an earlier
   second */
static struct ddb_dval *value_of(struct ddb *d, const unsigned char *k,
				 size_t n)
{
	struct ddb_dval *v;

	HASH_FIND(hh, d->demand, k, n, v);
	if (!v) {
		v = xcalloc(1, sizeof(*v) + n);
		v->len = n;
		memcpy(v->key, k, n);
		v->s = d->now_s;
		HASH_ADD(hh, d->demand, key[0], v->len, v);
	}
	if (v->s != d->now_s) {
		if (__builtin_expect(v->back != NULL, 0)) {
			back_close(d, v);
		}
		v->s = d->now_s;
		v->mcu[0] = v->mcu[1] = 0;
	}
	return v;
}

/* The table's value d->kv holds, of key hash h */
static struct ddb_dval *table_value(struct ddb *d, uint64_t h)
{
	unsigned char k[1 + PK_KEY_ID_MAX];
	struct ddb_dval *v;

	k[0] = 0;
	memcpy(k + 1, d->kv->id, d->kv->id_len);
	v = value_of(d, k, 1 + d->kv->id_len);
	v->hash = h;
	return v;
}

/* The partitions the item collection of key hash h spans now: 1, and
   one more for each partition that starts inside it at a sort key
   (ddb_parts.c: they follow the one its lowest sort keys are on) */
static int64_t spans(const struct ddb *d, uint64_t h)
{
	size_t k;
	int64_t n = 1;

	if (__builtin_expect(d->n_cuts == 0, 1)) {
		return 1;
	}
	for (k = ddb_part_of(d, h);
	     k > 0 && d->parts[k].cut && d->parts[k].lo == h; k--) {
		n++;
	}
	return n;
}

/* Table value v's cap refused units (mCU, the table's own) of side
   write in its open second, all with their index writes */
static void refused_now(const struct ddb *d, struct ddb_dval *v, int write,
			int64_t units, int64_t all)
{
	if (!v->back) {
		v->back = xcalloc(1, sizeof(*v->back));
	}
	v->back->ref[write != 0] += units;
	v->back->ref_idx += all - units;
	v->back->n = spans(d, v->hash);
}

/* Index write x's value, by its index, length and hash */
static struct ddb_dval *index_value(struct ddb *d, const struct ddb_gsi_ask *x)
{
	unsigned char k[1 + 2 * sizeof(uint64_t)];
	uint64_t len = x->len;

	k[0] = (unsigned char)(1 + x->index);
	memcpy(k + 1, &x->hash, sizeof(x->hash));
	memcpy(k + 1 + sizeof(x->hash), &len, sizeof(len));
	return value_of(d, k, sizeof(k));
}

/* Whether value v (table: a table value) can take units more on side
   (write) this second under a partition's caps (D3, as the table's
   partition_limit), once on each partition its collection spans */
static int fits(const struct ddb *d, const struct ddb_dval *v, int table,
		int write, int64_t units)
{
	int64_t r = v->mcu[0] + (write ? 0 : units);
	int64_t w = v->mcu[1] + (write ? units : 0);
	int64_t n = table ? spans(d, v->hash) : 1;

	if (d->t->partition_limit == PK_DDB_LIMIT_LINEAR) {
		/* reads at 1/3,000 and writes at 1/1,000 of one budget */
		return r + w * (PK_DDB_PART_RCU / PK_DDB_PART_WCU) <=
		       (int64_t)PK_DDB_PART_RCU * 1000 * n;
	}
	return write ? w <= (int64_t)PK_DDB_PART_WCU * 1000 * n
		     : r <= (int64_t)PK_DDB_PART_RCU * 1000 * n;
}

/* The most units of side (write) one request can ask and be admitted
   on demand in some second, mCU: the table's quota, at most its
   configured maximum (D12: neither grows with traffic; 0 is none). A
   request waits for all its units and is never admitted into debt
   (docs/dynamodb.md), so one asking more is never served at any rate. */
static int64_t od_most(const struct ddb *d, int write)
{
	int64_t max = write ? d->t->max_wru : d->t->max_rru;
	int64_t most = d->t->quota_units;

	if (max > 0 && (most <= 0 || max < most)) {
		most = max;
	}
	return most > 0 ? most * 1000 : INT64_MAX;
}

void ddb_demand_note(struct ddb *d, const struct pk_svc_request *rq,
		     const struct ask *a, uint64_t h)
{
	struct ddb_dval *v[1 + 2 * PK_DDB_MAX_GSIS];
	struct ddb_gsi_ask x[2 * PK_DDB_MAX_GSIS];
	int64_t u[1 + 2 * PK_DDB_MAX_GSIS], idx = 0, all = a->units;
	size_t n = 1, m = 0, i;

	if (a->units > od_most(d, a->write)) {
		/* never served: not asked of on demand, nor refused for
		   the retries to store */
		return;
	}
	v[0] = table_value(d, h);
	u[0] = a->units;
	if (a->write && d->n_gsis > 0) {
		m = ddb_gsis_demand(d, rq, a, x);
	}
	for (i = 0; i < m; i++) {
		v[n] = index_value(d, &x[i]);
		u[n++] = x[i].units;
		all += x[i].units;
	}
	for (i = 0; i < n; i++) {
		if (!fits(d, v[i], i == 0, i > 0 || a->write, u[i])) {
			/* throttled whole: what it counted so far undone,
			   the request's units refused by this value */
			v[i]->refused[i > 0 || a->write] += all;
			if (i == 0) {
				refused_now(d, v[0], a->write, u[0], all);
			}
			while (i-- > 0) {
				v[i]->mcu[i > 0 || a->write] -= u[i];
			}
			return;
		}
		/* counted as it goes: two writes of one value add up */
		v[i]->mcu[i > 0 || a->write] += u[i];
	}
	for (i = 0; i < n; i++) {
		v[i]->counted[i > 0 || a->write] += u[i];
	}
	for (i = 1; i < n; i++) {
		idx += u[i];
		ddb_bill_index_units(d, x[i - 1].index, u[i]);
	}
	ddb_bill_demand(d, rq->phase, a->write, a->units);
	if (idx > 0) {
		ddb_bill_index_demand(d, rq->phase, idx);
	}
}

void ddb_demand_end(struct ddb *d)
{
	struct pk_snapshot_ddb *b = &d->bill;
	struct ddb_dval *v, *tmp;
	size_t cap = 0;

	b->linear = d->t->partition_limit == PK_DDB_LIMIT_LINEAR;
	free(b->refused);
	b->refused = NULL;
	b->n_refused = 0;
	HASH_ITER(hh, d->demand, v, tmp)
	{
		int64_t n = v->key[0] == 0 ? spans(d, v->hash) : 1;
		int64_t back[2] = {0, 0};

		if (v->refused[0] == 0 && v->refused[1] == 0) {
			continue;
		}
		if (v->back) {
			back_close(d, v);
			back[0] = n > BACK_SPANS ? v->back->all[0]
				  : n > 1	 ? v->back->extra[n][0]
						 : 0;
			back[1] = n > BACK_SPANS ? v->back->all[1]
				  : n > 1	 ? v->back->extra[n][1]
						 : 0;
		}
		mem_grow((void **)&b->refused, &cap, b->n_refused + 1,
			 sizeof(*b->refused));
		b->refused[b->n_refused++] = (struct pk_ddb_refused){
		    {v->counted[0], v->counted[1]},
		    {v->refused[0], v->refused[1]},
		    {(int64_t)PK_DDB_PART_RCU * 1000 * n,
		     (int64_t)PK_DDB_PART_WCU * 1000 * n},
		    {back[0], back[1]}};
	}
}

void ddb_demand_free(struct ddb *d)
{
	struct ddb_dval *v, *tmp;

	HASH_ITER(hh, d->demand, v, tmp)
	{
		HASH_DEL(d->demand, v);
		free(v->back);
		free(v);
	}
}
