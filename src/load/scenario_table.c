/*
 * scenario_table: an Amazon DynamoDB scenario's `table:` section
 * (`service: dynamodb`, dynamodb/spec.h): the keys as attribute paths,
 * the capacity mode and its units, and the settings of D3, D9 and D10
 * with the reference's defaults. The table also fills the scenario's
 * first variant (its name, and its partition key read as a one-path
 * key), which the run, the key checks and the reports read whatever the
 * service.
 */
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "pksim/base/mem.h"

/* A word of list at n into *out (its index), or an error naming noun */
static int table_word(struct ld *ld, const struct yn *n, const char *noun,
		      const char *const *list, int *out)
{
	int i;

	for (i = 0; n->kind == YN_SCALAR && list[i]; i++) {
		if (strcmp(n->text, list[i]) == 0) {
			*out = i;
			return 0;
		}
	}
	ld_err_unknown(ld, n, noun, n->kind == YN_SCALAR ? n->text : "",
		       "in table", list);
	return -1;
}

/* An attribute path key (partition_key, sort_key) at n into *out */
static int table_path(struct ld *ld, const struct yn *n, const char *key,
		      char **out)
{
	char buf[PK_YN_DESC_BYTES];

	if (n->kind == YN_SEQ) {
		ld_err(ld, n,
		       "%s in table must be one attribute path such as "
		       "/customerId (got a list); a list is an Azure Cosmos "
		       "DB hierarchical key, which DynamoDB does not have: "
		       "write its first level as partition_key and another "
		       "attribute as sort_key, which is not the same (a sort "
		       "key orders items inside one partition key value, it "
		       "does not spread them over partitions)",
		       key);
		return -1;
	}
	if (n->kind != YN_SCALAR || !ld_path_ok(n->text) ||
	    strchr(n->text, '{')) {
		ld_err(ld, n,
		       "%s in table must be an attribute path that starts "
		       "with '/', such as /customerId (got %s)",
		       key, yn_desc(n, buf, sizeof(buf)));
		return -1;
	}
	*out = xstrdup(n->text);
	return 0;
}

/* The capacity mode and its units: provisioned needs both, on_demand
   neither */
static void table_capacity(struct ld *ld, const struct yn *m,
			   struct pk_ddb_table_spec *t)
{
	static const char *const modes[] = {"provisioned", "on_demand", NULL};
	const struct yn *n = yn_get(m, "capacity");
	const struct yn *r = yn_get(m, "read_capacity_units");
	const struct yn *w = yn_get(m, "write_capacity_units");
	int mode = PK_DDB_PROVISIONED;

	if (n && table_word(ld, n, "capacity mode", modes, &mode) < 0) {
		return;
	}
	t->capacity = (enum pk_ddb_capacity)mode;
	if (mode == PK_DDB_ON_DEMAND) {
		if (r || w) {
			ld_err(ld, r ? r : w,
			       "%s is for capacity: provisioned; an "
			       "on_demand table has no provisioned units",
			       r ? "read_capacity_units"
				 : "write_capacity_units");
		}
		return;
	}
	if (!r || !w) {
		ld_err(ld, m,
		       "missing required key '%s' in table (a provisioned "
		       "table sets read_capacity_units and "
		       "write_capacity_units, 1 .. %d each; or capacity: "
		       "on_demand)",
		       r ? "write_capacity_units" : "read_capacity_units",
		       PK_DDB_MAX_CAPACITY_UNITS);
	}
	if (r) {
		ld_get_int(ld, r, "read_capacity_units", 1,
			   PK_DDB_MAX_CAPACITY_UNITS,
			   "whole read capacity units a second, 1 .. 1000000",
			   &t->rcu);
	}
	if (w) {
		ld_get_int(ld, w, "write_capacity_units", 1,
			   PK_DDB_MAX_CAPACITY_UNITS,
			   "whole write capacity units a second, 1 .. 1000000",
			   &t->wcu);
	}
}

/* On demand's settings (D12, D13), which a provisioned table refuses */
static const char *const on_demand_keys[] = {
    "warm_read_units",
    "warm_write_units",
    "max_read_request_units",
    "max_write_request_units",
    "table_quota_units",
    "peak_sustain_s",
    "peak_lag_s",
    NULL,
};

static void table_no_on_demand_keys(struct ld *ld, const struct yn *m)
{
	const struct yn *n;
	size_t i;

	for (i = 0; on_demand_keys[i]; i++) {
		if ((n = yn_get(m, on_demand_keys[i]))) {
			ld_err(ld, n,
			       "%s is for capacity: on_demand; a "
			       "provisioned table serves its "
			       "read_capacity_units and write_capacity_units",
			       on_demand_keys[i]);
		}
	}
}

/* An optional integer setting key of m, lo .. hi, into *out */
static void table_int(struct ld *ld, const struct yn *m, const char *key,
		      int64_t lo, int64_t hi, const char *unit, int64_t *out)
{
	const struct yn *n = yn_get(m, key);

	if (n) {
		ld_get_int(ld, n, key, lo, hi, unit, out);
	}
}

/* On demand's settings with the reference's defaults (D12, D13) */
static void table_on_demand(struct ld *ld, const struct yn *m,
			    struct pk_ddb_table_spec *t)
{
	const int64_t top = PK_DDB_MAX_CAPACITY_UNITS;

	t->warm_rru = PK_DDB_OD_WARM_RRU;
	t->warm_wru = PK_DDB_OD_WARM_WRU;
	t->quota_units = PK_DDB_OD_QUOTA;
	t->peak_sustain_s = PK_DDB_OD_SUSTAIN_S;
	t->peak_lag_s = PK_DDB_OD_LAG_S;
	if (t->capacity != PK_DDB_ON_DEMAND) {
		table_no_on_demand_keys(ld, m);
		return;
	}
	static const char *const units = "whole request units a second, 1 "
					 ".. 1000000";

	/* D13: no on-demand table serves less at once than a new one,
	   not even one switched from provisioned at fewer units
	   (statement 22), and warm throughput never falls */
	table_int(ld, m, "warm_read_units", PK_DDB_OD_WARM_RRU, top,
		  "whole request units a second, 12000 .. 1000000 (a new "
		  "on-demand table's 12,000 is the least any serves at once, "
		  "D13)",
		  &t->warm_rru);
	table_int(ld, m, "warm_write_units", PK_DDB_OD_WARM_WRU, top,
		  "whole request units a second, 4000 .. 1000000 (a new "
		  "on-demand table's 4,000 is the least any serves at once, "
		  "D13)",
		  &t->warm_wru);
	table_int(ld, m, "max_read_request_units", 1, top, units, &t->max_rru);
	table_int(ld, m, "max_write_request_units", 1, top, units, &t->max_wru);
	table_int(ld, m, "table_quota_units", 1, top, units, &t->quota_units);
	table_int(ld, m, "peak_sustain_s", 1, 3600, "whole seconds, 1 .. 3600",
		  &t->peak_sustain_s);
	table_int(ld, m, "peak_lag_s", 1, 86400, "whole seconds, 1 .. 86400",
		  &t->peak_lag_s);
}

/* Provisioned capacity's settings (D9, D10, the layout's raise rule),
   which an on-demand table refuses: its partitions serve up to their
   caps (D3) within the table's instant limit (D12), with no even share
   below a cap for burst or adaptive capacity to lift and no provisioned
   units to raise, so the settings would change nothing */
static const char *const provisioned_keys[] = {
    "burst", "adaptive_capacity", "adaptive_delay_s", "raise_rule", NULL,
};

static int table_no_provisioned_keys(struct ld *ld, const struct yn *m)
{
	const struct yn *n;
	size_t i;
	int bad = 0;

	for (i = 0; provisioned_keys[i]; i++) {
		if ((n = yn_get(m, provisioned_keys[i]))) {
			ld_err(ld, n,
			       "%s is for capacity: provisioned; an "
			       "on_demand table's partitions serve up to "
			       "3,000 read and 1,000 write units a second "
			       "each within the table's instant limit, with "
			       "no provisioned share for burst or adaptive "
			       "capacity to lift and no units to raise, so "
			       "it would change nothing",
			       provisioned_keys[i]);
			bad = 1;
		}
	}
	return bad;
}

/* D16: retry_mode, the client's retries of a throttle; "client" (the
   default) leaves them to the scenario's client: */
static void table_retry_mode(struct ld *ld, const struct yn *m,
			     struct pk_ddb_table_spec *t)
{
	static const char *const modes[] = {"client", "legacy", "standard",
					    NULL};
	const struct yn *n = yn_get(m, "retry_mode");
	int v;

	if (n && table_word(ld, n, "retry_mode", modes, &v) == 0) {
		t->retry_mode = (enum pk_ddb_retry_mode)v;
	}
}

/* table_class (pricing.md §4): it changes the prices only, not
   capacity; Standard-IA's prices are refused where a bill is asked
   (scenario_pricing.c) */
static void table_class(struct ld *ld, const struct yn *m,
			struct pk_ddb_table_spec *t)
{
	static const char *const classes[] = {
	    "STANDARD", "STANDARD_INFREQUENT_ACCESS", NULL};
	const struct yn *n = yn_get(m, "table_class");
	int v;

	if (n && table_word(ld, n, "table_class", classes, &v) == 0) {
		t->infrequent = v;
		t->class_line = n->line;
		t->class_col = n->col;
	}
}

/* D7's heat splits (dynamodb/spec.h): `heat_split: on | off` (on by
   default, as the service splits), and its ASSUMPTION numbers, which a
   table with heat splits off refuses (they would change nothing) */
static void table_heat(struct ld *ld, const struct yn *m,
		       struct pk_ddb_table_spec *t)
{
	static const char *const keys[] = {
	    "heat_threshold_pct", "heat_window_s", "split_delay_s", NULL};
	const struct yn *n;
	size_t i;

	t->heat_split = 1;
	t->heat_pct = PK_DDB_HEAT_PCT;
	t->heat_window_s = PK_DDB_HEAT_WINDOW_S;
	t->split_delay_s = PK_DDB_SPLIT_DELAY_S;
	if ((n = yn_get(m, "heat_split"))) {
		ld_get_switch(ld, n, "heat_split", &t->heat_split);
	}
	table_int(ld, m, "heat_threshold_pct", 1, 100,
		  "whole percent of a partition's 3,000 RCU or 1,000 WCU, "
		  "1 .. 100",
		  &t->heat_pct);
	table_int(ld, m, "heat_window_s", 1, 86400, "whole seconds, 1 .. 86400",
		  &t->heat_window_s);
	table_int(ld, m, "split_delay_s", 0, 86400, "whole seconds, 0 .. 86400",
		  &t->split_delay_s);
	for (i = 0; !t->heat_split && keys[i]; i++) {
		if ((n = yn_get(m, keys[i]))) {
			ld_err(ld, n,
			       "%s is for heat_split: on; a table with "
			       "heat_split: off never splits for heat",
			       keys[i]);
		}
	}
}

/* D11's hot-item isolation (dynamodb/spec.h): `hot_item_isolation: on
   | off` (off by default) and `isolate_delay_s`; refused where pksim
   cannot replay it: a table with a sort key (an item is then one of a
   key value's items, which pksim's partitions do not cut around), or
   adaptive capacity off (isolation is part of it, reference §6) */
static void table_isolate(struct ld *ld, const struct yn *m,
			  struct pk_ddb_table_spec *t)
{
	const struct yn *n = yn_get(m, "hot_item_isolation");
	const struct yn *dn = yn_get(m, "isolate_delay_s");

	t->isolate_delay_s =
	    t->adaptive == PK_DDB_ADAPTIVE_DELAYED ? t->adaptive_delay_s : 0;
	if (n && ld_get_switch(ld, n, "hot_item_isolation", &t->isolate) < 0) {
		return;
	}
	if (dn) {
		ld_get_int(ld, dn, "isolate_delay_s", 0, 86400,
			   "whole seconds, 0 .. 86400", &t->isolate_delay_s);
		if (!t->isolate) {
			ld_err(ld, dn,
			       "isolate_delay_s is for hot_item_isolation: on");
		}
	}
	if (!t->isolate) {
		return;
	}
	if (t->sort_key) {
		ld_err(ld, n,
		       "hot_item_isolation on a table with a sort_key is not "
		       "replayed yet (an item is one of a key value's items, "
		       "which pksim does not cut a partition around); "
		       "allowed: a table without a sort_key, or "
		       "hot_item_isolation: off");
	} else if (t->capacity == PK_DDB_PROVISIONED &&
		   t->adaptive == PK_DDB_ADAPTIVE_OFF) {
		ld_err(ld, n,
		       "hot_item_isolation is part of adaptive capacity (D10, "
		       "D11: 2020 on), which adaptive_capacity: off leaves "
		       "out; allowed: adaptive_capacity: instant or delayed, "
		       "or hot_item_isolation: off");
	}
}

/* The settings of D3, D9, D10, D16 and the layout's raise rule */
static void table_settings(struct ld *ld, const struct yn *m,
			   struct pk_ddb_table_spec *t)
{
	static const char *const bursts[] = {"partition", "table", "off", NULL};
	static const char *const adaptives[] = {"off", "delayed", "instant",
						NULL};
	static const char *const limits[] = {"independent", "linear", NULL};
	static const char *const raises[] = {"double", "formula", NULL};
	static const char *const reads[] = {"eventual", "strong", NULL};
	static const char *const batches[] = {"batch_write_item",
					      "transact_write_items", NULL};
	const struct yn *n;
	int v;

	table_retry_mode(ld, m, t);
	table_class(ld, m, t);
	if ((n = yn_get(m, "batches")) &&
	    table_word(ld, n, "batches", batches, &v) == 0) {
		t->transact = v;
	}

	if (t->capacity == PK_DDB_ON_DEMAND &&
	    table_no_provisioned_keys(ld, m)) {
		return;
	}
	if ((n = yn_get(m, "burst")) &&
	    table_word(ld, n, "burst", bursts, &v) == 0) {
		t->burst = (enum pk_ddb_burst)v;
	}
	if ((n = yn_get(m, "adaptive_capacity")) &&
	    table_word(ld, n, "adaptive_capacity", adaptives, &v) == 0) {
		t->adaptive = (enum pk_ddb_adaptive)v;
	}
	if ((n = yn_get(m, "adaptive_delay_s"))) {
		ld_get_int(ld, n, "adaptive_delay_s", 0, 86400,
			   "whole seconds, 0 .. 86400", &t->adaptive_delay_s);
		if (t->adaptive != PK_DDB_ADAPTIVE_DELAYED) {
			ld_err(ld, n,
			       "adaptive_delay_s is for adaptive_capacity: "
			       "delayed");
		}
	}
	if ((n = yn_get(m, "partition_limit")) &&
	    table_word(ld, n, "partition_limit", limits, &v) == 0) {
		t->partition_limit = (enum pk_ddb_partition_limit)v;
	}
	if ((n = yn_get(m, "raise_rule")) &&
	    table_word(ld, n, "raise_rule", raises, &v) == 0) {
		t->raise_formula = v;
	}
	if ((n = yn_get(m, "read_consistency")) &&
	    table_word(ld, n, "read_consistency", reads, &v) == 0) {
		t->reads = (enum pk_ddb_consistency)v;
	}
}

/* A table's name in DynamoDB's terms when it has none: its partition
   key attribute ("customerId" for /customerId; a nested path's levels
   joined by dots, a document path), not the Azure Cosmos DB path. */
static char *attribute_name(const char *path)
{
	char *name = xstrdup(path[0] == '/' ? path + 1 : path), *p;

	for (p = name; *p; p++) {
		if (*p == '/') {
			*p = '.';
		}
	}
	return name;
}

/* The variant v's name and one-path key from table t (key node
   key_node); v's other fields are a new container's defaults, which the
   DynamoDB service never reads. A `table:` scenario's variant keeps its
   table in the scenario (v->table NULL); a table variant of a compare
   owns a copy (set by the caller). */
static void table_into_variant(struct ld *ld, const struct yn *key_node,
			       const struct pk_ddb_table_spec *t,
			       struct pk_container_spec *v)
{
	char *display = NULL;

	if (ld_load_key(ld, key_node, &v->key, &display) == 0) {
		v->partition_key = display;
	}
	if (!v->name) {
		v->name = t->name ? xstrdup(t->name)
				  : attribute_name(t->partition_key);
	}
	v->line = t->line;
	v->col = t->col;
}

/* The keys of `table:`, and of a `variants:` entry that is a table
   (which also says `service: dynamodb`; table_keys + 1 leaves it out) */
static const char *const table_keys[] = {
    "service",
    "name",
    "partition_key",
    "sort_key",
    "capacity",
    "read_capacity_units",
    "write_capacity_units",
    "burst",
    "adaptive_capacity",
    "adaptive_delay_s",
    "partition_limit",
    "raise_rule",
    "heat_split",
    "heat_threshold_pct",
    "heat_window_s",
    "split_delay_s",
    "hot_item_isolation",
    "isolate_delay_s",
    "read_consistency",
    "batches",
    "retry_mode",
    "table_class",
    "warm_read_units",
    "warm_write_units",
    "max_read_request_units",
    "max_write_request_units",
    "table_quota_units",
    "peak_sustain_s",
    "peak_lag_s",
    "global_secondary_indexes",
    "local_secondary_indexes",
    "auto_scaling",
    NULL,
};

/* The table mapping m into t (keys checked against keys, errors saying
   where); returns its partition_key node when the path was read, else
   NULL */
static const struct yn *table_load(struct ld *ld, const struct yn *m,
				   const char *const *keys, const char *where,
				   struct pk_ddb_table_spec *t)
{
	const struct yn *n, *pk, *ok = NULL;

	t->line = m->line;
	t->col = m->col;
	t->adaptive = PK_DDB_ADAPTIVE_INSTANT;
	t->adaptive_delay_s = PK_DDB_ADAPTIVE_DELAY_S;
	ld_check_keys(ld, m, keys, where);
	if ((n = yn_get(m, "name"))) {
		ld_get_string(ld, n, "name", 0, &t->name);
	}
	pk = yn_get(m, "partition_key");
	if (!pk) {
		ld_err(ld, m,
		       "missing required key 'partition_key' %s (an "
		       "attribute path such as /customerId)",
		       where);
	} else if (table_path(ld, pk, "partition_key", &t->partition_key) ==
		   0) {
		ok = pk;
	}
	if ((n = yn_get(m, "sort_key")) && ld->n_sk_at < PK_LD_SORT_KEYS) {
		struct ld_sort_key_at *at = &ld->sk_at[ld->n_sk_at++];

		at->t_line = t->line;
		at->t_col = t->col;
		at->line = n->line;
		at->col = n->col;
	}
	if ((n = yn_get(m, "sort_key")) &&
	    table_path(ld, n, "sort_key", &t->sort_key) == 0 &&
	    t->partition_key && strcmp(t->sort_key, t->partition_key) == 0) {
		ld_err(ld, n,
		       "sort_key %s is the partition_key; give another "
		       "attribute, or no sort_key",
		       t->sort_key);
	}
	table_capacity(ld, m, t);
	table_on_demand(ld, m, t);
	table_settings(ld, m, t);
	table_heat(ld, m, t);
	table_isolate(ld, m, t);
	if ((n = yn_get(m, "global_secondary_indexes"))) {
		ld_load_gsis(ld, n, t);
	}
	if ((n = yn_get(m, "local_secondary_indexes"))) {
		ld_load_lsis(ld, n, t);
	}
	if ((n = yn_get(m, "auto_scaling"))) {
		ld_load_autoscale(ld, n, t);
	}
	if (t->transact && (t->n_gsis > 0 || t->n_lsis > 0)) {
		ld_err(ld, yn_get(m, "batches"),
		       "batches: transact_write_items on a table with "
		       "secondary indexes is not replayed yet (a "
		       "transaction's index writes, all or nothing); allowed: "
		       "batch_write_item, or a table without indexes");
	}
	return ok;
}

void ld_load_table(struct ld *ld, const struct yn *m)
{
	struct pk_scenario *s = ld->s;
	const struct yn *pk =
	    table_load(ld, m, table_keys + 1, "in table", &s->table);

	if (!pk) {
		return;
	}
	s->variants = xcalloc(1, sizeof(*s->variants));
	s->n_variants = 1;
	ld_container_defaults(&s->variants[0]);
	table_into_variant(ld, pk, &s->table, &s->variants[0]);
	ld_container_free(&s->container);
	ld_container_copy(&s->container, &s->variants[0]);
}

void ld_load_table_variant(struct ld *ld, const struct yn *m,
			   struct pk_container_spec *v)
{
	struct pk_ddb_table_spec t = {0};
	const struct yn *pk;

	ld_container_defaults(v);
	pk = table_load(ld, m, table_keys, "in a dynamodb variant", &t);
	if (pk) {
		table_into_variant(ld, pk, &t, v);
	}
	v->table = ld_table_dup(&t);
	ld_table_free(&t);
}

struct pk_ddb_table_spec *ld_table_dup(const struct pk_ddb_table_spec *t)
{
	struct pk_ddb_table_spec *d = xmalloc(sizeof(*d));

	*d = *t;
	d->name = t->name ? xstrdup(t->name) : NULL;
	d->partition_key = t->partition_key ? xstrdup(t->partition_key) : NULL;
	d->sort_key = t->sort_key ? xstrdup(t->sort_key) : NULL;
	ld_gsis_dup(d, t);
	ld_lsis_dup(d, t);
	return d;
}

void ld_table_free(struct pk_ddb_table_spec *t)
{
	free(t->name);
	free(t->partition_key);
	free(t->sort_key);
	ld_gsis_free(t);
	ld_lsis_free(t);
	memset(t, 0, sizeof(*t));
}
