/*
 * sim_variant: a run's variants made and freed (sim.h, sim_int.h): each
 * with its service (service.h), draw set and client workers; how many
 * threads run them; sim_run and sim_run_detail.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/run/client.h"
#include "pksim/run/client_aws.h"
#include "sim_int.h"

/* 1 if the scenario's id generator can make an id the service refuses
   (anything but a unique id with a clean prefix), or a data file's ids
   may repeat or be refused: records carry their own ids, or none
   (workload_file_ids_distinct; with distinct valid ids no create can
   conflict, and tracking a million ids was most of a replay's time) */
static int ids_need_check(const struct pk_run *run)
{
	const struct pk_scenario *sc = run->sc;
	const struct pk_prop_spec *id = scenario_find_prop(sc, "/id");

	if (sc->items_file) {
		return !workload_file_ids_distinct(run->workload,
						   PK_SIM_MAX_ID_BYTES);
	}
	return id && !(id->kind == PK_GEN_UNIQUE &&
		       strlen(id->prefix) + 20 <= PK_SIM_MAX_ID_BYTES &&
		       !strchr(id->prefix, '/') && !strchr(id->prefix, '\\'));
}

/* v's retries of a throttle: its table's retry_mode (D16), with a full
   retry quota under standard (client_aws.h) */
static void aws_retry_init(const struct pk_run *run,
			   const struct pk_container_spec *cs,
			   struct pk_variant *v)
{
	const struct pk_ddb_table_spec *t = scenario_variant_table(run->sc, cs);

	v->aws_retry = t ? t->retry_mode : PK_DDB_RETRY_CLIENT;
	v->quota = PK_AWS_QUOTA_TOKENS;
}

int sim_add_variant(struct pk_run *run, const struct pk_container_spec *cs,
		    int keep_seconds, struct pk_diag *diag)
{
	struct pk_variant *v;
	struct pk_service_spec spec;
	struct pk_service *svc;

	memset(&spec, 0, sizeof(spec));
	spec.sc = run->sc;
	spec.spec = cs;
	spec.workload = run->workload;
	spec.seed = run->seed;
	spec.keep_seconds = keep_seconds;
	spec.make = run->service;
	svc = service_new(&spec, diag);
	if (!svc) {
		return -1;
	}
	run->variants = xreallocarray(run->variants, run->n_variants + 1,
				      sizeof(*run->variants));
	v = &run->variants[run->n_variants];
	memset(v, 0, sizeof(*v));
	v->index = run->n_variants++;
	v->svc = svc;
	v->check_ids = ids_need_check(run);
	if (v->check_ids) {
		v->id_buf = xmalloc(PK_VALUE_MAX_BYTES);
	}
	if (run->paced) {
		size_t i;

		/* each stream its own pacing (sim.h's pk_pacer) */
		v->pacers = xcalloc(run->sc->n_streams, sizeof(*v->pacers));
		for (i = 0; i < run->sc->n_streams; i++) {
			const struct pk_client_spec *c =
			    &run->sc->streams[i].client;

			v->pacers[i].budget_per_s = c->ru_budget_per_s;
			v->pacers[i].first_ms = -1;
			v->pacers[i].budget_from_us = -1;
			client_workers_init(&v->pacers[i].workers,
					    c->concurrency, c->latency_ms);
		}
	}
	aws_retry_init(run, cs, v);
	/* the run's seed: every variant draws alike, whatever its group
	   (compare --jobs N) */
	v->targets = targets_new(run->workload, run->seed);
	v->last_first_ms = -1;
	if (run->sc->n_streams > 1) {
		size_t i;

		v->stream_sent_ms =
		    xmalloc(run->sc->n_streams * sizeof(*v->stream_sent_ms));
		for (i = 0; i < run->sc->n_streams; i++) {
			v->stream_sent_ms[i] = -1;
		}
	}
	return 0;
}

/* Runs alive now and the most at once (sim_runs_peak) */
static _Atomic unsigned long runs_alive, runs_peak;

void sim_count_run(void)
{
	unsigned long now = atomic_fetch_add(&runs_alive, 1) + 1;
	unsigned long peak = atomic_load(&runs_peak);

	while (now > peak &&
	       !atomic_compare_exchange_weak(&runs_peak, &peak, now)) {
	}
}

unsigned long sim_runs_peak(void)
{
	return atomic_load(&runs_peak);
}

void sim_runs_peak_reset(void)
{
	atomic_store(&runs_peak, atomic_load(&runs_alive));
}

void sim_free(struct pk_run *r)
{
	size_t i, k;

	if (!r) {
		return;
	}
	atomic_fetch_sub(&runs_alive, 1);
	for (i = 0; i < r->n_variants; i++) {
		service_free(r->variants[i].svc);
		targets_free(r->variants[i].targets);
		free(r->variants[i].qstats);
		free(r->variants[i].batch);
		free(r->variants[i].batch_ids);
		free(r->variants[i].id_buf);
		retryq_free(&r->variants[i].retries);
		for (k = 0; r->variants[i].pacers && k < r->sc->n_streams;
		     k++) {
			retryq_free(&r->variants[i].pacers[k].paced);
			retryq_free(&r->variants[i].pacers[k].held);
			client_workers_free(&r->variants[i].pacers[k].workers);
			free(r->variants[i].pacers[k].waits);
		}
		free(r->variants[i].pacers);
		free(r->variants[i].stream_sent_ms);
		if (r->variants[i].sstats) {
			for (k = 0; k < r->sc->n_streams * PK_STREAM_KINDS;
			     k++) {
				free(r->variants[i].sstats[k].waits);
			}
			free(r->variants[i].sstats);
		}
	}
	free(r->variants);
	free(r->actions);
	workload_free(r->workload);
	free(r);
}

/* Groups to run the variants of run in: 1 unless o asks for threads and
   the stream can be made again (generated items). */
size_t sim_n_groups(const struct pk_run *run, const struct pk_sim_opts *o)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t g = !o		 ? 1
		   : o->jobs > 0 ? o->jobs
		   : cores > 0	 ? (size_t)cores
				 : 1;

	if (g > PK_SIM_MAX_JOBS) {
		g = PK_SIM_MAX_JOBS;
	}
	if (run->obs) {
		return 1; /* the observer hears from one thread (observer.h) */
	}

	if (run->sc->items_file) {
		return 1;
	}
	return g < run->n_variants ? g : run->n_variants;
}

struct pk_run *sim_run(const struct pk_scenario *sc, uint64_t seed,
		       struct pk_diag *diag)
{
	return sim_run_detail(sc, seed, 0, diag);
}

struct pk_run *sim_run_detail(const struct pk_scenario *sc, uint64_t seed,
			      int keep_seconds, struct pk_diag *diag)
{
	struct pk_sim_opts o;

	memset(&o, 0, sizeof(o));
	o.keep_seconds = keep_seconds;
	o.jobs = 1;
	return sim_run_opts(sc, seed, &o, diag);
}
