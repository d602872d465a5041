/*
 * scenario: a YAML scenario file turned into a validated struct.
 *
 * Only the loader (its yamltree.c) includes <yaml.h>. Every error it
 * finds carries FILE:LINE:COL (1-based) and says what is wrong and what is
 * allowed; up to PK_DIAG_MAX_ERRORS semantic errors are collected before it
 * gives up. A returned scenario is complete: every default is filled in and
 * every value is in range, so later stages never re-validate.
 * The format is documented key by key in scenarios/README.md.
 *
 * Units: sizes in bytes (KB, MB, GB, TB are binary: 1 GB = 2^30 bytes),
 * durations in milliseconds, throughput in RU/s, charges in RU.
 */
#ifndef PKSIM_SCENARIO_H
#define PKSIM_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/base/rng.h"
#include "pksim/base/schedule.h"
#include "pksim/base/value.h"
#include "pksim/load/expect.h"
#include "pksim/load/prices.h"
#include "pksim/load/scenario_client.h"
#include "pksim/load/scenario_plan.h"
#include "pksim/load/scenario_workload.h"
#include "pksim/service/cosmos/spec.h"
#include "pksim/service/dynamodb/spec.h"

/* One question of a `lesson:` block, as written (plain text). */
struct pk_lesson_question {
	char *question; /* owned */
	char *answer;	/* owned */
};

/* A `lesson:` block (scenarios/lessons/, docs/teaching.md): what a class
   is told about the run. The texts are as written, folded by YAML. */
struct pk_lesson {
	char *title;			      /* owned; NULL without `title:` */
	char *goal;			      /* owned */
	char *look_at;			      /* owned */
	struct pk_lesson_question *questions; /* owned, n_questions >= 1 */
	size_t n_questions;
};

/* The service a scenario runs on (`service:`): whose spec loader reads
   its container section, and whose engine replays it */
enum pk_service_kind {
	PK_SERVICE_COSMOS = 0, /* Azure Cosmos DB (`cosmos`), the default */
	PK_SERVICE_DYNAMODB,   /* Amazon DynamoDB (`dynamodb`): its `table:`
				  section in pk_scenario.table */
};

/* How many services pksim replays (enum pk_service_kind's values) */
#define PK_SERVICE_KINDS 2

/*
 * `pricing:` (docs/money.md): what a run's bill is priced with. Money is
 * asked for when the scenario has the block or the command line names a
 * table (--prices); then region is required (a missing one is bad input,
 * pricing.md P19), and the table's rows are chosen for the billing date.
 */
struct pk_price_override {
	char *provider, *region,
	    *meter;    /* owned; "cosmos.us-nongov.serverless" */
	double price;  /* in the row's currency per its unit, finite,
			  >= 0; at most prices_max of the row's unit once
			  the table is read (scenario_pricing_resolve) */
	int line, col; /* where written */
	int price_line, price_col; /* where its price is written */
};

struct pk_pricing_spec {
	int asked;     /* 1: `pricing:` given, or --prices */
	int line, col; /* the block's (0: the command line) */
	char *region;  /* owned; `region: us-nongov`, the one region of
			  a scenario whose variants run on one service;
			  NULL: none given, or given by service */
	/* `region: {cosmos: us-nongov, dynamodb: us-east-1}` (owned, NULL
	   where not given), indexed by enum pk_service_kind: each
	   service's region, as a compare across services needs (a
	   container bills in an Azure region, a table in an AWS one) */
	char *service_region[PK_SERVICE_KINDS];
	char *table; /* owned; the table's path (beside the
			scenario, or --prices); NULL: the shipped
			table (prices_default_path) */
	int table_line, table_col;
	int64_t date_day; /* `date: YYYY-MM-DD`: the billing date,
			     days from 1970-01-01; -1: none given */
	int clock_given;  /* 1: the scenario sets clock.start, whose
			     day is the billing date without a date */
	struct pk_price_override *overrides; /* owned */
	size_t n_overrides;
	int free_tier;		       /* Azure Cosmos DB free tier: the first
					  1,000 RU/s and 25 GB free (C-BILL) */
	int64_t reserved_ru_per_s;     /* reserved capacity bought, RU/s of the
					  standard single-write rate; 0 none */
	double reserved_discount;      /* its discount, 0 .. < 1 (0.20 for the
					  1-year example of C-BILL) */
	int explain;		       /* --explain: reports name each price
					  row's source */
	struct pk_price_table *prices; /* owned; the table read
					  (scenario_pricing_resolve), NULL
					  before or without money */
};

struct pk_scenario {
	char *file;		      /* owned; the path it was loaded from:
					 for a lesson naming it (`scenario:`,
					 scenario_load), the named file, where
					 its workload is written */
	char *lesson_file;	      /* owned; the lesson file that named it
					 with `scenario:`, or NULL */
	char *name;		      /* owned; default: the file's base name */
	char *description;	      /* owned; may be NULL */
	enum pk_service_kind service; /* `service:`; PK_SERVICE_COSMOS
					 when it names none */
	uint64_t seed;		      /* default 1 */
	int64_t clock_start_s;	      /* simulated t = 0, Unix seconds UTC */
	/* `time_scale: 1s = 3d`: real seconds one simulated second stands
	   for (a classroom's compressed time), > 0; 1 without one. Days to
	   full, growth and the storage-growth finding are then in real
	   time (result/runway.h); nothing else reads it */
	double time_scale;
	/* `change_feed: {consumers: C}` (rule 39): the change feed
	   processor instances reading the container, 1 ..
	   PK_SCENARIO_MAX_CF_CONSUMERS, default 1 */
	uint64_t change_feed_consumers;
	/* `account: {default_priority: low}` (rule 35, D-PRIORITY): 1 when
	   requests whose client names no priority are Low, 0 High (the
	   default); already applied to each such client's priority_low */
	int account_default_low;
	char *time_scale_text; /* owned; as written, NULL without one */
	struct pk_container_spec container; /* the first variant's */
	/* `table:` (PK_SERVICE_DYNAMODB only; zero otherwise): the
	   DynamoDB table; container and variants[0] then hold its name and
	   its partition key as a one-path key (their table NULL: the
	   variant's table is this one, scenario_variant_table) */
	struct pk_ddb_table_spec table;
	/* Container variants replayed on the same operation stream
	   (`variants:`; run and compare). Each is a full spec: the
	   `container:` mapping with the variant's keys laid over it. When the
	   scenario lists none, n_variants = 1 and variants[0] is a copy of
	   container. Owned. */
	struct pk_container_spec *variants;
	size_t n_variants;
	/* The workloads that run at the same time (`streams:`;
	   pk_stream_spec): n_streams >= 1, owned. A scenario
	   without `streams:` has one, named "main", spanning every
	   property and phase. */
	struct pk_stream_spec *streams;
	size_t n_streams;
	struct pk_cost_spec cost;
	struct pk_items_file *items_file; /* owned; NULL when items are
					     generated */
	struct pk_preload_spec *preload;  /* owned; the data at t = 0, or
					     NULL (`preload:`) */
	struct pk_prop_spec *props; /* owned, n_props entries; always holds one
				       "/id" property (default UNIQUE "item-");
				       none when items_file is set */
	size_t n_props;
	/* owned, n_phases >= 1 when items are generated; with items_file
	   n_phases >= 0 and each phase only sets throughput (rate_per_s 0,
	   no queries) for its duration */
	struct pk_phase_spec *phases;
	size_t n_phases;
	/* `expect:`: assertions checked after the run (expect.h); owned,
	   n_expects of them, none when the scenario has no expect: */
	struct pk_expect *expects;
	size_t n_expects;
	/* `lesson:` (owned), or NULL when the scenario and the lesson
	   naming it have none; a lesson's block replaces its named
	   scenario's */
	struct pk_lesson *lesson;
	/* The workload's fingerprint, 16 hex digits: a
	   64-bit hash of everything a compare's report depends on but its
	   variants and seed, set by the command line
	   (src/cli/cli_fingerprint.c) and written in a compare's JSON so
	   `pksim merge` can refuse runs of different workloads;
	   "" (not written) when nothing set it. */
	char fingerprint[17];
	struct pk_pricing_spec pricing; /* `pricing:`; asked 0: no money */
	const char *rank_by; /* borrowed from the command line: compare's
				--rank-by list (report/scorecard.h), checked
				there; NULL: the default order */
};

/*
 * The Amazon DynamoDB table variant v of s runs on: its own (a table
 * beside Azure Cosmos DB containers in one compare), or the scenario's
 * `table:` when s is a `service: dynamodb` scenario; NULL when v is an
 * Azure Cosmos DB container. Borrowed from s.
 */
static inline const struct pk_ddb_table_spec *
scenario_variant_table(const struct pk_scenario *s,
		       const struct pk_container_spec *v)
{
	if (v && v->table) {
		return v->table;
	}
	return s->service == PK_SERVICE_DYNAMODB ? &s->table : NULL;
}

/* 1 when s's variants run on more than one service (a compare across
   services: its RU and capacity units are not one unit) */
int scenario_mixed_services(const struct pk_scenario *s);

/* Where a run's billing date comes from (docs/money.md): pricing.date,
   the clock's start, or, with neither, the price table's own date. */
enum pk_billing_day_from {
	PK_BILLING_DATE,
	PK_BILLING_CLOCK,
	PK_BILLING_TABLE,
};

/* A meter's price for a bill: the table's row in effect on the billing
   date, and the price paid (the row's, or an override's). */
struct pk_price_pick {
	const struct pk_price_row *row; /* borrowed from the scenario's
					   table */
	double price;			/* in row->currency per row->unit */
	int overridden;			/* 1: price is an override's */
};

/*
 * Load and validate the scenario at path. Returns a new scenario owned by
 * the caller (free with scenario_free), or NULL with errors in diag:
 * a file that cannot be opened or read (line 0, categorised by
 * diag_file_error: missing or a directory is bad input, anything else an
 * environment failure), YAML syntax, unknown keys (with the
 * nearest known key suggested), wrong types, out-of-range values.
 *
 * A lesson (scenarios/lessons/) may instead name its scenario: a file
 * whose top level holds `scenario: PATH` (relative to the lesson's
 * folder) and only `lesson:` and `expect:` besides. The result is the
 * named scenario (file is its path, errors in it name it), with
 * lesson_file set and the lesson's assertions after the scenario's own
 * (each pk_expect names the file it is written in). A named scenario
 * cannot name another, and must be a regular file.
 */
struct pk_scenario *scenario_load(const char *path, struct pk_diag *diag);

/*
 * scenario_load for `pksim compare --key`: keys, n_keys texts (borrowed
 * for the call) that scenario_add_variant will add as variants named
 * after them, are checked against the file's variants once those are
 * read and before any data file is: a --key named like a variant of the
 * file is an error (file "--key 'TEXT'", line 0; exit 2) said at once,
 * not after a data file of any size, or a pipe without end, is parsed.
 * Otherwise as scenario_load.
 */
struct pk_scenario *scenario_load_keyed(const char *path,
					const char *const *keys, size_t n_keys,
					struct pk_diag *diag);

/*
 * Read the price table for money (docs/money.md): prices_file (--prices)
 * when not NULL, else `pricing.table`, else the shipped table
 * (prices_default_path); nothing when neither `pricing:` nor --prices
 * asks for money. Then checks, each an input error (exit 2) at the
 * pricing block: a region is given (pricing.md P19), the table prices
 * it for Azure Cosmos DB, every override names a row in effect on the
 * billing date, and every variant's meters (its capacity mode's
 * throughput, transactional storage; the standard rate when a
 * reservation needs it) have a row then, all in one currency (at the
 * disagreeing row's FILE:LINE:COLUMN of the table); free tier with a serverless
 * variant is refused (Azure offers no free tier for serverless). Returns
 * 0 (s->pricing.prices set when money is asked for), or -1 with errors
 * in diag.
 */
int scenario_pricing_resolve(struct pk_scenario *s, const char *prices_file,
			     struct pk_diag *diag);

/* The price table's name for messages and reports: the path given
   (--prices, pricing.table), or the shipped table's file name (no
   machine path). Needs s->pricing.prices. */
const char *scenario_prices_name(const struct pk_scenario *s);

/* The billing date, days from 1970-01-01 (pricing.date, else the day of
   clock.start when the scenario sets it, else the table's date) and,
   when from is not NULL, where it came from. */
int64_t scenario_billing_day(const struct pk_scenario *s,
			     enum pk_billing_day_from *from);

/* The price table's provider of variant v of s (the service it runs
   on, scenario_variant_table): "cosmos" (Azure Cosmos DB) or "dynamodb"
   (Amazon DynamoDB). Static text. */
const char *scenario_variant_provider(const struct pk_scenario *s,
				      const struct pk_container_spec *v);

/* The pricing region of provider ("cosmos" or "dynamodb") in s: its
   entry of `region: {cosmos: ..., dynamodb: ...}`, else the one
   `region:`; NULL when neither names it. Borrowed from s. */
const char *scenario_pricing_region(const struct pk_scenario *s,
				    const char *provider);

/* The meter of provider ("cosmos" or "dynamodb", as the price table
   names them) priced on day (days from 1970-01-01) in the provider's
   pricing region (scenario_pricing_region), overrides applied, into
   *out; 0, or -1 when no money was asked for, the provider has no
   region, or the table has no such row (*out zeroed). */
int scenario_price_on(const struct pk_scenario *s, const char *provider,
		      const char *meter, int64_t day,
		      struct pk_price_pick *out);

/*
 * As scenario_load, from len bytes of text; file names the text in
 * messages. For tests and fuzzing.
 */
struct pk_scenario *scenario_parse(const char *file, const char *text,
				   size_t len, struct pk_diag *diag);

/* The files a run of s reads, at most: the scenario, the lesson that
   named it, the data file (items or Azure Monitor log), the preload
   file, the price table */
#define PK_SCENARIO_MAX_INPUTS 5

/*
 * The paths of the files a run of s reads, as opened (a data file's
 * resolved against the scenario's folder), into out; returns how many
 * (0 .. PK_SCENARIO_MAX_INPUTS). Borrowed from s: valid until
 * scenario_free. The CLI refuses an -o that names one of them.
 */
size_t scenario_inputs(const struct pk_scenario *s,
		       const char *out[PK_SCENARIO_MAX_INPUTS]);

/* Free s and everything it owns (items_file and its trace too); NULL is
   allowed. */
void scenario_free(struct pk_scenario *s);

/*
 * A scenario for `pksim compare --items FILE` without a scenario file:
 * named after the file's base name without its extension, seed 1, every
 * default of a scenario file, a container with throughput_ru_per_s and
 * the placeholder key "/id", no phases, and no variants (n_variants 0:
 * add them with scenario_add_variant before sim_run).
 * path: the data file, opened as given; format: enum pk_trace_format
 * (PK_TRACE_FORMAT_AUTO to detect). Arrival, exactly one of: time_field
 * non-NULL (with time_compression > 0), rate_per_s > 0, at_once != 0
 * (pass NULL, 0, 0 for the other two).
 * Returns a new scenario owned by the caller, or NULL with errors in
 * diag: bad arguments (file "--time-field", "--rate", "--throughput" or
 * "--items", line 0), the data file's own errors as trace_load reports
 * them (a line-0 "cannot open"/"cannot read" with its category),
 * an empty data file, a record without a valid time field (at its line).
 */
struct pk_scenario *
scenario_for_items(const char *path, int format, const char *time_field,
		   double time_compression, double rate_per_s, int at_once,
		   int64_t throughput_ru_per_s, struct pk_diag *diag);

/*
 * `compare --items FILE --partitions N [--storage-per-partition SIZE]`
 * (an existing layout): the container of s (from scenario_for_items, before any
 * variant is added: the --key variants copy it) is an existing one with
 * partitions physical partitions (1 .. PK_MAX_EXISTING_PARTITIONS), each
 * storing bytes_per_pp now, as `partitions:` and `storage_per_partition:`
 * say in a scenario file, checked by the same rules: the storage fits a
 * partition (rule 1), the RU/s fit the partitions (at most N x 10,000,
 * rule 5) and are not below the minimum for the storage (rule 8).
 * partitions 0 leaves a new container (bytes_per_pp must then be 0).
 * Returns 0, or -1 with the error in diag (file "--partitions",
 * "--storage-per-partition" or "--throughput", line 0; exit 2).
 */
int scenario_items_layout(struct pk_scenario *s, uint64_t partitions,
			  const uint64_t *bytes_per_pp, struct pk_diag *diag);

/*
 * Add a variant to s for a key written on the command line (`--key`):
 * "/deviceId" (a path), "/a,/b" or "[/a, /b]" (hierarchical, 2-3 levels;
 * "[/a]" is the path /a), or any text holding '{' (a synthetic template,
 * checked by pkey when the run starts). The variant copies s->container
 * with the key replaced and is named after key_text as given; the first
 * variant added to a scenario without variants also becomes
 * s->container. Checked as partition_key in a scenario file is, with
 * errors as `pksim: --key 'TEXT': error: ...` (line 0); a key text given
 * twice is an error. Returns 0, or -1 with errors in diag (s unchanged).
 */
int scenario_add_variant(struct pk_scenario *s, const char *key_text,
			 struct pk_diag *diag);

/*
 * `pksim compare --variant NAME` (one run of a merged sweep): keep only the
 * variant of s named NAME (after --key variants were added), which also becomes
 * s->container. The operation stream does not depend on the variants, so
 * its report is the one a compare of every variant gives for it. Returns
 * 0, or -1 with an error naming the variants there are in diag (s
 * unchanged).
 */
int scenario_keep_variant(struct pk_scenario *s, const char *name,
			  struct pk_diag *diag);

/*
 * `pksim compare --variant A --variant B ...`: keep only the n (>= 1)
 * variants named in names, in the scenario's order (the order a compare
 * of every variant lists them), the first kept becoming s->container.
 * Returns 0, or -1 with an error in diag (s unchanged): a name given
 * twice, or a name no variant has (the error names the variants there
 * are).
 */
int scenario_keep_variants(struct pk_scenario *s, const char *const *names,
			   size_t n, struct pk_diag *diag);

/*
 * The command line's --allow-undefined-key: s->container and every
 * variant of s allow a key that no item has (allow_undefined_key, see
 * keycheck.h), as `allow_undefined_key: true` in the container would.
 */
void scenario_allow_undefined_key(struct pk_scenario *s);

/* Highest share of the operations all `--query` options may take
   together: the records must remain (scenario_add_query). */
#define PK_SCENARIO_MAX_QUERY_SHARE 0.99
/* A `--query` without @SHARE: this share split over the queries given
   without one (ASSUMPTION: as many queries as records by default). */
#define PK_SCENARIO_DEFAULT_QUERY_SHARE 0.5

/*
 * Add a query to a scenario built by scenario_for_items, from the text of
 * `--query`: "PROP" or "PROP,PROP..." (an equality filter on each, the
 * values those of one record already replayed; up to PK_QUERY_MAX_CONDS
 * properties, distinct, a leading '/' optional), optionally followed by
 * "@SHARE", the query's share of all operations replayed as a percent
 * ("20%") or a fraction ("0.2"), greater than 0. Queries without a share
 * split PK_SCENARIO_DEFAULT_QUERY_SHARE less the shares given (call
 * scenario_query_shares after the last). Named after the text before '@'.
 * Errors: `pksim: --query 'TEXT': error: ...` (line 0); s must have an
 * items file. Returns 0, or -1 with errors in diag (s unchanged).
 */
int scenario_add_query(struct pk_scenario *s, const char *text,
		       struct pk_diag *diag);

/*
 * Give the queries added without @SHARE their share (see
 * scenario_add_query) and check the total: at most
 * PK_SCENARIO_MAX_QUERY_SHARE. Returns 0, or -1 with an error in diag.
 */
int scenario_query_shares(struct pk_scenario *s, struct pk_diag *diag);

/* The index among the queries s sends of query q of phase ph: the
   queries of the phases before ph, plus q; when s's items file has
   queries (`compare --query`, which replace the phases',
   scenario_query_of), q itself, whatever ph. A run's per-query figures
   (sim.h's qstats, result.h's queries) are in this order. */
size_t scenario_query_index(const struct pk_scenario *s, size_t ph, size_t q);

/* Whether query q can be replayed on DynamoDB table t (docs/dynamodb.md,
   its "query" rows): 0, or -1 with the error in diag at the condition's
   place in file (line, col when it has none, as a `--query`'s): a
   condition on the table's sort key (a key condition reading part of an
   item collection, which pksim cannot count without evaluating
   conditions over stored items), or `eq` or `in` on a global secondary
   index's key without the table's partition key (a Query of the index,
   not replayed: a Scan of the table would be another request). */
int scenario_ddb_query_check(const char *file,
			     const struct pk_ddb_table_spec *t,
			     const struct pk_query_spec *q, int line, int col,
			     struct pk_diag *diag);

/* The queries s sends: its items file's when it has any, else those of
   every phase. */
size_t scenario_query_count(const struct pk_scenario *s);

/* The query spec an operation names: a `--query` of the items file when
   it has any, else query `query` of phase `phase`. */
static inline const struct pk_query_spec *
scenario_query_of(const struct pk_scenario *s, uint32_t phase, uint32_t query)
{
	if (s->items_file && s->items_file->n_queries) {
		return &s->items_file->queries[query];
	}
	return &s->phases[phase].queries[query];
}

/* Room for scenario_variant_suffix's text. */
#define PK_SCENARIO_VARIANT_SUFFIX_BYTES 112

/* How a message names the variant it is about: " in variant 'NAME'" (NAME
   cut to 80 bytes) when named is not 0 (callers pass "the run has more than
   one variant"), else "". Written to buf (cap bytes, cut to fit; cap >=
   PK_SCENARIO_VARIANT_SUFFIX_BYTES holds any) and returned. */
const char *scenario_variant_suffix(int named, const char *name, char *buf,
				    size_t cap);

/*
 * 1 when an operation of s can name an item stored before it, so each
 * variant keeps every item's slot (its stored bytes and logical
 * partition, 8 bytes): a phase mixes reads, upserts, replaces or
 * deletes, or queries with conditions (they draw stored items, targets.h);
 * a variant has a default_ttl (rule 28: expiry finds the item); /id is
 * set and not a unique counter (a repeated (key, id) is a 409, and an
 * upsert replaces its holder); items come from a data file (its ids may
 * repeat). 0 for a monitor log (recorded charges touch no item) and for
 * generated creates, batches and full-scan queries alone: a create names
 * a new item, and nothing reads its slot back. The memory estimate
 * counts the slots only then.
 */
int scenario_items_read_back(const struct pk_scenario *s);

/* The stream whose phases hold phase (an index into s->phases). */
const struct pk_stream_spec *
scenario_stream_of_phase(const struct pk_scenario *s, size_t phase);

/* The property with this path ("/deviceId"), or NULL. Borrowed from s. */
const struct pk_prop_spec *scenario_find_prop(const struct pk_scenario *s,
					      const char *path);

/* 1 when s writes `streams:` (even one stream): its reports carry the
   per-stream tables, "STREAM/PHASE" names and "(stream NAME)" lines;
   0 for the one stream named "main" of a scenario without `streams:`
   (pk_stream_spec.line is 0 there) */
static inline int scenario_has_streams(const struct pk_scenario *s)
{
	return s->n_streams > 1 ||
	       (s->n_streams == 1 && s->streams[0].line > 0);
}

/* 1 when stream i sends some request as Low priority or into a bucket
   (rules 30, 31): its client's class, or a phase's request options its
   client does not ignore (bulk mode, rules 34, 35). */
static inline int scenario_stream_classes(const struct pk_scenario *s, size_t i)
{
	const struct pk_stream_spec *st = &s->streams[i];
	size_t k;

	if (st->client.priority_low || st->client.throughput_bucket > 0) {
		return 1;
	}
	for (k = 0; !st->client.bulk && k < st->n_phases; k++) {
		const struct pk_phase_spec *ph =
		    &s->phases[st->phase_first + k];

		if (ph->req_priority == PK_REQ_LOW || ph->req_bucket > 0) {
			return 1;
		}
	}
	return 0;
}

/* 1 when some stream of s does (scenario_stream_classes). */
static inline int scenario_any_classes(const struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_streams; i++) {
		if (scenario_stream_classes(s, i)) {
			return 1;
		}
	}
	return 0;
}

#endif
