/*
 * scenario_rate: a phase's `rate:`. A scalar is a constant rate (2000/s);
 * a mapping is a rate schedule (the rules in
 * include/pksim/base/schedule.h, the keys in scenarios/README.md
 * "Rate schedules"): one base (`base`, `from`/`to`, `steps`) and any of
 * the multipliers `daily`, `weekly`, `holidays`, `spikes`. Every value is
 * checked here with its position; a schedule that passes is well formed
 * for the workload (steps increasing from 0 and inside the phase, some
 * rate > 0, each multiplier list not all 0).
 */
#include "loader.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/isotime.h"
#include "pksim/base/mem.h"
#include "pksim/base/schedule.h"

/* A multiplier (daily, weekly, spike factor) is at most this: a bound so
   products of rates and multipliers stay finite, far above any real
   curve. */
#define PK_SCHEDULE_MAX_FACTOR 1e6

static const char multiplier_what[] =
    "a number from 0 to 1,000,000 (a multiplier of the base rate)";

static const char *const day_names[PK_SCHEDULE_DAYS + 1] = {
    "mon", "tue", "wed", "thu", "fri", "sat", "sun", NULL,
};

/* The index (Monday 0) of day name n, or -1 with an error. */
static int day_index(struct ld *ld, const struct yn *n)
{
	size_t i;

	if (n->kind == YN_SCALAR) {
		for (i = 0; day_names[i]; i++) {
			if (strcmp(n->text, day_names[i]) == 0) {
				return (int)i;
			}
		}
		ld_err_unknown(ld, n, "day", n->text, "in weekly", day_names);
	} else {
		char buf[PK_YN_DESC_BYTES];

		ld_err(
		    ld, n,
		    "a day in weekly must be one of mon, tue, wed, thu, fri, "
		    "sat, sun (got %s)",
		    yn_desc(n, buf, sizeof(buf)));
	}
	return -1;
}

/* `weekly`: weekdays, a list of days (those at 1, the others 0) or a
   mapping of all seven days to multipliers. */
static void load_weekly(struct ld *ld, const struct yn *n,
			struct pk_schedule_spec *s)
{
	static const char what[] =
	    "weekdays, a list of days such as [mon, tue, wed, thu, fri], or "
	    "a mapping of every day to a multiplier {mon: 1, tue: 1, wed: 1, "
	    "thu: 1, fri: 1, sat: 0.3, sun: 0}";
	int seen[PK_SCHEDULE_DAYS] = {0};
	char key[16];
	double sum = 0;
	size_t i;
	int d;

	s->has_weekly = 1;
	if (n->kind == YN_SCALAR && strcmp(n->text, "weekdays") == 0) {
		for (d = 0; d < 5; d++) {
			s->weekly[d] = 1;
		}
		return;
	}
	if (n->kind == YN_SEQ) {
		if (n->n_kids == 0) {
			ld_err(ld, n,
			       "weekly lists no day; give the days that send "
			       "operations, e.g. [mon, tue, wed, thu, fri]");
			return;
		}
		for (i = 0; i < n->n_kids; i++) {
			if ((d = day_index(ld, n->kids[i])) < 0) {
				continue;
			}
			if (seen[d]) {
				ld_err(ld, n->kids[i], "weekly names %s twice",
				       day_names[d]);
			}
			seen[d] = 1;
			s->weekly[d] = 1;
		}
		return;
	}
	if (n->kind != YN_MAP) {
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, n, "weekly must be %s (got %s)", what,
		       yn_desc(n, buf, sizeof(buf)));
		return;
	}
	for (i = 0; i < yn_pairs(n); i++) {
		if ((d = day_index(ld, yn_key(n, i))) < 0) {
			continue;
		}
		seen[d] = 1;
		snprintf(key, sizeof(key), "weekly %s", day_names[d]);
		if (ld_get_number(ld, yn_val(n, i), key, 0, 0,
				  PK_SCHEDULE_MAX_FACTOR, 0, multiplier_what,
				  &s->weekly[d]) == 0) {
			sum += s->weekly[d];
		}
	}
	for (d = 0; d < PK_SCHEDULE_DAYS; d++) {
		if (!seen[d]) {
			ld_err(ld, n,
			       "weekly as a mapping gives every day its "
			       "multiplier; %s is missing (write %s: 0 for a "
			       "day without operations)",
			       day_names[d], day_names[d]);
			return;
		}
	}
	if (sum == 0) {
		ld_err(ld, n,
		       "every day's multiplier in weekly is 0: the phase "
		       "would send nothing; give some day a multiplier > 0");
	}
}

/* `daily`: 24 multipliers, hour 0 (00:00-01:00 UTC) first. */
static void load_daily(struct ld *ld, const struct yn *n,
		       struct pk_schedule_spec *s)
{
	char buf[PK_YN_DESC_BYTES], key[32];
	double sum = 0;
	size_t i;
	int bad = 0;

	if (n->kind != YN_SEQ || n->n_kids != PK_SCHEDULE_HOURS) {
		if (n->kind == YN_SEQ) {
			snprintf(buf, sizeof(buf), "a list of %zu", n->n_kids);
		} else {
			yn_desc(n, buf, sizeof(buf));
		}
		ld_err(ld, n,
		       "daily must be a list of 24 multipliers, one per hour "
		       "of the simulated clock in UTC from 00:00 (got %s)",
		       buf);
		return;
	}
	s->has_daily = 1;
	for (i = 0; i < PK_SCHEDULE_HOURS; i++) {
		snprintf(key, sizeof(key), "daily hour %zu", i);
		if (ld_get_number(ld, n->kids[i], key, 0, 0,
				  PK_SCHEDULE_MAX_FACTOR, 0, multiplier_what,
				  &s->daily[i]) < 0) {
			bad = 1;
		}
		sum += s->daily[i];
	}
	if (!bad && sum == 0) {
		ld_err(ld, n,
		       "every hour's multiplier in daily is 0: the phase "
		       "would send nothing; give some hour a multiplier > 0");
	}
}

/* A date YYYY-MM-DD in n's text from its byte off, len 10, as days since
   1970-01-01 into *day; 0, or -1 (no error recorded). */
static int date_day(const struct yn *n, size_t off, size_t len, int64_t *day)
{
	int64_t ms;
	size_t i;

	if (len != 10) {
		return -1;
	}
	for (i = 0; i < 10; i++) {
		char ch = n->text[off + i];

		if ((i == 4 || i == 7) ? ch != '-' : !ld_is_digit(ch)) {
			return -1;
		}
	}
	if (isotime_parse_ms(n->text + off, len, &ms) < 0) {
		return -1;
	}
	*day = ms / (1000LL * PK_SCHEDULE_S_PER_DAY);
	return 0;
}

/* `holidays`: dates and date ranges without operations. */
static void load_holidays(struct ld *ld, const struct yn *n,
			  struct pk_schedule_spec *s)
{
	static const char what[] =
	    "a date 2026-12-25 or a range of dates 2026-12-24..2026-12-31 "
	    "(UTC, both ends included)";
	char buf[PK_YN_DESC_BYTES];
	size_t i;

	if (ld_need_kind(ld, n, YN_SEQ, "holidays",
			 "a list of dates and date ranges, e.g. [2026-01-01, "
			 "2026-12-24..2026-12-31]") < 0) {
		return;
	}
	if (n->n_kids > PK_SCHEDULE_MAX_HOLIDAYS) {
		ld_err(ld, n,
		       "holidays has %zu entries; at most 10,000 (write a "
		       "run of days as a range 2026-07-13..2026-08-07)",
		       n->n_kids);
		return;
	}
	s->holidays = xcalloc(n->n_kids ? n->n_kids : 1, sizeof(*s->holidays));
	for (i = 0; i < n->n_kids; i++) {
		const struct yn *e = n->kids[i];
		struct pk_schedule_holiday *h = &s->holidays[s->n_holidays];
		const char *dots;

		if (e->kind != YN_SCALAR) {
			ld_err(ld, e, "a holiday must be %s (got %s)", what,
			       yn_desc(e, buf, sizeof(buf)));
			continue;
		}
		dots = strstr(e->text, "..");
		if (dots ? date_day(e, 0, (size_t)(dots - e->text),
				    &h->first_day) < 0 ||
			       date_day(e, (size_t)(dots - e->text) + 2,
					e->len - (size_t)(dots - e->text) - 2,
					&h->last_day) < 0
			 : date_day(e, 0, e->len, &h->first_day) < 0) {
			ld_err(ld, e, "a holiday must be %s (got %s)", what,
			       yn_desc(e, buf, sizeof(buf)));
			continue;
		}
		if (!dots) {
			h->last_day = h->first_day;
		} else if (h->last_day < h->first_day) {
			ld_err(ld, e,
			       "holiday range %s ends before it starts; write "
			       "the earlier date first",
			       yn_desc(e, buf, sizeof(buf)));
			continue;
		}
		s->n_holidays++;
	}
	/* looked up by halving from here on */
	schedule_holidays_sort(s);
}

/* `spikes: {every: D, for: D, factor: X, start: D}`. */
static void load_spikes(struct ld *ld, const struct yn *n,
			struct pk_schedule_spec *s, int64_t dur_ms)
{
	static const char *const keys[] = {"every", "for", "factor", "start",
					   NULL};
	static const char *const required[] = {"every", "for", "factor", NULL};
	int64_t every = 0, len = 0, start = 0;
	const struct yn *k;
	int bad = 0;
	size_t i;

	if (ld_need_kind(ld, n, YN_MAP, "spikes",
			 "a mapping {every: 1h, for: 1m, factor: 10}") < 0) {
		return;
	}
	ld_check_keys(ld, n, keys, "in spikes");
	for (i = 0; required[i]; i++) {
		if (!yn_get(n, required[i])) {
			ld_err(ld, n,
			       "missing required key '%s' in spikes (every: "
			       "how often, for: how long, factor: x the "
			       "rate, e.g. {every: 1h, for: 1m, factor: 10})",
			       required[i]);
			bad = 1;
		}
	}
	if ((k = yn_get(n, "every")) &&
	    ld_get_duration(ld, k, "spikes every", 1, &every) < 0) {
		bad = 1;
	}
	if ((k = yn_get(n, "for")) &&
	    ld_get_duration(ld, k, "spikes for", 1, &len) < 0) {
		bad = 1;
	}
	if ((k = yn_get(n, "factor")) &&
	    ld_get_number(ld, k, "spikes factor", 0, 0, PK_SCHEDULE_MAX_FACTOR,
			  0, multiplier_what, &s->spike_factor) < 0) {
		bad = 1;
	}
	if ((k = yn_get(n, "start")) &&
	    ld_get_duration(ld, k, "spikes start", 0, &start) < 0) {
		bad = 1;
	}
	if (bad) {
		return;
	}
	if (len >= every) {
		ld_err(ld, yn_get(n, "for"),
		       "spikes for (%llds) must be shorter than every (%llds): "
		       "a spike that lasts the whole period is a higher base "
		       "rate",
		       (long long)(len / 1000), (long long)(every / 1000));
		return;
	}
	if (dur_ms > 0 && start >= dur_ms) {
		ld_err(ld, yn_get(n, "start"),
		       "spikes start (%llds) is not before the phase's end "
		       "(duration %llds): no spike would happen",
		       (long long)(start / 1000), (long long)(dur_ms / 1000));
		return;
	}
	s->has_spikes = 1;
	s->spike_every_s = every / 1000;
	s->spike_for_s = len / 1000;
	s->spike_start_s = start / 1000;
}

/* `steps: [{at: D, rate: R}, ...]`. */
static void load_steps(struct ld *ld, const struct yn *n,
		       struct pk_schedule_spec *s, int64_t dur_ms)
{
	static const char *const keys[] = {"at", "rate", NULL};
	double sum = 0;
	int bad = 0;
	size_t i;

	if (ld_need_kind(ld, n, YN_SEQ, "steps",
			 "a list of steps [{at: 0s, rate: 100/s}, {at: 10m, "
			 "rate: 500/s}]") < 0) {
		return;
	}
	if (n->n_kids == 0 || n->n_kids > PK_SCHEDULE_MAX_STEPS) {
		ld_err(ld, n,
		       "steps has %zu entries; give 1 to 10,000, the first "
		       "at 0s",
		       n->n_kids);
		return;
	}
	s->steps = xcalloc(n->n_kids, sizeof(*s->steps));
	for (i = 0; i < n->n_kids; i++) {
		const struct yn *e = n->kids[i], *at, *rate;
		struct pk_schedule_step *st = &s->steps[s->n_steps];
		int64_t at_ms;

		if (ld_need_kind(ld, e, YN_MAP, "a step",
				 "a mapping {at: DURATION, rate: RATE}") < 0) {
			bad = 1;
			continue;
		}
		ld_check_keys(ld, e, keys, "in a step");
		at = yn_get(e, "at");
		rate = yn_get(e, "rate");
		if (!at || !rate) {
			ld_err(ld, e,
			       "missing required key '%s' in a step (each "
			       "step is {at: DURATION since the phase start, "
			       "rate: RATE})",
			       at ? "rate" : "at");
			bad = 1;
			continue;
		}
		if (ld_get_duration(ld, at, "step at", 0, &at_ms) < 0 ||
		    ld_get_rate_from(ld, rate, "step rate", 1,
				     &st->rate_per_s) < 0) {
			bad = 1;
			continue;
		}
		st->at_s = at_ms / 1000;
		st->line = e->line;
		st->col = e->col;
		if (s->n_steps == 0 && st->at_s != 0) {
			ld_err(ld, at,
			       "the first step must be at 0s (got %llds): the "
			       "phase needs a rate from its start; add {at: "
			       "0s, rate: 0/s} for a quiet start",
			       (long long)st->at_s);
			bad = 1;
		} else if (s->n_steps > 0 &&
			   st->at_s <= s->steps[s->n_steps - 1].at_s) {
			ld_err(ld, at,
			       "step at %llds must come after the step "
			       "before it (at %llds); list steps in time "
			       "order",
			       (long long)st->at_s,
			       (long long)s->steps[s->n_steps - 1].at_s);
			bad = 1;
		} else if (dur_ms > 0 && at_ms >= dur_ms) {
			ld_err(ld, at,
			       "step at %llds is not before the phase's end "
			       "(duration %llds); a step must start inside "
			       "its phase",
			       (long long)st->at_s, (long long)(dur_ms / 1000));
			bad = 1;
		}
		sum += st->rate_per_s;
		s->n_steps++;
	}
	if (!bad && sum == 0) {
		ld_err(ld, n,
		       "every step's rate is 0: the phase would send nothing; "
		       "give some step a rate > 0");
	}
}

/* The base of schedule m: exactly one of base, from/to, steps. */
static void load_base(struct ld *ld, const struct yn *m,
		      struct pk_schedule_spec *s, int64_t dur_ms)
{
	const struct yn *base = yn_get(m, "base"), *from = yn_get(m, "from");
	const struct yn *to = yn_get(m, "to"), *steps = yn_get(m, "steps");
	int kinds = (base != NULL) + (from || to) + (steps != NULL);

	if (kinds == 0) {
		ld_err(ld, m,
		       "a rate schedule needs its base rate: base: RATE (with "
		       "daily, weekly, holidays or spikes), from: RATE with "
		       "to: RATE (a linear ramp over the phase), or steps: "
		       "[{at: 0s, rate: RATE}, ...]");
		return;
	}
	if (kinds > 1) {
		ld_err(ld,
		       steps  ? steps
		       : from ? from
			      : to,
		       "a rate schedule has one base rate: give base, from/to "
		       "or steps, not %s",
		       base && steps ? "base and steps"
		       : base	     ? "base and from/to"
				     : "from/to and steps");
		return;
	}
	if (base) {
		s->base = PK_SCHEDULE_CONST;
		ld_get_rate(ld, base, "base", &s->rate_per_s);
	} else if (steps) {
		s->base = PK_SCHEDULE_STEPS;
		load_steps(ld, steps, s, dur_ms);
	} else if (!from || !to) {
		ld_err(ld, m,
		       "a ramp needs both ends: from: RATE at the phase's "
		       "start and to: RATE at its end (missing '%s')",
		       from ? "to" : "from");
	} else {
		s->base = PK_SCHEDULE_RAMP;
		if (ld_get_rate_from(ld, from, "from", 1, &s->from_per_s) ==
			0 &&
		    ld_get_rate_from(ld, to, "to", 1, &s->to_per_s) == 0 &&
		    s->from_per_s == 0 && s->to_per_s == 0) {
			ld_err(ld, from,
			       "a ramp from 0 to 0 sends nothing; give to (or "
			       "from) a rate > 0");
		}
	}
}

/* Refuse wall-clock multiplier k (its key name what) under a time scale.
   The replay reads daily, weekly and holidays on the simulated clock
   (clock.start plus simulated seconds), while days to full projects in
   real time: its hours and days are real ones (scenarios/README.md
   `time_scale`). Under `1s = 1h` a simulated hour is 150 real days, so a
   daily curve read as the replay reads it changes every 150 days, and
   read on the real clock it is not what the run sent. Neither is the
   workload the user wrote: the two clocks cannot be reconciled. */
static void refuse_scaled_wall(struct ld *ld, const struct yn *k,
			       const char *what, double span_s)
{
	const double real_days = span_s * ld->s->time_scale / 86400.0;

	ld_err(ld, k,
	       "%s reads the simulated clock (clock.start), and time_scale "
	       "%s makes its simulated %s %.*f real days, while days to full "
	       "counts real hours and days: the two clocks cannot agree; "
	       "remove %s or time_scale (a day's or a week's shape under "
	       "time_scale: the phase's steps or phases, whose simulated "
	       "seconds the scale stretches)",
	       what, ld->s->time_scale_text ? ld->s->time_scale_text : "",
	       span_s < 86400.0 ? "hour" : "day", real_days < 10.0 ? 3 : 0,
	       real_days, what);
}

void ld_load_rate(struct ld *ld, const struct yn *n, struct pk_phase_spec *ph)
{
	static const char *const keys[] = {
	    "base",   "from",	  "to",	    "steps", "daily",
	    "weekly", "holidays", "spikes", NULL,
	};
	struct pk_schedule_spec *s;
	const struct yn *k;

	if (n->kind != YN_MAP) {
		ld_get_rate(ld, n, "rate", &ph->rate_per_s);
		return;
	}
	ld_check_keys(ld, n, keys, "in a rate schedule");
	s = xcalloc(1, sizeof(*s));
	ph->schedule = s;
	load_base(ld, n, s, ph->duration_ms);
	if ((k = yn_get(n, "daily"))) {
		load_daily(ld, k, s);
	}
	if ((k = yn_get(n, "weekly"))) {
		load_weekly(ld, k, s);
	}
	if ((k = yn_get(n, "holidays"))) {
		load_holidays(ld, k, s);
	}
	if ((k = yn_get(n, "spikes"))) {
		load_spikes(ld, k, s, ph->duration_ms);
	}
	if (ld->s->time_scale != 1.0) {
		if ((k = yn_get(n, "daily"))) {
			refuse_scaled_wall(ld, k, "daily", 3600.0);
		} else if ((k = yn_get(n, "weekly"))) {
			refuse_scaled_wall(ld, k, "weekly", 86400.0);
		} else if ((k = yn_get(n, "holidays"))) {
			refuse_scaled_wall(ld, k, "holidays", 86400.0);
		}
	}
}

void ld_plan_phase_rates(struct ld *ld)
{
	struct pk_scenario *s = ld->s;
	int64_t start_s = 0;
	size_t i;

	for (i = 0; i < s->n_phases; i++) {
		struct pk_phase_spec *ph = &s->phases[i];
		int64_t dur_s = ph->duration_ms / 1000;

		if (s->n_streams > 1 && i > 0 &&
		    scenario_stream_of_phase(s, i)->phase_first == i) {
			start_s = 0; /* each stream's timeline from t = 0 */
		}

		if (start_s + dur_s > PK_SCENARIO_MAX_SIM_S) {
			/* ld_check_run_size refuses the run at this phase
			   before it counts operations: no walk of a span
			   past the bound */
			break;
		}
		if (ph->schedule && dur_s > 0) {
			ph->ops_planned = schedule_total(
			    ph->schedule, s->clock_start_s + start_s, dur_s,
			    &ph->peak_rate_per_s, NULL);
			ph->rate_per_s = ph->ops_planned / (double)dur_s;
			ph->walk_pieces = schedule_walk_pieces(
			    ph->schedule, s->clock_start_s + start_s, dur_s);
		}
		start_s += dur_s;
	}
}
