/*
 * remedy_bulk: the remedies of a bulk stream beside interactive ones
 * (remedy.h): which stream is the bulk one, the room the others leave
 * it, and its client RU budget, Low priority and throughput bucket, each
 * replayed on the run's operation stream.
 */
#include <math.h>
#include <string.h>

#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "remedy_int.h"

/* Stream s's offered RU: its operations x its RU a succeeded one */
static double offered_ru(const struct pk_result_stream_ops *s)
{
	return s->succeeded ? (double)s->ru_mru / 1000.0 /
				  (double)s->succeeded * (double)s->operations
			    : 0;
}

/* 1 if stream i of sc has its client in bulk mode (client.bulk, rule
   35) */
static int bulk_flagged(const struct pk_scenario *sc, size_t i)
{
	return i < sc->n_streams && sc->streams[i].client.bulk;
}

int bulk_of(const struct pk_scenario *sc, const struct pk_result_variant *v,
	    int *by_flag)
{
	size_t i, best = 0, flagged = 0;

	*by_flag = 0;
	if (v->n_streams < 2) {
		return -1;
	}
	for (i = 0; i < v->n_streams; i++) {
		flagged += bulk_flagged(sc, i) != 0;
	}
	/* the scenario says which is the bulk job when some, not all,
	   streams are in bulk mode: the most RU among those */
	*by_flag = flagged > 0 && flagged < v->n_streams;
	best = v->n_streams;
	for (i = 0; i < v->n_streams; i++) {
		if (*by_flag && !bulk_flagged(sc, i)) {
			continue;
		}
		if (best == v->n_streams ||
		    offered_ru(&v->streams[i].all) >
			offered_ru(&v->streams[best].all)) {
			best = i;
		}
	}
	return (int)best;
}

/* The interactive streams' offered RU/s (remedy.h): each one's
   operations x its RU a succeeded operation / its phases' seconds */
double inter_demand(const struct pk_scenario *sc,
		    const struct pk_result_variant *v, int bulk)
{
	double d = 0;
	size_t i, k;

	for (i = 0; i < v->n_streams && i < sc->n_streams; i++) {
		const struct pk_result_stream_ops *s = &v->streams[i].all;
		const struct pk_stream_spec *ss = &sc->streams[i];
		int64_t ms = 0;

		if (i == (size_t)bulk || s->succeeded == 0) {
			continue;
		}
		for (k = 0; k < ss->n_phases; k++) {
			ms += sc->phases[ss->phase_first + k].duration_ms;
		}
		if (ms > 0) {
			d += offered_ru(s) / ((double)ms / 1000.0);
		}
	}
	return d;
}

/* 1 if bulk remedy replay f meets the goal (remedy.h): no 429 to the
   interactive streams, or none at all when the run rate limited the
   bulk stream alone */
static int bulk_goal_met(const struct pk_remedies *r,
			 const struct pk_remedy_figures *f)
{
	return r->bulk_alone ? f->throttled_429 == 0 : f->inter_429 == 0;
}

/* Replay ch once for remedy k at setting x: FOUND without a 429 to the
   interactive streams, else NOT_FOUND */
static void bulk_probe(const struct remedy_task *t, enum pk_remedy_kind k,
		       const struct replay_change *ch, int64_t x)
{
	struct pk_remedy *m = &t->out->items[k];

	m->setting = x;
	if (probe_with(t, m, ch, &m->after) >= 0) {
		m->status = bulk_goal_met(t->out, &m->after)
				? PK_REMEDY_FOUND
				: PK_REMEDY_NOT_FOUND;
	}
}

/* The bucket the bulk stream's remedy uses: the id it names when the
   container does not declare it (rule 34), else the lowest id free;
   0: none free, or it has its own already (*why) */
static int bucket_free(const struct remedy_task *t,
		       const struct pk_client_spec *bc, const char **why)
{
	int id;

	if (bc->throughput_bucket > 0) {
		if (t->spec->bucket_pct[bc->throughput_bucket] == 0) {
			return bc->throughput_bucket;
		}
		*why = "the bulk stream's requests carry a bucket the "
		       "container declares already";
		return 0;
	}
	for (id = 1; id <= PK_THROUGHPUT_BUCKETS; id++) {
		if (t->spec->bucket_pct[id] == 0 &&
		    id != t->spec->default_bucket) {
			return id;
		}
	}
	*why = "the container declares all 5 buckets (rule 31)";
	return 0;
}

/* The bulk stream's searches' grid: 1 % of the container's RU/s, at
   least 1 RU/s */
int64_t bulk_step(const struct pk_remedies *r)
{
	int64_t s = r->start_ru_per_s * PK_REMEDY_BULK_STEP_PCT / 100;

	return s > 0 ? s : 1;
}

/* 1 if the bulk stream's budget and bucket are searched: the run rate
   limited a stream, interactive or the bulk one (remedy.h: the goal
   follows which); else one replay at the estimate */
static int bulk_searched(const struct pk_remedies *r)
{
	return r->before.inter_429 > 0 || r->before.bulk_429 > 0;
}

/*
 * Bulk remedy k's setting (RU/s the bulk stream may use: its budget, or
 * its bucket's cap) searched (remedy.h): the largest on the grid of
 * bulk_step below the container's RU/s that leaves the interactive
 * streams without a 429, from the estimate est. search_from runs over
 * what is withheld, w = RU/s - setting (the smallest w is the largest
 * setting); w = 0, the whole RU/s, taken to rate limit as the run did.
 * The figures are turned back into settings.
 */
static void bulk_search(const struct remedy_task *t, enum pk_remedy_kind k,
			struct replay_change *ch, double est)
{
	struct pk_remedy *m = &t->out->items[k];
	int64_t all = t->out->start_ru_per_s;
	int64_t top = (all - 1) / m->step * m->step;
	int64_t h =
	    (all - (int64_t)floor(est) + m->step - 1) / m->step * m->step;

	h = h < m->step ? m->step : h > top ? top : h;
	ch->what = k == PK_REMEDY_BUDGET ? REPLAY_BUDGET : REPLAY_BUCKET;
	search_from(t, m, ch, 0, top, 0, h);
	ch->what = REPLAY_RU;
	ch->r = 0;
	m->hint = all - m->hint;
	m->setting = all - m->setting;
	/* below: the setting above the answer that rate limited; 0 when
	   that was the whole RU/s, not replayed */
	m->below =
	    m->status == PK_REMEDY_FOUND && m->below > 0 ? all - m->below : 0;
}

/* 1 if an interactive stream of sc (every stream but bulk) takes the
   account's Low default priority (rule 35): the Low remedy sets it High */
static int others_default_low(const struct pk_scenario *sc, int bulk)
{
	size_t i;

	for (i = 0; sc->account_default_low && i < sc->n_streams; i++) {
		if (i != (size_t)bulk && !sc->streams[i].client.priority_set) {
			return 1;
		}
	}
	return 0;
}

/* The bulk stream's remedies (remedy.h): a client RU budget, Low
   priority, a throughput bucket */
void search_bulk(const struct remedy_task *t)
{
	struct pk_remedies *r = t->out;
	const struct pk_client_spec *bc;
	struct pk_client_spec c;
	struct replay_change ch = {0, NULL, 0, NULL,	  0, 0, NULL,
				   0, 0,    0, REPLAY_RU, 0, 0};
	double room = (double)r->start_ru_per_s - r->inter_ru_per_s;
	const char *why = NULL;
	int k;

	if (r->bulk < 0) {
		for (k = PK_REMEDY_BUDGET; k <= PK_REMEDY_BUCKET; k++) {
			r->items[k].status = PK_REMEDY_NOT_APPLICABLE;
		}
		return;
	}
	for (k = PK_REMEDY_BUDGET; k <= PK_REMEDY_BUCKET; k++) {
		r->items[k].status = PK_REMEDY_NOT_REPLAYED;
	}
	bc = &t->sc->streams[r->bulk].client;
	c = *bc;
	ch.bulk_client = &c;
	if (room < 1) {
		r->items[PK_REMEDY_BUDGET].why_not =
		    "the interactive streams alone offer the container's "
		    "RU/s: no room for the bulk stream";
		r->items[PK_REMEDY_BUCKET].why_not =
		    r->items[PK_REMEDY_BUDGET].why_not;
	} else {
		/* within the cap of a bucket it is in (rule 31) */
		if (bc->throughput_bucket > 0 &&
		    t->spec->bucket_pct[bc->throughput_bucket] > 0) {
			double cap =
			    (double)r->start_ru_per_s *
			    t->spec->bucket_pct[bc->throughput_bucket] / 100.0;

			r->room_in_bucket = cap < room;
			room = cap < room ? cap : room;
		}
		c.ru_budget_per_s = floor(room);
		if (bulk_searched(r)) {
			bulk_search(t, PK_REMEDY_BUDGET, &ch, room);
		} else {
			bulk_probe(t, PK_REMEDY_BUDGET, &ch,
				   (int64_t)floor(room));
		}
		c = *bc;
		r->bucket_id = bucket_free(t, bc, &why);
		if (r->bucket_id > 0) {
			ch.bucket_id = r->bucket_id;
			ch.bucket_pct =
			    (int)(room * 100.0 / (double)r->start_ru_per_s);
			ch.bucket_pct = ch.bucket_pct < 1 ? 1 : ch.bucket_pct;
			c.throughput_bucket = r->bucket_id;
			if (bulk_searched(r)) {
				bulk_search(t, PK_REMEDY_BUCKET, &ch,
					    (double)ch.bucket_pct *
						(double)r->start_ru_per_s /
						100.0);
			} else {
				bulk_probe(t, PK_REMEDY_BUCKET, &ch,
					   ch.bucket_pct * r->start_ru_per_s /
					       100);
			}
			r->bucket_pct =
			    (int)(r->items[PK_REMEDY_BUCKET].setting * 100 /
				  r->start_ru_per_s);
			ch.bucket_id = 0;
		} else {
			r->items[PK_REMEDY_BUCKET].why_not = why;
		}
	}
	c = *bc;
	r->others_high = others_default_low(t->sc, r->bulk);
	if (bc->priority_low && !r->others_high) {
		r->items[PK_REMEDY_LOW].why_not =
		    "the bulk stream's requests are Low already";
		return;
	}
	c.priority_low = 1;
	c.priority_set = 1;
	ch.raise_others = r->others_high;
	bulk_probe(t, PK_REMEDY_LOW, &ch, r->start_ru_per_s);
}

/* The replays the bulk stream's remedies run (search_bulk's tests) */
size_t bulk_bound(const struct remedy_task *t)
{
	const struct pk_remedies *r = t->out;
	const struct pk_client_spec *bc;
	const char *why = NULL;
	size_t b = 0;

	if (r->bulk < 0) {
		return 0;
	}
	bc = &t->sc->streams[r->bulk].client;
	if ((double)r->start_ru_per_s - r->inter_ru_per_s >= 1) {
		size_t one = bulk_searched(r)
				 ? search_bound((r->start_ru_per_s - 1) /
						    bulk_step(r) * bulk_step(r),
						bulk_step(r))
				 : 1;

		b += one * (1 + (bucket_free(t, bc, &why) > 0));
	}
	return b + (!bc->priority_low || others_default_low(t->sc, r->bulk));
}
