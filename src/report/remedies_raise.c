/*
 * remedies_raise: the sentences of the RU/s remedies (remedies_int.h):
 * the raise on the existing layout (rule 5), the raise with splits (rule
 * 6) and the switch to autoscale (rule 27), each with its search and
 * what its replay measured.
 */
#include "remedies_int.h"

#include <stdio.h>
#include <stdlib.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

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

/* Where a phase sets more than setting r: that the phase keeps its
   higher setting in the replay, so the partitions after are its; ""
   otherwise */
static const char *top_words(const struct pk_remedies *m, int64_t r, char *w,
			     size_t size)
{
	char a[PK_FMT_BYTES];

	if (!m->top_phase || m->top_ru_per_s <= r) {
		return "";
	}
	snprintf(w, size,
		 "; phase '%s' sets %s %s at its start and keeps it in the "
		 "replay (each replayed setting is a floor, not a ceiling), "
		 "so the partitions after are that phase's",
		 m->top_phase, fmt_thousands(m->top_ru_per_s, a),
		 remedies_unit(m));
	return w;
}

/* Switched to autoscale with phases that set a manual `throughput`:
   that their changes are not replayed and why; "" otherwise */
static const char *dropped_words(const struct pk_remedies *m, char *w,
				 size_t size)
{
	char a[PK_FMT_BYTES];

	if (m->n_throughput_phases == 0 || !m->top_phase) {
		return "";
	}
	snprintf(w, size,
		 "; the %zu phase%s that set a manual throughput (the most, "
		 "%s RU/s, by phase '%s') %s not replayed: an autoscale "
		 "container holds one max over the run and scales within it "
		 "(rule 17), so this max carries every phase",
		 m->n_throughput_phases, m->n_throughput_phases == 1 ? "" : "s",
		 fmt_thousands(m->top_ru_per_s, a), m->top_phase,
		 m->n_throughput_phases == 1 ? "is" : "are");
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

/* The raise on the existing layout's most, into buf (size bytes), when
   it is the container's limit (the loader holds every setting to it),
   below the layout's P x cap (rule 5); NULL when it is the layout's */
static const char *limit_words(const struct pk_remedies *m, char *buf,
			       size_t size)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];

	if (m->raise_top_ru_per_s >= m->cap_ru_per_s) {
		return NULL;
	}
	snprintf(buf, size,
		 "the most a container takes (pksim's limit, the service's "
		 "without a support request), %s below the %s the %zu "
		 "partitions take without a split (%zu x %s, rule 5)",
		 fmt_thousands(m->cap_ru_per_s - m->raise_top_ru_per_s, a),
		 fmt_thousands(m->cap_ru_per_s, b), m->created_partitions,
		 m->created_partitions, fmt_thousands(pp_cap(m), c));
	return buf;
}

/* What bounds the raise's search from above, into buf (size bytes):
   the layout's P x cap (rule 5), or the container's limit below it */
static const char *found_top_words(const struct pk_remedies *m, char *buf,
				   size_t size)
{
	char a[PK_FMT_BYTES];

	if (limit_words(m, buf, size)) {
		return buf;
	}
	snprintf(buf, size, "%zu partition%s x %s, rule 5: instant, no split",
		 m->created_partitions, m->created_partitions == 1 ? "" : "s",
		 fmt_thousands(pp_cap(m), a));
	return buf;
}

char *remedies_raise_words(const struct pk_remedies *m,
			   const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES],
	    e2[PK_FMT_BYTES], h[PK_FMT_BYTES], how[256], fw[256], tw[768],
	    top[320];
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
		if (limit_words(m, top, sizeof(top))) {
			return xasprintf("none: the container has %s %s on "
					 "the %zu partitions it was created "
					 "with, %s",
					 fmt_thousands(m->start_ru_per_s, a),
					 remedies_unit(m),
					 m->created_partitions, top);
		}
		return xasprintf("none: the container has %s %s on the %zu "
				 "partitions it was created with, the most "
				 "they take without a split (%zu x %s, "
				 "rule 5)",
				 fmt_thousands(m->start_ru_per_s, a),
				 remedies_unit(m), m->created_partitions,
				 m->created_partitions,
				 fmt_thousands(pp_cap(m), b));
	}
	e = remedies_effect(m, &x->after);
	if (x->status == PK_REMEDY_NOT_FOUND) {
		if (!limit_words(m, top, sizeof(top))) {
			snprintf(top, sizeof(top),
				 "the most the %zu partition%s take%s without "
				 "a split (rule 5)",
				 m->created_partitions,
				 m->created_partitions == 1 ? "" : "s",
				 m->created_partitions == 1 ? "s" : "");
		}
		s = xasprintf("none: even %s %s, %s, %s (%zu replay%s)",
			      fmt_thousands(x->setting, a), remedies_unit(m),
			      top, e, x->replays, x->replays == 1 ? "" : "s");
	} else {
		s = xasprintf(
		    "%s %s %s; the smallest between the run's %s (rate "
		    "limited%s) and %s (%s), %s in %zu replay%s, to within %s "
		    "RU/s (%s still rate limits)%s",
		    fmt_thousands(x->setting, a), remedies_unit(m), e,
		    fmt_thousands(m->floor_ru_per_s, b),
		    floor_words(m, fw, sizeof(fw)),
		    fmt_thousands(m->raise_top_ru_per_s, c),
		    found_top_words(m, top, sizeof(top)), how, x->replays,
		    x->replays == 1 ? "" : "s", fmt_thousands(x->step, d),
		    fmt_thousands(x->below, e2),
		    top_words(m, x->setting, tw, sizeof(tw)));
	}
	free(e);
	return s;
}

/* Why a replay f that rate limited past the existing layout did: where
   every 429 was its split delay's (f->delay_only: split_delay, rule 6:
   the old partitions serve the old RU/s until the splits finish, and
   after them only the retries of the requests it throttled), the split
   delay, said in w; else "" */
static const char *delay_words(const struct pk_remedies *m,
			       const struct pk_remedy_figures *f, char *w,
			       size_t size)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	if (m->split_delay_s <= 0 || f->split_wait_end_s <= 0 ||
	    !f->delay_only) {
		return "";
	}
	if (f->late_429 == 0) {
		snprintf(w, size,
			 "; the split delay is why, not the RU/s: the splits "
			 "it asks for wait the container's split_delay (%llds, "
			 "rule 6: until they finish the old partitions serve "
			 "the old RU/s), they finish at t = %llds, and every "
			 "429 of the replay came before then",
			 (long long)m->split_delay_s,
			 (long long)f->split_wait_end_s);
		return w;
	}
	snprintf(w, size,
		 "; the split delay is why, not the RU/s: the splits it asks "
		 "for wait the container's split_delay (%llds, rule 6: until "
		 "they finish the old partitions serve the old RU/s), they "
		 "finish at t = %llds; %s of the replay's 429s came before "
		 "then, and the %s after it, to t = %llds, came in seconds "
		 "when the retries of the requests the delay throttled "
		 "arrived and the new requests fitted the RU/s (its backlog); "
		 "a raise that starts split_delay before the load avoids them",
		 (long long)m->split_delay_s, (long long)f->split_wait_end_s,
		 fmt_thousands((int64_t)(f->throttled_429 - f->late_429), a),
		 fmt_thousands((int64_t)f->late_429, b),
		 (long long)f->last_429_end_s);
	return w;
}

/* The raise with splits that stopped doubling at x's setting: every
   429 one logical partition's, unchanged by the doubling (one_lp) */
static char *one_lp_words(const struct pk_remedies *m,
			  const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES];

	return xasprintf(
	    "none: no RU/s stops these 429s: the doubling stopped at %s %s "
	    "(%zu partitions, %zu splits), which left the same %s 429s "
	    "and %s operations failed after retries as the setting before "
	    "it, every 429 logical partition %s's. A logical partition "
	    "lives in one physical partition, which serves at most %s RU/s, "
	    "and a split never divides it (rules 1, 10): its busiest "
	    "seconds offer more than that, so the remedy is a key that "
	    "spreads its items (try keys with `pksim compare --key`, as "
	    "the findings suggest) (%zu replay%s)",
	    fmt_thousands(x->setting, a), remedies_unit(m), x->after.partitions,
	    x->after.splits, fmt_thousands((int64_t)x->after.throttled_429, b),
	    fmt_thousands((int64_t)x->after.failed, c), x->after.lp_key,
	    fmt_thousands(pp_cap(m), d), x->replays,
	    x->replays == 1 ? "" : "s");
}

char *remedies_split_words(const struct pk_remedies *m,
			   const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES],
	    e2[PK_FMT_BYTES], w[768], tw[320];
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
	if (x->status == PK_REMEDY_NOT_FOUND && m->one_lp) {
		return one_lp_words(m, x);
	}
	e = remedies_effect(m, &x->after);
	if (x->status == PK_REMEDY_NOT_FOUND) {
		s = xasprintf("none found: even %s %s %s (%zu replay%s, "
			      "doubling from %s up to %d times)%s%s",
			      fmt_thousands(x->setting, a), remedies_unit(m), e,
			      x->replays, x->replays == 1 ? "" : "s",
			      fmt_thousands(m->cap_ru_per_s > m->start_ru_per_s
						? m->cap_ru_per_s
						: m->start_ru_per_s,
					    b),
			      PK_REMEDY_MAX_DOUBLINGS,
			      top_words(m, x->setting, tw, sizeof(tw)),
			      delay_words(m, &x->after, w, sizeof(w)));
	} else {
		s = xasprintf(
		    "%s %s %s; past %s the partitions split (rule 6: "
		    "ceil(RU/s / %s) partitions, only as many parents "
		    "split as needed; ASSUMPTION: the widest parents split "
		    "first, the first in key order of equals, whatever "
		    "their load, as rule 6's sources do not say which); "
		    "the smallest found by doubling and bisection in %zu "
		    "replay%s, to within %s RU/s (%s still rate limits)%s",
		    fmt_thousands(x->setting, a), remedies_unit(m), e,
		    fmt_thousands(m->cap_ru_per_s, b),
		    fmt_thousands(pp_cap(m), d), x->replays,
		    x->replays == 1 ? "" : "s", fmt_thousands(x->step, c),
		    fmt_thousands(x->below, e2),
		    top_words(m, x->setting, tw, sizeof(tw)));
	}
	free(e);
	return s;
}

char *remedies_autoscale_words(const struct pk_remedies *m,
			       const struct pk_remedy *x)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], h[PK_FMT_BYTES],
	    d[256] = "", w[768], tw[320];
	char *e, *s;

	if (x->status == PK_REMEDY_NOT_REPLAYED) {
		return xasprintf("not replayed: %s",
				 x->why_not ? x->why_not : "not applicable");
	}
	e = remedies_effect(m, &x->after);
	if (x->status == PK_REMEDY_NOT_FOUND) {
		s = xasprintf("none found: even a max of %s RU/s %s (%zu "
			      "replay%s)%s%s",
			      fmt_thousands(x->setting, a), e, x->replays,
			      x->replays == 1 ? "" : "s",
			      dropped_words(m, tw, sizeof(tw)),
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
	    "bisecting, in %zu replay%s, to within %s RU/s%s%s",
	    fmt_thousands(x->setting, a), m->created_partitions,
	    m->created_partitions == 1 ? "" : "s", e, fmt_thousands(x->hint, h),
	    x->replays, x->replays == 1 ? "" : "s", fmt_thousands(x->step, b),
	    d, dropped_words(m, tw, sizeof(tw)));
	free(e);
	return s;
}
