/*
 * ddb_change: a phase's change of a provisioned DynamoDB table's read
 * and write capacity units (dynamodb-mechanics.md §3.1, §3.2, §11):
 * a raise the partitions cannot carry splits them (D4), a decrease
 * keeps every partition and shrinks each one's share (D8: never a
 * merge), and a decrease past the day's limit is refused as DynamoDB
 * refuses the UpdateTable (§11: 4 a UTC day, then one more only when
 * none was made in the hour before; 27 at most).
 */
#include <stdint.h>

#include "ddb_state.h"
#include "pksim/base/diag.h"

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

/* Whether a decrease at t_s is allowed; counted when it is */
static int decrease_ok(struct ddb *d, int64_t t_s)
{
	int64_t day = utc_day(d, t_s);

	if (d->dec_last_s == INT64_MIN || day != d->dec_day) {
		d->dec_day = day;
		d->dec_in_day = 0;
	}
	if (d->dec_in_day >= DECREASES_FREE && d->dec_last_s != INT64_MIN &&
	    t_s - d->dec_last_s < HOUR_S) {
		return 0;
	}
	d->dec_in_day++;
	d->dec_last_s = t_s;
	return 1;
}

int ddb_change_capacity(struct ddb *d, const struct pk_phase_spec *ph,
			int64_t t_s, struct pk_diag *diag)
{
	int64_t r = ph->ddb_rcu > 0 ? ph->ddb_rcu : d->rcu;
	int64_t w = ph->ddb_wcu > 0 ? ph->ddb_wcu : d->wcu;
	struct pk_throughput_event e = {0};

	if (r == d->rcu && w == d->wcu) {
		return 0;
	}
	if ((r < d->rcu || w < d->wcu) && !decrease_ok(d, t_s)) {
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
	e.t_s = t_s;
	e.effective_t_s = t_s;
	e.from_ru_per_s = d->rcu + d->wcu;
	e.to_ru_per_s = r + w;
	e.ranges_before = d->layout.n;
	ddb_parts_provision(d, r, w, t_s);
	e.ranges_after = d->layout.n;
	metrics_add_change(&d->m, &e);
	return 0;
}
