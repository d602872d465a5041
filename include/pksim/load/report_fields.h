/*
 * report_fields: the one table of the JSON report's fields that an
 * `expect:` measure may name (docs/report-json.md, scenarios/README.md's
 * expect section): each field's path, JSON type, unit and one line of
 * what it is. The loader checks measures against it (expect.h), before
 * anything runs; report/report_field.h reads each of its fields from the
 * result model by the same path; docs/report-json.md's table of fields is
 * written from it. tests/check_fields.c keeps the JSON writer, the reader
 * and the docs in step with it.
 *
 * A path is below a variant ("totals.throttled_429", "splits[].t_s") or
 * below the report's scenario ("scenario.duration_s"), with "." between
 * names and every list index written "[]". A list is a field of its own,
 * measured as its length ("splits", "splits[].children"). Shorthands
 * ("partitions", "first_403_s", "range_429_rate[]", "rank") are in the
 * table too, marked: they are no field of the report.
 *
 * Units: "" (text, ids, booleans, keys, ranks, seeds), "count", "RU",
 * "RU/s", "bytes", "bytes/s", "s", "ms", "days", "fraction" (0..1),
 * "per s" (operations a second) and "currency" (the bill's, money.currency).
 */
#ifndef PKSIM_LOAD_REPORT_FIELDS_H
#define PKSIM_LOAD_REPORT_FIELDS_H

#include <stddef.h>
#include <stdio.h>

/* A field's JSON type. */
enum pk_field_type {
	PK_FIELD_INTEGER = 0,	  /* a JSON integer */
	PK_FIELD_INTEGER_OR_NULL, /* ... or null */
	PK_FIELD_NUMBER,	  /* a JSON number, written as a real (3.0) */
	PK_FIELD_NUMBER_OR_NULL,  /* ... or null */
	PK_FIELD_STRING,	  /* a JSON string */
	PK_FIELD_STRING_OR_NULL,  /* ... or null */
	PK_FIELD_BOOLEAN,	  /* true or false */
	PK_FIELD_KEY,		  /* a partition key value: a string, number,
				     boolean or null, or for a hierarchical
				     key an array of the levels (an undefined
				     level is {}); an array is measured as its
				     length, {} as absent */
	PK_FIELD_LIST,		  /* a JSON array, measured as its length */
};

/* One field of the table. Everything is static: never freed. */
struct pk_report_field {
	const char *path; /* as above: "splits[].t_s" */
	enum pk_field_type type;
	const char *unit; /* one of the units above */
	const char *doc;  /* one line, no trailing period */
	int shorthand;	  /* 1: a shorthand, no field of the report */
};

/* The table, in the report's order, shorthands last; *n its entries. */
const struct pk_report_field *report_fields(size_t *n);

/* The entry whose path is tmpl exactly ("splits[].t_s"), or NULL. */
const struct pk_report_field *report_field_find(const char *tmpl);

/* The paths of the table in its order, NULL-terminated (static), for
   suggestions (base/suggest.h). */
const char *const *report_field_paths(void);

/* The type as docs/report-json.md's table of fields writes it:
   "integer", "integer or null", "number", "string", "boolean", "key",
   "list" ... (static). */
const char *report_field_type_name(enum pk_field_type type);

/* The lines around the table of fields in docs/report-json.md */
#define PK_REPORT_FIELDS_BEGIN "<!-- fields: begin (generated) -->\n"
#define PK_REPORT_FIELDS_END "<!-- fields: end -->\n"

/*
 * Write the table of fields docs/report-json.md holds to out: a Markdown
 * table, one row per field that is not a shorthand, "| `PATH` | TYPE |
 * UNIT | DOC |" in the table's order (UNIT "-" when ""). Returns 0, or -1
 * on a write error.
 */
int report_fields_markdown(FILE *out);

#endif
