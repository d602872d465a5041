/*
 * metrics: what one container variant did, second by second: counters,
 * the per-second series per partition key range, the container's offered
 * and served RU per second, split events and throughput changes.
 *
 * Normalized RU consumption (D-NRU; rule 15): per range and second, RU
 * used / the range's RU/s, capped at 100%. ASSUMPTION: a second in which
 * the range rate-limited a request for its own RU/s (429/3200) counts as
 * 100%, since its budget could not take the next request (D-NRU: "100%
 * means the range could throttle"); a 429/3212 of a throughput bucket
 * (rule 31) does not, as the range had room past the bucket's cap, nor
 * a 429 to a Low request the range had room for, held back to keep
 * High's room (rule 30, pk_outcome.held): that second's value comes from
 * the RU it used.
 * Per minute, and for the whole run, the value is the highest second.
 * Samples are kept for the seconds in which the container saw a request.
 */
#ifndef PKSIM_METRICS_H
#define PKSIM_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/service/keyspace.h"

struct pk_ddb_index; /* service/snapshot.h */

/* One partition key range in one second. */
struct pk_sample {
	int64_t t_s;		   /* the second, from t = 0 */
	uint32_t range_id;	   /* partition key range id */
	uint32_t requests;	   /* attempts that reached the range (429s and
				      retries too) */
	uint32_t retries;	   /* ... of them retries */
	uint32_t throttled_429;	   /* attempts rate limited */
	uint32_t throttled_bucket; /* ... of them 429/3212, past a throughput
				      bucket's cap (rule 31): the range had
				      room, so they do not make the second
				      count as 100% */
	uint32_t throttled_held;   /* ... of them (429/3200) to Low requests
				      the range had room for, held back to keep
				      High's room (rule 30): nor do they */
	int64_t ru_mru;		   /* RU charged (served), mRU */
	int64_t ru_per_s_mru;	   /* the range's RU/s share that second, mRU */
	int64_t limit_mru;	   /* what the range may use that second, mRU:
				      with a fleet pool (rule 40) its share
				      plus what the pool may lend it, at most
				      the pool's cap a partition; 0 (or
				      below the share): the share. Normalized
				      RU consumption is against it */
	uint64_t storage_bytes;	   /* stored at the end of the second
				      (after its TTL expiries and
				      deletions, rule 28) */
};

/*
 * The whole container in one second, or in a run of idle seconds: a
 * second in which no request arrived is not recorded on its own but
 * counted in span_s of an idle record, and has no samples. So memory grows
 * with the seconds that saw requests, not with simulated time.
 */
struct pk_second {
	int64_t t_s;		/* the (first) second */
	int64_t span_s;		/* seconds this record covers: 1, or more
				   for a run of idle seconds */
	int64_t offered_mru;	/* charges of the first attempts that
				   arrived: the demand */
	int64_t retry_mru;	/* charges of the retries that arrived */
	uint64_t retries;	/* retries that arrived (429 and 410) */
	int64_t served_mru;	/* charges admitted */
	int64_t ru_per_s;	/* provisioned RU/s that second */
	uint32_t ranges;	/* physical partitions that second */
	uint64_t throttled_429; /* 429s of every range that second */
	double max_normalized;	/* highest range normalized RU, 0..1 */
	int64_t pool_mru;	/* what a fleet pool lent the ranges
				   that second, mRU (rule 40) */
	/* a minute's record (pk_metrics.minutes) only: its busiest
	   second's charges admitted and 429s (D15: CloudWatch sums a
	   minute; the service enforces each second) */
	int64_t peak_served_mru;
	uint64_t peak_throttled;
	int64_t side_used_mcu[2];   /* Amazon DynamoDB: the table's read [0]
				       and write [1] units admitted that
				       second, mCU (D3: separate buckets);
				       0 for a service without sides */
	int64_t side_cap_mcu[2];    /* ... its read and write units that
				       second: provisioned, or on demand the
				       instant limit (D12), mCU */
	uint64_t side_throttled[2]; /* ... its read and write throttle
				       events that second (CloudWatch's
				       ReadThrottleEvents and
				       WriteThrottleEvents, reference §9):
				       a key, item or page its partitions
				       refused; an index's refusal is the
				       index's (D17) */
	/* a minute's record only, the table's sides (D15): side_used_mcu
	   and side_throttled are summed over its seconds, side_cap_mcu is
	   its last second's; these are its busiest second's units
	   admitted and most throttle events a second, each side apart */
	int64_t peak_side_mcu[2];
	uint64_t peak_side_throttled[2];
};

enum pk_split_reason {
	PK_SPLIT_STORAGE = 0, /* storage passed the physical cap (rule 9) */
	PK_SPLIT_THROUGHPUT,  /* RU/s raised past ranges x cap (rule 6) */
	PK_SPLIT_HEAT,	      /* Amazon DynamoDB: sustained heat (D7) */
	PK_SPLIT_ISOLATE,     /* ... a hot item isolated (D11) */
};

/* Buckets of whole percents of normalized RU consumption, 0 .. 100 */
#define PK_METRICS_NRU_BUCKETS 101

/* Per partition key range id over its life (ids are never reused). */
struct pk_range_stats {
	double peak_normalized; /* highest second, 0..1 */
	int64_t peak_t_s;	/* the first second at that peak */
	uint64_t hot_seconds;	/* seconds it alone was at ~100% while every
				   other range stayed at or below 30% */
	int64_t hot_first_s;	/* first and last such second */
	int64_t hot_last_s;
	uint64_t busy_seconds; /* seconds it existed in which the
				  container saw a request */
	int64_t first_s;       /* first and last such second */
	int64_t last_s;
	uint64_t request_seconds; /* seconds in which it saw a request of
				     its own (attempts, retries too) */
	size_t bucket_at;	  /* 1 + the index in buckets[] of its latest
				     pk_bucket, 0 before any (long runs) */
	uint32_t nru_pct[PK_METRICS_NRU_BUCKETS]; /* [p] = busy seconds at
				    normalized RU p % (floor, 0..100;
				    metrics_normalized_pct) */
	uint64_t requests;	    /* attempts over its life, retries too */
	uint64_t throttled_429;	    /* ... rate limited */
	uint64_t throttled_bucket;  /* ... of them 429/3212, past a
				       throughput bucket's cap (rule 31):
				       the range had room */
	uint64_t throttled_held;    /* ... of them Low 429s the range had room
				       for (pk_sample.throttled_held, rule 30) */
	uint64_t throttled_seconds; /* seconds in which it rate-limited a
				       request for its own RU/s (a
				       429/3200; a second of only 429/3212s and
				       held Low 429s is not one) */
	double throttled_served_ru; /* container RU served in those seconds */
	double throttled_prov_ru;   /* container RU/s provisioned in them */
	double throttled_side_used[2]; /* Amazon DynamoDB: the table's read
					  [0] and write [1] units admitted in
					  those seconds, CU (pk_second) */
	double throttled_side_cap[2];  /* ... its read and write units a
					  second summed over them, CU */
};

/*
 * One partition key range over one bucket of bucket_s seconds (struct
 * pk_metrics): a run too long to keep its per-second samples keeps
 * these instead, so the heat map (result.h) can still be drawn with a
 * bounded record per range and bucket. Only ranges that a request
 * reached in the bucket have one.
 */
struct pk_bucket {
	int64_t t_s;		/* the bucket's first second, a multiple of
				   bucket_s */
	uint32_t range_id;	/* partition key range id */
	int nru_pct;		/* its highest second's normalized RU,
				   metrics_normalized_pct_nearest, 0..100 */
	uint64_t requests;	/* attempts in the bucket, retries too */
	uint64_t retries;	/* ... of them retries */
	uint64_t throttled_429; /* attempts rate limited */
	int64_t ru_mru;		/* RU charged in the bucket, mRU */
	int64_t ru_per_s_mru;	/* its RU/s share at its last second with a
				   request, mRU */
	uint64_t storage_bytes; /* stored at the end of that second */
};

/* Heat-map columns at most, whatever the run's length: the
   picture stays bounded (result.h, "The range x time heat map"). */
#define PK_METRICS_HEAT_COLS 720

/* Thresholds of the hot-partition picture (D-NRU's example: one range at
   100% while the others stay at or below 30%). */
#define PK_METRICS_HOT 0.99
#define PK_METRICS_COLD 0.30
/* Runs up to this long keep their per-second records and samples; longer
   ones keep per-minute records and per-range buckets of bucket_s seconds
   (memory grows with minutes and buckets then). */
#define PK_METRICS_DETAIL_MAX_S 86400

/* A service's throttles counted by its own reason (Amazon DynamoDB's
   D14 reasons, TableWriteKeyRangeThroughputExceeded, ...): the
   snapshot's and the result's pk_throttle_reason list. */
struct pk_throttle_reason {
	const char *name; /* static, or owned by the service */
	uint64_t count;	  /* throttled requests over the run */
};

struct pk_split_event {
	int64_t t_s;
	uint32_t parent;      /* range id split away */
	uint32_t children[2]; /* new range ids, in key order */
	struct pk_epk min[2]; /* children's inclusive starts */
	struct pk_epk max[2]; /* children's exclusive ends */
	enum pk_split_reason reason;
	int by_sort_key;  /* 1: Amazon DynamoDB's storage split cut one
			     key value's item collection by sort key (D6;
			     the upper child starts inside it), else 0 */
	uint64_t changes; /* writes that stored an item in the parent over
			     its life: its change-feed lease's (rule 39) */
};

/* effective_t_s of a scale-up whose splits the run never finished */
#define PK_EFFECTIVE_UNFINISHED (-2)

struct pk_throughput_event {
	int64_t t_s;	       /* when it was asked for */
	int64_t effective_t_s; /* when the new RU/s and layout apply: t_s,
				  or the end of the split delay (>= t_s);
				  -1 cancelled by a later change,
				  PK_EFFECTIVE_UNFINISHED the run ended
				  first (then planned_t_s says when) */
	int64_t planned_t_s;   /* with PK_EFFECTIVE_UNFINISHED: when the
				  splits would have been done */
	int64_t from_ru_per_s; /* Amazon DynamoDB: the table's read plus
				  write units a second (side_from) */
	int64_t to_ru_per_s;
	size_t ranges_before;
	size_t ranges_after;  /* once any splits it needs are done */
	int64_t side_from[2]; /* Amazon DynamoDB: the table's own read [0]
				 and write [1] units a second before it
				 (D3: never pooled); 0 otherwise */
	int64_t side_to[2];   /* ... and after it */
};

/* A merge asked for (container_merge) with ranges to merge (even when no
   pair fitted under the storage cap), with the
   container as it was before it (for D-MERGE's advice: result.h). */
struct pk_merge_event {
	int64_t t_s;
	size_t ranges_before; /* >= 1 */
	size_t ranges_after;
	int64_t ru_per_s;	/* provisioned RU/s before it */
	uint64_t storage_bytes; /* stored before it */
};

/* Two neighbouring ranges merged into one (D-MERGE), one record per
   pair a merge made (a merge of 5 ranges into 2 makes 3): which ids, the
   new id and its key-space bounds, so reports can draw the ranges it
   came from before it existed. */
struct pk_fuse_event {
	int64_t t_s;
	uint32_t parents[2]; /* the merged range ids, in key order */
	uint32_t range;	     /* the new range id */
	struct pk_epk min;   /* its inclusive start (parents[0]'s) */
	struct pk_epk max;   /* its exclusive end (parents[1]'s) */
	uint64_t changes[2]; /* each parent's writes that stored an item
				over its life (its lease's, rule 39) */
};

/* Actions on the container beyond an instant throughput change, for the
   reports' timeline. */
enum pk_action_kind {
	PK_ACTION_SPLITS_STARTED = 0, /* a scale-up waiting for its splits */
	PK_ACTION_SPLITS_DONE,	      /* ... done: new layout and RU/s */
	PK_ACTION_SPLITS_CANCELLED,   /* ... replaced by a later change */
	PK_ACTION_MERGE,	      /* ranges merged (D-MERGE) */
	PK_ACTION_REDISTRIBUTE,	      /* per-range RU/s set (D-REDIST) */
	PK_ACTION_AUTOSCALE_MAX,      /* autoscale max raised for storage */
	PK_ACTION_SERVERLESS_RU,      /* serverless RU/s follow the ranges */
	PK_ACTION_SPLITS_UNFINISHED,  /* the run ended before a scale-up's
					 splits were done */
	PK_ACTION_MERGE_STARTED,      /* a merge that takes merge_delay */
	PK_ACTION_MERGE_CANCELLED,    /* ... cancelled: RU/s raised during
					 it (rule 36) or a later change */
	PK_ACTION_MERGE_UNFINISHED,   /* the run ended during a merge */
	PK_ACTION_KINDS
};

#define PK_ACTION_DETAIL_BYTES 160

struct pk_action {
	int64_t t_s;
	enum pk_action_kind kind;
	char detail[PK_ACTION_DETAIL_BYTES]; /* one sentence, no newline */
};

struct pk_totals {
	uint64_t operations;	       /* operations offered (not attempts) */
	uint64_t attempts;	       /* requests sent, retries included */
	uint64_t retries;	       /* ... of them retries: an
					  operation's attempts after its
					  first (after a 429 or a 410) */
	uint64_t succeeded;	       /* 2xx */
	uint64_t throttled_429;	       /* service-side 429s (every attempt) */
	uint64_t throttled_low_429;    /* ... of them to Low-priority requests
					  (rule 30) */
	uint64_t throttled_3212;       /* ... of them 429/3212: past a
					  throughput bucket's cap (rule 31) */
	uint64_t failed_after_retries; /* operations that ended in a 429 */
	uint64_t rejected_403;	       /* 403/1014: logical partition full */
	uint64_t container_full_403;   /* 403/0: serverless container at 1 TB */
	uint64_t gone_410;	       /* 410/1007 answers (split_gone) */
	uint64_t failed_after_410;     /* operations that gave up on 410s */
	uint64_t not_sent_no_target;   /* operations that arrived but were
					  not sent: a read, upsert, replace,
					  delete or conditional query with no
					  item written in this variant yet to
					  target (targets.h); not in
					  operations */
	uint64_t not_found_404;	       /* target item missing in this variant */
	uint64_t not_found_lost;       /* ... of them: its latest create or
					  upsert had failed (429 past the
					  retries, 410s, 403, 400, 413;
					  container_write_failed) */
	uint64_t not_found_expired;    /* ... of them: it had expired (time
					  to live, rule 28); the rest were
					  deleted by a delete sent while the
					  operation waited for a retry
					  (targets are drawn among stored
					  items: targets.h) */
	uint64_t conflict_409;	       /* create of an existing (key, id) */
	uint64_t conflict_409_stored;  /* ... of them a point create whose
					  own item was already stored; 0
					  since targets are drawn among the
					  items stored (targets.h): an upsert
					  can no longer store an item before
					  its create (a test keeps it so) */
	uint64_t bad_request_400;      /* invalid key value or id, or a key
					  change on replace */
	uint64_t bad_ttl_400;	       /* ... of them: an invalid item ttl
					  (rule 28; PK_REJECT_BAD_TTL) */
	uint64_t too_large_413;	       /* item over 2 MB */
	uint64_t ddb_too_large_400;    /* of bad_request_400: an item over
					  DynamoDB's 400 KB (D2;
					  ValidationException) */
	uint64_t ddb_lsi_400;	       /* ... refused by a local secondary
					  index: its item collection at
					  10 GB, or the item with its
					  projections over 400 KB (D18) */
	uint64_t ddb_dup_400;	       /* ... a BatchWriteItem naming one
					  primary key twice (no item over
					  400 KB in it) */
	uint64_t ddb_tx_large_400;     /* ... a TransactWriteItems whose
					  items total over 4 MiB
					  (PK_DDB_TRANSACT_MAX_BYTES; no
					  item over 400 KB in it) */
	uint64_t queries[3];	       /* by route: single, targeted, fan-out
					  (enum pk_route_kind) */
	uint64_t query_ranges;	       /* ranges visited by queries */
	uint64_t key_queries;	       /* point requests (read, replace,
					  delete, upsert of a stored item)
					  whose caller could not compute the
					  key (a random suffix, rule 38): each
					  sent first as a query over the key's
					  candidate values (admitted attempts;
					  not in queries[]) */
	int64_t key_query_mru;	       /* ... the RU of those queries, mRU
					  (in ru_mru with their writes) */
	uint64_t key_fanouts;	       /* ... of them sent as a fan-out query to
					  every range (`suffix_reads:
					  fan_out`, or a list past the IN
					  list's values) */
	uint64_t key_values;	       /* ... the candidate key values each
					  lists (the random part's values,
					  pkey_random_values); 0 for a key
					  without a random part */
	int64_t fanout_mru;	       /* RU of fan-out queries, mRU */
	int64_t pool_mru;	       /* RU a fleet pool lent (rule 40),
					  mRU; in ru_mru */
	int64_t ru_mru;		       /* RU consumed (charged), mRU */
	int64_t offered_mru;	       /* RU of every first attempt (the
					  demand), mRU */
	int64_t retry_mru;	       /* RU of every retry, mRU */
	uint64_t retry_wait_ms;	       /* total client wait on retry-after */
	/* Transactional batches (container_batch). A batch is one request:
	   one in operations and attempts, and once in succeeded or under its
	   failure status; its items count only here and in storage. */
	uint64_t batches;	       /* batch requests answered (not 429
					  or 410) */
	uint64_t batches_committed;    /* ... that stored every item (201) */
	uint64_t batches_rejected_400; /* ... refused whole (400) because
					  their items span logical
					  partitions (Amazon DynamoDB: a
					  BatchWriteItem DynamoDB refuses
					  whole, ValidationException);
					  also in bad_request_400 */
	uint64_t batch_items;	       /* items stored by committed
					  batches (Amazon DynamoDB: by any
					  BatchWriteItem) */
	uint64_t ddb_batches_partial;  /* of batches: BatchWriteItems that
					  wrote some items and returned the
					  rest unprocessed (not atomic) */
};

/* Time to live (rule 28, container_ttl.c): items that expired and their
   background deletion, over the run. expired = deleted + pending_items
   at every moment. */
struct pk_ttl_totals {
	uint64_t expired;	     /* items whose expiry came while stored */
	uint64_t deleted;	     /* ... removed since: by the background
					task, or at once by a write that
					replaced the expired copy */
	uint64_t replaced;	     /* ... of the deleted, removed at once by
					such a write (an upsert, or a create
					of the id) */
	uint64_t pending_items;	     /* expired, not yet deleted */
	uint64_t pending_bytes;	     /* ... their stored bytes */
	uint64_t peak_pending_bytes; /* the most pending at a second's end */
	int64_t peak_pending_t_s;    /* the first second at that peak, or -1 */
	int64_t delete_mru;	     /* RU the background deletions used, mRU
					(left over by user requests) */
};

/* One minute of the TTL series: what changed in it and the state at the
   end of its last closed second. Kept for every minute in which a second
   closed (a run of idle seconds closes once, at its end). */
struct pk_ttl_minute {
	int64_t t_s;		/* the minute's first second */
	uint64_t expired;	/* items that expired in the minute */
	uint64_t deleted;	/* ... deleted in it */
	int64_t delete_mru;	/* RU those deletions used, mRU */
	uint64_t pending_items; /* at the end */
	uint64_t pending_bytes;
	uint64_t stored_bytes; /* the container's storage at the end */
};

/* One wall-clock hour the run touched: hour h holds the seconds t_s with
   (hour_offset_s + t_s) / 3,600 = h (pk_metrics), so hour 0 is the one
   t = 0 falls in: what a bill reads of it (result/bill.h; C-BILL: any
   part of a wall-clock hour bills the hour). */
struct pk_hour {
	int64_t max_ru_per_s;	    /* highest provisioned RU/s of any
				       second in it (pk_second.ru_per_s) */
	uint64_t max_storage_bytes; /* highest storage of the container at
				       the end of any second in it, every
				       range (x index factor) */
	int64_t max_pool_mru;	    /* most a fleet pool lent in one
				       second of it, mRU (rule 40) */
	int64_t ru_mru;		    /* RU charged in its seconds, mRU (what
				       serverless bills of the hour) */
};

struct pk_metrics;

/*
 * A tap (struct pk_metrics): told of each second as it closes, so a
 * watcher can follow a run of any length without the per-second records
 * (kept only up to PK_METRICS_DETAIL_MAX_S). For a second with requests
 * (metrics_close_second): sec as recorded (throttled_429 and
 * max_normalized filled in, span_s 1) and its n samples, every range in
 * key order, those no request reached too (metrics_close_touched: only
 * those a request reached), after m's per-range
 * statistics took the second in (so range id was the second's hot one
 * when m->ranges[id].hot_seconds > 0 and hot_last_s == sec->t_s); for a
 * run of idle seconds
 * (metrics_close_idle): sec with t_s, span_s, ru_per_s and ranges, the
 * rest 0, and n = 0. Everything is borrowed for the call only; the tap
 * must not change m.
 */
typedef void (*pk_metrics_tap_fn)(void *ctx, const struct pk_metrics *m,
				  const struct pk_second *sec,
				  const struct pk_sample *samples, size_t n);

struct pk_metrics {
	struct pk_totals totals;
	int ttl_on;			     /* 1: the container has a
						DefaultTimeToLive (ttl below) */
	struct pk_ttl_totals ttl;	     /* with ttl_on */
	struct pk_ttl_minute *ttl_by_minute; /* owned; in time order */
	size_t n_ttl_minutes, cap_ttl_minutes;
	struct pk_ttl_totals ttl_mark; /* m->ttl at the last
					  metrics_ttl_second */
	uint64_t *ttl_pending;	       /* owned; with ttl_on: per entry of
					  samples[], the bytes its range
					  held awaiting TTL deletion when
					  the second closed, after its
					  expiries and deletions, as the
					  sample's storage_bytes
					  (n_samples of them) */
	size_t cap_ttl_pending;
	int keep_seconds;	   /* 1: keep seconds[] and samples[] */
	double provisioned_ru;	   /* RU/s x seconds over the run */
	struct pk_second *minutes; /* owned; one per minute that saw a
				      request (span_s: seconds recorded) */
	size_t n_minutes, cap_minutes;
	struct pk_range_stats *ranges; /* owned; indexed by range id */
	size_t n_ranges;
	struct pk_sample *samples; /* owned; in (t_s, key order) */
	size_t n_samples, cap_samples;
	struct pk_second *seconds; /* owned; one per closed second */
	size_t n_seconds, cap_seconds;
	int64_t bucket_s;	   /* without keep_seconds: the width of
				      buckets[], s (metrics_record_s) */
	struct pk_bucket *buckets; /* owned; without keep_seconds, one per
				      range and bucket a request reached,
				      in bucket order (memory grows with
				      ranges x buckets, not seconds) */
	size_t n_buckets, cap_buckets;
	struct pk_split_event *splits; /* owned; in time order */
	size_t n_splits, cap_splits;
	struct pk_throughput_event *changes; /* owned; in time order */
	size_t n_changes, cap_changes;
	struct pk_merge_event *merges; /* owned; in time order */
	size_t n_merges, cap_merges;
	struct pk_fuse_event *fuses; /* owned; in time order */
	size_t n_fuses, cap_fuses;
	struct pk_action *actions; /* owned; in time order */
	size_t n_actions, cap_actions;
	/* Amazon DynamoDB's global secondary indexes as its service keeps
	   them while it runs (snapshot.h: their throttles and use, a
	   second's once it closes), borrowed from the service; NULL, 0
	   for another service or a table without one */
	const struct pk_ddb_index *indexes;
	size_t n_indexes;
	struct pk_hour *hours; /* owned; every wall-clock hour a closed
				  second touched, in order (pk_hour) */
	size_t n_hours, cap_hours;
	int64_t hour_offset_s;	/* seconds of its wall-clock hour before
				   t = 0, 0 .. 3,599 (the clock's start
				   mod 3,600; 0 unless set) */
	uint64_t storage_bytes; /* the container's storage at the last
				   second closed with samples */
	uint64_t *wait_hist;	/* owned; [w] = operations that
				   succeeded after w ms of retry
				   waits in all (429 and 410) */
	size_t wait_hist_cap;	/* entries of wait_hist (grows) */
	uint64_t wait_ops;	/* operations counted in wait_hist */
	pk_metrics_tap_fn tap;	/* NULL: none; set by the run's owner */
	void *tap_ctx;		/* borrowed; passed to tap */
};

/* Zero m; it keeps per-second detail (keep_seconds = 1). */
void metrics_init(struct pk_metrics *m);

/*
 * Record one second in which the container saw requests: sec (its
 * container-wide figures; max_normalized and throttled_429 are filled in
 * here) and the n samples of its ranges (in key order). Updates the
 * per-minute records, the per-range-id statistics and the provisioned RU;
 * keeps sec and the samples when keep_seconds, else folds the samples of
 * the ranges a request reached into their pk_bucket of bucket_s seconds
 * (work per range and second, never per operation). Then m's tap, if
 * any, is told of the second.
 */
void metrics_close_second(struct pk_metrics *m, struct pk_second *sec,
			  const struct pk_sample *samples, size_t n);

/*
 * metrics_close_second for a service that samples only the ranges a
 * request reached: samples[0..n) are those of the second's n_all ranges
 * (in key order, each with requests > 0) and stored_bytes what all n_all
 * store at its end. A range without a sample is at 0% that second; its
 * busy second is not counted here but by metrics_range_idle, and its
 * first by metrics_range_first, so the work is per range reached, not per
 * range. The tap is told of the n samples only.
 */
void metrics_close_touched(struct pk_metrics *m, struct pk_second *sec,
			   const struct pk_sample *samples, size_t n,
			   size_t n_all, uint64_t stored_bytes);

/* Range id, made since the last second with requests, exists in second
   t_s, which has requests: t_s is its first busy second (first_s) unless
   it already has one. */
void metrics_range_first(struct pk_metrics *m, uint32_t id, int64_t t_s);

/* Count `seconds` busy seconds of range id that no request reached (for
   metrics_close_touched's callers), the last of them last_s: each a busy
   second at 0% normalized RU, as metrics_close_second counts a sample
   without requests. seconds 0: nothing (id's statistics are not made). */
void metrics_range_idle(struct pk_metrics *m, uint32_t id, uint64_t seconds,
			int64_t last_s);

/* Record span_s idle seconds from t_s at ru_per_s over `ranges` ranges
   (with keep_seconds), and tell m's tap, if any. */
void metrics_close_idle(struct pk_metrics *m, int64_t t_s, int64_t span_s,
			int64_t ru_per_s, uint32_t ranges);
/* Free every array of m; m is zero afterwards. */
void metrics_free(struct pk_metrics *m);

/* Append one record (copied). */
void metrics_add_sample(struct pk_metrics *m, const struct pk_sample *s);
void metrics_add_second(struct pk_metrics *m, const struct pk_second *s);
void metrics_add_split(struct pk_metrics *m, const struct pk_split_event *e);
void metrics_add_change(struct pk_metrics *m,
			const struct pk_throughput_event *e);
void metrics_add_merge(struct pk_metrics *m, const struct pk_merge_event *e);
void metrics_add_fuse(struct pk_metrics *m, const struct pk_fuse_event *e);
/* Append an action at t_s; detail is printf-formatted and cut to
   PK_ACTION_DETAIL_BYTES - 1 bytes. */
void metrics_add_action(struct pk_metrics *m, int64_t t_s,
			enum pk_action_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/*
 * Second t_s closed with TTL on (m->ttl is up to date): what m->ttl
 * gained since the last call goes to t_s's minute of ttl_by_minute, with
 * the pending items and bytes and stored_bytes (the container's storage)
 * at its end; the peak of pending bytes is updated.
 */
void metrics_ttl_second(struct pk_metrics *m, int64_t t_s,
			uint64_t stored_bytes);

/* With ttl_on: the pending bytes of samples[at] (at < n_samples). */
void metrics_set_ttl_pending(struct pk_metrics *m, size_t at, uint64_t bytes);

/* Grow m->wait_hist (zeroed) so it has an entry for w ms. */
void metrics_wait_grow(struct pk_metrics *m, size_t w);

/* Count one operation that succeeded after waited_ms (>= 0) of retry
   waits in all. Inline: every succeeded operation calls it. */
static inline void metrics_add_wait(struct pk_metrics *m, int64_t waited_ms)
{
	size_t w = waited_ms > 0 ? (size_t)waited_ms : 0;

	if (w >= m->wait_hist_cap) {
		metrics_wait_grow(m, w);
	}
	m->wait_hist[w]++;
	m->wait_ops++;
}

/*
 * The pct-th percentile (1..100) of the retry wait of the operations that
 * succeeded, in ms, exact (nearest rank: the smallest w with at least
 * ceil(pct / 100 x n) operations waiting w or less); -1 when none did.
 */
int64_t metrics_wait_percentile(const struct pk_metrics *m, int pct);

/* The name of an action kind: "splits_started", "merge", ... */
const char *metrics_action_name(enum pk_action_kind k);

/* The record covering second t_s, or NULL (binary search). Borrowed. */
const struct pk_second *metrics_second_at(const struct pk_metrics *m,
					  int64_t t_s);

/*
 * The width, seconds, of the heat-map columns of a span_s-second run
 * whose per-range records are unit_s seconds wide (1: per second): the
 * smallest of 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min and 1 h
 * that is a multiple of unit_s and keeps ceil(span_s / width) <=
 * PK_METRICS_HEAT_COLS; past 1 h, the smallest multiple of
 * lcm(3,600, unit_s) that does. span_s <= 0 gives the first such width.
 * A long run's bucket_s is metrics_heat_width(planned length, 1): 720
 * records a range at most when the run ends as planned, and its map's
 * columns whole buckets.
 */
int64_t metrics_heat_width(int64_t span_s, int64_t unit_s);

/* Seconds in a wall-clock hour */
#define PK_METRICS_S_PER_HOUR 3600

/*
 * The wall-clock hour second t_s (from t = 0, >= 0) falls in, counted
 * from the one t = 0 falls in: (hour_offset_s + t_s) / 3,600. Every bill
 * counts these hours (C-BILL: any part of a wall-clock hour bills the
 * hour), so a run whose clock starts at 23:59:30 has its second 30 in
 * hour 1.
 */
static inline int64_t metrics_hour_of(const struct pk_metrics *m, int64_t t_s)
{
	return (m->hour_offset_s + t_s) / PK_METRICS_S_PER_HOUR;
}

/*
 * Wall-clock hours the seconds [0, end_s) touch: metrics_hour_of(m,
 * end_s - 1) + 1, 0 when end_s <= 0. A 60 s run from 23:59:30 touches
 * 2; the same run from 00:00:00 touches 1.
 */
static inline int64_t metrics_hours_touched(const struct pk_metrics *m,
					    int64_t end_s)
{
	return end_s > 0 ? metrics_hour_of(m, end_s - 1) + 1 : 0;
}

/* bucket_s when a caller left it 0: per minute */
#define PK_METRICS_BUCKET_DEFAULT_S 60

/* The width, seconds, of the per-range records m keeps: 1 with
   keep_seconds (samples), else its buckets' (bucket_s, or
   PK_METRICS_BUCKET_DEFAULT_S when 0). */
int64_t metrics_record_s(const struct pk_metrics *m);

/* 1 when sample s's range rate-limited a request for lack of its own
   RU/s in its second (a 429 that is neither a bucket's 3212, rule 31,
   nor a Low request it had room for, rule 30), else 0: such a second
   counts as 100 % normalized RU consumption. */
int metrics_short_of_ru(const struct pk_sample *s);

/* Normalized RU consumption of one sample, 0..1 (see the header): its
   RU over what it may use (pk_sample.limit_mru, else its share), 1 in a
   second it rate-limited for lack of RU/s. */
double metrics_normalized(const struct pk_sample *s);

/* The same in whole percents, rounded down, 0..100, from integer mRU (so
   ">= 90 %" and "< 70 %" are exact): 100 for a second with a 429. */
int metrics_normalized_pct(const struct pk_sample *s);

/* The same rounded to the nearest whole percent (half up), 0..100, from
   integer mRU: what the reports show (0.3185 is 32 %, not 31 %). */
int metrics_normalized_pct_nearest(const struct pk_sample *s);

/*
 * The pct-th percentile (1..100, nearest rank) of range id's normalized
 * RU consumption over its busy seconds, in whole percents (rounded
 * down); -1 when the range saw no busy second. Rule 32 uses the 99th.
 */
int metrics_range_nru_percentile(const struct pk_range_stats *r, int pct);

/* RU (not mRU) as a double, for reports. */
double metrics_ru(int64_t mru);

/* The name of a split reason: "storage" or "throughput". */
const char *metrics_split_reason(enum pk_split_reason r);

#endif
