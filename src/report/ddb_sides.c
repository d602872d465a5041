/*
 * ddb_sides: a DynamoDB table's reads and writes apart in the reports
 * (ddb_sides.h).
 */
#include "pksim/report/ddb_sides.h"

#include <stdint.h>
#include <stdio.h>

#include "pksim/base/fmt.h"
#include "pksim/service/snapshot.h"
#include "report_text_int.h"

/* The table's own provisioned units of side write (no index's) */
static int64_t side_units(const struct pk_result_variant *v, int write)
{
	return write ? v->ddb->table_wcu : v->ddb->table_rcu;
}

/* Whether side write's units changed during the run */
static int held_changed(const struct pk_result_variant *v, int write)
{
	struct pk_ddb_held h;

	ddb_sides_held(v, write, &h);
	return h.changed;
}

void ddb_sides_held(const struct pk_result_variant *v, int write,
		    struct pk_ddb_held *out)
{
	const struct pk_metrics *m = v->metrics;
	size_t i;

	out->start = out->end = out->most = side_units(v, write);
	out->changed = 0;
	for (i = 0; i < m->n_changes; i++) {
		int64_t to = m->changes[i].side_to[write != 0];

		if (m->changes[i].effective_t_s < 0) {
			continue;
		}
		out->changed |= to != out->start;
		out->end = to;
		if (to > out->most) {
			out->most = to;
		}
	}
}

double ddb_sides_mean(const struct pk_result_variant *v, int write)
{
	return v->end_s > 0 ? (double)v->ddb->side_cap_mcu[write != 0] /
				  1000.0 / (double)v->end_s
			    : 0.0;
}

const char *ddb_sides_of(const struct pk_result_variant *v, int write,
			 double mean_units, const char *where, char *buf,
			 size_t cap)
{
	const char *u = write ? "WCU" : "RCU";
	struct pk_ddb_held h;
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], e[PK_FMT_BYTES],
	    most[64] = "";

	ddb_sides_held(v, write, &h);
	if (!h.changed) {
		snprintf(buf, cap, "its %s %s %s", fmt_thousands(h.start, a), u,
			 where);
		return buf;
	}
	if (h.most > h.start && h.most > h.end) {
		snprintf(most, sizeof(most), ", %s at most",
			 fmt_thousands(h.most, e));
	}
	snprintf(buf, cap,
		 "the %s it held %s: %s a second on average, %s at the "
		 "run's start, %s at its end%s",
		 u, where, fmt_thousands((int64_t)(mean_units + 0.5), a),
		 fmt_thousands(h.start, b), fmt_thousands(h.end, c), most);
	return buf;
}

/* Side write's units a second at t = 0 (ddb_sides_start) */
static int64_t start_units(const struct pk_result_variant *v, int write)
{
	int64_t mcu;

	if (!v->ddb->on_demand) {
		return side_units(v, write);
	}
	/* even shares (D5) of the first instant limit, each to the
	   milli-unit: n of them make the limit to within n mCU */
	mcu =
	    v->ddb->created_share_mcu[write != 0] * (int64_t)v->created_ranges;
	return (mcu + 500) / 1000;
}

/* "R RCU and W WCU a second" (on demand RRU, WRU) into buf */
static const char *pair(const struct pk_result_variant *v, int64_t r, int64_t w,
			char *buf, size_t cap)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];
	int od = v->ddb->on_demand;

	snprintf(buf, cap, "%s %s and %s %s a second", fmt_thousands(r, a),
		 od ? "RRU" : "RCU", fmt_thousands(w, b), od ? "WRU" : "WCU");
	return buf;
}

const char *ddb_sides_start(const struct pk_result_variant *v, char *buf,
			    size_t cap)
{
	return pair(v, start_units(v, 0), start_units(v, 1), buf, cap);
}

const char *ddb_sides_end(const struct pk_result_variant *v, char *buf,
			  size_t cap)
{
	struct pk_ddb_held r, w;

	if (v->ddb->on_demand) {
		return NULL;
	}
	ddb_sides_held(v, 0, &r);
	ddb_sides_held(v, 1, &w);
	return pair(v, r.end, w.end, buf, cap);
}

void ddb_sides_text(const struct pk_result_variant *v, FILE *out)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[40], b[40], c[40];
	int k;

	fprintf(out,
		"  %-24s %s of %s offered and %s retried, reads and "
		"writes apart:\n",
		"capacity units consumed", text_ru(t->ru_mru, a),
		text_ru(t->offered_mru, b), text_ru(t->retry_mru, c));
	for (k = 0; k < 2; k++) {
		double u = k ? v->write_utilisation : v->read_utilisation;

		if (v->ddb->on_demand) {
			fprintf(out,
				"    %-22s %.1f%% of the on-demand %s instant "
				"limit over the run\n",
				k ? "writes" : "reads", 100.0 * u,
				k ? "write" : "read");
		} else if (held_changed(v, k)) {
			/* a phase or auto scaling changed the table's
			   units: the run's units a second, summed, are
			   the measure */
			char of[PK_DDB_SIDES_BYTES];

			fprintf(out, "    %-22s %.1f%% of %s\n",
				k ? "writes" : "reads", 100.0 * u,
				ddb_sides_of(v, k, ddb_sides_mean(v, k),
					     "over the run", of, sizeof(of)));
		} else {
			fprintf(out,
				"    %-22s %.1f%% of the %s %s provisioned "
				"over the run\n",
				k ? "writes" : "reads", 100.0 * u,
				fmt_thousands(side_units(v, k), a),
				k ? "WCU" : "RCU");
		}
	}
}

const char *ddb_sides_sentence(const struct pk_result_variant *v, char *buf,
			       size_t cap)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	if (v->ddb->on_demand) {
		snprintf(buf, cap,
			 "reads %.1f %% of the on-demand read instant limit, "
			 "writes %.1f %% of the write instant limit over the "
			 "run",
			 100.0 * v->read_utilisation,
			 100.0 * v->write_utilisation);
	} else if (held_changed(v, 0) || held_changed(v, 1)) {
		char r[PK_DDB_SIDES_BYTES], w[PK_DDB_SIDES_BYTES];

		snprintf(buf, cap, "reads %.1f %% of %s, writes %.1f %% of %s",
			 100.0 * v->read_utilisation,
			 ddb_sides_of(v, 0, ddb_sides_mean(v, 0),
				      "over the run", r, sizeof(r)),
			 100.0 * v->write_utilisation,
			 ddb_sides_of(v, 1, ddb_sides_mean(v, 1),
				      "over the run", w, sizeof(w)));
	} else {
		snprintf(buf, cap,
			 "reads %.1f %% of the %s RCU, writes %.1f %% of the "
			 "%s WCU provisioned over the run",
			 100.0 * v->read_utilisation,
			 fmt_thousands(side_units(v, 0), a),
			 100.0 * v->write_utilisation,
			 fmt_thousands(side_units(v, 1), b));
	}
	return buf;
}
