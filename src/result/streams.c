/*
 * result streams: a run's figures per stream and operation kind
 * (`streams:`), frozen from the sim's counters
 * (sim.h's pk_stream_stats) with their retry-wait percentiles.
 */
#include "pksim/result/result.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/run/sim.h"
#include "result_int.h"

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* The pct percentile of the waits of succeeded operations: waits
   (sorted, n of them) are those that waited, the other succeeded - n
   waited 0. The ceil(succeeded x pct / 100)-th smallest (at least the
   first), as metrics_wait_percentile ranks; -1 when none succeeded. */
static int64_t percentile(const uint32_t *waits, size_t n, uint64_t succeeded,
			  int pct)
{
	uint64_t rank = (succeeded * (uint64_t)pct + 99) / 100;
	uint64_t zeros = succeeded - n;

	if (succeeded == 0) {
		return -1;
	}
	if (rank < 1) {
		rank = 1;
	}
	if (rank <= zeros) {
		return 0;
	}
	return (int64_t)waits[rank - zeros - 1];
}

/* One kind's (or all kinds') counters into o, with the percentiles of
   waits (n of them, sorted here). */
static void ops_of(const struct pk_stream_stats *s, uint32_t *waits, size_t n,
		   struct pk_result_stream_ops *o)
{
	o->operations = s->operations;
	o->succeeded = s->succeeded;
	o->throttled_429 = s->throttled_429;
	o->throttled_3212 = s->throttled_3212;
	o->throttled_low_429 = s->throttled_low_429;
	o->failed_429 = s->failed_429;
	o->failed_other = s->failed_other;
	o->ru_mru = s->ru_mru;
	o->not_sent = s->not_sent;
	if (n > 1) {
		qsort(waits, n, sizeof(*waits), cmp_u32);
	}
	o->wait_p50_ms = percentile(waits, n, s->succeeded, 50);
	o->wait_p99_ms = percentile(waits, n, s->succeeded, 99);
}

void result_streams_build(const struct pk_scenario *sc,
			  const struct pk_variant *pv,
			  struct pk_result_variant *v)
{
	size_t i, k;

	if (!pv->sstats || !scenario_has_streams(sc)) {
		return;
	}
	v->n_streams = sc->n_streams;
	v->streams_split_429 = scenario_has_buckets(v->spec);
	v->streams = xcalloc(sc->n_streams, sizeof(*v->streams));
	for (i = 0; i < sc->n_streams; i++) {
		struct pk_result_stream *rs = &v->streams[i];
		const struct pk_stream_stats *ks =
		    &pv->sstats[i * PK_STREAM_KINDS];
		struct pk_stream_stats all;
		uint32_t *waits = NULL;
		size_t n = 0, cap = 0;

		memset(&all, 0, sizeof(all));
		rs->name = sc->streams[i].name;
		v->streams_split_429 |= scenario_stream_classes(sc, i);
		for (k = 0; k < PK_STREAM_KINDS; k++) {
			uint32_t *w = NULL;

			if (ks[k].n_waits) {
				w = xcalloc(ks[k].n_waits, sizeof(*w));
				memcpy(w, ks[k].waits,
				       ks[k].n_waits * sizeof(*w));
				mem_grow((void **)&waits, &cap,
					 n + ks[k].n_waits, sizeof(*waits));
				memcpy(waits + n, w,
				       ks[k].n_waits * sizeof(*w));
				n += ks[k].n_waits;
			}
			ops_of(&ks[k], w, ks[k].n_waits, &rs->kind[k]);
			free(w);
			all.operations += ks[k].operations;
			all.succeeded += ks[k].succeeded;
			all.throttled_429 += ks[k].throttled_429;
			all.throttled_3212 += ks[k].throttled_3212;
			all.throttled_low_429 += ks[k].throttled_low_429;
			all.failed_429 += ks[k].failed_429;
			all.failed_other += ks[k].failed_other;
			all.ru_mru += ks[k].ru_mru;
			all.not_sent += ks[k].not_sent;
		}
		ops_of(&all, waits, n, &rs->all);
		free(waits);
	}
}

/* Pacer p's figures into g (struct pk_result_pacing); the run's waits
   are left as they are (sorted in a copy). */
static void pacing_of(const struct pk_pacer *p, struct pk_result_pacing *g)
{
	uint32_t *w;

	if (!sim_pacer_on(p) || p->first_sends == 0) {
		return;
	}
	w = xcalloc(p->n_waits + 1, sizeof(*w));
	if (p->n_waits > 0) { /* none recorded: waits is NULL */
		memcpy(w, p->waits, p->n_waits * sizeof(*w));
	}
	g->paced = 1;
	g->first_ms = p->first_ms;
	g->finish_ms = p->last_answer_ms;
	g->sent = p->first_sends;
	if (p->n_waits > 1) {
		qsort(w, p->n_waits, sizeof(*w), cmp_u32);
	}
	g->wait_p50_ms = percentile(w, p->n_waits, p->first_sends, 50);
	g->wait_p99_ms = percentile(w, p->n_waits, p->first_sends, 99);
	free(w);
	g->wait_max_ms = p->wait_max_ms;
	g->wait_total_ms = p->wait_total_ms;
}

void result_achieved_build(const struct pk_scenario *sc,
			   const struct pk_variant *pv,
			   struct pk_result_variant *v)
{
	size_t i;

	v->first_ms = -1;
	for (i = 0; pv->pacers && i < sc->n_streams; i++) {
		const struct pk_pacer *p = &pv->pacers[i];
		const struct pk_workers *w = &p->workers;
		struct pk_result_stream *rs =
		    i < v->n_streams ? &v->streams[i] : NULL;

		pacing_of(p, rs ? &rs->pacing : &v->pacing);
		if (!w->cap || w->last_ms <= 0 || p->first_ms < 0) {
			continue; /* open loop, or nothing answered */
		}
		if (rs) {
			rs->first_ms = p->first_ms;
			rs->last_answer_ms = w->last_ms;
			rs->answered = w->done;
			rs->succeeded = w->succeeded;
			/* the stream's active span: its first arrival to
			   its last final answer (latency >= 1 ms: > 0) */
			rs->achieved_ops_per_s =
			    (double)w->succeeded * 1000.0 /
			    (double)(w->last_ms - p->first_ms);
		}
		/* the totals: every closed-loop stream's succeeded over the
		   span from the earliest first arrival to the last answer
		   of any (scenarios/README.md) */
		if (w->last_ms > v->last_answer_ms) {
			v->last_answer_ms = w->last_ms;
		}
		if (v->first_ms < 0 || p->first_ms < v->first_ms) {
			v->first_ms = p->first_ms;
		}
		v->answered += w->done;
		v->succeeded += w->succeeded;
	}
	if (v->last_answer_ms > 0) {
		v->achieved_ops_per_s =
		    (double)v->succeeded * 1000.0 /
		    (double)(v->last_answer_ms - v->first_ms);
	}
}
