/*
 * plan_memory: the memory a scenario's run would take, estimated before
 * the run and refused up front with the estimate by part (docs/design.md:
 * never killed halfway): the items to track, logical and physical
 * partitions, per-second samples, the retries and client queues that
 * could wait at once, and the data files as loaded.
 */
#include "loader.h"
#include "pksim/load/monitor.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/trace.h"

/* Decimals that write bytes b, which passed the memory limit, in GiB
   above the limit's figure: two significant digits (one decimal below
   10 GiB, none above), more only while rounding would put it at the
   limit (8.0 GiB at a limit of 8 GiB is 8.001 GiB). */
static int gib_decimals(double b)
{
	double g = b / (double)PK_GIB;
	double limit = PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB;
	int d = g < 10 ? 1 : 0;

	while (d < 9 && round(g * pow(10, d)) / pow(10, d) <= limit) {
		d++;
	}
	return d;
}

/* Bytes the workload keeps for one item (workload_int.h's item
   arrays): its size at creation (uint32) when a later operation can
   name it (scenario_items_read_back), one value index (uint32)
   for each drawn property (a pattern's or a list's), its creation time
   (int64) when a clock property formats it, its size at creation
   (uint32) when a phase sends batches, its stream (uint8) with several
   streams; a data file's record its arrival (16 bytes) and size
   (LD_FILE_ITEM_BYTES). */
static double item_record_bytes(const struct pk_scenario *s)
{
	double b = scenario_items_read_back(s) ? 4 : 0;
	int clock = 0, batches = 0;
	size_t i;

	if (s->items_file) {
		return LD_FILE_ITEM_BYTES;
	}
	for (i = 0; i < s->n_props; i++) {
		enum pk_gen_kind k = s->props[i].kind;

		b += k == PK_GEN_PATTERN || k == PK_GEN_LIST ? 4 : 0;
		clock |= k == PK_GEN_CLOCK;
	}
	for (i = 0; i < s->n_phases; i++) {
		batches |= s->phases[i].mix[PK_OP_BATCH] > 0;
	}
	return b + (clock ? 8 : 0) + (batches ? 4 : 0) +
	       (s->n_streams > 1 ? 1 : 0);
}

/* The retries a client can have waiting at once are at most the
   operations of one max_wait (all rate limited and retried): the peak
   rate x max_wait, and no more than the phase sends; the streams' side
   by side together (ld_retry_queue_bytes); refuse a scenario whose
   retries could queue more than fits. */
static void check_retry_memory(struct ld *ld, const struct pk_scenario *s)
{
	double queued, bytes;
	char ra[PK_FMT_BYTES], rb[PK_FMT_BYTES], others[96] = "";
	size_t worst, streams;

	bytes = ld_retry_queue_bytes(s, &worst, &queued, &streams);
	if (!(bytes > PK_SCENARIO_MAX_TRACK_BYTES)) {
		return;
	}
	if (streams > 1) {
		snprintf(others, sizeof(others),
			 " and %zu other stream%s beside it", streams - 1,
			 streams > 2 ? "s" : "");
	}
	ld_err_at(ld, s->phases[worst].line, s->phases[worst].col,
		  "at %s%s operations a second%s, rate-limited operations "
		  "could queue about %s retries, %.*f GiB (pksim stops at "
		  "%.0f GiB); lower the rate, or the client's max_wait%s",
		  s->phases[worst].schedule ? "a peak of " : "",
		  ld_approx(ld_phase_peak(&s->phases[worst]), ra), others,
		  ld_approx(queued * (double)s->n_variants, rb),
		  gib_decimals(bytes), bytes / (double)PK_GIB,
		  PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB,
		  ld_table_retry_words(s));
}

/* Decimal digits of v (1 for 0) */
static int digits_u64(uint64_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* The longest text generated property p gives, in bytes (items: the
   most items, for a UNIQUE counter); a clock's and a number's at most
   PK_SCENARIO_VALUE_TEXT_BYTES. */
#define PK_SCENARIO_VALUE_TEXT_BYTES 32.0
static double prop_text_bytes(const struct pk_prop_spec *p, double items)
{
	double most = 0;
	uint64_t i;

	switch (p->kind) {
	case PK_GEN_PATTERN:
		return (double)(strlen(p->prefix) + strlen(p->suffix)) +
		       fmax(p->width, digits_u64(p->first + p->count - 1));
	case PK_GEN_LIST:
		for (i = 0; i < p->count; i++) {
			most = fmax(most, (double)strlen(p->list[i]));
		}
		return most;
	case PK_GEN_UNIQUE:
		return (double)strlen(p->prefix) +
		       digits_u64(items < 1e19 ? (uint64_t)items : UINT64_MAX);
	case PK_GEN_CONST:
		return p->const_text ? (double)strlen(p->const_text)
				     : PK_SCENARIO_VALUE_TEXT_BYTES;
	default:
		return PK_SCENARIO_VALUE_TEXT_BYTES;
	}
}

/* Bytes a logical partition's key takes in the container's arena beyond
   its PK_SCENARIO_LP_BYTES: each level's longest generated value and
   PK_SCENARIO_LP_LEVEL_BYTES (its identity's type byte and end, its
   16-byte EPK), or for a synthetic key (one level) its template's length
   plus every generated property's longest value (the template names some
   of them); 0 for a data file's keys (scenario_memory_estimate counts
   them from the records). */
double ld_lp_key_bytes(const struct pk_scenario *s,
		       const struct pk_container_spec *c, double items)
{
	const struct pk_prop_spec *p;
	double n = 0;
	size_t i;

	if (s->items_file) {
		return 0; /* counted as the data file loaded */
	}
	if (c->key.kind == PK_KEY_SYNTHETIC) {
		n = c->key.template_text ? (double)strlen(c->key.template_text)
					 : 0;
		for (i = 0; i < s->n_props; i++) {
			n += prop_text_bytes(&s->props[i], items);
		}
		return n + PK_SCENARIO_LP_LEVEL_BYTES;
	}
	for (i = 0; i < c->key.n_paths; i++) {
		if ((p = scenario_find_prop(s, c->key.paths[i]))) {
			n += prop_text_bytes(p, items);
		}
		n += PK_SCENARIO_LP_LEVEL_BYTES;
	}
	return n;
}

/* The key arena's slack a logical partition of key bytes leaves
   (lptable.c, arena_take): a key that does not fit what is left of a
   block starts the next, leaving that rest, under a key's length,
   unused; a block of keys of at most key bytes holds at least
   floor(block / key) of them, so at most (key - 1 + the block's
   allocation header) / floor(block / key) a key; a key longer than a
   block is its own allocation, its header. Measured: 440,251 keys of
   2,000 characters (2,018 bytes counted, 32 a block, 736 bytes left)
   peaked 6.0 MB, 14 bytes a key, above the estimate without it. */
static double arena_slack(double key)
{
	if (key <= 0) {
		return 0;
	}
	if (key > PK_SCENARIO_LP_ARENA_BLOCK) {
		return PK_SCENARIO_ALLOC_HEADER_BYTES;
	}
	return (key - 1 + PK_SCENARIO_ALLOC_HEADER_BYTES) /
	       floor(PK_SCENARIO_LP_ARENA_BLOCK / key);
}

/* The per-value cache's bytes (cosmos_service.c: a 4-byte logical
   partition index per value of a key that is one generated property, up
   to 2^24 values, zeroed pages touched only where written): at most its
   values' 4 bytes, and at most a 4 KiB page per logical partition made;
   0 for other keys. */
#define PK_SCENARIO_LP_CACHE_MAX 16777216.0
static double lp_cache_bytes(const struct pk_scenario *s,
			     const struct pk_container_spec *c, double lps)
{
	const struct pk_prop_spec *p;

	if (s->items_file || c->key.kind != PK_KEY_PATH ||
	    c->key.n_paths != 1 ||
	    !(p = scenario_find_prop(s, c->key.paths[0])) ||
	    (p->kind != PK_GEN_PATTERN && p->kind != PK_GEN_LIST)) {
		return 0;
	}
	return fmin(fmin((double)p->count, PK_SCENARIO_LP_CACHE_MAX) *
			PK_SCENARIO_LP_CACHE_BYTES,
		    lps * PK_SCENARIO_PAGE_BYTES);
}

/* The projection's per-range arrays (runway_step.c, runway_pool.c),
   8-byte doubles each: with one stream and no time key, each range's
   share of each of the stretches a step cuts and one more (q.ks,
   PK_SCENARIO_RUNWAY_STRETCHES + 1 a range) and its share of the new
   items (rmass); with a fleet pool, each range's RU/s in each stream's
   stretches and one more (its lim) and its share of each stream's
   items. ASSUMPTION: a time key (which keeps no shares) is not told
   apart: counted. Measured by massif (bounds31): 10,000 ranges, one
   stream, 5.2 MB in q.ks = 65 x 10,000 x 8. */
#define PK_SCENARIO_RUNWAY_SHARE_BYTES 8.0
static double runway_range_bytes(const struct pk_scenario *s,
				 const struct pk_container_spec *c, double r)
{
	double ns = s->n_streams > 1 ? (double)s->n_streams : 1, n = 0;

	if (ns == 1 && r > 1) {
		n += r * (PK_SCENARIO_RUNWAY_STRETCHES + 2);
	}
	if (c->fleet.max_ru_per_s > 0) {
		n += r * (ns * PK_SCENARIO_RUNWAY_STRETCHES + 1 + ns);
	}
	return n * PK_SCENARIO_RUNWAY_SHARE_BYTES;
}

/* Bytes the report's storage runway holds for variant c's lps logical
   partitions of key bytes each (scenario.h): none for a DynamoDB table
   or a data file read at once or a monitor log (runway_build projects
   nothing then: no groups), a share and a count each for a key that is
   one generated property (a pattern or a list) of a single stream, none
   for a key with a unique level (one item each), else a group each (and
   a data file's its index slots), and over its r ranges the
   projection's per-range arrays (runway_range_bytes). */
static double runway_bytes(const struct pk_scenario *s,
			   const struct pk_container_spec *c, double lps,
			   double key, double r)
{
	const struct pk_prop_spec *p;
	size_t i;

	if (scenario_variant_table(s, c) ||
	    (s->items_file && (s->items_file->monitor ||
			       s->items_file->from == PK_FROM_AT_ONCE))) {
		return 0;
	}

	for (i = 0;
	     !s->items_file && c->key.kind == PK_KEY_PATH && i < c->key.n_paths;
	     i++) {
		p = scenario_find_prop(s, c->key.paths[i]);
		if (p && p->kind == PK_GEN_UNIQUE) {
			return 0; /* one item a key: no groups (runway.c) */
		}
	}
	if (!s->items_file && s->n_streams <= 1 && c->key.kind == PK_KEY_PATH &&
	    c->key.n_paths == 1 &&
	    (p = scenario_find_prop(s, c->key.paths[0])) &&
	    (p->kind == PK_GEN_PATTERN || p->kind == PK_GEN_LIST)) {
		return lps * PK_SCENARIO_RUNWAY_VALUE_BYTES +
		       runway_range_bytes(s, c, r);
	}
	return lps * (PK_SCENARIO_RUNWAY_GROUP_BYTES + key +
		      (s->items_file ? PK_SCENARIO_RUNWAY_INDEX_BYTES : 0)) +
	       runway_range_bytes(s, c, r);
}

/* Bytes of the logical partitions variant c's preload makes: one per
   preloaded value (or record, at most), each its record and its key: a
   generated value's at most the longest the key's levels give
   (ld_lp_key_bytes); a file's record's at most the record as loaded (a key
   is part of its record: the file's loaded bytes / its records). */
static double preload_lp_bytes(const struct pk_scenario *s,
			       const struct pk_container_spec *c, double items)
{
	const struct pk_items_file *pf = s->preload->file;
	double n = (double)s->preload->values, key;

	if (pf) {
		n = pf->trace ? (double)trace_count(pf->trace) : 0;
		key = n > 0 ? (double)trace_memory_bytes(pf->trace) / n : 0;
	} else {
		key = ld_lp_key_bytes(s, c, items);
	}
	return n * (PK_SCENARIO_LP_BYTES + key + arena_slack(key));
}

/* The counters of a variant's retry-wait histogram (metrics.h: one per
   ms of an operation's waits in all, grown by doubling from 16 to hold
   the longest seen, and zeroed): the waits an operation can make are at
   most its 429s' (when the client retries: max_wait, and at most
   max_retries of its policy's longest wait, ld_retry_life_s), a DynamoDB
   table's throttles' as its SDK's retry modes wait (client_aws.h: at
   most the legacy mode's 50 ms x (2^9 - 1) = 25,550 ms in all; the
   standard mode's 1 + 2 s less), and the 30 s of its 410s' (when a
   variant sets split_gone); none without any, so the histogram stays
   at its first 16. */
#define PK_SCENARIO_AWS_WAIT_MS 25550.0
static double wait_counters(const struct pk_scenario *s)
{
	double waits = 0, n = 16;
	size_t i;

	if (ld_plan_retry(s).enabled) {
		waits += ld_retry_life_s(s) * 1000.0;
	}
	for (i = 0; i < s->n_variants; i++) {
		if (scenario_variant_table(s, &s->variants[i])) {
			waits = fmax(waits, PK_SCENARIO_AWS_WAIT_MS);
		}
	}
	if (ld_gone_retries(s) > 0) {
		waits += PK_SCENARIO_GONE_WAIT_MS;
	}
	while (n < waits + 1) {
		n *= 2;
	}
	return n;
}

/* Bytes table t's read-ahead holds for items items (ddb_ahead.c): a
   provisioned table that lends unused capacity (adaptive_capacity not
   off) reads the run's stream ahead from its own copy of the workload,
   which keeps its own record of each item (item_record_bytes). Measured
   on a release build: 1,000,000 items of a 100,000-value pattern key,
   read back, 8 bytes each (item_record_bytes 4 + 4), 71,332 KB peak
   with `instant` and 63,500 KB with `off`: 7,832 KB, 8.0 bytes an
   item. */
static double read_ahead_bytes(const struct pk_scenario *s,
			       const struct pk_ddb_table_spec *t, double items)
{
	if (t->capacity == PK_DDB_ON_DEMAND ||
	    t->adaptive == PK_DDB_ADAPTIVE_OFF) {
		return 0;
	}
	return items * item_record_bytes(s);
}

/* The operations whose retry waits a variant's streams table records
   (PK_SCENARIO_STREAM_WAIT_BYTES each), at most: with `streams:` and
   retries, every operation of a phase that can be rate limited
   (ld_phase_can_throttle; with the retries of a 410, every phase's),
   and a data file's when the run can be; else none. */
static double stream_waits(const struct pk_scenario *s)
{
	double n = 0;
	size_t i;

	if (!scenario_has_streams(s) ||
	    (!ld_plan_retry(s).enabled && !(ld_gone_retries(s) > 0))) {
		return 0;
	}
	if (s->items_file) {
		return scenario_can_throttle(s) || ld_gone_retries(s) > 0
			   ? ld_file_ops(s->items_file)
			   : 0;
	}
	for (i = 0; i < s->n_phases; i++) {
		if (ld_gone_retries(s) > 0 || ld_phase_can_throttle(s, i)) {
			n += fmax(ld_phase_count(&s->phases[i]),
				  ld_phase_ops(&s->phases[i]));
		}
	}
	return n;
}

/* The logical partitions of variant c's lps that can get a record of
   their 429s and retries (pk_lp_rare): none when the run cannot be rate
   limited (can_429, scenario_can_throttle); with phases and no retries
   of a 410, those on partitions that can pass their share of the RU/s
   (ld_lps_over_share); else all. */
static double rare_lps(const struct pk_scenario *s,
		       const struct pk_container_spec *c, double lps,
		       int can_429)
{
	if (!can_429) {
		return 0;
	}
	if (s->items_file || ld_gone_retries(s) > 0) {
		return lps;
	}
	return fmin(lps, ld_lps_over_share(s, c));
}

/* Seconds the phases span: each stream's phases back to back from t = 0,
   the streams side by side (workload.c), so the longest stream's sum. */
static double phases_span_s(const struct pk_scenario *s)
{
	double most = 0, t;
	size_t i, k;

	for (i = 0; i < s->n_streams; i++) {
		const struct pk_stream_spec *st = &s->streams[i];

		t = 0;
		for (k = 0; k < st->n_phases; k++) {
			t +=
			    (double)s->phases[st->phase_first + k].duration_ms /
			    1000.0;
		}
		most = fmax(most, t);
	}
	return most;
}

/* The report's heat map for one variant of r ranges over run_s seconds
   (result.h): r bands by at most PK_SCENARIO_HEAT_COLS columns of a
   second or more, fewer columns past PK_SCENARIO_HEAT_CELLS cells, one
   column of r at the least. */
static double heat_report_bytes(double r, double run_s)
{
	double cols = fmin(PK_SCENARIO_HEAT_COLS, ceil(run_s));
	double cells = fmin(r * cols, fmax(PK_SCENARIO_HEAT_CELLS, r));

	return cells * PK_SCENARIO_HEAT_CELL_BYTES;
}

double scenario_report_rows_bytes(const struct pk_memory_estimate *e,
				  enum pk_report_cost k)
{
	switch (k) {
	case PK_REPORT_COST_JSON:
		return e->report_ranges * PK_SCENARIO_REPORT_RANGE_JSON_BYTES +
		       (e->report_minutes - e->report_table_minutes) *
			   PK_SCENARIO_REPORT_MINUTE_BYTES +
		       e->report_table_minutes *
			   PK_SCENARIO_REPORT_TABLE_MINUTE_BYTES +
		       e->report_index_minutes *
			   PK_SCENARIO_REPORT_GSI_MINUTE_BYTES;
	case PK_REPORT_COST_TEXT:
		return e->report_ranges * PK_SCENARIO_REPORT_RANGE_TEXT_BYTES +
		       e->report_timeline_lines *
			   PK_SCENARIO_TIMELINE_LINE_BYTES;
	default:
		/* a CSV series: text's per-range records, and its rows
		   (scenario.h says why they are counted) */
		return e->report_ranges * PK_SCENARIO_REPORT_RANGE_TEXT_BYTES +
		       e->report_rows * PK_SCENARIO_REPORT_CSV_ROW_BYTES;
	}
}

/* The report's rows at the costliest format's cost: the run is
   refused before its format is known */
static double rows_largest(const struct pk_memory_estimate *e)
{
	return fmax(fmax(scenario_report_rows_bytes(e, PK_REPORT_COST_JSON),
			 scenario_report_rows_bytes(e, PK_REPORT_COST_CSV)),
		    scenario_report_rows_bytes(e, PK_REPORT_COST_TEXT));
}

/* The (second, physical partition) pairs that see a request over s's
   phases on r partitions, at most, each a row of a CSV series: a
   phase's n requests over its d seconds spread over the partitions by
   their keys' hashes, r (1 - (1 - 1 / r)^(n / d)) a second (an even
   spread reaches the most partitions, and by concavity a steady rate
   the most over the seconds); a phase with queries (a fan-out reaches
   every partition), a run that can be rate limited (can_429: retries
   come in later seconds), a paced client or a data file: no fewer
   than the rows counted otherwise (HUGE_VAL) */
static double request_rows(const struct pk_scenario *s, double r, int can_429)
{
	double rows = 0, n, d;
	size_t i;

	if (s->items_file || can_429 || ld_client_span_s(s) > 0) {
		return HUGE_VAL;
	}
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *p = &s->phases[i];

		n = ld_phase_ops(p);
		d = ceil((double)p->duration_ms / 1000.0);
		if (p->mix[PK_OP_QUERY] > 0 || !(d > 0)) {
			return HUGE_VAL;
		}
		rows += d * r * (1 - pow(1 - 1 / r, n / d));
	}
	return rows;
}

/* The seconds' records a CSV series of variant c keeps over a run of
   secs seconds (metrics.h: one a second that saw a request, one a run
   of idle seconds between them): an Azure Cosmos DB container's clock
   moves at a request's arrival (an attempt's: a retry only when the run
   can be rate limited, can_429, or a split's 410 retried), a phase's
   start and a split's end (r ranges at most), so at most two records
   each and one; every second of secs for a DynamoDB table or with a
   time to live (their seconds close on their own). */
static double csv_seconds(const struct pk_scenario *s,
			  const struct pk_container_spec *c, double secs,
			  double r, int can_429, double ops, double attempts)
{
	double moves = can_429 || ld_gone_retries(s) > 0 ? attempts : ops;

	if (scenario_variant_table(s, c) || c->default_ttl_s != 0) {
		return secs;
	}
	return fmin(secs, 2 * (moves + (double)s->n_phases + r) + 1);
}

/*
 * The estimate (scenario.h) of what a run of s holds: the items (the
 * workload's record, each variant's slot when a later operation can name
 * an item, scenario_items_read_back, and, when ids can repeat, its id
 * entry), each variant's logical and physical partitions, per-second
 * records and samples (one per range a second's requests reach, kept for
 * runs up to PK_SCENARIO_DETAIL_MAX_S; longer runs keep per-range buckets
 * instead), per-minute records and the retry-wait histogram (a counter
 * per ms up to max_wait plus the 410 waits), the report's heat map
 * (heat_report_bytes) and its rows at the costliest format's cost
 * (JSON's per-range and per-minute rows or CSV's per-sample ones,
 * scenario_report_rows_bytes); every per-variant term is
 * multiplied by the variants (compare). A data file's operations are its
 * records' creates and the queries `compare --query` sends among them,
 * over the arrivals' span plus max_wait, and every operation of the
 * records arriving within one max_wait can be waiting to retry at once
 * (all of them with --at-once).
 */
void scenario_memory_estimate(const struct pk_scenario *s,
			      struct pk_memory_estimate *e)
{
	double items = ld_items_planned(s), ops = 0, dur_s = 0, q = 0;
	double item_bytes = (double)ld_largest_item(s);
	double wait_s = ld_retry_life_s(s);
	const struct pk_prop_spec *id = scenario_find_prop(s, "/id");
	int ids = s->items_file ? !ld_file_ids_distinct(s->items_file)
				: !id || id->kind != PK_GEN_UNIQUE;
	double tg = 0, slot, queued = 0, run_s, attempts, secs, mins;
	double runway = 0, csv_all = 0;
	int file_429 = 0, can_429 = scenario_can_throttle(s);
	size_t i;

	memset(e, 0, sizeof(*e));
	for (i = 0; i < s->n_phases; i++) {
		const double *m = s->phases[i].mix;

		ops += ld_phase_ops(&s->phases[i]);
		q +=
		    ld_phase_ops(&s->phases[i]) * s->phases[i].mix[PK_OP_QUERY];
		if (!s->items_file &&
		    (m[PK_OP_READ] + m[PK_OP_BATCH_GET] + m[PK_OP_UPSERT] +
		     m[PK_OP_REPLACE] + m[PK_OP_DELETE] + m[PK_OP_QUERY]) > 0) {
			/* some operation targets a written item (targets.h) */
			tg = PK_SCENARIO_TARGET_BYTES;
		}
	}
	dur_s = phases_span_s(s);
	if (s->items_file && s->items_file->trace) {
		const struct pk_items_file *f = s->items_file;
		double recs = ld_file_records(f), per_rec;

		/* the records' creates and the queries --query sends among
		   them; the run lasts the arrivals' span, then
		   the retries' wait, and second 0 counts */
		q = ld_file_queries(f, recs);
		ops = recs + q;
		dur_s = ld_file_span_s(f) + wait_s + 1;
		/* what can wait to retry at once: every operation of the
		   records arriving within one max_wait, each record
		   bringing its share of the queries */
		per_rec = recs > 0 ? ops / recs : 1;
		if (ld_plan_retry(s).enabled) {
			/* kept only if some variant can rate limit them
			   (below) */
			queued = ld_file_records_within(f, wait_s) * per_rec;
		}
	}
	if (s->items_file && s->items_file->monitor) {
		/* a monitor log's requests, each row's over its second */
		ops = (double)s->items_file->monitor->pieces;
		q = 0;
		e->retries =
		    ld_plan_retry(s).enabled
			? ld_monitor_within(s->items_file->monitor, wait_s) *
			      ld_retry_entry_bytes(s) * (double)s->n_variants
			: 0;
	}
	/* Paced clients can stretch the run past its phases (run_s): the
	   metrics then record each second that saw a request and one per
	   run of idle seconds between (metrics.h), so past the phases'
	   seconds the records grow with the attempts, at most the run's
	   seconds. A minute is recorded only when one of its seconds sees a
	   request (metrics.c), an attempt's at the most: a sparse schedule's
	   idle minutes cost nothing; a minute touched is recorded whole, so
	   the run's minutes are rounded up (10 s: one). An operation's
	   retries are attempts only where the run can be rate limited
	   (can_429) or a split's 410 retried. */
	run_s = fmax(dur_s, ld_client_span_s(s) + 1);
	attempts = ops * (1.0 + (ld_plan_retry(s).enabled &&
					 (can_429 || ld_gone_retries(s) > 0)
				     ? (double)ld_plan_retry(s).max_retries
				     : 0));
	secs = fmax(dur_s, fmin(run_s, 2 * attempts + 1));
	mins = fmin(ceil(run_s / 60.0), fmax(1, attempts));
	e->n_items = items;
	e->queries = q;
	slot = scenario_items_read_back(s) ? PK_SCENARIO_SLOT_BYTES : 0;
	e->items = items * (item_record_bytes(s) +
			    (slot + tg + (ids ? PK_SCENARIO_ID_BYTES : 0)) *
				(double)s->n_variants);
	e->histograms = (wait_counters(s) * PK_SCENARIO_COUNTER_BYTES +
			 stream_waits(s) * PK_SCENARIO_STREAM_WAIT_BYTES) *
			(double)s->n_variants;
	for (i = 0; i < s->n_variants; i++) {
		const struct pk_container_spec *c = &s->variants[i];
		double lps = ld_lps_planned(s, c, items);
		double r = ld_ranges_planned(s, c, items, item_bytes, lps) +
			   ld_table_split_parts(s, c, NULL, NULL);
		double smp = ops + q * (r - 1);
		double key = ld_lp_key_bytes(s, c, items);
		const struct pk_ddb_table_spec *tb;

		if (s->items_file && s->items_file->trace &&
		    !s->items_file->monitor) {
			double top;

			lps = ld_file_lps(s->items_file, &c->key,
					  scenario_variant_table(s, c) != NULL,
					  &key, &top);
			key += PK_SCENARIO_LP_LEVEL_BYTES *
			       (double)(c->key.kind == PK_KEY_SYNTHETIC
					    ? 1
					    : c->key.n_paths);
			file_429 |= ld_file_can_throttle(s, c, r, top, lps);
		}

		if ((tb = scenario_variant_table(s, c))) {
			double rows, values, gmins;

			/* a heat record and a demand value per partition-key
			   value asked (ddb_heat.c, ddb_demand.c), the heat
			   splits' watches, and the indexes' partitions, rows
			   and key values */
			e->samples += ld_table_gsi_bytes(
			    s, tb, ld_table_index_writes(s), run_s,
			    dur_s <= PK_SCENARIO_DETAIL_MAX_S, &rows, &values);
			/* each index's per-minute records, kept whatever
			   the format (ddb_gsi.c: a minute with a write
			   attempt on the index, so at most the table's
			   minutes with a request and the index writes'
			   attempts), and their JSON rows */
			gmins =
			    (double)tb->n_gsis *
			    fmin(mins, fmax(1, ld_table_index_writes(s) *
						   attempts / fmax(1, ops)));
			e->samples += gmins * PK_SCENARIO_GSI_MINUTE_BYTES;
			e->report_index_minutes += gmins;
			e->report_table_minutes += mins;
			e->partitions += ld_table_value_bytes(s, c, lps, key) +
					 ld_table_watch_bytes(s, c) + values;
			e->report_rows += rows;
			e->items +=
			    read_ahead_bytes(s, tb, items) +
			    ld_table_items_bytes(s, tb, items, lps, key);
		}
		runway = fmax(runway, runway_bytes(s, c, lps, key, r));
		if (!scenario_variant_table(s, c)) {
			/* a container's logical partitions (lptable.c; a
			   table keeps its values' records, above) */
			e->partitions += lps * (PK_SCENARIO_LP_BYTES + key +
						arena_slack(key)) +
					 rare_lps(s, c, lps, can_429) *
					     PK_SCENARIO_LP_RARE_BYTES +
					 lp_cache_bytes(s, c, lps) +
					 ld_lp_group_bytes(s, c, lps) +
					 PK_SCENARIO_LP_BLOCK_BYTES;
		}
		e->partitions += r * PK_SCENARIO_RANGE_BYTES;
		if (s->preload) {
			e->partitions += preload_lp_bytes(s, c, items);
		}
		if (!scenario_variant_table(s, c) &&
		    r > ld_ranges_at_start(c)) {
			/* each split's records beyond its range's */
			e->partitions += (r - ld_ranges_at_start(c)) *
					 PK_SCENARIO_SPLIT_BYTES;
		}
		if (c->default_ttl_s != 0) {
			/* TTL (rule 28): each item's expiry, and an entry in
			   the expiry queue per write, another once it waits */
			e->items += items * PK_SCENARIO_TTL_ITEM_BYTES +
				    ops * PK_SCENARIO_TTL_ENTRY_BYTES;
		}
		if (dur_s > PK_SCENARIO_DETAIL_MAX_S) {
			/* a CSV series keeps every second (cli.c): its
			   samples, a row each, and its seconds' records */
			csv_all +=
			    fmin(fmin(smp, run_s * r),
				 request_rows(s, r, can_429)) *
				PK_SCENARIO_CSV_KEPT_ROW_BYTES +
			    csv_seconds(s, c, secs, r, can_429, ops, attempts) *
				PK_SCENARIO_CSV_SECOND_BYTES;
		}
		if (dur_s <= PK_SCENARIO_DETAIL_MAX_S) {
			if (smp > run_s * r) {
				smp = run_s * r;
			}
			e->samples += smp * PK_SCENARIO_SAMPLE_BYTES +
				      secs * PK_SCENARIO_SECOND_BYTES;
		} else {
			/* per-range buckets (metrics.h), as wide as the
			   phases' span over the heat map's columns */
			if (smp >
			    PK_SCENARIO_BUCKETS_PER_RANGE * r * run_s / dur_s) {
				smp = PK_SCENARIO_BUCKETS_PER_RANGE * r *
				      run_s / dur_s;
			}
			e->samples += smp * PK_SCENARIO_BUCKET_BYTES;
		}
		e->report += heat_report_bytes(r, run_s);
		e->report_ranges += r;
		e->report_rows += smp; /* a CSV row a sample */
		/* per-minute records; their rows in a JSON report are the
		   report's (scenario_report_rows_bytes) */
		e->samples += mins * PK_SCENARIO_MINUTE_BYTES;
		e->report_minutes += mins;
		e->report_timeline_lines += ld_timeline_lines(
		    attempts, run_s + wait_s, dur_s > PK_SCENARIO_DETAIL_MAX_S);
		if (!scenario_variant_table(s, c)) {
			/* each minute's highest RU/s, idle ones too, for the
			   bill's month: the first 720 hours */
			e->samples +=
			    fmin(ceil(run_s / 60.0), PK_SCENARIO_BILL_MINUTES) *
			    PK_SCENARIO_BILL_MINUTE_BYTES;
		}
	}
	/* the runway's groups, one variant's at a time */
	e->runway = runway;
	e->partitions += runway;
	if (file_429) {
		e->retries =
		    queued * ld_retry_entry_bytes(s) * (double)s->n_variants;
	}
	if (!s->items_file) {
		/* each stream's busiest phase's waiting retries, together
		   (with a data file, they are counted over the arrivals
		   above) */
		size_t worst, streams;

		e->retries = ld_retry_queue_bytes(s, &worst, &queued, &streams);
	}
	if (e->retries > 0) {
		e->retries += ld_table_due_index_bytes(s, queued);
	}
	e->files = ld_files_bytes(s);
	e->client_queues = ld_client_queue_bytes(s, file_429 ? queued : 0);
	e->report += rows_largest(e);
	e->total = e->items + e->partitions + e->samples + e->histograms +
		   e->retries + e->files + e->client_queues + e->report;
	e->csv_seconds = csv_all;
}

/* Where a memory refusal points: the data file's key, else the first
   phase, else nowhere (0) */
static int estimate_line(const struct pk_scenario *s)
{
	return s->items_file ? s->items_file->line
	       : s->n_phases ? s->phases[0].line
			     : 0;
}

static int estimate_col(const struct pk_scenario *s)
{
	return s->items_file ? s->items_file->col
	       : s->n_phases ? s->phases[0].col
			     : 0;
}

int scenario_check_csv_memory(const struct pk_scenario *s, struct pk_diag *diag)
{
	struct pk_memory_estimate e;
	struct ld ld;
	double csv;

	scenario_memory_estimate(s, &e);
	csv = e.total - rows_largest(&e) +
	      scenario_report_rows_bytes(&e, PK_REPORT_COST_CSV) +
	      e.csv_seconds;
	if (csv <= PK_SCENARIO_MAX_TRACK_BYTES) {
		return 0;
	}
	memset(&ld, 0, sizeof(ld));
	ld.file = s->file;
	ld.d = diag;
	ld.s = (struct pk_scenario *)s;
	ld_err_at(
	    &ld, estimate_line(s), estimate_col(s),
	    "with --format csv the run would take about %.*f GiB: a run "
	    "longer than a day keeps every second's samples for the "
	    "series, %.2f GiB of them, beside the %.2f GiB the other "
	    "formats take; pksim stops at %.0f GiB before it starts; use "
	    "another format (json, text: a long run's per-range buckets), "
	    "or shorten the run",
	    gib_decimals(csv), csv / (double)PK_GIB,
	    e.csv_seconds / (double)PK_GIB, e.total / (double)PK_GIB,
	    PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB);
	return -1;
}

/* Append "; TEXT: X.XX GiB" to buf (size n) */
static void add_part(char *buf, size_t n, const char *text, double bytes)
{
	size_t len = strlen(buf);

	snprintf(buf + len, n - len, "; %s: %.2f GiB", text,
		 bytes / (double)PK_GIB);
}

/* Refuse up front a run whose memory estimate (scenario_memory_estimate)
   passes PK_SCENARIO_MAX_TRACK_BYTES (scenario.h): the error gives the
   estimate by every part that adds to its total, each to the hundredth
   of a GiB, and what to change. */
void ld_check_memory(struct ld *ld, const struct pk_scenario *s)
{
	struct pk_memory_estimate e;
	char ia[PK_FMT_BYTES], qa[PK_FMT_BYTES], rq[640] = "", what[128];
	double items;

	scenario_memory_estimate(s, &e);
	items = e.n_items;
	if (e.total <= PK_SCENARIO_MAX_TRACK_BYTES) {
		return;
	}
	if (!s->items_file && e.retries > PK_SCENARIO_MAX_TRACK_BYTES) {
		check_retry_memory(ld, s); /* the retries alone: say so */
		return;
	}
	if (s->items_file) {
		snprintf(what, sizeof(what),
			 "%s queries and the retries that can wait at once",
			 ld_approx(e.queries, qa));
		add_part(rq, sizeof(rq), what, e.retries);
	} else {
		add_part(rq, sizeof(rq), "the retries that can wait at once",
			 e.retries);
	}
	if (s->items_file || e.files > 0) {
		/* a preload file counts here too */
		add_part(rq, sizeof(rq), "the data files as loaded", e.files);
	}
	if (e.client_queues > 0) {
		add_part(rq, sizeof(rq),
			 "operations waiting for the client's workers or "
			 "ru_budget",
			 e.client_queues);
	}
	add_part(rq, sizeof(rq), "the report's rows and heat map", e.report);
	ld_err_at(
	    ld, estimate_line(s), estimate_col(s),
	    "the run would take about %.*f GiB (%s item%s: %.2f GiB; logical "
	    "and physical partitions: %.2f GiB; per-second samples and "
	    "records: %.2f GiB; "
	    "retry-wait histograms: %.2f GiB%s; %zu variant%s), and pksim "
	    "stops at %.0f GiB before it starts; %s",
	    gib_decimals(e.total), e.total / (double)PK_GIB,
	    items < 9e18 ? fmt_thousands(llround(items), ia)
			 : ld_approx(items, ia),
	    llround(items) == 1 ? "" : "s", e.items / (double)PK_GIB,
	    e.partitions / (double)PK_GIB, e.samples / (double)PK_GIB,
	    e.histograms / (double)PK_GIB, rq, s->n_variants,
	    s->n_variants == 1 ? "" : "s",
	    PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB,
	    s->items_file ? "use fewer records (limit), a smaller --query "
			    "share or a slower arrival (--rate), or compare "
			    "fewer variants"
			  : "lower a phase's rate, duration or share of "
			    "creates, or compare fewer variants");
}
