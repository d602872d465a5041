/*
 * scorecard_full: a variant's "days to full" as the scorecard, the
 * findings and every report format state it (scorecard.h), from the
 * result's figures (result.h, struct pk_result_fill): the first logical
 * partition to reach its cap, each at its own growth in the data's own
 * time, or why there is no day count (bounded, at once, no sizes, not
 * growing).
 */
#include "pksim/report/scorecard.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"

#define PK_SECONDS_PER_DAY 86400.0
/* Durations print in seconds up to 2 minutes, minutes up to 2 hours,
   hours up to 2 days, then days */
#define PK_FULL_MINUTES_FROM_S 120.0
#define PK_FULL_HOURS_FROM_S 7200.0
#define PK_FULL_DAYS_FROM_S 172800.0

void scorecard_full(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	const struct pk_result_fill *f = &v->fill;
	const struct pk_items_file *file = r->sc->items_file;

	sc->days_to_full = -1;
	sc->bucket = f->bucket;
	sc->bucket_reach_bytes = f->bucket_reach_bytes;
	if (v->n_top_storage > 0) {
		sc->largest_lp_bytes = v->top_storage[0].storage_bytes;
	}
	if (!v->cosmos) {
		/* the caps are Azure Cosmos DB's (rule 11): another
		   service's are not known (fill.c computes nothing) */
		sc->full_kind = PK_FULL_NO_CAP;
		return;
	}
	if (f->full_now) {
		/* the first that refused a write, else the largest (at its
		   cap) */
		const struct pk_result_lp *lp =
		    v->n_full_listed ? &v->full[0] : &v->top_storage[0];

		sc->full_kind = PK_FULL_DAYS;
		sc->days_to_full = 0;
		pkey_format_id(v->key, lp->key, lp->key_len, sc->full_key,
			       sizeof(sc->full_key));
		sc->full_lp_bytes = lp->storage_bytes;
		return;
	}
	if (file && file->monitor) {
		sc->full_kind = PK_FULL_NO_SIZES;
		return;
	}
	if ((file && file->from == PK_FROM_AT_ONCE) || f->at_one_instant) {
		sc->full_kind = PK_FULL_AT_ONCE;
		return;
	}
	if (f->bounded) {
		sc->full_kind = PK_FULL_BOUNDED;
		return;
	}
	if (!f->growing && f->levels_off) {
		sc->full_kind = PK_FULL_LEVELS;
		pkey_format_id(v->key, f->level.key, f->level.key_len,
			       sc->full_key, sizeof(sc->full_key));
		sc->full_lp_bytes = f->level.storage_bytes;
		sc->full_rate = f->level_rate;
		sc->full_level_bytes = f->level_bytes;
		sc->full_ttl_s = f->ttl_s;
		return;
	}
	if (!f->growing) {
		sc->full_kind = PK_FULL_NEVER;
		return;
	}
	sc->days_to_full = f->first_s / PK_SECONDS_PER_DAY;
	sc->full_kind = sc->days_to_full > PK_SCORECARD_HORIZON_DAYS
			    ? PK_FULL_BEYOND
			    : PK_FULL_DAYS;
	pkey_format_id(v->key, f->first.key, f->first.key_len, sc->full_key,
		       sizeof(sc->full_key));
	sc->full_lp_bytes = f->first.storage_bytes;
	sc->full_rate = f->rate_bytes_per_s;
	sc->full_measured_s = f->measured_s;
}

const char *scorecard_arrival(const struct pk_result *r, char *buf, size_t cap)
{
	const struct pk_items_file *f = r->sc->items_file;

	if (!f) {
		snprintf(buf, cap, "at the scenario's rates");
	} else if (f->monitor && f->split_mru > 0) {
		snprintf(buf, cap,
			 "in the log's own time (TimeGenerated), each row as "
			 "requests of at most %g RU over its second",
			 (double)f->split_mru / 1000.0);
	} else if (f->monitor) {
		snprintf(buf, cap,
			 "in the log's own time (TimeGenerated), each row as "
			 "one request");
	} else if (f->from == PK_FROM_RATE) {
		snprintf(buf, cap, "at %g records/s", f->rate_per_s);
	} else if (f->from == PK_FROM_TIME_FIELD) {
		snprintf(buf, cap,
			 "in the data's own time (%s, compressed %gx)",
			 f->time_field + (f->time_field[0] == '/'),
			 f->time_compression);
	} else {
		snprintf(buf, cap, "all records at once");
	}
	return buf;
}

/* A duration of s seconds: "10.0 s", "5.8 h", "3.2 days". */
static const char *duration(double s, char *buf, size_t cap)
{
	if (s < PK_FULL_MINUTES_FROM_S) {
		snprintf(buf, cap, "%.1f s", s);
	} else if (s < PK_FULL_HOURS_FROM_S) {
		snprintf(buf, cap, "%.1f min", s / 60.0);
	} else if (s < PK_FULL_DAYS_FROM_S) {
		snprintf(buf, cap, "%.1f h", s / 3600.0);
	} else {
		snprintf(buf, cap, "%.1f days", s / PK_SECONDS_PER_DAY);
	}
	return buf;
}

const char *scorecard_days_text(double days, int unit, char *buf, size_t cap)
{
	char d[32];

	if (days * PK_SECONDS_PER_DAY < PK_FULL_DAYS_FROM_S) {
		/* under two days: in hours too ("0.0" says nothing) */
		snprintf(buf, cap, "%.2f%s (%s)", days, unit ? " days" : "",
			 duration(days * PK_SECONDS_PER_DAY, d, sizeof(d)));
	} else {
		snprintf(buf, cap, "%.1f%s", days, unit ? " days" : "");
	}
	return buf;
}

/* The calendar unit of a bucket length or period ("day", "week"). */
static const char *unit(int64_t s)
{
	static const struct {
		int64_t s;
		const char *name;
	} units[] = {
	    {1, "second"},
	    {PK_BUCKET_MINUTE_S, "minute"},
	    {PK_BUCKET_HOUR_S, "hour"},
	    {PK_BUCKET_DAY_S / 2, "half day"},
	    {PK_BUCKET_DAY_S, "day"},
	    {PK_BUCKET_WEEK_S, "week"},
	    {PK_BUCKET_MONTH_S, "month"},
	    {PK_BUCKET_YEAR_S, "year"},
	    {100 * PK_BUCKET_YEAR_S, "century"},
	};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (units[i].s == s) {
			return units[i].name;
		}
	}
	return "bucket";
}

/* "a" or "an" before a unit's name (an hour, a day) */
static const char *article(int64_t s)
{
	return unit(s)[0] == 'h' && unit(s)[1] == 'o' ? "an" : "a";
}

/* A byte rate: "96.7 KiB/s" (into buf, cap bytes). */
static const char *rate_text(double bytes_per_s, char *buf, size_t cap)
{
	char a[PK_FMT_BYTES];

	snprintf(buf, cap, "%s/s", fmt_bytes((uint64_t)(bytes_per_s + 0.5), a));
	return buf;
}

/* Which logical partition fills first, at what growth: "("B" first,
   growing 96.7 KiB/s over 10.0 s)", with the bucket's story. */
static void first_text(const struct pk_scorecard *s, char *buf, size_t cap)
{
	char rt[48], d[32];
	const struct pk_time_bucket *b = &s->bucket;

	if (b->period_s > 0) {
		snprintf(buf, cap,
			 " (%s first, growing %s averaged over its cycle: "
			 "one %s in every %s)",
			 s->full_key, rate_text(s->full_rate, rt, sizeof(rt)),
			 unit(b->len_s), unit(b->period_s));
	} else if (b->len_s > 0) {
		snprintf(buf, cap,
			 " (%s first, growing %s over %s: %s %s's bucket "
			 "fills before the %s ends)",
			 s->full_key, rate_text(s->full_rate, rt, sizeof(rt)),
			 duration(s->full_measured_s, d, sizeof(d)),
			 article(b->len_s), unit(b->len_s), unit(b->len_s));
	} else {
		snprintf(buf, cap, " (%s first, growing %s over %s)",
			 s->full_key, rate_text(s->full_rate, rt, sizeof(rt)),
			 duration(s->full_measured_s, d, sizeof(d)));
	}
}

const char *scorecard_full_text(const struct pk_result *r,
				const struct pk_scorecard *s, int brief,
				char *buf, size_t cap)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], at[96], first[320];

	switch (s->full_kind) {
	case PK_FULL_BOUNDED:
		if (brief) {
			snprintf(buf, cap, "bounded (%s)",
				 fmt_bytes(s->largest_lp_bytes, a));
		} else if (s->bucket_reach_bytes > 0) {
			snprintf(
			    buf, cap,
			    "bounded: largest bucket %s; at the fastest "
			    "growth seen %s %s's bucket ends at %s",
			    fmt_bytes(s->largest_lp_bytes, a),
			    article(s->bucket.len_s), unit(s->bucket.len_s),
			    fmt_bytes((uint64_t)(s->bucket_reach_bytes + 0.5),
				      b));
		} else {
			snprintf(buf, cap, "bounded: largest bucket %s",
				 fmt_bytes(s->largest_lp_bytes, a));
		}
		break;
	case PK_FULL_AT_ONCE:
		snprintf(buf, cap,
			 brief ? "n/a (at once)" : "n/a: all records at once");
		break;
	case PK_FULL_NEVER:
		snprintf(buf, cap, brief ? "never" : "never: it does not grow");
		break;
	case PK_FULL_LEVELS:
		if (brief) {
			snprintf(buf, cap, "levels at %s",
				 fmt_bytes(
				     (uint64_t)(s->full_level_bytes + 0.5), a));
			break;
		}
		snprintf(buf, cap,
			 "never: levels off at %s under time to live (%s "
			 "written %s x the items' %s lifetime)",
			 fmt_bytes((uint64_t)(s->full_level_bytes + 0.5), a),
			 s->full_key, rate_text(s->full_rate, first, 48),
			 duration((double)s->full_ttl_s, at, sizeof(at)));
		break;
	case PK_FULL_NO_SIZES:
		snprintf(buf, cap,
			 brief ? "n/a (no sizes)"
			       : "n/a: the monitor log records no item sizes");
		break;
	case PK_FULL_NO_CAP:
		snprintf(buf, cap,
			 brief ? "n/a (no cap)"
			       : "n/a: no logical partition cap is known for "
				 "the service (not Azure Cosmos DB)");
		break;
	case PK_FULL_BEYOND:
		snprintf(buf, cap, brief ? "> 100 years" : "over 100 years %s",
			 scorecard_arrival(r, at, sizeof(at)));
		break;
	default:
		if (s->days_to_full <= 0 && brief) {
			snprintf(buf, cap, "full now");
		} else if (s->days_to_full <= 0) {
			snprintf(buf, cap, "full now (%s is at its cap)",
				 s->full_key);
		} else if (brief) {
			scorecard_days_text(s->days_to_full, 0, buf, cap);
		} else {
			first_text(s, first, sizeof(first));
			snprintf(buf, cap, "%s %s%s",
				 scorecard_days_text(s->days_to_full, 1, a,
						     sizeof(a)),
				 scorecard_arrival(r, at, sizeof(at)), first);
		}
		break;
	}
	return buf;
}
