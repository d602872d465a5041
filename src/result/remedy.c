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

/*
 * Replay t's variant at setting r from t = 0 (remedy.h): fills *f and
 * returns 0, or returns -1 with the error in *why (owned).
 */
static int replay(const struct remedy_task *t, int64_t r,
		  struct pk_remedy_figures *f, char **why)
{
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
			if ((*s > 0 || i == 0) && *s < r) {
				*s = r;
			}
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
	result_free(res);
	sim_free(run);
	diag_free(&diag);
	free(ph);
	return 0;
}

/* Replay setting r for remedy m: 1 if it rate limited, 0 if not (f
   filled), -1 on an error (m marked FAILED). */
static int probe(const struct remedy_task *t, struct pk_remedy *m, int64_t r,
		 struct pk_remedy_figures *f)
{
	m->replays++;
	t->out->replays++;
	if (replay(t, r, f, &m->why)) {
		m->status = PK_REMEDY_FAILED;
		m->setting = r;
		return -1;
	}
	return f->throttled_429 > 0;
}

/*
 * Bisect between lo (rate limited) and hi (not, its figures in m->after)
 * to within m->step, on multiples of the step from lo; m ends FOUND at
 * the smallest setting seen without 429s.
 */
static void bisect(const struct remedy_task *t, struct pk_remedy *m,
		   int64_t lo, int64_t hi)
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
   still rate limits (or there is no room), so splits are searched. */
static int search_raise(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	struct pk_remedy *m = &r->items[PK_REMEDY_RAISE];
	int rc;

	if (r->start_ru_per_s >= r->cap_ru_per_s) {
		m->status = PK_REMEDY_NO_ROOM;
		return 1;
	}
	rc = probe(t, m, r->cap_ru_per_s, &m->after);
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
	for (k = 0; k < PK_REMEDY_MAX_DOUBLINGS && rc == 1 &&
		    hi < PK_MAX_RU_PER_S;
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
	for (k = 0; k < PK_REMEDY_MAX_DOUBLINGS && top < PK_MAX_RU_PER_S;
	     k++) {
		top *= 2;
	}
	b += (size_t)k;
	span = top / 2;
	step = r->items[PK_REMEDY_SPLIT].step;
	for (n = 1; span > step * n; n *= 2) {
		b++;
	}
	return b;
}

static void task_setup(struct remedy_task *t,
		       const struct pk_result_variant *v)
{
	struct pk_remedies *r = xcalloc(1, sizeof(*r));
	const struct pk_container_spec *cs = t->spec;
	int64_t pp = cs->pp_ru_per_s > 0 ? cs->pp_ru_per_s : 10000;

	r->autoscale = v->autoscale;
	r->created_partitions = v->created_ranges;
	r->cap_ru_per_s = (int64_t)v->created_ranges * pp;
	r->start_ru_per_s = r->autoscale ? cs->autoscale_max_ru_per_s
					 : cs->throughput_ru_per_s;
	figures_of(v, &r->before);
	r->items[PK_REMEDY_RAISE].kind = PK_REMEDY_RAISE;
	r->items[PK_REMEDY_SPLIT].kind = PK_REMEDY_SPLIT;
	r->items[PK_REMEDY_RAISE].step =
	    r->autoscale ? PK_PROVISION_AUTOSCALE_STEP : PK_REMEDY_STEP_RU;
	r->items[PK_REMEDY_SPLIT].step =
	    r->autoscale ? PK_PROVISION_AUTOSCALE_STEP
			 : PK_REMEDY_SPLIT_STEP_RU;
	r->max_replays = bound(r);
	t->out = r;
}

static void task_run(const struct remedy_task *t)
{
	if (search_raise(t)) {
		search_split(t);
	} else if (t->out->items[PK_REMEDY_RAISE].status != PK_REMEDY_FAILED) {
		t->out->items[PK_REMEDY_SPLIT].status = PK_REMEDY_NOT_NEEDED;
	}
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
	p.tasks = xcalloc(res->n_variants ? res->n_variants : 1,
			  sizeof(*p.tasks));
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
	free(r);
}
