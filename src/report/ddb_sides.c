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
		} else if (v->metrics->n_changes > 0) {
			/* a phase changed the table's units: the run's
			   units a second, summed, are the measure */
			fprintf(
			    out,
			    "    %-22s %.1f%% of the %s provisioned over the "
			    "run (%s at the start)\n",
			    k ? "writes" : "reads", 100.0 * u,
			    k ? "WCU" : "RCU",
			    fmt_thousands(side_units(v, k), a));
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
