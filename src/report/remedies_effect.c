/*
 * remedies_effect: what a remedy's replay measured, in the words every
 * remedy's sentence shares (remedies_int.h): its 429s and failed
 * operations against the run's, its partitions and splits, and its
 * autoscale bill and month where it has them.
 */
#include "remedies_int.h"

#include <stdio.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/money.h"

/* "RU/s" or "RU/s of autoscale max" after a setting */
const char *remedies_unit(const struct pk_remedies *m)
{
	return m->autoscale ? "RU/s of autoscale max" : "RU/s";
}

/* 1 if remedy x has a replay's figures to show */
int remedies_measured(const struct pk_remedy *x)
{
	return x->status == PK_REMEDY_FOUND || x->status == PK_REMEDY_NOT_FOUND;
}

/* The highest of n hours' bills and their sum (RU/s-hours) */
static int64_t hours_peak(const int64_t *x, size_t n, int64_t *sum)
{
	int64_t top = 0;
	size_t h;

	*sum = 0;
	for (h = 0; x && h < n; h++) {
		*sum += x[h];
		top = x[h] > top ? x[h] : top;
	}
	return top;
}

/* "; billed ..." of an autoscale replay's hours (rules 17, 27) into g
   (cap bytes); "" for manual figures */
static void bill(const struct pk_remedy_figures *f, char *g, size_t cap)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES];
	int64_t cs, ds, cp, dp;

	g[0] = '\0';
	if (f->n_hours == 0) {
		return;
	}
	cp = hours_peak(f->billed_classic, f->n_hours, &cs);
	dp = hours_peak(f->billed_dynamic, f->n_hours, &ds);
	if (f->n_hours == 1) {
		snprintf(g, cap,
			 "; its hour billed at %s RU/s classic (rule 17), %s "
			 "dynamic (rule 27)",
			 fmt_thousands(cp, a), fmt_thousands(dp, b));
		return;
	}
	snprintf(g, cap,
		 "; billed at %s RU/s classic (rule 17), %s dynamic (rule "
		 "27) in its busiest hour, %s and %s RU/s-hours over its %zu "
		 "hours",
		 fmt_thousands(cp, a), fmt_thousands(dp, b),
		 fmt_thousands(cs, c), fmt_thousands(ds, d), f->n_hours);
}

/* "; a month at this workload $86.40, +$28.80 against the run's" of a
   priced replay f into g (cap bytes); "" when not priced */
void remedies_month(const struct pk_remedies *m,
		    const struct pk_remedy_figures *f, char *g, size_t cap)
{
	char a[PK_MONEY_BYTES], b[PK_MONEY_BYTES];
	double d;

	g[0] = '\0';
	if (!f->priced || !m->before.priced) {
		return;
	}
	d = f->month - m->before.month;
	money_fmt(d, f->currency, b);
	snprintf(g, cap,
		 "; %s a month at this workload, %s%s against the run's",
		 money_fmt(f->month, f->currency, a), d >= 0 ? "+" : "", b);
}

/* What a replay's 429s did against the run's: "leave no 429", "still
   rate limit"; from a run without one, "stay without a 429" or "rate
   limit" */
static const char *verdict(const struct pk_remedies *m,
			   const struct pk_remedy_figures *f)
{
	if (m->before.throttled_429 == 0) {
		return f->throttled_429 ? "rate limit" : "stay without a 429";
	}
	return f->throttled_429 ? "still rate limit" : "leave no 429";
}

/* "leave no 429 (1,234 -> 0; failed operations 56 -> 0)" of a
   replay's figures against the run's */
char *remedies_effect(const struct pk_remedies *m,
		      const struct pk_remedy_figures *f)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES],
	    g[256], h[128];

	bill(f, g, sizeof(g));
	remedies_month(m, f, h, sizeof(h));
	return xasprintf("%s (429s %s -> %s; operations failed after "
			 "retries %s -> %s; %zu partition%s after, %zu "
			 "split%s%s%s)",
			 verdict(m, f),
			 fmt_thousands((int64_t)m->before.throttled_429, a),
			 fmt_thousands((int64_t)f->throttled_429, b),
			 fmt_thousands((int64_t)m->before.failed, c),
			 fmt_thousands((int64_t)f->failed, d), f->partitions,
			 f->partitions == 1 ? "" : "s", f->splits,
			 f->splits == 1 ? "" : "s", g, h);
}
