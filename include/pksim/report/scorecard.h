/*
 * scorecard: one variant's numbers that answer "which key?", and the
 * ranking of the variants of a run with one plain sentence each.
 *
 * The figures: logical partitions; the hottest logical
 * partition (most RU) and its share of the requests served, of the RU and
 * of the storage; storage max / mean over physical partitions; the peak
 * normalized RU consumption and its range; 429s (service-side and after
 * retries) and the worst range's 429 rate; 403s; days until the first
 * logical partition reaches its cap, each at its own growth (result.h,
 * struct pk_result_fill: in the data's own time, n writes are n - 1
 * intervals, a time bucket's partitions within their bucket; see enum
 * pk_full_kind for the cases without a day count); fan-out queries and
 * their RU; splits.
 *
 * Ranking, figure by figure, the first that differs
 * beyond its tolerance deciding (enum pk_rank_figure):
 *   1. the share of operations the application sees fail (after
 *      retries, or refused: 400, 403, 409, 413); tolerance 0.1
 *      percentage point (PK_RANK_TOL_FAILED);
 *   2. 429s per operation; two rates both under PK_RANK_429_HEALTHY
 *      (1% of operations) tie, else tolerance 1% of the larger.
 *      ASSUMPTION: the reference calls 1-5% 429s healthy (its
 *      section on 429s) and rule 32 starts severity High at 1%; below
 *      that a few retried 429s must not outweigh the RU criterion
 *      (0 vs 141 429s in 100,000 operations once ranked a key
 *      costing 22% more RU first);
 *   3. the cost a month at this workload (bill.h, money in
 *      docs/money.md); tolerance 1% of the larger (PK_RANK_TOL_REL).
 *      After failures and 429s because a cheaper variant that fails
 *      or rate-limits its users answers nothing; before RU because RU
 *      is what the bill is made of where the capacity mode bills it
 *      (autoscale, serverless), and a team deciding on money weighs
 *      the bill, not its parts. A variant without a price (no
 *      `pricing:`, or a service pksim does not price) ties on cost
 *      with every other: cost never decides between a priced and an
 *      unpriced variant;
 *   4. RU of the operations: what the replayed operations cost under
 *      the key, each first attempt counted served or not (queries that
 *      fan out cost more); tolerance 1% of the larger (PK_RANK_TOL_REL);
 *   5. the hottest range's share of the RU charged, then
 *   6. the hottest logical partition's share (the spread); tolerance
 *      1 percentage point (PK_RANK_TOL_SHARE);
 *   7. the peak normalized RU consumption; tolerance as 5.
 * `--rank-by LIST` (scorecard_rank_by_parse) puts the figures it names
 * first, in its order, then the others in the order above; each keeps
 * its tolerance.
 * Placement noise: where the key's values are few, which range a value
 * hashes to moves a range's share by more than 1 point, so 5 and 7 also
 * tie within PK_RANK_NOISE_Z standard deviations of that noise: each
 * logical partition lands in one of the N ranges with probability 1/N,
 * independently (ASSUMPTION: equal-width ranges, an MD5 or Murmur hash
 * as good as random), so a range's share of the RU has the standard
 * deviation sqrt(1/N x (1 - 1/N) x sum r_i^2) / R (r_i: a logical
 * partition's RU, R: the variant's), range_share_sd; two variants'
 * difference has sqrt(sd_a^2 + sd_b^2). For 6, each variant's peak
 * scales with its hottest range's share (peak x sd / share). 295
 * logical partitions of equal RU on 2 ranges: sd 2.9 points, a
 * difference within 8.2 points ties; 10,000 on 16 ranges: 0.24 points,
 * under the 1 point tolerance.
 * Variants within every tolerance tie: equal ranks (printed "=2"),
 * ordered by name; identical scorecards always tie. With several seeds
 * (n_seeds > 1) a figure ties when the min-max ranges over the seeds
 * overlap (widened by the tolerance). ASSUMPTION: pksim's order of what
 * hurts most; each card's reason names the figure that put it ahead.
 *
 * Verdicts: "spreads the load" only when the hottest range takes at
 * most PK_SCORECARD_SPREAD x its even share (1 / ranges) of the RU and
 * no logical partition takes PK_SCORECARD_HOT_SHARE; the sentence gives
 * both shares.
 */
#ifndef PKSIM_SCORECARD_H
#define PKSIM_SCORECARD_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/result/result.h"

/* "not within 5 years": the projection's horizon (runway.h) */
#define PK_SCORECARD_HORIZON_DAYS ((double)PK_RUNWAY_HORIZON_DAYS)

/* The figures the ranking compares, in order. */
enum pk_rank_figure {
	PK_RANK_FAILED = 0,
	PK_RANK_429,
	PK_RANK_COST,
	PK_RANK_RU,
	PK_RANK_RANGE,
	PK_RANK_LP,
	PK_RANK_PEAK,
	PK_RANK_FIGURES
};

/* The ranking rule above in one sentence, the wording every report
   (text, markdown, HTML), `pksim compare --help`, README.md and
   pksim(1) use (tests/check_compare.c compares them, spaces
   normalised): "ranking (" PK_SCORECARD_RULE ")" */
#define PK_SCORECARD_RULE                                                      \
	"by the share of operations failed or refused (within 0.1 "            \
	"percentage point), then 429s per operation (rates both under 1% of "  \
	"operations tie, as healthy; else within 1% of the larger), then the " \
	"cost a month (within 1% of the larger; a variant without a price "    \
	"never wins or loses on cost), then RU "                               \
	"of the operations (within 1% of "                                     \
	"the larger), then the hottest range's share of RU, then the hottest " \
	"logical partition's, then peak normalized RU (each within 1 "         \
	"percentage point; the hottest range's share and the peak also "       \
	"within twice the spread that hashing the logical partitions onto "    \
	"the ranges alone gives); variants within every tolerance share a "    \
	"rank (=2), in name order"

/* A compare across services (an Azure Cosmos DB container beside an
   Amazon DynamoDB table, scenario_mixed_services): what the ranking
   can weigh and what it cannot, appended to the rule. RU and capacity
   units are different units of different services, and a range's share
   or peak is of partitions of different sizes: cards of different
   services tie on RU, range, lp and peak, so failures, throttles and
   cost decide. */
#define PK_SCORECARD_RULE_ACROSS                                               \
	"; across services only the share of operations failed or refused, "   \
	"the throttles per operation (429s; DynamoDB's throttled requests, "   \
	"HTTP 400) and the cost a month compare: a container's RU and a "      \
	"table's capacity units are different units, and the hottest "         \
	"partition's share and the peak are of partitions of different "       \
	"sizes, so a container and a table tie on them"

/* The same rule in Amazon DynamoDB's words, for a compare whose
   variants are all tables: throttled requests (HTTP 400), capacity
   units, partitions, a partition's busier bucket against its share;
   the hottest key's share is not kept for a table (item collections),
   so tables tie on it. The figures and tolerances are the same. */
#define PK_SCORECARD_RULE_DDB                                                  \
	"by the share of operations failed or refused (within 0.1 "            \
	"percentage point), then throttled requests (HTTP 400) per operation " \
	"(rates both under 1% of operations tie, as healthy; else within 1% "  \
	"of the larger), then the cost a month (within 1% of the larger; a "   \
	"variant without a price never wins or loses on cost), then the "      \
	"capacity units of the operations, read plus write (within 1% of the " \
	"larger), then the hottest partition's share of the capacity units, "  \
	"then peak normalized consumption (a partition's busier bucket, read " \
	"or write, against its share; each within 1 percentage point, and "    \
	"within twice the spread that hashing the keys onto the partitions "   \
	"alone gives; the hottest key's share is not kept for a table, so "    \
	"tables tie on it); variants within every tolerance share a rank "     \
	"(=2), in name order"

/* A compare of Amazon DynamoDB tables (no container among the
   variants): tables of different partition counts tie on the hottest
   partition's share, appended to the rule. */
#define PK_SCORECARD_RULE_TABLES                                               \
	"; tables of different partition counts tie on the hottest "           \
	"partition's share (an even load gives each of 2 partitions 50 % "     \
	"and each of 4 25 %)"

/* A compare of a provisioned and an on-demand table: a provisioned
   partition's peak is against its share of the provisioned units, an
   on-demand one's against its share of the instant limit (twice the
   previous peak, D12): the same percentage means different headroom,
   so the two tie on the peak, appended to the rule. */
#define PK_SCORECARD_RULE_MODES                                                \
	"; a provisioned and an on-demand table tie on peak normalized "       \
	"consumption (a provisioned partition's is against its share of the "  \
	"provisioned units, an on-demand one's against its share of the "      \
	"instant limit, twice the previous peak): past failures, throttles "   \
	"and capacity units only their cost (pricing:) can rank them"

/* Tolerances of the ranking (see above) */
#define PK_RANK_TOL_FAILED 0.001
#define PK_RANK_TOL_REL 0.01
#define PK_RANK_TOL_SHARE 0.01
/* Placement noise: standard deviations within which the hottest range's
   share and the peak normalized RU tie */
#define PK_RANK_NOISE_Z 2.0
/* 429s per operation below which two variants tie on 429s */
#define PK_RANK_429_HEALTHY 0.01
/* "spreads the load": the hottest range within 1.25 x its even share */
#define PK_SCORECARD_SPREAD 1.25

/* What "days to full" can say about a variant (result.h). */
enum pk_full_kind {
	PK_FULL_DAYS = 0,  /* days_to_full days until the first logical
			      partition fills (0: one is full now) */
	PK_FULL_NEVER,	   /* no logical partition grew after its first
			      instant */
	PK_FULL_BEYOND,	   /* the first would take over
			      PK_SCORECARD_HORIZON_DAYS */
	PK_FULL_AT_ONCE,   /* every record arrived at once (--at-once, or
			      one time for all): no growth rate */
	PK_FULL_BOUNDED,   /* a key whose values never come back (a date, an
			      hour, pkey_time_bucket) and no bucket fills
			      before it ends at the growth seen */
	PK_FULL_NO_SIZES,  /* a monitor log: no item sizes, nothing stored */
	PK_FULL_LEVELS,	   /* time to live: every logical partition that
			      grows levels off below its cap (its write
			      rate x the items' lifetime); full_key the one
			      highest, at full_level_bytes */
	PK_FULL_NO_CAP,	   /* not Azure Cosmos DB (pk_result_variant.cosmos
			      0) and no cap this model knows: an Amazon
			      DynamoDB table without a local secondary
			      index caps no key value (D18) */
	PK_FULL_NO_WRITES, /* the workload writes, but the run's window
			      wrote nothing: not projected */
	PK_FULL_NOT_PROJECTED, /* the projection's features are a
				  combination no test proves
				  (runway.h, PK_RUNWAY_UNTESTED): no
				  figure, ranked as unknown */
};

struct pk_scorecard {
	const char *name;		   /* borrowed from the variant */
	uint64_t logical_partitions;	   /* holding items at the end (a
					      monitor log's: seen) */
	int lps_none;			   /* the service keeps no logical
					      partitions (result.h) */
	uint64_t logical_partitions_asked; /* key values a write was sent
					      for, served or not
					      (lps_seen): more than
					      logical_partitions when
					      every write of some value
					      failed */
	char hottest_key[256];		   /* JSON text of its key value */
	int have_hottest;		   /* 0 when no logical partition */
	uint32_t hottest_lp_range;	   /* range id holding it at the end */
	int hottest_undefined;		   /* 1: the hottest holds items without
					      the key property */
	double hottest_share_requests;	   /* its operations offered (first
					      attempts, served or not, with
					      the single-partition queries on
					      its key) of all operations
					      offered (every query and batch
					      too), 0..1: the demand its key
					      value draws. Not of those
					      served: under overload which
					      requests get through follows
					      pksim's retry order (an
					      ASSUMPTION, scenarios/README.md),
					      not the key */
	double hottest_share_ru;	   /* of RU charged (served; queries
					      too), 0..1 */
	double hottest_share_storage;	   /* of stored bytes, 0..1 */
	double storage_max_over_mean;	   /* over physical partitions; 0 when
					      nothing is stored */
	double peak_normalized_ru;	   /* 0..1 */
	uint32_t peak_range;		   /* range id */
	uint64_t requests; /* requests sent: first attempts and retries */
	uint64_t throttled_429;
	uint64_t failed_after_retries;
	double worst_range_429_rate; /* 429s / requests of the worst
					range, 0..1 */
	uint32_t worst_range;
	uint64_t worst_range_3212; /* its 429/3212s, a throughput
				      bucket's cap (rule 31): the range had
				      room */
	uint64_t rejected_403;
	uint64_t refused; /* 400, 409 and 413 responses */
	enum pk_full_kind full_kind;
	double days_to_full;	       /* PK_FULL_DAYS, PK_FULL_BEYOND:
					  days; else -1 */
	char full_key[128];	       /* PK_FULL_DAYS, PK_FULL_BEYOND: the
					  first logical partition to fill
					  (the first full one when days is
					  0), JSON text; else "" */
	uint64_t full_lp_bytes;	       /* ... what it holds */
	double full_rate;	       /* ... its growth as it fills, B per
					  workload or data second (the
					  hour's it fills in; a value that
					  comes back: while current; a data
					  file's over its span); LEVELS:
					  what is written at its level; 0
					  when full or not projected */
	double full_measured_s;	       /* ... the data seconds measured */
	double full_level_bytes;       /* PK_FULL_LEVELS: what full_key
					  levels off at, B */
	int64_t full_ttl_s;	       /* PK_FULL_LEVELS: the items'
					  lifetime, s (their mean when
					  full_ttl_mixed) */
	int full_ttl_mixed;	       /* 1: the items' lifetimes differ */
	int full_collection;	       /* 1: an Amazon DynamoDB table's
					  figure: full_key is a key value's
					  item collection against 10 GiB
					  (D18: a table with a local
					  secondary index); 2: a table
					  without one, no key value capped
					  (PK_FULL_NO_CAP); 0: another
					  service's */
	struct pk_time_bucket bucket;  /* the key's (pkey_time_bucket) */
	double bucket_reach_bytes;     /* a key whose values never come
					  back: the most a bucket holds at
					  its end at the fastest growth
					  seen; 0 none grew */
	double lp_cap_bytes;	       /* a logical partition's storage cap
					  (rule 11), B; 0 another service's:
					  a level under it is printed with
					  the digits that keep it under */
	struct pk_runway runway;       /* the projection the figures come
					  from (runway.h): its basis and
					  bounds */
	uint64_t largest_lp_bytes;     /* the largest logical partition's
					  storage (the largest bucket of a
					  bounded key) */
	size_t n_ranges;	       /* physical partitions at the end */
	uint32_t hottest_range;	       /* range id with the most RU */
	double hottest_range_share_ru; /* its share of the RU charged, 0..1 */
	double range_share_sd;	       /* the standard deviation of a
					  range's share of the RU that
					  hashing the logical partitions
					  onto the ranges alone gives, 0..1
					  (the ranking's placement noise) */
	double ru_offered;	       /* RU of the operations' first
					  attempts (the demand); a table's
					  capacity units, plus the write
					  units its global secondary
					  indexes admitted (D17) */
	uint64_t queries_single;       /* queries served by route */
	uint64_t queries_targeted;
	uint64_t fanout_queries;
	double fanout_ru;
	size_t splits;
	uint64_t operations;
	int priced;	    /* 1: cost_month is the variant's bill's */
	double cost_month;  /* the month at this workload (bill.h) on the
			       compare's one basis (money_compare_month),
			       in currency; 0 when not priced */
	char cost_basis[8]; /* that basis: "720h" or "week"
			       (money_compare_basis); "" unpriced */
	char currency[8];   /* the bill's currency ("USD"); "" unpriced */
	int other_units;    /* 1: an Amazon DynamoDB table's card, whose RU
			       figures are capacity units (read plus
			       write): beside an Azure Cosmos DB
			       container's, its RU, range, lp and peak
			       figures tie (PK_SCORECARD_RULE_ACROSS) */
	int on_demand;	    /* 1: an Amazon DynamoDB on-demand table's
			       card, whose peak is against shares of
			       its instant limit: beside a provisioned
			       table's the peaks tie
			       (PK_SCORECARD_RULE_MODES) */
	size_t rank;	    /* 1 = best; tied cards share it */
	int tied;	    /* 1: another card has this rank */
	char reason[2048];  /* why ahead of the next rank */
	/* several seeds (scorecard_merge_seeds): figures are medians; min
	   and max of each ranking figure over the seeds */
	size_t n_seeds; /* 0 or 1: one run */
	double range_min[PK_RANK_FIGURES];
	double range_max[PK_RANK_FIGURES];
	double median[PK_RANK_FIGURES];
	char verdict[2048];	 /* one plain sentence, never cut */
	const char *log_caution; /* the variant's replay rests on pksim's
				    even layout, which the replayed
				    monitor log contradicts: the
				    finding that says where (result.h,
				    log_finding), said beside the rank,
				    as the figures are not the log's;
				    NULL otherwise. Borrowed from the
				    variant */
};

/* The days-to-full figures of variant v of r (v->runway, runway.h) into
   sc: full_kind, days_to_full, full_key, full_lp_bytes, full_rate,
   full_measured_s, bucket, bucket_reach_bytes and largest_lp_bytes (the
   rest of sc untouched), as scorecard_fill sets them; findings'
   storage-growth advisory reads the same figure. In
   src/report/scorecard_full.c. */
void scorecard_full(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *sc);

/* Which basis runway rw's figure stands on, as every sentence giving it
   says (runway.h): "projected from the workload's rates" (with "(each
   key value's share as the run drew it)" when the shares are the
   run's), "from the data's own time (ts)" (with the compression undone
   when there was one), "from the data at 100 records/s". Into buf (cap
   bytes); returns buf. In src/report/scorecard_full.c. */
const char *scorecard_full_basis(const struct pk_result *r,
				 const struct pk_runway *rw, char *buf,
				 size_t cap);

/* How records arrive, as the days-to-full figure is measured: "at 100
   records/s", "in the data's own time (ts, compressed 60x)", "all records
   at once", "at the scenario's rates"; into buf (cap bytes); returns
   buf. */
const char *scorecard_arrival(const struct pk_result *r, char *buf, size_t cap);

/* The operations replayed, for a report's header: "50,000 creates (one
   per record) and 50,000 queries: costCenter = ? (50.0% of the
   operations)", "..., creates only: no queries or reads", or for a
   scenario "the scenario's 2 phases: creates, reads, queries". Into buf
   (cap bytes); returns buf. */
const char *scorecard_replayed(const struct pk_result *r, char *buf,
			       size_t cap);

/* In a compare of an Azure Cosmos DB container and an Amazon DynamoDB
   table, what the table replays differently from the container's
   operation of the same name, into buf (cap bytes): a create is the
   table's PutItem, which replaces an item of the same primary key
   (Cosmos DB answers 409), and how many items the table ended holding;
   a transactional batch its BatchWriteItem, not atomic at 1 WCU a KB
   (TransactWriteItems is all or nothing at 2, reference §1); when the
   scenario reads, a table reading eventually consistent (half a strong
   read's RCU, D1) against the container's Session reads (Azure Cosmos
   DB's default consistency; pksim assumes it); a table
   with retry_mode client retries its throttles by the scenario's
   client: settings, not an AWS SDK's (reference §10). NULL when the
   compare is of one service or none applies. */
const char *scorecard_across(const struct pk_result *r, char *buf, size_t cap);

/* A days-to-full figure as the reports print it: "18.6 days", and under
   two days with its readable duration, "0.01 days (15.4 min)" (a bare
   "0.0" says nothing); unit 0 leaves out " days" ("18.6", "0.01 (15.4
   min)", a table cell under "days to full"). Into buf (cap bytes);
   returns buf. */
const char *scorecard_days_text(double days, int unit, char *buf, size_t cap);

/* s's days to full as text: brief for a table cell ("242.7", "0.01 (15.4
   min)", "never",
   "n/a (at once)", "bounded (3.0 KiB)", "> 100 years", "full now"), else
   a statement naming the first logical partition to fill and its growth
   ("2.5 days in the data's own time (ts, compressed 1x) ("B" first,
   growing 96.7 KiB/s over 10.0 s)", "0.2 days ... ("2026-01-01" first,
   growing 1000.0 KiB/s over 10.0 s: a day's bucket fills before the day
   ends)", "... growing 1.0 KiB/s averaged over its cycle: one day in
   every week", "n/a: all records at once", "bounded: largest bucket 3.0
   KiB; at the fastest growth seen a day's bucket ends at 84.4 MiB",
   "never: it does not grow"). Into buf (cap bytes); returns buf. */
const char *scorecard_full_text(const struct pk_result *r,
				const struct pk_scorecard *s, int brief,
				char *buf, size_t cap);

/* Compare figure f (enum pk_rank_figure) of a and b within its
   tolerance: < 0 a is better, 0 tied, > 0 b is better. */
int scorecard_figure_cmp(const struct pk_scorecard *a,
			 const struct pk_scorecard *b, int f);

/* The name of figure f as reports print it ("RU of the operations"). */
const char *scorecard_figure_name(int f);

/* Room for the full order as scorecard_rank_by_text writes it */
#define PK_RANK_BY_BYTES 64

/*
 * Parse a --rank-by list: figure keys separated by commas, each at most
 * once, from failed (operations failed or refused), 429 (429s per
 * operation), cost (cost a month), ru (RU of the operations), range (the
 * hottest range's share of RU), lp (the hottest logical partition's) and
 * peak (peak normalized RU consumption). order[0..PK_RANK_FIGURES) gets
 * the figures named, in the list's order, then the others in the
 * default order (enum pk_rank_figure); list NULL gives the default.
 * Returns 0, or -1 with what is wrong and what is allowed in err (cap
 * bytes): an unknown or repeated key, or an empty list or item.
 */
int scorecard_rank_by_parse(const char *list, int order[PK_RANK_FIGURES],
			    char *err, size_t cap);

/* The key of figure f as --rank-by takes it ("cost"), "-" for none. */
const char *scorecard_figure_key(int f);

/* The full order of rank_by (NULL: the default) as a --rank-by list,
   "failed,429,cost,ru,range,lp,peak", into buf (PK_RANK_BY_BYTES);
   returns buf. An unparsable rank_by gives the default's. */
const char *scorecard_rank_by_text(const char *rank_by, char *buf);

/* Room for scorecard_rule's text */
#define PK_RANK_RULE_BYTES 1536

/* The ranking rule r's reports state (with PK_SCORECARD_RULE_ACROSS
   after it when r's variants run on more than one service):
   PK_SCORECARD_RULE for the default order; for another (r->sc->rank_by), "by
   --rank-by cost,failed,...: cost a month, then operations failed or refused,
   then ... (each within its tolerance of the default rule, see pksim
   compare --help); ...". Into buf (PK_RANK_RULE_BYTES); returns buf. */
const char *scorecard_rule(const struct pk_result *r, char *buf);

/* Fill *sc with the figures of variant v of result r (rank and verdict
   are set by scorecard_all). sc->name is borrowed from v. */
void scorecard_fill(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *sc);

/*
 * The scorecards of every variant of r, ranked and with verdicts: an
 * array of r->n_variants (caller frees), in variant order.
 */
struct pk_scorecard *scorecard_all(const struct pk_result *r);

/*
 * `compare --seeds N`: the scorecards of the same variants
 * replayed with n_seeds seeds (per_seed[k]: scorecard_all of seed k's
 * result, n_variants each, same variant order) as one array of
 * n_variants (caller frees): every figure the lower median over the
 * seeds (the middle value; the lower of the two middle ones for an even
 * N), range_min/range_max/median of each ranking figure, n_seeds set,
 * the verdict and key of seed 0's card (names borrowed as there: keep
 * the seeds' results alive), and ranked again in rank_by's order (as
 * scorecard_rank): a figure ties when the
 * two variants' min-max ranges overlap (widened by the tolerance).
 */
struct pk_scorecard *scorecard_merge_seeds(struct pk_scorecard *const *per_seed,
					   size_t n_seeds, size_t n_variants,
					   const char *rank_by);

/*
 * Rank n one-run cards (n_seeds 0 or 1) by the rule above, in the order
 * of rank_by (a --rank-by list, scorecard_rank_by_parse; NULL: the
 * default order), as scorecard_all does: sets each card's rank, tied
 * and reason (rank 1 is best; the reason names the figure that put it
 * ahead of the next rank, in the words of every report). Reads only
 * name, operations, failed_after_retries, rejected_403, refused,
 * throttled_429, priced, cost_month, currency, ru_offered,
 * hottest_range_share_ru, hottest_share_ru and peak_normalized_ru, so
 * `pksim merge` ranks cards rebuilt from JSON reports with the same
 * code. The cards are modified in place; their order is not.
 */
void scorecard_rank(struct pk_scorecard *cards, size_t n, const char *rank_by);

/* Indexes 0..n-1 of cards in ranking order: by rank, then name (caller
   frees; never NULL). */
size_t *scorecard_order(const struct pk_scorecard *cards, size_t n);

#endif
