/*
 * remedy: remedies as counterfactual replays. For a variant of a
 * finished run that was rate limited (429s), the settings an Azure Cosmos
 * DB engineer would try are each replayed on the same operation stream
 * (the same scenario and seed, so the same arrivals), with only the
 * container's setting changed, and the reports print what each replay
 * measured, never a guess.
 *
 * The remedies, each searched by bisection over replays:
 * - raise on the existing layout (rule 5: up to P x 10,000 RU/s on the
 *   P physical partitions the container was created with, instant, no
 *   split): the smallest total RU/s (autoscale: the smallest max) that
 *   leaves no 429, to within PK_REMEDY_STEP_RU (autoscale:
 *   PK_PROVISION_AUTOSCALE_STEP); after a replay at P x 10,000 the
 *   search starts from P x the busiest range's busiest second of RU
 *   there (the even share that serves it, rule 4) and steps away from it
 *   by 1, 2, 4, ... steps until the answer changes, then bisects: 3
 *   replays when the estimate holds;
 * - raise with splits (rule 6: past P x 10,000, ceil(R / 10,000)
 *   partitions, only as many parents split as needed): searched only
 *   when the existing layout's most leaves 429s, from it doubling up to
 *   PK_REMEDY_MAX_DOUBLINGS times (at most 1,000,000 RU/s), then
 *   bisected to within PK_REMEDY_SPLIT_STEP_RU. The doubling stops
 *   early when a doubling leaves the same 429s and failed operations
 *   as the setting before it and every 429 is one logical partition's
 *   (one_lp): that logical partition offers more than a physical
 *   partition serves, and no RU/s helps it; and when every 429 of a
 *   doubling is its split delay's (delay_stop, pk_remedy_figures
 *   delay_only): a higher setting's splits wait the same delay.
 * - a redistribution at the same total (rule 26; manual containers whose
 *   phases change nothing, data files too): each range of the creation layout
 * gets RU/s in proportion to its demand, the busiest second of RU it was
 * charged in the raise's replay (which left no 429, so every request was served
 *   at its first attempt), scaled to the run's total, at most 10,000 a
 *   range (the excess of a capped range goes to the others by demand), at
 *   least PK_REMEDY_REDIST_MIN_RU (the others give it up by demand);
 *   whole RU/s, the remainder one each to the busiest ranges; set at
 *   t = 0 and replayed once; not for a container of one partition;
 * - autoscale (rule 27; manual containers: switch to autoscale; an
 *   autoscale container's raises above are already of its max): the
 *   smallest autoscale max on the PK_PROVISION_AUTOSCALE_STEP grid (at
 *   least PK_PROVISION_MIN_AUTOSCALE_MAX) that leaves no 429, replayed
 *   as the run's container (its P partitions) switched to autoscale at
 *   t = 0 (classic, pksim's default autoscale_mode; the bill in both
 *   modes is kept). The search starts from the manual remedy found (its
 *   setting rounded up to the grid), steps away from it by 1,000, 2,000,
 *   4,000, ... RU/s until the answer changes, then bisects: 2 replays
 *   when the hint holds.
 * A setting R is replayed as R RU/s from t = 0: the container is created
 * as the run created it, raised to R at t = 0 (a phase's own `throughput`
 * or `autoscale_max` that sets more keeps its value, one that sets less
 * is raised to R); a data file without phases (compare --items, a monitor
 * log) is replayed as an existing container of its creation's P
 * partitions at R, so its raise with splits is not replayed; its
 * redistribution is set at the start of one phase as long as the run,
 * which sets nothing else.
 * - a merge (rule 36; only where merge_fit.h holds at the run's end,
 *   rule 32's count and rule 36's conditions): the container merged down
 *   to rule 32's count at its merge point, taking the container's
 *   merge_delay (its count fixed at its start, rule 36), replayed once.
 *   The merge point is the start of the first phase after the container
 *   stopped changing: after every phase that changes it (its RU/s, max,
 *   layout) has started and after the run's last split; t = 0 when
 *   nothing changes it; a phase that changes it merges after its own
 *   change. A run whose last split comes in its last phase has none:
 *   its merge is not replayed. A run without a 429 replays
 *   only this one (remedy_needed), to show whether its 429s stay 0 on
 *   fewer partitions and what the month costs after.
 * - for a bulk stream beside others (two or more streams; rules 30, 31,
 *   34): the bulk stream is the one whose client is in bulk mode
 *   (client.bulk: the scenario says which is the ETL job) when some but
 *   not all are, else the one that offered the most RU (ASSUMPTION:
 *   pksim does not know which is the ETL job); the others are the
 *   interactive streams; a stream's offered RU: its operations x its
 *   RU a succeeded operation; the room left for it is the container's RU/s
 *   less the interactive streams' offered RU/s (each one's offered RU /
 *   its phases' seconds). Replayed from t = 0, only the bulk stream's
 *   client (or the container's buckets) changed: a client RU budget
 *   (client.ru_budget); Low priority for the bulk stream, High for
 *   interactive streams that took the account's default (rules 30, 35),
 *   once; and a throughput bucket for the bulk stream (rule 31: the id
 *   it names when the container does not declare it, rule 34, else the
 *   lowest free id). The budget and the bucket's cap are each
 *   searched: the largest on the grid of PK_REMEDY_BULK_STEP_PCT % of
 *   the RU/s that meets the goal (a smaller one only holds the bulk
 *   stream back), from the room (search_from over what is withheld
 *   from the RU/s; the whole RU/s taken to rate limit as the run did).
 *   The goal: when the run rate limited an interactive stream, no 429
 *   to the interactive streams; when it rate limited the bulk stream
 *   alone (bulk_alone), no 429 at all: the bulk stream's client paces it
 *   under the RU/s instead of the service throttling it (a bucket's cap
 *   and Low priority throttle it by design, so they meet it only where
 *   the bulk stream fits). Low priority is replayed once and FOUND when
 *   it meets the goal.
 * Switched to autoscale, a phase's `throughput` is dropped: an
 * autoscale container holds its max over the whole run and scales within
 * it by itself (rule 17; a scenario cannot set a manual throughput on
 * one), so the max found carries every phase's load.
 * ASSUMPTION of the bisection: 429s do not come back as RU/s rise.
 */
#ifndef PKSIM_RESULT_REMEDY_H
#define PKSIM_RESULT_REMEDY_H

#include <stddef.h>
#include <stdint.h>

struct pk_result;
struct pk_result_variant;
struct pk_scenario;

/* The bisection's tolerance on the existing layout, RU/s: the total
   found leaves no 429 and this much less still rate limits */
#define PK_REMEDY_STEP_RU 100
/* The bisection's tolerance past the existing layout, RU/s (a tenth of a
   partition's 10,000, rule 1) */
#define PK_REMEDY_SPLIT_STEP_RU 1000
/* The least RU/s a redistribution gives a range. ASSUMPTION: rule 26
   and its sources (the redistribution docs and FAQ) give a per-range
   maximum (10,000) and no minimum; pksim keeps every range at the
   manual RU/s grid's step so that no range is left to starve */
#define PK_REMEDY_REDIST_MIN_RU 100
/* The bulk stream's budget and bucket searches' tolerance: this
   percentage of the container's RU/s (at least 1 RU/s) */
#define PK_REMEDY_BULK_STEP_PCT 1
/* Raise with splits: the existing layout's most doubled at most this
   many times before the search gives up */
#define PK_REMEDY_MAX_DOUBLINGS 4

enum pk_remedy_kind {
	PK_REMEDY_RAISE = 0, /* RU/s on the existing layout (rule 5) */
	PK_REMEDY_SPLIT,     /* RU/s past it: splits (rule 6) */
	PK_REMEDY_REDIST,    /* the same total redistributed (rule 26) */
	PK_REMEDY_AUTOSCALE, /* the smallest autoscale max (rule 27) */
	PK_REMEDY_MERGE,     /* a merge to rule 32's count (rule 36) */
	PK_REMEDY_BUDGET,    /* the bulk stream under a client RU budget */
	PK_REMEDY_LOW,	     /* the bulk stream at Low priority (rule 30) */
	PK_REMEDY_BUCKET,    /* the bulk stream in a throughput bucket
				(rules 31, 34) */
	PK_REMEDY_KINDS
};

enum pk_remedy_status {
	PK_REMEDY_FOUND = 0,	 /* setting leaves no 429 (after) */
	PK_REMEDY_NOT_FOUND,	 /* even setting, the most tried, leaves
				    after.throttled_429 */
	PK_REMEDY_NO_ROOM,	 /* raise: the container has its existing
				    layout's most already */
	PK_REMEDY_NOT_NEEDED,	 /* split: the existing layout's raise
				    stops the 429s */
	PK_REMEDY_NOT_REPLAYED,	 /* split: a data file without phases has
				    no phase to raise at (see above);
				    redistribution: see why_not */
	PK_REMEDY_FAILED,	 /* a replay stopped with an error (why) */
	PK_REMEDY_NOT_APPLICABLE /* the rule that names it does not hold
				    (merge: merge_fit.h): no sentence */
};

/* What one run or replay measured of its variant. */
struct pk_remedy_figures {
	uint64_t throttled_429; /* service-side 429s, every attempt */
	uint64_t failed;	/* operations that ended in a 429 after
				   the client's retries */
	int64_t ru_per_s;	/* provisioned at the end (autoscale: the
				   max), RU/s */
	size_t partitions;	/* physical partitions at the end */
	size_t splits;		/* splits over the run */
	size_t merge_after;	/* the partitions its last merge left (a
				   merge stops short of its count where no
				   pair fits under a partition's storage
				   cap); 0: no merge finished */
	/* with a bulk stream (pk_remedies.bulk >= 0), else 0: the
	   interactive streams' 429s (every attempt) and operations failed
	   after retries, and the bulk stream's 429s and succeeded ones */
	uint64_t inter_429;
	uint64_t inter_failed;
	uint64_t bulk_429;
	uint64_t bulk_succeeded;
	int64_t bulk_finish_ms; /* a paced bulk stream's last answer, ms from
				   t = 0; 0 when not paced */
	/* when the run's last split delay ended: the time the splits of
	   its last throughput change that waited for them (split_delay,
	   rule 6) finished, or would have had the run not ended first, s
	   from t = 0; 0 when no change waited */
	int64_t split_wait_end_s;
	/* with a split delay (split_wait_end_s > 0): the 429s in seconds
	   that start at or after the splits finished (late_429), and
	   delay_only 1 when every 429 is the delay's: none came after, or
	   each second after them with a 429 had retries arriving (the
	   backlog of requests the delay throttled), first attempts within
	   its provisioned RU/s, and the run's last second none (the
	   backlog drained) */
	uint64_t late_429;
	int delay_only;
	/* the logical partition with the most 429s among each range's
	   hottest by RU: its 429s (every attempt) and its key as the
	   reports print it; 0 and "" without a 429 */
	uint64_t lp_429;
	char lp_key[64];
	/* the end of the last second with a 429, s from t = 0 (without
	   per-second detail, the end of its minute); 0: no 429 */
	int64_t last_429_end_s;
	/* the bill of this run or replay (bill.h), from its own hourly
	   series: priced 1 when the scenario names a pricing region; month:
	   its cost per hour x PK_BILL_MONTH_HOURS, in currency (borrowed
	   from the scenario's price table); 0 and NULL when not priced */
	int priced;
	double month;
	const char *currency;
	int64_t billed_peak_ru; /* autoscale: the highest hour's bill in
				   the container's mode, RU/s; 0 manual */
	/* autoscale: each hour's bill, hours started from t = 0 (n_hours
	   entries each, RU/s; owned, NULL for manual): classic (rule 17:
	   the hour's highest RU/s, at least 0.1 x max) and dynamic (rule
	   27: the sum of each partition's highest) */
	size_t n_hours;
	int64_t *billed_classic;
	int64_t *billed_dynamic;
};

struct pk_remedy {
	enum pk_remedy_kind kind;
	enum pk_remedy_status status;
	int64_t setting; /* FOUND: the total RU/s (autoscale: the max)
			    found; NOT_FOUND: the most tried; else 0;
			    merge, low: the RU/s it ran at; budget: the
			    bulk stream's RU budget, RU/s; bucket: the
			    bucket's maximum percentage */
	size_t merge_to; /* merge: the partitions it asked for (rule 32's
			    count), else 0 */
	int64_t below;	 /* FOUND: the highest setting replayed that
			    still rate limited (setting - below <= step);
			    0 for the autoscale remedy found at the
			    smallest max allowed */
	int64_t step;	 /* the search's tolerance, RU/s */
	int64_t hint;	 /* the setting the search started from (its
			    estimate), RU/s; 0 for a plain bisection */
	size_t replays;	 /* replays this search ran */
	struct pk_remedy_figures after; /* FOUND, NOT_FOUND: setting's
					   replay */
	char *why;			/* FAILED: the replay's error; owned */
	const char *why_not;		/* NOT_REPLAYED: why (static, or
					   borrowed from the remedies) */
};

/* The remedies of one variant. */
struct pk_remedies {
	int autoscale;		   /* 1: settings are autoscale maxes */
	size_t created_partitions; /* P: the layout at creation */
	int64_t cap_ru_per_s;	   /* P x the partition's cap (10,000,
				      rule 1): the existing layout's most */
	/* the most the raise on the existing layout tries, RU/s:
	   cap_ru_per_s, at most the container's limit (PK_MAX_RU_PER_S,
	   D-LIMITS), which the loader holds every setting to */
	int64_t raise_top_ru_per_s;
	int64_t start_ru_per_s; /* the setting the run was created
				   with, RU/s */
	/* the least setting in force during the run, RU/s: the creation
	   setting or a phase's lower one. A replayed setting is a floor (a
	   phase that sets less sets it), so at or below this one it
	   replays the run itself: the searches start above it */
	int64_t floor_ru_per_s;
	const char *floor_phase; /* the phase that set floor_ru_per_s,
				    borrowed from the scenario; NULL: the
				    creation setting */
	/* the most a phase sets, RU/s (autoscale: its max), and the
	   first phase that sets it (borrowed from the scenario; NULL and 0
	   when no phase sets RU/s). A replayed setting below it keeps the
	   phase's higher one there (a floor, not a ceiling), so the
	   partitions after are that phase's */
	int64_t top_ru_per_s;
	const char *top_phase;
	/* the phases of a manual container that set `throughput`: an
	   autoscale container holds one max, so switched to autoscale their
	   changes are not replayed (the max scales within itself, rule 17) */
	size_t n_throughput_phases;
	/* why no RU/s setting is replayed: a phase redistributes, merges
	   or sets the policy, which a replayed setting could not be held
	   beside; a sentence, owned; NULL when they are replayed */
	char *phases_why;
	/* why the raise on the existing layout is not replayed: a phase
	   sets more RU/s than the layout takes without a split (rule 6);
	   owned; NULL when it is */
	char *over_cap_why;
	/* why the raise with splits is not replayed: a split needs more
	   than cap_ru_per_s, and that is above the container's limit
	   (PK_MAX_RU_PER_S, D-LIMITS); owned; NULL when it is */
	char *limit_why;
	int64_t merge_delay_s; /* the container's merge_delay, s */
	int64_t split_delay_s; /* the container's split_delay, s */
	int bulk;	       /* the bulk stream's index in the
				  scenario (see above); -1: none */
	int bulk_by_flag;      /* 1: chosen as the stream whose client
				  is in bulk mode (see above) */
	double inter_ru_per_s; /* the interactive streams' offered
				  RU/s (see above) */
	int bulk_alone;	       /* 1: the run rate limited the bulk
				  stream alone (no interactive 429):
				  its remedies' goal is no 429 at all
				  (see above) */
	int room_in_bucket;    /* 1: the room was cut to the cap of the
				  bucket the bulk stream is in (rule
				  31) */
	int others_high;       /* 1: the Low priority remedy also sets
				  High the interactive streams that took
				  the account's Low default (rule 35) */
	int bucket_id;	       /* the bucket remedy's id, 0: none */
	int bucket_pct;	       /* its maximum percentage, 1 .. 100 */
	const char *bulk_name; /* the bulk stream's name, borrowed
				  from the scenario; NULL: none */
	/* the merge's point (remedy_merge.c), set where the merge item
	   is FOUND, NOT_FOUND or NOT_REPLAYED for want of partitions: its
	   start, s from t = 0; the phase it starts at (its name, borrowed
	   from the scenario; NULL: none); the run's partitions then */
	int64_t merge_at_s;
	const char *merge_phase;
	size_t merge_from;
	/* 1: the raise with splits stopped doubling because a doubling
	   left the same 429s and failed operations as the setting before
	   it, every 429 one logical partition's (after.lp_key): no RU/s
	   reaches them (rules 1, 10: a logical partition lives in one
	   physical partition, which serves at most 10,000 RU/s, and a split
	   never divides it); the switch to autoscale is not replayed */
	int one_lp;
	/* 1: the raise with splits stopped doubling because a doubling's
	   429s were all its split delay's (after.delay_only): more RU/s
	   asks for more splits, which wait the same delay */
	int delay_stop;
	int merge_only;			 /* 1: the run had no 429, only the
					    merge the findings name was
					    replayed (remedy_needed) */
	struct pk_remedy_figures before; /* the run's own */
	struct pk_remedy items[PK_REMEDY_KINDS]; /* by kind */
	/* the redistribution: RU/s of range id i at [i], the creation
	   layout's P ranges; owned, NULL when none was computed */
	int64_t *redist_ru;
	size_t replays;	    /* every replay run */
	size_t max_replays; /* the bound said before they ran */
	/* of the replays, those answered by another's run rather than
	   their own: a switch to autoscale whose twin, the same run, ran
	   in a manual raise's place (remedy_twin.c); its figures are the
	   ones its own run would give, so no report shows this */
	size_t twinned;
	/* the simulations the replays ran: each replay's own, or its twin's
	   in its place (remedy_twin.c), both when a twin could not answer;
	   no report shows this */
	size_t runs;
	/* why none was replayed: their work or memory would pass the
	   bounds a run is held to (PK_SCENARIO_MAX_WORK,
	   PK_SCENARIO_MAX_TRACK_BYTES), a sentence; owned, NULL when they
	   ran */
	char *not_replayed;
};

/*
 * 1 if variant v of a finished run of sc gets remedies: it is Azure
 * Cosmos DB's (v->cosmos), provisioned (not serverless) and had a 429,
 * or, without a 429, it is a merge candidate (merge_fit.h: rule 32's
 * count and rule 36's conditions) whose merge can be replayed (a phase
 * starts after the container's last change, above): then only the
 * merge is replayed, so the
 * finding that names it says what it did (merge_only).
 */
int remedy_needed(const struct pk_scenario *sc,
		  const struct pk_result_variant *v);

/*
 * Replay the remedies of every variant of res that remedy_needed, and
 * attach them (pk_result_variant.remedies, owned by res, freed by
 * result_free). res must be a result_build of a run of res->sc with seed
 * res->seed (the replays read both, the scenario while they run). jobs:
 * the threads the replays of different variants run in (0: the number
 * of cores; a data file's scenario: 1); the figures are the same
 * whatever jobs is. Out of memory is fatal; a replay that stops with an
 * error marks its remedy PK_REMEDY_FAILED.
 */
void remedies_build(struct pk_result *res, unsigned jobs);

/*
 * What remedies_build(res) will replay, to say before it runs: the
 * variants that remedy_needed (returned) and the most replays their
 * searches run in all (*max_replays: each variant's remedies'
 * max_replays, added up).
 */
size_t remedies_plan(const struct pk_result *res, size_t *max_replays);

/* Why remedies_build replayed no remedy of res (pk_remedies.not_replayed
   of its first variant with remedies: the bounds are the run's, the same
   for every variant), borrowed from res; NULL when they were replayed or
   none was needed */
const char *remedies_not_replayed(const struct pk_result *res);

/*
 * 1 when remedies_build surely replays nothing of a run of sc, known
 * before the run: the variants that surely see a 429
 * (scenario_must_throttle) have at least their RU/s searches' replays
 * (remedy_settings_bound), each of the work of one replay at the most
 * RU/s a search tries, and those alone pass PK_SCENARIO_MAX_WORK, so
 * remedy_fit refuses every replay. 0 when some could run.
 */
int remedies_never_replay(const struct pk_scenario *sc);

/* The replays remedies_build ran for res, every variant's added up */
size_t remedies_replays(const struct pk_result *res);

/* 1 if remedy k's settings are autoscale maxes in r (the container's
   own mode, or the switch to autoscale) */
int remedy_autoscale(const struct pk_remedies *r, enum pk_remedy_kind k);

/* Free r and what it owns; NULL is allowed. */
void remedies_free(struct pk_remedies *r);

#endif
