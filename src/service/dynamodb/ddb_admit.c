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

/* Units of u above what the share (or the table's total) leaves */
static int64_t excess(const struct pk_ddb_side *p, const struct pk_ddb_total *t,
		      int64_t u, int adaptive)
{
	int64_t room =
	    adaptive ? t->prov_mcu - t->used_mcu : p->share_mcu - p->used_mcu;

	if (room < 0) {
		room = 0;
	}
	return u > room ? u - room : 0;
}

enum pk_ddb_verdict ddb_admit(struct pk_ddb_side *p, struct pk_ddb_total *t,
			      int64_t u, const struct pk_ddb_rules *r)
{
	int64_t over;
	int64_t *bank = r->bank == 1   ? &p->bank_mcu
			: r->bank == 2 ? &t->bank_mcu
				       : 0;

	if (r->cap_hit || p->used_mcu + u > p->cap_mcu) {
		return PK_DDB_THROTTLE_KEY_RANGE;
	}
	over = excess(p, t, u, r->adaptive);
	if (over > 0 && (!bank || *bank < over)) {
		return r->adaptive || t->used_mcu + u > t->prov_mcu
			   ? PK_DDB_THROTTLE_PROVISIONED
			   : PK_DDB_THROTTLE_KEY_RANGE;
	}
	if (over > 0) {
		*bank -= over;
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
