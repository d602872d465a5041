/*
 * sim: one pass over the operation stream, retries and phase actions.
 */
#include "pksim/sim.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/mem.h"

#define PK_MS_PER_S 1000

/* ---- retry heap, ordered by (t_ms, seq) ---- */

static int entry_less(const struct pk_retry_entry *a,
		      const struct pk_retry_entry *b)
{
	return a->t_ms < b->t_ms || (a->t_ms == b->t_ms && a->seq < b->seq);
}

static void heap_swap(struct pk_retry_entry *h, size_t i, size_t j)
{
	struct pk_retry_entry t = h[i];

	h[i] = h[j];
	h[j] = t;
}

static void heap_push(struct pk_variant *v, const struct pk_retry_entry *e)
{
	size_t i;

	mem_grow((void **)&v->heap, &v->cap_heap, v->n_heap + 1,
		 sizeof(*v->heap));
	i = v->n_heap++;
	v->heap[i] = *e;
	while (i > 0 && entry_less(&v->heap[i], &v->heap[(i - 1) / 2])) {
		heap_swap(v->heap, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

static void heap_pop(struct pk_variant *v, struct pk_retry_entry *out)
{
	size_t i = 0;

	*out = v->heap[0];
	v->heap[0] = v->heap[--v->n_heap];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;

		if (l < v->n_heap && entry_less(&v->heap[l], &v->heap[m])) {
			m = l;
		}
		if (r < v->n_heap && entry_less(&v->heap[r], &v->heap[m])) {
			m = r;
		}
		if (m == i) {
			break;
		}
		heap_swap(v->heap, i, m);
		i = m;
	}
}

/* ---- one attempt ---- */

static void attempt(struct pk_run *run, struct pk_variant *v,
		    const struct pk_op *op, struct pk_retry_state st,
		    int64_t t_ms)
{
	unsigned char key[PK_EPK_ENCODED_MAX];
	struct pk_request rq;
	struct pk_outcome out;
	struct pk_totals *t = &v->container->metrics.totals;

	rq.t_ms = t_ms;
	rq.kind = op->kind;
	rq.item = op->item;
	rq.size_bytes = op->size_bytes;
	rq.key = key;
	rq.key_len = pkey_encode(v->key, run->workload, op->item, key,
				 sizeof(key));
	container_apply(v->container, &rq, &out);
	if (out.status != PK_HTTP_TOO_MANY_REQUESTS) {
		return;
	}
	if (throttle_should_retry(&run->sc->retry, &st, out.retry_after_ms)) {
		struct pk_retry_entry e;

		e.t_ms = t_ms + out.retry_after_ms;
		e.seq = op->seq;
		e.op = *op;
		e.st = st;
		t->retry_wait_ms += (uint64_t)out.retry_after_ms;
		heap_push(v, &e);
	} else {
		t->failed_after_retries++;
	}
}

/* Apply the throughput change of every phase starting at or before t. */
static void phase_actions(struct pk_run *run, struct pk_variant *v,
			  int64_t t_ms)
{
	while (v->next_phase < run->sc->n_phases) {
		const struct pk_phase_spec *ph =
			&run->sc->phases[v->next_phase];
		int64_t start =
			workload_phase_start_ms(run->workload, v->next_phase);

		if (start > t_ms) {
			break;
		}
		if (ph->throughput_ru_per_s > 0) {
			container_set_throughput(v->container, start,
						 ph->throughput_ru_per_s);
		}
		v->next_phase++;
	}
}

/* Send every retry due before (t_ms, seq). */
static void drain_retries(struct pk_run *run, struct pk_variant *v,
			  int64_t t_ms, uint64_t seq)
{
	while (v->n_heap > 0 &&
	       (v->heap[0].t_ms < t_ms ||
		(v->heap[0].t_ms == t_ms && v->heap[0].seq < seq))) {
		struct pk_retry_entry e;

		heap_pop(v, &e);
		phase_actions(run, v, e.t_ms);
		attempt(run, v, &e.op, e.st, e.t_ms);
	}
}

static void finish(struct pk_run *run, struct pk_variant *v)
{
	int64_t end = workload_phase_start_ms(run->workload,
					      run->sc->n_phases);

	drain_retries(run, v, INT64_MAX, UINT64_MAX);
	phase_actions(run, v, end);
	if (v->container->now_s * PK_MS_PER_S > end) {
		end = v->container->now_s * PK_MS_PER_S;
	}
	/* close the second holding the last event, and every one before */
	end = (end + PK_MS_PER_S - 1) / PK_MS_PER_S * PK_MS_PER_S;
	if (end <= v->container->now_s * PK_MS_PER_S) {
		end = (v->container->now_s + 1) * PK_MS_PER_S;
	}
	container_advance(v->container, end);
	if (end > run->end_ms) {
		run->end_ms = end;
	}
}

static int add_variant(struct pk_run *run, const struct pk_container_spec *cs,
		       struct pk_diag *diag)
{
	struct pk_variant *v;
	struct pk_pkey *key =
		pkey_new(cs->partition_key, run->sc, run->workload, diag);

	if (!key) {
		return -1;
	}
	run->variants = xreallocarray(run->variants, run->n_variants + 1,
				      sizeof(*run->variants));
	v = &run->variants[run->n_variants++];
	memset(v, 0, sizeof(*v));
	v->key = key;
	v->container =
		container_new(cs->partition_key, cs, &run->sc->cost);
	return 0;
}

struct pk_run *sim_run(const struct pk_scenario *sc, uint64_t seed,
		       struct pk_diag *diag)
{
	struct pk_run *run = xcalloc(1, sizeof(*run));
	struct pk_op op;
	size_t i;

	run->sc = sc;
	run->seed = seed;
	run->workload = workload_new(sc, seed);
	if (add_variant(run, &sc->container, diag)) {
		sim_free(run);
		return NULL;
	}
	while (workload_next(run->workload, &op)) {
		for (i = 0; i < run->n_variants; i++) {
			struct pk_variant *v = &run->variants[i];
			struct pk_retry_state st = {0, 0};

			drain_retries(run, v, op.t_ms, op.seq);
			phase_actions(run, v, op.t_ms);
			v->container->metrics.totals.operations++;
			attempt(run, v, &op, st, op.t_ms);
		}
	}
	for (i = 0; i < run->n_variants; i++) {
		finish(run, &run->variants[i]);
	}
	return run;
}

void sim_free(struct pk_run *r)
{
	size_t i;

	if (!r) {
		return;
	}
	for (i = 0; i < r->n_variants; i++) {
		container_free(r->variants[i].container);
		pkey_free(r->variants[i].key);
		free(r->variants[i].heap);
	}
	free(r->variants);
	workload_free(r->workload);
	free(r);
}
