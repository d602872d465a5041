/*
 * remedies: the replayed remedies of a variant in words and as the text
 * report's table (remedies.h).
 */
#include "pksim/report/remedies.h"

#include <stdlib.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/report/money.h"

/* Ranges a redistribution's sentence lists, at most */
#define PK_REMEDIES_LIST_RANGES 8

const char *remedies_name(enum pk_remedy_kind k)
{
	static const char *const names[PK_REMEDY_KINDS] = {
	    "raise on the existing layout",
	    "raise with splits",
	    "redistribution at the same total",
	    "switch to autoscale",
	    "merge",
	    "bulk stream: client RU budget",
	    "bulk stream: Low priority",
	    "bulk stream: throughput bucket",
	};

	return k < PK_REMEDY_KINDS ? names[k] : "?";
}

const char *remedies_kind_id(enum pk_remedy_kind k)
{
	static const char *const ids[PK_REMEDY_KINDS] = {
	    "raise",
	    "raise_with_splits",
	    "redistribute",
	    "autoscale",
	    "merge",
	    "bulk_ru_budget",
	    "bulk_low_priority",
	    "bulk_throughput_bucket",
	};

	return k < PK_REMEDY_KINDS ? ids[k] : "?";
}

const char *remedies_status_name(enum pk_remedy_status s)
{
	static const char *const names[] = {
	    "found",	    "not_found", "no_room",	   "not_needed",
	    "not_replayed", "failed",	 "not_applicable",
	};

	return (size_t)s < sizeof(names) / sizeof(names[0]) ? names[s] : "?";
}

/* "RU/s" or "RU/s of autoscale max" after a setting */
static const char *unit(const struct pk_remedies *m)
{
	return m->autoscale ? "RU/s of autoscale max" : "RU/s";
}

/* 1 if remedy x has a replay's figures to show */
static int measured(const struct pk_remedy *x)
{
	return x->status == PK_REMEDY_FOUND || x->status == PK_REMEDY_NOT_FOUND;
}

/* What else the replays changed, said in the intro */
static const char *also_changed(const struct pk_remedies *m)
{
	int merge = measured(&m->items[PK_REMEDY_MERGE]);
	int bulk = measured(&m->items[PK_REMEDY_BUDGET]) ||
		   measured(&m->items[PK_REMEDY_LOW]) ||
		   measured(&m->items[PK_REMEDY_BUCKET]);

	return merge && bulk ? " (or its partitions merged, or the bulk "
			       "stream's client or bucket)"
	       : merge	     ? " (or its partitions merged)"
	       : bulk	     ? " (or the bulk stream's client or bucket)"
			     : "";
}

/* "; the replays run the data file Nx faster ..." when the run's
   arrivals come from a data file's time field compressed, into buf */
static const char *compressed(const struct pk_result *r, char *buf, size_t cap)
{
	const struct pk_items_file *f = r->sc->items_file;

	buf[0] = '\0';
	if (f && f->from == PK_FROM_TIME_FIELD && f->time_compression != 1) {
		snprintf(buf, cap,
			 "; like the run, each replays the data file's records "
			 "%gx faster than their own time (time_compression): "
			 "every RU/s and bill below is for that compressed "
			 "load, not for the data's own rate",
			 f->time_compression);
	}
	return buf;
}

char *remedies_intro(const struct pk_result *r, const struct pk_remedies *m)
{
	char mo[96] = "", c[PK_MONEY_BYTES], tc[224];

	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	if (m->before.priced) {
		snprintf(mo, sizeof(mo),
			 "; %s a month at this workload (the bill's month)",
			 money_fmt(m->before.month, m->before.currency, c));
	}
	if (m->merge_only) {
		char at[160] = "t = 0";

		if (m->merge_at_s > 0) {
			snprintf(at, sizeof(at),
				 "t = %llds (the start of phase '%s')",
				 (long long)m->merge_at_s,
				 m->merge_phase ? m->merge_phase : "?");
		}
		return xasprintf(
		    "the run had no 429: only the merge the findings name "
		    "(rules 32, 36) is replayed, on the run's operation "
		    "stream (seed %llu, the same arrivals) with the "
		    "container's partitions merged from %s; %zu replay "
		    "(at most %zu, set before it ran), as long as the run%s%s",
		    (unsigned long long)r->seed, at, m->replays, m->max_replays,
		    mo, compressed(r, tc, sizeof(tc)));
	}
	return xasprintf(
	    "each replays the run's operation stream (seed %llu, the same "
	    "arrivals) with only the container's %s changed%s, from t = 0; "
	    "%zu replays, each as long as the run (at most %zu, set before "
	    "they ran); the searches assume 429s do not come back as RU/s "
	    "rise; before: %s 429s, %s operations failed after the "
	    "client's retries%s%s",
	    (unsigned long long)r->seed,
	    m->autoscale ? "autoscale max"
			 : "RU/s (or, switched to autoscale, its max)",
	    also_changed(m), m->replays, m->max_replays,
	    fmt_thousands((int64_t)m->before.throttled_429, a),
	    fmt_thousands((int64_t)m->before.failed, b), mo,
	    compressed(r, tc, sizeof(tc)));
}

/* The highest of n hours' bills and their sum (RU/s-hours) */
static int64_t hours_peak(const int64_t *x, size_t n, int64_t *sum)
{
	int64_t top = 0;
	size_t h;

	*sum = 0;
	for (h = 0; x && h < n; h++) {
		*sum += x[h];
		top = x[h] > top ? x[h] : top;
	}
	return top;
}

/* "; billed ..." of an autoscale replay's hours (rules 17, 27) into g
   (cap bytes); "" for manual figures */
static void bill(const struct pk_remedy_figures *f, char *g, size_t cap)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES];
	int64_t cs, ds, cp, dp;

	g[0] = '\0';
	if (f->n_hours == 0) {
		return;
	}
	cp = hours_peak(f->billed_classic, f->n_hours, &cs);
	dp = hours_peak(f->billed_dynamic, f->n_hours, &ds);
	if (f->n_hours == 1) {
		snprintf(g, cap,
			 "; its hour billed at %s RU/s classic (rule 17), %s "
			 "dynamic (rule 27)",
			 fmt_thousands(cp, a), fmt_thousands(dp, b));
		return;
	}
	snprintf(g, cap,
		 "; billed at %s RU/s classic (rule 17), %s dynamic (rule "
		 "27) in its busiest hour, %s and %s RU/s-hours over its %zu "
		 "hours",
		 fmt_thousands(cp, a), fmt_thousands(dp, b),
		 fmt_thousands(cs, c), fmt_thousands(ds, d), f->n_hours);
}

/* "; a month at this workload $86.40, +$28.80 against the run's" of a
   priced replay f into g (cap bytes); "" when not priced */
static void month(const struct pk_remedies *m,
		  const struct pk_remedy_figures *f, char *g, size_t cap)
{
	char a[PK_MONEY_BYTES], b[PK_MONEY_BYTES];
	double d;

	g[0] = '\0';
	if (!f->priced || !m->before.priced) {
		return;
	}
	d = f->month - m->before.month;
	money_fmt(d, f->currency, b);
	snprintf(g, cap,
		 "; %s a month at this workload, %s%s against the run's",
		 money_fmt(f->month, f->currency, a), d >= 0 ? "+" : "", b);
}

/* What a replay's 429s did against the run's: "leave no 429", "still
   rate limit"; from a run without one, "stay without a 429" or "rate
   limit" */
static const char *verdict(const struct pk_remedies *m,
			   const struct pk_remedy_figures *f)
{
	if (m->before.throttled_429 == 0) {
		return f->throttled_429 ? "rate limit" : "stay without a 429";
	}
	return f->throttled_429 ? "still rate limit" : "leave no 429";
}

/* "leave no 429 (1,234 -> 0; failed operations 56 -> 0)" of a
   replay's figures against the run's */
static char *effect(const struct pk_remedies *m,
		    const struct pk_remedy_figures *f)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES],
	    g[256], h[128];

	bill(f, g, sizeof(g));
	month(m, f, h, sizeof(h));
	return xasprintf("%s (429s %s -> %s; operations failed after "
			 "retries %s -> %s; %zu partition%s after, %zu "
			 "split%s%s%s)",
			 verdict(m, f),
			 fmt_thousands((int64_t)m->before.throttled_429, a),
			 fmt_thousands((int64_t)f->throttled_429, b),
			 fmt_thousands((int64_t)m->before.failed, c),
			 fmt_thousands((int64_t)f->failed, d), f->partitions,
			 f->partitions == 1 ? "" : "s", f->splits,
			 f->splits == 1 ? "" : "s", g, h);
}

/* After the run's least setting: the phase that set it and what a
   replayed setting does to the phases, or "" without phases that set
   RU/s */
static const char *floor_words(const struct pk_remedies *m, char *w,
			       size_t size)
{
	if (!m->floor_phase) {
		return "";
	}
	snprintf(w, size,
		 "; set by phase '%s': each replayed setting is a floor, a "
		 "phase that sets less sets it",
		 m->floor_phase);
	return w;
}

/* A partition's RU/s cap in r (rule 1's 10,000 unless the scenario
   lowers it), RU/s */
static int64_t pp_cap(const struct pk_remedies *m)
{
	return m->created_partitions
		   ? m->cap_ru_per_s / (int64_t)m->created_partitions
		   : 0;
}

static char *raise_sentence(const struct pk_remedies *m,
			    const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES],
	    e2[PK_FMT_BYTES], h[PK_FMT_BYTES], h2[PK_FMT_BYTES], how[256],
	    fw[256];
	char *e, *s;

	if (x->hint > 0) {
		snprintf(how, sizeof(how),
			 "searched from %s (the busiest range's busiest "
			 "second of RU there x %zu, rule 4), then down by 1, "
			 "2, 4, ... steps while no 429, or, rate limited "
			 "there, bisected above it,",
			 fmt_thousands(x->hint, h), m->created_partitions);
	} else {
		snprintf(how, sizeof(how), "found by bisection");
	}

	if (x->status == PK_REMEDY_NOT_REPLAYED) {
		return xasprintf("not replayed: %s", x->why_not);
	}
	if (x->status == PK_REMEDY_NO_ROOM) {
		return xasprintf("none: the container has %s %s on the %zu "
				 "partitions it was created with, the most "
				 "they take without a split (%zu x %s, "
				 "rule 5)",
				 fmt_thousands(m->start_ru_per_s, a), unit(m),
				 m->created_partitions, m->created_partitions,
				 fmt_thousands(pp_cap(m), b));
	}
	e = effect(m, &x->after);
	if (x->status == PK_REMEDY_NOT_FOUND) {
		s = xasprintf("none: even %s %s, the most the %zu partitions "
			      "take without a split (rule 5), %s (%zu "
			      "replay)",
			      fmt_thousands(x->setting, a), unit(m),
			      m->created_partitions, e, x->replays);
	} else {
		s = xasprintf(
		    "%s %s %s; the smallest between the run's %s (rate "
		    "limited%s) and %s (%zu partition%s x %s, rule 5: "
		    "instant, no split), %s in %zu replays, to within %s "
		    "RU/s (%s still rate limits)",
		    fmt_thousands(x->setting, a), unit(m), e,
		    fmt_thousands(m->floor_ru_per_s, b),
		    floor_words(m, fw, sizeof(fw)),
		    fmt_thousands(m->cap_ru_per_s, c), m->created_partitions,
		    m->created_partitions == 1 ? "" : "s",
		    fmt_thousands(pp_cap(m), h2), how, x->replays,
		    fmt_thousands(x->step, d), fmt_thousands(x->below, e2));
	}
	free(e);
	return s;
}

/* Why a replay f that rate limited past the existing layout did: where
   every 429 came before its splits finished (split_delay, rule 6: the
   old partitions serve the old RU/s until then), the split delay, said
   in w; else "" */
static const char *delay_words(const struct pk_remedies *m,
			       const struct pk_remedy_figures *f, char *w,
			       size_t size)
{
	if (m->split_delay_s <= 0 || f->split_wait_end_s <= 0 ||
	    f->last_429_end_s <= 0 || f->last_429_end_s > f->split_wait_end_s) {
		return "";
	}
	snprintf(w, size,
		 "; the split delay is why, not the RU/s: the splits it "
		 "asks for wait the container's split_delay (%llds, rule "
		 "6: until they finish the old partitions serve the old "
		 "RU/s), they finish at t = %llds, and every 429 of the "
		 "replay came before then",
		 (long long)m->split_delay_s, (long long)f->split_wait_end_s);
	return w;
}

static char *split_sentence(const struct pk_remedies *m,
			    const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES],
	    e2[PK_FMT_BYTES], w[320];
	char *e, *s;

	if (x->status == PK_REMEDY_NOT_NEEDED) {
		return xstrdup("not replayed: the raise on the existing "
			       "layout stops the 429s without a split");
	}
	if (x->status == PK_REMEDY_NOT_REPLAYED) {
		return xasprintf("not replayed: %s",
				 x->why_not ? x->why_not
					    : "a data file without phases has "
					      "no phase to raise the RU/s at");
	}
	e = effect(m, &x->after);
	if (x->status == PK_REMEDY_NOT_FOUND) {
		s = xasprintf("none found: even %s %s %s (%zu replays, "
			      "doubling from %s up to %d times)%s",
			      fmt_thousands(x->setting, a), unit(m), e,
			      x->replays,
			      fmt_thousands(m->cap_ru_per_s > m->start_ru_per_s
						? m->cap_ru_per_s
						: m->start_ru_per_s,
					    b),
			      PK_REMEDY_MAX_DOUBLINGS,
			      delay_words(m, &x->after, w, sizeof(w)));
	} else {
		s = xasprintf(
		    "%s %s %s; past %s the partitions split (rule 6: "
		    "ceil(RU/s / %s) partitions, only as many parents "
		    "split as needed; ASSUMPTION: the widest parents split "
		    "first, the first in key order of equals, whatever "
		    "their load, as rule 6's sources do not say which); "
		    "the smallest found by doubling and bisection in %zu "
		    "replays, to within %s RU/s (%s still rate limits)",
		    fmt_thousands(x->setting, a), unit(m), e,
		    fmt_thousands(m->cap_ru_per_s, b),
		    fmt_thousands(pp_cap(m), d), x->replays,
		    fmt_thousands(x->step, c), fmt_thousands(x->below, e2));
	}
	free(e);
	return s;
}

static char *autoscale_sentence(const struct pk_remedies *m,
				const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], h[PK_FMT_BYTES],
	    d[256] = "", w[320];
	char *e, *s;

	if (x->status == PK_REMEDY_NOT_REPLAYED) {
		return xasprintf("not replayed: %s",
				 x->why_not ? x->why_not : "not applicable");
	}
	e = effect(m, &x->after);
	if (x->status == PK_REMEDY_NOT_FOUND) {
		s = xasprintf("none found: even a max of %s RU/s %s (%zu "
			      "replays)%s",
			      fmt_thousands(x->setting, a), e, x->replays,
			      delay_words(m, &x->after, w, sizeof(w)));
		free(e);
		return s;
	}
	if (x->below > 0) {
		snprintf(d, sizeof(d), " (%s still rate limits)",
			 fmt_thousands(x->below, c));
	} else {
		snprintf(d, sizeof(d), " (the smallest max allowed, rule 8)");
	}
	s = xasprintf(
	    "a max of %s RU/s on the run's %zu partition%s, switched at t = "
	    "0 (each partition scales between 10 %% and 100 %% of its share "
	    "of the max, rules 17 and 27), %s; the smallest on the 1,000 "
	    "RU/s grid, searched from %s (the manual remedy's RU/s rounded "
	    "up, at least rule 8's smallest max), stepping by 1,000, 2,000, "
	    "4,000, ... (down while no 429, "
	    "up while rate limited) until the answer changed, then "
	    "bisecting, in %zu replays, to within %s RU/s%s",
	    fmt_thousands(x->setting, a), m->created_partitions,
	    m->created_partitions == 1 ? "" : "s", e, fmt_thousands(x->hint, h),
	    x->replays, fmt_thousands(x->step, b), d);
	free(e);
	return s;
}

static char *redist_sentence(const struct pk_remedies *m,
			     const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], list[256] = "";
	char *e, *s;
	size_t i, len = 0;

	if (x->status == PK_REMEDY_NOT_REPLAYED) {
		return xasprintf("not replayed: %s",
				 x->why_not ? x->why_not : "not applicable");
	}
	for (i = 0; m->redist_ru && i < m->created_partitions; i++) {
		if (i == PK_REMEDIES_LIST_RANGES) {
			len = fmt_append(list, sizeof(list), len, ", ...");
			break;
		}
		len = fmt_append(list, sizeof(list), len, "%s%zu: %s",
				 i ? ", " : "", i,
				 fmt_thousands(m->redist_ru[i], a));
	}
	e = effect(m, &x->after);
	s = xasprintf(
	    "%s RU/s set range by range at t = 0 (rule 26; ranges "
	    "%s), each range's share of the total in proportion "
	    "to its busiest second of RU in the replay at %s "
	    "RU/s, where no request was rate limited, at most %s "
	    "a range, %s (%zu replay)",
	    fmt_thousands(x->setting, b), list,
	    fmt_thousands(m->cap_ru_per_s, c),
	    fmt_thousands(m->cap_ru_per_s / (int64_t)m->created_partitions, a),
	    e, x->replays);
	free(e);
	return s;
}

/* Where the merge started, into buf (cap bytes): t = 0, or the start of
   the phase after the container's last change (remedy_merge.c) */
static void merge_where(const struct pk_remedies *m, char *buf, size_t cap)
{
	if (m->merge_at_s == 0) {
		snprintf(buf, cap, "started at t = 0");
		return;
	}
	snprintf(buf, cap,
		 "started at t = %llds, the start of phase '%s', the first "
		 "after the run's last change of the container (a phase's "
		 "RU/s or layout, or a split)",
		 (long long)m->merge_at_s,
		 m->merge_phase ? m->merge_phase : "?");
}

/* What the replayed merge made, when not rule 32's count */
static void merge_short(const struct pk_remedy *x, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (x->after.merge_after == 0) {
		snprintf(buf, cap, "; the merge was not done by the run's end");
		return;
	}
	if (x->after.merge_after > x->merge_to) {
		snprintf(buf, cap,
			 "; the merge left %zu, not %zu: no further pair of "
			 "neighbouring ranges fits under a partition's "
			 "storage cap",
			 x->after.merge_after, x->merge_to);
	}
}

static char *merge_sentence(const struct pk_remedies *m,
			    const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], when[128], where[256], part[200];
	char *e, *s;

	if (x->status == PK_REMEDY_NOT_APPLICABLE) {
		return xstrdup("not applicable: the container has no more "
			       "partitions than rule 32's count, or rule 36's "
			       "conditions (under 3,000 RU/s and 20 GiB a "
			       "partition) do not hold");
	}
	if (x->status == PK_REMEDY_NOT_REPLAYED) {
		return xasprintf("not replayed: %s",
				 x->why_not ? x->why_not : "not applicable");
	}
	if (m->merge_delay_s > 0) {
		snprintf(when, sizeof(when), "done at t = %llds (merge_delay)",
			 (long long)(m->merge_at_s + m->merge_delay_s));
	} else {
		snprintf(when, sizeof(when), "at once (merge_delay 0 s)");
	}
	merge_where(m, where, sizeof(where));
	merge_short(x, part, sizeof(part));
	e = effect(m, &x->after);
	s = xasprintf(
	    "the %zu physical partitions %s to %zu, rule 32's count, "
	    "%s and %s, at the same %s %s (rule 36: the count "
	    "is fixed from the RU/s at the merge's start, and the merge docs "
	    "suit the container, as the findings say), %s%s (1 replay)",
	    m->merge_at_s == 0 ? m->created_partitions : m->merge_from,
	    x->after.merge_after > x->merge_to ? "asked to merge" : "merged",
	    x->merge_to, where, when, fmt_thousands(x->setting, a), unit(m), e,
	    part);
	free(e);
	return s;
}

/* "the interactive streams' 429s A -> B ..." of a bulk remedy's replay
   f, the interactive streams' figures first */
static char *bulk_effect(const struct pk_remedies *m,
			 const struct pk_remedy_figures *f)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES],
	    e[PK_FMT_BYTES], g[PK_FMT_BYTES], h[PK_FMT_BYTES], i[PK_FMT_BYTES],
	    mo[128];

	month(m, f, mo, sizeof(mo));
	return xasprintf(
	    "the interactive streams' 429s %s -> %s (operations failed "
	    "after retries %s -> %s); the bulk stream's 429s %s -> %s, "
	    "operations succeeded %s -> %s%s",
	    fmt_thousands((int64_t)m->before.inter_429, a),
	    fmt_thousands((int64_t)f->inter_429, b),
	    fmt_thousands((int64_t)m->before.inter_failed, c),
	    fmt_thousands((int64_t)f->inter_failed, d),
	    fmt_thousands((int64_t)m->before.bulk_429, e),
	    fmt_thousands((int64_t)f->bulk_429, g),
	    fmt_thousands((int64_t)m->before.bulk_succeeded, h),
	    fmt_thousands((int64_t)f->bulk_succeeded, i), mo);
}

/* What bulk remedy k set, into buf (cap bytes) */
static void bulk_setting(const struct pk_remedies *m, enum pk_remedy_kind k,
			 const struct pk_remedy *x, char *buf, size_t cap)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];

	if (k == PK_REMEDY_BUDGET) {
		snprintf(
		    buf, cap,
		    "a client RU budget of %s RU/s (client.ru_budget; the "
		    "room the interactive streams leave: the container's "
		    "%s RU/s less their offered %s RU/s%s)",
		    fmt_thousands(x->setting, a),
		    fmt_thousands(m->start_ru_per_s, b),
		    fmt_thousands((int64_t)(m->inter_ru_per_s + 0.5), c),
		    m->room_in_bucket
			? ", within the cap of the bucket it is in, rule 31"
			: "");
	} else if (k == PK_REMEDY_LOW) {
		snprintf(buf, cap,
			 "Low priority (rule 30: when a second's requests pass "
			 "the RU/s, Low ones are throttled first)");
	} else {
		snprintf(buf, cap,
			 "throughput bucket %d capped at %d %% of the "
			 "container's RU/s, %s RU/s (rule 31; the room the "
			 "interactive streams' offered %s RU/s leave of %s)",
			 m->bucket_id, m->bucket_pct,
			 fmt_thousands(x->setting, c),
			 fmt_thousands((int64_t)(m->inter_ru_per_s + 0.5), a),
			 fmt_thousands(m->start_ru_per_s, b));
	}
}

/* What a bulk remedy's replay must leave (remedy.h's goal) */
static const char *bulk_goal(const struct pk_remedies *m)
{
	return m->bulk_alone
		   ? "leaves no 429 at all (the run rate limited the bulk "
		     "stream alone: its client paces it under the RU/s "
		     "instead; a smaller one only slows it)"
		   : "leaves the interactive streams without a 429 (a smaller "
		     "one only holds the bulk stream back)";
}

/* How bulk remedy x's setting was found, into buf (cap bytes): one
   replay at the estimate, or the search (remedy.h) */
static void bulk_how(const struct pk_remedies *m, enum pk_remedy_kind k,
		     const struct pk_remedy *x, char *buf, size_t cap)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[160];
	const char *what = k == PK_REMEDY_BUDGET ? "budget" : "bucket's cap";

	if (x->hint == 0) {
		snprintf(buf, cap, " (1 replay)");
		return;
	}
	if (x->status != PK_REMEDY_FOUND) {
		snprintf(buf, cap,
			 "; even the smallest %s on the grid, %s RU/s, %s "
			 "(%zu replays)",
			 what, fmt_thousands(x->setting, a),
			 m->bulk_alone ? "leaves 429s" : "rate limits them",
			 x->replays);
		return;
	}
	if (x->below > 0) {
		snprintf(d, sizeof(d), " (%s still rate limits%s)",
			 fmt_thousands(x->below, c),
			 m->bulk_alone ? "" : " them");
	} else {
		snprintf(d, sizeof(d),
			 " (the whole RU/s not replayed: taken "
			 "to rate limit%s, as the run did)",
			 m->bulk_alone ? "" : " them");
	}
	snprintf(buf, cap,
		 "; the largest %s on a grid of %s RU/s (1 %% of the "
		 "container's RU/s) whose replay %s, searched from %s (the "
		 "room), stepping by 1, 2, 4, ... steps until the answer "
		 "changed, then bisecting, in %zu replays, to within %s RU/s%s",
		 what, fmt_thousands(x->step, a), bulk_goal(m),
		 fmt_thousands(x->hint, b), x->replays,
		 fmt_thousands(x->step, c), d);
}

static char *bulk_sentence(const struct pk_remedies *m, enum pk_remedy_kind k,
			   const struct pk_remedy *x)
{
	char set[320], fin[64] = "", how[768];
	char *e, *s;

	if (x->status == PK_REMEDY_NOT_APPLICABLE) {
		return xstrdup("not applicable: no bulk stream beside "
			       "interactive ones (one stream)");
	}
	if (x->status == PK_REMEDY_NOT_REPLAYED) {
		return xasprintf("not replayed: %s",
				 x->why_not ? x->why_not : "not applicable");
	}
	bulk_setting(m, k, x, set, sizeof(set));
	e = bulk_effect(m, &x->after);
	if (x->after.bulk_finish_ms > 0) {
		snprintf(fin, sizeof(fin),
			 "; its last operation answered at t = %.1f s",
			 (double)x->after.bulk_finish_ms / 1000.0);
	}
	if (k == PK_REMEDY_LOW) {
		snprintf(how, sizeof(how), " (1 replay)");
	} else {
		bulk_how(m, k, x, how, sizeof(how));
	}
	s = xasprintf("the bulk stream %s (the stream %s; the others are the "
		      "interactive ones) with %s, from t = 0: %s%s%s",
		      m->bulk_name ? m->bulk_name : "?",
		      m->bulk_by_flag ? "whose client is in bulk mode, "
					"client.bulk"
				      : "that offered the most RU",
		      set, e, fin, how);
	free(e);
	return s;
}

char *remedies_sentence(const struct pk_remedies *m, enum pk_remedy_kind k)
{
	const struct pk_remedy *x = &m->items[k];
	char a[PK_FMT_BYTES];
	char *body, *s;

	if (x->status == PK_REMEDY_NOT_APPLICABLE && k != PK_REMEDY_MERGE &&
	    k < PK_REMEDY_BUDGET) {
		/* the JSON report lists every kind: none of these ran */
		body = xstrdup(
		    m->merge_only
			? "not applicable: the run had no 429, so only the "
			  "merge is replayed"
			: "not applicable: a container of one partition has "
			  "nothing to redistribute");
	} else if (x->status == PK_REMEDY_FAILED) {
		body = xasprintf(
		    "the replay at %s %s stopped: %s",
		    fmt_thousands(x->setting, a),
		    remedy_autoscale(m, k) ? "RU/s of autoscale max" : "RU/s",
		    x->why ? x->why : "an error");
	} else {
		body = k == PK_REMEDY_RAISE    ? raise_sentence(m, x)
		       : k == PK_REMEDY_SPLIT  ? split_sentence(m, x)
		       : k == PK_REMEDY_REDIST ? redist_sentence(m, x)
		       : k == PK_REMEDY_MERGE  ? merge_sentence(m, x)
		       : k >= PK_REMEDY_BUDGET ? bulk_sentence(m, k, x)
					       : autoscale_sentence(m, x);
	}
	s = xasprintf("%s: %s", remedies_name(k), body);
	free(body);
	return s;
}

/* 1 if the tables show the busiest hour's bill: some row is autoscale */
static int bills_shown(const struct pk_remedies *m)
{
	return m->autoscale || measured(&m->items[PK_REMEDY_AUTOSCALE]);
}

/* The busiest hour's bill of f into c (PK_FMT_BYTES): "-" for manual
   figures, which bill their RU/s every hour */
static const char *bill_cell(const struct pk_remedy_figures *f, char *c)
{
	if (f->n_hours == 0) {
		snprintf(c, PK_FMT_BYTES, "-");
		return c;
	}
	return fmt_thousands(f->billed_peak_ru, c);
}

static void row(const char *name, const struct pk_remedies *m,
		const struct pk_remedy_figures *f, int64_t setting, FILE *out)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES];

	fprintf(out, "  %-32s %12s %10zu %6zu %12s %12s", name,
		fmt_thousands(setting, a), f->partitions, f->splits,
		fmt_thousands((int64_t)f->throttled_429, b),
		fmt_thousands((int64_t)f->failed, c));
	if (bills_shown(m)) {
		fprintf(out, " %12s", bill_cell(f, d));
	}
	fputc('\n', out);
}

/* A table row writer (text, Markdown or HTML): the row's name, then its
   figures. */
typedef void (*row_fn)(const char *name, const struct pk_remedies *m,
		       const struct pk_remedy_figures *f, int64_t setting,
		       FILE *out);

/* The run's row, then one a measured remedy, through put. */
static void each_row(const struct pk_remedies *m, row_fn put, FILE *out)
{
	size_t k;

	put("the run", m, &m->before, m->start_ru_per_s, out);
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		if (measured(&m->items[k])) {
			/* a bulk stream's remedy keeps the container's
			   RU/s; its setting is the client's */
			put(remedies_name((enum pk_remedy_kind)k), m,
			    &m->items[k].after,
			    k >= PK_REMEDY_BUDGET ? m->start_ru_per_s
						  : m->items[k].setting,
			    out);
		}
	}
}

/* Each remedy's sentence, escaped by esc, between open and close. */
static void each_sentence(const struct pk_remedies *m, pk_remedies_text_fn esc,
			  const char *open, const char *close, FILE *out)
{
	size_t k;

	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		char *s;

		if (m->items[k].status == PK_REMEDY_NOT_APPLICABLE) {
			continue;
		}
		s = remedies_sentence(m, (enum pk_remedy_kind)k);
		fputs(open, out);
		esc(s, out);
		fputs(close, out);
		free(s);
	}
}

/* The cells of one row: setting, partitions, splits, 429s, failed and,
   for autoscale, the busiest hour's bill; c[k] holds PK_FMT_BYTES */
static size_t cells(const struct pk_remedies *m,
		    const struct pk_remedy_figures *f, int64_t setting,
		    char c[6][PK_FMT_BYTES])
{
	fmt_thousands(setting, c[0]);
	fmt_thousands((int64_t)f->partitions, c[1]);
	fmt_thousands((int64_t)f->splits, c[2]);
	fmt_thousands((int64_t)f->throttled_429, c[3]);
	fmt_thousands((int64_t)f->failed, c[4]);
	if (bills_shown(m)) {
		bill_cell(f, c[5]);
		return 6;
	}
	return 5;
}

/* The text table's columns: the setting's name and its figures, with a
   busiest hour's bill where bills_shown */
#define TEXT_TABLE_COLS 91
#define TEXT_BILL_COLS 14

/* One row stacked: its name, then one figure a line */
static void stacked_row(const char *name, const struct pk_remedies *m,
			const struct pk_remedy_figures *f, int64_t setting,
			FILE *out)
{
	static const char *const label[6] = {
	    NULL, "partitions", "splits", "429s", "failed", "busiest hour"};
	char c[6][PK_FMT_BYTES];
	size_t i, n = cells(m, f, setting, c);

	fprintf(out, "  %s\n", name);
	for (i = 0; i < n; i++) {
		fprintf(out, "    %-14s %12s\n",
			i == 0 ? (m->autoscale ? "max RU/s" : "RU/s")
			       : label[i],
			c[i]);
	}
}

void remedies_text(const struct pk_result *r, const struct pk_result_variant *v,
		   size_t width, FILE *out)
{
	const struct pk_remedies *m = v->remedies;
	char *s;
	size_t k;

	if (!m) {
		return;
	}
	if (m->not_replayed) {
		fprintf(out, "\nremedies (%s)\n", m->not_replayed);
		return;
	}
	s = remedies_intro(r, m);
	fprintf(out, "\nremedies (%s)\n", s);
	free(s);
	if (width > 0 &&
	    width < TEXT_TABLE_COLS + (bills_shown(m) ? TEXT_BILL_COLS : 0)) {
		each_row(m, stacked_row, out);
	} else {
		fprintf(out, "  %-32s %12s %10s %6s %12s %12s%s\n", "setting",
			m->autoscale ? "max RU/s" : "RU/s", "partitions",
			"splits", "429s", "failed",
			bills_shown(m) ? "  busiest hour" : "");
		each_row(m, row, out);
	}
	for (k = 0; k < PK_REMEDY_KINDS; k++) {
		if (m->items[k].status == PK_REMEDY_NOT_APPLICABLE) {
			continue;
		}
		s = remedies_sentence(m, (enum pk_remedy_kind)k);
		fprintf(out, "  - %s\n", s);
		free(s);
	}
}

static void md_row(const char *name, const struct pk_remedies *m,
		   const struct pk_remedy_figures *f, int64_t setting,
		   FILE *out)
{
	char c[6][PK_FMT_BYTES];
	size_t i, n = cells(m, f, setting, c);

	fprintf(out, "| %s |", name);
	for (i = 0; i < n; i++) {
		fprintf(out, " %s |", c[i]);
	}
	fputc('\n', out);
}

void remedies_markdown(const struct pk_result *r,
		       const struct pk_result_variant *v,
		       pk_remedies_text_fn esc, FILE *out)
{
	const struct pk_remedies *m = v->remedies;
	char *s;

	if (!m) {
		return;
	}
	if (m->not_replayed) {
		fprintf(out, "\n#### Remedies\n\n");
		esc(m->not_replayed, out);
		fputc('\n', out);
		return;
	}
	s = remedies_intro(r, m);
	fprintf(out, "\n#### Remedies (replayed)\n\n");
	esc(s, out);
	free(s);
	fprintf(out,
		"\n\n| setting | %s | partitions | splits | 429s | "
		"failed |%s\n| --- | ---: | ---: | ---: | ---: | ---: "
		"|%s\n",
		m->autoscale ? "max RU/s" : "RU/s",
		bills_shown(m) ? " busiest hour |" : "",
		bills_shown(m) ? " ---: |" : "");
	each_row(m, md_row, out);
	fputc('\n', out);
	each_sentence(m, esc, "- ", "\n", out);
}

static void html_row(const char *name, const struct pk_remedies *m,
		     const struct pk_remedy_figures *f, int64_t setting,
		     FILE *out)
{
	char c[6][PK_FMT_BYTES];
	size_t i, n = cells(m, f, setting, c);

	fprintf(out, "<tr><th>%s</th>", name);
	for (i = 0; i < n; i++) {
		fprintf(out, "<td class=\"n\">%s</td>", c[i]);
	}
	fprintf(out, "</tr>\n");
}

void remedies_html(const struct pk_result *r, const struct pk_result_variant *v,
		   pk_remedies_text_fn esc, FILE *out)
{
	const struct pk_remedies *m = v->remedies;
	char *s;

	if (!m) {
		return;
	}
	if (m->not_replayed) {
		fprintf(out, "<h3>Remedies</h3>\n<p>");
		esc(m->not_replayed, out);
		fprintf(out, "</p>\n");
		return;
	}
	s = remedies_intro(r, m);
	fprintf(out, "<h3>Remedies (replayed)</h3>\n<p>");
	esc(s, out);
	free(s);
	fprintf(out,
		"</p>\n<table>\n<tr><th>setting</th><th>%s</th>"
		"<th>partitions</th><th>splits</th><th>429s</th>"
		"<th>failed</th>%s</tr>\n",
		m->autoscale ? "max RU/s" : "RU/s",
		bills_shown(m) ? "<th>busiest hour</th>" : "");
	each_row(m, html_row, out);
	fprintf(out, "</table>\n<ul>\n");
	each_sentence(m, esc, "<li>", "</li>\n", out);
	fprintf(out, "</ul>\n");
}
