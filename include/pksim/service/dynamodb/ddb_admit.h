/*
 * ddb_admit: whether one Amazon DynamoDB request's capacity units fit
 * its partition's read or write bucket in the open second, and why not
 * (dynamodb-mechanics.md §2, §6, §9, §15):
 * - D3: a partition serves at most 3,000 read and 1,000 write units a
 *   second (cap_mcu), burst and adaptive capacity included (KC-BURST,
 *   RP-ADAPT);
 * - D5: without adaptive capacity it serves its provisioned share;
 * - D10 `instant`: above its share it may use the capacity the other
 *   partitions leave unused that second, within the table's provisioned
 *   total (A-BP 2019+); its own share is never lent away;
 * - D9: units above that come from a burst bank (the partition's or
 *   the table's) of at most 300 s of unused capacity, refilled by what
 *   each closed second left unused.
 * - without a bank (burst off) a share with a fraction of a unit
 *   (675 WCU on 4 partitions: 168.75) keeps the fraction it left
 *   unused for the next second (carry_mcu), so whole-unit requests
 *   average the share (168, 169, 169, 169 ...), not its whole part.
 *   ASSUMPTION: the reference gives per-second buckets; a bucket that
 *   kept no fraction would serve 168 a second, below the share.
 * - D14: a refusal names its limit: KeyRangeThroughputExceeded (the
 *   partition: its cap, or its share while the table has room) or
 *   ProvisionedThroughputExceeded (the table's provisioned total).
 *   ASSUMPTION: AWS does not say which a share-bound partition without
 *   adaptive capacity reports; pksim says the key range's.
 *
 * Units are milli capacity units (mCU, ddb_units.h). Pure arithmetic on
 * the caller's structs: no state of its own.
 */
#ifndef PKSIM_DDB_ADMIT_H
#define PKSIM_DDB_ADMIT_H

#include <stdint.h>

/* D9: the bank holds at most this many seconds of a share */
#define PK_DDB_BANK_SECONDS 300

/* One partition's read or write side in the open second. */
struct pk_ddb_side {
	int64_t share_mcu; /* its provisioned share a second, mCU */
	int64_t cap_mcu;   /* its hard cap a second (D3), mCU */
	int64_t used_mcu;  /* admitted in the open second, mCU */
	int64_t bank_mcu;  /* its burst bank, mCU (0 .. 300 x share) */
	int64_t asked_mcu; /* asked in the open second, admitted or not,
			      mCU */
	int64_t carry_mcu; /* a share with a fraction of a unit: what
			      under one unit the second before left
			      unused, the open second's own room beside
			      its share when there is no bank, mCU
			      (0 .. 999; 0 for a whole share) */
};

/* The table's read or write side in the open second. */
struct pk_ddb_total {
	int64_t prov_mcu;  /* provisioned a second, mCU */
	int64_t used_mcu;  /* admitted in the open second, mCU */
	int64_t bank_mcu;  /* the table's burst bank (burst: table), mCU */
	int64_t burst_mcu; /* of used_mcu, what burst banks paid, mCU */
	int64_t lent_mcu;  /* of used_mcu, what partitions took above
			      their own share from the table's unused
			      units: other partitions' shares (D10), mCU */
	int64_t pool_mcu;  /* what the open second may lend (D10): the
			      shares the partitions will leave unasked in
			      it, read ahead by the caller (the service's
			      ddb_ahead.c); without that, those they left
			      unasked the second before (ddb_side_unasked;
			      an idle second: all of them, prov_mcu;
			      before the run's first second: 0), mCU */
};

/* How a request fared. */
enum pk_ddb_verdict {
	PK_DDB_ADMITTED = 0,
	PK_DDB_THROTTLE_KEY_RANGE,     /* the partition's limit: cap or share */
	PK_DDB_THROTTLE_PROVISIONED,   /* the table's provisioned total */
	PK_DDB_THROTTLE_ACCOUNT,       /* on demand: the per-table quota
					  (ddb_ondemand.h) */
	PK_DDB_THROTTLE_MAX_ON_DEMAND, /* on demand: the configured
					  maximum */
};
/* The verdicts that refuse: PK_DDB_THROTTLE_KEY_RANGE .. _MAX_ON_DEMAND */
#define PK_DDB_VERDICTS 4

/* Where burst units come from (spec.h enum pk_ddb_burst's values). */
struct pk_ddb_rules {
	int adaptive; /* 1: the table's unused capacity is usable */
	int bank;     /* 0 none, 1 the partition's, 2 the table's */
	int cap_hit;  /* 1: the caller found the cap exceeded (a
			 linear partition limit is checked there) */
};

/*
 * Admit u mCU (>= 0) on side p of table side t under rules r: p->asked_mcu
 * counts u; on PK_DDB_ADMITTED p and t count them and the bank pays what
 * the share (or, adaptive, the share and what it may borrow) does not;
 * else nothing else changes. A cap is checked first: p->used_mcu + u >
 * p->cap_mcu, or r->cap_hit.
 *
 * D10 lends only capacity the others leave unused, so with the
 * second's demand foreseen a partition at or under its share is never
 * refused because another borrowed. Within one second units go in
 * arrival order: a partition may borrow at most the second's pool
 * (t->pool_mcu: the shares the partitions will leave unasked in it, as
 * the caller foresees them; below 0 while the caller holds back more
 * than that for operations not arrived yet) less what the second lent
 * already, and no more than the table's total leaves now (its
 * provisioned units less what the second took from them; burst units
 * are the banks'). Nor may its own share: the table never serves above
 * its units but from a bank (reference §6: "as long as the table's
 * total stays within provisioned capacity"), so a partition asking back
 * a share the pool lent (a request the caller did not foresee) is
 * refused by the table's total, PK_DDB_THROTTLE_PROVISIONED. ASSUMPTION:
 * AWS does not say how one second's units are shared out among
 * partitions above their share; pksim's are first come.
 */
enum pk_ddb_verdict ddb_admit(struct pk_ddb_side *p, struct pk_ddb_total *t,
			      int64_t u, const struct pk_ddb_rules *r);

/* The bank of p after n closed seconds whose first left p's share
   unused but for p->used_mcu (the rest idle): + (share - used) + (n - 1)
   x share, at most 300 x share (D9). */
int64_t ddb_bank_refill(const struct pk_ddb_side *p, int64_t n);

/* As ddb_bank_refill, with left_mcu (<= share - used) banked from the
   first second instead: what p left unused that adaptive capacity did
   not lend to another partition (D9, D10: a unit is spent once) */
int64_t ddb_bank_refill_left(const struct pk_ddb_side *p, int64_t left_mcu,
			     int64_t n);

/* p's unused share in the open second, mCU (>= 0) */
int64_t ddb_side_left(const struct pk_ddb_side *p);

/* p's share it did not ask for in the open second, mCU (>= 0): what it
   adds to the next second's pool (pk_ddb_total.pool_mcu) */
int64_t ddb_side_unasked(const struct pk_ddb_side *p);

/* At the close of p's second, before its used_mcu is reset: when its
   share has a fraction of a unit, what it left unused under one unit,
   into p->carry_mcu (0 for a whole share; ddb_admit spends it only
   without a bank). */
void ddb_side_carry(struct pk_ddb_side *p);

/* Of the unused shares left_sum (the sum of ddb_side_left over table
   side t's partitions) the fraction 0 .. 1 the open second did not
   lend to a partition above its share (t->lent_mcu), which each
   partition may bank (D9, D10: a unit is spent once) */
double ddb_unlent(const struct pk_ddb_total *t, int64_t left_sum);

/* The same for the table's bank: prov in place of share. */
int64_t ddb_total_refill(const struct pk_ddb_total *t, int64_t n);

/* Start t's next second: nothing used, burst or lent yet; pool_mcu
   (at most t->prov_mcu) it may lend: the sum of ddb_side_unasked over
   its partitions after one busy second, t->prov_mcu after an idle one */
void ddb_total_open(struct pk_ddb_total *t, int64_t pool_mcu);

/* The limit type of a refusal as A-REASON names it:
   "KeyRangeThroughputExceeded", "ProvisionedThroughputExceeded",
   "AccountLimitExceeded" or "MaxOnDemandThroughputExceeded"; "" for
   PK_DDB_ADMITTED. */
const char *ddb_verdict_name(enum pk_ddb_verdict v);

#endif
