/*
 * scenario_layout: an existing container's layout: its
 * physical partitions now (`partitions: N`, `compare --partitions N`) and
 * the data they store (`storage_per_partition`, `storage_total`,
 * `--storage-per-partition`), checked by the same rules whether a
 * scenario file or the command line gives them: the storage fits the
 * partitions (rule 1), the RU/s fit them (rule 5) and are not below the
 * minimum for the storage (rule 8).
 */
#include "loader.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/service/cosmos/spec.h"

static const char partitions_what[] =
    "a whole number of physical partitions from 1 to 10,000 (the existing "
    "container's, as the portal's metrics show them), or new (a container "
    "created by the scenario, the default)";

/* The names a layout message gives the settings, and what it advises for
   RU/s past the partitions: a scenario file's keys or the options. */
struct layout_names {
	int place_names_it;	    /* 1: the message's place (`pksim:
				       --throughput: error:`) names the
				       setting it is about, so its text
				       starts with the value, not the name
				       again */
	const char *per_pp;	    /* storage per partition */
	const char *total;	    /* storage in all */
	const char *pp_cap;	    /* ", physical_partition_storage" or "" */
	const char *throughput;	    /* manual RU/s */
	const char *autoscale;	    /* autoscale max */
	const char *partitions;	    /* the partitions */
	const char *raise_past_cap; /* after "give at most N"; its %s, if
				       any, the key a phase raises it
				       with (yaml: throughput or
				       autoscale_max) */
};

static const struct layout_names yaml_names = {
    0,
    "storage_per_partition",
    "storage_total",
    ", physical_partition_storage",
    "throughput",
    "autoscale_max",
    "partitions",
    ", and raise it in a phase's %s to model the splits of a "
    "scale-up (rule 6)",
};

static const struct layout_names cli_names = {
    1,
    "--storage-per-partition",
    "--storage-total",
    "",
    "--throughput",
    "--throughput",
    "--partitions",
    ", or more --partitions (a raise past the partitions' 10,000 RU/s each "
    "splits them over hours, rule 6: use a scenario with a phase's "
    "throughput and split_delay to model it)",
};

/* The two "%s%s" arguments that start a message about setting name:
   "name " in a scenario file's message (its place is a line), nothing
   when the place is the option. */
#define LEAD(nm, name)                                                         \
	(nm)->place_names_it ? "" : (name), (nm)->place_names_it ? "" : " "

/* Which setting a layout problem is about. */
enum layout_fault {
	LAYOUT_OK = 0,
	LAYOUT_STORAGE, /* the storage keys */
	LAYOUT_RU,	/* the throughput keys */
};

/* Bytes an existing layout stores now (0 for a new container; at most
   UINT64_MAX). */
static uint64_t layout_bytes(const struct pk_container_spec *c)
{
	uint64_t n = (uint64_t)c->existing_partitions;

	if (c->existing_bytes_total) {
		return c->existing_bytes_total;
	}
	if (n && c->existing_bytes_per_pp > UINT64_MAX / n) {
		return UINT64_MAX;
	}
	return c->existing_bytes_per_pp * n;
}

/*
 * The first problem of c's existing layout, as a message in msg (cap
 * bytes) naming the settings by nm, and which setting it is about;
 * LAYOUT_OK (msg untouched) when it holds or c is a new container. The
 * storage fits the partitions (50 GB each, rule 1), the RU/s fit them (at
 * most N x 10,000: rule 5; a raise past it is a scale-up, rule 6) and are
 * not below the minimum for the storage (rule 8; pksim does not know the
 * highest RU/s ever set, so the term of 1% of it is left out).
 */
static enum layout_fault layout_fault(const struct pk_container_spec *c,
				      const struct layout_names *nm, char *msg,
				      size_t cap_msg)
{
	int64_t n = (int64_t)c->existing_partitions, ru, cap, min;
	uint64_t bytes = layout_bytes(c), need;
	char a[32], b[32], d[32], e[32];

	if (n == 0) {
		return LAYOUT_OK;
	}
	if (c->existing_bytes_per_pp > c->pp_storage_bytes) {
		/* rule 1: a physical partition holds at most 50 GB */
		snprintf(msg, cap_msg,
			 "%s%s%s is more than one physical partition holds "
			 "(%s%s); give at most %s",
			 LEAD(nm, nm->per_pp),
			 fmt_bytes(c->existing_bytes_per_pp, a),
			 fmt_bytes(c->pp_storage_bytes, b), nm->pp_cap,
			 fmt_bytes(c->pp_storage_bytes, d));
		return LAYOUT_STORAGE;
	}
	need = c->existing_bytes_total > 0
		   ? (c->existing_bytes_total - 1) / c->pp_storage_bytes + 1
		   : 0;
	if (need > (uint64_t)n) {
		/* rule 1 and 9: storage splits keep every partition at or
		   under its cap */
		snprintf(msg, cap_msg,
			 "%s%s%s needs at least %s physical partitions (%s "
			 "each) but %s is %lld; give %s >= %s or less storage",
			 LEAD(nm, nm->total),
			 fmt_bytes(c->existing_bytes_total, a),
			 fmt_thousands((int64_t)need, b),
			 fmt_bytes(c->pp_storage_bytes, d), nm->partitions,
			 (long long)n, nm->partitions,
			 fmt_thousands((int64_t)need, e));
		return LAYOUT_STORAGE;
	}
	if (c->serverless) {
		if (bytes > PK_PROVISION_SERVERLESS_MAX_BYTES) {
			snprintf(
			    msg, cap_msg,
			    "a serverless container stores at most %s "
			    "(got %s)",
			    fmt_bytes(PK_PROVISION_SERVERLESS_MAX_BYTES, a),
			    fmt_bytes(bytes, b));
			return LAYOUT_STORAGE;
		}
		return LAYOUT_OK;
	}
	ru = c->autoscale_max_ru_per_s ? c->autoscale_max_ru_per_s
				       : c->throughput_ru_per_s;
	if (ru <= 0) {
		return LAYOUT_OK; /* no throughput yet: every variant sets its
				     own */
	}
	cap = n * c->pp_ru_per_s;
	if (ru > cap) {
		/* rule 5: the existing layout holds N x 10,000 at once;
		   above it the service splits (rule 6) */
		char how[256];

		/* a phase raises an autoscale max by its autoscale_max
		   (its throughput is manual RU/s, refused there) */
		snprintf(how, sizeof(how), nm->raise_past_cap,
			 c->autoscale_max_ru_per_s ? "autoscale_max"
						   : "throughput");
		snprintf(msg, cap_msg,
			 "%s%s%s RU/s is more than %lld existing physical "
			 "partitions hold (%lld x %s = %s RU/s, rule 5); give "
			 "at most %s%s",
			 LEAD(nm, c->autoscale_max_ru_per_s ? nm->autoscale
							    : nm->throughput),
			 fmt_thousands(ru, a), (long long)n, (long long)n,
			 fmt_thousands(c->pp_ru_per_s, b),
			 fmt_thousands(cap, d), fmt_thousands(cap, e), how);
		return LAYOUT_RU;
	}
	min = c->autoscale_max_ru_per_s
		  ? provision_min_autoscale_max(bytes, 0, NULL)
		  : provision_min_manual(bytes, 0, NULL);
	if (ru < min) {
		/* rule 8, D-LIMITS: 1 RU/s (autoscale max: 10) per GB */
		snprintf(msg, cap_msg,
			 "%s%s%s RU/s is below the minimum %s RU/s for %s "
			 "stored (%s RU/s per GB, rule 8); give at least %s",
			 LEAD(nm, c->autoscale_max_ru_per_s ? nm->autoscale
							    : nm->throughput),
			 fmt_thousands(ru, a), fmt_thousands(min, b),
			 fmt_bytes(bytes, d),
			 c->autoscale_max_ru_per_s ? "10" : "1",
			 fmt_thousands(min, e));
		return LAYOUT_RU;
	}
	return LAYOUT_OK;
}

/* The node of m that a layout error is about: the first of the keys
   listed (NULL-terminated) that m sets, else m itself. */
static const struct yn *first_set(const struct yn *m, const char *const *keys)
{
	const struct yn *n;

	for (; *keys; keys++) {
		if ((n = yn_get(m, *keys))) {
			return n;
		}
	}
	return m;
}

/* Check the layout *c has once m's keys are laid over it, when m sets a
   key it depends on (layout_fault), at the key the problem is about. */
static void check_layout(struct ld *ld, const struct yn *m,
			 const struct pk_container_spec *c)
{
	static const char *const ru_keys[] = {
	    "throughput", "autoscale_max", "partitions",
	    "physical_partition_throughput", NULL};
	static const char *const storage_keys[] = {
	    "storage_per_partition", "storage_total", "partitions",
	    "physical_partition_storage", NULL};
	static const char *const any[] = {"partitions",
					  "storage_per_partition",
					  "storage_total",
					  "throughput",
					  "autoscale_max",
					  "serverless",
					  "physical_partition_storage",
					  "physical_partition_throughput",
					  NULL};
	const char *const *k;
	char msg[512];
	enum layout_fault f;
	int touched = 0;

	for (k = any; *k; k++) {
		touched |= yn_get(m, *k) != NULL;
	}
	if (!touched) {
		return;
	}
	f = layout_fault(c, &yaml_names, msg, sizeof(msg));
	if (f != LAYOUT_OK) {
		ld_err(
		    ld,
		    first_set(m, f == LAYOUT_STORAGE ? storage_keys : ru_keys),
		    "%s", msg);
	}
}

void ld_load_layout(struct ld *ld, const struct yn *m,
		    struct pk_container_spec *c)
{
	const struct yn *pn = yn_get(m, "partitions");
	const struct yn *sp = yn_get(m, "storage_per_partition");
	const struct yn *st = yn_get(m, "storage_total");
	int64_t v;
	uint64_t b;

	if (pn && pn->kind == YN_SCALAR && strcmp(pn->text, "new") == 0) {
		c->existing_partitions = 0;
		c->existing_bytes_per_pp = 0;
		c->existing_bytes_total = 0;
	} else if (pn && ld_get_int(ld, pn, "partitions", 1,
				    PK_MAX_EXISTING_PARTITIONS, partitions_what,
				    &v) == 0) {
		c->existing_partitions = (size_t)v;
	}
	if (sp && st) {
		ld_err(ld, st,
		       "give the data stored now either per partition "
		       "(storage_per_partition) or in all (storage_total), "
		       "not both");
		return;
	}
	if (sp && ld_get_size(ld, sp, "storage_per_partition", 0, UINT64_MAX,
			      "a size, e.g. 20GB", &b) == 0) {
		c->existing_bytes_per_pp = b;
		c->existing_bytes_total = 0;
	}
	if (st && ld_get_size(ld, st, "storage_total", 0, UINT64_MAX,
			      "a size, e.g. 100GB", &b) == 0) {
		c->existing_bytes_total = b;
		c->existing_bytes_per_pp = 0;
	}
	if ((sp || st) && c->existing_partitions == 0) {
		ld_err(ld, sp ? sp : st,
		       "%s describes the data an existing container stores "
		       "now; give partitions: N (its physical partitions) as "
		       "well (a new container starts empty)",
		       sp ? "storage_per_partition" : "storage_total");
		return;
	}
	check_layout(ld, m, c);
}

int scenario_items_layout(struct pk_scenario *s, uint64_t partitions,
			  const uint64_t *bytes_per_pp, struct pk_diag *diag)
{
	struct pk_container_spec *c = &s->container;
	char msg[512];
	enum layout_fault f;

	if (s->n_variants > 0) {
		PK_BUG("scenario_items_layout: call it before --key variants");
	}
	if (partitions == 0) {
		if (bytes_per_pp) {
			diag_error(diag, "--storage-per-partition", 0, 0,
				   "describes the data an existing container "
				   "stores now; give --partitions N (its "
				   "physical partitions) as well (a new "
				   "container starts empty)");
			return -1;
		}
		return 0;
	}
	if (partitions > PK_MAX_EXISTING_PARTITIONS) {
		diag_error(diag, "--partitions", 0, 0,
			   "needs a whole number of physical partitions from "
			   "1 to 10,000 (the existing container's, as the "
			   "portal's metrics show them), got %llu",
			   (unsigned long long)partitions);
		return -1;
	}
	c->existing_partitions = (size_t)partitions;
	c->existing_bytes_per_pp = bytes_per_pp ? *bytes_per_pp : 0;
	c->existing_bytes_total = 0;
	f = layout_fault(c, &cli_names, msg, sizeof(msg));
	if (f != LAYOUT_OK) {
		diag_error(diag,
			   f == LAYOUT_STORAGE ? "--storage-per-partition"
					       : "--throughput",
			   0, 0, "%s", msg);
		return -1;
	}
	return 0;
}
