/*
 * result streams: a run's figures per stream and operation kind
 * (`streams:`, issue 14 section 1), frozen from the sim's counters
 * (sim.h's pk_stream_stats) with their retry-wait percentiles.
 */
#include "pksim/result/result.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/run/sim.h"

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
		v->streams_split_429 |= sc->streams[i].client.priority_low ||
					sc->streams[i].client.throughput_bucket;
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

void result_achieved_build(const struct pk_scenario *sc,
			   const struct pk_variant *pv,
			   struct pk_result_variant *v)
{
	size_t i;

	for (i = 0; pv->pacers && i < sc->n_streams; i++) {
		const struct pk_workers *w = &pv->pacers[i].workers;

		if (!w->cap || w->last_ms <= 0) {
			continue; /* open loop, or nothing answered */
		}
		if (i < v->n_streams) {
			struct pk_result_stream *rs = &v->streams[i];

			rs->last_answer_ms = w->last_ms;
			rs->answered = w->done;
			rs->achieved_ops_per_s =
			    (double)w->done * 1000.0 / (double)w->last_ms;
		}
		/* the totals: every closed-loop stream's answers over the
		   time of the last of them (scenarios/README.md) */
		if (w->last_ms > v->last_answer_ms) {
			v->last_answer_ms = w->last_ms;
		}
		v->answered += w->done;
	}
	if (v->last_answer_ms > 0) {
		v->achieved_ops_per_s =
		    (double)v->answered * 1000.0 / (double)v->last_answer_ms;
	}
}
