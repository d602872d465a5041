/*
 * ddb_change: a phase's change of a provisioned DynamoDB table's read
 * and write capacity units (dynamodb-mechanics.md §3.1, §3.2, §11):
 * a raise the partitions cannot carry splits them (D4), a decrease
 * keeps every partition and shrinks each one's share (D8: never a
 * merge), and a decrease past the day's limit is refused as DynamoDB
 * refuses the UpdateTable (§11: 4 a UTC day, then one more only when
 * none was made in the hour before; 27 at most). At the run's end the
 * table's own finding says when a decrease left its partitions diluted
 * and they throttled for it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/diag.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

#define DAY_S 86400
#define HOUR_S 3600
/* decreases a UTC day that need no quiet hour before them (§11) */
#define DECREASES_FREE 4

/* The UTC day of run second t_s */
static int64_t utc_day(const struct ddb *d, int64_t t_s)
{
	int64_t u = d->sc->clock_start_s + t_s;

	return u >= 0 ? u / DAY_S : -((-u + DAY_S - 1) / DAY_S);
}

int ddb_decrease_ok(const struct ddb *d, int64_t *day, int *in_day,
		    int64_t *last_s, int64_t t_s)
{
	int64_t today = utc_day(d, t_s);

	if (*last_s == INT64_MIN || today != *day) {
		*day = today;
		*in_day = 0;
	}
	if (*in_day >= DECREASES_FREE && *last_s != INT64_MIN &&
	    t_s - *last_s < HOUR_S) {
		return 0;
	}
	(*in_day)++;
	*last_s = t_s;
	return 1;
}

/* Whether the table may decrease its units at t_s; counted when it
   may */
static int decrease_ok(struct ddb *d, int64_t t_s)
{
	return ddb_decrease_ok(d, &d->dec_day, &d->dec_in_day, &d->dec_last_s,
			       t_s);
}

/* Key-range throttles so far, reads and writes */
static uint64_t key_range_throttles(const struct ddb *d)
{
	uint64_t n = 0;
	int w;

	for (w = 0; w < 2; w++) {
		int ix = d->reason_ix[w][PK_DDB_THROTTLE_KEY_RANGE - 1];

		n += ix < 0 ? 0 : d->reasons[ix].count;
	}
	return n;
}

/* Before the units become r and w at t_s: the most units the table
   had, and whether its partitions will hold less than a table laid out
   for r and w (D4) would: a decrease that leaves more partitions than
   those units lay out starts a dilution, a raise they can carry again
   ends it */
static void note_dilution(struct ddb *d, int64_t r, int64_t w, int64_t t_s)
{
	size_t after = ddb_layout_raise_count(d->layout.n, (uint64_t)r,
					      (uint64_t)w, d->layout.rule);
	size_t fits = ddb_layout_throughput_count((uint64_t)r, (uint64_t)w);

	d->top_rcu = r > d->top_rcu ? r : d->top_rcu;
	d->top_wcu = w > d->top_wcu ? w : d->top_wcu;
	if (after <= (fits > 0 ? fits : 1)) {
		d->dil_t_s = -1;
	} else if ((r < d->rcu || w < d->wcu) && d->dil_t_s < 0) {
		/* the first decrease that dilutes: a later one (auto
		   scaling lowers in steps) goes on with the same dilution */
		d->dil_t_s = t_s;
		d->dil_before = key_range_throttles(d);
	}
}

int ddb_change_capacity(struct ddb *d, const struct pk_phase_spec *ph,
			int64_t t_s, struct pk_diag *diag)
{
	int64_t r = ph->ddb_rcu > 0 ? ph->ddb_rcu : d->rcu;
	int64_t w = ph->ddb_wcu > 0 ? ph->ddb_wcu : d->wcu;

	if (ddb_change_units(d, r, w, t_s) < 0) {
		diag_error(diag, d->sc->file, ph->ddb_units_line,
			   ph->ddb_units_col,
			   "phase '%s' lowers the table's capacity at t=%llds, "
			   "its decrease %d of the UTC day and %llds after the "
			   "last one; DynamoDB takes 4 decreases a UTC day, "
			   "then one more only when none was made in the hour "
			   "before (27 a day at most, reference §11), and "
			   "refuses this UpdateTable (LimitExceededException): "
			   "lower it at least an hour after the last decrease",
			   ph->name, (long long)t_s, d->dec_in_day + 1,
			   (long long)(t_s - d->dec_last_s));
		return -1;
	}
	return 0;
}

int ddb_change_units(struct ddb *d, int64_t r, int64_t w, int64_t t_s)
{
	struct pk_throughput_event e = {0};

	if (r == d->rcu && w == d->wcu) {
		return 0;
	}
	if ((r < d->rcu || w < d->wcu) && !decrease_ok(d, t_s)) {
		return -1;
	}
	note_dilution(d, r, w, t_s);
	e.t_s = t_s;
	e.effective_t_s = t_s;
	e.from_ru_per_s = d->rcu + d->wcu;
	e.to_ru_per_s = r + w;
	e.side_from[0] = d->rcu;
	e.side_from[1] = d->wcu;
	e.side_to[0] = r;
	e.side_to[1] = w;
	e.ranges_before = d->layout.n;
	ddb_parts_provision(d, r, w, t_s);
	e.ranges_after = d->layout.n;
	metrics_add_change(&d->m, &e);
	return 0;
}

/* units (>= 0) as the reports write them: 800, 6.25, 12,000 */
static const char *units_text(double units, char *buf)
{
	int64_t whole = (int64_t)units;
	size_t n;

	if ((double)whole == units) {
		return fmt_thousands(whole, buf);
	}
	n = (size_t)snprintf(buf, 32, "%.2f", units);
	while (n > 0 && buf[n - 1] == '0') {
		buf[--n] = '\0';
	}
	return buf;
}

void ddb_change_finding(struct ddb *d)
{
	size_t n = d->layout.n;
	size_t fits =
	    ddb_layout_throughput_count((uint64_t)d->rcu, (uint64_t)d->wcu);
	uint64_t since;
	char a[32], b[32], c[32], e[32], f[32], g[32], h[32], k[32], m[32];

	free(d->bill.finding);
	d->bill.finding = NULL;
	since = key_range_throttles(d) - d->dil_before;
	if (d->dil_t_s < 0 || d->t->adaptive == PK_DDB_ADAPTIVE_INSTANT ||
	    since == 0) {
		return;
	}
	fits = fits > 0 ? fits : 1;
	d->bill.finding = xasprintf(
	    "throughput dilution (D8: partitions never merge): the table "
	    "held up to %s RCU + %s WCU and was lowered to %s RCU + %s WCU, "
	    "diluted from t=%llds on, so each of its %zu partitions holds "
	    "%s RCU + %s "
	    "WCU, where the %zu partition%s a table of those units lays out "
	    "would hold %s + %s; since then %s requests were throttled by "
	    "their partition (KeyRangeThroughputExceeded). Adaptive "
	    "capacity (adaptive_capacity: instant, DynamoDB's since 2019) "
	    "lets a partition use the table's unused units up to its cap; "
	    "without it, lower the table less far or spread the busy key "
	    "values",
	    fmt_thousands(d->top_rcu, a), fmt_thousands(d->top_wcu, b),
	    fmt_thousands(d->rcu, c), fmt_thousands(d->wcu, e),
	    (long long)d->dil_t_s, n, units_text((double)d->rcu / (double)n, f),
	    units_text((double)d->wcu / (double)n, g), fits,
	    fits == 1 ? "" : "s", units_text((double)d->rcu / (double)fits, h),
	    units_text((double)d->wcu / (double)fits, k),
	    fmt_thousands((int64_t)since, m));
}
