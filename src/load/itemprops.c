/*
 * itemprops: the properties a scenario's items have (itemprops.h): from
 * the generators, or counted over a data file's used records; looked up,
 * listed for a note, and the queries' filters checked against them.
 */
#include "pksim/load/itemprops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/suggest.h"
#include "pksim/load/trace.h"

/* Properties the note lists at most; the rest are counted */
#define PK_ITEMPROPS_LIST_MAX 12

static size_t used_records(const struct pk_scenario *sc)
{
	size_t n = trace_count(sc->items_file->trace);

	if (sc->items_file->limit && sc->items_file->limit < n) {
		n = sc->items_file->limit;
	}
	return n;
}

void itemprops_collect(const struct pk_scenario *sc, struct pk_itemprops *ps)
{
	size_t i;

	memset(ps, 0, sizeof(*ps));
	if (!sc->items_file) {
		ps->p = xcalloc(sc->n_props ? sc->n_props : 1, sizeof(*ps->p));
		for (i = 0; i < sc->n_props; i++) {
			ps->p[ps->n].path = sc->props[i].path;
			ps->p[ps->n++].n = 1;
		}
		return;
	}
	{
		const struct pk_trace *t = sc->items_file->trace;
		size_t np = trace_n_paths(t);
		uint64_t *counts = xcalloc(np ? np : 1, sizeof(*counts));

		ps->from_file = 1;
		ps->items = used_records(sc);
		trace_path_counts(t, (size_t)ps->items, counts);
		ps->p = xcalloc(np ? np : 1, sizeof(*ps->p));
		for (i = 0; i < np; i++) {
			if (counts[i] > 0) {
				ps->p[ps->n].path = trace_path_name(t, i);
				ps->p[ps->n++].n = counts[i];
			}
		}
		free(counts);
	}
}

/* Most items first, then by path. */
static int prop_cmp(const void *pa, const void *pb)
{
	const struct pk_itemprop *a = pa, *b = pb;

	if (a->n != b->n) {
		return a->n > b->n ? -1 : 1;
	}
	return strcmp(a->path, b->path);
}

/* n of total as a share for the note: "100%" only when all, "<0.1%" for
   a few, else one decimal (never rounded up to 100). */
static void share_text(uint64_t n, uint64_t total, char *buf, size_t cap)
{
	double pct;

	if (total == 0 || n >= total) {
		snprintf(buf, cap, "100%%");
		return;
	}
	pct = (double)n * 100.0 / (double)total;
	if (pct < 0.05) {
		snprintf(buf, cap, "<0.1%%");
	} else if (pct >= 99.95) {
		snprintf(buf, cap, "99.9%%");
	} else {
		snprintf(buf, cap, "%.1f%%", pct);
	}
}

/* "/a (100%), /b (50.0%)": the properties, most common first, at most
   PK_ITEMPROPS_LIST_MAX of them. Owned. */
char *itemprops_list(struct pk_itemprops *ps)
{
	char *out = xstrdup(""), *next, share[16];
	size_t i;

	qsort(ps->p, ps->n, sizeof(*ps->p), prop_cmp);
	for (i = 0; i < ps->n && i < PK_ITEMPROPS_LIST_MAX; i++) {
		share_text(ps->p[i].n, ps->items, share, sizeof(share));
		next = xasprintf("%s%s%s (%s)", out, i ? ", " : "",
				 ps->p[i].path, share);
		free(out);
		out = next;
	}
	if (ps->n > PK_ITEMPROPS_LIST_MAX) {
		next = xasprintf("%s, and %zu more", out,
				 ps->n - PK_ITEMPROPS_LIST_MAX);
		free(out);
		out = next;
	}
	return out;
}

/* 1 if the items hold path: a generated property, /id, or a data file's
   path some used record holds */
int itemprops_have(const struct pk_itemprops *ps, const char *path)
{
	size_t i;

	if (strcmp(path, "/id") == 0) {
		return 1; /* generated, or given to a record without one */
	}
	for (i = 0; i < ps->n; i++) {
		if (strcmp(ps->p[i].path, path) == 0) {
			return 1;
		}
	}
	return 0;
}

/* The property nearest to path (suggest.h's rule), or NULL. */
const char *itemprops_nearest(const struct pk_itemprops *ps, const char *path)
{
	const char **words = xcalloc(ps->n + 2, sizeof(*words));
	const char *best;
	size_t i, n = 0;

	for (i = 0; i < ps->n; i++) {
		words[n++] = ps->p[i].path;
	}
	if (!itemprops_have(ps, "/id") || ps->from_file) {
		words[n++] = "/id";
	}
	words[n] = NULL;
	best = suggest_nearest(path, words);
	free(words);
	return best;
}

/* The first of the items' properties inside path ("/data/co" for
   "/data"), or NULL. */
const char *itemprops_inside(const struct pk_itemprops *ps, const char *path)
{
	size_t i, n = strlen(path);

	for (i = 0; i < ps->n; i++) {
		if (strncmp(ps->p[i].path, path, n) == 0 &&
		    ps->p[i].path[n] == '/') {
			return ps->p[i].path;
		}
	}
	return NULL;
}

/* Error for query q's filter on path, which no item has. */
static void query_absent(const struct pk_scenario *sc,
			 const struct pk_query_spec *q,
			 const struct pk_cond_spec *c, struct pk_itemprops *ps,
			 struct pk_diag *diag)
{
	char *where = c->line > 0 ? xstrdup(sc->file)
				  : xasprintf("--query '%s'", q->name);
	const char *near = itemprops_nearest(ps, c->path);
	char *hint = near ? xasprintf("; did you mean %s?", near) : xstrdup("");
	char num[32];

	if (ps->from_file) {
		diag_error(diag, where, c->line, c->col,
			   "query '%s' filters on %s, which no item has: 0 "
			   "of %s items have %s, so every such query would "
			   "fan out and find nothing%s",
			   q->name, c->path,
			   fmt_thousands((int64_t)ps->items, num), c->path,
			   hint);
	} else {
		diag_error(diag, where, c->line, c->col,
			   "query '%s' filters on %s, which no item has: the "
			   "items section generates no property %s%s",
			   q->name, c->path, c->path, hint);
	}
	free(hint);
	free(where);
}

/* Errors for the queries of qs[0..n) that filter on a property no item
   has; returns how many. */
static size_t queries_absent(const struct pk_scenario *sc,
			     const struct pk_query_spec *qs, size_t n,
			     struct pk_itemprops *ps, struct pk_diag *diag)
{
	size_t i, c, bad = 0;

	for (i = 0; i < n; i++) {
		for (c = 0; c < qs[i].n_conds; c++) {
			if (!itemprops_have(ps, qs[i].conds[c].path)) {
				query_absent(sc, &qs[i], &qs[i].conds[c], ps,
					     diag);
				bad++;
			}
		}
	}
	return bad;
}

int itemprops_check_queries(const struct pk_scenario *sc, struct pk_diag *diag)
{
	struct pk_itemprops ps;
	size_t i, bad = 0;
	char *list;

	if (sc->items_file && sc->items_file->monitor) {
		return 0;
	}
	itemprops_collect(sc, &ps);
	if (ps.from_file && ps.items == 0) {
		itemprops_free(&ps);
		return 0;
	}
	for (i = 0; i < sc->n_phases; i++) {
		bad += queries_absent(sc, sc->phases[i].queries,
				      sc->phases[i].n_queries, &ps, diag);
	}
	if (sc->items_file) {
		bad += queries_absent(sc, sc->items_file->queries,
				      sc->items_file->n_queries, &ps, diag);
	}
	if (bad) {
		list = itemprops_list(&ps);
		diag_note(diag, "the items have %s",
			  ps.n ? list : "no properties");
		free(list);
	}
	itemprops_free(&ps);
	return bad ? -1 : 0;
}

void itemprops_free(struct pk_itemprops *ps)
{
	free(ps->p);
	memset(ps, 0, sizeof(*ps));
}
