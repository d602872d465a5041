/*
 * sim_actions: when each phase's actions reach each variant's service
 * (pk_service_ops.phase): at the phase's start, before its operations
 * (sim.h's order of events), in time order across the streams. A refused
 * action stops the run with the service's error at the phase's key. Also
 * the count of a stream's attempts (sim_stream_count), kept out of
 * sim.c's hot path.
 */
#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/run/sim.h"
#include "sim_int.h"

/* 1 if phase ph changes the service at its start */
static int phase_acts(const struct pk_phase_spec *ph)
{
	return ph->throughput_ru_per_s > 0 || ph->n_redistribute > 0 ||
	       ph->merge_to > 0 || ph->policy_equal ||
	       ph->autoscale_max_ru_per_s > 0 || ph->ddb_rcu > 0 ||
	       ph->ddb_wcu > 0;
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
   order across the streams (sim_phase_actions, sim_int.h, once some
   are left to apply). */
void sim_phase_actions_due(struct pk_run *run, struct pk_variant *v,
			   int64_t t_ms)
{
	while (!run->stopped && v->next_action < run->n_actions) {
		size_t idx = run->actions[v->next_action];
		const struct pk_phase_spec *ph = &run->sc->phases[idx];
		int64_t start = workload_phase_start_ms(run->workload, idx);

		if (start > t_ms) {
			break;
		}
		if (v->svc->ops->phase(v->svc, ph, start, run->diag)) {
			run->stopped = 1;
			return;
		}
		v->next_action++;
	}
}

/* Streams: how op's attempt ended, in its stream's figures (out of
   line: a one-stream run never calls it). retrying: a retry was queued. */
void sim_stream_count(struct pk_variant *v, const struct pk_op *op,
		      const struct pk_retry_state *st,
		      const struct pk_outcome *out, int retrying, int low)
{
	struct pk_stream_stats *s =
	    &v->sstats[(size_t)op->stream * PK_STREAM_KINDS + (size_t)op->kind];
	int64_t waited = st->waited_ms + st->gone_waited_ms;

	s->ru_mru += out->charge_mru;
	if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
		/* split as the service's totals are: a batch with some
		   items written (out->unprocessed) is no throttle */
		s->throttled_429 += out->unprocessed == 0;
		s->throttled_3212 +=
		    out->sub_status == PK_SUBSTATUS_BUCKET_EXCEEDED;
		s->throttled_low_429 += low != 0;
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
