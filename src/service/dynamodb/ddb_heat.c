/*
 * ddb_heat: how hot each partition-key value of a DynamoDB table ran,
 * for the finding that one value asked more than a partition serves
 * (D3: 3,000 RCU, 1,000 WCU a second), and whether its writes followed
 * a steadily rising or falling sort key, along which DynamoDB never
 * splits a partition for heat (D7, reference §4, §5):
 * - each value's units asked in a second by first attempts (the
 *   offered load, admitted or not; a retry asks again for demand
 *   already counted, so counting it would weigh a throttled key up to
 *   ten times its demand), reads and writes apart, and its busiest
 *   second of each;
 * - of its puts (create, upsert, replace; first attempts: a retry puts
 *   the same sort key again) after its first, how many
 *   carried a sort key above the one before (rising) or below it
 *   (falling), in DynamoDB's order: numbers by value, strings by their
 *   UTF-8 bytes, and how many the same one (the same primary key: the
 *   same item again, as a timestamp sort key at one-second resolution
 *   repeats within its second), which neither rises nor falls;
 * - the most write units its puts of one item in a row (one sort key
 *   value) asked in one second: one item is never served past one
 *   partition's cap (reference §4, statement 17), whatever splits.
 * Point requests and a BatchWriteItem's items, each item its own units
 * asked of its own key value, as a put (ddb_batch.c); a Query's units
 * on its key value, and apart how many of a busiest second's they were
 * (ddb_hsplit.c weighs no Query, so the finding tells such a value).
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/decimal.h"
#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"

/* One partition-key value's heat */
struct ddb_heat {
	UT_hash_handle hh;
	int64_t s;	     /* the second mcu is of */
	int64_t mcu[2];	     /* asked in second s: reads, writes */
	int64_t peak_mcu[2]; /* the most asked in one second */
	int64_t peak_s[2];   /* ... that second */
	int64_t qmcu[2];     /* of mcu, asked by Queries */
	int64_t qpeak[2];    /* ... of peak_mcu */
	uint64_t rising;     /* puts whose sort key rose */
	uint64_t falling;    /* ... fell */
	uint64_t same;	     /* ... kept it (the same item again) */
	uint64_t puts;	     /* puts with a sort key */
	int64_t item_mcu;    /* asked in second item_s by the puts in a
				row of one sort key (one item) */
	int64_t item_s;
	int64_t item_peak;   /* the most item_mcu reached */
	int64_t item_peak_s; /* ... in that second */
	unsigned char *sk;   /* the last put's sort key identity */
	size_t sk_len, sk_cap;
	size_t len;	     /* of key */
	unsigned char key[]; /* the value's identity bytes */
};

/* The heat of the key value d->kv holds, made if new */
static struct ddb_heat *heat_of(struct ddb *d)
{
	struct ddb_heat *h;

	HASH_FIND(hh, d->heat, d->kv->id, d->kv->id_len, h);
	if (!h) {
		h = xcalloc(1, sizeof(*h) + d->kv->id_len);
		h->len = d->kv->id_len;
		memcpy(h->key, d->kv->id, h->len);
		h->peak_s[0] = h->peak_s[1] = -1;
		HASH_ADD(hh, d->heat, key[0], h->len, h);
	}
	return h;
}

/* -1, 0, 1 as sort key identity a sorts before, with or after b in
   DynamoDB's order: numbers by value, strings by bytes (both of one
   type: a table's sort key has one) */
static int sk_order(const unsigned char *a, size_t na, const unsigned char *b,
		    size_t nb)
{
	struct pk_value x, y;
	size_t n;
	int c;

	if (pkey_decode_single(a, na, &x) != 0 ||
	    pkey_decode_single(b, nb, &y) != 0 || x.type != y.type) {
		return 0;
	}
	if (x.type == PK_VALUE_NUMBER) {
		return decimal_value_cmp(&x, &y);
	}
	n = x.len < y.len ? x.len : y.len;
	c = memcmp(x.str, y.str, n);
	if (c == 0) {
		return (x.len > y.len) - (x.len < y.len);
	}
	return c > 0 ? 1 : -1;
}

/* A put of units (mCU) and its sort key (d->skv) against the key
   value's last: rising, falling or the same item again */
static void follow(struct ddb *d, struct ddb_heat *h, int64_t units)
{
	const unsigned char *sk = d->skv->id;
	size_t n = d->skv->id_len;
	int same = h->puts > 0 && n == h->sk_len && memcmp(sk, h->sk, n) == 0;

	if (h->puts > 0 && !same) {
		int c = sk_order(sk, n, h->sk, h->sk_len);

		h->rising += c > 0;
		h->falling += c < 0;
	}
	h->same += same;
	h->puts++;
	/* one item's units in the second: its puts in a row */
	if (!same || h->item_s != d->now_s) {
		h->item_mcu = 0;
		h->item_s = d->now_s;
	}
	h->item_mcu += units;
	if (h->item_mcu > h->item_peak) {
		h->item_peak = h->item_mcu;
		h->item_peak_s = d->now_s;
	}
	if (n > h->sk_cap) {
		h->sk_cap = n;
		h->sk = xreallocarray(h->sk, n, 1);
	}
	memcpy(h->sk, sk, n);
	h->sk_len = n;
}

int64_t ddb_heat_note(struct ddb *d, enum pk_op_kind kind, int retry, int write,
		      int64_t units)
{
	struct ddb_heat *h = heat_of(d);

	if (h->s != d->now_s) {
		h->s = d->now_s;
		h->mcu[0] = h->mcu[1] = 0;
		h->qmcu[0] = h->qmcu[1] = 0;
	}
	if (retry == 0) {
		h->mcu[write] += units;
		h->qmcu[write] += kind == PK_OP_QUERY ? units : 0;
	}
	if (h->mcu[write] > h->peak_mcu[write]) {
		h->peak_mcu[write] = h->mcu[write];
		h->qpeak[write] = h->qmcu[write];
		h->peak_s[write] = d->now_s;
	}
	if (d->sk && d->skv->status == 0 && retry == 0 &&
	    (kind == PK_OP_CREATE || kind == PK_OP_UPSERT ||
	     kind == PK_OP_REPLACE)) {
		follow(d, h, units);
	}
	return h->mcu[write];
}

int ddb_heat_follows(const struct ddb *d, const unsigned char *pk, size_t len)
{
	struct ddb_heat *h;
	double after;

	HASH_FIND(hh, d->heat, pk, len, h);
	if (!h || h->puts < 2 + h->same) {
		return 0;
	}
	/* the same item put again neither rises nor falls */
	after = (double)(h->puts - 1 - h->same);
	return (double)h->rising >= PK_DDB_FOLLOW_SHARE * after ||
	       (double)h->falling >= PK_DDB_FOLLOW_SHARE * after;
}

void ddb_heat_end(struct ddb *d, struct pk_ddb_hot_key out[2])
{
	const struct ddb_heat *h, *tmp, *top[2] = {NULL, NULL};
	int k;

	HASH_ITER(hh, d->heat, h, tmp)
	{
		for (k = 0; k < 2; k++) {
			if (!top[k] || h->peak_mcu[k] > top[k]->peak_mcu[k]) {
				top[k] = h;
			}
		}
	}
	for (k = 0; k < 2; k++) {
		memset(&out[k], 0, sizeof(out[k]));
		out[k].peak_s = -1;
		if (!top[k] || top[k]->peak_mcu[k] == 0) {
			continue;
		}
		pkey_format_id(d->key, top[k]->key, top[k]->len, out[k].key,
			       sizeof(out[k].key));
		out[k].peak_mcu = top[k]->peak_mcu[k];
		out[k].peak_s = top[k]->peak_s[k];
		out[k].q_mcu = top[k]->qpeak[k];
		out[k].puts = top[k]->puts;
		out[k].rising = top[k]->rising;
		out[k].falling = top[k]->falling;
		out[k].same = top[k]->same;
		if (k == 1) {
			out[k].item_mcu = top[k]->item_peak;
			out[k].item_s = top[k]->item_peak_s;
		}
	}
}

void ddb_heat_free(struct ddb *d)
{
	struct ddb_heat *h, *tmp;

	HASH_ITER(hh, d->heat, h, tmp)
	{
		HASH_DEL(d->heat, h);
		free(h->sk);
		free(h);
	}
}
