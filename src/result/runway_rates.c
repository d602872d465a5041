/*
 * runway_rates: a generated workload's rates for the projection
 * (runway.h has the rules): each stream's phases as one cycle repeated,
 * the new bytes, their writes' RU and the RU of the requests that store
 * nothing new over a stretch of time, and the streams' stretches cut
 * into slices in which each runs at one rate.
 */
#include "runway_int.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"
#include "pksim/result/result.h"
#include "pksim/service/metrics.h"

/* E[X; a <= X < b] for X normal (mu, sd): mu (Phi(beta) - Phi(alpha))
   + sd (phi(alpha) - phi(beta)), alpha and beta a and b standardised */
static double normal_part_mean(double mu, double sd, double a, double b)
{
	const double al = (a - mu) / sd, be = (b - mu) / sd;
	const double phi_a = exp(-0.5 * al * al) / sqrt(2.0 * M_PI);
	const double phi_b = exp(-0.5 * be * be) / sqrt(2.0 * M_PI);

	return mu * 0.5 * (erfc(-be / M_SQRT2) - erfc(-al / M_SQRT2)) +
	       sd * (phi_a - phi_b);
}

/* The mean size the workload writes under z. A normal size is drawn,
   rounded and clamped to 1 .. PK_MAX_ITEM_BYTES (wl_size_draw), so its
   mean is not the spec's when the tails reach the clamps: a draw below
   0.5 B writes 1 B, one at or past the largest + 0.5 the largest,
   E = P(X < 0.5) + E[X; 0.5 <= X < M + 0.5] + M P(X >= M + 0.5)
   (rounding in between moves the mean by well under a byte). A mean of
   1 KB with a 10 KB stddev writes 4,618 B on average, not 1,024. */
static double mean_size(const struct pk_size_spec *z)
{
	const double top = (double)PK_MAX_ITEM_BYTES;
	double mu, sd;

	switch (z->kind) {
	case PK_SIZE_UNIFORM:
		return ((double)z->min_bytes + (double)z->max_bytes) / 2.0;
	case PK_SIZE_NORMAL:
		mu = z->mean_bytes;
		sd = z->stddev_bytes;
		if (!(sd > 0)) {
			return fmin(fmax(round(mu), 1.0), top);
		}
		return 0.5 * erfc((mu - 0.5) / (sd * M_SQRT2)) +
		       normal_part_mean(mu, sd, 0.5, top + 0.5) +
		       top * 0.5 * erfc((top + 0.5 - mu) / (sd * M_SQRT2));
	default:
		return (double)z->bytes;
	}
}

/* Points a drawn size's mean charge is summed over */
#define PK_RW_CHARGE_POINTS 2048
/* Standard deviations either side of a normal size's mean summed over:
   past them its chance is below 1e-15 */
#define PK_RW_CHARGE_SDS 8.0

/* P(X < x) for X normal (mu, sd) */
static double normal_below(double mu, double sd, double x)
{
	return 0.5 * erfc((mu - x) / (sd * M_SQRT2));
}

/* The mean charge of a write of v's of a size drawn under z, RU: each
   size's charge (the service's write_mru) by its chance, not the charge
   of the mean size, which the charge's floor (a 1 KB write's, rule 20)
   and its bends make another figure. A uniform size over its range, a
   normal one as drawn (mean_size: rounded, clamped to 1 ..
   PK_MAX_ITEM_BYTES), each by PK_RW_CHARGE_POINTS intervals of equal
   width at their middles; a fixed size its own charge. */
static double mean_charge(const struct pk_result_variant *v,
			  const struct pk_size_spec *z)
{
	const double top = (double)PK_MAX_ITEM_BYTES;
	double lo, hi, w, sum = 0, mu, sd;
	int i;

	switch (z->kind) {
	case PK_SIZE_UNIFORM:
		lo = (double)z->min_bytes;
		hi = (double)z->max_bytes;
		w = (hi - lo) / PK_RW_CHARGE_POINTS;
		for (i = 0; i < PK_RW_CHARGE_POINTS && w > 0; i++) {
			sum += (double)runway_write_mru(v, lo + (i + 0.5) * w);
		}
		return w > 0 ? sum / PK_RW_CHARGE_POINTS / 1000.0
			     : (double)runway_write_mru(v, lo) / 1000.0;
	case PK_SIZE_NORMAL:
		mu = z->mean_bytes;
		sd = z->stddev_bytes;
		if (!(sd > 0)) {
			break;
		}
		lo = fmax(0.5, mu - PK_RW_CHARGE_SDS * sd);
		hi = fmin(top + 0.5, mu + PK_RW_CHARGE_SDS * sd);
		sum =
		    normal_below(mu, sd, 0.5) * (double)runway_write_mru(v, 1);
		sum += (1.0 - normal_below(mu, sd, top + 0.5)) *
		       (double)runway_write_mru(v, top);
		w = (hi - lo) / PK_RW_CHARGE_POINTS;
		for (i = 0; i < PK_RW_CHARGE_POINTS && w > 0; i++) {
			const double a = lo + i * w, b = a + w;

			sum += (normal_below(mu, sd, b) -
				normal_below(mu, sd, a)) *
			       (double)runway_write_mru(v, a + 0.5 * w);
		}
		return sum / 1000.0;
	default:
		break;
	}
	return (double)runway_write_mru(v, mean_size(z)) / 1000.0;
}

double runway_largest_size(const struct pk_size_spec *z)
{
	switch (z->kind) {
	case PK_SIZE_UNIFORM:
		return (double)z->max_bytes;
	case PK_SIZE_NORMAL:
		return (double)PK_MAX_ITEM_BYTES; /* clamped there */
	default:
		return (double)z->bytes;
	}
}

double runway_phase_new(const struct pk_phase_spec *ps)
{
	return ps->mix[PK_OP_CREATE] + ps->mix[PK_OP_UPSERT] * ps->upsert_new +
	       ps->mix[PK_OP_BATCH] * ps->batch_size;
}

double runway_phase_adds(const struct pk_phase_spec *ps)
{
	double adds = runway_phase_new(ps) - ps->mix[PK_OP_DELETE];

	return adds > 0 ? adds : 0;
}

double runway_mean_item(const struct pk_scenario *sc)
{
	double items = 0, bytes = 0, plain = 0;
	size_t i;

	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_phase_spec *ps = &sc->phases[i];
		double n = ps->rate_per_s * (double)ps->duration_ms *
			   runway_phase_adds(ps);

		items += n;
		bytes += n * mean_size(&ps->item_size);
		plain += mean_size(&ps->item_size);
	}
	if (items > 0) {
		return bytes / items;
	}
	return sc->n_phases ? plain / (double)sc->n_phases : 0;
}

/* The RU a query of phase ph takes, each as the run charged its served
   ones (the charge, not how often the replay sent it): into *keyed for a
   single-partition or targeted query (a key prefix, an IN list: it runs
   on the ranges holding those key values, each charged by its share of
   their items, so a range's part is its share of the writes), *spread
   for a fan-out one (every range alike), weighted by the queries'
   shares of the phase's */
static void query_ru(const struct pk_result_variant *v,
		     const struct pk_scenario *sc, size_t ph, double *keyed,
		     double *spread)
{
	const struct pk_phase_spec *ps = &sc->phases[ph];
	double wsum = 0;
	size_t q;

	for (q = 0; q < ps->n_queries; q++) {
		wsum += ps->queries[q].weight;
	}
	for (q = 0; q < ps->n_queries && wsum > 0 && v->queries; q++) {
		size_t k = scenario_query_index(sc, ph, q);
		const struct pk_result_query *rq;
		double ru;

		if (k >= v->n_queries || v->queries[k].served == 0) {
			continue;
		}
		rq = &v->queries[k];
		ru = (double)rq->ru_mru / 1000.0 / (double)rq->served *
		     ps->queries[q].weight / wsum;
		if (rq->route == PK_ROUTE_SINGLE ||
		    rq->route == PK_ROUTE_TARGETED) {
			*keyed += ru;
		} else {
			*spread += ru;
		}
	}
}

/* The RU an operation of phase ph (p) takes that stores nothing new,
   into p->keyed_ru and p->spread_ru (rphase) */
static void other_ru(const struct pk_result_variant *v,
		     const struct pk_scenario *sc, size_t ph, struct rphase *p)
{
	const struct pk_phase_spec *ps = p->ps;
	const struct pk_totals *t = &v->metrics->totals;
	/* a read is charged by the item it finds: a phase that adds none
	   (a reader's) reads the items the workload's phases add, of their
	   mean size, not of its own item_size */
	const double made = runway_mean_item(sc);
	const uint64_t mean =
	    (uint64_t)(p->adds > 0 || !(made > 0) ? p->mean_bytes : made);
	double write = mean_charge(v, &ps->item_size);
	double read =
	    v->service_queries->read_mru
		? (double)v->service_queries->read_mru(v->service_state, mean) /
		      1000.0
		: 0;
	/* a reader who cannot compute the key queries first (rule 38):
	   that query's charge as the run found it */
	double find = t->key_queries ? (double)t->key_query_mru / 1000.0 /
					   (double)t->key_queries
				     : 0;
	double rewrite =
	    ps->mix[PK_OP_UPSERT] * (1.0 - ps->upsert_new) - p->recreated;

	double finds = ps->mix[PK_OP_READ] + ps->mix[PK_OP_REPLACE] +
		       ps->mix[PK_OP_DELETE] + rewrite;

	p->keyed_ru =
	    ps->mix[PK_OP_READ] * (find > 0 ? 0 : read) +
	    (ps->mix[PK_OP_REPLACE] + ps->mix[PK_OP_DELETE] + rewrite) * write;
	p->spread_ru = 0;
	p->find_ru = 0;
	if (find > 0 && !ps->suffix_fanout && runway_random_values(v) > 1) {
		/* the IN list on the ranges holding the values it names */
		p->find_ru = finds * find;
	} else if (find > 0) {
		/* a fan-out, or values too many to place apart */
		p->spread_ru = finds * find;
	}
	if (ps->mix[PK_OP_QUERY] > 0) {
		double keyed = 0, spread = 0;

		query_ru(v, sc, ph, &keyed, &spread);
		p->keyed_ru += ps->mix[PK_OP_QUERY] * keyed;
		p->spread_ru += ps->mix[PK_OP_QUERY] * spread;
	}
}

/* The container RU/s (autoscale: the max) phase ps sets at its start,
   0 when it sets none */
static double phase_sets_ru(const struct pk_phase_spec *ps)
{
	if (ps->throughput_ru_per_s > 0) {
		return (double)ps->throughput_ru_per_s;
	}
	return ps->autoscale_max_ru_per_s > 0
		   ? (double)ps->autoscale_max_ru_per_s
		   : 0.0;
}

/* Stream st's RU/s settings: each phase's own (v->phase_ru's where v
   gives them, the stream's phases from index first) and the latest at
   or before it, the cycle's last, and what they are measured against */
static void settings_init(const struct pk_result_variant *v, struct rstream *st,
			  size_t first)
{
	const struct pk_container_spec *c = v->spec;
	int last = -1;
	size_t j;

	st->ru_first = !c ? 0.0
		       : c->autoscale_max_ru_per_s > 0
			   ? (double)c->autoscale_max_ru_per_s
			   : (double)c->throughput_ru_per_s;
	st->ru_end = (double)v->ru_per_s;
	for (j = 0; j < st->n; j++) {
		st->ph[j].set_ru = v->phase_ru ? (double)v->phase_ru[first + j]
					       : phase_sets_ru(st->ph[j].ps);
		if (st->ph[j].set_ru > 0) {
			last = (int)j;
		}
		st->ph[j].set_j = last;
	}
	st->last_set = last;
}

/* The RU/s in force in phase j of cycle k of stream st over the end's
   (1 when either is not known), and in *set_at the workload second it
   was set at (-1: the container's own) */
static double in_force(const struct rstream *st, size_t j, int64_t k,
		       double *set_at)
{
	const struct rphase *p = &st->ph[j];
	double ru = st->ru_first;
	int from = p->set_j >= 0 ? p->set_j : k > 0 ? st->last_set : -1;

	*set_at = -1;
	if (from >= 0) {
		ru = st->ph[from].set_ru;
		*set_at = (double)((p->set_j >= 0 ? k : k - 1) * st->cycle_s +
				   st->ph[from].start_s);
	}
	return ru > 0 && st->ru_end > 0 ? ru / st->ru_end : 1.0;
}

static void phase_bucket(const struct pk_result_variant *v,
			 const struct pk_client_spec *c, struct rphase *p);

/* When no stream's phases add items there are no writes to place the
   keyed requests by: they count as spread (ASSUMPTION: the items they
   read lie evenly over the ranges). A stream that adds none beside one
   that does keeps them keyed: they read that stream's items
   (runway_keyed_reader_mass, runway_keyed_split). */
static void keyed_spread_if_no_writes(struct rstream *st, size_t ns)
{
	size_t i, j;

	for (i = 0; i < ns; i++) {
		for (j = 0; j < st[i].n; j++) {
			if (st[i].ph[j].adds > 0) {
				return;
			}
		}
	}
	for (i = 0; i < ns; i++) {
		for (j = 0; j < st[i].n; j++) {
			st[i].ph[j].spread_ru += st[i].ph[j].keyed_ru;
			st[i].ph[j].keyed_ru = 0;
		}
	}
}

/* The share of stream k's items that expire (rule 28, runway_lives): a
   rewriting upsert draws its target among every item its stream has
   written (workload: targets drawn at the send), so over a projection
   of days an expiring target has nearly always expired, and the
   service writes it anew (201, rule 28: an expired item is gone for
   every request): it adds an item as a new upsert does. ASSUMPTION:
   the live ones a vanishing share of all written, so the level this
   gives is the one the partition tends to (written x lifetime), not
   the lower one of its first hours (runway_renew.c works that rise out
   for one steady phase); a replace of an expired target finds none
   (404) and stores nothing. */
static double expiring_share(const struct pk_result_variant *v,
			     const struct pk_scenario *sc, size_t k)
{
	struct rw_lives l;
	double f = 0;
	size_t b;

	runway_lives(v, sc, k, &l);
	for (b = 0; b < l.n; b++) {
		f += l.frac[b];
	}
	return fmin(1.0, f);
}

void runway_streams_init(const struct pk_result_variant *v,
			 const struct pk_scenario *sc, double factor,
			 int untimed, struct rstream *st)
{
	size_t i, j;

	for (i = 0; i < sc->n_streams; i++) {
		const struct pk_stream_spec *ss = &sc->streams[i];
		int64_t at = 0;
		/* as if nothing expired: every rewriting upsert finds its
		   target stored */
		double expiring = untimed ? 0.0 : expiring_share(v, sc, i);

		st[i].n = ss->n_phases;
		st[i].ph =
		    xcalloc(ss->n_phases ? ss->n_phases : 1, sizeof(*st[i].ph));
		for (j = 0; j < ss->n_phases; j++) {
			const struct pk_phase_spec *ps =
			    &sc->phases[ss->phase_first + j];
			struct rphase *p = &st[i].ph[j];

			p->ps = ps;
			p->start_s = at;
			p->dur_s = ps->duration_ms / 1000;
			at += p->dur_s;
			p->recreated = ps->mix[PK_OP_UPSERT] *
				       (1.0 - ps->upsert_new) * expiring;
			p->adds =
			    fmax(0.0, runway_phase_adds(ps) -
					  runway_batch_refused(v, sc, ps)) +
			    p->recreated;
			p->rewrites =
			    ps->mix[PK_OP_REPLACE] +
			    ps->mix[PK_OP_UPSERT] * (1.0 - ps->upsert_new) -
			    p->recreated;
			p->mean_bytes = mean_size(&ps->item_size);
			p->factor = factor;
			p->ru_per_byte =
			    mean_charge(v, &ps->item_size) / p->mean_bytes;
			p->drawn = ps->item_size.kind != PK_SIZE_FIXED;
			other_ru(v, sc, ss->phase_first + j, p);
			phase_bucket(v, &ss->client, p);
			if (ps->schedule) {
				schedule_phase_part(ps->schedule, &p->rel);
				schedule_own_init(&p->own, ps->schedule,
						  p->dur_s);
			}
			p->cur_cycle = -1;
		}
		st[i].cycle_s = at;
		st[i].client_ru = ss->client.ru_budget_per_s;
		st[i].client_ops =
		    ss->client.concurrency > 0 && ss->client.latency_ms > 0
			? (double)ss->client.concurrency * 1000.0 /
			      (double)ss->client.latency_ms
			: 0;
		settings_init(v, &st[i], ss->phase_first);
	}
	keyed_spread_if_no_writes(st, sc->n_streams);
}

void runway_streams_weigh(const struct rstream *st, size_t ns, int by_bytes,
			  double *w)
{
	double all = 0;
	size_t i, j;

	for (i = 0; i < ns; i++) {
		w[i] = 0;
		for (j = 0; j < st[i].n && st[i].cycle_s > 0; j++) {
			const struct rphase *p = &st[i].ph[j];
			double x =
			    p->ps->rate_per_s * (double)p->dur_s * p->adds;

			w[i] += (by_bytes ? x * p->mean_bytes : x) /
				(double)st[i].cycle_s;
		}
		all += w[i];
	}
	for (i = 0; i < ns && all > 0; i++) {
		w[i] /= all;
	}
}

void runway_streams_free(struct rstream *st, size_t ns)
{
	size_t i, j;

	for (i = 0; i < ns; i++) {
		for (j = 0; j < st[i].n; j++) {
			schedule_own_free(&st[i].ph[j].own);
		}
		free(st[i].ph);
	}
	free(st);
}

/* Operations phase p offers over [a, b) of its occurrence in cycle k
   (seconds within the phase); rel: by the phase's own clock only
   (p->rel, no wall-clock multipliers) */
static double phase_ops(const struct pk_scenario *sc, struct rphase *p,
			int64_t cycle_s, int64_t k, double a, double b, int rel)
{
	double from;

	if (!p->ps->schedule) {
		return p->ps->rate_per_s * (b - a);
	}
	if (p->cur_cycle != k) {
		schedule_counter_init(
		    &p->cur, rel ? &p->rel : p->ps->schedule,
		    sc->clock_start_s + k * cycle_s + p->start_s, p->dur_s);
		p->cur_cycle = k;
	}
	/* the cursor walks forward only: a's count first (the order of a
	   sum's operands is unspecified in C) */
	from = schedule_cursor_count(&p->cur, a);
	return schedule_cursor_count(&p->cur, b) - from;
}

static size_t walk(const struct pk_scenario *sc, struct rstream *st, double t0,
		   double t1, struct stretch *out, size_t cap, int rel);

/* The priority of phase p's requests (rules 30, 35) and the throughput
   bucket phase p of a stream with client c counts its requests against
   (client_request_class; rule 34: one naming none the container's default
   bucket, one the container does not declare uncapped) and its share of a
   range's RU/s (rule 31, throttle.h: each range caps a bucket at its percentage
   of its own RU/s) */
static void phase_bucket(const struct pk_result_variant *v,
			 const struct pk_client_spec *c, struct rphase *p)
{
	int low, b;

	p->bucket = 0;
	p->bucket_frac = 1.0;
	if (!v->cosmos || !v->spec) {
		return;
	}
	client_request_class(c, p->ps->req_priority, p->ps->req_bucket, &low,
			     &b);
	p->low = low;
	if (!b) {
		b = v->spec->default_bucket;
	}
	if (b > 0 && b <= PK_THROUGHPUT_BUCKETS && v->spec->bucket_pct[b] > 0) {
		p->bucket = b;
		p->bucket_frac = v->spec->bucket_pct[b] / 100.0;
	}
}

/* The part of n operations asking r RU that a client's room (RU and
   operations left in a stretch) lets out, the room it takes; *held says
   which limit bit */
static double client_part(double n, double r, double *ru_room, double *ops_room,
			  int *held)
{
	double f = 1.0;

	if (r > 0 && r > *ru_room) {
		f = *ru_room / r;
		*held = PK_RUNWAY_CLIENT_RU;
	}
	if (n > 0 && n * f > *ops_room) {
		f = *ops_room / n;
		*held = PK_RUNWAY_CLIENT_WORKERS;
	}
	*ru_room = fmax(0.0, *ru_room - r * f);
	*ops_room = fmax(0.0, *ops_room - n * f);
	return f;
}

/* What stream st's client sends over len seconds of phase p when ops
   are offered, into o (bytes before the index factor, ru, keyed,
   spread, client): at most its RU budget and its workers' N x 1,000 /
   latency_ms operations a second (client.h), what it could not send
   before first; what it cannot send now waits in st->queue for a
   quieter stretch, as the replay's client queue does */
static void client_send(struct rstream *st, const struct rphase *p, double ops,
			double len, struct stretch *o)
{
	const double b = p->adds * p->mean_bytes;
	const double op_ru =
	    b * p->ru_per_byte + p->keyed_ru + p->spread_ru + p->find_ru;
	double ru_room = st->client_ru > 0 ? st->client_ru * len : HUGE_VAL;
	double ops_room = st->client_ops > 0 ? st->client_ops * len : HUGE_VAL;
	double fq = 0, fn, left;

	o->client = PK_RUNWAY_CLIENT_NONE;
	if (st->queue.ops > 0) {
		fq = client_part(st->queue.ops,
				 st->queue.ru + st->queue.keyed +
				     st->queue.spread + st->queue.find,
				 &ru_room, &ops_room, &o->client);
	}
	fn = client_part(ops, ops * op_ru, &ru_room, &ops_room, &o->client);
	o->bytes = fq * st->queue.bytes + fn * ops * b;
	o->ru = fq * st->queue.ru + fn * ops * b * p->ru_per_byte;
	o->keyed = fq * st->queue.keyed + fn * ops * p->keyed_ru;
	o->spread = fq * st->queue.spread + fn * ops * p->spread_ru;
	o->find = fq * st->queue.find + fn * ops * p->find_ru;
	left = (1.0 - fn) * ops;
	st->queue.ops = (1.0 - fq) * st->queue.ops + left;
	st->queue.bytes = (1.0 - fq) * st->queue.bytes + left * b;
	st->queue.ru = (1.0 - fq) * st->queue.ru + left * b * p->ru_per_byte;
	st->queue.keyed = (1.0 - fq) * st->queue.keyed + left * p->keyed_ru;
	st->queue.spread = (1.0 - fq) * st->queue.spread + left * p->spread_ru;
	st->queue.find = (1.0 - fq) * st->queue.find + left * p->find_ru;
}

/* Stretch x of stream st (one of its first cycle's) repeated over
   [t0, t1): times the cycles that fit, times its phase's wall-clock
   multipliers averaged over [t0, t1); with a client, what it sends of
   that and of its queue (client_send: st->queue carried from step to
   step, the steps called in time order) */
static struct stretch repeated(const struct pk_scenario *sc, struct rstream *st,
			       const struct stretch *x, double t0, double t1)
{
	const struct pk_schedule_spec *spec = st->ph[x->ph].ps->schedule;
	double times = (t1 - t0) / (double)st->cycle_s, m = 1.0;
	struct stretch o = *x;

	if (spec) {
		int64_t a = (int64_t)floor(t0), b = (int64_t)ceil(t1);

		m = schedule_wall_mean(spec, sc->clock_start_s + a,
				       b > a ? b - a : 1);
	}
	o.bytes *= times * m;
	o.ru *= times * m;
	o.keyed *= times * m;
	o.spread *= times * m;
	o.find *= times * m;
	o.items *= times * m;
	o.dels *= times * m;
	o.rw_ops *= times * m;
	o.rw_bytes *= times * m;
	o.ops *= times * m;
	o.len *= times;
	o.reps = times;
	if (st->client_ru > 0 || st->client_ops > 0) {
		/* its client sends what the step offers and what waits from
		   before, as far as it can: a busy stretch's queue goes out in
		   the quiet one after it, a schedule's zeros too */
		const struct rphase *p = &st->ph[x->ph];

		client_send(st, p, o.ops, o.len, &o);
		o.bytes *= p->factor;
	}
	/* nearly every cycle a step repeats is a later one: their
	   settings */
	o.ru_scale = in_force(st, x->ph, 1, &o.set_at);
	if (o.set_at >= 0) {
		o.set_at = t0;
	}
	return o;
}

/* The stretches of stream st in [t0, t1) (workload seconds), into out
   (at most cap); returns how many. */
size_t runway_stretches(const struct pk_scenario *sc, struct rstream *st,
			double t0, double t1, struct stretch *out, size_t cap)
{
	size_t n;

	if (st->cycle_s <= 0) {
		return 0;
	}
	if ((double)st->cycle_s * st->scale < PK_RUNWAY_STEP_S) {
		if (!st->have_once) {
			st->have_once = 1;
			/* a cycle walked first leaves its client's queue as
			   every later cycle finds it */
			walk(sc, st, 0, (double)st->cycle_s, st->once,
			     PK_RW_CYCLE_STRETCHES, 1);
			for (n = 0; n < st->n; n++) {
				st->ph[n].cur_cycle = -1;
			}
			n = walk(sc, st, 0, (double)st->cycle_s, st->once,
				 PK_RW_CYCLE_STRETCHES, 1);
			st->n_once = n;
			/* the steps carry the queue from an empty one, as
			   the run starts (repeated) */
			memset(&st->queue, 0, sizeof(st->queue));
		}
		for (n = 0; n < st->n_once && n < cap; n++) {
			out[n] = repeated(sc, st, &st->once[n], t0, t1);
		}
		return n;
	}
	return walk(sc, st, t0, t1, out, cap, 0);
}

/* Stretch *o of phase j of stream st in cycle k: ops offered over len
   seconds of it */
static void stretch_fill(struct rstream *st, size_t j, int64_t k, double ops,
			 double len, struct stretch *o)
{
	struct rphase *p = &st->ph[j];

	client_send(st, p, ops, len, o);
	o->ops = ops;
	/* stored with the index (rule 11 counts what is stored), charged on
	   the item */
	o->bytes *= p->factor;
	o->items = ops * p->adds;
	o->dels = ops * p->dels;
	o->rw_ops = ops * p->rewrites;
	o->rw_bytes = o->rw_ops * p->mean_bytes * p->factor;
	o->len = len;
	o->ph = j;
	o->reps = 1;
	o->runs = 1;
	o->bucket = p->bucket;
	o->bucket_frac = p->bucket_frac;
	o->low = p->low;
	o->drawn = p->drawn;
	o->ru_scale = in_force(st, j, k, &o->set_at);
}

/* Phase j of stream st over [in, end) of cycle k (seconds within the
   cycle) into out (room for cap >= 1): one stretch, or with steps or
   spikes one per rate its own clock gives there (the seconds of every
   spike of the step together, those between them together, each step's
   rate apart), so the RU/s bound meets a spike's rate, not the step's
   mean; pieces past PK_RW_PIECES or cap share the last. The wall-clock
   multipliers (rel 0) are constant over a clock hour: the occurrence
   is taken an hour of the clock at a time. Returns how many. */
static size_t occurrence(const struct pk_scenario *sc, struct rstream *st,
			 size_t j, int64_t k, double in, double end, int rel,
			 struct stretch *out, size_t cap)
{
	struct rphase *p = &st->ph[j];
	const struct pk_schedule_spec *s = p->ps->schedule;
	const double at = (double)p->start_s;
	struct rw_pieces pc;
	double a = in - at;
	int wall;
	size_t i;

	if (!s || (s->base != PK_SCHEDULE_STEPS && !s->has_spikes)) {
		stretch_fill(
		    st, j, k,
		    phase_ops(sc, p, st->cycle_s, k, in - at, end - at, rel),
		    end - in, out);
		return 1;
	}
	pc.n = 0;
	pc.walked = 0;
	pc.most = cap < PK_RW_PIECES ? cap : PK_RW_PIECES;
	wall = !rel && (s->has_daily || s->has_weekly || s->n_holidays > 0);
	while (a < end - at) {
		double b = end - at, m = 1.0;

		if (wall) {
			/* the phase's second a on the clock, and the end
			   of its clock hour */
			const double w0 =
			    (double)(sc->clock_start_s + k * st->cycle_s +
				     p->start_s);
			const double h =
			    floor((w0 + a) / PK_SCHEDULE_S_PER_HOUR);

			m = schedule_wall_at(s, (int64_t)floor(w0 + a));
			b = fmin(b, (h + 1) * PK_SCHEDULE_S_PER_HOUR - w0);
			if (!(b > a)) {
				b = end - at; /* a rounding at the hour */
			}
		}
		runway_pieces_span(&pc, p, a, b, m);
		a = b;
	}
	for (i = 0; i < pc.n; i++) {
		stretch_fill(st, j, k, pc.ops[i], pc.len[i], &out[i]);
		out[i].runs = pc.runs[i];
		/* steps past the room joined to a piece: their order is
		   the turns' (runway_turns_end) */
		st->joined |= pc.runs[i] > 1 ? PK_RW_JOINED_FOLD : 0u;
	}
	if (s->has_spikes && s->spike_every_s > 0 &&
	    end - in > (double)s->spike_every_s) {
		/* the spikes of more than one period share a piece, the
		   seconds between them another */
		st->joined |= PK_RW_JOINED_SPIKES;
		for (i = 0; i < pc.n; i++) {
			out[i].runs = (end - in) / (double)s->spike_every_s;
		}
	}
	return pc.n;
}

/* The stretches of stream st in [t0, t1) walked phase by phase; past
   cap each further one is joined to a kept one (runway_stretch_fold),
   so every second of [t0, t1) is counted */
static size_t walk(const struct pk_scenario *sc, struct rstream *st, double t0,
		   double t1, struct stretch *out, size_t cap, int rel)
{
	size_t n = 0, j, hi, mid;
	unsigned long looked = 0;
	double t = t0;

	while (t < t1) {
		int64_t k = (int64_t)floor(t / (double)st->cycle_s);
		double in = t - (double)k * (double)st->cycle_s, end;

		/* the first phase (the last at most) not over at in: the
		   phases run back to back, so their ends rise; halving,
		   not a pass over them at every stretch */
		for (j = 0, hi = st->n ? st->n - 1 : 0; j < hi;) {
			mid = j + (hi - j) / 2;
			looked++;
			if (in >=
			    (double)(st->ph[mid].start_s + st->ph[mid].dur_s)) {
				j = mid + 1;
			} else {
				hi = mid;
			}
		}
		end = (double)(st->ph[j].start_s + st->ph[j].dur_s);
		if (end - in > t1 - t) {
			end = in + (t1 - t);
		}
		if (n < cap) {
			n += occurrence(sc, st, j, k, in, end, rel, out + n,
					cap - n);
		} else {
			/* past the room: joined to a kept one, counted */
			struct stretch more[PK_RW_PIECES];

			st->joined |= PK_RW_JOINED_FOLD;
			size_t m = occurrence(sc, st, j, k, in, end, rel, more,
					      PK_RW_PIECES),
			       i;

			for (i = 0; i < m; i++) {
				runway_stretch_fold(st, out, n, &more[i]);
			}
		}
		t += end - in;
	}
	runway_count_phase_visits(looked);
	return n;
}

static _Atomic unsigned long phase_visits;

unsigned long runway_phase_visits(void)
{
	return atomic_load_explicit(&phase_visits, memory_order_relaxed);
}

void runway_count_phase_visits(unsigned long n)
{
	atomic_fetch_add_explicit(&phase_visits, n, memory_order_relaxed);
}

size_t runway_stretch_walked(const struct pk_scenario *sc, struct rstream *st,
			     double t0, double t1, struct stretch *out)
{
	struct stretch x[PK_RW_PIECES * 2];
	size_t n, i;

	memset(out, 0, sizeof(*out));
	if (st->cycle_s <= 0) {
		return 0;
	}
	n = walk(sc, st, t0, t1, x, sizeof(x) / sizeof(x[0]), 0);
	for (i = 0; i < n; i++) {
		out->bytes += x[i].bytes;
		out->ru += x[i].ru;
		out->keyed += x[i].keyed;
		out->spread += x[i].spread;
		out->find += x[i].find;
		out->items += x[i].items;
		out->len += x[i].len;
		/* the RU/s in force and the phase: the last piece's */
		out->ru_scale = x[i].ru_scale;
		out->ph = x[i].ph;
	}
	out->reps = 1;
	return n;
}

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Stream k's stretch x into slice o, the part f of it */
static void slice_add(struct slice *o, size_t k, const struct stretch *x,
		      double f)
{
	o->bytes[k] += x->bytes * f;
	o->ru[k] += x->ru * f;
	o->keyed[k] += x->keyed * f;
	o->spread[k] += x->spread * f;
	o->find[k] += x->find * f;
	o->items[k] += x->items * f;
	o->dels[k] += x->dels * f;
	o->rw_ops[k] += x->rw_ops * f;
	o->rw_bytes[k] += x->rw_bytes * f;
	o->bucket[k] = x->bucket;
	o->bucket_frac[k] = x->bucket_frac;
	o->low[k] = x->low;
	o->drawn[k] = x->drawn;
	o->client[k] = x->client;
	o->runs = fmax(o->runs, x->runs * f);
}

/* The slices of ns streams' stretches x[k][0 .. nx[k]) (each stream's
   one after another from 0, lengths in real seconds) into out (room for
   ns x PK_RW_STRETCHES + 1); returns how many. One stream's are its
   stretches; several streams' are cut where any stream's stretch ends,
   each stream's stretch shared among its slices by length. */
size_t runway_slices_of(struct stretch (*x)[PK_RW_STRETCHES], const size_t *nx,
			size_t ns, struct slice *out)
{
	double cut[PK_MAX_STREAMS * PK_RW_STRETCHES + 1];
	size_t n_cut = 0, n = 0, i, k, at[PK_MAX_STREAMS] = {0};
	double from[PK_MAX_STREAMS] = {0}, set;

	if (ns == 1) {
		for (i = 0; i < nx[0]; i++) {
			memset(&out[i], 0, sizeof(out[i]));
			out[i].len = x[0][i].len;
			out[i].ru_scale = x[0][i].ru_scale;
			out[i].reps = x[0][i].reps;
			slice_add(&out[i], 0, &x[0][i], 1.0);
		}
		return nx[0];
	}
	for (k = 0; k < ns; k++) {
		double t = 0;

		for (i = 0; i < nx[k]; i++) {
			t += x[k][i].len;
			cut[n_cut++] = t;
		}
	}
	qsort(cut, n_cut, sizeof(*cut), dbl_cmp);
	for (i = 0; i < n_cut; i++) {
		double lo = i ? cut[i - 1] : 0, hi = cut[i], mid;

		if (hi - lo <= 1e-9 * (hi > 1 ? hi : 1)) {
			continue;
		}
		mid = (lo + hi) / 2;
		memset(&out[n], 0, sizeof(out[n]));
		for (k = 0; k < ns; k++) {
			out[n].bucket_frac[k] = 1.0;
		}
		out[n].len = hi - lo;
		out[n].ru_scale = 1.0;
		out[n].reps = 1;
		for (k = 0, set = -2; k < ns; k++) {
			while (at[k] < nx[k] &&
			       from[k] + x[k][at[k]].len <= mid) {
				from[k] += x[k][at[k]].len;
				at[k]++;
			}
			if (at[k] < nx[k] && x[k][at[k]].len > 0) {
				slice_add(&out[n], k, &x[k][at[k]],
					  (hi - lo) / x[k][at[k]].len);
				if (x[k][at[k]].set_at > set) {
					/* the setting made last is in force */
					set = x[k][at[k]].set_at;
					out[n].ru_scale = x[k][at[k]].ru_scale;
				}
			}
		}
		n++;
	}
	return n;
}

void runway_rewrites_step(struct rw_rewrites *r, const struct slice *x,
			  size_t n, size_t ns)
{
	size_t i, k;

	r->ops = r->bytes = 0;
	r->before = r->all;
	for (k = 0; k < ns; k++) {
		r->offered[k] = r->items[k] = 0;
	}
	for (i = 0; i < n; i++) {
		for (k = 0; k < ns; k++) {
			r->offered[k] += x[i].bytes[k];
			r->items[k] += x[i].items[k];
			r->ops += x[i].rw_ops[k];
			r->bytes += x[i].rw_bytes[k];
			r->all += x[i].items[k];
		}
	}
}

double runway_rewritten(const struct rw_rewrites *r, const double *mass,
			size_t ns, double add, double acc, double *items)
{
	double offered = 0, fresh = 0, part, rw, a, n0, keep, q_new, old;
	size_t k;

	for (k = 0; k < ns; k++) {
		offered += mass[k] * r->offered[k];
		fresh += mass[k] * r->items[k];
	}
	/* the bounds let through this part of what was offered, of its
	   rewrites too */
	part = offered > 0 ? add / offered : 1.0;
	old = *items;
	*items += part * fresh;
	if (r->ops <= 0 || r->all <= 0 || *items <= 0) {
		return acc + add;
	}
	rw = part * r->ops;
	n0 = fmax(0.0, r->before);
	a = r->all - n0;
	if (a <= 1e-12 * r->all) {
		keep = n0 > 0 ? exp(-rw / n0) : 0;
		q_new = keep;
	} else {
		keep = n0 > 0 ? exp(-rw / a * log(r->all / n0)) : 0;
		q_new = (r->all - n0 * keep) / (a + rw);
	}
	return acc * keep + add * q_new +
	       (old * (1.0 - keep) + part * fresh * (1.0 - q_new)) *
		   (r->bytes / r->ops);
}
