/*
 * scenario_queries: a phase's `queries`: named filters over item
 * properties (eq, startswith, range, {in: K}), results and weight; and
 * the order of the queries a scenario sends (scenario_query_index).
 */
#include "loader.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* Condition words of a query's `where` (IN is written {in: K}). */
static const char *const cond_words[] = {
    "eq", "startswith", "range", "in", NULL,
};
static const char cond_allowed[] = "eq, startswith, range, {in: K}";

/* The condition word for a common other spelling ("=", "equals",
   "prefix", "between"), or NULL. */
static const char *cond_synonym(const char *word)
{
	static const struct {
		const char *word, *cond;
	} syn[] = {
	    {"=", "eq"},
	    {"==", "eq"},
	    {"equal", "eq"},
	    {"equals", "eq"},
	    {"prefix", "startswith"},
	    {"starts_with", "startswith"},
	    {"like", "startswith"},
	    {"<", "range"},
	    {">", "range"},
	    {"<=", "range"},
	    {">=", "range"},
	    {"lt", "range"},
	    {"gt", "range"},
	    {"between", "range"},
	};
	size_t i;

	for (i = 0; i < sizeof(syn) / sizeof(syn[0]); i++) {
		if (strcmp(word, syn[i].word) == 0) {
			return syn[i].cond;
		}
	}
	return NULL;
}

/*
 * The property written as a `where` key: "deviceId", "address/city" or
 * with a leading '/'. Returns the path with one leading '/' (owned), or
 * NULL after an error.
 */
static char *query_path(struct ld *ld, const struct yn *k)
{
	const char *t = k->text[0] == '/' ? k->text + 1 : k->text;
	char *path = xasprintf("/%s", t);

	if (!ld_path_ok(path)) {
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, k,
		       "query property %s must be a property name such as "
		       "deviceId, or a nested path such as address/city (a "
		       "leading '/' is optional)",
		       yn_desc(k, buf, sizeof(buf)));
		free(path);
		return NULL;
	}
	return path;
}

/* What an IN list may hold, for messages: PK_QUERY_MAX_IN and why */
#define PK_QUERY_IN_ALLOWED                                                    \
	"6,000 (the service's documented maximum of values in an IN "          \
	"expression)"
_Static_assert(PK_QUERY_MAX_IN == 6000, "PK_QUERY_IN_ALLOWED names 6,000");

/* The condition n on path into *c (path not yet set). Returns 0 or -1. */
static int load_cond(struct ld *ld, const struct yn *n, const char *path,
		     struct pk_cond_spec *c)
{
	static const char *const in_keys[] = {"in", NULL};
	char buf[PK_YN_DESC_BYTES];
	const struct yn *kn;
	const char *near;
	int64_t v;
	char *where;

	if (n->kind == YN_SCALAR) {
		if (strcmp(n->text, "eq") == 0) {
			c->kind = PK_COND_EQ;
			return 0;
		}
		if (strcmp(n->text, "startswith") == 0) {
			c->kind = PK_COND_STARTSWITH;
			return 0;
		}
		if (strcmp(n->text, "range") == 0) {
			c->kind = PK_COND_RANGE;
			return 0;
		}
		if (strcmp(n->text, "in") == 0) {
			ld_err(ld, n,
			       "condition in on '%s' needs the number of "
			       "values: {in: K} with K from 1 to %s",
			       path, PK_QUERY_IN_ALLOWED);
			return -1;
		}
		near = n->len ? cond_synonym(n->text) : NULL;
		if (!near && n->len) {
			near = ld_nearest(n->text, cond_words);
		}
		if (near) {
			ld_err(ld, n,
			       "unknown condition %s on '%s'; allowed: %s; "
			       "did you mean '%s'?",
			       yn_desc(n, buf, sizeof(buf)), path, cond_allowed,
			       strcmp(near, "in") == 0 ? "{in: K}" : near);
		} else {
			ld_err(
			    ld, n, "unknown condition %s on '%s'; allowed: %s",
			    yn_desc(n, buf, sizeof(buf)), path, cond_allowed);
		}
		return -1;
	}
	if (n->kind != YN_MAP || yn_pairs(n) == 0) {
		ld_err(ld, n, "condition on '%s' must be one of %s (got %s)",
		       path, cond_allowed, yn_desc(n, buf, sizeof(buf)));
		return -1;
	}
	where = xasprintf("in the condition on '%s'", path);
	ld_check_keys(ld, n, in_keys, where);
	free(where);
	kn = yn_get(n, "in");
	if (!kn) {
		return -1; /* check_keys reported the key */
	}
	c->kind = PK_COND_IN;
	if (ld_get_int(
		ld, kn, "in", 1, PK_QUERY_MAX_IN,
		"a whole number of values from 1 to " PK_QUERY_IN_ALLOWED,
		&v) < 0) {
		return -1;
	}
	c->in_count = (int)v;
	return 0;
}

/* The `where` mapping n of query q. */
static void load_where(struct ld *ld, const struct yn *n,
		       struct pk_query_spec *q)
{
	const struct pk_cond_spec *first_in = NULL;
	const struct yn *first_in_at = NULL;
	size_t i, j;

	if (n->kind == YN_SCALAR && n->plain &&
	    (n->len == 0 || strcmp(n->text, "~") == 0 ||
	     strcmp(n->text, "null") == 0)) {
		return; /* no filter: a full scan */
	}
	if (ld_need_kind(ld, n, YN_MAP, "where",
			 "a mapping of property to condition, e.g. {deviceId: "
			 "eq, date: range}, or {} for no filter") < 0) {
		return;
	}
	if (yn_pairs(n) > PK_QUERY_MAX_CONDS) {
		ld_err(ld, n, "a query has at most %d conditions (got %zu)",
		       PK_QUERY_MAX_CONDS, yn_pairs(n));
		return;
	}
	for (i = 0; i < yn_pairs(n); i++) {
		const struct yn *k = yn_key(n, i), *v = yn_val(n, i);
		struct pk_cond_spec c;
		char *path = query_path(ld, k);
		int dup = 0;

		if (!path) {
			continue;
		}
		for (j = 0; j < q->n_conds; j++) {
			if (strcmp(q->conds[j].path, path) == 0) {
				ld_err(ld, k,
				       "a second condition on '%s' in one "
				       "query; give each property one "
				       "condition",
				       path);
				dup = 1;
				break;
			}
		}
		memset(&c, 0, sizeof(c));
		if (dup || load_cond(ld, v, path, &c) < 0) {
			free(path);
			continue;
		}
		if (c.kind == PK_COND_IN) {
			if (first_in) {
				ld_err(ld, v,
				       "a query may have at most one IN "
				       "condition (it has one on '%s' at line "
				       "%d); use eq or range for '%s'",
				       first_in->path, first_in_at->line, path);
				free(path);
				continue;
			}
			first_in_at = v;
		}
		c.path = path;
		c.line = k->line;
		c.col = k->col;
		q->conds[q->n_conds++] = c;
		if (c.kind == PK_COND_IN) {
			first_in = &q->conds[q->n_conds - 1];
		}
	}
}

/* The `queries` list n of phase ph. */
void ld_load_queries(struct ld *ld, const struct yn *n,
		     struct pk_phase_spec *ph)
{
	static const char *const keys[] = {
	    "name", "where", "results", "weight", "index", NULL,
	};
	size_t i;

	if (ld_need_kind(ld, n, YN_SEQ, "queries",
			 "a list of queries (- where: {deviceId: eq})") < 0) {
		return;
	}
	if (n->n_kids == 0) {
		return;
	}
	ph->queries = xcalloc(n->n_kids, sizeof(*ph->queries));
	ph->n_queries = n->n_kids;
	for (i = 0; i < n->n_kids; i++) {
		struct pk_query_spec *q = &ph->queries[i];
		const struct yn *m = n->kids[i], *x;
		char *where;
		int64_t v;

		q->results = 1;
		q->weight = 1;
		q->line = m->line;
		q->col = m->col;
		if (ld_need_kind(ld, m, YN_MAP, "a query",
				 "a mapping {name: ..., where: {PROPERTY: "
				 "CONDITION}, results: N, weight: W}") < 0) {
			q->name = xasprintf("query-%zu", i + 1);
			continue;
		}
		x = yn_get(m, "name");
		if (x && x->kind == YN_SCALAR && x->len > 0) {
			q->name = xstrdup(x->text);
			where = xasprintf("in query '%.*s'",
					  PK_SCENARIO_QUOTE_BYTES, q->name);
		} else {
			if (x) {
				ld_get_string(ld, x, "name", 0, &q->name);
			}
			q->name = xasprintf("query-%zu", i + 1);
			where = xasprintf("in query %zu", i + 1);
		}
		ld_check_keys(ld, m, keys, where);
		free(where);
		if ((x = yn_get(m, "where"))) {
			load_where(ld, x, q);
		}
		if ((x = yn_get(m, "results")) &&
		    ld_get_int(ld, x, "results", 0, UINT32_MAX,
			       "a whole number of items >= 0 (default 1)",
			       &v) == 0) {
			q->results = (uint32_t)v;
		}
		if ((x = yn_get(m, "weight"))) {
			ld_get_number(ld, x, "weight", 0, 1, HUGE_VAL, 0,
				      "a number greater than 0 (default 1)",
				      &q->weight);
		}
		if ((x = yn_get(m, "index")) &&
		    ld_get_string(ld, x, "index", 0, &q->index) == 0) {
			/* checked against the table's indexes once every
			   variant is known (scenario_ddb_query_check) */
			q->index_line = x->line;
			q->index_col = x->col;
		}
	}
}

/* 1 when the queries sent are the items file's (`compare --query`) */
static int file_queries(const struct pk_scenario *s)
{
	return s->items_file && s->items_file->n_queries > 0;
}

size_t scenario_query_index(const struct pk_scenario *s, size_t ph, size_t q)
{
	size_t i, n = 0;

	if (file_queries(s)) {
		return q;
	}
	for (i = 0; i < ph && i < s->n_phases; i++) {
		n += s->phases[i].n_queries;
	}
	return n + q;
}

size_t scenario_query_count(const struct pk_scenario *s)
{
	if (file_queries(s)) {
		return s->items_file->n_queries;
	}
	return scenario_query_index(s, s->n_phases, 0);
}

/* A DynamoDB table's Query and Scan (docs/dynamodb.md; the service's
   ddb_query.c): what a table's replay cannot mean of a query */
/* p without its leading '/' */
static const char *ddb_bare(const char *p)
{
	return p && p[0] == '/' ? p + 1 : p;
}

static int ddb_same_path(const char *a, const char *b)
{
	return a && b && strcmp(ddb_bare(a), ddb_bare(b)) == 0;
}

/* The names of t's global secondary indexes, for a message: "a, b"
   (owned), or "none: the table has no global secondary index" */
static char *ddb_gsi_names(const struct pk_ddb_table_spec *t)
{
	char *s = NULL, *next;
	size_t g;

	if (t->n_gsis == 0) {
		return xstrdup("none: the table has no global secondary index");
	}
	for (g = 0; g < t->n_gsis; g++) {
		next = s ? xasprintf("%s, %s", s, t->gsis[g].name)
			 : xstrdup(t->gsis[g].name);
		free(s);
		s = next;
	}
	return s;
}

/* 1 when every index of t has the name and key a query's check reads;
   0 when one lacks them (its own error is already reported where it is
   declared, and a second message about the query would only repeat it) */
static int ddb_indexes_whole(const struct pk_ddb_table_spec *t)
{
	size_t g;

	for (g = 0; g < t->n_gsis; g++) {
		if (!t->gsis[g].name || !t->gsis[g].partition_key) {
			return 0;
		}
	}
	for (g = 0; g < t->n_lsis; g++) {
		if (!t->lsis[g].name) {
			return 0;
		}
	}
	return 1;
}

/* Query q's `index:` on table t: a Query of one of t's global secondary
   indexes (IndexName), read eventually consistent only (reference §12:
   "GSI queries are eventually consistent only"; DynamoDB answers a
   strongly consistent one with a ValidationException), by an eq or IN
   condition on the index's key (a Query of its values; without one it
   would be a Scan of the index, not replayed). Not replayed either: an
   on-demand table's index, and a keys_only index (the size of its
   entries is not kept). 0, or -1 with the error in diag at the
   `index:` key. */
static int ddb_index_check(const char *file, const struct pk_ddb_table_spec *t,
			   const struct pk_query_spec *q, struct pk_diag *diag)
{
	const struct pk_ddb_gsi_spec *gi = NULL;
	char *names;
	size_t g, i;

	if (!ddb_indexes_whole(t)) {
		return -1;
	}
	for (g = 0; g < t->n_gsis; g++) {
		if (strcmp(t->gsis[g].name, q->index) == 0) {
			gi = &t->gsis[g];
		}
	}
	if (!gi) {
		names = ddb_gsi_names(t);
		for (g = 0; g < t->n_lsis; g++) {
			if (strcmp(t->lsis[g].name, q->index) == 0) {
				break;
			}
		}
		diag_error(diag, file, q->index_line, q->index_col,
			   "query '%s' reads index '%s', %s; allowed: the "
			   "name of one of the table's global secondary "
			   "indexes (%s)",
			   q->name, q->index,
			   g < t->n_lsis
			       ? "a local secondary index: a Query of a local "
				 "index is not replayed"
			       : "which the table does not have",
			   names);
		free(names);
		return -1;
	}
	if (t->reads == PK_DDB_CONSISTENCY_STRONG) {
		diag_error(diag, file, q->index_line, q->index_col,
			   "query '%s' reads global secondary index '%s' "
			   "while the table's read_consistency is strong: "
			   "DynamoDB refuses a strongly consistent read of a "
			   "global secondary index (ValidationException; "
			   "its queries are eventually consistent only); "
			   "allowed: read_consistency: eventual (the "
			   "default), or no index: (a Query of the table)",
			   q->name, q->index);
		return -1;
	}
	if (t->capacity == PK_DDB_ON_DEMAND) {
		diag_error(diag, file, q->index_line, q->index_col,
			   "query '%s' reads global secondary index '%s' of "
			   "an on-demand table: a Query of an on-demand "
			   "index is not replayed yet; allowed: a "
			   "provisioned table (read_capacity_units and "
			   "write_capacity_units), or no index: (a Query "
			   "of the table)",
			   q->name, q->index);
		return -1;
	}
	if (gi->keys_only) {
		diag_error(diag, file, q->index_line, q->index_col,
			   "query '%s' reads global secondary index '%s', "
			   "whose projection is keys_only: pksim does not "
			   "keep the size of a keys_only entry, so it cannot "
			   "tell what a Query of it reads; allowed: an index "
			   "of projection all, or no index: (a Query of the "
			   "table)",
			   q->name, q->index);
		return -1;
	}
	for (i = 0; i < q->n_conds; i++) {
		if (ddb_same_path(q->conds[i].path, gi->partition_key) &&
		    (q->conds[i].kind == PK_COND_EQ ||
		     q->conds[i].kind == PK_COND_IN)) {
			return 0;
		}
	}
	diag_error(diag, file, q->index_line, q->index_col,
		   "query '%s' reads global secondary index '%s' without "
		   "naming its key '%s': that is a Scan of the index, not "
		   "replayed yet; allowed: a condition eq or {in: K} on "
		   "'%s' (a Query of the index)",
		   q->name, q->index, gi->partition_key, gi->partition_key);
	return -1;
}

int scenario_ddb_query_check(const char *file,
			     const struct pk_ddb_table_spec *t,
			     const struct pk_query_spec *q, int line, int col,
			     struct pk_diag *diag)
{
	size_t i, g;
	int keyed = 0;

	if (q->index) {
		return ddb_index_check(file, t, q, diag);
	}

	for (i = 0; i < q->n_conds; i++) {
		const struct pk_cond_spec *c = &q->conds[i];

		if (ddb_same_path(c->path, t->partition_key) &&
		    (c->kind == PK_COND_EQ || c->kind == PK_COND_IN)) {
			keyed = 1;
		}
	}
	for (i = 0; i < q->n_conds; i++) {
		const struct pk_cond_spec *c = &q->conds[i];
		int l = c->line ? c->line : line, k = c->line ? c->col : col;

		if (ddb_same_path(c->path, t->sort_key)) {
			diag_error(diag, file, l, k,
				   "query '%s' has a condition on the table's "
				   "sort key '%s': on DynamoDB that reads part "
				   "of an item collection, and pksim does not "
				   "evaluate conditions over stored items; "
				   "allowed: conditions on the partition key "
				   "(a Query of the whole collection) and on "
				   "other attributes (a filter, read in full)",
				   q->name, t->sort_key);
			return -1;
		}
		for (g = 0; !keyed && g < t->n_gsis; g++) {
			if (ddb_same_path(c->path, t->gsis[g].partition_key) &&
			    (c->kind == PK_COND_EQ || c->kind == PK_COND_IN)) {
				diag_error(
				    diag, file, l, k,
				    "query '%s' selects by the key '%s' of "
				    "global secondary index '%s' without "
				    "naming the index: on DynamoDB that is a "
				    "Scan of the table filtered on '%s'; "
				    "allowed: index: %s (a Query of the "
				    "index), a condition on the table's "
				    "partition key '%s' (a Query), or no key "
				    "condition (a Scan of the table)",
				    q->name, t->gsis[g].partition_key,
				    t->gsis[g].name, t->gsis[g].partition_key,
				    t->gsis[g].name, t->partition_key);
				return -1;
			}
		}
	}
	return 0;
}
