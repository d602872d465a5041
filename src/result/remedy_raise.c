/*
 * remedy_raise: the RU/s that stop the 429s (remedy.h): on the existing
 * layout (rule 5: instant, no split), searched from the even share that
 * serves the busiest range's busiest second (rule 4); and past it, where
 * partitions split (rule 6), by doubling and bisection.
 */
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

#include "remedy_int.h"

/* Where the raise's search starts: the total that gives the busiest
   range its busiest second of RU at the layout's most (demand) as an
   even share (rule 4), P x that, on the grid of step from the run's
   least setting, above it and within the raise's most */
static int64_t raise_hint(const struct pk_remedies *r, int64_t step,
			  const int64_t *demand)
{
	int64_t top = 0, h, lo = r->floor_ru_per_s;
	size_t i;

	for (i = 0; i < r->created_partitions; i++) {
		top = demand[i] > top ? demand[i] : top;
	}
	h = top * (int64_t)r->created_partitions;
	h = h > lo ? lo + (h - lo + step - 1) / step * step : lo + step;
	return h < r->raise_top_ru_per_s ? h : r->raise_top_ru_per_s;
}

/* The raise on the existing layout; returns 1 when the layout's most
   still rate limits (or there is no room), so splits are searched.
   demand (P entries) gets each range's busiest second of RU at the
   layout's most. */
int search_raise(const struct remedy_task *t, int64_t *demand)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_RAISE];
	struct replay_change ch = {r->raise_top_ru_per_s,
				   NULL,
				   0,
				   demand,
				   0,
				   0,
				   NULL,
				   0,
				   0,
				   0,
				   REPLAY_RU,
				   0,
				   0};
	struct replay_change base = {0, NULL, 0, NULL,	    0, 0, NULL,
				     0, 0,    0, REPLAY_RU, 0, 0};
	int rc;

	if (r->over_cap_why) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		m->why_not = r->over_cap_why;
		return 1;
	}
	if (r->floor_ru_per_s >= r->raise_top_ru_per_s) {
		m->status = PK_REMEDY_NO_ROOM;
		return 1;
	}
	rc = probe_with(t, m, &ch, &m->after);
	if (rc < 0) {
		return 0;
	}
	if (rc) {
		m->status = PK_REMEDY_NOT_FOUND;
		m->setting = r->raise_top_ru_per_s;
		return 1;
	}
	search_from(t, m, &base, r->floor_ru_per_s, r->raise_top_ru_per_s, 1,
		    raise_hint(r, m->step, demand));
	return 0;
}

/* 1 if replay f, rate limited, left what the setting before it did
   (prev; NULL: none replayed) and every 429 of it is one logical
   partition's: more RU/s reached none of them (pk_remedies.one_lp) */
static int same_one_lp(const struct pk_remedy_figures *prev,
		       const struct pk_remedy_figures *f)
{
	return prev && f->throttled_429 > 0 &&
	       f->throttled_429 == prev->throttled_429 &&
	       f->failed == prev->failed && f->lp_429 == f->throttled_429;
}

/* The raise with splits when no setting can split: a split needs more
   than the layout's most (rule 6), and the container takes at most
   PK_MAX_RU_PER_S (D-LIMITS, the loader's bound), which that already
   reaches: not replayed, with no figures of a replay */
static void split_past_limit(struct pk_remedies *r, struct pk_remedy *m)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	m->status = PK_REMEDY_NOT_REPLAYED;
	r->limit_why = xasprintf(
	    "a split needs more than %s RU/s, the most the %zu partitions "
	    "take without one (rules 5, 6), and a container takes at most "
	    "%s (pksim's limit, the service's without a support request)",
	    fmt_thousands(r->cap_ru_per_s, a), r->created_partitions,
	    fmt_thousands(PK_MAX_RU_PER_S, b));
	m->why_not = r->limit_why;
}

/* The raise past the existing layout: doubling, then bisection. */
void search_split(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_SPLIT];
	const struct pk_remedy *raise = &r->items[PK_REMEDY_RAISE];
	int64_t lo = r->cap_ru_per_s > r->start_ru_per_s ? r->cap_ru_per_s
							 : r->start_ru_per_s;
	int64_t hi = lo;
	struct pk_remedy_figures prev;
	int k, rc = 1, have_prev = raise->status == PK_REMEDY_NOT_FOUND;

	if (t->sc->n_phases == 0) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		return;
	}
	if (lo >= PK_MAX_RU_PER_S) {
		split_past_limit(r, m);
		return;
	}
	memset(&prev, 0, sizeof(prev));
	prev.throttled_429 = raise->after.throttled_429;
	prev.failed = raise->after.failed;
	for (k = 0;
	     k < PK_REMEDY_MAX_DOUBLINGS && rc == 1 && hi < PK_MAX_RU_PER_S;
	     k++) {
		lo = hi;
		hi = hi * 2 < PK_MAX_RU_PER_S ? hi * 2 : PK_MAX_RU_PER_S;
		rc = probe(t, m, hi, &m->after);
		if (rc == 1 &&
		    same_one_lp(have_prev ? &prev : NULL, &m->after)) {
			r->one_lp = 1;
			break;
		}
		if (rc == 1 && r->split_delay_s > 0 && m->after.delay_only) {
			r->delay_stop = 1;
			break;
		}
		prev.throttled_429 = m->after.throttled_429;
		prev.failed = m->after.failed;
		have_prev = 1;
	}
	if (rc < 0) {
		return;
	}
	if (rc) {
		m->status = PK_REMEDY_NOT_FOUND;
		m->setting = hi;
		return;
	}
	bisect(t, m, lo, hi);
}

/* The most replays the raise with splits runs: the doublings from the
   existing layout's most, then a bisection of the last one; 0 for a data
   file without phases */
size_t split_bound(const struct remedy_task *t)
{
	const struct pk_remedies *r = t->out;
	int64_t top = r->cap_ru_per_s > r->start_ru_per_s ? r->cap_ru_per_s
							  : r->start_ru_per_s;
	int64_t lo = top, n, step = r->items[PK_REMEDY_SPLIT].step;
	size_t b = 0;
	int k;

	if (t->sc->n_phases == 0) {
		return 0;
	}
	for (k = 0; k < PK_REMEDY_MAX_DOUBLINGS && top < PK_MAX_RU_PER_S; k++) {
		lo = top;
		top = top * 2 < PK_MAX_RU_PER_S ? top * 2 : PK_MAX_RU_PER_S;
		b++;
	}
	for (n = 1; top - lo > step * n; n *= 2) {
		b++;
	}
	return b;
}
