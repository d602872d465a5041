/*
 * remedy: each rate-limited variant's remedies found by replaying the
 * run's operation stream under changed settings (remedy.h).
 */
#include "pksim/result/remedy.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "remedy_int.h"

/* Replay change ch for remedy m: 1 if it rate limited (a bulk stream's
   setting: an interactive stream had a 429), 0 if not (f filled), -1 on
   an error (m marked FAILED). */
int probe_with(const struct remedy_task *t, struct pk_remedy *m,
	       const struct replay_change *ch, struct pk_remedy_figures *f)
{
	m->replays++;
	t->out->replays++;
	if (replay_with(t, ch, f, &m->why)) {
		m->status = PK_REMEDY_FAILED;
		m->setting = ch->r;
		return -1;
	}
	return (ch->what == REPLAY_RU || t->out->bulk_alone ? f->throttled_429
							    : f->inter_429) > 0;
}

/* Replay setting r for remedy m, as probe_with */
static int probe(const struct remedy_task *t, struct pk_remedy *m, int64_t r,
		 struct pk_remedy_figures *f)
{
	struct replay_change ch = {r,	 NULL, 0, NULL, 0,	   0,
				   NULL, 0,    0, 0,	REPLAY_RU, 0};

	return probe_with(t, m, &ch, f);
}

/*
 * Bisect between lo (rate limited) and hi (not, its figures in m->after)
 * to within m->step, on multiples of the step from lo, each replay base
 * at its setting; m ends FOUND at the smallest setting seen without
 * 429s.
 */
static void bisect_with(const struct remedy_task *t, struct pk_remedy *m,
			const struct replay_change *base, int64_t lo,
			int64_t hi)
{
	struct pk_remedy_figures f;
	struct replay_change ch = *base;

	memset(&f, 0, sizeof(f));
	while (hi - lo > m->step) {
		int64_t half = (hi - lo) / (2 * m->step) * m->step;
		int rc;

		ch.r = lo + (half > m->step ? half : m->step);
		rc = probe_with(t, m, &ch, &f);
		if (rc < 0) {
			figures_free(&f);
			return;
		}
		if (rc) {
			lo = ch.r;
		} else {
			hi = ch.r;
			figures_move(&m->after, &f);
		}
	}
	figures_free(&f);
	m->status = PK_REMEDY_FOUND;
	m->setting = hi;
	m->below = lo;
}

/* bisect_with, replaying the setting alone */
static void bisect(const struct remedy_task *t, struct pk_remedy *m, int64_t lo,
		   int64_t hi)
{
	struct replay_change ch = {0,	 NULL, 0, NULL, 0,	   0,
				   NULL, 0,    0, 0,	REPLAY_RU, 0};

	bisect_with(t, m, &ch, lo, hi);
}

/*
 * The smallest setting without a 429 in (lo, hi], on the grid of m->step
 * from lo, lo known to rate limit; hi known not to when clean_hi (its
 * figures in m->after), else the most to try. From the hint h (on the
 * grid, lo < h <= hi) it steps down by 1, 2, 4, ... steps while the
 * answer holds, or when h rate limits and hi is not known clean, up
 * the same way, then bisects; NOT_FOUND at hi when even hi (not known
 * clean) rate limits. Each replay is ch at its setting.
 */
void search_from(const struct remedy_task *t, struct pk_remedy *m,
		 struct replay_change *ch, int64_t lo, int64_t hi, int clean_hi,
		 int64_t h)
{
	struct pk_remedy_figures f;
	int64_t d = m->step;
	int rc;

	if (h >= hi && clean_hi) {
		bisect_with(t, m, ch, lo, hi);
		return;
	}
	memset(&f, 0, sizeof(f));
	m->hint = h;
	ch->r = h;
	rc = probe_with(t, m, ch, &f);
	if (rc == 0) {
		/* down from a setting without 429s */
		figures_move(&m->after, &f);
		hi = h;
		clean_hi = 1;
		while (rc == 0 && hi - d > lo) {
			ch->r = hi - d;
			rc = probe_with(t, m, ch, &f);
			if (rc == 0) {
				figures_move(&m->after, &f);
				hi = ch->r;
				d *= 2;
			} else if (rc == 1) {
				lo = ch->r;
			}
		}
	} else if (rc == 1) {
		/* up from one that rate limits: with hi known clean, bisect
		   at once (the estimate is about a lower bound: an even share
		   below the busiest second rate limits it) */
		lo = h;
		while (rc == 1 && !clean_hi && lo < hi) {
			ch->r = lo + d < hi ? lo + d : hi;
			rc = probe_with(t, m, ch, &f);
			if (rc == 1) {
				lo = ch->r;
				d *= 2;
			} else if (rc == 0) {
				figures_move(&m->after, &f);
				hi = ch->r;
				clean_hi = 1;
			}
		}
	}
	if (rc == 1 && !clean_hi) {
		m->status = PK_REMEDY_NOT_FOUND;
		m->setting = lo;
		figures_move(&m->after, &f);
	}
	figures_free(&f);
	if (rc < 0 || m->status == PK_REMEDY_NOT_FOUND) {
		return;
	}
	bisect_with(t, m, ch, lo, hi);
}

/* The most replays search_from runs over a span of settings: the hint,
   k steps of 1, 2, 4, ... (k the fewest covering the span) and a
   bisection of the last step's 2^(k-1) grid points */
size_t search_bound(int64_t span, int64_t step)
{
	int64_t d, sum = 0;
	size_t k = 0;

	for (d = step; sum < span; d *= 2) {
		sum += d;
		k++;
	}
	return 1 + k + (k > 0 ? k - 1 : 0);
}

/* Where the raise's search starts: the total that gives the busiest
   range its busiest second of RU at the layout's most (demand) as an
   even share (rule 4), P x that, on the grid of step from the run's
   least setting, above it and within the layout's most */
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
	return h < r->cap_ru_per_s ? h : r->cap_ru_per_s;
}

/* The raise on the existing layout; returns 1 when the layout's most
   still rate limits (or there is no room), so splits are searched.
   demand (P entries) gets each range's busiest second of RU at the
   layout's most. */
static int search_raise(const struct remedy_task *t, int64_t *demand)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_RAISE];
	struct replay_change ch = {
	    r->cap_ru_per_s, NULL, 0, demand, 0, 0, NULL, 0, 0, 0,
	    REPLAY_RU,	     0};
	struct replay_change base = {0,	   NULL, 0, NULL, 0,	     0,
				     NULL, 0,	 0, 0,	  REPLAY_RU, 0};
	int rc;

	if (r->over_cap_why) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		m->why_not = r->over_cap_why;
		return 1;
	}
	if (r->floor_ru_per_s >= r->cap_ru_per_s) {
		m->status = PK_REMEDY_NO_ROOM;
		return 1;
	}
	rc = probe_with(t, m, &ch, &m->after);
	if (rc < 0) {
		return 0;
	}
	if (rc) {
		m->status = PK_REMEDY_NOT_FOUND;
		m->setting = r->cap_ru_per_s;
		return 1;
	}
	search_from(t, m, &base, r->floor_ru_per_s, r->cap_ru_per_s, 1,
		    raise_hint(r, m->step, demand));
	return 0;
}

/* 1 if some phase of sc changes the container at its start */
static int phases_act(const struct pk_scenario *sc)
{
	size_t i;

	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_phase_spec *ph = &sc->phases[i];

		if (ph->throughput_ru_per_s > 0 || ph->n_redistribute > 0 ||
		    ph->merge_to > 0 || ph->policy_equal ||
		    ph->autoscale_max_ru_per_s > 0) {
			return 1;
		}
	}
	return 0;
}

int remedy_needed(const struct pk_scenario *sc,
		  const struct pk_result_variant *v)
{
	if (!v->cosmos || v->serverless || !v->spec) {
		return 0;
	}
	return v->metrics->totals.throttled_429 > 0 || merge_replayable(sc, v);
}

/*
 * The redistribution's RU/s of p ranges (remedy.h): total in proportion
 * to demand, each at most cap and at least PK_REMEDY_REDIST_MIN_RU (a
 * range the proportion puts outside gets the bound, the others share the
 * rest by demand), whole RU/s adding up to total. p x the minimum <=
 * total (the caller checks). ru gets p entries.
 */
static void redist_shares(const int64_t *demand, size_t p, int64_t total,
			  int64_t cap, int64_t *ru)
{
	double *x = xcalloc(p, sizeof(*x));
	int *fixed = xcalloc(p, sizeof(*fixed));
	double left = (double)total, lo = PK_REMEDY_REDIST_MIN_RU;
	int again = 1;
	int64_t sum = 0;
	size_t i;

	while (again) {
		double d = 0;
		size_t open = 0;

		again = 0;
		for (i = 0; i < p; i++) {
			if (!fixed[i]) {
				d += (double)demand[i];
				open++;
			}
		}
		for (i = 0; i < p && open > 0; i++) {
			if (fixed[i]) {
				continue;
			}
			x[i] = d > 0 ? left * (double)demand[i] / d
				     : left / (double)open;
			if (x[i] > (double)cap || x[i] < lo) {
				fixed[i] = 1;
				x[i] = x[i] > (double)cap ? (double)cap : lo;
				left -= x[i];
				again = 1;
				break;
			}
		}
	}
	for (i = 0; i < p; i++) {
		ru[i] = (int64_t)x[i];
		sum += ru[i];
	}
	/* the remainder (under one a range) one each to the busiest
	   ranges with room */
	while (sum < total) {
		size_t best = p;

		for (i = 0; i < p; i++) {
			if (ru[i] < cap &&
			    (best == p || demand[i] > demand[best])) {
				best = i;
			}
		}
		if (best == p) {
			break;
		}
		ru[best]++;
		sum++;
	}
	free(x);
	free(fixed);
}

/* The redistribution at the run's total, from demand (NULL: none
   measured) */
static void search_redist(const struct remedy_task *t, const int64_t *demand)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_REDIST];
	struct pk_redist_spec *e;
	struct replay_change ch = {0,	 NULL, 0, NULL, 0,	   0,
				   NULL, 0,    0, 0,	REPLAY_RU, 0};
	int64_t cap = r->cap_ru_per_s / (int64_t)r->created_partitions;
	size_t i, p = r->created_partitions;
	int rc;

	if (p < 2) {
		m->status = PK_REMEDY_NOT_APPLICABLE; /* nothing to shift */
		return;
	}
	m->status = PK_REMEDY_NOT_REPLAYED;
	if (r->autoscale) {
		m->why_not =
		    "a redistribution is replayed for manual RU/s only";
		return;
	}
	if (t->sc->n_phases == 0 || phases_act(t->sc)) {
		m->why_not = "the phases change the container (or a data file "
			     "without phases has none to set it at)";
		return;
	}
	if (!demand) {
		m->why_not = "no replay without a 429 on the existing layout "
			     "measured each range's demand";
		return;
	}
	if (r->start_ru_per_s < PK_REMEDY_REDIST_MIN_RU * (int64_t)p) {
		m->why_not = "the total is under 100 RU/s a range, the least a "
			     "redistribution gives a range (an ASSUMPTION)";
		return;
	}
	r->redist_ru = xcalloc(p, sizeof(*r->redist_ru));
	redist_shares(demand, p, r->start_ru_per_s, cap, r->redist_ru);
	e = xcalloc(p, sizeof(*e));
	for (i = 0; i < p; i++) {
		e[i].range_id = (uint32_t)i;
		e[i].ru_per_s = r->redist_ru[i];
	}
	ch.redist = e;
	ch.n = p;
	rc = probe_with(t, m, &ch, &m->after);
	if (rc >= 0) {
		m->status = rc ? PK_REMEDY_NOT_FOUND : PK_REMEDY_FOUND;
		m->setting = r->start_ru_per_s;
	}
	free(e);
}

/* The raise past the existing layout: doubling, then bisection. */
static void search_split(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_SPLIT];
	int64_t lo = r->cap_ru_per_s > r->start_ru_per_s ? r->cap_ru_per_s
							 : r->start_ru_per_s;
	int64_t hi = lo;
	int k, rc = 1;

	if (t->sc->n_phases == 0) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		return;
	}
	for (k = 0;
	     k < PK_REMEDY_MAX_DOUBLINGS && rc == 1 && hi < PK_MAX_RU_PER_S;
	     k++) {
		lo = hi;
		hi = hi * 2 < PK_MAX_RU_PER_S ? hi * 2 : PK_MAX_RU_PER_S;
		rc = probe(t, m, hi, &m->after);
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

/* The most an autoscale max is replayed at: 1,000,000 RU/s, or for a
   data file without phases its creation layout's most on the grid */
static int64_t autoscale_limit(const struct remedy_task *t)
{
	int64_t step = PK_PROVISION_AUTOSCALE_STEP;
	int64_t cap = t->out->cap_ru_per_s / step * step;

	if (t->sc->n_phases > 0) {
		return PK_MAX_RU_PER_S;
	}
	return cap > PK_PROVISION_MIN_AUTOSCALE_MAX
		   ? cap
		   : PK_PROVISION_MIN_AUTOSCALE_MAX;
}

/* Where the autoscale search starts: the manual remedy found (the raise,
   else the raise with splits), else the most they tried, else the run's
   own, on the grid within [1,000, limit] */
static int64_t autoscale_hint(const struct pk_remedies *r, int64_t limit)
{
	const struct pk_remedy *a = &r->items[PK_REMEDY_RAISE];
	const struct pk_remedy *b = &r->items[PK_REMEDY_SPLIT];
	int64_t h = r->start_ru_per_s;

	if (a->status == PK_REMEDY_FOUND) {
		h = a->setting;
	} else if (b->status == PK_REMEDY_FOUND) {
		h = b->setting;
	} else if (a->setting > h || b->setting > h) {
		h = a->setting > b->setting ? a->setting : b->setting;
	}
	h = autoscale_grid(h);
	if (h < PK_PROVISION_MIN_AUTOSCALE_MAX) {
		h = PK_PROVISION_MIN_AUTOSCALE_MAX;
	}
	return h < limit ? h : limit;
}

/* Rule 8's GB, as the service counts it (2^30 bytes) */
#define PK_REMEDY_BYTES_PER_GB (1024ULL * 1024ULL * 1024ULL)

/* The smallest autoscale max the container takes at t = 0 (rule 8:
   max(1,000, 10 RU/s per GB stored, GB rounded up) on the 1,000 grid),
   from what it stores then: its existing data (storage_total, or
   storage_per_partition on each of its partitions) and its preload. The
   service's provision_min_autoscale_max says the same; result/ reaches
   a service only through its interface (docs/design.md), so the rule's
   public constants are used here */
static int64_t autoscale_floor(const struct remedy_task *t)
{
	const struct pk_container_spec *cs = t->spec;
	uint64_t bytes = (cs->existing_bytes_total
			      ? cs->existing_bytes_total
			      : cs->existing_bytes_per_pp *
				    (uint64_t)t->out->created_partitions) +
			 t->v->preload_bytes;
	int64_t gb = (int64_t)((bytes + PK_REMEDY_BYTES_PER_GB - 1) /
			       PK_REMEDY_BYTES_PER_GB);
	int64_t v = gb * PK_PROVISION_AUTOSCALE_RU_PER_GB;

	v = v > PK_PROVISION_MIN_AUTOSCALE_MAX ? v
					       : PK_PROVISION_MIN_AUTOSCALE_MAX;
	return autoscale_grid(v);
}

/* A manual container switched to autoscale (rule 27): the smallest max
   on the grid that leaves no 429, from the manual remedy's hint */
static void search_autoscale(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_AUTOSCALE];
	struct replay_change ch = {0,	 NULL, 0, NULL, 1,	   0,
				   NULL, 0,    0, 0,	REPLAY_RU, 0};
	int64_t limit = autoscale_limit(t), smallest, hint;

	if (r->autoscale) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		m->why_not = "the container is autoscale already: the raises "
			     "above are of its max, each with its bill";
		return;
	}
	/* when no manual setting stopped the 429s, a max up to the most
	   they tried (the same share a partition, rule 4) */
	if (r->items[PK_REMEDY_RAISE].status != PK_REMEDY_FOUND &&
	    r->items[PK_REMEDY_SPLIT].status != PK_REMEDY_FOUND) {
		int64_t most = autoscale_hint(r, limit);

		limit = most < limit ? most : limit;
	}
	/* below the smallest max allowed (rule 8): taken to rate limit,
	   never replayed (no container takes it) */
	smallest = autoscale_floor(t);
	if (smallest > limit) {
		m->status = PK_REMEDY_NOT_REPLAYED;
		m->why_not = "the smallest autoscale max the container's data "
			     "allows (rule 8) is above the most the searches "
			     "try";
		return;
	}
	hint = autoscale_hint(r, limit);
	search_from(t, m, &ch, smallest - PK_PROVISION_AUTOSCALE_STEP, limit, 0,
		    hint > smallest ? hint : smallest);
	if (m->status == PK_REMEDY_FOUND && m->below < smallest) {
		m->below = 0; /* the answer is the smallest allowed */
	}
}

/* The most replays the raise with splits runs: the doublings from the
   existing layout's most, then a bisection of the last one; 0 for a data
   file without phases */
static size_t split_bound(const struct remedy_task *t)
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

/*
 * The most replays a variant's searches run: the raise (its probe of
 * the layout's most, then search_from) or, when that probe rate limits
 * (or there is no room), the raise with splits after it; the
 * redistribution, the switch to autoscale, the merge and the bulk
 * stream's remedies where they apply.
 */
static size_t bound(const struct remedy_task *t,
		    const struct pk_result_variant *v)
{
	const struct pk_remedies *r = t->out;
	int64_t span = r->cap_ru_per_s - r->floor_ru_per_s;
	size_t raise = 0, split, b;
	int still = t->sc->n_phases > 0 && !phases_act(t->sc);

	if (r->phases_why) {
		return merge_replayable(t->sc, v) + bulk_bound(t);
	}
	if (span > 0 && !r->over_cap_why) {
		raise = 1 + search_bound(span, r->items[PK_REMEDY_RAISE].step);
	}
	split = (span > 0) + split_bound(t);
	b = raise > split ? raise : split;
	b += !r->autoscale && r->created_partitions > 1 && still;
	if (!r->autoscale) {
		b += search_bound(autoscale_limit(t),
				  PK_PROVISION_AUTOSCALE_STEP);
	}
	b += merge_replayable(t->sc, v);
	return b + bulk_bound(t);
}

int remedy_autoscale(const struct pk_remedies *r, enum pk_remedy_kind k)
{
	return r->autoscale || k == PK_REMEDY_AUTOSCALE;
}

/* What phase ph does to the RU/s beside a setting, a phrase; NULL
   when it only sets the RU/s (or nothing) */
static const char *phase_layout_act(const struct pk_phase_spec *ph)
{
	if (ph->n_redistribute > 0) {
		return "redistributes the RU/s among the partitions (rule 26)";
	}
	if (ph->merge_to > 0) {
		return "merges partitions (rule 36)";
	}
	if (ph->policy_equal) {
		return "sets the throughput policy back to Equal (rule 26)";
	}
	return NULL;
}

/*
 * r's floor_ru_per_s, floor_phase, phases_why and over_cap_why from
 * sc's phases (remedy.h), r's autoscale, start and cap set
 */
static void phases_scan(const struct pk_scenario *sc, struct pk_remedies *r)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];
	size_t i;

	r->floor_ru_per_s = r->start_ru_per_s;
	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_phase_spec *ph = &sc->phases[i];
		const char *act = phase_layout_act(ph);
		int64_t s = r->autoscale ? ph->autoscale_max_ru_per_s
					 : ph->throughput_ru_per_s;

		if (act && !r->phases_why) {
			r->phases_why = xasprintf(
			    "phase '%s' %s, which a replayed RU/s setting "
			    "could not be held beside: try settings as "
			    "compare variants",
			    ph->name, act);
		}
		if (s > 0 && s < r->floor_ru_per_s) {
			r->floor_ru_per_s = s;
			r->floor_phase = ph->name;
		}
		if (s > r->cap_ru_per_s && !r->over_cap_why) {
			r->over_cap_why = xasprintf(
			    "phase '%s' sets %s RU/s, past the %s the %zu "
			    "partitions take without a split (rules 5, 6): "
			    "no setting keeps the existing layout through it",
			    ph->name, fmt_thousands(s, a),
			    fmt_thousands(r->cap_ru_per_s, b),
			    r->created_partitions);
		}
	}
}

static void task_setup(struct remedy_task *t, const struct pk_result_variant *v)
{
	struct pk_remedies *r = xcalloc(1, sizeof(*r));
	const struct pk_container_spec *cs = t->spec;
	int64_t pp = cs->pp_ru_per_s > 0 ? cs->pp_ru_per_s : 10000;

	r->autoscale = v->autoscale;
	r->created_partitions = v->created_ranges;
	r->cap_ru_per_s = (int64_t)v->created_ranges * pp;
	r->start_ru_per_s =
	    r->autoscale ? cs->autoscale_max_ru_per_s : cs->throughput_ru_per_s;
	r->merge_delay_s = cs->merge_delay_ms / 1000;
	r->split_delay_s = cs->split_delay_ms / 1000;
	phases_scan(t->sc, r);
	r->bulk = bulk_of(t->sc, v, &r->bulk_by_flag);
	r->inter_ru_per_s = r->bulk >= 0 ? inter_demand(t->sc, v, r->bulk) : 0;
	r->bulk_name = r->bulk >= 0 ? t->sc->streams[r->bulk].name : NULL;
	figures_of(v, r->bulk, &r->before);
	r->bulk_alone =
	    r->bulk >= 0 && r->before.inter_429 == 0 && r->before.bulk_429 > 0;
	r->items[PK_REMEDY_RAISE].kind = PK_REMEDY_RAISE;
	r->items[PK_REMEDY_SPLIT].kind = PK_REMEDY_SPLIT;
	r->items[PK_REMEDY_REDIST].kind = PK_REMEDY_REDIST;
	r->items[PK_REMEDY_AUTOSCALE].kind = PK_REMEDY_AUTOSCALE;
	r->items[PK_REMEDY_MERGE].kind = PK_REMEDY_MERGE;
	r->items[PK_REMEDY_BUDGET].kind = PK_REMEDY_BUDGET;
	r->items[PK_REMEDY_LOW].kind = PK_REMEDY_LOW;
	r->items[PK_REMEDY_BUCKET].kind = PK_REMEDY_BUCKET;
	r->items[PK_REMEDY_AUTOSCALE].step = PK_PROVISION_AUTOSCALE_STEP;
	r->items[PK_REMEDY_BUDGET].step = r->bulk >= 0 ? bulk_step(r) : 0;
	r->items[PK_REMEDY_BUCKET].step = r->items[PK_REMEDY_BUDGET].step;
	r->items[PK_REMEDY_RAISE].step =
	    r->autoscale ? PK_PROVISION_AUTOSCALE_STEP : PK_REMEDY_STEP_RU;
	r->items[PK_REMEDY_SPLIT].step = r->autoscale
					     ? PK_PROVISION_AUTOSCALE_STEP
					     : PK_REMEDY_SPLIT_STEP_RU;
	t->out = r;
	/* without a 429, the merge alone: one replay */
	r->merge_only = v->metrics->totals.throttled_429 == 0;
	r->max_replays = r->merge_only ? 1 : bound(t, v);
}

/* A run without a 429: its merge alone; nothing else to stop */
static void task_run_merge_only(const struct remedy_task *t)
{
	size_t k;

	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		t->out->items[k].status = PK_REMEDY_NOT_APPLICABLE;
	}
	search_merge(t);
}

/* A run whose phases change the layout's RU/s beside their setting:
   no RU/s setting is replayed, the merge and the bulk stream's remedies
   are */
static void task_run_blocked(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	static const enum pk_remedy_kind ru[] = {
	    PK_REMEDY_RAISE, PK_REMEDY_SPLIT, PK_REMEDY_REDIST,
	    PK_REMEDY_AUTOSCALE};
	size_t k;

	for (k = 0; k < sizeof(ru) / sizeof(ru[0]); k++) {
		r->items[ru[k]].status = PK_REMEDY_NOT_REPLAYED;
		r->items[ru[k]].why_not = r->phases_why;
	}
	search_merge(t);
	search_bulk(t);
}

static void task_run(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	int64_t *demand;

	if (r->merge_only) {
		task_run_merge_only(t);
		return;
	}
	if (r->phases_why) {
		task_run_blocked(t);
		return;
	}
	demand = xcalloc(r->created_partitions ? r->created_partitions : 1,
			 sizeof(*demand));

	if (search_raise(t, demand)) {
		search_split(t);
	} else if (r->items[PK_REMEDY_RAISE].status != PK_REMEDY_FAILED) {
		r->items[PK_REMEDY_SPLIT].status = PK_REMEDY_NOT_NEEDED;
	}
	/* the demand counts only from a replay at the layout's most
	   without a 429 (and without a split) */
	search_redist(t, r->items[PK_REMEDY_RAISE].status == PK_REMEDY_FOUND &&
				 r->items[PK_REMEDY_RAISE].after.splits == 0
			     ? demand
			     : NULL);
	search_autoscale(t);
	search_merge(t);
	search_bulk(t);
	free(demand);
}

/* The tasks, taken in turn by the threads */
struct remedy_pool {
	struct remedy_task *tasks;
	size_t n, next;
	pthread_mutex_t lock;
};

static void *pool_worker(void *arg)
{
	struct remedy_pool *p = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&p->lock);
		i = p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->n) {
			return NULL;
		}
		task_run(&p->tasks[i]);
	}
}

/* Threads for n tasks: jobs (0: the cores), at most n; 1 for a data file
   (its run reads the stream in one thread, sim.h) */
static size_t pool_threads(const struct pk_scenario *sc, unsigned jobs,
			   size_t n)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t g = jobs > 0 ? jobs : cores > 0 ? (size_t)cores : 1;

	if (sc->items_file) {
		return 1;
	}
	return g < n ? g : n;
}

/* Mark every remedy of r not replayed, the bounds' sentence why (copied)
   said once for all of them */
static void skip(struct pk_remedies *r, const char *why)
{
	size_t k;

	r->not_replayed = xstrdup(why);
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		r->items[k].status = PK_REMEDY_NOT_REPLAYED;
		r->items[k].why_not = "the replays would pass pksim's bounds "
				      "(see remedies.not_replayed)";
	}
}

void remedies_build(struct pk_result *res, unsigned jobs)
{
	struct remedy_pool p;
	pthread_t *th;
	int *started;
	size_t i, n = 0, g;
	char *why;

	memset(&p, 0, sizeof(p));
	p.tasks =
	    xcalloc(res->n_variants ? res->n_variants : 1, sizeof(*p.tasks));
	for (i = 0; i < res->n_variants; i++) {
		struct pk_result_variant *v = &res->variants[i];

		if (!remedy_needed(res->sc, v)) {
			continue;
		}
		p.tasks[n].sc = res->sc;
		p.tasks[n].seed = res->seed;
		p.tasks[n].spec = v->spec;
		p.tasks[n].v = v;
		task_setup(&p.tasks[n], v);
		v->remedies = p.tasks[n].out;
		n++;
	}
	p.n = n;
	g = remedy_fit(res->sc, p.tasks, n, pool_threads(res->sc, jobs, n),
		       &why);
	for (i = 0; why && i < n; i++) {
		skip(p.tasks[i].out, why);
	}
	free(why);
	if (g == 0) {
		p.n = 0; /* the bounds' sentence stands for the replays */
	}
	pthread_mutex_init(&p.lock, NULL);
	th = xcalloc(g ? g : 1, sizeof(*th));
	started = xcalloc(g ? g : 1, sizeof(*started));
	for (i = 1; i < g; i++) {
		started[i] = pthread_create(&th[i], NULL, pool_worker, &p) == 0;
	}
	pool_worker(&p);
	for (i = 1; i < g; i++) {
		if (started[i]) {
			pthread_join(th[i], NULL);
		}
	}
	pthread_mutex_destroy(&p.lock);
	res->remedies_built = 1;
	free(started);
	free(th);
	free(p.tasks);
}

size_t remedies_plan(const struct pk_result *res, size_t *max_replays)
{
	size_t i, n = 0;

	*max_replays = 0;
	for (i = 0; i < res->n_variants; i++) {
		const struct pk_result_variant *v = &res->variants[i];
		struct remedy_task t;

		if (!remedy_needed(res->sc, v)) {
			continue;
		}
		memset(&t, 0, sizeof(t));
		t.sc = res->sc;
		t.seed = res->seed;
		t.spec = v->spec;
		t.v = v;
		task_setup(&t, v);
		*max_replays += t.out->max_replays;
		remedies_free(t.out);
		n++;
	}
	return n;
}

size_t remedies_replays(const struct pk_result *res)
{
	size_t i, n = 0;

	for (i = 0; i < res->n_variants; i++) {
		if (res->variants[i].remedies) {
			n += res->variants[i].remedies->replays;
		}
	}
	return n;
}

const char *remedies_not_replayed(const struct pk_result *res)
{
	size_t i;

	for (i = 0; i < res->n_variants; i++) {
		if (res->variants[i].remedies) {
			return res->variants[i].remedies->not_replayed;
		}
	}
	return NULL;
}

void remedies_free(struct pk_remedies *r)
{
	size_t k;

	if (!r) {
		return;
	}
	figures_free(&r->before);
	free(r->phases_why);
	free(r->over_cap_why);
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		free(r->items[k].why);
		figures_free(&r->items[k].after);
	}
	free(r->redist_ru);
	free(r->not_replayed);
	free(r);
}
