/*
 * narrate: a run's events as sentences in simulated-time order
 * (narrate.h). Events are gathered from the result model, sorted by
 * (second, kind, variant, sequence) and written.
 */
#include "pksim/report/narrate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/model/metrics.h"
#include "pksim/model/pkey.h"

#define NARRATE_TEXT 320

/* Event kinds, in the order they are told within one second. */
enum ev_kind {
	EV_CHANGE = 0,
	EV_ACTION,
	EV_SPLIT,
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
	size_t seq;
	char text[NARRATE_TEXT];
};

struct evs {
	struct ev *v;
	size_t n, cap;
};

static struct ev *add(struct evs *e, int64_t t_s, enum ev_kind kind,
		      size_t variant)
{
	struct ev *x;

	if (e->n == e->cap) {
		e->cap = e->cap ? e->cap * 2 : 32;
		e->v = xreallocarray(e->v, e->cap, sizeof(*e->v));
	}
	x = &e->v[e->n];
	memset(x, 0, sizeof(*x));
	x->t_s = t_s;
	x->kind = kind;
	x->variant = variant;
	x->seq = e->n++;
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

/* Per-second events of v: 100 %, first 429, the retry queue drained. */
static void per_second(struct evs *e, const struct pk_result_variant *v,
		       size_t vi)
{
	const struct pk_metrics *m = v->metrics;
	unsigned char *full = xcalloc(m->n_ranges + 1, 1);
	unsigned char *limited = xcalloc(m->n_ranges + 1, 1);
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];
	size_t i;
	int backlog = 0;
	int64_t last_retry = -1;

	for (i = 0; i < m->n_samples; i++) {
		const struct pk_sample *s = &m->samples[i];
		uint32_t id = s->range_id;

		if (id >= m->n_ranges) {
			continue;
		}
		if (!full[id] &&
		    (s->throttled_429 > 0 ||
		     (s->ru_per_s_mru > 0 && s->ru_mru >= s->ru_per_s_mru))) {
			full[id] = 1;
			snprintf(add(e, s->t_s, EV_FULL_RU, vi)->text,
				 NARRATE_TEXT,
				 "range %u reaches 100 %% normalized RU: it "
				 "used %s RU of its %s RU/s in this second",
				 id, fmt_thousands(s->ru_mru / 1000, a),
				 fmt_thousands(s->ru_per_s_mru / 1000, b));
		}
		if (!limited[id] && s->throttled_429 > 0) {
			limited[id] = 1;
			snprintf(add(e, s->t_s, EV_FIRST_429, vi)->text,
				 NARRATE_TEXT,
				 "first 429 on range %u: %s of its %s requests "
				 "in this second are rate limited",
				 id, fmt_thousands(s->throttled_429, a),
				 fmt_thousands(s->requests, b));
		}
	}
	for (i = 0; i < m->n_seconds; i++) {
		const struct pk_second *s = &m->seconds[i];

		if (s->throttled_429 > 0 || s->retries > 0) {
			backlog = backlog || s->throttled_429 > 0;
			if (s->retries > 0) {
				last_retry = s->t_s;
			}
		} else if (backlog) {
			backlog = 0;
			if (last_retry >= 0) {
				snprintf(add(e, s->t_s, EV_DRAINED, vi)->text,
					 NARRATE_TEXT,
					 "the retry queue has drained: no 429 "
					 "and no retry in this second (the "
					 "last retries at t = %lld s)",
					 (long long)last_retry);
			} else {
				snprintf(add(e, s->t_s, EV_DRAINED, vi)->text,
					 NARRATE_TEXT,
					 "no more 429s: the rate-limited "
					 "requests were not retried");
			}
		}
	}
	free(full);
	free(limited);
}

static void gather(struct evs *e, const struct pk_result_variant *v, size_t vi)
{
	const struct pk_metrics *m = v->metrics;
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], key[96];
	size_t i;

	for (i = 0; i < m->n_changes; i++) {
		const struct pk_throughput_event *c = &m->changes[i];
		struct ev *x = add(e, c->t_s, EV_CHANGE, vi);
		int n = snprintf(x->text, NARRATE_TEXT,
				 "throughput changes from %s to %s RU/s",
				 fmt_thousands(c->from_ru_per_s, a),
				 fmt_thousands(c->to_ru_per_s, b));

		if (c->ranges_after != c->ranges_before) {
			snprintf(x->text + n, NARRATE_TEXT - (size_t)n,
				 "; %zu physical partitions become %zu%s",
				 c->ranges_before, c->ranges_after,
				 c->effective_t_s > c->t_s
				     ? " once the splits are done"
				     : "");
		} else {
			snprintf(x->text + n, NARRATE_TEXT - (size_t)n,
				 "; the %zu physical partitions take it "
				 "at once",
				 c->ranges_before);
		}
	}
	for (i = 0; i < m->n_actions; i++) {
		snprintf(add(e, m->actions[i].t_s, EV_ACTION, vi)->text,
			 NARRATE_TEXT, "%s", m->actions[i].detail);
	}
	for (i = 0; i < m->n_splits; i++) {
		const struct pk_split_event *s = &m->splits[i];

		if (s->reason == PK_SPLIT_STORAGE) {
			snprintf(add(e, s->t_s, EV_SPLIT, vi)->text,
				 NARRATE_TEXT,
				 "range %u splits into ranges %u and %u, "
				 "because its storage passed the physical "
				 "partition cap of %s",
				 s->parent, s->children[0], s->children[1],
				 fmt_bytes(v->spec->pp_storage_bytes, a));
			continue;
		}
		snprintf(add(e, s->t_s, EV_SPLIT, vi)->text, NARRATE_TEXT,
			 "range %u splits into ranges %u and %u, because the "
			 "throughput was raised past what the partitions can "
			 "serve (10,000 RU/s each)",
			 s->parent, s->children[0], s->children[1]);
	}
	for (i = 0; i < m->n_ranges; i++) {
		const struct pk_range_stats *rs = &m->ranges[i];

		if (rs->hot_seconds == 0) {
			continue;
		}
		snprintf(add(e, rs->hot_first_s, EV_HOT_START, vi)->text,
			 NARRATE_TEXT,
			 "range %zu is a hot partition: alone at 100 %% "
			 "normalized RU while every other range stays at or "
			 "below 30 %%",
			 i);
		snprintf(add(e, rs->hot_last_s + 1, EV_HOT_END, vi)->text,
			 NARRATE_TEXT,
			 "range %zu is no longer a hot partition (its last hot "
			 "second was t = %lld s; %llu hot seconds in all)",
			 i, (long long)rs->hot_last_s,
			 (unsigned long long)rs->hot_seconds);
	}
	for (i = 0; i < v->n_full_listed; i++) {
		const struct pk_result_lp *lp = &v->full[i];

		if (lp->full_at_ms < 0) {
			continue;
		}
		pkey_format_id(v->key, lp->key, lp->key_len, key, sizeof(key));
		snprintf(add(e, lp->full_at_ms / 1000, EV_LP_FULL, vi)->text,
			 NARRATE_TEXT,
			 "logical partition %s reaches its %s cap: its next "
			 "write gets 403/1014",
			 key, fmt_bytes(v->spec->lp_storage_bytes, a));
	}
	per_second(e, v, vi);
}

int report_narrate(const struct pk_result *r, FILE *out, FILE *step)
{
	struct evs e = {0};
	size_t i;
	int rc = 0;

	for (i = 0; i < r->n_variants; i++) {
		gather(&e, &r->variants[i], i);
	}
	if (e.n) {
		qsort(e.v, e.n, sizeof(*e.v), cmp);
	}
	for (i = 0; i < e.n; i++) {
		fprintf(out, "t = %lld s: ", (long long)e.v[i].t_s);
		if (r->n_variants > 1) {
			fprintf(out, "[%s] ", r->variants[e.v[i].variant].name);
		}
		fprintf(out, "%s.\n", e.v[i].text);
		if (step) {
			char line[256];

			fflush(out);
			if (!fgets(line, sizeof(line), step)) {
				step = NULL;
			}
		}
	}
	fprintf(out, "t = %lld s: the run ends.\n",
		(long long)((r->end_ms + 999) / 1000));
	if (fflush(out) || ferror(out)) {
		rc = -1;
	}
	free(e.v);
	return rc;
}
