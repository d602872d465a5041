/*
 * expect_eval: `expect:` assertions against a run (expect_eval.h). The
 * measures are read from the JSON report itself, so an assertion sees the
 * numbers a reader of `--format json` sees, rounded the same way.
 */
#include "pksim/report/expect_eval.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/scenario.h"
#include "pksim/report/report_json.h"

/* The JSON report of r (with scorecards), parsed; NULL on failure. */
static json_t *report_tree(const struct pk_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	json_t *root;
	json_error_t err;
	int rc;

	if (!mem) {
		return NULL;
	}
	rc = report_json(r, 1, mem);
	if (fclose(mem) || rc) {
		free(buf);
		return NULL;
	}
	root = json_loadb(buf, len, 0, &err);
	free(buf);
	if (!root) {
		errno = EINVAL;
	}
	return root;
}

/* The node at a dotted path below j ("splits[0].t_s"); a list without an
   index at the end is returned as the list. NULL when absent. */
static json_t *walk(json_t *j, const char *path)
{
	char seg[128];
	const char *p = path;

	while (j && *p) {
		size_t n = strcspn(p, ".[");

		if (n >= sizeof(seg)) {
			return NULL;
		}
		if (n > 0) {
			memcpy(seg, p, n);
			seg[n] = '\0';
			j = json_object_get(j, seg);
			p += n;
		}
		while (j && *p == '[') {
			char *end;
			unsigned long i = strtoul(p + 1, &end, 10);

			if (*end != ']') {
				return NULL;
			}
			j = json_array_get(j, i);
			p = end + 1;
		}
		if (*p == '.') {
			p++;
		}
	}
	return j;
}

/* The variant object called name (NULL: the first) in root. */
static json_t *variant_of(json_t *root, const char *name)
{
	json_t *vs = json_object_get(root, "variants");
	size_t i;

	for (i = 0; i < json_array_size(vs); i++) {
		json_t *v = json_array_get(vs, i);

		if (!name ||
		    strcmp(json_string_value(json_object_get(v, "name")),
			   name) == 0) {
			return v;
		}
	}
	return NULL;
}

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

/* A measured value: a number, or text (a string, true, false, null). */
struct val {
	int absent;
	int is_num;
	int kind; /* text: enum pk_expect_kind of its JSON type */
	double num;
	const char *text;
};

static void of_json(json_t *x, struct val *v)
{
	memset(v, 0, sizeof(*v));
	if (!x) {
		v->absent = 1;
	} else if (json_is_array(x)) {
		v->is_num = 1;
		v->num = (double)json_array_size(x);
	} else if (json_is_number(x)) {
		v->is_num = 1;
		v->num = json_number_value(x);
	} else if (json_is_string(x)) {
		v->text = json_string_value(x);
	} else if (json_is_true(x)) {
		v->text = "true";
		v->kind = PK_EXPECT_BOOL;
	} else if (json_is_false(x)) {
		v->text = "false";
		v->kind = PK_EXPECT_BOOL;
	} else if (json_is_null(x)) {
		v->text = "null";
		v->kind = PK_EXPECT_NULL;
	} else {
		v->absent = 1; /* an object is not a measure */
	}
}

/* The value of measure m for variant object jv (vr: the same in r). */
static void measure(json_t *root, json_t *jv,
		    const struct pk_result_variant *vr, const char *m,
		    struct val *v)
{
	size_t i;

	memset(v, 0, sizeof(*v));
	if (strncmp(m, "scenario.", 9) == 0) {
		of_json(walk(json_object_get(root, "scenario"), m + 9), v);
	} else if (strcmp(m, "partitions") == 0) {
		of_json(json_object_get(jv, "physical_partitions"), v);
	} else if (strcmp(m, "rank") == 0) {
		of_json(walk(jv, "scorecard.rank"), v);
	} else if (strcmp(m, "first_403_s") == 0) {
		int64_t first = -1;

		for (i = 0; i < vr->n_full_listed; i++) {
			int64_t t = vr->full[i].full_at_ms;

			if (t >= 0 && (first < 0 || t < first)) {
				first = t;
			}
		}
		v->is_num = 1;
		v->num = first < 0 ? -1 : (double)(first / 1000);
	} else if (strncmp(m, "range_429_rate[", 15) == 0) {
		json_t *pps = json_object_get(jv, "physical_partitions");
		size_t idlen = strlen(m + 15) - 1;

		v->absent = 1;
		for (i = 0; i < json_array_size(pps); i++) {
			json_t *p = json_array_get(pps, i);
			const char *id =
			    json_string_value(json_object_get(p, "id"));
			double req =
			    json_number_value(json_object_get(p, "requests"));

			if (id && strlen(id) == idlen &&
			    strncmp(id, m + 15, idlen) == 0) {
				v->absent = 0;
				v->is_num = 1;
				v->num =
				    req > 0 ? json_number_value(json_object_get(
						  p, "throttled_429")) /
						  req
					    : 0;
			}
		}
	} else {
		of_json(walk(jv, m), v);
	}
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
static int holds(const struct pk_expect *e, const struct val *v)
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

int expect_eval(const struct pk_result *r, const struct pk_expect *ex, size_t n,
		struct pk_expect_outcome *out)
{
	json_t *root;
	size_t i;
	int failed = 0;

	if (n == 0) {
		return 0;
	}
	root = report_tree(r);
	if (!root) {
		return -1;
	}
	for (i = 0; i < n; i++) {
		const struct pk_expect *e = &ex[i];
		struct pk_expect_outcome *o = &out[i];
		json_t *jv = variant_of(root, e->variant);
		const struct pk_result_variant *vr =
		    result_variant(r, e->variant);
		struct val v;

		memset(o, 0, sizeof(*o));
		o->e = e;
		describe(e, o->expected, sizeof(o->expected));
		if (!jv || !vr) {
			o->pass = 1;
			o->skipped = 1;
			snprintf(o->actual, sizeof(o->actual), "skipped");
			continue;
		}
		o->variant =
		    strncmp(e->measure, "scenario.", 9) == 0 ? NULL : vr->name;
		measure(root, jv, vr, e->measure, &v);
		if (v.absent) {
			snprintf(o->actual, sizeof(o->actual), "absent");
		} else if (v.is_num) {
			fmt_num(o->actual, sizeof(o->actual), v.num);
		} else if (v.kind != PK_EXPECT_STRING) {
			snprintf(o->actual, sizeof(o->actual), "%s", v.text);
		} else {
			snprintf(o->actual, sizeof(o->actual), "\"%.80s\"",
				 v.text);
		}
		o->pass = holds(e, &v);
		failed += !o->pass;
	}
	json_decref(root);
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
