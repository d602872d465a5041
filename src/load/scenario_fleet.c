/*
 * scenario_fleet: a container's `fleet_pool:` (rule 40, D-FLEET,
 * preview): the RU/s pooled across a fleetspace that a physical
 * partition may draw on once its own share of a second is used.
 */
#include <string.h>

#include "loader.h"

/* The pool's keys, each in RU/s. */
static const char *const fleet_keys[] = {
    "min", "max", "extra_per_partition", "partition_cap", NULL,
};

static const char fleet_what[] =
    "a mapping {max: RU/s, min: RU/s, extra_per_partition: RU/s, "
    "partition_cap: RU/s} (max required), or none";

/* The RU/s of key in pool mapping n into *out (1 .. 1,000,000); 0 and
 *out untouched when n lacks it, -1 on an error. */
static int fleet_int(struct ld *ld, const struct yn *n, const char *key,
		     int64_t *out)
{
	const struct yn *v = yn_get(n, key);

	if (!v) {
		return 0;
	}
	return ld_get_int(ld, v, key, 1, PK_MAX_RU_PER_S,
			  "a whole number of RU/s from 1 to 1,000,000", out);
}

/* Rule 40's own checks of a pool read from n: max at most 10 x min,
   min at most max. */
static void fleet_check(struct ld *ld, const struct yn *n,
			const struct pk_fleet_spec *f)
{
	const struct yn *at =
	    yn_get(n, "min") ? yn_get(n, "min") : yn_get(n, "max");

	if (f->min_ru_per_s > f->max_ru_per_s) {
		ld_err(ld, at,
		       "fleet_pool min %lld RU/s is above its max %lld RU/s; "
		       "the pool scales between min and max",
		       (long long)f->min_ru_per_s, (long long)f->max_ru_per_s);
	} else if (f->max_ru_per_s > PK_FLEET_MAX_OVER_MIN * f->min_ru_per_s) {
		ld_err(ld, at,
		       "fleet_pool max %lld RU/s is more than 10 x its min "
		       "%lld RU/s (rule 40: the max is at most 10 times the "
		       "min); raise min to at least %lld",
		       (long long)f->max_ru_per_s, (long long)f->min_ru_per_s,
		       (long long)((f->max_ru_per_s + 9) / 10));
	}
}

void ld_load_fleet(struct ld *ld, const struct yn *n,
		   struct pk_container_spec *c)
{
	struct pk_fleet_spec f = {0, 0, PK_FLEET_EXTRA_RU_PER_S,
				  PK_FLEET_PARTITION_CAP_RU_PER_S};

	if (n->kind == YN_SCALAR && strcmp(n->text, "none") == 0) {
		memset(&c->fleet, 0, sizeof(c->fleet));
		return;
	}
	if (ld_need_kind(ld, n, YN_MAP, "fleet_pool", fleet_what) < 0) {
		return;
	}
	ld_check_keys(ld, n, fleet_keys, "in fleet_pool");
	if (!yn_get(n, "max")) {
		ld_err(ld, n, "missing required key 'max' in fleet_pool: %s",
		       fleet_what);
		return;
	}
	if (fleet_int(ld, n, "max", &f.max_ru_per_s) < 0 ||
	    fleet_int(ld, n, "extra_per_partition", &f.extra_ru_per_s) < 0 ||
	    fleet_int(ld, n, "partition_cap", &f.cap_ru_per_s) < 0) {
		return;
	}
	f.min_ru_per_s = (f.max_ru_per_s + PK_FLEET_MAX_OVER_MIN - 1) /
			 PK_FLEET_MAX_OVER_MIN;
	if (fleet_int(ld, n, "min", &f.min_ru_per_s) < 0) {
		return;
	}
	fleet_check(ld, n, &f);
	c->fleet = f;
}

void ld_fleet_fits(struct ld *ld, const struct yn *m,
		   const struct pk_container_spec *c)
{
	const struct yn *at = yn_get(m, "fleet_pool");
	const char *other = NULL;

	if (c->fleet.max_ru_per_s == 0) {
		return;
	}
	if (c->serverless) {
		other = "serverless (a pool lends provisioned RU/s)";
	} else if (c->fabric) {
		other = "profile: fabric (rule 41 names no pool)";
	} else if (c->burst) {
		other = "burst (pksim does not combine burst credit with a "
			"pool)";
	}
	if (other) {
		ld_err(ld, at ? at : m,
		       "fleet_pool cannot be used with %s; remove one of "
		       "them",
		       other);
	}
}
