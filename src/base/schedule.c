/*
 * schedule: a phase's rate over time and the arrival instants it makes
 * (include/pksim/base/schedule.h has the rules). The walk goes piece
 * by piece; a piece is a stretch between two whole-second boundaries in
 * which the rate is linear, so its integral is exact: rate0 x len +
 * slope x len^2 / 2. L is summed over pieces with Neumaier's compensated
 * sum, so a year of hourly pieces keeps L within a few ulps and an
 * integer total stays an integer for the rounding rule.
 */
#include "pksim/base/schedule.h"

#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"

void schedule_spec_free(struct pk_schedule_spec *spec)
{
	if (!spec) {
		return;
	}
	free(spec->steps);
	free(spec->holidays);
	spec->steps = NULL;
	spec->holidays = NULL;
	spec->n_steps = 0;
	spec->n_holidays = 0;
	spec->n_holiday_entries = 0;
}

static int holiday_cmp(const void *a, const void *b)
{
	const struct pk_schedule_holiday *x = a, *y = b;

	if (x->first_day != y->first_day) {
		return x->first_day < y->first_day ? -1 : 1;
	}
	return (x->last_day > y->last_day) - (x->last_day < y->last_day);
}

void schedule_holidays_sort(struct pk_schedule_spec *spec)
{
	struct pk_schedule_holiday *h = spec->holidays;
	size_t i, n = 0;

	spec->n_holiday_entries = spec->n_holidays;
	if (spec->n_holidays == 0) {
		return;
	}
	qsort(h, spec->n_holidays, sizeof(*h), holiday_cmp);
	for (i = 1; i < spec->n_holidays; i++) {
		if (h[i].first_day <= h[n].last_day + 1) {
			/* overlaps or starts the day after: one range */
			if (h[i].last_day > h[n].last_day) {
				h[n].last_day = h[i].last_day;
			}
		} else {
			h[++n] = h[i];
		}
	}
	spec->n_holidays = n + 1;
}

static _Atomic unsigned long holiday_looks;

unsigned long schedule_holiday_looks(void)
{
	return atomic_load_explicit(&holiday_looks, memory_order_relaxed);
}

/* floor(a / b) for b > 0, any sign of a */
static int64_t floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	if (a % b != 0 && a < 0) {
		q--;
	}
	return q;
}

static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* 1 if day (days since 1970-01-01) sends nothing: its weekly multiplier
   is 0 or it is a holiday (the ranges sorted and apart: halving) */
static int day_off(const struct pk_schedule_spec *s, int64_t day)
{
	size_t lo = 0, hi = s->n_holidays, mid;
	unsigned long looked = 0;

	if (s->has_weekly) {
		int64_t dow =
		    (day + PK_SCHEDULE_EPOCH_WEEKDAY) % PK_SCHEDULE_DAYS;

		if (dow < 0) {
			dow += PK_SCHEDULE_DAYS;
		}
		if (s->weekly[dow] == 0) {
			return 1;
		}
	}
	/* the first range that ends on day or later: day is off when it
	   has started by then */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		looked++;
		if (s->holidays[mid].last_day < day) {
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	if (looked) {
		atomic_fetch_add_explicit(&holiday_looks, looked,
					  memory_order_relaxed);
	}
	return lo < s->n_holidays && s->holidays[lo].first_day <= day;
}

/* A spike train's multiplier g(u), u seconds from the start of a spike
   (spike_factor for the first spike_for_s of every spike_every_s, 1 for
   the rest), integrated: *g over [0, x), *ug of u g(u) over [0, x).
   Period j (n whole ones, then u = x - n E into the next) adds E P and
   j E P + Q to them (P = f F + E - F, Q = f F^2 / 2 + (E^2 - F^2) / 2):
   sum_j j E P over j < n is E P n (n - 1) / 2. */
static void train_integrals(const struct pk_schedule_spec *s, double x,
			    double *g, double *ug)
{
	const double e = (double)s->spike_every_s, f = (double)s->spike_for_s;
	const double k = s->spike_factor;
	double n = floor(x / e), u = x - n * e;
	double in = fmin(u, f), out = fmax(0.0, u - f);
	double p = k * f + (e - f), q = 0.5 * (k * f * f + e * e - f * f);

	*g = n * p + k * in + out;
	*ug = e * p * n * (n - 1) * 0.5 + n * q + n * e * (k * in + out) +
	      0.5 * k * in * in + (u > f ? 0.5 * (u * u - f * f) : 0.0);
}

/* The spikes' part of the piece from t0 (before *t1, the other
   boundaries): a counting cursor at a spike's start with two periods or
   more to go makes the rest one spike train (c->train: the spikes
   integrated in closed form); else the piece ends at the spike's edge
   and *m takes the factor inside one. */
static void spike_piece(struct pk_schedule_cursor *c, int64_t t0, int64_t *t1,
			double *m)
{
	const struct pk_schedule_spec *s = c->spec;
	int64_t p;

	if (t0 < s->spike_start_s) {
		*t1 = min64(*t1, s->spike_start_s);
		return;
	}
	p = (t0 - s->spike_start_s) % s->spike_every_s;
	if (c->trains && p == 0 && *t1 - t0 >= 2 * s->spike_every_s) {
		c->train = 1;
	} else if (p < s->spike_for_s) {
		*m *= s->spike_factor;
		*t1 = min64(*t1, t0 + s->spike_for_s - p);
	} else {
		*t1 = min64(*t1, t0 + s->spike_every_s - p);
	}
}

/* Set up the piece starting at c->t0_s (c->lam0 is L there): its end,
   rate and slope, and L at its end. */
static void piece_enter(struct pk_schedule_cursor *c)
{
	const struct pk_schedule_spec *s = c->spec;
	int64_t t0 = c->t0_s, wall = c->wall0_s + t0;
	int64_t day = floor_div(wall, PK_SCHEDULE_S_PER_DAY);
	int64_t sec = wall - day * PK_SCHEDULE_S_PER_DAY; /* 0 .. 86399 */
	int64_t t1 = c->dur_s;
	double m = 1, r = 0, slope = 0, len, add, sum, comp;
	int off = 0;

	c->train = 0;
	if (s->has_weekly || s->n_holidays > 0) {
		t1 = min64(t1, t0 + PK_SCHEDULE_S_PER_DAY - sec);
		if (day != c->off_day) {
			/* a day's pieces share its answer: the holiday
			   list is scanned once a day */
			c->off_day = day;
			c->off = day_off(s, day);
			c->days_looked++;
		}
		if (c->off) {
			/* the whole day is idle: one piece, nothing else
			   looked at */
			m = 0;
			off = 1;
		} else if (s->has_weekly) {
			int64_t dow = (day + PK_SCHEDULE_EPOCH_WEEKDAY) %
				      PK_SCHEDULE_DAYS;

			m *= s->weekly[dow < 0 ? dow + PK_SCHEDULE_DAYS : dow];
		}
	}
	if (!off && s->has_daily) {
		m *= s->daily[sec / PK_SCHEDULE_S_PER_HOUR];
		t1 = min64(t1, t0 + PK_SCHEDULE_S_PER_HOUR -
				   sec % PK_SCHEDULE_S_PER_HOUR);
	}
	switch (s->base) {
	case PK_SCHEDULE_RAMP:
		slope = (s->to_per_s - s->from_per_s) / (double)c->dur_s;
		r = s->from_per_s + slope * (double)t0;
		break;
	case PK_SCHEDULE_STEPS:
		while (c->step + 1 < s->n_steps &&
		       s->steps[c->step + 1].at_s <= t0) {
			c->step++;
		}
		r = s->steps[c->step].rate_per_s;
		if (c->step + 1 < s->n_steps) {
			t1 = min64(t1, s->steps[c->step + 1].at_s);
		}
		break;
	default:
		r = s->rate_per_s;
		break;
	}
	if (!off && s->has_spikes) {
		spike_piece(c, t0, &t1, &m);
	}
	c->t1_s = t1;
	c->rate0 = m * r;
	c->slope = m * slope;
	if (c->rate0 < 0) {
		c->rate0 = 0; /* a ramp's end, by a rounding */
	}
	len = (double)(t1 - t0);
	if (c->train) {
		double g, ug;

		train_integrals(s, len, &g, &ug);
		add = c->rate0 * g + c->slope * ug;
	} else {
		add = c->rate0 * len + 0.5 * c->slope * len * len;
	}
	if (add < 0) {
		add = 0;
	}
	/* Neumaier: L(t1) = (lam0 + lam0_c) + add, kept in two parts */
	sum = c->lam0 + add;
	comp = c->lam0_c;
	if (fabs(c->lam0) >= fabs(add)) {
		comp += (c->lam0 - sum) + add;
	} else {
		comp += (add - sum) + c->lam0;
	}
	c->lam1_s = sum;
	c->lam1_c = comp;
	c->lam1 = sum + comp;
	c->pieces++;
}

/* Move to the next piece; t1_s < dur_s. */
static void piece_next(struct pk_schedule_cursor *c)
{
	c->lam0 = c->lam1_s;
	c->lam0_c = c->lam1_c;
	c->t0_s = c->t1_s;
	piece_enter(c);
}

int schedule_cursor_next(struct pk_schedule_cursor *c)
{
	if (c->t1_s >= c->dur_s) {
		return 0;
	}
	piece_next(c);
	return 1;
}

/* A cursor at the phase's start, a counter (trains) or not */
static void cursor_start(struct pk_schedule_cursor *c,
			 const struct pk_schedule_spec *spec, int64_t wall0_s,
			 int64_t dur_s, int trains)
{
	c->spec = spec;
	c->wall0_s = wall0_s;
	c->dur_s = dur_s;
	c->t0_s = 0;
	c->lam0 = 0;
	c->lam0_c = 0;
	c->step = 0;
	c->pieces = 0;
	c->off_day = INT64_MIN;
	c->off = 0;
	c->days_looked = 0;
	c->trains = trains;
	piece_enter(c);
}

void schedule_cursor_init(struct pk_schedule_cursor *c,
			  const struct pk_schedule_spec *spec, int64_t wall0_s,
			  int64_t dur_s)
{
	cursor_start(c, spec, wall0_s, dur_s, 0);
}

void schedule_counter_init(struct pk_schedule_cursor *c,
			   const struct pk_schedule_spec *spec, int64_t wall0_s,
			   int64_t dur_s)
{
	cursor_start(c, spec, wall0_s, dur_s, 1);
}

int schedule_cursor_time(struct pk_schedule_cursor *c, double target, int snap,
			 int64_t *t_ms)
{
	double tol =
	    snap ? fmax(PK_WL_ROUND_EPS, PK_WL_ROUND_REL * fabs(target)) : 0;
	double d, x_ms;
	int64_t off, len_ms;

	while (!(c->lam1 - target > tol)) {
		if (c->t1_s >= c->dur_s) {
			return 0;
		}
		piece_next(c);
	}
	d = target - (c->lam0 + c->lam0_c);
	if (d <= 0) {
		x_ms = 0;
	} else if (c->slope == 0) {
		/* the order of a phase without a schedule: j x 1000 / r */
		x_ms = d * PK_MS_PER_S / c->rate0;
	} else {
		/* r0 x + slope x^2 / 2 = d, in the form that keeps its
		   precision for either sign of the slope */
		double disc = c->rate0 * c->rate0 + 2 * c->slope * d;

		x_ms = 2 * d / (c->rate0 + sqrt(disc > 0 ? disc : 0)) *
		       PK_MS_PER_S;
	}
	len_ms = (c->t1_s - c->t0_s) * PK_MS_PER_S;
	off = isfinite(x_ms) ? floor_robust(x_ms) : len_ms - 1;
	if (off > len_ms - 1) {
		off = len_ms - 1; /* L passes target inside the piece */
	}
	*t_ms = c->t0_s * PK_MS_PER_S + off;
	return 1;
}

double schedule_cursor_count(struct pk_schedule_cursor *c, double t_s)
{
	double x;

	if (t_s > (double)c->dur_s) {
		t_s = (double)c->dur_s;
	}
	while (t_s > (double)c->t1_s && c->t1_s < c->dur_s) {
		piece_next(c);
	}
	x = t_s - (double)c->t0_s;
	if (x <= 0) {
		return c->lam0 + c->lam0_c;
	}
	if (x >= (double)(c->t1_s - c->t0_s)) {
		return c->lam1;
	}
	if (c->train) {
		double g, ug;

		train_integrals(c->spec, x, &g, &ug);
		x = c->rate0 * g + c->slope * ug;
	} else {
		x = c->rate0 * x + 0.5 * c->slope * x * x;
	}
	return c->lam0 + c->lam0_c + (x > 0 ? x : 0);
}

/* The highest rate in the train piece of c: the piece's rate is linear
   times the train's multiplier, so its highest is at an end of the
   spikes' or the gaps' stretches: the first spike starts at 0 and the
   first gap at F; the last spike (the last period starting before the
   piece's end, len) ends at its F or len, the last gap at the end of
   its period or len. */
static double train_peak(const struct pk_schedule_cursor *c)
{
	const struct pk_schedule_spec *s = c->spec;
	const double e = (double)s->spike_every_s, f = (double)s->spike_for_s;
	const double len = (double)(c->t1_s - c->t0_s);
	double spike = (ceil(len / e) - 1) * e, gap = ceil((len - f) / e) * e;
	double r_spike =
	    fmax(c->rate0, c->rate0 + c->slope * fmin(len, spike + f));
	double r_gap =
	    fmax(c->rate0 + c->slope * f, c->rate0 + c->slope * fmin(len, gap));

	return fmax(s->spike_factor * r_spike, r_gap);
}

double schedule_total(const struct pk_schedule_spec *spec, int64_t wall0_s,
		      int64_t dur_s, double *peak_per_s, uint64_t *pieces)
{
	struct pk_schedule_cursor c;
	double peak = 0;

	schedule_counter_init(&c, spec, wall0_s, dur_s);
	for (;;) {
		double end = c.rate0 + c.slope * (double)(c.t1_s - c.t0_s);

		peak =
		    fmax(peak, c.train ? train_peak(&c) : fmax(c.rate0, end));
		if (c.t1_s >= c.dur_s) {
			break;
		}
		piece_next(&c);
	}
	if (peak_per_s) {
		*peak_per_s = isnan(peak) ? HUGE_VAL : peak;
	}
	if (pieces) {
		*pieces = c.pieces;
	}
	/* a product past the largest double (a huge rate x multipliers)
	   counts as unbounded, never as NaN */
	return isnan(c.lam1) ? HUGE_VAL : c.lam1;
}

double schedule_walk_pieces(const struct pk_schedule_spec *spec,
			    int64_t wall0_s, int64_t dur_s)
{
	struct pk_schedule_cursor c;
	double n = 0;

	schedule_counter_init(&c, spec, wall0_s, dur_s);
	for (;;) {
		if (c.train) {
			/* from a spike's start: a spike and a gap a whole
			   period, then the spike (and the gap) begun */
			const double e = (double)spec->spike_every_s;
			const double len = (double)(c.t1_s - c.t0_s);
			double k = floor(len / e), u = len - k * e;

			n += 2 * k + (u > 0) + (u > (double)spec->spike_for_s);
		} else {
			n += 1;
		}
		if (c.t1_s >= c.dur_s) {
			break;
		}
		piece_next(&c);
	}
	return n;
}

double schedule_wall_mean(const struct pk_schedule_spec *spec, int64_t wall0_s,
			  int64_t dur_s)
{
	struct pk_schedule_spec m = *spec;

	if (!spec->has_daily && !spec->has_weekly && spec->n_holidays == 0) {
		return 1.0;
	}
	/* a constant rate of 1 under the same multipliers counts their
	   integral */
	m.base = PK_SCHEDULE_CONST;
	m.rate_per_s = 1.0;
	m.steps = NULL;
	m.n_steps = 0;
	m.has_spikes = 0;
	return schedule_total(&m, wall0_s, dur_s, NULL, NULL) / (double)dur_s;
}

void schedule_phase_part(const struct pk_schedule_spec *spec,
			 struct pk_schedule_spec *out)
{
	*out = *spec;
	out->has_daily = 0;
	out->has_weekly = 0;
	out->holidays = NULL;
	out->n_holidays = 0;
	out->n_holiday_entries = 0;
}

double schedule_wall_at(const struct pk_schedule_spec *s, int64_t wall_s)
{
	int64_t day = floor_div(wall_s, PK_SCHEDULE_S_PER_DAY);
	int64_t sec = wall_s - day * PK_SCHEDULE_S_PER_DAY;
	double m = 1;

	/* piece_enter's multiplier, in its order */
	if (s->has_weekly || s->n_holidays > 0) {
		if (day_off(s, day)) {
			return 0;
		}
		if (s->has_weekly) {
			int64_t dow = (day + PK_SCHEDULE_EPOCH_WEEKDAY) %
				      PK_SCHEDULE_DAYS;

			m *= s->weekly[dow < 0 ? dow + PK_SCHEDULE_DAYS : dow];
		}
	}
	if (s->has_daily) {
		m *= s->daily[sec / PK_SCHEDULE_S_PER_HOUR];
	}
	return m;
}

/* The spikes over [0, x) of a train that starts at a spike's start
   (x >= 0): *in the seconds inside them, *mom the integral of u over
   those seconds. Period j (n whole ones, then c = min(F, x - n E) of
   the next spike) adds F and F j E + F^2 / 2; sum_j j over j < n is
   n (n - 1) / 2. */
static void spikes_from_start(const struct pk_schedule_spec *s, double x,
			      double *in, double *mom)
{
	const double e = (double)s->spike_every_s, f = (double)s->spike_for_s;
	double n = floor(x / e), c = fmax(0.0, fmin(f, x - n * e));

	*in = n * f + c;
	*mom = f * e * n * (n - 1) * 0.5 + n * f * f * 0.5 + c * n * e +
	       0.5 * c * c;
}

void schedule_own_split(const struct pk_schedule_own *o, size_t step, double a,
			double b, struct pk_schedule_split *out)
{
	const struct pk_schedule_spec *s = o->spec;
	const double len = b - a;
	double r0, slope = 0, in = 0, mom = 0, in_ops, out_ops;

	switch (s->base) {
	case PK_SCHEDULE_RAMP:
		/* the cursor's line: from + slope x t */
		slope = (s->to_per_s - s->from_per_s) / (double)o->dur_s;
		r0 = s->from_per_s + slope * a;
		break;
	case PK_SCHEDULE_STEPS:
		r0 = s->steps[step].rate_per_s;
		break;
	default:
		r0 = s->rate_per_s;
		break;
	}
	if (s->has_spikes && b > (double)s->spike_start_s) {
		/* from the first second at or past the spikes' start: its
		   place in its period (as the walk finds it, fmod), the
		   train from that period's start to either end */
		const double from = fmax(a, (double)s->spike_start_s);
		const double off = fmod(from - (double)s->spike_start_s,
					(double)s->spike_every_s);
		double i0, m0, i1, m1;

		spikes_from_start(s, off, &i0, &m0);
		spikes_from_start(s, off + (b - from), &i1, &m1);
		in = fmin(len, fmax(0.0, i1 - i0));
		/* about a: u - a = (u' - off) + (from - a), u' from the
		   period's start */
		mom = (m1 - m0) - off * in + (from - a) * in;
	}
	in_ops = r0 * in + slope * mom;
	out_ops = r0 * (len - in) + slope * (0.5 * len * len - mom);
	out->in_s = in;
	out->out_s = len - in;
	out->in_ops = s->has_spikes ? fmax(0.0, s->spike_factor * in_ops) : 0;
	out->out_ops = fmax(0.0, out_ops);
}

void schedule_own_init(struct pk_schedule_own *o,
		       const struct pk_schedule_spec *spec, int64_t dur_s)
{
	size_t j;

	o->spec = spec;
	o->dur_s = dur_s;
	o->sum = NULL;
	if (spec->base != PK_SCHEDULE_STEPS || spec->n_steps == 0) {
		return;
	}
	o->sum = xcalloc(spec->n_steps + 1, sizeof(*o->sum));
	for (j = 0; j < spec->n_steps; j++) {
		double end = j + 1 < spec->n_steps
				 ? (double)spec->steps[j + 1].at_s
				 : (double)dur_s;
		double a = (double)spec->steps[j].at_s;
		struct pk_schedule_split x;

		if (end > a) {
			schedule_own_split(o, j, a, end, &x);
			o->sum[j + 1] = o->sum[j] + x.in_ops + x.out_ops;
		} else {
			o->sum[j + 1] = o->sum[j];
		}
	}
}

void schedule_own_free(struct pk_schedule_own *o)
{
	if (!o) {
		return;
	}
	free(o->sum);
	o->sum = NULL;
}

size_t schedule_own_step(const struct pk_schedule_own *o, double t, double *end)
{
	const struct pk_schedule_spec *s = o->spec;
	size_t lo = 0, hi;

	*end = (double)o->dur_s;
	if (s->base != PK_SCHEDULE_STEPS || s->n_steps == 0) {
		return 0;
	}
	/* the last step whose at is <= t (steps[0] is at 0) */
	hi = s->n_steps;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if ((double)s->steps[mid].at_s <= t) {
			lo = mid;
		} else {
			hi = mid;
		}
	}
	if (lo + 1 < s->n_steps) {
		*end = (double)s->steps[lo + 1].at_s;
	}
	return lo;
}

double schedule_own_count(const struct pk_schedule_own *o, double a, double b)
{
	struct pk_schedule_split x;
	double ea, eb, n;
	size_t sa, sb;

	if (!(b > a)) {
		return 0;
	}
	sa = schedule_own_step(o, a, &ea);
	if (b <= ea || !o->sum) {
		schedule_own_split(o, sa, a, fmin(b, ea), &x);
		return x.in_ops + x.out_ops;
	}
	sb = schedule_own_step(o, b, &eb);
	schedule_own_split(o, sa, a, ea, &x);
	n = x.in_ops + x.out_ops;
	/* the whole steps between, then the start of b's */
	n += o->sum[sb] - o->sum[sa + 1];
	if (b > (double)o->spec->steps[sb].at_s) {
		schedule_own_split(o, sb, (double)o->spec->steps[sb].at_s, b,
				   &x);
		n += x.in_ops + x.out_ops;
	}
	return fmax(0.0, n);
}

uint64_t schedule_uniform_count(double total)
{
	if (!(total > 0)) {
		return 0;
	}
	if (!(total < 9e18)) {
		return UINT64_MAX;
	}
	return (uint64_t)ceil_robust(total);
}

/* Append printf-style text to buf at *len, within cap. */
static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*len + 1 >= cap) {
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(buf + *len, cap - *len, fmt, ap);
	va_end(ap);
	if (n > 0) {
		*len += (size_t)n < cap - *len ? (size_t)n : cap - *len - 1;
	}
}

const char *schedule_describe(const struct pk_schedule_spec *s, char *buf,
			      size_t cap)
{
	static const char *const days[PK_SCHEDULE_DAYS] = {
	    "mon", "tue", "wed", "thu", "fri", "sat", "sun"};
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], e[PK_FMT_SPAN_BYTES],
	    f[PK_FMT_SPAN_BYTES], g[PK_FMT_SPAN_BYTES];
	size_t len = 0;
	int d, ones = 1;

	buf[0] = '\0';
	switch (s->base) {
	case PK_SCHEDULE_RAMP:
		if ((s->from_per_s == 0 || s->from_per_s >= 0.1) &&
		    (s->to_per_s == 0 || s->to_per_s >= 0.1)) {
			put(buf, cap, &len, "%g -> %g ops/s", s->from_per_s,
			    s->to_per_s);
		} else {
			/* a slow end in ops/h or ops/d (fmt_rate) */
			put(buf, cap, &len, "%s -> %s",
			    fmt_rate(s->from_per_s, a),
			    fmt_rate(s->to_per_s, b));
		}
		break;
	case PK_SCHEDULE_STEPS:
		put(buf, cap, &len, "%zu step%s from %s", s->n_steps,
		    s->n_steps == 1 ? "" : "s",
		    fmt_rate(s->n_steps ? s->steps[0].rate_per_s : 0.0, a));
		break;
	default:
		put(buf, cap, &len, "%s", fmt_rate(s->rate_per_s, a));
		break;
	}
	if (s->has_daily) {
		put(buf, cap, &len, " x a daily curve");
	}
	if (s->has_weekly) {
		for (d = 0; d < PK_SCHEDULE_DAYS; d++) {
			ones &= s->weekly[d] == 0 || s->weekly[d] == 1;
		}
		if (ones) {
			put(buf, cap, &len, " on");
			for (d = 0; d < PK_SCHEDULE_DAYS; d++) {
				if (s->weekly[d] == 1) {
					put(buf, cap, &len, " %s", days[d]);
				}
			}
		} else {
			put(buf, cap, &len, " x a weekly curve");
		}
	}
	if (s->n_holidays > 0) {
		/* the entries as written, not the ranges they join into */
		const size_t n = s->n_holiday_entries > s->n_holidays
				     ? s->n_holiday_entries
				     : s->n_holidays;

		put(buf, cap, &len, " except %zu holiday entr%s", n,
		    n == 1 ? "y" : "ies");
	}
	if (s->has_spikes) {
		put(buf, cap, &len, ", x%g for %s every %s from %s",
		    s->spike_factor, fmt_seconds(s->spike_for_s, e),
		    fmt_seconds(s->spike_every_s, f),
		    fmt_seconds(s->spike_start_s, g));
	}
	return buf;
}
