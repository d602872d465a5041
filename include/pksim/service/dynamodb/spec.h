/*
 * dynamodb/spec: an Amazon DynamoDB table as a scenario's `table:`
 * section describes it (`service: dynamodb`; docs/dynamodb.md), read by
 * the loader (src/load/scenario_table.c) and replayed by the DynamoDB
 * service (service/dynamodb/). Rules are those of
 * dynamodb-mechanics.md §15 (D1-D20); numbers AWS does not publish are
 * settings here, each with the reference's default, marked ASSUMPTION.
 */
#ifndef PKSIM_DDB_SPEC_H
#define PKSIM_DDB_SPEC_H

#include <stddef.h>
#include <stdint.h>

/* Most provisioned RCU or WCU a table may set here: the default table
   quota is 40,000 (adjustable, reference §14); pksim allows a raised
   quota up to this bound (its own, not the service's) */
#define PK_DDB_MAX_CAPACITY_UNITS 1000000
/* D2: an item is at most 400 KiB, attribute names included (A-SQ) */
#define PK_DDB_ITEM_MAX_BYTES 409600u
/* A number keeps at most 38 significant digits; more is refused
   (AWS's "Supported data types and naming rules": "Numbers can have up
   to 38 digits of precision") */
#define PK_DDB_NUMBER_MAX_DIGITS 38
/* BatchWriteItem's most put and delete requests (reference §14) */
#define PK_DDB_BATCH_WRITE_MAX 25u
/* BatchGetItem's most keys (reference §14); more is a
   ValidationException ("Too many items requested for the BatchGetItem
   call", AWS's BatchGetItem API reference) */
#define PK_DDB_BATCH_GET_MAX 100u
/* BatchGetItem's most bytes read in one response: "A single operation
   can retrieve up to 16 MB of data" (AWS's BatchGetItem API reference;
   not in the reference file). The keys past it come back unprocessed.
   ASSUMPTION: 16,000,000 bytes, the reading under which the same
   reference's example holds: "if you ask to retrieve 100 items, but
   each individual item is 300 KB in size, the system returns 52 items"
   (52 x 307,200 = 15,974,400; 16 MiB would return 54) */
#define PK_DDB_BATCH_GET_MAX_BYTES UINT64_C(16000000)
/* TransactWriteItems' most actions: 100 (AWS's TransactWriteItems API
   reference and service quotas page; reference §14 lists only the
   batch requests). A scenario's batch holds at most PK_MAX_BATCH_OPS
   (100) items, so none passes it */
#define PK_DDB_TRANSACT_MAX 100u
/* TransactWriteItems' most bytes: "The aggregate size of the items in
   the transaction cannot exceed 4 MB" (AWS's TransactWriteItems API
   reference); 4 MiB, as DynamoDB counts 1 MB = 1,024 KB (reference §1,
   A-CONS). A larger transaction is a ValidationException, nothing
   written or consumed */
#define PK_DDB_TRANSACT_MAX_BYTES (UINT64_C(4) * 1024 * 1024)
/* D9: burst capacity banks at most 300 s of unused capacity (A-BP) */
#define PK_DDB_BURST_WINDOW_S 300
/* D10 `delayed`: seconds of throttling before adaptive capacity lifts a
   partition; ASSUMPTION: the 2018 guide says 5 to 30 minutes, pksim's
   default is the shortest, 300 s, fixed so that runs repeat */
#define PK_DDB_ADAPTIVE_DELAY_S 300
/* D10 `delayed`: seconds without a throttle that end a partition's
   episode of throttling, so its next throttle starts the delay again;
   ASSUMPTION: the reference counts the delay "from the start of
   throttling" and does not say what ends it; a minute */
#define PK_DDB_ADAPTIVE_QUIET_S 60

/* D7 heat splits (reference §5, "pksim proposal"; AWS publishes none of
   these numbers, PAPER §4.4 says only that a split "usually completes in
   minutes"): a partition whose read or write units consumed in a second
   stay at or above PK_DDB_HEAT_PCT % of its cap (D3: 3,000 RCU, 1,000
   WCU) for PK_DDB_HEAT_WINDOW_S seconds in a row starts a split, which
   completes PK_DDB_SPLIT_DELAY_S seconds later. ASSUMPTION, each */
#define PK_DDB_HEAT_PCT 80
#define PK_DDB_HEAT_WINDOW_S 300
#define PK_DDB_SPLIT_DELAY_S 300

/* D13: a new on-demand table's warm throughput (KC-OD; A-WARM) */
#define PK_DDB_OD_WARM_RRU 12000
#define PK_DDB_OD_WARM_WRU 4000
/* D12: the default per-table quota, reads and writes each (A-SQ) */
#define PK_DDB_OD_QUOTA 40000
/* D12: seconds a rate must be served to become the peak (ASSUMPTION) */
#define PK_DDB_OD_SUSTAIN_S 60
/* D12: how long ago the peak that sets today's limit was (A-RWCM's 30
   minutes; ASSUMPTION that it acts as a delay) */
#define PK_DDB_OD_LAG_S 1800

/* How the table pays for throughput */
enum pk_ddb_capacity {
	PK_DDB_PROVISIONED, /* read and write capacity units a second */
	PK_DDB_ON_DEMAND,   /* request units, scaled by the service */
};

/* D9: where unused capacity is banked (reference §6) */
enum pk_ddb_burst {
	PK_DDB_BURST_PARTITION, /* a bank per partition (the default) */
	PK_DDB_BURST_TABLE,	/* one bank for the table (KC-BURST) */
	PK_DDB_BURST_OFF,	/* no burst */
};

/* D10: adaptive capacity (reference §6) */
enum pk_ddb_adaptive {
	PK_DDB_ADAPTIVE_OFF,	 /* even shares plus burst (2012-2017) */
	PK_DDB_ADAPTIVE_DELAYED, /* lifts a throttled partition after
				    adaptive_delay_s (2018) */
	PK_DDB_ADAPTIVE_INSTANT, /* a partition may use the table's unused
				    capacity at once (2019 on; default) */
};

/* D3: how a partition's read and write limits combine (reference §2) */
enum pk_ddb_partition_limit {
	PK_DDB_LIMIT_INDEPENDENT, /* two buckets, 3,000 R and 1,000 W
				     (default) */
	PK_DDB_LIMIT_LINEAR,	  /* one budget: reads at 1/3,000, writes
				     at 1/1,000 of it */
};

/* A read's consistency (D1): what a scenario's reads are */
enum pk_ddb_consistency {
	PK_DDB_CONSISTENCY_EVENTUAL, /* GetItem's default */
	PK_DDB_CONSISTENCY_STRONG,
};

/* D16: how the client retries a throttle (`retry_mode`, reference §10:
   botocore's modes, CONFIRMED) */
enum pk_ddb_retry_mode {
	PK_DDB_RETRY_CLIENT,   /* the scenario's client: retries, as a
				  429 after the rest of the second (the
				  default) */
	PK_DDB_RETRY_LEGACY,   /* botocore legacy: 9 retries, 0.05 x 2^k s,
				  no jitter, no quota */
	PK_DDB_RETRY_STANDARD, /* botocore standard: 3 attempts, u x
				  min(2^k, 20) s, the 500-token quota */
};

/* botocore legacy, DynamoDB: 10 attempts, base 0.05 s, growth 2 */
#define PK_AWS_LEGACY_RETRIES 9
#define PK_AWS_LEGACY_BASE_MS 50
/* botocore standard: 3 attempts, base 1 s, cap 20 s */
#define PK_AWS_STANDARD_RETRIES 2
#define PK_AWS_STANDARD_BASE_MS 1000
#define PK_AWS_STANDARD_CAP_MS 20000
/* The most a retry_mode's retries of one throttle wait in all: legacy
   0.05 x (2^9 - 1) s = 25,550 ms; standard at most 1 + 2 s = 3,000 ms
   (its waits drawn below min(2^k, 20) s) */
#define PK_AWS_LEGACY_WAIT_MS 25550
#define PK_AWS_STANDARD_WAIT_MS 3000

/* D17: a table has at most 20 global secondary indexes (A-SQ 2023) */
#define PK_DDB_MAX_GSIS 20

/* D13, reference §12: a new on-demand index's warm throughput, request
   units a second. ASSUMPTION: the reference marks it UNCONFIRMED (a
   third-party page citing AWS's examples); it is a new table's */
#define PK_DDB_OD_GSI_WARM_RRU 12000
#define PK_DDB_OD_GSI_WARM_WRU 4000

/* A global secondary index (D17, reference §12): its own partitions,
   keyed by its own attribute, with its own provisioned units (a
   provisioned table's) or its own warm throughput (an on-demand
   table's: "GSIs follow the table's capacity mode"). Strings owned by
   the scenario. */
struct pk_ddb_gsi_spec {
	char *name;		    /* as the throttle reasons name it */
	char *partition_key;	    /* attribute path, "/status" */
	int64_t rcu, wcu;	    /* provisioned units a second, 1 ..
				       PK_DDB_MAX_CAPACITY_UNITS each; 0 on
				       demand */
	int64_t warm_rru, warm_wru; /* on demand only: its warm throughput
				       (D13), request units a second,
				       default PK_DDB_OD_GSI_WARM_RRU and
				       _WRU; 0 when provisioned */
	int fixed;		    /* `auto_scaling: off`: its units stay
				       as given while the table's auto
				       scaling (D19) moves the table's;
				       0: it follows the table's policy on
				       its own write units (ddb_scale.c) */
	int keys_only;		    /* projection: 1 keys_only (an entry under
				       1 KB: 1 WCU a write), 0 all (the default:
				       the entry is the item, its units the base
				       write's) */
	int line, col;		    /* where the index's mapping is */
};

/* D18: a table has at most 5 local secondary indexes (A-SQ) */
#define PK_DDB_MAX_LSIS 5
/* D18: one partition-key value's item collection (its items and their
   local index entries) holds at most 10 GiB on a table with a local
   secondary index (A-LSI, A-SQ; binary units, reference) */
#define PK_DDB_COLLECTION_BYTES (10LL * 1024 * 1024 * 1024)

/* A local secondary index (D18, reference §13): the table's partition
   key with another sort key; its entries live on the base partition,
   on its capacity, in the key value's item collection. Strings owned
   by the scenario. */
struct pk_ddb_lsi_spec {
	char *name;	/* the index's name */
	char *sort_key; /* attribute path, "/status"; an item without it
			   is not in the index */
	int keys_only;	/* projection: 1 keys_only (1 WCU a write, no
			   bytes counted: ASSUMPTION), 0 all (the default:
			   the entry is the item) */
	int line, col;	/* where the index's mapping is */
};

/* The `table:` section. Strings owned by the scenario. */
/* D19: provisioned auto scaling's CONFIRMED numbers (reference §11,
   A-PT): capacity rises after this many consecutive 1-minute points
   above the target utilisation, falls after this many below it */
#define PK_DDB_SCALE_OUT_POINTS 2
#define PK_DDB_SCALE_IN_POINTS 15
/* D19: seconds from the decision to the new units (ASSUMPTION: "the
   UpdateTable call then takes minutes"; AWS gives no figure) */
#define PK_DDB_SCALE_DELAY_S 60
/* D19: a minute counts towards a decrease only when its utilisation is
   this many percentage points below the target (ASSUMPTION: not in the
   reference, which gives the 15 points, not their threshold; AWS's
   Knowledge Center page "DynamoDB auto scaling" says capacity decreases
   "when utilization is 20% or more below the target for 15 consecutive
   minutes", a target of 70 % lowering below 50 %) */
#define PK_DDB_SCALE_IN_MARGIN_PCT 20

/* D19: a provisioned table's auto scaling (`auto_scaling:`), both
   sides alike (target tracking on each side's consumed units) */
struct pk_ddb_autoscale_spec {
	int on;			  /* 1: given */
	int64_t target_pct;	  /* target utilisation, 20 .. 90 % */
	int64_t min_rcu, max_rcu; /* bounds, default 1 and 40,000
				     (ASSUMPTION: AWS asks for them) */
	int64_t min_wcu, max_wcu;
	int64_t update_delay_s;	     /* decision to new units, default
					PK_DDB_SCALE_DELAY_S */
	int64_t scale_in_margin_pct; /* a minute below target minus this
					(percentage points, 0 .. 90) counts
					towards a decrease; none when the
					difference is 0 or less; default
					PK_DDB_SCALE_IN_MARGIN_PCT */
};

struct pk_ddb_table_spec {
	char *name;	     /* the table's name; default: its partition
				key */
	char *partition_key; /* attribute path, "/customerId" */
	char *sort_key;	     /* attribute path, or NULL */
	enum pk_ddb_capacity capacity;
	int64_t rcu; /* provisioned read capacity units a second, 1 ..
			PK_DDB_MAX_CAPACITY_UNITS; 0 on demand */
	int64_t wcu; /* provisioned write capacity units a second, alike */
	enum pk_ddb_burst burst;
	enum pk_ddb_adaptive adaptive;
	int64_t adaptive_delay_s; /* `delayed` only, >= 0 s, default
				     PK_DDB_ADAPTIVE_DELAY_S */
	enum pk_ddb_partition_limit partition_limit;
	/* D7 (ddb_hsplit.c): heat_split 1 splits a partition for
	   sustained heat (the default: the service does), 0 never (the
	   classic behaviour); its threshold in % of a partition's cap,
	   1 .. 100, default PK_DDB_HEAT_PCT; the seconds the heat must
	   last, >= 1, default PK_DDB_HEAT_WINDOW_S; the seconds from the
	   split's start to its end, >= 0, default PK_DDB_SPLIT_DELAY_S */
	int heat_split;
	int64_t heat_pct, heat_window_s, split_delay_s;
	/* D11 (ddb_isolate.c): isolate 1 moves an item asked more units in
	   a second than its partition's share to a partition of its own
	   isolate_delay_s (>= 0) after (default 0 under `instant`, the
	   adaptive delay under `delayed`; ASSUMPTION); 0 never (the
	   default). A table without a sort key only */
	int isolate;
	int64_t isolate_delay_s;
	int raise_formula; /* 1: a raise sets the count by the formula;
			      0: it doubles (the default; ddb_layout.h) */
	enum pk_ddb_consistency reads; /* the consistency of every read */
	int transact; /* `batches:` 1 transact_write_items (a batch is
			 TransactWriteItems: all or nothing, 2 WCU a KiB
			 an item), 0 batch_write_item (BatchWriteItem, the
			 default) */
	enum pk_ddb_retry_mode retry_mode; /* D16: the client's retries of
					      a throttle */
	int infrequent;		   /* table_class: 1 STANDARD_INFREQUENT_ACCESS,
				      0 STANDARD (the default): prices only */
	int class_line, class_col; /* where table_class is; 0 none */
	/* on demand only (D12, D13; ddb_ondemand.h), request units a
	   second: */
	int64_t warm_rru, warm_wru; /* warm throughput, default 12,000 and
				       4,000 (A-WARM) */
	int64_t max_rru, max_wru;   /* configured maximum; 0: none */
	int64_t quota_units;	    /* per-table quota, each side, default
				       40,000 (A-SQ) */
	int64_t peak_sustain_s;	    /* seconds that make a peak, default 60
				       (ASSUMPTION) */
	int64_t peak_lag_s;	    /* the limit is twice the peak this long
				       ago, default 1,800 (A-RWCM's 30
				       minutes; ASSUMPTION) */
	/* `global_secondary_indexes:` (D17): n_gsis of them, owned; NULL
	   and 0 without */
	struct pk_ddb_gsi_spec *gsis;
	size_t n_gsis;
	/* `local_secondary_indexes:` (D18; a table with a sort_key):
	   n_lsis of them, owned; NULL and 0 without */
	struct pk_ddb_lsi_spec *lsis;
	size_t n_lsis;
	struct pk_ddb_autoscale_spec scale; /* D19; on 0 without */
	int line, col;			    /* where `table:` is */
};

#endif
