/*
 * findings_scaled: an auto-scaled DynamoDB table's month against its run
 * (findings_scaled.h). The run starts from the table's own units and a
 * full burst bank; the month (bill_autoscale.c) replays the workload
 * repeated, each repetition starting from the units the last one left,
 * a minute consuming at most the units held. The minutes whose demand
 * passes those units are throttled on AWS (D19's pace of a rise), so a
 * run that throttled none is not the month's answer.
 */
#include "findings_scaled.h"

#include "findings_ddb.h"
#include "money_scaled.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

int findings_scaled_short_side(const struct pk_result_variant *v)
{
	int k, side = -1;

	if (!v->ddb) {
		return -1;
	}
	for (k = 1; k >= 0; k--) {
		if (money_scaled_short(&v->bill, k) &&
		    (side < 0 ||
		     v->bill.scale_short[k] > v->bill.scale_short[side])) {
			side = k;
		}
	}
	return side;
}

char *findings_scaled_month(const struct pk_result_variant *v)
{
	char buf[640], th[PK_FMT_BYTES];
	size_t n = 0;
	int k;
	uint64_t run = findings_ddb_table_throttles(v);

	if (findings_scaled_short_side(v) < 0) {
		return NULL;
	}
	n = fmt_append(buf, sizeof(buf), n,
		       "auto scaling trails this workload repeated: in its "
		       "month (the money note's replay, each repetition "
		       "starting from the units the last one left) ");
	for (k = 1; k >= 0; k--) {
		if (money_scaled_short(&v->bill, k)) {
			n = fmt_append(
			    buf, sizeof(buf), n, "%s%.1f%% of the %s units",
			    k == 0 && money_scaled_short(&v->bill, 1) ? " and "
								      : "",
			    100.0 * v->bill.scale_short[k],
			    k ? "write" : "read");
		}
	}
	fmt_append(buf, sizeof(buf), n,
		   " the table asks come in minutes past the units it holds "
		   "then, as a quiet stretch lowers the units and a rise "
		   "climbs 1 / target a step, every 2 minutes at best (D19): "
		   "the service throttles those requests in those minutes, "
		   "every repetition (this run, from the table's own starting "
		   "units, throttled %s of its own requests)",
		   run ? fmt_thousands((int64_t)run, th) : "none");
	return xstrdup(buf);
}
