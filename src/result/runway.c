/*
 * runway: days to full projected from the workload, not extrapolated
 * from the run (include/pksim/result/runway.h has the rules). Two
 * builders: this file's for generated items (rates from the schedules,
 * runway_rates.c, stepped hourly over the horizon, with each value's
 * share from runway_shares.c) and runway_data.c's for a data file (every record
 * at its own time, grouped by key). Memory is transient: the key values seen
 * (an entry per logical partition when the snapshot maps values to them, else a
 * table of keys), chosen from as they come (runway_pick.c), then at most 2 x
 * PK_RUNWAY_CANDIDATES partitions stepped.
 */
#include "pksim/result/runway.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"
#include "pksim/result/result.h"
#include "pksim/service/snapshot.h"
#include "pksim/workload/workload.h"
#include "result_int.h"
#include "runway_int.h"

/* Bucket texts a key's time parts take at most in one projection (a
   day of the year's 366; more say the key changes faster than a step) */
#define PK_RW_MAX_SLOTS 1024
/* Burst capacity as the service layer models it (rule 14): a range
   below this RU/s earns credit, spent up to it in all ... */
#define PK_RW_BURST_PEAK 3000.0
/* ... and holds at most this many seconds of its RU/s */
#define PK_RW_BURST_SAVE_S 300.0
/* Cycles of a short stream a step walks one by one for burst credit */
#define PK_RW_BURST_CYCLES 16

/* What held a candidate back in a step: held set when a cap bit, ru the
   RU/s of the last slice it bit in, shared when other requests were in
   that RU/s */
struct bite {
	int held, shared;
	double ru;
	int bucket; /* the throughput bucket whose share bit, 0 none */
	int burst;  /* the range's burst credit was in what bit */
	int client; /* what of a stream's client held it back (a
		       pk_runway_client), 0 none */
	size_t client_stream; /* ... that stream */
	int low; /* Low-priority writes got what High-priority requests left
		    (rule 30) */
};

/* A logical partition stepped */
struct cand {
	struct group *g;
	double mass[PK_MAX_STREAMS];	   /* its share of each stream's */
	double range_mass[PK_MAX_STREAMS]; /* its range's, of each stream's */
	double range_ru;      /* its range's share of the RU/s at the end of
				 the run, before a fleet pool */
	struct rw_store held; /* what it holds of each class of items */
	double items;	      /* ... of its new items so far (rewrites
				 at another size: runway_rewritten) */
	double rate;	      /* its last step's growth, B/s */
	double written;	      /* what its last step wrote, B/s */
	struct bite bit;      /* what held it back last, in any step so far */
	int client;	      /* what of a stream's client held it back in any
				 step so far (pk_runway_client), 0 none */
	size_t client_stream; /* ... that stream */
	int burst;	      /* 1: its range has burst capacity (rule 14) */
	double bank;	      /* ... its burst credit so far, RU */
	double del_q; /* TTL: the part of its range's unused RU/s the step's
			 deletions take (rule 28), which the bank does not
			 earn */
};

/* ---- shared ---- */

void runway_set_who(const struct pk_result_variant *v, const unsigned char *id,
		    size_t len, struct pk_runway *rw)
{
	result_key_text(v, id, len, rw->who, sizeof(rw->who));
}

/* Index in v->ranges of the range holding epk (ranges in key order) */
size_t runway_range_of(const struct pk_result_variant *v,
		       const struct pk_epk *e)
{
	size_t lo = 0, hi = v->n_ranges;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (epk_cmp(&v->ranges[mid].min, e) <= 0) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	return v->n_ranges ? lo : SIZE_MAX;
}

double runway_range_share(const struct pk_result_variant *v, size_t r)
{
	if (r == SIZE_MAX || r >= v->n_ranges) {
		return v->n_ranges ? (double)v->ru_per_s / (double)v->n_ranges
				   : (double)v->ru_per_s;
	}
	return (double)v->ranges[r].ru_per_s_mru / 1000.0;
}

struct group *runway_group_get(struct group **tab, const unsigned char *id,
			       size_t len, int *fresh)
{
	struct group *g;

	HASH_FIND(hh, *tab, id, len, g);
	*fresh = g == NULL;
	if (!g) {
		g = xcalloc(1, sizeof(*g));
		g->key = xmalloc(len ? len : 1);
		memcpy(g->key, id, len);
		g->key_len = len;
		g->range = SIZE_MAX;
		g->value = UINT64_MAX;
		g->first_ms = -1;
		g->cross_ms = -1;
		HASH_ADD_KEYPTR(hh, *tab, g->key, g->key_len, g);
	}
	return g;
}

void runway_groups_free(struct group **tab)
{
	struct group *g, *tmp;

	HASH_ITER(hh, *tab, g, tmp)
	{
		HASH_DEL(*tab, g);
		free(g->smass);
		free(g->key);
		free(g);
	}
}

/* ---- generated items: the rates ---- */
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
   requests may use, lim x len and what the bank adds. Only a share
   below the peak earns (throttle.h settles the engine's credit alike),
   and only the part keep of the unused: time to live's deletions take
   the rest first (throttle_spend_unused). */
static double burst_room(double share, double lim, double len, double ru,
			 double keep, double *bank)
{
	const double peak = PK_RW_BURST_PEAK;
	double room = lim * len, extra;

	if (share <= 0 || share >= peak) {
		return room;
	}
	if (ru <= room) {
		*bank += share * len > ru ? keep * (share * len - ru) : 0;
		*bank = fmin(*bank, PK_RW_BURST_SAVE_S * share);
		return room;
	}
	extra = fmin(*bank, lim < peak ? (peak - lim) * len : 0);
	*bank -= fmin(extra, ru - room);
	return room + extra;
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

/* What candidate c adds over the part w of slice x (ns streams, n_ranges
   ranges, n_pool of them drawing on a fleet pool): its share of each
   stream's bytes, capped by its range's RU/s in force there (its share
   at the end times the slice's ru_scale, with the pool's lending, and
   with burst on its range's burst credit, c->bank) over the slice when
   the range's requests (its share of the writes and of the keyed
   requests, an even share of the spread ones) ask for more: then every
   request gets the same part of what it asked (ASSUMPTION: throttling
   falls on a range's requests alike, and what their retries achieve is
   the RU/s); a stream in a throughput bucket first held to the bucket's
   share of that RU/s (rule 31); *b says what bit. *del grows by the
   bytes of its expired items its range's unused RU/s could delete in
   the slice, at a write's charge (rule 28: time to live deletes with
   what requests leave; ASSUMPTION: a range's room shared by its logical
   partitions as their writes are). part[k] (NULL: not kept) grows by
   stream k's part of what it adds. */
static double slice_grow(const struct pk_result_variant *v, struct cand *c,
			 const struct slice *x, double w, size_t ns,
			 double pooled, struct bite *b, double *del,
			 double *part)
{
	const double per_range = v->n_ranges ? 1.0 / (double)v->n_ranges : 1.0;
	const double len = x->len * w;
	double want = 0, ru = 0, other = 0, own_ru = 0, range_b = 0, room;
	double rk[PK_MAX_STREAMS], f[PK_MAX_STREAMS];
	double want_c[2] = {0, 0}, ru_c[2] = {0, 0}; /* High, Low */
	double kept[2] = {1, 1};		     /* ... their parts kept */
	const double lim =
	    c->range_ru <= 0 ? 0
	    : pooled >= 0
		? pooled
		: runway_with_pool(v, c->range_ru * x->ru_scale, v->n_ranges);
	int bucket;
	size_t k;

	for (k = 0; k < ns; k++) {
		rk[k] = c->range_mass[k] * (x->ru[k] + x->keyed[k]) +
			x->spread[k] * per_range;
	}
	bucket = bucket_parts(x, ns, rk, lim, f);
	for (k = 0; k < ns; k++) {
		double ok =
		    c->range_mass[k] * x->keyed[k] + x->spread[k] * per_range;

		if (x->client[k] && c->mass[k] * x->bytes[k] > 0) {
			/* its own stream's client sent less than offered */
			b->client = x->client[k];
			b->client_stream = k;
		}

		want_c[x->low[k] != 0] += f[k] * c->mass[k] * x->bytes[k] * w;
		own_ru += f[k] * c->mass[k] * x->ru[k] * w;
		range_b += f[k] * c->range_mass[k] * x->bytes[k] * w;
		ru_c[x->low[k] != 0] +=
		    f[k] * (c->range_mass[k] * x->ru[k] + ok) * w;
		ru += f[k] * c->range_mass[k] * x->ru[k] * w;
		other += f[k] * ok * w;
	}
	want = want_c[0] + want_c[1];
	ru += other;
	if (lim > 0 && ru < lim * len && own_ru > 0 && range_b > 0) {
		/* the room, its share of it, at its writes' RU a byte */
		*del += (lim * len - ru) * (want / range_b) / (own_ru / want);
	}
	room = c->burst && lim > 0
		   ? burst_room(c->range_ru * x->ru_scale, lim, len, ru,
				1.0 - c->del_q, &c->bank)
		   : lim * len;
	if (bucket) {
		b->held = 1;
		b->ru = lim;
		b->bucket = bucket;
		b->shared = other > 0;
	}
	if (ru > 0 && ru > room) {
		const double asked = want;

		want = priority_parts(want_c, ru_c, room, kept);
		if (want < asked) {
			/* its writes were held back (High-priority ones
			   are not while they fit) */
			b->held = 1;
			b->ru = lim;
			b->bucket = 0;
			b->shared = other > 0;
			b->burst = c->burst && room > lim * len;
			b->low = want_c[1] > 0 && ru_c[0] > 0;
		}
	}
	for (k = 0; part && k < ns; k++) {
		part[k] +=
		    f[k] * c->mass[k] * x->bytes[k] * w * kept[x->low[k] != 0];
	}
	return want;
}

/* What candidate c adds over slices x[0..n) (slice_grow each, in
   order); *del: the bytes time to live could delete in them, HUGE_VAL
   when the range's RU/s is not known. With burst credit (c->burst) the
   slices of one short cycle repeated (x[0].reps > 1) are stepped a cycle
   at a time, the credit carried from one to the next, at most
   PK_RW_BURST_CYCLES of them; the rest repeat the last cycle's growth,
   deletions and credit change (ASSUMPTION: by then the credit is steady
   or nearly so). part[k] (NULL: not kept) grows by stream k's part of
   it. */
static double cand_add(const struct pk_result_variant *v, struct cand *c,
		       const struct slice *x, size_t n, size_t ns,
		       const struct rw_pool *pool, struct bite *b, double *del,
		       double *part)
{
	const double reps = c->burst && n && x[0].reps > 1 ? x[0].reps : 1;
	double add = 0, done = 0, last = 0, bank0 = c->bank, del0 = 0;
	double lastk[PK_MAX_STREAMS];
	int cycles = 0;
	size_t i, k;

	*del = c->range_ru > 0 ? 0 : HUGE_VAL;
	if (reps == 1) {
		for (i = 0; i < n; i++) {
			add += slice_grow(v, c, &x[i], 1.0, ns,
					  runway_pool_lim(pool, i, c->g->range),
					  b, del, part);
		}
		return add;
	}
	while (done < reps && cycles < PK_RW_BURST_CYCLES) {
		const double one = fmin(1.0, reps - done);

		bank0 = c->bank;
		del0 = *del;
		last = 0;
		memset(lastk, 0, sizeof(lastk));
		for (i = 0; i < n; i++) {
			last +=
			    slice_grow(v, c, &x[i], one / reps, ns,
				       runway_pool_lim(pool, i, c->g->range), b,
				       del, lastk);
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
		c->bank = fmin(c->bank, PK_RW_BURST_SAVE_S * c->range_ru *
					    x[0].ru_scale);
	}
	return add;
}

/* The part of the unused RU/s of candidate c's range that time to live's
   deletions take in step h (ending at t1) of slices x[0..n): the bytes
   expired by t1 and not yet deleted over what the range's unused RU/s
   could delete in the step, at most 1 (rule 28: deletions use what
   requests leave; rule 14: only capacity left unused is banked;
   ASSUMPTION: deletions first, as the replay takes them,
   throttle_spend_unused). The step's writes are taken as the last
   step's (the first step's without burst credit), each class's
   (runway_store_pending). */
static double deletions_first(const struct pk_result_variant *v, struct cand *c,
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
	cand_add(v, &dry, x, n, ns, pool, &b, &can, part);
	if (!(can > 0) || can == HUGE_VAL) {
		return 0;
	}
	for (k = 0; k < ns; k++) {
		first[cl->of[k]] += part[k];
	}
	gone = runway_store_pending(&c->held, cl, h, first, t1, off);
	return gone > 0 ? fmin(1.0, gone / can) : 0;
}

/* The most expired bytes candidate c's range leaves undeleted within
   one cycle of stream st (one stream, a cycle shorter than a step, its
   first cycle's stretches st->once): the projection steps such a cycle
   at its mean, so a phase whose RU/s leave too little room to delete
   what expires piles up a backlog that a roomier one clears later in
   the cycle. Expiries taken at the cycle's mean write rate (ASSUMPTION:
   steady over the cycle); the most a run of stretches, cyclically,
   leaves behind; bytes. */
static double cycle_backlog(const struct pk_result_variant *v,
			    const struct rstream *st, const struct cand *c,
			    const struct rw_pool *pool, double scale)
{
	double add[PK_RW_CYCLE_STRETCHES], del[PK_RW_CYCLE_STRETCHES];
	double len[PK_RW_CYCLE_STRETCHES], all = 0, span = 0, most = 0;
	size_t i, j, n = st->n_once;
	struct cand cc = *c; /* cand_add keeps its burst credit: a copy's */

	for (i = 0; i < n; i++) {
		struct slice x;
		struct bite b = {0, 0, 0, 0, 0, 0, 0, 0};

		memset(&x, 0, sizeof(x));
		x.len = st->once[i].len * scale;
		x.ru_scale = st->once[i].ru_scale;
		x.bytes[0] = st->once[i].bytes;
		x.ru[0] = st->once[i].ru;
		x.keyed[0] = st->once[i].keyed;
		x.spread[0] = st->once[i].spread;
		x.bucket[0] = st->once[i].bucket;
		x.bucket_frac[0] = st->once[i].bucket_frac;
		x.low[0] = st->once[i].low;
		add[i] = cand_add(v, &cc, &x, 1, 1, pool, &b, &del[i], NULL);
		len[i] = x.len;
		all += add[i];
		span += len[i];
	}
	for (i = 0; i < n && span > 0; i++) {
		double run = 0;

		for (j = 0; j < n; j++) {
			size_t k = (i + j) % n;

			run += all / span * len[k] - del[k];
			if (run <= 0) {
				break;
			}
			most = run > most ? run : most;
		}
	}
	return most;
}

/* Whether a phase of sc sends transactional batches */
static int sends_batches(const struct pk_scenario *sc)
{
	size_t i;

	for (i = 0; i < sc->n_phases; i++) {
		if (sc->phases[i].mix[PK_OP_BATCH] > 0) {
			return 1;
		}
	}
	return 0;
}

/* Slot of bucket text in the table (texts, *n used); -1 when full */
static int slot_of(char (*texts)[64], size_t *n, const char *text)
{
	size_t i;

	for (i = 0; i < *n; i++) {
		if (strcmp(texts[i], text) == 0) {
			return (int)i;
		}
	}
	if (*n >= PK_RW_MAX_SLOTS) {
		return -1;
	}
	snprintf(texts[*n], 64, "%.63s", text);
	return (int)(*n)++;
}

/* The share of the values no item of the run drew (each stream's, when
   kept per stream) added to the ranges' evenly (ASSUMPTION: their hashes
   spread over the key space), so the writes a range's RU/s serves count
   them too; shares from the run (share_from_run) sum to 1 already */
static void unseen_spread(struct rw_pick *p)
{
	const size_t nr = p->n_ranges ? p->n_ranges : 1;
	const size_t ns = p->range_smass ? p->n_streams : 1;
	size_t r, k;

	for (k = 0; k < ns; k++) {
		double *m = p->range_smass ? p->range_smass : p->range_mass;
		size_t step = p->range_smass ? ns : 1,
		       off = p->range_smass ? k : 0;
		double sum = 0, left;

		for (r = 0; r <= p->n_ranges; r++) {
			sum += m[r * step + off];
		}
		left = 1.0 - sum;
		if (left <= 0 || sum <= 0) {
			continue;
		}
		for (r = 0; r < nr; r++) {
			m[r * step + off] += left / (double)nr;
		}
	}
}

void runway_from_rates(const struct pk_snapshot *s,
		       const struct pk_scenario *sc,
		       const struct pk_workload *w, struct pk_result_variant *v,
		       struct pk_runway *rw)
{
	const double cap = (double)v->spec->lp_storage_bytes;
	const struct pk_time_bucket *bk = &rw->bucket;
	/* real seconds a simulated one stands for (`time_scale:`): the
	   projection steps in real time */
	const double scale = sc->time_scale > 0 ? sc->time_scale : 1.0;
	const double factor =
	    v->spec->index_factor > 0 ? v->spec->index_factor : 1.0;
	struct refinfo refs[PK_QUERY_KEY_REFS];
	struct group *tab = NULL, *g, *tmp, *picked;
	struct rw_pick pick;
	struct rstream *st;
	struct cand *c;
	char(*texts)[64] = NULL;
	size_t n_texts = 0, n_c = 0, i, j;
	struct rw_pool pool_ru;
	double spread, each = 0;
	int whole_unique, by_dist, from_values, time_key = bk->len_s > 0;
	int rewrites_resize;
	int64_t h, steps = PK_RUNWAY_HORIZON_S / PK_RUNWAY_STEP_S + 1,
		   longest = 0;
	const size_t ns = sc->n_streams;
	struct stretch(*x)[PK_RW_STRETCHES];
	struct slice *xs;
	size_t nxs[PK_MAX_STREAMS];
	double weight[PK_MAX_STREAMS];
	double largest = 0;
	char prev_text[PK_RW_TEXT] = "";
	struct rw_text memo;
	struct rw_key key;
	/* streams the run's window gave no item, drawn apart */
	struct pk_workload *apart[PK_MAX_STREAMS] = {0};
	struct pk_scenario *moved = NULL;
	struct rw_classes cl;
	int *step_slot = NULL;
	double add_c[PK_MAX_STREAMS];

	rw->basis = PK_RUNWAY_RATES;
	rw->time_scale = scale;
	if (ns == 0 || ns > PK_MAX_STREAMS) {
		rw->kind = PK_RUNWAY_NEVER;
		return;
	}
	by_dist = runway_key_refs(v, sc, w, refs, &spread, &whole_unique);
	for (i = 0; i < sc->n_phases; i++) {
		double l = runway_largest_size(&sc->phases[i].item_size);

		largest = l > largest ? l : largest;
	}
	largest *= factor; /* stored with the index */
	if (by_dist && whole_unique) {
		rw->kind = PK_RUNWAY_IDS;
		rw->ids = 1;
		rw->bound_bytes = largest;
		return;
	}
	if (!time_key && v->preload_items > 0) {
		each = (double)v->preload_bytes / (double)v->preload_items;
	}
	st = xcalloc(ns, sizeof(*st));
	runway_streams_init(v, sc, factor, st);
	runway_streams_weigh(st, ns, weight);
	if (runway_classes(v, sc, factor, weight, &cl, rw)) {
		runway_streams_free(st, ns);
		return;
	}
	rw->ttl_s = (int64_t)llround(cl.mean_s);
	rw->ttl_mixed = cl.mixed;
	/* rewrites at another size resize what a partition holds when its
	   items are one class that neither expires nor is pooled (an id
	   pool's bound takes the largest item) */
	rewrites_resize =
	    !time_key && !cl.ttl && cl.n == 1 && cl.c[0].pool.n == 0;
	runway_pick_init(&pick, v->n_ranges, ns);
	moved = ns > 1 ? xcalloc(ns, sizeof(*moved)) : NULL;
	/* the snapshot maps a value to its logical partition when a point
	   write reaches it, never a batch: a workload that sends batches
	   takes its groups from the distributions */
	from_values =
	    by_dist && ns == 1 && !rw->drawn_apart && !sends_batches(sc) &&
	    runway_groups_from_values(s, v, sc, refs, spread, each, &pick);
	if (!from_values) {
		if (by_dist) {
			runway_groups_from_dists(v, sc, w, refs, spread, weight,
						 sc->clock_start_s, -1, &tab);
			if (ns > 1 &&
			    runway_groups_apart(v, sc, w, refs, spread, weight,
						&tab, apart, moved) > 0 &&
			    !rw->drawn_apart) {
				rw->drawn_apart = 2;
			}
		} else {
			runway_groups_from_run(s, v, &tab);
			rw->share_from_run = 1;
		}
		if (each > 0) {
			runway_preload_start(s, v, &tab);
		}
		HASH_ITER(hh, tab, g, tmp)
		{
			runway_pick_add(&pick, g);
		}
	}
	if (pick.n_groups == 0) {
		rw->kind = workload_items(w) == 0 && runway_writes(sc)
			       ? PK_RUNWAY_NO_WRITES
			       : PK_RUNWAY_NEVER;
		runway_pick_free(&pick);
		runway_groups_free(&tab);
		runway_streams_free(st, ns);
		runway_apart_free(apart, moved, ns);
		return;
	}
	picked = xcalloc(2 * PK_RUNWAY_CANDIDATES, sizeof(*picked));
	n_c = runway_pick_done(&pick, picked);
	if (from_values) {
		runway_exact_mass(sc, refs, spread, picked, n_c);
	}
	if (!time_key) {
		unseen_spread(&pick);
	}
	c = xcalloc(2 * PK_RUNWAY_CANDIDATES, sizeof(*c));
	for (i = 0; i < n_c; i++) {
		size_t r = picked[i].range < v->n_ranges ? picked[i].range
							 : v->n_ranges;

		c[i].g = &picked[i];
		for (j = 0; j < ns; j++) {
			c[i].mass[j] =
			    c[i].g->smass ? c[i].g->smass[j] : c[i].g->mass;
			/* a time key's other values wait for their time */
			c[i].range_mass[j] = time_key ? c[i].mass[j]
					     : pick.range_smass && c[i].g->smass
						 ? pick.range_smass[r * ns + j]
						 : pick.range_mass[r];
		}
		c[i].range_ru = runway_range_share(v, c[i].g->range);
		c[i].burst = v->spec->burst && !v->spec->serverless;
		runway_store_init(&c[i].held, &cl, steps,
				  time_key ? PK_RW_MAX_SLOTS : 1);
	}
	runway_pool_init(&pool_ru, v, &pick, ns);
	runway_pick_free(&pick);
	for (i = 0; i < sc->n_streams; i++) {
		st[i].scale = scale;
	}
	for (i = 0; i < sc->n_streams; i++) {
		longest = st[i].cycle_s > longest ? st[i].cycle_s : longest;
	}
	rw->span_s = (double)longest * scale;
	if (time_key) {
		texts = xcalloc(PK_RW_MAX_SLOTS, sizeof(*texts));
		step_slot = xcalloc((size_t)steps, sizeof(*step_slot));
		runway_text_init(&memo, v, sc);
	}
	x = xcalloc(ns, sizeof(*x));
	xs = xcalloc(ns * PK_RW_STRETCHES + 1, sizeof(*xs));
	{
		struct cand *first = NULL;
		double first_t = HUGE_VAL, level = 0;
		struct cand *level_c = NULL; /* who holds level */
		double level_written = 0;    /* ... written then, B/s */
		int first_slot = -1, ring = 0;
		struct rw_rewrites rr = {0, 0, 0, {0}, {0}};

		/* steps end on the clock's whole hours (a daily curve's,
		   a bucket's edges): the first is short when the clock
		   starts inside an hour */
		int64_t off = ((sc->clock_start_s % PK_RUNWAY_STEP_S) +
			       PK_RUNWAY_STEP_S) %
			      PK_RUNWAY_STEP_S;

		for (h = 0; h < steps && !first; h++) {
			double t0 = h == 0
					? 0.0
					: (double)(h * PK_RUNWAY_STEP_S - off),
			       t1 = (double)((h + 1) * PK_RUNWAY_STEP_S - off),
			       share = 1;

			if (t0 >= (double)PK_RUNWAY_HORIZON_S) {
				break;
			}
			if (t1 > (double)PK_RUNWAY_HORIZON_S) {
				t1 = (double)PK_RUNWAY_HORIZON_S;
			}
			int slot = 0;
			size_t n_all;

			for (i = 0; i < ns; i++) {
				nxs[i] = runway_stretches(
				    sc, &st[i], t0 / scale, t1 / scale, x[i],
				    PK_RW_STRETCHES);
				for (j = 0; j < nxs[i]; j++) {
					/* the RU/s bound in real seconds */
					x[i][j].len *= scale;
				}
			}
			n_all = runway_slices_of(x, nxs, ns, xs);
			if (time_key) {
				/* the stored items a keyed request reads lie in
				   every bucket, not the current one's range */
				runway_keyed_spread(xs, n_all, ns);
			}
			runway_pool_draws(&pool_ru, v, xs, n_all);
			runway_rewrites_step(&rr, xs, n_all, ns);
			if (time_key) {
				char text[PK_RW_TEXT];

				runway_text_at(&memo,
					       sc->clock_start_s + (int64_t)t0,
					       text);
				if (bk->period_s == 0 &&
				    (bk->len_s < PK_RUNWAY_STEP_S ||
				     strcmp(text, prev_text) != 0)) {
					/* a new bucket, never to return:
					   starts empty, in a slot of its own
					   (its predecessors' items expire
					   from theirs) */
					ring = (ring + 1) % PK_RW_MAX_SLOTS;
					for (i = 0; i < n_c; i++) {
						runway_store_clear(&c[i].held,
								   &cl, ring);
					}
				}
				if (bk->len_s < PK_RUNWAY_STEP_S) {
					/* several buckets an hour: each its
					   share */
					share =
					    bk->period_s > 0
						? (double)bk->len_s /
						      (double)bk->period_s
						: (double)bk->len_s / (t1 - t0);
					slot = bk->period_s > 0 ? 0 : ring;
				} else if (bk->period_s == 0) {
					slot = ring;
				} else {
					slot = slot_of(texts, &n_texts, text);
					if (slot < 0) {
						slot = 0;
					}
				}
				snprintf(prev_text, sizeof(prev_text), "%s",
					 text);
				step_slot[h] = slot;
			}
			for (i = 0; i < n_c; i++) {
				struct cand *ci = &c[i];
				struct bite bit = {0, 0, 0, 0, 0, 0, 0, 0};
				double del = 0, part[PK_MAX_STREAMS] = {0}, add;
				double before, after, room, grow, per_step;

				if (cl.ttl && ci->burst) {
					ci->del_q = deletions_first(
					    v, ci, xs, n_all, ns, &pool_ru, &cl,
					    h, t1, off);
				}
				add = cand_add(v, ci, xs, n_all, ns, &pool_ru,
					       &bit, &del, part) *
				      share;

				if (bit.held) {
					/* a bound that held it back in any
					   step before it fills is said */
					ci->bit = bit;
				}
				if (bit.client) {
					ci->client = bit.client;
					ci->client_stream = bit.client_stream;
				}
				memset(add_c, 0, sizeof(add_c));
				for (j = 0; j < ns; j++) {
					add_c[cl.of[j]] += part[j] * share;
				}
				if (rewrites_resize) {
					/* rewrites at another size change
					   what it holds: its one class (no
					   lifetime, no id pool) takes the
					   difference */
					double held = runway_store_held(
					    &ci->held, &cl, slot, time_key);

					add_c[0] += runway_rewritten(
							&rr, ci->mass, ns, add,
							held, &ci->items) -
						    (held + add);
				}
				before = runway_store_held(&ci->held, &cl, slot,
							   time_key);
				runway_store_step(&ci->held, &cl, h, slot,
						  add_c, del, t1, off,
						  step_slot);
				after = runway_store_held(&ci->held, &cl, slot,
							  time_key);
				/* its net growth: written less deleted */
				grow = after - before;
				ci->rate = grow / (t1 - t0);
				ci->written = add / (t1 - t0);
				if (after > level) {
					level = after;
					level_c = ci;
					level_written = ci->written;
				}
				room = cap - ci->g->start;
				if (grow > 0 && after >= room) {
					double a = before >= room
						       ? 0
						       : runway_store_cross(
							     &ci->held, &cl,
							     slot, time_key,
							     room, &per_step);
					double t = t0 + a * (t1 - t0);

					if (t < first_t) {
						first_t = t;
						first = ci;
						first_slot = slot;
						ci->rate =
						    before >= room
							? ci->rate
							: per_step / (t1 - t0);
					}
				}
			}
		}
		runway_key_init(v, &key);
		if (first) {
			rw->kind = PK_RUNWAY_DAYS;
			rw->full_s = first_t;
			rw->written_bytes_per_s = cl.ttl ? first->written : 0;
			rw->rate_bytes_per_s = first->rate;
			rw->bound_client = (enum pk_runway_client)first->client;
			rw->bound_stream = first->client_stream;
			if (first->bit.held) {
				size_t r = first->g->range;

				rw->bound_range =
				    r < v->n_ranges ? v->ranges[r].id : 0;
				rw->bound_ru_per_s =
				    (int64_t)llround(first->bit.ru);
				rw->bound_shared = first->bit.shared;
				rw->bound_bucket = first->bit.bucket;
				rw->bound_burst = first->bit.burst;
				rw->bound_low = first->bit.low;
				rw->bound_bucket_pct =
				    first->bit.bucket && v->spec
					? v->spec->bucket_pct[first->bit.bucket]
					: 0;
			}
			(void)first_slot;
		} else {
			/* the one holding most at the horizon */
			int for_good = 0;

			first = &c[0];
			for (i = 0; i < n_c; i++) {
				double a = time_key
					       ? 0
					       : runway_store_held(&c[i].held,
								   &cl, 0, 0);
				double b = time_key
					       ? 0
					       : runway_store_held(&first->held,
								   &cl, 0, 0);

				if (a + c[i].g->start > b + first->g->start) {
					first = &c[i];
				}
				for_good |=
				    runway_store_for_good(&c[i].held, &cl);
			}
			if (time_key && bk->period_s == 0) {
				rw->kind = PK_RUNWAY_BUCKETS;
				rw->bound_bytes = level;
			} else if (cl.ttl && !for_good) {
				/* every item expires: it levels off, and a
				   cycle shorter than a step at its peak */
				first = level_c ? level_c : first;
				rw->backlog_bytes =
				    ns == 1 && st[0].have_once && !time_key
					? cycle_backlog(v, &st[0], first,
							&pool_ru, scale)
					: 0;
				level += rw->backlog_bytes;
				rw->kind = level > 0 ? PK_RUNWAY_LEVELS
						     : PK_RUNWAY_NEVER;
				rw->bound_bytes = level;
				rw->written_bytes_per_s = level_written;
			} else if (level > 0) {
				rw->kind = PK_RUNWAY_BEYOND;
				rw->bound_bytes =
				    time_key ? level
					     : runway_store_held(&first->held,
								 &cl, 0, 0) +
						   first->g->start;
			} else {
				rw->kind = PK_RUNWAY_NEVER;
			}
		}
		/* its name: the key value at the instant it fills */
		if (rw->kind != PK_RUNWAY_NEVER) {
			if (first->g->item != UINT64_MAX) {
				int64_t at = rw->kind == PK_RUNWAY_DAYS
						 ? (int64_t)floor(rw->full_s)
						 : 0;

				int64_t wall = sc->clock_start_s + at;

				runway_item_key(v, sc,
						first->g->w ? first->g->w : w,
						first->g->item, &wall, &key);
				runway_set_who(v, key.id, key.at.id_len, rw);
				if (time_key && rw->bound_range != UINT32_MAX &&
				    runway_range_of(v, &key.at.epk) <
					v->n_ranges) {
					/* the bucket's own range */
					rw->bound_range =
					    v->ranges[runway_range_of(
							  v, &key.at.epk)]
						.id;
				}
			} else {
				runway_set_who(v, first->g->key,
					       first->g->key_len, rw);
			}
		}
		runway_key_free(&key);
	}
	for (i = 0; i < n_c; i++) {
		runway_store_free(&c[i].held);
	}
	free(step_slot);
	runway_streams_free(st, ns);
	runway_pool_free(&pool_ru);
	free(x);
	free(xs);
	free(c);
	free(texts);
	free(picked);
	runway_groups_free(&tab);
	runway_apart_free(apart, moved, ns);
}

/* 1 when some logical partition held its cap at t = 0 (preloaded to it):
   "full now" whatever the workload does. One the run filled is not: its
   time to the cap is projected from the workload's start like any
   other's, so the figure does not depend on how long the run lasted. */
static int full_at_start(const struct pk_snapshot *s,
			 const struct pk_result_variant *v)
{
	const struct pk_snapshot_lp *lp;
	struct pk_result_lps r;
	double each, cap = (double)s->spec->lp_storage_bytes;

	if (v->preload_items == 0) {
		return 0;
	}
	each = (double)v->preload_bytes / (double)v->preload_items;
	result_lps_start(&r, s);
	while ((lp = result_lps_next(&r)) != NULL) {
		if ((double)lp->preloaded_items * each >= cap) {
			return 1;
		}
	}
	return 0;
}

void runway_build(const struct pk_snapshot *s, const struct pk_scenario *sc,
		  const struct pk_workload *w, struct pk_result_variant *v)
{
	struct pk_runway *rw = &v->runway;
	const struct pk_items_file *f = sc->items_file;

	memset(rw, 0, sizeof(*rw));
	rw->full_s = -1;
	rw->bound_range = UINT32_MAX;
	rw->bucket = s->key_bucket;
	rw->ttl_s = s->cosmos ? s->cosmos->ttl_lifetime_s : 0;
	if (!s->cosmos || !s->queries) {
		/* the cap is Azure Cosmos DB's (rule 11): another service's
		   is not known, nothing to project against */
		return;
	}
	if (v->fill.full_now && full_at_start(s, v)) {
		const struct pk_result_lp *lp =
		    v->n_full_listed ? &v->full[0] : &v->top_storage[0];

		rw->kind = PK_RUNWAY_FULL_NOW;
		rw->full_s = 0;
		runway_set_who(v, lp->key, lp->key_len, rw);
		return;
	}
	if (f && f->monitor) {
		rw->kind = PK_RUNWAY_NO_SIZES;
		return;
	}
	if (f && f->from == PK_FROM_AT_ONCE) {
		rw->kind = PK_RUNWAY_AT_ONCE;
		return;
	}
	if (f) {
		runway_from_data(sc, w, v, rw);
	} else if (workload_items(w) == 0 && runway_writes(sc)) {
		runway_from_window(s, sc, v, rw);
	} else {
		runway_from_rates(s, sc, w, v, rw);
	}
}
