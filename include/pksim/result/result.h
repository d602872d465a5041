/*
 * result: what a finished run says, frozen: one read-only model per
 * container variant, built once after the clock has stopped (result_build),
 * and the only thing findings, scorecards and every report read.
 *
 * A variant's model holds the layout at the end (one pk_result_range per
 * physical partition, in key order), the logical partitions the reports
 * name (the hottest by RU and by storage, the first that filled), the
 * run's totals, events and per-second series (the metrics the container
 * recorded, borrowed), and the figures more than one report needs,
 * computed once here: live logical partitions, storage, utilisation, the
 * peak normalized RU consumption, the retry-wait percentiles, autoscale's
 * billing per hour and the first merge D-MERGE does not suit.
 *
 * Lifetime: a result borrows from the run it was built from (the
 * scenario, the partition key definitions, the recorded series, the key
 * bytes of its logical partitions). Free it with result_free before
 * sim_free(run). Nothing in it changes after result_build returns.
 *
 * Built from each variant's service snapshot (service/snapshot.h,
 * result_variant_build), never from a service's tables. A report that
 * needs a new figure adds it to the snapshot when only the service knows
 * it, and to this model, computed once in result.c; report files never
 * include a service's internal headers.
 */
#ifndef PKSIM_RESULT_H
#define PKSIM_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/load/scenario.h"
#include "pksim/result/bill.h"
#include "pksim/result/runway.h"
#include "pksim/service/keyspace.h"
#include "pksim/service/metrics.h"
#include "pksim/service/queries.h"

struct pk_run;
struct pk_remedies;

/* Logical partitions each ranking holds (the reports' "hottest" tables) */
#define PK_RESULT_TOP 10

/* One logical partition, as the reports show it. */
struct pk_result_lp {
	const unsigned char *key; /* identity bytes of the key value
				     (pkey.h); borrowed from the run */
	size_t key_len;
	struct pk_epk epk;	/* where it lies in the key space */
	size_t range;		/* index in ranges[] of its range */
	uint64_t storage_bytes; /* stored now */
	uint64_t items;		/* items stored now */
	uint64_t requests;	/* attempts, 429s and retries included;
				   single-partition queries on its key
				   too */
	uint64_t retries;	/* ... of them retries; first attempts
				   (offered) are requests - retries */
	uint64_t served;	/* attempts not rate limited */
	uint64_t throttled_429;
	uint64_t rejected_403; /* writes refused: partition full */
	int64_t ru_mru;	       /* RU charged, mRU */
	int64_t full_at_ms;    /* first 403/1014, or -1 */
	int64_t first_grow_ms; /* first write that added bytes, last
				  stored write of any kind; -1 before
				  any */
	int64_t last_write_ms;
	uint64_t grow_base_bytes; /* stored at the end of first_grow_ms */
};

/* One physical partition (partition key range) at the end of the run. */
struct pk_result_range {
	uint32_t id;		     /* partition key range id */
	struct pk_epk min;	     /* inclusive start of its EPK range */
	struct pk_epk max;	     /* exclusive end */
	int64_t ru_per_s_mru;	     /* its share of the RU/s, mRU */
	uint64_t storage_bytes;	     /* stored (x index factor) */
	uint64_t logical_partitions; /* logical partitions holding items */
	uint64_t requests;	     /* attempts over its life, 429s and
					retries too */
	uint64_t retries;	     /* ... of them retries; the first
					attempts (offered) are requests -
					retries */
	uint64_t throttled_429;	     /* attempts rate limited */
	uint64_t throttled_bucket;   /* ... of them 429/3212, past a
					throughput bucket's cap (rule 31):
					the range had room; the rest are
					429/3200, for its own RU/s */
	uint64_t throttled_held;     /* ... of the 429/3200s, Low requests
					it had room for, held back to keep
					High's room (rule 30) */
	int64_t ru_mru;		     /* RU charged over its life, mRU */
	int64_t offered_mru;	     /* charges of its first attempts over
					its life, rate limited or not (the
					demand it was asked for), mRU */
	uint64_t changes;	     /* writes that stored an item over its
					life: the entries of its change
					feed lease (rule 39) */
	double peak_normalized;	     /* highest second, 0..1 */
	uint32_t parent;	     /* the range it split from, or
					PK_RESULT_NO_RANGE (there at
					creation, or made by a merge) */
	int64_t born_s;		     /* the second it was made: 0 at
					creation, a split's second, or -1
					(made by a merge) */
	int split_blocked;	     /* 1: over its storage cap with a single
					logical partition, so it cannot split */
	uint64_t ttl_pending_bytes;  /* TTL on: bytes of its expired items
					still awaiting deletion (rule 28) */
	int has_hottest;	     /* 1: hottest below is set: some logical
					partition in its key range at the end
					was charged RU */
	struct pk_result_lp hottest; /* the logical partition of its key
					range at the end charged the most RU
					over its life (ties as top_ru), from
					all logical partitions, not only the
					variant's top_ru */
};

/* No range: a range id field with nothing in it */
#define PK_RESULT_NO_RANGE UINT32_MAX

/*
 * One partition key range id over the whole run, those split or merged
 * away too (ids are never reused), so a report can name a range that no
 * longer exists with its lineage ("range 3, split at t = 50 s into 7
 * and 8"). Rule 32's hot-partition advisory reads nru_p99_pct.
 */
struct pk_result_lineage {
	uint32_t id;
	size_t at;		 /* index in ranges[] when it is a range at
				    the end, else SIZE_MAX */
	uint32_t parent;	 /* the range it split from, or
				    PK_RESULT_NO_RANGE */
	int64_t born_s;		 /* as pk_result_range.born_s */
	int64_t split_s;	 /* the second it split into children, or
				    -1 */
	uint32_t children[2];	 /* when split_s >= 0, in key order */
	int merged_away;	 /* 1: gone in a merge (not split, not at
				    the end) */
	uint32_t merged_from[2]; /* made by a merge: the two ranges it
				    merged, in key order; else both
				    PK_RESULT_NO_RANGE */
	int64_t merged_s;	 /* made by a merge: when; else -1 */
	uint64_t busy_seconds;	 /* seconds of its life in which the
				    container saw a request */
	int nru_p99_pct;	 /* p99 of its normalized RU consumption
				    over those seconds, whole percents
				    rounded down; -1 with no busy second */
	uint64_t requests;	 /* attempts over its life, retries too */
	uint64_t throttled_429;	 /* ... rate limited */
	uint64_t changes;	 /* writes that stored an item over its life:
				    its change-feed lease's (rule 39) */
	int64_t gone_s;		 /* the second it split or merged away, -1
				    for a range at the end */
};

/* One query of the scenario (a phase's `queries` entry, or a `compare
   --query` of its items file) in one variant: its name, route under the
   variant's key and cost. */
struct pk_result_query {
	const char *name;	  /* borrowed: the query's `name`; for a
				     --query, its text before '@' */
	const char *phase;	  /* borrowed: its phase's name; NULL for a
				     --query (sent among the records,
				     whatever the phase) */
	enum pk_route_kind route; /* under this variant's key; meaningful
				     when sent > 0 */
	uint64_t sent;		  /* attempts, retries and 429s too */
	uint64_t served;	  /* answered */
	uint64_t throttled_429;
	uint64_t ranges_visited; /* over the served ones */
	int64_t ru_mru;		 /* RU of the served ones, mRU */
};

/*
 * What the run stored of each logical partition's growth (the figures
 * "days to full" read before the projection, runway.h, replaced them;
 * full_now still decides "full now"): when the logical partitions reach
 * their cap (rule 11: 20 GiB, or the container's
 * logical_partition_storage) at the growth the replay saw,
 * built by result_fill_build (src/result/fill.c) in one pass over the
 * logical partitions after the run, measured in the data's own time: a
 * write's time is its operation's arrival (pk_request.data_ms), not when
 * a retry finally stored it (but a write of the stream an RU budget or
 * closed-loop workers pace counts when sent: sim.c's data_time), and with
 * a compressed time field the run's
 * clock is multiplied back by time_compression (exact to within
 * time_compression ms: arrivals are whole ms of the run's clock).
 *
 * Each logical partition grows at its own rate: the bytes it gained after
 * its first growing instant over the time from that instant to its last
 * write of any kind (n writes are n - 1 intervals; a rewrite or delete
 * that adds nothing shows it was not growing until then). Measured over its own
 * active span, so a key that starts late and grows fast is seen as fast
 * (one written 100/s over the last 10 s of a 1,000 s file fills 100x
 * sooner than its average says). ASSUMPTION: a logical partition holding
 * fewer than PK_RESULT_FILL_MIN_ITEMS items written in the run (preloaded
 * ones not counted) is measured over the data's whole span instead (the
 * variant's first growing to last write, or its
 * own span if longer): a few writes close together say little about a
 * rate (two 1 KiB writes 2 ms apart would read as 500 KiB/s).
 *
 * With the key's time bucket (pkey_time_bucket):
 * - a value that never comes back (a date, an hour, a month, a year): a
 *   logical partition stops growing when its bucket ends, so it fills
 *   only if rate x len_s reaches the cap; those that do not are bounded;
 * - a value that comes back (a weekday, an hour of the day) grows len_s of
 *   every period_s: when its writes span less than one period, its rate
 *   counts len_s / period_s of the time (over min(span, len_s): writes in
 *   two neighbouring occurrences count as one occurrence's growth per
 *   period); over a period or more the rate already averages the cycle.
 * Under time to live (rule 28), the rate is what the writes added: the
 * bytes TTL took out (container_ttl_freed) count, so expirations never
 * read as slow growth. When every item lives T = ttl_s seconds after its
 * last write (the container's default_ttl n > 0, no item ttl of its
 * own: container_ttl_lifetime_s), a logical partition written at rate
 * holds at most the last T seconds of writes, rate x T (T in data
 * seconds: x scale), so below the cap it levels off there and never
 * fills (levels_off: the highest such level); at or above, it fills
 * at that rate before its first items expire: (cap - stored) / rate.
 * ASSUMPTION: items awaiting deletion (storage freed late under load)
 * come on top of rate x T; with item ttls of their own the lifetimes
 * differ and no level is drawn (the rate alone).
 * The time to the cap of a growing logical partition is (cap - stored) /
 * rate; the first to fill is the one with the least (ties: the first
 * created). ASSUMPTION: a bucket whose time has passed counts as if still
 * open: a bucket like it fills that soon (the next one, from empty, takes
 * cap / rate).
 */
#define PK_RESULT_FILL_MIN_ITEMS 30

struct pk_result_fill {
	struct pk_time_bucket bucket; /* the key's (pkey_time_bucket) */
	double scale;		      /* data ms per ms of the run's clock:
					 time_compression for a data file
					 by its time field, else 1 */
	double data_span_s;	      /* the data's time from the first
					 growing write to the last write of
					 any logical partition, s */
	int at_one_instant;	      /* 1: every growing write had one data
					 time and some logical partition
					 holds two or more items (no rate) */
	int full_now;		      /* 1: some logical partition holds its
					 cap or refused a write (403/1014) */
	int growing;		      /* 1: some logical partition fills (a
					 bounded bucket's partitions do
					 not): first is the first */
	struct pk_result_lp first;    /* when growing: the first to fill */
	double first_s;		      /* ... its data seconds to the cap; -1
					 when not growing */
	double rate_bytes_per_s;      /* ... its rate (per period for a
					 value that comes back), B/s */
	double measured_s;	      /* ... the data seconds its rate was
					 measured over */
	int bounded;		      /* 1: a value that never comes back,
					 and no logical partition fills
					 within its bucket */
	double bucket_reach_bytes;    /* such a key: the most a bucket holds
					 at its end at the fastest growth
					 seen (rate x len_s); 0 when none
					 grew */
	int64_t ttl_s;		      /* every item's lifetime under time to
					 live (container_ttl_lifetime_s), 0
					 none known */
	int levels_off;		      /* 1: not growing, and some logical
					 partition levels off under TTL below
					 its cap: level is the largest */
	struct pk_result_lp level;    /* ... that logical partition */
	double level_bytes;	      /* ... what it levels off at: its
					 write rate x ttl_s, B */
	double level_rate;	      /* ... its write rate, B/s */
};

/* The first merge of the run that D-MERGE does not suit: the container
   had >= PK_CONTAINER_MERGE_MAX_RU_PER_PP RU/s or >=
   PK_CONTAINER_MERGE_MAX_AVG_BYTES a range before it (container.h). */
struct pk_result_merge_note {
	int64_t t_s;	    /* when; -1 when no merge was unsuited */
	int64_t ru_per_pp;  /* RU/s a range before it */
	uint64_t avg_bytes; /* average storage a range before it */
};

/*
 * The range x time heat map, aggregated once here so every
 * report draws the same cells, bounded in memory: at most
 * PK_RESULT_HEAT_COLS columns whatever the run's length.
 *
 * Column c covers the seconds [c x bucket_s, (c + 1) x bucket_s); bucket_s
 * is metrics_heat_width(end_s, record_s): the smallest of 1, 2, 5, 10, 15,
 * 30 s, 1, 2, 5, 10, 15, 30 min, 1 h, then whole hours, that keeps the
 * columns within the bound and is a whole number of the records the map
 * is built from: the per-second samples (record_s = 1; runs up to
 * PK_METRICS_DETAIL_MAX_S, or with keep_seconds), else the per-range
 * buckets a longer run kept (record_s = metrics bucket_s, e.g. 300 s for
 * two days); then wider from the same ladder while the map would pass
 * PK_RESULT_HEAT_CELLS cells (many ranges). A column's bands are the layout at
 * its end (key order), or of the column before when it saw no request (idle:
 * values 0). A range that existed earlier in the column but not at its end (a
 * split parent, a merged range) counts in the bands it overlaps in the key
 * space: its highest second and its 429s in each, its RU shared by their
 * widths. Normalized RU consumption is metrics_normalized_pct_nearest (D-NRU,
 * rule 15): per cell, the highest second of the column.
 */
#define PK_RESULT_HEAT_COLS PK_METRICS_HEAT_COLS
/* Cells (bands x columns) of one map at most, so a page stays small with
   many ranges (a day-long run's page under about 3 MB; a cell
   is about 230 bytes of HTML): past it, the next wider column width
   that is a whole number of records */
#define PK_RESULT_HEAT_CELLS 10000

struct pk_result_heat_cell {
	uint32_t range_id;
	int nru_pct;		/* highest second of the column, whole
				   percents rounded to nearest, 0..100 */
	uint64_t throttled_429; /* attempts rate limited in the column */
	uint64_t requests;	/* attempts in the column, retries too */
	int64_t ru_mru;		/* RU charged in the column, mRU */
	int64_t ru_per_s_mru;	/* its RU/s share at its last record up
				   to the column's end; before its first
				   record, as storage_bytes */
	uint64_t storage_bytes; /* stored at its last record up to the
				   column's end; before its first record,
				   its first record's values; without a
				   record (nothing was written to it) its
				   values at the end, or, gone before it,
				   its children's sums, or for a range of
				   the creation layout its preloaded bytes
				   (spec.existing_bytes_*) and its even
				   share of the RU/s at t = 0 */
	double y0, y1;		/* its share of the hash space as the
				   slice [y0, y1) of 0..1 from "" to "FF"
				   (pmap_width); equal slices when some
				   range's bounds are unknown (a merged
				   range merged again) */
};

struct pk_result_heat {
	int64_t record_s;  /* seconds of the records it was built from: 1
			      (per-second samples) or the long run's
			      bucket width (metrics bucket_s) */
	int64_t bucket_s;  /* seconds a column covers, >= 1, a multiple
			      of record_s */
	size_t n_cols;	   /* ceil(end_s / bucket_s); 0 when end_s is */
	size_t *col_start; /* owned; n_cols + 1 offsets into cells: column
			      c is cells[col_start[c] .. col_start[c+1]) */
	struct pk_result_heat_cell *cells; /* owned; per column, key order */
	size_t n_cells;
	size_t max_bands; /* most bands of any column */
	uint32_t *by_id;  /* owned; n_cells indexes into cells: column c's
			     at [col_start[c], col_start[c+1]) sorted by
			     range_id, of equal ids key order; NULL: look
			     cells up by a scan (result_heat_cell) */
};

/* One container variant after the run. */
/* One stream's operations of one kind, or of every kind (`streams:`;
   sim.h's pk_stream_stats frozen). */
struct pk_result_stream_ops {
	uint64_t operations;	 /* offered (arrived) */
	uint64_t succeeded;	 /* ended in a 2xx */
	uint64_t throttled_429;	 /* service-side 429 answers, every attempt */
	uint64_t throttled_3212; /* ... of them 429/3212: past a
				    throughput bucket's cap (rule 31) */
	uint64_t throttled_low_429; /* ... of them to Low-priority requests
				       (rule 30) */
	uint64_t failed_429;	    /* ended in a 429 after its retries */
	uint64_t failed_other;	    /* ended in another failure */
	int64_t ru_mru;		    /* RU charged, every attempt, mRU */
	uint64_t not_sent;	    /* not sent: no item written yet to
				       target (pk_stream_stats.not_sent) */
	int64_t wait_p50_ms;	    /* retry wait of the succeeded: the
				       ceil(n x p / 100)-th smallest (as
				       metrics_wait_percentile), -1 when none
				       succeeded */
	int64_t wait_p99_ms;
};

/* What a stream's client did with its operations when it paces them
   (client.ru_budget or client.concurrency; sim.h's pk_pacer); all 0 (paced 0)
   for a client that does not. */
struct pk_result_pacing {
	int paced;	     /* 1: the client spaces or holds them */
	int64_t first_ms;    /* the first operation's arrival, ms from
				t = 0 */
	int64_t finish_ms;   /* the last operation's final answer, ms
				from t = 0 (its last send, + latency
				with workers) */
	uint64_t sent;	     /* operations sent a first time */
	int64_t wait_p50_ms; /* of those, the wait in the client from
				arrival to first send (for budget or a
				worker; a retry's wait is not in it):
				the ceil(sent x p / 100)-th smallest, ms;
				-1 when none was sent */
	int64_t wait_p99_ms;
	int64_t wait_max_ms;	/* the longest, ms */
	uint64_t wait_total_ms; /* all of them added, ms */
};

/* One stream of the scenario on one variant. */
struct pk_result_stream {
	const char *name; /* borrowed from the scenario */
	/* client.concurrency of this stream: from its first operation's
	   arrival (first_ms) to its workers' last final answer
	   (last_answer_ms, ms from t = 0: the stream's active span), the
	   operations they answered, of them succeeded (2xx), and
	   achieved_ops_per_s = succeeded x 1,000 / (last_answer_ms -
	   first_ms): succeeded operations a second; 0 for an open-loop
	   stream */
	int64_t first_ms;
	int64_t last_answer_ms;
	uint64_t answered;
	uint64_t succeeded;
	double achieved_ops_per_s;
	struct pk_result_pacing pacing;
	struct pk_result_stream_ops all; /* every kind together */
	struct pk_result_stream_ops kind[PK_OP_KINDS + 1]; /* by enum
							      pk_op_kind */
};

/* One stream's seconds in a run of several (`streams:`): a month of
   several streams sums each one's rate, its units over its seconds
   (bill.c, bill_ddb.c), so a slow paced stream does not spread the
   others' units over its long span, and a short stream beside a long
   one repeats with the whole workload. */
struct pk_stream_span {
	int64_t workload_s; /* seconds its workload asked in: the
			       scenario's phases (the longest stream's, as
			       pk_result_variant.workload_s counts them),
			       or its own client's pace alone when longer;
			       at most workload_s */
	double span_s;	    /* workload_s exactly: a pace's work is not
			       rounded to whole seconds */
	int64_t served_s;   /* seconds it was served in: the scenario's
			       phases, or through the second of its last
			       attempt when later; at most end_s */
	int64_t ru_mru;	    /* RU its attempts were charged, every
			       attempt, mRU */
};

struct pk_result_variant {
	const char *name;	   /* borrowed from the run */
	const struct pk_pkey *key; /* borrowed: the key definition
				      queries take */
	const char *key_text;	   /* borrowed: the partition key as reports
				      print it */
	const struct pk_queries *service_queries; /* borrowed: the
						     service's answers
						     (service/queries.h);
						     NULL: none */
	const void *service_state; /* borrowed: the snapshot's lps, which
				      service_queries->write_mru reads */
	const char *id_path;	   /* borrowed: the property that tells a
				      key value's items apart, as the
				      runway reads an id pool (runway.h);
				      NULL: /id (Azure Cosmos DB's item
				      id; a table's view of it, its sort
				      key) */
	struct pk_epk key_reach;   /* exclusive end of the key space the
				      key values reach
				      (pk_snapshot.key_reach; pk_epk_end
				      when it says all) */
	const struct pk_container_spec *spec; /* borrowed: as configured */
	const struct pk_metrics *metrics;     /* borrowed: totals, events,
						 actions, per-second and
						 per-minute series */
	/* operations not sent (pk_totals.not_sent_no_target) by kind,
	   whatever their stream, and of them those due after some item
	   had been written: every written one deleted or replaced by then
	   (pk_variant.not_sent_kind, not_sent_emptied) */
	uint64_t not_sent_kind[PK_OP_KINDS + 1]; /* by enum pk_op_kind */
	uint64_t not_sent_emptied;
	uint64_t preload_items;	  /* stored at t = 0 by `preload:` */
	uint64_t preload_bytes;	  /* ... their bytes */
	uint64_t preload_lps;	  /* ... the logical partitions they
				     filled (0 when spread) */
	uint64_t preload_refused; /* items of it not stored (over a
				     logical partition's cap, or an
				     invalid key value) */
	int preload_spread;	  /* 1: spread evenly, the key reading
				     other properties than the preload's */
	size_t created_ranges;	  /* ranges at creation: manual rule 2,
				     autoscale rule 3, serverless 1 */
	int cosmos;		  /* 1: the service is Azure Cosmos DB (its
				     snapshot has the extension,
				     pk_snapshot.cosmos): spec's settings
				     (throughput mode, layout, caps, burst,
				     buckets, split timing) and the rules
				     the reports cite are what ran; 0:
				     another service, which need heed none
				     of them: the reports print what its
				     snapshot and metrics say, never spec's
				     caps or a rule's figures */
	int64_t created_ru_per_s; /* the ranges at creation: their RU/s at
				     t = 0 (pk_snapshot_id.created_share_mru
				     summed, to the nearest RU/s) */
	int autoscale;		  /* 1: ru_per_s is the autoscale max */
	int serverless;		  /* 1: RU/s follow the ranges */
	int64_t ru_per_s;	  /* provisioned at the end */
	int64_t pending_ru_per_s; /* a scale-up still waiting for its
				     splits when the run ended (split_delay,
				     rule 6: the throughput change whose
				     effective_t_s is
				     PK_EFFECTIVE_UNFINISHED): the RU/s (or
				     autoscale max) the container will
				     have; 0 when none */
	int64_t end_s;		  /* seconds closed: the run's length */
	int64_t workload_s;	  /* seconds the workload asked in: through
				     its phases' end (the longest
				     stream's), or through the second of
				     its last operation's first send when
				     later (a data file's last record), at
				     most end_s; or, when longer, the whole
				     seconds a paced client's pace alone
				     takes for its stream's operations
				     (client.ru_budget: each first attempt
				     spending its units, a throttled one
				     what it asked; client.concurrency:
				     each holding a worker one latency, no
				     retry), which may pass end_s. What it
				     asked a second projects over these,
				     not over the retries' tail after them
				     (bill.h workload_s) */
	int64_t phases_s;	  /* the phases' seconds (the longest
				     stream's, or through a data file's
				     last record when later), whatever a
				     client's pace: the workload's own
				     demand is its operations over these */
	double workload_span_s;	  /* workload_s exactly: a pace's work is not
				     rounded up to a whole second (the phases'
				     seconds are whole); what a month of its
				     asking divides by */
	/* with several streams, stream s's own seconds at stream_spans[s],
	   n_stream_spans of them; 0 with one stream (workload_s and end_s
	   are its own) */
	struct pk_stream_span stream_spans[PK_MAX_STREAMS];
	size_t n_stream_spans;

	struct pk_result_range *ranges; /* owned; at the end, key order */
	size_t n_ranges;
	double table_write_cap;	 /* a DynamoDB table's view for the runway
				    only (runway.c): its cap on every
				    partition's write units together, units
				    a second (pk_snapshot_ddb.
				    coll_table_write_mcu); 0 none */
	const int64_t *phase_ru; /* ... each phase's RU/s as the runway
				    takes it, by phase index, 0 none
				    set (a table's write units in its
				    terms); NULL: the phases' own
				    throughput */
	int table_cap_quota;	 /* ... 1: that cap is an on-demand
				    table's quota, 0 its provisioned
				    units */
	struct pk_result_query *queries; /* owned; the items file's
					    --querys in order, else every
					    query of every phase in
					    scenario order; NULL when none */
	size_t n_queries;
	struct pk_result_lineage *lineage; /* owned; every range id of the
					      run, indexed by id */
	size_t n_lineage;

	uint64_t key_items;   /* items the key was checked against
				 (keycheck.h): a data file's used
				 records, else the items created */
	uint64_t key_missing; /* of those, items without a property
				 the key reads: with a path key, the
				 items in the undefined logical
				 partition (D-PART) */

	uint64_t lps_seen;	  /* logical partitions ever created: the
				     key values a write (create, upsert,
				     batch) was sent for, served or not */
	uint64_t lps_live;	  /* ... holding items at the end */
	uint64_t requests_served; /* requests the container served:
				     attempts less 429s and 410s, queries
				     and batches included (the
				     denominator of a logical partition's
				     share of requests) */
	uint64_t storage_bytes;	  /* stored at the end, all ranges */
	int64_t lp_ru_mru;	  /* RU charged in logical partitions,
				     mRU: the sum of theirs */
	double lp_ru_sq;	  /* the sum of the squares of their RU
				     (mRU^2): with lp_ru_mru, how
				     concentrated the RU is, which sets
				     the noise of hash placement */

	struct pk_result_lp top_ru[PK_RESULT_TOP]; /* most RU first, ties
						      by key bytes */
	size_t n_top_ru;
	struct pk_result_lp top_storage[PK_RESULT_TOP]; /* most bytes
							   first, ties by
							   key bytes */
	size_t n_top_storage;
	struct pk_result_lp full[PK_RESULT_TOP]; /* the first logical
						    partitions to fill (a
						    write refused with
						    403/1014), earliest
						    first; ties in order
						    of creation */
	size_t n_full_listed;			 /* entries of full[] */
	uint64_t n_full;			 /* all that did */

	double utilisation;	  /* RU consumed over RU provisioned over
				     the closed seconds, 0..1; 0 when
				     nothing was provisioned; Amazon
				     DynamoDB: the busier side's of
				     read_ and write_utilisation */
	double read_utilisation;  /* Amazon DynamoDB: the table's read units
				     consumed over its read units a second
				     summed over the closed seconds
				     (provisioned, or on demand the instant
				     limit), 0..1 (more with burst); never
				     pooled with writes (D3); 0 otherwise */
	double write_utilisation; /* ... its write units, the same way */
	double peak_normalized;	  /* highest normalized RU consumption of
				     any range in any second, 0..1 */
	uint32_t peak_range;	  /* the first range id that reached it
				     (the first range when none did) */
	int64_t wait_p50_ms;	  /* retry-wait percentiles of the
				     operations that succeeded
				     (metrics_wait_percentile); -1 when
				     none did */
	int64_t wait_p99_ms;
	/* client.concurrency (closed-loop workers): the first operation's
	   arrival (first_ms) and when the last operation's final answer
	   came (last_answer_ms), ms from t = 0, the operations the workers
	   answered, of them succeeded (2xx), and the succeeded a second
	   over that span (succeeded x 1,000 / (last_answer_ms -
	   first_ms)); with several closed-loop streams, all their workers'
	   over the span from the earliest first arrival to the latest last
	   answer (each stream's own in streams[]); open-loop streams'
	   operations are in none; 0 in an open-loop run
	   (result_achieved_build) */
	int64_t first_ms;
	int64_t last_answer_ms;
	uint64_t answered;
	uint64_t succeeded;
	double achieved_ops_per_s;
	/* a run without `streams:`: its one stream's client pacing (with
	   streams, each stream's is in streams[]) */
	struct pk_result_pacing pacing;

	int64_t *billed_ru_per_s; /* owned; autoscale: the RU/s billed for
				     each of the n_hours by the
				     container's mode: classic (rule 17,
				     D-AUTO) or dynamic (rule 27); NULL
				     for manual */
	int64_t *billed_classic;  /* owned; autoscale: the classic bill of
				     each hour (rule 17), whatever the mode */
	int64_t *billed_dynamic;  /* owned; autoscale: the dynamic bill of
				     each hour (rule 27), whatever the mode */
	int autoscale_dynamic;	  /* 1: billed_ru_per_s is billed_dynamic */
	int64_t *minute_ru_per_s; /* owned; Azure Cosmos DB: the highest
				     RU/s of each minute of the run, the
				     first n_minute_ru (at most 720 h's),
				     provisioned or autoscale's T
				     (pk_snapshot_cosmos); NULL, 0 for
				     another service */
	size_t n_minute_ru;
	int custom_policy;	    /* 1: shares set per range (rule 26) */
	int64_t effective_ru_per_s; /* what the ranges can use at the end
				       (container_effective_ru_per_s) */
	int64_t n_hours;	    /* wall-clock hours the run touched
				       (metrics_hours_touched): hour 0
				       holds t = 0, so a run from 23:59:30
				       of 60 s touches 2 */
	int64_t autoscale_floor;    /* autoscale: 0.1 x max at the end */
	/* Another service's (cosmos 0), from its snapshot, borrowed: its
	   word on its layout and units (NULL: none), its name for a
	   throttled request (NULL: Azure Cosmos DB's 429/3200), whether it
	   keeps no logical partitions (1: the reports say so, not 0) and
	   its throttles by reason (pk_throttle_reason, n_reasons; NULL, 0:
	   none) */
	const char *layout_note;
	const char *throttle_name;
	int lps_none;
	/* a replayed monitor log's recorded ranges against the layout at
	   the start: one sentence naming two key values they place apart
	   (borrowed from the snapshot; NULL: they agree or there is
	   nothing to compare) */
	const char *log_finding;
	int log_contradicts; /* 1: log_finding says the replay's layout
				(pksim's even one) disagrees with the log
				(snapshot.h) */
	const struct pk_throttle_reason *reasons;
	size_t n_reasons;
	/* Amazon DynamoDB's, borrowed from its snapshot (NULL for another
	   service): provisioned capacity, items by hour and the units the
	   operations asked, for its bill (bill.h) */
	const struct pk_snapshot_ddb *ddb;
	/* Azure Cosmos DB's (cosmos 1; 0 otherwise), from its snapshot: */
	int64_t spec_autoscale_floor; /* autoscale: 0.1 x the spec's max,
					 the max at creation (rule 17) */
	int64_t autoscale_ru_per_pp;  /* autoscale max a range at creation
					 (rule 3), RU/s */
	int64_t serverless_ru_per_pp; /* RU/s of a serverless range (rule
					 19) */

	struct pk_result_merge_note merge_note;
	struct pk_result_heat heat; /* the range x time heat map */
	/* per stream (scenario order); owned, NULL and 0 with one
	   stream */
	struct pk_result_stream *streams;
	int streams_split_429; /* 1: some stream's client sends Low or
				  bucketed requests, or the container has
				  throughput buckets: the stream tables
				  show throttled_3212 and
				  throttled_low_429, as the totals do */
	size_t n_streams;
	struct pk_result_fill fill;   /* what the run stored: full_now and the
					 growth it saw (result_fill_build) */
	struct pk_runway runway;      /* days to full, projected from the
					 workload (runway.h, runway_build) */
	struct pk_bill bill;	      /* what the run costs (bill.h); priced 0
					 without money */
	struct pk_remedies *remedies; /* owned; the remedies replayed for it
					 (remedy.h, remedies_build); NULL
					 when none were */
};

/* The run: what ran, and one model per variant. */
struct pk_result {
	const struct pk_scenario *sc;	    /* borrowed */
	uint64_t seed;			    /* the seed the stream used */
	int remedies_built;		    /* 1 once remedies_build ran on it
					       (remedy.h): a variant without
					       remedies then needed none */
	int64_t end_ms;			    /* last closed second's end */
	uint64_t items_created;		    /* items the workload created */
	uint64_t operations_skipped;	    /* operations not sent for want of a
					       written item to target: the
					       largest of the variants'
					       (pk_totals.not_sent_no_target,
					       each variant's own) */
	int64_t *phase_start_ms;	    /* owned; sc->n_phases entries */
	int sends_batches;		    /* 1: some phase sends batches */
	struct pk_result_variant *variants; /* owned; scenario order */
	size_t n_variants;
};

/*
 * The frozen model of a finished run (sim_run). Returns a new result
 * (free with result_free, before sim_free(run)); never NULL (out of
 * memory is fatal).
 */
struct pk_result *result_build(const struct pk_run *run);

/*
 * One variant's frozen model from its service's snapshot s (snapshot.h):
 * everything of *v but the run's own figures (queries, streams, the
 * closed-loop figures, key_items and key_missing, which result_build adds
 * from the run). sc is the scenario it ran (its data file's time
 * compression). v borrows what s borrows (metrics, key bytes, spec, key
 * definition), not s itself, which may be freed after. This is the seam
 * every service's result goes through. Out of memory is fatal; free v
 * with result_variant_free.
 */
struct pk_snapshot;
void result_variant_build(const struct pk_snapshot *s,
			  const struct pk_scenario *sc,
			  struct pk_result_variant *v);

/* Free what v owns (result_variant_build's and result_build's) and zero
   it. */
void result_variant_free(struct pk_result_variant *v);

/* Free r and what it owns; NULL is allowed. */
void result_free(struct pk_result *r);

/* The lineage entry of range id, or NULL when the run had no such id.
   Borrowed from v. */
const struct pk_result_lineage *
result_lineage(const struct pk_result_variant *v, uint32_t id);

/* The RU/s share, whole RU/s (rounded to nearest, as every report shows
   whole RU/s: 50,000 / 9 = 5,555.6 is 5,556), of the range holding lp. */
int64_t result_lp_range_ru_per_s(const struct pk_result_variant *v,
				 const struct pk_result_lp *lp);

/*
 * The key value of identity bytes (id, len) of v's key as reports print
 * it (the service's service_queries->key_text: "dev-0042", 17, ["t1", "u7"],
 * undefined) into buf of cap bytes, NUL-terminated, cut to fit; "" when
 * the service answers no queries.
 */
void result_key_text(const struct pk_result_variant *v, const unsigned char *id,
		     size_t len, char *buf, size_t cap);

/* ... as valid JSON (service_queries->key_json: an undefined level of several
   is {}); "" when the service answers no queries. */
void result_key_json(const struct pk_result_variant *v, const unsigned char *id,
		     size_t len, char *buf, size_t cap);

/* The one typed value of a key value of one component into *out (a
   string borrowed from id); -1 for one of several components, or when
   the service answers no queries. */
int result_key_single(const struct pk_result_variant *v,
		      const unsigned char *id, size_t len,
		      struct pk_value *out);

/* 1: the key value is the undefined value (its items lack the property
   the key reads); 0 otherwise or when the service answers no queries. */
int result_key_undefined(const struct pk_result_variant *v,
			 const unsigned char *id, size_t len);

/* Free what heat owns; it is zero afterwards. */
void result_heat_free(struct pk_result_heat *heat);

/* The cell of heat column col for range id, or, when id is not a band of
   that column (it did not exist yet), for its nearest ancestor that is
   (the range it split from, and so on); NULL when none. Borrowed. */
const struct pk_result_heat_cell *
result_heat_cell(const struct pk_result_variant *v, size_t col, uint32_t id);

/*
 * Range id's line in heat column col, as the strip and the charts draw a
 * range at the end over the whole run: its own band; before it existed,
 * the bands of the ranges it came from, each resolved the same way (the
 * range it split from; both ranges a merge made it from), combined once
 * each: the highest normalized RU, the sums of 429s, requests, RU, RU/s
 * shares and storage; range_id is the first of them (key order), y0/y1
 * span them. Returns the number of bands combined into *out (0: none,
 * *out zero).
 */
size_t result_heat_line(const struct pk_result_variant *v, size_t col,
			uint32_t id, struct pk_result_heat_cell *out);

#endif
