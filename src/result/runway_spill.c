/*
 * runway_spill: the writes a range throttles in one slice of the
 * projection that the client's retries could store in the next, quieter
 * one. The projection serves a slice's writes up to its range's RU/s
 * (runway_grow.c) and drops what that throttles; the service's client
 * retries a throttled write for as long as its retries last (rule 13:
 * the SDK's 9 retries at the retry-after, about a second each, so 9 s;
 * a table's `retry_mode: legacy` 25.55 s, `standard` 3 s, D16), so the
 * last seconds of a busy slice spill into the room a quiet slice after
 * it leaves. Only the second-true walk under time to live follows those
 * retries (runway_secs.c). Here each candidate sums an upper bound of
 * that spill (what its range throttled of its writes in the window
 * before a slice with room, at most what that room takes in the window
 * after) beside what it stores, and a figure whose spill could pass
 * PK_RW_SPILL_MOST of its growth is not given. Both sums are of the
 * steps walked: a step given again from its memo (runway_again.c) adds
 * to neither. Left out: the spill itself (its retries' own count, the
 * order of a second's requests).
 */
#include <math.h>

#include "pksim/load/scenario.h"
#include "pksim/result/result.h"
#include "runway_int.h"

/* The spill, as a part of what the candidate stores, past which the
   figure is not given: below the third digit a figure prints (10.2 h) */
#define PK_RW_SPILL_MOST 0.01

/* Seconds one throttled operation keeps retrying by r: at most its
   max_wait, and its max_retries of the longest wait (the retry-after,
   at most 1 s, or an exponential backoff's cap); 0 when r does not
   retry (loader's plan_retry.c bounds the same) */
static double retry_s(const struct pk_retry_spec *r)
{
	double one = 1.0;

	if (!r->enabled || r->policy == PK_RETRY_NONE) {
		return 0;
	}
	if (r->policy == PK_RETRY_EXPONENTIAL) {
		one = fmax(one, (double)r->cap_ms / 1000.0);
	}
	return fmin((double)r->max_wait_ms / 1000.0,
		    (double)r->max_retries * one);
}

double runway_spill_window(const struct pk_scenario *sc,
			   const struct pk_result_variant *v)
{
	const struct pk_ddb_table_spec *t = scenario_variant_table(sc, v->spec);
	double most = 0;
	size_t i;

	if (t && t->retry_mode == PK_DDB_RETRY_LEGACY) {
		return PK_AWS_LEGACY_WAIT_MS / 1000.0;
	}
	if (t && t->retry_mode == PK_DDB_RETRY_STANDARD) {
		return PK_AWS_STANDARD_WAIT_MS / 1000.0;
	}
	for (i = 0; i < sc->n_streams; i++) {
		most = fmax(most, retry_s(&sc->streams[i].client.retry));
	}
	return most;
}

void runway_spill_slice(struct cand *c, double len, double times, double thrown,
			double spare, double per_ru, double stored)
{
	const double w = c->retry_s, one = times > 1 ? len / times : len;

	c->grown_b += stored;
	if (!(w > 0) || !(len > 0)) {
		return;
	}
	if (spare > 0 && c->thr_bps > 0) {
		/* the throttled bytes of the window before, at most what
		   the room of the window after serves at their RU a byte,
		   each time the slice comes */
		c->spill_b += (times > 1 ? times : 1) *
			      fmin(c->thr_bps * fmin(w, c->thr_s),
				   spare / len * c->thr_per_ru * fmin(w, one));
	}
	c->thr_bps = thrown > 0 ? thrown / len : 0;
	c->thr_s = one;
	c->thr_per_ru = per_ru;
}

void runway_spill_guard(const struct rw_proj *p, const struct cand *named,
			struct pk_runway *rw)
{
	if (!named || p->secs || !(named->grown_b > 0) ||
	    !(named->spill_b > PK_RW_SPILL_MOST * named->grown_b) ||
	    !(rw->kind == PK_RUNWAY_DAYS || rw->kind == PK_RUNWAY_BEYOND ||
	      rw->kind == PK_RUNWAY_LEVELS)) {
		return;
	}
	rw->kind = PK_RUNWAY_UNTESTED;
	rw->retry_spill_s = named->retry_s;
	rw->full_s = -1;
	rw->who[0] = '\0';
	rw->rate_bytes_per_s = 0;
}
