/*
 * sim_actions: what a phase does to each variant's container at its
 * start, before the phase's operations (sim.h's order of events):
 * `throughput_policy: equal`, a new autoscale max or throughput (each
 * checked against the minimum the container has reached then, rule 8),
 * a merge and a redistribution. A refused action stops the run with its
 * error at the phase's key. Also the count of a stream's attempts
 * (sim_stream_count), kept out of sim.c's hot path.
 */
#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/run/sim.h"
#include "sim_int.h"

/* 0 if phase ph may set its throughput on v's container now; else -1
   with the error (rule 8, D-LIMITS: the minimum and why) and the run
   stopped. */
static int check_minimum(struct pk_run *run, const struct pk_variant *v,
			 const struct pk_phase_spec *ph, int64_t start_ms,
			 int64_t want, int line, int col)
{
	const struct pk_container *c = v->container;
	enum pk_min_reason why;
	int64_t min = container_min_ru_per_s(c, &why);
	char msg[PK_PROVISION_MIN_MESSAGE_BYTES];
	char vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];

	if (want >= min) {
		return 0;
	}
	diag_error(run->diag, run->sc->file, line, col, "%s",
		   provision_min_message(
		       msg, sizeof(msg), ph->name, want, min, why,
		       c->highest_ru_per_s,
		       provision_storage_gb(container_storage(c)),
		       start_ms / PK_MS_PER_S,
		       scenario_variant_suffix(run->total_variants > 1, c->name,
					       vn, sizeof(vn))));
	run->stopped = 1;
	return -1;
}

/* Phase ph's new autoscale max on v's container at start_ms: refused
   below the minimum autoscale max (rule 8: max(1,000, GB x 10, highest
   max / 10) rounded up to 1,000), with the run stopped (-1); else set
   like a manual change (rule 6: splits when max / P passes the per-range
   cap; lowering keeps the partitions) and 0. */
static int set_autoscale_max(struct pk_run *run, const struct pk_variant *v,
			     const struct pk_phase_spec *ph, int64_t start_ms)
{
	struct pk_container *c = v->container;
	char a[32], b[32], vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];
	int64_t min;

	container_advance(c, start_ms);
	min = provision_min_autoscale_max(container_storage(c),
					  c->highest_ru_per_s, NULL);
	if (ph->autoscale_max_ru_per_s < min) {
		diag_error(
		    run->diag, run->sc->file, ph->autoscale_max_line,
		    ph->autoscale_max_col,
		    "phase '%s' sets autoscale_max %s RU/s, below the "
		    "minimum %s at t=%llds (max(1,000, 10 RU/s per GB "
		    "stored, a tenth of the highest max), rounded up "
		    "to 1,000)%s",
		    ph->name, fmt_thousands(ph->autoscale_max_ru_per_s, a),
		    fmt_thousands(min, b), (long long)(start_ms / PK_MS_PER_S),
		    scenario_variant_suffix(run->total_variants > 1, c->name,
					    vn, sizeof(vn)));
		run->stopped = 1;
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
   then, or above 2 x its per-range cap) and the run stopped. */
static int redistribute(struct pk_run *run, const struct pk_variant *v,
			const struct pk_phase_spec *ph, int64_t start_ms)
{
	const struct pk_container *c = v->container;
	const struct pk_redist_spec *e;
	char a[32], b[32], ids[96], vn[PK_SCENARIO_VARIANT_SUFFIX_BYTES];
	size_t bad, i, len = 0;

	container_advance(v->container, start_ms);
	if (check_minimum(run, v, ph, start_ms, redistributed_total(c, ph),
			  ph->redistribute[0].line, ph->redistribute[0].col)) {
		return -1;
	}
	if (container_redistribute(v->container, start_ms, ph->redistribute,
				   ph->n_redistribute, &bad) == 0) {
		return 0;
	}
	e = &ph->redistribute[bad];
	if (e->ru_per_s > 2 * c->spec.pp_ru_per_s) {
		diag_error(run->diag, run->sc->file, e->line, e->col,
			   "phase '%s' sets range %u to %s RU/s, above twice "
			   "the %s RU/s a physical partition holds%s",
			   ph->name, e->range_id, fmt_thousands(e->ru_per_s, a),
			   fmt_thousands(c->spec.pp_ru_per_s, b),
			   scenario_variant_suffix(run->total_variants > 1,
						   c->name, vn, sizeof(vn)));
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
		diag_error(run->diag, run->sc->file, e->line, e->col,
			   "phase '%s' redistributes range %u, but at t=%llds "
			   "the container has no range %u (it has %s)%s",
			   ph->name, e->range_id,
			   (long long)(start_ms / PK_MS_PER_S), e->range_id,
			   ids,
			   scenario_variant_suffix(run->total_variants > 1,
						   c->name, vn, sizeof(vn)));
	}
	run->stopped = 1;
	return -1;
}

/* 1 if phase ph changes the container at its start */
static int phase_acts(const struct pk_phase_spec *ph)
{
	return ph->throughput_ru_per_s > 0 || ph->n_redistribute > 0 ||
	       ph->merge_to > 0 || ph->policy_equal ||
	       ph->autoscale_max_ru_per_s > 0;
}

void sim_actions_order(struct pk_run *run)
{
	size_t i, j, n = 0;

	for (i = 0; i < run->sc->n_phases; i++) {
		n += phase_acts(&run->sc->phases[i]);
	}
	if (n == 0) {
		return;
	}
	run->actions = xcalloc(n, sizeof(*run->actions));
	/* insertion by start, after those starting at the same ms: a
	   stream's phases are in order already, so a few phases move */
	for (i = 0; i < run->sc->n_phases; i++) {
		int64_t start = workload_phase_start_ms(run->workload, i);

		if (!phase_acts(&run->sc->phases[i])) {
			continue;
		}
		for (j = run->n_actions;
		     j > 0 && workload_phase_start_ms(
				  run->workload, run->actions[j - 1]) > start;
		     j--) {
			run->actions[j] = run->actions[j - 1];
		}
		run->actions[j] = i;
		run->n_actions++;
	}
}

/* Apply the actions of every phase starting at or before t, in time
   order across the streams. */
void sim_phase_actions(struct pk_run *run, struct pk_variant *v, int64_t t_ms)
{
	while (!run->stopped && v->next_action < run->n_actions) {
		size_t idx = run->actions[v->next_action];
		const struct pk_phase_spec *ph = &run->sc->phases[idx];
		int64_t start = workload_phase_start_ms(run->workload, idx);

		if (start > t_ms) {
			break;
		}
		if (ph->policy_equal) {
			container_set_policy_equal(v->container, start);
		}
		if (ph->autoscale_max_ru_per_s > 0 &&
		    set_autoscale_max(run, v, ph, start)) {
			return;
		}
		if (ph->throughput_ru_per_s > 0) {
			container_advance(v->container, start);
			if (check_minimum(
				run, v, ph, start, ph->throughput_ru_per_s,
				ph->throughput_line, ph->throughput_col)) {
				return;
			}
			container_set_throughput(v->container, start,
						 ph->throughput_ru_per_s);
		}
		if (ph->merge_to > 0) {
			container_merge(v->container, start,
					(size_t)ph->merge_to);
		}
		if (ph->n_redistribute > 0 && redistribute(run, v, ph, start)) {
			return;
		}
		v->next_action++;
	}
}

/* Streams: how op's attempt ended, in its stream's figures (out of
   line: a one-stream run never calls it). retrying: a retry was queued. */
void sim_stream_count(struct pk_variant *v, const struct pk_op *op,
		      const struct pk_retry_state *st,
		      const struct pk_outcome *out, int retrying)
{
	struct pk_stream_stats *s =
	    &v->sstats[(size_t)op->stream * PK_STREAM_KINDS + (size_t)op->kind];
	int64_t waited = st->waited_ms + st->gone_waited_ms;

	s->ru_mru += out->charge_mru;
	if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
		/* split as the totals are (container_ops.c) */
		s->throttled_429++;
		s->throttled_3212 +=
		    out->sub_status == PK_SUBSTATUS_BUCKET_EXCEEDED;
		s->throttled_low_429 += v->container->attempt_low != 0;
		if (!retrying) {
			s->failed_429++;
		}
	} else if (out->status >= 200 && out->status < 300) {
		s->succeeded++;
		if (waited > 0) {
			mem_grow((void **)&s->waits, &s->cap_waits,
				 s->n_waits + 1, sizeof(*s->waits));
			s->waits[s->n_waits++] = waited > (int64_t)UINT32_MAX
						     ? UINT32_MAX
						     : (uint32_t)waited;
		}
	} else if (!retrying) {
		s->failed_other++;
	}
}

void sim_pacer_sent(struct pk_pacer *p, int64_t wait_ms)
{
	uint32_t w =
	    wait_ms > (int64_t)UINT32_MAX ? UINT32_MAX : (uint32_t)wait_ms;

	p->first_sends++;
	if (w == 0) {
		return;
	}
	p->wait_total_ms += w;
	if (w > p->wait_max_ms) {
		p->wait_max_ms = w;
	}
	if (p->n_waits == p->cap_waits) {
		mem_grow((void **)&p->waits, &p->cap_waits, p->n_waits + 1,
			 sizeof(*p->waits));
	}
	p->waits[p->n_waits++] = w;
}
