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

/* The value d->kv holds, of the table (ix 0) or index ix - 1, made if
   new, its counts zeroed when of an earlier second */
static struct ddb_dval *value_of(struct ddb *d, unsigned char ix)
{
	struct ddb_dval *v;
	size_t len = 1 + d->kv->id_len;
	unsigned char buf[64];
	unsigned char *k = len <= sizeof(buf) ? buf : xmalloc(len);

	k[0] = ix;
	memcpy(k + 1, d->kv->id, d->kv->id_len);
	HASH_FIND(hh, d->demand, k, len, v);
	if (!v) {
		v = xcalloc(1, sizeof(*v) + len);
		v->len = len;
		memcpy(v->key, k, len);
		v->s = d->now_s;
		HASH_ADD(hh, d->demand, key[0], v->len, v);
	}
	if (k != buf) {
		free(k);
	}
	if (v->s != d->now_s) {
		v->s = d->now_s;
		v->mcu[0] = v->mcu[1] = 0;
	}
	return v;
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

void ddb_demand_note(struct ddb *d, uint64_t item, int write, int64_t units,
		     int64_t base_units)
{
	struct ddb_dval *v[1 + PK_DDB_MAX_GSIS];
	int64_t u[1 + PK_DDB_MAX_GSIS], idx = 0;
	uint64_t h;
	size_t n = 0, i;

	if (ddb_items_pkey(d, item, &h) < 0) {
		return;
	}
	v[n] = value_of(d, 0);
	u[n++] = units;
	for (i = 0; write && i < d->n_gsis; i++) {
		int64_t gu;

		if (ddb_gsis_value(d, i, item, base_units, &gu)) {
			v[n] = value_of(d, (unsigned char)(1 + i));
			u[n++] = gu;
		}
	}
	for (i = 0; i < n; i++) {
		if (!fits(d, v[i], i > 0 || write, u[i])) {
			return;
		}
	}
	for (i = 0; i < n; i++) {
		v[i]->mcu[i > 0 || write] += u[i];
		idx += i > 0 ? u[i] : 0;
	}
	ddb_bill_demand(d, write, units);
	if (idx > 0) {
		ddb_bill_demand(d, 1, idx);
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
