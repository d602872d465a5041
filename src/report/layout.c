/*
 * layout: a variant's partitions at t = 0 and their origin, in words;
 * rules and sources in layout.h.
 */
#include "pksim/report/layout.h"
#include "pksim/service/snapshot.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/report/ddb_sides.h"

int64_t layout_ru_per_s(const struct pk_result_variant *v)
{
	const struct pk_container_spec *cs = v->spec;

	if (!v->cosmos) {
		return v->created_ru_per_s;
	}
	if (cs->serverless) {
		return (int64_t)v->created_ranges * v->serverless_ru_per_pp;
	}
	return cs->autoscale_max_ru_per_s ? cs->autoscale_max_ru_per_s
					  : cs->throughput_ru_per_s;
}

uint64_t layout_stored_bytes(const struct pk_result_variant *v)
{
	const struct pk_container_spec *cs = v->spec;

	if (!v->cosmos) {
		return 0; /* its layout is its own (layout_origin) */
	}
	return cs->existing_bytes_total ? cs->existing_bytes_total
					: cs->existing_bytes_per_pp *
					      (uint64_t)cs->existing_partitions;
}

const char *layout_origin(const struct pk_result_variant *v)
{
	return v->cosmos && v->spec->existing_partitions ? "existing"
							 : "created";
}

/* mCU a second as units: "1,250", or to two decimals without their
   trailing zeros when not whole ("666.67", "0.25": a tenth would show
   1 RCU over 4 partitions as 0.3) */
static const char *units_str(int64_t mcu, char *buf, size_t cap)
{
	char a[32];
	int64_t t = (mcu + 5) / 10;

	if (mcu % 1000 == 0) {
		snprintf(buf, cap, "%s", fmt_thousands(mcu / 1000, a));
	} else if (t % 10 == 0) {
		snprintf(buf, cap, "%s.%d", fmt_thousands(t / 100, a),
			 (int)(t % 100 / 10));
	} else {
		snprintf(buf, cap, "%s.%02d", fmt_thousands(t / 100, a),
			 (int)(t % 100));
	}
	return buf;
}

/* "10,000" when ru divides among n ranges, else "about 5,556". */
static const char *ru_each(int64_t ru, size_t n, char *buf, size_t cap)
{
	char a[32];

	if (ru % (int64_t)n == 0) {
		snprintf(buf, cap, "%s", fmt_thousands(ru / (int64_t)n, a));
	} else {
		snprintf(buf, cap, "about %s",
			 fmt_thousands((ru + (int64_t)n / 2) / (int64_t)n, a));
	}
	return buf;
}

const char *layout_manual_rule(const struct pk_container_spec *cs, int64_t ru,
			       char *buf, size_t cap)
{
	int64_t per = cs->initial_ru_per_pp > 0 ? cs->initial_ru_per_pp
						: PK_DEFAULT_INITIAL_RU_PER_PP;
	int64_t pp =
	    cs->pp_ru_per_s > 0 ? cs->pp_ru_per_s : PK_DEFAULT_PP_RU_PER_S;
	char a[32];

	if ((ru + pp - 1) / pp > (ru + per - 1) / per) {
		/* the per-partition cap lays out more partitions than the
		   creation heuristic would (container_created_ranges) */
		if (pp == PK_DEFAULT_PP_RU_PER_S) {
			snprintf(buf, cap,
				 "rule 1: at most %s RU/s a partition",
				 fmt_thousands(pp, a));
		} else {
			snprintf(buf, cap,
				 "at most %s RU/s a partition: the "
				 "scenario's physical_partition_throughput",
				 fmt_thousands(pp, a));
		}
	} else if (per == PK_DEFAULT_INITIAL_RU_PER_PP) {
		snprintf(buf, cap, "rule 2: one per %s RU/s",
			 fmt_thousands(per, a));
	} else {
		snprintf(buf, cap,
			 "one per %s RU/s: the scenario's "
			 "initial_throughput_per_partition, not rule 2's 6,000",
			 fmt_thousands(per, a));
	}
	return buf;
}

const char *layout_sentence(const struct pk_result_variant *v, char *buf,
			    size_t cap)
{
	const struct pk_container_spec *cs = v->spec;
	size_t n = v->created_ranges;
	const char *s = n == 1 ? "" : "s";
	int64_t ru = layout_ru_per_s(v);
	uint64_t stored = layout_stored_bytes(v);
	char a[32], b[48], d[32], e[64], why[128];

	if (v->ddb && v->layout_note) {
		/* Amazon DynamoDB: a partition's read and write shares
		   apart (D3: separate buckets, never pooled; D5) */
		snprintf(buf, cap,
			 "%zu partition%s, %s %s / %s %s a second "
			 "each (%s)",
			 n, s,
			 units_str(v->ddb->created_share_mcu[0], b, sizeof(b)),
			 v->ddb->on_demand ? "RRU" : "RCU",
			 units_str(v->ddb->created_share_mcu[1], d, sizeof(d)),
			 v->ddb->on_demand ? "WRU" : "WCU", v->layout_note);
	} else if (!v->cosmos && v->layout_note) {
		/* no rule of Azure Cosmos DB's laid it out, and its units
		   are its own (the note says which) */
		snprintf(buf, cap, "%zu partition%s, %s each (%s)", n, s,
			 ru_each(ru, n, b, sizeof(b)), v->layout_note);
	} else if (!v->cosmos) {
		snprintf(buf, cap,
			 "%zu physical partition%s, %s RU/s each (the "
			 "service's own layout, not Azure Cosmos DB's)",
			 n, s, ru_each(ru, n, b, sizeof(b)));
	} else if (cs->existing_partitions > 0) {
		e[0] = '\0';
		if (stored > 0) {
			snprintf(e, sizeof(e), ", %s stored at the start",
				 fmt_bytes(stored, d));
		}
		if (cs->serverless) {
			snprintf(buf, cap,
				 "%zu physical partition%s, existing, "
				 "serverless %s RU/s each%s",
				 n, s, ru_each(ru, n, b, sizeof(b)), e);
		} else {
			snprintf(buf, cap,
				 "%zu physical partition%s, existing, %s%s "
				 "RU/s each (%s RU/s on the partitions it "
				 "has: rules 5, 7)%s",
				 n, s,
				 cs->autoscale_max_ru_per_s ? "autoscale max "
							    : "",
				 ru_each(ru, n, b, sizeof(b)),
				 fmt_thousands(ru, a), e);
		}
	} else if (cs->serverless) {
		snprintf(buf, cap,
			 "%zu physical partition%s, created serverless (1 at "
			 "creation: pksim's assumption), %s RU/s each",
			 n, s, ru_each(ru, n, b, sizeof(b)));
	} else if (cs->autoscale_max_ru_per_s) {
		snprintf(buf, cap,
			 "%zu physical partition%s, created at autoscale max "
			 "%s RU/s (rule 3: one per %s), up to %s RU/s each",
			 n, s, fmt_thousands(ru, a),
			 fmt_thousands(v->autoscale_ru_per_pp, d),
			 ru_each(ru, n, b, sizeof(b)));
	} else {
		snprintf(buf, cap,
			 "%zu physical partition%s, created at %s RU/s (%s), "
			 "%s RU/s each",
			 n, s, fmt_thousands(ru, a),
			 layout_manual_rule(cs, ru, why, sizeof(why)),
			 ru_each(ru, n, b, sizeof(b)));
	}
	return buf;
}

const char *layout_preload(const struct pk_result_variant *v, char *buf,
			   size_t cap)
{
	char a[32], b[PK_FMT_BYTES], c[32], d[32];

	if (v->preload_spread) {
		snprintf(buf, cap,
			 "preloaded: %s items, %s, spread evenly over the key "
			 "space (the key reads other properties than the "
			 "preload's, so their logical partitions are not "
			 "known)",
			 fmt_thousands((int64_t)v->preload_items, a),
			 fmt_bytes(v->preload_bytes, b));
	} else {
		snprintf(buf, cap,
			 "preloaded: %s items, %s, in %s logical partitions",
			 fmt_thousands((int64_t)v->preload_items, a),
			 fmt_bytes(v->preload_bytes, b),
			 fmt_thousands((int64_t)v->preload_lps, c));
	}
	if (v->preload_refused > 0) {
		size_t len = strlen(buf);

		snprintf(buf + len, cap - len,
			 "; %s refused (over a logical partition's cap, or "
			 "an invalid key value)",
			 fmt_thousands((int64_t)v->preload_refused, d));
	}
	return buf;
}

int layout_cosmos_words(const struct pk_result *r)
{
	size_t i;

	for (i = 0; i < r->n_variants; i++) {
		if (!r->variants[i].cosmos) {
			return 0;
		}
	}
	return 1;
}

const char *layout_short(const struct pk_result *r,
			 const struct pk_result_variant *v, char *buf,
			 size_t cap)
{
	const struct pk_container_spec *cs = v->spec;
	char a[32];

	if (v->ddb) {
		/* D3: a table's reads and writes each their own units */
		char sides[PK_DDB_SIDES_BYTES];

		snprintf(buf, cap, "%zu, at %s", v->created_ranges,
			 ddb_sides_start(v, sides, sizeof(sides)));
	} else if (!v->cosmos) {
		/* another service's units: its row names them */
		snprintf(buf, cap, "%zu, at %s", v->created_ranges,
			 fmt_thousands(v->created_ru_per_s, a));
	} else if (cs->existing_partitions > 0) {
		snprintf(buf, cap, "%zu, existing", v->created_ranges);
	} else if (cs->serverless) {
		snprintf(buf, cap, "%zu, created serverless",
			 v->created_ranges);
	} else if (cs->autoscale_max_ru_per_s) {
		snprintf(buf, cap, "%zu, created, autoscale",
			 v->created_ranges);
	} else {
		snprintf(buf, cap, "%zu, created at %s%s", v->created_ranges,
			 fmt_thousands(cs->throughput_ru_per_s, a),
			 layout_cosmos_words(r) ? "" : " RU/s");
	}
	return buf;
}
