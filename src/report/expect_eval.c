/*
 * expect_eval: `expect:` assertions against a run (expect_eval.h). Each
 * measure is read from the result model by the field readers
 * (report_field.h), which give the numbers a reader of `--format json`
 * sees, rounded the same way, without writing the report.
 */
#include "pksim/report/expect_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/report/report_field.h"

static const struct pk_result_variant *result_variant(const struct pk_result *r,
						      const char *name)
{
	size_t i;

	for (i = 0; i < r->n_variants; i++) {
		if (!name || strcmp(r->variants[i].name, name) == 0) {
			return &r->variants[i];
		}
	}
	return NULL;
}

/* x in the fewest significant digits (up to 17) that read back as x,
   so two different numbers never print the same: 3.0000000001 is not
   "3". */
static void fmt_num(char *buf, size_t cap, double x)
{
	int digits;

	if (x == floor(x) && fabs(x) < 1e15) {
		snprintf(buf, cap, "%.0f", x);
		return;
	}
	for (digits = 6; digits < 17; digits++) {
		snprintf(buf, cap, "%.*g", digits, x);
		if (strtod(buf, NULL) == x) {
			return;
		}
	}
	snprintf(buf, cap, "%.17g", x);
}

static void describe(const struct pk_expect *e, char *buf, size_t cap)
{
	char a[40], b[40];

	fmt_num(a, sizeof(a), e->a);
	fmt_num(b, sizeof(b), e->b);
	switch (e->op) {
	case PK_EXPECT_EQUAL:
		if (e->str && e->str_kind != PK_EXPECT_STRING) {
			snprintf(buf, cap, "= %s", e->str);
		} else if (e->str) {
			snprintf(buf, cap, "= \"%.60s\"", e->str);
		} else {
			snprintf(buf, cap, "= %s", a);
		}
		break;
	case PK_EXPECT_APPROX:
		if (e->tol_relative) {
			snprintf(buf, cap, "%s +- %.6g %%", a, e->tol * 100);
		} else {
			fmt_num(b, sizeof(b), e->tol);
			snprintf(buf, cap, "%s +- %s", a, b);
		}
		break;
	case PK_EXPECT_LESS:
		snprintf(buf, cap, "< %s", a);
		break;
	case PK_EXPECT_GREATER:
		snprintf(buf, cap, "> %s", a);
		break;
	case PK_EXPECT_AT_MOST:
		snprintf(buf, cap, "<= %s", a);
		break;
	case PK_EXPECT_AT_LEAST:
		snprintf(buf, cap, ">= %s", a);
		break;
	case PK_EXPECT_BETWEEN:
		snprintf(buf, cap, "in [%s, %s]", a, b);
		break;
	}
}

/* Whether v satisfies e. */
static int holds(const struct pk_expect *e, const struct pk_field_value *v)
{
	double x = v->num, tol;

	if (v->absent) {
		return 0;
	}
	if (e->op == PK_EXPECT_EQUAL && e->str) {
		return !v->is_num && v->kind == e->str_kind &&
		       strcmp(v->text, e->str) == 0;
	}
	if (!v->is_num) {
		return 0;
	}
	switch (e->op) {
	case PK_EXPECT_EQUAL:
		return x == e->a;
	case PK_EXPECT_APPROX:
		tol = e->tol_relative ? e->tol * fabs(e->a) : e->tol;
		return fabs(x - e->a) <= tol;
	case PK_EXPECT_LESS:
		return x < e->a;
	case PK_EXPECT_GREATER:
		return x > e->a;
	case PK_EXPECT_AT_MOST:
		return x <= e->a;
	case PK_EXPECT_AT_LEAST:
		return x >= e->a;
	case PK_EXPECT_BETWEEN:
		return x >= e->a && x <= e->b;
	}
	return 0;
}

/* The value v as a failing assertion prints it into buf. */
static void actual(const struct pk_field_value *v, char *buf, size_t cap)
{
	if (v->absent) {
		snprintf(buf, cap, "absent");
	} else if (v->is_num) {
		fmt_num(buf, cap, v->num);
	} else if (v->kind != PK_EXPECT_STRING) {
		snprintf(buf, cap, "%s", v->text);
	} else {
		snprintf(buf, cap, "\"%.80s\"", v->text);
	}
}

int expect_eval(const struct pk_result *r, const struct pk_expect *ex, size_t n,
		struct pk_expect_outcome *out)
{
	struct pk_field_reader *rd;
	size_t i;
	int failed = 0;

	if (n == 0) {
		return 0;
	}
	rd = field_reader_new(r);
	for (i = 0; i < n; i++) {
		const struct pk_expect *e = &ex[i];
		struct pk_expect_outcome *o = &out[i];
		const struct pk_result_variant *vr =
		    result_variant(r, e->variant);
		struct pk_field_value v;

		memset(o, 0, sizeof(*o));
		o->e = e;
		describe(e, o->expected, sizeof(o->expected));
		if (!vr) {
			o->pass = 1;
			o->skipped = 1;
			snprintf(o->actual, sizeof(o->actual), "skipped");
			continue;
		}
		o->variant =
		    strncmp(e->measure, "scenario.", 9) == 0 ? NULL : vr->name;
		/* a measure the table lacks (the loader refuses it) is absent
		 */
		field_read(rd, vr, e->measure, &v);
		actual(&v, o->actual, sizeof(o->actual));
		o->pass = holds(e, &v);
		failed += !o->pass;
		field_value_clear(&v);
	}
	field_reader_free(rd);
	return failed;
}

int expect_print(const char *file, const struct pk_expect_outcome *o, size_t n,
		 FILE *out)
{
	size_t i, skipped = 0;
	int failed = 0;

	for (i = 0; i < n; i++) {
		skipped += (size_t)o[i].skipped;
		if (o[i].pass) {
			continue;
		}
		failed++;
		fprintf(out, "%s:%d:%d: expect failed: %s",
			o[i].e->file ? o[i].e->file : file, o[i].e->line,
			o[i].e->col, o[i].e->measure);
		if (o[i].variant && o[i].e->variant) {
			fprintf(out, " (variant %s)", o[i].variant);
		}
		fprintf(out, ": expected %s, got %s\n", o[i].expected,
			o[i].actual);
	}
	if (failed == 0 && n > 0) {
		fprintf(out, "%s: all %zu expectations hold", file,
			n - skipped);
		if (skipped) {
			fprintf(out,
				" (%zu skipped: their variant did not "
				"run)",
				skipped);
		}
		fputc('\n', out);
	} else if (failed) {
		fprintf(out, "%s: %d of %zu expectations failed\n", file,
			failed, n - skipped);
	}
	return failed;
}
