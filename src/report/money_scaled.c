/*
 * money_scaled: an auto-scaled DynamoDB table's month note
 * (money_scaled.h). The month is auto scaling's replay on the workload
 * repeated (bill_autoscale.c); the replay also knows the minutes that
 * ask more than the units held, which a run from the table's own
 * starting units and a full burst bank need not show: a cyclic workload
 * whose first cycle throttled none throttles in every later one.
 */
#include "money_scaled.h"

#include "pksim/base/fmt.h"
#include "pksim/report/money.h"

int money_scaled_short(const struct pk_bill *b, int k)
{
	return b->priced && b->scaled && b->scale_settled &&
	       b->scale_short[k] >= PK_MONEY_SHORT_SHARE;
}

/* The share of each side's units asked past the units held, appended
   to buf at n; returns the new n */
static size_t short_note(const struct pk_bill *b, char *buf, size_t cap,
			 size_t n)
{
	int k;

	for (k = 1; k >= 0; k--) {
		if (!money_scaled_short(b, k)) {
			continue;
		}
		n = fmt_append(
		    buf, cap, n,
		    "; in that month %.1f%% of the %s units the table asks "
		    "come in minutes past the units it holds then (auto "
		    "scaling follows a rise by 1 / target a step, every 2 "
		    "minutes at best, D19; no burst credit counted): those "
		    "%s are throttled in every "
		    "repetition of this workload, whatever the run's own "
		    "start showed",
		    100.0 * b->scale_short[k], k ? "write" : "read",
		    k ? "writes" : "reads");
	}
	return n;
}

size_t money_scaled_note(const struct pk_bill *b, char *buf, size_t cap,
			 size_t n)
{
	const char *cur = b->throughput.pick.row->currency;
	char w[PK_FMT_BYTES], r[PK_FMT_BYTES], m1[PK_MONEY_BYTES],
	    m2[PK_MONEY_BYTES];

	if (!b->scale_settled) {
		return fmt_append(
		    buf, cap, n,
		    "%sauto scaling did not settle with this workload "
		    "repeated back to back: two months of it bill %s and %s, "
		    "and the month is the dearer (docs/money.md)",
		    n ? "; " : "", money_fmt(b->repeated_cost, cur, m1),
		    money_fmt(b->scale_other_cost, cur, m2));
	}
	n = fmt_append(
	    buf, cap, n,
	    "%sauto scaling: the month holds the units it settles at with "
	    "this workload repeated back to back, its state carried from "
	    "one repetition to the next (%s WCU and %s RCU; a minute "
	    "consumes its demand up to the units held), not the run's own "
	    "units (docs/money.md)",
	    n ? "; " : "", fmt_thousands(b->scale_units[1], w),
	    fmt_thousands(b->scale_units[0], r));
	return short_note(b, buf, cap, n);
}
