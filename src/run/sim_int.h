/*
 * sim_int: what the files of the sim module (sim.c, sim_actions.c,
 * sim_ahead.c, sim_variant.c, sim_targets.c, sim_observe.c, preload.c)
 * share and nothing outside them uses. Not a public header.
 */
#ifndef PKSIM_SIM_INT_H
#define PKSIM_SIM_INT_H

#include <math.h>
#include <stdint.h>

#include "pksim/run/sim.h"
#include "pksim/workload/workload.h"

/*
 * Apply the actions of every phase of run's scenario starting at or
 * before t_ms that v has not applied yet (run->actions from
 * v->next_action): policy, autoscale max, throughput, merge,
 * redistribution, in that order. A refused action records its error in
 * run->diag and sets run->stopped. Inline: the run asks before every
 * request it sends, and once v has applied them all (most of a run) the
 * answer is one compare.
 */
void sim_phase_actions_due(struct pk_run *run, struct pk_variant *v,
			   int64_t t_ms);
static inline void sim_phase_actions(struct pk_run *run, struct pk_variant *v,
				     int64_t t_ms)
{
	if (v->next_action < run->n_actions) {
		sim_phase_actions_due(run, v, t_ms);
	}
}

/* run->actions and n_actions from its scenario and workload's phase
   starts (every stream's phases run from t = 0 on their own timeline,
   so their actions interleave by time). */
void sim_actions_order(struct pk_run *run);

/* sim_variant.c: a run was made (sim_runs_peak counts it alive until
   sim_free) */
void sim_count_run(void);

/* sim_variant.c: groups to run the variants of run in (sim_run_opts): 1 unless
   o asks for threads and the stream can be made again (generated items, no
   observer); at most the variants and PK_SIM_MAX_JOBS. */
size_t sim_n_groups(const struct pk_run *run, const struct pk_sim_opts *o);

/* sim_variant.c: add a variant on container spec cs to run (its
   service, draw set and client workers; keep_seconds: every second's
   records kept, metrics.h); -1 with errors in diag when the service
   refuses the variant (a key that does not fit the items). */
int sim_add_variant(struct pk_run *run, const struct pk_container_spec *cs,
		    int keep_seconds, struct pk_diag *diag);

/* Streams (sim_actions.c): how op's attempt (in retry state st) ended,
   in its stream's figures (v->sstats); retrying: a retry was queued;
   low: it was sent Low priority. Out of line: a run of one stream never
   calls it. */
void sim_stream_count(struct pk_variant *v, const struct pk_op *op,
		      const struct pk_retry_state *st,
		      const struct pk_outcome *out, int retrying, int low);

/* Tell the observer (pk_run.obs, observer.h) when v's clock has closed
   more seconds since it last heard. */
static inline void sim_observe(struct pk_run *run, struct pk_variant *v)
{
	const struct pk_sim_observer *o = run->obs;

	int64_t now_s;

	if (o && o->closed &&
	    (now_s = v->svc->ops->now_s(v->svc)) != v->observed_s) {
		v->observed_s = now_s;
		o->closed(o->ctx, v->index, v->svc->ops->metrics(v->svc),
			  v->observed_s);
	}
}

/* sim_observe.c: v's metrics tap (metrics.h) with an observer: each
   closed second. ctx is the variant. */
void sim_observe_second(void *ctx, const struct pk_metrics *m,
			const struct pk_second *sec,
			const struct pk_sample *samples, size_t n);

/* sim_observe.c: after an attempt, with an observer: its logical
   partition's first 403/1014, then the seconds its arrival closed. */
void sim_observe_attempt(struct pk_run *run, struct pk_variant *v,
			 const struct pk_outcome *out, int64_t t_ms);

/* sim_targets.c: op's create, batch or upsert was stored as new (201),
   or its upsert replaced the item holding its (key, id) (out->replaced):
   its items join v's draw set of written items and the replaced one
   leaves it (targets.h). Out of line: a run whose operations need no
   target never calls it. */
void sim_written(struct pk_variant *v, const struct pk_op *op,
		 const struct pk_outcome *out);

/* Whether item k of BATCH op was written by an earlier send: bit k of
   op->batch_done. Only a batch that is not atomic (DynamoDB's
   BatchWriteItem, at most 25 items) sets bits; a batch of more than 32
   items (Azure Cosmos DB's, up to 100) has none past bit 31, and k >= 32
   is never done (a shift of 32 or more is undefined). */
static inline int sim_batch_item_done(const struct pk_op *op, uint32_t k)
{
	return k < 32 && (op->batch_done >> k & 1);
}

/* sim_targets.c: batch op's send answered with some items written and
   the rest unprocessed (out->unprocessed, bit j for the j-th item the
   send held: those of op not in op->batch_done, in order): the items
   written join v's draw set when it keeps one; returns *rest, op with
   them added to its batch_done, to send again or fail. */
const struct pk_op *sim_unprocessed(struct pk_variant *v,
				    const struct pk_op *op,
				    const struct pk_outcome *out,
				    struct pk_op *rest);

/* sim_targets.c: BatchGetItem op's send answered with some keys read
   and the rest not (out->unprocessed 1, out->unread_items): returns
   *rest, op naming the unread keys alone (n_in, in_items, item the
   first), to send again or fail. owned: op's own IN list (a popped
   retry's), which then holds them, else NULL (rest borrows the
   service's list until the retry queue copies it). */
const struct pk_op *sim_unread(const struct pk_op *op,
			       const struct pk_outcome *out, uint64_t *owned,
			       struct pk_op *rest);

/* sim_targets.c: op arrived but is not sent: v has written no item yet
   for it to target (targets.h). In no operation count; counted in
   totals.not_sent_no_target and its stream's not_sent. */
void sim_not_sent(struct pk_variant *v, const struct pk_op *op);

/* sim_targets.c: sim_not_sent for an operation that waited for its
   client's pacing: it was counted as arrived when it queued (operations,
   its stream's operations), and is taken out of those counts again. */
void sim_unqueue_not_sent(struct pk_variant *v, const struct pk_op *op);

/* 1 when op needs a target at its send and v has none to give. */
static inline int sim_no_target(const struct pk_run *run,
				const struct pk_variant *v,
				const struct pk_op *op)
{
	return v->targets && targets_count(v->targets) == 0 &&
	       targets_needed(run->workload, op);
}

/* Pacer p sent an operation a first time after waiting wait_ms (>= 0)
   in the client since its arrival (sim.h's pk_pacer: first_sends, the
   total, the longest and the waits above 0); sim_actions.c. */
void sim_pacer_sent(struct pk_pacer *p, int64_t wait_ms);

/* sim_ahead.c: the stream read up to PK_SIM_AHEAD operations ahead, what
   each one will read asked for from memory before it is applied
   (pk_service_ops.prefetch; see the file). */
#define PK_SIM_AHEAD 16
/* operations read at a time: the services are asked once per chunk
   (pk_service_ops.prefetch takes arrays), an operation's stage 2 two
   chunks after its stage 1, so at least PK_SIM_AHEAD - 3 x
   PK_SIM_AHEAD_CHUNK operations before it is handed out */
#define PK_SIM_AHEAD_CHUNK 4
/* the variants whose targets drawn at the send are guessed ahead */
#define PK_SIM_AHEAD_GUESS 4

struct pk_sim_ahead {
	struct pk_op ring[PK_SIM_AHEAD]; /* read, not yet handed out: n
					    from head, in stream order */
	/* per ring entry and variant: the rank targets_guess gave for the
	   entry's target, PK_ITEM_NONE when none */
	uint64_t guess[PK_SIM_AHEAD][PK_SIM_AHEAD_GUESS];
	int guessing; /* 1: some variant of the first
			 PK_SIM_AHEAD_GUESS prefetches (pk_variant.ahead)
			 and has targets drawn at the send (guess_rank) */
	size_t head, n;
	size_t depth;	  /* how many it reads ahead: PK_SIM_AHEAD when a
			     variant prefetches, else 1 */
	size_t refill_at; /* sim_ahead_next reads (sim_ahead_read) when n
			     is at most this: PK_SIM_AHEAD -
			     PK_SIM_AHEAD_CHUNK, or 0 with depth 1 */
	int more;	  /* 0 once workload_next said the stream is over */
};

/* Start reading run's workload (nothing read yet); its variants'
   services read their requests' items from it (pk_service_ops.bind). */
void sim_ahead_init(struct pk_sim_ahead *a, const struct pk_run *run);

/* sim_ahead_next's reading part: read what the window needs, then hand
   out its first operation (NULL when the stream is over). */
const struct pk_op *sim_ahead_read(struct pk_sim_ahead *a,
				   const struct pk_run *run);

/* The next operation of the stream, as workload_next gives them; NULL
   when the stream is over. Borrowed from a's ring (not copied out): it and its
   in_items stay valid until the next call. Inline: between refills it is
   only handed out. */
static inline const struct pk_op *sim_ahead_next(struct pk_sim_ahead *a,
						 const struct pk_run *run)
{
	const struct pk_op *op;

	if (a->n <= a->refill_at) {
		return sim_ahead_read(a, run);
	}
	/* handed out where it lies, not copied: the next call is the
	   first that may write its place again */
	op = &a->ring[a->head];
	a->head = (a->head + 1) % PK_SIM_AHEAD;
	a->n--;
	return op;
}

/*
 * client.ru_budget R (throughput control) of pacer p: a request of c RU
 * ready to go at from_us (microseconds: its send, or when it waited in
 * the client, its arrival or retry's due time) lets the stream's next one
 * go at max(budget_next, from_us) + c / R (microseconds, rounded up), so
 * the client's RU stay within R each second. A request the budget held
 * is sent at the whole ms at or after budget_next but counts from
 * budget_next itself: counted from its send, every held request would
 * lose the rest of a ms, and R's requests of 1 RU would go one a ms.
 */
static inline void budget_spend(struct pk_pacer *p, int64_t from_us,
				int64_t charge_mru)
{
	int64_t from = from_us;

	if (p->budget_next_us > from) {
		from = p->budget_next_us;
	}
	p->budget_next_us =
	    from + (int64_t)ceil((double)charge_mru * 1000.0 / p->budget_per_s);
}

/* Client pacing per stream (sim.h's pk_pacer). When an operation of pacer p
   arriving (or waiting since) *t_ms can be sent: 0 when every closed-loop
   worker is busy with an unanswered operation, else 1 with *t_ms moved on to
   budget_next rounded up to a whole ms (client.ru_budget) and to the earliest
   free worker (client.concurrency), whichever is later. */
static inline int sim_send_time(const struct pk_pacer *p, int64_t *t_ms)
{
	int64_t ready;

	if (p->budget_per_s > 0) {
		ready = (p->budget_next_us + 999) / 1000;
		if (ready > *t_ms) {
			*t_ms = ready;
		}
	}
	if (p->workers.cap) {
		if (!client_worker_peek(&p->workers, &ready)) {
			return 0;
		}
		if (ready > *t_ms) {
			*t_ms = ready;
		}
	}
	return 1;
}

/* The pacer among v's whose first held retry (pk_pacer.held) goes
   first and is due before (t_ms, seq): at budget_next rounded up to a
   whole ms, *due, *place its operation's place; NULL when none is. */
static inline struct pk_pacer *sim_next_held(const struct pk_run *run,
					     struct pk_variant *v, int64_t t_ms,
					     uint64_t seq, int64_t *due,
					     uint64_t *place)
{
	struct pk_pacer *best = NULL, *p = v->pacers,
			*end = v->pacers + run->sc->n_streams;
	int64_t bd = t_ms;
	uint64_t bq = seq;

	for (; p < end; p++) {
		int64_t d;
		uint64_t q;

		if (retryq_peek(&p->held, &d, &q)) {
			d = (p->budget_next_us + 999) / 1000;
			if (d < bd || (d == bd && q < bq)) {
				best = p;
				bd = d;
				bq = q;
			}
		}
	}
	*due = bd;
	*place = bq;
	return best;
}

/* The pacer among v's (one per stream; v->pacers set)
   whose first waiting operation goes first and is due before (t_ms,
   seq), with *due its send time (sim_send_time) and *place its
   operation's place; NULL when none is. Ties go by place, which follows
   the stream order at one arrival ms. */
static inline struct pk_pacer *sim_next_paced(const struct pk_run *run,
					      struct pk_variant *v,
					      int64_t t_ms, uint64_t seq,
					      int64_t *due, uint64_t *place)
{
	struct pk_pacer *best = NULL, *p = v->pacers,
			*end = v->pacers + run->sc->n_streams;
	int64_t bd = t_ms;
	uint64_t bq = seq;

	/* (bd, bq): the bound, then the best so far; strictly before it */
	for (; p < end; p++) {
		int64_t d;
		uint64_t q;

		if (retryq_peek(&p->paced, &d, &q) && sim_send_time(p, &d) &&
		    (d < bd || (d == bd && q < bq))) {
			best = p;
			bd = d;
			bq = q;
		}
	}
	*due = bd;
	*place = bq;
	return best;
}

#endif
