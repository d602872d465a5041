/*
 * ddb_ondemand: an on-demand table side's instant limit from the peak
 * it reached (ddb_ondemand.h). Second k's P is kept in peaks[k % lag_s],
 * so the slot second s reads, P(s - lag_s), is the one it overwrites
 * when it closes.
 */
#include "pksim/service/dynamodb/ddb_ondemand.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* One capacity unit, mCU: a second whose admitted units come within one
   of the limit met it */
#define OD_UNIT_MCU 1000

static int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

/* The limit of the open second t_s: max(warm, 2 x P(t_s - lag_s)) */
static void open_second(struct pk_ddb_od *o)
{
	int64_t then = o->t_s - o->lag_s;
	int64_t p = then < 0 ? 0 : o->peaks[o->t_s % o->lag_s];

	o->used_mcu = 0;
	o->paired_mcu = 0;
	o->asked_mcu = 0;
	o->s_throttled = 0;
	o->s_limit = 0;
	o->other_asked_mcu = 0;
	o->other_limit_mcu = 0;
	o->limit_mcu = max64(o->warm_mcu, 2 * p);
}

void ddb_od_init(struct pk_ddb_od *o, int64_t warm_mcu, int64_t quota_mcu,
		 int64_t max_mcu, int64_t sustain_s, int64_t lag_s)
{
	memset(o, 0, sizeof(*o));
	o->warm_mcu = warm_mcu;
	o->quota_mcu = quota_mcu;
	o->max_mcu = max_mcu;
	o->sustain_s = sustain_s;
	o->lag_s = lag_s;
	o->served = xcalloc((size_t)sustain_s, sizeof(*o->served));
	o->peaks = xcalloc((size_t)lag_s, sizeof(*o->peaks));
	o->over.first_s = -1;
	open_second(o);
}

void ddb_od_free(struct pk_ddb_od *o)
{
	if (o != NULL) {
		free(o->served);
		free(o->peaks);
		o->served = o->peaks = NULL;
	}
}

int64_t ddb_od_bound_mcu(const struct pk_ddb_od *o)
{
	int64_t b = o->limit_mcu < o->quota_mcu ? o->limit_mcu : o->quota_mcu;

	return o->max_mcu > 0 && o->max_mcu < b ? o->max_mcu : b;
}

enum pk_ddb_verdict ddb_od_admit(struct pk_ddb_od *o, int64_t u)
{
	int64_t want = o->used_mcu + u;
	int64_t bound = ddb_od_bound_mcu(o);

	if (want <= bound) {
		o->used_mcu = want;
		return PK_DDB_ADMITTED;
	}
	if (o->max_mcu > 0 && bound == o->max_mcu) {
		return PK_DDB_THROTTLE_MAX_ON_DEMAND;
	}
	if (bound == o->quota_mcu) {
		return PK_DDB_THROTTLE_ACCOUNT;
	}
	o->s_limit++; /* the instant limit's own refusal */
	return PK_DDB_THROTTLE_KEY_RANGE;
}

/* Whether a and b's u_a + u_b (mCU, >= 0) are within their instant
   limits taken together, u_a / limit_a + u_b / limit_b <= 1, in
   integers: u_a x limit_b + u_b x limit_a <= limit_a x limit_b (each
   product under 2^126) */
static int within_pair(const struct pk_ddb_od *a, int64_t u_a,
		       const struct pk_ddb_od *b, int64_t u_b)
{
	__extension__ typedef unsigned __int128 u128;
	u128 sum =
	    (u128)u_a * (u128)b->limit_mcu + (u128)u_b * (u128)a->limit_mcu;

	return sum <= (u128)a->limit_mcu * (u128)b->limit_mcu;
}

enum pk_ddb_verdict ddb_od_admit_pair(struct pk_ddb_od *o,
				      const struct pk_ddb_od *other, int64_t u,
				      int first)
{
	if (o->used_mcu + u <= ddb_od_bound_mcu(o) &&
	    !within_pair(o, o->used_mcu + u, other, other->used_mcu)) {
		o->paired_mcu += first ? u : 0;
		o->s_limit++;
		return PK_DDB_THROTTLE_KEY_RANGE;
	}
	return ddb_od_admit(o, u);
}

void ddb_od_weigh_pair(struct pk_ddb_od *r, struct pk_ddb_od *w)
{
	if (within_pair(r, r->asked_mcu, w, w->asked_mcu)) {
		return;
	}
	if (r->asked_mcu > 0) {
		r->other_asked_mcu = w->asked_mcu;
		r->other_limit_mcu = w->limit_mcu;
	}
	if (w->asked_mcu > 0) {
		w->other_asked_mcu = r->asked_mcu;
		w->other_limit_mcu = r->limit_mcu;
	}
}

/* What the open second reached: what it admitted, and the first
   attempts only the two sides' linear combination refused, at most its
   own bounds (the peak the traffic would have made on this side
   alone) */
static int64_t reached(const struct pk_ddb_od *o)
{
	int64_t r = o->used_mcu + o->paired_mcu;
	int64_t bound = max64(o->used_mcu, ddb_od_bound_mcu(o));

	return r < bound ? r : bound;
}

/* Close the open second having reached used_mcu */
static void close_one(struct pk_ddb_od *o, int64_t used_mcu)
{
	int64_t *slot = &o->served[o->t_s % o->sustain_s];

	o->served_sum += used_mcu - *slot;
	*slot = used_mcu;
	o->peak_mcu = max64(o->peak_mcu, o->served_sum / o->sustain_s);
	o->peaks[o->t_s % o->lag_s] = o->peak_mcu;
	o->t_s++;
}

void ddb_od_ask(struct pk_ddb_od *o, int64_t u, int throttled)
{
	o->asked_mcu += u;
	o->s_throttled += throttled != 0;
}

/* The open second's traffic against its instant limit (D12): asked
   past it, alone or with the other side's (ddb_od_weigh_pair), the
   second counts in `over` */
static void weigh_over(struct pk_ddb_od *o)
{
	struct pk_ddb_past_peak *v = &o->over;

	if (o->asked_mcu <= o->limit_mcu && o->other_limit_mcu == 0) {
		return;
	}
	if (v->first_s < 0) {
		v->first_s = o->t_s;
		v->first_limit_mcu = o->limit_mcu;
		v->first_asked_mcu = o->asked_mcu;
		v->other_asked_mcu = o->other_asked_mcu;
		v->other_limit_mcu = o->other_limit_mcu;
	}
	v->seconds++;
	v->throttled += o->s_throttled;
	/* met: it refused a request, or the table admitted within a
	   unit of it (partitions whose caps add up to the limit refuse
	   first, D3) */
	v->met_seconds +=
	    o->s_limit > 0 || o->used_mcu + OD_UNIT_MCU > o->limit_mcu;
	v->peak_asked_mcu = max64(v->peak_asked_mcu, o->asked_mcu);
}

void ddb_od_close(struct pk_ddb_od *o, int64_t n)
{
	/* past sustain_s idle seconds the window is empty, and past lag_s
	   more every slot of peaks holds P: the rest changes nothing */
	int64_t k,
	    steps = n < o->sustain_s + o->lag_s ? n : o->sustain_s + o->lag_s;

	weigh_over(o);
	close_one(o, reached(o));
	for (k = 1; k < steps; k++) {
		close_one(o, 0);
	}
	o->t_s += n - steps;
	open_second(o);
}
