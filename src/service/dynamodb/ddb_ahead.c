/*
 * ddb_ahead: what the open second may lend (D10 `instant`: "a partition
 * may use min(cap, its share + the table's unused capacity that
 * second)", reference §6), from that second's own demand. The run's
 * operations are drawn independently of what the table answers
 * (workload.h), so the table reads them from its own copy of the
 * run's stream ahead of the replay: when a second opens, the first
 * attempts arriving in it, each on its partition with its units (as
 * ddb_ask_of prices it on the items stored at the second's start),
 * and the retries the client said it sends in it (ddb_ahead_retry).
 * Each partition's share it will not ask for is the second's pool
 * (pk_ddb_total.pool_mcu), lent in arrival order to partitions above
 * their share; a global index's partitions alike.
 *
 * ASSUMPTIONS: an operation whose target is drawn at its send
 * (pk_op.item PK_ITEM_NONE) is not known ahead: its least units
 * (a read of an item of 0 bytes, a write of 1 KB) are held back from
 * the pool, on no partition. A retry the client sends within the
 * second of its throttle takes back from the pool what its partition
 * no longer leaves unused. A local index's units and a paced client's
 * wait are not foreseen.
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/workload/workload.h"

#define MS_PER_S 1000

/* A retry due in a later second: on the partition of hash h */
struct ddb_due {
	int64_t s;
	uint64_t h;
	int write;
	int64_t units;
};

struct ddb_ahead {
	struct pk_workload *w; /* the table's own copy of the run's stream */
	struct pk_op op;       /* read, not counted yet (have) */
	int have;
	struct ddb_due *due;
	size_t n_due, cap_due;
	/* the throttles of the request answered last, at last_ms */
	struct ddb_due last[PK_MAX_BATCH_OPS];
	int64_t last_ms;
};

void ddb_ahead_init(struct ddb *d, const struct pk_service_spec *spec)
{
	struct ddb_ahead *a;

	if (d->on_demand || d->t->adaptive == PK_DDB_ADAPTIVE_OFF ||
	    !spec->workload) {
		return;
	}
	a = xcalloc(1, sizeof(*a));
	a->w = workload_new(spec->sc, spec->seed);
	d->ahead = a;
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

/* Forecast operation op's first attempt(s); *unknown gets the least
   units of one whose target is not drawn yet, per side */
static void forecast(struct ddb *d, const struct pk_op *op, int64_t unknown[2])
{
	struct pk_svc_request rq;
	struct ask a;
	uint32_t k, n = op->kind == PK_OP_BATCH ? op->batch_n : 1;

	if (op->kind == PK_OP_QUERY || op->kind == PK_OP_CHARGE) {
		return;
	}
	if (op->item == PK_ITEM_NONE) {
		int w = op->kind != PK_OP_READ;

		unknown[w] +=
		    w ? ddb_units_write_mcu(1, false)
		      : ddb_units_read_mcu(0, d->t->reads ==
						      PK_DDB_CONSISTENCY_STRONG
						  ? PK_DDB_READ_STRONG
						  : PK_DDB_READ_EVENTUAL);
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
		count(d, (size_t)a.part, a.write, a.units);
		if (a.write && d->n_gsis > 0) {
			a.base_units = a.units;
			ddb_gsis_forecast(d, &rq, &a);
		}
	}
}

/* Count the retries due in the open second; drop the older ones */
static void retries_due(struct ddb *d, struct ddb_ahead *a)
{
	size_t i, j = 0;

	for (i = 0; i < a->n_due; i++) {
		struct ddb_due *e = &a->due[i];

		if (e->s == d->now_s) {
			count(d, ddb_part_of(d, e->h), e->write, e->units);
		} else if (e->s > d->now_s) {
			a->due[j++] = *e;
		}
	}
	a->n_due = j;
}

/* Side (write) of the table's pool: the shares its partitions will
   leave unasked, less unknown, at most its units */
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
	return pool > 0 ? pool : 0;
}

void ddb_ahead_open(struct ddb *d)
{
	struct ddb_ahead *a = d->ahead;
	int64_t from = d->now_s * MS_PER_S, to = from + MS_PER_S;
	int64_t unknown[2] = {0, 0};
	size_t i;

	d->ahead_s = d->now_s;
	for (i = 0; i < d->layout.n; i++) {
		d->parts[i].fc_mcu[0] = d->parts[i].fc_mcu[1] = 0;
	}
	const struct pk_workload *run_w = d->w;
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
			forecast(d, &a->op, unknown);
		}
		a->have = 0;
	}
	d->w = run_w;
	ddb_items_reset(d);
	d->tr.pool_mcu = pool_of(d, 0, unknown[0]);
	d->tw.pool_mcu = pool_of(d, 1, unknown[1]);
	ddb_gsis_forecast_pool(d);
}

void ddb_ahead_throttled(struct ddb *d, const struct pk_svc_request *rq,
			 uint64_t h, int write, int64_t units)
{
	struct ddb_ahead *a = d->ahead;
	struct ddb_due *e;

	if (!a || d->ahead_last >= PK_MAX_BATCH_OPS) {
		return;
	}
	a->last_ms = rq->t_ms;
	e = &a->last[d->ahead_last++];
	e->h = h;
	e->write = write;
	e->units = units;
}

/* A retry of e due in the open second: what its partition asks grows
   by its units, and the pool loses what that takes of its share left */
static void due_now(struct ddb *d, const struct ddb_due *e)
{
	struct ddb_part *p = &d->parts[ddb_part_of(d, e->h)];
	struct pk_ddb_total *t = e->write ? &d->tw : &d->tr;
	int64_t share = e->write ? p->w.share_mcu : p->r.share_mcu;
	int64_t *fc = &p->fc_mcu[e->write != 0];
	int64_t before = share > *fc ? share - *fc : 0, after;

	*fc += e->units;
	after = share > *fc ? share - *fc : 0;
	t->pool_mcu -= before - after;
	if (t->pool_mcu < 0) {
		t->pool_mcu = 0;
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
	d->ahead_last = 0;
}

void ddb_ahead_free(struct ddb *d)
{
	if (!d->ahead) {
		return;
	}
	workload_free(d->ahead->w);
	free(d->ahead->due);
	free(d->ahead);
	d->ahead = NULL;
}
