/*
 * remedy_int: what the remedies' searches (remedy_search.c, and by kind
 * remedy_raise.c, remedy_redist.c, remedy_autoscale.c, remedy_merge.c,
 * remedy_bulk.c), their replays (remedy_replay.c) and the variant's task
 * that runs them (remedy.c) share. Not a public header.
 */
#ifndef PKSIM_RESULT_REMEDY_INT_H
#define PKSIM_RESULT_REMEDY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/load/scenario.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"

struct replay_twin;

/* What a variant's searches replay: the scenario, seed and the variant's
   container as configured. */
struct remedy_task {
	const struct pk_scenario *sc; /* borrowed */
	uint64_t seed;
	const struct pk_container_spec *spec; /* borrowed */
	const struct pk_result_variant *v;    /* the run's; borrowed */
	struct pk_remedies *out;	      /* filled by the task */
	/* while the task runs: the autoscale replay run in a manual
	   replay's place (remedy_twin.c); NULL: every replay runs */
	struct replay_twin *twin;
};

/* What a replay's setting r sets */
enum replay_what {
	REPLAY_RU = 0, /* the container's RU/s (or autoscale max); 0: none */
	REPLAY_BUDGET, /* the bulk stream's client RU budget: the container's
			  RU/s less r (r: what is withheld from it) */
	REPLAY_BUCKET  /* bucket_id's cap: the container's RU/s less r, as a
			  percentage of them */
};

/* What a replay changes: the setting r (0: none) or a redistribution
   (redist, n entries; NULL: none); demand: NULL, or P entries filled by
   demand_of; to_autoscale: 1 to switch a manual container to autoscale,
   r its max; merge_to: the partitions a merge at t = 0 asks for (0:
   none) */
struct replay_change {
	int64_t r;
	const struct pk_redist_spec *redist;
	size_t n;
	int64_t *demand;
	int to_autoscale;
	size_t merge_to;
	/* the bulk stream's client in the replay (NULL: as the run's),
	   the interactive streams at High when raise_others; bucket_id >
	   0: that bucket declared at bucket_pct % */
	const struct pk_client_spec *bulk_client;
	int raise_others;
	int bucket_id, bucket_pct;
	/* what r sets; with REPLAY_BUDGET or REPLAY_BUCKET a replay rate
	   limits when an interactive stream had a 429 (probe_with) */
	enum replay_what what;
	/* with merge_to: the phase whose start the merge starts at (its
	   index in the scenario; 0: the first, t = 0) */
	size_t merge_phase;
	/* 1: only whether the replay rate limits is read (probe_with's
	   answer; its figures when it does are dropped), so it stops at
	   the first 429 that answers that (pk_sim_opts.halt_429) */
	int yes_no;
};

/* Free what f owns (the hours' bills) and clear them */
void figures_free(struct pk_remedy_figures *f);

/* Move src into dst (what dst owned freed); src ends empty */
void figures_move(struct pk_remedy_figures *dst, struct pk_remedy_figures *src);

/* What finished variant v measured, into f (its hours' bills copied:
   f owns them); bulk: the bulk stream's index, -1 none */
void figures_of(const struct pk_result_variant *v, int bulk,
		struct pk_remedy_figures *f);

/* x rounded up to a multiple of the autoscale step (rule 8's grid) */
int64_t autoscale_grid(int64_t x);

/*
 * Replay t's variant with change ch from t = 0 (remedy.h): moves the
 * replay's figures into *f (what it held freed) and returns 0; returns 1,
 * *f unchanged, when ch->yes_no and the replay rate limited (as
 * probe_with counts it), stopped there; or returns -1 with the error in
 * *why (owned), *f unchanged.
 */
int replay_with(const struct remedy_task *t, const struct replay_change *ch,
		struct pk_remedy_figures *f, char **why);

/* The scenario a replay runs: t's with change ch (replay_view_build) */
struct replay_view {
	struct pk_scenario sc; /* t's, its phases, streams and one
				  variant, cs, changed */
	struct pk_container_spec cs;
	struct pk_phase_spec *ph;  /* owned: sc's phases, or NULL */
	struct pk_stream_spec *st; /* owned: sc's streams, or NULL */
};

/* The scenario replay_with runs for t with change ch, into *w (free with
   replay_view_free) */
void replay_view_build(const struct remedy_task *t,
		       const struct replay_change *ch, struct replay_view *w);
void replay_view_free(struct replay_view *w);

/* Run w, built for t and ch, as replay_with does (its returns); when it
   returns 0 or 1 and raised is not NULL, *raised is 1 if rule 18 raised
   the autoscale max for storage in it (with 1, before the 429 it stopped
   at) */
int replay_view_run(const struct remedy_task *t, const struct replay_change *ch,
		    struct replay_view *w, struct pk_remedy_figures *f,
		    char **why, int *raised);

/* The autoscale twin (remedy_twin.c) */

/* The autoscale replay kept while a variant's task runs */
struct replay_twin {
	int have;		      /* 1: fig holds a replay */
	int64_t r;		      /* its max, RU/s */
	struct pk_remedy_figures fig; /* owned */
};

/*
 * 1 when replay ch of t was answered without its own run, with replay_with's
 * return in *rc (and *f as replay_with fills it): the switch to autoscale
 * at a max kept in t->twin, or a manual raise whose autoscale twin
 * (remedy_twin.c's rule) ran in its place: kept, or, read only for
 * whether it rate limits, stopped at its first 429; 0 when ch is to be
 * run.
 */
int twin_replay(const struct remedy_task *t, const struct replay_change *ch,
		struct pk_remedy_figures *f, int *rc);

/* Free what tw holds and clear it */
void twin_free(struct replay_twin *tw);

/* remedies_build; reuse 0: every replay runs, none answered by its twin
   (what the twin's figures are checked against) */
void remedies_build_reuse(struct pk_result *res, unsigned jobs, int reuse);

/* The searches (remedy_search.c) */

/* Replay change ch for remedy m (its replays and t's counted): 1 if it
   rate limited (ch->what REPLAY_RU: any 429; a bulk stream's setting:
   an interactive stream had a 429), 0 if not (f filled), -1 on an
   error (m marked FAILED, its why set) */
int probe_with(const struct remedy_task *t, struct pk_remedy *m,
	       const struct replay_change *ch, struct pk_remedy_figures *f);

/*
 * The smallest setting without a 429 in (lo, hi], on the grid of m->step
 * from lo, lo known to rate limit; hi known not to when clean_hi (its
 * figures in m->after), else the most to try; from the hint h (on the
 * grid, lo < h <= hi), each replay ch at its setting (ch->r changed).
 * m ends FOUND (setting, below, after), NOT_FOUND at hi, or FAILED.
 */
void search_from(const struct remedy_task *t, struct pk_remedy *m,
		 struct replay_change *ch, int64_t lo, int64_t hi, int clean_hi,
		 int64_t h);

/* The most replays search_from runs over a span of settings (RU/s) on a
   grid of step RU/s */
size_t search_bound(int64_t span, int64_t step);

/* Replay remedy m at setting r RU/s (probe_with with only r set): 1 if
   it rate limited, 0 if not (f filled), -1 on an error */
int probe(const struct remedy_task *t, struct pk_remedy *m, int64_t r,
	  struct pk_remedy_figures *f);

/* Bisect m's setting in (lo, hi] on the grid of m->step, lo known to
   rate limit and hi known not to (its figures in m->after): m ends
   FOUND, or FAILED */
void bisect(const struct remedy_task *t, struct pk_remedy *m, int64_t lo,
	    int64_t hi);

/* 1 if some phase of sc changes the container at its start (its RU/s,
   max, layout or policy) (remedy.c) */
int phases_act(const struct pk_scenario *sc);

/* The raise on the existing layout and past it (remedy_raise.c) */

/* The raise on the existing layout (remedy.h); returns 1 when the
   layout's most still rate limits (or there is no room), so splits are
   searched. demand (P entries) gets each range's busiest second of RU
   at the layout's most. */
int search_raise(const struct remedy_task *t, int64_t *demand);

/* The raise past the existing layout (remedy.h): doubling, then
   bisection; NOT_REPLAYED for a data file without phases */
void search_split(const struct remedy_task *t);

/* The most replays search_split runs for t: the doublings from the
   existing layout's most, then a bisection of the last one; 0 for a
   data file without phases */
size_t split_bound(const struct remedy_task *t);

/* The redistribution (remedy_redist.c) */

/* The redistribution at the run's total (remedy.h), from demand (P
   entries; NULL: none measured), replayed once */
void search_redist(const struct remedy_task *t, const int64_t *demand);

/* The switch to autoscale (remedy_autoscale.c) */

/* The most an autoscale max is replayed at: 1,000,000 RU/s, or for a
   data file without phases its creation layout's most on the grid */
int64_t autoscale_limit(const struct remedy_task *t);

/* A manual container switched to autoscale (remedy.h): the smallest max
   on the grid that leaves no 429, from the manual remedy's hint */
void search_autoscale(const struct remedy_task *t);

/* The bulk stream's remedies (remedy_bulk.c) */

/* The bulk stream of v, a run of sc (remedy.h): of two or more streams,
   the one that offered the most RU (the first of equals) among those
   whose client is in bulk mode when some but not all are (*by_flag 1),
   else among all (*by_flag 0); -1 with fewer */
int bulk_of(const struct pk_scenario *sc, const struct pk_result_variant *v,
	    int *by_flag);

/* The interactive streams' offered RU/s (remedy.h): each one's
   operations x its RU a succeeded operation / its phases' seconds; bulk
   the bulk stream's index */
double inter_demand(const struct pk_scenario *sc,
		    const struct pk_result_variant *v, int bulk);

/* The bulk stream's searches' grid: PK_REMEDY_BULK_STEP_PCT % of r's
   RU/s, at least 1 RU/s */
int64_t bulk_step(const struct pk_remedies *r);

/* Replay the bulk stream's remedies of t (remedy.h): a client RU budget,
   Low priority, a throughput bucket; NOT_APPLICABLE without a bulk
   stream */
void search_bulk(const struct remedy_task *t);

/* The most replays search_bulk runs for t (set up: out's bulk, RU/s and
   before known) */
size_t bulk_bound(const struct remedy_task *t);

/* The merge remedy (remedy_merge.c) */

/* 1 if v's merge can be replayed (remedy.h): merge_fit holds, a phase
   starts after the container's last change (its merge point) and the
   run had more partitions there than rule 32's count */
int merge_replayable(const struct pk_scenario *sc,
		     const struct pk_result_variant *v);

/* Replay t's merge to rule 32's count at its merge point, once (sets
   the merge item and out's merge_at_s, merge_phase, merge_from);
   NOT_APPLICABLE where merge_fit does not hold, NOT_REPLAYED with
   why_not where there is no merge point or nothing to merge there */
void search_merge(const struct remedy_task *t);

/*
 * The threads, at most g, that n tasks' replays (set up: max_replays
 * known) run in within pksim's bounds (remedy_bound.c): every replay's
 * work together (max_replays x the units one replay of the variant at the
 * most RU/s a search tries takes, scenario_work_units) within
 * PK_SCENARIO_MAX_WORK, and the run's memory estimate plus that many
 * replays at once within PK_SCENARIO_MAX_TRACK_BYTES. 0 when none fits,
 * with the sentence saying why in *why (owned), else *why NULL.
 */
size_t remedy_fit(const struct pk_scenario *sc, const struct remedy_task *tasks,
		  size_t n, size_t g, char **why);

/* r's settings for variant cs of sc, of autoscale (1) or manual RU/s,
   created with `created` physical partitions (task_setup's, before the
   run's figures: the cap, start and floor, the phases' reasons, the
   raise's and split's steps); r zeroed before, its strings owned */
void remedy_settings(struct pk_remedies *r, const struct pk_scenario *sc,
		     const struct pk_container_spec *cs, int autoscale,
		     size_t created);
/* The replays a rate-limited variant's RU/s searches run at most (the
   raise or the raise with splits, the switch to autoscale), t->out set
   by remedy_settings: its bound less the merge's and the bulk stream's,
   which need the run's figures; 0 when its phases block them */
size_t remedy_settings_bound(const struct remedy_task *t);

#endif
