/*
 * ddb_snapshot: the DynamoDB table at the end of the run in the neutral
 * terms of snapshot.h: one range per partition in hash order, with its
 * read plus write share as its "RU/s" and its units consumed as its
 * "RU"; every partition id of the run with its slice of the hash space;
 * its answers to the readers (ddb_queries.c) and its key's time bucket,
 * which the runway projects its item collections by. No logical
 * partitions (item collections are not kept as such) and no Azure
 * Cosmos DB extension.
 */
#include <string.h>

#include "ddb_state.h"
#include "pksim/base/mem.h"
#include "pksim/service/snapshot.h"

/* Never called: the snapshot says it has no logical partitions. */
static void no_lps(const void *lps, uint64_t first, size_t n,
		   struct pk_snapshot_lp *out)
{
	(void)lps;
	(void)first;
	memset(out, 0, n * sizeof(*out));
}

/* The width of [min, max) in the hash space, 0..1, from their first 8
   bytes (ddb_part_min: the hash; the bytes of a cut after them place it
   inside one collection, which has no width in the hash space) */
static double width(const struct pk_epk *min, const struct pk_epk *max)
{
	long double lo = 0, hi = 18446744073709551616.0L;
	int k;

	if (min->len >= 8) {
		for (lo = 0, k = 0; k < 8; k++) {
			lo = lo * 256 + min->b[k];
		}
	}
	if (max->len >= 8) {
		for (hi = 0, k = 0; k < 8; k++) {
			hi = hi * 256 + max->b[k];
		}
	}
	return (double)((hi - lo) / 18446744073709551616.0L);
}

/* Every id of the run (splits' parents too) with its last bounds */
static void fill_ids(const struct ddb *d, struct pk_snapshot *out)
{
	const struct pk_metrics *m = &d->m;
	size_t i, k;

	out->n_ids = d->next_id;
	out->ids = xcalloc(out->n_ids, sizeof(*out->ids));
	for (i = 0; i < m->n_splits; i++) {
		for (k = 0; k < 2; k++) {
			struct pk_snapshot_id *id =
			    &out->ids[m->splits[i].children[k]];

			id->known = 1;
			id->min = m->splits[i].min[k];
			id->max = m->splits[i].max[k];
			id->width = width(&id->min, &id->max);
		}
	}
	for (i = 0; i < out->n_ranges; i++) {
		struct pk_snapshot_id *id = &out->ids[out->ranges[i].id];

		id->known = 1;
		id->min = out->ranges[i].min;
		id->max = out->ranges[i].max;
		id->width = width(&id->min, &id->max);
	}
	/* the creation layout: even slices and shares (D4, D5) */
	for (i = 0; i < d->created && i < out->n_ids; i++) {
		out->ids[i].created_share_mru =
		    d->created_units * 1000 / (int64_t)d->created;
		if (!out->ids[i].known) {
			/* split away: the slice it had until then, so a
			   reader sees its children in its place */
			out->ids[i].known = 1;
			out->ids[i].min = ddb_created_min(d, i);
			out->ids[i].max = ddb_created_max(d, i);
			out->ids[i].width = 1.0 / (double)d->created;
		}
	}
}

void ddb_snapshot(const struct pk_service *s, const struct pk_scenario *sc,
		  struct pk_snapshot *out)
{
	const struct ddb *d = (const struct ddb *)s;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->name = d->spec->name ? d->spec->name : d->spec->partition_key;
	out->key = d->key;
	out->key_text = d->key->text;
	out->queries = &ddb_queries;
	pkey_time_bucket(d->key, sc, &out->key_bucket);
	out->spec = d->spec;
	out->metrics = &d->m;
	out->end_s = d->now_s;
	out->ru_per_s =
	    d->on_demand
		? (ddb_od_bound_mcu(&d->odr) + ddb_od_bound_mcu(&d->odw)) / 1000
		: d->rcu + d->wcu;
	out->created_ranges = d->created;
	out->storage_bytes = d->storage_bytes;
	out->n_ranges = d->layout.n;
	out->ranges = xcalloc(out->n_ranges, sizeof(*out->ranges));
	for (i = 0; i < d->layout.n; i++) {
		const struct ddb_part *p = &d->parts[i];
		struct pk_snapshot_range *r = &out->ranges[i];

		r->id = p->id;
		r->min = ddb_part_min(d, i);
		r->max = ddb_part_max(d, i);
		r->ru_per_s_mru = p->r.share_mcu + p->w.share_mcu;
		r->storage_bytes = p->storage_bytes;
		r->requests = p->requests;
		r->retries = p->retries;
		r->throttled_429 = p->throttled;
		r->ru_mru = p->used_mcu;
		r->offered_mru = p->offered_mcu;
		out->effective_ru_per_s += r->ru_per_s_mru;
	}
	out->effective_ru_per_s /= 1000;
	fill_ids(d, out);
	out->n_lps = 0;
	out->lp_read = no_lps;
	out->lps = d;
	out->value_prop = -1;
	out->cosmos = NULL;
	out->ddb = &d->bill;
	out->layout_note =
	    d->on_demand ? "an even share of the instant limit: twice the "
			   "peak, at least the warm throughput, D12, D13; "
			   "Amazon DynamoDB's partitions, on demand"
			 : "an even share of the table's own units, D5; "
			   "Amazon DynamoDB's partitions";
	/* D14 (reference §9): a provisioned table's throttle, or an
	   on-demand table's data-plane one */
	out->throttle_name =
	    d->on_demand ? "ThrottlingException, HTTP 400"
			 : "ProvisionedThroughputExceededException, HTTP 400";
	out->lps_none = 1;
	out->reasons = d->reasons;
	out->n_reasons = d->n_reasons;
}
