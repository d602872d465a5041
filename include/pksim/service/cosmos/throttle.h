/*
 * throttle: the per-second RU budget of one physical partition and the
 * client's retry policy.
 *
 * Each physical partition may spend its share of the provisioned RU/s in
 * each one-second window; the budget resets every second (D-429; rule 12).
 * An operation whose charge exceeds what is left of the window is rate
 * limited: HTTP 429, sub-status 3200 (RUBudgetExceeded), with
 * x-ms-retry-after-ms. ASSUMPTION (how the service computes it is not
 * documented): the retry-after is the time until the next window starts.
 * ASSUMPTION: an operation larger than a whole window's budget runs when
 * it meets an untouched window, and what it spends beyond the share is a
 * debt the following windows pay off with their shares (no request is
 * admitted until it is paid); so a 2 MB write on 400 RU/s succeeds and
 * then the partition is rate limited for about two seconds.
 *
 * Burst capacity (optional, off by default; rule 14, D-BURST): a partition
 * whose share is below 3,000 RU/s saves what it leaves unused, up to 300
 * s x its share, and may spend the savings on top of its share up to
 * 3,000 RU in one second. ASSUMPTION: savings are settled when a window
 * closes (unused share added, use above the share taken off), a new
 * budget (a new partition, a split child) starts with none, and the
 * service never takes them back for its own work (D-BURST says it may);
 * what TTL deletions spend of a second's leftover is not unused, so it
 * earns nothing (throttle_spend_unused).
 *
 * The client retries as the SDKs do by default (RetryOptions.cs; rule 13):
 * up to 9 retries, each after the retry-after, while the total wait stays
 * within 30 s; the scenario can change both or turn retries off.
 */
#ifndef PKSIM_THROTTLE_H
#define PKSIM_THROTTLE_H

#include <stdint.h>

#include "pksim/load/scenario_client.h"
#include "pksim/service/cosmos/spec.h"
#include "pksim/service/status.h"

/* D-BUCKETS: bucket ids are 1 .. 5 (scenario_client.h) */
#define PK_THROTTLE_BUCKETS PK_THROUGHPUT_BUCKETS

/* D-BURST: partitions below this RU/s earn burst credit; spending is
   capped at this many RU in one second */
#define PK_THROTTLE_BURST_PEAK_MRU (3000LL * 1000LL)
/* D-BURST: credit is capped at this many seconds of the share */
#define PK_THROTTLE_BURST_SAVE_S 300LL

/*
 * A fleet pool (rule 40, D-FLEET): RU/s lent to the physical partitions
 * of a container once their own share of a second is used ("dedicated
 * RU/s are consumed first"). In a second a partition may take at most
 * extra_mru beyond its share, its share and draw together at most
 * cap_mru (a share above cap_mru draws nothing and keeps its share), and
 * all partitions together at most max_mru. Owned by the container; each
 * budget of it points here.
 */
struct pk_pool {
	int64_t max_mru;   /* the pool's maximum, mRU a second */
	int64_t extra_mru; /* one partition's draw beyond its share, at most */
	int64_t cap_mru;   /* one partition's share plus draw, at most */
	int64_t window_s;  /* the second used_mru belongs to */
	int64_t used_mru;  /* drawn in that second by every partition */
};

struct pk_budget {
	int64_t window_s;    /* the second the counters below belong to */
	int64_t used_mru;    /* charged in that window, <= share_mru plus
				what burst credit allowed */
	int64_t carried_mru; /* the debt the window opened with (part of
				used_mru), 0 with burst on */
	int64_t share_mru;   /* this partition's RU/s share, in mRU per s */
	int burst;	     /* 1: burst capacity on (rule 14) */
	int64_t credit_mru;  /* burst savings at the window's start, 0 ..
				300 x share_mru */
	/* Only kept by throttle_admit_class (priority, rule 30; buckets,
	   rule 31); reset when a window opens: */
	int64_t high_mru;      /* RU High-priority requests asked for in
				  the window, admitted or not */
	int64_t high_prev_mru; /* ... in the window before, when that was
				  the second just before; else 0 */
	int64_t bucket_mru[PK_THROTTLE_BUCKETS]; /* RU charged in the
						    window by requests of
						    bucket id k + 1 */
	struct pk_pool *pool; /* borrowed; the fleet pool (rule 40), NULL:
				 none */
	int64_t pool_mru;     /* of used_mru, what the pool lent in the
				 window (no debt) */
};

/* Turn burst capacity on (1) or off (0) for b; credit starts at 0. */
void throttle_set_burst(struct pk_budget *b, int on);

/* Let b draw on pool (NULL: none) once its share of a second is used
   (rule 40); keep after every throttle_init. */
void throttle_set_pool(struct pk_budget *b, struct pk_pool *pool);

/* A budget with share_mru per second, starting in window 0. */
void throttle_init(struct pk_budget *b, int64_t share_mru);

/*
 * Change b's share to share_mru from second t_s on (a scale up or down,
 * a split or merge of a sibling, a redistribution). The windows before
 * t_s close at the old share first, so only a debt from a request
 * larger than its window is carried into t_s (the ASSUMPTION above);
 * when the share drops, what window t_s already charged within the old
 * share counts as using the new window up, never as a debt
 * (no "phantom debt"). t_s at or after the window b is in.
 */
void throttle_set_share(struct pk_budget *b, int64_t t_s, int64_t share_mru);

/*
 * Admit an operation charging charge_mru at t_ms (>= the window start).
 * Returns 1 and adds the charge when it fits in what is left of the
 * current window (with burst: of the share plus the credit, at most 3,000
 * RU in the window when the share is below that; with a pool: the part
 * beyond the share drawn from it, within the pool's limits, rule 40);
 * returns 0 (rate limited) and
 * sets *retry_after_ms to the time until the next window (1..1000 ms)
 * otherwise.
 */
int throttle_admit(struct pk_budget *b, int64_t t_ms, int64_t charge_mru,
		   int64_t *retry_after_ms);

/*
 * throttle_admit for a request of a class: Low priority (low = 1; rule
 * 30) and/or throughput bucket id bucket (1 .. 5, 0 = none) whose cap is
 * bucket_pct % (1 .. 100; 0 = not declared: no cap) of the share (rule
 * 31). Returns 1 and adds the charge, or 0 with *retry_after_ms the time
 * until the next window and *sub_status the 429's sub-status:
 *   bucket  checked first: 3212 when the bucket's RU in this window and
 *           the charge pass bucket_pct % of share_mru (rounded down to
 *           whole mRU), whatever room the partition has. ASSUMPTION (the
 *           docs cap "the fraction of the container's total throughput"
 *           a bucket uses; the service enforces RU/s per physical
 *           partition, rule 12): each range caps the bucket at that
 *           share of its own RU/s, so a container-wide cap of P % is P %
 *           on every range. A charge larger than the whole cap runs in a
 *           window the bucket has not used, as throttle_admit's large
 *           requests, with no debt.
 *   High    (low = 0) its charge is added to high_mru, then as
 *           throttle_admit (3200).
 *   Low     ASSUMPTION (the service is best effort and does not say how;
 *           D-PRIORITY: "no reservation of RU/s", Low is throttled first
 *           when both together pass the RU/s, either may use all of it
 *           alone): a Low request is admitted only when the window's RU
 *           and its charge leave room for what High asked for in the
 *           previous second and has not asked for yet in this one,
 *           max(0, high_prev_mru - high_mru); with no High demand in the
 *           previous second (or High already past it) as throttle_admit.
 *           So under steady High demand H below the share S, Low gets
 *           S - H a second and High none of its requests throttled;
 *           alone, Low uses all of S. Otherwise 3200.
 */
int throttle_admit_class(struct pk_budget *b, int64_t t_ms, int64_t charge_mru,
			 int low, int bucket, int bucket_pct,
			 int64_t *retry_after_ms, int *sub_status);

/* 1 when a charge of charge_mru fits what b's open window has left, as
   throttle_admit would take it, else 0; changes nothing. Read after a
   call that opened the window (throttle_admit_class): a Low request it
   refused that would fit was held back to keep High's room (rule 30),
   while the range had room. */
int throttle_fits(const struct pk_budget *b, int64_t charge_mru);

/* A High request of charge_mru at t_ms that throttle_admit_class did not
   see (a query throttled on another of its ranges): its demand only. */
void throttle_note_high(struct pk_budget *b, int64_t t_ms, int64_t charge_mru);

/*
 * What b's share left unused in second s (>= the window b is in), in
 * mRU: the share less what window s charged (with the debt a larger
 * request carried into it), at least 0; burst credit is not counted.
 * What the service's background work may use (rule 28: TTL deletions use
 * leftover RU). Changes nothing.
 */
int64_t throttle_unused_mru(const struct pk_budget *b, int64_t s);

/*
 * Background work (TTL deletions, rule 28) spent mru of what b's share
 * left unused in second s (throttle_unused_mru's, at most): charged to
 * window s, opening it if b is still in an earlier one, so burst credit
 * (rule 14: a partition saves *unused* capacity) earns only what is left.
 * ASSUMPTION (the docs order neither): the deletions take the leftover
 * first, the bank what they leave. A second s before b's window is
 * ignored.
 */
void throttle_spend_unused(struct pk_budget *b, int64_t s, int64_t mru);

#endif
