/*
 * findings_int: what the findings' files share (findings.c, findings_hot.c):
 * the list of sentences being said, and the names of ranges and keys as
 * every finding writes them. Internal to src/report.
 */
#ifndef PKSIM_FINDINGS_INT_H
#define PKSIM_FINDINGS_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/mem.h"
#include "pksim/result/result.h"

#define PK_FINDINGS_MAX_RANGES 5 /* rate-limited or hot ranges named */

/* The sentences said so far, in order; each owned (free()) */
struct pk_sentences {
	char **v;
	size_t n, cap;
};

/* Append text (owned by s from now on) */
static inline void say(struct pk_sentences *s, char *text)
{
	mem_grow((void **)&s->v, &s->cap, s->n + 1, sizeof(*s->v));
	s->v[s->n++] = text;
}

/* say text unless it is NULL (nothing to say) */
static inline void say_some(struct pk_sentences *s, char *text)
{
	if (text) {
		say(s, text);
	}
}

/* A share 0..1 in percent */
static inline double pct(double x)
{
	return 100.0 * x;
}

/* Logical partition lp's key as the reports print it, into buf (cap
   bytes, cut to fit) */
void findings_key_text(const struct pk_result_variant *v,
		       const struct pk_result_lp *lp, char *buf, size_t cap);

/* Range id as the reports name it, into buf (cap bytes), which it
   returns: as it is at the end, with its lineage ("range 3 (split at
   t = 50 s into 7 and 8)", "range 7 (split from 3 at t = 50 s)"), never
   a range that no longer exists as if it did; "partition" on a
   DynamoDB table */
const char *findings_range_name(const struct pk_result_variant *v, uint32_t id,
				char *buf, size_t cap);

/*
 * Rule 32, the hot-partition advisory of Microsoft's tooling, into s:
 * per range id that was busy, the p99 of its normalized RU consumption;
 * "hot partition risk" when the busiest range's p99 is >= 90% while
 * another's is < 70%, severity high when that range's 429 rate is >= 1%;
 * when none is below 70% and every one is at >= 90%, or more than half
 * are at >= 90% and the first attempts asked >= 90% of the RU
 * provisioned (an even spread would hold every range there), short of
 * RU/s, not of a better key (findings_hot.c). Returns the PK_KEYS_* bits of
 * what it said of v's key.
 */
unsigned findings_hot_range(struct pk_sentences *s, const struct pk_result *r,
			    const struct pk_result_variant *v);

#endif
