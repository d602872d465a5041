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
 * until it carries them (PAPER §4.5), a value never is (reference §4:
 * a single item, or pksim's hash of the partition key alone). With
 * `partition_limit: linear` a value's reads and writes share one budget
 * (reads 1/3,000, writes 1/1,000 of it). A request the cap refuses is
 * not served later: what an on-demand client's retries would get in a
 * later second with room is not counted. On demand's instant limit
 * (D12, twice the previous peak) is not applied: a table switched from
 * provisioned starts at least at its provisioned units (reference §7).
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"

/* One key value's first attempts in its latest second */
struct ddb_dval {
	UT_hash_handle hh;
	int64_t s;	     /* the second mcu is of */
	int64_t mcu[2];	     /* asked and counted in it: reads, writes */
	size_t len;	     /* of key */
	unsigned char key[]; /* which index (0 the table, 1 + i index i)
				then the value's identity bytes */
};

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
		v->s = d->now_s;
		v->mcu[0] = v->mcu[1] = 0;
	}
	return v;
}

/* The table's value d->kv holds */
static struct ddb_dval *table_value(struct ddb *d)
{
	unsigned char k[1 + PK_KEY_ID_MAX];

	k[0] = 0;
	memcpy(k + 1, d->kv->id, d->kv->id_len);
	return value_of(d, k, 1 + d->kv->id_len);
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

/* Whether value v can take units more on side (write) this second
   under a partition's caps (D3, as the table's partition_limit) */
static int fits(const struct ddb *d, const struct ddb_dval *v, int write,
		int64_t units)
{
	int64_t r = v->mcu[0] + (write ? 0 : units);
	int64_t w = v->mcu[1] + (write ? units : 0);

	if (d->t->partition_limit == PK_DDB_LIMIT_LINEAR) {
		/* reads at 1/3,000 and writes at 1/1,000 of one budget */
		return r + w * (PK_DDB_PART_RCU / PK_DDB_PART_WCU) <=
		       (int64_t)PK_DDB_PART_RCU * 1000;
	}
	return write ? w <= (int64_t)PK_DDB_PART_WCU * 1000
		     : r <= (int64_t)PK_DDB_PART_RCU * 1000;
}

void ddb_demand_note(struct ddb *d, const struct pk_svc_request *rq,
		     const struct ask *a)
{
	uint64_t h;

	if (ddb_items_pkey(d, rq->it.item, &h) < 0) {
		return;
	}
	ddb_demand_note_built(d, rq, a);
}

void ddb_demand_note_built(struct ddb *d, const struct pk_svc_request *rq,
			   const struct ask *a)
{
	struct ddb_dval *v[1 + 2 * PK_DDB_MAX_GSIS];
	struct ddb_gsi_ask x[2 * PK_DDB_MAX_GSIS];
	int64_t u[1 + 2 * PK_DDB_MAX_GSIS], idx = 0;
	size_t n = 1, m = 0, i;

	v[0] = table_value(d);
	u[0] = a->units;
	if (a->write && d->n_gsis > 0) {
		m = ddb_gsis_demand(d, rq, a, x);
	}
	for (i = 0; i < m; i++) {
		v[n] = index_value(d, &x[i]);
		u[n++] = x[i].units;
	}
	for (i = 0; i < n; i++) {
		if (!fits(d, v[i], i > 0 || a->write, u[i])) {
			/* throttled whole: what it counted so far undone */
			while (i-- > 0) {
				v[i]->mcu[i > 0 || a->write] -= u[i];
			}
			return;
		}
		/* counted as it goes: two writes of one value add up */
		v[i]->mcu[i > 0 || a->write] += u[i];
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

void ddb_demand_free(struct ddb *d)
{
	struct ddb_dval *v, *tmp;

	HASH_ITER(hh, d->demand, v, tmp)
	{
		HASH_DEL(d->demand, v);
		free(v);
	}
}
