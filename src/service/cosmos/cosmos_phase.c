/*
 * cosmos_phase: what a phase does to a variant's container at its start,
 * before the phase's operations (sim.h's order of events):
 * `throughput_policy: equal`, a new autoscale max or throughput (each
 * checked against the minimum the container has reached then, rule 8),
 * a merge and a redistribution. A refused action is an error at the
 * phase's key, saying what is allowed.
 */
#include <stdio.h>
#include <string.h>

#include "cosmos_int.h"
#include "pksim/base/fmt.h"
#include "pksim/base/units.h"

/* 0 if phase ph may set its throughput on v's container now; else -1
   with the error (rule 8, D-LIMITS: the minimum and why) and the run
   refused. */
static int check_minimum(const struct cosmos_where *w, struct pk_container *c,
			 const struct pk_phase_spec *ph, int64_t start_ms,
			 int64_t want, int line, int col)
{
	enum pk_min_reason why;
	int64_t min = container_min_ru_per_s(c, &why);
	char msg[PK_PROVISION_MIN_MESSAGE_BYTES];
	char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];

	if (want >= min) {
		return 0;
	}
	diag_error(w->diag, w->file, line, col, "%s",
		   provision_min_message(
		       msg, sizeof(msg), ph->name, want, min, why,
		       c->highest_ru_per_s,
		       provision_storage_gb(container_storage(c)),
		       start_ms / PK_MS_PER_S,
		       scenario_variant_suffix(w->name_variant, c->name, vn,
					       sizeof(vn))));
	return -1;
}

/* Phase ph's new autoscale max on v's container at start_ms: refused
   below the minimum autoscale max (rule 8: max(1,000, GB x 10, highest
   max / 10) rounded up to 1,000), refused (-1); else set
   like a manual change (rule 6: splits when max / P passes the per-range
   cap; lowering keeps the partitions) and 0. */
static int set_autoscale_max(const struct cosmos_where *w,
			     struct pk_container *c,
			     const struct pk_phase_spec *ph, int64_t start_ms)
{
	char a[32], b[32], vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];
	int64_t min;

	container_advance(c, start_ms);
	min = provision_min_autoscale_max(container_storage(c),
					  c->highest_ru_per_s, NULL);
	if (ph->autoscale_max_ru_per_s < min) {
		diag_error(
		    w->diag, w->file, ph->autoscale_max_line,
		    ph->autoscale_max_col,
		    "phase '%s' sets autoscale_max %s RU/s, below the "
		    "minimum %s at t=%llds (max(1,000, 10 RU/s per GB "
		    "stored, a tenth of the highest max), rounded up "
		    "to 1,000)%s",
		    ph->name, fmt_thousands(ph->autoscale_max_ru_per_s, a),
		    fmt_thousands(min, b), (long long)(start_ms / PK_MS_PER_S),
		    scenario_variant_suffix(w->name_variant, c->name, vn,
					    sizeof(vn)));
		return -1;
	}
	container_set_throughput(c, start_ms, ph->autoscale_max_ru_per_s);
	return 0;
}

/* The container's RU/s after phase ph's redistribution: the ranges it
   names at their new RU/s, the others at their share (D-REDIST: the total
   becomes the sum). */
static int64_t redistributed_total(const struct pk_container *c,
				   const struct pk_phase_spec *ph)
{
	int64_t total = 0;
	size_t i, k;

	for (i = 0; i < c->pmap.n; i++) {
		int64_t ru = c->pp[i].budget.share_mru / 1000;

		for (k = 0; k < ph->n_redistribute; k++) {
			if (ph->redistribute[k].range_id ==
			    c->pmap.ranges[i].id) {
				ru = ph->redistribute[k].ru_per_s;
			}
		}
		total += ru;
	}
	return total;
}

/* Apply phase ph's redistribution on v's container at start_ms: 0, or
   -1 with the error (an entry naming a range the container does not have
   then, or above 2 x its per-range cap) and -1. */
static int redistribute(const struct cosmos_where *w, struct pk_container *c,
			const struct pk_phase_spec *ph, int64_t start_ms)
{
	const struct pk_redist_spec *e;
	char a[32], b[32], ids[96], vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];
	size_t bad, i, len = 0;

	container_advance(c, start_ms);
	if (check_minimum(w, c, ph, start_ms, redistributed_total(c, ph),
			  ph->redistribute[0].line, ph->redistribute[0].col)) {
		return -1;
	}
	if (container_redistribute(c, start_ms, ph->redistribute,
				   ph->n_redistribute, &bad) == 0) {
		return 0;
	}
	e = &ph->redistribute[bad];
	if (e->ru_per_s > 2 * c->spec.pp_ru_per_s) {
		diag_error(w->diag, w->file, e->line, e->col,
			   "phase '%s' sets range %u to %s RU/s, above twice "
			   "the %s RU/s a physical partition holds%s",
			   ph->name, e->range_id, fmt_thousands(e->ru_per_s, a),
			   fmt_thousands(c->spec.pp_ru_per_s, b),
			   scenario_variant_suffix(w->name_variant, c->name, vn,
						   sizeof(vn)));
	} else {
		/* the ids it has, as many as fit */
		ids[0] = '\0';
		for (i = 0; i < c->pmap.n && len + 16 < sizeof(ids); i++) {
			len = fmt_append(ids, sizeof(ids), len, "%s%u",
					 i ? ", " : "", c->pmap.ranges[i].id);
		}
		if (i < c->pmap.n) {
			fmt_append(ids, sizeof(ids), len, ", ...");
		}
		diag_error(w->diag, w->file, e->line, e->col,
			   "phase '%s' redistributes range %u, but at t=%llds "
			   "the container has no range %u (it has %s)%s",
			   ph->name, e->range_id,
			   (long long)(start_ms / PK_MS_PER_S), e->range_id,
			   ids,
			   scenario_variant_suffix(w->name_variant, c->name, vn,
						   sizeof(vn)));
	}
	return -1;
}

int cosmos_phase_apply(struct pk_container *c, const struct pk_phase_spec *ph,
		       int64_t start, const struct cosmos_where *w)
{
	if (ph->policy_equal) {
		container_set_policy_equal(c, start);
	}
	if (ph->autoscale_max_ru_per_s > 0 &&
	    set_autoscale_max(w, c, ph, start)) {
		return -1;
	}
	if (ph->throughput_ru_per_s > 0) {
		container_advance(c, start);
		if (check_minimum(w, c, ph, start, ph->throughput_ru_per_s,
				  ph->throughput_line, ph->throughput_col)) {
			return -1;
		}
		container_set_throughput(c, start, ph->throughput_ru_per_s);
	}
	if (ph->merge_to > 0) {
		container_merge(c, start, (size_t)ph->merge_to);
	}
	if (ph->n_redistribute > 0 && redistribute(w, c, ph, start)) {
		return -1;
	}
	return 0;
}
