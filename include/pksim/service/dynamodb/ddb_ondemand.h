/*
 * ddb_ondemand: how much one side (reads or writes) of an on-demand
 * Amazon DynamoDB table serves in a second, and how that limit grows
 * with the traffic it served (dynamodb-mechanics.md §7, §8, §14, §15):
 * - D12: on demand serves at once up to twice the previous peak (A-RWCM:
 *   "up to double your previous peak traffic"; passing it within 30
 *   minutes can throttle). AWS publishes no formula; the reference's
 *   proposal, taken here: P(x) is the highest rate reached over
 *   sustain_s seconds (average) at any time up to x, it never falls, and
 *   the instant limit at t is max(warm, 2 x P(t - lag_s)).
 *   ASSUMPTION: sustain_s 60 s (the reference's default); lag_s 1,800 s
 *   (the documented 30 minutes read as a delay). A second reaches what
 *   it served plus the first attempts that only the linear combination
 *   below refused, at most the side's own bound (ASSUMPTION: the
 *   reference's "previous peak of traffic"; a side's own limit, quota,
 *   maximum and the partitions' caps refuse traffic that does not
 *   count): counting only what was served would keep a table asked
 *   3,000 WRU and 9,000 RRU a second at 2,000 + 6,000 for ever, twice
 *   that being the same 1.5 of the combination again.
 * - D13: warm throughput is the floor: 12,000 RRU / 4,000 WRU a second
 *   for a new table (KC-OD; A-WARM), settable (pre-warming, or a table
 *   switched from provisioned) and never lower.
 * - D12: the per-table quota (40,000 each by default, adjustable, A-SQ)
 *   and an optional configured maximum (A-OD) also bind.
 * - The two sides' instant limits bind together: a new table serves
 *   "4,000 WRU/s and 12,000 RRU/s, or a linear combination" (KC-OD,
 *   A-OD, reference §7, CONFIRMED), so a second's reads / read limit
 *   plus writes / write limit is at most 1 (ddb_od_admit_pair).
 *   ASSUMPTION: the same holds of a limit raised by the peak (the
 *   reference says it of a new table only); what it refuses still
 *   raises the peak, above.
 * The partitions' own 3,000 / 1,000 caps (D3) are the caller's.
 *
 * Units are milli request units (mCU, ddb_units.h). The struct owns its
 * two rings; nothing else is allocated.
 */
#ifndef PKSIM_DDB_ONDEMAND_H
#define PKSIM_DDB_ONDEMAND_H

#include <stdint.h>

#include "pksim/service/dynamodb/ddb_admit.h"
#include "pksim/service/dynamodb/spec.h" /* the defaults */
#include "pksim/service/snapshot.h"

/* One side of an on-demand table. */
struct pk_ddb_od {
	int64_t warm_mcu;   /* D13 warm throughput a second, the floor */
	int64_t quota_mcu;  /* the per-table quota a second */
	int64_t max_mcu;    /* the configured maximum a second; 0: none */
	int64_t sustain_s;  /* >= 1 */
	int64_t lag_s;	    /* >= 1 */
	int64_t peak_mcu;   /* P: the highest sustain_s average reached */
	int64_t limit_mcu;  /* the open second's instant limit: max(warm,
			       2 x P(t - lag_s)) */
	int64_t used_mcu;   /* admitted in the open second */
	int64_t paired_mcu; /* first attempts in it that the two sides'
			       linear combination alone refused */
	int64_t t_s;	    /* the open second (0 at creation) */
	int64_t *served;    /* ring of sustain_s seconds' reached mCU */
	int64_t served_sum;
	int64_t *peaks;		 /* ring of lag_s seconds: P after each */
	int64_t asked_mcu;	 /* asked in the open second by first
				    attempts, admitted or not (ddb_od_ask) */
	uint64_t s_throttled;	 /* requests throttled in it (ddb_od_ask) */
	uint64_t s_limit;	 /* requests refused by its instant limit
				    itself, alone or with the other side's
				    (ddb_od_admit, ddb_od_admit_pair),
				    retries too */
	int64_t other_asked_mcu; /* the other side's asked and limit in */
	int64_t other_limit_mcu; /* the open second when the two together
				    passed their limits (ddb_od_weigh_pair),
				    else 0 */
	struct pk_ddb_past_peak over; /* the closed seconds past the limit */
};

/*
 * Set up o: floor warm_mcu (> 0), quota quota_mcu (> 0), maximum
 * max_mcu (0: none), sustain_s and lag_s (>= 1). The first second's
 * limit is warm_mcu. Free with ddb_od_free.
 */
void ddb_od_init(struct pk_ddb_od *o, int64_t warm_mcu, int64_t quota_mcu,
		 int64_t max_mcu, int64_t sustain_s, int64_t lag_s);

/* Release o's rings; o may be NULL. */
void ddb_od_free(struct pk_ddb_od *o);

/* What binds the open second: min(limit, quota, maximum), mCU. */
int64_t ddb_od_bound_mcu(const struct pk_ddb_od *o);

/*
 * Admit u mCU (>= 0) in the open second: PK_DDB_ADMITTED (counted in
 * used_mcu) when used + u fits every bound, else the bound that refuses
 * it, the tightest first (ties: maximum, then quota, then limit):
 * PK_DDB_THROTTLE_MAX_ON_DEMAND (the configured maximum, A-OD),
 * PK_DDB_THROTTLE_ACCOUNT (the per-table quota, A-REASON's
 * AccountLimitExceeded) or PK_DDB_THROTTLE_KEY_RANGE (the instant limit:
 * ASSUMPTION, traffic past twice the peak meets partitions not yet
 * split for it, which AWS reports as key-range throttling, A-THR).
 * Refused: nothing changes.
 */
enum pk_ddb_verdict ddb_od_admit(struct pk_ddb_od *o, int64_t u);

/*
 * ddb_od_admit of u mCU on side o, but first the two sides' instant
 * limits together (KC-OD's "linear combination"): when o's own bounds
 * would take u, it is refused PK_DDB_THROTTLE_KEY_RANGE (as the instant
 * limit's, above) unless (used + u) / limit of o plus other's used /
 * limit is at most 1. The quota and the configured maximum stay each
 * side's own. first: 1 for a request's first attempt, whose refusal by
 * the combination alone still counts toward the peak (paired_mcu; a
 * retry asks again for the same units, 0). Refused otherwise: nothing
 * changes.
 */
enum pk_ddb_verdict ddb_od_admit_pair(struct pk_ddb_od *o,
				      const struct pk_ddb_od *other, int64_t u,
				      int first);
/*
 * Before closing the open second of both sides: when what reads r and
 * writes w asked in it passed their instant limits taken together
 * (asked / limit summed over the two above 1), note in each that asked
 * anything the other's asked and limit, so the second counts past the
 * limit (`over`) on each side that had traffic in it.
 */
void ddb_od_weigh_pair(struct pk_ddb_od *r, struct pk_ddb_od *w);
/* Note a request asking u mCU of this side in the open second,
   throttled (1, for any reason: a partition's cap too) or not (0):
   what `over` weighs when the second closes. The caller passes u 0 for
   a retry: it asks again for units its first attempt asked already,
   so counting it would weigh a throttled surge up to ten times its
   demand (a client's 10 attempts); its throttle still counts. */
void ddb_od_ask(struct pk_ddb_od *o, int64_t u, int throttled);

/*
 * Close the open second with what it reached (admitted, plus paired_mcu,
 * at most its bound), then n - 1 idle seconds (n >= 1): P rises to any
 * higher sustain_s average, and the next second opens with used 0 and
 * its limit. O(min(n, sustain_s + lag_s)).
 */
void ddb_od_close(struct pk_ddb_od *o, int64_t n);

#endif
