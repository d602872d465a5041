/*
 * scenario_lsi: a DynamoDB table's `local_secondary_indexes:` (D18,
 * reference §13): each index's name, sort key (an attribute path items
 * may lack: an item without it is not in the index) and projection. A
 * local index keeps the table's partition key with another sort key,
 * so the table needs a sort key of its own (a composite primary key,
 * A-LSI); at most 5 a table (A-SQ).
 */
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "pksim/base/mem.h"

static const char *const lsi_keys[] = {"name", "sort_key", "projection", NULL};

/* The projection of index mapping m into *keys_only */
static void lsi_projection(struct ld *ld, const struct yn *m, int *keys_only)
{
	static const char *const projections[] = {"all", "keys_only", NULL};
	const struct yn *n = yn_get(m, "projection");
	int v = -1, j;

	if (!n) {
		return;
	}
	for (j = 0; n->kind == YN_SCALAR && projections[j]; j++) {
		if (strcmp(n->text, projections[j]) == 0) {
			v = j;
		}
	}
	if (v < 0) {
		ld_err_unknown(ld, n, "projection",
			       n->kind == YN_SCALAR ? n->text : "",
			       "in a local secondary index", projections);
	}
	*keys_only = v == 1;
}

/* One index mapping m into lsis[i]; its name must differ from those
   before it */
static void load_lsi(struct ld *ld, const struct yn *m,
		     struct pk_ddb_lsi_spec *lsis, size_t i)
{
	struct pk_ddb_lsi_spec *l = &lsis[i];
	const struct yn *n;
	size_t j;

	l->line = m->line;
	l->col = m->col;
	ld_check_keys(ld, m, lsi_keys, "in a local secondary index");
	if (!(n = yn_get(m, "name"))) {
		ld_err(ld, m,
		       "missing required key 'name' in a local "
		       "secondary index");
	} else if (ld_get_string(ld, n, "name", 0, &l->name) == 0) {
		for (j = 0; j < i; j++) {
			if (lsis[j].name &&
			    strcmp(lsis[j].name, l->name) == 0) {
				ld_err(ld, n,
				       "duplicate local secondary index '%s' "
				       "(first at line %d)",
				       l->name, lsis[j].line);
			}
		}
	}
	if (!(n = yn_get(m, "sort_key"))) {
		ld_err(ld, m,
		       "missing required key 'sort_key' in a local secondary "
		       "index (an attribute path such as /status)");
	} else if (n->kind != YN_SCALAR || !ld_path_ok(n->text) ||
		   strchr(n->text, '{')) {
		ld_err(ld, n,
		       "sort_key of a local secondary index must be one "
		       "attribute path that starts with '/', such as /status");
	} else {
		l->sort_key = xstrdup(n->text);
	}
	lsi_projection(ld, m, &l->keys_only);
}

void ld_load_lsis(struct ld *ld, const struct yn *n,
		  struct pk_ddb_table_spec *t)
{
	size_t i;

	if (!t->sort_key) {
		ld_err(ld, n,
		       "local_secondary_indexes need the table's sort_key: a "
		       "local index keeps the partition key with another "
		       "sort key, on a table with a composite primary key "
		       "(A-LSI)");
		return;
	}
	if (ld_need_kind(ld, n, YN_SEQ, "local_secondary_indexes",
			 "a list of indexes (- {name: by-status, sort_key: "
			 "/status})") < 0) {
		return;
	}
	if (n->n_kids == 0 || n->n_kids > PK_DDB_MAX_LSIS) {
		ld_err(ld, n,
		       "local_secondary_indexes lists %zu indexes; a table "
		       "has 1 .. %d (A-SQ), or leave the key out",
		       n->n_kids, PK_DDB_MAX_LSIS);
		return;
	}
	t->lsis = xcalloc(n->n_kids, sizeof(*t->lsis));
	t->n_lsis = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		if (ld_need_kind(ld, n->kids[i], YN_MAP,
				 "a local secondary index",
				 "a mapping {name, sort_key}") == 0) {
			load_lsi(ld, n->kids[i], t->lsis, i);
		}
	}
}

void ld_lsis_free(struct pk_ddb_table_spec *t)
{
	size_t i;

	for (i = 0; i < t->n_lsis; i++) {
		free(t->lsis[i].name);
		free(t->lsis[i].sort_key);
	}
	free(t->lsis);
	t->lsis = NULL;
	t->n_lsis = 0;
}

void ld_lsis_dup(struct pk_ddb_table_spec *dst,
		 const struct pk_ddb_table_spec *src)
{
	size_t i;

	dst->lsis = NULL;
	dst->n_lsis = src->n_lsis;
	if (src->n_lsis == 0) {
		return;
	}
	dst->lsis = xcalloc(src->n_lsis, sizeof(*dst->lsis));
	for (i = 0; i < src->n_lsis; i++) {
		dst->lsis[i] = src->lsis[i];
		dst->lsis[i].name =
		    src->lsis[i].name ? xstrdup(src->lsis[i].name) : NULL;
		dst->lsis[i].sort_key = src->lsis[i].sort_key
					    ? xstrdup(src->lsis[i].sort_key)
					    : NULL;
	}
}
