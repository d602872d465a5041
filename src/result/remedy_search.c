/*
 * remedy_search: the searches' replays (remedy.h): one replay of a
 * setting, the bisection between a setting that rate limits and one
 * that does not, and the search that starts from an estimate and steps
 * away from it by 1, 2, 4, ... grid steps before it bisects.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "remedy_int.h"

/* Replay change ch for remedy m: 1 if it rate limited (a bulk stream's
   setting: an interactive stream had a 429), 0 if not (f filled), -1 on
   an error (m marked FAILED). */
int probe_with(const struct remedy_task *t, struct pk_remedy *m,
	       const struct replay_change *ch, struct pk_remedy_figures *f)
{
	int rc;

	m->replays++;
	t->out->replays++;
	rc = replay_with(t, ch, f, &m->why);
	if (rc < 0) {
		m->status = PK_REMEDY_FAILED;
		m->setting = ch->r;
		return -1;
	}
	if (rc > 0) {
		return 1; /* stopped at its first 429 (ch->yes_no) */
	}
	return (ch->what == REPLAY_RU || t->out->bulk_alone ? f->throttled_429
							    : f->inter_429) > 0;
}

/* Replay setting r for remedy m, as probe_with */
int probe(const struct remedy_task *t, struct pk_remedy *m, int64_t r,
	  struct pk_remedy_figures *f)
{
	struct replay_change ch = {r, NULL, 0, NULL,	  0, 0, NULL,
				   0, 0,    0, REPLAY_RU, 0, 0};

	return probe_with(t, m, &ch, f);
}

/*
 * Bisect between lo (rate limited) and hi (not, its figures in m->after)
 * to within m->step, on multiples of the step from lo, each replay base
 * at its setting; m ends FOUND at the smallest setting seen without
 * 429s.
 */
static void bisect_with(const struct remedy_task *t, struct pk_remedy *m,
			const struct replay_change *base, int64_t lo,
			int64_t hi)
{
	struct pk_remedy_figures f;
	struct replay_change ch = *base;

	memset(&f, 0, sizeof(f));
	ch.yes_no = 1; /* a replay that rate limits only moves lo */
	while (hi - lo > m->step) {
		int64_t half = (hi - lo) / (2 * m->step) * m->step;
		int rc;

		ch.r = lo + (half > m->step ? half : m->step);
		rc = probe_with(t, m, &ch, &f);
		if (rc < 0) {
			figures_free(&f);
			return;
		}
		if (rc) {
			lo = ch.r;
		} else {
			hi = ch.r;
			figures_move(&m->after, &f);
		}
	}
	figures_free(&f);
	m->status = PK_REMEDY_FOUND;
	m->setting = hi;
	m->below = lo;
}

/* bisect_with, replaying the setting alone */
void bisect(const struct remedy_task *t, struct pk_remedy *m, int64_t lo,
	    int64_t hi)
{
	struct replay_change ch = {0, NULL, 0, NULL,	  0, 0, NULL,
				   0, 0,    0, REPLAY_RU, 0, 0};

	bisect_with(t, m, &ch, lo, hi);
}

/*
 * The smallest setting without a 429 in (lo, hi], on the grid of m->step
 * from lo, lo known to rate limit; hi known not to when clean_hi (its
 * figures in m->after), else the most to try. From the hint h (on the
 * grid, lo < h <= hi) it steps down by 1, 2, 4, ... steps while the
 * answer holds, or when h rate limits and hi is not known clean, up
 * the same way, then bisects; NOT_FOUND at hi when even hi (not known
 * clean) rate limits. Each replay is ch at its setting.
 */
void search_from(const struct remedy_task *t, struct pk_remedy *m,
		 struct replay_change *ch, int64_t lo, int64_t hi, int clean_hi,
		 int64_t h)
{
	struct pk_remedy_figures f;
	int64_t d = m->step;
	int rc, yes_no = ch->yes_no;

	if (h >= hi && clean_hi) {
		bisect_with(t, m, ch, lo, hi);
		return;
	}
	memset(&f, 0, sizeof(f));
	m->hint = h;
	ch->r = h;
	/* a replay's figures are read when it rate limits only at hi not
	   known clean (NOT_FOUND's "even hi"): any other stops at its
	   first 429 */
	ch->yes_no = clean_hi || h < hi;
	rc = probe_with(t, m, ch, &f);
	if (rc == 0) {
		/* down from a setting without 429s */
		figures_move(&m->after, &f);
		hi = h;
		clean_hi = 1;
		ch->yes_no = 1;
		while (rc == 0 && hi - d > lo) {
			ch->r = hi - d;
			rc = probe_with(t, m, ch, &f);
			if (rc == 0) {
				figures_move(&m->after, &f);
				hi = ch->r;
				d *= 2;
			} else if (rc == 1) {
				lo = ch->r;
			}
		}
	} else if (rc == 1) {
		/* up from one that rate limits: with hi known clean, bisect
		   at once (the estimate is about a lower bound: an even share
		   below the busiest second rate limits it) */
		lo = h;
		while (rc == 1 && !clean_hi && lo < hi) {
			ch->r = lo + d < hi ? lo + d : hi;
			ch->yes_no = ch->r < hi;
			rc = probe_with(t, m, ch, &f);
			if (rc == 1) {
				lo = ch->r;
				d *= 2;
			} else if (rc == 0) {
				figures_move(&m->after, &f);
				hi = ch->r;
				clean_hi = 1;
			}
		}
	}
	if (rc == 1 && !clean_hi) {
		m->status = PK_REMEDY_NOT_FOUND;
		m->setting = lo;
		figures_move(&m->after, &f);
	}
	figures_free(&f);
	ch->yes_no = yes_no;
	if (rc < 0 || m->status == PK_REMEDY_NOT_FOUND) {
		return;
	}
	bisect_with(t, m, ch, lo, hi);
}

/* The most replays search_from runs over a span of settings: the hint,
   k steps of 1, 2, 4, ... (k the fewest covering the span) and a
   bisection of the last step's 2^(k-1) grid points */
size_t search_bound(int64_t span, int64_t step)
{
	int64_t d, sum = 0;
	size_t k = 0;

	for (d = step; sum < span; d *= 2) {
		sum += d;
		k++;
	}
	return 1 + k + (k > 0 ? k - 1 : 0);
}
