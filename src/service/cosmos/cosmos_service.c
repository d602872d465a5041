/*
 * cosmos_service: the Azure Cosmos DB service behind service.h's
 * operations table (cosmos_service.h). A request names its item; the
 * service builds and hashes the item's key (pkey.h) and finds its logical
 * partition, except when the item's key value was seen before: a key
 * that reads one generated property (a PATH key) is a function of that
 * property's value index, so the logical partition each index reached is
 * kept (lp_cache, 4 bytes an entry: its index in the pool) and a repeated
 * value costs an array read instead of building and hashing its value.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "pksim/service/cosmos/cosmos_snapshot.h"
#include "pksim/service/cosmos/keycheck.h"

#include "cosmos_int.h"
#include "logranges.h"

/* The longest IN list pksim enumerates for a key with a random part
   (rule 38; scenario.h, where the work bound reads it too) */
#define COSMOS_FIND_IN_MAX PK_SCENARIO_FIND_IN_MAX

/* The largest number of value indexes the per-value cache covers: 64 MiB
   of address space, touched only where used */
#define COSMOS_LP_CACHE_MAX ((uint64_t)1 << 24)

struct cosmos_service {
	struct pk_service base;	       /* first: the handle */
	struct pk_container *c;	       /* owned */
	struct pk_pkey *key;	       /* owned */
	struct pk_keyval *kv;	       /* owned; scratch for one key */
	struct pk_keyval *batch_kv;    /* owned; PK_MAX_BATCH_OPS keys,
					  NULL until the first batch */
	struct pk_item_source *in_src; /* owned; a query's IN sources */
	size_t in_src_cap;
	struct pk_route route;	      /* owned; the last query's route */
	struct pk_keycheck keycheck;  /* the key against the items */
	const struct pk_workload *w;  /* borrowed; the items' values */
	const struct pk_scenario *sc; /* borrowed; its phases */
	int ttl_prop;		      /* w's index of the items' /ttl, read
					 for writes when the container has
					 a DefaultTimeToLive (rule 28); -1:
					 never read */
	const char *file;	      /* borrowed; the scenario's file */
	int name_variant;	      /* 1: errors name the variant */
	int classes;		      /* 1: some stream sends Low or
					 bucketed requests (container_set_class
					 from the first request on) */
	/* the per-value cache: the logical partition (pk_lp.index) each
	   value index of the key's property lp_cache_prop reached, 0
	   before; NULL when the key is not one property's function */
	uint32_t *lp_cache; /* owned; lp_cache_n entries */
	uint64_t lp_cache_n;
	int lp_cache_prop;
	int lp_cache_view; /* 1: the value index is read inline (idx) */
	struct pk_value_index_view idx;
	/* rule 38: a key with a random part; a point request other than a
	   create first finds its item by a query over find_n values */
	uint64_t find_n;	   /* pkey_random_values; 0: no random
				      part */
	struct pk_keyval *find_kv; /* owned; scratch for one candidate */
	unsigned char *find_mark;  /* owned; a byte per range */
	size_t find_mark_cap;
	/* a replayed log's layout, when pksim's even one would not keep
	   its keys where the log records them (logranges.h); owned, NULL:
	   no log, or the even layout agrees */
	char *log_finding;
	int log_contradicts; /* 1: log_finding says the even layout
				disagrees with the log (logranges.h) */
};

static struct cosmos_service *cs_of(const struct pk_service *s)
{
	return (struct cosmos_service *)s;
}

/* item's entry of the per-value cache (cs->lp_cache set). */
static inline uint32_t *lp_slot(const struct cosmos_service *cs, uint64_t item)
{
	const struct pk_value_index_view *x = &cs->idx;

	if (cs->lp_cache_view) {
		return &cs->lp_cache[x->slot < 0 ? 0
						 : (*x->idx)[item * x->stride +
							     (size_t)x->slot]];
	}
	return &cs->lp_cache[workload_value_index(cs->w, item,
						  cs->lp_cache_prop)];
}

/* The facts of rq the container reads as its state: retry, class. */
static inline void attempt_class(struct cosmos_service *cs,
				 const struct pk_svc_request *rq)
{
	struct pk_container *c = cs->c;

	c->attempt_retry = rq->retry > 0;
	if (cs->classes) {
		container_set_class(c, rq->low, rq->bucket);
	}
	if (rq->arrived) {
		c->metrics.totals.operations++;
	}
}

/* rq's answer out: the client's wait on retries when it succeeded. */
static inline void answered(struct cosmos_service *cs,
			    const struct pk_svc_request *rq,
			    const struct pk_outcome *out)
{
	if (out->status >= 200 && out->status < 300) {
		metrics_add_wait(&cs->c->metrics, rq->waited_ms);
	}
}

/* Rule 28 (D-TTL): a write's item ttl into r, its kind set, when the
   container has a DefaultTimeToLive and the items carry a /ttl: an
   invalid one (a data file's; the loader checks generated ones) makes
   the write a 400 unless it already is one. Off the path of a container
   without TTL (its frame holds a value's bytes). */
static __attribute__((noinline)) void item_ttl(const struct cosmos_service *cs,
					       struct pk_request *r)
{
	char buf[PK_VALUE_MAX_BYTES];
	struct pk_value val;

	if ((r->kind != PK_OP_CREATE && r->kind != PK_OP_UPSERT &&
	     r->kind != PK_OP_REPLACE) ||
	    workload_value(cs->w, r->item, cs->ttl_prop, &val, buf,
			   sizeof(buf))) {
		return;
	}
	if (ttl_from_value(&val, &r->ttl_s) && !r->reject) {
		r->reject = PK_REJECT_BAD_TTL;
	}
}

/* r's item ttl (item_ttl), PK_TTL_OFF when the items carry none. */
static inline void set_ttl(const struct cosmos_service *cs,
			   struct pk_request *r)
{
	r->ttl_s = PK_TTL_OFF;
	if (__builtin_expect(cs->ttl_prop >= 0, 0)) {
		item_ttl(cs, r);
	}
}

/* Item it's fields as the container's request r at rq's times, its key
   built into kv (r->lp NULL). */
static void build(struct cosmos_service *cs, const struct pk_svc_request *rq,
		  const struct pk_svc_item *it, struct pk_keyval *kv,
		  struct pk_request *r)
{
	struct pk_item_source src;

	pkey_source_workload(cs->key, cs->w, it->item, &src);
	pkey_build(cs->key, &src, kv);
	r->t_ms = rq->t_ms;
	r->data_ms = rq->data_ms;
	r->item = it->item;
	r->size_bytes = it->size_bytes;
	r->key = kv->id;
	r->key_len = kv->id_len;
	r->epk = &kv->epk;
	r->lp = NULL;
	/* the key's 400 first: the client's (id, ttl) only with a valid
	   key */
	r->reject = kv->status ? kv->status : it->reject;
	r->id = it->id;
	r->id_len = it->id_len;
}

/* Rule 38 (D-SUFFIX-READ): the ranges the IN list of item's candidate key
   values (every value of its random parts, the rest its own) visits: the
   ranges holding them, each counted once; every range for a fan-out
   (fanout: the phase's `suffix_reads: fan_out`, or a list that would pass
   COSMOS_FIND_IN_MAX values), *fanned set then. */
static uint32_t find_ranges(struct cosmos_service *cs, uint64_t item,
			    int fanout, int *fanned)
{
	const struct pk_pmap *m = &cs->c->pmap;
	struct pk_item_source src;
	uint64_t pick;
	size_t k, n = 0;

	*fanned = fanout || cs->find_n > COSMOS_FIND_IN_MAX;
	if (*fanned) {
		return (uint32_t)m->n;
	}
	mem_grow((void **)&cs->find_mark, &cs->find_mark_cap, m->n, 1);
	memset(cs->find_mark, 0, m->n);
	pkey_source_workload(cs->key, cs->w, item, &src);
	for (pick = 0; pick < cs->find_n && n < m->n; pick++) {
		pkey_build_pick(cs->key, &src, pick, cs->find_kv);
		if (cs->find_kv->status) {
			continue;
		}
		k = pmap_find(m, &cs->find_kv->epk);
		n += !cs->find_mark[k];
		cs->find_mark[k] = 1;
	}
	return (uint32_t)(n ? n : 1);
}

/* A BATCH: each item's key, then the batch as one request. */
static void batch(struct cosmos_service *cs, const struct pk_svc_request *rq,
		  struct pk_outcome *out)
{
	struct pk_request r[PK_MAX_BATCH_OPS];
	uint32_t k;

	if (rq->batch_n < 1 || rq->batch_n > PK_MAX_BATCH_OPS) {
		PK_BUG("cosmos: batch of %u items", rq->batch_n);
	}
	if (!cs->batch_kv) {
		cs->batch_kv = xcalloc(PK_MAX_BATCH_OPS, sizeof(*cs->batch_kv));
	}
	for (k = 0; k < rq->batch_n; k++) {
		build(cs, rq, &rq->batch[k], &cs->batch_kv[k], &r[k]);
		r[k].kind = PK_OP_CREATE;
		set_ttl(cs, &r[k]);
	}
	container_batch(cs->c, rq->t_ms, r, rq->batch_n, out);
}

/* Rule 38 (D-SUFFIX-READ): a read, replace, delete or upsert by a key
   with a random part, whose caller cannot compute the key: sent with the
   ranges of its finding query (pk_container.attempt_find), the query
   counted when the service admitted it (pk_totals.key_queries). Off the
   path of every other key. */
static __attribute__((noinline)) void
find_apply(struct cosmos_service *cs, const struct pk_svc_request *rq,
	   struct pk_outcome *out)
{
	struct pk_container *c = cs->c;
	struct pk_totals *t = &c->metrics.totals;
	struct pk_request r;
	int fanout = rq->phase < cs->sc->n_phases &&
		     cs->sc->phases[rq->phase].suffix_fanout;
	int fanned = 0;

	build(cs, rq, &rq->it, cs->kv, &r);
	r.kind = rq->kind;
	set_ttl(cs, &r);
	if (!r.reject) {
		c->attempt_find = find_ranges(cs, rq->it.item, fanout, &fanned);
		c->attempt_mark = fanned ? NULL : cs->find_mark;
	}
	container_apply(c, &r, out);
	if (out->status != PK_HTTP_TOO_MANY_REQUESTS &&
	    out->status != PK_HTTP_GONE) {
		/* the query's shares on the list's other ranges */
		out->charge_mru += c->find_other_mru;
	}
	if (c->find_mru > 0 && out->status != PK_HTTP_TOO_MANY_REQUESTS &&
	    out->status != PK_HTTP_GONE) {
		t->key_queries++;
		t->key_fanouts += (uint64_t)fanned;
		t->key_query_mru += c->find_mru;
	}
	c->attempt_find = 0;
	c->attempt_mark = NULL;
	c->find_mru = 0;
	c->find_other_mru = 0;
	c->find_blocked = 0;
	answered(cs, rq, out);
}

static void cs_apply(struct pk_service *s, const struct pk_svc_request *rq,
		     struct pk_outcome *out)
{
	struct cosmos_service *cs = cs_of(s);
	struct pk_request r;
	uint32_t *slot = NULL;

	attempt_class(cs, rq);
	if (rq->kind == PK_OP_BATCH) {
		batch(cs, rq, out);
		answered(cs, rq, out);
		return;
	}
	if (cs->lp_cache) {
		slot = lp_slot(cs, rq->it.item);
	}
	if (slot && *slot) {
		/* the same value, so the same logical partition: its key
		   was valid (it holds data) and is stored with it */
		r.t_ms = rq->t_ms;
		r.data_ms = rq->data_ms;
		r.item = rq->it.item;
		r.size_bytes = rq->it.size_bytes;
		r.lp = container_lp(cs->c, *slot);
		r.key = r.lp->key;
		r.key_len = r.lp->key_len;
		r.epk = NULL; /* unread with lp (pk_request.epk) */
		r.reject = rq->it.reject;
		r.id = rq->it.id;
		r.id_len = rq->it.id_len;
	} else if (__builtin_expect(cs->find_n != 0, 0) &&
		   rq->kind != PK_OP_CREATE && rq->kind != PK_OP_CHARGE) {
		/* a key with a random part (never cached: not a PATH) */
		find_apply(cs, rq, out);
		return;
	} else {
		build(cs, rq, &rq->it, cs->kv, &r);
	}
	r.kind = rq->kind;
	set_ttl(cs, &r);
	if (rq->kind == PK_OP_CHARGE) {
		/* a replayed log's request: no id, its recorded RU */
		r.id = NULL;
		r.id_len = 0;
		container_charge(cs->c, &r, rq->charge_mru, out);
	} else {
		container_apply(cs->c, &r, out);
	}
	if (slot && !*slot && out->lp) {
		*slot = out->lp->index;
	}
	answered(cs, rq, out);
}

static void cs_query(struct pk_service *s, const struct pk_svc_request *rq,
		     struct pk_outcome *out)
{
	struct cosmos_service *cs = cs_of(s);
	size_t n = rq->it.item == PK_ITEM_NONE ? 0 : rq->n_in ? rq->n_in : 1;
	size_t i;

	attempt_class(cs, rq);
	mem_grow((void **)&cs->in_src, &cs->in_src_cap, n ? n : 1,
		 sizeof(*cs->in_src));
	for (i = 0; i < n; i++) {
		pkey_source_workload(cs->key, cs->w,
				     rq->n_in ? rq->in_items[i] : rq->it.item,
				     &cs->in_src[i]);
	}
	pkey_route(cs->key, rq->query, cs->in_src, n, &cs->route);
	container_query(cs->c, rq->t_ms, &cs->route, rq->query->results, out);
	out->route = (int)cs->route.kind;
	answered(cs, rq, out);
}

static void cs_advance(struct pk_service *s, int64_t t_ms)
{
	container_advance(cs_of(s)->c, t_ms);
}

static int64_t cs_end(struct pk_service *s, int64_t t_ms)
{
	struct pk_container *c = cs_of(s)->c;
	int64_t end = t_ms;

	if (c->now_s * PK_MS_PER_S > end) {
		end = c->now_s * PK_MS_PER_S;
	}
	/* close the second holding the last event, and every one before */
	end = (end + PK_MS_PER_S - 1) / PK_MS_PER_S * PK_MS_PER_S;
	if (end <= c->now_s * PK_MS_PER_S) {
		end = (c->now_s + 1) * PK_MS_PER_S;
	}
	container_advance(c, end);
	container_end(c);
	return end;
}

static void cs_client(struct pk_service *s, enum pk_client_event ev, int64_t n)
{
	struct pk_container *c = cs_of(s)->c;
	struct pk_totals *t = &c->metrics.totals;

	if (service_count_client(t, ev, n)) {
		container_write_failed(c, (uint64_t)n);
	}
}

/* w's index of the items' /ttl when c has a DefaultTimeToLive (an
   item's ttl counts only then, rule 28), else -1. */
static int ttl_prop(const struct pk_container *c, const struct pk_workload *w)
{
	if (c->spec.default_ttl_s == PK_TTL_OFF) {
		return -1;
	}
	return workload_prop_index(w, "/ttl");
}

/* Seconds of the items' own time per second of the run: a data file's
   time_compression when it arrives by its time field, else 1. */
static double data_per_s(const struct pk_scenario *sc)
{
	const struct pk_items_file *f = sc->items_file;

	return f && f->from == PK_FROM_TIME_FIELD ? f->time_compression : 1.0;
}

static int cs_bind(struct pk_service *s, const struct pk_workload *w)
{
	struct cosmos_service *cs = cs_of(s);

	cs->w = w;
	cs->ttl_prop = ttl_prop(cs->c, w);
	if (!cs->lp_cache) {
		return 0;
	}
	cs->lp_cache_view =
	    workload_value_index_view(w, cs->lp_cache_prop, &cs->idx);
	return 1;
}

static void cs_prefetch(const struct pk_service *s, const uint64_t *slot,
			size_t n_slot, const uint64_t *part, size_t n_part)
{
	const struct cosmos_service *cs = cs_of(s);
	const struct pk_value_index_view *x = &cs->idx;
	const uint32_t *idx;
	size_t i, stride;
	uint32_t lp;

	if (!cs->lp_cache) {
		return;
	}
	if (!cs->lp_cache_view || x->slot < 0) {
		for (i = 0; i < n_slot; i++) {
			__builtin_prefetch(lp_slot(cs, slot[i]));
		}
		for (i = 0; i < n_part; i++) {
			if ((lp = *lp_slot(cs, part[i])) != 0) {
				__builtin_prefetch(container_lp(cs->c, lp), 1);
			}
		}
		return;
	}
	/* lp_slot with the view read once: the item tables do not move
	   during the call */
	idx = *x->idx + x->slot;
	stride = x->stride;
	for (i = 0; i < n_slot; i++) {
		__builtin_prefetch(&cs->lp_cache[idx[slot[i] * stride]]);
	}
	/* the slot has come: the logical partition it names, one cache
	   line; an empty slot asks nothing */
	for (i = 0; i < n_part; i++) {
		if ((lp = cs->lp_cache[idx[part[i] * stride]]) != 0) {
			__builtin_prefetch(container_lp(cs->c, lp), 1);
		}
	}
}

static int64_t cs_now_s(const struct pk_service *s)
{
	return cs_of(s)->c->now_s;
}

static const struct pk_metrics *cs_metrics(const struct pk_service *s)
{
	return &cs_of(s)->c->metrics;
}

static void cs_watch(struct pk_service *s, pk_metrics_tap_fn tap, void *ctx)
{
	struct pk_container *c = cs_of(s)->c;

	c->metrics.tap = tap;
	c->metrics.tap_ctx = ctx;
}

static int cs_first_full(const struct pk_service *s,
			 const struct pk_outcome *out, char *buf, size_t cap)
{
	const struct cosmos_service *cs = cs_of(s);

	if (out->status != PK_HTTP_FORBIDDEN ||
	    out->sub_status != PK_SUBSTATUS_PARTITION_KEY_QUOTA || !out->lp ||
	    container_lp_rare(cs->c, out->lp)->rejected_403 != 1) {
		return 0;
	}
	pkey_format_id(cs->key, out->lp->key, out->lp->key_len, buf, cap);
	return 1;
}

static int cs_phase(struct pk_service *s, const struct pk_phase_spec *ph,
		    int64_t start_ms, struct pk_diag *diag);

static void cs_snapshot(const struct pk_service *s,
			const struct pk_scenario *sc, struct pk_snapshot *out)
{
	const struct cosmos_service *cs = cs_of(s);

	cosmos_snapshot_fill(cs->c, cs->key, sc, out);
	out->key_from_file = cs->keycheck.from_file;
	out->key_records = cs->keycheck.items;
	out->key_missing = cs->keycheck.missing;
	out->key_absent = cs->keycheck.absent;
	out->log_finding = cs->log_finding;
	out->log_contradicts = cs->log_contradicts;
	if (cs->lp_cache) {
		/* the cache holds pool indexes, lp_read's numbers + 1 */
		out->value_lps = cs->lp_cache;
		out->n_value_lps = cs->lp_cache_n;
		out->value_prop = cs->lp_cache_prop;
	}
}

static void cs_free(struct pk_service *s)
{
	struct cosmos_service *cs = cs_of(s);

	container_free(cs->c);
	pkey_free(cs->key);
	free(cs->kv);
	free(cs->batch_kv);
	free(cs->in_src);
	pkey_route_free(&cs->route);
	free(cs->lp_cache);
	free(cs->find_kv);
	free(cs->find_mark);
	free(cs->log_finding);
	free(cs);
}

const struct pk_service_ops cosmos_service_ops = {
    .name = "cosmos",
    .apply = cs_apply,
    .query = cs_query,
    .advance = cs_advance,
    .phase = cs_phase,
    .end = cs_end,
    .client = cs_client,
    .bind = cs_bind,
    .prefetch = cs_prefetch,
    .now_s = cs_now_s,
    .metrics = cs_metrics,
    .watch = cs_watch,
    .first_full = cs_first_full,
    .snapshot = cs_snapshot,
    .free = cs_free,
};

static int cs_phase(struct pk_service *s, const struct pk_phase_spec *ph,
		    int64_t start_ms, struct pk_diag *diag)
{
	struct cosmos_service *cs = cs_of(s);
	struct cosmos_where w;

	w.file = cs->file;
	w.name_variant = cs->name_variant;
	w.diag = diag;
	return cosmos_phase_apply(cs->c, ph, start_ms, &w);
}

/* mine's errors moved to diag, unless diag holds the first already:
   every variant of one layout finds the same fault in the log, and the
   user reads it once. mine is empty afterwards. */
static void said_once(struct pk_diag *diag, struct pk_diag *mine)
{
	const struct pk_diag_entry *e = &mine->entries[0];
	size_t i;

	for (i = 0; mine->n_entries > 0 && i < diag->n_entries; i++) {
		const struct pk_diag_entry *o = &diag->entries[i];

		if (o->line == e->line && o->col == e->col &&
		    strcmp(o->msg, e->msg) == 0) {
			diag_free(mine);
			return;
		}
	}
	diag_move(diag, mine);
}

/* A replayed monitor log on an existing container with as many ranges
   as the log records: its ranges laid out where the log recorded its
   keys (logranges.h), and cs->log_finding the sentence that says so when
   the even layout would not have kept them. 0, or -1 with an error in
   diag when no layout holds the log as recorded. Another count of ranges
   is a layout the log did not see, whose placement is pksim's own
   (scenarios/README.md): cs->log_finding then says where it disagrees
   with the log (logranges_read). */
static int log_layout(struct cosmos_service *cs,
		      const struct pk_container_spec *cspec,
		      struct pk_diag *diag)
{
	const struct pk_items_file *f = cs->sc->items_file;
	struct pk_diag mine;
	struct pk_epk *cuts;

	if (!f || !f->monitor || cspec->existing_partitions < 1) {
		return 0;
	}
	diag_init(&mine);
	if (logranges_read(cs->key, cs->w, f, &cs->c->pmap, cs->kv, &cuts,
			   &cs->log_finding, &cs->log_contradicts, &mine) < 0) {
		said_once(diag, &mine);
		return -1;
	}
	if (cuts && container_set_cuts(cs->c, cuts) < 0) {
		diag_error(diag, f->resolved, f->line, f->col,
			   "internal: the log's layout does not fit the "
			   "container's %zu ranges",
			   cs->c->pmap.n);
		return -1;
	}
	return 0;
}

struct pk_service *cosmos_service_new(const struct pk_service_spec *spec,
				      struct pk_diag *diag)
{
	const struct pk_container_spec *cspec = spec->spec;
	const struct pk_scenario *sc = spec->sc;
	struct pk_pkey *key =
	    pkey_new(cspec, sc, spec->workload, spec->seed, diag);
	struct cosmos_service *cs;
	struct pk_keycheck kc;
	int64_t planned_ms;

	if (!key) {
		return NULL;
	}
	if (keycheck_run(key, cspec, sc, &kc, diag)) {
		pkey_free(key);
		return NULL;
	}
	cs = xcalloc(1, sizeof(*cs));
	cs->base.ops = &cosmos_service_ops;
	cs->key = key;
	cs->keycheck = kc;
	cs->kv = xmalloc(sizeof(*cs->kv));
	cs->w = spec->workload;
	cs->sc = sc;
	cs->file = sc->file;
	cs->name_variant = sc->n_variants > 1;
	cs->classes = scenario_any_classes(sc);
	if (key->kind == PK_KEY_SYNTHETIC && key->has_random) {
		cs->find_n = pkey_random_values(key);
		cs->find_kv = xmalloc(sizeof(*cs->find_kv));
	}
	if (key->kind == PK_KEY_PATH && key->ref_prop[0] >= 0) {
		cs->lp_cache_n =
		    workload_value_indexes(spec->workload, key->ref_prop[0]);
		/* 4 bytes per possible value, touched only where used */
		if (cs->lp_cache_n > 0 &&
		    cs->lp_cache_n <= COSMOS_LP_CACHE_MAX) {
			cs->lp_cache_prop = key->ref_prop[0];
			cs->lp_cache =
			    xcalloc(cs->lp_cache_n, sizeof(*cs->lp_cache));
		}
	}
	cs->c = container_new(cspec->name ? cspec->name : cspec->partition_key,
			      cspec, &sc->cost);
	cs->c->metrics.totals.key_values = cs->find_n;
	if (log_layout(cs, cspec, diag) < 0) {
		cs_free(&cs->base);
		return NULL;
	}
	cs->ttl_prop = ttl_prop(cs->c, spec->workload);
	container_ttl_data_time(cs->c, data_per_s(sc));
	/* only creates name items: nothing reads a slot back */
	cs->c->keep_items = scenario_items_read_back(sc);
	cosmos_preload(cs->c, cs->key, cs->kv, sc, spec->seed);
	/* long runs keep per-minute records and per-range buckets as wide
	   as the heat map's columns of a run of the planned length
	   (metrics.h): at most PK_METRICS_HEAT_COLS a range */
	planned_ms = workload_phase_start_ms(spec->workload, sc->n_phases);
	cs->c->metrics.keep_seconds =
	    spec->keep_seconds ||
	    planned_ms <= PK_METRICS_DETAIL_MAX_S * 1000LL;
	/* bills count wall-clock hours (C-BILL): where t = 0 falls in its
	   hour */
	cs->c->metrics.hour_offset_s =
	    ((sc->clock_start_s % 3600) + 3600) % 3600;
	cs->c->metrics.bucket_s =
	    metrics_heat_width((planned_ms + PK_MS_PER_S - 1) / PK_MS_PER_S, 1);
	return &cs->base;
}

int cosmos_service_check(const struct pk_service *s)
{
	return container_check(cs_of(s)->c);
}

const struct pk_pkey *cosmos_service_key(const struct pk_service *s)
{
	return cs_of(s)->key;
}

const struct pk_keycheck *cosmos_service_keycheck(const struct pk_service *s)
{
	return &cs_of(s)->keycheck;
}

uint64_t cosmos_service_lp_cache_n(const struct pk_service *s)
{
	return cs_of(s)->lp_cache ? cs_of(s)->lp_cache_n : 0;
}
