/*
 * runway_grow: what one logical partition of the projection stores over
 * a slice of a step when its range's RU/s bound its writes (runway.h,
 * throughput bounds growth): throughput buckets (rule 31), burst
 * capacity (rule 14), Low priority getting what High leaves (rule 30),
 * and the room time to live's deletions take (rule 28). runway_step.c
 * steps the candidates with it, hour by hour.
 */
#include <math.h>
#include <string.h>

#include "pksim/result/result.h"
#include "runway_int.h"

/* Burst capacity as the service layer models it (rule 14): a range
   below this RU/s earns credit, spent up to it in all ... */
#define PK_RW_BURST_PEAK 3000.0
/* ... and holds at most this many seconds of its RU/s */
#define PK_RW_BURST_SAVE_S 300.0
/* Cycles of a short stream a step walks one by one for burst credit */
#define PK_RW_BURST_CYCLES 16
/* Slices of a cycle whose deletions a steady cycle's repeat keeps */
#define PK_RW_STEADY_SLICES 256
/* runway_stored_shares: halving steps at most, and the largest move of
   a share that ends them (far below what a figure prints) */
#define PK_RW_SHARE_ROUNDS 200
#define PK_RW_SHARE_EPS 1e-13

/* Streams k of slice x in a throughput bucket (rule 31) that ask the
   range for more than the bucket's share of lim RU/s over the slice:
   their part f[k] of what they asked is what the share serves (streams
   in one bucket alike); f[k] = 1 for the rest. rk[k]: the RU stream k
   asks the range for. Returns the bucket that bit, 0 none. */
static int bucket_parts(const struct slice *x, size_t ns, const double *rk,
			double lim, double *f)
{
	int bit = 0;
	size_t k, j;

	for (k = 0; k < ns; k++) {
		f[k] = 1.0;
	}
	for (k = 0; k < ns; k++) {
		double asked = 0, room;

		if (x->bucket[k] == 0 || x->bucket_frac[k] >= 1.0 || lim <= 0) {
			continue;
		}
		for (j = 0; j < ns; j++) {
			asked += x->bucket[j] == x->bucket[k] ? rk[j] : 0;
		}
		room = x->bucket_frac[k] * lim * x->len;
		if (asked > room) {
			f[k] = room / asked;
			bit = x->bucket[k];
		}
	}
	return bit;
}

/* Burst capacity (rule 14) of a range whose own RU/s in force is share
   over len seconds in which its requests ask ru RU and lim x len are
   theirs: *bank, the credit it carries (RU), earns what the share leaves
   unused, at most PK_RW_BURST_SAVE_S of it, and is spent on top of
   lim up to PK_RW_BURST_PEAK RU/s in all; returns the RU the
   requests may use, lim x len and what the bank adds; *full set to 1
   when the bank reached its most and earned no more. Only a share
   below the peak earns (throttle.h settles the engine's credit alike),
   and only the part keep of the unused: time to live's deletions take
   the rest first (throttle_spend_unused). */
static double burst_room(double share, double lim, double len, double ru,
			 double keep, double *bank, int *full)
{
	const double peak = PK_RW_BURST_PEAK;
	double room = lim * len, extra;

	if (share <= 0 || share >= peak) {
		return room;
	}
	if (ru <= room) {
		*bank += share * len > ru ? keep * (share * len - ru) : 0;
		*full |= *bank > PK_RW_BURST_SAVE_S * share;
		*bank = fmin(*bank, PK_RW_BURST_SAVE_S * share);
		return room;
	}
	extra = fmin(*bank, lim < peak ? (peak - lim) * len : 0);
	*bank -= fmin(extra, ru - room);
	return room + extra;
}

/* The RU/s of lim that a range's requests, one stream's new items of
   x alone (no rewrite, delete or other request), can use a second when
   more are asked than fit: the service admits a request whole, only
   when its charge fits what the second has left (throttle.h, rule 12),
   so writes of q RU each use floor(lim / q) x q of it (15 creates/s of
   1 MB, 512 RU each, at 5,000 RU/s: 9 a second, 4,608 RU/s, not
   9.77); one larger than lim runs alone in an untouched second and
   leaves a debt of q - lim that the next seconds pay off with their
   lim (throttle.h's ASSUMPTION), so no write runs until ceil(q / lim)
   seconds have passed: one write every ceil(q / lim) seconds, q /
   ceil(q / lim) RU/s (1 MiB, 512 RU, at 400 RU/s: one every 2 s,
   256 RU/s, as a replay stores; not 400 / 512 = 0.78 a second). lim
   itself for anything else: mixed requests, and a
   fleet pool's lending, drawn request by request beyond the range's own
   RU/s (rule 40), and writes of drawn sizes: a second's last few fit
   what the larger ones leave (the throttle admits any request that
   fits, and the retries of those it refused come again), so they use
   lim at their mean charge a byte (runway_rates.c: 10 creates/s of
   normal(1.5 MB, 1 MB) on 5,882 RU/s store 12.04 MB/s, a replay 11.94,
   where 8 whole writes of the mean would store 11.17); ASSUMPTION: a
   transactional batch's items taken one by one. */
static double whole_writes(const struct pk_result_variant *v,
			   const struct slice *x, size_t ns, double other,
			   double lim)
{
	double q, n;

	if (ns != 1 || other > 0 || lim <= 0 || !(x->items[0] > 0) ||
	    v->spec->fleet.max_ru_per_s > 0 || !(x->ru[0] > 0) ||
	    x->rw_ops[0] > 0 || x->dels[0] > 0 || x->drawn[0]) {
		return lim;
	}
	q = x->ru[0] / x->items[0];
	n = floor(lim / q * (1.0 + 1e-12));
	if (n >= 1) {
		return n * q;
	}
	return q / ceil(q / lim * (1.0 - 1e-12));
}

/* What writes asking want[c] bytes and ru[c] RU of priority c (0 High,
   1 Low) store when the range serves room RU of them (rule 30 as
   throttle.h replays it: Low gets what High leaves, either all of it
   when the other asks nothing; ASSUMPTION: the requests of one priority
   get the same part of what they asked); kept[c]: the part of its
   writes each priority keeps */
static double priority_parts(const double *want, const double *ru, double room,
			     double *kept)
{
	if (ru[1] <= 0) {
		kept[0] = ru[0] > 0 ? room / ru[0] : 0;
		kept[1] = 0;
	} else if (ru[0] <= 0) {
		kept[0] = 0;
		kept[1] = room / ru[1];
	} else {
		kept[0] = ru[0] > room ? room / ru[0] : 1.0;
		kept[1] = ru[0] < room ? (room - ru[0]) / ru[1] : 0.0;
	}
	return want[0] * kept[0] + want[1] * kept[1];
}

/* Candidate c's range's part of stream k's keyed requests in slice x:
   its share of the stored items where the steps set it (cand.kv_share)
   or the slice keeps them (runway_stored_shares), else of the writes */
static double keyed_mass(const struct pk_result_variant *v,
			 const struct cand *c, const struct slice *x, size_t k)
{
	if (c->kv_on) {
		return c->kv_share;
	}
	if (x->kshare && k == 0 && c->g->range < v->n_ranges) {
		return x->kshare[c->g->range];
	}
	return c->range_mass[k];
}

/* The part of its requests range r serves in slice x (one stream) when
   it holds the share m of the new items and s of the stored ones */
static double served(const struct pk_result_variant *v, const struct slice *x,
		     size_t r, double m, double s)
{
	const double room =
	    runway_with_pool(v, runway_range_share(v, r) * x->ru_scale,
			     v->n_ranges) *
	    x->len;
	const double ask =
	    m * x->ru[0] + s * x->keyed[0] + x->spread[0] / (double)v->n_ranges;

	return ask > room ? room / ask : 1.0;
}

int runway_stored_shares(const struct pk_result_variant *v, const double *rmass,
			 const struct slice *x, double *s)
{
	const size_t nr = v->n_ranges;
	size_t r;
	int i, held = 0;

	if (nr < 2 || x->len <= 0 || x->keyed[0] <= 0) {
		return 0;
	}
	for (r = 0; r < nr; r++) {
		held |= served(v, x, r, rmass[r], rmass[r]) < 1.0;
	}
	if (!held) {
		return 0;
	}
	memcpy(s, rmass, nr * sizeof(*s));
	for (i = 0; i < PK_RW_SHARE_ROUNDS; i++) {
		double sum = 0, moved = 0;

		for (r = 0; r < nr; r++) {
			sum += rmass[r] * served(v, x, r, rmass[r], s[r]);
		}
		if (sum <= 0) {
			return 0;
		}
		for (r = 0; r < nr; r++) {
			/* half way to where the served writes put it: a
			   larger share asks more of its range, which then
			   serves less, so a whole step can swing past */
			double to =
			    0.5 *
			    (s[r] +
			     rmass[r] * served(v, x, r, rmass[r], s[r]) / sum);

			moved = fmax(moved, fabs(to - s[r]));
			s[r] = to;
		}
		if (moved < PK_RW_SHARE_EPS) {
			break;
		}
	}
	return 1;
}

/* What candidate c adds over the part w of slice x (ns streams, n_ranges
   ranges, n_pool of them drawing on a fleet pool): its share of each
   stream's bytes, capped by its range's RU/s in force there (its share
   at the end times the slice's ru_scale, with the pool's lending, and
   with burst on its range's burst credit, c->bank) over the slice when
   the range's requests (its share of the writes and of the keyed
   requests, an even share of the spread ones, and first the retries of
   what the slice before threw away: runway_spill.c) ask for more: then every
   request gets the same part of what it asked (ASSUMPTION: throttling
   falls on a range's requests alike, and what their retries achieve is
   the RU/s); a stream in a throughput bucket first held to the bucket's
   share of that RU/s (rule 31); *b says what bit. *del grows by the
   bytes of its expired items its range's unused RU/s could delete in
   the slice, at a write's charge (rule 28: time to live deletes with
   what requests leave; ASSUMPTION: a range's room shared by its logical
   partitions as their writes are). part[k] (NULL: not kept) grows by
   stream k's part of what it adds. */
double runway_slice_grow(const struct pk_result_variant *v, struct cand *c,
			 const struct slice *x, double w, double times,
			 size_t ns, double pooled, struct bite *b, double *del,
			 double *part)
{
	const double per_range = v->n_ranges ? 1.0 / (double)v->n_ranges : 1.0;
	const double len = x->len * w;
	double want = 0, ru = 0, other = 0, own_ru = 0, range_b = 0, room;
	double rk[PK_MAX_STREAMS], f[PK_MAX_STREAMS];
	double r_k[PK_MAX_STREAMS], asked_k[PK_MAX_STREAMS], r_ru, r_b;
	double want_c[2] = {0, 0}, ru_c[2] = {0, 0}; /* High, Low */
	double kept[2] = {1, 1};		     /* ... their parts kept */
	const double lim =
	    c->range_ru <= 0 ? 0
	    : pooled >= 0
		? pooled
		: runway_with_pool(v, c->range_ru * x->ru_scale, v->n_ranges);
	int bucket, client_here = 0, tabled = 0, pr;
	size_t k;

	for (k = 0; k < ns; k++) {
		rk[k] = c->range_mass[k] * x->ru[k] +
			keyed_mass(v, c, x, k) * x->keyed[k] +
			x->spread[k] * per_range + x->find[k] * c->find_share;
	}
	bucket = bucket_parts(x, ns, rk, lim, f);
	for (k = 0; k < ns; k++) {
		double ok = keyed_mass(v, c, x, k) * x->keyed[k] +
			    x->spread[k] * per_range +
			    x->find[k] * c->find_share;

		if (x->client[k] && c->mass[k] * x->bytes[k] > 0) {
			/* its own stream's client sent less than offered */
			b->client = x->client[k];
			b->client_stream = k;
			client_here = 1;
		}

		want_c[x->low[k] != 0] += f[k] * c->mass[k] * x->bytes[k] * w;
		own_ru += f[k] * c->mass[k] * x->ru[k] * w;
		range_b += f[k] * c->range_mass[k] * x->bytes[k] * w;
		ru_c[x->low[k] != 0] +=
		    f[k] * (c->range_mass[k] * x->ru[k] + ok) * w;
		ru += f[k] * c->range_mass[k] * x->ru[k] * w;
		other += f[k] * ok * w;
	}
	/* the retries of what the range threw away in the slice before,
	   sent first (runway_spill.c), at its writes' priority, in the
	   room this slice's own requests leave: where they fill it, the
	   retries take the place of as many of them */
	pr = want_c[1] > 0 && want_c[0] <= 0;
	r_ru = runway_spill_in(
	    c, len, times, lim,
	    lim > 0 ? whole_writes(v, x, ns, other, lim) * len - ru - other : 0,
	    &r_b, r_k);
	want_c[pr] += r_b;
	ru_c[pr] += r_ru;
	ru += r_ru;
	want = want_c[0] + want_c[1];
	ru += other;
	if (lim > 0 && ru < lim * len && own_ru > 0 && range_b > 0) {
		/* the room, its share of it, at its writes' RU a byte */
		*del += (lim * len - ru) * (want / range_b) / (own_ru / want);
	}
	room = c->burst && lim > 0
		   ? burst_room(c->range_ru * x->ru_scale, lim, len, ru,
				1.0 - c->del_q, &c->bank, &c->bank_piled)
		   : whole_writes(v, x, ns, other, lim) * len;
	if (v->table_write_cap > 0 && ru > 0) {
		/* a table's cap on every partition's writes together (an
		   on-demand quota, its provisioned units): when the table's
		   writes ask more, each gets the same part of it
		   (ASSUMPTION, as a range's requests do) */
		double tot = 0, g;

		for (k = 0; k < ns; k++) {
			tot += (x->ru[k] + x->keyed[k] + x->spread[k] +
				x->find[k]) *
			       w;
		}
		g = tot > 0 ? fmin(1.0, v->table_write_cap * len / tot) : 1.0;
		if (g * ru < room) {
			room = g * ru;
			tabled = 1;
		}
	}
	if (bucket) {
		b->held = 1;
		b->ru = lim;
		b->bucket = bucket;
		b->shared = other > 0;
		b->table = 0;
	}
	if (ru > 0 && ru > room) {
		const double asked = want;

		want = priority_parts(want_c, ru_c, room, kept);
		if (want < asked) {
			/* its writes were held back (High-priority ones
			   are not while they fit) */
			b->held = 1;
			b->ru = tabled ? v->table_write_cap : lim;
			b->table = tabled;
			b->bucket = 0;
			b->shared = other > 0;
			b->burst = c->burst && room > lim * len;
			b->low = want_c[1] > 0 && ru_c[0] > 0;
			if (client_here) {
				/* the range cut what the client sent: its
				   bound is the tighter, the client's does not
				   bind */
				b->client = 0;
			}
		}
	}
	for (k = 0; k < ns; k++) {
		asked_k[k] = f[k] * c->mass[k] * x->bytes[k] * w;
		if (part) {
			part[k] += asked_k[k] * kept[x->low[k] != 0] +
				   r_k[k] * kept[pr];
		}
		asked_k[k] += r_k[k];
	}
	runway_spill_out(c, len, times, ru, room, lim, asked_k, ns);
	return want;
}

/* The n slices x (part w of each) in order for candidate c, under burst
   credit those that stand for stretches taken in turn
   (runway_turns_end) turn by turn (runway_turns.c): returns what they
   add, adds their deletions to *del (each slice's into d[i] too while
   i < nd, a turn group's all in its first slice's) and their streams'
   parts to part (NULL: not kept) */
static double grow_in_order(const struct pk_result_variant *v, struct cand *c,
			    const struct slice *x, size_t n, size_t ns,
			    double w, const struct rw_pool *pool,
			    struct bite *b, double *del, double *d, size_t nd,
			    double *part)
{
	double add = 0;
	size_t i, j, e;

	for (i = 0; i < n; i = e) {
		double t = 0; /* slice_grow adds its deletions once */

		e = c->burst ? runway_turns_end(x, n, i) : i + 1;
		if (e - i > 1) {
			add += runway_turns_grow(v, c, x, i, e, w, ns, pool, b,
						 &t, part, NULL);
		} else {
			/* joined runs of seconds not taken in turn: their
			   credit banks and is spent as one */
			c->bank_lumped |= c->burst && x[i].runs > 1;
			add += runway_slice_grow(
			    v, c, &x[i], w, runway_slice_times(&x[i], w), ns,
			    runway_pool_lim(pool, i, c->g->range), b, &t, part);
		}
		*del += t;
		for (j = i; j < e && j < nd; j++) {
			d[j] = j == i ? t : 0;
		}
	}
	return add;
}

/* One cycle of the n slices x of a short stream (part w of each) for
   candidate c, as runway_cand_add walks it: returns what it adds, adds
   its deletions to *del (each slice's into d[i] too while i < nd) and
   its streams' parts to lastk (zeroed first). */
static double burst_cycle(const struct pk_result_variant *v, struct cand *c,
			  const struct slice *x, size_t n, size_t ns, double w,
			  const struct rw_pool *pool, struct bite *b,
			  double *del, double *d, size_t nd, double *lastk)
{
	memset(lastk, 0, sizeof(double) * PK_MAX_STREAMS);
	return grow_in_order(v, c, x, n, ns, w, pool, b, del, d, nd, lastk);
}

double runway_cand_add(const struct pk_result_variant *v, struct cand *c,
		       const struct slice *x, size_t n, size_t ns,
		       const struct rw_pool *pool, struct bite *b, double *del,
		       double *part)
{
	const double reps = c->burst && n && x[0].reps > 1 ? x[0].reps : 1;
	double add = 0, done = 0, last = 0, bank0 = c->bank, del0 = 0;
	double lastk[PK_MAX_STREAMS], d[PK_RW_STEADY_SLICES];
	int cycles = 0, steady = 0;
	size_t i, k;

	*del = c->range_ru > 0 ? 0 : HUGE_VAL;
	if (reps == 1) {
		return grow_in_order(v, c, x, n, ns, 1.0, pool, b, del, d, 0,
				     part);
	}
	while (done < reps && cycles < PK_RW_BURST_CYCLES) {
		const double one = fmin(1.0, reps - done);

		bank0 = c->bank;
		del0 = *del;
		if (steady && one == 1.0) {
			/* a whole cycle that starts with the credit the last
			   one started and ended with: slice_grow, given the
			   same inputs, gives the same figures again */
			for (i = 0; i < n; i++) {
				*del += d[i];
			}
		} else {
			last = burst_cycle(v, c, x, n, ns, one / reps, pool, b,
					   del, d, PK_RW_STEADY_SLICES, lastk);
			steady = one == 1.0 && n <= PK_RW_STEADY_SLICES &&
				 c->bank == bank0;
			/* past the first cycle a step walks, a cycle ends
			   with its start's credit or less unless its bursts
			   left some of what it banked unspent */
			c->bank_piled |= cycles > 0 && one == 1.0 &&
					 c->bank > bank0 * (1.0 + 1e-9);
		}
		add += last;
		for (k = 0; part && k < ns; k++) {
			part[k] += lastk[k];
		}
		done += one;
		cycles++;
	}
	if (done < reps) {
		const double more = reps - done;

		add += last * more;
		*del += (*del - del0) * more;
		for (k = 0; part && k < ns; k++) {
			part[k] += lastk[k] * more;
		}
		c->bank = fmax(0.0, c->bank + (c->bank - bank0) * more);
		c->bank_piled |=
		    c->bank > PK_RW_BURST_SAVE_S * c->range_ru * x[0].ru_scale;
		c->bank = fmin(c->bank, PK_RW_BURST_SAVE_S * c->range_ru *
					    x[0].ru_scale);
	}
	return add;
}

/* What each of a step's n slices adds to c starting from bank, in
   order, into add[] (their sum *all, their length *span): 0 when there
   are more slices than add[] holds or nothing is added or no time
   passes, 1 otherwise */
static int step_adds(const struct pk_result_variant *v, const struct cand *c,
		     double bank, const struct slice *x, size_t n, size_t ns,
		     double *add, double *all, double *span)
{
	const struct rw_pool none = {0, 0, NULL, NULL};
	struct cand cc = *c; /* cand_add spends its burst credit: a copy's */
	size_t i, j, e;

	cc.bank = bank;
	*all = *span = 0;
	for (i = 0; i < n && i < PK_MAX_STREAMS * PK_RW_STRETCHES + 1; i = e) {
		struct bite b = {0, 0, 0, 0, 0, 0, 0, 0, 0};
		double d = 0;

		/* under burst credit, turns of stretches taken in turn
		   as runway_cand_add takes them */
		e = cc.burst ? runway_turns_end(x, n, i) : i + 1;
		if (e - i > 1) {
			memset(&add[i], 0, (e - i) * sizeof(*add));
			runway_turns_grow(v, &cc, x, i, e, 1.0, ns, &none, &b,
					  &d, NULL, &add[i]);
		} else {
			add[i] = runway_cand_add(v, &cc, &x[i], 1, ns, &none,
						 &b, &d, NULL);
		}
		for (j = i; j < e; j++) {
			*all += add[j];
			*span += x[j].len;
		}
	}
	return i == n && *all > 0 && *span > 0;
}

double runway_step_part(const struct pk_result_variant *v, const struct cand *c,
			double bank, const struct slice *x, size_t n, size_t ns,
			double a, double *pace)
{
	const double reps = n && x[0].reps > 1 ? x[0].reps : 1;
	double add[PK_MAX_STREAMS * PK_RW_STRETCHES + 1];
	double all, span, left, t, m;
	size_t i, j, e;

	*pace = 1.0;
	if (!step_adds(v, c, bank, x, n, ns, add, &all, &span)) {
		return a;
	}
	/* whole cycles first, then the cycle's slices in order, slices
	   joined turn by turn (runway_turns_end) a whole turn first */
	left = a * all;
	m = floor(left / (all / reps));
	m = m < reps ? m : floor(reps);
	t = m * span / reps;
	left -= m * all / reps;
	for (i = 0; i < n; i = e) {
		double ga = 0, gl = 0, turns, k;

		e = runway_turns_end(x, n, i);
		turns = e - i > 1 ? x[i].runs : 1.0;
		for (j = i; j < e; j++) {
			ga += add[j] / reps;
			gl += x[j].len / reps;
		}
		if (!(left <= ga)) {
			left -= ga;
			t += gl;
			continue;
		}
		k = ga > 0 ? fmin(floor(left / (ga / turns)), turns - 1) : 0;
		t += k * gl / turns;
		left -= k * ga / turns;
		for (j = i; j < e; j++) {
			const double ai = add[j] / reps / turns,
				     li = x[j].len / reps / turns;

			if (left <= ai || j + 1 == e) {
				t += ai > 0 ? fmin(left, ai) / ai * li : 0;
				/* the rate then, unless a short cycle
				   repeats: its mean is the rate */
				*pace = li > 0 && m == 0
					    ? ai / li / (all / span)
					    : 1.0;
				break;
			}
			left -= ai;
			t += li;
		}
		break;
	}
	return fmin(1.0, fmax(0.0, t / span));
}

/* The part of all that add[] (each of the n slices x's, a cycle of
   span repeated reps times) has added by part u of span */
static double added_by(const double *add, double all, double span, double reps,
		       const struct slice *x, size_t n, double u)
{
	double left, got, m;
	size_t i, j, e;

	/* whole cycles first, then the cycle's slices in order, slices
	   joined turn by turn (runway_turns_end) a whole turn first */
	left = u * span;
	m = floor(left / (span / reps));
	m = m < reps ? m : floor(reps);
	got = m * all / reps;
	left -= m * span / reps;
	for (i = 0; i < n; i = e) {
		double ga = 0, gl = 0, turns, k;

		e = runway_turns_end(x, n, i);
		turns = e - i > 1 ? x[i].runs : 1.0;
		for (j = i; j < e; j++) {
			ga += add[j] / reps;
			gl += x[j].len / reps;
		}
		if (!(left <= gl)) {
			left -= gl;
			got += ga;
			continue;
		}
		k = gl > 0 ? fmin(floor(left / (gl / turns)), turns - 1) : 0;
		got += k * ga / turns;
		left -= k * gl / turns;
		for (j = i; j < e; j++) {
			const double ai = add[j] / reps / turns,
				     li = x[j].len / reps / turns;

			if (left <= li || j + 1 == e) {
				got += li > 0 ? fmin(left, li) / li * ai : 0;
				break;
			}
			left -= li;
			got += ai;
		}
		break;
	}
	return fmin(1.0, fmax(0.0, got / all));
}

double runway_step_added(const struct pk_result_variant *v,
			 const struct cand *c, double bank,
			 const struct slice *x, size_t n, size_t ns, double u)
{
	double out;

	runway_step_added_at(v, c, bank, x, n, ns, &u, 1, &out);
	return out;
}

void runway_step_added_at(const struct pk_result_variant *v,
			  const struct cand *c, double bank,
			  const struct slice *x, size_t n, size_t ns,
			  const double *u, size_t nu, double *out)
{
	const double reps = n && x[0].reps > 1 ? x[0].reps : 1;
	double add[PK_MAX_STREAMS * PK_RW_STRETCHES + 1];
	double all, span;
	size_t k;

	if (!step_adds(v, c, bank, x, n, ns, add, &all, &span)) {
		memcpy(out, u, nu * sizeof(*out));
		return;
	}
	for (k = 0; k < nu; k++) {
		out[k] = added_by(add, all, span, reps, x, n, u[k]);
	}
}

double runway_deletions_first(const struct pk_result_variant *v, struct cand *c,
			      const struct slice *x, size_t n, size_t ns,
			      const struct rw_pool *pool,
			      const struct rw_classes *cl, int64_t h, double t1,
			      int64_t off)
{
	struct cand dry = *c;
	struct bite b;
	double can = 0, gone, part[PK_MAX_STREAMS] = {0},
	       first[PK_MAX_STREAMS] = {0};
	size_t k;

	memset(&b, 0, sizeof(b));
	dry.burst = 0;
	runway_cand_add(v, &dry, x, n, ns, pool, &b, &can, part);
	if (!(can > 0) || can == HUGE_VAL) {
		return 0;
	}
	for (k = 0; k < ns; k++) {
		first[cl->of[k]] += part[k];
	}
	gone = runway_store_pending(&c->held, cl, h, first, t1, off);
	return gone > 0 ? fmin(1.0, gone / can) : 0;
}

double runway_cycle_backlog(const struct pk_result_variant *v,
			    const struct rstream *st, const struct cand *c,
			    const struct rw_pool *pool, double scale,
			    double live)
{
	double add[PK_RW_CYCLE_STRETCHES], del[PK_RW_CYCLE_STRETCHES];
	double len[PK_RW_CYCLE_STRETCHES], all = 0, span = 0, most = 0;
	size_t i, j, n = st->n_once;
	struct cand cc = *c; /* cand_add keeps its burst credit: a copy's */

	for (i = 0; i < n; i++) {
		struct slice x;
		struct bite b = {0, 0, 0, 0, 0, 0, 0, 0, 0};

		memset(&x, 0, sizeof(x));
		x.len = st->once[i].len * scale;
		x.ru_scale = st->once[i].ru_scale;
		x.bytes[0] = st->once[i].bytes;
		x.ru[0] = st->once[i].ru;
		x.keyed[0] = st->once[i].keyed;
		x.spread[0] = st->once[i].spread;
		x.find[0] = st->once[i].find;
		x.bucket[0] = st->once[i].bucket;
		x.bucket_frac[0] = st->once[i].bucket_frac;
		x.low[0] = st->once[i].low;
		add[i] =
		    runway_cand_add(v, &cc, &x, 1, 1, pool, &b, &del[i], NULL);
		len[i] = x.len;
		all += add[i];
		span += len[i];
	}
	for (i = 0; i < n && span > 0; i++) {
		double run = 0;

		for (j = 0; j < n; j++) {
			size_t k = (i + j) % n;

			run += all / span * len[k] * live - del[k];
			if (run <= 0) {
				break;
			}
			most = run > most ? run : most;
		}
	}
	return most;
}
