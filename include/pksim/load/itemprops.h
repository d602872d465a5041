/*
 * itemprops: the properties a scenario's items have, whatever service
 * stores them: each generated property (on every item), or a data
 * file's paths with how many of its used records hold each. A partition
 * key's check (service/cosmos/keycheck.h) and the queries' filters look
 * properties up here, and a note lists them.
 */
#ifndef PKSIM_LOAD_ITEMPROPS_H
#define PKSIM_LOAD_ITEMPROPS_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"

/* Properties itemprops_list names at most; the rest are counted */
#define PK_ITEMPROPS_LIST_MAX 12

/* One property the items have and how many of them have it. */
struct pk_itemprop {
	const char *path; /* borrowed from the scenario or its data file */
	uint64_t n;	  /* items holding it (1 for a generated one) */
};

struct pk_itemprops {
	struct pk_itemprop *p; /* owned; n of them */
	size_t n;
	uint64_t items; /* data file: records used; 0 for generated */
	int from_file;	/* 1: counted over a data file */
};

/* The properties of sc's items into *ps (a monitor log's items have
   none: the caller asks only of generated items or a data file). Free
   with itemprops_free. Never fails. */
void itemprops_collect(const struct pk_scenario *sc, struct pk_itemprops *ps);

/* Free what ps owns and zero it. */
void itemprops_free(struct pk_itemprops *ps);

/* 1 if the items hold path: a generated property, /id (generated, or
   given to a record without one), or a data file's path some used record
   holds; else 0. */
int itemprops_have(const struct pk_itemprops *ps, const char *path);

/* The property nearest to path by suggest.h's rule, or NULL; borrowed
   like the paths. */
const char *itemprops_nearest(const struct pk_itemprops *ps, const char *path);

/* The first property inside path ("/data/co" for "/data"), or NULL. */
const char *itemprops_inside(const struct pk_itemprops *ps, const char *path);

/* "/a (100%), /b (50.0%)": the properties, most common first (ps->p is
   sorted so), at most PK_ITEMPROPS_LIST_MAX then "and N more". Owned by
   the caller (free). */
char *itemprops_list(struct pk_itemprops *ps);

/*
 * The queries' filters against the items (a typo'd `--query costcenter`
 * would make every query fan out and reverse a ranking): each property a
 * query's `where` (a phase's `queries`, a data file's) or a `compare
 * --query` filters on must be held by at least one item. Returns 0, or
 * -1 with one error per such property in diag (FILE:LINE:COL of the
 * property, or "--query 'TEXT'"), each with the nearest property the
 * items have, and a note listing them. A monitor log (no item
 * properties) and a data file with 0 used records are not checked.
 */
int itemprops_check_queries(const struct pk_scenario *sc, struct pk_diag *diag);

#endif
