/*
 * plan_client: the simulated time the paced clients (concurrency and
 * latency, ru_budget) need to send every operation, reckoned before the
 * run from the pacing's arithmetic (deterministic), and the up-front
 * refusal of a run whose clients would pass the 366-day limit
 * (docs/design.md: never killed halfway).
 */
#include "loader.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/monitor.h"
#include "pksim/load/trace.h"

/* The most RU a data file's --query queries are charged each. */
static double worst_file_query_ru(const struct pk_scenario *s,
				  const struct pk_items_file *f, double ranges)
{
	double w = 0;
	size_t i;

	for (i = 0; i < f->n_queries; i++) {
		w = fmax(w, s->cost.query_base_ru +
				s->cost.query_per_range_ru * ranges +
				s->cost.query_per_result_ru *
				    (double)f->queries[i].results);
	}
	return w;
}

/* Seconds client c's ru_budget is held by a charge of ru: the pacing's
   whole microseconds (budget_spend, sim_int.h). */
static double budget_s(double ru, const struct pk_client_spec *c)
{
	return ceil(ru * 1e6 / c->ru_budget_per_s) / 1e6;
}

/* Work a stream's client is sent at one time: ops operations arriving
   at t s (simulated, from the run's start), holding the client's
   workers hold_s in all (operations x the time each holds one worker /
   concurrency) and its ru_budget budget_s. */
struct work_at {
	double t, ops, hold_s, budget_s;
};

static int cmp_work_at(const void *a, const void *b)
{
	const struct work_at *x = a, *y = b;

	return (x->t > y->t) - (x->t < y->t);
}

/* The time-field records' arrivals of data file f, in s from the first
   (time_compression applied, as workload_file.c replays them), each
   record with its share of the queries --query sends (q per record),
   appended to w from *n on. */
static void file_arrivals(const struct pk_items_file *f, double q,
			  double hold_s, double rec_b, double q_b,
			  struct work_at *w, size_t *n)
{
	size_t m = (size_t)ld_file_records(f), i, k = *n;
	int64_t lo = INT64_MAX, t;
	struct pk_diag scratch; /* the loader checked every time already */

	diag_init(&scratch);
	for (i = 0; i < m; i++) {
		if (trace_time_ms(f->trace, i, f->time_field, &t, &scratch) ==
		    0) {
			lo = t < lo ? t : lo;
			w[k].t = (double)t;
			w[k].ops = 1 + q;
			w[k].hold_s = (1 + q) * hold_s;
			w[k].budget_s = rec_b + q * q_b;
			k++;
		}
	}
	diag_free(&scratch);
	for (i = *n; i < k; i++) {
		w[i].t = floor(((w[i].t - (double)lo) / f->time_compression)) /
			 1000.0;
	}
	*n = k;
}

/* Room for one more entry in *w (*cap entries, *n used). */
static void work_room(struct work_at **w, size_t *cap, size_t n)
{
	if (n == *cap) {
		*cap *= 2;
		*w = xreallocarray(*w, *cap, sizeof(**w));
	}
}

/*
 * Where in c's piece the work arriving from then on ends last, when the
 * piece's rate rises (a ramp): the arrivals from x on end at
 * x + per_op x (L(t1) - L(x)) at the earliest, whose slope 1 - per_op x
 * r(x) falls as r rises, so the latest end is where r(x) = 1 / per_op
 * (the client's own rate): x = t0 + (1 / per_op - rate0) / slope. Taking
 * a piece's arrivals at its start alone would count a ramp's late
 * arrivals from its start. The instant in s from the phase start, or -1
 * where the piece's rate does not rise, per_op is 0 or the instant is
 * not inside the piece (an end of it is then the latest, and is one
 * already). A counter's spike train is cut by its periods instead
 * (train_turn).
 */
static double rise_turn(const struct pk_schedule_cursor *c, double per_op)
{
	double x;

	if (c->train || !(c->slope > 0) || !(per_op > 0)) {
		return -1;
	}
	x = (1.0 / per_op - c->rate0) / c->slope;
	if (!(x > 0) || !(x < (double)(c->t1_s - c->t0_s))) {
		return -1;
	}
	return (double)c->t0_s + x;
}

/*
 * Where in c's spike train (schedule.h: from a spike's start, two spike
 * periods or more) the work arriving from then on ends last, when a
 * ramp under the spikes raises each period's arrivals (slope > 0): the
 * periods' arrivals n_k = n_0 + k d grow by the same d each, so the end
 * of the work arriving from period k's start on, t0 + k E + per_op x
 * (the arrivals from k on), rises by E - per_op x n_k a period and is
 * latest at the first period with per_op x n_k >= E (the client's time
 * for a period's arrivals passes the period). Its start, or -1 where the
 * train's first period is that one, per_op is 0, the ramp does not
 * rise, or the period is the train's last (at last_s, an entry already).
 * n_0 and d are counted on a copy of c (schedule_cursor_count), so c
 * stays where it is.
 */
static double train_turn(const struct pk_schedule_cursor *c, double e,
			 double per_op, double last_s)
{
	struct pk_schedule_cursor q = *c;
	double t0 = (double)c->t0_s, l1, l2, n0, d, k;

	if (!(c->slope > 0) || !(per_op > 0) || !(t0 + 2 * e < last_s)) {
		return -1;
	}
	l1 = schedule_cursor_count(&q, t0 + e);
	l2 = schedule_cursor_count(&q, t0 + 2 * e);
	n0 = l1 - (c->lam0 + c->lam0_c);
	d = (l2 - l1) - n0;
	if (!(d > 0)) {
		return -1;
	}
	k = ceil((e / per_op - n0) / d);
	if (!(k > 0) || !(t0 + k * e < last_s)) {
		return -1;
	}
	return t0 + k * e;
}

/*
 * Phase p's operations, its schedule walked piece by piece (the
 * counter's pieces, schedule.h: a step, an hour of a daily curve, a
 * spike or the gap after it), appended to *w: each piece's operations
 * (the workload's uniform count, ceil(L(t1)) - ceil(L(t0))) at the
 * piece's start, their earliest arrival, so a burst late in a long phase
 * is counted from where it arrives, as a data file's records are. A
 * spike train (two spike periods or more in one piece) is two entries:
 * its periods but the last at its start, the last period at that
 * period's start, so the train's pieces cost O(1) and its last burst
 * still arrives where it does (its earlier bursts at most one period
 * early). A piece whose rate rises (a ramp) is cut where its arrivals
 * from then on take longest (rise_turn: for the workers' time and the
 * budget's), so a ramp's late arrivals count from where they arrive
 * (exact but for the rounding to whole operations); a spike train over
 * a rising ramp likewise at the period from which they take longest
 * (train_turn). Poisson arrivals'
 * count beyond the uniform one
 * (ld_phase_count) goes with the phase's last entry. start is the
 * phase's start (s from the stream's), wall0 its clock second, one_h
 * and one_b the worker and budget time of one operation.
 */
static void phase_pieces(const struct pk_phase_spec *p, double start,
			 int64_t wall0, double one_h, double one_b,
			 struct work_at **w, size_t *cap, size_t *n)
{
	struct pk_schedule_cursor c;
	double u0 = 0, u, total = 0, e, len, at[4], sa, sb, extra, last;
	int64_t dur_s = p->duration_ms / 1000;
	size_t first = *n, m, k;

	schedule_counter_init(&c, p->schedule, wall0, dur_s);
	do {
		/* the piece cut where its arrivals begin: its start, and
		   the train's last period or a ramp's turning points */
		at[0] = (double)c.t0_s;
		m = 1;
		last = -1;
		if (c.train) {
			e = (double)p->schedule->spike_every_s;
			len = (double)(c.t1_s - c.t0_s);
			last = (double)c.t0_s + (ceil(len / e) - 1) * e;
			sa = train_turn(&c, e, one_h, last);
			sb = train_turn(&c, e, one_b, last);
		} else {
			sa = rise_turn(&c, one_h);
			sb = rise_turn(&c, one_b);
		}
		if (sb >= 0 && sa >= 0 && sb < sa) {
			e = sa;
			sa = sb;
			sb = e;
		}
		if (sa >= 0) {
			at[m++] = sa;
		}
		if (sb >= 0 && sb != sa) {
			at[m++] = sb;
		}
		if (last >= 0) {
			at[m++] = last;
		}
		for (k = 0; k < m; k++) {
			u = (double)schedule_uniform_count(
			    k + 1 < m ? schedule_cursor_count(&c, at[k + 1])
				      : c.lam1);
			if (u > u0) {
				work_room(w, cap, *n);
				(*w)[(*n)++] = (struct work_at){
				    start + at[k], u - u0, (u - u0) * one_h,
				    (u - u0) * one_b};
				total += u - u0;
				u0 = u;
			}
		}
	} while (schedule_cursor_next(&c));
	extra = ld_phase_count(p) - total;
	if (extra > 0) {
		if (*n == first) {
			work_room(w, cap, *n);
			(*w)[(*n)++] = (struct work_at){start, 0, 0, 0};
		}
		(*w)[*n - 1].ops += extra;
		(*w)[*n - 1].hold_s += extra * one_h;
		(*w)[*n - 1].budget_s += extra * one_b;
	}
}

/*
 * Stream i's work in order of arrival (owned by the caller, *n entries):
 * each phase's operations at the phase's start (its earliest arrival),
 * a phase with a rate schedule's at each piece's start (phase_pieces),
 * and for the first stream a data file's records (with the queries
 * --query sends among them) at their arrivals (a time field's; records
 * at a rate or at once all at t = 0, the earliest) or a monitor log's
 * rows at their seconds (rule 37). hold_s is the time one operation
 * holds a worker / concurrency (0: no workers), c the client.
 */
static struct work_at *stream_work(const struct pk_scenario *s, size_t i,
				   double hold_s,
				   const struct pk_client_spec *c, size_t *n)
{
	const struct pk_stream_spec *st = &s->streams[i];
	const struct pk_items_file *f = i == 0 ? s->items_file : NULL;
	double ranges = ld_ranges_bound(s), start = 0, cnt, b = 0;
	double largest = (double)ld_largest_item(s);
	double tbytes = ld_table_bytes(s, ld_items_planned(s), largest);
	int paced = c->ru_budget_per_s > 0;
	size_t cap = st->n_phases + 1, more = 1, j, k = 0;
	struct work_at *w;

	if (f && f->monitor) {
		more += f->monitor->n_rows;
	} else if (f && f->trace && f->from == PK_FROM_TIME_FIELD) {
		more += (size_t)ld_file_records(f);
	}
	w = xcalloc(cap, sizeof(*w));
	for (j = 0; j < st->n_phases; j++) {
		const struct pk_phase_spec *p = &s->phases[st->phase_first + j];

		b = paced ? budget_s(ld_worst_op_ru_at(s, p, ranges, largest,
						       tbytes),
				     c)
			  : 0;
		if (p->schedule && p->duration_ms >= 1000) {
			phase_pieces(p, start,
				     s->clock_start_s + (int64_t)start, hold_s,
				     b, &w, &cap, &k);
		} else {
			cnt = ld_phase_count(p);
			work_room(&w, &cap, k);
			w[k++] =
			    (struct work_at){start, cnt, cnt * hold_s, cnt * b};
		}
		start += (double)p->duration_ms / 1000.0;
	}
	/* room for the data file's entries after the phases' */
	w = xreallocarray(w, k + more, sizeof(*w));
	if (f && f->monitor) {
		const struct pk_monitor_log *m = f->monitor;

		for (j = 0; j < m->n_rows; j++) {
			const struct pk_monitor_row *r = &m->rows[j];
			double pieces = (double)r->pieces;

			/* each request's charge in whole microseconds
			   of budget: at most its share + 1 us */
			w[k++] = (struct work_at){
			    (double)(r->sec_ms - f->monitor_t0_ms) / 1000.0,
			    pieces, pieces * hold_s,
			    paced ? (double)r->charge_mru / 1000.0 /
					    c->ru_budget_per_s +
					pieces * 1e-6
				  : 0};
		}
	} else if (f && f->trace) {
		double recs = ld_file_records(f), nq = ld_file_queries(f, recs);
		double rec_b = 0, q_b = 0;

		if (paced) {
			rec_b = budget_s(ld_worst_op_ru(s, NULL, ranges), c);
			q_b = budget_s(worst_file_query_ru(s, f, ranges), c);
		}
		if (f->from == PK_FROM_TIME_FIELD && recs > 0) {
			file_arrivals(f, nq / recs, hold_s, rec_b, q_b, w, &k);
		} else {
			w[k++] =
			    (struct work_at){0, recs + nq, (recs + nq) * hold_s,
					     recs * rec_b + nq * q_b};
		}
	}
	qsort(w, k, sizeof(*w), cmp_work_at);
	*n = k;
	return w;
}

/* When the last of work w[0..n) is done, each piece of it begun at its
   arrival or when the work before it is done, whichever is later, and
   taking the time hold_s (budget 0) or budget_s (budget 1): the largest
   of an arrival + the time of the work from it on. The arrival that
   sets it and the operations from it on into *from_t, *from_ops. */
static double done_by(const struct work_at *w, size_t n, int budget,
		      double *from_t, double *from_ops)
{
	double t = 0;
	size_t k;

	*from_t = 0;
	*from_ops = 0;
	for (k = 0; k < n; k++) {
		if (w[k].t > t) {
			t = w[k].t;
			*from_t = t;
			*from_ops = 0;
		}
		t += budget ? w[k].budget_s : w[k].hold_s;
		*from_ops += w[k].ops;
	}
	return t;
}

/* ", the last N of them arriving from S s on" into why (cap bytes) when
   the work that sets the time arrives after t = 0. */
static void say_from(char *why, size_t cap, double from_t, double from_ops)
{
	char a[PK_FMT_BYTES], b[PK_FMT_SPAN_BYTES];
	size_t len = strlen(why);

	if (from_t > 0 && len < cap) {
		snprintf(why + len, cap - len,
			 "; counted from each operation's arrival: the last %s "
			 "of them arrive from %s on",
			 fmt_thousands((int64_t)from_ops, a),
			 fmt_seconds((int64_t)floor(from_t), b));
	}
}

/* x (>= 0) into buf (PK_FMT_BYTES) with its thousands and at most 2
   decimals, trailing zeros dropped (1,024; 2,048.5): the charge a
   refusal multiplies by its operations, so the total can be checked by
   hand, not 3 significant digits of it */
static const char *charge_text(double x, char *buf)
{
	double w = floor(x);
	long c = lround((x - w) * 100);
	size_t n;

	if (c >= 100) {
		w += 1;
		c = 0;
	}
	fmt_thousands((int64_t)w, buf);
	n = strlen(buf);
	if (c % 10) {
		snprintf(buf + n, PK_FMT_BYTES - n, ".%02ld", c);
	} else if (c) {
		snprintf(buf + n, PK_FMT_BYTES - n, ".%ld", c / 10);
	}
	return buf;
}

/* The retries of its 410s one operation of a closed loop can make, each
   attempt holding a worker hold_s (its latency): a 410 is answered only
   within split_gone of a split or merge, so of an operation's attempts,
   (hold_s + PK_THROTTLE_GONE_RETRY_MS) apart, at most floor(split_gone /
   that) + 1 meet one such window, and a range meets a window for each
   split or merge the run can make (the partitions a variant can reach
   beyond those it starts with, and as many again when a phase merges);
   at most ld_gone_retries, the client's give-up. */
static double gone_retries(const struct pk_scenario *s, double hold_s)
{
	double windows = 0, most = 0, step, r;
	double items = ld_items_planned(s), item_bytes = ld_largest_item(s);
	int merge = 0;
	size_t v;

	for (v = 0; v < s->n_phases; v++) {
		merge |= s->phases[v].merge_to > 0;
	}

	for (v = 0; v < s->n_variants; v++) {
		const struct pk_container_spec *c = &s->variants[v];

		if (!(c->split_gone_ms > 0)) {
			continue;
		}
		r = ld_ranges_planned(s, c, items, item_bytes,
				      ld_lps_planned(s, c, items));
		windows = fmax(0, r - ld_ranges_at_start(c)) + (merge ? r : 0);
		step = hold_s + PK_THROTTLE_GONE_RETRY_MS / 1000.0;
		most = fmax(most, windows * (floor((double)c->split_gone_ms /
						   1000.0 / step) +
					     1));
	}
	return fmin(most, ld_gone_retries(s));
}

/*
 * The simulated time stream i's client needs for its operations, in s,
 * from the run's start: each operation is sent at its arrival at the
 * earliest (stream_work), after the work sent before it. With
 * concurrency C and latency L every operation holds one of C workers
 * for at least L, so the work arriving from time a on ends at least
 * a + its operations x L / C (a lower bound: retries only add). With
 * ru_budget B the budget is spent in order of sending, each operation
 * at most its phase's costliest charge (ld_worst_op_ru; one charged
 * attempt) in the pacing's whole microseconds: an upper bound, so a run
 * it keeps within the limit ends within it. The larger of the two,
 * *upper 1 when it is the budget's; the why (for the message) into why,
 * cap bytes.
 */
static double client_time_s(const struct pk_scenario *s, size_t i, int *upper,
			    char *why, size_t cap)
{
	const struct pk_stream_spec *st = &s->streams[i];
	const struct pk_client_spec *c = &st->client;
	double t = 0, tb, hold = 0, ct = 0, bt = 0, cops = 0, bops = 0;
	double most = 0, ranges = ld_ranges_bound(s);
	double largest = (double)ld_largest_item(s);
	double tbytes = ld_table_bytes(s, ld_items_planned(s), largest);
	char r[PK_FMT_BYTES];
	struct work_at *w;
	size_t j, n;

	why[0] = '\0';
	*upper = 0;
	if (!(c->concurrency > 0) && !(c->ru_budget_per_s > 0)) {
		return 0;
	}
	if (c->concurrency > 0) {
		struct pk_retry_spec rt = ld_stream_retry(s, c);
		double retries = 0, waits = 0;

		hold = (double)c->latency_ms / 1000.0;
		snprintf(why, cap,
			 "concurrency %d with latency %lld ms finishes at "
			 "most %s (concurrency / latency)",
			 c->concurrency, (long long)c->latency_ms,
			 fmt_rate((double)c->concurrency * 1000.0 /
				      (double)c->latency_ms,
				  r));
		if (rt.enabled && scenario_can_throttle(s)) {
			/* a worker holds an operation through its 429s:
			   up to 1 + max_retries attempts of one latency
			   each and the waits between them, at most
			   max_wait in all and at most max_retries of the
			   policy's longest wait (ld_stream_retry_life_s:
			   a retry-after is at most 1 s; a table's
			   retry_mode's own, ld_stream_retry) */
			retries = (double)rt.max_retries;
			waits = ld_stream_retry_life_s(s, c);
			*upper = 1;
			snprintf(why, cap,
				 "concurrency %d with latency %lld ms, an "
				 "operation holding its worker through up to "
				 "%d retries of its 429s and their waits of "
				 "up to %lld ms (the run can be rate "
				 "limited; fewer max_retries shorten it%s)",
				 c->concurrency, (long long)c->latency_ms,
				 rt.max_retries, (long long)(waits * 1000.0),
				 ld_table_retry_words(s));
		}
		if (ld_gone_retries(s) > 0) {
			/* and through the retries of its 410s, one
			   latency each and their waits, at most
			   PK_THROTTLE_GONE_MAX_WAIT_MS in all
			   (gone_retries) */
			size_t len = strlen(why);
			double gone = gone_retries(s, hold);

			retries += gone;
			waits += fmin(gone * PK_THROTTLE_GONE_RETRY_MS,
				      PK_THROTTLE_GONE_MAX_WAIT_MS) /
				 1000.0;
			*upper = 1;
			snprintf(why + len, cap - len,
				 "; an operation holding its worker through "
				 "up to %.0f retries of its 410s within "
				 "split_gone, %.0f ms apart",
				 gone, (double)PK_THROTTLE_GONE_RETRY_MS);
		}
		hold =
		    (hold * (1.0 + retries) + waits) / (double)c->concurrency;
	}
	w = stream_work(s, i, hold, c, &n);
	if (c->concurrency > 0) {
		t = done_by(w, n, 0, &ct, &cops);
		say_from(why, cap, ct, cops);
	}
	if (!(c->ru_budget_per_s > 0)) {
		free(w);
		return t;
	}
	tb = done_by(w, n, 1, &bt, &bops);
	free(w);
	if (tb > t) {
		for (j = 0; j < st->n_phases; j++) {
			most =
			    fmax(most, ld_worst_op_ru_at(
					   s, &s->phases[st->phase_first + j],
					   ranges, largest, tbytes));
		}
		if (i == 0 && s->items_file && s->items_file->trace &&
		    !s->items_file->monitor) {
			most = fmax(
			    most,
			    fmax(worst_file_query_ru(s, s->items_file, ranges),
				 ld_worst_op_ru(s, NULL, ranges)));
		}
		t = tb;
		*upper = 1;
		snprintf(why, cap,
			 "ru_budget %.6g RU/s spent in order of arrival, "
			 "each operation charged at most its phase's "
			 "costliest request under the cost keys (up to %s "
			 "RU)",
			 c->ru_budget_per_s, charge_text(most, r));
		say_from(why, cap, bt, bops);
	}
	return t;
}

/* The operations stream i's client sends: its phases', and for the
   first stream a data file's records and the queries among them, or a
   monitor log's requests. */
static double stream_ops(const struct pk_scenario *s, size_t i)
{
	const struct pk_stream_spec *st = &s->streams[i];
	double ops = 0;
	size_t j;

	for (j = 0; j < st->n_phases; j++) {
		ops += ld_phase_count(&s->phases[st->phase_first + j]);
	}
	if (i == 0 && s->items_file) {
		ops += ld_file_ops(s->items_file);
	}
	return ops;
}

/* The simulated seconds the paced clients stretch a run to (loader.h):
   each stream's client_time_s, plus one attempt's latency (the last
   operation is answered one latency after it is sent); the largest. */
double ld_client_span_s(const struct pk_scenario *s)
{
	char why[512];
	double most = 0, t;
	int upper;
	size_t i;

	for (i = 0; i < s->n_streams; i++) {
		const struct pk_client_spec *c = &s->streams[i].client;

		t = client_time_s(s, i, &upper, why, sizeof(why));
		if (t > 0 && c->concurrency > 0) {
			t += (double)c->latency_ms / 1000.0;
		}
		most = fmax(most, t);
	}
	return most;
}

/* Each stream's client can send its operations within the simulated time
   limit (client_time_s); else an error at the stream (or its first
   phase, or the data file) with the figures. 0 or -1. */
int ld_check_client_time(struct ld *ld, const struct pk_scenario *s)
{
	char why[512], a[PK_FMT_BYTES], b[PK_FMT_BYTES];
	char span[PK_FMT_SPAN_BYTES];
	size_t i;

	for (i = 0; i < s->n_streams; i++) {
		const struct pk_stream_spec *st = &s->streams[i];
		double ops = stream_ops(s, i), t;
		int line = st->line, col = st->col, upper;

		t = client_time_s(s, i, &upper, why, sizeof(why));
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
			  "the client of stream '%s' %s %s of "
			  "simulated time for its %s operations: %s; above "
			  "pksim's limit of %s s (366 days); raise "
			  "concurrency or ru_budget, lower latency, or send "
			  "fewer operations",
			  st->name, upper ? "can need up to" : "needs at least",
			  fmt_seconds((int64_t)ceil(t), span),
			  fmt_thousands((int64_t)ops, a), why,
			  fmt_thousands(PK_SCENARIO_MAX_SIM_S, b));
		return -1;
	}
	return 0;
}
