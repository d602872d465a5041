/*
 * report_text_time: the time-ordered sections of the terminal report
 * (report_text.c): throughput changes, actions and splits, autoscale
 * billing, and the timeline.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "report_text_int.h"

#define PK_TEXT_TIMELINE_ROWS                                                  \
	60 /* about this many timeline rows of                                 \
	      busy seconds */

/* Autoscale billing per hour (rule 17, D-AUTO); nothing for manual. */
void text_billing(const struct pk_result_variant *v, FILE *out)
{
	int64_t h;
	char a[40], b[40], d[40];
	int fabric = v->cosmos && v->spec && v->spec->fabric;

	if (!v->autoscale) {
		return;
	}
	fprintf(out,
		"\nautoscale billing, %s mode (classic: highest RU/s "
		"of each hour, at least 0.1 x max; dynamic: the sum of "
		"each partition's highest, each at least 0.1 x max / "
		"P)\n",
		v->autoscale_dynamic ? "dynamic" : "classic");
	if (fabric) {
		fprintf(out, "  Cosmos DB in Fabric bills capacity units: 100 "
			     "RU/s for an hour = 0.067 CU hours (rule 41)\n");
	}
	for (h = 0; h < v->n_hours; h++) {
		fprintf(out, "  hour %lld  %s RU/s (classic %s, dynamic %s)",
			(long long)h, fmt_thousands(v->billed_ru_per_s[h], a),
			fmt_thousands(v->billed_classic[h], b),
			fmt_thousands(v->billed_dynamic[h], d));
		if (fabric) {
			fprintf(out, " = %.3f CU hours",
				fabric_cu_hours(v->billed_ru_per_s[h]));
		}
		fputc('\n', out);
	}
}

/* Amazon DynamoDB's change e in the table's words: its read and write
   units before and after, its partitions */
static void text_ddb_change(const struct pk_throughput_event *e, FILE *out)
{
	char a[40], b[40], c[40], d[40];

	fprintf(out,
		"  t=%llds  %s RCU + %s WCU -> %s RCU + %s WCU, %zu -> %zu "
		"partition%s",
		(long long)e->t_s, fmt_thousands(e->side_from[0], a),
		fmt_thousands(e->side_from[1], b),
		fmt_thousands(e->side_to[0], c),
		fmt_thousands(e->side_to[1], d), e->ranges_before,
		e->ranges_after, e->ranges_after == 1 ? "" : "s");
}

void text_events(const struct pk_result_variant *v, int digits, FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	char a[40], b[40], lo[PK_TEXT_EPK_BYTES], hi[PK_TEXT_EPK_BYTES];
	size_t i, k;

	fprintf(out, "\nthroughput changes\n");
	for (i = 0; i < m->n_changes; i++) {
		const struct pk_throughput_event *e = &m->changes[i];

		if (v->ddb) {
			/* a table's units, each side its own (D3) */
			text_ddb_change(e, out);
		} else {
			fprintf(out,
				"  t=%llds  %s -> %s RU/s, %zu -> %zu physical "
				"partition%s",
				(long long)e->t_s,
				fmt_thousands(
				    (unsigned long long)e->from_ru_per_s, a),
				fmt_thousands(
				    (unsigned long long)e->to_ru_per_s, b),
				e->ranges_before, e->ranges_after,
				e->ranges_after == 1 ? "" : "s");
		}
		if (e->effective_t_s == PK_EFFECTIVE_UNFINISHED) {
			fprintf(out,
				" (the run ended before its splits were "
				"done; they would have been at t=%llds)",
				(long long)e->planned_t_s);
		} else if (e->effective_t_s < 0) {
			fprintf(out, " (cancelled by a later change before "
				     "its splits were done)");
		} else if (e->effective_t_s != e->t_s) {
			fprintf(out,
				" (from t=%llds, once the splits are "
				"done)",
				(long long)e->effective_t_s);
		}
		fputc('\n', out);
	}
	if (m->n_changes == 0) {
		fprintf(out, "  (none)\n");
	}
	if (m->n_actions > 0) {
		fprintf(out, "\nactions\n");
	}
	for (i = 0; i < m->n_actions; i++) {
		fprintf(out, "  t=%llds  %s: %s\n",
			(long long)m->actions[i].t_s,
			metrics_action_name(m->actions[i].kind),
			m->actions[i].detail);
	}
	fprintf(out, "\nsplits\n");
	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *e = &m->splits[i];

		fprintf(out, "  t=%llds  %s %u -> ", (long long)e->t_s,
			v->ddb ? "partition" : "range", e->parent);
		for (k = 0; k < 2; k++) {
			fprintf(out, "%s%u [%s, %s)", k ? " + " : "",
				e->children[k],
				text_epk_cut(e->min[k], digits, lo),
				text_epk_cut(e->max[k], digits, hi));
		}
		fprintf(out, "  (%s)\n", metrics_split_reason(e->reason));
	}
	if (m->n_splits == 0) {
		fprintf(out, "  (none)\n");
	}
}

/* The smallest of these bucket lengths (s) that keeps the timeline
   within PK_TEXT_TIMELINE_ROWS rows of busy seconds (idle stretches take
   one line whatever their length). Up to 300 busy seconds the buckets
   are 5 s, so a 10 s spike takes at least two rows. */
static int64_t bucket_s(int64_t busy)
{
	static const int64_t steps[] = {5,     10,    30,	60,	  300,
					600,   1800,  3600,	3 * 3600, 21600,
					43200, 86400, 7 * 86400};
	size_t i;

	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		if (busy <= steps[i] * PK_TEXT_TIMELINE_ROWS) {
			return steps[i];
		}
	}
	return (busy + PK_TEXT_TIMELINE_ROWS - 1) / PK_TEXT_TIMELINE_ROWS;
}

/* 1 if the record saw a request (first attempt, retry, or an answer) */
static int busy(const struct pk_second *r)
{
	return r->offered_mru || r->retry_mru || r->served_mru ||
	       r->throttled_429 || r->retries;
}

/* One bucket [start, start + b) of records v[i..): its row; returns the
   index of the first record after it. */
static size_t bucket_row(const struct pk_second *v, size_t n, size_t i,
			 int64_t start, int64_t b, int64_t end, FILE *out)
{
	int64_t offered = 0, retried = 0, served = 0, len;
	uint64_t thr = 0;
	double peak = 0;
	char a[40], o[40], rt[40], s[40], t[40];
	size_t j, first = i;

	for (j = i; j < n && v[j].t_s < start + b; j++) {
		offered += v[j].offered_mru;
		retried += v[j].retry_mru;
		served += v[j].served_mru;
		thr += v[j].throttled_429;
		if (v[j].max_normalized > peak) {
			peak = v[j].max_normalized;
		}
	}
	len = (start + b < end ? start + b : end) - start;
	if (len < 1) {
		len = 1;
	}
	if (first >= n) {
		first = n - 1;
	}
	fprintf(out, "  %-10lld %9s %6u %12s %12s %12s %10s %5.0f%%\n",
		(long long)start,
		fmt_thousands((unsigned long long)v[first].ru_per_s, a),
		v[first].ranges, text_ru_col(offered / len, 1, o),
		text_ru_col(retried / len, 1, rt),
		text_ru_col(served / len, 1, s), fmt_thousands(thr, t),
		100.0 * peak);
	return j;
}

void text_timeline(const struct pk_result_variant *rv, FILE *out)
{
	const struct pk_metrics *m = rv->metrics;
	/* per-second records when the run kept them, else per-minute */
	const struct pk_second *v = m->keep_seconds ? m->seconds : m->minutes;
	size_t n = m->keep_seconds ? m->n_seconds : m->n_minutes, i = 0, k;
	int64_t end = rv->end_s, active = 0, b, t = 0;

	for (k = 0; k < n; k++) {
		active += busy(&v[k]) ? v[k].span_s : 0;
	}
	b = bucket_s(active);
	if (!m->keep_seconds && b < 60) {
		b = 60;
	}
	fprintf(out,
		"\ntimeline (per %llds: average %s offered by first "
		"attempts, sent again by retries and served, %s, "
		"highest normalized %s consumption of any %s in any "
		"second; idle stretches on one line)\n",
		(long long)b, rv->cosmos ? "RU/s" : "units a second",
		rv->cosmos ? "429s" : "throttled requests (HTTP 400)",
		rv->cosmos ? "RU" : "unit", rv->ddb ? "partition" : "range");
	fprintf(out, "  %-10s %9s %6s %12s %12s %12s %10s %6s\n", "t",
		rv->cosmos ? "RU/s" : "units/s", rv->ddb ? "parts" : "ranges",
		"offered", "retried", "served",
		rv->cosmos ? "429s" : "throttled", "peak");
	while (t < end && n > 0) {
		int64_t idle_to;

		/* records before the bucket (an idle one that began in an
		   earlier bucket) add nothing */
		while (i < n && v[i].t_s + v[i].span_s <= t) {
			i++;
		}
		for (k = i; k < n && v[k].t_s < t + b && !busy(&v[k]); k++) {
		}
		if (k < n && v[k].t_s < t + b) {
			i = bucket_row(v, n, i, t, b, end, out);
			t += b;
			continue;
		}
		/* no busy second in this bucket: idle up to the bucket of the
		   next busy record, or the end */
		while (k < n && !busy(&v[k])) {
			k++;
		}
		idle_to = k < n ? v[k].t_s / b * b : end;
		if (idle_to - t < 2 * b) {
			i = bucket_row(v, n, i, t, b, end, out);
			t += b;
			continue;
		}
		fprintf(out, "  ... %lld s idle (t = %lld s to %lld s) ...\n",
			(long long)(idle_to - t), (long long)t,
			(long long)idle_to);
		t = idle_to;
	}
}

/* Minute a before b (-1) or after (1): the busier second first, then
   time */
static int busier_minute(const void *a, const void *b)
{
	const struct pk_second *x = *(const struct pk_second *const *)a;
	const struct pk_second *y = *(const struct pk_second *const *)b;

	if (x->peak_served_mru != y->peak_served_mru) {
		return x->peak_served_mru > y->peak_served_mru ? -1 : 1;
	}
	return x->t_s < y->t_s ? -1 : x->t_s > y->t_s;
}

/* Minute a before b in time */
static int earlier_minute(const void *a, const void *b)
{
	const struct pk_second *x = *(const struct pk_second *const *)a;
	const struct pk_second *y = *(const struct pk_second *const *)b;

	return x->t_s < y->t_s ? -1 : x->t_s > y->t_s;
}

size_t text_cw_rows(const struct pk_result_variant *v,
		    const struct pk_second **row)
{
	return text_cw_pick(v->metrics->minutes,
			    v->ddb ? v->metrics->n_minutes : 0, row);
}

size_t text_cw_pick(const struct pk_second *minutes, size_t n,
		    const struct pk_second **row)
{
	size_t i;

	for (i = 0; i < n; i++) {
		row[i] = &minutes[i];
	}
	if (n > PK_TEXT_CW_MINUTES) {
		qsort(row, n, sizeof(*row), busier_minute);
		qsort(row, PK_TEXT_CW_MINUTES, sizeof(*row), earlier_minute);
		n = PK_TEXT_CW_MINUTES;
	}
	return n;
}

void text_cw_cells(const struct pk_second *r, struct text_cw_cells *c)
{
	snprintf(c->t, sizeof(c->t), "%lld", (long long)r->t_s);
	fmt_thousands((r->served_mru + 500) / 1000, c->sum);
	snprintf(c->avg, sizeof(c->avg), "%.1f",
		 (double)r->served_mru / 60000.0);
	fmt_thousands((r->peak_served_mru + 500) / 1000, c->peak);
	fmt_thousands((int64_t)r->throttled_429, c->thr);
	fmt_thousands((int64_t)r->peak_throttled, c->thr_peak);
}

/* Units u (mCU) into c's sum, sum / 60, capacity cap (mCU a second)
   and peak second peak (mCU) */
static void cw_units(struct text_cw_metric *c, const char *name, int64_t u,
		     int64_t cap, int64_t peak)
{
	c->name = name;
	fmt_thousands((u + 500) / 1000, c->sum);
	snprintf(c->avg, sizeof(c->avg), "%.1f", (double)u / 60000.0);
	fmt_thousands((cap + 500) / 1000, c->cap);
	fmt_thousands((peak + 500) / 1000, c->peak);
}

/* Throttles n, at most peak in a second, into c */
static void cw_count(struct text_cw_metric *c, const char *name, uint64_t n,
		     uint64_t peak)
{
	c->name = name;
	fmt_thousands((int64_t)n, c->sum);
	c->avg[0] = c->cap[0] = '\0';
	fmt_thousands((int64_t)peak, c->peak);
}

void text_cw_metrics(const struct pk_second *mi,
		     struct text_cw_metric row[PK_TEXT_CW_METRICS])
{
	cw_units(&row[0], "ConsumedReadCapacityUnits", mi->side_used_mcu[0],
		 mi->side_cap_mcu[0], mi->peak_side_mcu[0]);
	cw_units(&row[1], "ConsumedWriteCapacityUnits", mi->side_used_mcu[1],
		 mi->side_cap_mcu[1], mi->peak_side_mcu[1]);
	cw_count(&row[2], "ReadThrottleEvents", mi->side_throttled[0],
		 mi->peak_side_throttled[0]);
	cw_count(&row[3], "WriteThrottleEvents", mi->side_throttled[1],
		 mi->peak_side_throttled[1]);
	cw_count(&row[4], "ThrottledRequests", mi->throttled_429,
		 mi->peak_throttled);
}

void text_cloudwatch(const struct pk_result_variant *v, FILE *out)
{
	const struct pk_metrics *m = v->metrics;
	const struct pk_second **row;
	size_t i, n;
	int k;

	if (!v->ddb || m->n_minutes == 0) {
		return;
	}
	row = xreallocarray(NULL, m->n_minutes, sizeof(*row));
	n = text_cw_rows(v, row);
	fprintf(out, "\n%s\n", PK_TEXT_CW_TITLE);
	fprintf(out, "  %-8s %-26s %12s %10s %12s %12s\n", "t (s)",
		"metric (CloudWatch)", "sum", "sum / 60", "capacity / s",
		"peak second");
	for (i = 0; i < n; i++) {
		struct text_cw_metric c[PK_TEXT_CW_METRICS];
		char t[24];

		text_cw_metrics(row[i], c);
		snprintf(t, sizeof(t), "%lld", (long long)row[i]->t_s);
		for (k = 0; k < PK_TEXT_CW_METRICS; k++) {
			fprintf(out, "  %-8s %-26s %12s %10s %12s %12s\n",
				k ? "" : t, c[k].name, c[k].sum, c[k].avg,
				c[k].cap, c[k].peak);
		}
	}
	if (m->n_minutes > n) {
		fprintf(out, "  (%s)\n", text_cw_more(n, m->n_minutes));
	}
	fprintf(out, "  (%s)\n", PK_TEXT_CW_MEANING);
	free(row);
}

const char *text_cw_more(size_t shown, size_t n)
{
	static _Thread_local char buf[160];

	snprintf(buf, sizeof(buf),
		 "the %zu of %zu minutes with the busiest seconds; the JSON "
		 "report's per_minute has every one",
		 shown, n);
	return buf;
}
