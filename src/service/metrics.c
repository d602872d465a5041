/*
 * metrics: growable series of per-second records and events.
 */
#include "pksim/service/metrics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"

void metrics_init(struct pk_metrics *m)
{
	memset(m, 0, sizeof(*m));
	m->keep_seconds = 1;
	m->ttl.peak_pending_t_s = -1;
}

void metrics_free(struct pk_metrics *m)
{
	free(m->samples);
	free(m->seconds);
	free(m->buckets);
	free(m->minutes);
	free(m->ranges);
	free(m->splits);
	free(m->changes);
	free(m->merges);
	free(m->fuses);
	free(m->actions);
	free(m->wait_hist);
	free(m->ttl_by_minute);
	free(m->ttl_pending);
	free(m->hours);
	metrics_init(m);
}

void metrics_ttl_second(struct pk_metrics *m, int64_t t_s,
			uint64_t stored_bytes)
{
	int64_t start = t_s / 60 * 60;
	struct pk_ttl_minute *last =
	    m->n_ttl_minutes ? &m->ttl_by_minute[m->n_ttl_minutes - 1] : NULL;

	if (!last || last->t_s != start) {
		mem_grow((void **)&m->ttl_by_minute, &m->cap_ttl_minutes,
			 m->n_ttl_minutes + 1, sizeof(*m->ttl_by_minute));
		last = &m->ttl_by_minute[m->n_ttl_minutes++];
		memset(last, 0, sizeof(*last));
		last->t_s = start;
	}
	last->expired += m->ttl.expired - m->ttl_mark.expired;
	last->deleted += m->ttl.deleted - m->ttl_mark.deleted;
	last->delete_mru += m->ttl.delete_mru - m->ttl_mark.delete_mru;
	last->pending_items = m->ttl.pending_items;
	last->pending_bytes = m->ttl.pending_bytes;
	last->stored_bytes = stored_bytes;
	if (m->ttl.pending_bytes > m->ttl.peak_pending_bytes) {
		m->ttl.peak_pending_bytes = m->ttl.pending_bytes;
		m->ttl.peak_pending_t_s = t_s;
	}
	m->ttl_mark = m->ttl;
}

void metrics_set_ttl_pending(struct pk_metrics *m, size_t at, uint64_t bytes)
{
	if (at >= m->n_samples) {
		PK_BUG("metrics: TTL pending bytes for sample %zu of %zu", at,
		       m->n_samples);
	}
	if (at >= m->cap_ttl_pending) {
		size_t old = m->cap_ttl_pending;

		mem_grow((void **)&m->ttl_pending, &m->cap_ttl_pending, at + 1,
			 sizeof(*m->ttl_pending));
		memset(m->ttl_pending + old, 0,
		       (m->cap_ttl_pending - old) * sizeof(*m->ttl_pending));
	}
	m->ttl_pending[at] = bytes;
}

void metrics_wait_grow(struct pk_metrics *m, size_t w)
{
	size_t old = m->wait_hist_cap;

	if (w < old) {
		return;
	}
	mem_grow((void **)&m->wait_hist, &m->wait_hist_cap, w + 1,
		 sizeof(*m->wait_hist));
	memset(m->wait_hist + old, 0,
	       (m->wait_hist_cap - old) * sizeof(*m->wait_hist));
}

int64_t metrics_wait_percentile(const struct pk_metrics *m, int pct)
{
	uint64_t rank = (m->wait_ops * (uint64_t)pct + 99) / 100, seen = 0;
	size_t w;

	if (m->wait_ops == 0) {
		return -1;
	}
	if (rank < 1) {
		rank = 1;
	}
	for (w = 0; w < m->wait_hist_cap; w++) {
		seen += m->wait_hist[w];
		if (seen >= rank) {
			return (int64_t)w;
		}
	}
	return -1; /* not reached: the counts add up to wait_ops */
}

void metrics_add_sample(struct pk_metrics *m, const struct pk_sample *s)
{
	mem_grow((void **)&m->samples, &m->cap_samples, m->n_samples + 1,
		 sizeof(*s));
	m->samples[m->n_samples++] = *s;
}

void metrics_add_second(struct pk_metrics *m, const struct pk_second *s)
{
	mem_grow((void **)&m->seconds, &m->cap_seconds, m->n_seconds + 1,
		 sizeof(*s));
	m->seconds[m->n_seconds++] = *s;
}

void metrics_add_split(struct pk_metrics *m, const struct pk_split_event *e)
{
	mem_grow((void **)&m->splits, &m->cap_splits, m->n_splits + 1,
		 sizeof(*e));
	m->splits[m->n_splits++] = *e;
}

void metrics_add_change(struct pk_metrics *m,
			const struct pk_throughput_event *e)
{
	mem_grow((void **)&m->changes, &m->cap_changes, m->n_changes + 1,
		 sizeof(*e));
	m->changes[m->n_changes++] = *e;
}

void metrics_add_merge(struct pk_metrics *m, const struct pk_merge_event *e)
{
	mem_grow((void **)&m->merges, &m->cap_merges, m->n_merges + 1,
		 sizeof(*e));
	m->merges[m->n_merges++] = *e;
}

void metrics_add_fuse(struct pk_metrics *m, const struct pk_fuse_event *e)
{
	mem_grow((void **)&m->fuses, &m->cap_fuses, m->n_fuses + 1, sizeof(*e));
	m->fuses[m->n_fuses++] = *e;
}

void metrics_add_action(struct pk_metrics *m, int64_t t_s,
			enum pk_action_kind kind, const char *fmt, ...)
{
	struct pk_action *a;
	va_list ap;

	mem_grow((void **)&m->actions, &m->cap_actions, m->n_actions + 1,
		 sizeof(*a));
	a = &m->actions[m->n_actions++];
	a->t_s = t_s;
	a->kind = kind;
	va_start(ap, fmt);
	vsnprintf(a->detail, sizeof(a->detail), fmt, ap);
	va_end(ap);
}

const char *metrics_action_name(enum pk_action_kind k)
{
	static const char *const names[PK_ACTION_KINDS] = {
	    "splits_started",  "splits_done",	    "splits_cancelled",
	    "merge",	       "redistribute",	    "autoscale_max",
	    "serverless_ru",   "splits_unfinished", "merge_started",
	    "merge_cancelled", "merge_unfinished",
	};

	return k < PK_ACTION_KINDS ? names[k] : "?";
}

const struct pk_second *metrics_second_at(const struct pk_metrics *m,
					  int64_t t_s)
{
	size_t lo = 0, hi = m->n_seconds;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct pk_second *s = &m->seconds[mid];

		if (t_s < s->t_s) {
			hi = mid;
		} else if (t_s >= s->t_s + s->span_s) {
			lo = mid + 1;
		} else {
			return s;
		}
	}
	return NULL;
}

static struct pk_range_stats *range_stats(struct pk_metrics *m, uint32_t id)
{
	if (id >= m->n_ranges) {
		size_t old = m->n_ranges, cap = m->n_ranges;

		mem_grow((void **)&m->ranges, &cap, (size_t)id + 1,
			 sizeof(*m->ranges));
		memset(m->ranges + old, 0, (cap - old) * sizeof(*m->ranges));
		m->n_ranges = cap;
	}
	return &m->ranges[id];
}

/* The id of the one range at ~100% while every other is at or below 30%
   in samples v[0..n) of a second over n_all ranges, or UINT32_MAX. A
   range without a sample that second served nothing (0%): v may hold
   only the ranges a request reached. */
static uint32_t hot_range(const struct pk_sample *v, size_t n, size_t n_all)
{
	uint32_t hot = UINT32_MAX;
	size_t k;

	if (n_all < 2) {
		return UINT32_MAX;
	}
	for (k = 0; k < n; k++) {
		double x = metrics_normalized(&v[k]);

		if (x >= PK_METRICS_HOT) {
			if (hot != UINT32_MAX) {
				return UINT32_MAX;
			}
			hot = v[k].range_id;
		} else if (x > PK_METRICS_COLD) {
			return UINT32_MAX;
		}
	}
	return hot;
}

/* Second sec's read and write sides into its minute's record mi (D15:
   CloudWatch's ConsumedReadCapacityUnits and ConsumedWriteCapacityUnits,
   ReadThrottleEvents and WriteThrottleEvents, each a metric of its own):
   summed, the busiest second's kept, the units a second the last
   second's; zeros for a service without sides */
static void fold_sides(struct pk_second *mi, const struct pk_second *sec)
{
	int k;

	for (k = 0; k < 2; k++) {
		mi->side_used_mcu[k] += sec->side_used_mcu[k];
		mi->side_throttled[k] += sec->side_throttled[k];
		mi->side_cap_mcu[k] = sec->side_cap_mcu[k];
		if (sec->side_used_mcu[k] > mi->peak_side_mcu[k]) {
			mi->peak_side_mcu[k] = sec->side_used_mcu[k];
		}
		if (sec->side_throttled[k] > mi->peak_side_throttled[k]) {
			mi->peak_side_throttled[k] = sec->side_throttled[k];
		}
	}
}

static void fold_minute(struct pk_metrics *m, const struct pk_second *sec)
{
	int64_t start = sec->t_s / 60 * 60;
	struct pk_second *last =
	    m->n_minutes ? &m->minutes[m->n_minutes - 1] : NULL;

	if (!last || last->t_s != start) {
		mem_grow((void **)&m->minutes, &m->cap_minutes,
			 m->n_minutes + 1, sizeof(*m->minutes));
		last = &m->minutes[m->n_minutes++];
		memset(last, 0, sizeof(*last));
		last->t_s = start;
	}
	last->span_s += sec->span_s;
	last->offered_mru += sec->offered_mru;
	last->retry_mru += sec->retry_mru;
	last->retries += sec->retries;
	last->served_mru += sec->served_mru;
	last->throttled_429 += sec->throttled_429;
	last->ru_per_s = sec->ru_per_s;
	last->ranges = sec->ranges;
	if (sec->max_normalized > last->max_normalized) {
		last->max_normalized = sec->max_normalized;
	}
	/* a record of several idle seconds served nothing in any */
	if (sec->served_mru > last->peak_served_mru) {
		last->peak_served_mru = sec->served_mru;
	}
	if (sec->throttled_429 > last->peak_throttled) {
		last->peak_throttled = sec->throttled_429;
	}
	fold_sides(last, sec);
}

/* Fold sample s (a request reached its range) into its range's bucket */
static void fold_bucket(struct pk_metrics *m, const struct pk_sample *s)
{
	int64_t w = metrics_record_s(m);
	int64_t start = s->t_s / w * w;
	struct pk_range_stats *r = range_stats(m, s->range_id);
	struct pk_bucket *b =
	    r->bucket_at ? &m->buckets[r->bucket_at - 1] : NULL;
	int pct = metrics_normalized_pct_nearest(s);

	if (!b || b->t_s != start) {
		mem_grow((void **)&m->buckets, &m->cap_buckets,
			 m->n_buckets + 1, sizeof(*m->buckets));
		b = &m->buckets[m->n_buckets++];
		memset(b, 0, sizeof(*b));
		b->t_s = start;
		b->range_id = s->range_id;
		r->bucket_at = m->n_buckets;
	}
	if (pct > b->nru_pct) {
		b->nru_pct = pct;
	}
	b->requests += s->requests;
	b->retries += s->retries;
	b->throttled_429 += s->throttled_429;
	b->ru_mru += s->ru_mru;
	b->ru_per_s_mru = s->ru_per_s_mru;
	b->storage_bytes = s->storage_bytes;
}

/* Hours [t_s, t_s + span_s) touches: their highest RU/s and storage
   raised to ru_per_s and m->storage_bytes; ru_mru charged in t_s's. */
static void note_hours(struct pk_metrics *m, int64_t t_s, int64_t span_s,
		       int64_t ru_per_s, int64_t pool_mru, int64_t ru_mru)
{
	size_t h, last;

	if (t_s < 0 || span_s <= 0) {
		return;
	}
	last = (size_t)metrics_hour_of(m, t_s + span_s - 1);
	mem_grow((void **)&m->hours, &m->cap_hours, last + 1,
		 sizeof(*m->hours));
	while (m->n_hours <= last) {
		m->hours[m->n_hours].max_ru_per_s = 0;
		m->hours[m->n_hours].max_pool_mru = 0;
		m->hours[m->n_hours].ru_mru = 0;
		m->hours[m->n_hours++].max_storage_bytes = 0;
	}
	m->hours[metrics_hour_of(m, t_s)].ru_mru += ru_mru;
	for (h = (size_t)metrics_hour_of(m, t_s); h <= last; h++) {
		struct pk_hour *x = &m->hours[h];

		if (ru_per_s > x->max_ru_per_s) {
			x->max_ru_per_s = ru_per_s;
		}
		if (m->storage_bytes > x->max_storage_bytes) {
			x->max_storage_bytes = m->storage_bytes;
		}
		if (pool_mru > x->max_pool_mru) {
			x->max_pool_mru = pool_mru;
		}
	}
}

/* A second in which range r throttled: the table's read and write
   sides' use and capacity, kept apart (D3); nothing for a service
   without sides */
static void add_sides(struct pk_range_stats *r, const struct pk_second *sec)
{
	int k;

	for (k = 0; k < 2; k++) {
		r->throttled_side_used[k] += metrics_ru(sec->side_used_mcu[k]);
		r->throttled_side_cap[k] += metrics_ru(sec->side_cap_mcu[k]);
	}
}

/* metrics_close_second and metrics_close_touched: the second sec over
   n_all ranges storing stored bytes, with samples[0..n) */
static void close_ranges(struct pk_metrics *m, struct pk_second *sec,
			 const struct pk_sample *samples, size_t n,
			 size_t n_all, uint64_t stored)
{
	uint32_t hot = hot_range(samples, n, n_all);
	size_t i;

	if (n_all > 0) {
		m->storage_bytes = stored;
	}
	note_hours(m, sec->t_s, sec->span_s, sec->ru_per_s, sec->pool_mru,
		   sec->served_mru);
	m->totals.pool_mru += sec->pool_mru;
	for (i = 0; i < n; i++) {
		struct pk_range_stats *r = range_stats(m, samples[i].range_id);
		double x = metrics_normalized(&samples[i]);

		sec->throttled_429 += samples[i].throttled_429;
		if (x > sec->max_normalized) {
			sec->max_normalized = x;
		}
		if (x > r->peak_normalized) {
			r->peak_normalized = x;
			r->peak_t_s = sec->t_s;
		}
	}
	for (i = 0; i < n; i++) {
		struct pk_range_stats *r = range_stats(m, samples[i].range_id);

		if (r->busy_seconds++ == 0) {
			r->first_s = sec->t_s;
		}
		r->last_s = sec->t_s;
		r->nru_pct[metrics_normalized_pct(&samples[i])]++;
		r->requests += samples[i].requests;
		r->request_seconds += samples[i].requests > 0;
		r->throttled_429 += samples[i].throttled_429;
		r->throttled_bucket += samples[i].throttled_bucket;
		r->throttled_held += samples[i].throttled_held;
		if (metrics_short_of_ru(&samples[i])) {
			r->throttled_seconds++;
			r->throttled_served_ru += metrics_ru(sec->served_mru);
			r->throttled_prov_ru += (double)sec->ru_per_s;
			add_sides(r, sec);
		}
		if (samples[i].range_id == hot) {
			if (r->hot_seconds++ == 0) {
				r->hot_first_s = sec->t_s;
			}
			r->hot_last_s = sec->t_s;
		}
	}
	m->provisioned_ru += (double)sec->ru_per_s * (double)sec->span_s;
	fold_minute(m, sec);
	if (m->keep_seconds) {
		metrics_add_second(m, sec);
		/* only the ranges the second's requests reached: a range
		   without one has nothing to report that second, and
		   storing it would make a day at 1 op/s on 167 ranges
		   14.4 million samples, 690 MB */
		for (i = 0; i < n; i++) {
			if (samples[i].requests > 0) {
				metrics_add_sample(m, &samples[i]);
			}
		}
	} else {
		for (i = 0; i < n; i++) {
			if (samples[i].requests > 0) {
				fold_bucket(m, &samples[i]);
			}
		}
	}
	if (m->tap) {
		m->tap(m->tap_ctx, m, sec, samples, n);
	}
}

void metrics_close_second(struct pk_metrics *m, struct pk_second *sec,
			  const struct pk_sample *samples, size_t n)
{
	uint64_t stored = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		stored += samples[i].storage_bytes;
	}
	close_ranges(m, sec, samples, n, n, stored);
}

void metrics_close_touched(struct pk_metrics *m, struct pk_second *sec,
			   const struct pk_sample *samples, size_t n,
			   size_t n_all, uint64_t stored_bytes)
{
	close_ranges(m, sec, samples, n, n_all, stored_bytes);
}

void metrics_range_first(struct pk_metrics *m, uint32_t id, int64_t t_s)
{
	struct pk_range_stats *r = range_stats(m, id);

	if (r->busy_seconds == 0) {
		r->first_s = t_s;
	}
}

void metrics_range_idle(struct pk_metrics *m, uint32_t id, uint64_t seconds,
			int64_t last_s)
{
	struct pk_range_stats *r;

	if (seconds == 0) {
		return;
	}
	/* what close_ranges counts for a range at 0% in each: a busy
	   second at 0% normalized RU, nothing else */
	r = range_stats(m, id);
	r->busy_seconds += seconds;
	r->nru_pct[0] += (uint32_t)seconds;
	r->last_s = last_s;
}

void metrics_close_idle(struct pk_metrics *m, int64_t t_s, int64_t span_s,
			int64_t ru_per_s, uint32_t ranges)
{
	struct pk_second *last =
	    m->n_seconds ? &m->seconds[m->n_seconds - 1] : NULL;
	struct pk_second sec = {0};

	m->provisioned_ru += (double)ru_per_s * (double)span_s;
	note_hours(m, t_s, span_s, ru_per_s, 0, 0);
	sec.t_s = t_s;
	sec.span_s = span_s;
	sec.ru_per_s = ru_per_s;
	sec.ranges = ranges;
	if (m->tap) {
		m->tap(m->tap_ctx, m, &sec, NULL, 0);
	}
	if (!m->keep_seconds) {
		return;
	}
	if (last && last->offered_mru == 0 && last->retry_mru == 0 &&
	    last->served_mru == 0 && last->t_s + last->span_s == t_s &&
	    last->ru_per_s == ru_per_s && last->ranges == ranges) {
		last->span_s += span_s;
		return;
	}
	metrics_add_second(m, &sec);
}

int metrics_short_of_ru(const struct pk_sample *s)
{
	return s->throttled_429 >
	       (uint64_t)s->throttled_bucket + s->throttled_held;
}

/* What sample s's range may use in its second, mRU: its share, or
   with a fleet pool its share and the pool's lending (limit_mru) */
static int64_t usable_mru(const struct pk_sample *s)
{
	return s->limit_mru > s->ru_per_s_mru ? s->limit_mru : s->ru_per_s_mru;
}

int metrics_normalized_pct(const struct pk_sample *s)
{
	int64_t p, u = usable_mru(s);

	if (metrics_short_of_ru(s)) {
		return 100;
	}
	if (u <= 0) {
		return s->ru_mru > 0 ? 100 : 0;
	}
	p = s->ru_mru * 100 / u;
	return p > 100 ? 100 : (int)p;
}

int64_t metrics_record_s(const struct pk_metrics *m)
{
	if (m->keep_seconds) {
		return 1;
	}
	return m->bucket_s > 0 ? m->bucket_s : PK_METRICS_BUCKET_DEFAULT_S;
}

int metrics_normalized_pct_nearest(const struct pk_sample *s)
{
	int64_t p, u = usable_mru(s);

	if (metrics_short_of_ru(s)) {
		return 100;
	}
	if (u <= 0) {
		return s->ru_mru > 0 ? 100 : 0;
	}
	/* floor(100 x ru / usable + 1/2) */
	p = (s->ru_mru * 200 + u) / (2 * u);
	return p > 100 ? 100 : (int)p;
}

/* Column widths tried in order, s; past the last, multiples of 1 h */
static const int64_t heat_ladder[] = {1,   2,	5,   10,  15,	30,  60,
				      120, 300, 600, 900, 1800, 3600};

static int64_t gcd64(int64_t a, int64_t b)
{
	while (b) {
		int64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

int64_t metrics_heat_width(int64_t span_s, int64_t unit_s)
{
	size_t i;
	int64_t step, b;

	if (unit_s < 1) {
		unit_s = 1;
	}
	if (span_s < 0) {
		span_s = 0;
	}
	for (i = 0; i < sizeof(heat_ladder) / sizeof(heat_ladder[0]); i++) {
		int64_t w = heat_ladder[i];

		if (w % unit_s == 0 &&
		    (span_s + w - 1) / w <= PK_METRICS_HEAT_COLS) {
			return w;
		}
	}
	step = 3600 / gcd64(3600, unit_s) * unit_s; /* lcm(3600, unit) */
	b = (span_s + PK_METRICS_HEAT_COLS - 1) / PK_METRICS_HEAT_COLS;
	b = (b + step - 1) / step * step;
	return b > step ? b : step;
}

int metrics_range_nru_percentile(const struct pk_range_stats *r, int pct)
{
	uint64_t rank = (r->busy_seconds * (uint64_t)pct + 99) / 100, seen = 0;
	int p;

	if (r->busy_seconds == 0) {
		return -1;
	}
	if (rank < 1) {
		rank = 1;
	}
	for (p = 0; p < PK_METRICS_NRU_BUCKETS; p++) {
		seen += r->nru_pct[p];
		if (seen >= rank) {
			return p;
		}
	}
	return 100;
}

double metrics_normalized(const struct pk_sample *s)
{
	double n;
	int64_t u = usable_mru(s);

	if (metrics_short_of_ru(s)) {
		return 1.0;
	}
	if (u <= 0) {
		return s->ru_mru > 0 ? 1.0 : 0.0;
	}
	n = (double)s->ru_mru / (double)u;
	return n > 1.0 ? 1.0 : n;
}

double metrics_ru(int64_t mru)
{
	return (double)mru / 1000.0;
}

const char *metrics_split_reason(enum pk_split_reason r)
{
	return r == PK_SPLIT_STORAGE   ? "storage"
	       : r == PK_SPLIT_HEAT    ? "heat"
	       : r == PK_SPLIT_ISOLATE ? "isolation"
				       : "throughput";
}
