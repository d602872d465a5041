/*
 * snapshot: what a service says of its container when the run has ended,
 * in terms any partitioned store shares, so the result stage builds the
 * frozen model of the run (result.h) without reading the service's
 * tables. A service fills one pk_snapshot per container variant after
 * its clock has stopped; result_variant_build reads it once.
 *
 * What it holds:
 * - the layout at the end: one pk_snapshot_range per physical partition
 *   (partition key range), in key order, with its id, key-space bounds,
 *   RU/s share, storage and counters over its life;
 * - every range id of the run (pk_snapshot_id, indexed by id): its
 *   key-space bounds where known and the width of its slice of the key
 *   space, and what a range of the creation layout held at t = 0, so the
 *   heat map places bands without the service's partition map;
 * - the logical partitions, read a run at a time (lp_read): a service
 *   keeps millions of them and a copy would break the bytes-per-logical-
 *   partition budget (docs/design.md);
 * - the recorded series and events (metrics.h), borrowed;
 * - an extension for what only Azure Cosmos DB has (autoscale billing,
 *   a custom throughput policy, time to live's lifetimes, the merge
 *   rule's bounds); NULL for another service.
 *
 * Key-space positions are pk_epk: bytes whose order (memcmp, a shorter
 * prefix first) is the key space's order, from pk_epk_min ("") to
 * pk_epk_end ("FF"). Azure Cosmos DB's are its effective partition keys;
 * a service without hashing puts its one partition at [pk_epk_min,
 * pk_epk_end) and its logical partitions anywhere inside.
 *
 * Lifetime: a snapshot borrows from the service that filled it (the
 * metrics, the container spec, the key definition, logical partitions'
 * key and EPK bytes through lp_read); what it owns (ranges, ids, the
 * extension's bills) is freed by the snapshot_free of the filler. A result
 * built from it borrows the same things, so the service outlives the result.
 */
#ifndef PKSIM_SERVICE_SNAPSHOT_H
#define PKSIM_SERVICE_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/load/scenario.h"
#include "pksim/service/keyspace.h"
#include "pksim/service/metrics.h"
#include "pksim/service/queries.h"

/* One logical partition at the end of the run. */
struct pk_snapshot_lp {
	const unsigned char *key; /* identity bytes of its key value;
				     borrowed from the service, stable
				     while it lives */
	size_t key_len;
	const unsigned char *epk; /* where it lies in the key space: the
				     bytes of its pk_epk, epk_len (<=
				     PK_EPK_MAX_BYTES) of them; borrowed
				     like key (NULL with epk_len 0: the
				     start of the key space, unless
				     epk_of_key is set) */
	size_t epk_len;
	/* NULL, or: the service keeps no EPK bytes for it (epk NULL,
	   epk_len 0); its EPK is epk_of_key(key, key_len) */
	struct pk_epk (*epk_of_key)(const unsigned char *key, size_t key_len);
	size_t range;		  /* index in pk_snapshot.ranges of the
				     range holding it at the end */
	uint64_t storage_bytes;	  /* stored now, bytes */
	uint64_t items;		  /* items stored now */
	uint64_t requests;	  /* attempts, 429s and retries included */
	uint64_t retries;	  /* ... of them retries */
	uint64_t throttled_429;	  /* ... of them rate limited */
	uint64_t rejected_403;	  /* writes refused: the logical partition
				     was full */
	int64_t ru_mru;		  /* RU charged, mRU */
	int64_t full_at_ms;	  /* first refused write, ms, or -1 */
	int64_t first_grow_ms;	  /* first write that added bytes, ms; -1
				     before any */
	int64_t last_write_ms;	  /* last stored write of any kind, ms */
	uint64_t grow_base_bytes; /* stored at the end of first_grow_ms */
	uint64_t ttl_freed_bytes; /* bytes time to live deleted from it */
	uint64_t preloaded_items; /* items `preload:` stored in it */
};

/* Where one logical partition is, for a reader that needs only that of
   millions (lp_place): what pk_snapshot_lp says of it under the same
   names, borrowed alike. */
struct pk_snapshot_lp_place {
	const unsigned char *key; /* identity bytes of its key value */
	size_t key_len;
	size_t range;		  /* index in pk_snapshot.ranges */
	uint64_t preloaded_items; /* items `preload:` stored in it */
};

/* One physical partition (partition key range) at the end of the run. */
struct pk_snapshot_range {
	uint32_t id;		     /* partition key range id; never
					reused in a run */
	struct pk_epk min;	     /* inclusive start of its key space */
	struct pk_epk max;	     /* exclusive end */
	int64_t ru_per_s_mru;	     /* its share of the RU/s, mRU/s */
	uint64_t storage_bytes;	     /* stored now, bytes */
	uint64_t logical_partitions; /* logical partitions holding items */
	uint64_t requests;	     /* attempts over its life, 429s and
					retries too */
	uint64_t retries;	     /* ... of them retries */
	uint64_t throttled_429;	     /* ... of them rate limited */
	int64_t ru_mru;		     /* RU charged over its life, mRU */
	int64_t offered_mru;	     /* charges of its first attempts over
					its life, rate limited or not (the
					demand), mRU */
	uint64_t changes;	     /* writes that stored an item over its
					life: its change feed entries (rule
					39) */
	int split_blocked;	     /* 1: over its storage cap with one
					logical partition: cannot split */
	uint64_t ttl_pending_bytes;  /* expired items' bytes still awaiting
					deletion, bytes */
};

/* One range id of the run, ranges split or merged away too. */
struct pk_snapshot_id {
	int known;		   /* 1: min, max and width are set */
	struct pk_epk min, max;	   /* its key space [min, max): the last
				      bounds the run gave it */
	double width;		   /* its share of the key space, 0..1,
				      as the service measures slices */
	uint64_t created_bytes;	   /* a range of the creation layout (id <
				      created_ranges): what it held at t =
				      0, bytes; else 0 */
	int64_t created_share_mru; /* ... its share of the RU/s at t = 0,
				      mRU/s; else 0 */
};

/* What only Azure Cosmos DB has; pk_snapshot.cosmos, NULL for another
   service. */
struct pk_snapshot_cosmos {
	int autoscale;		      /* 1: ru_per_s is the autoscale max */
	int autoscale_dynamic;	      /* 1: billed per partition (rule 27) */
	int serverless;		      /* 1: RU/s follow the ranges */
	int custom_policy;	      /* 1: RU/s shares set per range
					 (rule 26) */
	int64_t autoscale_floor;      /* autoscale: 0.1 x max at the end,
					 RU/s (rule 17) */
	int64_t spec_autoscale_floor; /* autoscale: 0.1 x the spec's max
					 (the max at creation), RU/s (rule
					 17) */
	int64_t autoscale_ru_per_pp;  /* autoscale max a range at
					 creation, RU/s (rule 3) */
	int64_t serverless_ru_per_pp; /* RU/s of a serverless range (rule
					 19) */
	int64_t *billed_classic;      /* owned; autoscale: RU/s billed each
					 hour from t = 0 by rule 17, ceil(end_s
					 / 3,600) entries; NULL for manual */
	int64_t *billed_dynamic;      /* owned; ... by rule 27 */
	/* the highest RU/s of each minute [60 k, 60 (k + 1)) s of the run
	   (provisioned, under autoscale the T it scaled to, rule 17), the
	   first n_minute_ru, at most a month's (720 h): what a month
	   repeats a shorter run by (result/bill.c); borrowed from the
	   service */
	const int64_t *minute_ru_per_s;
	size_t n_minute_ru;
	int64_t ttl_lifetime_s;	      /* every item's time to live, s
					 (rule 28); 0 when none is known */
	int64_t merge_max_ru_per_pp;  /* D-MERGE suits containers below
					 this RU/s a range */
	uint64_t merge_max_avg_bytes; /* ... and this storage a range */
};

/* One clock hour of an Amazon DynamoDB table's run, for its bill: hour h
   holds the seconds of pk_metrics' hour h (metrics_hour_of). Units in
   milli-units, as pk_snapshot_ddb's totals. */
struct pk_ddb_hour {
	uint64_t items;		  /* the most items stored in it */
	int64_t read_demand_mcu;  /* the first attempts' read units asked
				     in it (read_demand_mcu's share) */
	int64_t write_demand_mcu; /* ... write units */
	int64_t read_used_mcu;	  /* read units consumed in it */
	int64_t write_used_mcu;	  /* ... write units, the indexes' too */
	uint64_t index_bytes;	  /* the most bytes the global secondary
				     indexes' entries held in it */
	uint64_t index_entries;	  /* ... and the most entries */
	int64_t rcu, wcu;	  /* the most provisioned read and write
				     units a second held in it, the
				     indexes' too (as pk_snapshot_ddb's
				     rcu, wcu): what its hour bills
				     (pricing.md §4); 0 on demand */
};

/* A change of an Amazon DynamoDB table's provisioned units: from second
   t_s on, until the next step, it holds rcu and wcu a second, its
   indexes' too (as pk_snapshot_ddb's rcu, wcu). */
struct pk_ddb_step {
	int64_t t_s;
	int64_t rcu, wcu;
};

/* A table's item collections (D18, reference §13): with a local
   secondary index each partition-key value's items and their index
   entries hold at most 10 GiB (PK_DDB_COLLECTION_BYTES); without one no
   key value is capped (a partition past 10 GiB splits instead, D6).
   Whether one is full at the run's end; when the first fills is the
   runway's projection (result/runway.h). */
struct pk_ddb_collections {
	int capped;	/* 1: the table has a local secondary index */
	int full_now;	/* 1: a write was refused for a full collection
			   (key: the fullest) */
	char key[128];	/* full_now: JSON text of the fullest's
			   partition-key value (truncated past 127
			   bytes) */
	uint64_t bytes; /* full_now: it holds at the end, bytes */
};

/* One partition of an Amazon DynamoDB global secondary index over the
   run (D17: an index is partitions of its own, laid out by D4 from its
   own units, each with an even share, D5). Units in milli-units. */
struct pk_ddb_index_part {
	int64_t share_mcu;  /* its share of the index's WCU a second */
	int64_t used_mcu;   /* write units it admitted over the run */
	int64_t peak_mcu;   /* ... in its busiest second */
	int64_t peak_t_s;   /* that second (the first such), -1 before any */
	uint64_t writes;    /* index writes asked of it, refused too */
	uint64_t throttled; /* ... of them refused (each its base write's
			       throttle, D14: IndexWrite...) */
};

/* One second (a partition's) or one minute (the index's, D15) of a
   global secondary index: what it admitted and refused */
struct pk_ddb_index_time {
	int64_t t_s;		 /* the second; a minute's first second */
	uint32_t part;		 /* a second's partition (index in parts);
				    0 in a minute's record */
	int64_t used_mcu;	 /* write units admitted, summed */
	int64_t share_mcu;	 /* a second's: the partition's share; a
				    minute's: the index's WCU a second */
	uint64_t writes;	 /* index writes asked, refused too */
	uint64_t throttled;	 /* ... of them refused, summed */
	int64_t peak_used_mcu;	 /* a minute's: its busiest second's
				    units (the index's); a second's: 0 */
	uint64_t peak_throttled; /* ... the most refused in one second */
};

/* One partition of an Amazon DynamoDB table in one closed second in
   which a request reached it: the rows of pk_metrics' samples, in the
   same order (time, then hash order). Its read [0] and write [1] units
   admitted (D3: separate buckets) and its read and write shares that
   second (D5; on demand an even share of the instant limit, D12),
   mCU. */
struct pk_ddb_part_time {
	int64_t t_s;	      /* the second */
	uint32_t part;	      /* the partition's id (pk_sample.range_id) */
	int64_t used_mcu[2];  /* read, write units admitted */
	int64_t share_mcu[2]; /* read, write share a second */
};

/* One global secondary index of an Amazon DynamoDB table, kept by the
   service while it runs (borrowed, as pk_snapshot_ddb). */
struct pk_ddb_index {
	const char *name;	    /* the index's name; borrowed from the
				       scenario */
	const char *partition_key;  /* its key attribute path; borrowed */
	int keys_only;		    /* 1: projection keys_only (1 WCU an
				       entry), 0: all */
	int64_t rcu, wcu;	    /* provisioned, a second (0 on demand) */
	int on_demand;		    /* 1: the table's mode is on demand */
	int64_t warm_rru, warm_wru; /* ... then its warm throughput, request
				       units a second (D13) */
	int64_t top_limit_mcu;	    /* ... and the highest write limit it
				       reached (D12: its instant limit under
				       the quota), mCU a second */
	int scaled;		    /* 1: its write units follow the table's
				       auto scaling (D19) */
	int64_t lo_wcu, hi_wcu;	    /* the fewest and most write units it
				       held, a second */
	size_t n_parts;		    /* partitions, fixed for the run (an
				       index never splits here) */
	const struct pk_ddb_index_part *parts; /* n_parts, in hash order */
	int64_t used_mcu;	  /* write units admitted over the run */
	int64_t cap_mcu;	  /* its WCU a second (on demand its write
				     limit) summed over the closed seconds,
				     mCU: used_mcu / cap_mcu is its write
				     utilisation */
	uint64_t throttled[2];	  /* base writes it refused: [0] a
				     partition's cap or share, or on demand
				     its instant limit
				     (IndexWriteKeyRangeThroughputExceeded),
				     [1] the index's total
				     (IndexWriteProvisionedThroughputExceeded;
				     on demand the quota's
				     IndexWriteAccountLimitExceeded) */
	int64_t first_throttle_s; /* the second of its first refusal, -1
				     for none */
	int first_reason;	  /* ... its kind, 0 or 1 as throttled[] */
	/* A Query of the index (a query's `index:`): each page asked of
	   its partitions' read buckets, the read units they admitted,
	   mCU, and the pages refused, [0] by a partition
	   (IndexReadKeyRangeThroughputExceeded), [1] by the index's total
	   (IndexReadProvisionedThroughputExceeded); 0 when no query
	   reads it */
	uint64_t reads;
	int64_t read_used_mcu;
	uint64_t read_throttled[2];
	const struct pk_ddb_index_time *seconds; /* per partition and
				      closed second with a write attempt,
				      in time then partition order; NULL
				      and 0 when the run keeps no
				      per-second detail (metrics.h) */
	size_t n_seconds;
	const struct pk_ddb_index_time *minutes; /* per minute with a
				      write attempt, in time order (D15:
				      CloudWatch's view) */
	size_t n_minutes;
	/* The write units it holds now, a second (auto scaling moves a
	   following index's); and, for an index that follows, its write
	   units asked by minute of the run, [60 k, 60 (k + 1)) s: the
	   first attempts' that on demand would serve, as the table's
	   pk_snapshot_ddb.minute_demand_mcu, booked as each second closes,
	   mCU, n_minute_demand minutes, owned by the service (NULL and 0
	   for an index that does not follow): what a month replays its
	   auto scaling on (result/bill_autoscale.c) */
	int64_t now_wcu;
	int64_t *minute_demand_mcu;
	size_t n_minute_demand;
	size_t cap_minute_demand;
};

/* One side (reads or writes) of an on-demand table against its instant
   limit (D12: at once at most twice the previous peak, at least the
   warm throughput, D13): the seconds whose units asked by first
   attempts (the demand: a retry asks again for units already counted),
   admitted or not, passed the limit of that second, alone or with the
   other side's (a linear combination). */
struct pk_ddb_past_peak {
	int64_t seconds;	 /* such seconds */
	uint64_t throttled;	 /* the side's requests throttled in them,
				    for any reason, retries included */
	int64_t met_seconds;	 /* ... of them, those the limit itself
				     was met in: it refused a request (alone or
				     in the linear combination), or the table
				     admitted within a unit of it; not when only
				     a partition's cap refused */
	int64_t first_s;	 /* the first of them; -1 none */
	int64_t first_limit_mcu; /* its instant limit, mCU a second */
	int64_t first_asked_mcu; /* the units asked in it, mCU */
	int64_t peak_asked_mcu;	 /* the most asked in one of them, mCU */
	int64_t other_asked_mcu; /* the other side's asked and limit in */
	int64_t other_limit_mcu; /* the first: the two together passed
				    their limits (a linear combination) */
};

/* A table's hottest partition-key value on one side (reads or writes):
   the one asked the most units in one second (point requests' first
   attempts, admitted or not), of its puts how many followed a rising or
   falling sort key (D7: no heat split along one), and the most its puts
   of one item asked in a second (statement 17: one item gets at most
   one partition's cap). */
struct pk_ddb_hot_key {
	char key[128];	  /* JSON text of the value; "" none */
	int64_t peak_mcu; /* the most units it was asked in one second */
	int64_t peak_s;	  /* ... that second; -1 none */
	int64_t q_mcu;	  /* of peak_mcu, what its Queries asked */
	uint64_t puts;	  /* its puts (create, upsert, replace) with a
			     sort key */
	uint64_t rising;  /* ... after the first, whose sort key rose past
			     the one before (numbers by value, strings by
			     UTF-8 bytes) */
	uint64_t falling; /* ... fell below it */
	uint64_t same;	  /* ... kept it: the same item (primary key)
			     again, neither rising nor falling */
	int64_t item_mcu; /* writes: the most units its puts of one item
			     in a row (one sort key value) asked in one
			     second, mCU; 0 none (reads: 0) */
	int64_t item_s;	  /* ... that second */
};

/* D7: why a partition hot for a whole window was not split for heat
   (ddb_hsplit.c): the unit carrying more than half its observed weight
   was one item (or a key value of a table without a sort key, one item
   too), a key value whose collection a local secondary index keeps on
   one partition (D18), or a key value whose puts follow a steadily
   rising or falling sort key (PK_DDB_FOLLOW_SHARE) */
enum pk_ddb_heat_refusal {
	PK_DDB_HEAT_ONE_ITEM,
	PK_DDB_HEAT_LSI,
	PK_DDB_HEAT_FOLLOWS,
	PK_DDB_HEAT_REFUSALS
};

/* A key value's puts "follow" its sort key when at least this share of
   those after its first that changed it rose (or fell) past the one
   before (a put of the sort key before is the same item again: it
   neither rises nor falls): ASSUMPTION, AWS says "steadily"; 0.99 lets
   a sequence of decimal strings ("9" sorts after "10") count as
   rising. The hot key finding and the heat split's refusal
   (ddb_hsplit.c) read it alike. */
#define PK_DDB_FOLLOW_SHARE 0.99

/* One partition's refused heat splits of one why (ddb_hsplit.c) */
struct pk_ddb_heat_refusal_at {
	uint32_t part; /* its id (pk_snapshot_range.id) */
	enum pk_ddb_heat_refusal why;
	uint64_t count;	 /* windows of heat refused */
	int64_t first_s; /* the first's second */
};

/* D7 over the run (ddb_hsplit.c) */
struct pk_ddb_heat_splits {
	int on;		  /* 1: the table splits partitions for heat */
	uint64_t started; /* splits started (a window of heat with a cut) */
	uint64_t done;	  /* ... completed in the run */
	uint64_t refused[PK_DDB_HEAT_REFUSALS]; /* windows of heat no split
						   would help, by why */
	int64_t first_refused_s[PK_DDB_HEAT_REFUSALS]; /* the first's second
							  (with a count) */
	uint64_t isolated; /* D11: hot items moved to a partition of their
			      own (ddb_isolate.c) */
	struct pk_ddb_heat_refusal_at *at; /* n_at, owned by the service:
					      each partition refused a
					      split, by why */
	size_t n_at;
};

/* One key value's first attempts over a run, for a month's demand
   (result/bill_ddb.c): what the cap took in their second and what it
   refused, and the cap a second it holds at the run's end */
struct pk_ddb_refused {
	int64_t counted_mcu[2]; /* reads [0] and writes [1] its cap took
				   in their second (in read_demand_mcu,
				   write_demand_mcu), mCU */
	int64_t refused_mcu[2]; /* ... the units of the first attempts it
				   refused (with their index writes, when
				   it refused the write), mCU */
	int64_t cap_mcu[2];	/* its reads' and writes' cap a second at
				   the run's end: 3,000 RRU and 1,000 WRU
				   (D3) x the partitions its item
				   collection spans (a heat split cuts one
				   by sort key, D7; partitions never
				   merge, D8), mCU */
	int64_t back_mcu[2];	/* of refused_mcu, what that cap at the
				   run's end takes in their own seconds
				   (0 when the value spans as many
				   partitions as it did then): a later
				   repetition serves it, retries or none,
				   mCU */
};

/* What only Amazon DynamoDB has, for its bill (pricing.md §4);
   pk_snapshot.ddb, NULL for another service. Borrowed from the service,
   which keeps it up to date while it runs. */
struct pk_snapshot_ddb {
	int64_t rcu;		   /* provisioned read capacity units a second
				      at the start, every index's too (a
				      phase or auto scaling may change the
				      table's: each hour's most is in
				      hours[]) */
	int64_t wcu;		   /* ... write capacity units */
	uint64_t items;		   /* items stored now */
	uint64_t creates_replaced; /* creates (PutItem, and BatchWriteItem
				      put items) admitted where the table
				      held an item of their primary key,
				      which they replaced */
	struct pk_ddb_hour *hours; /* owned by the service: each clock
				      hour the run touched, the hours of
				      its metrics (pk_metrics.hours: hour
				      0 holds t = 0); n_hours entries;
				      the units of a second are in its
				      hour once the second closes */
	size_t n_hours;
	size_t cap_hours;
	struct pk_ddb_step *steps; /* owned by the service: the units held
				      over the closed seconds, one step at
				      t = 0 and one at each change, in
				      time order; n_steps entries; none on
				      demand */
	size_t n_steps;
	size_t cap_steps;
	int64_t read_demand_mcu;  /* read units of the operations' first
				     attempts that on demand would serve
				     (a key value's 3,000 RRU and 1,000 WRU
				     a second, D3; ddb_demand.c),
				     milli-units: what the same requests
				     would consume on demand (RRU) */
	int64_t write_demand_mcu; /* ... write units (WRU), the global
				     secondary indexes' writes too (D17) */

	/* with several streams, read_demand_mcu and write_demand_mcu by
	   the phase that asked them (a phase is one stream's): phase p's
	   reads at [2p], its writes at [2p + 1], milli-units, for each
	   stream's rate (bill_ddb.c); n_phase_demand phases, the
	   scenario's; owned by the service, NULL and 0 with one stream */
	int64_t *phase_demand_mcu;
	size_t n_phase_demand;

	/* with auto scaling (D19), the table's own read_demand_mcu and
	   write_demand_mcu (no index's writes) by minute of the run,
	   [60 k, 60 (k + 1)) s: minute k's reads at [2k], its writes at
	   [2k + 1], milli-units, booked as each second closes: what a
	   month replays auto scaling on, the workload repeated
	   (result/bill_autoscale.c); n_minute_demand minutes; owned by
	   the service, NULL and 0 without auto scaling */
	int64_t *minute_demand_mcu;
	size_t n_minute_demand;
	size_t cap_minute_demand;

	/* the key values whose first attempts the cap refused some
	   second (ddb_demand.c), n_refused of them, in no order; owned
	   by the service, NULL and 0 when none was refused: what a
	   month's demand takes back where the value's cycle has room
	   (result/bill_ddb.c) */
	struct pk_ddb_refused *refused;
	size_t n_refused;
	int linear;    /* 1: partition_limit linear: a value's
			  reads and writes share one budget */
	int on_demand; /* 1: the table is on demand (rcu, wcu 0) */
	/* on demand, the table's own read_demand_mcu and write_demand_mcu
	   by second of the phases' planned seconds: second s's reads at
	   [2s], its writes at [2s + 1], mCU; n_second_demand seconds,
	   kept when the phases plan at most PK_METRICS_DETAIL_MAX_S; owned
	   by the service, NULL and 0 otherwise (provisioned, or longer):
	   what a month with no retries serves under the instant limit
	   the repeated workload settles at (result/bill_instant.c) */
	int64_t *second_demand_mcu;
	size_t n_second_demand;
	int64_t od_peak_mcu[2];	      /* on demand, at the run's end: P, the
					 highest peak_sustain_s average of
					 units reached, reads [0] and writes
					 [1] (D12), mCU; 0 provisioned */
	int64_t phases_used_mcu[2];   /* read [0] and write [1] units consumed
					 (as read_used_mcu) in the phases'
					 planned seconds, retries too, not in
					 the retries' tail after them, mCU */
	int64_t read_used_mcu;	      /* read units consumed: every admitted
					 attempt's, retries too, milli-units
					 (what on demand bills, pricing.md §4) */
	int64_t write_used_mcu;	      /* ... write units */
	uint64_t index_bytes;	      /* bytes the global secondary indexes'
					 entries hold now, every index's: an
					 entry of projection all holds its
					 item's bytes; one of keys_only none
					 (ASSUMPTION: its key attributes are
					 not counted, only the 100 B an entry
					 storage adds) */
	uint64_t index_entries;	      /* entries the indexes hold now (an item
					 in two indexes is two) */
	int64_t side_used_mcu[2];     /* the table's own read [0] and write [1]
					 units admitted over the closed seconds,
					 retries too, no index's, mCU */
	int64_t side_cap_mcu[2];      /* ... its read and write units a second
					 summed over them: provisioned, or on
					 demand the instant limit (D12), mCU;
					 never pooled (D3) */
	int64_t table_rcu;	      /* the table's own provisioned read units
					 a second, no index's (rcu above adds
					 every index's, for the bill); 0 on
					 demand */
	int64_t table_wcu;	      /* ... write units */
	int64_t created_share_mcu[2]; /* a partition's read [0] and write
				     [1] share at creation: the table's own
				     units (provisioned, or on demand its
				     first instant limits) over its
				     partitions (D5), mCU */
	struct pk_ddb_collections colls; /* its item collections' forecast,
					    filled at the run's end */
	/* What the runway (result/runway.h) projects a table's item
	   collections against, set when the table is made: */
	uint64_t coll_cap_bytes;       /* an item collection's cap: 10 GiB with
					  a local secondary index (D18), 0
					  without one (no key value is capped) */
	double coll_item_factor;       /* bytes a collection gains for each
					  byte of a new item: 1, plus 1 for each
					  local index of projection all whose
					  sort key the scenario's items have
					  (its entry is the item; keys_only
					  entries count none, ddb_lsi.c) */
	int64_t coll_write_mcu;	       /* the write units one key value's
					  writes can take a second, mCU: a
					  partition's 1,000 WCU (D3; with a
					  local index its collection stays on
					  one partition), at most the table's
					  provisioned units (adaptive capacity
					  lends a busy partition the units the
					  others leave, D10), with `adaptive:
					  off` at most its partition's even
					  share at creation (D5) */
	int64_t coll_write_scaled_mcu; /* with write auto scaling (D19)
				    and adaptive capacity: what
				    coll_write_mcu becomes once auto
				    scaling has raised the table's
				    units as far as the writes ask, a
				    partition's 1,000 WCU at most its
				    max_wcu, mCU; 0 without auto
				    scaling (or adaptive capacity off,
				    whose share moves with the
				    partitions a raise makes) */
	int64_t coll_table_write_mcu;  /* the table's cap on every
				     partition's write units together, a
				     second, mCU: on demand its quota
				     (table_quota_units, D12); provisioned
				     its units (under auto scaling its
				     max_write_units); 0 when a phase sets
				     write units (not followed) */
	int64_t coll_write_part_mcu;   /* when coll_write_mcu is the least
				      of a partition's 1,000 WCU and the
				      table's own units (provisioned,
				      adaptive capacity not off, no auto
				      scaling), that 1,000 WCU, mCU: a
				      phase's write_capacity_units then
				      moves the bound alike from the
				      phase's start; else 0 */
	char *finding; /* the table's own finding, one sentence for the
			  findings (throughput dilution after a capacity
			  decrease, D8: ddb_change.c), set when the run
			  ends; owned by the service; NULL none */
	const struct pk_ddb_index *indexes; /* its global secondary indexes
					       (D17), n_indexes, in the
					       scenario's order; NULL, 0:
					       none */
	size_t n_indexes;
	struct pk_ddb_hot_key hot[2]; /* the hottest key value of reads [0]
					 and writes [1], at the run's end */
	const char *sort_key;	      /* the table's, as configured
					 (borrowed); NULL none */
	struct pk_ddb_past_peak past_peak[2];	     /* on demand: reads [0] and
							writes [1] past the
							instant limit; zero when
							provisioned */
	const struct pk_ddb_part_time *part_seconds; /* per partition and
					closed second with a request, as
					pk_metrics' samples; NULL and 0 when
					the run keeps no per-second detail */
	size_t n_part_seconds;
	struct pk_ddb_heat_splits heat; /* D7 */
	uint64_t never_fit[2]; /* first attempts of reads [0] and writes
				  [1] throttled asking more units than
				  their partition can admit in any one
				  second (its share, what adaptive capacity
				  may lend, a full bank, at most its cap;
				  on demand its cap, at most the table's
				  quota and configured maximum, D12):
				  never admitted (ASSUMPTION: a request
				  waits for all its units, not into debt,
				  reference §18 leaves it open) */
	uint64_t never_fit_q;  /* of never_fit[0], Query and Scan pages
				  (each admitted on its own, D1) */

	/* TransactWriteItems (batches: transact_write_items, ddb_batch.c) */
	int transact;		     /* 1: the table sends a scenario's batches
					as TransactWriteItems */
	uint64_t tx_canceled;	     /* attempts answered TransactionCanceled-
					Exception because a partition could not
					take their items; each is also a
					throttle of that partition's reason */
	uint64_t tx_cancel_items[2]; /* their items by the code of their
					CancellationReasons entry: [0]
					ThrottlingError (on the partition
					that could not take them), [1] None
					(the rest) */
};

struct pk_snapshot {
	const char *name;	   /* the variant's; borrowed */
	const struct pk_pkey *key; /* borrowed: the key definition the
				      queries take */
	const char *key_text;	   /* borrowed like key: the partition key as
				      reports print it */
	const struct pk_queries *queries;     /* borrowed: what readers ask the
						 service (key values as text,
						 an item's key, a write's
						 charge); NULL: a service that
						 answers none (no logical
						 partitions to name) */
	const struct pk_container_spec *spec; /* borrowed: as configured */
	const struct pk_metrics *metrics;     /* borrowed: series, events */
	struct pk_time_bucket key_bucket;     /* the key's time bucket
						 (pkey_time_bucket) */
	struct pk_epk key_reach;	      /* exclusive end of the key
						 space the key values reach
						 (Azure Cosmos DB: its V2
						 hashes stay below 40 00..,
						 a quarter of it); len 0:
						 all of it, to pk_epk_end */
	int64_t end_s;			      /* seconds closed */
	int64_t ru_per_s;		      /* provisioned at the end, RU/s */
	int64_t effective_ru_per_s;	      /* what the ranges can use at the
						 end (the sum of their
						 shares), RU/s */
	size_t created_ranges;		      /* ranges at creation: ids 0 ..
						 created_ranges - 1, in key
						 order */
	uint64_t storage_bytes;		      /* stored at the end, bytes */
	uint64_t preload_items;		      /* stored at t = 0 by
						 `preload:` */
	uint64_t preload_bytes;		      /* ... their bytes */
	uint64_t preload_lps;		      /* ... logical partitions they
						 filled (0 when spread) */
	uint64_t preload_refused;	      /* ... items not stored */
	int preload_spread;		      /* 1: spread evenly */
	/* the partition key against the scenario's items: */
	int key_from_file;    /* 1: counted over a data file's records */
	uint64_t key_records; /* ... with key_from_file: records
				 checked */
	uint64_t key_missing; /* ... of them without a property the key
				 reads */
	int key_absent;	      /* 1: a property the key reads is held by
				 no item, so every item lacks it */
	/* a replayed monitor log's recorded ranges disagree with the
	   layout at the start: one sentence for the findings naming two
	   key values (borrowed from the service); NULL: they agree, or
	   nothing to compare */
	const char *log_finding;
	int log_contradicts; /* 1: log_finding says the layout at the
				start, pksim's even one, disagrees with
				the log, so the 429s and hot ranges are
				not the log's; 0: it says the layout is
				the log's, or there is none */

	struct pk_snapshot_range *ranges; /* owned; key order */
	size_t n_ranges;		  /* >= 1 */
	struct pk_snapshot_id *ids;	  /* owned; indexed by range id:
					     every id of metrics and of
					     ranges, n_ids = max(metrics
					     n_ranges, highest id of ranges
					     + 1) */
	size_t n_ids;

	uint64_t n_lps; /* logical partitions ever created */
	/* Logical partitions first .. first + n - 1 (numbered 0 .. n_lps -
	 * 1 in order of creation; first + n <= n_lps) into out[0 .. n -
	 * 1]; lps is the lps member below. Never fails. A run a call, so a
	 * reader of millions pays one indirect call per run. */
	void (*lp_read)(const void *lps, uint64_t first, size_t n,
			struct pk_snapshot_lp *out);
	const void *lps; /* borrowed: what lp_read reads */
	/* ... only where each of them is (key, range, preloaded items)
	 * into out[0 .. n - 1], the same numbering; far cheaper than
	 * lp_read. NULL when the service has no cheaper reader. */
	void (*lp_place)(const void *lps, uint64_t first, size_t n,
			 struct pk_snapshot_lp_place *out);
	/* The logical partition each value index of the items' property
	 * value_prop (workload_value_index) reached: value_lps[i] is its
	 * number + 1 (lp_read's numbering), 0 when no request of the run
	 * carried value i to a logical partition (never sent, or every
	 * request refused before one was made); n_value_lps entries, the
	 * property's workload_value_indexes. NULL (value_prop -1) when the
	 * key is not a function of one property's value or the service
	 * keeps no such map. Borrowed like lps. */
	const uint32_t *value_lps;
	uint64_t n_value_lps;
	int value_prop;

	struct pk_snapshot_cosmos *cosmos; /* owned; NULL: not Azure Cosmos
					      DB */
	const struct pk_snapshot_ddb *ddb; /* borrowed from the service;
					      NULL: not Amazon DynamoDB */
	/* Another service's word on its layout and units for the reports'
	   layout line (static; NULL: "the service's own layout, not Azure
	   Cosmos DB's") */
	const char *layout_note; /* what its partitions' units are, after
				    "5 partitions, 1,400 each (": "capacity
				    units a second, read plus write; ..." */
	/* Its name for a request it throttled, as the reports print it
	   (static; NULL: Azure Cosmos DB's 429/3200) */
	const char *throttle_name;
	/* 1: it keeps no logical partitions (Amazon DynamoDB's item
	   collections are not kept): the reports say so instead of 0 */
	int lps_none;
	/* Its throttles by reason, n_reasons of them (borrowed from the
	   service); NULL, 0: none given */
	const struct pk_throttle_reason *reasons;
	size_t n_reasons;
};

/*
 * Free what s owns (ranges, ids, the extension and its bills) and zero
 * it; what it borrows stays. For a snapshot a filler allocated
 * (cosmos_snapshot_fill); one filled by hand from its own arrays is not
 * freed with it. NULL is allowed.
 */
void snapshot_free(struct pk_snapshot *s);

#endif
