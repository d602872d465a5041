/*
 * report_fleet: a container's fleet pool (rule 40, D-FLEET, preview) in
 * the text and JSON reports: its settings, what it lent the physical
 * partitions and each wall-clock hour's bill, at the highest RU/s it
 * scaled to, at least its minimum. Nothing without a pool.
 */
#include <stdio.h>

#include "pksim/base/fmt.h"
#include "pksim/base/units.h"
#include "pksim/result/bill.h"
#include "pksim/service/cosmos/spec.h"
#include "pksim/service/metrics.h"
#include "report_fleet.h"
#include "report_json_int.h"
#include "report_text_int.h"

const struct pk_fleet_spec *report_fleet_of(const struct pk_result_variant *v)
{
	if (!v->cosmos || !v->spec || v->spec->fleet.max_ru_per_s == 0) {
		return NULL;
	}
	return &v->spec->fleet;
}

/* mRU as whole RU, rounded up. */
static int64_t whole_ru(int64_t mru)
{
	return (mru + PK_MRU_PER_RU - 1) / PK_MRU_PER_RU;
}

int64_t report_fleet_lent_ru(const struct pk_result_variant *v)
{
	return whole_ru(v->metrics->totals.pool_mru);
}

int64_t report_fleet_peak(const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	int64_t peak = 0;
	size_t h;

	for (h = 0; h < m->n_hours; h++) {
		if (m->hours[h].max_pool_mru > peak) {
			peak = m->hours[h].max_pool_mru;
		}
	}
	return whole_ru(peak);
}

size_t report_fleet_hours(const struct pk_result_variant *v)
{
	return v->metrics->n_hours;
}

int64_t report_fleet_billed(const struct pk_result_variant *v, size_t h)
{
	return bill_pool_ru_per_s(v, h);
}

void text_fleet(const struct pk_result_variant *v, FILE *out)
{
	const struct pk_fleet_spec *f = report_fleet_of(v);
	char a[40], b[40], c[40], d[40];
	size_t h;

	if (!f) {
		return;
	}
	fprintf(out,
		"\nfleet pool (rule 40, preview): %s to %s RU/s; a physical "
		"partition draws at most %s RU/s beyond its own share once "
		"that is used, %s RU/s in all\n",
		fmt_thousands((unsigned long long)f->min_ru_per_s, a),
		fmt_thousands((unsigned long long)f->max_ru_per_s, b),
		fmt_thousands((unsigned long long)f->extra_ru_per_s, c),
		fmt_thousands((unsigned long long)f->cap_ru_per_s, d));
	fprintf(out, "  lent %s RU in all, at most %s RU/s in a second\n",
		fmt_thousands((unsigned long long)report_fleet_lent_ru(v), a),
		fmt_thousands((unsigned long long)report_fleet_peak(v), b));
	fprintf(out,
		"  normalized RU consumption counts against what a partition "
		"may use: its share plus what the pool may lend it, at most "
		"%s RU/s (100%% = that, or a second with a 429); the "
		"remedies replay with the pool, so the RU/s they name are the "
		"container's own, the pool lending on top\n",
		fmt_thousands((unsigned long long)f->cap_ru_per_s, a));
	fprintf(out,
		"  the pool bills each hour at the highest RU/s it "
		"scaled to, at least its minimum (%s)\n",
		v->bill.pooled ? "priced in the money block's fleet pool line"
			       : "priced with pricing: or --prices, at the "
				 "table's fleet_pool row");
	for (h = 0; h < report_fleet_hours(v); h++) {
		fprintf(out, "  hour %zu  %s RU/s\n", h,
			fmt_thousands(
			    (unsigned long long)report_fleet_billed(v, h), a));
	}
}

json_t *report_json_fleet(const struct pk_result_variant *v)
{
	const struct pk_fleet_spec *f = report_fleet_of(v);
	json_t *o, *a;
	size_t h;

	if (!f) {
		return NULL;
	}
	o = json_object();
	json_object_set_new(o, "min_ru_per_s", json_integer(f->min_ru_per_s));
	json_object_set_new(o, "max_ru_per_s", json_integer(f->max_ru_per_s));
	json_object_set_new(o, "extra_ru_per_s_per_partition",
			    json_integer(f->extra_ru_per_s));
	json_object_set_new(o, "partition_cap_ru_per_s",
			    json_integer(f->cap_ru_per_s));
	json_object_set_new(o, "lent_ru",
			    json_integer(report_fleet_lent_ru(v)));
	json_object_set_new(o, "peak_lent_ru_per_s",
			    json_integer(report_fleet_peak(v)));
	a = json_array();
	for (h = 0; h < report_fleet_hours(v); h++) {
		json_array_append_new(a,
				      json_integer(report_fleet_billed(v, h)));
	}
	json_object_set_new(o, "billed_ru_per_s_per_hour", a);
	return o;
}
