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
#include <string.h>

#include "pksim/base/fmt.h"
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

/*
 * The simulated time stream i's client needs for its operations, in s.
 * With concurrency C and latency L every operation holds one of C workers
 * for at least L, so at least ops x L / C (a lower bound: retries only
 * add). With ru_budget B the budget is spent in order of sending from
 * each phase's start (or from where the budget stands, if later), each
 * operation at most its phase's costliest charge (ld_worst_op_ru; one
 * charged attempt) in the pacing's whole microseconds: an upper
 * bound, so a run it keeps within the limit ends within it. The larger
 * of the two, *upper 1 when it is the budget's; the why (for the
 * message) into why, cap bytes.
 */
static double client_time_s(const struct pk_scenario *s, size_t i, double ops,
			    int *upper, char *why, size_t cap)
{
	const struct pk_stream_spec *st = &s->streams[i];
	const struct pk_client_spec *c = &st->client;
	double t = 0, tb = 0, start = 0, ranges = ld_ranges_bound(s), w;
	double most = 0;
	char r[PK_FMT_BYTES];
	size_t j;

	why[0] = '\0';
	*upper = 0;
	if (c->concurrency > 0) {
		struct pk_retry_spec rt = ld_stream_retry(s, c);
		double hold = (double)c->latency_ms / 1000.0;
		double retries = 0, waits = 0;

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
			   max_wait in all (a table's retry_mode's own,
			   ld_stream_retry) */
			retries = (double)rt.max_retries;
			waits = (double)rt.max_wait_ms / 1000.0;
			*upper = 1;
			snprintf(why, cap,
				 "concurrency %d with latency %lld ms, an "
				 "operation holding its worker through up to "
				 "%d retries of its 429s and their waits of "
				 "up to %lld ms (the run can be rate "
				 "limited; fewer max_retries shorten it%s)",
				 c->concurrency, (long long)c->latency_ms,
				 rt.max_retries, (long long)rt.max_wait_ms,
				 ld_table_retry_words(s));
		}
		if (ld_gone_retries(s) > 0) {
			/* and through the retries of its 410s, one
			   latency each and their waits, at most
			   PK_THROTTLE_GONE_MAX_WAIT_MS in all */
			size_t len = strlen(why);

			retries += ld_gone_retries(s);
			waits += PK_THROTTLE_GONE_MAX_WAIT_MS / 1000.0;
			*upper = 1;
			snprintf(why + len, cap - len,
				 "; an operation holding its worker through "
				 "up to %.0f retries of its 410s within "
				 "split_gone, %.0f ms apart",
				 ld_gone_retries(s),
				 (double)PK_THROTTLE_GONE_RETRY_MS);
		}
		hold = hold * (1.0 + retries) + waits;
		t = ops * hold / (double)c->concurrency;
	}
	if (!(c->ru_budget_per_s > 0)) {
		return t;
	}
	for (j = 0; j < st->n_phases; j++) {
		const struct pk_phase_spec *p = &s->phases[st->phase_first + j];

		w = ld_worst_op_ru(s, p, ranges);
		most = fmax(most, w);
		tb = fmax(tb, start) + ld_phase_count(p) * budget_s(w, c);
		start += (double)p->duration_ms / 1000.0;
	}
	if (i == 0 && s->items_file && s->items_file->trace) {
		double recs = ld_file_records(s->items_file);
		double nq = ld_file_queries(s->items_file, recs);

		w = worst_file_query_ru(s, s->items_file, ranges);
		most = fmax(most, fmax(w, ld_worst_op_ru(s, NULL, ranges)));
		tb += recs * budget_s(ld_worst_op_ru(s, NULL, ranges), c) +
		      nq * budget_s(w, c);
	}
	if (tb > t) {
		t = tb;
		*upper = 1;
		snprintf(why, cap,
			 "ru_budget %.6g RU/s spent from each phase's start, "
			 "each operation charged at most its phase's "
			 "costliest request under the cost keys (up to %s "
			 "RU)",
			 c->ru_budget_per_s, ld_approx(most, r));
	}
	return t;
}

/* The operations stream i's client sends: its phases', and for the
   first stream a data file's records and the queries among them. */
static double stream_ops(const struct pk_scenario *s, size_t i)
{
	const struct pk_stream_spec *st = &s->streams[i];
	double ops = 0;
	size_t j;

	for (j = 0; j < st->n_phases; j++) {
		ops += ld_phase_count(&s->phases[st->phase_first + j]);
	}
	if (i == 0 && s->items_file && s->items_file->trace) {
		double recs = ld_file_records(s->items_file);

		ops += recs + ld_file_queries(s->items_file, recs);
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

		t = client_time_s(s, i, stream_ops(s, i), &upper, why,
				  sizeof(why));
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

		t = client_time_s(s, i, ops, &upper, why, sizeof(why));
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
