/*
 * runway_secs: under time to live, the projection's candidates stepped a
 * second at a time (runway_int.h, runway_secs, has the rule and its
 * bounds). The hourly steps take a cycle shorter than an hour at its
 * mean and an hour's expiries at its mean, so a busy phase that leaves
 * its range too little RU/s to delete what expires (rule 28) piles up
 * expired items the mean does not see; a second at a time, each
 * second's writes, expiries and room are the service's, as the replay
 * spends them (throttle_spend_unused: deletions take the RU/s requests
 * leave, at a write's charge, before burst credit banks any). The
 * client's retries of what a second throttled come back at the next
 * second's start, before its new requests (the retry-after ends there,
 * throttle.c), so a busy phase's throttled writes spill into a quiet
 * one and take the room its deletions would have had.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/result/result.h"
#include "runway_int.h"

/* The longest lifetime and cycle (its phases' and its wall-clock
   multipliers') stepped a second at a time, s */
#define PK_RW_SECS_LIFE (8 * 86400)
#define PK_RW_SECS_CYCLE (7 * 86400)
/* Cycles past the lifetime stepped at most before giving up */
#define PK_RW_SECS_CYCLES 8
/* Seconds a candidate keeps at most (its lifetime's writes and its last
   cycle's holdings and writes), over all candidates */
#define PK_RW_SECS_MEMORY (16 * 1024 * 1024)
/* The most retries a throttled request makes that the walk keeps apart */
#define PK_RW_SECS_RETRIES 3600
/* Burst capacity as runway_grow.c models it (rule 14) */
#define PK_RW_SECS_BURST_PEAK 3000.0
#define PK_RW_SECS_BURST_SAVE_S 300.0

/* One candidate stepped a second at a time */
struct sc_cand {
	struct cand *c;
	double *ring;  /* its writes of the last lifetime, B, by second */
	double *held;  /* what it held at each second of the last cycle */
	double *wrote; /* what it wrote in each second of the last cycle */
	/* requests its range throttled waiting to be sent again, by the
	   retry they are sent as next (1 .. retries): their RU, and its
	   bytes among them */
	double *q_ru, *q_b;
	double q0, last_q; /* what waits at this and the last cycle's start */
	int retries;	   /* the retries a request makes at most */
	double s, pile, bank;
	double top, top_pile; /* its peak over this cycle and the pile then */
	double cycle_s0;      /* what it held at the cycle's start */
	double pile0, bank0;  /* its pile and credit at the cycle's start */
	double last_d;	      /* the last cycle's growth, B */
	double last_bank;     /* its credit at the last cycle's start */
	int emptied;	      /* the pile was empty in this cycle */
	int steady;	      /* cycles in a row that never emptied alike */
	int flat;	      /* cycles in a row that ended as they began */
	int done;	      /* 1: full_t, or it levels at top */
	double full_t, rate, written;
};

/* The cycle of stream st a second-true walk repeats, s: its phases', and
   a day or a week with a daily or weekly multiplier; 0 when it does not
   repeat (holidays) or is longer than PK_RW_SECS_CYCLE */
static int64_t walk_cycle(const struct rstream *st)
{
	int64_t p = st->cycle_s, wall = 1;
	size_t j;

	for (j = 0; j < st->n; j++) {
		const struct pk_schedule_spec *s = st->ph[j].ps->schedule;

		if (s && s->n_holidays > 0) {
			return 0;
		}
		wall = s && s->has_weekly		   ? 7 * 86400
		       : s && s->has_daily && wall < 86400 ? 86400
							   : wall;
	}
	if (p <= 0) {
		return 0;
	}
	while (wall > 1 && p % wall != 0 && p <= PK_RW_SECS_CYCLE) {
		p += st->cycle_s; /* the least multiple of both */
	}
	return p <= PK_RW_SECS_CYCLE ? p : 0;
}

/* The retries a throttled request of stream st's client makes, each at
   the next second's start (the retry-after, throttle.c), into *n; 0 when
   its client's policy does not retry so (exponential backoff) or a
   request's count depends on where in its second it came (a max_wait
   not a whole number of seconds short of max_retries of them) */
static int sdk_retries(const struct pk_stream_spec *ss, int *n)
{
	const struct pk_retry_spec *r = &ss->client.retry;
	int64_t k;

	if (!r->enabled || r->policy == PK_RETRY_NONE) {
		*n = 0;
		return 1;
	}
	if (r->policy != PK_RETRY_SDK) {
		return 0;
	}
	/* retry a waits w0 + (a - 1) s in all, w0 in (0, 1 s]: within
	   max_wait for every w0 when a <= max_wait / 1 s */
	k = r->max_wait_ms / 1000;
	if ((int64_t)r->max_retries > k && r->max_wait_ms % 1000 != 0) {
		return 0;
	}
	k = (int64_t)r->max_retries < k ? (int64_t)r->max_retries : k;
	if (k > PK_RW_SECS_RETRIES) {
		return 0;
	}
	*n = (int)k;
	return 1;
}

int runway_secs_retries(const struct pk_scenario *sc)
{
	size_t i;
	int n;

	for (i = 0; i < sc->n_streams; i++) {
		if (!sdk_retries(&sc->streams[i], &n)) {
			return 0;
		}
	}
	return 1;
}

/* 1 when projection p is one runway_secs walks: its lifetime into
 *life, its cycle into *cycle, its client's retries into *retries */
static int walkable(const struct rw_proj *p, int64_t *life, int64_t *cycle,
		    int *retries)
{
	const struct rw_classes *cl = &p->cl;
	const struct rstream *st = p->st;
	size_t j;

	if (!cl->ttl || p->ns != 1 || cl->n != 1 || cl->c[0].lives.n != 1 ||
	    cl->c[0].lives.never > 0 || cl->c[0].pool.n > 0 || p->dels.sent ||
	    p->dels.on || p->pool.nr > 0 || p->scale != 1.0 || p->time_key ||
	    p->sc->preload || st->client_ru > 0 || st->client_ops > 0) {
		return 0;
	}
	for (j = 0; j < st->n; j++) {
		const struct rphase *ph = &st->ph[j];

		if (ph->rewrites > 0 || ph->recreated > 0 || ph->bucket != 0 ||
		    ph->dels > 0) {
			return 0;
		}
	}
	for (j = 0; j < p->n_c; j++) {
		if (!(p->c[j].range_ru > 0)) {
			return 0; /* its range's RU/s not known */
		}
	}
	if (p->sc->n_streams != 1 ||
	    !sdk_retries(&p->sc->streams[0], retries)) {
		return 0;
	}
	*life = (int64_t)llround(cl->c[0].lives.s[0]);
	*cycle = walk_cycle(st);
	return *life >= 1 && *life <= PK_RW_SECS_LIFE && *cycle > 0 &&
	       (double)(*life + 2 * *cycle + 2 * *retries) * (double)p->n_c <=
		   (double)PK_RW_SECS_MEMORY;
}

/* What waits in k's retry queue, RU */
static double waiting(const struct sc_cand *k)
{
	double w = 0;
	int a;

	for (a = 1; a <= k->retries; a++) {
		w += k->q_ru[a];
	}
	return w;
}

/* k's retry queue sent at a second's start with lim RU, oldest first:
   what it stores of them into *stored, B; the RU they leave. A request
   not served waits for its next retry, or fails after its last. */
static double send_waiting(struct sc_cand *k, double lim, double *stored)
{
	double left = lim;
	int a;

	for (a = k->retries; a >= 1; a--) {
		const double f = k->q_ru[a] > left ? left / k->q_ru[a] : 1.0;

		*stored += f * k->q_b[a];
		left -= f * k->q_ru[a];
		left = left > 0 ? left : 0;
		if (a < k->retries) {
			k->q_ru[a + 1] = (1.0 - f) * k->q_ru[a];
			k->q_b[a + 1] = (1.0 - f) * k->q_b[a];
		}
	}
	k->q_ru[1] = k->q_b[1] = 0;
	return left;
}

/* Candidate k through second t (its stretch x): the retries its range's
   requests wait for first, then the second's writes, up to its range's
   RU/s (and burst credit), what is throttled waiting for a retry; then
   what has expired deleted with the room they leave at a write's
   charge; its holdings after it */
static void sec_step(const struct rw_proj *p, struct sc_cand *k,
		     const struct stretch *x, int64_t t, int64_t life)
{
	const struct pk_result_variant *v = p->v;
	const struct cand *c = k->c;
	const struct rphase *ph = &p->st[0].ph[x->ph];
	const double per_range = v->n_ranges ? 1.0 / (double)v->n_ranges : 1.0;
	const double share = c->range_ru * x->ru_scale;
	const double own = c->range_mass[0] > 0
			       ? fmin(1.0, c->mass[0] / c->range_mass[0])
			       : 1.0;
	/* RU a stored byte's write (and deletion) is charged */
	const double rupb =
	    x->bytes > 0 ? x->ru / x->bytes : ph->ru_per_byte / ph->factor;
	const double queued = waiting(k);
	double want = c->mass[0] * x->bytes, ru, room, lim = share, dels = 0;
	double stored = 0;
	size_t slot = (size_t)(t % life);
	double expired = k->ring[slot], gone;

	ru = c->range_mass[0] * (x->ru + x->keyed) + x->spread * per_range +
	     x->find * c->find_share;
	if (c->burst && share > 0 && share < PK_RW_SECS_BURST_PEAK &&
	    ru + queued > share) {
		/* burst credit spent on top of its RU/s, up to the peak */
		double extra = fmin(k->bank, PK_RW_SECS_BURST_PEAK - share);

		extra = fmin(extra, ru + queued - share);
		k->bank -= extra;
		lim = share + extra;
	}
	if (queued > 0) {
		lim = send_waiting(k, lim, &stored);
	}
	if (ru > lim && ru > 0) {
		const double part = lim / ru; /* every request the same */

		if (k->retries > 0) {
			k->q_ru[1] = ru - lim;
			k->q_b[1] = want - want * part;
		}
		want *= part;
		room = 0;
	} else {
		room = lim - ru;
	}
	stored += want;
	if (rupb > 0) {
		dels = room * own / rupb;
	}
	k->ring[slot] = stored;
	k->pile += expired;
	gone = fmin(k->pile, dels);
	k->pile -= gone;
	k->emptied |= k->pile <= 0;
	k->s += stored - gone;
	if (c->burst && share > 0 && share < PK_RW_SECS_BURST_PEAK &&
	    room > 0) {
		/* what the deletions leave unused is banked */
		double used = own > 0 && rupb > 0 ? gone * rupb / own : 0;

		k->bank = fmin(k->bank + fmax(0.0, room - used),
			       PK_RW_SECS_BURST_SAVE_S * share);
	}
	k->written = stored;
}

/* 1 when candidate k ended its cycle as it began it: what it holds, its
   pile of expired items and its burst credit */
static int cycle_flat(const struct sc_cand *k)
{
	const double tol = 1e-9 * fmax(k->s, 1.0);

	return fabs(k->s - k->cycle_s0) <= tol &&
	       fabs(k->pile - k->pile0) <= tol &&
	       fabs(waiting(k) - k->q0) <= 1e-9 * fmax(k->q0, 1.0) &&
	       fabs(k->bank - k->bank0) <= 1e-9 * fmax(k->bank, 1.0);
}

/* Candidate k at the end of a cycle past the lifetime (ending at t):
   done when two cycles in a row ended as they began (it levels: the next
   cycle repeats the last, its peak the level) or when it grew alike two
   cycles in a row without emptying (then filling by whole cycles:
   extrapolated). A pile that empties somewhere in a cycle is no level:
   a quiet stretch can delete every expired item while the busy one
   leaves more each cycle than the quiet one can catch up. */
static void cycle_end(struct sc_cand *k, double room, int64_t t, int64_t cycle)
{
	const double d = k->s - k->cycle_s0;

	if (cycle_flat(k)) {
		/* the lifetime's writes repeat past the first cycles (the
		   burst credit, the one state they depend on, came back) */
		k->done = ++k->flat >= 2;
		return;
	}
	k->flat = 0;
	if (!k->emptied && d > 0 &&
	    fabs(d - k->last_d) <= 1e-9 * fmax(d, 1.0) &&
	    fabs(waiting(k) - k->last_q) <= 1e-9 * fmax(k->last_q, 1.0) &&
	    fabs(k->bank - k->last_bank) <= 1e-9 * fmax(k->bank, 1.0)) {
		double most = 0, n;
		int64_t i;

		for (i = 0; i < cycle; i++) {
			most = fmax(most, k->held[i]);
		}
		/* cycles on until its peak passes room, then the second */
		n = ceil((room - most) / d);
		n = n < 1 ? 1 : n;
		for (i = 0; i < cycle; i++) {
			if (k->held[i] + n * d >= room) {
				double before =
				    (i > 0 ? k->held[i - 1] : k->cycle_s0) +
				    n * d;
				double after = k->held[i] + n * d;

				k->full_t =
				    (double)(t + 1 - cycle + i) +
				    n * (double)cycle +
				    (after > before
					 ? (room - before) / (after - before)
					 : 0.0);
				break;
			}
		}
		/* filling by whole cycles: its growth and writes are the
		   cycle's, net of what it deletes, not the second's */
		k->rate = d / (double)cycle;
		k->written = 0;
		for (i = 0; i < cycle; i++) {
			k->written += k->wrote[i];
		}
		k->written /= (double)cycle;
		k->done = 1;
		return;
	}
	k->last_d = d;
	k->last_bank = k->bank;
	k->last_q = waiting(k);
}

/* The candidates of p stepped a second at a time from t = 0 (life: the
   lifetime, cycle: the walk's); 1 when every one is done */
static int walk_all(struct rw_proj *p, struct sc_cand *ks, int64_t life,
		    int64_t cycle)
{
	const double cap = (double)p->v->spec->lp_storage_bytes;
	const int64_t first = (life + cycle - 1) / cycle; /* cycles before */
	const int64_t last = first + PK_RW_SECS_CYCLES;
	struct rstream *st = &p->st[0];
	int64_t t, i, k, left;
	size_t j;

	for (j = 0; j < st->n; j++) {
		st->ph[j].cur_cycle = -1;
	}
	left = (int64_t)p->n_c;
	for (k = 0; k < last && left > 0; k++) {
		for (j = 0; j < p->n_c; j++) {
			ks[j].emptied = 0;
			ks[j].cycle_s0 = ks[j].s;
			ks[j].pile0 = ks[j].pile;
			ks[j].bank0 = ks[j].bank;
			ks[j].q0 = waiting(&ks[j]);
		}
		for (i = 0; i < cycle && left > 0; i++) {
			struct stretch x;

			t = k * cycle + i;
			runway_stretch_walked(p->sc, st, (double)t,
					      (double)t + 1, &x);
			for (j = 0; j < p->n_c; j++) {
				struct sc_cand *c = &ks[j];
				const double room = cap - c->c->g->start;
				const double was = c->s;

				if (c->done) {
					continue;
				}
				sec_step(p, c, &x, t, life);
				c->held[i] = c->s;
				c->wrote[i] = c->written;
				if (i == 0 || c->s > c->top) {
					c->top = c->s;
					c->top_pile = c->pile;
				}
				if (c->s >= room) {
					c->full_t =
					    (double)t +
					    (c->s > was
						 ? (room - was) / (c->s - was)
						 : 0.0);
					c->rate = c->s - was;
					c->done = 1;
					left--;
				}
			}
		}
		if (k < first || left == 0) {
			continue;
		}
		for (j = 0; j < p->n_c; j++) {
			struct sc_cand *c = &ks[j];

			if (!c->done) {
				cycle_end(c, cap - c->c->g->start,
					  k * cycle + cycle - 1, cycle);
				left -= c->done;
			}
		}
	}
	return left == 0;
}

/* p's figures from the candidates walked */
static void walk_say(struct rw_proj *p, const struct sc_cand *ks, int64_t cycle)
{
	size_t j;

	p->first = NULL;
	p->first_t = HUGE_VAL;
	p->level = 0;
	p->level_c = NULL;
	p->level_written = 0;
	p->pile = 0;
	for (j = 0; j < p->n_c; j++) {
		const struct sc_cand *k = &ks[j];

		if (k->full_t > 0 && k->full_t <= (double)PK_RUNWAY_HORIZON_S &&
		    k->full_t < p->first_t) {
			p->first_t = k->full_t;
			p->first = k->c;
			k->c->rate = k->rate;
			k->c->written = k->written;
		}
		if (!(k->full_t > 0) && k->top > p->level) {
			double sum = 0;
			int64_t i;

			/* its last cycle's peak, and its mean writes then */
			for (i = 0; i < cycle; i++) {
				sum += k->wrote[i];
			}
			p->level = k->top;
			p->level_c = k->c;
			p->level_written = sum / (double)cycle;
			p->pile = k->top_pile;
		}
	}
}

void runway_secs(struct rw_proj *p)
{
	struct sc_cand *ks;
	int64_t life, cycle;
	size_t j;
	int ok, within = 0, beyond = 0, retries = 0;

	p->secs = 0;
	if (!walkable(p, &life, &cycle, &retries)) {
		return;
	}
	ks = xcalloc(p->n_c, sizeof(*ks));
	for (j = 0; j < p->n_c; j++) {
		ks[j].c = &p->c[j];
		ks[j].ring = xcalloc((size_t)life, sizeof(double));
		ks[j].held = xcalloc((size_t)cycle, sizeof(double));
		ks[j].wrote = xcalloc((size_t)cycle, sizeof(double));
		ks[j].retries = retries;
		ks[j].q_ru = xcalloc((size_t)retries + 2, sizeof(double));
		ks[j].q_b = xcalloc((size_t)retries + 2, sizeof(double));
		ks[j].full_t = -1;
	}
	ok = walk_all(p, ks, life, cycle);
	for (j = 0; j < p->n_c; j++) {
		within |= ks[j].full_t > 0 &&
			  ks[j].full_t <= (double)PK_RUNWAY_HORIZON_S;
		beyond |= ks[j].full_t > (double)PK_RUNWAY_HORIZON_S;
	}
	/* one filling only past the horizon, none before: the hour steps
	   say what it holds then */
	ok = ok && (within || !beyond);
	if (ok) {
		walk_say(p, ks, cycle);
		p->secs = 1;
	}
	for (j = 0; j < p->n_c; j++) {
		free(ks[j].ring);
		free(ks[j].held);
		free(ks[j].wrote);
		free(ks[j].q_ru);
		free(ks[j].q_b);
	}
	free(ks);
}
