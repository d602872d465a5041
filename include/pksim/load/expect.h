/*
 * expect: a scenario's `expect:` assertions (scenarios/README.md) and the
 * names they may measure. A measure is a field of the JSON report
 * (docs/report-json.md) by path, relative to a variant ("totals.
 * throttled_429", "splits[0].t_s", "physical_partitions[2].ru_per_s") or
 * below "scenario." ("scenario.duration_s"); a list without an index
 * measures its length ("splits", "physical_partitions"). Shorthands:
 *   partitions            physical partitions at the end (a list's length)
 *   first_403_s           second of the first 403/1014 (logical partition
 *                         full), -1 when none
 *   range_429_rate[ID]    throttled_429 / requests of range ID at the end
 *   rank                  the variant's rank (1 = best, scorecard.h)
 * The valid paths are report_fields.h's table, so a measure is checked at
 * load time, before anything runs.
 */
#ifndef PKSIM_LOAD_EXPECT_H
#define PKSIM_LOAD_EXPECT_H

#include <stddef.h>

enum pk_expect_op {
	PK_EXPECT_EQUAL = 0, /* value (number, or str when str != NULL) */
	PK_EXPECT_APPROX,    /* |got - a| <= tol (abs) or tol x |a| (rel) */
	PK_EXPECT_LESS,	     /* got < a */
	PK_EXPECT_GREATER,   /* got > a */
	PK_EXPECT_AT_MOST,   /* got <= a */
	PK_EXPECT_AT_LEAST,  /* got >= a */
	PK_EXPECT_BETWEEN,   /* a <= got <= b */
};

/* The JSON type an EQUAL string operand stands for. */
enum pk_expect_kind {
	PK_EXPECT_STRING = 0,
	PK_EXPECT_BOOL,
	PK_EXPECT_NULL,
};

/* One assertion, as loaded. */
struct pk_expect {
	char *measure; /* owned; as written */
	char *variant; /* owned; the variant's name, NULL: the first */
	enum pk_expect_op op;
	double a, b;	  /* the operand(s) */
	char *str;	  /* owned; EQUAL to a string (or "null"), else NULL */
	int str_kind;	  /* what str is: PK_EXPECT_STRING (quoted, or a
			     plain word that is no literal),
			     PK_EXPECT_BOOL (plain true/false) or
			     PK_EXPECT_NULL (plain null or ~); a measure
			     of another JSON type never equals it */
	double tol;	  /* APPROX: the tolerance */
	int tol_relative; /* APPROX: 1 if tol is a fraction of a */
	int line, col;	  /* the measure's position in file */
	const char *file; /* the file it is written in: the scenario's
			     file or its lesson_file (borrowed from the
			     scenario, scenario.h) */
};

/*
 * The valid paths with every index written "[]" ("splits[].t_s"), lists
 * ("splits"), "scenario.*" and the shorthands: report_fields.h's table in
 * its order, a NULL-terminated static array.
 */
const char *const *expect_schema(void);

/*
 * Whether measure (as written: indexes are decimal numbers, a range id
 * in range_429_rate[ID] any text, a global secondary index in
 * indexes[NAME] its name) names a known field, a list (its
 * length) or a shorthand: 1 or 0. When 0 and near is not NULL, *near is
 * the nearest valid name (borrowed, static) or NULL.
 */
int expect_measure_valid(const char *measure, const char **near);

/* The template of measure: every "[...]" written "[]". Writes at most
   cap bytes to buf (NUL-terminated, cut when longer) and returns buf. */
char *expect_template(const char *measure, char *buf, size_t cap);

/* When measure names an Amazon DynamoDB global secondary index by its
   name (indexes[NAME]...: NAME not a decimal number), that name into
   name (cap bytes, cut when longer) and the rest of the measure after
   its "]" in *rest (borrowed from measure): 1; else 0. */
int expect_index_name(const char *measure, char *name, size_t cap,
		      const char **rest);

/* The operator's word in scenarios ("equal", "approximately", ...). */
const char *expect_op_name(enum pk_expect_op op);

#endif
