/*
 * runway_step: generated items' runway (runway.h has the rules), each
 * candidate logical partition's classes of items (runway_items.c)
 * stepped hour by hour over the horizon: the rates from the schedules
 * (runway_rates.c), each value's share from runway_shares.c, each
 * step's growth bounded by its range's RU/s (runway_grow.c), a fill
 * inside a spike timed by its seconds (runway_spikes.c), a time key's
 * values shorter than a step by their own buckets (runway_hash_time.c);
 * runway.c says what the steps found. Memory is transient: the key values seen
 * (an entry per logical partition when the snapshot maps values to
 * them, else a table of keys), chosen from as they come
 * (runway_pick.c), then at most 2 x PK_RUNWAY_CANDIDATES partitions
 * stepped.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/result/result.h"
#include "pksim/result/runway.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/workload.h"
#include "runway_int.h"
#include "runway_keyed.h"

/* Bucket texts a key's time parts take at most in one projection (a
   day of the year's 366; more say the key changes faster than a step) */
#define PK_RW_MAX_SLOTS 1024

/* The steps' own state: each stream's stretches of the step and the
   slices they make, a time key's buckets, the rewrites so far */
struct steps {
	int64_t n;   /* steps to the horizon */
	int64_t off; /* s past a whole hour of the clock at t = 0 */
	struct stretch (*x)[PK_RW_STRETCHES]; /* owned; ns */
	size_t nxs[PK_MAX_STREAMS];
	struct slice *xs; /* owned; ns x PK_RW_STRETCHES + 1 */
	size_t n_all;	  /* slices of the step */
	/* a time key: its bucket texts (owned, PK_RW_MAX_SLOTS), the last
	   step's, the slot of a bucket never to return, each step's slot
	   (owned, n) */
	char (*texts)[64];
	size_t n_texts;
	char prev_text[PK_RW_TEXT];
	struct rw_text memo;
	int ring;
	int *step_slot;
	/* ... its stored items by slot: where its keyed requests land;
	   one value at a time: each slot's range */
	struct rw_keyed keyed;
	struct rw_kvalue kv;
	struct rw_rewrites rr;
	/* rewrites at another size resize what a partition holds */
	int rewrites_resize;
	/* each slice's ranges' shares of the stored items (owned, a row of
	   n_ranges a slice: slice.kshare), the rates they were found for
	   (owned, PK_RW_SHARE_IN a slice) and whether they were (ks_on:
	   owned; -1 not yet, 0 the writes' shares stand, 1 found) */
	double *ks;
	double *ks_in;
	signed char *ks_on;
	/* a time key whose buckets are shorter than a step: each value's
	   part of each step (sub.on), stepped by them (sub_step: no
	   lifetimes, deletes or pools), and the slot of the value that
	   filled first */
	struct rw_subhash sub;
	int sub_step;
	int sub_first;
	/* ... the parts of a step where its buckets meet and the part of
	   its writes added by each (owned, a bucket an hour and 3 more),
	   and 1 when a step's writes were uneven over it where the
	   values could not be paced by them (not projected) */
	double *u, *at;
	int uneven;
	struct rw_again again; /* the slices' generation (runway_again.c) */
	/* each candidate's holding at the end of its last step
	   (runway_store_held of its one bucket; owned, n_c), once held_ok
	   (owned, n_c) is 1: a candidate whose value does not move on
	   starts a step with what it ended the last with, nothing between
	   two steps changing its store */
	double *held_end;
	unsigned char *held_ok;
};

/* The rates of a slice its stored shares depend on (stored_step) */
#define PK_RW_SHARE_IN 6

/* The store slots a candidate whose value moves on with bucket bk
   needs: a bucket shorter than a step that comes back, each of its
   values (runway_subhash_init names at most PK_RW_SUB_SLOTS); else a
   slot each of the buckets met (PK_RW_MAX_SLOTS) */
static size_t store_slots(const struct pk_time_bucket *bk)
{
	return bk->len_s < PK_RUNWAY_STEP_S &&
		       (bk->period_s > 0 || bk->hash_values > 0)
		   ? PK_RW_SUB_SLOTS
		   : PK_RW_MAX_SLOTS;
}

/* p's candidates, one for each of picked[0 .. p->n_c): their shares of
   each stream's items and their ranges', their ranges' RU/s and part of
   an IN list (fshare, runway_find_shares), stores for n_steps steps (a time
   key's, bk, of a bucket each) */
static void cands_init(struct rw_proj *p, struct group *picked,
		       const struct rw_pick *pick, const double *fshare,
		       int64_t n_steps, const struct pk_time_bucket *bk)
{
	const struct pk_result_variant *v = p->v;
	const size_t ns = p->ns;
	size_t i, j;

	p->c = xcalloc(2 * PK_RUNWAY_CANDIDATES, sizeof(*p->c));
	for (i = 0; i < p->n_c; i++) {
		struct cand *c = &p->c[i];
		size_t r = picked[i].range < v->n_ranges ? picked[i].range
							 : v->n_ranges;

		c->g = &picked[i];
		c->timed = p->time_key && runway_moves_on(p, c->g, bk);
		for (j = 0; j < ns; j++) {
			c->mass[j] = c->g->smass ? c->g->smass[j] : c->g->mass;
			/* its range's writes: under a time key those of
			   every value current with it, each group on the
			   range of its key at its item's time (ASSUMPTION:
			   every bucket's values lie over the ranges as the
			   run's did) */
			c->range_mass[j] = pick->range_smass && c->g->smass
					       ? pick->range_smass[r * ns + j]
					       : pick->range_mass[r];
		}
		runway_keyed_reader_mass(p->kw, ns, c->range_mass);
		c->range_ru = runway_range_share(v, c->g->range);
		c->find_share = fshare[r];
		c->burst = v->spec->burst && !v->spec->serverless;
		c->retry_s = runway_spill_window(p->sc, v);
		c->n_cyc = 1; /* t = 0 ends a cycle, holding nothing new */
		runway_store_init(&c->held, &p->cl, n_steps,
				  c->timed ? store_slots(bk) : 1);
	}
}

/* The bucket slot step h (from t0 to t1) of a time key writes in, and
   *share, the part of the step's writes it takes (several buckets an
   hour: each its share); a new bucket never to return starts empty */
static int bucket_step(struct rw_proj *p, struct steps *q,
		       const struct pk_time_bucket *bk, int64_t h, double t0,
		       double t1, double *share)
{
	char text[PK_RW_TEXT];
	int slot = 0;
	size_t i;

	runway_text_at(&q->memo, p->sc->clock_start_s + (int64_t)t0, text);
	if (bk->period_s == 0 &&
	    (bk->len_s < PK_RUNWAY_STEP_S || strcmp(text, q->prev_text) != 0)) {
		/* a new bucket, never to return: starts empty, in a slot of
		   its own (its predecessors' items expire from theirs) */
		q->ring = (q->ring + 1) % PK_RW_MAX_SLOTS;
		for (i = 0; i < p->n_c; i++) {
			if (p->c[i].timed) {
				runway_store_clear(&p->c[i].held, &p->cl,
						   q->ring);
			}
		}
		runway_keyed_clear(&q->keyed, q->ring);
	}
	if (bk->len_s < PK_RUNWAY_STEP_S) {
		/* several buckets an hour: each its share */
		*share = bk->hash_values > 0 ? bk->hash_share
			 : bk->period_s > 0
			     ? (double)bk->len_s / (double)bk->period_s
			     : (double)bk->len_s / (t1 - t0);
		slot = bk->period_s > 0 ? 0 : q->ring;
	} else if (bk->period_s == 0) {
		slot = q->ring;
	} else {
		slot = runway_text_slot(q->texts, &q->n_texts, PK_RW_MAX_SLOTS,
					text);
		if (slot < 0) {
			slot = 0;
		}
	}
	snprintf(q->prev_text, sizeof(q->prev_text), "%s", text);
	runway_kvalue_slot(&q->kv, p, bk->len_s < PK_RUNWAY_STEP_S ? -1 : slot,
			   t0);
	q->step_slot[h] = slot;
	return slot;
}

/* 1 when what p's candidates store within a step grows as what they add
   (runway_step_part's terms): no time to live, one class with no id
   pool, no deletes, no fleet pool */
static int step_timed(const struct rw_proj *p)
{
	return !p->cl.ttl && p->cl.n == 1 && p->cl.c[0].pool.n == 0 &&
	       !p->dels.on && p->pool.nr == 0;
}

/* What candidate c holds at the ends of p's cycles of phases in (t0,
   t] of a step from t0 to t1 (its slices q, c's burst credit bank at
   its start) holding before and after shifted into h[2] after c's own
   (n: how many ends in all); none for a cycle shorter than a step
   (stepped at its mean) or a candidate whose bucket moves on. An end
   inside the step holds what the step's slices in time order have
   added by then (runway_step_added: a 10-min import at a 70-min
   cycle's start is in the step after the end, not spread over it),
   where the fill is timed so; else linear within it. */
static int cycle_ends(const struct rw_proj *p, const struct steps *q,
		      const struct cand *c, double bank, double t0, double t1,
		      double t, double before, double after, double *h)
{
	const int in_order = step_timed(p) && p->in_order;
	double k;
	int n = c->n_cyc;

	h[0] = c->cyc_held[0];
	h[1] = c->cyc_held[1];
	if (p->cycle_s < PK_RUNWAY_STEP_S || c->timed || t1 <= t0) {
		return 0;
	}
	for (k = floor(t0 / p->cycle_s) + 1; k * p->cycle_s <= t; k++) {
		double u = (k * p->cycle_s - t0) / (t1 - t0);

		if (in_order && u < 1) {
			u = runway_step_added(p->v, c, bank, q->xs, q->n_all,
					      p->ns, u);
		}
		h[0] = h[1];
		h[1] = before + (after - before) * u;
		n++;
	}
	return n;
}

/* Keep what candidate c held at the ends of cycles in (t0, t1] */
static void cycle_mark(const struct rw_proj *p, const struct steps *q,
		       struct cand *c, double bank, double t0, double t1,
		       double before, double after)
{
	double e[2];
	int n;

	if (p->cycle_s < PK_RUNWAY_STEP_S || c->timed || t1 <= t0) {
		return; /* cycle_ends finds none: not called at every step */
	}
	n = cycle_ends(p, q, c, bank, t0, t1, t1, before, after, e);

	if (n > c->n_cyc) {
		c->cyc_held[0] = e[0];
		c->cyc_held[1] = e[1];
		c->n_cyc = n;
	}
}

/* Candidate c's range's RU/s at part a (0 .. 1) of the step whose
   slices q holds: the slice's RU/s in force there, before a fleet pool */
static double ru_at(const struct steps *q, const struct cand *c, double a)
{
	double total = 0, len = 0;
	size_t i;

	for (i = 0; i < q->n_all; i++) {
		total += q->xs[i].len;
	}
	for (i = 0; i < q->n_all; i++) {
		len += q->xs[i].len;
		if (len >= a * total) {
			return c->range_ru * q->xs[i].ru_scale;
		}
	}
	return q->n_all ? c->range_ru * q->xs[q->n_all - 1].ru_scale
			: c->range_ru;
}

/* Candidate ci, whose key is a time or a hash of a time with buckets
   shorter than a step (q->sub on; step_timed), through the step from
   t0 to t1: each
   value of the key its own part of the step's writes (the buckets of
   the step whose text hashes to it), so the one named filling is the
   one that does; a fill timed inside the step by that value's own
   buckets, the step's writes taken as even over it. */
static void cand_step_sub(struct rw_proj *p, struct steps *q, struct cand *ci,
			  double t0, double t1)
{
	const struct pk_result_variant *v = p->v;
	const double room = (double)v->spec->lp_storage_bytes - ci->g->start;
	const int64_t w0 = p->sc->clock_start_s + (int64_t)t0,
		      w1 = p->sc->clock_start_s + (int64_t)t1;
	struct bite bit = {0, 0, 0, 0, 0, 0, 0, 0, 0};
	double del = 0, part[PK_MAX_STREAMS] = {0}, add, r = 0;
	const double bank0 = ci->bank;
	/* a step whose writes vary over it: each bucket its part of them */
	const int paced = q->n_all > 1 && p->in_order;
	const double *share;
	const int *slot;
	size_t n, i;
	int walked;

	if (paced) {
		n = runway_subhash_edges(&q->sub, w0, w1, q->u);
		runway_step_added_at(v, ci, bank0, q->xs, q->n_all, p->ns, q->u,
				     n + 1, q->at);
		n = runway_subhash_parts_at(&q->sub, w0, w1, q->at, &slot,
					    &share);
	} else {
		/* out of time order, the writes taken as even: said when
		   they are not */
		q->uneven |=
		    q->n_all > 1 && !runway_slices_even(q->xs, q->n_all, p->ns);
		n = runway_subhash_parts(&q->sub, w0, w1, &slot, &share);
	}
	add = q->kv.on ? runway_kvalue_sub(&q->kv, p, ci, slot, share, n, q->xs,
					   q->n_all, &bit, &del, part)
		       : runway_cand_add(v, ci, q->xs, q->n_all, p->ns,
					 &p->pool, &bit, &del, part);
	/* a step whose stored shares move, or whose throttled writes retry
	   past its buckets: walked bucket by bucket */
	walked =
	    q->kv.on && runway_kvalue_walk(&q->kv, p, ci, &q->sub, w0, w1,
					   paced ? q->at : NULL, q->xs,
					   q->n_all, &add, &bit, &del, part);
	if (bit.held) {
		ci->bit = bit;
	}
	if (bit.client) {
		ci->client = bit.client;
		ci->client_stream = bit.client_stream;
	}
	ci->written = add / (t1 - t0);
	for (i = 0; i < n; i++) {
		const int k = slot[i];
		/* a value of its own rate in a walked step, else of its
		   own range's (runway_kvalue_walk, runway_kvalue_sub) */
		const double add_k = walked && share[i] > 0
					 ? q->kv.vadd[k] / share[i]
				     : q->kv.on && q->kv.range[k] < q->kv.nr
					 ? q->kv.radd[q->kv.range[k]]
					 : add;
		double before, after;

		if (share[i] <= 0) {
			continue;
		}
		before = runway_store_held(&ci->held, &p->cl, k, 1);
		runway_store_add(&ci->held, k, add_k * share[i]);
		after = runway_store_held(&ci->held, &p->cl, k, 1);
		if (after > p->level) {
			p->level = after;
			p->level_c = ci;
			p->level_written = ci->written;
		}
		if (after >= room && add_k > 0) {
			/* the seconds its buckets must still be current at
			   the step's even rate */
			const double need =
			    before >= room
				? 0
				: (room - before) / (add_k / (t1 - t0));
			const double t =
			    (paced ? runway_subhash_cross_at(
					 &q->sub, k, w0, w1, q->at,
					 need / (t1 - t0), &r)
				   : runway_subhash_cross(&q->sub, k, w0, w1,
							  need)) -
			    (double)p->sc->clock_start_s;

			if (t < p->first_t) {
				p->first_t = t;
				p->first = ci;
				q->sub_first = k;
				ci->fill_ru =
				    bit.held
					? 0
					: ru_at(q, ci, (t - t0) / (t1 - t0));
				/* a hash: the step's writes at its share of
				   the cycle's buckets, as the sentence says;
				   a plain time: while it is current */
				ci->rate = q->sub.hashed ? add_k / (t1 - t0) *
							       q->sub.count[k] /
							       (double)q->sub.m
					   : paced ? add_k * r
						   : add_k / (t1 - t0);
				ci->mean = 0;
			}
		}
	}
}

/* Candidate ci through step h (from t0 to t1, the step's slices in q,
   its writes in bucket slot at part share of them): what it stores, its
   rate, what held it back, and p's level and first to fill */
static void cand_step(struct rw_proj *p, struct steps *q, struct cand *ci,
		      int64_t h, double t0, double t1, int slot, double share)
{
	/* a value that does not move on has one bucket, all its writes */
	const int timed = ci->timed;
	const int *slot_of = timed ? q->step_slot : NULL;
	const struct pk_result_variant *v = p->v;
	const double cap = (double)v->spec->lp_storage_bytes;
	const size_t ns = p->ns;
	const size_t ic = (size_t)(ci - p->c);
	struct bite bit = {0, 0, 0, 0, 0, 0, 0, 0, 0};
	/* each stream's part of its writes, from 0, and each class's
	   (runway_class_adds): only the ns entries read are cleared, as
	   clearing all PK_MAX_STREAMS costs a step more than its sums */
	double del = 0, part[PK_MAX_STREAMS], add;
	double add_c[PK_MAX_STREAMS];
	double before, after, peak, room, grow, per_step, bank0;
	size_t j;

	for (j = 0; j < ns; j++) {
		part[j] = 0;
	}
	before = !timed && q->held_ok[ic]
		     ? q->held_end[ic]
		     : runway_store_held(&ci->held, &p->cl, slot, timed);
	bank0 = ci->bank;
	if (p->dels.on && p->cl.ttl) {
		/* what the step's deletes leave of what it stored, before
		   what expires in it is cleared (at that part) */
		runway_store_scale(&ci->held, &p->cl, h, p->dels.keep);
	}
	if (slot != ci->retry_slot) {
		/* a write keeps the key it was sent with: the retries of
		   the last bucket's go to that bucket, not this one */
		memset(&ci->retry, 0, sizeof(ci->retry));
		ci->retry_slot = slot;
	}
	if (p->cl.ttl && ci->burst) {
		ci->del_q =
		    runway_deletions_first(v, ci, q->xs, q->n_all, ns, &p->pool,
					   &p->cl, h, t1, q->off);
	}
	add = (q->kv.on ? runway_kvalue_add(&q->kv, p, ci, slot, q->xs,
					    q->n_all, &bit, &del, part)
			: runway_cand_again(v, ci, &q->again, q->xs, q->n_all,
					    ns, &p->pool, &bit, &del, part)) *
	      share;
	if (bit.held) {
		/* a bound that held it back in any step before it fills is
		   said */
		ci->bit = bit;
	}
	if (bit.client) {
		ci->client = bit.client;
		ci->client_stream = bit.client_stream;
	}
	runway_class_adds(&p->cl, p->ns, part, share, p->dels.fresh, add_c);
	if (q->rewrites_resize) {
		/* rewrites at another size change what it holds: its one
		   class (no lifetime, no id pool) takes the difference,
		   of what the step's deletes leave; what it held at the
		   step's start, as nothing since changed its store
		   (rewrites resize without time to live, so no
		   runway_store_scale, and runway_cand_add only reads it) */
		double held = before;
		double kept = add * p->dels.fresh;

		ci->items *= p->dels.keep;
		add_c[0] += runway_rewritten(&q->rr, ci->mass, ns, kept,
					     held * p->dels.keep, &ci->items) -
			    (held * p->dels.keep + kept);
	}
	runway_store_step(&ci->held, &p->cl, h, slot, add_c, del, t1, q->off,
			  slot_of);
	/* a key of one value at a time deletes with the room of its current
	   bucket's range, but what expired lies on the ranges of the
	   buckets that wrote it, which the service deletes it on when they
	   have room (rule 28): expired items left waiting are not timed */
	ci->held.behind |= q->kv.on && p->cl.ttl && ci->held.left > 0;
	if (p->dels.on && !p->cl.ttl) {
		runway_store_keep(&ci->held, &p->cl, slot, p->dels.keep);
	}
	after = runway_store_held(&ci->held, &p->cl, slot, timed);
	if (!timed) {
		q->held_end[ic] = after;
		q->held_ok[ic] = 1;
	}
	/* its net growth: written less deleted */
	grow = after - before;
	ci->rate = grow / (t1 - t0);
	ci->written = add / (t1 - t0);
	if (after > p->level) {
		p->level = after;
		p->level_c = ci;
		p->level_written = ci->written;
		p->level_pile = timed ? 0 : ci->held.left;
	}
	room = cap - ci->g->start;
	/* it may pass room within the step before time to live deletes
	   and end it below */
	peak = ci->held.del_from > 0
		   ? runway_store_peak(&ci->held, &p->cl, slot, timed)
		   : after; /* its end when nothing is deleted inside it */
	if ((grow > 0 && after >= room) || (before < room && peak >= room)) {
		double a = before >= room
			       ? 0
			       : runway_store_cross(&ci->held, &p->cl, slot,
						    timed, room, &per_step);
		double t, pace = 1.0;
		/* the step's mean where its requests vary over it: said */
		int at_mean = a > 0 && a < 1 &&
			      (!runway_slices_alike(q->xs, q->n_all, ns) ||
			       runway_slices_summed(p, q->nxs));

		if (a > 0 && a < 1 && step_timed(p) && q->kv.pieces) {
			/* its reads' share moved within the step */
			a = runway_kvalue_when(&q->kv, a, &pace);
			at_mean &= !p->in_order;
		} else if (a > 0 && a < 1 && step_timed(p) && p->in_order) {
			/* inside the step by its slices, not its mean */
			a = runway_step_part(v, ci, bank0, q->xs, q->n_all, ns,
					     a, &pace);
			at_mean = 0;
		} else if (a > 0 && a < 1 && !p->cl.ttl && p->cl.n == 1 &&
			   p->cl.c[0].pool.n == 0 && !p->dels.on &&
			   p->pool.nr == 0 && !p->time_key &&
			   runway_spikes_walkable(p)) {
			/* ... its spikes' seconds in time order */
			a = runway_spike_part(p, ci, bank0, t0, t1, a, &pace);
			at_mean = 0;
		}
		t = t0 + a * (t1 - t0);

		if (t < p->first_t) {
			double e[2];

			p->first_t = t;
			p->first = ci;
			ci->at_mean = at_mean;
			/* a bound of another phase's: the RU/s here */
			ci->fill_ru = bit.held ? 0 : ru_at(q, ci, a);
			ci->rate = before >= room ? ci->rate
						  : per_step / (t1 - t0) * pace;
			/* its growth over the last whole cycle of the phases:
			   what a workload of busy and quiet phases longer
			   than a step adds on average, where the rate as it
			   fills is the phase's */
			ci->mean = cycle_ends(p, q, ci, bank0, t0, t1, t,
					      before, after, e) >= 2
				       ? (e[1] - e[0]) / p->cycle_s
				       : 0;
		}
	}
	/* the ends of cycles the step passed, after any fill in it */
	cycle_mark(p, q, ci, bank0, t0, t1, before, after);
}

/* Each of the step's slices' ranges' shares of the stored items
   (runway_stored_shares) into slice.kshare, kept for a slice whose
   rates are those they were last found for. Not for a random-suffix
   reader's IN list, which runs where the suffix's values are. */
static void stored_step(const struct rw_proj *p, struct steps *q)
{
	const size_t nr = p->v->n_ranges;
	size_t i;

	for (i = 0; i < q->n_all && p->rmass; i++) {
		struct slice *x = &q->xs[i];
		const double in[PK_RW_SHARE_IN] = {x->len,	x->ru[0],
						   x->keyed[0], x->spread[0],
						   x->find[0],	x->ru_scale};
		double *was = q->ks_in + i * PK_RW_SHARE_IN;

		if (x->find[0] > 0) {
			continue;
		}
		if (q->ks_on[i] < 0 || memcmp(in, was, sizeof(in)) != 0) {
			memcpy(was, in, sizeof(in));
			q->ks_on[i] = (signed char)runway_stored_shares(
			    p->v, p->rmass, x, q->ks + i * nr);
		}
		if (q->ks_on[i] > 0) {
			x->kshare = q->ks + i * nr;
		}
	}
}

/* Step h's stretches of each stream in [t0, t1) (workload seconds) and
   the slices they make into q, with the pool's draws and the rewrites;
   a time key's writes in bucket slot of bk */
static void slices_step(struct rw_proj *p, struct steps *q,
			const struct pk_time_bucket *bk, int slot, int64_t h,
			double t0, double t1)
{
	size_t i, j;

	for (i = 0; i < p->ns; i++) {
		q->nxs[i] =
		    runway_stretches(p->sc, &p->st[i], t0 / p->scale,
				     t1 / p->scale, q->x[i], PK_RW_STRETCHES);
		for (j = 0; j < q->nxs[i]; j++) {
			/* the RU/s bound in real seconds */
			q->x[i][j].len *= p->scale;
		}
	}
	q->n_all = runway_slices_of(q->x, q->nxs, p->ns, q->xs);
	if (p->time_key && !q->kv.on) {
		/* the stored items a keyed request reads: the current
		   bucket's where its writes go, the others' spread */
		runway_keyed_split(&q->keyed, p->kw, slot,
				   bk->len_s < PK_RUNWAY_STEP_S, q->xs,
				   q->n_all);
	}
	stored_step(p, q);
	runway_pool_draws(&p->pool, p->v, q->xs, q->n_all);
	runway_rewrites_step(&q->rr, q->xs, q->n_all, p->ns);
	q->rr.before = p->dels.on ? p->dels.live : q->rr.before;
	runway_dels_step(&p->dels, q->xs, q->n_all, p->ns, h, t1, q->off);
	if (p->time_key) {
		runway_keyed_count(&q->keyed, slot, bk->period_s > 0, q->xs,
				   q->n_all, p->dels.on ? p->dels.keep : 1.0,
				   p->dels.on ? p->dels.fresh : 1.0);
	}
	if (p->dels.on) {
		/* rewrites pick among the items stored, not every one
		   written */
		q->rr.all = p->dels.live;
	}
	runway_again_step(&q->again, q->xs, q->n_all);
}

/* Every candidate of p stepped hour by hour until one fills or the
   horizon: steps end on the clock's whole hours (a daily curve's, a
   bucket's edges), the first short when the clock starts inside an
   hour */
static void step_all(struct rw_proj *p, struct steps *q,
		     const struct pk_time_bucket *bk)
{
	int64_t h;
	size_t i;

	q->off =
	    ((p->sc->clock_start_s % PK_RUNWAY_STEP_S) + PK_RUNWAY_STEP_S) %
	    PK_RUNWAY_STEP_S;
	for (h = 0; h < q->n && !p->first; h++) {
		double t0 = h == 0 ? 0.0
				   : (double)(h * PK_RUNWAY_STEP_S - q->off),
		       t1 = (double)((h + 1) * PK_RUNWAY_STEP_S - q->off),
		       share = 1;
		int slot = 0;

		if (t0 >= (double)PK_RUNWAY_HORIZON_S) {
			break;
		}
		if (t1 > (double)PK_RUNWAY_HORIZON_S) {
			t1 = (double)PK_RUNWAY_HORIZON_S;
		}
		if (p->time_key) {
			slot = bucket_step(p, q, bk, h, t0, t1, &share);
		}
		slices_step(p, q, bk, slot, h, t0, t1);
		for (i = 0; i < p->n_c; i++) {
			const int timed = p->c[i].timed;

			if (timed && q->sub_step) {
				cand_step_sub(p, q, &p->c[i], t0, t1);
				continue;
			}
			/* a value's mean share of the step: right only for
			   writes even over it */
			q->uneven |=
			    timed && q->sub.on &&
			    !runway_slices_even(q->xs, q->n_all, p->ns);
			cand_step(p, q, &p->c[i], h, t0, t1, timed ? slot : 0,
				  timed ? share : 1.0);
		}
	}
}

/* Candidates of p whose value moves on with the time key */
static size_t timed_cands(const struct rw_proj *p)
{
	size_t i, n = 0;

	for (i = 0; i < p->n_c; i++) {
		n += p->c[i].timed ? 1 : 0;
	}
	return n;
}

/* The candidates of p stepped to the end and said into rw (steps' own
   state made and freed here) */
static void project(struct rw_proj *p, const struct pk_time_bucket *bk,
		    int64_t n_steps, struct pk_runway *rw)
{
	struct steps q;
	struct rw_text m;
	int64_t longest = 0;
	const struct cand *named;
	int untimed;
	size_t i;

	memset(&q, 0, sizeof(q));
	q.n = n_steps;
	q.rewrites_resize = !p->time_key && !p->cl.ttl && p->cl.n == 1 &&
			    p->cl.c[0].pool.n == 0;
	for (i = 0; i < p->ns; i++) {
		p->st[i].scale = p->scale;
	}
	for (i = 0; i < p->ns; i++) {
		longest =
		    p->st[i].cycle_s > longest ? p->st[i].cycle_s : longest;
	}
	rw->span_s = (double)longest * p->scale;
	p->cycle_s = rw->span_s;
	if (p->time_key) {
		q.texts = xcalloc(PK_RW_MAX_SLOTS, sizeof(*q.texts));
		q.step_slot = xcalloc((size_t)n_steps, sizeof(*q.step_slot));
		runway_text_init(&q.memo, p->v, p->sc);
		runway_keyed_init(&q.keyed, p->ns, PK_RW_MAX_SLOTS);
		runway_text_init(&m, p->v, p->sc);
		runway_subhash_init(&q.sub, &m, bk, p->sc->clock_start_s);
		if (q.sub.on &&
		    timed_cands(p) * q.sub.most_parts > PK_RW_SUB_STEP_PARTS) {
			/* too many values a step to step each */
			runway_subhash_free(&q.sub);
			q.sub.untimed = 1;
		}
		q.sub_step = q.sub.on && step_timed(p);
		if (q.sub_step || bk->len_s >= PK_RUNWAY_STEP_S) {
			runway_kvalue_init(&q.kv, p, PK_RW_MAX_SLOTS,
					   q.sub_step ? &q.sub : NULL);
		}
		if (q.sub.on) {
			const size_t nu =
			    (size_t)(PK_RUNWAY_STEP_S / q.sub.len_s) + 3;

			q.u = xcalloc(nu, sizeof(*q.u));
			q.at = xcalloc(nu, sizeof(*q.at));
		}
	}
	q.held_end = xcalloc(p->n_c ? p->n_c : 1, sizeof(*q.held_end));
	q.held_ok = xcalloc(p->n_c ? p->n_c : 1, sizeof(*q.held_ok));
	q.x = xcalloc(p->ns, sizeof(*q.x));
	q.xs = xcalloc(p->ns * PK_RW_STRETCHES + 1, sizeof(*q.xs));
	if (p->rmass) {
		const size_t n = p->ns * PK_RW_STRETCHES + 1;

		q.ks = xcalloc(n * p->v->n_ranges, sizeof(*q.ks));
		q.ks_in = xcalloc(n * PK_RW_SHARE_IN, sizeof(*q.ks_in));
		q.ks_on = xmalloc(n);
		memset(q.ks_on, -1, n);
	}
	p->first = NULL;
	p->first_t = HUGE_VAL;
	p->level = 0;
	p->level_c = NULL;
	p->level_written = 0;
	p->level_pile = 0;
	p->who_at = -1;
	step_all(p, &q, bk);
	if (q.sub_step && q.sub.hashed && p->first && p->first->timed) {
		/* the value that fills: its own share of the buckets */
		rw->bucket.hash_share =
		    q.sub.count[q.sub_first] / (double)q.sub.m;
		rw->bucket.period_s =
		    llround((double)rw->bucket.len_s / rw->bucket.hash_share);
	} else if (q.sub.on && q.sub.hashed) {
		/* stepped at the fullest value's share: that value named,
		   at its first bucket from the fill (or the start) on */
		const double from = p->first ? floor(p->first_t) : 0;

		p->who_at = runway_subhash_fullest_at(
				&q.sub, p->sc->clock_start_s + (int64_t)from) -
			    (double)p->sc->clock_start_s;
	}
	/* a key whose buckets are shorter than a step and come back,
	   under time to live, is stepped at each value's mean share of a
	   step (not step_timed), its expired items' wait for deletion on
	   its own buckets' ranges not followed: a fill is not timed (a
	   level, each value's writes of a lifetime, is) */
	untimed = q.sub.untimed					     ? 1
		  : q.uneven					     ? 2
		  : q.sub.on && !q.sub_step && p->cl.ttl && p->first ? 3
								     : 0;
	runway_subhash_free(&q.sub);
	runway_secs(p);
	if (!p->secs) {
		runway_renew(p);
	}
	runway_say_rates(p, rw);
	named = p->first ? p->first : p->level_c;
	if (untimed && named && named->timed &&
	    (rw->kind == PK_RUNWAY_DAYS || rw->kind == PK_RUNWAY_BEYOND ||
	     rw->kind == PK_RUNWAY_LEVELS)) {
		/* its values are not stepped one by one: a figure at a
		   value's mean share of each step would name the value
		   current then, at the step's mean rate, up to a cycle
		   off, and miss a schedule's hours (a key of "%d %H:%M"
		   written an hour a day grows 24 times its mean share) */
		rw->kind = PK_RUNWAY_UNTESTED;
		rw->sub_untimed = untimed;
		rw->full_s = -1;
		rw->who[0] = '\0';
		rw->rate_bytes_per_s = 0;
	}
	runway_fold_guard(p, named, rw);
	rw->secs = p->secs;
	rw->renew = p->renew;
	if (p->cl.ttl && !p->secs && !p->renew && (p->first || p->level_c)) {
		/* the hourly steps' deletions of the one named fell behind
		   what expired inside a step */
		rw->ttl_behind |=
		    (p->first ? p->first : p->level_c)->held.behind;
		/* writes the RU/s held back come back as retries the hour
		   steps do not see: a busy phase's spill into a quiet one
		   takes its deletions' room */
		rw->ttl_retries |=
		    (p->first ? p->first : p->level_c)->bit.held &&
		    !runway_secs_retries(p->sc);
	}
	free(q.held_end);
	free(q.held_ok);
	free(q.step_slot);
	free(q.u);
	free(q.at);
	free(q.x);
	free(q.xs);
	free(q.ks);
	free(q.ks_in);
	free(q.ks_on);
	free(q.texts);
	runway_keyed_free(&q.keyed);
	runway_kvalue_free(&q.kv);
	runway_again_free(&q.again);
}

/* runway_from_rates, with untimed set as if time to live were off
   (*min_life then the shortest lifetime of the items, real s; 0 none
   expires) */
static void from_rates(const struct pk_snapshot *s,
		       const struct pk_scenario *sc,
		       const struct pk_workload *w, struct pk_result_variant *v,
		       struct pk_runway *rw, int untimed, double *min_life)
{
	const struct pk_time_bucket *bk = &rw->bucket;
	const double factor =
	    v->spec->index_factor > 0 ? v->spec->index_factor : 1.0;
	const int64_t n_steps = PK_RUNWAY_HORIZON_S / PK_RUNWAY_STEP_S + 1;
	struct refinfo refs[PK_QUERY_KEY_REFS];
	struct group *tab = NULL, *picked;
	double *fshare;
	struct rw_pick pick;
	struct rw_proj p;
	double spread, each = 0;
	int whole_unique, by_dist, from_values;
	double weight[PK_MAX_STREAMS];
	/* streams the run's window gave no item, drawn apart */
	struct pk_workload *apart[PK_MAX_STREAMS] = {0};
	struct pk_scenario *moved = NULL;
	size_t i;

	memset(&p, 0, sizeof(p));
	p.v = v;
	p.sc = sc;
	p.w = w;
	p.ns = sc->n_streams;
	p.time_key = bk->len_s > 0;
	/* real seconds a simulated one stands for (`time_scale:`): the
	   projection steps in real time */
	p.scale = sc->time_scale > 0 ? sc->time_scale : 1.0;
	rw->basis = PK_RUNWAY_RATES;
	rw->time_scale = p.scale;
	if (p.ns == 0 || p.ns > PK_MAX_STREAMS) {
		rw->kind = PK_RUNWAY_NEVER;
		return;
	}
	by_dist = runway_key_refs(v, sc, w, refs, &spread, &whole_unique);
	if (by_dist && whole_unique) {
		rw->kind = PK_RUNWAY_IDS;
		rw->ids = 1;
		rw->bound_bytes = runway_largest_item(sc, factor);
		runway_refs_free(refs, PK_QUERY_KEY_REFS);
		return;
	}
	if (!p.time_key && v->preload_items > 0) {
		each = (double)v->preload_bytes / (double)v->preload_items;
	}
	p.st = xcalloc(p.ns, sizeof(*p.st));
	runway_streams_init(v, sc, factor, untimed, p.st);
	/* a pass over the phases, once, not at every step */
	p.in_order = runway_slices_in_order(sc, p.st, p.scale);
	runway_streams_weigh(p.st, p.ns, 1, weight);
	runway_streams_weigh(p.st, p.ns, 0, p.kw);
	if (runway_classes(v, sc, by_dist ? refs : NULL, factor, weight, &p.cl,
			   rw)) {
		runway_classes_free(&p.cl);
		runway_streams_free(p.st, p.ns);
		runway_refs_free(refs, PK_QUERY_KEY_REFS);
		return;
	}
	rw->ttl_s = (int64_t)llround(p.cl.mean_s);
	rw->ttl_mixed = p.cl.mixed;
	if (untimed) {
		*min_life = runway_classes_untimed(&p.cl);
	}
	runway_dels_init(&p.dels, v, sc, &p.cl, p.st, p.ns, n_steps);
	rw->dels_netted = p.dels.sent && !p.dels.on;
	if (p.dels.on) {
		runway_streams_weigh(p.st, p.ns, 1, weight);
	}
	runway_pick_init(&pick, v->n_ranges, p.ns);
	moved = p.ns > 1 ? xcalloc(p.ns, sizeof(*moved)) : NULL;
	from_values = runway_find_groups(s, &p, refs, spread, by_dist, each,
					 weight, &tab, apart, moved, &pick, rw);
	if (pick.n_groups == 0) {
		rw->kind = workload_items(w) == 0 && runway_writes(sc)
			       ? PK_RUNWAY_NO_WRITES
			       : PK_RUNWAY_NEVER;
		runway_pick_free(&pick);
		runway_groups_free(&tab);
		runway_dels_free(&p.dels);
		runway_classes_free(&p.cl);
		runway_streams_free(p.st, p.ns);
		runway_apart_free(apart, moved, p.ns);
		runway_refs_free(refs, PK_QUERY_KEY_REFS);
		return;
	}
	picked = xcalloc(2 * PK_RUNWAY_CANDIDATES, sizeof(*picked));
	p.n_c = runway_pick_done(&pick, picked);
	if (from_values) {
		runway_exact_mass(sc, refs, spread, picked, p.n_c);
	}
	if (rw->latest && by_dist &&
	    runway_latest_prop(v, sc, refs, spread) >= 0) {
		/* the key's values drawn latest (an id pool's are its
		   table's) */
		runway_latest_starts(sc, w, refs, runway_mean_item(sc) * factor,
				     picked, p.n_c);
	}
	fshare = xcalloc(pick.n_ranges + 1, sizeof(*fshare));
	runway_find_shares(v, &pick, fshare);
	runway_unseen_spread(&pick);
	if (!p.time_key && p.ns == 1 && v->n_ranges > 1) {
		/* keyed requests read the stored items (stored_step) */
		p.rmass = xmalloc(v->n_ranges * sizeof(*p.rmass));
		memcpy(p.rmass, pick.range_mass,
		       v->n_ranges * sizeof(*p.rmass));
	}
	cands_init(&p, picked, &pick, fshare, n_steps, bk);
	free(fshare);
	runway_pool_init(&p.pool, v, &pick, p.ns);
	runway_pick_free(&pick);
	project(&p, bk, n_steps, rw);
	for (i = 0; i < p.n_c; i++) {
		runway_store_free(&p.c[i].held);
	}
	runway_dels_free(&p.dels);
	runway_classes_free(&p.cl);
	runway_streams_free(p.st, p.ns);
	runway_pool_free(&p.pool);
	free(p.c);
	free(p.rmass);
	free(picked);
	runway_groups_free(&tab);
	runway_apart_free(apart, moved, p.ns);
	runway_refs_free(refs, PK_QUERY_KEY_REFS);
}

void runway_from_rates(const struct pk_snapshot *s,
		       const struct pk_scenario *sc,
		       const struct pk_workload *w, struct pk_result_variant *v,
		       struct pk_runway *rw)
{
	const struct pk_runway was = *rw;
	double min_life = 0, untimed_s;

	/* first as if nothing expired: a logical partition that fills
	   before the first item expires holds what it would without time
	   to live, its deletes taken from every stored item and its
	   rewrites resizing, exactly */
	from_rates(s, sc, w, v, rw, 1, &min_life);
	if (min_life <= 0) {
		return; /* nothing expires: that is the projection */
	}
	if (rw->kind == PK_RUNWAY_DAYS && rw->full_s < min_life) {
		rw->ttl_after = 1;
		return;
	}
	if (min_life >= (double)PK_RUNWAY_HORIZON_S) {
		/* no item expires within the horizon: the projection is the
		   one without time to live (not within 5 years, what it
		   holds then), never a level, which would be the horizon's
		   storage taken for one */
		return;
	}
	untimed_s = rw->kind == PK_RUNWAY_DAYS ? rw->full_s : -1;
	*rw = was;
	from_rates(s, sc, w, v, rw, 0, &min_life);
	/* time to live only takes items away: a partition cannot fill
	   sooner with it than without (rewriting upserts counted as new
	   items from the start, their targets taken as expired while they
	   live, give that) */
	rw->ttl_early = rw->kind == PK_RUNWAY_DAYS && untimed_s >= 0 &&
			rw->full_s < untimed_s;
}
