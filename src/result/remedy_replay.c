/*
 * remedy_replay: one replay of a variant's operation stream with its
 * container's setting changed from t = 0 (remedy.h), and the figures it
 * measured.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/service.h"
#include "remedy_int.h"

/* Free what f owns (the hours' bills) and clear them */
void figures_free(struct pk_remedy_figures *f)
{
	free(f->billed_classic);
	free(f->billed_dynamic);
	f->billed_classic = NULL;
	f->billed_dynamic = NULL;
	f->n_hours = 0;
}

/* Move src into dst (what dst owned freed); src ends empty */
void figures_move(struct pk_remedy_figures *dst, struct pk_remedy_figures *src)
{
	figures_free(dst);
	*dst = *src;
	memset(src, 0, sizeof(*src));
}

/* A copy of n hours' bills, or NULL */
static int64_t *hours_dup(const int64_t *x, size_t n)
{
	int64_t *y;

	if (!x || n == 0) {
		return NULL;
	}
	y = xcalloc(n, sizeof(*y));
	memcpy(y, x, n * sizeof(*y));
	return y;
}

/* When m's last split delay ended (pk_remedy_figures.split_wait_end_s) */
static int64_t split_wait_end(const struct pk_metrics *m)
{
	size_t i;

	for (i = m->n_changes; i-- > 0;) {
		const struct pk_throughput_event *e = &m->changes[i];

		if (e->effective_t_s == PK_EFFECTIVE_UNFINISHED) {
			return e->planned_t_s;
		}
		if (e->effective_t_s > e->t_s) {
			return e->effective_t_s;
		}
	}
	return 0;
}

/* The end of m's last second with a 429 (pk_remedy_figures) */
static int64_t last_429_end(const struct pk_metrics *m)
{
	const struct pk_second *x = m->keep_seconds ? m->seconds : m->minutes;
	size_t i = m->keep_seconds ? m->n_seconds : m->n_minutes;

	while (i-- > 0) {
		if (x[i].throttled_429 > 0) {
			return x[i].t_s + (m->keep_seconds ? x[i].span_s : 60);
		}
	}
	return 0;
}

/* f's late_429 and delay_only from m (pk_remedy_figures), its
   split_wait_end_s and last_429_end_s set */
static void delay_of(const struct pk_metrics *m, struct pk_remedy_figures *f)
{
	const struct pk_second *x = m->keep_seconds ? m->seconds : m->minutes;
	size_t i, n = m->keep_seconds ? m->n_seconds : m->n_minutes;
	int64_t end = 0;
	int backlog = 1;

	if (f->split_wait_end_s <= 0 || f->throttled_429 == 0) {
		return;
	}
	for (i = 0; i < n; i++) {
		int64_t span = m->keep_seconds ? x[i].span_s : 60;

		end = x[i].t_s + span;
		if (x[i].t_s < f->split_wait_end_s || x[i].throttled_429 == 0) {
			continue;
		}
		f->late_429 += x[i].throttled_429;
		if (x[i].retries == 0 ||
		    x[i].offered_mru > x[i].ru_per_s * 1000 * span) {
			backlog = 0;
		}
	}
	f->delay_only =
	    f->late_429 == 0 || (backlog && f->last_429_end_s < end);
}

/* The logical partition with the most 429s among v's ranges' hottest by
   RU, its 429s and key into f */
static void lp_of(const struct pk_result_variant *v,
		  struct pk_remedy_figures *f)
{
	const struct pk_result_lp *top = NULL;
	size_t i;

	for (i = 0; i < v->n_ranges; i++) {
		const struct pk_result_range *g = &v->ranges[i];

		if (g->has_hottest && g->hottest.throttled_429 > 0 &&
		    (!top || g->hottest.throttled_429 > top->throttled_429)) {
			top = &g->hottest;
		}
	}
	if (top) {
		f->lp_429 = top->throttled_429;
		result_key_text(v, top->key, top->key_len, f->lp_key,
				sizeof(f->lp_key));
	}
}

/* The bulk stream's and the interactive streams' figures of v into f */
static void streams_of(const struct pk_result_variant *v, int bulk,
		       struct pk_remedy_figures *f)
{
	size_t i;

	for (i = 0; bulk >= 0 && i < v->n_streams; i++) {
		const struct pk_result_stream_ops *s = &v->streams[i].all;

		if (i == (size_t)bulk) {
			f->bulk_429 = s->throttled_429;
			f->bulk_succeeded = s->succeeded;
			f->bulk_finish_ms = v->streams[i].pacing.paced
						? v->streams[i].pacing.finish_ms
						: 0;
		} else {
			f->inter_429 += s->throttled_429;
			f->inter_failed += s->failed_429;
		}
	}
}

void figures_of(const struct pk_result_variant *v, int bulk,
		struct pk_remedy_figures *f)
{
	int64_t i;

	memset(f, 0, sizeof(*f));
	f->throttled_429 = v->metrics->totals.throttled_429;
	f->failed = v->metrics->totals.failed_after_retries;
	f->ru_per_s = v->ru_per_s;
	f->partitions = v->n_ranges;
	f->splits = v->metrics->n_splits;
	if (v->metrics->n_merges > 0) {
		f->merge_after =
		    v->metrics->merges[v->metrics->n_merges - 1].ranges_after;
	}
	if (v->bill.priced && v->bill.throughput.pick.row) {
		f->priced = 1;
		f->month = v->bill.month;
		f->currency = v->bill.throughput.pick.row->currency;
	}
	f->split_wait_end_s = split_wait_end(v->metrics);
	f->last_429_end_s = last_429_end(v->metrics);
	delay_of(v->metrics, f);
	lp_of(v, f);
	streams_of(v, bulk, f);
	for (i = 0; v->billed_ru_per_s && i < v->n_hours; i++) {
		if (v->billed_ru_per_s[i] > f->billed_peak_ru) {
			f->billed_peak_ru = v->billed_ru_per_s[i];
		}
	}
	if (v->autoscale && v->n_hours > 0) {
		f->n_hours = (size_t)v->n_hours;
		f->billed_classic = hours_dup(v->billed_classic, f->n_hours);
		f->billed_dynamic = hours_dup(v->billed_dynamic, f->n_hours);
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

/* x rounded up to a multiple of the autoscale step (rule 8's grid) */
int64_t autoscale_grid(int64_t x)
{
	int64_t s = PK_PROVISION_AUTOSCALE_STEP;

	return (x + s - 1) / s * s;
}

/* Switched to autoscale: phase ph's `throughput` is dropped (remedy.h:
   the autoscale max holds over every phase) */
static void phase_to_autoscale(struct pk_phase_spec *ph)
{
	ph->throughput_ru_per_s = -1;
}

/* The container of t switched to autoscale at max r from creation: its
   creation layout of P partitions, at most their cap at t = 0 (a phase
   raises it past, rule 6) */
static void spec_to_autoscale(const struct remedy_task *t, int64_t r,
			      struct pk_container_spec *cs)
{
	cs->throughput_ru_per_s = 0;
	cs->existing_partitions = t->out->created_partitions;
	cs->autoscale_max_ru_per_s =
	    r < t->out->cap_ru_per_s ? r : t->out->cap_ru_per_s;
	/* past the layout's most the first phase raises it to r, which
	   splits: until the split delay has passed the old partitions serve
	   the run's own setting (rule 6), as in the manual raise's replay */
	if (r > t->out->cap_ru_per_s && t->sc->n_phases > 0) {
		int64_t own = autoscale_grid(t->out->start_ru_per_s);

		own = own > PK_PROVISION_MIN_AUTOSCALE_MAX
			  ? own
			  : PK_PROVISION_MIN_AUTOSCALE_MAX;
		cs->autoscale_max_ru_per_s = own < cs->autoscale_max_ru_per_s
						 ? own
						 : cs->autoscale_max_ru_per_s;
	}
}

/*
 * Setting r held as a floor over phases ph (n of them), from in_force,
 * the RU/s (autoscale: the max) the container is created with: a phase
 * that sets less than r sets r, the first phase raises the creation
 * setting to r when it is below, and a phase whose setting is then what
 * is already in force sets nothing (a repeated setting would ask for the
 * same change twice, and a split it started would be asked for again).
 */
static void floor_phases(struct pk_phase_spec *ph, size_t n, int autoscale,
			 int64_t in_force, int64_t r)
{
	int64_t unchanged = autoscale ? 0 : -1;
	size_t i;

	for (i = 0; i < n; i++) {
		int64_t *s = phase_setting(&ph[i], autoscale);
		int64_t want = *s > 0 ? (*s > r ? *s : r)
				      : (i == 0 && r > in_force ? r : 0);

		if (want > 0 && want != in_force) {
			*s = want;
			in_force = want;
		} else {
			*s = *s > 0 ? unchanged : *s;
		}
	}
}

/* A copy of t's streams with ch's bulk client and, when
   ch->raise_others, the interactive streams that took the account's
   default priority at High (rule 35); owned */
static struct pk_stream_spec *streams_with(const struct remedy_task *t,
					   const struct replay_change *ch)
{
	size_t i, n = t->sc->n_streams;
	struct pk_stream_spec *st = xcalloc(n, sizeof(*st));

	memcpy(st, t->sc->streams, n * sizeof(*st));
	for (i = 0; i < n; i++) {
		if (i == (size_t)t->out->bulk) {
			if (ch->bulk_client) {
				st[i].client = *ch->bulk_client;
			}
			if (ch->what == REPLAY_BUDGET) {
				st[i].client.ru_budget_per_s =
				    (double)(t->out->start_ru_per_s - ch->r);
			}
		} else if (ch->raise_others && !st[i].client.priority_set) {
			st[i].client.priority_low = 0;
		}
	}
	return st;
}

/* The one phase a data file without phases is replayed with to take
   ch's redistribution at t = 0: as long as the run, setting nothing
   else (a data file's phase sends no requests of its own); owned */
static struct pk_phase_spec *data_file_phase(const struct remedy_task *t,
					     const struct replay_change *ch)
{
	struct pk_phase_spec *ph = xcalloc(1, sizeof(*ph));

	ph->name = "redistribution";
	ph->duration_ms = (t->v->end_s > 0 ? t->v->end_s : 1) * 1000;
	ph->mix[PK_OP_CREATE] = 1;
	ph->batch_size = PK_DEFAULT_BATCH_OPS;
	ph->upsert_new = 1;
	ph->item_size.kind = PK_SIZE_FIXED;
	ph->item_size.bytes = PK_KIB;
	ph->throughput_ru_per_s = -1;
	ph->arrival = PK_ARRIVAL_UNIFORM;
	ph->redistribute = (struct pk_redist_spec *)ch->redist;
	ph->n_redistribute = ch->n;
	return ph;
}

/* ch->yes_no: the run stops at the first 429 that makes probe_with's
   answer 1 (a setting of the RU/s, or a bulk stream alone: any stream's;
   a bulk stream's setting: an interactive stream's); none without a bulk
   stream there, where no 429 counts */
static void halt_of(const struct remedy_task *t, const struct replay_change *ch,
		    struct pk_sim_opts *o)
{
	if (!ch->yes_no) {
		return;
	}
	if (ch->what == REPLAY_RU || t->out->bulk_alone) {
		o->halt_429 = 1;
		o->halt_skip = -1;
	} else if (t->out->bulk >= 0) {
		o->halt_429 = 1;
		o->halt_skip = t->out->bulk;
	}
}

void replay_view_build(const struct remedy_task *t,
		       const struct replay_change *ch, struct replay_view *w)
{
	int64_t r = ch->what == REPLAY_RU ? ch->r : 0;
	int autoscale = t->out->autoscale || ch->to_autoscale;
	size_t i;

	/* byte copies, padding too: remedy_twin.c compares views bytewise */
	memset(w, 0, sizeof(*w));
	memcpy(&w->sc, t->sc, sizeof(w->sc));
	memcpy(&w->cs, t->spec, sizeof(w->cs));
	if (ch->to_autoscale) {
		spec_to_autoscale(t, r, &w->cs);
	}
	if (t->sc->n_phases > 0) {
		w->ph = xcalloc(t->sc->n_phases, sizeof(*w->ph));
		memcpy(w->ph, t->sc->phases, t->sc->n_phases * sizeof(*w->ph));
		for (i = 0; i < t->sc->n_phases && ch->to_autoscale; i++) {
			phase_to_autoscale(&w->ph[i]);
		}
		if (r > 0) {
			floor_phases(w->ph, t->sc->n_phases, autoscale,
				     autoscale ? w->cs.autoscale_max_ru_per_s
					       : w->cs.throughput_ru_per_s,
				     r);
		}
		if (ch->redist) {
			w->ph[0].redistribute =
			    (struct pk_redist_spec *)ch->redist;
			w->ph[0].n_redistribute = ch->n;
		}
		if (ch->merge_to > 0) {
			w->ph[ch->merge_phase].merge_to = (int64_t)ch->merge_to;
		}
		w->sc.phases = w->ph;
	} else if (ch->redist) {
		/* a data file without phases: one phase over the run, whose
		   start sets the redistribution */
		w->ph = data_file_phase(t, ch);
		w->sc.phases = w->ph;
		w->sc.n_phases = 1;
		w->cs.existing_partitions = t->out->created_partitions;
	} else {
		w->cs.existing_partitions = t->out->created_partitions;
		*(autoscale ? &w->cs.autoscale_max_ru_per_s
			    : &w->cs.throughput_ru_per_s) = r;
	}
	if (ch->bulk_client || ch->raise_others) {
		w->st = streams_with(t, ch);
		w->sc.streams = w->st;
	}
	if (ch->bucket_id > 0) {
		w->cs.bucket_pct[ch->bucket_id] =
		    ch->what == REPLAY_BUCKET
			? (int)((t->out->start_ru_per_s - ch->r) * 100 /
				t->out->start_ru_per_s)
			: ch->bucket_pct;
	}
	w->sc.variants = &w->cs;
	w->sc.n_variants = 1;
	w->sc.expects = NULL;
	w->sc.n_expects = 0;
}

void replay_view_free(struct replay_view *w)
{
	free(w->ph);
	free(w->st);
	w->ph = NULL;
	w->st = NULL;
}

/* 1 if the metrics m hold an autoscale max raised for storage (rule 18) */
static int storage_raised(const struct pk_metrics *m)
{
	size_t i;

	for (i = 0; i < m->n_actions; i++) {
		if (m->actions[i].kind == PK_ACTION_AUTOSCALE_MAX) {
			return 1;
		}
	}
	return 0;
}

int replay_view_run(const struct remedy_task *t, const struct replay_change *ch,
		    struct replay_view *w, struct pk_remedy_figures *f,
		    char **why, int *raised)
{
	struct pk_sim_opts o;
	struct pk_diag diag;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_remedy_figures g;

	/* the view's container: w may have moved since it was built */
	w->sc.container = w->cs;
	w->sc.variants = &w->cs;
	memset(&o, 0, sizeof(o));
	o.jobs = 1;
	halt_of(t, ch, &o);
	diag_init(&diag);
	t->out->runs++;
	run = sim_run_opts(&w->sc, t->seed, &o, &diag);
	if (!run || run->halted) {
		int rc = run ? 1 : -1;

		if (!run) {
			*why = diag_text(&diag);
		} else if (raised) {
			/* the actions up to the 429 it stopped at */
			const struct pk_service *svc = run->variants[0].svc;

			*raised = storage_raised(svc->ops->metrics(svc));
		}
		sim_free(run);
		diag_free(&diag);
		return rc;
	}
	res = result_build(run);
	figures_of(&res->variants[0], t->out->bulk, &g);
	figures_move(f, &g);
	if (raised) {
		*raised = storage_raised(res->variants[0].metrics);
	}
	if (ch->demand) {
		demand_of(&res->variants[0], ch->demand,
			  t->out->created_partitions);
	}
	result_free(res);
	sim_free(run);
	diag_free(&diag);
	return 0;
}

/*
 * Replay t's variant with change ch from t = 0 (remedy_int.h): fills *f
 * and returns 0, returns 1 when it stopped at a 429 (ch->yes_no), or
 * returns -1 with the error in *why (owned). A replay that is the same
 * run as one already run, or run in its place, takes that one's figures
 * (remedy_twin.c).
 */
int replay_with(const struct remedy_task *t, const struct replay_change *ch,
		struct pk_remedy_figures *f, char **why)
{
	struct replay_view w;
	int rc;

	if (twin_replay(t, ch, f, &rc)) {
		return rc;
	}
	replay_view_build(t, ch, &w);
	rc = replay_view_run(t, ch, &w, f, why, NULL);
	replay_view_free(&w);
	return rc;
}
