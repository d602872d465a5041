/*
 * ddb_service: Amazon DynamoDB's replay of one request at a time
 * (ddb_service.h). What each operation of a scenario is in DynamoDB's
 * terms (docs/dynamodb.md):
 * - create, upsert, replace: PutItem of the larger of the item its
 *   primary key holds now and the new one (D1, §1; ddb_items.c),
 *   refused over 400 KiB (D2);
 * - read: GetItem of the item's current size, eventual or strong
 *   (table.read_consistency);
 * - delete: DeleteItem of the item's current size;
 * - batch: BatchWriteItem, each item a put of its own on its own key
 *   value's partition, not atomic (ddb_batch.c);
 * - query: a Query of a key value's item collection, one per value of
 *   an IN list, or a Scan (ddb_query.c).
 * A provisioned table admits by its buckets (ddb_admit.h), an
 * on-demand one by its partitions' caps and its instant limit
 * (ddb_ondemand.h). A throttled request (D14) is answered 429 so the scenario's
 * client retries it as it retries a 429: ASSUMPTION, DynamoDB's HTTP 400
 * ThrottlingException / ProvisionedThroughputExceededException carries
 * no retry-after; pksim's says the next second's start. The reason is
 * counted (enum ddb_reason) and the 429's sub-status names it.
 */
#include <stdlib.h>
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/cosmos/keycheck.h"
#include "pksim/service/dynamodb/ddb_service.h"
#include "pksim/service/dynamodb/ddb_units.h"
#include "pksim/service/status.h"
#include "pksim/workload/workload.h"

#define MS_PER_S 1000

static struct ddb *ddb_of(const struct pk_service *s)
{
	return (struct ddb *)s;
}

uint64_t ddb_key_hash(const unsigned char *id, size_t len)
{
	uint64_t h = 14695981039346656037ull;
	size_t i;

	for (i = 0; i < len; i++) {
		h = (h ^ id[i]) * 1099511628211ull;
	}
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
	return h ^ (h >> 31);
}

uint64_t ddb_service_throttles(const struct pk_service *s, int write,
			       enum pk_ddb_verdict why)
{
	if (why == PK_DDB_ADMITTED) {
		return 0;
	}
	const struct ddb *d = ddb_of(s);
	int ix = d->reason_ix[write != 0][why - 1];

	return ix < 0 ? 0 : d->reasons[ix].count;
}

static void ddb_advance(struct pk_service *s, int64_t t_ms)
{
	struct ddb *d = ddb_of(s);
	int64_t to = t_ms / MS_PER_S;

	while (d->now_s < to) {
		int64_t n = d->active ? 1 : to - d->now_s;

		if (d->t->scale.on) {
			/* auto scaling decides at each minute's end */
			n = ddb_scale_span(d, n);
		}
		ddb_close_seconds(d, n);
		if (d->t->scale.on) {
			ddb_scale_apply(d);
		}
	}
}

/* Keep what admitted write rq did to the items its keys hold; a put
   of a key another workload item's put holds takes that item's place
   (out->replaced), so the run's targets drop it: the table keeps one
   item a primary key */
static void store_items(struct ddb *d, const struct pk_svc_request *rq,
			struct pk_outcome *out)
{
	if (rq->kind == PK_OP_READ) {
		return;
	}
	if (rq->kind == PK_OP_DELETE) {
		ddb_items_drop(d, 0);
		return;
	}
	out->replaced = ddb_items_put(d, 0, rq->it.size_bytes, rq->it.item);
	if (rq->kind == PK_OP_CREATE && d->put_held) {
		d->bill.creates_replaced++;
	}
}

static void ddb_apply(struct pk_service *s, const struct pk_svc_request *rq,
		      struct pk_outcome *out)
{
	struct ddb *d = ddb_of(s);
	struct pk_totals *t = &d->m.totals;
	struct pk_svc_request own;
	struct ask a;
	long i;
	struct ddb_part *p;
	int by_index = 0;

	if (rq->kind == PK_OP_CREATE && d->w &&
	    workload_item_ddb_size(d->w, rq->it.item, &own.it.size_bytes)) {
		/* a data file's record: the item DynamoDB stores is its
		   attributes by §1's sizes, not its JSON text */
		uint32_t size = own.it.size_bytes;

		own = *rq;
		own.it.size_bytes = size;
		rq = &own;
	}
	ddb_advance(s, rq->t_ms);
	if (d->ahead) {
		d->ahead_last = 0;
		if (d->ahead_s != d->now_s) {
			ddb_ahead_open(d);
		}
	}
	memset(out, 0, sizeof(*out));
	out->ranges = 1;
	d->coll_full = NULL;
	if (rq->kind == PK_OP_BATCH) {
		ddb_batch_apply(d, rq, out);
		return;
	}
	if (rq->kind == PK_OP_BATCH_GET) {
		ddb_batch_get_apply(d, rq, out);
		return;
	}
	ddb_ask_of(d, rq, &a);
	i = a.part;
	if (__builtin_expect(d->find_n != 0, 0) && rq->kind == PK_OP_READ &&
	    i >= 0) {
		ddb_find_read(d, rq, &a, out);
		return;
	}
	if (i >= 0 && !(a.write && d->n_lsis > 0)) {
		int64_t asked =
		    ddb_heat_note(d, rq->kind, rq->retry, a.write, a.units);

		if (__builtin_expect(d->t->isolate, 0) && rq->retry == 0) {
			ddb_isolate_note(d, (size_t)i, a.hash, a.write, asked);
		}
	}
	a.base_units = a.units;
	a.coll_grow = a.grow;
	if (i >= 0 && a.write && d->n_lsis > 0 &&
	    ddb_lsis_ask(d, rq, a.key, &a.units, &a.coll_grow, &a.coll) < 0) {
		/* D18: over 400 KiB with its projections, or its item
		   collection full; refused before capacity (ASSUMPTION) */
		ddb_count_attempt(d, &d->parts[i], rq, 0);
		ddb_ahead_bad(d, rq, &a);
		out->range = (size_t)i;
		out->status = PK_HTTP_BAD_REQUEST;
		t->bad_request_400++;
		t->ddb_lsi_400++;
		return;
	}
	if (i >= 0 && a.write && d->n_lsis > 0) {
		/* its local index entries are asked of its key value's
		   partition too (D18) */
		ddb_items_values(d, rq->it.item);
		ddb_heat_note(d, rq->kind, rq->retry, a.write, a.units);
	}
	p = i < 0 ? NULL : &d->parts[i];
	ddb_count_attempt(d, p, rq, i < 0 ? 0 : a.units);
	if (p && d->t->heat_split && !p->watch && ddb_hot_now(d, p)) {
		/* hot from this request on: weigh it and those after */
		ddb_hsplit_watch(p);
	}
	if (__builtin_expect(p && p->watch != NULL, 0) && rq->retry == 0) {
		/* a partition hot for a heat split weighs its items (D7) */
		ddb_hsplit_note(p, rq->it.item, a.write, a.units);
	}
	if (i >= 0 && rq->retry == 0) {
		ddb_demand_note(d, rq, &a, a.hash);
	}
	if (i < 0) {
		ddb_ahead_bad(d, rq, &a);
		out->status = PK_HTTP_BAD_REQUEST;
		t->bad_request_400++;
		t->ddb_too_large_400 += a.too_large;
		return;
	}
	out->range = (size_t)i;
	if (__builtin_expect(d->ahead_paced, 0) && ddb_ahead_paced(d, rq)) {
		ddb_ahead_sent(d, rq, (size_t)i, &a);
	} else if (d->ahead && rq->kind != PK_OP_CREATE &&
		   ddb_ahead_unforeseen(d, rq, &a)) {
		ddb_ahead_part(d, (size_t)i, a.write, a.units);
		ddb_ahead_index_arrived(d, rq, &a);
		ddb_ahead_arrived(d, rq, a.write, a.units);
	}
	if (ddb_admit_all(d, (size_t)i, rq, &a, &by_index) != PK_DDB_ADMITTED) {
		out->status = PK_HTTP_TOO_MANY_REQUESTS;
		out->asked_mru = a.units;
		out->retry_after_ms = ddb_retry_after_ms(rq);
		t->throttled_429++;
		ddb_ahead_throttled(d, rq, a.hash, (size_t)i, a.write, a.units,
				    &a);
		ddb_ahead_refused(d, rq, (size_t)i, &a);
		ddb_note_never(d, p, rq, a.write, a.units);
		if (by_index) {
			/* the table's partition had room: the second's
			   throttle, not the partition's (its normalized
			   consumption stays what it used) */
			d->sec.throttled_429++;
			return;
		}
		ddb_part_refused(d, p, a.write);
		return;
	}
	out->status = a.status;
	out->charge_mru = a.units;
	t->succeeded++;
	t->ru_mru += a.units;
	d->sec.served_mru += a.units;
	ddb_bill_used(d, a.write, a.units);
	p->used_mcu += a.units;
	metrics_add_wait(&d->m, rq->waited_ms);
	/* the item first: a storage split cuts by the items held */
	store_items(d, rq, out);
	ddb_store(d, (size_t)i, &a);
	if (a.coll) {
		ddb_lsis_store(a.coll, a.coll_grow, a.items);
	}
	if (a.write && d->n_gsis > 0) {
		ddb_gsis_store(d);
	}
}

/* A Query or Scan (ddb_query.c) */
static void ddb_query(struct pk_service *s, const struct pk_svc_request *rq,
		      struct pk_outcome *out)
{
	struct ddb *d = ddb_of(s);

	ddb_advance(s, rq->t_ms);
	if (d->ahead) {
		d->ahead_last = 0;
		if (d->ahead_s != d->now_s) {
			ddb_ahead_open(d);
		}
	}
	memset(out, 0, sizeof(*out));
	d->coll_full = NULL;
	ddb_query_apply(d, rq, out);
}

static int ddb_phase(struct pk_service *s, const struct pk_phase_spec *ph,
		     int64_t start_ms, struct pk_diag *diag)
{
	struct ddb *d = ddb_of(s);

	if (ph->throughput_ru_per_s > 0 || ph->autoscale_max_ru_per_s > 0 ||
	    ph->n_redistribute > 0 || ph->merge_to > 0 || ph->policy_equal) {
		diag_error(diag, d->sc->file, ph->line, ph->col,
			   "phase '%s' changes Azure Cosmos DB's throughput "
			   "or layout; a dynamodb table's capacity changes "
			   "are not replayed yet",
			   ph->name);
		return -1;
	}
	if (ph->ddb_rcu > 0 || ph->ddb_wcu > 0) {
		/* the seconds before the phase close at the old units */
		ddb_advance(s, start_ms);
		return ddb_change_capacity(d, ph, start_ms / MS_PER_S, diag);
	}
	return 0;
}

static int64_t ddb_end(struct pk_service *s, int64_t t_ms)
{
	struct ddb *d = ddb_of(s);
	int64_t end = t_ms > d->now_s * MS_PER_S ? t_ms : d->now_s * MS_PER_S;

	end = (end + MS_PER_S - 1) / MS_PER_S * MS_PER_S;
	if (end <= d->now_s * MS_PER_S) {
		end = (d->now_s + 1) * MS_PER_S;
	}
	ddb_advance(s, end);
	ddb_lsis_end(d, &d->bill.colls);
	ddb_change_finding(d);
	ddb_heat_end(d, d->bill.hot);
	ddb_demand_end(d);
	d->bill.sort_key = d->t->sort_key;
	if (d->on_demand) {
		d->bill.past_peak[0] = d->odr.over;
		d->bill.past_peak[1] = d->odw.over;
		d->bill.od_peak_mcu[0] = d->odr.peak_mcu;
		d->bill.od_peak_mcu[1] = d->odw.peak_mcu;
	}
	return end;
}

static void ddb_client(struct pk_service *s, enum pk_client_event ev, int64_t n)
{
	struct pk_totals *t = &ddb_of(s)->m.totals;

	if (ev == PK_CLIENT_RETRY_WAIT) {
		/* the throttles just answered come back then (D10's
		   second of demand, ddb_ahead.c) */
		ddb_ahead_retry(ddb_of(s), n);
	}
	/* a failed write changes no item */
	service_count_client(t, ev, n);
}

static int ddb_bind(struct pk_service *s, const struct pk_workload *w)
{
	ddb_of(s)->w = w;
	return 0;
}

static void ddb_prefetch(const struct pk_service *s, const uint64_t *slot,
			 size_t n_slot, const uint64_t *part, size_t n_part)
{
	(void)s;
	(void)slot;
	(void)n_slot;
	(void)part;
	(void)n_part;
}

static int64_t ddb_now_s(const struct pk_service *s)
{
	return ddb_of(s)->now_s;
}

static const struct pk_metrics *ddb_metrics(const struct pk_service *s)
{
	return &ddb_of(s)->m;
}

static void ddb_watch(struct pk_service *s, pk_metrics_tap_fn tap, void *ctx)
{
	ddb_of(s)->m.tap = tap;
	ddb_of(s)->m.tap_ctx = ctx;
}

/* No logical partition fills: item collections are not kept. */
/* An item collection's first write refused past 10 GiB (D18): the
   narration's "full" line, in the table's words */
static int ddb_first_full(const struct pk_service *s,
			  const struct pk_outcome *out, char *buf, size_t cap)
{
	(void)out;
	return ddb_lsis_first_full(ddb_of(s), buf, cap);
}

static void ddb_free(struct pk_service *s)
{
	struct ddb *d = ddb_of(s);

	metrics_free(&d->m);
	ddb_gsis_free(d);
	ddb_lsis_free(d);
	ddb_items_free(d);
	ddb_query_free(d);
	ddb_heat_free(d);
	ddb_demand_free(d);
	ddb_ahead_free(d);
	free(d->bill.hours);
	free(d->bill.steps);
	free(d->bill.refused);
	free(d->bill.phase_demand_mcu);
	free(d->bill.minute_demand_mcu);
	free(d->bill.second_demand_mcu);
	free(d->bill.finding);
	free(d->bill.heat.at);
	pkey_free(d->key);
	ddb_parts_free(d);
	ddb_layout_free(&d->layout);
	ddb_od_free(&d->odr);
	ddb_od_free(&d->odw);
	free(d->samples);
	free(d->part_seconds);
	free(d->kv);
	free(d);
}

static const struct pk_service_ops ddb_ops = {
    .name = "dynamodb",
    .apply = ddb_apply,
    .query = ddb_query,
    .advance = ddb_advance,
    .phase = ddb_phase,
    .end = ddb_end,
    .client = ddb_client,
    .bind = ddb_bind,
    .prefetch = ddb_prefetch,
    .now_s = ddb_now_s,
    .metrics = ddb_metrics,
    .watch = ddb_watch,
    .first_full = ddb_first_full,
    .snapshot = ddb_snapshot,
    .free = ddb_free,
};

/* What this replay does not model yet, refused at its place in the
   scenario: 0, or -1 with the error in diag */
static int refuse_unmodelled(const struct pk_scenario *sc, struct pk_diag *diag)
{
	if (sc->preload) {
		diag_error(diag, sc->file, sc->preload->line, sc->preload->col,
			   "preload is not replayed on a dynamodb table yet");
		return -1;
	}
	if (sc->items_file && sc->items_file->monitor) {
		diag_error(diag, sc->file, sc->items_file->line,
			   sc->items_file->col,
			   "an Azure Monitor log is Azure Cosmos DB's; it "
			   "cannot be replayed on a dynamodb table");
		return -1;
	}
	return 0;
}

/* The reasons the table's mode gives, in the reports' order (D14,
   A-REASON): reads then writes, each KeyRange then Provisioned
   (provisioned) or KeyRange, AccountLimit, MaxOnDemand (on demand) */
static void name_reasons(struct ddb *d)
{
	static const char *const names[2][PK_DDB_VERDICTS] = {
	    {"TableReadKeyRangeThroughputExceeded",
	     "TableReadProvisionedThroughputExceeded",
	     "TableReadAccountLimitExceeded",
	     "TableReadMaxOnDemandThroughputExceeded"},
	    {"TableWriteKeyRangeThroughputExceeded",
	     "TableWriteProvisionedThroughputExceeded",
	     "TableWriteAccountLimitExceeded",
	     "TableWriteMaxOnDemandThroughputExceeded"},
	};
	static const enum pk_ddb_verdict prov[] = {PK_DDB_THROTTLE_KEY_RANGE,
						   PK_DDB_THROTTLE_PROVISIONED};
	static const enum pk_ddb_verdict od[] = {PK_DDB_THROTTLE_KEY_RANGE,
						 PK_DDB_THROTTLE_ACCOUNT,
						 PK_DDB_THROTTLE_MAX_ON_DEMAND};
	const enum pk_ddb_verdict *v = d->on_demand ? od : prov;
	size_t n = d->on_demand ? 3 : 2, w, k;

	memset(d->reason_ix, -1, sizeof(d->reason_ix));
	for (w = 0; w < 2; w++) {
		for (k = 0; k < n; k++) {
			d->reasons[d->n_reasons].name = names[w][v[k] - 1];
			d->reason_ix[w][v[k] - 1] = (int)d->n_reasons++;
		}
	}
}

/* On demand (D12, D13): each side's limit from the table's settings */
static void on_demand_init(struct ddb *d)
{
	const struct pk_ddb_table_spec *t = d->t;

	ddb_od_init(&d->odr, t->warm_rru * 1000, t->quota_units * 1000,
		    t->max_rru * 1000, t->peak_sustain_s, t->peak_lag_s);
	ddb_od_init(&d->odw, t->warm_wru * 1000, t->quota_units * 1000,
		    t->max_wru * 1000, t->peak_sustain_s, t->peak_lag_s);
}

struct pk_service *ddb_service_new(const struct pk_service_spec *spec,
				   struct pk_diag *diag)
{
	const struct pk_scenario *sc = spec->sc;
	struct pk_pkey *key;
	struct pk_keycheck kc;
	struct ddb *d;
	int64_t planned_ms;

	if (refuse_unmodelled(sc, diag) < 0 ||
	    ddb_query_refuse(sc, scenario_variant_table(sc, spec->spec), diag) <
		0) {
		return NULL;
	}
	key = pkey_new(spec->spec, sc, spec->workload, spec->seed, diag);
	if (!key) {
		return NULL;
	}
	/* DynamoDB keeps a number to 38 digits and compares numbers by
	   value: a key's numbers are told apart by their decimal value, not
	   by their doubles (pkey.h) */
	key->exact_numbers = 1;
	/* and a key value's partition is by ddb_key_hash of its identity
	   bytes, so no EPK is computed for it (pkey.h) */
	key->no_epk = 1;
	if (keycheck_run(key, spec->spec, sc, &kc, diag) ||
	    (key->kind == PK_KEY_SYNTHETIC && key->has_random &&
	     ddb_find_refuse(sc, spec->spec, pkey_random_values(key), diag))) {
		pkey_free(key);
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->base.ops = &ddb_ops;
	d->sc = sc;
	d->t = scenario_variant_table(sc, spec->spec);
	d->spec = spec->spec;
	d->bill.rcu = d->bill.table_rcu = d->t->rcu;
	d->bill.wcu = d->bill.table_wcu = d->t->wcu;
	d->on_demand = d->t->capacity == PK_DDB_ON_DEMAND;
	d->dec_last_s = INT64_MIN;
	d->dil_t_s = -1;
	d->heat_due_s = INT64_MAX;
	d->bill.heat.on = d->t->heat_split;
	d->bill.transact = d->t->transact;
	d->sc_pending_s = -1;
	d->top_rcu = d->t->rcu;
	d->top_wcu = d->t->wcu;
	d->bill.on_demand = d->on_demand;
	if (sc->n_streams > 1 && sc->n_phases > 0) {
		d->bill.phase_demand_mcu = xcalloc(
		    2 * sc->n_phases, sizeof(*d->bill.phase_demand_mcu));
		d->bill.n_phase_demand = sc->n_phases;
	}
	d->w = spec->workload;
	d->key = key;
	d->kv = xmalloc(sizeof(*d->kv));
	d->queries = scenario_query_count(sc) > 0;
	metrics_init(&d->m);
	planned_ms = workload_phase_start_ms(spec->workload, sc->n_phases);
	d->phases_end_s = (planned_ms + 999) / 1000;
	/* bills count wall-clock hours (pricing.md §4 by Cosmos DB's
	   C-BILL rule, docs/money.md): where t = 0 falls in its hour */
	d->m.hour_offset_s = ((sc->clock_start_s % 3600) + 3600) % 3600;
	d->m.keep_seconds = spec->keep_seconds ||
			    planned_ms <= PK_METRICS_DETAIL_MAX_S * 1000LL;
	name_reasons(d);
	if (d->on_demand) {
		on_demand_init(d);
	}
	if (d->on_demand && d->phases_end_s > 0 &&
	    d->phases_end_s <= PK_METRICS_DETAIL_MAX_S) {
		/* at most 86,400 s x 16 B = 1.4 MB */
		d->bill.n_second_demand = (size_t)d->phases_end_s;
		d->bill.second_demand_mcu =
		    xcalloc(2 * d->bill.n_second_demand,
			    sizeof(*d->bill.second_demand_mcu));
	}
	ddb_parts_init(d);
	if (ddb_gsis_init(d, spec, diag) < 0 ||
	    ddb_lsis_init(d, spec, diag) < 0 ||
	    ddb_items_init(d, spec, diag) < 0) {
		ddb_free(&d->base);
		return NULL;
	}
	if (key->kind == PK_KEY_SYNTHETIC && key->has_random) {
		d->find_n = pkey_random_values(key);
		d->m.totals.key_values = d->find_n;
	}
	d->ahead_s = -1;
	ddb_ahead_init(d, spec);
	return &d->base;
}

int64_t ddb_service_gsi_used(const struct pk_service *s)
{
	return ddb_gsis_used(ddb_of(s));
}
