/*
 * plan_limits: the time and size bounds a scenario must keep, checked
 * before the run and refused up front with the figure (docs/design.md:
 * never killed halfway): simulated time (the phases', a data file's
 * span; the time a client's pacing implies, plan_client.c), operations
 * and RU a run,
 * and an item's stored size; and the plan's arithmetic the memory
 * estimate (plan_memory.c) shares.
 */
#include "loader.h"
#include "pksim/load/monitor.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/schedule.h"
#include "pksim/load/trace.h"

/* x to 3 significant digits, as people write it: 6.31e+09 is
   "6,310,000,000", 7.3e+04 is "73,000", 0.5 stays "0.5"; into buf
   (PK_FMT_BYTES); returns buf. */
const char *ld_approx(double x, char *buf)
{
	double scale;

	if (!isfinite(x) || fabs(x) < 1000 || fabs(x) >= 9e18) {
		snprintf(buf, PK_FMT_BYTES, "%.3g", x);
		return buf;
	}
	scale = pow(10, floor(log10(fabs(x))) - 2);
	return fmt_thousands((int64_t)llround(x / scale) * (int64_t)scale, buf);
}

/* x, which passed limit, as ld_approx writes it when that figure is
   above limit's, else to the whole unit rounded up (so 1,000,000,001
   above 1,000,000,000 is not "1,000,000,000"); into buf (PK_FMT_BYTES). */
const char *ld_above(double x, double limit, char *buf)
{
	double scale;

	if (!isfinite(x) || fabs(x) >= 9e18) {
		snprintf(buf, PK_FMT_BYTES, "%.17g", x);
		return buf;
	}
	if (fabs(x) < 1000) {
		snprintf(buf, PK_FMT_BYTES, "%.6g", x);
		return buf;
	}
	scale = pow(10, floor(log10(fabs(x))) - 2);
	if ((double)llround(x / scale) * scale > limit) {
		return ld_approx(x, buf);
	}
	return fmt_thousands((int64_t)ceil(x), buf);
}

/* Operations phase p is expected to send: rate x duration, or with a
   rate schedule L(duration) (schedule.h; the loader's
   ld_plan_phase_rates). */
double ld_phase_ops(const struct pk_phase_spec *p)
{
	return p->schedule ? p->ops_planned
			   : p->rate_per_s * (double)p->duration_ms / 1000.0;
}

/* Operations phase p sends with uniform arrivals, the workload's count:
   ceil(rate x duration) (workload_stream.c), with a schedule ceil(L(D))
   (schedule_uniform_count). Poisson arrivals send that many on average
   and a Poisson count of mean L beyond it; the bounds take L + 6 sqrt(L)
   + 6 (ceil), which a count passes with a chance under 1e-9 (6 standard
   deviations, and at L = 1 the chance of 13 or more, 1e-10). */
double ld_phase_count(const struct pk_phase_spec *p)
{
	double n;

	if (p->schedule) {
		uint64_t u = schedule_uniform_count(p->ops_planned);

		n = u == UINT64_MAX ? HUGE_VAL : (double)u;
	} else {
		n = ceil(p->rate_per_s * (double)p->duration_ms / 1000.0);
	}
	if (p->arrival == PK_ARRIVAL_POISSON && isfinite(n)) {
		n = ceil(n + 6 * sqrt(n) + 6);
	}
	return n;
}

/* The highest rate phase p offers, ops/s. */
double ld_phase_peak(const struct pk_phase_spec *p)
{
	return p->schedule ? p->peak_rate_per_s : p->rate_per_s;
}

/* Seconds a data file's arrivals span: (last - first time) /
   time_compression under time_field; under rate (record j, from 0,
   arrives at j / rate) (records - 1) / rate, the last record's time; 0 at
   once. */
double ld_file_span_s(const struct pk_items_file *f)
{
	size_t n = trace_count(f->trace), i;
	int64_t lo = INT64_MAX, hi = INT64_MIN, t;
	struct pk_diag scratch; /* the loader checked every time already */

	if (f->monitor) {
		/* from the first row's second to the last row's (rule 37:
		   a row's requests stay in its second) */
		return ((double)monitor_second_ms(f->monitor->last_ms) -
			(double)monitor_second_ms(f->monitor->first_ms)) /
		       1000.0;
	}
	if (f->limit > 0 && f->limit < n) {
		n = f->limit;
	}
	if (f->from == PK_FROM_RATE) {
		return n > 0 ? (double)(n - 1) / f->rate_per_s : 0;
	}
	if (f->from != PK_FROM_TIME_FIELD) {
		return 0;
	}
	diag_init(&scratch);
	for (i = 0; i < n; i++) {
		if (trace_time_ms(f->trace, i, f->time_field, &t, &scratch) ==
		    0) {
			lo = t < lo ? t : lo;
			hi = t > hi ? t : hi;
		}
	}
	diag_free(&scratch);
	return hi >= lo
		   ? ((double)hi - (double)lo) / 1000.0 / f->time_compression
		   : 0;
}

/* Records of a data file the run replays: the first `limit`, or all. */
double ld_file_records(const struct pk_items_file *f)
{
	size_t n = trace_count(f->trace);

	return (double)(f->limit > 0 && f->limit < n ? f->limit : n);
}

/* The queries `compare --query` sends among n records (workload_file.c:
   after record r query i has been sent floor(r x share_i / (1 - all
   shares)) times): the sum over the queries of floor(n x share_i / (1 -
   all shares)); 0 without queries. */
double ld_file_queries(const struct pk_items_file *f, double n)
{
	double all = 0, q = 0;
	size_t i;

	for (i = 0; i < f->n_queries; i++) {
		all += f->queries[i].weight;
	}
	for (i = 0; i < f->n_queries && all < 1; i++) {
		/* + 1e-9: 0.99 / 0.01 is 98.999... in binary */
		q += floor(n * f->queries[i].weight / (1 - all) + 1e-9);
	}
	return q;
}

/* The operations data file f sends: a monitor log's requests (each row
   ceil(charge / split_ru), monitor.h), else its records and the queries
   --query sends among them. */
double ld_file_ops(const struct pk_items_file *f)
{
	double recs;

	if (f->monitor) {
		return (double)f->monitor->pieces;
	}
	if (!f->trace) {
		return 0;
	}
	recs = ld_file_records(f);
	return recs + ld_file_queries(f, recs);
}

/* The largest item a run writes, in bytes. */
uint64_t ld_largest_item(const struct pk_scenario *s)
{
	uint64_t max = 0, b;
	size_t i;

	if (s->items_file && s->items_file->monitor) {
		return 0; /* nothing is written */
	}
	if (s->items_file && s->items_file->size_bytes) {
		return s->items_file->size_bytes;
	}
	if (s->items_file) {
		return trace_largest_size_bytes(s->items_file->trace);
	}
	ld_count_phase_pass();
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_size_spec *z = &s->phases[i].item_size;

		b = z->kind == PK_SIZE_FIXED	 ? z->bytes
		    : z->kind == PK_SIZE_UNIFORM ? z->max_bytes
						 : PK_MAX_ITEM_BYTES;
		max = b > max ? b : max;
	}
	return max;
}

/* The most RU one attempt of any operation can charge under s's cost
   keys (each <= PK_COST_MAX_RU, scenario_client.c), with queries on
   this phase (NULL: none): a point operation or a batch (<= 100 items,
   <= 2 MB in all) <= 100 x the largest 1 KB charge + the largest 100 KB
   charge x 2,048 KB / 99 (the line through the 1 and 100 KB points,
   rule 20, rises by at most at100 / 99 a KB); a query <= query_base +
   query_per_range x PK_COST_MAX_RANGES + query_per_result x results. */
static double worst_attempt_ru(const struct pk_scenario *s,
			       const struct pk_phase_spec *p)
{
	const struct pk_cost_spec *c = &s->cost;
	double at1 =
	    fmax(fmax(c->read_1kb_ru, c->write_1kb_ru), c->not_found_ru);
	double at100 = fmax(c->read_100kb_ru, c->write_100kb_ru);
	double w = (double)PK_MAX_BATCH_OPS * at1 +
		   at100 * ((double)PK_MAX_REQUEST_BYTES / 1024.0) / 99.0;
	size_t q;

	for (q = 0; p && p->mix[PK_OP_QUERY] > 0 && q < p->n_queries; q++) {
		w = fmax(w, c->query_base_ru +
				c->query_per_range_ru * PK_COST_MAX_RANGES +
				c->query_per_result_ru *
				    (double)p->queries[q].results);
	}
	return w;
}

/* RU the cost keys charge bytes through the points at1 (1 KB) and
   at100 (100 KB), as cost.c does (rule 20). */
static double through_ru(double at1, double at100, double bytes)
{
	double kb = bytes / 1024.0;

	return kb <= 1	   ? at1
	       : kb <= 100 ? at1 + (at100 - at1) * (kb - 1) / 99.0
			   : at100 * kb / 100.0;
}

/* The largest index_factor of the variants, at least 1: what an item's
   stored bytes are at most, times its size. */
static double most_index_factor(const struct pk_scenario *s)
{
	double f = 1;
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		f = fmax(f, s->variants[i].index_factor);
	}
	return f;
}

/* Whether some variant's key has a random part (a synthetic key's
   `{random A..B}`): its reads, replaces, upserts and deletes first query
   the candidate values (rule 38). */
static int some_key_random(const struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		const char *t = s->variants[i].key.template_text;

		if (t && strstr(t, "{random")) {
			return 1;
		}
	}
	return 0;
}

/* D1's unit sizes (dynamodb-mechanics.md §1), as ddb_units.h's
   PK_DDB_WRITE_UNIT_BYTES and PK_DDB_READ_UNIT_BYTES (the load stage
   does not include the service's units) */
#define TABLE_WRITE_UNIT_BYTES 1024.0
#define TABLE_READ_UNIT_BYTES 4096.0

/* The whole units of size bytes at unit bytes a unit, at least 1: a
   DynamoDB request's capacity units (D1, dynamodb-mechanics.md §1: a
   write one per 1 KiB or part of it, a read one per 4 KiB) */
static double table_units(double size, double unit)
{
	return fmax(1, ceil(size / unit));
}

/* The local index writes one write of an item of u units makes on
   table t (D18, docs/dynamodb.md "Local secondary indexes": on the
   table's own capacity, by a global index's rules): each index an entry
   of the item's units (1 WCU keys_only), and a write that may find a
   stored item whose entry's value it changes 2 of them (the stored
   entry's delete and the new one's put); a new item (`fresh`) 1 */
static double lsi_units(const struct pk_ddb_table_spec *t, double u, int fresh)
{
	double w = 0;
	size_t i;

	for (i = 0; i < t->n_lsis; i++) {
		w += (fresh ? 1 : 2) * (t->lsis[i].keys_only ? 1 : u);
	}
	return w;
}

/* The most capacity units one operation of mix m takes on DynamoDB
   table t (D1), writes of size bytes, reads and deletes of stored bytes:
   a put, update or delete ceil(size / 1 KiB) (an update or delete of
   the larger of the two), each with its local index writes (lsi_units:
   a create's item is new), each item of a batch as much (BatchWriteItem;
   TransactWriteItems, `batches: transact_write_items`, twice: D1, "a
   transactional write costs twice as much"), a read ceil(stored / 4 KiB)
   (strong; an eventual read half) and, under a key of k candidate
   values (a `{random}` part, rule 38), a GetItem of each other one, an
   item that does not exist: 1 unit strong, 0.5 eventual
   (docs/dynamodb.md); a BatchGetItem of gets keys a strong read of
   each (§1: "each item rounded, then summed"; ddb_batch_get.c charges
   the keys read); a client's ru_budget spends these on a table (sim.c,
   budget_spend) */
static double table_op_units(const struct pk_ddb_table_spec *t, const double *m,
			     double batch, double gets, double size,
			     double stored, double k)
{
	const double u = table_units(size, TABLE_WRITE_UNIT_BYTES);
	const double us =
	    table_units(fmax(size, stored), TABLE_WRITE_UNIT_BYTES);
	double w = 0;

	if (m[PK_OP_CREATE] > 0) {
		w = u + lsi_units(t, u, 1);
	}
	if (m[PK_OP_UPSERT] > 0 || m[PK_OP_REPLACE] > 0 ||
	    m[PK_OP_DELETE] > 0) {
		w = fmax(w, us + lsi_units(t, us, 0));
	}
	if (m[PK_OP_BATCH] > 0) {
		w = fmax(w, batch * (t->transact ? 2 : 1) *
				(us + lsi_units(t, us, 0)));
	}
	if (m[PK_OP_READ] > 0) {
		const double miss =
		    t->reads == PK_DDB_CONSISTENCY_EVENTUAL ? 0.5 : 1.0;

		w = fmax(w, table_units(stored, TABLE_READ_UNIT_BYTES) +
				(k > 1 ? (k - 1) * miss : 0));
	}
	if (m[PK_OP_BATCH_GET] > 0) {
		w = fmax(w, gets * table_units(stored, TABLE_READ_UNIT_BYTES));
	}
	return w;
}

/* p without its leading '/' */
static const char *bare_path(const char *p)
{
	return p && p[0] == '/' ? p + 1 : p;
}

/* The most read units query q is charged on table t (docs/dynamodb.md
   "Query and Scan", reference §1): an `eq` or `in` on the partition key
   is a Query of each value named, its item collection's bytes / 4 KiB
   rounded up: one item (stored) without a sort key, at most the whole
   table's bytes (table_bytes) with one; any other query a Scan of every
   partition's items, at most table_bytes / 4 KiB and a unit more a
   partition (each rounds up; ranges of them); half of that for
   eventually consistent reads; 1 at least (an empty table's Scan) */
static double table_query_units(const struct pk_ddb_table_spec *t,
				const struct pk_query_spec *q, double ranges,
				double stored, double table_bytes)
{
	const double f = t->reads == PK_DDB_CONSISTENCY_EVENTUAL ? 0.5 : 1.0;
	double values = 0, w;
	size_t i;

	for (i = 0; i < q->n_conds; i++) {
		const struct pk_cond_spec *c = &q->conds[i];

		if (!c->path || !t->partition_key ||
		    strcmp(bare_path(c->path), bare_path(t->partition_key))) {
			continue;
		}
		if (c->kind == PK_COND_EQ) {
			values = fmax(values, 1);
		} else if (c->kind == PK_COND_IN) {
			values = fmax(values, (double)c->in_count);
		}
	}
	if (values > 0) {
		w = values * table_units(t->sort_key ? table_bytes : stored,
					 TABLE_READ_UNIT_BYTES);
	} else {
		w = table_units(table_bytes, TABLE_READ_UNIT_BYTES) + ranges;
	}
	return fmax(1, f * w);
}

double ld_table_bytes(const struct pk_scenario *s, double items, double largest)
{
	const struct pk_preload_spec *pl = s->preload;
	const double most = (double)PK_DDB_ITEM_MAX_BYTES;
	double pre = 0;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		if (scenario_variant_table(s, &s->variants[v])) {
			break;
		}
	}
	if (v == s->n_variants) {
		return 0;
	}
	if (pl) {
		pre = ld_preload_items(s) *
		      (pl->size_bytes > 0 ? fmin((double)pl->size_bytes, most)
					  : most);
	}
	return items * fmin(largest * most_index_factor(s), most) + pre;
}

/* table_op_units of the costliest DynamoDB table among s's variants, 0
   with none */
static double tables_op_units(const struct pk_scenario *s, const double *m,
			      double batch, double gets, double size,
			      double stored)
{
	double w = 0;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(s, &s->variants[v]);

		if (t) {
			const char *key = s->variants[v].key.template_text;

			w = fmax(w,
				 table_op_units(t, m, batch, gets, size, stored,
						ld_key_random_values(key)));
		}
	}
	return w;
}

/*
 * The most RU one operation of phase p (NULL: a data file's record, a
 * create of its largest item) is charged, counted once: a 429 or 410
 * attempt is charged nothing, so only the attempt that is answered takes
 * from a client's ru_budget. Writes at the phase's largest item, reads
 * and deletes at the run's largest stored item (size x index_factor) or
 * not_found, a batch batch_size writes, a BatchGetItem batch_get_size
 * reads, a query query_base + query_per_range
 * x the most ranges a variant reaches (ld_ranges_bound) + query_per_result
 * x its results, and with a random key part (rule 38) the key query
 * before a read, replace, upsert or delete. With a DynamoDB table among
 * the variants, at least the table's capacity units for the operation
 * (table_op_units), which a ru_budget spends there.
 */
double ld_worst_op_ru(const struct pk_scenario *s,
		      const struct pk_phase_spec *p, double ranges)
{
	const double largest = (double)ld_largest_item(s);

	/* a table's bytes (a pass over the phases) only for its queries */
	return ld_worst_op_ru_at(
	    s, p, ranges, largest,
	    p && p->mix[PK_OP_QUERY] > 0
		? ld_table_bytes(s, ld_items_planned(s), largest)
		: 0);
}

double ld_worst_op_ru_at(const struct pk_scenario *s,
			 const struct pk_phase_spec *p, double ranges,
			 double largest, double table_bytes)
{
	const struct pk_cost_spec *c = &s->cost;
	static const double create[PK_OP_KINDS] = {[PK_OP_CREATE] = 1};
	const double *m = p ? p->mix : create;
	double size = largest, stored, w = 0, find = 0;
	size_t q;

	stored = size * most_index_factor(s);
	if (p) {
		size = p->item_size.kind == PK_SIZE_FIXED ? p->item_size.bytes
		       : p->item_size.kind == PK_SIZE_UNIFORM
			   ? p->item_size.max_bytes
			   : PK_MAX_ITEM_BYTES;
	}
	w = tables_op_units(s, m, p ? (double)p->batch_size : 1,
			    p ? (double)p->batch_get_size : 1, size, stored);
	if (!p || m[PK_OP_CREATE] > 0 || m[PK_OP_UPSERT] > 0 ||
	    m[PK_OP_REPLACE] > 0) {
		w = fmax(w,
			 through_ru(c->write_1kb_ru, c->write_100kb_ru, size));
	}
	if (!p) {
		return w;
	}
	if (some_key_random(s)) {
		find = c->query_base_ru + c->query_per_range_ru * ranges +
		       c->query_per_result_ru;
	}
	if (m[PK_OP_READ] > 0) {
		w = fmax(w, find + fmax(through_ru(c->read_1kb_ru,
						   c->read_100kb_ru, stored),
					c->not_found_ru));
	}
	if (m[PK_OP_DELETE] > 0 || m[PK_OP_REPLACE] > 0 ||
	    m[PK_OP_UPSERT] > 0) {
		w = fmax(w, find + fmax(through_ru(c->write_1kb_ru,
						   c->write_100kb_ru,
						   fmax(stored, size)),
					c->not_found_ru));
	}
	if (m[PK_OP_BATCH] > 0) {
		w = fmax(w, (double)p->batch_size *
				through_ru(c->write_1kb_ru, c->write_100kb_ru,
					   size));
	}
	for (q = 0; m[PK_OP_QUERY] > 0 && q < p->n_queries; q++) {
		size_t v;

		w = fmax(w, c->query_base_ru + c->query_per_range_ru * ranges +
				c->query_per_result_ru *
				    (double)p->queries[q].results);
		for (v = 0; v < s->n_variants; v++) {
			const struct pk_ddb_table_spec *t =
			    scenario_variant_table(s, &s->variants[v]);

			if (t) {
				w = fmax(w, table_query_units(t, &p->queries[q],
							      ranges, stored,
							      table_bytes));
			}
		}
	}
	return w;
}

/* The stream whose phases start at phase i, or NULL: each stream's
   phases run back to back from t = 0, side by side with the others'. */
static const struct pk_stream_spec *stream_from(const struct pk_scenario *s,
						size_t i)
{
	size_t j;

	for (j = 0; j < s->n_streams; j++) {
		if (s->streams[j].n_phases && s->streams[j].phase_first == i) {
			return &s->streams[j];
		}
	}
	return NULL;
}

/* The variants a run replays, each the whole workload: what its work
   units multiply by. */
static double run_variants(const struct pk_scenario *s)
{
	return s->n_variants > 1 ? (double)s->n_variants : 1.0;
}

/* The phases' work (every variant's) and the storage runway's
   projection of each variant after them (scenario_runway_units) within
   PK_SCENARIO_MAX_WORK: 0, else -1 with the error at the first phase */
static int check_runway_work(struct ld *ld, const struct pk_scenario *s,
			     double work)
{
	double slices, cands, nv = run_variants(s);
	double rw = scenario_runway_units(s, &slices, &cands);
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char d[PK_FMT_BYTES], e[PK_FMT_BYTES];

	if (rw <= 0 || work + nv * rw <= PK_SCENARIO_MAX_WORK) {
		return 0;
	}
	ld_err_at(ld, s->n_phases ? s->phases[0].line : 0,
		  s->n_phases ? s->phases[0].col : 0,
		  "the storage runway's projection takes about %s units of "
		  "work a variant (%s hourly steps over 5 years x up to %.0f "
		  "slices the streams' phases cut a step into x (1 + up to "
		  "%.0f candidate logical partitions) x %.4g%s); with the "
		  "phases' %s that is about %s for its %.0f variant%s, above "
		  "pksim's limit of %s a run; use fewer streams, fewer "
		  "phases with steps or spikes, fewer key values or fewer "
		  "variants",
		  ld_approx(rw, a),
		  fmt_thousands((int64_t)PK_SCENARIO_RUNWAY_STEPS, b), slices,
		  cands, PK_SCENARIO_RUNWAY_WORK,
		  rw > 1.5 * PK_SCENARIO_RUNWAY_STEPS * slices * (1 + cands) *
			      PK_SCENARIO_RUNWAY_WORK
		      ? ", twice under time to live"
		      : "",
		  ld_approx(work, c),
		  ld_above(work + nv * rw, PK_SCENARIO_MAX_WORK, e), nv,
		  nv == 1 ? "" : "s",
		  fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, d));
	return -1;
}

/* The phases' and the storage runway's work (every variant's, work)
   and the report's per-minute rows of each variant
   (scenario_report_units) within PK_SCENARIO_MAX_WORK: 0, else -1 with
   the error at the first phase */
static int check_report_work(struct ld *ld, const struct pk_scenario *s,
			     double work)
{
	double rows, nv = run_variants(s);
	double rep = scenario_report_units(s, &rows);
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char d[PK_FMT_BYTES], e[PK_FMT_BYTES];

	if (rep <= 0 || work + nv * rep <= PK_SCENARIO_MAX_WORK) {
		return 0;
	}
	ld_err_at(ld, s->n_phases ? s->phases[0].line : 0,
		  s->n_phases ? s->phases[0].col : 0,
		  "the report's per-minute rows take about %s units of work "
		  "a variant (%s minutes with a request x %.4g); with the "
		  "run's %s that is about %s for its %.0f variant%s, above "
		  "pksim's limit of %s a run; use shorter phases, fewer "
		  "variants or fewer minutes with a request",
		  ld_approx(rep, a), ld_approx(rows, b),
		  PK_SCENARIO_REPORT_MINUTE_WORK, ld_approx(work, c),
		  ld_above(work + nv * rep, PK_SCENARIO_MAX_WORK, e), nv,
		  nv == 1 ? "" : "s",
		  fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, d));
	return -1;
}

/* Refuse up front a run that would not end in reasonable time: the
   phases' simulated time (each stream's phases in turn, the streams side
   by side), the operations they send and their work units over every
   variant, each against its bound (PK_SCENARIO_MAX_SIM_S,
   PK_SCENARIO_MAX_OPERATIONS, PK_SCENARIO_MAX_WORK).
   Sums in double, so durations near INT64_MAX add
   without overflow. 0 when within both, else -1 with the error at the
   phase that passes the bound. */
int ld_check_run_size(struct ld *ld, const struct pk_scenario *s)
{
	double t_s = 0, ops = 0, said = 0, ru = 0, attempts, work;
	double ranges = ld_ranges_bound(s), nv = run_variants(s);
	double tries = ld_op_attempts(s), client_s, reach;
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char d[PK_FMT_SPAN_BYTES], vs[64], terms[1024];
	const char *stream = NULL;
	size_t i;

	/* the preload's items and the splits, before the first request,
	   and a table's heat splits, each a pass over its stored items */
	work = nv * (ld_setup_work(s) + ld_table_split_work(s));
	vs[0] = '\0';
	if (nv > 1) {
		snprintf(vs, sizeof(vs), " for its %.0f variants", nv);
	}
	if (s->items_file && s->items_file->trace) {
		double span = ld_file_span_s(s->items_file);

		if (span > (double)PK_SCENARIO_MAX_SIM_S) {
			ld_err_at(
			    ld, s->items_file->line, s->items_file->col,
			    "the data file's arrivals span %s, "
			    "above pksim's limit of %s s "
			    "(366 days) of simulated time; raise "
			    "time_compression or the rate, or use "
			    "fewer records (limit)",
			    span < 9e18
				? fmt_seconds((int64_t)ceil(span), d)
				: ld_above(span, PK_SCENARIO_MAX_SIM_S, c),
			    fmt_thousands(PK_SCENARIO_MAX_SIM_S, a));
			return -1;
		}
	}

	/* at most max_retries, and at most max_wait's milliseconds: each
	   retry waits at least 1 ms (ld_op_attempts) */
	attempts = ld_plan_retry(s).enabled
		       ? 1.0 + fmin((double)ld_plan_retry(s).max_retries,
				    (double)ld_plan_retry(s).max_wait_ms)
		       : 1.0;
	if (s->items_file && s->items_file->monitor) {
		const struct pk_monitor_log *m = s->items_file->monitor;

		/* the log's own charges replace the cost model */
		ru = (double)m->total_mru / 1000.0 * attempts;
		if ((double)m->pieces > PK_SCENARIO_MAX_OPERATIONS ||
		    ru > PK_COST_MAX_RUN_RU) {
			ld_err_at(ld, s->items_file->line, s->items_file->col,
				  "the monitor log replays as %s requests "
				  "charging up to %s RU with retries, above "
				  "pksim's limits of %s requests and %s RU a "
				  "run; raise split_ru (fewer, larger "
				  "requests) or export a shorter time",
				  ld_above((double)m->pieces,
					   PK_SCENARIO_MAX_OPERATIONS, c),
				  ld_above(ru, PK_COST_MAX_RUN_RU, d),
				  ld_approx(PK_SCENARIO_MAX_OPERATIONS, a),
				  ld_approx(PK_COST_MAX_RUN_RU, b));
			return -1;
		}
		work += nv * (double)m->pieces * tries;
		if (!(work <= PK_SCENARIO_MAX_WORK)) {
			ld_err_at(
			    ld, s->items_file->line, s->items_file->col,
			    "the monitor log's %s requests take about %s "
			    "units of work%s (%s), above pksim's limit "
			    "of %s a run; raise split_ru (fewer, larger "
			    "requests), export a shorter time or lower "
			    "max_retries",
			    ld_approx((double)m->pieces, a),
			    ld_above(work, PK_SCENARIO_MAX_WORK, c), vs,
			    scenario_work_terms(s, terms, sizeof(terms)),
			    fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, d));
			return -1;
		}
	} else if (s->items_file && s->items_file->trace) {
		const struct pk_items_file *f = s->items_file;
		double recs = ld_file_records(f), nq = ld_file_queries(f, recs);
		double q_ru = 0;

		/* --query operations count like records */
		if (recs + nq > PK_SCENARIO_MAX_OPERATIONS) {
			ld_err_at(
			    ld, f->line, f->col,
			    "the data file's %s records and the %s "
			    "queries --query sends among them are "
			    "about %s operations, above pksim's limit "
			    "of %s operations a run; use fewer records "
			    "(limit) or a smaller --query share",
			    ld_approx(recs, a), ld_approx(nq, b),
			    ld_above(recs + nq, PK_SCENARIO_MAX_OPERATIONS, c),
			    fmt_thousands((int64_t)PK_SCENARIO_MAX_OPERATIONS,
					  d));
			return -1;
		}
		/* the file's parse, once; its records, each variant */
		work += scenario_parse_units(s, NULL, NULL) +
			nv * ld_file_work(s, ranges, tries);
		if (!(work <= PK_SCENARIO_MAX_WORK)) {
			ld_err_at(
			    ld, f->line, f->col,
			    "the data file's records and the queries "
			    "--query sends among them take about %s "
			    "units of work%s (%s), above pksim's limit "
			    "of %s a run; use fewer records (limit) or a "
			    "smaller --query share",
			    ld_above(work, PK_SCENARIO_MAX_WORK, c), vs,
			    scenario_work_terms(s, terms, sizeof(terms)),
			    fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, d));
			return -1;
		}
		for (i = 0; i < f->n_queries; i++) {
			q_ru =
			    fmax(q_ru, s->cost.query_base_ru +
					   s->cost.query_per_range_ru *
					       PK_COST_MAX_RANGES +
					   s->cost.query_per_result_ru *
					       (double)f->queries[i].results);
		}
		ru = (recs * worst_attempt_ru(s, NULL) + nq * q_ru) * attempts;
		if (ru > PK_COST_MAX_RUN_RU) {
			ld_err_at(ld, s->items_file->line, s->items_file->col,
				  "the data file's records could charge about "
				  "%s RU (records and queries x %.0f attempts "
				  "x the costliest attempt under the cost "
				  "keys), "
				  "above pksim's limit of %s RU a run, "
				  "where its RU totals in mRU fit 64 bits; "
				  "lower the cost keys or max_retries",
				  ld_above(ru, PK_COST_MAX_RUN_RU, c), attempts,
				  ld_approx(PK_COST_MAX_RUN_RU, d));
			return -1;
		}
	}
	/* a paced client's span and the items a query's IN values can
	   name, once for the pass (ld_phase_work) */
	client_s = s->n_phases > 0 ? ld_client_span_s(s) : 0;
	reach = s->n_phases > 0 ? ld_items_planned(s) : 0;
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *p = &s->phases[i];
		double d_s = (double)p->duration_ms / 1000.0;
		const struct pk_stream_spec *st = stream_from(s, i);

		if (st) {
			t_s = 0;
			stream = s->n_streams > 1 ? st->name : NULL;
		}
		t_s += d_s;
		/* uniform arrivals send ceil(rate x duration), a schedule
		   ceil(L(duration)) (workload) */
		ops += ld_phase_count(p);
		/* the expected count stays finite where the uniform count
		   passes 2^64 (HUGE_VAL): the message says that one */
		said += ld_phase_ops(p);
		if (t_s > (double)PK_SCENARIO_MAX_SIM_S) {
			/* each duration is whole seconds of at most 366 days
			   (ld_get_duration): the sum is exact in a double */
			char span[PK_FMT_SPAN_BYTES];

			ld_err_at(ld, p->line, p->col,
				  "the phases up to '%s'%s%s%s last %s in all, "
				  "above pksim's limit of %s s (366 days) of "
				  "simulated time; shorten the phases",
				  p->name ? p->name : "?",
				  stream ? " of stream '" : "",
				  stream ? stream : "", stream ? "'" : "",
				  fmt_seconds((int64_t)t_s, span),
				  fmt_thousands(PK_SCENARIO_MAX_SIM_S, a));
			return -1;
		}
		if (!(ops <= PK_SCENARIO_MAX_OPERATIONS)) {
			ld_err_at(
			    ld, p->line, p->col,
			    "the phases up to '%s' send about %s "
			    "operations, above pksim's limit of %s "
			    "operations a run; lower a phase's rate or "
			    "duration",
			    p->name ? p->name : "?",
			    isfinite(ops)
				? ld_above(ops, PK_SCENARIO_MAX_OPERATIONS, c)
				: ld_approx(said, c),
			    fmt_thousands((int64_t)PK_SCENARIO_MAX_OPERATIONS,
					  b));
			return -1;
		}
		work +=
		    nv * ld_phase_work(s, p, ranges, reach, tries, client_s);
		if (!(work <= PK_SCENARIO_MAX_WORK)) {
			ld_err_at(
			    ld, p->line, p->col,
			    "the phases up to '%s' take about %s units "
			    "of work%s (%s), above pksim's limit of %s a "
			    "run; lower a phase's rate, duration or "
			    "share of queries, a query's IN values, "
			    "max_retries, or the RU/s (fewer "
			    "partitions)%s%s%s%s",
			    p->name ? p->name : "?",
			    ld_above(work, PK_SCENARIO_MAX_WORK, c), vs,
			    scenario_work_terms(s, terms, sizeof(terms)),
			    fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, a),
			    ld_table_retry_words(s), ld_schedule_words(s),
			    s->preload ? "; or the preload's values (a "
					 "preload file's records)"
				       : "",
			    ld_table_split_work(s) > 0
				? "; or a table's key values (heat_split: "
				  "off splits none)"
				: "");
			return -1;
		}
		ru += ld_phase_count(p) * attempts * worst_attempt_ru(s, p);
		if (!(ru <= PK_COST_MAX_RUN_RU)) {
			ld_err_at(ld, p->line, p->col,
				  "the phases up to '%s' could charge about "
				  "%s RU (operations x %.0f attempts x the "
				  "costliest attempt under the cost keys), "
				  "above pksim's limit of %s RU a run, "
				  "where its RU totals in mRU fit 64 bits; "
				  "lower the cost keys, a query's results, "
				  "max_retries, or the rate",
				  p->name ? p->name : "?",
				  ld_above(ru, PK_COST_MAX_RUN_RU, c), attempts,
				  ld_approx(PK_COST_MAX_RUN_RU, d));
			return -1;
		}
	}
	if (check_runway_work(ld, s, work) < 0 ||
	    check_report_work(
		ld, s, work + nv * scenario_runway_units(s, NULL, NULL)) < 0) {
		return -1;
	}
	return ld_check_client_time(ld, s);
}

/* An item's stored bytes (size x index_factor) must fit the 32 bits the
   containers keep per item: at most 4 GB. */
void ld_check_index_factor(struct ld *ld, const struct pk_scenario *s)
{
	double item = (double)ld_largest_item(s);
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		const struct pk_container_spec *c = &s->variants[i];

		if (item * c->index_factor <= (double)UINT32_MAX) {
			continue;
		}
		ld_err_at(
		    ld, c->line, c->col,
		    "index_factor %g with items of up to %.0f bytes stores "
		    "more than 4 GiB per item; pksim keeps an item's stored "
		    "size in 32 bits: lower index_factor or item_size",
		    c->index_factor, item);
		return;
	}
}

void ld_check_plan(struct ld *ld, const struct pk_scenario *s)
{
	if (ld_check_run_size(ld, s) == 0) {
		ld_check_memory(ld, s);
	}
}

int scenario_check_plan(const struct pk_scenario *s, struct pk_diag *diag)
{
	struct ld ld;
	size_t before = diag_count(diag);

	memset(&ld, 0, sizeof(ld));
	ld.file = s->file;
	ld.d = diag;
	ld.s = (struct pk_scenario *)s;
	ld_check_plan(&ld, s);
	return diag_count(diag) == before ? 0 : -1;
}

double scenario_planned_ops(const struct pk_scenario *s)
{
	double n = 0;
	size_t i;

	if (s->items_file) {
		return 0;
	}
	for (i = 0; i < s->n_phases; i++) {
		n += ld_phase_count(&s->phases[i]);
	}
	return isfinite(n) ? n : 0;
}
