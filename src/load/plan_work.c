/*
 * plan_work: the units of work a run takes, as the up-front work bound
 * counts them (PK_SCENARIO_MAX_WORK, scenario.h): each attempt of an
 * operation, a query's IN values and the physical partitions it visits
 * at their measured cost, and each physical partition in each second
 * that sees a request; plan_limits.c refuses a run above the bound.
 */
#include "loader.h"
#include "pksim/load/monitor.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/load/scenario_client.h"
#include "pksim/load/trace.h"

/* The retries of a 410/1007 one operation can make: the client retries
   one PK_THROTTLE_GONE_RETRY_MS later while those waits stay within
   PK_THROTTLE_GONE_MAX_WAIT_MS in all (client_should_retry_gone) */
#define GONE_RETRIES                                                           \
	((double)(PK_THROTTLE_GONE_MAX_WAIT_MS / PK_THROTTLE_GONE_RETRY_MS))

double ld_gone_retries(const struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		if (s->variants[i].split_gone_ms > 0) {
			return GONE_RETRIES;
		}
	}
	return 0;
}

/* Each retry of a 429 waits at least 1 ms (a retry-after runs to the
   next whole second, throttle.c and ddb_retry_after_ms: 1 to 1,000 ms;
   the exponential policy waits at least that) and an operation's waits
   stay within max_wait (client_should_retry), so it retries at most
   max_wait's milliseconds times, whatever max_retries allows. */
double ld_op_attempts(const struct pk_scenario *s)
{
	struct pk_retry_spec r = ld_plan_retry(s);
	double n = 1 + ld_gone_retries(s);

	if (r.enabled && scenario_can_throttle(s)) {
		n += fmin((double)r.max_retries, (double)r.max_wait_ms);
	}
	return n;
}

/* Work units one attempt of query q takes beyond its operation: an IN
   list's values at PK_SCENARIO_IN_VALUE_WORK each and the physical
   partitions they reach at PK_SCENARIO_IN_RANGE_WORK each: at most
   ranges, the values, and the items the run writes (reach), as each
   value is a written item's key (workload_targets.c, in_draw; a
   preload's items are not drawn), or, on a
   property that is not the key, a fan-out to every partition at
   PK_SCENARIO_RANGE_WORK, whichever costs more; a query without one
   visits up to ranges partitions at PK_SCENARIO_RANGE_WORK each. */
static double query_work(const struct pk_query_spec *q, double ranges,
			 double reach)
{
	double in = 0;
	size_t c;

	for (c = 0; c < q->n_conds; c++) {
		if (q->conds[c].kind == PK_COND_IN) {
			in = fmax(in, (double)q->conds[c].in_count);
		}
	}
	if (in > 0) {
		return in * PK_SCENARIO_IN_VALUE_WORK +
		       fmax(fmin(fmin(in, ranges), reach) *
				PK_SCENARIO_IN_RANGE_WORK,
			    ranges * PK_SCENARIO_RANGE_WORK);
	}
	return ranges * PK_SCENARIO_RANGE_WORK;
}

double ld_queries_work(const struct pk_query_spec *qs, size_t nq, double n,
		       double ranges, double reach)
{
	double w = 0, sum = 0;
	size_t i;

	for (i = 0; i < nq; i++) {
		w += qs[i].weight;
		sum += qs[i].weight * query_work(&qs[i], ranges, reach);
	}
	return w > 0 ? n * sum / w : 0;
}

double ld_seconds_work(double span_s, double n, double ranges)
{
	return fmin(ceil(span_s), n) * ranges * PK_SCENARIO_RANGE_SECOND_WORK;
}

/* The work of the global secondary indexes of the costliest table
   variant for n operations of mix m over span_s seconds (ddb_gsi.c):
   each attempt of a write is an index write on each index
   (PK_SCENARIO_INDEX_WRITE_WORK; a replace can be two, a delete on the
   old value's partition and a put on the new one's), and each second
   with a request closes and refills every index partition (the most
   it can reach, ld_gsi_parts; ddb_gsis_close, ddb_gsis_refill) at
   PK_SCENARIO_RANGE_SECOND_WORK each, twice. */
static double index_work(const struct pk_scenario *s, const double *m,
			 double batch, double n, double span_s, double attempts)
{
	double most = 0, parts, per_op;
	const struct pk_ddb_table_spec *t;
	size_t v, i;

	per_op = m[PK_OP_CREATE] + m[PK_OP_UPSERT] + m[PK_OP_BATCH] * batch +
		 2 * m[PK_OP_REPLACE] + m[PK_OP_DELETE];
	for (v = 0; v < s->n_variants; v++) {
		if (!(t = scenario_variant_table(s, &s->variants[v])) ||
		    t->n_gsis == 0) {
			continue;
		}
		parts = 0;
		for (i = 0; i < t->n_gsis; i++) {
			parts += ld_gsi_parts(t, i);
		}
		most = fmax(most, attempts * n * per_op * (double)t->n_gsis *
					  PK_SCENARIO_INDEX_WRITE_WORK +
				      2 * ld_seconds_work(span_s, n, parts));
	}
	return most;
}

double ld_key_random_values(const char *t)
{
	double n = 1;
	long long a, b;
	int some = 0;

	/* whole numbers: "%lf" would take "1." of "1..4096" */
	while (t && (t = strstr(t, "{random "))) {
		t += strlen("{random ");
		if (sscanf(t, "%lld..%lld", &a, &b) == 2 && b >= a) {
			n *= (double)b - (double)a + 1;
			some = 1;
		}
	}
	return some ? n : 0;
}

/* The most candidate values of a variant's key (ld_key_random_values) */
static double random_values(const struct pk_scenario *s)
{
	double most = 0;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		most = fmax(most, ld_key_random_values(
				      s->variants[v].key.template_text));
	}
	return most;
}

/* The work one attempt of a read, replace, upsert or delete of phase p
   takes to find its item under a key with a random part (rule 38,
   cosmos_service.c's find_ranges), with k candidate values and up to
   ranges physical partitions: a fan-out (`suffix_reads: fan_out`, or a
   list past PK_SCENARIO_FIND_IN_MAX values) visits every partition at
   PK_SCENARIO_FIND_RANGE_WORK; an IN list builds and places each
   candidate at PK_SCENARIO_RANDOM_VALUE_WORK, visits the partitions
   they reach (at most k) at PK_SCENARIO_FIND_RANGE_WORK and passes over
   every partition at PK_SCENARIO_FIND_PASS_WORK. */
static double find_work(const struct pk_phase_spec *p, double k, double ranges)
{
	if (k <= 0) {
		return 0;
	}
	if (p->suffix_fanout || k > PK_SCENARIO_FIND_IN_MAX) {
		return ranges * PK_SCENARIO_FIND_RANGE_WORK;
	}
	return k * PK_SCENARIO_RANDOM_VALUE_WORK +
	       fmin(k, ranges) * PK_SCENARIO_FIND_RANGE_WORK +
	       ranges * PK_SCENARIO_FIND_PASS_WORK;
}

/* 1 when table t reads the run's stream ahead (ddb_ahead.c): a
   provisioned table that lends unused capacity */
static int table_reads_ahead(const struct pk_ddb_table_spec *t)
{
	return t->capacity != PK_DDB_ON_DEMAND &&
	       t->adaptive != PK_DDB_ADAPTIVE_OFF;
}

/* The work one attempt of an operation of mix m takes on table t, in
   place of the 1 unit of an Azure Cosmos DB attempt: a read
   (GetItem) LD_TABLE_READ_WORK, under a key's `{random}` part
   one for each of its k candidate values (ddb_find.c), and each of a
   BatchGetItem's gets keys as much (ddb_batch_get.c: each key a GetItem
   of its own); a create,
   upsert, replace or delete, and each item of a batch (BatchWriteItem,
   batch items), LD_TABLE_WRITE_WORK; and
   LD_READ_AHEAD_WORK more when the table reads ahead. */
static double table_attempt_work(const struct pk_ddb_table_spec *t,
				 const double *m, double batch, double gets,
				 double k)
{
	double writes = m[PK_OP_CREATE] + m[PK_OP_UPSERT] + m[PK_OP_REPLACE] +
			m[PK_OP_DELETE] + m[PK_OP_BATCH] * batch;

	return (m[PK_OP_READ] * fmax(k, 1) + m[PK_OP_BATCH_GET] * gets) *
		   LD_TABLE_READ_WORK +
	       writes * LD_TABLE_WRITE_WORK +
	       (table_reads_ahead(t) ? LD_READ_AHEAD_WORK : 0);
}

/* The most work one attempt of an operation of mix m (batch items a
   BatchWriteItem, gets keys a BatchGetItem) takes on any table variant
   of s (table_attempt_work), 0 without one */
static double tables_attempt_work(const struct pk_scenario *s, const double *m,
				  double batch, double gets)
{
	const struct pk_ddb_table_spec *t;
	double most = 0;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		if ((t = scenario_variant_table(s, &s->variants[v]))) {
			most = fmax(most,
				    table_attempt_work(
					t, m, batch, gets,
					ld_key_random_values(
					    s->variants[v].key.template_text)));
		}
	}
	return most;
}

/* The own-clock pieces one occurrence of phase p gives a runway step
   (runway_rates.c, occurrence): 1 at one rate, 2 with spikes (their
   seconds and the rest), and with `steps:` up to
   PK_SCENARIO_RUNWAY_PIECES */
static double runway_pieces(const struct pk_phase_spec *p)
{
	const struct pk_schedule_spec *k = p->schedule;

	if (!k || (k->base != PK_SCHEDULE_STEPS && !k->has_spikes)) {
		return 1;
	}
	return k->base == PK_SCHEDULE_STEPS ? PK_SCENARIO_RUNWAY_PIECES : 2;
}

/* The stretches stream t gives a runway step, at most: an hour crosses
   each of its phases once, each occurrence in its pieces, and one of
   them again where its cycle can end inside the hour: a cycle of an
   hour or more (in real seconds, time_scale's) that is not a whole
   number of hours, or a clock that starts inside an hour (the steps end
   on the clock's whole hours). A cycle shorter than the hour repeats
   its first cycle's stretches, no more. */
static double runway_stretches(const struct pk_scenario *s,
			       const struct pk_stream_spec *t)
{
	double sum = 0, most = 0, k, cycle_s = 0;
	size_t i;

	for (i = t->phase_first; i < t->phase_first + t->n_phases; i++) {
		k = runway_pieces(&s->phases[i]);
		sum += k;
		most = fmax(most, k);
		cycle_s += (double)s->phases[i].duration_ms / 1000.0;
	}
	cycle_s *= s->time_scale > 0 ? s->time_scale : 1.0;
	if (cycle_s < PK_SCENARIO_RUNWAY_STEP_S ||
	    (fmod(cycle_s, PK_SCENARIO_RUNWAY_STEP_S) == 0 &&
	     s->clock_start_s % (int64_t)PK_SCENARIO_RUNWAY_STEP_S == 0)) {
		most = 0;
	}
	return fmin(PK_SCENARIO_RUNWAY_STRETCHES, sum + most);
}

double scenario_runway_units(const struct pk_scenario *s, double *slices,
			     double *cands)
{
	double sl = 1, most = 0, c_most = 0, c, w;
	double cap = PK_SCENARIO_RUNWAY_CANDIDATES +
		     fmin(ld_ranges_bound(s), PK_SCENARIO_RUNWAY_CANDIDATES);
	size_t i;

	for (i = 0; i < s->n_streams; i++) {
		sl += runway_stretches(s, &s->streams[i]);
	}
	for (i = 0; !s->items_file && i < s->n_variants; i++) {
		const struct pk_container_spec *v = &s->variants[i];

		if (scenario_variant_table(s, v)) {
			continue; /* the runway is Azure Cosmos DB's */
		}
		/* candidates come from the key's values, drawn or not
		   (runway_pick.c); with streams, each stream's own */
		c = s->n_streams == 1
			? fmin(cap, ld_lps_planned(s, v, HUGE_VAL))
			: cap;
		/* under time to live the steps are taken twice, first as
		   if nothing expired */
		w = PK_SCENARIO_RUNWAY_STEPS * sl * (1 + c) *
		    PK_SCENARIO_RUNWAY_WORK * (v->default_ttl_s != 0 ? 2 : 1);
		if (w > most) {
			most = w;
			c_most = c;
		}
	}
	if (slices) {
		*slices = most > 0 ? sl : 0;
	}
	if (cands) {
		*cands = c_most;
	}
	return most;
}

/* The work of variant c's logical partitions' long keys: each logical
   partition it can make, PK_SCENARIO_KEY_BYTE_WORK for each byte of its
   key past PK_SCENARIO_KEY_FREE_BYTES (a generated key at its longest,
   a data file's at its records' mean) */
static double variant_key_work(const struct pk_scenario *s,
			       const struct pk_container_spec *c)
{
	double items = ld_items_planned(s), lps, key, top;

	if (s->items_file && s->items_file->monitor) {
		return 0; /* a Monitor log's rows carry no item keys */
	}
	if (s->items_file && s->items_file->trace) {
		lps = ld_file_lps(s->items_file, &c->key,
				  scenario_variant_table(s, c) != NULL, &key,
				  &top);
		key +=
		    PK_SCENARIO_LP_LEVEL_BYTES *
		    (double)(c->key.kind == PK_KEY_SYNTHETIC ? 1
							     : c->key.n_paths);
	} else {
		lps = ld_lps_planned(s, c, items);
		key = ld_lp_key_bytes(s, c, items);
	}
	return lps * fmax(key - PK_SCENARIO_KEY_FREE_BYTES, 0) *
	       PK_SCENARIO_KEY_BYTE_WORK;
}

/* The set-up work of variant c in a run of s: its splits' (each passes
   every physical partition there) into *splits, and its physical
   partitions' own (PK_SCENARIO_RANGE_SETUP_WORK each, at the most it
   has) with its logical partitions' long keys (variant_key_work) into
   *parts; a table's splits and partitions are 0 (its partitions split
   by D6 alone, and its units hold them to a few thousand) */
static void variant_setup_work(const struct pk_scenario *s,
			       const struct pk_container_spec *c,
			       double *splits, double *parts)
{
	double items = ld_items_planned(s), r, r0;

	*splits = 0;
	*parts = variant_key_work(s, c);
	if (scenario_variant_table(s, c)) {
		return;
	}
	r = ld_ranges_planned(s, c, items, (double)ld_largest_item(s),
			      ld_lps_planned(s, c, items));
	r0 = ld_ranges_at_start(c);
	if (r > r0) {
		*splits = (r * r - r0 * r0) / 2 * PK_SCENARIO_SPLIT_RANGE_WORK;
	}
	*parts += fmax(r, r0) * PK_SCENARIO_RANGE_SETUP_WORK;
}

/* 1 when some variant of s plans a split */
static int some_split(const struct pk_scenario *s)
{
	double splits, parts;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		variant_setup_work(s, &s->variants[v], &splits, &parts);
		if (splits > 0) {
			return 1;
		}
	}
	return 0;
}

/* 1 when some variant's logical partitions have keys long enough to
   count (variant_key_work) */
static int some_long_key(const struct pk_scenario *s)
{
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		if (variant_key_work(s, &s->variants[v]) > 0) {
			return 1;
		}
	}
	return 0;
}

double ld_setup_work(const struct pk_scenario *s)
{
	double splits, parts, most = 0;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		variant_setup_work(s, &s->variants[v], &splits, &parts);
		most = fmax(most, splits + parts);
	}
	return most + ld_preload_work(s);
}

double ld_table_split_work(const struct pk_scenario *s)
{
	double most = 0, stored, n;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		ld_table_split_parts(s, &s->variants[v], &stored, &n);

		most =
		    fmax(most, n * stored * PK_SCENARIO_TABLE_SPLIT_ITEM_WORK);
	}
	return most;
}

double ld_phase_work(const struct pk_scenario *s, const struct pk_phase_spec *p,
		     double ranges, double reach, double attempts,
		     double client_span_s)
{
	double n = ld_phase_count(p), span_s = (double)p->duration_ms / 1000.0;
	const double *m = p->mix;
	const struct pk_client_spec *cl =
	    &ld_phase_stream(s, (size_t)(p - s->phases))->client;

	if (cl->ru_budget_per_s > 0 ||
	    (cl->concurrency > 0 && cl->latency_ms > 0)) {
		/* a paced client sends the phase's operations over as long
		   as it takes (ld_client_span_s), each second with a
		   request closing with its pass over the partitions */
		span_s = fmax(span_s, client_span_s);
	}
	/* a batch's items beyond its first, each a create */
	double items = m[PK_OP_BATCH] * fmax((double)p->batch_size - 1, 0);
	double finds = m[PK_OP_READ] + m[PK_OP_REPLACE] + m[PK_OP_UPSERT] +
		       m[PK_OP_DELETE];
	double one =
	    fmax(1 + items + finds * find_work(p, random_values(s), ranges),
		 tables_attempt_work(s, m, (double)p->batch_size,
				     (double)p->batch_get_size));

	return attempts *
		   (n * one + (p->mix[PK_OP_QUERY] > 0
				   ? ld_queries_work(p->queries, p->n_queries,
						     n * p->mix[PK_OP_QUERY],
						     ranges, reach)
				   : 0)) +
	       ld_seconds_work(span_s, n, ranges) +
	       index_work(s, p->mix, (double)p->batch_size, n, span_s,
			  attempts) +
	       p->walk_pieces * PK_SCENARIO_SCHEDULE_PIECE_WORK;
}

const char *ld_schedule_words(const struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *p = &s->phases[i];

		if (p->walk_pieces > ld_phase_count(p)) {
			return "; a rate schedule's arrivals cross each of "
			       "its spikes, steps and hours: fewer of them "
			       "(spikes further apart) cost less";
		}
	}
	return "";
}

double ld_file_work(const struct pk_scenario *s, double ranges, double attempts)
{
	const struct pk_items_file *f = s->items_file;
	double recs = ld_file_records(f), nq = ld_file_queries(f, recs);
	/* each record a create */
	double create[PK_OP_KINDS] = {[PK_OP_CREATE] = 1};
	double one = fmax(1, tables_attempt_work(s, create, 1, 1));

	/* a paced client stretches the records' seconds (ld_phase_work) */
	return attempts *
		   (recs * one + ld_queries_work(f->queries, f->n_queries, nq,
						 ranges, recs)) +
	       ld_seconds_work(fmax(ld_file_span_s(f), ld_client_span_s(s)),
			       recs, ranges);
}

/* 1 when some variant is a table with a global secondary index */
static int some_gsi(const struct pk_scenario *s)
{
	const struct pk_ddb_table_spec *t;
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		t = scenario_variant_table(s, &s->variants[v]);
		if (t && t->n_gsis > 0) {
			return 1;
		}
	}
	return 0;
}

/* 1 when some variant is a DynamoDB table */
static int some_table(const struct pk_scenario *s)
{
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		if (scenario_variant_table(s, &s->variants[v])) {
			return 1;
		}
	}
	return 0;
}

/* 1 when some variant is an Azure Cosmos DB container */
static int some_container(const struct pk_scenario *s)
{
	size_t v;

	for (v = 0; v < s->n_variants; v++) {
		if (!scenario_variant_table(s, &s->variants[v])) {
			return 1;
		}
	}
	return 0;
}

/* 1 when every variant is a DynamoDB table and no phase sends queries:
   a query's IN-list and fan-out terms (Azure Cosmos DB's) count
   nothing there, so the work message leaves them out */
static int tables_without_queries(const struct pk_scenario *s)
{
	size_t v, i;

	for (v = 0; v < s->n_variants; v++) {
		if (!scenario_variant_table(s, &s->variants[v])) {
			return 0;
		}
	}
	for (i = 0; i < s->n_phases; i++) {
		if (s->phases[i].mix[PK_OP_QUERY] > 0) {
			return 0;
		}
	}
	return s->n_variants > 0 && !s->items_file;
}

/* 1 when some phase sends batches */
static int some_batch(const struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_phases; i++) {
		if (s->phases[i].mix[PK_OP_BATCH] > 0) {
			return 1;
		}
	}
	return 0;
}

/* 1 when some phase's rate is a schedule */
static int some_schedule(const struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_phases; i++) {
		if (s->phases[i].schedule) {
			return 1;
		}
	}
	return 0;
}

/* Append to buf (cap bytes) the terms only some scenarios have */
static void more_terms(const struct pk_scenario *s, char *buf, size_t cap)
{
	size_t len = strlen(buf);

	if (some_batch(s) && len < cap) {
		snprintf(buf + len, cap - len,
			 "; each item of a batch beyond its first 1 in each "
			 "attempt");
		len = strlen(buf);
	}
	if (random_values(s) > 0 && len < cap) {
		snprintf(buf + len, cap - len,
			 "; in each attempt of a read, replace, upsert or "
			 "delete under a key's {random} part each candidate "
			 "value %.3g, each partition they reach (a fan-out: "
			 "each partition) %.3g and each partition it passes "
			 "over %.4g",
			 PK_SCENARIO_RANDOM_VALUE_WORK,
			 PK_SCENARIO_FIND_RANGE_WORK,
			 PK_SCENARIO_FIND_PASS_WORK);
		len = strlen(buf);
	}
	if (some_schedule(s) && len < cap) {
		snprintf(buf + len, cap - len,
			 "; each piece a rate schedule's arrivals walk (a "
			 "spike, the gap after it, a step, an hour of a daily "
			 "curve) %.4g",
			 PK_SCENARIO_SCHEDULE_PIECE_WORK);
		len = strlen(buf);
	}
	if (s->preload && len < cap) {
		snprintf(buf + len, cap - len,
			 "; each value the preload fills (each record of a "
			 "preload file) 1");
		len = strlen(buf);
	}
	if (some_container(s) && len < cap) {
		snprintf(buf + len, cap - len,
			 "; each physical partition %.4g once (its set-up, "
			 "metrics and report rows)",
			 PK_SCENARIO_RANGE_SETUP_WORK);
		len = strlen(buf);
	}
	if (some_long_key(s) && len < cap) {
		snprintf(buf + len, cap - len,
			 "; each logical partition %.4g for each byte of its "
			 "key past the first %.0f",
			 PK_SCENARIO_KEY_BYTE_WORK, PK_SCENARIO_KEY_FREE_BYTES);
		len = strlen(buf);
	}
	if (some_split(s) && len < cap) {
		snprintf(buf + len, cap - len,
			 "; each split %.3g for each physical partition there",
			 PK_SCENARIO_SPLIT_RANGE_WORK);
		len = strlen(buf);
	}
	if (some_table(s) && len < cap) {
		snprintf(buf + len, cap - len,
			 "; on a DynamoDB table each attempt of a read "
			 "(GetItem, one a candidate value under a {random} "
			 "part, each key of a BatchGetItem) %.3g and of a "
			 "write (each item of a batch) "
			 "%.3g in place of 1, and %.3g more where a "
			 "provisioned table lends unused capacity (it reads "
			 "the run ahead)",
			 LD_TABLE_READ_WORK, LD_TABLE_WRITE_WORK,
			 LD_READ_AHEAD_WORK);
		len = strlen(buf);
	}
	if (ld_table_split_work(s) > 0 && len < cap) {
		snprintf(buf + len, cap - len,
			 "; each heat split of a table %.3g for each item it "
			 "holds",
			 PK_SCENARIO_TABLE_SPLIT_ITEM_WORK);
		len = strlen(buf);
	}
	if (some_gsi(s) && len < cap) {
		snprintf(buf + len, cap - len,
			 "; in each attempt of a write each global secondary "
			 "index %.3g, and each of its partitions %.3g twice "
			 "in each second with a request",
			 PK_SCENARIO_INDEX_WRITE_WORK,
			 PK_SCENARIO_RANGE_SECOND_WORK);
	}
}

/* The most physical partitions a variant of s reaches, a whole number
   as the work message says it: "up to" is not rounded down (1,334, not
   1,330) */
static int64_t ranges_said(const struct pk_scenario *s)
{
	double r = ceil(ld_ranges_bound(s));

	return r < 9e18 ? (int64_t)r : INT64_MAX;
}

const char *scenario_work_terms(const struct pk_scenario *s, char *buf,
				size_t cap)
{
	char r[PK_FMT_BYTES], tries[160] = "", g[64] = "";
	double gone = ld_gone_retries(s), n = ld_op_attempts(s);
	double r429 = n - 1 - gone;

	if (gone > 0) {
		snprintf(g, sizeof(g),
			 "%.0f retries of its 410s within split_gone", gone);
	}
	if (r429 > 0) {
		snprintf(tries, sizeof(tries),
			 " (up to %.0f: 1, %.0f retries of its 429s as the run "
			 "can be rate limited%s%s)",
			 n, r429, gone > 0 ? ", " : "", g);
	} else if (gone > 0) {
		snprintf(tries, sizeof(tries), " (up to %.0f: 1 and %s)", n, g);
	}
	if (tables_without_queries(s)) {
		snprintf(buf, cap,
			 "an attempt of an operation 1%s; each of the up to %s "
			 "partitions %.3g in each second with a request",
			 tries, fmt_thousands(ranges_said(s), r),
			 PK_SCENARIO_RANGE_SECOND_WORK);
		more_terms(s, buf, cap);
		return buf;
	}
	snprintf(buf, cap,
		 "an attempt of an operation 1%s; in each attempt each "
		 "value of a query's IN list %.3g and each of the up to %s "
		 "physical partitions its values reach %.3g, each a query "
		 "without one visits %.3g; each physical partition %.3g in "
		 "each second with a request",
		 tries, PK_SCENARIO_IN_VALUE_WORK,
		 fmt_thousands(ranges_said(s), r), PK_SCENARIO_IN_RANGE_WORK,
		 PK_SCENARIO_RANGE_WORK, PK_SCENARIO_RANGE_SECOND_WORK);
	more_terms(s, buf, cap);
	return buf;
}

double scenario_report_units(const struct pk_scenario *s, double *rows)
{
	struct pk_memory_estimate e;
	double nv = s->n_variants > 1 ? (double)s->n_variants : 1.0, r;

	scenario_memory_estimate(s, &e);
	r = (e.report_minutes + e.report_index_minutes) / nv;
	if (rows) {
		*rows = r;
	}
	return r * PK_SCENARIO_REPORT_MINUTE_WORK;
}

double scenario_parse_units(const struct pk_scenario *s, double *bytes,
			    double *records)
{
	const struct pk_trace *t = s->items_file && !s->items_file->monitor
				       ? s->items_file->trace
				       : NULL;
	double b = (double)trace_read_bytes(t),
	       r = t ? (double)trace_count(t) : 0;

	if (bytes) {
		*bytes = b;
	}
	if (records) {
		*records = r;
	}
	return b * PK_SCENARIO_PARSE_BYTE_WORK +
	       r * PK_SCENARIO_PARSE_RECORD_WORK;
}

double scenario_work_units(const struct pk_scenario *s)
{
	double ranges = ld_ranges_bound(s), work = ld_setup_work(s);
	double attempts = ld_op_attempts(s), client_s = ld_client_span_s(s);
	double reach = s->n_phases > 0 ? ld_items_planned(s) : 0;
	size_t i;

	work += ld_table_split_work(s);

	if (s->items_file && s->items_file->monitor) {
		work += (double)s->items_file->monitor->pieces * attempts;
	} else if (s->items_file && s->items_file->trace) {
		work += ld_file_work(s, ranges, attempts);
	}
	for (i = 0; i < s->n_phases; i++) {
		work += ld_phase_work(s, &s->phases[i], ranges, reach, attempts,
				      client_s);
	}
	return work;
}

int scenario_check_seeds(const struct pk_scenario *s, uint64_t base, size_t n,
			 struct pk_diag *diag)
{
	double nv = s->n_variants > 1 ? (double)s->n_variants : 1.0;
	double work = (scenario_work_units(s) +
		       scenario_runway_units(s, NULL, NULL) +
		       scenario_report_units(s, NULL)) *
		      nv,
	       k = (double)n;
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];

	if (n > 0 && base > UINT64_MAX - (n - 1)) {
		diag_error(diag, "--seeds", 0, 0,
			   "%zu seeds from seed %llu would pass the largest "
			   "seed, 18446744073709551615 (2^64 - 1); give a "
			   "seed of at most %llu (2^64 - %zu) or fewer seeds",
			   n, (unsigned long long)base,
			   (unsigned long long)(UINT64_MAX - (n - 1)), n);
		return -1;
	}
	if (work * k > PK_SCENARIO_MAX_WORK) {
		diag_error(diag, "--seeds", 0, 0,
			   "%zu seeds replay the run %zu times, about %s "
			   "units of work (%zu x the run's %s), above "
			   "pksim's limit of %s a run; use fewer seeds",
			   n, n, ld_above(work * k, PK_SCENARIO_MAX_WORK, a), n,
			   ld_approx(work, b),
			   fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, c));
		return -1;
	}
	return 0;
}
