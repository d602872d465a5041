/*
 * findings_merge: the merge findings (findings_merge.h; rule 36).
 */
#include "findings_merge.h"

#include <stdio.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/monitor.h"
#include "pksim/report/layout.h"
#include "pksim/result/merge_fit.h"
#include "pksim/result/remedy.h"
#include "pksim/service/snapshot.h"

/* A byte count in the largest binary unit that divides it ("50 GiB",
   "32 MiB"), else fmt_bytes's one decimal; buf holds 32 bytes. */
static const char *whole_bytes(uint64_t n, char *buf)
{
	static const char *const units[] = {"TiB", "GiB", "MiB", "KiB"};

	for (int i = 0; i < 4; i++) {
		uint64_t u = 1ULL << (10 * (4 - i));

		if (n >= u && n % u == 0) {
			snprintf(buf, 32, "%llu %s",
				 (unsigned long long)(n / u), units[i]);
			return buf;
		}
	}
	return fmt_bytes(n, buf);
}

/* "1,000" when ru divides among n partitions, else "about 3,333"; buf
   holds 48 bytes. */
static const char *ru_a_partition(uint64_t ru, uint64_t n, char *buf)
{
	char a[32];

	if (ru % n == 0) {
		snprintf(buf, 48, "%s", fmt_thousands(ru / n, a));
	} else {
		snprintf(buf, 48, "about %s",
			 fmt_thousands((ru + n / 2) / n, a));
	}
	return buf;
}

/* What the merge candidate's finding says of its replay, into buf (cap
   bytes): that the remedies replay it, or why they did not, so that no
   merge is named without its replay or the reason there is none */
static const char *merge_replay_note(const struct pk_result *r,
				     const struct pk_result_variant *v,
				     char *buf, size_t cap)
{
	const struct pk_remedy *x =
	    v->remedies ? &v->remedies->items[PK_REMEDY_MERGE] : NULL;

	if (x && (x->status == PK_REMEDY_FOUND ||
		  x->status == PK_REMEDY_NOT_FOUND)) {
		return "; the remedies replay the merge on the run's "
		       "operation stream";
	}
	snprintf(buf, cap,
		 "; its merge is not replayed, and pksim measured "
		 "nothing of it: %s",
		 !r->remedies_built ? "no remedies were replayed "
				      "(--no-remedies or a CSV report)"
		 : x && x->why_not  ? x->why_not
		 : r->sc->n_phases == 0
		     ? "a data file without phases has none to merge it at"
		     : "the run's last split came in its last phase (or "
		       "that phase redistributes): no phase starts after it "
		       "to merge at");
	return buf;
}

/*
 * The merge candidate: rule 32's count (more physical partitions than
 * max(ceil(RU/s / 10,000), ceil(storage / 50 GiB)) would need) where
 * rule 36 would merge too: under PK_MERGE_MAX_RU_PER_PP RU/s and
 * PK_MERGE_MAX_AVG_BYTES of average storage a partition (rule 36: pksim
 * never advises a merge the merge docs would not suit). Both at the RU/s
 * the container will have (a raise waiting for its splits at the end
 * counts at its new RU/s). Not for serverless, whose RU/s follow the
 * partitions.
 */
char *findings_merge_candidate(const struct pk_result *r,
			       const struct pk_result_variant *v)
{
	/* a monitor log records no item sizes: the data is unknown unless
	   the scenario says what an existing container stores */
	int no_sizes = r->sc->items_file && r->sc->items_file->monitor &&
		       v->spec && v->spec->existing_bytes_total == 0 &&
		       v->spec->existing_bytes_per_pp == 0;
	struct pk_merge_fit mf;
	uint64_t need, pp_bytes, pp_ru, n;
	int64_t ru;
	char a[32], b[32], c[32], d[32], e[32], f[48], g[32], h[32], k[32];
	char why[256], rule[128], from_creation[256], delay[200] = "";
	char note[320];

	if (!merge_fit(v, &mf)) {
		return NULL;
	}
	ru = (int64_t)mf.ru_per_s;
	need = mf.need;
	pp_bytes = mf.pp_bytes;
	pp_ru = mf.pp_ru_per_s;
	n = mf.n;
	/* a container the run created at these RU/s, as many partitions
	   as it had then: the advisory flags it from its creation (an
	   existing layout, `partitions:`, was not laid out by these RU/s) */
	from_creation[0] = '\0';
	if (!v->autoscale && v->spec->existing_partitions == 0 &&
	    n == (uint64_t)v->created_ranges && ru == layout_ru_per_s(v)) {
		snprintf(from_creation, sizeof(from_creation),
			 "; a new container at these RU/s gets as many (%s), "
			 "so the advisory flags it from creation",
			 layout_manual_rule(v->spec, ru, rule, sizeof(rule)));
	}
	if (v->spec->merge_delay_ms > 0) {
		/* rule 36: the count is fixed when it starts; a raise before
		   it ends cancels it */
		snprintf(delay, sizeof(delay),
			 "; a merge takes this container's merge_delay, %llds, "
			 "its partitions fixed from the RU/s at its start, and "
			 "raising RU/s before it ends cancels it",
			 (long long)(v->spec->merge_delay_ms / 1000));
	}
	if (no_sizes) {
		snprintf(why, sizeof(why),
			 "the merge docs would suit it at %s RU/s a "
			 "partition, under their %s, if it stores under %s a "
			 "partition on average",
			 ru_a_partition((uint64_t)ru, n, f),
			 fmt_thousands(PK_MERGE_MAX_RU_PER_PP, h),
			 whole_bytes(PK_MERGE_MAX_AVG_BYTES, k));
	} else {
		snprintf(why, sizeof(why),
			 "the merge docs suit it: %s RU/s and %s a partition "
			 "on average, under their %s RU/s and %s",
			 ru_a_partition((uint64_t)ru, n, f),
			 fmt_bytes(v->storage_bytes / n, g),
			 fmt_thousands(PK_MERGE_MAX_RU_PER_PP, h),
			 whole_bytes(PK_MERGE_MAX_AVG_BYTES, k));
	}
	return xasprintf(
	    "merge candidate: %s physical partitions where "
	    "max(ceil(%s RU/s / %s), ceil(%s / %s)) = "
	    "%llu would hold the RU/s and the data (rule 32), and "
	    "%s (rule 36; merging is a preview feature)%s%s%s%s",
	    fmt_thousands(v->n_ranges, a), fmt_thousands((uint64_t)ru, b),
	    fmt_thousands(pp_ru, d), fmt_bytes(v->storage_bytes, c),
	    whole_bytes(pp_bytes, e), (unsigned long long)need, why,
	    from_creation,
	    no_sizes ? "; but the data is unknown: the monitor log "
		       "records no item sizes (give the container's "
		       "storage_per_partition or storage_total)"
		     : "",
	    merge_replay_note(r, v, note, sizeof(note)), delay);
}

/* D-MERGE: merge suits containers below 3,000 RU/s and 20 GB a range */
char *findings_merge_ran(const struct pk_result_variant *v)
{
	const struct pk_result_merge_note *note = &v->merge_note;
	char a[32], b[32];

	if (note->t_s < 0) {
		return NULL;
	}
	return xasprintf("the merge %s t=%llds ran on a container with %s "
			 "RU/s and %s a physical partition; D-MERGE suits "
			 "containers below 3,000 RU/s and 20 GiB a partition",
			 v->spec && v->spec->merge_delay_ms > 0
			     ? "that ended (merge_delay after its start) at"
			     : "at",
			 (long long)note->t_s,
			 fmt_thousands(note->ru_per_pp, a),
			 fmt_bytes(note->avg_bytes, b));
}
