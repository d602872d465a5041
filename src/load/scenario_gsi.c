/*
 * scenario_gsi: a DynamoDB table's `global_secondary_indexes:` (D17,
 * reference §12): each index's name, partition key (an attribute path
 * items may lack: a sparse index), projection, and its capacity in the
 * table's mode ("GSIs follow the table's capacity mode"): provisioned
 * units on a provisioned table, warm throughput on an on-demand one
 * (D13; default a new index's, ASSUMPTION, spec.h).
 * Once the items are read, each index's attribute is looked for among
 * them (itemprops.h): one no item has is an error at the index.
 */
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "pksim/base/mem.h"
#include "pksim/load/itemprops.h"

static const char *const gsi_keys[] = {
    "name",
    "partition_key",
    "read_capacity_units",
    "write_capacity_units",
    "warm_read_units",
    "warm_write_units",
    "projection",
    "auto_scaling",
    NULL,
};

/* An on-demand table's index g: no provisioned units; its warm
   throughput, at least a new index's (D13: it never serves less at
   once) */
static void load_od_gsi(struct ld *ld, const struct yn *m,
			struct pk_ddb_gsi_spec *g)
{
	static const char *const prov[] = {"read_capacity_units",
					   "write_capacity_units", NULL};
	const struct yn *n;
	size_t j;

	for (j = 0; prov[j]; j++) {
		if ((n = yn_get(m, prov[j]))) {
			ld_err(ld, n,
			       "%s is for an index of a provisioned table; an "
			       "on_demand table's index has no provisioned "
			       "units (it follows the table's capacity mode): "
			       "give warm_read_units and warm_write_units for "
			       "what it serves at once (D13), or leave them "
			       "out for a new index's 12,000 and 4,000",
			       prov[j]);
		}
	}
	g->warm_rru = PK_DDB_OD_GSI_WARM_RRU;
	g->warm_wru = PK_DDB_OD_GSI_WARM_WRU;
	if ((n = yn_get(m, "warm_read_units"))) {
		ld_get_int(ld, n, "warm_read_units", PK_DDB_OD_GSI_WARM_RRU,
			   PK_DDB_MAX_CAPACITY_UNITS,
			   "whole request units a second, 12000 .. 1000000 "
			   "(a new on-demand index's 12,000 is the least it "
			   "serves at once, D13)",
			   &g->warm_rru);
	}
	if ((n = yn_get(m, "warm_write_units"))) {
		ld_get_int(ld, n, "warm_write_units", PK_DDB_OD_GSI_WARM_WRU,
			   PK_DDB_MAX_CAPACITY_UNITS,
			   "whole request units a second, 4000 .. 1000000 (a "
			   "new on-demand index's 4,000 is the least it serves "
			   "at once, D13)",
			   &g->warm_wru);
	}
}

/* A provisioned table's index g: its own read and write units */
static void load_prov_gsi(struct ld *ld, const struct yn *m,
			  struct pk_ddb_gsi_spec *g)
{
	static const char *const warm[] = {"warm_read_units",
					   "warm_write_units", NULL};
	const struct yn *n;
	size_t j;

	for (j = 0; warm[j]; j++) {
		if ((n = yn_get(m, warm[j]))) {
			ld_err(ld, n,
			       "%s is for an index of an on_demand table; a "
			       "provisioned index serves its own "
			       "read_capacity_units and write_capacity_units",
			       warm[j]);
		}
	}
	if (!yn_get(m, "read_capacity_units") ||
	    !yn_get(m, "write_capacity_units")) {
		ld_err(ld, m,
		       "a global secondary index of a provisioned table sets "
		       "its own read_capacity_units and write_capacity_units "
		       "(D17), 1 .. %d each",
		       PK_DDB_MAX_CAPACITY_UNITS);
	}
	if ((n = yn_get(m, "read_capacity_units"))) {
		ld_get_int(ld, n, "read_capacity_units", 1,
			   PK_DDB_MAX_CAPACITY_UNITS,
			   "whole read capacity units a second, 1 .. 1000000",
			   &g->rcu);
	}
	if ((n = yn_get(m, "write_capacity_units"))) {
		ld_get_int(ld, n, "write_capacity_units", 1,
			   PK_DDB_MAX_CAPACITY_UNITS,
			   "whole write capacity units a second, 1 .. 1000000",
			   &g->wcu);
	}
}

/* One index mapping m of a table on demand (on_demand 1) or provisioned
   into g; its name must differ from those before it (gsis[0 .. i)) */
static void load_gsi(struct ld *ld, const struct yn *m,
		     struct pk_ddb_gsi_spec *gsis, size_t i, int on_demand)
{
	static const char *const projections[] = {"all", "keys_only", NULL};
	struct pk_ddb_gsi_spec *g = &gsis[i];
	const struct yn *n;
	size_t j;

	g->line = m->line;
	g->col = m->col;
	ld_check_keys(ld, m, gsi_keys, "in a global secondary index");
	if (!(n = yn_get(m, "name"))) {
		ld_err(ld, m,
		       "missing required key 'name' in a global secondary "
		       "index (the throttle reasons name it)");
	} else if (ld_get_string(ld, n, "name", 0, &g->name) == 0) {
		for (j = 0; j < i; j++) {
			if (gsis[j].name &&
			    strcmp(gsis[j].name, g->name) == 0) {
				ld_err(ld, n,
				       "duplicate global secondary index '%s' "
				       "(first at line %d)",
				       g->name, gsis[j].line);
			}
		}
	}
	if (!(n = yn_get(m, "partition_key"))) {
		ld_err(ld, m,
		       "missing required key 'partition_key' in a global "
		       "secondary index (an attribute path such as /status)");
	} else if (n->kind != YN_SCALAR || !ld_path_ok(n->text) ||
		   strchr(n->text, '{')) {
		ld_err(ld, n,
		       "partition_key of a global secondary index must be one "
		       "attribute path that starts with '/', such as /status");
	} else {
		g->partition_key = xstrdup(n->text);
	}
	if (on_demand) {
		load_od_gsi(ld, m, g);
	} else {
		load_prov_gsi(ld, m, g);
	}
	if ((n = yn_get(m, "auto_scaling"))) {
		if (n->kind != YN_SCALAR || strcmp(n->text, "off") != 0) {
			ld_err(ld, n,
			       "auto_scaling of a global secondary index takes "
			       "only 'off' (its units stay as given); without "
			       "it, the index follows the table's auto_scaling "
			       "on its own write units (D19)");
		} else if (on_demand) {
			ld_err(ld, n,
			       "auto_scaling is for an index of a provisioned "
			       "table; an on_demand table's index scales by "
			       "itself (D12)");
		}
		g->fixed = 1;
	}
	if ((n = yn_get(m, "projection"))) {
		int v = -1;

		for (j = 0; n->kind == YN_SCALAR && projections[j]; j++) {
			if (strcmp(n->text, projections[j]) == 0) {
				v = (int)j;
			}
		}
		if (v < 0) {
			ld_err_unknown(ld, n, "projection",
				       n->kind == YN_SCALAR ? n->text : "",
				       "in a global secondary index",
				       projections);
		}
		g->keys_only = v == 1;
	}
}

void ld_load_gsis(struct ld *ld, const struct yn *n,
		  struct pk_ddb_table_spec *t)
{
	size_t i;

	if (ld_need_kind(ld, n, YN_SEQ, "global_secondary_indexes",
			 "a list of indexes (- {name: by-status, "
			 "partition_key: /status, read_capacity_units: ..., "
			 "write_capacity_units: ...})") < 0) {
		return;
	}
	if (n->n_kids == 0 || n->n_kids > PK_DDB_MAX_GSIS) {
		ld_err(ld, n,
		       "global_secondary_indexes lists %zu indexes; a table "
		       "has 1 .. %d (A-SQ), or leave the key out",
		       n->n_kids, PK_DDB_MAX_GSIS);
		return;
	}
	t->gsis = xcalloc(n->n_kids, sizeof(*t->gsis));
	t->n_gsis = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		if (ld_need_kind(
			ld, n->kids[i], YN_MAP, "a global secondary index",
			"a mapping {name, partition_key, "
			"read_capacity_units, write_capacity_units}") == 0) {
			load_gsi(ld, n->kids[i], t->gsis, i,
				 t->capacity == PK_DDB_ON_DEMAND);
		}
	}
}

void ld_gsis_free(struct pk_ddb_table_spec *t)
{
	size_t i;

	for (i = 0; i < t->n_gsis; i++) {
		free(t->gsis[i].name);
		free(t->gsis[i].partition_key);
	}
	free(t->gsis);
	t->gsis = NULL;
	t->n_gsis = 0;
}

void ld_gsis_dup(struct pk_ddb_table_spec *dst,
		 const struct pk_ddb_table_spec *src)
{
	size_t i;

	dst->gsis = NULL;
	dst->n_gsis = src->n_gsis;
	if (src->n_gsis == 0) {
		return;
	}
	dst->gsis = xcalloc(src->n_gsis, sizeof(*dst->gsis));
	for (i = 0; i < src->n_gsis; i++) {
		dst->gsis[i] = src->gsis[i];
		dst->gsis[i].name =
		    src->gsis[i].name ? xstrdup(src->gsis[i].name) : NULL;
		dst->gsis[i].partition_key =
		    src->gsis[i].partition_key
			? xstrdup(src->gsis[i].partition_key)
			: NULL;
	}
}

/* Index g's attribute is held by some item of s (ps): an index on an
   attribute no item has serves nothing, a typo answered with exit 0 */
static void check_gsi(struct ld *ld, struct pk_itemprops *ps,
		      const struct pk_ddb_gsi_spec *g)
{
	const char *near;

	if (!g->partition_key || itemprops_have(ps, g->partition_key)) {
		return;
	}
	near = itemprops_nearest(ps, g->partition_key);
	ld_err_at(ld, g->line, g->col,
		  "global secondary index '%s' is keyed by %s, which no "
		  "item has: the index would hold nothing and throttle "
		  "nothing%s%s%s",
		  g->name ? g->name : "", g->partition_key,
		  near ? "; did you mean " : "", near ? near : "",
		  near ? "?" : "");
}

/* Table t's sort_key is held by some item of ps: a sort key no item
   has refuses every put (400: a key attribute missing), a typo
   answered with exit 0; the error is at the sort_key (ld->sk_at), or at
   the table */
static void check_sort_key(struct ld *ld, struct pk_itemprops *ps,
			   const struct pk_ddb_table_spec *t)
{
	const char *near;
	int line = t->line, col = t->col;
	size_t k;

	if (!t->sort_key || itemprops_have(ps, t->sort_key)) {
		return;
	}
	for (k = 0; k < ld->n_sk_at; k++) {
		if (ld->sk_at[k].t_line == t->line &&
		    ld->sk_at[k].t_col == t->col) {
			line = ld->sk_at[k].line;
			col = ld->sk_at[k].col;
			break;
		}
	}
	near = itemprops_nearest(ps, t->sort_key);
	ld_err_at(ld, line, col,
		  "sort_key %s names an attribute no item has: DynamoDB "
		  "refuses a put without its table's sort key (400), so "
		  "every put would fail%s%s%s",
		  t->sort_key, near ? "; did you mean " : "", near ? near : "",
		  near ? "?" : "");
}

/* Local secondary index l's sort key is held by some item of ps: an
   item without it is not in the index (D18), so one no item has leaves
   the index empty and its writes uncharged, a typo answered with
   exit 0 */
static void check_lsi(struct ld *ld, struct pk_itemprops *ps,
		      const struct pk_ddb_lsi_spec *l)
{
	const char *near;

	if (!l->sort_key || itemprops_have(ps, l->sort_key)) {
		return;
	}
	near = itemprops_nearest(ps, l->sort_key);
	ld_err_at(ld, l->line, l->col,
		  "local secondary index '%s' is sorted by %s, which no item "
		  "has: the index would hold nothing and add no write%s%s%s",
		  l->name ? l->name : "", l->sort_key,
		  near ? "; did you mean " : "", near ? near : "",
		  near ? "?" : "");
}

void ld_check_gsis(struct ld *ld)
{
	const struct pk_scenario *s = ld->s;
	struct pk_itemprops ps;
	size_t v, i;
	int have = 0;

	if (s->items_file && s->items_file->monitor) {
		return;
	}
	for (v = 0; v < s->n_variants; v++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(s, &s->variants[v]);

		if (t && !have && (t->sort_key || t->n_gsis || t->n_lsis)) {
			itemprops_collect(s, &ps);
			have = 1;
		}
		if (!t || !have) {
			continue;
		}
		check_sort_key(ld, &ps, t);
		for (i = 0; i < t->n_gsis; i++) {
			check_gsi(ld, &ps, &t->gsis[i]);
		}
		for (i = 0; i < t->n_lsis; i++) {
			check_lsi(ld, &ps, &t->lsis[i]);
		}
	}
	if (have) {
		itemprops_free(&ps);
	}
}
