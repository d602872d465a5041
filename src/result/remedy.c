/*
 * remedy: each rate-limited variant's remedies found by replaying the
 * run's operation stream under changed settings (remedy.h): which
 * remedies apply beside the scenario's phases, the bound on their
 * replays, and the variants' tasks, run in threads, that call each
 * kind's search (remedy_raise.c, remedy_redist.c, remedy_autoscale.c,
 * remedy_merge.c, remedy_bulk.c).
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

/* 1 if some phase of sc changes the container at its start */
int phases_act(const struct pk_scenario *sc)
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
 * The most replays a variant's searches run: the raise (its probe of
 * the layout's most, then search_from) or, when that probe rate limits
 * (or there is no room), the raise with splits after it; the
 * redistribution, the switch to autoscale, the merge and the bulk
 * stream's remedies where they apply.
 */
size_t remedy_settings_bound(const struct remedy_task *t)
{
	const struct pk_remedies *r = t->out;
	int64_t span = r->cap_ru_per_s - r->floor_ru_per_s;
	size_t raise = 0, split, b;
	int still = !phases_act(t->sc);

	if (r->phases_why) {
		return 0;
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
	return b;
}

static size_t bound(const struct remedy_task *t,
		    const struct pk_result_variant *v)
{
	return remedy_settings_bound(t) + merge_replayable(t->sc, v) +
	       bulk_bound(t);
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
		if (s > r->top_ru_per_s) {
			r->top_ru_per_s = s;
			r->top_phase = ph->name;
		}
		r->n_throughput_phases +=
		    !r->autoscale && ph->throughput_ru_per_s > 0;
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

void remedy_settings(struct pk_remedies *r, const struct pk_scenario *sc,
		     const struct pk_container_spec *cs, int autoscale,
		     size_t created)
{
	int64_t pp = cs->pp_ru_per_s > 0 ? cs->pp_ru_per_s : 10000;

	r->autoscale = autoscale;
	r->created_partitions = created;
	r->cap_ru_per_s = (int64_t)created * pp;
	r->raise_top_ru_per_s = r->cap_ru_per_s < PK_MAX_RU_PER_S
				    ? r->cap_ru_per_s
				    : PK_MAX_RU_PER_S;
	r->start_ru_per_s =
	    r->autoscale ? cs->autoscale_max_ru_per_s : cs->throughput_ru_per_s;
	r->merge_delay_s = cs->merge_delay_ms / 1000;
	r->split_delay_s = cs->split_delay_ms / 1000;
	phases_scan(sc, r);
	r->items[PK_REMEDY_RAISE].step =
	    r->autoscale ? PK_PROVISION_AUTOSCALE_STEP : PK_REMEDY_STEP_RU;
	r->items[PK_REMEDY_SPLIT].step = r->autoscale
					     ? PK_PROVISION_AUTOSCALE_STEP
					     : PK_REMEDY_SPLIT_STEP_RU;
}

static void task_setup(struct remedy_task *t, const struct pk_result_variant *v)
{
	struct pk_remedies *r = xcalloc(1, sizeof(*r));

	remedy_settings(r, t->sc, t->spec, v->autoscale, v->created_ranges);
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
	int reuse; /* 1: a task's replays may be answered by their twin */
	pthread_mutex_t lock;
};

static void *pool_worker(void *arg)
{
	struct remedy_pool *p = arg;

	for (;;) {
		size_t i;
		struct replay_twin tw;

		pthread_mutex_lock(&p->lock);
		i = p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->n) {
			return NULL;
		}
		memset(&tw, 0, sizeof(tw));
		p->tasks[i].twin = p->reuse ? &tw : NULL;
		task_run(&p->tasks[i]);
		p->tasks[i].twin = NULL;
		twin_free(&tw);
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
	remedies_build_reuse(res, jobs, 1);
}

void remedies_build_reuse(struct pk_result *res, unsigned jobs, int reuse)
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
	p.reuse = reuse;
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
	free(r->limit_why);
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		free(r->items[k].why);
		figures_free(&r->items[k].after);
	}
	free(r->redist_ru);
	free(r->not_replayed);
	free(r);
}
