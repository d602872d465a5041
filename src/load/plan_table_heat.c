/*
 * plan_table_heat: the bytes a DynamoDB table keeps, for the memory
 * estimate (plan_memory.c), for each partition-key value a request asks
 * (its heat record, ddb_heat.c, and its value in the on-demand
 * comparison, ddb_demand.c) and for the requests its hot partitions'
 * heat-split watches weigh (ddb_hsplit.c). The table's items and
 * indexes are plan_table_memory.c's; whether a partition can be hot is
 * plan_tables.c's.
 */
#include "loader.h"

#include <math.h>
#include <stdlib.h>

#include "pksim/base/mem.h"

/* The partition-key values variant c's table keeps a heat record and a
   demand value for (ddb_heat.c, ddb_demand.c: both made at a request's
   first attempt): the lps it writes, and under a key of k candidate
   values (a `{random}` part, rule 38) the other k - 1 a read asks by a
   GetItem each, though no item holds them (docs/dynamodb.md): at most
   lps + (k - 1) a read, and at most k for each value written (a read
   asks for a stored item's) */
static double asked_keys(const struct pk_scenario *s,
			 const struct pk_container_spec *c, double lps)
{
	const double k = ld_key_random_values(c->key.template_text);
	double reads = 0;
	size_t i;

	if (!(k > 1)) {
		return lps;
	}
	ld_count_phase_pass();
	for (i = 0; i < s->n_phases; i++) {
		reads +=
		    ld_phase_ops(&s->phases[i]) * s->phases[i].mix[PK_OP_READ];
	}
	return fmin(lps * k, lps + reads * (k - 1));
}

double ld_table_value_bytes(const struct pk_scenario *s,
			    const struct pk_container_spec *c, double lps,
			    double key)
{
	return asked_keys(s, c, lps) * (PK_SCENARIO_DDB_HEAT_BYTES +
					LD_DDB_DEMAND_VALUE_BYTES + 2 * key);
}

/* The most keys one operation of phase p can name on variant c's
   table, each a request a watch weighs: a write's or a read's 1, a
   batch's items, a BatchGetItem's keys; none for a query (its units are
   not weighed) nor for a read under a `{random}` key part (its candidate
   GetItems are weighed by none: ddb_find.c) */
static double op_keys(const struct pk_phase_spec *p,
		      const struct pk_container_spec *c)
{
	const double *m = p->mix;
	double k = 0;

	if (m[PK_OP_CREATE] + m[PK_OP_UPSERT] + m[PK_OP_REPLACE] +
		m[PK_OP_DELETE] >
	    0) {
		k = 1;
	}
	if (m[PK_OP_READ] > 0 &&
	    !(ld_key_random_values(c->key.template_text) > 1)) {
		k = 1;
	}
	if (m[PK_OP_BATCH] > 0) {
		k = fmax(k, (double)p->batch_size);
	}
	if (m[PK_OP_BATCH_GET] > 0) {
		k = fmax(k, (double)p->batch_get_size);
	}
	return k;
}

double ld_table_watch_bytes(const struct pk_scenario *s,
			    const struct pk_container_spec *c)
{
	const struct pk_ddb_table_spec *tb = scenario_variant_table(s, c);
	double all = 0, window = 0, *most;
	size_t i;

	if (!tb || !ld_table_can_heat(s, c)) {
		return 0;
	}
	ld_count_phase_pass();
	most = xcalloc(s->n_streams ? s->n_streams : 1, sizeof(*most));
	for (i = 0; i < s->n_phases; i++) {
		const struct pk_phase_spec *p = &s->phases[i];
		double k = op_keys(p, c), peak = ld_phase_peak(p);
		size_t st = s->n_streams
				? (size_t)(ld_phase_stream(s, i) - s->streams)
				: 0;

		if (p->arrival == PK_ARRIVAL_POISSON) {
			peak += 6 * sqrt(peak) + 6; /* as ld_phase_count */
		}
		all += ld_phase_count(p) * k;
		most[st] = fmax(most[st],
				fmin(ceil(peak), ld_client_send_cap(s, i)) * k);
	}
	for (i = 0; i < s->n_streams; i++) {
		window += most[i];
	}
	free(most);
	window *= (double)tb->heat_window_s;
	return fmin(all, window) * LD_DDB_WATCH_ENTRY_BYTES;
}
