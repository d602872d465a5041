/*
 * plan_queues: the operations that can wait at once before the run, for
 * the memory estimate: the retries rate-limited operations queue (each
 * for at most its client's waits) and the operations a paced client
 * (concurrency and latency, ru_budget) holds until it can send them.
 */
#include "loader.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* The stream phase i belongs to. */
const struct pk_stream_spec *ld_phase_stream(const struct pk_scenario *s,
					     size_t i)
{
	size_t k;

	for (k = 0; k < s->n_streams; k++) {
		const struct pk_stream_spec *st = &s->streams[k];

		if (i >= st->phase_first &&
		    i < st->phase_first + st->n_phases) {
			return st;
		}
	}
	return &s->streams[0];
}

/*
 * 1 when every retry a run of s queues comes due in the order it is
 * queued, by (time, place): every variant a Cosmos DB container (a
 * table's retry modes back off with jitter), no 410 retries (a split's
 * fixed short delay, ld_gone_retries), and every stream's client open
 * loop (no concurrency, whose workers answer each stream after its own
 * latency, and no ru_budget, whose retries wait for their budget) and
 * retrying by the service's retry-after (policy sdk; exponential draws
 * jitter; none never retries). Then a 429 at t in second s waits to
 * the next whole second (throttle.c: (s + 1) x 1000 - t), due at
 * second s + 1's start, after every retry queued before it (due then
 * or earlier); those queued for the same start come in the order of
 * their places: the retries sent at second s's start, in place order,
 * and then the operations that arrived in second s, later in the
 * stream than any of those.
 */
static int retries_in_order(const struct pk_scenario *s)
{
	size_t i;

	if (ld_gone_retries(s) > 0) {
		return 0;
	}
	for (i = 0; i < s->n_variants; i++) {
		if (scenario_variant_table(s, &s->variants[i])) {
			return 0;
		}
	}
	for (i = 0; i < s->n_streams; i++) {
		const struct pk_client_spec *c = &s->streams[i].client;

		if (c->retry.policy == PK_RETRY_EXPONENTIAL ||
		    c->concurrency > 0 || c->ru_budget_per_s > 0) {
			return 0;
		}
	}
	return 1;
}

double ld_retry_entry_bytes(const struct pk_scenario *s)
{
	return retries_in_order(s) ? PK_SCENARIO_RETRY_RUN_BYTES
				   : PK_SCENARIO_RETRY_BYTES;
}

/* Bytes one waiting retry of phase ph of s takes on average: the entry
   (ld_retry_entry_bytes), and for its share of queries the copy of the
   longest IN list a query of the phase has, for its share of
   BatchGetItems the copy of their keys (at most batch_get_size: the
   unread ones, sim_unread) (8 bytes a value or key; a queued retry owns
   it, retryq.h). */
static double retry_bytes(const struct pk_scenario *s,
			  const struct pk_phase_spec *ph)
{
	double in = 0;
	size_t i, c;

	for (i = 0; i < ph->n_queries; i++) {
		for (c = 0; c < ph->queries[i].n_conds; c++) {
			if (ph->queries[i].conds[c].kind == PK_COND_IN) {
				in = fmax(in, ph->queries[i].conds[c].in_count);
			}
		}
	}
	return ld_retry_entry_bytes(s) +
	       (ph->mix[PK_OP_QUERY] * in +
		ph->mix[PK_OP_BATCH_GET] * (double)ph->batch_get_size) *
		   (double)sizeof(uint64_t);
}

/* The bytes stream st's busiest phase's retries can hold waiting at once
   (every variant), that phase (*worst) and its retries a variant
   (*queued); 0 without retries, and for a phase no operation of which
   can be rate limited (ld_phase_can_throttle); of a phase's operations
   only those on a partition that can pass its share of the RU/s
   (ld_phase_over_share). */
static double stream_retry_bytes(const struct pk_scenario *s,
				 const struct pk_stream_spec *st, size_t *worst,
				 double *queued)
{
	double bytes = 0;
	double q, b, f;
	struct ld_throttle_plan t;
	size_t i;

	*worst = st->phase_first;
	*queued = 0;
	if (!ld_plan_retry(s).enabled) {
		return 0;
	}
	ld_throttle_plan_init(&t, s);
	for (i = st->phase_first; i < st->phase_first + st->n_phases; i++) {
		if (!ld_plan_can_throttle(&t, i)) {
			continue;
		}
		/* arrivals over one operation's waits, at most the phase's
		   operations, of those sent to a partition that can pass
		   its share of the RU/s (the others are never rate
		   limited); a closed loop of C workers holds at most C
		   unanswered (a retrying operation keeps its worker) */
		f = ld_plan_over_share(&t, i);
		q = f * fmin(ld_phase_peak(&s->phases[i]) *
				 ld_stream_retry_life_s(s, &st->client),
			     ld_phase_ops(&s->phases[i]));
		if (st->client.concurrency > 0) {
			q = fmin(q, (double)st->client.concurrency);
		}
		b = q * retry_bytes(s, &s->phases[i]) * (double)s->n_variants;
		if (b > bytes || isnan(b)) {
			bytes = b;
			*queued = q;
			*worst = i;
		}
	}
	ld_throttle_plan_free(&t);
	return bytes;
}

/* The bytes the streams' retries can hold waiting at once: the streams
   run side by side, so each stream's busiest phase's (stream_retry_bytes)
   together; the busiest of those phases (*worst), the retries a variant
   of all streams (*queued) and how many streams queue any (*streams). */
double ld_retry_queue_bytes(const struct pk_scenario *s, size_t *worst,
			    double *queued, size_t *streams)
{
	double bytes = 0, most = -1, b, q;
	size_t k, w;

	*worst = 0;
	*queued = 0;
	*streams = 0;
	for (k = 0; k < s->n_streams && s->n_phases > 0; k++) {
		b = stream_retry_bytes(s, &s->streams[k], &w, &q);
		if (!(b > 0) && !isnan(b)) {
			continue;
		}
		bytes += b;
		*queued += q;
		*streams += 1;
		if (b > most || isnan(b)) {
			most = b;
			*worst = w;
		}
	}
	return bytes;
}

/* The fastest stream st's client sends operations of phase p (NULL: a
   data file's records), ops/s, at the slowest it can: concurrency / the
   time an operation can hold a worker, one latency, and when the run can
   be rate limited (thr) 1 + max_retries latencies and max_wait (a worker
   waits out its operation's 429s, a table's retry modes' own:
   ld_stream_retry), and the retries of a 410 within split_gone, as the
   366-day bound holds them (plan_client.c); ru_budget / the most one
   operation is charged (ld_worst_op_ru_at, on ranges partitions with the
   run's largest item: ld_ranges_bound and ld_largest_item, asked once for
   a pass over the phases; a 429 spends no budget); the lower. HUGE_VAL
   for an open loop, which sends at arrival. */
static double client_rate(const struct pk_scenario *s,
			  const struct pk_client_spec *c,
			  const struct pk_phase_spec *p, int thr, double ranges,
			  double largest, double tbytes)
{
	double rate = HUGE_VAL, w, hold, retries = 0, waits = 0;

	if (c->concurrency > 0) {
		struct pk_retry_spec rt = ld_stream_retry(s, c);

		hold = (double)c->latency_ms / 1000.0;
		if (rt.enabled && thr) {
			retries = (double)rt.max_retries;
			waits = (double)rt.max_wait_ms / 1000.0;
		}
		if (ld_gone_retries(s) > 0) {
			retries += ld_gone_retries(s);
			waits += PK_THROTTLE_GONE_MAX_WAIT_MS / 1000.0;
		}
		rate =
		    (double)c->concurrency / (hold * (1.0 + retries) + waits);
	}
	if (c->ru_budget_per_s > 0) {
		w = ld_worst_op_ru_at(s, p, ranges, largest, tbytes);
		if (w > 0) {
			rate = fmin(rate, c->ru_budget_per_s / w);
		}
	}
	return rate;
}

/* 1 when uniform arrivals at up to peak ops/s never wait for a client
   that sends rate ops/s (client_rate): their closest arrivals, floored to
   the millisecond, come at least PK_PACED_GAP_S more apart than the
   client's spacing (its budget clock is rounded up to the millisecond
   too), so each finds its budget spent and a worker free (C workers of
   latency L take every C-th operation, C / peak apart, at least L + C
   ms). */
#define PK_PACED_GAP_S 0.002
static int never_waits(double peak, double rate)
{
	return 1.0 / peak - 1.0 / rate >= PK_PACED_GAP_S;
}

/* 1 when every operation of phase p can wait for its client, whatever
   its rate: Poisson arrivals (any gap can be short), or a run that can
   be rate limited (thr: a retry holds a worker or spends budget). */
static int phase_all_wait(const struct pk_phase_spec *p, int thr)
{
	return p->arrival == PK_ARRIVAL_POISSON || thr;
}

/*
 * The most the arrivals of spike train c (a counter's piece over a ramp,
 * slope != 0: schedule.h) can pass what a client sending rate ops/s
 * sends over any stretch of it, e periods of spikes of factor: a period
 * brings n_k = n_0 + k d (the ramp adds the same d each period), so its
 * net g_k = n_k - rate x e is linear in k and the whole periods' nets
 * that are above 0 sum in closed form; a stretch's part of a period at
 * either end adds at most (top - rate) x e, top the train's highest rate
 * (the ramp's higher end, in a spike). n_0 and d are counted on a copy
 * of c. HUGE_VAL for a train under two whole periods.
 */
static double train_net_bound(const struct pk_schedule_cursor *c, double e,
			      double factor, double rate)
{
	struct pk_schedule_cursor q = *c;
	double t0 = (double)c->t0_s, len = (double)(c->t1_s - c->t0_s);
	double periods = floor(len / e), l0 = c->lam0 + c->lam0_c, l1, l2;
	double g0, d, lo, hi, top, sum = 0;

	if (periods < 2) {
		return HUGE_VAL;
	}
	top = fmax(c->rate0, c->rate0 + c->slope * len) * fmax(1, factor);
	l1 = schedule_cursor_count(&q, t0 + e);
	l2 = schedule_cursor_count(&q, t0 + 2 * e);
	g0 = (l1 - l0) - rate * e;
	d = (l2 - l1) - (l1 - l0);
	/* the whole periods k in [lo, hi] with g0 + k d > 0 */
	lo = 0;
	hi = periods - 1;
	if (d > 0) {
		lo = fmax(0, floor(-g0 / d) + 1);
	} else if (d < 0) {
		hi = fmin(hi, ceil(-g0 / d) - 1);
	} else if (!(g0 > 0)) {
		hi = -1;
	}
	if (hi >= lo) {
		sum = (hi - lo + 1) * (g0 + d * (lo + hi) / 2);
	}
	return fmax(0, sum) + 2 * fmax(0, top - rate) * e;
}

/*
 * The queue a paced client sending rate ops/s holds through scheduled
 * phase p (wall0 its clock second), *queue waiting at its start and at
 * its end; the largest on the way into *most. The schedule's counter
 * pieces are walked in order. A linear piece (a step, an hour, a ramp)
 * is cut where its rate crosses the client's, so the net rate has one
 * sign in each part and the queue, max(0, queue + arrivals - rate x
 * length), is largest at a part's end. A spike train (two periods or
 * more in one piece) at a steady rate repeats one period, so what waits
 * in it is at most its net over the train and one spike's excess,
 * (peak - rate) x spike_for, peak the phase's highest rate; with a ramp
 * under the spikes, what any stretch of it can add (train_net_bound),
 * and at its end the more of that and what the train adds in all, at
 * most its arrivals. Poisson's
 * count beyond the uniform one waits from the phase's end.
 */
static void phase_backlog(const struct pk_phase_spec *p, int64_t wall0,
			  double rate, int all, double *queue, double *most,
			  double *waited)
{
	struct pk_schedule_cursor c;
	double a0 = 0, a, x, from, len, cut[2], peak = -1, spike, top;
	int64_t dur_s = p->duration_ms / 1000;
	size_t m, k;

	schedule_counter_init(&c, p->schedule, wall0, dur_s);
	do {
		len = (double)(c.t1_s - c.t0_s);
		/* the piece's operations can wait: its highest rate (a
		   spike's in a train) comes near the client's, or some
		   wait when it starts */
		top = fmax(c.rate0, c.rate0 + c.slope * len) *
		      (c.train ? fmax(1, p->schedule->spike_factor) : 1);
		if (all || *queue > 0 || !never_waits(top, rate)) {
			*waited += c.lam1 - a0;
		}
		if (c.train) {
			if (peak < 0) {
				schedule_total(p->schedule, wall0, dur_s, &peak,
					       NULL);
			}
			a = c.lam1 - a0;
			if (c.slope != 0) {
				x = fmin(a,
					 train_net_bound(
					     &c,
					     (double)p->schedule->spike_every_s,
					     p->schedule->spike_factor, rate));
				*most = fmax(*most, *queue + x);
				*queue = fmin(
				    *queue + a,
				    fmax(fmax(0, *queue + a - rate * len), x));
				a0 = c.lam1;
				continue;
			}
			spike = fmax(0, (peak - rate) *
					    (double)p->schedule->spike_for_s);
			x = fmin(a, fmax(0, a - rate * len) + spike);
			*most = fmax(*most, *queue + x);
			*queue = fmax(0, *queue + a - rate * len) + spike;
			*queue = fmin(*queue, *most);
			a0 = c.lam1;
			continue;
		}
		m = 0;
		if (c.slope != 0) {
			x = (rate - c.rate0) / c.slope;
			if (x > 0 && x < len) {
				cut[m++] = (double)c.t0_s + x;
			}
		}
		cut[m++] = (double)c.t1_s;
		from = (double)c.t0_s;
		for (k = 0; k < m; k++) {
			a = k + 1 < m ? schedule_cursor_count(&c, cut[k])
				      : c.lam1;
			*queue =
			    fmax(0, *queue + a - a0 - rate * (cut[k] - from));
			*most = fmax(*most, *queue);
			a0 = a;
			from = cut[k];
		}
	} while (schedule_cursor_next(&c));
	x = ld_phase_count(p) - a0;
	if (x > 0) {
		*queue += x;
		*most = fmax(*most, *queue);
		*waited += x;
	}
}

/* The most operations a stream's paced client (concurrency, ru_budget)
   holds waiting at once: what was waiting before plus what arrived less
   what the client could send (client_rate), never below 0, at the end
   of each phase without a schedule and through each scheduled phase's
   pieces (phase_backlog: a peak above the client's rate queues although
   the phase's mean fits); the largest. 0 for an open loop. Into *waited
   the operations that can wait at all, whose waits the client records:
   a phase's or a schedule piece's when some wait at its start, its peak
   comes near the client's rate (never_waits) or any can
   (phase_all_wait); a data file's all. */
static double client_backlog(const struct pk_scenario *s,
			     const struct pk_stream_spec *st, double *waited)
{
	const struct pk_client_spec *c = &st->client;
	double queue = 0, most = 0, rate, start = 0;
	int thr = scenario_can_throttle(s);
	/* the most ranges and the largest item, once for the pass */
	double ranges = ld_ranges_bound(s),
	       largest = (double)ld_largest_item(s),
	       tbytes = ld_table_bytes(s, ld_items_planned(s), largest);
	size_t j;

	*waited = 0;
	for (j = 0; j < st->n_phases; j++) {
		const struct pk_phase_spec *p = &s->phases[st->phase_first + j];

		rate = client_rate(s, c, p, thr, ranges, largest, tbytes);
		if (rate == HUGE_VAL) {
			/* an open-loop phase sends at arrival */
		} else if (p->schedule && p->duration_ms >= 1000) {
			phase_backlog(p, s->clock_start_s + (int64_t)start,
				      rate, phase_all_wait(p, thr), &queue,
				      &most, waited);
		} else {
			if (phase_all_wait(p, thr) || queue > 0 ||
			    !never_waits(ld_phase_peak(p), rate)) {
				*waited +=
				    fmax(ld_phase_count(p), ld_phase_ops(p));
			}
			queue =
			    fmax(0, queue + ld_phase_count(p) -
					rate * (double)p->duration_ms / 1000.0);
			most = fmax(most, queue);
		}
		start += (double)p->duration_ms / 1000.0;
	}
	rate = client_rate(s, c, NULL, thr, ranges, largest, tbytes);
	if (st == s->streams && s->items_file && s->items_file->trace &&
	    rate != HUGE_VAL) {
		/* a data file's arrivals against what the client sends */
		most = fmax(most, ld_file_backlog(s->items_file, rate));
		*waited += ld_file_ops(s->items_file);
	}
	return most;
}

/* The most operations stream st can have arrived and not yet answered:
   all of its phases' (the larger of their workload count and expected
   operations) and, for the first stream, a data file's records and the
   queries `compare --query` sends among them. */
static double stream_ops(const struct pk_scenario *s,
			 const struct pk_stream_spec *st)
{
	double n = 0;
	size_t j;

	for (j = 0; j < st->n_phases; j++) {
		const struct pk_phase_spec *p = &s->phases[st->phase_first + j];

		n += fmax(ld_phase_count(p), ld_phase_ops(p));
	}
	if (st == s->streams && s->items_file) {
		n += ld_file_ops(s->items_file);
	}
	return n;
}

/* Bytes the paced clients' waiting operations can hold, every stream and
   variant: an entry each of the FIFO run the client queues them in, in
   arrival order (PK_SCENARIO_PACED_WAIT_BYTES, retryq.h), and for every
   operation of a paced stream that can wait (client_backlog) the record
   of its wait the report keeps (PK_SCENARIO_PACED_OP_BYTES), and each
   closed-loop worker's times (PK_SCENARIO_WORKER_BYTES). An operation
   waits for its client or to retry, never both at once: a
   stream's queued retries a variant (the data file's, file_queued, for
   the first stream with a data file; else its busiest phase's,
   stream_retry_bytes) and its client's backlog together are at most its
   operations, so what passes them is not counted twice (the retries
   keep their own figure, and the backlog gives way). */
double ld_client_queue_bytes(const struct pk_scenario *s, double file_queued)
{
	double n = 0, ops = 0, workers = 0, b, q, waited;
	size_t i, w;

	for (i = 0; i < s->n_streams; i++) {
		const struct pk_stream_spec *st = &s->streams[i];

		b = client_backlog(s, st, &waited);
		ops += waited;
		workers += (double)st->client.concurrency;
		if (s->items_file) {
			q = i == 0 ? file_queued : 0;
		} else if (b > 0) {
			stream_retry_bytes(s, st, &w, &q);
		} else {
			q = 0;
		}
		if (q > 0) {
			b -= fmax(0, fmin(b, b + q - stream_ops(s, st)));
		}
		n += b;
	}
	return (n * PK_SCENARIO_PACED_WAIT_BYTES +
		ops * PK_SCENARIO_PACED_OP_BYTES +
		workers * PK_SCENARIO_WORKER_BYTES) *
	       (double)s->n_variants;
}
