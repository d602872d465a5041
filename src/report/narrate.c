/*
 * narrate: a run's events as sentences while it proceeds (narrate.h).
 * Each second is read as a variant's metrics close it (the observer's
 * `second`: 100 %, first 429, hot partitions, the retry queue), and its
 * recorded events as its clock passes them (`closed`: what is new in the
 * metrics' event lists); events wait in a queue until every variant has
 * closed their second, then are sorted by (second, kind, variant,
 * arrival) and written.
 */
#include "pksim/report/narrate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"

#define NARRATE_TEXT 320

/* Event kinds, in the order they are told within one second. */
enum ev_kind {
	EV_CHANGE = 0,
	EV_ACTION,
	EV_SPLIT,
	EV_RESULT, /* an action the second's splits caused (serverless
		      RU/s following the ranges, a scale-up's splits done):
		      told after them */
	EV_FULL_RU,
	EV_FIRST_429,
	EV_HOT_START,
	EV_LP_FULL,
	EV_HOT_END,
	EV_DRAINED,
};

struct ev {
	int64_t t_s;
	enum ev_kind kind;
	size_t variant;
	uint64_t seq;
	char text[NARRATE_TEXT];
};

/* Per range id of one variant: what has been told. */
struct nrange {
	unsigned char full;    /* reached 100 % (told) */
	unsigned char limited; /* first 429 (told) */
};

/* No range: no run of hot seconds is open */
#define NO_RANGE UINT32_MAX

/* One variant: how far its metrics have been read. */
struct nvar {
	const char *name;
	uint64_t pp_storage_bytes, lp_storage_bytes;
	int burst;	  /* burst capacity on (D-BURST) */
	int ddb;	  /* 1: an Amazon DynamoDB table: told in its words
			     (partitions, capacity units, throttles) */
	int on_demand;	  /* ... an on-demand one (D12) */
	int64_t before_s; /* it has closed every second before this */
	size_t changes, actions, splits; /* read */
	struct nrange *r;		 /* by range id */
	size_t n_r;
	uint32_t hot;	  /* the range in a run of hot seconds, or
			     NO_RANGE (one at most: a second has one hot
			     range at most, and a run ends at a second that
			     is not hot for it) */
	int64_t hot_from; /* the run's first and last hot second */
	int64_t hot_last;
	size_t full_told;	   /* logical partitions full, told */
	unsigned char *index_told; /* by global secondary index: its
				      first throttle told (grown to
				      metrics' n_indexes) */
	size_t n_index_told;
	int backlog; /* a 429 since the last quiet second */
	int64_t last_retry;
};

struct pk_narrator {
	FILE *out, *step;
	struct nvar *v;
	size_t n_v;
	struct ev *q; /* events not yet told */
	size_t n_q, cap_q;
	uint64_t seq;
	int64_t told_before; /* every event before this second is told */
	int err;
};

static struct ev *add(struct pk_narrator *n, int64_t t_s, enum ev_kind kind,
		      size_t variant)
{
	struct ev *x;

	mem_grow((void **)&n->q, &n->cap_q, n->n_q + 1, sizeof(*n->q));
	x = &n->q[n->n_q++];
	memset(x, 0, sizeof(*x));
	x->t_s = t_s;
	x->kind = kind;
	x->variant = variant;
	x->seq = n->seq++;
	return x;
}

static int cmp(const void *pa, const void *pb)
{
	const struct ev *a = pa, *b = pb;

	if (a->t_s != b->t_s) {
		return a->t_s < b->t_s ? -1 : 1;
	}
	if (a->kind != b->kind) {
		return a->kind < b->kind ? -1 : 1;
	}
	if (a->variant != b->variant) {
		return a->variant < b->variant ? -1 : 1;
	}
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Tell, in order, every queued event before second `before`. */
static void tell(struct pk_narrator *n, int64_t before)
{
	size_t i, k;

	if (n->n_q == 0 || before <= n->told_before) {
		n->told_before =
		    before > n->told_before ? before : n->told_before;
		return;
	}
	n->told_before = before;
	qsort(n->q, n->n_q, sizeof(*n->q), cmp);
	for (i = 0; i < n->n_q && n->q[i].t_s < before; i++) {
		const struct ev *e = &n->q[i];

		fprintf(n->out, "t = %lld s: ", (long long)e->t_s);
		if (n->n_v > 1) {
			fprintf(n->out, "[%s] ", n->v[e->variant].name);
		}
		fprintf(n->out, "%s.\n", e->text);
		if (ferror(n->out)) {
			n->err = 1;
		}
		if (n->step) {
			char line[256];

			/* the prompt, so a waiting terminal does not look
			   hung; Enter's echo ends its line */
			fputs(NARRATE_STEP_PROMPT, n->out);
			if (fflush(n->out)) {
				n->err = 1;
			}
			if (!fgets(line, sizeof(line), n->step)) {
				n->step = NULL;
			}
		}
	}
	for (k = 0; i < n->n_q; i++, k++) {
		n->q[k] = n->q[i];
	}
	n->n_q = k;
	if (fflush(n->out)) {
		n->err = 1;
	}
}

static struct nrange *range_of(struct nvar *v, uint32_t id)
{
	if (id >= v->n_r) {
		size_t old = v->n_r, cap = v->n_r;

		mem_grow((void **)&v->r, &cap, (size_t)id + 1, sizeof(*v->r));
		memset(v->r + old, 0, (cap - old) * sizeof(*v->r));
		v->n_r = cap;
	}
	return &v->r[id];
}

/* A DynamoDB table's split (dynamodb-mechanics.md D4, D6, D12): for
   storage (cut inside one key value's items by sort key, or not), for
   an on-demand table's instant limit, or for a provisioned table's
   units */
static void ddb_split(struct pk_narrator *n, size_t vi,
		      const struct pk_split_event *s)
{
	const char *why =
	    s->reason == PK_SPLIT_ISOLATE
		? "to isolate a hot item: one asked more than its "
		  "partition's share in a second, and adaptive capacity "
		  "gives it a partition of its own, up to that partition's "
		  "cap (D11)"
	    : s->reason == PK_SPLIT_HEAT
		? (s->by_sort_key
		       ? "for heat: its consumption stayed high, and the cut "
			 "at the median of the weight it observed falls "
			 "inside one key value's items, by sort key (D7)"
		       : "for heat: its consumption stayed high, cut between "
			 "key values at the median of the weight it "
			 "observed (D7)")
	    : s->reason != PK_SPLIT_STORAGE
		? (n->v[vi].on_demand
		       ? "because the on-demand table's instant limit "
			 "outgrew its partitions' caps (1,000 WRU, 3,000 "
			 "RRU each)"
		       : "because the table's provisioned units outgrew "
			 "what its partitions serve (1,000 WCU, 3,000 RCU "
			 "each, D4)")
	    : s->by_sort_key ? "because its storage passed 10 GiB, cut "
			       "inside one key value's items by sort key "
			       "(D6)"
			     : "because its storage passed 10 GiB";

	snprintf(add(n, s->t_s, EV_SPLIT, vi)->text, NARRATE_TEXT,
		 "partition %u splits into partitions %u and %u, %s", s->parent,
		 s->children[0], s->children[1], why);
}

/* A DynamoDB table's units change c in its words: read and write units
   apart (D3: never pooled), its partitions */
static void ddb_change(struct pk_narrator *n, size_t vi,
		       const struct pk_throughput_event *c)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], d[PK_FMT_BYTES], e[PK_FMT_BYTES];
	struct ev *x = add(n, c->t_s, EV_CHANGE, vi);
	size_t k = fmt_append(
	    x->text, NARRATE_TEXT, 0,
	    "the table's units change from %s RCU + %s WCU to %s RCU + %s "
	    "WCU",
	    fmt_thousands(c->side_from[0], a),
	    fmt_thousands(c->side_from[1], b), fmt_thousands(c->side_to[0], d),
	    fmt_thousands(c->side_to[1], e));

	if (c->ranges_after != c->ranges_before) {
		fmt_append(x->text, NARRATE_TEXT, k,
			   "; %zu partitions become %zu", c->ranges_before,
			   c->ranges_after);
	} else {
		fmt_append(x->text, NARRATE_TEXT, k,
			   c->ranges_before == 1
			       ? "; its %zu partition takes them at once"
			       : "; its %zu partitions take them at once",
			   c->ranges_before);
	}
}

/* Throughput changes, actions and splits recorded since the last call. */
static void read_events(struct pk_narrator *n, size_t vi,
			const struct pk_metrics *m)
{
	struct nvar *v = &n->v[vi];
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	for (; v->changes < m->n_changes; v->changes++) {
		const struct pk_throughput_event *c = &m->changes[v->changes];
		struct ev *x;

		if (v->ddb) {
			ddb_change(n, vi, c);
			continue;
		}
		x = add(n, c->t_s, EV_CHANGE, vi);
		size_t k = fmt_append(x->text, NARRATE_TEXT, 0,
				      "throughput changes from %s to %s RU/s",
				      fmt_thousands(c->from_ru_per_s, a),
				      fmt_thousands(c->to_ru_per_s, b));

		if (c->ranges_after != c->ranges_before) {
			fmt_append(x->text, NARRATE_TEXT, k,
				   "; %zu physical partitions become %zu%s",
				   c->ranges_before, c->ranges_after,
				   c->effective_t_s > c->t_s
				       ? " once the splits are done"
				       : "");
		} else {
			fmt_append(
			    x->text, NARRATE_TEXT, k,
			    c->ranges_before == 1
				? "; the %zu physical partition takes it "
				  "at once"
				: "; the %zu physical partitions take it "
				  "at once",
			    c->ranges_before);
		}
	}
	for (; v->actions < m->n_actions; v->actions++) {
		const struct pk_action *ac = &m->actions[v->actions];

		int after = ac->kind == PK_ACTION_SERVERLESS_RU ||
			    ac->kind == PK_ACTION_SPLITS_DONE;

		snprintf(
		    add(n, ac->t_s, after ? EV_RESULT : EV_ACTION, vi)->text,
		    NARRATE_TEXT, "%s", ac->detail);
	}
	for (; v->splits < m->n_splits; v->splits++) {
		const struct pk_split_event *s = &m->splits[v->splits];

		if (v->ddb) {
			ddb_split(n, vi, s);
			continue;
		}
		if (s->reason == PK_SPLIT_STORAGE) {
			snprintf(add(n, s->t_s, EV_SPLIT, vi)->text,
				 NARRATE_TEXT,
				 "range %u splits into ranges %u and %u, "
				 "because its storage passed the physical "
				 "partition cap of %s",
				 s->parent, s->children[0], s->children[1],
				 fmt_bytes(v->pp_storage_bytes, a));
			continue;
		}
		snprintf(add(n, s->t_s, EV_SPLIT, vi)->text, NARRATE_TEXT,
			 "range %u splits into ranges %u and %u, because the "
			 "throughput was raised past what the partitions can "
			 "serve (10,000 RU/s each)",
			 s->parent, s->children[0], s->children[1]);
	}
}

static void hot_end(struct pk_narrator *n, size_t vi)
{
	struct nvar *v = &n->v[vi];
	int64_t len = v->hot_last - v->hot_from + 1;

	snprintf(add(n, v->hot_last + 1, EV_HOT_END, vi)->text, NARRATE_TEXT,
		 "%s %u is no longer a hot partition (hot for %lld s, from "
		 "t = %lld s to t = %lld s)",
		 v->ddb ? "partition" : "range", v->hot, (long long)len,
		 (long long)v->hot_from, (long long)v->hot_last);
	v->hot = NO_RANGE;
}

/*
 * "range N reaches 100 % normalized RU", with why: a
 * second in which the range rate-limited a request for its own RU/s
 * (429/3200; a bucket's 3212 does not, nor a Low request it had room
 * for, rule 30) counts as 100 % (D-NRU,
 * README "normalized RU consumption") even when it used less than its
 * RU/s, and with burst capacity (D-BURST) it may use more than its RU/s,
 * the rest from its burst savings. Each case says so.
 */
static void full_ru(struct pk_narrator *n, size_t vi, const struct pk_sample *s)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char *text = add(n, s->t_s, EV_FULL_RU, vi)->text;
	int64_t used = (s->ru_mru + 500) / 1000;
	int64_t share = (s->ru_per_s_mru + 500) / 1000;

	fmt_thousands(used, a);
	fmt_thousands(share, b);
	if (n->v[vi].ddb) {
		/* its normalized figure is its busier bucket's use against
		   that bucket's share (ddb_service.h) */
		snprintf(text, NARRATE_TEXT,
			 metrics_short_of_ru(s)
			     ? "partition %u reaches 100 %% of its share: a "
			       "request was throttled in this second, which "
			       "counts as 100 %% (%s capacity units used, read "
			       "plus write)"
			     : "partition %u reaches 100 %% of its share: its "
			       "read or write bucket used all its share in "
			       "this second (%s capacity units used, read plus "
			       "write)",
			 s->range_id, a);
		return;
	}
	if (s->ru_mru > s->ru_per_s_mru && n->v[vi].burst && used > share) {
		snprintf(text, NARRATE_TEXT,
			 "range %u reaches 100 %% normalized RU: it used %s "
			 "RU of its %s RU/s in this second, %s of them from "
			 "burst capacity",
			 s->range_id, a, b, fmt_thousands(used - share, c));
	} else if (s->ru_mru < s->ru_per_s_mru && metrics_short_of_ru(s)) {
		snprintf(text, NARRATE_TEXT,
			 "range %u reaches 100 %% normalized RU: a request "
			 "was rate limited in this second, which counts as "
			 "100 %% (%s RU used of its %s RU/s)",
			 s->range_id, a, b);
	} else {
		snprintf(text, NARRATE_TEXT,
			 "range %u reaches 100 %% normalized RU: it used %s "
			 "RU of its %s RU/s in this second",
			 s->range_id, a, b);
	}
}

/* The samples of a second with requests: 100 %, first 429; and which
   range, if any, was the hot one (metrics.h's statistics, already
   updated with this second). */
static uint32_t read_samples(struct pk_narrator *n, size_t vi,
			     const struct pk_metrics *m,
			     const struct pk_sample *samples, size_t n_s)
{
	struct nvar *v = &n->v[vi];
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];
	uint32_t hot = NO_RANGE;
	size_t i;

	for (i = 0; i < n_s; i++) {
		const struct pk_sample *s = &samples[i];
		struct nrange *r;

		if (s->range_id < m->n_ranges &&
		    m->ranges[s->range_id].hot_seconds > 0 &&
		    m->ranges[s->range_id].hot_last_s == s->t_s) {
			hot = s->range_id;
		}
		if (s->requests == 0) {
			continue; /* nothing reached it this second */
		}
		r = range_of(v, s->range_id);
		if (!r->full &&
		    (metrics_short_of_ru(s) ||
		     (s->ru_per_s_mru > 0 && s->ru_mru >= s->ru_per_s_mru))) {
			r->full = 1;
			full_ru(n, vi, s);
		}
		if (!r->limited && s->throttled_429 > 0) {
			r->limited = 1;
			snprintf(
			    add(n, s->t_s, EV_FIRST_429, vi)->text,
			    NARRATE_TEXT,
			    v->ddb ? "first throttle on partition %u (HTTP "
				     "400): %s of its %s requests in this "
				     "second are throttled"
				   : "first 429 on range %u: %s of its %s "
				     "requests in this second are rate "
				     "limited",
			    s->range_id, fmt_thousands(s->throttled_429, a),
			    fmt_thousands(s->requests, b));
		}
	}
	return hot;
}

/*
 * A DynamoDB table's global secondary index refused its first base
 * writes in the closing second t_s (D17: the base write is throttled
 * and not stored, its reason the index's, D14). Its throttles are on no
 * table partition (the table's partition had room), so no partition's
 * "first throttle" tells them.
 */
static void index_throttles(struct pk_narrator *n, size_t vi,
			    const struct pk_metrics *m, int64_t t_s)
{
	/* a provisioned index's reasons, then an on-demand one's (D14) */
	static const char *const kinds[2][2] = {
	    {"IndexWriteKeyRangeThroughputExceeded",
	     "IndexWriteProvisionedThroughputExceeded"},
	    {"IndexWriteKeyRangeThroughputExceeded",
	     "IndexWriteAccountLimitExceeded"}};
	struct nvar *v = &n->v[vi];
	char a[PK_FMT_BYTES];
	size_t i;

	if (m->n_indexes > v->n_index_told) {
		v->index_told = xreallocarray(v->index_told, m->n_indexes, 1);
		memset(v->index_told + v->n_index_told, 0,
		       m->n_indexes - v->n_index_told);
		v->n_index_told = m->n_indexes;
	}
	for (i = 0; i < m->n_indexes; i++) {
		const struct pk_ddb_index *x = &m->indexes[i];

		if (v->index_told[i] || x->first_throttle_s < 0 ||
		    x->first_throttle_s > t_s) {
			continue;
		}
		v->index_told[i] = 1;
		snprintf(add(n, x->first_throttle_s, EV_FIRST_429, vi)->text,
			 NARRATE_TEXT,
			 "first throttle by global secondary index %s (%s, "
			 "HTTP 400): %s base writes in this second are "
			 "throttled and not stored, though the table's "
			 "partition had room",
			 x->name, kinds[x->on_demand != 0][x->first_reason],
			 fmt_thousands(x->throttled[0] + x->throttled[1], a));
	}
}

/* The 429s of variant vi are over at second t_s: the retry queue has
   drained (or nobody retried). */
static void drained(struct pk_narrator *n, size_t vi, int64_t t_s)
{
	struct nvar *v = &n->v[vi];

	v->backlog = 0;
	if (v->last_retry >= 0) {
		snprintf(add(n, t_s, EV_DRAINED, vi)->text, NARRATE_TEXT,
			 "the retry queue has drained: no %s and no retry in "
			 "this second (the last retries at t = %lld s)",
			 v->ddb ? "throttle" : "429", (long long)v->last_retry);
	} else {
		snprintf(add(n, t_s, EV_DRAINED, vi)->text, NARRATE_TEXT,
			 v->ddb
			     ? "no more throttles: the throttled requests "
			       "were not retried"
			     : "no more 429s: the rate-limited requests were "
			       "not retried");
	}
}

/*
 * One closed second, or run of idle ones, as the run closes it (the
 * observer's `second`): 100 %, first 429, hot partitions, the retry
 * queue drained. Nothing of the second is kept but what each range and
 * the variant have told, so memory grows with ranges, not time. A run
 * of hot seconds ends at the first closed second that is not hot for its
 * range (an idle one too).
 */
static void on_second(void *ctx, size_t vi, const struct pk_metrics *m,
		      const struct pk_second *sec,
		      const struct pk_sample *samples, size_t n_s)
{
	struct pk_narrator *n = ctx;
	struct nvar *v;
	uint32_t hot;

	if (vi >= n->n_v) {
		return;
	}
	v = &n->v[vi];
	hot = read_samples(n, vi, m, samples, n_s);
	if (m->n_indexes > 0) {
		index_throttles(n, vi, m, sec->t_s);
	}
	if (v->hot != NO_RANGE && v->hot != hot) {
		hot_end(n, vi);
	}
	if (hot != NO_RANGE) {
		if (v->hot != hot) {
			v->hot = hot;
			v->hot_from = sec->t_s;
			snprintf(add(n, sec->t_s, EV_HOT_START, vi)->text,
				 NARRATE_TEXT,
				 v->ddb
				     ? "partition %u is a hot partition: "
				       "alone at 100 %% of its share while "
				       "every other partition stays at or "
				       "below 30 %%"
				     : "range %u is a hot partition: alone at "
				       "100 %% normalized RU while every other "
				       "range stays at or below 30 %%",
				 hot);
		}
		v->hot_last = sec->t_s;
	}
	if (sec->throttled_429 > 0 || sec->retries > 0) {
		v->backlog = v->backlog || sec->throttled_429 > 0;
		if (sec->retries > 0) {
			v->last_retry = sec->t_s;
		}
		return;
	}
	if (!v->backlog) {
		return;
	}
	drained(n, vi, sec->t_s);
}

static void on_closed(void *ctx, size_t vi, const struct pk_metrics *m,
		      int64_t before_s)
{
	struct pk_narrator *n = ctx;
	int64_t low = INT64_MAX;
	size_t i;

	if (vi >= n->n_v) {
		return;
	}
	read_events(n, vi, m);
	n->v[vi].before_s = before_s;
	for (i = 0; i < n->n_v; i++) {
		if (n->v[i].before_s < low) {
			low = n->v[i].before_s;
		}
	}
	tell(n, low);
}

static void on_lp_full(void *ctx, size_t vi, int64_t t_ms, const char *key)
{
	struct pk_narrator *n = ctx;
	struct nvar *v;
	char a[PK_FMT_BYTES];

	if (vi >= n->n_v) {
		return;
	}
	v = &n->v[vi];
	if (v->ddb && v->full_told < PK_NARRATE_MAX_FULL) {
		/* D18: a table with a local secondary index caps a
		   partition-key value's item collection at 10 GiB */
		snprintf(add(n, t_ms / 1000, EV_LP_FULL, vi)->text,
			 NARRATE_TEXT,
			 "item collection %s reached 10 GiB: from now on a "
			 "write that would grow it is refused with HTTP 400 "
			 "(ItemCollectionSizeLimitExceededException), while "
			 "other key values go on",
			 key);
	} else if (v->full_told < PK_NARRATE_MAX_FULL) {
		snprintf(add(n, t_ms / 1000, EV_LP_FULL, vi)->text,
			 NARRATE_TEXT,
			 "logical partition %s is full: a write that would "
			 "take it past its %s cap is refused with 403/1014",
			 key, fmt_bytes(v->lp_storage_bytes, a));
	} else if (v->full_told == PK_NARRATE_MAX_FULL) {
		snprintf(add(n, t_ms / 1000, EV_LP_FULL, vi)->text,
			 NARRATE_TEXT,
			 "%s %s is full too; more are not told here (the "
			 "report's findings count them)",
			 v->ddb ? "item collection" : "logical partition", key);
	}
	v->full_told++;
}

struct pk_narrator *narrate_new(const struct pk_scenario *sc, FILE *out,
				FILE *step)
{
	struct pk_narrator *n = xcalloc(1, sizeof(*n));
	size_t i;

	n->out = out;
	n->step = step;
	n->n_v = sc->n_variants;
	n->v = xcalloc(n->n_v ? n->n_v : 1, sizeof(*n->v));
	for (i = 0; i < n->n_v; i++) {
		const struct pk_container_spec *cs = &sc->variants[i];

		n->v[i].name = cs->name ? cs->name : cs->partition_key;
		n->v[i].pp_storage_bytes = cs->pp_storage_bytes;
		n->v[i].lp_storage_bytes = cs->lp_storage_bytes;
		n->v[i].burst = cs->burst;
		n->v[i].ddb = scenario_variant_table(sc, cs) != NULL;
		n->v[i].on_demand =
		    n->v[i].ddb && scenario_variant_table(sc, cs)->capacity ==
				       PK_DDB_ON_DEMAND;
		n->v[i].last_retry = -1;
		n->v[i].hot = NO_RANGE;
	}
	return n;
}

void narrate_observer(struct pk_narrator *n, struct pk_sim_observer *o)
{
	memset(o, 0, sizeof(*o));
	o->ctx = n;
	o->closed = on_closed;
	o->second = on_second;
	o->lp_full = on_lp_full;
}

/* Every run of hot seconds still open ends, then everything is told.
   end_s >= 0: the run finished at that second, with no request left,
   so a backlog of 429s still open has drained by then: told at the
   end, as a run of hot seconds is (a queue that empties
   in the run's last second closes no quiet second to tell it by); a
   retry in the second the run ends puts it one later. -1: the run
   stopped with an error, its queue not drained. */
static void tell_all(struct pk_narrator *n, int64_t end_s)
{
	size_t vi;

	for (vi = 0; vi < n->n_v; vi++) {
		struct nvar *v = &n->v[vi];

		if (v->hot != NO_RANGE) {
			hot_end(n, vi);
		}
		if (end_s >= 0 && v->backlog) {
			drained(n, vi,
				end_s > v->last_retry ? end_s
						      : v->last_retry + 1);
		}
	}
	tell(n, INT64_MAX);
}

int narrate_end(struct pk_narrator *n, int64_t end_ms)
{
	tell_all(n, (end_ms + 999) / 1000);
	fprintf(n->out, "t = %lld s: the run ends.\n",
		(long long)((end_ms + 999) / 1000));
	if (fflush(n->out) || ferror(n->out)) {
		n->err = 1;
	}
	return n->err ? -1 : 0;
}

int narrate_stop(struct pk_narrator *n)
{
	tell_all(n, -1);
	return n->err ? -1 : 0;
}

void narrate_free(struct pk_narrator *n)
{
	size_t i;

	if (!n) {
		return;
	}
	for (i = 0; i < n->n_v; i++) {
		free(n->v[i].r);
		free(n->v[i].index_told);
	}
	free(n->v);
	free(n->q);
	free(n);
}
