/*
 * cli_merge_check: the figures of a compare's JSON report that `pksim
 * merge` reads or copies into its merged report (cli_merge_check.h).
 * merge ranks on the scorecards and copies every variant whole, so a
 * figure edited into the wrong type ("NaN" where RU belong), below 0, or
 * failures above the operations offered would come out of a merge that
 * exits 0 as if pksim had worked it out. Each field is checked against
 * the one table of the report's fields (load/report_fields.def), by the
 * walk tests/check_fields.c makes of the writer's reports: a template
 * path with every index written "[]".
 */
#include "cli_merge_check.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/cli/cli.h"
#include "pksim/load/report_fields.h"

/* A template path ("totals.ru_consumed") and the same with its indexes
   ("variants[1].totals.ru_consumed") fit in these; a longer one is no
   field of the table. */
#define FW_PATH_BYTES 512
#define FW_WHERE_BYTES 1024

/* The walk of one report */
struct fw {
	const char *file;
	const struct pk_report_field **by_path; /* the table, by path */
	size_t n;
	char tmpl[FW_PATH_BYTES];   /* the field's template path */
	char where[FW_WHERE_BYTES]; /* its JSON path in the report */
};

static int by_path_cmp(const void *a, const void *b)
{
	const struct pk_report_field *const *x = a, *const *y = b;

	return strcmp((*x)->path, (*y)->path);
}

/* The table's field whose template is w->tmpl, or NULL */
static const struct pk_report_field *fw_find(const struct fw *w)
{
	size_t lo = 0, hi = w->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(w->tmpl, w->by_path[mid]->path);

		if (c == 0) {
			return w->by_path[mid]->shorthand ? NULL
							  : w->by_path[mid];
		}
		if (c < 0) {
			hi = mid;
		} else {
			lo = mid + 1;
		}
	}
	return NULL;
}

/* "pksim: FILE: error: WHERE ...; <the fix>" and 2 */
static int fw_refuse(const struct fw *w, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "pksim: %s: error: %.200s ", w->file, w->where);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(": not a compare's JSON report as this pksim writes it (edited, "
	      "or made by another version); run it again\n",
	      stderr);
	return PK_EXIT_INPUT;
}

/* What value j is, for a message: "the string \"NaN\"", "-5", "a list" */
static void what_is(json_t *j, char *out, size_t cap)
{
	switch (json_typeof(j)) {
	case JSON_STRING:
		snprintf(out, cap, "the string \"%.40s%s\"",
			 json_string_value(j),
			 json_string_length(j) > 40 ? "..." : "");
		break;
	case JSON_INTEGER:
		snprintf(out, cap, "%lld", (long long)json_integer_value(j));
		break;
	case JSON_REAL:
		snprintf(out, cap, "%.17g", json_real_value(j));
		break;
	case JSON_OBJECT:
		snprintf(out, cap, "an object");
		break;
	case JSON_ARRAY:
		snprintf(out, cap, "a list");
		break;
	case JSON_TRUE:
		snprintf(out, cap, "true");
		break;
	case JSON_FALSE:
		snprintf(out, cap, "false");
		break;
	default:
		snprintf(out, cap, "null");
		break;
	}
}

/* 1 if j is of type t (a NUMBER may be an integer: 3 for 3.0); level 1
   for a level of a hierarchical key, which is never a list */
static int type_ok(enum pk_field_type t, json_t *j, int level)
{
	switch (t) {
	case PK_FIELD_INTEGER_OR_NULL:
		return json_is_null(j) || json_is_integer(j);
	case PK_FIELD_INTEGER:
		return json_is_integer(j);
	case PK_FIELD_NUMBER_OR_NULL:
		return json_is_null(j) || json_is_number(j);
	case PK_FIELD_NUMBER:
		return json_is_number(j);
	case PK_FIELD_STRING_OR_NULL:
		return json_is_null(j) || json_is_string(j);
	case PK_FIELD_STRING:
		return json_is_string(j);
	case PK_FIELD_BOOLEAN:
		return json_is_boolean(j);
	case PK_FIELD_KEY:
		return level ? !json_is_array(j)
			     : !json_is_object(j) || json_object_size(j) == 0;
	case PK_FIELD_LIST:
		return json_is_array(j);
	}
	return 0;
}

/* The figures that may be below 0, with their least value (-HUGE_VAL:
   any); every other figure with a unit is >= 0, one without ("" : a
   seed, a rank, a table line) any. */
static const struct {
	const char *path;
	double min;
} fw_signed[] = {
    {"ttl.default_ttl_s", -1},			      /* -1: only items' ttl */
    {"remedies.list[].month_cost_change", -HUGE_VAL}, /* a saving */
    {"scenario.monitor_log.first_ms", -HUGE_VAL},     /* epoch ms */
    {"scenario.monitor_log.last_ms", -HUGE_VAL},
};

static double fw_min(const struct pk_report_field *f)
{
	size_t i;

	for (i = 0; i < sizeof(fw_signed) / sizeof(fw_signed[0]); i++) {
		if (strcmp(f->path, fw_signed[i].path) == 0) {
			return fw_signed[i].min;
		}
	}
	return f->unit[0] ? 0 : -HUGE_VAL;
}

/* What field f allows, into out: "an integer >= 0 (count)", "a number
   or null >= -1 (s)", "a string" */
static void fw_allowed(const struct pk_report_field *f, double min, char *out,
		       size_t cap)
{
	const char *t = report_field_type_name(f->type);
	int n = snprintf(out, cap, "%s %s", t[0] == 'i' ? "an" : "a", t);

	if (n > 0 && (size_t)n < cap && min > -HUGE_VAL) {
		snprintf(out + n, cap - (size_t)n, " >= %g (%s)", min, f->unit);
	}
}

/* The field f's value j: of f's type, finite and at least its least
   value; 0, or 2 said */
static int fw_leaf(struct fw *w, const struct pk_report_field *f, json_t *j,
		   int level)
{
	char is[96], allowed[96];
	double min = fw_min(f);

	if (type_ok(f->type, j, level) &&
	    (!json_is_number(j) ||
	     (isfinite(json_number_value(j)) && json_number_value(j) >= min))) {
		return 0;
	}
	what_is(j, is, sizeof(is));
	fw_allowed(f, min, allowed, sizeof(allowed));
	return fw_refuse(w, "is %s: it must be %s", is, allowed);
}

/* Append NAME to the template and WHERE, after a "." unless it is an
   index (index 1) or the first name of the template (where_name: NAME as WHERE
   writes it, "[3]" for "[]"); 0, or -1 when it does not fit */
static int fw_push(struct fw *w, size_t tl, size_t wl, int index,
		   const char *name, const char *where_name)
{
	int a = snprintf(w->tmpl + tl, sizeof(w->tmpl) - tl, "%s%s",
			 tl && !index ? "." : "", name);
	int b = snprintf(w->where + wl, sizeof(w->where) - wl, "%s%s",
			 index ? "" : ".", where_name);

	return a < 0 || (size_t)a >= sizeof(w->tmpl) - tl || b < 0 ||
		       (size_t)b >= sizeof(w->where) - wl
		   ? -1
		   : 0;
}

/* Every value below j, whose template is w->tmpl[0..tl) and JSON path
   w->where[0..wl): objects walked into, a list's items too; 0, or 2
   said */
static int fw_walk(struct fw *w, json_t *j, size_t tl, size_t wl, int level)
{
	const struct pk_report_field *f;
	const char *k;
	json_t *x;
	size_t i;
	int rc;

	w->tmpl[tl] = '\0';
	w->where[wl] = '\0';
	f = tl ? fw_find(w) : NULL;
	if (json_is_object(j) && !f) {
		json_object_foreach(j, k, x)
		{
			if (fw_push(w, tl, wl, 0, k, k) != 0) {
				return fw_refuse(w, "is no field of the "
						    "report");
			}
			rc = fw_walk(w, x, tl + strlen(w->tmpl + tl),
				     wl + strlen(w->where + wl), 0);
			if (rc) {
				return rc;
			}
		}
		return 0;
	}
	if (!f) {
		return fw_refuse(w, "is no field of the report");
	}
	if ((rc = fw_leaf(w, f, j, level)) != 0) {
		return rc;
	}
	json_array_foreach(j, i, x)
	{
		char at[32];

		snprintf(at, sizeof(at), "[%zu]", i);
		if (fw_push(w, tl, wl, 1, "[]", at) != 0) {
			return fw_refuse(w, "is no field of the report");
		}
		rc = fw_walk(w, x, tl + 2, wl + strlen(at),
			     f->type == PK_FIELD_KEY);
		if (rc) {
			return rc;
		}
	}
	return 0;
}

/* The integer totals.NAME of variant v, or -1 when it has none */
static long long total(json_t *v, const char *obj, const char *name)
{
	json_t *n = json_object_get(json_object_get(v, obj), name);

	return json_is_integer(n) ? (long long)json_integer_value(n) : -1;
}

/* Of variant v (variants[i]), the counts that are parts of another: an
   operation fails after its retries or succeeds once, and a retry is a
   request; 0, or 2 said */
static int fw_parts(struct fw *w, json_t *v, size_t i)
{
	static const char *const part[][4] = {
	    {"totals", "failed_after_retries", "operations",
	     "an operation fails at most once"},
	    {"totals", "succeeded", "operations",
	     "an operation succeeds at most once"},
	    {"scorecard", "failed_after_retries", "operations",
	     "an operation fails at most once"},
	    {"totals", "retries", "requests", "a retry is a request"},
	};
	size_t k;

	for (k = 0; k < sizeof(part) / sizeof(part[0]); k++) {
		long long a = total(v, part[k][0], part[k][1]);
		long long b = total(v, "totals", part[k][2]);

		if (a >= 0 && b >= 0 && a > b) {
			snprintf(w->where, sizeof(w->where),
				 "variants[%zu].%s.%s", i, part[k][0],
				 part[k][1]);
			return fw_refuse(w,
					 "is %lld, more than totals.%s (%lld): "
					 "%s",
					 a, part[k][2], b, part[k][3]);
		}
	}
	return 0;
}

int cli_merge_check_figures(const char *file, json_t *report)
{
	struct fw *w = xcalloc(1, sizeof(*w));
	const struct pk_report_field *all = report_fields(&w->n);
	json_t *v;
	size_t i;
	int rc;

	w->file = file;
	w->by_path = xcalloc(w->n, sizeof(*w->by_path));
	for (i = 0; i < w->n; i++) {
		w->by_path[i] = &all[i];
	}
	qsort(w->by_path, w->n, sizeof(*w->by_path), by_path_cmp);
	strcpy(w->tmpl, "scenario");
	strcpy(w->where, "scenario");
	rc = fw_walk(w, json_object_get(report, "scenario"), strlen(w->tmpl),
		     strlen(w->where), 0);
	json_array_foreach(json_object_get(report, "variants"), i, v)
	{
		int wl;

		if (rc) {
			break;
		}
		wl = snprintf(w->where, sizeof(w->where), "variants[%zu]", i);
		rc = fw_walk(w, v, 0, (size_t)wl, 0);
		if (rc == 0) {
			rc = fw_parts(w, v, i);
		}
	}
	free(w->by_path);
	free(w);
	return rc;
}
