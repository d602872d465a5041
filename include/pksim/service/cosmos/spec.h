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
#include "pksim/base/value.h"

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

/* D-MERGE (rule 36): merge suits containers below 3,000 RU/s and 20 GB of
   average storage per physical partition (binary GB, as every size) */
#define PK_MERGE_MAX_RU_PER_PP 3000LL
#define PK_MERGE_MAX_AVG_BYTES (20ULL * PK_GIB)

/* D-FLEET (rule 40, preview): a physical partition of a container in a
   fleet pool may draw up to 3,000 RU/s more than its own share from the
   pool, and dedicated plus pooled stays within 8,000 RU/s; the pool's
   max is at most 10 x its min. A revision of the docs of 2025-05 gave
   5,000 and 10,000: both are settings (extra_per_partition,
   partition_cap). */
#define PK_FLEET_EXTRA_RU_PER_S 3000LL
#define PK_FLEET_PARTITION_CAP_RU_PER_S 8000LL
#define PK_FLEET_MAX_OVER_MIN 10LL

/* `fleet_pool:` (rule 40): the RU/s pooled across a fleetspace that a
   container may draw from once its own share of a physical partition is
   used up in a second. max_ru_per_s 0: no pool. */
struct pk_fleet_spec {
	int64_t min_ru_per_s;	/* the pool's minimum: what an hour bills
				   at least; default ceil(max / 10) */
	int64_t max_ru_per_s;	/* the pool's maximum: what it lends in
				   one second, to all partitions together
				   (ASSUMPTION: no other tenant draws on it
				   meanwhile), <= 10 x min */
	int64_t extra_ru_per_s; /* what one partition may draw beyond its
				   share, default 3,000 */
	int64_t cap_ru_per_s;	/* a partition's share plus draw stays
				   within this, default 8,000; a share
				   above it keeps its share and draws
				   nothing (ASSUMPTION: dedicated RU/s are
				   guaranteed) */
};

/* The partition key definition (reference §3, §6; docs/design.md pkey). */
enum pk_key_kind {
	PK_KEY_PATH = 0,     /* one path: "/deviceId" */
	PK_KEY_HIERARCHICAL, /* 2-3 paths, MultiHash: [/tenantId, /userId] */
	PK_KEY_SYNTHETIC,    /* a template over properties:
				"{deviceId}-{date}", "{date}.{random 1..400}",
				"{date}.{hash(vin) mod 400}" (parsed and
				checked by pkey, not the loader) */
};

/* D-HPK (rule 22): up to 3 levels of business grouping */
#define PK_KEY_GROUPING_LEVELS 3
/* Rule 33 (D-HPK-ID, 4 levels INFERRED): a fourth level, only when it is
   the unique /id */
#define PK_KEY_MAX_LEVELS 4
/* The unique last level of rule 33: each item its own logical
   partition */
#define PK_KEY_UNIQUE_PATH "/id"

struct pk_key_spec {
	enum pk_key_kind kind;
	char *paths[PK_KEY_MAX_LEVELS]; /* owned; PATH: 1, HIERARCHICAL: 2-3,
					   or 4 when paths[3] is /id */
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
	/* the bucket marked `default: true` (rule 34, isDefaultBucket):
	   requests that name no bucket count against it; 0 none */
	int default_bucket;
	int64_t split_delay_ms; /* how long a throughput scale-up's
				   splits take, >= 0 whole seconds,
				   default 0 (the service: 4-6 h,
				   D-SCALE) */
	int64_t merge_delay_ms; /* how long a merge takes (rule 36: its
				   partition count is fixed at its start,
				   a raise of RU/s during it cancels
				   it), >= 0 whole seconds, default 0:
				   at once (ASSUMPTION: the docs give no
				   duration) */
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
	int64_t default_ttl_s;	    /* DefaultTimeToLive (rule 28, D-TTL;
				       `default_ttl`): PK_TTL_OFF (0, the
				       default: nothing expires),
				       PK_TTL_NEVER (-1: only items with a
				       ttl expire) or 1 .. PK_TTL_MAX_S
				       seconds (ttl.h) */
	int fabric;		    /* `profile: fabric` (rule 41, D-FABRIC):
				       Cosmos DB in Microsoft Fabric, autoscale
				       only with a max of PK_FABRIC_MIN_MAX ..
				       PK_FABRIC_MAX_MAX, dynamic autoscale,
				       billed in capacity units; 0: Azure
				       Cosmos DB (default) */
	struct pk_fleet_spec fleet; /* `fleet_pool:` (rule 40); all 0: no
				       pool */
	int allow_undefined_key;    /* 1: items without the key's property
				       (the undefined logical partition) are
				       studied on purpose: a key no item has
				       is not an error; default 0 */
	/* The variant's Amazon DynamoDB table (dynamodb/spec.h), owned, or
	   NULL: the variant is an Azure Cosmos DB container. A table
	   variant's key is its partition_key as a one-path key and every
	   other field above keeps its default: the DynamoDB service reads
	   the table, never the container's settings. */
	struct pk_ddb_table_spec *table;
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

/* D-FABRIC (rule 41): a Fabric container's autoscale max lies in
   1,000 .. 50,000 RU/s */
#define PK_FABRIC_MIN_MAX 1000LL
#define PK_FABRIC_MAX_MAX 50000LL
/* D-FABRIC (rule 41): 100 RU/s for an hour bill 0.067 capacity unit
   hours */
#define PK_FABRIC_CU_HOURS_PER_100_RU_HOUR 0.067

/* Capacity unit hours (rule 41) for ru_per_s billed for one hour:
   ru_per_s / 100 x 0.067; 5,000 RU/s give 3.35. */
static inline double fabric_cu_hours(int64_t ru_per_s)
{
	return (double)ru_per_s / 100.0 * PK_FABRIC_CU_HOURS_PER_100_RU_HOUR;
}

/* pksim's bound on `partitions: N` (not the service's): 10,000 ranges of
   50 GB are 500 TB */
#define PK_MAX_EXISTING_PARTITIONS 10000

/*
 * Time to live (rule 28, D-TTL; ttl.h has the whole rule): the values a
 * container's default_ttl and an item's ttl may take. ttl_from_value is
 * defined in ttl.c.
 */
/* DefaultTimeToLive absent or null (the container), or no ttl property
   (an item): the encoding of "not set" in both */
#define PK_TTL_OFF 0
/* -1: on, never expires by default (container) / never expires (item) */
#define PK_TTL_NEVER (-1)
/* D-TTL: the largest ttl, 2,147,483,647 s (about 68 years) */
#define PK_TTL_MAX_S 2147483647LL

/* 1 if v is a ttl an item may carry (D-TTL: -1, or 1 .. 2,147,483,647;
   0 and anything else is refused), else 0. */
static inline int ttl_item_valid(int64_t v)
{
	return v == PK_TTL_NEVER || (v >= 1 && v <= PK_TTL_MAX_S);
}

/*
 * An item's ttl from the value of its `ttl` property: undefined (no such
 * property) is PK_TTL_OFF; a number, or a string of decimal digits with an
 * optional leading '-' (CSV values and generated lists are strings), is
 * taken when ttl_item_valid. Returns 0 with *out set, or -1 for any other
 * value (null, a bool, 0, a fraction, out of range: the service refuses
 * such an item with 400, ASSUMPTION from D-TTL's "must be").
 */
int ttl_from_value(const struct pk_value *v, int64_t *out);

/*
 * The least throughput the service accepts (rule 8, D-LIMITS; provision.h
 * has the rest of the provisioning rules, and provision.c defines these
 * functions): the loader checks a scenario's throughput with them and the
 * engine checks a change at run time.
 */
/* D-LIMITS: the smallest manual RU/s of a container */
#define PK_PROVISION_MIN_MANUAL_RU_PER_S 400LL
/* D-LIMITS: manual minimum per GB stored, RU/s */
#define PK_PROVISION_MANUAL_RU_PER_GB 1LL
/* D-LIMITS: the minimum is 1% of the highest RU/s ever set */
#define PK_PROVISION_HIGHEST_DIVISOR 100LL
/* D-AUTO, D-LIMITS: the smallest autoscale max, and its step */
#define PK_PROVISION_MIN_AUTOSCALE_MAX 1000LL
#define PK_PROVISION_AUTOSCALE_STEP 1000LL
/* D-LIMITS: autoscale minimum max per GB stored, and of highest max */
#define PK_PROVISION_AUTOSCALE_RU_PER_GB 10LL
#define PK_PROVISION_AUTOSCALE_HIGHEST_DIVISOR 10LL
/* D-LIMITS (2023 revision): a serverless container stores at most 1 TB */
#define PK_PROVISION_SERVERLESS_MAX_BYTES                                      \
	(1024ULL * 1024ULL * 1024ULL * 1024ULL)

/* Which term of a minimum decided it (the largest; the first on ties). */
enum pk_min_reason {
	PK_MIN_FLOOR = 0, /* the fixed floor: 400 (manual), 1,000 (autoscale) */
	PK_MIN_STORAGE,	  /* the per-GB term */
	PK_MIN_HIGHEST,	  /* the share of the highest ever set */
};

/* Whole GB of storage_bytes, rounded up: ceil(bytes / 2^30). */
int64_t provision_storage_gb(uint64_t storage_bytes);

/*
 * The smallest manual RU/s the service accepts for a container storing
 * storage_bytes whose highest RU/s ever was highest_ru_per_s (rule 8):
 * max(400, ceil(GB) x 1, ceil(highest / 100)). *why (may be NULL) gets the
 * deciding term. After 100,000 RU/s the minimum is 1,000; at 50,000 RU/s
 * and 20 GB it is 500.
 */
int64_t provision_min_manual(uint64_t storage_bytes, int64_t highest_ru_per_s,
			     enum pk_min_reason *why);

/* Bytes of a phase name quoted in provision_min_message (more is cut). */
#define PK_PROVISION_QUOTE_BYTES 80
/* Room for provision_min_message's text with a variant suffix. */
#define PK_PROVISION_MIN_MESSAGE_BYTES 512

/*
 * The one message for a phase asking for less than the minimum manual
 * RU/s (rule 8), written to buf (cap bytes, cut to fit) and returned:
 * "phase 'NAME' sets W RU/s, below the minimum M[ at t=Ts] (WHY)SUFFIX",
 * WHY by why: "1% of the highest ever, H", "1 RU/s per GB stored: G GB"
 * or "the smallest manual throughput"; numbers with thousands separators.
 * The loader knows no time (t_s < 0 leaves " at t=" out); the run does.
 * suffix names the variant (scenario_variant_suffix) or is "".
 */
const char *provision_min_message(char *buf, size_t cap, const char *phase,
				  int64_t want, int64_t min,
				  enum pk_min_reason why, int64_t highest,
				  int64_t storage_gb, int64_t t_s,
				  const char *suffix);

/*
 * The smallest autoscale max the service accepts (rule 8):
 * max(1,000, ceil(GB) x 10, highest max / 10) rounded up to 1,000.
 */
int64_t provision_min_autoscale_max(uint64_t storage_bytes,
				    int64_t highest_max_ru_per_s,
				    enum pk_min_reason *why);

#endif
