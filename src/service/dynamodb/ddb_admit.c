/*
 * ddb_admit: a request's units against its partition's bucket, the
 * table's provisioned total and the burst bank (ddb_admit.h).
 */
#include "pksim/service/dynamodb/ddb_admit.h"

/* The units a bank of up to 300 s of rate_mcu holds after n seconds from
   bank, the first with left_mcu unused */
static int64_t refill(int64_t bank, int64_t rate_mcu, int64_t left_mcu,
		      int64_t n)
{
	int64_t max = rate_mcu * PK_DDB_BANK_SECONDS;

	if (n <= 0) {
		return bank;
	}
	if (left_mcu > 0) {
		bank += left_mcu;
	}
	if (n - 1 >= PK_DDB_BANK_SECONDS) {
		return max;
	}
	bank += (n - 1) * rate_mcu;
	return bank < max ? bank : max;
}

int64_t ddb_bank_refill(const struct pk_ddb_side *p, int64_t n)
{
	return refill(p->bank_mcu, p->share_mcu, p->share_mcu - p->used_mcu, n);
}

int64_t ddb_bank_refill_left(const struct pk_ddb_side *p, int64_t left_mcu,
			     int64_t n)
{
	return refill(p->bank_mcu, p->share_mcu, left_mcu, n);
}

int64_t ddb_total_refill(const struct pk_ddb_total *t, int64_t n)
{
	return refill(t->bank_mcu, t->prov_mcu, t->prov_mcu - t->used_mcu, n);
}

int64_t ddb_side_left(const struct pk_ddb_side *p)
{
	int64_t left = p->share_mcu - p->used_mcu;

	return left > 0 ? left : 0;
}

void ddb_side_carry(struct pk_ddb_side *p)
{
	int64_t left = p->share_mcu + p->carry_mcu - p->used_mcu;
	/* under one unit: a whole unit left unused is not a fraction */
	int64_t most = p->share_mcu % 1000 ? 999 : 0;

	p->carry_mcu = left <= 0 ? 0 : left < most ? left : most;
}

int64_t ddb_side_unasked(const struct pk_ddb_side *p)
{
	int64_t left = p->share_mcu - p->asked_mcu;

	return left > 0 ? left : 0;
}

double ddb_unlent(const struct pk_ddb_total *t, int64_t left_sum)
{
	if (left_sum <= 0 || t->lent_mcu <= 0) {
		return 1;
	}
	if (t->lent_mcu >= left_sum) {
		return 0;
	}
	return (double)(left_sum - t->lent_mcu) / (double)left_sum;
}

void ddb_total_open(struct pk_ddb_total *t, int64_t pool_mcu)
{
	t->used_mcu = t->burst_mcu = t->lent_mcu = 0;
	t->pool_mcu = pool_mcu < t->prov_mcu ? pool_mcu : t->prov_mcu;
}

/* What the table's provisioned total leaves in the open second, mCU */
static int64_t table_room(const struct pk_ddb_total *t)
{
	int64_t room = t->prov_mcu - (t->used_mcu - t->burst_mcu);

	return room > 0 ? room : 0;
}

/* Units p may take above its own share's own_mcu left: what the
   second may still lend (D10), within what the table's total leaves
   (room_mcu, table_room) beyond p's own */
static int64_t lendable(const struct pk_ddb_total *t, int64_t room_mcu,
			int64_t own_mcu)
{
	int64_t others = room_mcu - own_mcu;
	int64_t pool = t->pool_mcu - t->lent_mcu;
	int64_t room = others < pool ? others : pool;

	return room > 0 ? room : 0;
}

enum pk_ddb_verdict ddb_admit(struct pk_ddb_side *p, struct pk_ddb_total *t,
			      int64_t u, const struct pk_ddb_rules *r)
{
	int64_t own, room, over, lent, troom;
	int64_t *bank = r->bank == 1   ? &p->bank_mcu
			: r->bank == 2 ? &t->bank_mcu
				       : 0;

	p->asked_mcu += u;
	if (r->cap_hit || p->used_mcu + u > p->cap_mcu) {
		return PK_DDB_THROTTLE_KEY_RANGE;
	}
	own = ddb_side_left(p);
	if (!bank && p->carry_mcu > 0) {
		/* without a bank, the fraction of a unit its share left
		   unused the second before is its own too */
		own = p->share_mcu + p->carry_mcu - p->used_mcu;
		own = own > 0 ? own : 0;
	}
	troom = table_room(t);
	room = own + (r->adaptive ? lendable(t, troom, own) : 0);
	if (room > troom) {
		/* its share was lent while unforeseen units were on their
		   way: the table never serves above its units but from a
		   bank (D3, D9, D10) */
		room = troom;
	}
	over = u > room ? u - room : 0;
	if (over > 0 && (!bank || *bank < over)) {
		return r->adaptive || u > troom ? PK_DDB_THROTTLE_PROVISIONED
						: PK_DDB_THROTTLE_KEY_RANGE;
	}
	lent = u - over - own;
	if (over > 0) {
		*bank -= over;
		t->burst_mcu += over;
	}
	if (lent > 0) {
		t->lent_mcu += lent;
	}
	p->used_mcu += u;
	t->used_mcu += u;
	return PK_DDB_ADMITTED;
}

const char *ddb_verdict_name(enum pk_ddb_verdict v)
{
	switch (v) {
	case PK_DDB_THROTTLE_KEY_RANGE:
		return "KeyRangeThroughputExceeded";
	case PK_DDB_THROTTLE_PROVISIONED:
		return "ProvisionedThroughputExceeded";
	case PK_DDB_THROTTLE_ACCOUNT:
		return "AccountLimitExceeded";
	case PK_DDB_THROTTLE_MAX_ON_DEMAND:
		return "MaxOnDemandThroughputExceeded";
	case PK_DDB_ADMITTED:
		break;
	}
	return "";
}
