/*
 * scorecard_full: a variant's "days to full" as the scorecard, the
 * findings and every report format state it (scorecard.h), from the
 * result's projection (runway.h, struct pk_runway): when the first
 * logical partition reaches its cap if the workload runs as described,
 * on which basis and held back by what, or why there is no day count
 * (bounded, ids, at once, no sizes, not growing, beyond 5 years).
 */
#include "pksim/report/scorecard.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/service/dynamodb/spec.h"
#include "pksim/service/snapshot.h"

#define PK_SECONDS_PER_DAY 86400.0
/* A cycle's mean growth is said beside the rate as it fills when the
   two differ by more than this part of the mean (pksim's choice: a
   rate schedule steady within 1 % reads as one rate) */
#define PK_FULL_MEAN_APART 0.01
/* Durations print in seconds up to 2 minutes, minutes up to 2 hours,
   hours up to 2 days, then days */
#define PK_FULL_MINUTES_FROM_S 120.0
#define PK_FULL_HOURS_FROM_S 7200.0
#define PK_FULL_DAYS_FROM_S 172800.0
/* What "5 years" is in a beyond-the-horizon sentence: the projection's
   horizon, PK_RUNWAY_HORIZON_DAYS of workload time (runway.h) */
#define HORIZON_SAID "the horizon of 5 x 365 days"
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

/* A byte rate: "96.7 KiB/s" (into buf, cap bytes); under 1 B/s with two
   significant digits ("0.25 B/s"), which whole bytes would round to a
   "0 B/s" beside a partition said to fill */
static const char *rate_text(double bytes_per_s, char *buf, size_t cap)
{
	char a[PK_FMT_BYTES];

	if (bytes_per_s > 0 && bytes_per_s < 0.995) {
		snprintf(buf, cap, "%.2g B/s", bytes_per_s);
		return buf;
	}
	snprintf(buf, cap, "%s/s", fmt_bytes((uint64_t)(bytes_per_s + 0.5), a));
	return buf;
}

/* Bytes b held below the cap (s->lp_cap_bytes) into buf (PK_FMT_BYTES):
   fmt_bytes's one decimal, or as many more (up to 4) as keep a level under
   the cap from reading as the cap ("19.98 GiB", not "20.0 GiB"). */
static const char *level_text(const struct pk_scorecard *s, double b, char *buf)
{
	static const char *const unit_name[] = {"B", "KiB", "MiB", "GiB",
						"TiB"};
	char c[PK_FMT_BYTES];
	double x = b, y = s->lp_cap_bytes;
	int u = 0, digits;

	fmt_bytes((uint64_t)(b + 0.5), buf);
	if (y <= 0 || b >= y ||
	    strcmp(buf, fmt_bytes((uint64_t)(y + 0.5), c)) != 0) {
		return buf;
	}
	while (y >= 1024.0 && u < 4) {
		x /= 1024.0;
		y /= 1024.0;
		u++;
	}
	for (digits = 2; digits <= 4; digits++) {
		snprintf(buf, PK_FMT_BYTES, "%.*f %s", digits, x, unit_name[u]);
		snprintf(c, sizeof(c), "%.*f %s", digits, y, unit_name[u]);
		if (strcmp(buf, c) != 0) {
			return buf;
		}
	}
	/* within 0.00005 of the cap: truncated, so it never reads as it */
	snprintf(buf, PK_FMT_BYTES, "%.4f %s", floor(x * 1e4) / 1e4,
		 unit_name[u]);
	return buf;
}

/* "; its deletes taken off its new items ..." when rw did so (an id
   pool), else "" (a select other than uniform is not projected:
   runway_guard.c) */
static const char *dels_note(const struct pk_runway *rw)
{
	if (rw->dels_netted) {
		return "; its deletes taken off its new items, not from "
		       "every stored item (ASSUMPTION under an id pool)";
	}
	return "";
}

/* Which basis the projection used: "projected from the workload's
   rates", "from the data's own time (ts)", "from the data at 100
   records/s" (runway.h) */
const char *scorecard_full_basis(const struct pk_result *r,
				 const struct pk_runway *rw, char *buf,
				 size_t cap)
{
	const struct pk_items_file *f = r->sc->items_file;
	char latest[96] = "", a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	switch (rw->basis) {
	case PK_RUNWAY_DATA_TIME:
		if (f && f->time_compression != 1.0) {
			snprintf(buf, cap,
				 "from the data's own time (%s, the %gx "
				 "compression undone)",
				 f->time_field + (f->time_field[0] == '/'),
				 f->time_compression);
		} else {
			snprintf(buf, cap, "from the data's own time (%s)",
				 f ? f->time_field + (f->time_field[0] == '/')
				   : "");
		}
		break;
	case PK_RUNWAY_DATA_RATE:
		snprintf(buf, cap, "from the data at %g records/s",
			 f ? f->rate_per_s : 0.0);
		break;
	default:
		if (rw->latest) {
			/* runway_latest.c: one value more in use a draw */
			snprintf(latest, sizeof(latest),
				 ", values drawn latest (all %s in use from "
				 "draw %s on)",
				 fmt_thousands((int64_t)rw->latest, a),
				 fmt_thousands((int64_t)rw->latest, b));
		}
		snprintf(
		    buf, cap, "projected from the workload's rates%s%s%s%s%s%s",
		    latest,
		    rw->time_scale != 1.0 && r->sc->time_scale_text
			? " at its time scale ("
			: "",
		    rw->time_scale != 1.0 && r->sc->time_scale_text
			? r->sc->time_scale_text
			: "",
		    rw->time_scale != 1.0 && r->sc->time_scale_text ? ")" : "",
		    rw->share_from_run
			? " (each key value's share as the run drew it)"
			: "",
		    rw->drawn_apart == 1 ? " (its run wrote nothing: values "
					   "drawn where it writes)"
		    : rw->drawn_apart	 ? " (a stream wrote nothing in the "
					   "run: its values drawn where it "
					   "writes)"
					 : "");
		break;
	}
	return buf;
}

/* Which logical partition fills first, at what growth, held back by
   what: "("B" first, growing 80.0 KiB/s, bounded by range 0's 400
   RU/s)"; then, for a workload shorter than an hour, that the
   projection repeats it. */
/* The client that held the first back: ": bounded by the stream's
   client: ru_budget 200 RU/s" or "... 1 worker at 10 ms = 100
   requests/s" (client.h), into buf; "" when none did */
static void client_text(const struct pk_result *r, const struct pk_runway *rw,
			char *buf, size_t cap)
{
	const struct pk_stream_spec *ss;
	const struct pk_client_spec *c;
	char who[96];

	buf[0] = '\0';
	if (!rw->bound_client || !r->sc ||
	    rw->bound_stream >= r->sc->n_streams) {
		return;
	}
	ss = &r->sc->streams[rw->bound_stream];
	c = &ss->client;
	if (r->sc->n_streams > 1) {
		snprintf(who, sizeof(who), "stream %.64s's client", ss->name);
	} else {
		snprintf(who, sizeof(who), "the stream's client");
	}
	if (rw->bound_client == PK_RUNWAY_CLIENT_RU) {
		snprintf(buf, cap, "%s: ru_budget %g RU/s", who,
			 c->ru_budget_per_s);
	} else {
		snprintf(buf, cap, "%s: %d worker%s at %lld ms = %g requests/s",
			 who, c->concurrency, c->concurrency == 1 ? "" : "s",
			 (long long)c->latency_ms,
			 c->latency_ms > 0 ? (double)c->concurrency * 1000.0 /
						 (double)c->latency_ms
					   : 0.0);
	}
}

/* 1 when a stream of sc has several phases, or (phases_only 0) a phase
   with a rate schedule: its rate varies over its cycle, so the runway's
   growth is the rate in the hour it fills, not the cycle's mean */
static int rate_varies(const struct pk_scenario *sc, int phases_only)
{
	size_t st, i;

	for (st = 0; st < sc->n_streams; st++) {
		const struct pk_stream_spec *ss = &sc->streams[st];

		if (ss->n_phases > 1) {
			return 1;
		}
		for (i = ss->phase_first;
		     i < ss->phase_first + ss->n_phases && i < sc->n_phases;
		     i++) {
			if (!phases_only && sc->phases[i].schedule) {
				return 1;
			}
		}
	}
	return 0;
}

/* rw's rate over a span that counts the silence after its key's last
   record to the data's end (quiet_s), in words into buf: 1 said, 0 not
   such a span (buf untouched) */
static int quiet_text(const struct pk_runway *rw, char *buf, size_t cap)
{
	char rt[48], d[32], own[32], quiet[32];

	if ((rw->basis != PK_RUNWAY_DATA_TIME &&
	     rw->basis != PK_RUNWAY_DATA_RATE) ||
	    !(rw->span_s > 0) || !(rw->quiet_s > 0)) {
		return 0;
	}
	snprintf(buf, cap,
		 "growing %s over %s to the data's end: its own %s, then %s "
		 "without a record",
		 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
		 duration(rw->span_s, d, sizeof(d)),
		 duration(rw->span_s - rw->quiet_s, own, sizeof(own)),
		 duration(rw->quiet_s, quiet, sizeof(quiet)));
	return 1;
}

/* The data's end set by one record far from the rest (lone_end_s), when
   a silence counted to it moves the figure: "; the data's end is ..."
   into buf; "" otherwise. Returns buf. */
static const char *lone_text(const struct pk_runway *rw, char *buf, size_t cap)
{
	char d[32], who[160] = "";

	buf[0] = '\0';
	if (!(rw->lone_end_s > 0) || !(rw->quiet_s > 0)) {
		return buf;
	}
	if (rw->lone_who[0]) {
		snprintf(who, sizeof(who), " (%s)", rw->lone_who);
	}
	snprintf(buf, cap,
		 "; the data's end is one record%s %s after every other "
		 "one, further than they span: a clock set wrong there moves "
		 "this figure",
		 who, duration(rw->lone_end_s, d, sizeof(d)));
	return buf;
}

static void first_text(const struct pk_result *r, const struct pk_scorecard *s,
		       char *buf, size_t cap)
{
	const struct pk_runway *rw = &s->runway;
	const struct pk_time_bucket *b = &rw->bucket;
	char rt[48], d[32], bound[320] = "", shrt[160] = "", grow[192];
	char lone[256];
	const char *even = "";
	char client[160];

	if (rw->basis == PK_RUNWAY_DATA_TIME && b->period_s > 0 &&
	    b->len_s >= PK_RUNWAY_STEP_S) {
		/* a bucket that comes back grows only while it is current */
		snprintf(grow, sizeof(grow),
			 "growing %s while its %s is current, over its own %s",
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
			 unit(b->len_s), duration(rw->span_s, d, sizeof(d)));
	} else if (rw->basis == PK_RUNWAY_DATA_RATE && rw->span_file &&
		   rw->span_s > 0) {
		/* a bucket read from the records' own times: its share of
		   the file, the file coming again */
		snprintf(grow, sizeof(grow),
			 "growing %s, its share of the file's %s, the file "
			 "taken as coming again",
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
			 duration(rw->span_s, d, sizeof(d)));
	} else if (quiet_text(rw, grow, sizeof(grow))) {
		/* a key that stopped before the data's end: the rest is
		   time it wrote nothing */
	} else if ((rw->basis == PK_RUNWAY_DATA_TIME ||
		    rw->basis == PK_RUNWAY_DATA_RATE) &&
		   rw->span_s > 0) {
		snprintf(grow, sizeof(grow), "growing %s over its own %s",
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
			 duration(rw->span_s, d, sizeof(d)));
	} else if (b->len_s >= PK_RUNWAY_STEP_S && b->hash_values > 0 &&
		   !rw->untimed) {
		/* a hash of a time: the buckets whose text hashes to it */
		snprintf(grow, sizeof(grow),
			 "growing %s while a %s hashing to it is current",
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
			 unit(b->len_s));
	} else if (b->hash_values > 0 && !rw->untimed) {
		/* ... buckets shorter than a step: the mean of the fullest
		   value's share */
		char share[64];

		if (fabs(b->hash_share * (double)b->hash_values - 1.0) < 1e-9) {
			snprintf(share, sizeof(share), "taken as 1 in %llu",
				 (unsigned long long)b->hash_values);
		} else {
			snprintf(share, sizeof(share), "%.1f %% of them",
				 100.0 * b->hash_share);
		}
		snprintf(grow, sizeof(grow),
			 "growing %s on average, the %ss hashing to it %s",
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
			 unit(b->len_s), share);
	} else if (b->len_s > 0 && !rw->untimed) {
		snprintf(grow, sizeof(grow),
			 "growing %s while its %s is current",
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
			 unit(b->len_s));
	} else if (rw->written_bytes_per_s > rw->rate_bytes_per_s * 1.001) {
		/* time to live takes some of what it is sent */
		char wt[48];

		snprintf(grow, sizeof(grow), "growing %s net of %s written",
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
			 rate_text(rw->written_bytes_per_s, wt, sizeof(wt)));
	} else if (rw->mean_bytes_per_s > 0 &&
		   fabs(rw->rate_bytes_per_s - rw->mean_bytes_per_s) >
		       PK_FULL_MEAN_APART * rw->mean_bytes_per_s) {
		/* busy and quiet phases: what a cycle adds on average,
		   then the phase's own rate as it fills */
		char mt[48];

		snprintf(grow, sizeof(grow),
			 "growing %s on average over its %s cycle, %s as it "
			 "fills",
			 rate_text(rw->mean_bytes_per_s, mt, sizeof(mt)),
			 duration(rw->span_s, d, sizeof(d)),
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)));
	} else {
		/* the rate as it fills, where it is not the workload's
		   steady one: a schedule's or a phase's hour, an id pool's
		   new ids (a cycle under an hour is stepped at its mean,
		   said apart) */
		snprintf(grow, sizeof(grow), "growing %s%s",
			 rate_text(rw->rate_bytes_per_s, rt, sizeof(rt)),
			 rw->basis == PK_RUNWAY_RATES && r->sc &&
				 ((rw->features & PK_RW_F_POOL) ||
				  (rate_varies(r->sc, 0) &&
				   rw->span_s >= PK_RUNWAY_SHORT_S))
			     ? " as it fills"
			     : "");
	}
	if (rw->bound_range != UINT32_MAX) {
		char ru[32];

		char pct[48] = "", fill[80] = "", fru[32];

		if (rw->bound_bucket > 0) {
			snprintf(pct, sizeof(pct),
				 "throughput bucket %d's %d %% of ",
				 rw->bound_bucket, rw->bound_bucket_pct);
		}
		if (rw->bound_fill_ru_per_s > 0) {
			/* held back by a phase's RU/s, not where it fills */
			snprintf(fill, sizeof(fill),
				 " in another phase (%s RU/s where it fills)",
				 fmt_thousands(rw->bound_fill_ru_per_s, fru));
		}
		if (s->full_collection) {
			/* a table's: its partition's write units, which
			   only writes share (reads have their own, D3);
			   the units auto scaling raises it to, a phase's
			   own, or its starting ones where a phase's are
			   not followed */
			snprintf(fill, sizeof(fill),
				 " in another phase (%s WCU where it fills)",
				 fmt_thousands(rw->bound_fill_ru_per_s, fru));
			if (rw->bound_table) {
				/* the table's own cap on all its writes */
				snprintf(bound, sizeof(bound),
					 ", bounded by the table's %s write "
					 "units a second, every partition's "
					 "writes together (%s)",
					 fmt_thousands(rw->bound_ru_per_s, ru),
					 rw->bound_table == 1
					     ? "its on-demand quota, "
					       "table_quota_units, D12"
					     : "its provisioned WCU");
			} else {
				snprintf(
				    bound, sizeof(bound),
				    ", bounded by partition %u's %s WCU%s%s%s",
				    rw->bound_range,
				    fmt_thousands(rw->bound_ru_per_s, ru),
				    rw->bound_scaled
					? " as auto scaling raises the "
					  "table's units (D19; its "
					  "minutes of raising left out)"
				    : rw->bound_start_units
					? ", the table's starting units (with "
					  "adaptive capacity off a phase's "
					  "write_capacity_units are not "
					  "followed)"
					: "",
				    rw->bound_fill_ru_per_s > 0 ? fill : "",
				    rw->bound_shared
					? " shared with the rewrites "
					  "and deletes sent to it"
					: "");
			}
		} else {
			snprintf(
			    bound, sizeof(bound),
			    ", bounded by %srange %u's %s RU/s%s%s%s", pct,
			    rw->bound_range,
			    fmt_thousands(rw->bound_ru_per_s, ru), fill,
			    rw->bound_burst ? " and its burst credit" : "",
			    rw->bound_low      ? ", its Low-priority writes "
						 "getting what the High-priority "
						 "requests leave"
			    : rw->bound_shared ? " shared with the reads, "
						 "queries and rewrites sent "
						 "to it"
					       : "");
		}
	}
	client_text(r, rw, client, sizeof(client));
	if (client[0]) {
		size_t at = strlen(bound);

		snprintf(bound + at, sizeof(bound) - at, "%s%s",
			 at ? " and by " : ", bounded by ", client);
	}
	if (rw->basis == PK_RUNWAY_RATES && rw->time_scale == 1.0 &&
	    rw->span_s > 0 && rw->span_s < PK_RUNWAY_SHORT_S) {
		snprintf(shrt, sizeof(shrt),
			 "; the phases last only %s, repeated for the "
			 "projection%s",
			 duration(rw->span_s, d, sizeof(d)),
			 rw->span_s < PK_RUNWAY_BURST_S
			     ? ": a burst that does not repeat is not a rate"
			     : "");
	} else if (rw->basis == PK_RUNWAY_RATES && rw->time_scale == 1.0 &&
		   rw->span_s > 0 && rw->full_s > rw->span_s && r->sc &&
		   rate_varies(r->sc, 1)) {
		/* an hour or more: still a cycle, and a one-off load in
		   it is repeated too */
		snprintf(shrt, sizeof(shrt),
			 "; the phases' %s cycle repeated for the projection "
			 "(a one-time load: `preload:`)",
			 duration(rw->span_s, d, sizeof(d)));
	} else if ((rw->basis == PK_RUNWAY_DATA_TIME ||
		    rw->basis == PK_RUNWAY_DATA_RATE) &&
		   rw->rate_bytes_per_s > 0 && rw->span_s == 0) {
		/* its records at one instant: in as fast as its range lets
		   them, the soonest it could fill */
		snprintf(shrt, sizeof(shrt),
			 "; its records all share one instant, taken as "
			 "arriving as fast as its range lets them: a burst "
			 "that does not repeat is not a rate");
	} else if ((rw->basis == PK_RUNWAY_DATA_TIME ||
		    rw->basis == PK_RUNWAY_DATA_RATE) &&
		   rw->span_s > 0 && rw->span_s < PK_RUNWAY_BURST_S) {
		/* its own records' rate, as if they went on: the soonest it
		   could fill, not a forecast */
		snprintf(
		    shrt, sizeof(shrt),
		    "; its records span under a minute, their rate taken "
		    "as if it went on: a burst that does not repeat is not "
		    "a rate");
	}
	if (rw->basis == PK_RUNWAY_RATES &&
	    (rw->features & PK_RW_F_HASH_UNIQUE)) {
		/* a hash of unique ids taken as equal parts: a generator's
		   sequential ids do not split quite evenly */
		even = "; ASSUMPTION: the ids' hashes split them into equal "
		       "parts (sequential ids do not quite: the fullest part "
		       "may fill a few percent sooner)";
	}
	snprintf(buf, cap, " (%s%s first, %s%s)%s%s%s%s", s->full_key,
		 s->full_collection ? "'s item collection" : "", grow, bound,
		 shrt, even,
		 rw->kind == PK_RUNWAY_DAYS && rw->fill_at_mean
		     ? "; within the hour it fills in, timed at that hour's "
		       "mean rate, though its writes vary within the hour: "
		       "up to an hour off"
		     : "",
		 lone_text(rw, lone, sizeof(lone)));
}

/* A table's item collection filling (full_ddb), in its words: full now,
   or the runway's days, basis and first (first_text) against 10 GiB */
static void collection_text(const struct pk_result *r,
			    const struct pk_scorecard *s, char *buf, size_t cap)
{
	char d[64], at[160], first[640];

	if (s->days_to_full <= 0) {
		snprintf(buf, cap,
			 "full now (%s's item collection is at its 10 GiB: "
			 "its items and local secondary index entries, D18)",
			 s->full_key);
		return;
	}
	first_text(r, s, first, sizeof(first));
	snprintf(buf, cap,
		 "%s %s%s: its items and local secondary index entries "
		 "against 10 GiB, D18",
		 scorecard_days_text(s->days_to_full, 1, d, sizeof(d)),
		 scorecard_full_basis(r, &s->runway, at, sizeof(at)), first);
}

const char *scorecard_full_text(const struct pk_result *r,
				const struct pk_scorecard *s, int brief,
				char *buf, size_t cap)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], at[160], first[640];

	switch (s->full_kind) {
	case PK_FULL_BOUNDED:
		if (brief) {
			snprintf(buf, cap, "bounded (%s)",
				 level_text(s, s->bucket_reach_bytes, a));
		} else if (s->runway.ttl_s > 0 &&
			   s->runway.ttl_s < s->bucket.len_s) {
			/* its first items expire before the bucket ends:
			   the lifetime, not the bucket's end, sets the most
			   it holds */
			snprintf(
			    buf, cap,
			    "bounded: time to live holds %s %s's bucket to "
			    "at most %s (its items living %s%s), %s",
			    article(s->bucket.len_s), unit(s->bucket.len_s),
			    level_text(s, s->bucket_reach_bytes, b),
			    s->runway.ttl_mixed ? "a mean " : "",
			    duration((double)s->runway.ttl_s, first,
				     sizeof(first)),
			    scorecard_full_basis(r, &s->runway, at,
						 sizeof(at)));
		} else if (s->full_collection) {
			/* a table's: each key value's collection grows
			   only while its bucket is current */
			snprintf(buf, cap,
				 "bounded: %s %s's item collection stops "
				 "growing when its %s ends, holding at most "
				 "%s of its 10 GiB (D18), %s",
				 article(s->bucket.len_s),
				 unit(s->bucket.len_s), unit(s->bucket.len_s),
				 level_text(s, s->bucket_reach_bytes, b),
				 scorecard_full_basis(r, &s->runway, at,
						      sizeof(at)));
		} else {
			snprintf(buf, cap,
				 "bounded: %s %s's bucket ends before it "
				 "fills, holding at most %s%s, %s",
				 article(s->bucket.len_s),
				 unit(s->bucket.len_s),
				 level_text(s, s->bucket_reach_bytes, b),
				 /* the longest month holds most; a plan's
				    month is a year's twelfth */
				 s->bucket.len_s == PK_BUCKET_MONTH_S
				     ? " (a 31-day month's; `pksim plan`'s "
				       "largest month is a year / 12)"
				     : "",
				 scorecard_full_basis(r, &s->runway, at,
						      sizeof(at)));
		}
		break;
	case PK_FULL_AT_ONCE:
		snprintf(buf, cap,
			 brief ? "n/a (at once)" : "n/a: all records at once");
		break;
	case PK_FULL_NEVER:
		if (brief) {
			snprintf(buf, cap, "never");
		} else if (s->full_collection &&
			   s->runway.kind == PK_RUNWAY_IDS) {
			snprintf(
			    buf, cap,
			    "never: an item collection holds at most %s "
			    "sort key values, at most %s, under its "
			    "10 GiB (D18), %s",
			    fmt_thousands((int64_t)s->runway.ids, a),
			    fmt_bytes((uint64_t)(s->runway.bound_bytes + 0.5),
				      b),
			    scorecard_full_basis(r, &s->runway, at,
						 sizeof(at)));
		} else if (s->full_collection) {
			snprintf(buf, cap,
				 "never: no item collection grows (D18: "
				 "10 GiB a key value), %s",
				 scorecard_full_basis(r, &s->runway, at,
						      sizeof(at)));
		} else if (s->runway.kind == PK_RUNWAY_IDS &&
			   s->runway.ids == 1) {
			snprintf(
			    buf, cap,
			    "never: every item is its own logical "
			    "partition (at most %s)",
			    fmt_bytes((uint64_t)(s->runway.bound_bytes + 0.5),
				      a));
		} else if (s->runway.kind == PK_RUNWAY_IDS &&
			   s->runway.ids_mod > 0) {
			snprintf(
			    buf, cap,
			    "never: a logical partition holds only the ids "
			    "whose hash(id) mod %llu builds its key, %s "
			    "%s of the %s: at most %s (those ids x the "
			    "%s item)",
			    (unsigned long long)s->runway.ids_mod,
			    s->runway.ids_exact ? "at most" : "about",
			    fmt_thousands((int64_t)s->runway.ids, at),
			    fmt_thousands((int64_t)s->runway.ids_pool, b),
			    fmt_bytes((uint64_t)(s->runway.bound_bytes + 0.5),
				      a),
			    s->runway.ids_mean ? "mean" : "largest");
		} else if (s->runway.kind == PK_RUNWAY_IDS &&
			   s->runway.ids_mean) {
			snprintf(
			    buf, cap,
			    "never: its items are written among %llu ids, "
			    "each holding one item: it levels off near %s "
			    "(the ids x the mean item)",
			    (unsigned long long)s->runway.ids,
			    fmt_bytes((uint64_t)(s->runway.bound_bytes + 0.5),
				      a));
		} else if (s->runway.kind == PK_RUNWAY_IDS) {
			snprintf(
			    buf, cap,
			    "never: its items are written among %llu ids, "
			    "at most %s a logical partition",
			    (unsigned long long)s->runway.ids,
			    fmt_bytes((uint64_t)(s->runway.bound_bytes + 0.5),
				      a));
		} else {
			snprintf(buf, cap, "never: it does not grow");
		}
		break;
	case PK_FULL_LEVELS:
		if (brief) {
			snprintf(buf, cap, "levels at %s",
				 level_text(s, s->full_level_bytes, a));
			break;
		}
		{
			char back[160] = "";
			const double live =
			    s->full_level_bytes - s->runway.backlog_bytes;
			double rate = s->full_rate;
			int mean = s->runway.secs;
			/* items rewritten among a pool of ids: it holds the
			   distinct ids of its last lifetime's writes, far
			   fewer than the writes (rate x lifetime) */
			const int pool =
			    (s->runway.features & PK_RW_F_POOL) != 0 &&
			    s->runway.written_bytes_per_s > 0;
			/* ... by creates: each held a part of the time */
			const int creates = pool && s->runway.creates_bytes > 0;
			char tail[200] = "", scale[96] = "";

			if (pool) {
				rate = s->runway.written_bytes_per_s;
				mean = 0;
			} else if (!s->runway.secs && s->full_ttl_s > 0 &&
				   fabs(live - rate * (double)s->full_ttl_s) >
				       1e-3 * live) {
				/* the hour steps deleted all that expired (a
				   step falling behind is not projected): at
				   its peak it holds its last lifetime's
				   writes, not the peak hour's rate x the
				   lifetime where the rate varies (a daily
				   curve, a bucket current an hour a day) */
				rate = live / (double)s->full_ttl_s;
				mean = 1;
			}
			if (!pool && s->runway.backlog_bytes > 0) {
				snprintf(
				    back, sizeof(back),
				    ", and at its cycle's peak %s of expired "
				    "items a phase's RU/s leave no room to "
				    "delete",
				    fmt_bytes(
					(uint64_t)(s->runway.backlog_bytes +
						   0.5),
					b));
			}
			if (creates) {
				/* each id held r p T / (1 + r p T) of the time
				   once the first lifetimes pass; the level is
				   the peak as the first ends */
				snprintf(back, sizeof(back),
					 ", its peak as its first lifetime "
					 "ends");
				snprintf(
				    tail, sizeof(tail),
				    ", then about %s at that rate: a create "
				    "of an id it holds is refused (409) and "
				    "does not renew its lifetime",
				    fmt_bytes(
					(uint64_t)(s->runway.creates_bytes +
						   0.5),
					b));
			}
			if (s->runway.time_scale != 1.0 &&
			    r->sc->time_scale_text) {
				/* its rate and lifetime are real time's, as
				   every other runway sentence says */
				snprintf(scale, sizeof(scale),
					 ", at its time scale (%s)",
					 r->sc->time_scale_text);
			}
			snprintf(
			    buf, cap,
			    "never: %s %s under time to live "
			    "(%s written %s%s, its items living %s%s%s%s)%s%s",
			    creates ? "at most" : "levels off at",
			    level_text(s, s->full_level_bytes, a), s->full_key,
			    rate_text(rate, first, 48),
			    mean ? " on average" : "",
			    s->full_ttl_mixed ? "a mean " : "",
			    duration((double)s->full_ttl_s, at, sizeof(at)),
			    pool ? ": the distinct ids of a lifetime's writes "
				   "among its pool of ids"
				 : "",
			    back, tail, scale);
		}
		break;
	case PK_FULL_NO_SIZES:
		snprintf(buf, cap,
			 brief ? "n/a (no sizes)"
			       : "n/a: the monitor log records no item sizes");
		break;
	case PK_FULL_NO_WRITES:
		snprintf(buf, cap,
			 brief
			     ? "n/a (wrote nothing)"
			     : "n/a: the run wrote nothing (its rate schedule "
			       "is 0 over the run and a year after), so which "
			       "key values fill "
			       "is not known: start the clock where the "
			       "workload writes");
		break;
	case PK_FULL_NOT_PROJECTED:
		if (brief) {
			snprintf(buf, cap, "%s",
				 s->runway.replay_full_s >= 0
				     ? "not projected (full in the replay)"
				     : "not projected");
		} else if (s->runway.replay_full_s >= 0) {
			/* the run's own 403s: no longer replay asked for */
			snprintf(buf, cap,
				 "not projected: %s; the replay itself filled "
				 "%s at t = %s s",
				 runway_untested_text(&s->runway, first,
						      sizeof(first)),
				 s->full_key,
				 fmt_thousands((int64_t)s->runway.replay_full_s,
					       at));
		} else {
			snprintf(buf, cap,
				 "not projected: %s; replay it long enough to "
				 "see it (%s)",
				 runway_untested_text(&s->runway, first,
						      sizeof(first)),
				 r->sc->items_file ? "more of the data"
						   : "lengthen the phase");
		}
		break;
	case PK_FULL_NO_CAP:
		if (!brief && s->full_collection == 2) {
			snprintf(buf, cap,
				 "n/a: no cap: a table without a local "
				 "secondary index caps no key value's items "
				 "(D18); a partition past 10 GiB splits in "
				 "two (D6), so nothing fills");
			break;
		}
		snprintf(buf, cap,
			 brief ? "n/a (no cap)"
			       : "n/a: no logical partition cap is known for "
				 "the service (not Azure Cosmos DB)");
		break;
	case PK_FULL_BEYOND:
		if (brief) {
			snprintf(buf, cap, "> 5 years");
		} else if (s->full_collection) {
			snprintf(
			    buf, cap,
			    "not within 5 years, %s (%s's item "
			    "collection holds %s by day %s, " HORIZON_SAID
			    ", of its 10 GiB, D18)",
			    scorecard_full_basis(r, &s->runway, at, sizeof(at)),
			    s->full_key,
			    level_text(s, (double)s->full_lp_bytes, a),
			    fmt_thousands(PK_RUNWAY_HORIZON_DAYS, b));
		} else {
			char q[256] = "", lone[256];

			if (quiet_text(&s->runway, q + 2, sizeof(q) - 2)) {
				/* the silence that dilutes its rate */
				memcpy(q, "; ", 2);
			}
			snprintf(
			    buf, cap,
			    "not within 5 years, %s (%s holds %s by day "
			    "%s, " HORIZON_SAID "%s)%s",
			    scorecard_full_basis(r, &s->runway, at, sizeof(at)),
			    s->full_key,
			    level_text(s, (double)s->full_lp_bytes, a),
			    fmt_thousands(PK_RUNWAY_HORIZON_DAYS, b), q,
			    lone_text(&s->runway, lone, sizeof(lone)));
		}
		break;
	default:
		if (s->full_collection && !brief) {
			collection_text(r, s, buf, cap);
		} else if (s->days_to_full <= 0 && brief) {
			snprintf(buf, cap, "full now");
		} else if (s->days_to_full <= 0) {
			snprintf(buf, cap, "full now (%s is at its cap)",
				 s->full_key);
		} else if (brief) {
			scorecard_days_text(s->days_to_full, 0, buf, cap);
		} else {
			char life[32], after[160] = "";

			if (s->runway.renew) {
				/* why it fills later than the written rate
				   and a lifetime's level say */
				snprintf(after, sizeof(after),
					 "; an upsert rewriting an item still "
					 "living renews it, adding none (its "
					 "items living %s)",
					 duration((double)s->runway.ttl_s, life,
						  sizeof(life)));
			} else if (s->runway.ttl_after) {
				/* time to live changes nothing before it */
				snprintf(after, sizeof(after),
					 "; it fills before any item expires "
					 "(its items living %s%s)",
					 s->runway.ttl_mixed ? "a mean " : "",
					 duration((double)s->runway.ttl_s, life,
						  sizeof(life)));
			}
			first_text(r, s, first, sizeof(first));
			snprintf(
			    buf, cap, "%s %s%s%s%s",
			    scorecard_days_text(s->days_to_full, 1, a,
						sizeof(a)),
			    scorecard_full_basis(r, &s->runway, at, sizeof(at)),
			    first, after, dels_note(&s->runway));
		}
		break;
	}
	return buf;
}
