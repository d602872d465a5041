/*
 * loader: what the modules of the scenario loader share (internal to
 * src/load). One struct ld per scenario_parse (or scenario_add_variant)
 * call; every function here records its errors in ld->d at the node's
 * FILE:LINE:COL and goes on, so one run shows many mistakes.
 *
 * The modules, in the order a scenario is read:
 *   yamltree            YAML text -> node tree (the only <yaml.h> user)
 *   scenario            root, defaults, entry points, scenario_free
 *   scenario_keys       unknown keys and words, with suggestions
 *   scenario_get        typed getters (string, int, number, size, ...)
 *   scenario_container  container, partition key, variants
 *   scenario_fleet      a container's fleet pool (rule 40)
 *   scenario_layout     an existing container's partitions and storage
 *   scenario_table      an Amazon DynamoDB table (service: dynamodb)
 *   scenario_ttl        default_ttl and the items' ttl (rule 28)
 *   scenario_preload    the data at t = 0 (preload)
 *   scenario_client     client retries, cost, clock
 *   scenario_pricing    pricing: region, price table, billing date
 *   scenario_items      item generators and distributions
 *   scenario_datafile   items from a data file
 *   scenario_monitor    an Azure Monitor export as the workload
 *   scenario_phases     phases, their actions and the cross-checks
 *   scenario_rate       a phase's rate or rate schedule
 *   scenario_queries    a phase's queries
 *   plan_limits         up-front time and size bounds, the plan's arithmetic
 *   plan_ranges         items, physical partitions, 429s and merges planned
 *   plan_queues         retries and paced clients' operations waiting at once
 *   plan_memory         the memory estimate that refuses a run up front
 *   scenario_cli        scenarios built from command-line options
 */
#ifndef PKSIM_LOAD_LOADER_H
#define PKSIM_LOAD_LOADER_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "yamltree.h"

/* Decimal digits in UINT64_MAX: the longest number a pattern can print. */
#define PK_SCENARIO_U64_DIGITS 20

/* Loader state for one scenario_parse (or scenario_add_variant) call. */
/* Tables whose sort_key's place struct ld keeps (a scenario's table
   and its variants' own: a handful) */
#define PK_LD_SORT_KEYS 16

struct ld {
	const char *file; /* name used in messages */
	struct pk_diag *d;
	struct pk_scenario *s;
	size_t cap_props; /* room in s->props */
	/* the client `client:` fills: the stream being read */
	struct pk_client_spec *client;
	const char *expect_file; /* the file its expect: items name
				    (pk_expect.file, owned by s), NULL:
				    s->file */
	/* the container block's own spec when it sets partition_key and
	   variants replace it (s->container is then the first variant's);
	   owned, freed by the loader: a monitor log's key is this one */
	struct pk_container_spec *own;
	/* the variant names `compare --key` will add, checked against the
	   file's variants before any data file is read (borrowed) */
	const char *const *cli_keys;
	size_t n_cli_keys;
	/* where the first PK_LD_SORT_KEYS tables' sort_key is, each keyed
	   by its table's own place (pk_ddb_table_spec line, col): what
	   ld_check_gsis's error about it points at (a later table's points
	   at the table) */
	struct ld_sort_key_at {
		int t_line, t_col; /* the table's mapping */
		int line, col;	   /* its sort_key's value */
	} sk_at[PK_LD_SORT_KEYS];
	size_t n_sk_at;
};

static inline int ld_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Record an error at line:col of ld->file, or at node n. */
void ld_err_at(struct ld *ld, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void ld_err(struct ld *ld, const struct yn *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Record a warning (diag_warning) at line:col of ld->file */
void ld_warn_at(struct ld *ld, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* scenario_cli.c: each of ld->cli_keys that names a variant of the file
   (a --key variant is named after its key) as an error; -1 if any, else
   0 */
int ld_check_cli_keys(struct ld *ld);

/* scenario_items.c: warn of each string value of a property (a const or
   a list's) that names another property in braces, "{deviceId}-{ts}" or
   "{day(ts)}": a value is taken as written, so such text meant as a key
   template gives every item that one text */
void ld_warn_key_texts(struct ld *ld);

/* scenario_keys.c: the allowed word nearest to word, or NULL if none is
   close enough; 1 if word is in the NULL-terminated list; "a, b, c" of
   a list (owned); "unknown NOUN 'word' WHERE; did you mean 'x'?" or
   "...; allowed: a, b, c" at n; every key of mapping m not in allowed. */
const char *ld_nearest(const char *word, const char *const *allowed);
int ld_word_in(const char *word, const char *const *list);
char *ld_word_join(const char *const *list);
void ld_err_unknown(struct ld *ld, const struct yn *n, const char *noun,
		    const char *word, const char *where,
		    const char *const *allowed);
void ld_check_keys(struct ld *ld, const struct yn *m,
		   const char *const *allowed, const char *where);

/* scenario_get.c: typed getters. Each checks node n (named key in
   messages), writes *out and returns 0, or reports its own error and
   returns -1 leaving *out alone. what describes the allowed values. */
int ld_need_kind(struct ld *ld, const struct yn *n, enum yn_kind kind,
		 const char *key, const char *what);
int ld_get_string(struct ld *ld, const struct yn *n, const char *key,
		  int allow_empty, char **out);
int ld_get_int(struct ld *ld, const struct yn *n, const char *key, int64_t min,
	       int64_t max, const char *what, int64_t *out);
int ld_get_number(struct ld *ld, const struct yn *n, const char *key, double lo,
		  int lo_open, double hi, int hi_open, const char *what,
		  double *out);
int ld_get_size(struct ld *ld, const struct yn *n, const char *key,
		uint64_t min, uint64_t max, const char *what, uint64_t *out);
int ld_get_duration(struct ld *ld, const struct yn *n, const char *key,
		    int64_t min_ms, int64_t *out);
int ld_get_rate(struct ld *ld, const struct yn *n, const char *key,
		double *out);
/* ld_get_rate, but 0 is allowed when allow_zero (a schedule's step or
   ramp end). */
int ld_get_rate_from(struct ld *ld, const struct yn *n, const char *key,
		     int allow_zero, double *out);
/* A rate from lo to hi a second: every rate outside it, a negative one
   or one past what pksim reads too, is refused with "KEY must be RANGE
   (got ...): WHY"; a number with an exponent with the range and eg
   (examples within it, "2000/s, 120/m") as what is allowed. 0 and *out,
   or -1 with the error. */
int ld_get_rate_in(struct ld *ld, const struct yn *n, const char *key,
		   double lo, double hi, const char *range, const char *why,
		   const char *eg, double *out);
int ld_get_switch(struct ld *ld, const struct yn *n, const char *key, int *out);

/* scenario.c: every default of a scenario (scenario.h) into s. */
void ld_scenario_defaults(struct pk_scenario *s);
/* scenario.c: a client's defaults (the SDK's retries, no budget); with
   one stream, make it span every property and phase of s */
void ld_client_defaults(struct pk_client_spec *c);
/* scenario_client.c: a container's `throughput_buckets` list at n into
   cs->bucket_pct (rule 31). */
void ld_load_buckets(struct ld *ld, const struct yn *n,
		     struct pk_container_spec *cs);
void ld_streams_span(struct pk_scenario *s);

/* scenario_fleet.c: a container's `fleet_pool` at n into c->fleet
   (rule 40; `none` clears an inherited pool), and the check, after every
   key of mapping m is read, that c's other settings allow a pool. */
void ld_load_fleet(struct ld *ld, const struct yn *n,
		   struct pk_container_spec *c);
void ld_fleet_fits(struct ld *ld, const struct yn *m,
		   const struct pk_container_spec *c);

/* scenario_layout.c: the layout keys of mapping m (a `container:` or one
   variant): `partitions` (N, or `new`), `storage_per_partition` and
   `storage_total` (only with an existing layout, at most one of them),
   laid over *c, then checked (rules 1, 5, 8) at the key a problem is
   about. `partitions: new` drops inherited storage: a new container
   starts empty. */
void ld_load_layout(struct ld *ld, const struct yn *m,
		    struct pk_container_spec *c);

/* scenario_container.c */
int ld_path_ok(const char *s);
void ld_key_free(struct pk_key_spec *k);
void ld_container_free(struct pk_container_spec *c);
void ld_container_copy(struct pk_container_spec *dst,
		       const struct pk_container_spec *src);
/* A new container's defaults into c (zeroed by the caller): the
   service's partition caps, rule 8's creation heuristic, key version 2 */
void ld_container_defaults(struct pk_container_spec *c);
int ld_load_key(struct ld *ld, const struct yn *n, struct pk_key_spec *k,
		char **display);
void ld_load_containers(struct ld *ld, const struct yn *m, const struct yn *vn);

/* scenario_service.c: the service root's `service:` names (Azure Cosmos
   DB when none) into ld->s->service, and its section of root (for
   Azure Cosmos DB `container` and `variants`) read by that service's
   spec loader. Returns 0, or -1 with the error at `service:` when it
   names no service pksim has (the message lists those it has): nothing
   else of the scenario is read then, so no error follows from a section
   written for another service. */
int ld_load_service(struct ld *ld, const struct yn *root);

/* scenario_client.c: with service: dynamodb, an error at mapping m's
   `priority` and `throughput_bucket` (Azure Cosmos DB's rules 30, 31:
   a table has neither) and 1 when it has either; else 0. A client's
   and a phase's alike. */
int ld_cosmos_class_only(struct ld *ld, const struct yn *m);

/* scenario_table.c: an Amazon DynamoDB scenario's `table:` mapping m
   into ld->s->table and its first variant (dynamodb/spec.h); a
   `variants:` entry m with `service: dynamodb` (a table beside Azure
   Cosmos DB containers in one compare) into v, zeroed by the caller,
   named after its partition key when it has no name; a deep copy of t
   (free it with ld_table_free, then free); free what a table spec owns
   (zeroed after). */
void ld_load_table(struct ld *ld, const struct yn *m);
void ld_load_table_variant(struct ld *ld, const struct yn *m,
			   struct pk_container_spec *v);
struct pk_ddb_table_spec *ld_table_dup(const struct pk_ddb_table_spec *t);
void ld_table_free(struct pk_ddb_table_spec *t);

/* scenario_gsi.c: table t's `global_secondary_indexes:` list n into
   t->gsis (t's capacity read first: an on-demand table refuses them);
   free them (t->gsis NULL after); a deep copy of src's into dst (which
   holds src's other fields). */
void ld_load_gsis(struct ld *ld, const struct yn *n,
		  struct pk_ddb_table_spec *t);
void ld_gsis_free(struct pk_ddb_table_spec *t);
/* Once the items are read: every table's sort_key and every index's
   key attribute (a global one's partition key, a local one's sort key)
   is held by some item (error at the sort_key or the index: one no item
   has, which would refuse every put or leave the index empty) */
void ld_check_gsis(struct ld *ld);
/* scenario_lsi.c: table t's `local_secondary_indexes:` list n into
   t->lsis (t's sort_key read first: a table without one refuses them);
   free them; a deep copy of src's into dst */
void ld_load_lsis(struct ld *ld, const struct yn *n,
		  struct pk_ddb_table_spec *t);
void ld_lsis_free(struct pk_ddb_table_spec *t);
void ld_lsis_dup(struct pk_ddb_table_spec *dst,
		 const struct pk_ddb_table_spec *src);
void ld_gsis_dup(struct pk_ddb_table_spec *dst,
		 const struct pk_ddb_table_spec *src);

/* scenario_ttl.c: a container's `default_ttl` (node n) into c; the
   items' `ttl` property, every value checked (rule 28). */
void ld_load_default_ttl(struct ld *ld, const struct yn *n,
			 struct pk_container_spec *c);
void ld_check_ttl_prop(struct ld *ld);

/* scenario_preload.c: `preload:` (mapping m, after items and
   containers); free one. */
void ld_load_preload(struct ld *ld, const struct yn *m);
void ld_preload_free(struct pk_preload_spec *p);

/* scenario_pricing.c: the `pricing:` mapping m (docs/money.md); free
   what a pricing spec owns (it is left with no date). */
void ld_load_pricing(struct ld *ld, const struct yn *m);
void ld_pricing_free(struct pk_pricing_spec *p);

/* scenario.c: path resolved against the folder of file (itself when
   absolute or when file has no folder part). Owned. */
char *ld_beside(const char *file, const char *path);

/* scenario_client.c: the `client:`, `cost:` and `clock:` mappings. */
void ld_load_client(struct ld *ld, const struct yn *m);
void ld_load_cost(struct ld *ld, const struct yn *m);
void ld_load_clock(struct ld *ld, const struct yn *m);

/* scenario_items.c */
void ld_dist_defaults(struct pk_dist_spec *d);
void ld_load_select(struct ld *ld, const struct yn *n, struct pk_dist_spec *d);
struct pk_prop_spec *ld_prop_add(struct ld *ld, const char *path,
				 const struct yn *at);
void ld_load_props(struct ld *ld, const struct yn *m, const char *parent);
void ld_prop_free(struct pk_prop_spec *p);

/* scenario_datafile.c */
int ld_is_items_file(const struct yn *m);
char *ld_field_path(const char *name);
int ld_items_file_read(struct pk_items_file *f, struct pk_diag *d,
		       const char *where, int line, int col, double rec_bytes);
/* What a data file's record costs a run at least, bytes, beyond the file
   as loaded (trace_load_within): an item's record (its 16-byte arrival,
   workload_int.h's pk_wl_arrival, and its 4-byte size), slot and id
   entry (one variant); a preloaded record's logical partition */
#define LD_FILE_ITEM_BYTES 20.0
#define LD_ITEM_RECORD_BYTES                                                   \
	(LD_FILE_ITEM_BYTES + PK_SCENARIO_SLOT_BYTES + PK_SCENARIO_ID_BYTES)
#define LD_PRELOAD_RECORD_BYTES PK_SCENARIO_LP_BYTES
void ld_load_items_file(struct ld *ld, const struct yn *m);
/* path resolved against the folder of the scenario file `file` (path
   itself when absolute or when file has no folder part). Owned. */
char *ld_resolve_path(const char *file, const char *path);

/* A DynamoDB table's stored item (ddb_items.c: an 80-byte record with
   its hash handle, its allocation's overhead and its hash bucket's
   share) beside its primary key's bytes. Measured, max RSS of 200,000
   and 600,000 puts of distinct /id values (no index, adaptive capacity
   off, release build): 91,292 and 268,304 KB, 453 bytes a put, where
   the estimate without it counted 365 (the heat record, the logical
   partition, their keys): 88 more; counted at 112 and the key. */
#define LD_DDB_ITEM_BYTES 112.0
/* The memo of a DynamoDB table's item keys (ddb_items.c), made at its
   first key: 2,048 slots of 80 bytes, 163,840 bytes in one calloc,
   which glibc maps on its own (above its 128 KiB threshold) with its
   16-byte header, so 41 pages of 4,096 bytes: 167,936 */
#define LD_DDB_KEY_MEMO_BYTES 167936.0
/* A DynamoDB table's partition-key value's item collection as a Query
   of the table reads it, kept when the scenario sends queries
   (ddb_query.c, ddb_query_note): an 88-byte record (uthash handle 56,
   bytes, items and hash 24, key length 8) beside the value's identity
   bytes, glibc's 8-byte header and up to 15 of rounding, and up to 32
   of hash buckets (16 bytes each, up to 2 an entry just after the
   table doubles them): 143, counted at 144 and the key. Measured, max
   RSS of 200,000 and 600,000 puts of distinct /id values with a Query
   phase less without one: 136 bytes a value (10-byte keys). */
#define LD_DDB_QUERY_KEY_BYTES 144.0
/* A DynamoDB table's partition-key value in the on-demand comparison
   (ddb_demand.c, struct ddb_dval: a 56-byte uthash handle and 72 of
   second, counts and hash, 128, then the value's index byte and
   identity bytes), made at a request's first attempt beside the value's
   heat record, on every table: 128 + 1, glibc's 8-byte header and up to
   15 of rounding, and up to 32 of hash buckets (16 bytes each, up to 2
   an entry just after the table doubles them): 184 beside the key's
   bytes. Measured (massif, dynamodb/on-demand-ramp.yaml, 100,000 values
   of 9 characters): 13,998,460 bytes requested, 140 a value (129 + 11
   identity bytes), and 1,048,576 of buckets. */
#define LD_DDB_DEMAND_VALUE_BYTES 184.0
/* A request a hot partition's heat-split watch weighs (ddb_hsplit.c,
   struct ddb_wreq: item and weight, 16 bytes, in an array that doubles
   as it grows, so up to 32 a request) */
#define LD_DDB_WATCH_ENTRY_BYTES 32.0

/* The work of one attempt of a request on a DynamoDB table, in place of
   an Azure Cosmos DB attempt's 1 unit (plan_work.c): a read (GetItem)
   LD_TABLE_READ_WORK; a write (PutItem, UpdateItem,
   DeleteItem, each item of a BatchWriteItem) LD_TABLE_WRITE_WORK;
   and LD_READ_AHEAD_WORK more an attempt when a provisioned
   table lends unused capacity (adaptive_capacity instant or delayed:
   ddb_ahead.c reads the run's stream ahead). Measured on a release
   build (user + sys CPU, --no-remedies, the machine loaded: each
   figure beside 400,000 creates on an Azure Cosmos DB container at the
   same time, 0.98 and 1.13 us each, the unit), 600,000 less 200,000
   operations on a 40,000 RCU + 40,000 WCU table of distinct /id
   values: a put 7.6 and 9.3 us (7.7 and 8.2 units) with adaptive
   capacity off, 9.2 and 12.2 us (9.4 and 10.8) instant; a GetItem 4.6
   and 5.8 us (4.7 and 5.1); a BatchWriteItem of 25 items 7.5 and
   8.3 us an item (7.7 and 8.5 units). Rounded up. */
#define LD_TABLE_READ_WORK 6.0
#define LD_TABLE_WRITE_WORK 10.0
#define LD_READ_AHEAD_WORK 3.0

/* scenario_monitor.c: the `monitor_log:` mapping m (after the containers
   and items); has_clock: the scenario sets clock (else clock.start
   becomes the log's first second). */
void ld_load_monitor_log(struct ld *ld, const struct yn *m, int has_clock);

/* scenario_service.c: whether any variant of s is a DynamoDB table */
int ld_any_table(const struct pk_scenario *s);
/* Whether a variant of s is a table whose batches are BatchWriteItem
   (not `batches: transact_write_items`) */
int ld_any_batch_write_table(const struct pk_scenario *s);

/* scenario_phases.c */
extern const char ld_size_range[];
void ld_load_phases(struct ld *ld, const struct yn *n);
/* scenario_streams.c: `streams:` (n) of the scenario's root mapping */
void ld_load_streams(struct ld *ld, const struct yn *root, const struct yn *n);
void ld_check_phase_minimums(struct ld *ld);
void ld_check_phase_actions(struct ld *ld);
/* scenario_autoscale.c: a table's `auto_scaling:` mapping n (D19),
   after its capacity, into t->scale */
void ld_load_autoscale(struct ld *ld, const struct yn *n,
		       struct pk_ddb_table_spec *t);

/* scenario_phase_units.c: a phase's `read_capacity_units` and
   `write_capacity_units` (m) into ph; then, once every phase and
   variant is read, an error at each phase that sets them while a
   variant is not a provisioned dynamodb table. */
void ld_load_phase_units(struct ld *ld, const struct yn *m,
			 struct pk_phase_spec *ph);
void ld_check_phase_units(struct ld *ld);

/* scenario_rate.c: a phase's `rate:`, a rate (2000/s) or a rate
   schedule mapping (schedule.h), read after its duration; then, once
   every phase and the clock are read, each schedule's expected
   operations and peak (ops_planned, peak_rate_per_s, rate_per_s). */
void ld_load_rate(struct ld *ld, const struct yn *n, struct pk_phase_spec *ph);
void ld_plan_phase_rates(struct ld *ld);

/* scenario_queries.c: the `queries` list n of phase ph. */
void ld_load_queries(struct ld *ld, const struct yn *n,
		     struct pk_phase_spec *ph);

/* scenario_expect.c: the `expect:` list n (after the containers: it
   names variants); free s's assertions. */
void ld_load_expect(struct ld *ld, const struct yn *n);
void ld_expect_free(struct pk_scenario *s);
void ld_load_lesson(struct ld *ld, const struct yn *n);
/* Free a lesson block and what it owns; NULL is allowed. */
void ld_lesson_free(struct pk_lesson *l);

/* plan_limits.c: the plan's arithmetic both bounds use. x to 3
   significant digits into buf (PK_FMT_BYTES), returned (ld_above: x
   that passed limit, with the digits that show it); a phase's
   expected operations, its workload count (ceil, HUGE_VAL past 2^64)
   and its peak rate (ops/s); a data file's arrival span (simulated s),
   its records replayed and the queries `compare --query` sends among n
   of them, the operations it sends in all (ld_file_ops: a monitor log's
   requests, or records and queries); the most physical
   partitions a variant reaches (plan_ranges.c); the most RU one operation
   of a phase (NULL: a data file's record) is charged, once (its answered
   attempt), with queries over ranges; the largest item a run
   writes (bytes). */
const char *ld_approx(double x, char *buf);
const char *ld_above(double x, double limit, char *buf);
double ld_phase_ops(const struct pk_phase_spec *p);
double ld_phase_count(const struct pk_phase_spec *p);
double ld_phase_peak(const struct pk_phase_spec *p);
double ld_file_span_s(const struct pk_items_file *f);
double ld_file_records(const struct pk_items_file *f);
double ld_file_ops(const struct pk_items_file *f);
double ld_file_queries(const struct pk_items_file *f, double n);
double ld_ranges_bound(const struct pk_scenario *s);
double ld_worst_op_ru(const struct pk_scenario *s,
		      const struct pk_phase_spec *p, double ranges);
/* ld_worst_op_ru with the run's largest item given (ld_largest_item, a
   pass over the phases) and the bytes a table can hold (ld_table_bytes,
   for a query on a table): for a pass that asks it of every phase */
double ld_worst_op_ru_at(const struct pk_scenario *s,
			 const struct pk_phase_spec *p, double ranges,
			 double largest, double table_bytes);
/* The candidate values of a synthetic key's template t: the product of
   the spans B - A + 1 of its `{random A..B}` parts (as
   pkey_random_values counts them), 0 for a key without one (NULL) */
double ld_key_random_values(const char *t);
/* The bytes a DynamoDB table among s's variants can hold at most, 0
   with none: the items the phases create (items: ld_items_planned) at
   the largest item stored (largest x the index factor), and the
   preload's at its item size (a data file's records at the most an item
   can be), each at most PK_DDB_ITEM_MAX_BYTES (D1: a larger item is
   refused). A Scan, or a Query of a collection, reads at most these. */
double ld_table_bytes(const struct pk_scenario *s, double items,
		      double largest);
uint64_t ld_largest_item(const struct pk_scenario *s);

/* plan_work.c: the work units of the up-front bound
   (PK_SCENARIO_MAX_WORK). ld_gone_retries: the retries of a 410/1007 one
   operation can make (PK_THROTTLE_GONE_MAX_WAIT_MS /
   PK_THROTTLE_GONE_RETRY_MS) when some variant sets split_gone, else 0.
   ld_op_attempts: the attempts an operation can make, 1, the retries
   of its 429s (the most max_retries of any stream) when the run can be
   rate limited (scenario_can_throttle), and ld_gone_retries.
   ld_queries_work: the units beyond their operations of one attempt of
   each of n queries drawn by weight from qs[0..nq) with up to ranges
   physical partitions and up to reach items written (an IN list's
   values are the keys of items the run wrote: ld_items_planned, not a
   preload's). ld_seconds_work: each of ranges partitions in
   each second with a request, n requests over span_s seconds seeing at
   most min(ceil(span_s), n) of them. ld_phase_work, ld_file_work: a
   phase's or a data file's work (client_span_s: ld_client_span_s, asked
   once for a pass over the phases, not a phase at a time), each operation's
   attempts times its units (on a DynamoDB table a request's own: plan_work.c's
   table_attempt_work, the costliest variant's), and its seconds'; a
   phase's also its writes' on a table's global secondary indexes (the
   costliest table variant's) and, with a rate schedule, the pieces its
   arrivals walk (pk_phase_spec.walk_pieces,
   PK_SCENARIO_SCHEDULE_PIECE_WORK each). */
double ld_gone_retries(const struct pk_scenario *s);
double ld_op_attempts(const struct pk_scenario *s);
double ld_queries_work(const struct pk_query_spec *qs, size_t nq, double n,
		       double ranges, double reach);
double ld_seconds_work(double span_s, double n, double ranges);
/* The work before a variant's first request and its splits, the
   costliest variant's: each item the preload stores 1 unit, and each
   split a pass over the physical partitions there
   (PK_SCENARIO_SPLIT_RANGE_WORK each): from the r0 partitions at
   creation to the r planned, (r^2 - r0^2) / 2 of them in all. */
double ld_setup_work(const struct pk_scenario *s);
double ld_phase_work(const struct pk_scenario *s, const struct pk_phase_spec *p,
		     double ranges, double reach, double attempts,
		     double client_span_s);
double ld_file_work(const struct pk_scenario *s, double ranges,
		    double attempts);
/* For a work message, words on a rate schedule whose walk's pieces
   outnumber its phase's operations (pk_phase_spec.walk_pieces), else
   "" */
const char *ld_schedule_words(const struct pk_scenario *s);

/* plan_client.c: the simulated seconds the paced clients (concurrency
   and latency, ru_budget) need to send every operation, as the time
   bound reckons them, plus one latency; 0 for open loops. A run lasts
   at least this long, however short its phases. ld_check_client_time:
   0 when each stream's client fits the 366 days, else -1 with the error
   at the stream (or its first phase, or the data file) and the figure. */
double ld_client_span_s(const struct pk_scenario *s);
int ld_check_client_time(struct ld *ld, const struct pk_scenario *s);

/* plan_retry.c: the retries of a throttle the bounds allow for.
   ld_stream_retry: those of an operation of the stream whose client is
   c: c's retry settings where some variant retries by them (a Cosmos DB
   container, a table with retry_mode client), widened by each table's
   retry_mode legacy (9 retries, 25,550 ms of waits) or standard (2, at
   most 3,000 ms), which replace them there (D16, client_aws.h): enabled
   when any retries, the most retries and total wait.
   ld_stream_retry_life_s: the longest such an operation waits in the
   retry queue, all its waits together, seconds (0 without retries).
   ld_plan_retry: ld_stream_retry widened over every stream;
   ld_retry_life_s: the longest ld_stream_retry_life_s of any stream.
   ld_table_retry_words: for a message, "; a table's retry_mode: legacy
   retries ..." when a variant's table sets legacy (else standard's, else
   ""), static text. */
struct pk_retry_spec ld_stream_retry(const struct pk_scenario *s,
				     const struct pk_client_spec *c);
double ld_stream_retry_life_s(const struct pk_scenario *s,
			      const struct pk_client_spec *c);
struct pk_retry_spec ld_plan_retry(const struct pk_scenario *s);
double ld_retry_life_s(const struct pk_scenario *s);
const char *ld_table_retry_words(const struct pk_scenario *s);

/* plan_queues.c: the stream
   phase i belongs to (borrowed from s); the bytes the retries can hold
   waiting at once, every variant (0 without retries, or when no
   operation of a phase can be rate limited): each stream's busiest
   phase's, the streams side by side together, *worst the busiest of
   those phases, *queued the retries of all streams a variant and
   *streams how many streams queue any; the bytes the paced clients'
   waiting operations hold, every stream and variant, each stream's
   backlog less what passes its operations beside its own queued retries
   a variant (a data file's file_queued for the first stream with a
   data file; an operation waits in one queue at a time), and each
   paced stream's record of every operation's wait. */
const struct pk_stream_spec *ld_phase_stream(const struct pk_scenario *s,
					     size_t i);
double ld_retry_queue_bytes(const struct pk_scenario *s, size_t *worst,
			    double *queued, size_t *streams);
/* Bytes one waiting retry of s takes in the retry queue:
   PK_SCENARIO_RETRY_RUN_BYTES when every retry comes due in the order it
   is queued (an entry of the queue's FIFO run: Cosmos DB containers only,
   no 410 retries, every client open loop with the SDKs' retry policy),
   else PK_SCENARIO_RETRY_BYTES (an entry can go to the heap). */
double ld_retry_entry_bytes(const struct pk_scenario *s);
double ld_client_queue_bytes(const struct pk_scenario *s, double file_queued);

/* plan_ranges.c: the items s creates (its phases' creates, upserts and
   batches' items, or its data file's records; 0 for a monitor log); the
   most physical partitions variant c reaches with items of at most
   item_bytes in lps logical partitions; 1 when an operation of phase i
   can be rate limited in some variant, and when a data file's records
   can be in variant c of r ranges (top: the busiest key's share of the
   records, lps their keys). */
double ld_items_planned(const struct pk_scenario *s);
/* The physical partitions variant c is created with (rule 2, or an
   existing layout's N), at least 1 */
double ld_ranges_at_start(const struct pk_container_spec *c);
/* The items the preload stores at t = 0 (at most, for a uniform count),
   0 without one */
double ld_preload_items(const struct pk_scenario *s);
/* The preload's work units: 1 a value of its property (one key built
   and stored a value however many items it holds, cosmos_preload.c:
   10^6 values of one item each measured 0.99 s, 1,024 values of
   524,288 items 0.79 s), 1 a record of a preload file; 0 without one */
double ld_preload_work(const struct pk_scenario *s);
double ld_ranges_planned(const struct pk_scenario *s,
			 const struct pk_container_spec *c, double items,
			 double item_bytes, double lps);
/* A DynamoDB partition's most units a second (D3), its storage before a
   split (D6: 10 GiB) and an on-demand table's partitions at creation
   (D4, INFERRED), as ddb_layout.h has them for the service */
#define LD_TABLE_PART_RCU 3000.0
#define LD_TABLE_PART_WCU 1000.0
#define LD_TABLE_PART_BYTES (10.0 * 1024 * 1024 * 1024)
#define LD_TABLE_ON_DEMAND_PARTS 4.0
/* D9: a partition's burst bank holds at most 300 s of its share
   (ddb_admit.h PK_DDB_BANK_SECONDS), full from the start */
#define LD_TABLE_BANK_S 300.0
/* plan_tables.c: the most partitions DynamoDB table t can reach in s
   with items stored items of item_bytes (ld_ranges_planned's for a
   table; heat splits and isolation are ld_table_split_parts') */
double ld_table_ranges(const struct pk_scenario *s,
		       const struct pk_ddb_table_spec *t, double items,
		       double item_bytes);
/* plan_second.c: what the busiest physical partition can be sent in
   one second. ld_busiest_share: its share of the operations, the
   hottest key value's h (0..1) and an even share of the rest, 1 / r (r
   ranges), three spreads up for the k = lps / r values a range holds
   (1 + 3 / sqrt(k)), doubled when uneven (splits can leave a whole
   partition beside split ones: rules 6 and 9). ld_client_send_cap: the
   most attempts phase i's stream's closed loop sends in one second, C x
   ceil(1,000 / L) for C workers at L ms (all released together),
   INFINITY without workers; ld_client_mean_cap: the most it keeps up
   on average, C x 1,000 / L. ld_client_ru_cap: the most RU a second its
   ru_budget lets through, the budget and one request of one_ru more,
   INFINITY without one. ld_second_high: the RU a second that a mean of
   mean_ru a second, in operations of at most unit_ru each, passes with
   a chance under 5e-15 when random (mean + unit x (8 sqrt(mean / unit)
   + 8)), mean_ru itself when not. */
double ld_busiest_share(double h, double r, double lps, int uneven);
double ld_client_send_cap(const struct pk_scenario *s, size_t i);
double ld_client_mean_cap(const struct pk_scenario *s, size_t i);
double ld_client_ru_cap(const struct pk_scenario *s, size_t i, double one_ru);
double ld_second_high(double mean_ru, double unit_ru, int random);
int ld_phase_can_throttle(const struct pk_scenario *s, size_t i);
/* What ld_phase_can_throttle and ld_phase_over_share read of s beside
   phase i, computed once (ld_throttle_plan_init: a few passes over the
   phases) for a walk that asks them of every phase, each answer then
   without another pass: the run's items and largest item, whether a
   phase redistributes; per variant its logical partitions, ranges and
   hottest value's share, and per stream the peak RU/s the other
   streams offer beside its phases; per phase the `throughput` its
   stream set at or before it; per stream the lowest another sets.
   Owns its arrays (ld_throttle_plan_free); s is borrowed. */
struct ld_throttle_plan {
	const struct pk_scenario *s;
	double items, item_bytes;
	double table_bytes; /* ld_table_bytes, 0 without a table */
	int redistribute;
	int table_units_set; /* some phase sets a table's units */
	double *lps, *r;     /* n_variants each */
	double *h;	     /* n_variants x n_phases, h[v * n_phases + i]:
				phase i's hottest key value's share of its
				operations in variant v, 0..1 (1: not
				known, it can always be rate limited) */
	double *others;	     /* n_variants x n_streams, RU/s */
	double *others_one;  /* n_variants x n_streams, RU: the other
				streams' costliest operation */
	int others_random;   /* some phase arrives at random (Poisson) */
	double *own_ru;	     /* n_phases, RU/s, 0: none set */
	double *other_ru;    /* n_streams, RU/s, INFINITY: none */
	size_t *stream;	     /* n_phases: its stream's index */
};
void ld_throttle_plan_init(struct ld_throttle_plan *t,
			   const struct pk_scenario *s);
void ld_throttle_plan_free(struct ld_throttle_plan *t);
int ld_plan_can_throttle(const struct ld_throttle_plan *t, size_t i);
/* plan_shares.c: fill t->h, each phase's hottest key value's share in
   each variant, in phase order (a phase's share of reads counts the
   items its stream's earlier phases stored when ld_plan_can_throttle
   finds they cannot be rate limited); t's other fields set first */
void ld_plan_shares(struct ld_throttle_plan *t);
/* The most partitions global secondary index i of table t can reach
   (ddb_gsi.c, ddb_gsi_parts.c): provisioned, D4's count from its own
   units, raised as the table's raise rule raises it (doubling, or the
   formula) to the count its auto scaling's maximum write units ask for
   when it follows the table's; on demand, its quota at 1,000 WRU a
   partition, at least 4. For the memory and work bounds. */
double ld_gsi_parts(const struct pk_ddb_table_spec *t, size_t i);
/* The partitions heat splits (D7) and hot-item isolation (D11) can add
   to variant c's DynamoDB table beyond ld_ranges_planned's count, for
   the memory and work bounds (plan_ranges.c, table_heat_parts); 0 for a
   container, a table that does neither, or items from a data file. c
   is one of s's variants. *stored (when not NULL): the items the table
   can hold, each of which such a split passes over (0 with none);
   *heat (when not NULL): the heat splits among them. */
double ld_table_split_parts(const struct pk_scenario *s,
			    const struct pk_container_spec *c, double *stored,
			    double *heat);
/* 1 when a second can make a partition of variant c's DynamoDB table
   hot for a heat split (D7: heat_pct % of a partition's cap; plan_tables.c,
   table_can_heat says how it is judged), so that its heat-split watch
   weighs requests; 0 for a container, a table without heat_split, or
   items from a data file. c is one of s's variants. */
int ld_table_can_heat(const struct pk_scenario *s,
		      const struct pk_container_spec *c);
/* plan_work.c: the work of the heat splits, the most of any variant's:
   each passes over every stored item (ddb_items_below). ASSUMPTION:
   isolation's passes are left out, their count (every key value) being
   far above what a run makes (trialW6's iso2.yaml: 1,042 of up to
   51,325); its partitions count in the per-second passes. */
double ld_table_split_work(const struct pk_scenario *s);
/* The largest share of the operations one value of variant c's key can
   get when the key is one generated property (a pattern or a list): its
   hottest value's; 1 for any other key */
double ld_hottest_value_share(const struct pk_scenario *s,
			      const struct pk_container_spec *c);
double ld_plan_over_share(const struct ld_throttle_plan *t, size_t i);
/* One more pass over every phase (scenario_plan_passes) */
void ld_count_phase_pass(void);
/* The share of phase i's operations that go to a physical partition
   that can pass its share of the RU/s (a 429 there), the most of any
   variant's, 0 when ld_phase_can_throttle says none can; and the
   logical partitions variant c holds on such partitions in any phase,
   the most of any phase's (plan_ranges.c, over_share: the key values
   hot enough to pass a partition's share by themselves, and every one
   when an even share can) */
double ld_phase_over_share(const struct pk_scenario *s, size_t i);
double ld_lps_over_share(const struct pk_scenario *s,
			 const struct pk_container_spec *c);
int ld_file_can_throttle(const struct pk_scenario *s,
			 const struct pk_container_spec *c, double r,
			 double top, double lps);

/* plan_lps.c: the logical partitions variant c of s can make over the
   run, at most items (the items it creates, or a data file's records) */
double ld_lps_planned(const struct pk_scenario *s,
		      const struct pk_container_spec *c, double items);
/* plan_memory.c: the bytes a logical partition's key of variant c takes
   beyond its fixed record, each level's longest generated value and its
   PK_SCENARIO_LP_LEVEL_BYTES; 0 for a data file's keys (counted from its
   records) */
double ld_lp_key_bytes(const struct pk_scenario *s,
		       const struct pk_container_spec *c, double items);
/* plan_lps.c: the bytes of the index of lps logical partitions under
   each key prefix that the first targeted query on variant c builds
   (PK_SCENARIO_LP_GROUP_BYTES a logical partition and level), when a
   phase's or a data file's query targets (an IN list on a key path, or
   some levels of a hierarchical key); 0 otherwise */
double ld_lp_group_bytes(const struct pk_scenario *s,
			 const struct pk_container_spec *c, double lps);

/* plan_files.c, for the memory estimate: the most records of data file
   f (the first `limit`) that arrive within any wait_s simulated seconds
   (all of them at once; rate x wait_s + 1 at a rate; the densest window
   of a time field's times); the most requests of monitor log m whose
   rows start within wait_s + 1 s of each other; the logical partitions
   f's records make under key k (distinct values, or tuples of a
   hierarchical key's levels, by a 64-bit hash each; one per record under
   a synthetic key; exact: a number its double does not keep counted by
   its decimal text, as a table's key tells numbers apart, pkey.h
   exact_numbers, else by its double, as a container's; *key_bytes its
   records' key bytes on average,
   *top_share the most records of one key over all); the bytes s's data
   file and preload file hold as loaded, and the parse of the longer of
   their longest records (trace_parse_bytes; the parses come one at a
   time). Each allocates scratch (8 bytes a record, or a copy of m's rows)
   only while it counts; ld_file_lps's answers are remembered (by the
   trace, the records used and the key's paths), so a second question
   of the same file and key costs no pass. */
double ld_file_records_within(const struct pk_items_file *f, double wait_s);
double ld_monitor_within(const struct pk_monitor_log *m, double wait_s);
double ld_file_lps(const struct pk_items_file *f, const struct pk_key_spec *k,
		   int exact, double *key_bytes, double *top_share);
double ld_files_bytes(const struct pk_scenario *s);
/* plan_files.c: the most of data file f's operations a client sending
   rate ops/s holds waiting at once, its arrivals walked in time order
   (a monitor log's rows, a time field's records; at a rate or at once
   the operations less what is sent over their span). Allocates 8 bytes
   a record (a monitor log: a copy of its rows) while it walks. */
double ld_file_backlog(const struct pk_items_file *f, double rate);
/* plan_files.c: 1 when every used record of f has a string /id and no
   two share one (the run then keeps no id table), else 0 */
int ld_file_ids_distinct(const struct pk_items_file *f);

/* plan_table_memory.c, for the memory estimate: the writes the phases
   (or a data file's records) send to a table's global secondary
   indexes, at most; table t's indexes' partitions and per-second rows
   (returned; the rows into *rows, the key values' bytes into *values);
   the bytes of the items t stores, beside the memo of their primary
   keys and, when queries are sent, their item collections; and the
   bytes queued retries hold for the index writes that tables reading
   ahead foresee. Each function's comment there says its rule. */
double ld_table_index_writes(const struct pk_scenario *s);
double ld_table_gsi_bytes(const struct pk_scenario *s,
			  const struct pk_ddb_table_spec *t, double writes,
			  double run_s, int detail, double *rows,
			  double *values);
double ld_table_items_bytes(const struct pk_scenario *s,
			    const struct pk_ddb_table_spec *t, double items,
			    double lps, double key);
double ld_table_due_index_bytes(const struct pk_scenario *s, double queued);
/* plan_timeline.c: the lines a variant's text timeline can print, at
   most, for a run of `attempts` attempts ending at end_s seconds that
   keeps per-minute records only (minutes 1) or per-second ones too */
double ld_timeline_lines(double attempts, double end_s, int minutes);
/* plan_table_heat.c, for the memory estimate: the bytes variant c's
   table keeps for each partition-key value its requests ask (its heat
   record and on-demand comparison value, each with the key's key bytes;
   lps the values it writes), and the bytes its heat-split watches can
   hold at once (0 when no partition can be hot, ld_table_can_heat): at
   most every keyed first attempt of the run, and at most heat_window_s
   seconds of them at the streams' busiest seconds together. Each
   function's comment there says its rule. */
double ld_table_value_bytes(const struct pk_scenario *s,
			    const struct pk_container_spec *c, double lps,
			    double key);
double ld_table_watch_bytes(const struct pk_scenario *s,
			    const struct pk_container_spec *c);

/* plan_limits.c: simulated time, operations and RU within their bounds
   (0, else -1 with the error); plan_memory.c: the memory estimate within
   PK_SCENARIO_MAX_TRACK_BYTES, else an error with it by part. */
void ld_check_memory(struct ld *ld, const struct pk_scenario *s);
int ld_check_run_size(struct ld *ld, const struct pk_scenario *s);
/* ld_check_run_size, then ld_check_memory when it passes: the plan's
   bounds, for a scenario loaded or grown by scenario_add_variant. */
void ld_check_plan(struct ld *ld, const struct pk_scenario *s);
void ld_check_index_factor(struct ld *ld, const struct pk_scenario *s);

#endif
