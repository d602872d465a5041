/*
 * sim_observe: what the run tells its observer (pk_run.obs, observer.h)
 * beyond the closed seconds sim_observe (sim_int.h) reports inline: each
 * closed second's figures, and a logical partition's first 403/1014.
 */
#include "pksim/run/observer.h"

#include "sim_int.h"

void sim_observe_second(void *ctx, const struct pk_metrics *m,
			const struct pk_second *sec,
			const struct pk_sample *samples, size_t n)
{
	const struct pk_variant *v = ctx;

	v->obs->second(v->obs->ctx, v->index, m, sec, samples, n);
}

void sim_observe_attempt(struct pk_run *run, struct pk_variant *v,
			 const struct pk_outcome *out, int64_t t_ms)
{
	const struct pk_sim_observer *o = run->obs;

	char key[PK_OBSERVER_KEY_BYTES];

	if (o->lp_full &&
	    v->svc->ops->first_full(v->svc, out, key, sizeof(key))) {
		o->lp_full(o->ctx, v->index, t_ms, key);
	}
	sim_observe(run, v);
}
