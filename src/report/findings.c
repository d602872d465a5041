/*
 * findings: verdicts in plain words from one variant's frozen result
 * (findings.h). The hot-partition bounds (99% and 30%) are the metrics'
 * (PK_METRICS_HOT, PK_METRICS_COLD), which count the hot seconds.
 */
#include "pksim/report/findings.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

#define PK_FINDINGS_HEALTHY_429 0.05 /* D-429: 1-5% is healthy */
#define PK_FINDINGS_HOT_SHARE 0.20   /* a logical partition this big a
					share of RU is worth naming */
#define PK_FINDINGS_MAX_403 3        /* full logical partitions named */
#define PK_FINDINGS_MAX_RANGES 5     /* rate-limited ranges named */

/* ---- the sentences ---- */

struct pk_sentences {
	char **v;
	size_t n, cap;
};

static void say(struct pk_sentences *s, char *text)
{
	mem_grow((void **)&s->v, &s->cap, s->n + 1, sizeof(*s->v));
	s->v[s->n++] = text;
}

static double pct(double x)
{
	return 100.0 * x;
}

static void key_text(const struct pk_pkey *k, const struct pk_result_lp *lp,
		     char *buf, size_t cap)
{
	pkey_format_id(k, lp->key, lp->key_len, buf, cap);
}

/* RU served over RU provisioned in the seconds range id rate-limited
   requests: how much of the container was in use while it throttled */
static double utilisation_while_throttled(const struct pk_result_variant *v,
					  uint32_t id)
{
	const struct pk_range_stats *r;

	if (id >= v->metrics->n_ranges) {
		return 0.0;
	}
	r = &v->metrics->ranges[id];
	return r->throttled_prov_ru > 0
		       ? r->throttled_served_ru / r->throttled_prov_ru
		       : 0.0;
}

/* The rate-limited share of range i's requests. */
static double rate_429(const struct pk_result_variant *v, size_t i)
{
	const struct pk_result_range *p = &v->ranges[i];

	return p->requests ? (double)p->throttled_429 / (double)p->requests
			   : 0.0;
}

/* Index of the range with the highest 429 rate not yet said (said[]),
   or SIZE_MAX when none is left with 429s. */
static size_t worst_unsaid(const struct pk_result_variant *v,
			   const char *said)
{
	size_t i, best = SIZE_MAX;

	for (i = 0; i < v->n_ranges; i++) {
		if (said[i] || v->ranges[i].throttled_429 == 0) {
			continue;
		}
		if (best == SIZE_MAX || rate_429(v, i) > rate_429(v, best)) {
			best = i;
		}
	}
	return best;
}

/* Per range with 429s (the worst PK_FINDINGS_MAX_RANGES, then a count):
   its rate against the container's utilisation in the seconds it
   throttled. */
static void say_throttled_ranges(struct pk_sentences *s,
				 const struct pk_result_variant *v)
{
	char *said = xcalloc(v->n_ranges ? v->n_ranges : 1, 1);
	char a[32], b[32];
	size_t i, n = 0, more = 0;

	while ((i = worst_unsaid(v, said)) != SIZE_MAX) {
		const struct pk_result_range *p = &v->ranges[i];

		said[i] = 1;
		if (n++ >= PK_FINDINGS_MAX_RANGES) {
			more++;
			continue;
		}
		say(s, xasprintf("partition key range %u rate-limited %.1f%% "
				 "of its requests (%s of %s) while the "
				 "container used %.0f%% of its provisioned "
				 "throughput in those seconds%s",
				 p->id, pct(rate_429(v, i)),
				 fmt_thousands(p->throttled_429, a),
				 fmt_thousands(p->requests, b),
				 pct(utilisation_while_throttled(v, p->id)),
				 rate_429(v, i) <= PK_FINDINGS_HEALTHY_429
					 ? " (1-5% is a healthy rate when "
					   "latency is acceptable)"
					 : ""));
	}
	if (more > 0) {
		say(s, xasprintf("%s more partition key ranges rate-limited "
				 "requests (the physical partitions table "
				 "lists them all)",
				 fmt_thousands(more, a)));
	}
	free(said);
}

/* Seconds in which one range was at 100% while the others stayed at or
   under 30% (D-NRU's picture of a hot partition), per range id. */
static void say_hot_range(struct pk_sentences *s,
			  const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	char a[32];
	size_t id;

	for (id = 0; id < m->n_ranges; id++) {
		const struct pk_range_stats *r = &m->ranges[id];

		if (r->hot_seconds == 0) {
			continue;
		}
		say(s, xasprintf("partition key range %zu was a hot partition "
				 "in %s seconds between t = %lld s and "
				 "%lld s: 100%% normalized RU consumption "
				 "while every other range stayed at or below "
				 "30%%",
				 id, fmt_thousands(r->hot_seconds, a),
				 (long long)r->hot_first_s,
				 (long long)r->hot_last_s));
	}
}

static void say_hot_lp(struct pk_sentences *s,
		       const struct pk_result_variant *v)
{
	const struct pk_pkey *k = v->key;
	const struct pk_result_lp *top = &v->top_ru[0];
	char key[128], a[32];
	double share;

	if (v->metrics->totals.ru_mru <= 0 || v->n_top_ru == 0) {
		return;
	}
	share = (double)top->ru_mru / (double)v->metrics->totals.ru_mru;
	if (share < PK_FINDINGS_HOT_SHARE) {
		return;
	}
	key_text(k, top, key, sizeof(key));
	say(s, xasprintf("logical partition %s = %s took %.0f%% of all RU; "
			 "one logical partition can never use more than its "
			 "range's %s RU/s%s",
			 k->text, key, pct(share),
			 fmt_thousands(result_lp_range_ru_per_s(v, top), a),
			 v->spec->burst ? " (beyond it only from burst "
					  "savings, up to 3,000 RU/s)"
					: ""));
	if (pkey_id_is_undefined(top->key, top->key_len)) {
		say(s, xasprintf("the hottest logical partition holds items "
				 "without %s: they all share the one "
				 "undefined partition key value",
				 k->text));
	}
}

/* The first PK_FINDINGS_MAX_403 logical partitions (in order of
   creation) that refused a write, then how many did in all. */
static void say_full_lps(struct pk_sentences *s,
			 const struct pk_result_variant *v)
{
	const struct pk_pkey *k = v->key;
	char key[128], a[32], b[32], cap[32];
	size_t i;

	for (i = 0; i < v->n_full_listed && i < PK_FINDINGS_MAX_403; i++) {
		const struct pk_result_lp *lp = &v->full[i];

		key_text(k, lp, key, sizeof(key));
		say(s, xasprintf("logical partition %s = %s reached its %s "
				 "limit at t = %s s; %s writes to it failed "
				 "with 403/1014 and stored nothing",
				 k->text, key,
				 fmt_bytes(v->spec->lp_storage_bytes, cap),
				 fmt_thousands((lp->full_at_ms + 999) / 1000,
					       a),
				 fmt_thousands(lp->rejected_403, b)));
	}
	if (v->n_full > PK_FINDINGS_MAX_403) {
		say(s, xasprintf("%llu logical partitions in all reached their "
				 "storage limit",
				 (unsigned long long)v->n_full));
	}
}

static void say_splits(struct pk_sentences *s,
		       const struct pk_result_variant *v)
{
	const struct pk_metrics *m = v->metrics;
	size_t i, n_storage = 0, n_tp = 0;

	for (i = 0; i < m->n_splits; i++) {
		if (m->splits[i].reason == PK_SPLIT_STORAGE) {
			n_storage++;
		} else {
			n_tp++;
		}
	}
	if (m->n_splits > 0) {
		/* RU/s a range: whole with separators, else one decimal */
		int64_t tenths = (v->ru_per_s * 10 + (int64_t)v->n_ranges / 2) /
				 (int64_t)v->n_ranges;
		char a[32], b[48], w[32];

		snprintf(b, sizeof(b), "%s", fmt_thousands(tenths / 10, w));
		if (tenths % 10 != 0) {
			snprintf(b + strlen(b), sizeof(b) - strlen(b), ".%lld",
				 (long long)(tenths % 10));
		}
		say(s, xasprintf("%zu split%s (%zu for storage, %zu for "
				 "throughput): the container ended with %s "
				 "physical partition%s of %s RU/s each",
				 m->n_splits, m->n_splits == 1 ? "" : "s",
				 n_storage, n_tp, fmt_thousands(v->n_ranges, a),
				 v->n_ranges == 1 ? "" : "s", b));
	}
	for (i = 0; i < v->n_ranges; i++) {
		if (v->ranges[i].split_blocked) {
			say(s, xasprintf("partition key range %u is over its "
					 "storage cap but holds a single "
					 "logical partition, so it cannot "
					 "split",
					 v->ranges[i].id));
		}
	}
}

/* D-MERGE: merge suits containers below 3,000 RU/s and 20 GB a range */
static void say_merge(struct pk_sentences *s,
		      const struct pk_result_variant *v)
{
	const struct pk_result_merge_note *note = &v->merge_note;
	char a[32], b[32];

	if (note->t_s < 0) {
		return;
	}
	say(s, xasprintf("the merge at t=%llds ran on a container with %s "
			 "RU/s and %s a physical partition; D-MERGE suits "
			 "containers below 3,000 RU/s and 20 GB a partition",
			 (long long)note->t_s,
			 fmt_thousands(note->ru_per_pp, a),
			 fmt_bytes(note->avg_bytes, b)));
}

static void say_failures(struct pk_sentences *s,
			 const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[32];

	if (t->failed_after_retries > 0) {
		say(s, xasprintf("%s operations (%.2f%%) failed after the "
				 "client's retries: the application sees "
				 "these 429s",
				 fmt_thousands(t->failed_after_retries, a),
				 pct((double)t->failed_after_retries /
				     (double)t->operations)));
	}
}

static void say_refused(struct pk_sentences *s,
			const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[32], b[32], d[32];

	if (t->bad_request_400 + t->too_large_413 + t->conflict_409 == 0) {
		return;
	}
	say(s, xasprintf("%s requests were refused with 400 (the key value "
			 "is an object or array or over 2,048 bytes, a bad id, "
			 "or a changed key), %s with 413 (over 2 MB) and %s "
			 "with 409 (an id its logical partition holds)",
			 fmt_thousands(t->bad_request_400, a),
			 fmt_thousands(t->too_large_413, b),
			 fmt_thousands(t->conflict_409, d)));
	if (t->batches_rejected_400 > 0) {
		/* reference §3: a batch stays inside one logical partition */
		say(s, xasprintf("%s of the 400s were transactional batches "
				 "whose items span logical partitions: a batch "
				 "must stay inside one, so each was refused "
				 "whole",
				 fmt_thousands(t->batches_rejected_400, a)));
	}
}

static void say_not_found(struct pk_sentences *s,
			  const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[32];

	if (t->not_found_404 > 0) {
		say(s, xasprintf("%s reads, replaces or deletes found no item "
				 "(404): the workload had created it, but in "
				 "this container its create failed (rate "
				 "limited past the retries, or refused)",
				 fmt_thousands(t->not_found_404, a)));
	}
}

char **findings_make(const struct pk_result_variant *v, size_t *n)
{
	struct pk_sentences s = {0};

	say_throttled_ranges(&s, v);
	say_hot_range(&s, v);
	say_hot_lp(&s, v);
	say_full_lps(&s, v);
	say_failures(&s, v);
	say_not_found(&s, v);
	say_refused(&s, v);
	say_splits(&s, v);
	say_merge(&s, v);
	if (v->metrics->totals.throttled_429 == 0) {
		say(&s, xasprintf("no rate limiting: peak normalized RU "
				  "consumption was %.0f%% (range %u)",
				  pct(v->peak_normalized), v->peak_range));
	}
	*n = s.n;
	return s.v;
}
