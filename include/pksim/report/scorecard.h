/*
 * scorecard: one variant's numbers that answer "which key?", and the
 * ranking of the variants of a run with one plain sentence each.
 *
 * The figures (issue 4 §3): logical partitions; the hottest logical
 * partition (most RU) and its share of the requests served, of the RU and
 * of the storage; storage max / mean over physical partitions; the peak
 * normalized RU consumption and its range; 429s (service-side and after
 * retries) and the worst range's 429 rate; 403s; days until the largest
 * logical partition reaches its cap at the growth seen (bytes stored
 * since the end of the first instant it grew, over the time to its last
 * growing write: n writes are n - 1 intervals; in the data's own time
 * when items arrive by a compressed time field, else in simulated time;
 * see enum pk_full_kind for the cases without a day count); fan-out
 * queries and their RU; splits.
 *
 * Ranking: fewer operations the application sees fail (after retries,
 * or refused: 400, 403, 409, 413) first, then the lower 429 rate, then the
 * smaller hottest share of RU (how evenly the key spreads), then the lower
 * peak normalized RU consumption, then less RU on fan-out queries, then
 * the name. ASSUMPTION: pksim's order of
 * what hurts most; the verdict sentence says which figure decided.
 */
#ifndef PKSIM_SCORECARD_H
#define PKSIM_SCORECARD_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/result/result.h"

/* "never" beyond 100 years at the observed growth */
#define PK_SCORECARD_HORIZON_DAYS 36500.0

/* What "days to full" can say about a variant (issue 12 §3). */
enum pk_full_kind {
	PK_FULL_DAYS = 0, /* days_to_full days at the growth seen (0: full) */
	PK_FULL_NEVER,    /* the largest logical partition did not grow after
			     its first instant */
	PK_FULL_BEYOND,   /* it grows, but would take over
			     PK_SCORECARD_HORIZON_DAYS */
	PK_FULL_AT_ONCE,  /* every record arrived at t = 0: no growth rate */
	PK_FULL_BOUNDED,  /* a time-bucket key (scorecard_key_bounded): a
			     bucket stops growing when time moves on */
};

struct pk_scorecard {
	const char *name;              /* borrowed from the variant */
	uint64_t logical_partitions;   /* holding items at the end */
	char hottest_key[256];         /* JSON text of its key value */
	int have_hottest;              /* 0 when no logical partition */
	int hottest_undefined;         /* 1: the hottest holds items without
					  the key property */
	double hottest_share_requests; /* of requests served, 0..1 */
	double hottest_share_ru;       /* of RU charged, 0..1 */
	double hottest_share_storage;  /* of stored bytes, 0..1 */
	double storage_max_over_mean;  /* over physical partitions; 0 when
					  nothing is stored */
	double peak_normalized_ru;     /* 0..1 */
	uint32_t peak_range;           /* range id */
	uint64_t throttled_429;
	uint64_t failed_after_retries;
	double worst_range_429_rate;   /* 429s / requests of the worst
					  range, 0..1 */
	uint32_t worst_range;
	uint64_t rejected_403;
	uint64_t refused;              /* 400, 409 and 413 responses */
	enum pk_full_kind full_kind;
	double days_to_full;           /* PK_FULL_DAYS, PK_FULL_BEYOND:
					  days; else -1 */
	uint64_t largest_lp_bytes;     /* the largest logical partition's
					  storage (the largest bucket of a
					  bounded key) */
	uint64_t fanout_queries;
	double fanout_ru;
	size_t splits;
	uint64_t operations;
	size_t rank;                   /* 1 = best */
	char verdict[512];             /* one plain sentence */
};

/*
 * 1 if key k's value changes with time so that a logical partition stops
 * growing once its time has passed: a template with a {day(ts)},
 * {month(ts)}, {year(ts)} or {hour(ts)} part, or a key (path, level or
 * template {name}) reading a generated clock property of sc whose format
 * holds the year or epoch (%Y %y %G %g %F %D %c %x %s %C). {weekday(ts)}
 * and clock formats without the year (%A, %H) come back every week or
 * day: those partitions keep growing, so they are not bounded.
 */
int scorecard_key_bounded(const struct pk_pkey *k,
			  const struct pk_scenario *sc);

/* How records arrive, as the days-to-full figure is measured: "at 100
   records/s", "in the data's own time (ts, compressed 60x)", "all records
   at once", "at the scenario's rates"; into buf (cap bytes); returns
   buf. */
const char *scorecard_arrival(const struct pk_result *r, char *buf,
			      size_t cap);

/* s's days to full as text: brief for a table cell ("242.7", "never",
   "n/a (at once)", "bounded (3.0 MB)", "> 100 years", "full now"), else a
   statement ("242.7 days at 1 records/s", "n/a: all records at once",
   "bounded: largest bucket 3.0 MB", "never: it does not grow"). Into buf
   (cap bytes); returns buf. */
const char *scorecard_full_text(const struct pk_result *r,
				const struct pk_scorecard *s, int brief,
				char *buf, size_t cap);

/* Fill *sc with the figures of variant v of result r (rank and verdict
   are set by scorecard_all). sc->name is borrowed from v. */
void scorecard_fill(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *sc);

/*
 * The scorecards of every variant of r, ranked and with verdicts: an
 * array of r->n_variants (caller frees), in variant order.
 */
struct pk_scorecard *scorecard_all(const struct pk_result *r);

#endif
