/*
 * findings_ddb_short: which of a DynamoDB table's capacity ran short
 * (findings_ddb.h declares it): the side throttled, against its own
 * units (D3: reads and writes never pooled), or on demand the bound that
 * refused the writes or reads (D12: the instant limit, which grows with
 * traffic; the table's configured maximum or its quota, which do not).
 * It reads the table's throttles by reason name, the names D14 gives.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "findings_ddb.h"
#include "pksim/base/fmt.h"
#include "pksim/load/scenario.h"
#include "pksim/report/ddb_sides.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"

/* D3: what one partition serves a second, on demand too */
#define PART_WCU 1000
#define PART_RCU 3000

/* Table v's throttles of side (write), by their reasons' names; those
   of its configured maximum into *max_od, those of the table's quota
   (TableWriteAccountLimitExceeded, D14) into *quota */
static uint64_t side_throttles(const struct pk_result_variant *v, int write,
			       uint64_t *max_od, uint64_t *quota)
{
	uint64_t n = 0;
	size_t i;

	*max_od = *quota = 0;
	for (i = 0; i < v->n_reasons; i++) {
		const char *name = v->reasons[i].name;

		if (!name || !strstr(name, write ? "Write" : "Read")) {
			continue;
		}
		n += v->reasons[i].count;
		if (strstr(name, "MaxOnDemand")) {
			*max_od += v->reasons[i].count;
		}
		if (strncmp(name, "Table", 5) == 0 &&
		    strstr(name, "AccountLimit")) {
			*quota += v->reasons[i].count;
		}
	}
	return n;
}

int findings_ddb_throttled_side(const struct pk_result_variant *v)
{
	uint64_t m, q, r, w;

	if (!v->ddb) {
		return -1;
	}
	r = side_throttles(v, 0, &m, &q);
	w = side_throttles(v, 1, &m, &q);
	if ((r > 0) == (w > 0)) {
		return -1;
	}
	return w > 0;
}

uint64_t findings_ddb_max_only(const struct pk_result_variant *v, int write)
{
	uint64_t max_od, quota, n;

	if (!v->ddb || !v->ddb->on_demand) {
		return 0;
	}
	n = side_throttles(v, write, &max_od, &quota);
	return n > 0 && max_od == n ? n : 0;
}

uint64_t findings_ddb_quota_only(const struct pk_result_variant *v, int write)
{
	uint64_t max_od, quota, n;

	if (!v->ddb || !v->ddb->on_demand) {
		return 0;
	}
	n = side_throttles(v, write, &max_od, &quota);
	return n > 0 && quota == n ? n : 0;
}

const char *findings_ddb_od_bound(const struct pk_result *r,
				  const struct pk_result_variant *v, int write,
				  char *buf, size_t n)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	int64_t max = !t ? 0 : write ? t->max_wru : t->max_rru;
	char a[32];

	if (max > 0 && findings_ddb_max_only(v, write) > 0) {
		snprintf(buf, n,
			 "its configured maximum of %s %s a second "
			 "(max_%s_request_units)",
			 fmt_thousands(max, a), write ? "WRU" : "RRU",
			 write ? "write" : "read");
	} else if (t && findings_ddb_quota_only(v, write) > 0) {
		snprintf(buf, n,
			 "the table's quota of %s %s a second "
			 "(table_quota_units, AccountLimitExceeded)",
			 fmt_thousands(t->quota_units, a),
			 write ? "WRU" : "RRU");
	} else {
		snprintf(buf, n, "its on-demand %s instant limit",
			 write ? "write" : "read");
	}
	return buf;
}

/* What on-demand table t admits of side write in one second at most,
   whatever its traffic: the tightest of a partition's cap (D3: 1,000
   WRU or 3,000 RRU), the table's quota and its configured maximum
   (D12; the instant limit grows, these do not), in words into buf (n
   bytes), and what would let a larger request in into *fix */
static const char *od_never_bound(const struct pk_ddb_table_spec *t, int write,
				  const char **fix, char *buf, size_t n)
{
	int64_t cap = write ? PART_WCU : PART_RCU;
	int64_t max = !t ? 0 : write ? t->max_wru : t->max_rru;
	int64_t quota = t ? t->quota_units : cap;
	char a[32];

	if (max > 0 && max <= quota && max <= cap) {
		snprintf(buf, n,
			 "its configured maximum of %s %s a second, "
			 "max_%s_request_units",
			 fmt_thousands(max, a), write ? "WRU" : "RRU",
			 write ? "write" : "read");
		*fix = "smaller items or a higher maximum";
	} else if (quota < cap) {
		snprintf(buf, n,
			 "the table's quota of %s %s a second, "
			 "table_quota_units",
			 fmt_thousands(quota, a), write ? "WRU" : "RRU");
		*fix = "smaller items or a quota AWS raises";
	} else {
		snprintf(buf, n, "a partition's %s %s a second, D3",
			 fmt_thousands(cap, a), write ? "WRU" : "RRU");
		*fix = "smaller items";
	}
	return buf;
}

/* Side write's units table v held in second t_s: its units at the
   start, then each change's from the second it took effect */
static int64_t ddb_held_at(const struct pk_result_variant *v, int write,
			   int64_t t_s)
{
	const struct pk_metrics *m = v->metrics;
	int64_t u = write ? v->ddb->table_wcu : v->ddb->table_rcu;
	size_t i;

	for (i = 0; i < m->n_changes; i++) {
		if (m->changes[i].effective_t_s >= 0 &&
		    m->changes[i].effective_t_s <= t_s) {
			u = m->changes[i].side_to[write != 0];
		}
	}
	return u;
}

/* Side write of provisioned table v over seconds [w.from_s, w.to_s):
   the units its partitions admitted (their per-second rows) into *used
   and those it held, summed a second, into *held (unit-seconds), and
   whether it held one number of them throughout (*steady, the number);
   0 without per-second rows (a run too long to keep them) */
static int ddb_window_use(const struct pk_result_variant *v, int write,
			  struct alive_window w, double *used, double *held,
			  int64_t *steady)
{
	const struct pk_snapshot_ddb *b = v->ddb;
	int64_t t, u, first = ddb_held_at(v, write, w.from_s);
	size_t i;

	if (!b->part_seconds || b->n_part_seconds == 0) {
		return 0;
	}
	*used = *held = 0;
	*steady = first;
	for (i = 0; i < b->n_part_seconds; i++) {
		const struct pk_ddb_part_time *row = &b->part_seconds[i];

		if (row->t_s >= w.from_s && row->t_s < w.to_s) {
			*used += (double)row->used_mcu[write != 0] / 1000.0;
		}
	}
	for (t = w.from_s; t < w.to_s; t++) {
		u = ddb_held_at(v, write, t);
		*held += (double)u;
		if (u != first) {
			*steady = -1;
		}
	}
	return *held > 0;
}

/* Into buf (n bytes), for a table: which of its units ran short over
   the run, the side throttled (the busier when both or neither were)
   against its own (D3: reads and writes never pooled), "too few WCU
   for this load (the table's writes used 100% of its 1,000 WCU)", or
   on demand the configured maximum that refused them (D12). hot (NULL:
   none) the busiest partition: when its hot seconds leave partitions
   out (ddb_compared), a provisioned table's use is said over those
   seconds, the verdict's, not over the run. Returns buf */
const char *findings_ddb_short_of(const struct pk_result *r, int hot_pct,
				  const struct pk_result_variant *v,
				  const struct pk_result_lineage *hot,
				  char *buf, size_t n)
{
	int side = findings_ddb_throttled_side(v);
	int write =
	    side >= 0 ? side : v->write_utilisation >= v->read_utilisation;
	double u = 100.0 * (write ? v->write_utilisation : v->read_utilisation);
	char of[PK_DDB_SIDES_BYTES], bound[160], a[32], b[32], to[64],
	    from[128];
	struct alive_window w;
	double used, held;
	int64_t steady;
	uint64_t never = v->ddb->never_fit[write];
	uint64_t max_only = findings_ddb_max_only(v, write);
	uint64_t quota_only = findings_ddb_quota_only(v, write);
	const struct pk_ddb_table_spec *t =
	    r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;

	if (never > 0 && !v->ddb->on_demand) {
		/* what a partition may use, as the table is set (D9, D10) */
		snprintf(buf, n,
			 "%llu %s each asked more units than a partition "
			 "can admit in any one second (its share%s%s, at "
			 "most its cap; ASSUMPTION: a request waits for all "
			 "its units, never admitted into debt, which the "
			 "reference leaves open), so they are never "
			 "admitted at any rate: smaller items or a larger "
			 "share, not the average, are what it lacks (the "
			 "table's %s used %.0f%% of %s)",
			 (unsigned long long)never, write ? "writes" : "reads",
			 t && t->adaptive == PK_DDB_ADAPTIVE_OFF
			     ? ""
			     : ", what adaptive capacity lends",
			 t && t->burst == PK_DDB_BURST_OFF
			     ? ""
			     : ", 300 s of it banked",
			 write ? "writes" : "reads", u,
			 ddb_sides_of(v, write, ddb_sides_mean(v, write),
				      "over the run", of, sizeof(of)));
		return buf;
	}
	if (never > 0) {
		/* on demand: the bounds that never grow with traffic */
		const char *fix = "smaller items";

		/* the bound's words and *fix first: an argument's order of
		   evaluation is unspecified */
		od_never_bound(t, write, &fix, bound, sizeof(bound));
		snprintf(buf, n,
			 "%llu %s each asked more units than the table "
			 "admits in any one second (%s; D12), so they are "
			 "never admitted at any rate (ASSUMPTION: a request "
			 "waits for all its units, never admitted into debt, "
			 "which the reference leaves open): %s, not more "
			 "traffic or time, are what it lacks (the table's %s "
			 "used %.0f%% of its bound over the run)",
			 (unsigned long long)never, write ? "writes" : "reads",
			 bound, fix, write ? "writes" : "reads", u);
		return buf;
	}
	if (max_only > 0) {
		snprintf(
		    buf, n,
		    "%s %s refused by %s (D12: the table's own "
		    "setting, not its on-demand instant limit: raise "
		    "or remove it; the table's %s used %.0f%% of it "
		    "over the run)",
		    fmt_thousands(max_only, a), write ? "writes" : "reads",
		    findings_ddb_od_bound(r, v, write, bound, sizeof(bound)),
		    write ? "writes" : "reads", u);
	} else if (quota_only > 0 && t) {
		/* the quota never grows with traffic, as the instant limit
		   does (D12, reference §7): only AWS raises it, on request */
		snprintf(
		    buf, n,
		    "%s %s refused by %s (D12: a quota, not its on-demand "
		    "instant limit: it does not grow with traffic; ask AWS to "
		    "raise it; the table's %s used %.0f%% of it over the run)",
		    fmt_thousands(quota_only, a), write ? "writes" : "reads",
		    findings_ddb_od_bound(r, v, write, bound, sizeof(bound)),
		    write ? "writes" : "reads", u);
	} else if (v->ddb->on_demand) {
		/* an on-demand table has no units to add: its instant limit
		   follows the previous peak (D12); pre-warming raises it
		   (D13) */
		snprintf(buf, n,
			 "its on-demand %s instant limit bounds this load "
			 "(D12: twice the previous peak; the table's %s used "
			 "%.0f%% of it over the run): pre-warm the table "
			 "(%s, D13) or ramp up slower",
			 write ? "write" : "read", write ? "writes" : "reads",
			 u, write ? "warm_write_units" : "warm_read_units");
	} else if (hot && findings_ddb_compared(v, hot_pct, hot, &w) > 0 &&
		   w.from_s < v->end_s &&
		   ddb_window_use(
		       v, write,
		       (struct alive_window){
			   w.from_s, w.to_s < v->end_s ? w.to_s : v->end_s},
		       &used, &held, &steady)) {
		if (w.to_s > v->end_s) {
			w.to_s = v->end_s;
			snprintf(to, sizeof(to), "the end");
		} else {
			snprintf(to, sizeof(to), "t = %s s",
				 fmt_thousands(w.to_s, b));
		}
		snprintf(from, sizeof(from), "from t = %s s to %s",
			 fmt_thousands(w.from_s, a), to);
		if (steady >= 0) {
			snprintf(of, sizeof(of), "its %s %s %s",
				 fmt_thousands(steady, a),
				 write ? "WCU" : "RCU", from);
		} else {
			snprintf(
			    of, sizeof(of),
			    "the %s it held %s: %s a second on average",
			    write ? "WCU" : "RCU", from,
			    fmt_thousands(
				(int64_t)(held / (double)(w.to_s - w.from_s) +
					  0.5),
				a));
		}
		snprintf(buf, n,
			 "too few %s for this load (the table's %s used "
			 "%.0f%% of %s)",
			 write ? "WCU" : "RCU", write ? "writes" : "reads",
			 100.0 * used / held, of);
	} else {
		snprintf(buf, n,
			 "too few %s for this load (the table's %s used "
			 "%.0f%% of %s)",
			 write ? "WCU" : "RCU", write ? "writes" : "reads", u,
			 ddb_sides_of(v, write, ddb_sides_mean(v, write),
				      "over the run", of, sizeof(of)));
	}
	return buf;
}
