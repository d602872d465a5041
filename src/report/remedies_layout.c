/*
 * remedies_layout: the sentences of the remedies that change how the
 * RU/s meet the partitions (remedies_int.h): the redistribution at the
 * same total (rule 26) and the merge (rules 32, 36).
 */
#include "remedies_int.h"

#include <stdio.h>
#include <stdlib.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

/* Ranges a redistribution's sentence lists, at most */
#define PK_REMEDIES_LIST_RANGES 8

char *remedies_redist_words(const struct pk_remedies *m,
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
	e = remedies_effect(m, &x->after);
	s = xasprintf(
	    "%s RU/s set range by range at t = 0 (rule 26; ranges "
	    "%s), each range's share of the total in proportion "
	    "to its busiest second of RU in the replay at %s "
	    "RU/s, where no request was rate limited, at most %s "
	    "a range (a capped range's excess shared by the others "
	    "the same way, evenly among those with none), at least "
	    "%d, %s (%zu replay%s)",
	    fmt_thousands(x->setting, b), list,
	    fmt_thousands(m->raise_top_ru_per_s, c),
	    fmt_thousands(m->cap_ru_per_s / (int64_t)m->created_partitions, a),
	    PK_REMEDY_REDIST_MIN_RU, e, x->replays, x->replays == 1 ? "" : "s");
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

char *remedies_merge_words(const struct pk_remedies *m,
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
	e = remedies_effect(m, &x->after);
	s = xasprintf(
	    "the %zu physical partitions %s to %zu, rule 32's count, "
	    "%s and %s, at the same %s %s (rule 36: the count "
	    "is fixed from the RU/s at the merge's start, and the merge docs "
	    "suit the container, as the findings say), %s%s (1 replay)",
	    m->merge_at_s == 0 ? m->created_partitions : m->merge_from,
	    x->after.merge_after > x->merge_to ? "asked to merge" : "merged",
	    x->merge_to, where, when, fmt_thousands(x->setting, a),
	    remedies_unit(m), e, part);
	free(e);
	return s;
}
