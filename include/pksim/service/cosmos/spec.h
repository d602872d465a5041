/*
 * cosmos/spec: what a scenario says about an Azure Cosmos DB container
 * (`container:` and each entry of `variants:`), as the loader fills it
 * (src/load/) and the container reads it (container.h). The
 * service's defaults and limits that bound such a spec are here too, so
 * the loader checks a value with the constant the engine applies.
 *
 * The one header of service/ that load/ includes (docs/design.md,
 * tools/check-layers): it includes only the C library and base headers.
 *
 * Units: bytes (GB binary, 2^30), RU/s, milliseconds; the sources of the
 * modelled numbers are the reference's decisions (docs/cosmos-mechanics.md,
 * D-LIMITS, D-SCALE, ...) and its numbered rules. Strings in the structs
 * are owned by the struct (the loader's ld_container_free frees them).
 */
#ifndef PKSIM_SERVICE_COSMOS_SPEC_H
#define PKSIM_SERVICE_COSMOS_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/units.h"

/* D-LIMITS: 50 GB of storage per physical partition */
#define PK_DEFAULT_PP_STORAGE_BYTES (50ULL * PK_GIB)
/* D-LIMITS: 10,000 RU/s per physical partition */
#define PK_DEFAULT_PP_RU_PER_S 10000LL
/* D-SCALE: a new manual container gets one physical partition per 6,000 RU/s */
#define PK_DEFAULT_INITIAL_RU_PER_PP 6000LL
/* D-LIMITS: 20 GB per logical partition */
#define PK_DEFAULT_LP_STORAGE_BYTES (20ULL * PK_GIB)
/* D-LIMITS: at most 1,000,000 RU/s per container (more through a support
   request, which pksim does not model); it also bounds the ranges a
   container can have: 1,000,000 / 6,000 = 167 at creation */
#define PK_MAX_RU_PER_S 1000000LL

/* D-BUCKETS (rule 31): up to 5 throughput buckets per container, ids
   1 .. 5 */
#define PK_THROUGHPUT_BUCKETS 5

/* D-REDIST: a request may name at most 20,000 RU/s for one partition */
#define PK_REDIST_MAX_RU_PER_S 20000LL

/* The partition key definition (reference §3, §6; docs/design.md pkey). */
enum pk_key_kind {
	PK_KEY_PATH = 0,     /* one path: "/deviceId" */
	PK_KEY_HIERARCHICAL, /* 2-3 paths, MultiHash: [/tenantId, /userId] */
	PK_KEY_SYNTHETIC,    /* a template over properties:
				"{deviceId}-{date}", "{date}.{random 1..400}",
				"{date}.{hash(vin) mod 400}" (parsed and
				checked by pkey, not the loader) */
};

#define PK_KEY_MAX_LEVELS 3 /* D-HPK: up to 3 levels */

struct pk_key_spec {
	enum pk_key_kind kind;
	char *paths[PK_KEY_MAX_LEVELS]; /* owned; PATH: 1, HIERARCHICAL: 2-3 */
	size_t n_paths;
	char *template_text; /* owned; SYNTHETIC only */
	int version;	     /* partition key definition version, 1 or 2
				(default 2: large partition keys, D-LPK);
				HIERARCHICAL requires 2 */
	int line, col;	     /* where the key is written */
};

struct pk_container_spec {
	char *name;		     /* owned; the variant's name; default: the
					key as written */
	char *partition_key;	     /* owned; the key as written, for display:
					"/deviceId", "[/tenantId, /userId]",
					"{deviceId}-{date}" */
	struct pk_key_spec key;	     /* owned; the parsed definition */
	int64_t throughput_ru_per_s; /* manual provisioned RU/s, >= 400; 0
					when autoscale_max_ru_per_s or
					serverless is set */
	int64_t autoscale_max_ru_per_s; /* autoscale max Tmax, a multiple of
					   1,000, 1,000 .. 1,000,000; 0 =
					   manual */
	int autoscale_dynamic;		/* autoscale_mode: 1 dynamic (rule 27:
					   each partition scales on its own, the
					   hour billed at the sum of their
					   highest RU/s), 0 classic (default) */
	uint64_t pp_storage_bytes; /* physical partition cap, default 50 GB */
	int64_t pp_ru_per_s;	   /* physical partition cap, default 10,000 */
	int64_t initial_ru_per_pp; /* creation heuristic, default 6,000 */
	uint64_t lp_storage_bytes; /* logical partition cap, default 20 GB */
	double index_factor;	   /* stored bytes = item bytes x this, > 0,
				      default 1 */
	int burst;		   /* 1: burst capacity on (rule 14,
				      D-BURST); default 0 */
	/* `throughput_buckets` (rule 31, D-BUCKETS): the maximum
	   percentage (1 .. 100) of the container's throughput each bucket
	   id 1 .. 5 may use, 0 for an id not declared; [0] unused */
	int bucket_pct[PK_THROUGHPUT_BUCKETS + 1];
	int64_t split_delay_ms; /* how long a throughput scale-up's
				   splits take, >= 0 whole seconds,
				   default 0 (the service: 4-6 h,
				   D-SCALE) */
	int serverless;		/* 1: serverless (rule 19, D-SLESS):
				   no throughput, no autoscale max, no
				   burst; default 0 */
	int64_t split_gone_ms;	/* opt-in: for this long after a split
				   or merge the new ranges answer
				   410/1007; >= 0 whole seconds,
				   default 0 = off */
	/* The layout's origin. 0: a new container, laid out
	   at creation (rule 2, 3 or 19). Else an existing container with
	   this many physical partitions now (`partitions: N`, 1 ..
	   PK_MAX_EXISTING_PARTITIONS, as the portal's metrics show them);
	   its RU/s (or autoscale max) apply to that layout (rules 5, 7:
	   at most N x pp_ru_per_s, checked by the loader). */
	size_t existing_partitions;
	/* With existing_partitions: the data it stores now, either per
	   physical partition (`storage_per_partition`, <= pp_storage_bytes)
	   or in all (`storage_total`, <= N x pp_storage_bytes, divided
	   evenly); at most one is non-zero; both 0 = empty. Counted in each
	   range's storage, in no logical partition (container.h). */
	uint64_t existing_bytes_per_pp;
	uint64_t existing_bytes_total;
	int64_t default_ttl_s;	 /* DefaultTimeToLive (rule 28, D-TTL;
				    `default_ttl`): PK_TTL_OFF (0, the
				    default: nothing expires),
				    PK_TTL_NEVER (-1: only items with a
				    ttl expire) or 1 .. PK_TTL_MAX_S
				    seconds (ttl.h) */
	int allow_undefined_key; /* 1: items without the key's property
				    (the undefined logical partition) are
				    studied on purpose: a key no item has
				    is not an error; default 0 */
	int line, col;
};

/* 1 when cs declares a throughput bucket (`throughput_buckets`, rule
   31) */
static inline int scenario_has_buckets(const struct pk_container_spec *cs)
{
	int k;

	for (k = 1; k <= PK_THROUGHPUT_BUCKETS; k++) {
		if (cs->bucket_pct[k] > 0) {
			return 1;
		}
	}
	return 0;
}

/* pksim's bound on `partitions: N` (not the service's): 10,000 ranges of
   50 GB are 500 TB */
#define PK_MAX_EXISTING_PARTITIONS 10000

#endif
