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
#include "pksim/base/mem.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"

/* What a variant's searches replay: the scenario, seed and the variant's
   container as configured. */
struct remedy_task {
	const struct pk_scenario *sc; /* borrowed */
	uint64_t seed;
	const struct pk_container_spec *spec; /* borrowed */
	struct pk_remedies *out;	      /* filled by the task */
};

int remedy_needed(const struct pk_result_variant *v)
{
	return v->cosmos && !v->serverless && v->spec &&
	       v->metrics->totals.throttled_429 > 0;
}

static void figures_of(const struct pk_result_variant *v,
		       struct pk_remedy_figures *f)
{
	int64_t i;

	memset(f, 0, sizeof(*f));
	f->throttled_429 = v->metrics->totals.throttled_429;
	f->failed = v->metrics->totals.failed_after_retries;
	f->ru_per_s = v->ru_per_s;
	f->partitions = v->n_ranges;
	f->splits = v->metrics->n_splits;
	for (i = 0; v->billed_ru_per_s && i < v->n_hours; i++) {
		if (v->billed_ru_per_s[i] > f->billed_peak_ru) {
			f->billed_peak_ru = v->billed_ru_per_s[i];
		}
	}
}

/* The RU/s field a setting changes: the autoscale max or the manual
   throughput, of a phase */
static int64_t *phase_setting(struct pk_phase_spec *ph, int autoscale)
{
	return autoscale ? &ph->autoscale_max_ru_per_s
			 : &ph->throughput_ru_per_s;
}

/* One error's text of diag, owned */
static char *diag_text(const struct pk_diag *d)
{
	const struct pk_diag_entry *e = d->n_entries ? &d->entries[0] : NULL;

	if (!e) {
		return xstrdup("the replay stopped");
	}
	return e->line ? xasprintf("%s:%d:%d: %s", e->file ? e->file : "",
				   e->line, e->col, e->msg)
		       : xstrdup(e->msg);
}

/* Each creation range's busiest second of RU in v, into demand[id]
   (P entries): its peak normalized RU consumption x its RU/s share */
static void demand_of(const struct pk_result_variant *v, int64_t *demand,
		      size_t p)
{
	size_t i;

	for (i = 0; i < v->n_ranges; i++) {
		/* to the nearest mRU, then up to whole RU */
		int64_t mru = (int64_t)(v->ranges[i].peak_normalized *
					    (double)v->ranges[i].ru_per_s_mru +
					0.5);

		if (v->ranges[i].id < p) {
			demand[v->ranges[i].id] = (mru + 999) / 1000;
		}
	}
}

/* What a replay changes: the setting r (0: none) or a redistribution
   (redist, n entries; NULL: none); demand: NULL, or P entries filled by
   demand_of */
struct replay_change {
	int64_t r;
	const struct pk_redist_spec *redist;
	size_t n;
	int64_t *demand;
};

/*
 * Replay t's variant with change ch from t = 0 (remedy.h): fills *f and
 * returns 0, or returns -1 with the error in *why (owned).
 */
static int replay_with(const struct remedy_task *t,
		       const struct replay_change *ch,
		       struct pk_remedy_figures *f, char **why)
{
	int64_t r = ch->r;
	struct pk_scenario view = *t->sc;
	struct pk_container_spec cs = *t->spec;
	struct pk_phase_spec *ph = NULL;
	struct pk_sim_opts o;
	struct pk_diag diag;
	struct pk_run *run;
	struct pk_result *res;
	int autoscale = t->out->autoscale;
	size_t i;

	if (t->sc->n_phases > 0) {
		ph = xcalloc(t->sc->n_phases, sizeof(*ph));
		memcpy(ph, t->sc->phases, t->sc->n_phases * sizeof(*ph));
		for (i = 0; i < t->sc->n_phases; i++) {
			int64_t *s = phase_setting(&ph[i], autoscale);

			/* the first phase starts at t = 0: the raise */
			if (r > 0 && (*s > 0 || i == 0) && *s < r) {
				*s = r;
			}
		}
		if (ch->redist) {
			ph[0].redistribute =
			    (struct pk_redist_spec *)ch->redist;
			ph[0].n_redistribute = ch->n;
		}
		view.phases = ph;
	} else {
		cs.existing_partitions = t->out->created_partitions;
		*(autoscale ? &cs.autoscale_max_ru_per_s
			    : &cs.throughput_ru_per_s) = r;
	}
	view.container = cs;
	view.variants = &cs;
	view.n_variants = 1;
	view.expects = NULL;
	view.n_expects = 0;
	memset(&o, 0, sizeof(o));
	o.jobs = 1;
	diag_init(&diag);
	run = sim_run_opts(&view, t->seed, &o, &diag);
	if (!run) {
		*why = diag_text(&diag);
		diag_free(&diag);
		free(ph);
		return -1;
	}
	res = result_build(run);
	figures_of(&res->variants[0], f);
	if (ch->demand) {
		demand_of(&res->variants[0], ch->demand,
			  t->out->created_partitions);
	}
	result_free(res);
	sim_free(run);
	diag_free(&diag);
	free(ph);
	return 0;
}

/* Replay change ch for remedy m: 1 if it rate limited, 0 if not (f
   filled), -1 on an error (m marked FAILED). */
static int probe_with(const struct remedy_task *t, struct pk_remedy *m,
		      const struct replay_change *ch,
		      struct pk_remedy_figures *f)
{
	m->replays++;
	t->out->replays++;
	if (replay_with(t, ch, f, &m->why)) {
		m->status = PK_REMEDY_FAILED;
		m->setting = ch->r;
		return -1;
	}
	return f->throttled_429 > 0;
}

/* Replay setting r for remedy m, as probe_with */
static int probe(const struct remedy_task *t, struct pk_remedy *m, int64_t r,
		 struct pk_remedy_figures *f)
{
	struct replay_change ch = {r, NULL, 0, NULL};

	return probe_with(t, m, &ch, f);
}

/*
 * Bisect between lo (rate limited) and hi (not, its figures in m->after)
 * to within m->step, on multiples of the step from lo; m ends FOUND at
 * the smallest setting seen without 429s.
 */
static void bisect(const struct remedy_task *t, struct pk_remedy *m, int64_t lo,
		   int64_t hi)
{
	struct pk_remedy_figures f;

	while (hi - lo > m->step) {
		int64_t half = (hi - lo) / (2 * m->step) * m->step;
		int64_t mid = lo + (half > m->step ? half : m->step);
		int rc = probe(t, m, mid, &f);

		if (rc < 0) {
			return;
		}
		if (rc) {
			lo = mid;
		} else {
			hi = mid;
			m->after = f;
		}
	}
	m->status = PK_REMEDY_FOUND;
	m->setting = hi;
	m->below = lo;
}

/* The raise on the existing layout; returns 1 when the layout's most
   still rate limits (or there is no room), so splits are searched.
   demand (P entries) gets each range's busiest second of RU at the
   layout's most. */
static int search_raise(const struct remedy_task *t, int64_t *demand)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_RAISE];
	struct replay_change ch = {r->cap_ru_per_s, NULL, 0, demand};
	int rc;

	if (r->start_ru_per_s >= r->cap_ru_per_s) {
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
	bisect(t, m, r->start_ru_per_s, r->cap_ru_per_s);
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

/*
 * The redistribution's RU/s of p ranges (remedy.h): total in proportion
 * to demand, each at most cap, at least 1, whole RU/s adding up to total
 * (when p x cap allows). ru gets p entries.
 */
static void redist_shares(const int64_t *demand, size_t p, int64_t total,
			  int64_t cap, int64_t *ru)
{
	double *x = xcalloc(p, sizeof(*x));
	int *capped = xcalloc(p, sizeof(*capped));
	double left = (double)total;
	int again = 1;
	int64_t sum = 0;
	size_t i;

	while (again) {
		double d = 0;
		size_t open = 0;

		again = 0;
		for (i = 0; i < p; i++) {
			if (!capped[i]) {
				d += (double)demand[i];
				open++;
			}
		}
		for (i = 0; i < p && open > 0; i++) {
			if (capped[i]) {
				continue;
			}
			x[i] = d > 0 ? left * (double)demand[i] / d
				     : left / (double)open;
			if (x[i] > (double)cap) {
				capped[i] = 1;
				x[i] = (double)cap;
				left -= (double)cap;
				again = 1;
				break;
			}
		}
	}
	for (i = 0; i < p; i++) {
		ru[i] = (int64_t)x[i] < 1 ? 1 : (int64_t)x[i];
		sum += ru[i];
	}
	/* the remainder (under one a range) one each to the busiest
	   ranges with room; ranges raised to 1 may pass the total by as
	   much */
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
	free(capped);
}

/* The redistribution at the run's total, from demand (NULL: none
   measured) */
static void search_redist(const struct remedy_task *t, const int64_t *demand)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_REDIST];
	struct pk_redist_spec *e;
	struct replay_change ch = {0, NULL, 0, NULL};
	int64_t cap = r->cap_ru_per_s / (int64_t)r->created_partitions;
	size_t i, p = r->created_partitions;
	int rc;

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

/* The most replays a variant's searches run: the raise's probe of the
   layout's most and its bisection, the doublings and their bisection. */
static size_t bound(const struct pk_remedies *r)
{
	int64_t span = r->cap_ru_per_s - r->start_ru_per_s, n = 1;
	int64_t step = r->items[PK_REMEDY_RAISE].step;
	size_t b = 1;
	int64_t top = r->cap_ru_per_s > r->start_ru_per_s ? r->cap_ru_per_s
							  : r->start_ru_per_s;
	int k;

	while (span > step * n) {
		n *= 2;
		b++;
	}
	for (k = 0; k < PK_REMEDY_MAX_DOUBLINGS && top < PK_MAX_RU_PER_S; k++) {
		top *= 2;
	}
	b += (size_t)k;
	span = top / 2;
	step = r->items[PK_REMEDY_SPLIT].step;
	for (n = 1; span > step * n; n *= 2) {
		b++;
	}
	return b + 1; /* the redistribution */
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
	figures_of(v, &r->before);
	r->items[PK_REMEDY_RAISE].kind = PK_REMEDY_RAISE;
	r->items[PK_REMEDY_SPLIT].kind = PK_REMEDY_SPLIT;
	r->items[PK_REMEDY_REDIST].kind = PK_REMEDY_REDIST;
	r->items[PK_REMEDY_RAISE].step =
	    r->autoscale ? PK_PROVISION_AUTOSCALE_STEP : PK_REMEDY_STEP_RU;
	r->items[PK_REMEDY_SPLIT].step = r->autoscale
					     ? PK_PROVISION_AUTOSCALE_STEP
					     : PK_REMEDY_SPLIT_STEP_RU;
	r->max_replays = bound(r);
	t->out = r;
}

static void task_run(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	int64_t *demand = xcalloc(
	    r->created_partitions ? r->created_partitions : 1, sizeof(*demand));

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

void remedies_build(struct pk_result *res, unsigned jobs)
{
	struct remedy_pool p;
	pthread_t *th;
	int *started;
	size_t i, n = 0, g;

	memset(&p, 0, sizeof(p));
	p.tasks =
	    xcalloc(res->n_variants ? res->n_variants : 1, sizeof(*p.tasks));
	for (i = 0; i < res->n_variants; i++) {
		struct pk_result_variant *v = &res->variants[i];

		if (!remedy_needed(v)) {
			continue;
		}
		p.tasks[n].sc = res->sc;
		p.tasks[n].seed = res->seed;
		p.tasks[n].spec = v->spec;
		task_setup(&p.tasks[n], v);
		v->remedies = p.tasks[n].out;
		n++;
	}
	p.n = n;
	g = pool_threads(res->sc, jobs, n);
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
	free(started);
	free(th);
	free(p.tasks);
}

void remedies_free(struct pk_remedies *r)
{
	size_t k;

	if (!r) {
		return;
	}
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		free(r->items[k].why);
	}
	free(r->redist_ru);
	free(r);
}
