/*
 * scorecard_fill: a variant's "days to full" fields of the scorecard
 * (scorecard.h: full_kind, days_to_full, full_key, the runway copied),
 * from the result's projection (runway.h, struct pk_runway), an Amazon
 * DynamoDB table's from its item collections; scorecard_full.c says
 * them in words.
 */
#include "pksim/report/scorecard.h"

#include <stdio.h>
#include <string.h>

#include "pksim/service/dynamodb/spec.h"
#include "pksim/service/snapshot.h"

#define PK_SECONDS_PER_DAY 86400.0

/* sc's figures from the runway's projection rw (runway.h) of a cap of
   cap bytes */
static void from_runway(const struct pk_result_variant *v,
			const struct pk_runway *rw, double cap,
			struct pk_scorecard *sc)
{
	snprintf(sc->full_key, sizeof(sc->full_key), "%s", rw->who);
	sc->full_rate = rw->rate_bytes_per_s;
	sc->full_measured_s = rw->span_s;
	switch (rw->kind) {
	case PK_RUNWAY_FULL_NOW:
		sc->full_kind = PK_FULL_DAYS;
		sc->days_to_full = 0;
		sc->full_lp_bytes = v->n_full_listed ? v->full[0].storage_bytes
						     : sc->largest_lp_bytes;
		break;
	case PK_RUNWAY_DAYS:
		sc->full_kind = PK_FULL_DAYS;
		sc->days_to_full = rw->full_s / PK_SECONDS_PER_DAY;
		sc->full_lp_bytes = (uint64_t)cap;
		break;
	case PK_RUNWAY_BEYOND:
		sc->full_kind = PK_FULL_BEYOND;
		sc->full_lp_bytes = (uint64_t)(rw->bound_bytes + 0.5);
		break;
	case PK_RUNWAY_BUCKETS:
		sc->full_kind = PK_FULL_BOUNDED;
		break;
	case PK_RUNWAY_LEVELS:
		sc->full_kind = PK_FULL_LEVELS;
		sc->full_level_bytes = rw->bound_bytes;
		sc->full_ttl_s = rw->ttl_s;
		sc->full_ttl_mixed = rw->ttl_mixed;
		sc->full_rate =
		    rw->written_bytes_per_s > 0 ? rw->written_bytes_per_s
		    : rw->ttl_s > 0 ? rw->bound_bytes / (double)rw->ttl_s
				    : 0;
		break;
	case PK_RUNWAY_AT_ONCE:
		sc->full_kind = PK_FULL_AT_ONCE;
		break;
	case PK_RUNWAY_NO_SIZES:
		sc->full_kind = PK_FULL_NO_SIZES;
		break;
	case PK_RUNWAY_NO_WRITES:
		sc->full_kind = PK_FULL_NO_WRITES;
		break;
	case PK_RUNWAY_UNTESTED:
		sc->full_kind = PK_FULL_NOT_PROJECTED;
		break;
	default: /* NEVER, IDS */
		sc->full_kind = PK_FULL_NEVER;
		break;
	}
}

/* An Amazon DynamoDB table's days to full: with a local secondary
   index, when the first key value's item collection reaches 10 GiB
   (D18, statement 28) as the runway projects it from the workload
   (runway.c table_runway), "full now" once the run refused a write for
   a full one; without an index no key value is capped (D18: "tables
   without LSIs have no such limit"; a partition past 10 GiB splits,
   D6): PK_FULL_NO_CAP, as for a service whose caps are not known. */
static void full_ddb(const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	const struct pk_ddb_collections *c = v->ddb ? &v->ddb->colls : NULL;

	sc->full_kind = PK_FULL_NO_CAP;
	if (!c) {
		return;
	}
	sc->full_collection = c->capped ? 1 : 2;
	if (!c->capped) {
		return;
	}
	sc->lp_cap_bytes = (double)v->ddb->coll_cap_bytes;
	if (c->full_now) {
		snprintf(sc->full_key, sizeof(sc->full_key), "%s", c->key);
		sc->full_kind = PK_FULL_DAYS;
		sc->days_to_full = 0;
		sc->full_lp_bytes = c->bytes;
		return;
	}
	from_runway(v, &v->runway, (double)v->ddb->coll_cap_bytes, sc);
}

void scorecard_full(const struct pk_result *r,
		    const struct pk_result_variant *v, struct pk_scorecard *sc)
{
	const struct pk_runway *rw = &v->runway;

	(void)r;
	sc->days_to_full = -1;
	sc->runway = *rw;
	sc->bucket = rw->bucket;
	sc->bucket_reach_bytes =
	    rw->kind == PK_RUNWAY_BUCKETS ? rw->bound_bytes : 0;
	if (v->n_top_storage > 0) {
		sc->largest_lp_bytes = v->top_storage[0].storage_bytes;
	}
	sc->lp_cap_bytes = v->cosmos && v->spec ? v->spec->lp_storage_bytes : 0;
	if (!v->cosmos) {
		full_ddb(v, sc);
		return;
	}
	from_runway(v, rw, (double)v->spec->lp_storage_bytes, sc);
}
