/*
 * sim: one pass over the operation stream, retries and phase actions.
 */
#include "pksim/run/sim.h"
#include "pksim/base/fmt.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/load/itemprops.h"
#include "pksim/run/client.h"
#include "pksim/run/client_aws.h"
#include "sim_int.h"

/* ---- one attempt ---- */

/* 400 when the item's id breaks the service's rules (D-LIMITS: at most
   1,023 bytes, no '/' or '\\'), else 0. Only read when the scenario's id
   generator could produce such an id (v->check_ids). */
static int bad_id(const struct pk_value *id)
{
	if (id->type != PK_VALUE_STRING || id->len > PK_SIM_MAX_ID_BYTES ||
	    memchr(id->str, '/', id->len) || memchr(id->str, '\\', id->len)) {
		return PK_HTTP_BAD_REQUEST;
	}
	return 0;
}

/* When ids can repeat or break the rules (v->check_ids): the item's id
   into it (for 409 on a repeated (key, id)) and 400 for a bad one. */
static void check_id(const struct pk_run *run, const struct pk_variant *v,
		     enum pk_op_kind kind, char *buf, struct pk_svc_item *it)
{
	struct pk_value id;

	if (!v->check_ids ||
	    workload_value(run->workload, it->item, run->id_prop, &id, buf,
			   PK_VALUE_MAX_BYTES) ||
	    id.type == PK_VALUE_UNDEFINED) {
		/* no id to check: a data-file record without one already
		   got a unique one from the workload (workload.h,
		   PK_WORKLOAD_FILE_ID_FMT), as import tools add a GUID */
		return;
	}
	/* an upsert's new item too (a rewrite's item was stored, so its
	   id passed) */
	if (!it->reject && (kind == PK_OP_CREATE || kind == PK_OP_UPSERT)) {
		it->reject = bad_id(&id);
	}
	if (id.type == PK_VALUE_STRING) {
		it->id = id.str;
		it->id_len = id.len;
	}
}

/* item's id into it (check_id) for a request of kind; idbuf holds the
   id's bytes. The item's ttl is the service's to read (its own rule). */
static inline void item_of(const struct pk_run *run, const struct pk_variant *v,
			   enum pk_op_kind kind, uint64_t item,
			   uint32_t size_bytes, char *idbuf,
			   struct pk_svc_item *it)
{
	it->item = item;
	it->size_bytes = size_bytes;
	it->reject = 0;
	it->id = NULL;
	it->id_len = 0;
	if (kind == PK_OP_CHARGE) {
		/* a replayed log's request: no id, its recorded RU */
		return;
	}
	check_id(run, v, kind, idbuf, it);
}

/* The data time of a write (pk_svc_request.data_ms): its arrival, the
   demand's time, whatever 429 retries followed (a data file replayed by
   its time field: the record's time, fill.c scales it back by
   time_compression), except for a generated write of a stream whose
   client paces (an RU budget or closed-loop workers): that pace is the
   rate the data is written at, so it counts when sent, t_ms (by arrival,
   creates a budget held for 50 s read as 50x their growth). */
static int64_t data_time(const struct pk_run *run, const struct pk_variant *v,
			 const struct pk_op *op, int64_t t_ms)
{
	const struct pk_items_file *f = run->sc->items_file;

	if (f && f->from == PK_FROM_TIME_FIELD) {
		return op->t_ms;
	}
	return v->pacers && sim_pacer_on(&v->pacers[op->stream]) ? t_ms
								 : op->t_ms;
}

/* A BATCH's items into rq (v->batch): each one's number, size at
   creation (so a retry resends the same batch whatever later writes did
   to its items) and id; a resend's items not written yet. */
static void batch_items(struct pk_run *run, struct pk_variant *v,
			const struct pk_op *op, struct pk_svc_request *rq)
{
	uint32_t k, n;

	if (op->batch_n < 1 || op->batch_n > PK_MAX_BATCH_OPS) {
		PK_BUG("sim: batch of %u items", op->batch_n);
	}
	if (!v->batch) {
		v->batch = xcalloc(PK_MAX_BATCH_OPS, sizeof(*v->batch));
		v->batch_ids = xcalloc(PK_MAX_BATCH_OPS, PK_VALUE_MAX_BYTES);
	}
	for (k = 0, n = 0; k < op->batch_n; k++) {
		uint64_t item = op->item + k;

		if (sim_batch_item_done(op, k)) {
			/* written by an earlier send (sim_unprocessed) */
			continue;
		}
		item_of(run, v, PK_OP_CREATE, item,
			workload_item_created_size(run->workload, item),
			v->batch_ids + (size_t)n * PK_VALUE_MAX_BYTES,
			&v->batch[n]);
		n++;
	}
	rq->batch = v->batch;
	rq->batch_n = n;
}

/* A query's figures in v->qstats (when kept). */
static void query_count(struct pk_run *run, struct pk_variant *v,
			const struct pk_op *op, const struct pk_outcome *out)
{
	struct pk_query_stats *qs =
	    &v->qstats[scenario_query_index(run->sc, op->phase, op->query)];

	qs->route = out->route;
	qs->sent++;
	if (out->status == PK_HTTP_TOO_MANY_REQUESTS) {
		/* a query answered in pages: those served before the
		   throttled one are charged */
		qs->throttled_429++;
		qs->ru_mru += out->charge_mru;
	} else if (out->status != PK_HTTP_GONE) {
		qs->served++;
		qs->ranges_visited += out->ranges;
		qs->ru_mru += out->charge_mru;
	}
}

/* 1 when op is sent as Low priority (rules 30, 35). */
static int op_low(const struct pk_run *run, const struct pk_op *op)
{
	const struct pk_phase_spec *ph = &run->sc->phases[op->phase];
	int low, bucket;

	client_request_class(&run->sc->streams[op->stream].client,
			     ph->req_priority, ph->req_bucket, &low, &bucket);
	return low;
}

/* Send op's attempt (retry state st, arrived: its operation arrives now)
   at t_ms to v's service, its answer into *out. */
static inline void send_attempt(struct pk_run *run, struct pk_variant *v,
				const struct pk_op *op,
				const struct pk_retry_state *st, int64_t t_ms,
				int arrived, struct pk_outcome *out)
{
	struct pk_svc_request rq;

	rq.t_ms = t_ms;
	rq.data_ms = data_time(run, v, op, t_ms);
	rq.kind = op->kind;
	rq.phase = op->phase;
	rq.retry = st->retries + st->gone_retries;
	if (rq.retry == 0 && t_ms > v->last_first_ms &&
	    !(v->pacers && sim_pacer_on(&v->pacers[op->stream]))) {
		/* a paced client's span is its pace's work (result.c) */
		v->last_first_ms = t_ms;
	}
	if (v->stream_sent_ms && t_ms > v->stream_sent_ms[op->stream]) {
		/* its stream's latest attempt: the seconds it was served */
		v->stream_sent_ms[op->stream] = t_ms;
	}
	rq.arrived = arrived;
	rq.waited_ms = st->waited_ms + st->gone_waited_ms;
	rq.charge_mru = op->charge_mru;
	rq.low = 0;
	rq.bucket = 0;
	if (run->classes) {
		const struct pk_client_spec *cl =
		    &run->sc->streams[op->stream].client;

		const struct pk_phase_spec *ph = &run->sc->phases[op->phase];

		client_request_class(cl, ph->req_priority, ph->req_bucket,
				     &rq.low, &rq.bucket);
	}
	if (op->kind == PK_OP_QUERY) {
		rq.it.item = op->item;
		rq.query = scenario_query_of(run->sc, op->phase, op->query);
		rq.in_items = op->in_items;
		rq.n_in = op->n_in;
		rq.pages_done = op->pages_done;
		service_query(v->svc, &rq, out);
		if (v->qstats) {
			query_count(run, v, op, out);
		}
		return;
	}
	if (op->kind == PK_OP_BATCH) {
		/* it is the batch's first item (service.h), all its
		   fields set: a service reads its reject flag */
		batch_items(run, v, op, &rq);
		rq.it = rq.batch[0];
	} else {
		/* the id's bytes in v->id_buf, not on the stack: a frame of
		   PK_VALUE_MAX_BYTES kept this function from being inlined
		   into attempt_one */
		item_of(run, v, op->kind, op->item, op->size_bytes, v->id_buf,
			&rq.it);
		if (op->kind == PK_OP_BATCH_GET) {
			rq.in_items = op->in_items;
			rq.n_in = op->n_in;
		}
	}
	service_apply(v->svc, &rq, out);
}

/* op ended failed in the client: the items its writes would have
   stored are not stored (PK_CLIENT_WRITE_FAILED), so a later 404 of one
   is told from one whose write is still waiting; a delete's target is
   still stored, and a target again (targets_kept). */
static void write_failed(struct pk_variant *v, const struct pk_op *op)
{
	uint32_t k;

	if (op->kind == PK_OP_DELETE) {
		targets_kept(v->targets, op->item);
	} else if (op->kind == PK_OP_CREATE || op->kind == PK_OP_UPSERT) {
		service_client(v->svc, PK_CLIENT_WRITE_FAILED,
			       (int64_t)op->item);
	} else if (op->kind == PK_OP_BATCH) {
		for (k = 0; k < op->batch_n; k++) {
			if (!sim_batch_item_done(op, k)) {
				service_client(v->svc, PK_CLIENT_WRITE_FAILED,
					       (int64_t)(op->item + k));
			}
		}
	}
}

/* After a 410/1007: retry a fixed short delay later, or give up
   (client_should_retry_gone). */
static int retry_gone(struct pk_variant *v, const struct pk_op *op,
		      struct pk_retry_state st, int64_t t_ms, uint64_t **owned)
{
	if (!client_should_retry_gone(&st)) {
		service_client(v->svc, PK_CLIENT_GAVE_UP_410, 1);
		write_failed(v, op);
		return 0;
	}
	client_retry_push(&v->retries, op, &st,
			  t_ms + PK_THROTTLE_GONE_RETRY_MS, owned);
	return 1;
}

/* pk_sim_opts.halt_429: 1, the run stopped, when op's stream is one
   whose 429 halts it */
static int halt_at(struct pk_run *run, const struct pk_op *op)
{
	if (run->halt_skip >= 0 && op->stream == (uint32_t)run->halt_skip) {
		return 0;
	}
	run->stopped = 1;
	run->halted = 1;
	return 1;
}

/* After a 429 (a table's throttle) of op in retry state st: 1 and
   *wait_ms when its client retries it, by the table's retry_mode
   (client_aws.h) or else the stream's client: policy (client.h) */
static int retry_throttle(const struct pk_run *run, struct pk_variant *v,
			  const struct pk_op *op, struct pk_retry_state *st,
			  const struct pk_outcome *out, int64_t *wait_ms)
{
	if (v->aws_retry == PK_DDB_RETRY_STANDARD) {
		client_aws_refill(&v->quota, &v->quota_seen,
				  v->svc->ops->metrics(v->svc));
	}
	if (v->aws_retry != PK_DDB_RETRY_CLIENT) {
		return client_aws_retry(v->aws_retry, run->seed, op->seq, st,
					&v->quota, wait_ms);
	}
	return client_retry_429(&run->sc->streams[op->stream].client.retry,
				run->seed, op->seq, st, out->retry_after_ms,
				wait_ms);
}

/*
 * Send op (an attempt in retry state *st_in, read once; arrived: its
 * operation arrives now) at t_ms into *out; queue a retry when the answer
 * and the client's policy call for one. owned: op's IN list when op owns
 * it (a popped retry), else NULL; it is freed unless a retry took it
 * over.
 */
static inline void attempt_one(struct pk_run *run, struct pk_variant *v,
			       const struct pk_op *op,
			       const struct pk_retry_state *st_in, int64_t t_ms,
			       int arrived, uint64_t *owned,
			       struct pk_outcome *out)
{
	/* a closed-loop worker's answer comes latency_ms after the send;
	   its retry waits from then (client.h); each stream's operations
	   are its own workers' (latency 0 without workers) */
	struct pk_pacer *pc = v->pacers ? &v->pacers[op->stream] : NULL;
	int64_t wait, answer_ms = t_ms + (pc ? pc->workers.latency_ms : 0);
	int answered = 1;
	size_t queued = v->sstats ? retryq_len(&v->retries) : 0;
	struct pk_retry_state st = *st_in, st0 = *st_in;
	struct pk_op rest;

	send_attempt(run, v, op, &st, t_ms, arrived, out);
	if (v->targets && (out->status == PK_HTTP_CREATED || out->replaced)) {
		/* a create, batch or upsert stored new items (an upsert of
		   a stored item that finds it expired is one already in the
		   set: targets_written is idempotent); a batch partly
		   written joins its written items in sim_unprocessed */
		sim_written(v, op, out);
	}
	if (pc && pc->budget_per_s > 0) {
		/* a request that waited in the client counts from when it
		   was ready (budget_spend), not from t_ms, budget_next
		   rounded up to a whole ms */
		budget_spend(pc,
			     pc->budget_from_us >= 0 ? pc->budget_from_us
						     : t_ms * 1000,
			     out->charge_mru);
		pc->budget_from_us = -1;
		if (st0.retries == 0 && st0.gone_retries == 0) {
			/* the pace alone: a throttled first attempt
			   spends what it asked */
			int64_t asked = out->charge_mru > 0 ? out->charge_mru
							    : out->asked_mru;

			pc->paced_work_us += (int64_t)ceil(
			    (double)asked * 1000.0 / pc->budget_per_s);
		}
	}
	if (out->status == PK_HTTP_GONE) {
		answered = !retry_gone(v, op, st, answer_ms, &owned);
	} else if (out->status != PK_HTTP_TOO_MANY_REQUESTS) {
		/* answered; a 2xx recorded the client's wait (service); a
		   delete refused otherwise than with a 404 left its item */
		if (op->kind == PK_OP_DELETE &&
		    out->status >= PK_HTTP_BAD_REQUEST &&
		    out->status != PK_HTTP_NOT_FOUND) {
			targets_kept(v->targets, op->item);
		}
	} else if (run->halt_429 && halt_at(run, op)) {
		/* the run stops here: nothing after this 429 is sent */
	} else {
		if (out->unprocessed && op->kind == PK_OP_BATCH_GET) {
			/* some of its keys were read: the rest is what its
			   client sends again */
			op = sim_unread(op, out, owned, &rest);
		} else if (out->unprocessed) {
			/* some of a batch's items were written: the rest
			   is what its client sends again (sim_targets.c) */
			op = sim_unprocessed(v, op, out, &rest);
		} else if (op->kind == PK_OP_QUERY &&
			   out->pages_done > op->pages_done) {
			/* a query's pages served up to the throttled one:
			   its client sends the rest from there, the
			   throttled page a new request whose retries are
			   its own (an SDK counts each request's) */
			rest = *op;
			rest.pages_done = out->pages_done;
			op = &rest;
			st.retries = 0;
		}
		if (retry_throttle(run, v, op, &st, out, &wait)) {
			service_client(v->svc, PK_CLIENT_RETRY_WAIT, wait);
			client_retry_push(&v->retries, op, &st,
					  answer_ms + wait, &owned);
			answered = 0;
		} else {
			service_client(v->svc, PK_CLIENT_GAVE_UP_429, 1);
			write_failed(v, op);
		}
	}
	if (v->sstats) {
		sim_stream_count(v, op, &st0, out,
				 retryq_len(&v->retries) > queued,
				 run->classes && op_low(run, op));
	}
	if (answered && pc) {
		if (answer_ms > pc->last_answer_ms) {
			pc->last_answer_ms = answer_ms;
		}
		if (pc->workers.cap) {
			client_worker_done(&pc->workers, t_ms,
					   out->status >= 200 &&
					       out->status < 300);
		}
	}
	if (owned) {
		free(owned);
	}
}

/* One attempt; watched: the run has an observer (run->obs), read once
   by the caller's loop so the unwatched hot path pays one test. */
static inline void attempt(struct pk_run *run, struct pk_variant *v,
			   const struct pk_op *op,
			   const struct pk_retry_state *st, int64_t t_ms,
			   int arrived, uint64_t *owned, int watched)
{
	struct pk_outcome out;

	attempt_one(run, v, op, st, t_ms, arrived, owned, &out);
	if (watched) {
		sim_observe_attempt(run, v, &out, t_ms);
	}
}

/*
 * client.ru_budget: a retry waits for its stream's budget as a first
 * attempt does (the SDKs' throughput control governs every request the
 * client sends): a retry e due before budget_next (rounded up to a whole
 * ms), or while other retries of its stream wait for the budget, joins
 * the stream's held retries behind them (drain_paced sends the first at
 * that ms) and 1 is returned; else 0. So a budgeted stream's RU in any
 * second stay within its budget plus one request's charge, 429s (0 RU)
 * or not, and a queue of held retries costs one look a send, not one
 * per waiting retry each ms.
 */
static int budget_defer(struct pk_variant *v, const struct pk_retry_entry *e)
{
	struct pk_pacer *p;
	int64_t ready;

	if (!v->pacers) {
		return 0;
	}
	p = &v->pacers[e->op.stream];
	if (p->budget_per_s <= 0) {
		return 0;
	}
	ready = (p->budget_next_us + 999) / 1000;
	if (ready <= e->t_ms && retryq_len(&p->held) == 0) {
		return 0;
	}
	retryq_push(&p->held, e);
	return 1;
}

/* Send every retry due before (t_ms, seq). */
static void drain_retries(struct pk_run *run, struct pk_variant *v,
			  int64_t t_ms, uint64_t seq)
{
	int64_t due;
	uint64_t place;

	while (!run->stopped && retryq_peek(&v->retries, &due, &place) &&
	       (due < t_ms || (due == t_ms && place < seq))) {
		struct pk_retry_entry buf;
		/* nothing pops v->retries until the loop's next turn, so e
		   stays put through the attempt (retryq_take) */
		const struct pk_retry_entry *e = retryq_take(&v->retries, &buf);

		if (budget_defer(v, e)) {
			continue;
		}
		sim_phase_actions(run, v, e->t_ms);
		sim_observe(run, v);
		attempt(run, v, &e->op, &e->st, e->t_ms, 0,
			e->op.n_in > 0 ? (uint64_t *)e->op.in_items : NULL,
			run->obs != NULL);
	}
}

/* Send pacer h's first held retry at due_ms, the budget's ms. */
static void send_held(struct pk_run *run, struct pk_variant *v,
		      struct pk_pacer *h, int64_t due_ms)
{
	struct pk_retry_entry e;

	retryq_pop(&h->held, &e);
	sim_phase_actions(run, v, due_ms);
	sim_observe(run, v);
	/* due before budget_next: it counts from budget_next */
	h->budget_from_us = 0;
	attempt(run, v, &e.op, &e.st, due_ms, 0,
		e.op.n_in > 0 ? (uint64_t *)e.op.in_items : NULL,
		run->obs != NULL);
}

/*
 * client.ru_budget and client.concurrency: send every retry and every
 * operation waiting for its stream's budget or a worker due before
 * (t_ms, seq), in time order. A stream's first waiting operation goes at
 * its arrival or at the stream's budget_next rounded up to a whole ms,
 * whichever is later; a retry due at the same ms goes first, then the
 * retries held for the budget, then the first attempts.
 */
static void drain_paced(struct pk_run *run, struct pk_variant *v, int64_t t_ms,
			uint64_t seq)
{
	for (;;) {
		int64_t due, pdue = 0, hdue = 0;
		uint64_t place, pplace = 0, hplace = 0;
		int have_r;
		struct pk_pacer *p, *h;
		struct pk_retry_entry e;

		if (run->stopped) {
			return;
		}
		have_r = retryq_peek(&v->retries, &due, &place) &&
			 (due < t_ms || (due == t_ms && place < seq));
		p = sim_next_paced(run, v, t_ms, seq, &pdue, &pplace);
		h = sim_next_held(run, v, t_ms, seq, &hdue, &hplace);
		if (have_r && (!p || due <= pdue) && (!h || due <= hdue)) {
			drain_retries(run, v, due, place + 1);
			continue;
		}
		if (h && (!p || hdue <= pdue)) {
			send_held(run, v, h, hdue);
			continue;
		}
		if (!p) {
			return;
		}
		retryq_pop(&p->paced, &e);
		if (v->targets && targets_needed(run->workload, &e.op) &&
		    !targets_pick(v->targets, &e.op)) {
			sim_unqueue_not_sent(v, &e.op);
			continue;
		}
		if (p->workers.cap) {
			client_worker_take(&p->workers);
		}
		sim_pacer_sent(p, pdue - e.op.t_ms);
		sim_phase_actions(run, v, pdue);
		sim_observe(run, v);
		p->budget_from_us = e.op.t_ms * 1000;
		/* a queued first attempt owns no IN list: its target and list
		   were drawn just now, into v->targets' buffer */
		attempt(run, v, &e.op, &e.st, pdue, 0, NULL, run->obs != NULL);
	}
}

/* client.ru_budget and client.concurrency: what is due before op goes
   out; 1 when op must wait for budget or a worker (queued behind the
   others waiting, counted as arrived); 0 when it goes now (taking a
   worker). */
static int budget_wait(struct pk_run *run, struct pk_variant *v,
		       const struct pk_op *op)
{
	uint64_t *owned = NULL;
	int64_t go = op->t_ms;
	struct pk_pacer *p = &v->pacers[op->stream];

	drain_paced(run, v, op->t_ms, op->seq);
	if (run->stopped || !sim_pacer_on(p)) {
		return 0; /* an open-loop stream sends at arrival */
	}
	if (p->first_ms < 0) {
		p->first_ms = op->t_ms;
	}
	if (retryq_len(&p->paced) == 0 && sim_send_time(p, &go) &&
	    go == op->t_ms) {
		if (sim_no_target(run, v, op)) {
			/* run_group counts it not sent; no worker taken */
			return 0;
		}
		if (p->workers.cap) {
			client_worker_take(&p->workers);
		}
		p->first_sends++; /* waited 0 */
		return 0;
	}
	sim_phase_actions(run, v, op->t_ms);
	service_client(v->svc, PK_CLIENT_ARRIVED, 1);
	if (v->sstats) {
		v->sstats[(size_t)op->stream * PK_STREAM_KINDS +
			  (size_t)op->kind]
		    .operations++;
	}
	client_retry_push(&p->paced, op, &(struct pk_retry_state){0, 0, 0, 0},
			  op->t_ms, &owned);
	return 1;
}

/*
 * After the stream: send every retry (and paced waiting operation) left,
 * a simulated second at a time from the next one due, telling o's
 * progress (when o has one) after each. Each step sends what is due
 * strictly before its bound, in the order one drain to the end would.
 */
static void drain_all(struct pk_run *run, struct pk_variant *v,
		      const struct pk_sim_opts *o, int64_t total, uint64_t ops)
{
	const enum pk_sim_stage stage =
	    run->paced ? PK_SIM_DRAIN_WAITING : PK_SIM_DRAIN_RETRIES;

	while (!run->stopped) {
		int64_t due, pdue;
		uint64_t place, pplace;
		int have = retryq_peek(&v->retries, &due, &place);

		if (run->paced &&
		    sim_next_paced(run, v, INT64_MAX, UINT64_MAX, &pdue,
				   &pplace) &&
		    (!have || pdue < due)) {
			due = pdue;
			have = 1;
		}
		if (run->paced &&
		    sim_next_held(run, v, INT64_MAX, UINT64_MAX, &pdue,
				  &pplace) &&
		    (!have || pdue < due)) {
			due = pdue;
			have = 1;
		}
		if (!have || due > INT64_MAX - PK_MS_PER_S) {
			break;
		}
		due += PK_MS_PER_S;
		if (run->paced) {
			drain_paced(run, v, due, 0);
		} else {
			drain_retries(run, v, due, 0);
		}
		if (o && o->progress) {
			o->progress(o->progress_ctx, due, total, ops, stage);
		}
	}
	if (run->paced) {
		drain_paced(run, v, INT64_MAX, UINT64_MAX);
	}
	drain_retries(run, v, INT64_MAX, UINT64_MAX);
}

static void finish(struct pk_run *run, struct pk_variant *v,
		   const struct pk_sim_opts *o, uint64_t ops)
{
	int64_t end = workload_phase_start_ms(run->workload, run->sc->n_phases);

	drain_all(run, v, o, end, ops);
	sim_phase_actions(run, v, end);
	/* the second holding the last event closes, and every one before */
	end = v->svc->ops->end(v->svc, end);
	sim_observe(run, v);
	if (end > run->end_ms) {
		run->end_ms = end;
	}
	/* drained: its memory leaves before the report is built, so the
	   memory estimate's retries are never held beside the report's
	   storage runway or the remedy replays (cli_estimate.c) */
	if (retryq_len(&v->retries) == 0) {
		retryq_free(&v->retries);
	}
}

/* One thread's share of the variants: a copy of the run whose variants
   are variants[first .. first + n - 1] of the whole run, over its own
   operation stream, with its own diagnostics. */
struct pk_group {
	struct pk_run run; /* shallow copy; workload, diag own */
	size_t first;	   /* index of its first variant */
	struct pk_diag diag;
	uint64_t stop_seq;		/* where it stopped: the operation (or
					   UINT64_MAX: after the stream) ... */
	size_t stop_variant;		/* ... and the variant (whole run's
					   index) */
	const struct pk_sim_opts *opts; /* progress: group 0 only */
	pthread_t thread;
	int started; /* 1: thread runs it */
};

/* The stream through the group's variants, then their finish; as the
   one-thread loop does for every variant. */
static void *run_group(void *arg)
{
	struct pk_group *g = arg;
	struct pk_run *run = &g->run;
	const struct pk_sim_opts *o = g->opts;
	int64_t total =
	    workload_phase_start_ms(run->workload, run->sc->n_phases);
	const int watched = run->obs != NULL;
	struct pk_sim_ahead ahead;
	const struct pk_op *op;
	struct pk_op sent;
	uint64_t ops = 0;
	size_t i;

	sim_ahead_init(&ahead, run);
	while ((op = sim_ahead_next(&ahead, run)) != NULL) {
		for (i = 0; i < run->n_variants; i++) {
			struct pk_variant *v = &run->variants[i];
			struct pk_retry_state st = {0, 0, 0, 0};
			const struct pk_op *send = op;

			if (run->paced && budget_wait(run, v, op)) {
				continue;
			}
			/* calls only when due: most operations meet none */
			if (retryq_len(&v->retries) > 0) {
				drain_retries(run, v, op->t_ms, op->seq);
			}
			if (v->next_action < run->n_actions) {
				sim_phase_actions(run, v, op->t_ms);
			}
			if (watched) {
				sim_observe(run, v);
			}
			if (run->stopped) {
				g->stop_seq = op->seq;
				g->stop_variant = g->first + i;
				return NULL;
			}
			if (v->targets && targets_needed(run->workload, op)) {
				/* drawn at the send, among v's written items */
				sent = *op;
				if (!targets_pick(v->targets, &sent)) {
					sim_not_sent(v, op);
					continue;
				}
				send = &sent;
			}
			/* counted as arrived by the service (arrived 1) */
			if (v->sstats) {
				v->sstats[(size_t)op->stream * PK_STREAM_KINDS +
					  (size_t)op->kind]
				    .operations++;
			}
			attempt(run, v, send, &st, op->t_ms, 1, NULL, watched);
		}
		if (o && o->progress &&
		    (op->seq & (PK_SIM_PROGRESS_OPS - 1)) == 0) {
			o->progress(o->progress_ctx, op->t_ms, total,
				    op->seq + 1, PK_SIM_STREAM);
		}
		ops = op->seq + 1;
	}
	for (i = 0; i < run->n_variants; i++) {
		finish(run, &run->variants[i], o, ops);
		if (run->stopped) {
			g->stop_seq = UINT64_MAX;
			g->stop_variant = g->first + i;
			return NULL;
		}
	}
	return NULL;
}

struct pk_run *sim_run_opts(const struct pk_scenario *sc, uint64_t seed,
			    const struct pk_sim_opts *o, struct pk_diag *diag)
{
	struct pk_run *run;
	struct pk_group *groups, *stop = NULL;
	size_t i, n, first = 0;

	run = xcalloc(1, sizeof(*run));
	sim_count_run();
	run->sc = sc;
	run->seed = seed;
	run->diag = diag;
	run->obs = o ? o->observer : NULL;
	run->service = o ? o->service : NULL;
	run->halt_429 = o ? o->halt_429 : 0;
	run->halt_skip = o ? o->halt_skip : -1;
	for (i = 0; i < sc->n_streams; i++) {
		const struct pk_client_spec *c = &sc->streams[i].client;

		run->paced |= c->ru_budget_per_s > 0 || c->concurrency > 0;
	}
	run->classes = scenario_any_classes(sc);
	run->workload = workload_new(sc, seed);
	sim_actions_order(run);
	run->id_prop = workload_prop_index(run->workload, "/id");
	if (itemprops_check_queries(sc, diag)) {
		sim_free(run);
		return NULL;
	}
	for (i = 0; i < sc->n_variants; i++) {
		sim_add_variant(run, &sc->variants[i], o && o->keep_seconds,
				diag);
		if (i < run->n_variants && scenario_has_streams(sc)) {
			run->variants[i].sstats =
			    xcalloc(sc->n_streams * PK_STREAM_KINDS,
				    sizeof(*run->variants[i].sstats));
		}
		if (i < run->n_variants && scenario_query_count(sc) > 0) {
			run->variants[i].qstats =
			    xcalloc(scenario_query_count(sc),
				    sizeof(*run->variants[i].qstats));
		}
	}
	if (diag_count(diag) > 0 || run->n_variants == 0) {
		sim_free(run);
		return NULL;
	}
	for (i = 0; run->obs && run->obs->second && i < run->n_variants; i++) {
		struct pk_variant *v = &run->variants[i];

		v->obs = run->obs;
		v->svc->ops->watch(v->svc, sim_observe_second, v);
	}
	run->total_variants = run->n_variants;
	n = sim_n_groups(run, o);
	groups = xcalloc(n, sizeof(*groups));
	for (i = 0; i < n; i++) {
		struct pk_group *g = &groups[i];
		size_t count = run->n_variants / n + (i < run->n_variants % n);

		g->run = *run;
		g->run.variants = run->variants + first;
		g->run.n_variants = count;
		g->run.workload =
		    i == 0 ? run->workload : workload_new(sc, seed);
		diag_init(&g->diag);
		g->run.diag = &g->diag;
		g->first = first;
		g->opts = i == 0 ? o : NULL;
		first += count;
	}
	for (i = 1; i < n; i++) {
		/* a thread that cannot start runs here, after group 0 */
		groups[i].started = pthread_create(&groups[i].thread, NULL,
						   run_group, &groups[i]) == 0;
	}
	run_group(&groups[0]);
	for (i = 1; i < n; i++) {
		if (groups[i].started) {
			pthread_join(groups[i].thread, NULL);
		} else {
			run_group(&groups[i]);
		}
		workload_free(groups[i].run.workload);
	}
	/* the error one thread would have met first, alone */
	for (i = 0; i < n; i++) {
		struct pk_group *g = &groups[i];

		run->halted |= g->run.halted;
		if (g->run.stopped && !g->run.halted &&
		    (!stop || g->stop_seq < stop->stop_seq ||
		     (g->stop_seq == stop->stop_seq &&
		      g->stop_variant < stop->stop_variant))) {
			stop = g;
		}
		if (g->run.end_ms > run->end_ms) {
			run->end_ms = g->run.end_ms;
		}
	}
	if (stop) {
		diag_move(diag, &stop->diag);
	}
	for (i = 0; i < n; i++) {
		diag_free(&groups[i].diag);
	}
	free(groups);
	run->diag = NULL;
	for (i = 0; i < run->n_variants; i++) {
		/* the observer may go once the run is over */
		run->variants[i].svc->ops->watch(run->variants[i].svc, NULL,
						 NULL);
	}
	if (stop) {
		sim_free(run);
		return NULL;
	}
	return run;
}
