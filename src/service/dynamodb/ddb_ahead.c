/*
 * ddb_ahead: what the open second may lend (D10 `instant`: "a partition
 * may use min(cap, its share + the table's unused capacity that
 * second)", reference §6), from that second's own demand. The run's
 * operations are drawn independently of what the table answers
 * (workload.h), so the table reads them from its own copy of the
 * run's stream ahead of the replay: when a second opens, the first
 * attempts arriving in it, each on its partition with its units (as
 * ddb_ask_of prices it on the items stored at the second's start),
 * and the retries the client said it sends in it (ddb_ahead_retry),
 * a write's with its global index writes on the index partitions they
 * ask.
 * Each partition's share it will not ask for is the second's pool
 * (pk_ddb_total.pool_mcu), lent in arrival order to partitions above
 * their share; a global index's partitions alike.
 *
 * An operation whose target is drawn at its send (pk_op.item
 * PK_ITEM_NONE: a read, or an update of a stored item) is not known
 * ahead: the pool holds back its units on no partition until it
 * arrives, then counts them on the partition it goes to
 * (ddb_ahead_part, ddb_ahead_arrived), as a foreseen operation's: what
 * that partition's share no longer leaves unused leaves the pool, and
 * the hold comes back. So
 * the pool at any moment is the shares still unasked less the holds
 * of what has not arrived yet, and at the second's end exactly the
 * shares the partitions left unasked: a hot partition's own
 * operations never shrink what it may borrow. A write's local index
 * entries are on its partition (D18) and foreseen with it; an
 * unforeseen write's global index writes are held back on each index
 * (as its own units are: the most its phase's such writes asked of the
 * index, at least the largest stored item's index write, projected)
 * and counted on the index partitions they reach as they arrive
 * (ddb_ahead_index_arrived). A Query's pages and a BatchGetItem's keys
 * are not foreseen nor held: each is counted on its partition as it
 * arrives (ddb_ahead_part). A request refused (throttled, or
 * answered 400) gives back what was foreseen or held for it, on the
 * table and each index (ddb_ahead_refused, ddb_ahead_bad): the pool is
 * what will not be consumed, not what was not asked; a BatchWriteItem
 * refused whole is not foreseen (batch_taken).
 *
 * ASSUMPTIONS: the units held for such an operation are the most one
 * of its phase's such operations asked on its side so far (the
 * operations of a phase are drawn alike), and at least what one asks
 * of the largest item the table has stored (a put at least its own
 * item's): a hold too small lends early in a second what a later
 * arrival finds lent (the table's total then refuses it: ddb_admit),
 * one too large lends late. So a phase's first second, before any of
 * its operations arrived, holds enough that a partition at or under
 * its share is never refused for what another borrowed. A retry the client
 * sends within the second of its throttle takes back from the pool what its
 * partition no longer leaves unused. A paced client's operations
 * (client.ru_budget, client.concurrency) go when its pace lets them,
 * not at their arrival: they are not foreseen but counted as sent,
 * each second holding back what the phase sent the second before
 * (pace_hold).
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/workload/workload.h"

#define MS_PER_S 1000

/* A retry due in a later second: on the partition of hash h, partition
   id part when throttled (ddb_part_at) */
struct ddb_due {
	int64_t s;
	uint64_t h;
	uint32_t part;
	int write;
	int64_t units;
};

/* ... and one of its global index writes */
struct ddb_due_ix {
	int64_t s;
	struct ddb_gsi_write w;
};

/* A phase's operations whose target is drawn at the send, per side */
struct ddb_unseen {
	int64_t sum_mcu[2]; /* units they asked so far */
	int64_t max_mcu[2]; /* ... the most one asked */
	int64_t n[2];	    /* ... how many of them */
	int64_t hold[2];    /* units the open second holds for each */
	int64_t n_open[2];  /* ... how many it holds them for */
	/* the most one of its writes asked of each global index so far,
	   and what the open second holds for each on each index */
	int64_t gsi_max[PK_DDB_MAX_GSIS], gsi_hold[PK_DDB_MAX_GSIS];
	/* a paced client's phase (client.ru_budget, client.concurrency):
	   its sends, per side: units arriving in the open second (arr) and
	   how many (arr_n), units sent in second sent_s (sent), units the
	   open second holds for them and has not had back yet (left); its
	   pace, RU (here units) a second or operations a second, 0 none */
	int paced;
	double pace_mcu, pace_ops;
	int64_t arr[2], arr_n[2], sent[2], left[2];
	int64_t op_max[2]; /* the most one of its operations asked */
	int64_t sent_s;
};

struct ddb_ahead {
	struct pk_workload *w; /* the table's own copy of the run's stream */
	struct ddb_unseen *unseen; /* per phase of the scenario */
	size_t n_phases;
	int64_t held[2]; /* the open second's holds not come back yet */
	int64_t gsi_held[PK_DDB_MAX_GSIS]; /* ... on each global index */
	struct pk_op op;		   /* read, not counted yet (have) */
	int have;
	struct ddb_due *due;
	size_t n_due, cap_due;
	/* the throttles of the request answered last, at last_ms, and
	   their global index writes (n_last_ix of them; room for 2 x
	   n_gsis x PK_MAX_BATCH_OPS) */
	struct ddb_due last[PK_MAX_BATCH_OPS];
	int64_t last_ms;
	struct ddb_due_ix *last_ix, *due_ix;
	size_t n_last_ix, n_due_ix, cap_due_ix;
};

void ddb_ahead_init(struct ddb *d, const struct pk_service_spec *spec)
{
	struct ddb_ahead *a;
	size_t i;

	if (d->on_demand || d->t->adaptive == PK_DDB_ADAPTIVE_OFF ||
	    !spec->workload) {
		return;
	}
	a = xcalloc(1, sizeof(*a));
	if (d->n_gsis > 0) {
		a->last_ix = xcalloc(2 * d->n_gsis * PK_MAX_BATCH_OPS,
				     sizeof(*a->last_ix));
	}
	a->w = workload_new(spec->sc, spec->seed);
	a->n_phases = spec->sc->n_phases;
	a->unseen = xcalloc(a->n_phases ? a->n_phases : 1, sizeof(*a->unseen));
	for (i = 0; i < a->n_phases; i++) {
		const struct pk_client_spec *c =
		    &scenario_stream_of_phase(spec->sc, i)->client;
		struct ddb_unseen *u = &a->unseen[i];

		u->sent_s = INT64_MIN;
		u->paced = c->ru_budget_per_s > 0 || c->concurrency > 0;
		u->pace_mcu = c->ru_budget_per_s * 1000;
		u->pace_ops = c->concurrency > 0 && c->latency_ms > 0
				  ? (double)c->concurrency * MS_PER_S /
					(double)c->latency_ms
				  : 0;
		d->ahead_paced |= u->paced;
	}
	d->ahead = a;
}

/* The least units of side (write) of an operation whose target is
   drawn at its send: a write of 1 KB; a read of an item of 0 bytes (a
   missing item's, §1), one per key a random-suffix reader asks */
static int64_t least_of(const struct ddb *d, int write)
{
	int64_t read;

	if (write) {
		return ddb_units_write_mcu(1, false);
	}
	read = ddb_units_read_mcu(0, d->t->reads == PK_DDB_CONSISTENCY_STRONG
					 ? PK_DDB_READ_STRONG
					 : PK_DDB_READ_EVENTUAL);
	return d->find_n ? read * (int64_t)d->find_n : read;
}

/* The units of side (write) of an operation whose target is drawn at
   its send on the largest item the table has stored (its bound while
   its target is unknown: a read or delete of a stored item asks at
   most them, a put at most them or its own item's), at least
   least_of's */
static int64_t stored_of(const struct ddb *d, int write)
{
	int64_t least = least_of(d, write), most;

	if (write) {
		most = ddb_units_write_mcu(d->item_max_bytes, false);
	} else {
		most = ddb_units_read_mcu(
		    d->item_max_bytes, d->t->reads == PK_DDB_CONSISTENCY_STRONG
					   ? PK_DDB_READ_STRONG
					   : PK_DDB_READ_EVENTUAL);
		most = d->find_n ? most * (int64_t)d->find_n : most;
	}
	return most > least ? most : least;
}

/* Each phase's hold a second for one such operation: the most one its
   phase's asked so far, at least what one asks of the largest item
   stored (stored_of); on each global index, alike, the most one of its
   writes asked of the index, at least that largest item's index write
   (projected: ddb_gsi_write_mcu). Such a write rewrites or deletes a
   stored item, whose index key value it keeps (its target's properties
   are the stored item's): one index write, of at most the larger item's
   units (reference §12). A hold at least the units its operation asks
   never lends a share its own partition will use: a phase's first
   second, before any of its operations arrived, lends only what the
   items stored leave sure */
static void holds_open(const struct ddb *d, struct ddb_ahead *a)
{
	size_t i;
	int w;
	int64_t stored[2] = {stored_of(d, 0), stored_of(d, 1)};
	int64_t gsi_stored[PK_DDB_MAX_GSIS];

	for (w = 0; w < (int)d->n_gsis; w++) {
		gsi_stored[w] = ddb_gsi_write_mcu(d, (size_t)w, stored[1]);
	}

	for (i = 0; i < a->n_phases; i++) {
		struct ddb_unseen *u = &a->unseen[i];

		for (w = 0; w < 2; w++) {
			int64_t most = u->max_mcu[w];

			u->hold[w] = most > stored[w] ? most : stored[w];
			u->n_open[w] = 0;
		}
		for (w = 0; w < (int)d->n_gsis; w++) {
			int64_t most = u->gsi_max[w];

			u->gsi_hold[w] =
			    most > gsi_stored[w] ? most : gsi_stored[w];
		}
	}
}

/* Count u mCU on side (write) of partition i's forecast */
static void count(struct ddb *d, size_t i, int write, int64_t u)
{
	d->parts[i].fc_mcu[write != 0] += u;
}

/* The request op (or item k of a batch) would make, into *rq */
static void request_of(const struct pk_workload *w, const struct pk_op *op,
		       uint32_t k, struct pk_svc_request *rq)
{
	uint32_t size;

	memset(rq, 0, sizeof(*rq));
	rq->t_ms = op->t_ms;
	rq->kind = op->kind;
	rq->it.item = op->item + k;
	rq->it.size_bytes = op->size_bytes;
	if (op->kind == PK_OP_BATCH) {
		rq->kind = PK_OP_CREATE;
		rq->it.size_bytes = workload_item_created_size(w, rq->it.item);
	} else if (op->kind == PK_OP_CREATE &&
		   workload_item_ddb_size(w, rq->it.item, &size)) {
		rq->it.size_bytes = size;
	}
}

/* Whether batch op's first attempt is taken, not refused whole (a key
   DynamoDB refuses, one primary key twice, an item over 400 KiB, more
   than 25 items): a refused one asks no units */
static int batch_taken(struct ddb *d, const struct pk_op *op)
{
	struct pk_svc_item items[PK_MAX_BATCH_OPS];
	struct pk_svc_request rq;
	uint32_t k,
	    n = op->batch_n < PK_MAX_BATCH_OPS ? op->batch_n : PK_MAX_BATCH_OPS;

	memset(&rq, 0, sizeof(rq));
	for (k = 0; k < n; k++) {
		memset(&items[k], 0, sizeof(items[k]));
		items[k].item = op->item + k;
		items[k].size_bytes =
		    workload_item_created_size(d->w, op->item + k);
	}
	rq.kind = PK_OP_BATCH;
	rq.it = items[0];
	rq.batch = items;
	rq.batch_n = n;
	return ddb_batch_whole(d, &rq);
}

/* Operation op of a paced client's phase arriving in the open second:
   not foreseen (it goes when its client's pace lets it), its units
   noted as the phase's arrivals (the first second's hold, pace_open) */
static void paced_arrival(struct ddb *d, const struct pk_op *op)
{
	struct ddb_unseen *u = &d->ahead->unseen[op->phase];
	struct pk_svc_request rq;
	struct ask a;
	uint32_t k, n = op->kind == PK_OP_BATCH ? op->batch_n : 1;
	int w = op->kind != PK_OP_READ;

	if (op->item == PK_ITEM_NONE) {
		u->arr[w] += u->hold[w];
		u->arr_n[w]++;
		u->op_max[w] =
		    u->hold[w] > u->op_max[w] ? u->hold[w] : u->op_max[w];
		return;
	}
	for (k = 0; k < n; k++) {
		request_of(d->w, op, k, &rq);
		ddb_ask_of(d, &rq, &a);
		if (a.part >= 0) {
			u->arr[a.write] += a.units;
			u->arr_n[a.write]++;
			u->op_max[a.write] = a.units > u->op_max[a.write]
						 ? a.units
						 : u->op_max[a.write];
		}
	}
}

/* Paced phase u's hold for the open second on side w: what it sent in
   the second before; when it sent nothing then, what arrives in the
   open second at most its pace (pace_ops of its operations a second).
   An RU budget's second may go one request past its budget (sim.c:
   a throttle spends none of it, so the next send follows at once), so
   it holds one operation's units more, at most its budget plus them.
   ASSUMPTION: a paced client sends about as much each second as the
   second before. */
static int64_t pace_hold(const struct ddb *d, const struct ddb_unseen *u, int w)
{
	int64_t hold = u->arr[w];

	if (u->sent_s == d->now_s - 1) {
		hold = u->sent[w];
	} else if (u->pace_ops > 0 && (double)u->arr_n[w] > u->pace_ops) {
		hold =
		    (int64_t)((double)hold * u->pace_ops / (double)u->arr_n[w]);
	}
	if (hold > 0 && u->pace_mcu > 0) {
		hold += u->op_max[w];
		if ((double)hold > u->pace_mcu + (double)u->op_max[w]) {
			hold = (int64_t)u->pace_mcu + u->op_max[w];
		}
	}
	return hold;
}

/* Each paced phase's hold for the open second (pace_hold), per side,
   added to unknown */
static void pace_open(struct ddb *d, struct ddb_ahead *a, int64_t *unknown)
{
	size_t i;
	int w;

	for (i = 0; i < a->n_phases; i++) {
		struct ddb_unseen *u = &a->unseen[i];

		for (w = 0; u->paced && w < 2; w++) {
			int64_t hold = pace_hold(d, u, w);

			u->left[w] = hold;
			unknown[w] += hold;
			u->arr[w] = u->arr_n[w] = 0;
		}
	}
}

/* Phase u's put of own mCU (its target drawn at its send) asks each
   global index at least own's index write: each index's hold grows to
   it, for the writes the open second held before too (their count
   u->n_open[1], unknown_gsi gaining the difference) */
static void grow_gsi_holds(const struct ddb *d, struct ddb_unseen *u,
			   int64_t own, int64_t *unknown_gsi)
{
	size_t i;

	for (i = 0; i < d->n_gsis; i++) {
		int64_t ix = ddb_gsi_write_mcu(d, i, own);

		if (ix > u->gsi_hold[i]) {
			unknown_gsi[i] += (ix - u->gsi_hold[i]) * u->n_open[1];
			u->gsi_hold[i] = ix;
		}
	}
}

/* Forecast operation op's first attempt(s); *unknown gets the least
   units of one whose target is not drawn yet, per side */
static void forecast(struct ddb *d, const struct pk_op *op, int64_t unknown[2],
		     int64_t *unknown_gsi)
{
	struct pk_svc_request rq;
	struct ask a;
	uint32_t k, n = op->kind == PK_OP_BATCH ? op->batch_n : 1;

	if (op->kind == PK_OP_QUERY || op->kind == PK_OP_CHARGE ||
	    op->kind == PK_OP_BATCH_GET) {
		return;
	}
	if (op->phase < d->ahead->n_phases &&
	    d->ahead->unseen[op->phase].paced) {
		paced_arrival(d, op);
		return;
	}
	if (op->item == PK_ITEM_NONE) {
		int w = op->kind != PK_OP_READ;

		if (op->phase < d->ahead->n_phases) {
			struct ddb_unseen *u = &d->ahead->unseen[op->phase];
			size_t i;

			if (w && op->kind != PK_OP_DELETE) {
				/* a put asks at least its own item's
				   units, and of each index its own item's
				   index write: the phase's holds grow to
				   them, for the operations they held before
				   too */
				int64_t own =
				    ddb_units_write_mcu(op->size_bytes, false);

				if (own > u->hold[w]) {
					unknown[w] +=
					    (own - u->hold[w]) * u->n_open[w];
					u->hold[w] = own;
				}
				grow_gsi_holds(d, u, own, unknown_gsi);
			}
			u->n_open[w]++;
			unknown[w] += u->hold[w];
			for (i = 0; w && i < d->n_gsis; i++) {
				unknown_gsi[i] += u->gsi_hold[i];
			}
		}
		return;
	}
	if (op->kind == PK_OP_BATCH && !batch_taken(d, op)) {
		return;
	}
	for (k = 0; k < n; k++) {
		request_of(d->w, op, k, &rq);
		ddb_ask_of(d, &rq, &a);
		if (a.part < 0) {
			continue;
		}
		if (d->find_n && rq.kind == PK_OP_READ) {
			ddb_find_forecast(d, rq.it.item);
			continue;
		}
		if (op->kind == PK_OP_BATCH && d->t->transact) {
			/* TransactWriteItems: 2 WCU a KiB (D1) */
			a.units *= 2;
		}
		a.base_units = a.units;
		if (a.write && d->n_lsis > 0) {
			/* its local index entries live on its partition
			   (D18) */
			a.units += ddb_lsis_units(d, &rq, a.key, a.units);
		}
		count(d, (size_t)a.part, a.write, a.units);
		if (a.write && d->n_gsis > 0) {
			ddb_gsis_forecast(d, &rq, &a);
		}
	}
}

/* Count the retries due in the open second, and their index writes on
   the index partitions they ask; drop the older ones */
static void retries_due(struct ddb *d, struct ddb_ahead *a)
{
	size_t i, j = 0;

	for (i = 0; i < a->n_due; i++) {
		struct ddb_due *e = &a->due[i];

		if (e->s == d->now_s) {
			count(d, ddb_part_at(d, e->h, e->part), e->write,
			      e->units);
		} else if (e->s > d->now_s) {
			a->due[j++] = *e;
		}
	}
	a->n_due = j;
	for (i = j = 0; i < a->n_due_ix; i++) {
		struct ddb_due_ix *e = &a->due_ix[i];

		if (e->s == d->now_s) {
			d->gsis[e->w.index].fc_mcu[e->w.part] += e->w.units;
		} else if (e->s > d->now_s) {
			a->due_ix[j++] = *e;
		}
	}
	a->n_due_ix = j;
}

/* Side (write) of the table's pool: the shares its partitions will
   leave unasked, less unknown (below 0 when the holds exceed them: the
   holds come back as their operations arrive) */
static int64_t pool_of(const struct ddb *d, int write, int64_t unknown)
{
	int64_t pool = -unknown;
	size_t i;

	for (i = 0; i < d->layout.n; i++) {
		const struct ddb_part *p = &d->parts[i];
		int64_t left = (write ? p->w.share_mcu : p->r.share_mcu) -
			       p->fc_mcu[write];

		pool += left > 0 ? left : 0;
	}
	return pool;
}

void ddb_ahead_open(struct ddb *d)
{
	struct ddb_ahead *a = d->ahead;
	int64_t from = d->now_s * MS_PER_S, to = from + MS_PER_S;
	int64_t unknown[2] = {0, 0};
	int64_t unknown_gsi[PK_DDB_MAX_GSIS] = {0};
	size_t i;

	d->ahead_s = d->now_s;
	for (i = 0; i < d->layout.n; i++) {
		d->parts[i].fc_mcu[0] = d->parts[i].fc_mcu[1] = 0;
	}
	const struct pk_workload *run_w = d->w;
	holds_open(d, a);
	ddb_gsis_forecast_open(d);
	retries_due(d, a);
	/* items ahead of the run's stream: their values from the copy */
	d->w = a->w;
	while (a->have || workload_next(a->w, &a->op)) {
		a->have = 1;
		if (a->op.t_ms >= to) {
			break;
		}
		if (a->op.t_ms >= from) {
			forecast(d, &a->op, unknown, unknown_gsi);
		}
		a->have = 0;
	}
	d->w = run_w;
	ddb_items_reset(d);
	if (d->ahead_paced) {
		pace_open(d, a, unknown);
	}
	a->held[0] = unknown[0];
	a->held[1] = unknown[1];
	d->tr.pool_mcu = pool_of(d, 0, unknown[0]);
	d->tw.pool_mcu = pool_of(d, 1, unknown[1]);
	ddb_gsis_forecast_pool(d);
	for (i = 0; i < d->n_gsis; i++) {
		a->gsi_held[i] = unknown_gsi[i];
		d->gsis[i].tw.pool_mcu -= unknown_gsi[i];
	}
}

void ddb_ahead_throttled(struct ddb *d, const struct pk_svc_request *rq,
			 uint64_t h, size_t i, int write, int64_t units,
			 const struct ask *ix)
{
	struct ddb_ahead *a = d->ahead;
	struct ddb_gsi_write w[2 * PK_DDB_MAX_GSIS];
	struct ddb_due *e;
	size_t k, n;

	if (!a || d->ahead_last >= PK_MAX_BATCH_OPS) {
		return;
	}
	if (d->ahead_last == 0) {
		a->n_last_ix = 0;
	}
	a->last_ms = rq->t_ms;
	e = &a->last[d->ahead_last++];
	e->h = h;
	e->part = d->parts[i].id;
	e->write = write;
	e->units = units;
	if (!ix || !write || d->n_gsis == 0) {
		return;
	}
	/* its retry asks its index writes again, on the items stored now */
	n = ddb_gsis_writes(d, rq, ix, w);
	for (k = 0; k < n; k++) {
		a->last_ix[a->n_last_ix++].w = w[k];
	}
}

/* Units not foreseen on side (write) of partition i in the open
   second: what it asks grows by them, and the pool loses what that
   takes of its share left */
static void ask_more(struct ddb *d, size_t i, int write, int64_t units)
{
	struct ddb_part *p = &d->parts[i];
	struct pk_ddb_total *t = write ? &d->tw : &d->tr;
	int64_t share = write ? p->w.share_mcu : p->r.share_mcu;
	int64_t *fc = &p->fc_mcu[write != 0];
	int64_t before = share > *fc ? share - *fc : 0, after;

	*fc += units;
	after = share > *fc ? share - *fc : 0;
	t->pool_mcu -= before - after;
}

/* Units foreseen on side (write) of partition i that will not be asked
   after all (a request refused): what it asks shrinks by them, and the
   pool gains what that leaves of its share */
static void ask_less(struct ddb *d, size_t i, int write, int64_t units)
{
	struct ddb_part *p = &d->parts[i];
	struct pk_ddb_total *t = write ? &d->tw : &d->tr;
	int64_t share = write ? p->w.share_mcu : p->r.share_mcu;
	int64_t *fc = &p->fc_mcu[write != 0];
	int64_t before = share > *fc ? share - *fc : 0;

	*fc -= units < *fc ? units : *fc;
	t->pool_mcu += (share > *fc ? share - *fc : 0) - before;
}

int ddb_ahead_paced(const struct ddb *d, const struct pk_svc_request *rq)
{
	return d->ahead_paced && rq->retry == 0 &&
	       rq->phase < d->ahead->n_phases &&
	       d->ahead->unseen[rq->phase].paced;
}

int ddb_ahead_counted(const struct ddb *d, const struct pk_svc_request *rq)
{
	return d->ahead && d->ahead_s == d->now_s &&
	       (rq->retry > 0 || rq->arrived || ddb_ahead_paced(d, rq));
}

void ddb_ahead_sent(struct ddb *d, const struct pk_svc_request *rq, size_t i,
		    const struct ask *a)
{
	struct ddb_unseen *u = &d->ahead->unseen[rq->phase];
	int w = a->write != 0;
	int64_t back;

	if (d->ahead_s != d->now_s) {
		return;
	}
	ask_more(d, i, w, a->units);
	if (w && d->n_gsis > 0) {
		int64_t units[PK_DDB_MAX_GSIS];

		ddb_gsis_arrived(d, rq, a, units);
	}
	if (u->sent_s != d->now_s) {
		u->sent_s = d->now_s;
		u->sent[0] = u->sent[1] = 0;
	}
	u->sent[w] += a->units;
	u->op_max[w] = a->units > u->op_max[w] ? a->units : u->op_max[w];
	back = a->units < u->left[w] ? a->units : u->left[w];
	back = back < d->ahead->held[w] ? back : d->ahead->held[w];
	u->left[w] -= back;
	d->ahead->held[w] -= back;
	(w ? &d->tw : &d->tr)->pool_mcu += back;
}

void ddb_ahead_refused(struct ddb *d, const struct pk_svc_request *rq, size_t i,
		       const struct ask *a)
{
	if (!ddb_ahead_counted(d, rq)) {
		return;
	}
	ask_less(d, i, a->write, a->units);
	if (a->write && d->n_gsis > 0) {
		/* a first attempt's index writes were foreseen or counted
		   as it arrived, a retry's when it came due */
		ddb_gsis_release(d, rq, a);
	}
}

/* A retry of e due in the open second */
static void due_now(struct ddb *d, const struct ddb_due *e)
{
	ask_more(d, ddb_part_at(d, e->h, e->part), e->write, e->units);
}

/* The retries of the request answered last, due in second s: their index
   writes asked of the open second's index partitions (s at most the
   open second), else kept for second s */
static void index_due(struct ddb *d, struct ddb_ahead *a, int64_t s)
{
	size_t i;

	for (i = 0; i < a->n_last_ix; i++) {
		const struct ddb_gsi_write *w = &a->last_ix[i].w;

		if (s <= d->now_s) {
			ddb_gsi_foresee(d, w->index, w->part, w->units);
			continue;
		}
		if (a->n_due_ix == a->cap_due_ix) {
			a->cap_due_ix = a->cap_due_ix ? 2 * a->cap_due_ix : 64;
			a->due_ix = xreallocarray(a->due_ix, a->cap_due_ix,
						  sizeof(*a->due_ix));
		}
		a->due_ix[a->n_due_ix].s = s;
		a->due_ix[a->n_due_ix++].w = *w;
	}
	a->n_last_ix = 0;
}

int ddb_ahead_unforeseen(const struct ddb *d, const struct pk_svc_request *rq,
			 const struct ask *a)
{
	if (!d->ahead || rq->retry != 0 || !rq->arrived) {
		return 0;
	}
	switch (rq->kind) {
	case PK_OP_READ:
	case PK_OP_REPLACE:
	case PK_OP_DELETE:
		return 1;
	case PK_OP_UPSERT:
		/* a stored item's rewrite; a new item's is foreseen */
		return a->items == 0;
	default:
		return 0;
	}
}

void ddb_ahead_part(struct ddb *d, size_t i, int write, int64_t units)
{
	if (d->ahead_s == d->now_s) {
		ask_more(d, i, write, units);
	}
}

/* The hold of one of rq's phase's unforeseen operations on side
   (write) comes back to the pool */
static void hold_back(struct ddb *d, const struct pk_svc_request *rq, int write)
{
	struct ddb_ahead *a = d->ahead;
	int64_t back =
	    rq->phase < a->n_phases ? a->unseen[rq->phase].hold[write != 0] : 0;

	if (back > a->held[write != 0]) {
		back = a->held[write != 0];
	}
	a->held[write != 0] -= back;
	(write ? &d->tw : &d->tr)->pool_mcu += back;
}

/* ... and, a write, its index writes' holds on each index */
static void gsi_hold_back(struct ddb *d, const struct pk_svc_request *rq,
			  size_t i)
{
	struct ddb_ahead *ah = d->ahead;
	int64_t back =
	    rq->phase < ah->n_phases ? ah->unseen[rq->phase].gsi_hold[i] : 0;

	if (back > ah->gsi_held[i]) {
		back = ah->gsi_held[i];
	}
	ah->gsi_held[i] -= back;
	d->gsis[i].tw.pool_mcu += back;
}

void ddb_ahead_arrived(struct ddb *d, const struct pk_svc_request *rq,
		       int write, int64_t units)
{
	struct ddb_ahead *a = d->ahead;

	if (rq->phase < a->n_phases) {
		struct ddb_unseen *u = &a->unseen[rq->phase];

		u->sum_mcu[write != 0] += units;
		if (units > u->max_mcu[write != 0]) {
			u->max_mcu[write != 0] = units;
		}
		u->n[write != 0]++;
	}
	hold_back(d, rq, write);
}

void ddb_ahead_bad(struct ddb *d, const struct pk_svc_request *rq,
		   const struct ask *a)
{
	size_t i;

	if (!d->ahead || d->ahead_s != d->now_s || ddb_ahead_paced(d, rq)) {
		/* a paced send's units are counted once it is admitted
		   for capacity (ddb_ahead_sent) */
		return;
	}
	if (rq->kind != PK_OP_CREATE && ddb_ahead_unforeseen(d, rq, a)) {
		hold_back(d, rq, a->write);
		for (i = 0; a->write && i < d->n_gsis; i++) {
			gsi_hold_back(d, rq, i);
		}
		return;
	}
	if (a->part >= 0) {
		ddb_ahead_refused(d, rq, (size_t)a->part, a);
	}
}

void ddb_ahead_index_arrived(struct ddb *d, const struct pk_svc_request *rq,
			     const struct ask *a)
{
	struct ddb_ahead *ah = d->ahead;
	int64_t units[PK_DDB_MAX_GSIS];
	size_t i;

	if (d->n_gsis == 0 || !a->write || d->ahead_s != d->now_s) {
		return;
	}
	ddb_gsis_arrived(d, rq, a, units);
	for (i = 0; i < d->n_gsis; i++) {
		if (rq->phase < ah->n_phases &&
		    units[i] > ah->unseen[rq->phase].gsi_max[i]) {
			ah->unseen[rq->phase].gsi_max[i] = units[i];
		}
		gsi_hold_back(d, rq, i);
	}
}

void ddb_ahead_retry(struct ddb *d, int64_t wait_ms)
{
	struct ddb_ahead *a = d->ahead;
	int64_t s;
	size_t i;

	if (!a || d->ahead_last == 0) {
		return;
	}
	s = (a->last_ms + (wait_ms > 0 ? wait_ms : 0)) / MS_PER_S;
	for (i = 0; i < d->ahead_last; i++) {
		a->last[i].s = s;
		if (s <= d->now_s) {
			due_now(d, &a->last[i]);
			continue;
		}
		if (a->n_due == a->cap_due) {
			a->cap_due = a->cap_due ? 2 * a->cap_due : 64;
			a->due =
			    xreallocarray(a->due, a->cap_due, sizeof(*a->due));
		}
		a->due[a->n_due++] = a->last[i];
	}
	index_due(d, a, s);
	d->ahead_last = 0;
}

void ddb_ahead_free(struct ddb *d)
{
	if (!d->ahead) {
		return;
	}
	workload_free(d->ahead->w);
	free(d->ahead->unseen);
	free(d->ahead->due);
	free(d->ahead->last_ix);
	free(d->ahead->due_ix);
	free(d->ahead);
	d->ahead = NULL;
}
