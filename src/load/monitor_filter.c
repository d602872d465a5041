/*
 * monitor_filter: which rows of an export are replayed (monitor.h): the
 * database, collection and region filters, the check that one container
 * and one region are left, the count of ranges the kept rows name and of
 * the rows that repeat another's second and key (rule 37).
 */
#include "monitor_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/hashtab.h"
#include "pksim/base/mem.h"
#include "pksim/base/suggest.h"

const char *const mon_col_db[] = {"/DatabaseName", NULL};
const char *const mon_col_coll[] = {"/CollectionName", NULL};
const char *const mon_col_region[] = {"/RegionName", NULL};
const char *const mon_col_op[] = {"/OperationName", NULL};

/* A distinct value (or container) and the rows that have it. */
struct mon_seen {
	UT_hash_handle hh;
	char *key; /* owned */
	size_t rows;
};

const char *mon_text_of(const struct mon *M, size_t i, const char *col,
			size_t *len)
{
	struct pk_value v;

	*len = 0;
	if (!col || trace_value(M->t, i, col, &v, NULL, 0) != PK_TRACE_OK ||
	    v.type != PK_VALUE_STRING) {
		return "";
	}
	*len = v.len;
	return v.len ? v.str : "";
}

/* Count one more row under key in *set. */
static void seen_add(struct mon_seen **set, const char *key, size_t len)
{
	struct mon_seen *e = NULL;

	HASH_FIND(hh, *set, key, len, e);
	if (!e) {
		e = xcalloc(1, sizeof(*e));
		e->key = xstrndup(key, len);
		HASH_ADD_KEYPTR(hh, *set, e->key, len, e);
	}
	e->rows++;
}

static void seen_free(struct mon_seen **set)
{
	struct mon_seen *e, *tmp;

	HASH_ITER(hh, *set, e, tmp)
	{
		HASH_DEL(*set, e);
		free(e->key);
		free(e);
	}
}

/* Most rows first, then by name. */
static int seen_cmp(struct mon_seen *a, struct mon_seen *b)
{
	if (a->rows != b->rows) {
		return a->rows > b->rows ? -1 : 1;
	}
	return strcmp(a->key, b->key);
}

/* "shop/orders: 300 rows, shop/carts: 40 rows": set sorted, at most
   MON_LIST_MAX entries. Owned. */
static char *seen_list(struct mon_seen **set)
{
	char *out = xstrdup(""), *next, a[32];
	struct mon_seen *e;
	size_t n = 0;

	HASH_SORT(*set, seen_cmp);
	for (e = *set; e; e = e->hh.next, n++) {
		if (n == MON_LIST_MAX) {
			next = xasprintf("%s, and %u more", out,
					 HASH_COUNT(*set) - MON_LIST_MAX);
			free(out);
			return next;
		}
		next = xasprintf("%s%s\"%s\": %s row%s", out, n ? ", " : "",
				 e->key, fmt_thousands(e->rows, a),
				 e->rows == 1 ? "" : "s");
		free(out);
		out = next;
	}
	return out;
}

/* The value of set nearest to word (suggest.h), or NULL; borrowed. */
static const char *seen_nearest(struct mon_seen *set, const char *word)
{
	const char **words = xcalloc(HASH_COUNT(set) + 1, sizeof(*words));
	const char *best;
	struct mon_seen *e;
	size_t n = 0;

	for (e = set; e; e = e->hh.next) {
		words[n++] = e->key;
	}
	best = suggest_nearest(word, words);
	free(words);
	return best;
}

static void filter_error(const struct mon *M, int line, int col,
			 const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* An error about the choice of rows, at line:col of the scenario's
   monitor_log (o->where). */
static void filter_error(const struct mon *M, int line, int col,
			 const char *fmt, ...)
{
	const struct pk_monitor_opts *o = M->o;
	va_list ap;

	va_start(ap, fmt);
	diag_verror(M->d, o->where ? o->where : trace_file(M->t), line, col,
		    fmt, ap);
	va_end(ap);
}

/* 1 if record i passes the filter on column col (NULL want: any). */
static int keep_by(const struct mon *M, size_t i, const char *col,
		   const char *want)
{
	size_t len;
	const char *s;

	if (!want) {
		return 1;
	}
	s = mon_text_of(M, i, col, &len);
	return len == strlen(want) && memcmp(s, want, len) == 0;
}

int mon_keep(const struct mon *M, size_t i)
{
	const struct pk_monitor_opts *o = M->o;

	return keep_by(M, i, M->db, o->database) &&
	       keep_by(M, i, M->coll, o->collection) &&
	       keep_by(M, i, M->region, o->region);
}

/*
 * Check one filter: its column exists and some row has the value.
 * what is the scenario key ("database"), col the column found (NULL:
 * none), names the column's names. Returns 0, or -1 with an error.
 */
static int check_filter(const struct mon *M, const char *what, const char *want,
			const char *col, const char *const *names, int line,
			int lcol)
{
	struct mon_seen *set = NULL;
	const char *near;
	char *list;
	size_t i, len;
	const char *s;

	if (!want) {
		return 0;
	}
	if (!col) {
		filter_error(M, line, lcol,
			     "monitor_log.%s: the export has no %s column to "
			     "choose rows by; remove %s, or export the column",
			     what, names[0] + 1, what);
		return -1;
	}
	for (i = 0; i < trace_count(M->t); i++) {
		s = mon_text_of(M, i, col, &len);
		if (len == strlen(want) && memcmp(s, want, len) == 0) {
			seen_free(&set);
			return 0;
		}
		seen_add(&set, s, len);
	}
	near = seen_nearest(set, want);
	list = seen_list(&set);
	filter_error(M, line, lcol,
		     "monitor_log.%s: no row has %s \"%s\"%s%s%s", what,
		     names[0] + 1, want, near ? " (did you mean \"" : "",
		     near ? near : "", near ? "\"?)" : "");
	diag_note(M->d, "the export's %s values: %s", names[0] + 1, list);
	free(list);
	seen_free(&set);
	return -1;
}

/*
 * After the filters: rows of one container and one region only. Returns
 * 0, or -1 with an error saying which to choose.
 */
static int check_one(const struct mon *M)
{
	struct mon_seen *containers = NULL, *regions = NULL;
	size_t i, dl, cl, rl;
	int rc = 0;
	char *list, *key;

	for (i = 0; i < trace_count(M->t); i++) {
		const char *db, *coll, *reg;

		if (!mon_keep(M, i)) {
			continue;
		}
		db = mon_text_of(M, i, M->db, &dl);
		coll = mon_text_of(M, i, M->coll, &cl);
		reg = mon_text_of(M, i, M->region, &rl);
		key = xasprintf("%.*s/%.*s", (int)dl, db, (int)cl, coll);
		seen_add(&containers, key, strlen(key));
		free(key);
		seen_add(&regions, reg, rl);
	}
	if (HASH_COUNT(containers) > 1) {
		list = seen_list(&containers);
		filter_error(M, M->o->line, M->o->col,
			     "the export holds rows of %u containers; choose "
			     "one with monitor_log's database and collection",
			     HASH_COUNT(containers));
		diag_note(M->d, "DatabaseName/CollectionName in the export: %s",
			  list);
		free(list);
		rc = -1;
	}
	if (HASH_COUNT(regions) > 1) {
		list = seen_list(&regions);
		filter_error(M, M->o->line, M->o->col,
			     "the export holds rows of %u regions; each region "
			     "spends its own RU/s, so choose one with "
			     "monitor_log's region",
			     HASH_COUNT(regions));
		diag_note(M->d, "RegionName in the export: %s", list);
		free(list);
		rc = -1;
	}
	seen_free(&containers);
	seen_free(&regions);
	return rc;
}

/* Distinct PartitionKeyRangeId values among m's rows that have one. */
size_t mon_count_ranges(const struct pk_monitor_log *m)
{
	struct mon_seen *set = NULL;
	size_t r, n;

	for (r = 0; r < m->n_rows; r++) {
		if (m->rows[r].range_len > 0) {
			seen_add(&set, m->pool + m->rows[r].range_off,
				 m->rows[r].range_len);
		}
	}
	n = HASH_COUNT(set);
	seen_free(&set);
	return n;
}

/* Append s[0..len) to *buf (length *n, capacity *cap) with its length
   before it, so no two lists of fields run together the same way. */
static void key_add(char **buf, size_t *n, size_t *cap, const char *s,
		    size_t len)
{
	char head[24];
	int h = snprintf(head, sizeof(head), "%zu:", len);

	mem_grow((void **)buf, cap, *n + (size_t)h + len, 1);
	memcpy(*buf + *n, head, (size_t)h);
	memcpy(*buf + *n + h, s, len);
	*n += (size_t)h + len;
}

/* Record i's value of col as text: a string as written, a number as
   %.17g, else "". */
static void col_text(const struct mon *M, size_t i, const char *col, char *num,
		     size_t cap, const char **s, size_t *len)
{
	struct pk_value v;

	*s = "";
	*len = 0;
	if (!col || trace_value(M->t, i, col, &v, NULL, 0) != PK_TRACE_OK) {
		return;
	}
	if (v.type == PK_VALUE_NUMBER) {
		snprintf(num, cap, "%.17g", v.num);
		*s = num;
		*len = strlen(num);
	} else if (v.type == PK_VALUE_STRING) {
		*s = mon_text_of(M, i, col, len);
	}
}

size_t mon_count_repeated(const struct mon *M, const struct pk_monitor_log *m)
{
	struct mon_seen *set = NULL, *e;
	char *buf = NULL, num[32];
	size_t cap = 0, n, r, k, len, repeated = 0;
	const char *s;
	struct pk_value v;
	double x;

	for (r = 0; r < m->n_rows; r++) {
		/* the group a per-second aggregate sums (monitor.h): its
		   second, each key component (typed: "42" is not 42), the
		   operation and the range; one container and region are
		   left already (mon_check_rows) */
		n = 0;
		snprintf(num, sizeof(num), "%lld",
			 (long long)m->rows[r].sec_ms);
		key_add(&buf, &n, &cap, num, strlen(num));
		for (k = 0; k < m->levels; k++) {
			monitor_value(m, r, k, &v);
			if (v.type == PK_VALUE_STRING) {
				key_add(&buf, &n, &cap, "s", 1);
				key_add(&buf, &n, &cap, v.str, v.len);
				continue;
			}
			x = v.type == PK_VALUE_NUMBER ? v.num
			    : v.type == PK_VALUE_BOOL ? (double)v.boolean
						      : 0;
			snprintf(num, sizeof(num), "%c%.17g", 'a' + (int)v.type,
				 x);
			key_add(&buf, &n, &cap, num, strlen(num));
		}
		col_text(M, m->rows[r].rec, M->op, num, sizeof(num), &s, &len);
		key_add(&buf, &n, &cap, s, len);
		key_add(&buf, &n, &cap,
			m->rows[r].range_len ? m->pool + m->rows[r].range_off
					     : "",
			m->rows[r].range_len);
		HASH_FIND(hh, set, buf, n, e);
		if (e) {
			repeated++;
		} else {
			e = xcalloc(1, sizeof(*e));
			e->key = xstrndup(buf, n);
			HASH_ADD_KEYPTR(hh, set, e->key, n, e);
		}
	}
	free(buf);
	seen_free(&set);
	return repeated;
}

int mon_check_rows(const struct mon *M)
{
	const struct pk_monitor_opts *o = M->o;

	return check_filter(M, "database", o->database, M->db, mon_col_db,
			    o->db_line, o->db_col) ||
		       check_filter(M, "collection", o->collection, M->coll,
				    mon_col_coll, o->coll_line, o->coll_col) ||
		       check_filter(M, "region", o->region, M->region,
				    mon_col_region, o->region_line,
				    o->region_col) ||
		       check_one(M)
		   ? -1
		   : 0;
}
