/*
 * runway_proj.h: one projection of generated items, stepped hour by
 * hour (runway_step.c) or a second at a time (runway_secs.c), in
 * closed form (runway_renew.c), the client's retries from one slice
 * into the next (runway_spill.c), its guards (runway_fold.c,
 * runway_guard.c) and what it says (runway.c).
 * Internal to src/result/.
 */
#ifndef PKSIM_RUNWAY_PROJ_H
#define PKSIM_RUNWAY_PROJ_H

#include "runway_dels.h"
#include "runway_group.h"
#include "runway_grow.h"
#include "runway_items.h"
#include "runway_pool.h"
#include "runway_rates.h"

/* One projection of generated items: what runway_step.c steps hour by
   hour and runway_say_rates (runway.c) says of it */
struct rw_proj {
	const struct pk_result_variant *v;
	const struct pk_scenario *sc;
	const struct pk_workload *w;
	struct rstream *st; /* owned; ns streams */
	size_t ns;
	/* each stream's part of the items the streams add, 0 for one that
	   adds none (runway_streams_weigh by items): where a reader's reads
	   land */
	double kw[PK_MAX_STREAMS];
	struct rw_classes cl;
	struct cand *c; /* owned; the candidates stepped, n_c of them */
	size_t n_c;
	struct rw_pool pool;
	struct rw_dels dels;
	double scale;	/* real seconds a simulated one (time_scale) */
	double cycle_s; /* the longest stream's cycle of phases, real s */
	int time_key;	/* 1: the key has a time part (rw->bucket) */
	int in_order;	/* 1: a step's slices come in time order
			   (runway_step.c, slices_in_order), found once */
	double *rmass;	/* owned; n_ranges: each range's share of the new
			   items (one stream, no time key), NULL not kept */
	/* what the steps found: the first candidate to fill and when (its
	   workload second), NULL none within the horizon; the most any
	   candidate held after a step, who, and what it wrote then, B/s */
	struct cand *first;
	double first_t;
	double level;
	struct cand *level_c;
	double level_written;
	double who_at;	   /* the workload second whose key value is
			      named (a time key's value stepped at the
			      fullest's share), -1: the fill's, or the
			      start's */
	double level_pile; /* ... of what it held then, the expired items
			      the steps' room left undeleted (not for a
			      time key's bucket), B */
	/* stepped a second at a time (runway_secs.c): the figures above
	   are those seconds', pile the expired bytes not yet deleted at
	   level_c's peak */
	int secs;
	double pile;
	/* in closed form (runway_renew.c): the figures above are its;
	   with none filling, the one holding most at the horizon and what
	   it holds then, B */
	int renew;
	struct cand *renew_c;
	double renew_held;
};

/* runway_spill.c: how long a throttled write of sc's streams keeps
   retrying under variant v at most, s: a table's retry_mode's (legacy
   25.55 s, standard 3 s, D16), else the longest of its streams'
   clients' (max_wait, and max_retries of a retry-after's second or an
   exponential backoff's cap; rule 13); 0 when none retries */
double runway_spill_window(const struct pk_scenario *sc,
			   const struct pk_result_variant *v);

/* ... the range RU of candidate c's range's requests that its last
   slice threw away and the client's retries send again in a slice of
   len s (one time it comes: len / times; times >= 1) whose RU/s in
   force is lim: each time the last slice came before this one, what
   it left within c->retry_s, at most what the range serves in this
   one's first c->retry_s seconds at lim times the part of its RU/s
   it served in the last, and at most spare RU, what this slice's own
   requests leave of its room (rule
   12: a retry comes back at the next second's start, before new
   requests, until its retries run out; rule 13). *bytes: c's bytes
   among them; part[k] (NULL: not kept): stream k's. c's carry is then
   spent (all 0). 0 when nothing is left to retry. */
double runway_spill_in(struct cand *c, double len, double times, double lim,
		       double spare, double *bytes, double *part);

/* ... what c's range's requests of a slice of len s (coming `times`
   times) asked, ru RU in all, left of its room RU (ru - room thrown
   when more) at lim RU/s in force, asked[k] B of c's of stream k (ns
   streams), kept for the
   next slice's runway_spill_in: what one time it came left unserved,
   at most what the retries' window of c->retry_s holds at its asked
   rate (older requests ran out of retries) */
void runway_spill_out(struct cand *c, double len, double times, double ru,
		      double room, double lim, const double *asked, size_t ns);

/* runway_fold.c: rw (a DAYS, BEYOND or LEVELS figure of p, stepped by
   the hour, not a second at a time) made PK_RUNWAY_UNTESTED with
   burst_joined when named's writes were held back by a range with
   burst credit (rule 14) and a walk of p's streams joined stretches
   that ran apart (rstream.joined) into a slice grown as one, not in
   turn (cand.bank_lumped; runway_turns_end): those past the room a
   step keeps, or a spiking phase's spikes when the credit piled up
   (cand.bank_piled: its most reached, or grown over a cycle). The
   credit each quiet stretch would bank for the burst after it is then
   lost or spent late, the figure late. named NULL: nothing. */
void runway_fold_guard(const struct rw_proj *p, const struct cand *named,
		       struct pk_runway *rw);

/* Under time to live, p's candidates stepped again a second at a time
   (runway_secs.c) when p is within what that walks: one stream, one
   lifetime every item lives (no id pool, deletes, rewrites, time key,
   preload, client or bucket limits, fleet pool or time scale), a cycle
   (its phases' and its wall-clock multipliers': a day, a week) and a
   lifetime of at most a week and 8 days. Each second a candidate's
   range serves its requests up to its RU/s in force (with burst credit,
   rule 14) and deletes what has expired, oldest first, with the RU/s
   they leave at a write's charge (rule 28, as the replay's throttle
   spends it), so a busy phase's pile of expired items is what the
   service leaves, not a cycle's mean; the requests it throttled come
   back at the next second's start, before its new ones, up to the
   client's retries (runway_secs_retries; an exponential backoff is not
   walked). Stepped until the first fills,
   or past the lifetime until two cycles in a row end as they began
   (what it holds, its pile, its burst credit: it levels off at the
   next cycle's peak) or two cycles in a row never empty the pile and
   grow alike (then whole cycles extrapolated to the cycle it fills in, and
   that cycle's second found, its growth and writes the cycle's). Sets p->secs
   and p's first, first_t, level, level_c, level_written and pile, and each
   candidate's rate and written at its fill; p->secs 0 (p untouched) outside
   that or past its budget of seconds. */
void runway_secs(struct rw_proj *p);

/* Under time to live, p in closed form (runway_renew.c) when its one
   stream runs one phase at a steady rate (no schedule, bucket, client
   limit, time scale, time key, preload, fleet pool, id pool, delete or
   replace; one lifetime every item lives) whose upserts rewrite stored
   items drawn uniformly (upsert_new < 1), no candidate's writes held
   back by its range's RU/s: a rewrite renews a live target's lifetime
   and writes an expired one anew, the deletions take its range's room
   (rule 28). Sets p->renew and p's first, first_t and the first's rate
   and written; or, none filling within the horizon while expired items
   pile up, renew_c and renew_held. p untouched (renew 0) outside that,
   or when deletions keep up and nothing fills: the hour steps' level,
   (n + w) T, is the one it tends to. */
void runway_renew(struct rw_proj *p);

/* runway_spikes.c: 1 when the slices x[0 .. n) of a step (ns streams)
   write alike over it: each stream's bytes a second, and the RU/s in
   force, the same in every slice (a slice of no length aside) */
int runway_slices_even(const struct slice *x, size_t n, size_t ns);

/* runway_spikes.c: 1 when the slices x[0 .. n) of a step (ns streams)
   ask alike over it: runway_slices_even, and each stream's RU a second
   the same in every slice too (a reader's reads, which write nothing,
   count) */
int runway_slices_alike(const struct slice *x, size_t n, size_t ns);

/* runway_spikes.c: 1 when p's steps are not cut in time order (several
   streams whose cycles are shorter than a step, spikes, a schedule's
   many steps) and some one of its ns streams has more than one stretch
   in this step (nxs[i] of them): their rates summed over the step */
int runway_slices_summed(const struct rw_proj *p, const size_t *nxs);

/* Whether a step's slices of sc come in time order (runway_step_part;
   the projection's in_order), its streams st (sc->n_streams of them,
   scale real seconds a simulated one): one stream, or several whose
   cycles each last a step or more (a shorter cycle's stretches are one
   cycle's repeated, which the cut of several streams' slices sums), no
   spikes (a step's spike seconds are summed into one stretch) and no
   schedule of more steps than a phase's occurrence keeps apart
   (PK_RW_PIECES: the rest share the last) */
int runway_slices_in_order(const struct pk_scenario *sc,
			   const struct rstream *st, double scale);

/* 1 when p's one stream has spikes, no client limit,
   a cycle of at least a step and no time scale: runway_spike_part can
   walk its step */
int runway_spikes_walkable(const struct rw_proj *p);

/* The part of step [t0, t1) (workload s) by which candidate ci, its
   burst credit bank0 at the step's start, has added the part a (0 .. 1)
   of what it adds (runway_step_part), the step's slices cut where its
   spikes start and end: its seconds walked (runway_stretch_walked) and
   those alike joined in time order, so a fill inside a spike is timed
   by the spike's rate, not the hour's mean; *pace as runway_step_part
   sets it. a as it came past PK_RW_SPIKE_SLICES slices. */
double runway_spike_part(struct rw_proj *p, const struct cand *ci, double bank0,
			 double t0, double t1, double a, double *pace);

/* 1 when every stream of sc has a client whose retries of a 429
   runway_secs steps: none, or the SDK's at each next second's start
   (the retry-after) up to max_retries within max_wait, that many for
   every request; 0 for an exponential backoff (its waits drawn with
   jitter) or a max_wait that cuts a request's retries by where in its
   second it came */
int runway_secs_retries(const struct pk_scenario *sc);

/* rw's kind, figures, bound and key from projection p that stepped to
   its end (rw->bucket the key's time bucket) */
void runway_say_rates(const struct rw_proj *p, struct pk_runway *rw);

/* runway_guard.c: rw->features of variant v's projection of sc (its
   workload, key, ttl, data file and preload; time to live left out when
   it fills before any item expires), and rw->kind
   PK_RUNWAY_UNTESTED (full_s -1) when no test proves that
   combination; kinds that are facts of the run or reasons there is no
   figure are left as they are */
uint32_t runway_features(const struct pk_scenario *sc,
			 const struct pk_workload *w,
			 const struct pk_result_variant *v,
			 const struct pk_runway *rw);
void runway_guard(const struct pk_scenario *sc, const struct pk_workload *w,
		  const struct pk_result_variant *v, struct pk_runway *rw);

#endif
