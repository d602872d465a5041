/*
 * scenario_container: `container:` and `variants:`. The container is
 * loaded as the base; each variant is a deep copy of it with the
 * entry's keys laid over (every string owned by its variant), and
 * s->container ends up a copy of variants[0]. Partition key templates
 * are kept as text: pkey parses them.
 */
#include "loader.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/service/cosmos/spec.h"

/* ------------------------------------------------------------------ */
/* Container, partition key and variants */

/* Keys of `container:` and of each entry of `variants:`. */
static const char *const container_keys[] = {
    "name",
    "partition_key",
    "partition_key_version",
    "throughput",
    "physical_partition_storage",
    "physical_partition_throughput",
    "initial_throughput_per_partition",
    "logical_partition_storage",
    "index_factor",
    "split_delay",
    "merge_delay",
    "autoscale_max",
    "autoscale_mode",
    "burst",
    "serverless",
    "split_gone",
    "partitions",
    "storage_per_partition",
    "storage_total",
    "allow_undefined_key",
    "default_ttl",
    "throughput_buckets",
    "profile",
    "fleet_pool",
    NULL,
};

/* What a container or variant mapping sets (load_container_keys). */
#define CT_SETS_KEY 1u	      /* partition_key */
#define CT_SETS_THROUGHPUT 2u /* throughput */

/* D-LPK: partition key definition versions 1 and 2 */
#define PK_SCENARIO_KEY_VERSION_MAX 2

static const char key_forms[] =
    "a JSON path that starts with '/' and has non-empty segments, e.g. "
    "/deviceId or /address/city; a list of 2-3 such paths, e.g. "
    "[/tenantId, /userId]; or a template with {property}, e.g. "
    "'{deviceId}-{date}'";

/* 1 if s is a JSON path: "/a", "/a/b" (leading '/', no empty segment). */
int ld_path_ok(const char *s)
{
	size_t len = strlen(s);

	return s[0] == '/' && len >= 2 && s[len - 1] != '/' && !strstr(s, "//");
}

void ld_key_free(struct pk_key_spec *k)
{
	size_t i;

	for (i = 0; i < k->n_paths; i++) {
		free(k->paths[i]);
	}
	free(k->template_text);
}

/* Free what c owns (not c itself). */
void ld_container_free(struct pk_container_spec *c)
{
	free(c->name);
	free(c->partition_key);
	ld_key_free(&c->key);
	if (c->table) {
		ld_table_free(c->table);
		free(c->table);
	}
}

/* dst = a deep copy of src (dst holds nothing owned before). */
void ld_container_copy(struct pk_container_spec *dst,
		       const struct pk_container_spec *src)
{
	size_t i;

	*dst = *src;
	dst->name = src->name ? xstrdup(src->name) : NULL;
	dst->partition_key =
	    src->partition_key ? xstrdup(src->partition_key) : NULL;
	for (i = 0; i < src->key.n_paths; i++) {
		dst->key.paths[i] = xstrdup(src->key.paths[i]);
	}
	dst->key.template_text =
	    src->key.template_text ? xstrdup(src->key.template_text) : NULL;
	dst->table = src->table ? ld_table_dup(src->table) : NULL;
}

void ld_container_defaults(struct pk_container_spec *c)
{
	c->pp_storage_bytes = PK_DEFAULT_PP_STORAGE_BYTES;
	c->pp_ru_per_s = PK_DEFAULT_PP_RU_PER_S;
	c->initial_ru_per_pp = PK_DEFAULT_INITIAL_RU_PER_PP;
	c->lp_storage_bytes = PK_DEFAULT_LP_STORAGE_BYTES;
	c->index_factor = 1;
	c->key.version = 2; /* D-LPK: the default for new containers */
}

/*
 * 1 (with the error) when list n has more levels than a hierarchical key
 * may: rule 22 (D-HPK) allows 3, rule 33 a fourth only when it is the
 * unique /id; the message names the rule that applies.
 */
static int too_many_levels(struct ld *ld, const struct yn *n)
{
	const struct yn *last = n->kids[n->n_kids - 1];
	char buf[PK_YN_DESC_BYTES];

	if (n->n_kids <= PK_KEY_GROUPING_LEVELS) {
		return 0;
	}
	if (n->n_kids > PK_KEY_MAX_LEVELS) {
		ld_err(ld, n->kids[PK_KEY_MAX_LEVELS],
		       "a hierarchical partition key has at most %d levels "
		       "(rule 22), or %d when the last is %s (rule 33); got "
		       "%zu",
		       PK_KEY_GROUPING_LEVELS, PK_KEY_MAX_LEVELS,
		       PK_KEY_UNIQUE_PATH, n->n_kids);
		return 1;
	}
	if (last->kind == YN_SCALAR &&
	    strcmp(last->text, PK_KEY_UNIQUE_PATH) == 0) {
		return 0;
	}
	ld_err(ld, last,
	       "a hierarchical partition key has at most %d levels (rule "
	       "22); a fourth is allowed only when it is %s, a unique last "
	       "level (rule 33), got %s",
	       PK_KEY_GROUPING_LEVELS, PK_KEY_UNIQUE_PATH,
	       yn_desc(last, buf, sizeof(buf)));
	return 1;
}

/*
 * The partition_key value n: a path, a list of 1-3 paths (4 when
 * the last is /id, rule 33), or a template
 * (any string with '{'; pkey parses it). Fills kind, paths, template_text
 * and position of *k (version untouched) and sets *display to the key as
 * written; both owned by the caller. Returns 0, or -1 with errors
 * recorded and nothing allocated.
 */
int ld_load_key(struct ld *ld, const struct yn *n, struct pk_key_spec *k,
		char **display)
{
	char buf[PK_YN_DESC_BYTES];
	size_t i, j, len;
	int bad = 0;
	char *p;

	k->line = n->line;
	k->col = n->col;
	k->n_paths = 0;
	k->template_text = NULL;
	if (n->kind == YN_SCALAR) {
		if (n->len == 0) {
			ld_err(ld, n,
			       "partition_key must not be empty; give %s",
			       key_forms);
			return -1;
		}
		if (strchr(n->text, '{')) {
			/* ASSUMPTION: the template is checked by pkey,
			   which knows the properties */
			k->kind = PK_KEY_SYNTHETIC;
			k->template_text = xstrdup(n->text);
			*display = xstrdup(n->text);
			return 0;
		}
		if (!ld_path_ok(n->text)) {
			ld_err(ld, n, "partition_key must be %s (got %s)",
			       key_forms, yn_desc(n, buf, sizeof(buf)));
			return -1;
		}
		k->kind = PK_KEY_PATH;
		k->paths[0] = xstrdup(n->text);
		k->n_paths = 1;
		*display = xstrdup(n->text);
		return 0;
	}
	if (n->kind != YN_SEQ) {
		ld_err(ld, n, "partition_key must be %s (got %s)", key_forms,
		       yn_desc(n, buf, sizeof(buf)));
		return -1;
	}
	if (n->n_kids == 0) {
		ld_err(ld, n,
		       "partition_key is an empty list; give 1 to %d paths, "
		       "e.g. [/tenantId, /userId]",
		       PK_KEY_GROUPING_LEVELS);
		return -1;
	}
	if (too_many_levels(ld, n)) {
		return -1;
	}
	for (i = 0; i < n->n_kids; i++) {
		const struct yn *e = n->kids[i];

		if (e->kind != YN_SCALAR || !ld_path_ok(e->text)) {
			ld_err(
			    ld, e,
			    "each level of a hierarchical partition_key "
			    "must be a JSON path that starts with '/' and "
			    "has non-empty segments, e.g. /tenantId (got %s)",
			    yn_desc(e, buf, sizeof(buf)));
			bad = 1;
			continue;
		}
		for (j = 0; j < i; j++) {
			if (n->kids[j]->kind == YN_SCALAR &&
			    strcmp(n->kids[j]->text, e->text) == 0) {
				ld_err(ld, e,
				       "partition_key level %s is listed "
				       "twice; each level is a different "
				       "property",
				       yn_desc(e, buf, sizeof(buf)));
				bad = 1;
				break;
			}
		}
	}
	if (bad) {
		return -1;
	}
	k->kind = n->n_kids == 1 ? PK_KEY_PATH : PK_KEY_HIERARCHICAL;
	len = 3;
	for (i = 0; i < n->n_kids; i++) {
		k->paths[i] = xstrdup(n->kids[i]->text);
		len += n->kids[i]->len + 2;
	}
	k->n_paths = n->n_kids;
	if (k->kind == PK_KEY_PATH) {
		/* [/a] is the path /a, shown as such */
		*display = xstrdup(k->paths[0]);
		return 0;
	}
	*display = p = xmalloc(len);
	p += sprintf(p, "[");
	for (i = 0; i < k->n_paths; i++) {
		p += sprintf(p, "%s%s", i ? ", " : "", k->paths[i]);
	}
	sprintf(p, "]");
	return 0;
}

/*
 * The `autoscale_max` value n of mapping m: Tmax, a multiple of 1,000,
 * >= 1,000 (D-AUTO: Tmax moves in steps of 1,000 from 1,000). It replaces
 * manual throughput, so m may not set both.
 */
static void load_autoscale(struct ld *ld, const struct yn *m,
			   const struct yn *n, struct pk_container_spec *c)
{
	int64_t v;

	if (yn_get(m, "throughput")) {
		ld_err(ld, n,
		       "set either throughput (manual RU/s) or autoscale_max "
		       "(autoscale), not both");
		return;
	}
	/* D-LIMITS' 1,000,000 RU/s a container bounds the max too, and so
	   the partitions an autoscale container starts with (no max the
	   engine cannot lay out) */
	if (ld_get_int(ld, n, "autoscale_max", PK_PROVISION_MIN_AUTOSCALE_MAX,
		       PK_MAX_RU_PER_S,
		       "a whole number of RU/s from 1,000 to 1,000,000, a "
		       "multiple of 1000",
		       &v) < 0) {
		return;
	}
	if (v % PK_PROVISION_AUTOSCALE_STEP != 0) {
		ld_err(ld, n,
		       "autoscale_max must be a multiple of 1000 RU/s (got "
		       "%lld)",
		       (long long)v);
		return;
	}
	c->autoscale_max_ru_per_s = v;
	c->throughput_ru_per_s = 0;
}

/*
 * The `serverless` switch n of mapping m (rule 19, D-SLESS): a serverless
 * container has no provisioned throughput, so m may not also set
 * throughput or autoscale_max. Returns CT_SETS_THROUGHPUT when it turns
 * serverless on (it stands for the throughput), else 0.
 */
static unsigned load_serverless(struct ld *ld, const struct yn *m,
				const struct yn *n, struct pk_container_spec *c)
{
	int on = 0;

	if (ld_get_switch(ld, n, "serverless", &on) < 0) {
		return 0;
	}
	if (on && (yn_get(m, "throughput") || yn_get(m, "autoscale_max"))) {
		ld_err(ld, n,
		       "a serverless container has no provisioned throughput; "
		       "set one of throughput, autoscale_max or serverless");
		return 0;
	}
	c->serverless = on;
	if (!on) {
		return 0;
	}
	c->throughput_ru_per_s = 0;
	c->autoscale_max_ru_per_s = 0;
	return CT_SETS_THROUGHPUT;
}

/* The node of m that set the first of keys (NULL-ended) m holds, else
   NULL: where an error about the merged spec points. */
static const struct yn *first_of(const struct yn *m, const char *const *keys)
{
	const struct yn *n;
	size_t i;

	for (i = 0; keys[i]; i++) {
		if ((n = yn_get(m, keys[i]))) {
			return n;
		}
	}
	return NULL;
}

/*
 * initial_throughput_per_partition changes rule 2's 6,000 RU/s a
 * partition with which a manual container is laid out at creation; an
 * autoscale container is laid out by rule 3 (one partition per 10,000
 * RU/s of max) and a serverless one by rule 19, so there it would be
 * ignored: refused at the key, m's spec c as merged.
 */
static void initial_fits(struct ld *ld, const struct yn *m,
			 const struct pk_container_spec *c)
{
	const struct yn *n = yn_get(m, "initial_throughput_per_partition");

	if (!n || (c->autoscale_max_ru_per_s == 0 && !c->serverless)) {
		return;
	}
	ld_err(ld, n,
	       "initial_throughput_per_partition lays out a container with "
	       "manual throughput (rule 2); this one is %s, laid out by %s, "
	       "so it would be ignored: remove it, or set throughput",
	       c->serverless ? "serverless" : "autoscale",
	       c->serverless ? "rule 19"
			     : "rule 3 (a partition per 10,000 RU/s of max)");
}

/*
 * Rule 41 (D-FABRIC): a `profile: fabric` container is autoscale only,
 * its max 1,000 .. 50,000 RU/s, and always dynamic (per-partition)
 * autoscale. c is the spec after m's keys; an error points at the key of
 * m that breaks it (an inherited profile is checked where it was set).
 */
static void fabric_fits(struct ld *ld, const struct yn *m,
			struct pk_container_spec *c)
{
	static const char *const manual[] = {"throughput", "serverless",
					     "profile", NULL};
	static const char *const max[] = {"autoscale_max", "profile", NULL};
	const struct yn *n;
	char a[32], b[32], d[32];

	if (!c->fabric) {
		return;
	}
	if ((c->serverless || c->throughput_ru_per_s > 0) &&
	    (n = first_of(m, manual))) {
		ld_err(ld, n,
		       "profile fabric is autoscale only (rule 41, Cosmos DB "
		       "in Fabric): set autoscale_max from %s to %s RU/s "
		       "instead of %s",
		       fmt_thousands(PK_FABRIC_MIN_MAX, a),
		       fmt_thousands(PK_FABRIC_MAX_MAX, b),
		       c->serverless ? "serverless" : "throughput");
		return;
	}
	if (c->autoscale_max_ru_per_s > PK_FABRIC_MAX_MAX &&
	    (n = first_of(m, max))) {
		ld_err(ld, n,
		       "profile fabric allows an autoscale_max from %s to %s "
		       "RU/s (rule 41), got %s",
		       fmt_thousands(PK_FABRIC_MIN_MAX, a),
		       fmt_thousands(PK_FABRIC_MAX_MAX, b),
		       fmt_thousands(c->autoscale_max_ru_per_s, d));
		return;
	}
	n = yn_get(m, "autoscale_mode");
	if (n && !c->autoscale_dynamic) {
		ld_err(ld, n,
		       "profile fabric always uses dynamic (per-partition) "
		       "autoscale (rule 41); remove autoscale_mode or set "
		       "it to dynamic");
		return;
	}
	c->autoscale_dynamic = 1;
}

/* The `profile` value n: azure (Azure Cosmos DB, the default) or fabric
   (rule 41). */
static void load_profile(struct ld *ld, const struct yn *n,
			 struct pk_container_spec *c)
{
	static const char *const profiles[] = {"azure", "fabric", NULL};

	if (n->kind == YN_SCALAR && ld_word_in(n->text, profiles)) {
		c->fabric = strcmp(n->text, "fabric") == 0;
	} else if (n->kind == YN_SCALAR) {
		ld_err_unknown(ld, n, "profile", n->text, "in container",
			       profiles);
	} else {
		ld_need_kind(ld, n, YN_SCALAR, "profile",
			     "azure (the default) or fabric");
	}
}

/*
 * Lay the keys of mapping m (a `container:` or one variant) over *c,
 * which holds the defaults or the base container. where names m in
 * messages. Returns the CT_SETS_* bits of the required keys m sets.
 */
static unsigned load_container_keys(struct ld *ld, const struct yn *m,
				    struct pk_container_spec *c,
				    const char *where)
{
	const struct yn *n, *kn, *vn;
	unsigned sets = 0;

	c->line = m->line;
	c->col = m->col;
	ld_check_keys(ld, m, container_keys, where);
	if ((n = yn_get(m, "name"))) {
		char *name = NULL;

		if (ld_get_string(ld, n, "name", 0, &name) == 0) {
			free(c->name);
			c->name = name;
		}
	}
	if ((kn = yn_get(m, "partition_key"))) {
		struct pk_key_spec k;
		char *display = NULL;

		sets |= CT_SETS_KEY;
		memset(&k, 0, sizeof(k));
		if (ld_load_key(ld, kn, &k, &display) == 0) {
			k.version = c->key.version;
			ld_key_free(&c->key);
			free(c->partition_key);
			c->key = k;
			c->partition_key = display;
		}
	}
	if ((vn = yn_get(m, "partition_key_version"))) {
		int64_t v;

		if (ld_get_int(ld, vn, "partition_key_version", 1,
			       PK_SCENARIO_KEY_VERSION_MAX, "1 or 2, default 2",
			       &v) == 0) {
			c->key.version = (int)v;
		}
	}
	if ((kn || vn) && c->partition_key &&
	    c->key.kind == PK_KEY_HIERARCHICAL && c->key.version == 1) {
		/* D-HPK: hierarchical keys hash with MultiHash, which exists
		   only under definition version 2 */
		const struct yn *at = vn ? vn : kn;

		ld_err(ld, at,
		       "a hierarchical partition key needs "
		       "partition_key_version 2 (MultiHash has no version 1); "
		       "remove partition_key_version or set it to 2");
	}
	if ((n = yn_get(m, "throughput"))) {
		sets |= CT_SETS_THROUGHPUT;
		if (ld_get_int(
			ld, n, "throughput", 1, PK_MAX_RU_PER_S,
			"a whole number of RU/s from 1 to 1,000,000 (the "
			"service's limit per container)",
			&c->throughput_ru_per_s) == 0 &&
		    c->throughput_ru_per_s < PK_PROVISION_MIN_MANUAL_RU_PER_S) {
			/* rule 8, D-LIMITS */
			ld_err(ld, n,
			       "throughput %lld RU/s is below the minimum %lld "
			       "RU/s of a container with manual throughput",
			       (long long)c->throughput_ru_per_s,
			       PK_PROVISION_MIN_MANUAL_RU_PER_S);
		}
	}
	if ((n = yn_get(m, "autoscale_max"))) {
		load_autoscale(ld, m, n, c);
		sets |= CT_SETS_THROUGHPUT;
	} else if (yn_get(m, "throughput")) {
		/* a variant's own throughput replaces an inherited
		   autoscale max */
		c->autoscale_max_ru_per_s = 0;
	}
	if (yn_get(m, "throughput") || yn_get(m, "autoscale_max")) {
		/* ... and an inherited serverless */
		c->serverless = 0;
	}
	if ((n = yn_get(m, "serverless"))) {
		sets |= load_serverless(ld, m, n, c);
	}
	if ((n = yn_get(m, "burst"))) {
		ld_get_switch(ld, n, "burst", &c->burst);
	}
	if ((n = yn_get(m, "throughput_buckets"))) {
		ld_load_buckets(ld, n, c);
	}
	if ((n = yn_get(m, "autoscale_mode"))) {
		static const char *const modes[] = {"classic", "dynamic", NULL};

		if (n->kind == YN_SCALAR && strcmp(n->text, "dynamic") == 0) {
			c->autoscale_dynamic = 1;
		} else if (n->kind == YN_SCALAR &&
			   strcmp(n->text, "classic") == 0) {
			c->autoscale_dynamic = 0;
		} else {
			ld_err_unknown(ld, n, "autoscale_mode",
				       n->kind == YN_SCALAR ? n->text : "?",
				       "in container", modes);
		}
	}
	if ((n = yn_get(m, "profile"))) {
		load_profile(ld, n, c);
	}
	if ((n = yn_get(m, "fleet_pool"))) {
		ld_load_fleet(ld, n, c);
	}
	fabric_fits(ld, m, c);
	if (c->serverless && c->burst) {
		/* D-BURST: burst capacity is not available on serverless */
		n = yn_get(m, "burst") ? yn_get(m, "burst")
				       : yn_get(m, "serverless");
		ld_err(ld, n ? n : m,
		       "burst capacity is not available on a serverless "
		       "container; remove burst or serverless");
	}
	if ((n = yn_get(m, "allow_undefined_key"))) {
		ld_get_switch(ld, n, "allow_undefined_key",
			      &c->allow_undefined_key);
	}
	if ((n = yn_get(m, "split_delay"))) {
		ld_get_duration(ld, n, "split_delay", 0, &c->split_delay_ms);
	}
	if ((n = yn_get(m, "merge_delay"))) {
		ld_get_duration(ld, n, "merge_delay", 0, &c->merge_delay_ms);
	}
	if ((n = yn_get(m, "split_gone"))) {
		ld_get_duration(ld, n, "split_gone", 0, &c->split_gone_ms);
	}
	if ((n = yn_get(m, "physical_partition_storage"))) {
		/* rule 1: a physical partition holds 50 GB; a classroom cap
		   only lowers it, which also keeps partitions x cap far from
		   2^64 */
		ld_get_size(ld, n, "physical_partition_storage", 1,
			    PK_DEFAULT_PP_STORAGE_BYTES,
			    "from 1 byte to 50 GB (what a physical partition "
			    "holds, rule 1)",
			    &c->pp_storage_bytes);
	}
	if ((n = yn_get(m, "physical_partition_throughput"))) {
		ld_get_int(ld, n, "physical_partition_throughput", 1,
			   PK_MAX_RU_PER_S,
			   "a whole number of RU/s from 1 to 1,000,000",
			   &c->pp_ru_per_s);
	}
	if ((n = yn_get(m, "initial_throughput_per_partition"))) {
		ld_get_int(ld, n, "initial_throughput_per_partition", 1,
			   PK_MAX_RU_PER_S,
			   "a whole number of RU/s from 1 to 1,000,000",
			   &c->initial_ru_per_pp);
	}
	if ((n = yn_get(m, "logical_partition_storage"))) {
		/* a logical partition lives in one physical partition: at
		   most its 50 GB, even with support's raise of the 20 GB */
		ld_get_size(ld, n, "logical_partition_storage", 1,
			    PK_DEFAULT_PP_STORAGE_BYTES,
			    "from 1 byte to 50 GB (a logical partition lives "
			    "in one physical partition, rule 1)",
			    &c->lp_storage_bytes);
	}
	if ((n = yn_get(m, "index_factor"))) {
		ld_get_number(ld, n, "index_factor", 0, 1, HUGE_VAL, 0,
			      "a number greater than 0 (default 1)",
			      &c->index_factor);
	}
	if ((n = yn_get(m, "default_ttl"))) {
		ld_load_default_ttl(ld, n, c);
	}
	ld_load_layout(ld, m, c);
	ld_fleet_fits(ld, m, c);
	initial_fits(ld, m, c);
	return sets;
}

/* Variant i's name is none of the variants' before it (error at n) */
static void variant_unique(struct ld *ld, size_t i, const struct yn *n)
{
	const struct pk_scenario *s = ld->s;
	size_t j;

	for (j = 0; j < i; j++) {
		if (strcmp(s->variants[j].name, s->variants[i].name) == 0) {
			ld_err(ld, n,
			       "duplicate variant name '%.*s' (first at "
			       "line %d); add name: to tell the variants "
			       "apart (a variant without one is named after "
			       "its partition_key)",
			       PK_SCENARIO_QUOTE_BYTES, s->variants[i].name,
			       s->variants[j].line);
			return;
		}
	}
}

/* 1 when variant entry m says `service: dynamodb` (an Amazon DynamoDB
   table compared with the container), 0 without `service:` (the
   container with m's keys laid over it), -1 after an error at any other
   service */
static int variant_is_table(struct ld *ld, const struct yn *m)
{
	const struct yn *n = yn_get(m, "service");

	if (!n) {
		return 0;
	}
	if (n->kind == YN_SCALAR && strcmp(n->text, "dynamodb") == 0) {
		return 1;
	}
	ld_err(ld, n,
	       "service in a variant must be dynamodb (an Amazon DynamoDB "
	       "table compared with the container: partition_key and "
	       "capacity, as under table:); a variant without service: is "
	       "the Azure Cosmos DB container with its keys laid over it");
	return -1;
}

/*
 * The `variants:` list n: each entry a copy of the base container
 * (ld->s->container) with its keys laid over it. Returns the CT_SETS_*
 * bits every entry sets (so the base need not), 0 on a malformed list.
 */
static unsigned load_variants(struct ld *ld, const struct yn *n)
{
	struct pk_scenario *s = ld->s;
	unsigned all = CT_SETS_KEY | CT_SETS_THROUGHPUT;
	size_t i;
	int kind;

	if (ld_need_kind(ld, n, YN_SEQ, "variants",
			 "a list of container variants (- partition_key: "
			 "/deviceId ...)") < 0) {
		return 0;
	}
	if (n->n_kids == 0) {
		ld_err(ld, n,
		       "variants is empty; list at least one variant, or "
		       "leave variants out to run the container alone");
		return 0;
	}
	s->variants = xcalloc(n->n_kids, sizeof(*s->variants));
	s->n_variants = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		struct pk_container_spec *v = &s->variants[i];
		const struct yn *m = n->kids[i], *nn;
		char vbuf[PK_SCENARIO_VARIANT_SUFFIX_BYTES];
		char *where;

		ld_container_copy(v, &s->container);
		/* the name is the one key a variant does not inherit */
		free(v->name);
		v->name = NULL;
		v->line = m->line;
		v->col = m->col;
		if (ld_need_kind(ld, m, YN_MAP, "a variant",
				 "a mapping of container keys (name, "
				 "partition_key, throughput, ...)") < 0) {
			v->name = xasprintf("variant-%zu", i + 1);
			all = 0;
			continue;
		}
		nn = yn_get(m, "name");
		kind = variant_is_table(ld, m);
		if (kind < 0) {
			v->name = xasprintf("variant-%zu", i + 1);
			all = 0;
			continue;
		}
		if (kind == 1) {
			/* a table beside the containers: none of the
			   container's keys, its own partition key and
			   capacity */
			ld_container_free(v);
			memset(v, 0, sizeof(*v));
			ld_load_table_variant(ld, m, v);
			if (!v->name) {
				v->name = xasprintf("variant-%zu", i + 1);
			}
			variant_unique(ld, i, nn ? nn : m);
			continue;
		}
		if (nn && nn->kind == YN_SCALAR && nn->len > 0) {
			/* "in variant 'NAME'": the suffix without its space */
			where = xstrdup(scenario_variant_suffix(
					    1, nn->text, vbuf, sizeof(vbuf)) +
					1);
		} else {
			where = xasprintf("in variant %zu", i + 1);
		}
		all &= load_container_keys(ld, m, v, where);
		free(where);
		if (!v->name) {
			v->name = v->partition_key
				      ? xstrdup(v->partition_key)
				      : xasprintf("variant-%zu", i + 1);
		}
		variant_unique(ld, i, nn ? nn : m);
	}
	return all;
}

/*
 * The `container:` mapping m (or NULL when missing or not a mapping) and
 * the `variants:` node vn (or NULL): fill s->container and s->variants.
 */
void ld_load_containers(struct ld *ld, const struct yn *m, const struct yn *vn)
{
	struct pk_scenario *s = ld->s;
	struct pk_container_spec *c = &s->container;
	unsigned sets = 0, vsets = 0;
	const char *inherit;

	if (m) {
		sets = load_container_keys(ld, m, c, "in container");
	}
	if (vn) {
		vsets = load_variants(ld, vn);
	}
	inherit = vn ? "; a variant inherits it unless it sets its own" : "";
	if (m && !(sets & CT_SETS_KEY) && !(vsets & CT_SETS_KEY)) {
		ld_err(ld, m,
		       "missing required key 'partition_key' in container (a "
		       "JSON path such as /deviceId)%s",
		       inherit);
	}
	if (m && !(sets & CT_SETS_THROUGHPUT) &&
	    !(vsets & CT_SETS_THROUGHPUT)) {
		ld_err(ld, m,
		       "missing required key 'throughput' in container "
		       "(provisioned RU/s, e.g. 18000; or autoscale_max, or "
		       "serverless: true)%s",
		       inherit);
	}
	if (!c->name && c->partition_key) {
		c->name = xstrdup(c->partition_key);
	}
	if (!s->variants) {
		s->variants = xcalloc(1, sizeof(*s->variants));
		s->n_variants = 1;
		ld_container_copy(&s->variants[0], c);
		return;
	}
	if (sets & CT_SETS_KEY) {
		ld->own = xcalloc(1, sizeof(*ld->own));
		ld_container_copy(ld->own, c);
	}
	/* scenario.h: container is the first variant's spec */
	ld_container_free(c);
	ld_container_copy(c, &s->variants[0]);
}

const char *scenario_variant_suffix(int named, const char *name, char *buf,
				    size_t cap)
{
	if (named) {
		snprintf(buf, cap, " in variant '%.*s'",
			 PK_SCENARIO_QUOTE_BYTES, name);
	} else if (cap > 0) {
		buf[0] = '\0';
	}
	return buf;
}
