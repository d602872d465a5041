/*
 * remedies_bulk: the sentences of the bulk stream's remedies
 * (remedies_int.h): a client RU budget, Low priority and a throughput
 * bucket (rules 30, 31, 34), each with the interactive streams' 429s
 * before and after first.
 */
#include "remedies_int.h"

#include <stdio.h>
#include <stdlib.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

/* "the interactive streams' 429s A -> B ..." of a bulk remedy's replay
   f, the interactive streams' figures first */
static char *bulk_effect(const struct pk_remedies *m,
			 const struct pk_remedy_figures *f)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], d[PK_FMT_BYTES],
	    e[PK_FMT_BYTES], g[PK_FMT_BYTES], h[PK_FMT_BYTES], i[PK_FMT_BYTES],
	    mo[128];

	remedies_month(m, f, mo, sizeof(mo));
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
			 "the RU/s, Low ones are throttled first)%s",
			 m->others_high
			     ? ", the interactive streams that took the "
			       "account's Low default set High (rule 35: with "
			       "every request Low, none is protected)"
			     : "");
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
			 "(%zu replay%s)",
			 what, fmt_thousands(x->setting, a),
			 m->bulk_alone ? "leaves 429s" : "rate limits them",
			 x->replays, x->replays == 1 ? "" : "s");
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
	snprintf(
	    buf, cap,
	    "; the largest %s on a grid of %s RU/s (1 %% of the "
	    "container's RU/s) whose replay %s, searched from %s (the "
	    "room), stepping by 1, 2, 4, ... steps until the answer "
	    "changed, then bisecting, in %zu replay%s, to within %s RU/s%s",
	    what, fmt_thousands(x->step, a), bulk_goal(m),
	    fmt_thousands(x->hint, b), x->replays, x->replays == 1 ? "" : "s",
	    fmt_thousands(x->step, c), d);
}

char *remedies_bulk_words(const struct pk_remedies *m, enum pk_remedy_kind k,
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
