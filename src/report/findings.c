/*
 * findings: verdicts in plain words from one variant's metrics.
 */
#include "pksim/base/fmt.h"
#include "pksim/report/findings.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

#define PK_FINDINGS_HEALTHY_429 0.05 /* D-429: 1-5% is healthy */
#define PK_FINDINGS_HOT_PEAK 0.99    /* ~100% normalized: at its budget */
#define PK_FINDINGS_COLD_PEAK 0.30   /* D-NRU's "<= 30%" for the others */
#define PK_FINDINGS_HOT_SHARE 0.20   /* a logical partition this big a
					share of RU is worth naming */
#define PK_FINDINGS_MAX_403 3        /* full logical partitions named */
#define PK_FINDINGS_MAX_RANGES 5     /* rate-limited ranges named */

static int lp_before(const struct pk_lp *a, const struct pk_lp *b,
		     int by_storage)
{
	uint64_t x = by_storage ? a->storage_bytes : (uint64_t)a->ru_mru;
	uint64_t y = by_storage ? b->storage_bytes : (uint64_t)b->ru_mru;
	size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
	int c;

	if (x != y) {
		return x > y;
	}
	c = memcmp(a->key, b->key, n);
	return c != 0 ? c < 0 : a->key_len < b->key_len;
}

size_t findings_top_lps(const struct pk_container *c, int by_storage,
			const struct pk_lp **out, size_t k)
{
	struct pk_lp *lp, *tmp;
	size_t n = 0, i;

	if (k == 0) {
		return 0;
	}
	HASH_ITER(hh, c->lps, lp, tmp)
	{
		if (n == k && !lp_before(lp, out[n - 1], by_storage)) {
			continue;
		}
		i = n < k ? n++ : n - 1;
		while (i > 0 && lp_before(lp, out[i - 1], by_storage)) {
			out[i] = out[i - 1];
			i--;
		}
		out[i] = lp;
	}
	return n;
}

double findings_utilisation(const struct pk_container *c)
{
	const struct pk_metrics *m = &c->metrics;

	return m->provisioned_ru > 0
		       ? metrics_ru(m->totals.ru_mru) / m->provisioned_ru
		       : 0.0;
}

double findings_peak(const struct pk_container *c, uint32_t *range_id)
{
	const struct pk_metrics *m = &c->metrics;
	double best = 0;
	size_t i;

	*range_id = c->pmap.ranges[0].id;
	for (i = 0; i < m->n_ranges; i++) {
		if (m->ranges[i].peak_normalized > best) {
			best = m->ranges[i].peak_normalized;
			*range_id = (uint32_t)i;
		}
	}
	return best;
}

int findings_sends_batches(const struct pk_run *run)
{
	size_t i;

	for (i = 0; i < run->sc->n_phases; i++) {
		if (run->sc->phases[i].mix[PK_OP_BATCH] > 0) {
			return 1;
		}
	}
	return 0;
}

uint64_t findings_live_lps(const struct pk_container *c)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		n += c->pp[i].logical_partitions;
	}
	return n;
}

uint64_t findings_storage(const struct pk_container *c)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < c->pmap.n; i++) {
		s += c->pp[i].storage_bytes;
	}
	return s;
}

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

static void key_text(const struct pk_pkey *k, const struct pk_lp *lp,
		     char *buf, size_t cap)
{
	pkey_format_id(k, lp->key, lp->key_len, buf, cap);
}

/* RU served over RU provisioned in the seconds range id rate-limited
   requests: how much of the container was in use while it throttled */
static double utilisation_while_throttled(const struct pk_container *c,
					  uint32_t id)
{
	const struct pk_range_stats *r;

	if (id >= c->metrics.n_ranges) {
		return 0.0;
	}
	r = &c->metrics.ranges[id];
	return r->throttled_prov_ru > 0
		       ? r->throttled_served_ru / r->throttled_prov_ru
		       : 0.0;
}

const char *findings_count(unsigned long long v, char *buf)
{
	return fmt_thousands((int64_t)v, buf);
}

const char *findings_bytes(uint64_t b, char *buf)
{
	return fmt_bytes(b, buf);
}

/* Per range with 429s: its rate against the container's utilisation in
   the seconds it throttled. */
/* The rate-limited share of range i's requests. */
static double rate_429(const struct pk_container *c, size_t i)
{
	const struct pk_pp *p = &c->pp[i];

	return p->requests ? (double)p->throttled_429 / (double)p->requests
			   : 0.0;
}

/* Index of the range with the highest 429 rate not yet said (said[]),
   or SIZE_MAX when none is left with 429s. */
static size_t worst_unsaid(const struct pk_container *c, const char *said)
{
	size_t i, best = SIZE_MAX;

	for (i = 0; i < c->pmap.n; i++) {
		if (said[i] || c->pp[i].throttled_429 == 0) {
			continue;
		}
		if (best == SIZE_MAX || rate_429(c, i) > rate_429(c, best)) {
			best = i;
		}
	}
	return best;
}

/* Per range with 429s (the worst PK_FINDINGS_MAX_RANGES, then a count):
   its rate against the container's utilisation in the seconds it
   throttled. */
static void say_throttled_ranges(struct pk_sentences *s,
				 const struct pk_container *c)
{
	char *said = xcalloc(c->pmap.n ? c->pmap.n : 1, 1);
	char a[32], b[32];
	size_t i, n = 0, more = 0;

	while ((i = worst_unsaid(c, said)) != SIZE_MAX) {
		const struct pk_pp *p = &c->pp[i];

		said[i] = 1;
		if (n++ >= PK_FINDINGS_MAX_RANGES) {
			more++;
			continue;
		}
		say(s, xasprintf("partition key range %u rate-limited %.1f%% "
				 "of its requests (%s of %s) while the "
				 "container used %.0f%% of its provisioned "
				 "throughput in those seconds%s",
				 c->pmap.ranges[i].id, pct(rate_429(c, i)),
				 findings_count(p->throttled_429, a),
				 findings_count(p->requests, b),
				 pct(utilisation_while_throttled(
					 c, c->pmap.ranges[i].id)),
				 rate_429(c, i) <= PK_FINDINGS_HEALTHY_429
					 ? " (1-5% is a healthy rate when "
					   "latency is acceptable)"
					 : ""));
	}
	if (more > 0) {
		say(s, xasprintf("%s more partition key ranges rate-limited "
				 "requests (the physical partitions table "
				 "lists them all)",
				 findings_count(more, a)));
	}
	free(said);
}

/* Seconds in which one range was at 100% while the others stayed at or
   under 30% (D-NRU's picture of a hot partition), per range id. */
static void say_hot_range(struct pk_sentences *s,
			  const struct pk_container *c)
{
	const struct pk_metrics *m = &c->metrics;
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
				 id, findings_count(r->hot_seconds, a),
				 (long long)r->hot_first_s,
				 (long long)r->hot_last_s));
	}
}

static void say_hot_lp(struct pk_sentences *s, const struct pk_container *c,
		       const struct pk_pkey *k)
{
	const struct pk_lp *top[1];
	char key[128], a[32];
	double share;
	size_t r;

	if (c->metrics.totals.ru_mru <= 0 ||
	    findings_top_lps(c, 0, top, 1) == 0) {
		return;
	}
	share = (double)top[0]->ru_mru / (double)c->metrics.totals.ru_mru;
	if (share < PK_FINDINGS_HOT_SHARE) {
		return;
	}
	key_text(k, top[0], key, sizeof(key));
	r = pmap_find(&c->pmap, &top[0]->epk);
	say(s, xasprintf("logical partition %s = %s took %.0f%% of all RU; "
			 "one logical partition can never use more than its "
			 "range's %s RU/s%s",
			 k->text, key, pct(share),
			 findings_count((unsigned long long)(c->pp[r].budget.share_mru /
						     1000),
				a),
			 c->spec.burst ? " (beyond it only from burst savings, "
					 "up to 3,000 RU/s)"
				       : ""));
	if (pkey_id_is_undefined(top[0]->key, top[0]->key_len)) {
		say(s, xasprintf("the hottest logical partition holds items "
				 "without %s: they all share the one "
				 "undefined partition key value",
				 k->text));
	}
}

static void say_full_lps(struct pk_sentences *s, const struct pk_container *c,
			 const struct pk_pkey *k)
{
	struct pk_lp *lp, *tmp;
	size_t named = 0, full = 0;
	char key[128], a[32], b[32], cap[32];

	HASH_ITER(hh, c->lps, lp, tmp)
	{
		if (lp->rejected_403 == 0) {
			continue;
		}
		full++;
		if (named++ >= PK_FINDINGS_MAX_403) {
			continue;
		}
		key_text(k, lp, key, sizeof(key));
		say(s, xasprintf("logical partition %s = %s reached its %s "
				 "limit at t = %s s; %s writes to it failed "
				 "with 403/1014 and stored nothing",
				 k->text, key,
				 findings_bytes(c->spec.lp_storage_bytes, cap),
				 findings_count((unsigned long long)((lp->full_at_ms +
							      999) /
							     1000),
					a),
				 findings_count(lp->rejected_403, b)));
	}
	if (full > PK_FINDINGS_MAX_403) {
		say(s, xasprintf("%zu logical partitions in all reached their "
				 "storage limit",
				 full));
	}
}

static void say_splits(struct pk_sentences *s, const struct pk_container *c)
{
	const struct pk_metrics *m = &c->metrics;
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
		int64_t tenths = (c->ru_per_s * 10 + (int64_t)c->pmap.n / 2) /
				 (int64_t)c->pmap.n;
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
				 n_storage, n_tp, findings_count(c->pmap.n, a),
				 c->pmap.n == 1 ? "" : "s", b));
	}
	for (i = 0; i < c->pmap.n; i++) {
		if (c->pp[i].split_blocked) {
			say(s, xasprintf("partition key range %u is over its "
					 "storage cap but holds a single "
					 "logical partition, so it cannot "
					 "split",
					 c->pmap.ranges[i].id));
		}
	}
}

/* D-MERGE: merge suits containers below 3,000 RU/s and 20 GB a range */
static void say_merge(struct pk_sentences *s, const struct pk_container *c)
{
	char a[32], b[32];

	if (c->merge_note_t_s < 0) {
		return;
	}
	say(s, xasprintf("the merge at t=%llds ran on a container with %s "
			 "RU/s and %s a physical partition; D-MERGE suits "
			 "containers below 3,000 RU/s and 20 GB a partition",
			 (long long)c->merge_note_t_s,
			 findings_count((unsigned long long)
						c->merge_note_ru_per_pp,
					a),
			 findings_bytes(c->merge_note_avg_bytes, b)));
}

static void say_failures(struct pk_sentences *s, const struct pk_container *c)
{
	const struct pk_totals *t = &c->metrics.totals;
	char a[32];

	if (t->failed_after_retries > 0) {
		say(s, xasprintf("%s operations (%.2f%%) failed after the "
				 "client's retries: the application sees "
				 "these 429s",
				 findings_count(t->failed_after_retries, a),
				 pct((double)t->failed_after_retries /
				     (double)t->operations)));
	}
}

static void say_refused(struct pk_sentences *s, const struct pk_container *c)
{
	const struct pk_totals *t = &c->metrics.totals;
	char a[32], b[32], d[32];

	if (t->bad_request_400 + t->too_large_413 + t->conflict_409 == 0) {
		return;
	}
	say(s, xasprintf("%s requests were refused with 400 (the key value "
			 "is an object or array or over 2,048 bytes, a bad id, "
			 "or a changed key), %s with 413 (over 2 MB) and %s "
			 "with 409 (an id its logical partition holds)",
			 findings_count(t->bad_request_400, a),
			 findings_count(t->too_large_413, b),
			 findings_count(t->conflict_409, d)));
	if (t->batches_rejected_400 > 0) {
		/* reference §3: a batch stays inside one logical partition */
		say(s, xasprintf("%s of the 400s were transactional batches "
				 "whose items span logical partitions: a batch "
				 "must stay inside one, so each was refused "
				 "whole",
				 findings_count(t->batches_rejected_400, a)));
	}
}

static void say_not_found(struct pk_sentences *s,
			  const struct pk_container *c)
{
	const struct pk_totals *t = &c->metrics.totals;
	char a[32];

	if (t->not_found_404 > 0) {
		say(s, xasprintf("%s reads, replaces or deletes found no item "
				 "(404): the workload had created it, but in "
				 "this container its create failed (rate "
				 "limited past the retries, or refused)",
				 findings_count(t->not_found_404, a)));
	}
}

char **findings_make(const struct pk_run *run, const struct pk_variant *v,
		     size_t *n)
{
	const struct pk_container *c = v->container;
	struct pk_sentences s = {0};
	uint32_t peak_range;
	double peak = findings_peak(c, &peak_range);

	say_throttled_ranges(&s, c);
	say_hot_range(&s, c);
	say_hot_lp(&s, c, v->key);
	say_full_lps(&s, c, v->key);
	say_failures(&s, c);
	say_not_found(&s, c);
	say_refused(&s, c);
	say_splits(&s, c);
	say_merge(&s, c);
	if (c->metrics.totals.throttled_429 == 0) {
		say(&s, xasprintf("no rate limiting: peak normalized RU "
				  "consumption was %.0f%% (range %u)",
				  pct(peak), peak_range));
	}
	(void)run;
	*n = s.n;
	return s.v;
}
