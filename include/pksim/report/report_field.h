/*
 * report_field: the fields of the JSON report (report_json.h,
 * docs/report-json.md) read from the result model, not from the report's
 * text: one reader for each field of the table of report fields
 * (load/report_fields.h), by the same path. `expect:` measures through it
 * (expect_eval.h).
 *
 * A value is what a reader of `--format json --scorecards` sees: integers
 * as written, reals rounded to the 16 significant digits the writer prints
 * (3.0000000000000004 reads 3), strings, true, false and null as such, a
 * list as its length; a field the report leaves out in this run (an index
 * past a list's end, an optional object, a range id not at the end) is
 * absent. The scorecards (scorecard_all) and the findings are made when a
 * measure first needs them, once per reader.
 */
#ifndef PKSIM_REPORT_FIELD_H
#define PKSIM_REPORT_FIELD_H

#include <stddef.h>

#include "pksim/result/result.h"

/* A field's value in one run. */
struct pk_field_value {
	int absent; /* 1: not in this run's report; the rest 0 */
	int is_num; /* 1: a number, or a list's length, in num */
	int kind;   /* else text's JSON type: enum pk_expect_kind (a
		       string, a boolean, null; load/expect.h) */
	double num;
	char *text; /* owned: the string, "true", "false" or "null";
		       NULL for a number or absent */
};

/* A run's fields, read on demand. */
struct pk_field_reader;

/* A reader of r's fields (borrowed: r must outlive it). Never NULL (out of
   memory is fatal). */
struct pk_field_reader *field_reader_new(const struct pk_result *r);

/* Free rd and what it made (scorecards, findings); NULL is allowed. */
void field_reader_free(struct pk_field_reader *rd);

/*
 * The value of measure, as an `expect:` writes it ("splits[0].t_s",
 * "physical_partitions", "scenario.seed", "partitions", "first_403_s",
 * "range_429_rate[3]", "rank"), in variant v of rd's run (v one of
 * r->variants; a "scenario." measure reads the run whatever v is), into
 * *out; clear it with field_value_clear. Returns 0, or -1 when measure
 * names no field of the table (*out absent).
 */
int field_read(struct pk_field_reader *rd, const struct pk_result_variant *v,
	       const char *measure, struct pk_field_value *out);

/* Free what val owns; it is absent afterwards. */
void field_value_clear(struct pk_field_value *val);

/* The path of the reader's i-th field ("splits[].t_s"), in the order of
   load/report_fields.def; NULL past the last. */
const char *field_reader_path(size_t i);

#endif
