/*
 * findings_refusal: a heat split pksim's own rule will refuse, seen
 * before the run's window of heat ends (findings_refusal.h). It reads
 * the hottest key value of each side and the partition's per-second
 * first attempts; it leaves out a value whose puts follow a rising sort
 * key (the rule's third unit), which needs the weight of a window.
 */
#include "findings_refusal.h"

#include <stdio.h>

#include "pksim/base/fmt.h"
#include "pksim/load/scenario.h"
#include "pksim/service/metrics.h"
#include "pksim/service/snapshot.h"

#define MCU_PER_UNIT 1000
/* D3: what one partition serves a second, units */
#define PART_WCU 1000
#define PART_RCU 3000

/* The first-attempt units partition id was asked in second t_s of v
   (its requests less its retries at the mean units of its admitted
   ones, mCU, as findings_ddb.c reads them); -1 none admitted or no row */
static double asked_at(const struct pk_result_variant *v, uint32_t id,
		       int64_t t_s)
{
	const struct pk_metrics *m = v->metrics;
	size_t i;

	for (i = 0; i < m->n_samples; i++) {
		const struct pk_sample *x = &m->samples[i];
		uint32_t ok = x->requests - x->throttled_429;

		if (x->range_id != id || x->t_s != t_s) {
			continue;
		}
		if (ok == 0) {
			return -1;
		}
		return (double)x->ru_mru * (double)(x->requests - x->retries) /
		       (double)ok;
	}
	return -1;
}

int findings_ddb_refusal_ahead(const struct pk_result *r,
			       const struct pk_result_variant *v, uint32_t id,
			       char *buf, size_t n)
{
	const struct pk_ddb_table_spec *t =
	    r && r->sc ? scenario_variant_table(r->sc, v->spec) : NULL;
	int write;

	/* hot-item isolation (D11) moves such an item before the window
	   ends: no refusal to foresee */
	if (!t || !v->ddb || !v->ddb->heat.on || t->isolate ||
	    !v->metrics->keep_seconds ||
	    (v->ddb->sort_key && !v->ddb->colls.capped)) {
		return 0;
	}
	for (write = 1; write >= 0; write--) {
		const struct pk_ddb_hot_key *k = &v->ddb->hot[write];
		int64_t cap = write ? PART_WCU : PART_RCU;
		double at = asked_at(v, id, k->peak_s);
		/* weight: a write unit weighs 3 read units (D3's caps'
		   ratio); the partition's units counted as writes */
		double key_w = (double)k->peak_mcu * (write ? 3 : 1);
		char a[32], b[32];

		if (k->peak_s < 0 || at < (double)k->peak_mcu ||
		    2 * key_w <= 3 * at ||
		    (double)k->peak_mcu * 100 <
			(double)t->heat_pct * (double)cap * MCU_PER_UNIT) {
			continue;
		}
		snprintf(
		    buf, n,
		    "several key values sharing it, but no heat split (D7) "
		    "to come: %s, %s, was asked %s %s a second (its busiest, "
		    "t = %lld s) of the %s its partition was asked then, "
		    "more than half, and alone at least the %lld%% of a "
		    "partition's %s %s that makes one hot, so pksim's rule "
		    "refuses the split once the heat has lasted its window "
		    "(a child holding %s would be as hot), and its "
		    "throttles go on as long as its load does%s",
		    k->key,
		    v->ddb->sort_key ? "whose item collection a local "
				       "secondary index keeps on one "
				       "partition (D18)"
				     : "one item (a key value, on a table "
				       "without a sort key)",
		    fmt_thousands(k->peak_mcu / MCU_PER_UNIT, a),
		    write ? "WCU" : "RCU", (long long)k->peak_s,
		    fmt_thousands((int64_t)(at / MCU_PER_UNIT + 0.5), b),
		    (long long)t->heat_pct, write ? "1,000" : "3,000",
		    write ? "WCU" : "RCU",
		    v->ddb->sort_key ? "it" : "that item",
		    v->ddb->sort_key
			? ""
			: " unless hot_item_isolation: on (D11) moves the "
			  "item to a partition of its own");
		return 1;
	}
	return 0;
}
