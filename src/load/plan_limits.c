/*
 * plan_limits: resources a scenario would need, estimated before the run
 * and refused up front with the estimate (docs/design.md: never killed
 * halfway): the items to track, the retries that could wait at once, and
 * an item's stored size.
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
#include "pksim/base/schedule.h"
#include "pksim/load/trace.h"

/* x to 3 significant digits, as people write it: 6.31e+09 is
   "6,310,000,000", 7.3e+04 is "73,000", 0.5 stays "0.5"; into buf
   (PK_FMT_BYTES); returns buf. */
static const char *approx(double x, char *buf)
{
	double scale;

	if (!isfinite(x) || fabs(x) < 1000 || fabs(x) >= 9e18) {
		snprintf(buf, PK_FMT_BYTES, "%.3g", x);
		return buf;
	}
	scale = pow(10, floor(log10(fabs(x))) - 2);
	return fmt_thousands((int64_t)llround(x / scale) * (int64_t)scale, buf);
}

/* The retries the plan allows for: the most any stream's client makes
   (its count and total wait), enabled when any stream retries. */
static struct pk_retry_spec plan_retry(const struct pk_scenario *s)
{
	struct pk_retry_spec r = s->streams[0].client.retry;
	size_t i;

	for (i = 1; i < s->n_streams; i++) {
		const struct pk_retry_spec *o = &s->streams[i].client.retry;

		if (!o->enabled) {
			continue;
		}
		if (!r.enabled || o->max_retries > r.max_retries) {
			r.max_retries = o->max_retries;
		}
		if (!r.enabled || o->max_wait_ms > r.max_wait_ms) {
			r.max_wait_ms = o->max_wait_ms;
		}
		r.enabled = 1;
	}
	return r;
}

/* Operations phase p is expected to send: rate x duration, or with a
   rate schedule L(duration) (schedule.h; the loader's
   ld_plan_phase_rates). */
static double phase_ops(const struct pk_phase_spec *p)
{
	return p->schedule ? p->ops_planned
			   : p->rate_per_s * (double)p->duration_ms / 1000.0;
}

/* Operations phase p sends with uniform arrivals, the workload's count:
   ceil(rate x duration) (workload_stream.c), with a schedule ceil(L(D))
   (schedule_uniform_count); Poisson arrivals send that many on average. */
static double phase_count(const struct pk_phase_spec *p)
{
	if (p->schedule) {
		uint64_t n = schedule_uniform_count(p->ops_planned);

		return n == UINT64_MAX ? HUGE_VAL : (double)n;
	}
	return ceil(p->rate_per_s * (double)p->duration_ms / 1000.0);
}

/* The highest rate phase p offers, ops/s. */
static double phase_peak(const struct pk_phase_spec *p)
{
	return p->schedule ? p->peak_rate_per_s : p->rate_per_s;
}

/* Items the phases create (creates, upserts and batches' items), or the
   data file's. */
static double items_planned(const struct pk_scenario *s)
{
	double n = 0;
	size_t i;

	if (s->items_file && s->items_file->monitor) {
		return 0; /* a monitor log's requests store nothing */
	}
	if (s->items_file) {
		return (double)trace_count(s->items_file->trace);
	}
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *p = &s->phases[i];

		n += phase_ops(p) *
		     (p->mix[PK_OP_CREATE] + p->mix[PK_OP_UPSERT] +
		      p->mix[PK_OP_BATCH] * (double)p->batch_size);
	}
	return n;
}

/* Bytes one waiting retry of phase ph takes on average: the entry, and
   for its share of queries the copy of the longest IN list a query of
   the phase has (8 bytes a value; a queued retry owns it, retryq.h). */
static double retry_bytes(const struct pk_phase_spec *ph)
{
	double in = 0;
	size_t i, c;

	for (i = 0; i < ph->n_queries; i++) {
		for (c = 0; c < ph->queries[i].n_conds; c++) {
			if (ph->queries[i].conds[c].kind == PK_COND_IN) {
				in = fmax(in, ph->queries[i].conds[c].in_count);
			}
		}
	}
	return PK_SCENARIO_RETRY_BYTES +
	       ph->mix[PK_OP_QUERY] * in * (double)sizeof(uint64_t);
}

/* The retries a client can have waiting at once are at most the
   operations of one max_wait (all rate limited and retried): the peak
   rate x max_wait, and no more than the phase sends; refuse a scenario
   whose busiest phase could queue more than fits. */
/* The bytes the busiest phase's retries can hold waiting at once (every
   variant), the phase (*worst) and the retries (*queued); 0 without
   retries or phases. */
static double least_charge_ru(const struct pk_scenario *s);
static double file_records(const struct pk_items_file *f);
static double file_span_s(const struct pk_items_file *f);

static double retry_queue_bytes(const struct pk_scenario *s, size_t *worst,
				double *queued)
{
	double wait_s = (double)plan_retry(s).max_wait_ms / 1000.0, bytes = 0;
	double q, b;
	size_t i;

	*worst = 0;
	*queued = 0;
	if (!plan_retry(s).enabled || s->n_phases == 0) {
		return 0;
	}
	for (i = 0; i < s->n_phases; i++) {
		q = fmin(phase_peak(&s->phases[i]) * wait_s,
			 phase_ops(&s->phases[i]));
		b = q * retry_bytes(&s->phases[i]) * (double)s->n_variants;
		if (b > bytes || isnan(b)) {
			bytes = b;
			*queued = q;
			*worst = i;
		}
	}
	return bytes;
}

static void check_retry_memory(struct ld *ld, const struct pk_scenario *s)
{
	double queued, bytes;
	char ra[PK_FMT_BYTES], rb[PK_FMT_BYTES];
	size_t worst;

	bytes = retry_queue_bytes(s, &worst, &queued);
	if (!(bytes > PK_SCENARIO_MAX_TRACK_BYTES)) {
		return;
	}
	ld_err_at(ld, s->phases[worst].line, s->phases[worst].col,
		  "at %s%s operations a second, rate-limited operations could "
		  "queue about %s retries, %.1f GiB (pksim stops at %.0f GiB); "
		  "lower the rate, or the client's max_wait",
		  s->phases[worst].schedule ? "a peak of " : "",
		  approx(phase_peak(&s->phases[worst]), ra),
		  approx(queued * (double)s->n_variants, rb),
		  bytes / (double)PK_GIB,
		  PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB);
}

/* The most operations a stream's paced client (concurrency, ru_budget)
   holds waiting at once: after each of its phases, those arrived less
   those it could have sent by then at its fastest (concurrency /
   latency, ru_budget / the least charge); the largest. 0 for an open
   loop, which sends at arrival. */
static double client_backlog(const struct pk_scenario *s,
			     const struct pk_stream_spec *st)
{
	const struct pk_client_spec *c = &st->client;
	double rate = HUGE_VAL, ops = 0, t_s = 0, most = 0;
	size_t j;

	if (c->concurrency > 0) {
		rate = (double)c->concurrency * 1000.0 / (double)c->latency_ms;
	}
	if (c->ru_budget_per_s > 0 && least_charge_ru(s) > 0) {
		rate = fmin(rate, c->ru_budget_per_s / least_charge_ru(s));
	}
	if (rate == HUGE_VAL) {
		return 0;
	}
	for (j = 0; j < st->n_phases; j++) {
		const struct pk_phase_spec *p = &s->phases[st->phase_first + j];

		ops += phase_count(p);
		t_s += (double)p->duration_ms / 1000.0;
		most = fmax(most, ops - rate * t_s);
	}
	if (st == s->streams && s->items_file && s->items_file->trace) {
		/* a data file's records less those sent over their span */
		most = fmax(most, file_records(s->items_file) -
				      rate * file_span_s(s->items_file));
	}
	return most;
}

/* Bytes the paced clients' waiting operations can hold, every stream and
   variant: an entry each, as a retry's (retryq.h). */
static double client_queue_bytes(const struct pk_scenario *s)
{
	double n = 0;
	size_t i;

	for (i = 0; i < s->n_streams; i++) {
		n += client_backlog(s, &s->streams[i]);
	}
	return n * PK_SCENARIO_RETRY_BYTES * (double)s->n_variants;
}

/* Refuse up front a run that would not end in reasonable time: the
   phases' simulated time together, and the operations they send, each
   against its bound (PK_SCENARIO_MAX_SIM_S, PK_SCENARIO_MAX_OPERATIONS).
   Sums in double, so durations near INT64_MAX add
   without overflow. 0 when within both, else -1 with the error at the
   phase that passes the bound. */
/* Seconds a data file's arrivals span: (last - first time) /
   time_compression under time_field, records / rate under rate, 0 at
   once. */
static double file_span_s(const struct pk_items_file *f)
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
		return (double)n / f->rate_per_s;
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
static double file_records(const struct pk_items_file *f)
{
	size_t n = trace_count(f->trace);

	return (double)(f->limit > 0 && f->limit < n ? f->limit : n);
}

/* The queries `compare --query` sends among n records (workload_file.c:
   after record r query i has been sent floor(r x share_i / (1 - all
   shares)) times): the sum over the queries of floor(n x share_i / (1 -
   all shares)); 0 without queries. */
static double file_queries(const struct pk_items_file *f, double n)
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

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The most records of a data file that arrive within any wait_s seconds
   of simulated time: all of them at once; rate x wait_s + 1 at a rate;
   under a time field, the densest window of the times (compression
   applied). Their operations can all be waiting to retry together. */
static double file_records_within(const struct pk_items_file *f, double wait_s)
{
	double n = file_records(f), best = 0;
	size_t m = (size_t)n, i, lo = 0;
	int64_t *t;
	struct pk_diag scratch;

	if (f->from == PK_FROM_RATE) {
		return fmin(n, floor(f->rate_per_s * wait_s) + 1);
	}
	if (f->from != PK_FROM_TIME_FIELD || m == 0) {
		return n;
	}
	t = xcalloc(m, sizeof(*t));
	diag_init(&scratch);
	for (i = 0; i < m; i++) {
		(void)trace_time_ms(f->trace, i, f->time_field, &t[i],
				    &scratch);
	}
	diag_free(&scratch);
	qsort(t, m, sizeof(*t), cmp_i64);
	for (i = 0; i < m; i++) {
		while (((double)t[i] - (double)t[lo]) / 1000.0 /
			   f->time_compression >
		       wait_s) {
			lo++;
		}
		best = fmax(best, (double)(i - lo + 1));
	}
	free(t);
	return best;
}

static int cmp_row_t(const void *a, const void *b)
{
	const struct pk_monitor_row *x = a, *y = b;

	return (x->sec_ms > y->sec_ms) - (x->sec_ms < y->sec_ms);
}

/* The most requests of a monitor log that arrive within any wait_s
   seconds: the rows whose seconds start within wait_s + 1 s of each
   other (a row's requests spread over its second), their requests
   summed. */
static double monitor_within(const struct pk_monitor_log *m, double wait_s)
{
	struct pk_monitor_row *r;
	double best = 0, sum = 0;
	size_t i, lo = 0;

	if (m->n_rows == 0) {
		return 0;
	}
	r = xcalloc(m->n_rows, sizeof(*r));
	memcpy(r, m->rows, m->n_rows * sizeof(*r));
	qsort(r, m->n_rows, sizeof(*r), cmp_row_t);
	for (i = 0; i < m->n_rows; i++) {
		sum += (double)r[i].pieces;
		while (((double)r[i].sec_ms - (double)r[lo].sec_ms) / 1000.0 >
		       wait_s + 1) {
			sum -= (double)r[lo++].pieces;
		}
		best = fmax(best, sum);
	}
	free(r);
	return best;
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

/* The least RU any request can be charged under s's cost keys: a lower
   bound on what each operation takes from a client's ru_budget. */
static double least_charge_ru(const struct pk_scenario *s)
{
	const struct pk_cost_spec *c = &s->cost;

	return fmin(fmin(c->read_1kb_ru, c->write_1kb_ru),
		    fmin(c->not_found_ru, c->query_base_ru));
}

/*
 * The simulated time a stream's client needs at least for ops
 * operations, in s: with concurrency C and latency L every operation
 * holds one of C workers for at least L (one attempt), so ops x L / C;
 * with ru_budget B each takes at least the least charge from it, so
 * ops x least / B. Both are lower bounds (retries and dearer requests
 * only add), so a run they put past the limit cannot end within it.
 * The why (for the message) into why, cap bytes.
 */
static double client_time_s(const struct pk_scenario *s,
			    const struct pk_client_spec *c, double ops,
			    char *why, size_t cap)
{
	double t = 0, least = least_charge_ru(s);
	char r[PK_FMT_BYTES];

	why[0] = '\0';
	if (c->concurrency > 0) {
		t = ops * (double)c->latency_ms / 1000.0 /
		    (double)c->concurrency;
		snprintf(why, cap,
			 "concurrency %d with latency %lld ms finishes at "
			 "most %s (concurrency / latency)",
			 c->concurrency, (long long)c->latency_ms,
			 fmt_rate((double)c->concurrency * 1000.0 /
				      (double)c->latency_ms,
				  r));
	}
	if (c->ru_budget_per_s > 0 && ops * least / c->ru_budget_per_s > t) {
		t = ops * least / c->ru_budget_per_s;
		snprintf(why, cap,
			 "ru_budget %.6g RU/s sends at most %s at the least "
			 "charge any request has under the cost keys, %.6g "
			 "RU",
			 c->ru_budget_per_s,
			 fmt_rate(c->ru_budget_per_s / least, r), least);
	}
	return t;
}

/* Each stream's client can send its operations within the simulated time
   limit (client_time_s); else an error at the stream (or its first
   phase, or the data file) with the figures. 0 or -1. */
static int check_client_time(struct ld *ld, const struct pk_scenario *s)
{
	char why[256], a[PK_FMT_BYTES], b[PK_FMT_BYTES];
	char span[PK_FMT_SPAN_BYTES];
	size_t i, j;

	for (i = 0; i < s->n_streams; i++) {
		const struct pk_stream_spec *st = &s->streams[i];
		double ops = 0, t;
		int line = st->line, col = st->col;

		for (j = 0; j < st->n_phases; j++) {
			ops += phase_count(&s->phases[st->phase_first + j]);
		}
		if (i == 0 && s->items_file && s->items_file->trace) {
			double recs = file_records(s->items_file);

			ops += recs + file_queries(s->items_file, recs);
		}
		t = client_time_s(s, &st->client, ops, why, sizeof(why));
		if (t <= (double)PK_SCENARIO_MAX_SIM_S) {
			continue;
		}
		if (!line && st->n_phases) {
			line = s->phases[st->phase_first].line;
			col = s->phases[st->phase_first].col;
		} else if (!line && s->items_file) {
			line = s->items_file->line;
			col = s->items_file->col;
		}
		ld_err_at(ld, line, col,
			  "the client of stream '%s' needs at least %s of "
			  "simulated time for its %s operations: %s; above "
			  "pksim's limit of %s s (366 days); raise "
			  "concurrency or ru_budget, lower latency, or send "
			  "fewer operations",
			  st->name, fmt_seconds((int64_t)ceil(t), span),
			  fmt_thousands((int64_t)ops, a), why,
			  fmt_thousands(PK_SCENARIO_MAX_SIM_S, b));
		return -1;
	}
	return 0;
}

int ld_check_run_size(struct ld *ld, const struct pk_scenario *s)
{
	double t_s = 0, ops = 0, ru = 0, attempts;
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char d[PK_FMT_BYTES];
	size_t i;

	if (s->items_file && s->items_file->trace) {
		double span = file_span_s(s->items_file);

		if (span > (double)PK_SCENARIO_MAX_SIM_S) {
			ld_err_at(ld, s->items_file->line, s->items_file->col,
				  "the data file's arrivals span %s s "
				  "(%s days), above pksim's limit of %s s "
				  "(366 days) of simulated time; raise "
				  "time_compression or the rate, or use "
				  "fewer records (limit)",
				  approx(span, c), approx(span / 86400.0, d),
				  fmt_thousands(PK_SCENARIO_MAX_SIM_S, a));
			return -1;
		}
	}

	attempts = plan_retry(s).enabled
		       ? 1.0 + (double)plan_retry(s).max_retries
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
				  approx((double)m->pieces, c), approx(ru, d),
				  approx(PK_SCENARIO_MAX_OPERATIONS, a),
				  approx(PK_COST_MAX_RUN_RU, b));
			return -1;
		}
	} else if (s->items_file && s->items_file->trace) {
		const struct pk_items_file *f = s->items_file;
		double recs = file_records(f), nq = file_queries(f, recs);
		double q_ru = 0;

		/* --query operations count like records */
		if (recs + nq > PK_SCENARIO_MAX_OPERATIONS) {
			ld_err_at(ld, f->line, f->col,
				  "the data file's %s records and the %s "
				  "queries --query sends among them are "
				  "about %s operations, above pksim's limit "
				  "of %s operations a run; use fewer records "
				  "(limit) or a smaller --query share",
				  approx(recs, a), approx(nq, b),
				  approx(recs + nq, c),
				  fmt_thousands(
				      (int64_t)PK_SCENARIO_MAX_OPERATIONS, d));
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
				  approx(ru, c), attempts,
				  approx(PK_COST_MAX_RUN_RU, d));
			return -1;
		}
	}
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *p = &s->phases[i];
		double d_s = (double)p->duration_ms / 1000.0;

		t_s += d_s;
		/* uniform arrivals send ceil(rate x duration), a schedule
		   ceil(L(duration)) (workload) */
		ops += phase_count(p);
		if (t_s > (double)PK_SCENARIO_MAX_SIM_S) {
			/* each duration is whole seconds of at most 366 days
			   (ld_get_duration): the sum is exact in a double */
			char span[PK_FMT_SPAN_BYTES];

			ld_err_at(ld, p->line, p->col,
				  "the phases up to '%s' last %s in all, "
				  "above pksim's limit of %s s (366 days) of "
				  "simulated time; shorten the phases",
				  p->name ? p->name : "?",
				  fmt_seconds((int64_t)t_s, span),
				  fmt_thousands(PK_SCENARIO_MAX_SIM_S, a));
			return -1;
		}
		if (!(ops <= PK_SCENARIO_MAX_OPERATIONS)) {
			ld_err_at(ld, p->line, p->col,
				  "the phases up to '%s' send about %s "
				  "operations, above pksim's limit of %s "
				  "operations a run; lower a phase's rate or "
				  "duration",
				  p->name ? p->name : "?", approx(ops, c),
				  fmt_thousands(
				      (int64_t)PK_SCENARIO_MAX_OPERATIONS, b));
			return -1;
		}
		ru += phase_count(p) * attempts * worst_attempt_ru(s, p);
		if (!(ru <= PK_COST_MAX_RUN_RU)) {
			ld_err_at(ld, p->line, p->col,
				  "the phases up to '%s' could charge about "
				  "%s RU (operations x %.0f attempts x the "
				  "costliest attempt under the cost keys), "
				  "above pksim's limit of %s RU a run, "
				  "where its RU totals in mRU fit 64 bits; "
				  "lower the cost keys, a query's results, "
				  "max_retries, or the rate",
				  p->name ? p->name : "?", approx(ru, c),
				  attempts, approx(PK_COST_MAX_RUN_RU, d));
			return -1;
		}
	}
	return check_client_time(ld, s);
}

static uint64_t largest_item(const struct pk_scenario *s);

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

/* Bytes a logical partition's key text takes beyond the flat record of
   PK_SCENARIO_LP_BYTES (whose share for key and EPK is some 25 bytes):
   each level's longest generated value, or for a synthetic key its
   template's length plus every generated property's longest value (the
   template names some of them); a data file's keys: its longest record,
   at most, as a bound. */
static double lp_key_bytes(const struct pk_scenario *s,
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
		return n;
	}
	for (i = 0; i < c->key.n_paths; i++) {
		if ((p = scenario_find_prop(s, c->key.paths[i]))) {
			n += prop_text_bytes(p, items);
		}
	}
	return n;
}

/* Logical partitions one variant can hold: at most one per item, and
   at most the values its key can take when the key is a generated
   property with a known number of values (each level's, multiplied for
   a hierarchical key); a key no item carries makes one. */
static double lps_planned(const struct pk_scenario *s,
			  const struct pk_container_spec *c, double items)
{
	double n = 1;
	size_t i;

	if (s->items_file && s->items_file->monitor) {
		/* at most one per row of the log */
		return (double)s->items_file->monitor->n_rows;
	}
	if (s->items_file || c->key.kind == PK_KEY_SYNTHETIC) {
		return items;
	}
	for (i = 0; i < c->key.n_paths; i++) {
		const struct pk_prop_spec *p =
		    scenario_find_prop(s, c->key.paths[i]);

		if (!p) {
			continue; /* undefined at this level: one value */
		}
		if (p->kind == PK_GEN_PATTERN || p->kind == PK_GEN_LIST) {
			n *= (double)p->count;
		} else if (p->kind != PK_GEN_CONST) {
			return items;
		}
	}
	return n < items ? n : items;
}

/* The most physical partitions one variant can reach: its layout at
   creation (or an existing layout's N), phases raising throughput (rule
   6), and storage splits of the largest items and the data stored at the
   start at half-full partitions (rule 9). */
static double ranges_planned(const struct pk_scenario *s,
			     const struct pk_container_spec *c, double items,
			     double item_bytes, double lps)
{
	double ru =
	    (double)(c->serverless		 ? 0
		     : c->autoscale_max_ru_per_s ? c->autoscale_max_ru_per_s
						 : c->throughput_ru_per_s);
	double n = ceil(ru / (double)c->initial_ru_per_pp), storage;
	size_t i;

	if (c->existing_partitions > 0) {
		/* an existing layout starts with its own N */
		n = (double)c->existing_partitions;
	}

	for (i = 0; i < s->n_phases; i++) {
		double p = (double)s->phases[i].throughput_ru_per_s;

		if (ceil(p / (double)c->pp_ru_per_s) > n) {
			n = ceil(p / (double)c->pp_ru_per_s);
		}
	}
	storage = ceil((2.0 * items * item_bytes * c->index_factor +
			2.0 * (double)c->existing_bytes_total +
			2.0 * (double)c->existing_bytes_per_pp *
			    (double)c->existing_partitions) /
		       (double)c->pp_storage_bytes);
	/* a storage split never leaves a partition without a logical
	   partition: no more of them than logical partitions */
	storage = storage < lps ? storage : lps;
	n = storage > n ? storage : n;
	return n < 1 ? 1 : n;
}

/*
 * Refuse up front a run whose memory would pass PK_SCENARIO_MAX_TRACK_BYTES
 * (scenario.h): the estimate covers the items (the
 * workload's record, each variant's slot and, when ids can repeat, its id
 * entry), each variant's logical and physical partitions, per-second
 * records and
 * samples (one per range a second's requests reach, kept for runs up to
 * PK_SCENARIO_DETAIL_MAX_S; longer runs keep per-range buckets instead),
 * per-minute records and the retry-wait
 * histogram (a counter per ms up to max_wait plus the 410 waits); every
 * per-variant term is multiplied by the variants (compare). A data file's
 * operations are its records' creates and the queries `compare --query`
 * sends among them, over the arrivals' span plus max_wait,
 * and every operation of the records arriving within one max_wait can
 * be waiting to retry at once (all of them with --at-once). The error
 * gives the estimate by part and what to change.
 */
void ld_check_memory(struct ld *ld, const struct pk_scenario *s)
{
	double items = items_planned(s), ops = 0, dur_s = 0, q = 0;
	double item_bytes = (double)largest_item(s);
	double it_b, lp_b = 0, smp_b = 0, hist_b, rq_b = 0, total;
	double file_b, cq_b;
	double wait_s = plan_retry(s).enabled
			    ? (double)plan_retry(s).max_wait_ms / 1000.0
			    : 0;
	char ia[PK_FMT_BYTES], qa[PK_FMT_BYTES], rq[512] = "";
	const struct pk_prop_spec *id = scenario_find_prop(s, "/id");
	int ids = s->items_file || !id || id->kind != PK_GEN_UNIQUE;
	double tg = 0;
	size_t i;

	for (i = 0; i < s->n_phases; i++) {
		double d = (double)s->phases[i].duration_ms / 1000.0;
		const double *m = s->phases[i].mix;

		dur_s += d;
		ops += phase_ops(&s->phases[i]);
		q += phase_ops(&s->phases[i]) * s->phases[i].mix[PK_OP_QUERY];
		if (!s->items_file &&
		    (m[PK_OP_READ] + m[PK_OP_UPSERT] + m[PK_OP_REPLACE] +
		     m[PK_OP_DELETE] + m[PK_OP_QUERY]) > 0) {
			/* some operation targets a written item (targets.h) */
			tg = PK_SCENARIO_TARGET_BYTES;
		}
	}
	if (s->items_file && s->items_file->trace) {
		const struct pk_items_file *f = s->items_file;
		double recs = file_records(f), per_rec;

		/* the records' creates and the queries --query sends among
		   them; the run lasts the arrivals' span, then
		   the retries' wait, and second 0 counts */
		q = file_queries(f, recs);
		ops = recs + q;
		dur_s = file_span_s(f) + wait_s + 1;
		/* what can wait to retry at once: every operation of the
		   records arriving within one max_wait, each record
		   bringing its share of the queries */
		per_rec = recs > 0 ? ops / recs : 1;
		if (plan_retry(s).enabled) {
			rq_b = file_records_within(f, wait_s) * per_rec *
			       PK_SCENARIO_RETRY_BYTES * (double)s->n_variants;
		}
	}
	if (s->items_file && s->items_file->monitor) {
		/* a monitor log's requests, each row's over its second */
		ops = (double)s->items_file->monitor->pieces;
		q = 0;
		rq_b = plan_retry(s).enabled
			   ? monitor_within(s->items_file->monitor, wait_s) *
				 PK_SCENARIO_RETRY_BYTES * (double)s->n_variants
			   : 0;
	}
	it_b = items *
	       (PK_SCENARIO_ITEM_BYTES + (PK_SCENARIO_SLOT_BYTES + tg +
					  (ids ? PK_SCENARIO_ID_BYTES : 0)) *
					     (double)s->n_variants);
	hist_b =
	    ((double)(plan_retry(s).enabled ? plan_retry(s).max_wait_ms : 0) +
	     PK_SCENARIO_GONE_WAIT_MS + 1) *
	    PK_SCENARIO_COUNTER_BYTES * (double)s->n_variants;
	for (i = 0; i < s->n_variants; i++) {
		const struct pk_container_spec *c = &s->variants[i];
		double lps = lps_planned(s, c, items);
		double r = ranges_planned(s, c, items, item_bytes, lps);
		double smp = ops + q * (r - 1);

		lp_b +=
		    lps * (PK_SCENARIO_LP_BYTES + lp_key_bytes(s, c, items)) +
		    r * PK_SCENARIO_RANGE_BYTES;
		if (s->preload) {
			/* a logical partition per preloaded value (or record,
			   at most) */
			const struct pk_items_file *pf = s->preload->file;
			double n = (double)s->preload->values;

			if (pf) {
				n = pf->trace ? (double)trace_count(pf->trace)
					      : 0;
			}
			lp_b += n * PK_SCENARIO_LP_BYTES;
		}
		if (c->default_ttl_s != 0) {
			/* TTL (rule 28): each item's expiry, and an entry in
			   the expiry queue per write, another once it waits */
			it_b += items * PK_SCENARIO_TTL_ITEM_BYTES +
				ops * PK_SCENARIO_TTL_ENTRY_BYTES;
		}
		if (dur_s <= PK_SCENARIO_DETAIL_MAX_S) {
			if (smp > dur_s * r) {
				smp = dur_s * r;
			}
			smp_b += smp * PK_SCENARIO_SAMPLE_BYTES +
				 dur_s * PK_SCENARIO_SECOND_BYTES;
		} else {
			/* per-range buckets (metrics.h) */
			if (smp > PK_SCENARIO_BUCKETS_PER_RANGE * r) {
				smp = PK_SCENARIO_BUCKETS_PER_RANGE * r;
			}
			smp_b += smp * PK_SCENARIO_BUCKET_BYTES;
		}
		smp_b += dur_s / 60.0 * PK_SCENARIO_SECOND_BYTES;
	}
	if (!s->items_file) {
		/* the busiest phase's waiting retries (with a data file,
		   rq_b counts them over the arrivals) */
		size_t worst;
		double queued;

		rq_b = retry_queue_bytes(s, &worst, &queued);
	}
	/* the data files as loaded, held for the run */
	file_b = (double)trace_memory_bytes(s->items_file ? s->items_file->trace
							  : NULL) +
		 (double)trace_memory_bytes(s->preload && s->preload->file
						? s->preload->file->trace
						: NULL);
	cq_b = client_queue_bytes(s);
	total = it_b + lp_b + smp_b + hist_b + rq_b + file_b + cq_b;
	if (total <= PK_SCENARIO_MAX_TRACK_BYTES) {
		return;
	}
	if (!s->items_file && rq_b > PK_SCENARIO_MAX_TRACK_BYTES) {
		check_retry_memory(ld, s); /* the retries alone: say so */
		return;
	}
	if (s->items_file) {
		snprintf(rq, sizeof(rq),
			 "; %s queries and the retries that can wait at "
			 "once: %.2f GiB; the data files as loaded: %.2f GiB",
			 approx(q, qa), rq_b / (double)PK_GIB,
			 file_b / (double)PK_GIB);
	} else {
		snprintf(rq, sizeof(rq),
			 "; the retries that can wait at once: %.2f GiB",
			 rq_b / (double)PK_GIB);
	}
	if (cq_b > 0) {
		size_t n = strlen(rq);

		snprintf(rq + n, sizeof(rq) - n,
			 "; operations waiting for the client's workers or "
			 "ru_budget: %.2f GiB",
			 cq_b / (double)PK_GIB);
	}
	ld_err_at(
	    ld,
	    s->items_file ? s->items_file->line
	    : s->n_phases ? s->phases[0].line
			  : 0,
	    s->items_file ? s->items_file->col
	    : s->n_phases ? s->phases[0].col
			  : 0,
	    "the run would take about %.*f GiB (%s items: %.2f GiB; logical "
	    "and physical partitions: %.2f GiB; per-second samples and "
	    "records: %.2f GiB; "
	    "retry-wait histograms: %.2f GiB%s; %zu variant%s), and pksim "
	    "stops at %.0f GiB before it starts; %s",
	    total < 10.0 * PK_GIB ? 1 : 0, total / (double)PK_GIB,
	    items < 9e18 ? fmt_thousands(llround(items), ia)
			 : approx(items, ia),
	    it_b / (double)PK_GIB, lp_b / (double)PK_GIB,
	    smp_b / (double)PK_GIB, hist_b / (double)PK_GIB, rq, s->n_variants,
	    s->n_variants == 1 ? "" : "s",
	    PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB,
	    s->items_file ? "use fewer records (limit), a smaller --query "
			    "share or a slower arrival (--rate), or compare "
			    "fewer variants"
			  : "lower a phase's rate, duration or share of "
			    "creates, or compare fewer variants");
}

/* The largest item a run writes, in bytes. */
static uint64_t largest_item(const struct pk_scenario *s)
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
		for (i = 0; i < trace_count(s->items_file->trace); i++) {
			b = trace_size_bytes(s->items_file->trace, i);
			max = b > max ? b : max;
		}
		return max;
	}
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_size_spec *z = &s->phases[i].item_size;

		b = z->kind == PK_SIZE_FIXED	 ? z->bytes
		    : z->kind == PK_SIZE_UNIFORM ? z->max_bytes
						 : PK_MAX_ITEM_BYTES;
		max = b > max ? b : max;
	}
	return max;
}

/* An item's stored bytes (size x index_factor) must fit the 32 bits the
   containers keep per item: at most 4 GB. */
void ld_check_index_factor(struct ld *ld, const struct pk_scenario *s)
{
	double item = (double)largest_item(s);
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
		n += phase_count(&s->phases[i]);
	}
	return isfinite(n) ? n : 0;
}
