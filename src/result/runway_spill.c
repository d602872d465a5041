/*
 * runway_spill: the requests a range throttles in one slice of the
 * projection that the client's retries send again in the next. The
 * projection serves a slice's requests up to its range's RU/s
 * (runway_grow.c); the service's client retries a throttled request for
 * as long as its retries last (rule 13: the SDK's 9 retries at the
 * retry-after, about a second each, so 9 s; a table's `retry_mode:
 * legacy` 25.55 s, `standard` 3 s, D16), each retry at the next
 * second's start before that second's new requests (rule 12, as the
 * replay's throttle and the second-true walk, runway_secs.c, take
 * them). So the last seconds of a busy slice are stored in the room of
 * the slice after it: a quiet one stores them where the projection
 * would otherwise drop them. Each candidate carries what its range's
 * last slice left unserved within the retries' window (its mix of
 * requests: the candidate's bytes a range RU) into the next, which
 * serves them first, in its first seconds up to the window, at its
 * RU/s in force times the part of it the range served in the slice
 * that threw them (whole writes as the throttle admits them: 90 puts
 * of 11 WCU a second of 1,000), in the room its own requests leave
 * (where they fill it, the retries take the place of as many of them,
 * the range's RU/s serving the same). A write keeps the key it was sent
 * with: under a time key, retries into a new bucket's step are its old
 * bucket's (runway_step.c drops them). Left out: retries that outlast the slice
 * after (a slice shorter than the window passes on only what it throws again),
 * the expiry of the oldest retries while the newer are served (ASSUMPTION: the
 * window's room is reached before they run out, as in a FIFO of requests first
 * sent a second apart), and a table's cap on all its writes together.
 */
#include <math.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/result/result.h"
#include "runway_int.h"

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

double runway_spill_in(struct cand *c, double len, double times, double lim,
		       double spare, double *bytes, double *part)
{
	const struct rw_retry *r = &c->retry;
	const double one = len / times;
	double ru = 0;
	size_t k;

	*bytes = 0;
	if (part) {
		memset(part, 0, PK_MAX_STREAMS * sizeof(*part));
	}
	if (r->ru > 0 && c->retry_s > 0 && len > 0 && lim > 0 && spare > 0) {
		/* each time the last slice came before this one: its
		   leftovers, at most the window's room at its rate */
		ru = fmin(r->ru, r->served * lim * fmin(c->retry_s, one)) *
		     fmin(times, r->times);
		ru = fmin(ru, spare);
		*bytes = ru * r->per_ru;
		for (k = 0; part && k < PK_MAX_STREAMS; k++) {
			part[k] = *bytes * r->part[k];
		}
	}
	memset(&c->retry, 0, sizeof(c->retry));
	return ru;
}

void runway_spill_out(struct cand *c, double len, double times, double ru,
		      double room, double lim, const double *asked, size_t ns)
{
	struct rw_retry *r = &c->retry;
	double all = 0;
	size_t k;

	memset(r, 0, sizeof(*r));
	for (k = 0; k < ns; k++) {
		all += asked[k];
	}
	if (!(c->retry_s > 0) || !(len > 0) || !(ru > room) || !(all > 0) ||
	    !(lim > 0)) {
		return;
	}
	r->ru = fmin((ru - room) / times, ru / len * c->retry_s);
	r->served = fmin(1.0, room / (lim * len));
	r->per_ru = all / ru;
	r->times = times;
	for (k = 0; k < ns; k++) {
		r->part[k] = asked[k] / all;
	}
}
