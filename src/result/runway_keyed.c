/*
 * runway_keyed: where a time key's keyed requests (point reads,
 * replaces, deletes, rewriting upserts, single-partition and targeted
 * queries, a random-suffix reader's IN list) land in the projection's
 * steps (runway_step.c). Each reads an item drawn from what is stored,
 * so a range's part of them is its part of the stored items. The items
 * of the bucket current in a step lie where that bucket's writes go: on
 * the ranges of the key values current then, so those requests stay
 * keyed and are charged as the writes are (a `%Y-%m-%d` key read from
 * its day's start reads its day's range only). A key of one value at a
 * time (/date, "%H", "%M": runway_kvalue_*) knows each bucket's range,
 * so each range is charged its share of the stored items, that share
 * followed within a step where it moves: a key of minutes is walked
 * minute by minute while a step moves it or its range throttles writes
 * a client retries (an empty container's first minute takes every
 * read, the next minutes on other ranges none at first; a throttled
 * minute's retries are served after it). Under a key of many values at
 * a time the items of past buckets lie where those buckets' values
 * hashed: counted as spread over the ranges evenly (ASSUMPTION: a past
 * bucket's values land anywhere in the key space, none told apart).
 * Left out: a phase's
 * `select` (targets taken as uniform over the stored items), time to
 * live (items counted as if none expired) and preloaded items. A key
 * whose buckets are shorter than a step has all its keyed requests
 * spread: its current bucket holds a sliver of the items. A stream
 * that adds no items (a reader beside a writer) reads the others':
 * its part in a bucket and a range's share of its reads are theirs,
 * each stream weighed by the items it adds (runway_streams_weigh by items).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "runway_keyed.h"

void runway_keyed_init(struct rw_keyed *k, size_t ns, size_t slots)
{
	memset(k, 0, sizeof(*k));
	k->ns = ns;
	k->n_slots = slots;
	k->slot = xcalloc(slots * (ns ? ns : 1), sizeof(*k->slot));
}

void runway_keyed_clear(struct rw_keyed *k, int slot)
{
	if (slot < 0 || (size_t)slot >= k->n_slots) {
		return;
	}
	memset(k->slot + (size_t)slot * k->ns, 0, k->ns * sizeof(*k->slot));
}

/* Stream s's new items offered over slices x[0 .. n) */
static double offered(const struct slice *x, size_t n, size_t s)
{
	double items = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		items += x[i].items[s];
	}
	return items;
}

void runway_keyed_split(const struct rw_keyed *k, const double *w, int slot,
			int spread_all, struct slice *x, size_t n)
{
	double cur[PK_MAX_STREAMS], theirs = 0, all_w = 0;
	size_t i, s;

	for (s = 0; s < k->ns; s++) {
		const double add = 0.5 * offered(x, n, s);
		const double held = slot >= 0 && (size_t)slot < k->n_slots
					? k->slot[(size_t)slot * k->ns + s]
					: 0;

		/* at the step's middle: what the bucket held, half the
		   step's new items, over all stored then; nothing stored
		   yet: the step's own new items, all in the bucket */
		cur[s] = spread_all ? 0.0
			 : k->all[s] + add <= 0
			     ? 1.0
			     : (held + add) / (k->all[s] + add);
		theirs += w[s] * cur[s];
		all_w += w[s];
	}
	for (s = 0; s < k->ns && all_w > 0; s++) {
		/* a reader's targets: the writers' items */
		cur[s] = w[s] > 0 ? cur[s] : theirs;
	}
	for (i = 0; i < n; i++) {
		for (s = 0; s < k->ns; s++) {
			const double past = 1.0 - cur[s];

			x[i].spread[s] += past * (x[i].keyed[s] + x[i].find[s]);
			x[i].keyed[s] *= cur[s];
			x[i].find[s] *= cur[s];
		}
	}
}

void runway_keyed_count(struct rw_keyed *k, int slot, int returns,
			const struct slice *x, size_t n, double keep,
			double fresh)
{
	size_t s, j;

	if (slot < 0 || (size_t)slot >= k->n_slots) {
		return;
	}
	for (s = 0; s < k->ns; s++) {
		const double add = offered(x, n, s) * fresh;

		if (keep < 1.0 && returns) {
			/* the step's deletes take from every bucket alike;
			   only a bucket that comes back is asked again */
			for (j = 0; j < k->n_slots; j++) {
				k->slot[j * k->ns + s] *= keep;
			}
		} else {
			k->slot[(size_t)slot * k->ns + s] *= keep;
		}
		k->slot[(size_t)slot * k->ns + s] += add;
		k->all[s] = k->all[s] * keep + add;
	}
}

void runway_keyed_free(struct rw_keyed *k)
{
	free(k->slot);
	k->slot = NULL;
}

void runway_keyed_reader_mass(const double *w, size_t ns, double *m)
{
	double theirs = 0, all_w = 0;
	size_t k;

	for (k = 0; k < ns; k++) {
		theirs += w[k] * m[k];
		all_w += w[k];
	}
	for (k = 0; k < ns && all_w > 0; k++) {
		m[k] = w[k] > 0 ? m[k] : theirs;
	}
}

/* The items of a key of one value at a time: each bucket's value lies on
   one range, known from its key, so a range's part of the stored items
   is what its buckets' values hold there and its keyed requests are
   that part of them (targets drawn uniformly over the stored items, as
   the replay draws them: a range holding 8 of an hour's 60 "%M" values
   takes about 8/60 of the reads, not 1/5 of them on 5 ranges). Left out
   as above: a phase's `select`, preloaded items; the shares are of the
   bytes stored, which are the items' when every bucket writes the same
   mix of sizes. */

/* Every stream's new items c's: a key of one value at a time (a
   stream that adds none aside: its reads go where the others' items
   lie, runway_keyed_reader_mass) */
static int one_value(const struct rw_proj *p, const struct cand *c)
{
	size_t j, adding = 0;

	if (!c->timed || c->g->item == UINT64_MAX || c->g->picked) {
		return 0;
	}
	for (j = 0; j < p->ns; j++) {
		adding += p->kw[j] > 0;
	}
	for (j = 0; j < p->ns; j++) {
		if ((p->kw[j] > 0 || adding == 0) &&
		    !(c->mass[j] > 1.0 - 1e-9)) {
			return 0;
		}
	}
	return 1;
}

void runway_kvalue_init(struct rw_kvalue *kv, const struct rw_proj *p,
			size_t slots, const struct rw_subhash *sub)
{
	size_t i;

	memset(kv, 0, sizeof(*kv));
	if (!p->time_key || p->n_c != 1 || p->v->n_ranges < 2 ||
	    !one_value(p, &p->c[0])) {
		return;
	}
	kv->on = 1;
	kv->n_slots = sub ? sub->n_slots : slots;
	kv->nr = p->v->n_ranges;
	kv->range = xmalloc(kv->n_slots * sizeof(*kv->range));
	for (i = 0; i < kv->n_slots; i++) {
		kv->range[i] = SIZE_MAX;
	}
	kv->held = xcalloc(kv->nr, sizeof(*kv->held));
	kv->radd = xcalloc(kv->nr, sizeof(*kv->radd));
	kv->t = xcalloc(kv->nr, sizeof(*kv->t));
	kv->vadd = xcalloc(kv->n_slots, sizeof(*kv->vadd));
	if (sub) {
		const size_t nu = (size_t)(PK_RUNWAY_STEP_S / sub->len_s) + 3;

		kv->u = xcalloc(nu, sizeof(*kv->u));
		kv->bpart = xcalloc(nu, sizeof(*kv->bpart));
		kv->bslot = xcalloc(nu, sizeof(*kv->bslot));
		kv->q = xcalloc(kv->nr, sizeof(*kv->q));
		kv->rsat = xcalloc(kv->nr, sizeof(*kv->rsat));
		kv->own = xcalloc(kv->nr, sizeof(*kv->own));
	}
	for (i = 0; sub && i < sub->m; i++) {
		/* each value's range from its first bucket of the cycle */
		if (kv->range[sub->slot[i]] == SIZE_MAX) {
			runway_kvalue_slot(kv, p, sub->slot[i],
					   (double)(sub->base_s -
						    p->sc->clock_start_s +
						    (int64_t)i * sub->len_s));
		}
	}
}

void runway_kvalue_slot(struct rw_kvalue *kv, const struct rw_proj *p, int slot,
			double t)
{
	const struct group *g = p->c[0].g;
	int64_t wall = p->sc->clock_start_s + (int64_t)t;
	struct rw_key key;

	if (!kv->on || slot < 0 || (size_t)slot >= kv->n_slots) {
		return;
	}
	runway_key_init(p->v, &key);
	runway_item_key(p->v, p->sc, g->w ? g->w : p->w, g->item, &wall, &key);
	kv->range[slot] =
	    key.at.status == 0 ? runway_range_of(p->v, &key.at.epk) : SIZE_MAX;
	runway_key_free(&key);
}

/* Bytes c stores on each range (kv->held), all of them returned */
static double stored(struct rw_kvalue *kv, const struct rw_proj *p,
		     const struct cand *c)
{
	double all = 0;
	size_t k;

	memset(kv->held, 0, kv->nr * sizeof(*kv->held));
	for (k = 0; k < kv->n_slots; k++) {
		if (kv->range[k] < kv->nr) {
			const double b =
			    runway_store_held(&c->held, &p->cl, (int)k, 1);

			kv->held[kv->range[k]] += b;
			all += b;
		}
	}
	return all;
}

/* runway_cand_add for c with its bucket's value on range r, taking all
   the writes and the part s of the keyed requests, from burst credit
   bank0 */
static double add_at(const struct rw_proj *p, struct cand *c, size_t r,
		     double s, double bank0, const struct slice *x, size_t n,
		     struct bite *b, double *del, double *part)
{
	size_t j;

	c->range_ru = runway_range_share(p->v, r);
	for (j = 0; j < p->ns; j++) {
		c->range_mass[j] = c->mass[j];
	}
	c->kv_on = 1;
	c->kv_share = s < 0 ? 0 : s > 1 ? 1 : s;
	c->bank = bank0;
	return runway_cand_add(p->v, c, x, n, p->ns, &p->pool, b, del, part);
}

/* Stored bytes part of a range holding on bytes of all: nothing stored
   yet, the step's own items (new: its part of them) */
static double share_of(double on, double all, double new_part)
{
	return all > 0 ? on / all : new_part;
}

/* b, what a piece found: what held it back wins over its client */
static void bite_merge(struct bite *b, const struct bite *t)
{
	if (t->held || (t->client && !b->held)) {
		*b = *t;
	}
}

double runway_kvalue_add(struct rw_kvalue *kv, const struct rw_proj *p,
			 struct cand *c, int slot, const struct slice *x,
			 size_t n, struct bite *b, double *del, double *part)
{
	const double bank0 = c->bank;
	const size_t r = slot >= 0 && (size_t)slot < kv->n_slots
			     ? kv->range[slot]
			     : SIZE_MAX;
	double all, on, a0, total = 0, s0, s1;
	size_t i, k;

	kv->pieces = 0;
	if (r >= kv->nr) {
		c->kv_on = 0;
		return runway_cand_add(p->v, c, x, n, p->ns, &p->pool, b, del,
				       part);
	}
	all = stored(kv, p, c);
	on = kv->held[r];
	s0 = share_of(on, all, 1.0);
	a0 = add_at(p, c, r, s0, bank0, x, n, b, del, NULL);
	s1 = share_of(on + a0, all + a0, 1.0);
	if (s1 - s0 < 0.01 && s0 - s1 < 0.01) {
		/* its share at the step's middle */
		return add_at(p, c, r,
			      share_of(on + 0.5 * a0, all + 0.5 * a0, 1.0),
			      bank0, x, n, b, del, part);
	}
	/* a share that moves within the step: pieces over which it moves
	   by PK_RW_KV_MOVE at most, each at its own middle's share, from
	   what the pieces before it added */
	kv->cum[0] = kv->end[0] = 0;
	*del = 0;
	for (i = 0; i < PK_RW_KV_PIECES && kv->end[i] < 1.0; i++) {
		struct bite t = {0, 0, 0, 0, 0, 0, 0, 0, 0};
		double d = 0, pk[PK_MAX_STREAMS] = {0}, rate, moves, u, ai;
		const double in = all + total;

		rate = add_at(p, c, r, share_of(on + total, in, 1.0), bank0, x,
			      n, &t, &d, NULL);
		/* the share's move over the whole step at this rate */
		moves = in > 0 ? (all - on) * rate / (in * in) : 0;
		u = moves > 0 ? PK_RW_KV_MOVE / moves : 1.0;
		u = fmax(u, 1.0 / PK_RW_KV_PIECES);
		u = fmin(u, 1.0 - kv->end[i]);
		ai = rate * u;
		ai = u *
		     add_at(p, c, r,
			    share_of(on + total + 0.5 * ai, in + 0.5 * ai, 1.0),
			    bank0, x, n, &t, &d, pk);
		bite_merge(b, &t);
		*del += d * u;
		for (k = 0; part && k < p->ns; k++) {
			part[k] += pk[k] * u;
		}
		total += ai;
		kv->cum[i + 1] = total;
		kv->end[i + 1] =
		    i + 1 == PK_RW_KV_PIECES ? 1.0 : kv->end[i] + u;
	}
	for (k = 1; total > 0 && k <= i; k++) {
		kv->cum[k] /= total;
	}
	kv->pieces = total > 0 ? i : 0;
	return total;
}

double runway_kvalue_sub(struct rw_kvalue *kv, const struct rw_proj *p,
			 struct cand *c, const int *slot, const double *part,
			 size_t n_slot, const struct slice *x, size_t n,
			 struct bite *b, double *del, double *part_k)
{
	const double bank0 = c->bank;
	double all, mid, total = 0;
	size_t i, r, k;

	all = stored(kv, p, c);
	kv->all = all;
	memset(kv->t, 0, kv->nr * sizeof(*kv->t));
	memset(kv->radd, 0, kv->nr * sizeof(*kv->radd));
	for (i = 0; i < n_slot; i++) {
		if (kv->range[slot[i]] < kv->nr) {
			kv->t[kv->range[slot[i]]] += part[i];
		}
	}
	/* each range's value's rate at the step's start, then at its
	   middle, from half what the start's rates add */
	for (r = 0, mid = all; r < kv->nr; r++) {
		if (kv->t[r] > 0) {
			struct bite t = {0, 0, 0, 0, 0, 0, 0, 0, 0};
			double d = 0;

			kv->radd[r] = add_at(
			    p, c, r, share_of(kv->held[r], all, kv->t[r]),
			    bank0, x, n, &t, &d, NULL);
			mid += 0.5 * kv->radd[r] * kv->t[r];
		}
	}
	*del = 0;
	for (r = 0; r < kv->nr; r++) {
		struct bite t = {0, 0, 0, 0, 0, 0, 0, 0, 0};
		double d = 0, pk[PK_MAX_STREAMS] = {0};

		if (!(kv->t[r] > 0)) {
			continue;
		}
		kv->radd[r] =
		    add_at(p, c, r,
			   share_of(kv->held[r] + 0.5 * kv->radd[r] * kv->t[r],
				    mid, kv->t[r]),
			   bank0, x, n, &t, &d, pk);
		bite_merge(b, &t);
		*del += d * kv->t[r];
		for (k = 0; part_k && k < p->ns; k++) {
			part_k[k] += pk[k] * kv->t[r];
		}
		total += kv->radd[r] * kv->t[r];
	}
	return total;
}

/* What c adds in a bucket on range r taking part u of the step's
   writes, from *all bytes stored (kv->held each range's, both grown by
   it): in pieces over which r's share of the stored items moves by
   PK_RW_KV_MOVE at most, at least 1 / PK_RW_KV_PIECES of the step long,
   each at its own middle's share (runway_kvalue_add's rule); b, del and
   part_k (each stream's) summed over them */
static double bucket_add(struct rw_kvalue *kv, const struct rw_proj *p,
			 struct cand *c, size_t r, double u, double bank0,
			 double *all, const struct slice *x, size_t n,
			 struct bite *b, double *del, double *part_k,
			 double *last)
{
	double done = 0, total = 0;
	size_t i, k;

	*last = 0;

	for (i = 0; done < u && i < PK_RW_KV_PIECES; i++) {
		struct bite t = {0, 0, 0, 0, 0, 0, 0, 0, 0};
		double d = 0, pk[PK_MAX_STREAMS] = {0}, rate, moves, w, a;
		const double on = kv->held[r], in = *all;

		rate = add_at(p, c, r, share_of(on, in, 1.0), bank0, x, n, &t,
			      &d, NULL);
		/* the share's move over the whole step at this rate */
		moves = in > 0 ? (in - on) * rate / (in * in) : 0;
		w = moves > 0 ? PK_RW_KV_MOVE / moves : u;
		w = fmin(fmax(w, 1.0 / PK_RW_KV_PIECES), u - done);
		a = w * rate;
		a = w * add_at(p, c, r,
			       share_of(on + 0.5 * a, in + 0.5 * a, 1.0), bank0,
			       x, n, &t, &d, pk);
		bite_merge(b, &t);
		*del += d * w;
		for (k = 0; part_k && k < p->ns; k++) {
			part_k[k] += pk[k] * w;
		}
		kv->held[r] += a;
		*all += a;
		total += a;
		done += w;
		*last = a / w;
	}
	return total;
}

/* Bytes a step c's bucket on range r would add at share s of the keyed
   requests were the range's RU/s no bound (c's clients' own bounds
   kept): what it asks, at the same part of the throttled requests as
   what it stores (every request a second the same part, rule 12) */
static double asked_at(const struct rw_proj *p, struct cand *c, size_t r,
		       double s, double bank0, const struct slice *x, size_t n)
{
	struct bite t = {0, 0, 0, 0, 0, 0, 0, 0, 0};
	const double bank = c->bank;
	double d = 0, a;

	(void)add_at(p, c, r, s, bank0, x, n, &t, &d, NULL);
	c->range_ru *= PK_RW_KV_UNBOUND;
	a = runway_cand_add(p->v, c, x, n, p->ns, &p->pool, &t, &d, NULL);
	c->range_ru /= PK_RW_KV_UNBOUND;
	c->bank = bank;
	return a;
}

/* Seconds of its range's RU/s that a bucket's retries take after it
   ends, its requests asking 1 + over times the RU/s (over > 0), a
   throttled request retried once a second, retries before new
   requests, every one of a second's retries served the same part, and
   dropped after retry_s retries (rule 12's 429 and its retry-after, as
   the replay's retry queue, src/run/retryq.c, takes them; rule 13's
   client). In a throttled bucket's steady state a second's requests
   all wait (the retries fill the RU/s) and each retry keeps the part f
   of what is left, f^retry_s = over / (1 + over), so that what drops
   is what the RU/s cannot serve; the requests sent a seconds before the
   end are left (1 + over) f^a of a second's RU/s. After the end they
   are served first, a second's RU/s a second, each second's oldest
   dropped, walked second by second until none is left. */
static double drain_s(double over, double retry_s)
{
	const int w =
	    retry_s < PK_RW_KV_COHORTS ? (int)retry_s : PK_RW_KV_COHORTS;
	const double f = pow(over / (1.0 + over), 1.0 / w);
	double c[PK_RW_KV_COHORTS], q = 0, d = 0;
	int a, t;

	if (w < 1 || !(over > 0)) {
		return 0;
	}
	for (a = 1; a < w; a++) {
		c[a] = (1.0 + over) * pow(f, a);
	}
	for (t = 0; t < w; t++) {
		double keep;

		for (q = 0, a = 1; a < w; a++) {
			q += c[a];
		}
		if (!(q > 1e-12)) {
			break;
		}
		keep = q > 1.0 ? 1.0 - 1.0 / q : 0.0;
		d += q > 1.0 ? 1.0 : q;
		/* each a second older: the oldest out */
		for (a = w - 1; a > 1; a--) {
			c[a] = c[a - 1] * keep;
		}
		c[1] = 0;
	}
	return d;
}

/* Credit range r's retry backlog (kv->q[r] s of its RU/s, its value
   kv->own[r]'s writes at kv->rsat[r] bytes a second) served for up to
   s seconds: its value's bytes grow, *all and *total with them */
static void backlog_serve(struct rw_kvalue *kv, size_t r, double s, double *all,
			  double *total)
{
	const double d = fmin(kv->q[r], s);
	const double a = d * kv->rsat[r];

	if (!(d > 0)) {
		return;
	}
	kv->q[r] -= d;
	if (kv->own[r] < 0) {
		return; /* served already: only its seconds taken */
	}
	kv->vadd[kv->own[r]] += a;
	kv->held[r] += a;
	*all += a;
	*total += a;
}

/* Bucket j of a walked step of step_s seconds on range r, from *all
   stored: the other ranges' retry backlogs served in its seconds (their
   own values' writes: its range's RU/s serves retries before new
   requests, rule 12), its range's own served first and its value's
   requests waiting behind them; its value's bytes then, and the backlog
   its throttled requests leave of the client's window retry_s (at most:
   older ones fail after their retries); returns its value's bytes */
static double bucket_walk(struct rw_kvalue *kv, const struct rw_proj *p,
			  struct cand *c, size_t j, double step_s,
			  double retry_s, double bank0, double *all,
			  const struct slice *x, size_t n, struct bite *b,
			  double *del, double *part_k, double *total)
{
	const int k = kv->bslot[j];
	const size_t r = kv->range[k];
	const double len = kv->bpart[j] * step_s;
	double wait = 0, a, last, asked, over;
	size_t i;

	if (!(len > 0)) {
		return 0;
	}
	for (i = 0; retry_s > 0 && i < kv->nr; i++) {
		if (i != r) {
			backlog_serve(kv, i, len, all, total);
		}
	}
	if (retry_s > 0 && kv->q[r] > 0 && kv->own[r] != k) {
		wait = fmin(kv->q[r], len);
		backlog_serve(kv, r, wait, all, total);
	}
	a = bucket_add(kv, p, c, r, kv->bpart[j] * (len - wait) / len, bank0,
		       all, x, n, b, del, part_k, &last);
	kv->vadd[k] += a;
	*total += a;
	if (!(retry_s > 0)) {
		return a;
	}
	/* what it asked over what it was served at its end's share: the
	   part of each second the range falls behind */
	asked =
	    asked_at(p, c, r, share_of(kv->held[r], *all, 1.0), bank0, x, n);
	over = last > 0 && asked > last * (1.0 + 1e-9) ? asked / last - 1.0 : 0;
	if (over > 0) {
		kv->q[r] = drain_s(over, retry_s);
		kv->own[r] = k;
		kv->rsat[r] = last / step_s;
	}
	return a;
}

/* Whether the step whose nb buckets kv->bslot holds, adding add bytes,
   is walked (runway_kvalue_walk's rule; held: a range's RU/s held its
   writes back, retries: its clients retry them) */
static int walks(const struct rw_kvalue *kv, size_t nb, double add, int held,
		 int retries)
{
	size_t j;

	if (nb > PK_RW_KV_WALK || !(add > 0) ||
	    (add < PK_RW_KV_WALK_MOVE * (kv->all + add) &&
	     !(held && retries))) {
		return 0;
	}
	for (j = 0; j < nb; j++) {
		const int k = kv->bslot[j];

		if (k < 0 || (size_t)k >= kv->n_slots ||
		    kv->range[k] >= kv->nr) {
			return 0;
		}
	}
	return 1;
}

int runway_kvalue_walk(struct rw_kvalue *kv, const struct rw_proj *p,
		       struct cand *c, const struct rw_subhash *sub, int64_t w0,
		       int64_t w1, const double *at, const struct slice *x,
		       size_t n, double *add, struct bite *b, double *del,
		       double *part_k)
{
	const double bank0 = c->bank;
	double all, total = 0, retry_s;
	size_t nb, j;

	if (!kv->u ||
	    (nb = runway_subhash_edges(sub, w0, w1, kv->u)) > PK_RW_KV_WALK) {
		return 0;
	}
	for (j = 0; j < nb; j++) {
		/* the bucket's value: the key at its first second */
		kv->bslot[j] = runway_subhash_slot(
		    sub, w0 + llround(kv->u[j] * (double)(w1 - w0)));
		kv->bpart[j] = at ? at[j + 1] - at[j] : kv->u[j + 1] - kv->u[j];
	}
	/* retries that outlast a bucket are followed where its parts are
	   its seconds (at NULL) */
	retry_s = at ? 0 : c->retry_s;
	if (!walks(kv, nb, *add, b->held, retry_s > 0)) {
		memset(kv->q, 0, kv->nr * sizeof(*kv->q));
		return 0;
	}
	all = stored(kv, p, c);
	memset(kv->vadd, 0, kv->n_slots * sizeof(*kv->vadd));
	memset(b, 0, sizeof(*b));
	*del = 0;
	for (j = 0; part_k && j < p->ns; j++) {
		part_k[j] = 0;
	}
	for (j = 0; j < nb; j++) {
		bucket_walk(kv, p, c, j, (double)(w1 - w0), retry_s, bank0,
			    &all, x, n, b, del, part_k, &total);
	}
	/* the backlogs the step ends with: their bytes the step's (a value
	   of a later step is not stepped with this one's), their seconds
	   still taken from the next step's first buckets on their range */
	for (j = 0; j < kv->nr; j++) {
		const double q = kv->q[j];

		backlog_serve(kv, j, q, &all, &total);
		kv->q[j] = q;
		kv->own[j] = -1;
	}
	*add = total;
	return 1;
}

double runway_kvalue_when(const struct rw_kvalue *kv, double a, double *pace)
{
	size_t i;

	for (i = 0; i < kv->pieces; i++) {
		const double d = kv->cum[i + 1] - kv->cum[i];
		const double len = kv->end[i + 1] - kv->end[i];

		if (a <= kv->cum[i + 1] && d > 0 && len > 0) {
			*pace = d / len;
			return kv->end[i] + (a - kv->cum[i]) / d * len;
		}
	}
	*pace = 1.0;
	return a;
}

void runway_kvalue_free(struct rw_kvalue *kv)
{
	free(kv->range);
	free(kv->held);
	free(kv->radd);
	free(kv->t);
	free(kv->vadd);
	free(kv->u);
	free(kv->bpart);
	free(kv->bslot);
	free(kv->q);
	free(kv->rsat);
	free(kv->own);
	memset(kv, 0, sizeof(*kv));
}
