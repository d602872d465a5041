/*
 * scenario_workload: the workload a scenario describes, as the loader
 * validated it (scenario.h holds it, and includes this header): how each
 * item property gets its value, item sizes, the operations and their
 * conditions and queries, the phases and how operations arrive in them,
 * a data file's items, the preload, and the streams. Units as scenario.h.
 */
#ifndef PKSIM_SCENARIO_WORKLOAD_H
#define PKSIM_SCENARIO_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/rng.h"
#include "pksim/base/schedule.h"
#include "pksim/base/value.h"
#include "pksim/load/expect.h"
#include "pksim/load/scenario_client.h"

/* How one item property gets its value. */
enum pk_gen_kind {
	PK_GEN_PATTERN = 0, /* "dev-{0000..0999}": prefix, number, suffix */
	PK_GEN_LIST,	    /* an explicit list of strings */
	PK_GEN_CLOCK,	    /* strftime() of the item's creation time, UTC */
	PK_GEN_CONST,	    /* one constant typed value */
	PK_GEN_UNIQUE,	    /* prefix + item sequence number: unique per item */
};

struct pk_prop_spec {
	char *path; /* owned; JSON path of the property, "/deviceId",
		       "/address/city" (nested mappings in YAML) */
	enum pk_gen_kind kind;
	/* PATTERN: value i is prefix + (first + i) zero-padded to width +
	 * suffix */
	char *prefix;	/* owned; PATTERN and UNIQUE; "" when none */
	char *suffix;	/* owned; PATTERN; "" when none */
	uint64_t first; /* PATTERN: first number of the range */
	uint64_t count; /* PATTERN and LIST: number of values N >= 1 */
	int width;	/* PATTERN: zero-padded digits (width of "0000" = 4) */
	char **list;	/* LIST: owned, count strings */
	struct pk_dist_spec dist; /* PATTERN and LIST */
	char *clock_format; /* CLOCK: owned strftime format, e.g. "%Y-%m-%d" */
	/* CONST: the value; its str (if STRING) points into const_text */
	struct pk_value const_value;
	char *const_text; /* CONST: owned text of a string constant */
	int line, col;	  /* position of the property in the file, 1-based */
};

enum pk_size_kind {
	PK_SIZE_FIXED = 0, /* always `bytes` */
	PK_SIZE_UNIFORM,   /* uniform integer in [min_bytes, max_bytes] */
	PK_SIZE_NORMAL,	   /* normal(mean, stddev), rounded, clamped to
			      [1, PK_MAX_ITEM_BYTES] */
};

struct pk_size_spec {
	enum pk_size_kind kind;
	uint64_t bytes;	     /* FIXED: 1 .. PK_MAX_ITEM_BYTES */
	uint64_t min_bytes;  /* UNIFORM: 1 <= min <= max */
	uint64_t max_bytes;  /* UNIFORM: max <= PK_MAX_ITEM_BYTES */
	double mean_bytes;   /* NORMAL: > 0 */
	double stddev_bytes; /* NORMAL: >= 0 */
};

/* Operation kinds, in the order of pk_phase_spec.mix. */
enum pk_op_kind {
	PK_OP_CREATE = 0, /* insert a new item (new id) */
	PK_OP_UPSERT,	  /* overwrite an existing item, or create if none */
	PK_OP_READ,	  /* point read of an existing item (id + key) */
	PK_OP_REPLACE,	  /* replace an existing item, same key */
	PK_OP_DELETE,	  /* delete an existing item */
	PK_OP_QUERY,	  /* a query drawn from the phase's `queries` */
	PK_OP_BATCH,	  /* a transactional batch of batch_size new items
			     (creates) sent as one request */
	PK_OP_BATCH_GET,  /* DynamoDB's BatchGetItem: batch_get_size
			     distinct stored items, read in one request */
	PK_OP_KINDS,	  /* the kinds a phase's mix holds */
	/* a request replayed from an Azure Monitor log (monitor.h):
	   charged its recorded RU on its key's range, touching no data;
	   never in a phase's mix */
	PK_OP_CHARGE = PK_OP_KINDS
};

/* D-LIMITS: at most 100 operations per transactional batch */
#define PK_MAX_BATCH_OPS 100
/* ASSUMPTION: pksim's default batch size; the service sets only the cap */
#define PK_DEFAULT_BATCH_OPS 10
/* D-LIMITS: a request (a batch's items together) is at most 2 MB */
#define PK_MAX_REQUEST_BYTES (2ULL * 1024ULL * 1024ULL)

/* How a query condition uses a property (values come from existing
   items drawn by the phase's `select`). */
enum pk_cond_kind {
	PK_COND_EQ = 0,	    /* p = value of one existing item */
	PK_COND_IN,	    /* p IN (values of in_count existing items) */
	PK_COND_STARTSWITH, /* STARTSWITH(p, a prefix of a value) */
	PK_COND_RANGE,	    /* p > value (or <): a range condition */
};

/* Values in one IN list, at most: D-LIMITS as published in 2019
   (articles/cosmos-db/concepts-limits.md dated 2019-07-10, "SQL query
   limits": "Maximum arguments per IN expression | 6000", a default the
   service raises on request). The 2023 revision pksim's reference reads
   no longer lists it, only the 512 KB query text, which 6,000 short
   values fit. The note with its sources: scenarios/README.md, Queries. */
#define PK_QUERY_MAX_IN 6000
#define PK_QUERY_MAX_CONDS 8 /* conditions in one query, at most */

struct pk_cond_spec {
	char *path; /* owned; "/deviceId" (a property path) */
	enum pk_cond_kind kind;
	int in_count;  /* IN: 1 .. PK_QUERY_MAX_IN values; at most
			  one IN condition per query */
	int line, col; /* of the property in the scenario; 0 for --query */
};

/* One kind of query a phase sends. */
struct pk_query_spec {
	char *name; /* owned; default "query-N" (1-based) */
	struct pk_cond_spec conds[PK_QUERY_MAX_CONDS]; /* paths distinct */
	size_t n_conds;	  /* 0 = no filter: a full scan, fan-out */
	uint32_t results; /* items returned, for the per-result
			     charge; default 1 (ASSUMPTION: pksim does
			     not evaluate filters over stored items) */
	double weight;	  /* > 0, default 1: share among the phase's
			     queries */
	char *index;	  /* owned; NULL: the table (or container);
			     else the DynamoDB table's global secondary
			     index it reads (IndexName) */
	int index_line;	  /* where `index:` is, with index_col; 0 none */
	int index_col;
	int line, col;
};

enum pk_arrival_kind {
	PK_ARRIVAL_UNIFORM = 0, /* evenly spaced: op i at start + i / rate;
				   with a schedule at the first instant its
				   expected count passes i (schedule.h) */
	PK_ARRIVAL_POISSON,	/* exponential gaps with mean 1 / rate; with
				   a schedule a Poisson process of its
				   intensity */
};

/* One entry of a phase's `redistribute`: a range's new RU/s. */
struct pk_redist_spec {
	uint32_t range_id; /* partition key range id, as in the reports */
	int64_t ru_per_s;  /* 1 .. PK_REDIST_MAX_RU_PER_S */
	int line, col;	   /* where the entry's key is written, 1-based */
};

struct pk_phase_spec {
	char *name;	     /* owned; default "phase-N" (1-based) */
	int64_t duration_ms; /* > 0, a whole number of seconds */
	double rate_per_s;   /* open arrival rate, ops per second, > 0;
				with a schedule its mean, ops_planned /
				duration (reports only: the workload reads
				the schedule) */
	/* `rate:` as a mapping (schedule.h): owned, NULL for a constant
	   rate_per_s */
	struct pk_schedule_spec *schedule;
	double ops_planned;	/* with a schedule: expected operations,
				   L(duration) (schedule_total); 0 without */
	double peak_rate_per_s; /* with a schedule: its highest rate,
				   ops/s; 0 without */
	double walk_pieces;	/* with a schedule: the pieces its arrivals
				   walk (schedule_walk_pieces); 0 without */
	enum pk_arrival_kind arrival;
	double mix[PK_OP_KINDS]; /* fractions >= 0 summing to 1 */
	struct pk_size_spec item_size;
	/* which existing item read/upsert/replace/delete target; over items in
	   creation order, LATEST favouring the newest; default UNIFORM */
	struct pk_dist_spec select;
	int64_t throughput_ru_per_s; /* new provisioned RU/s at phase start;
					-1 = unchanged */
	int throughput_line, throughput_col; /* where `throughput` is
						written, 1-based; 0 if not */
	struct pk_query_spec *queries;	     /* owned; required (n >= 1) when
						mix[PK_OP_QUERY] > 0 */
	uint32_t batch_size;		     /* BATCH: items per batch, 1 ..
						PK_MAX_BATCH_OPS, default
						PK_DEFAULT_BATCH_OPS */
	uint32_t batch_get_size;	   /* BATCH_GET: keys per request, 1 ..
					      PK_DDB_BATCH_GET_MAX, default
					      PK_DEFAULT_BATCH_OPS */
	int batch_get_line, batch_get_col; /* where ops.batch_get is
					      written; 0 if not */
	double batch_spanning; /* BATCH: fraction of batches whose items
				  are drawn independently (usually
				  spanning logical partitions), 0..1,
				  default 0 */
	double upsert_new;     /* UPSERT: fraction writing a new item (as
				  a create draws one); the rest rewrite a
				  stored item drawn by select. 0..1, def. 1 */
	size_t n_queries;
	/* Phase actions at the phase's start, after `throughput` (D-REDIST,
	   D-MERGE; manual or autoscale containers, not serverless): at most
	   one of the two per phase. */
	struct pk_redist_spec *redistribute; /* owned; ids distinct; NULL
						when none */
	size_t n_redistribute;
	int64_t merge_to;		/* merge down to this many ranges, >= 1;
					   0 = no merge */
	int policy_equal;		/* 1: `throughput_policy: equal`, RU/s
					   divided evenly again after a
					   redistribution (rule 26); applied
					   before `throughput` */
	int policy_line, policy_col;	/* where it is written; 0 if not */
	int64_t autoscale_max_ru_per_s; /* new autoscale max Tmax at the
					   phase start, a multiple of 1,000,
					   >= 1,000; 0 = unchanged */
	int autoscale_max_line, autoscale_max_col; /* where written */
	int action_line, action_col; /* where `redistribute` or `merge` is
					written; 0 if neither */
	int batch_line, batch_col;   /* where batch.size (else ops.batch) is
					written; 0 if neither */
	/* Request options (the SDK's RequestOptions, rules 30, 31): what
	   each request of the phase is sent with, over its client's. With
	   a client in bulk mode they are ignored (rules 34, 35): bulk takes
	   the client's priority and bucket, never a request's. */
	int req_priority; /* `priority`: PK_REQ_HIGH, PK_REQ_LOW, 0 none */
	/* `suffix_reads: fan_out` (rule 38): a read, replace, delete or
	   upsert of a stored item by a key with a random part finds the item
	   by a fan-out query (every range) instead of the IN list of the
	   key's values (0, `in_list`, the default) */
	int suffix_fanout;
	int req_bucket; /* `throughput_bucket`: 1 .. 5, 0 none */
	/* A dynamodb table's provisioned units from the phase's start
	   (`read_capacity_units`, `write_capacity_units`, 1 ..
	   PK_DDB_MAX_CAPACITY_UNITS; D5, D8 and the decrease limits of the
	   reference's §11: docs/dynamodb.md): 0 = unchanged */
	int64_t ddb_rcu, ddb_wcu;
	int ddb_units_line, ddb_units_col; /* where the first of them is
					      written; 0 if neither */
	int line, col;			   /* position of the phase, 1-based */
};

/* pk_phase_spec.req_priority */
#define PK_REQ_HIGH 1
#define PK_REQ_LOW 2

/*
 * Items read from a data file instead of generated (`items: {file: ...}`,
 * or `pksim compare --items FILE`): each record becomes one create, in
 * arrival order. Arrival: by a timestamp field (epoch seconds or ISO 8601)
 * divided by time_compression, counted from the earliest record; or at a
 * fixed rate in file order; or all at t = 0. Records are replayed in time
 * order (a stable sort: records out of order in the file are not an
 * error). Item size: the record's serialized size (trace.h), unless
 * size_bytes is set.
 */
struct pk_monitor_log; /* monitor.h */

enum pk_arrival_from {
	PK_FROM_TIME_FIELD = 0, /* time_field / time_compression */
	PK_FROM_RATE,		/* rate_per_s, file order */
	PK_FROM_AT_ONCE,	/* every record at t = 0 */
	PK_FROM_MONITOR,	/* an Azure Monitor export (`monitor_log:`):
				   rows at their TimeGenerated, each a
				   recorded charge (monitor.h) */
};

struct pk_items_file {
	char *path;	/* owned; as written (relative to the
			   scenario's folder) */
	char *resolved; /* owned; the path opened: path itself
			   when absolute or when the scenario
			   file has no folder part, else the
			   scenario's folder + "/" + path */
	int format;	/* enum pk_trace_format (trace.h) */
	enum pk_arrival_from from;
	char *time_field;	 /* owned; FROM_TIME_FIELD: "/ts" */
	double time_compression; /* FROM_TIME_FIELD: > 0, default 1 */
	double rate_per_s;	 /* FROM_RATE: > 0 */
	uint64_t size_bytes;	 /* 0: each record's serialized size; else
				    1 .. PK_MAX_ITEM_BYTES for every item */
	size_t limit;		 /* records used: the first `limit` in file
				    order; 0 = all (`limit: N`) */
	/* Queries sent among the records (`compare --query`,
	   scenario_add_query): weight is the query's share of all the
	   operations replayed, 0 < weight, the sum < 1; each an equality
	   filter per condition, values from a record already replayed.
	   Owned; NULL when none. */
	struct pk_query_spec *queries;
	size_t n_queries;
	struct pk_trace *trace; /* owned; the records, loaded by the loader;
				   every used record has a valid time
				   field under FROM_TIME_FIELD */
	int line, col;		/* position of `file:`, 1-based; 0 when
				   built by scenario_for_items */
	/* FROM_MONITOR (`monitor_log:`): the rows kept (owned; every one
	   valid, its key with as many components as the variants' key,
	   which every variant shares) and what chose them. The rows replay
	   from t = 0 = monitor_t0_ms, the earliest TimeGenerated kept
	   rounded down to a whole second, so the simulation's one-second
	   windows are the log's own seconds. */
	struct pk_monitor_log *monitor;
	char *database, *collection, *region; /* owned; NULL: not chosen */
	int db_line, db_col, coll_line, coll_col, region_line, region_col;
	int64_t split_mru;     /* a row is ceil(charge / split_mru) requests
				  over its second; 0: one request at its time */
	int64_t monitor_t0_ms; /* ms since 1970 UTC */
};

/*
 * The container's data at t = 0, stored before the clock starts and
 * charged nothing (`preload:`): either items per value of a
 * generated property (each variant keyed by that property stores them in
 * their logical partitions), or the records of a data file (each stored
 * under each variant's key). Preloaded items are not the workload's:
 * no read targets them and they never expire (their write times are not
 * known).
 */
enum pk_preload_count {
	PK_PRELOAD_FIXED = 0, /* count items for every value */
	PK_PRELOAD_UNIFORM,   /* uniform in count .. count_max per value,
				 drawn from the seed */
	PK_PRELOAD_ZIPF,      /* count items in all; value rank r (1 =
				 the property's first value) gets
				 r^-s / sum(k^-s) of them, rounded so
				 they add up (largest remainders) */
};

/* pksim's bounds (not the service's): values a preload spreads items
   over (each a logical partition of some 320 bytes per variant), and
   items in all */
#define PK_PRELOAD_MAX_VALUES 1000000ULL
#define PK_PRELOAD_MAX_ITEMS 1000000000000ULL

struct pk_preload_spec {
	char *property;	 /* owned; "/tenantId": a generated PATTERN, LIST or
			    CONST property; NULL with file */
	uint64_t values; /* property: its values (>= 1) */
	enum pk_preload_count count_kind; /* property only */
	uint64_t count;			  /* FIXED: per value; UNIFORM:
					     the least; ZIPF: in all */
	uint64_t count_max;		  /* UNIFORM: the most per value */
	double s;			  /* ZIPF: exponent > 0 */
	uint64_t size_bytes;		  /* bytes an item, 1 .. 2 MB
					     (property: default 1 KB; file:
					     0 = each record's own size) */
	struct pk_items_file *file;	  /* owned; the records (its arrival
					     fields unused); NULL with property */
	int line, col;			  /* where `preload:` is */
};

/*
 * One workload of a scenario (`streams:`): its items' generators,
 * its phases and its client. A scenario's props and phases hold every
 * stream's, stream after stream in the order written; a stream names its
 * slice of each. Its phases are a timeline of their own from t = 0.
 */
struct pk_stream_spec {
	char *name;	    /* owned; "main" without `streams:` */
	size_t prop_first;  /* its properties: props[prop_first ..] */
	size_t n_props;	    /* >= 1 with generated items (its /id) */
	size_t phase_first; /* its phases: phases[phase_first ..] */
	size_t n_phases;
	struct pk_client_spec client;
	int line, col; /* of the stream in `streams:`; 0 without */
};

/* Streams in one scenario, at most: pksim's bound (a stream's counters
   are kept per variant and operation kind) */
#define PK_MAX_STREAMS 16

#endif
