/*
 * scenario_expect: the `expect:` list, assertions on named measures of the
 * run's result (expect.h, scenarios/README.md). Every measure is checked
 * here, at load time, against the JSON report's schema, so a misspelt one
 * is a FILE:LINE:COL error with the nearest valid name before anything
 * runs.
 */
#include "loader.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/load/expect.h"

static const char *const item_keys[] = {
    "measure", "variant", "equal",    "approximately", "tolerance", "less",
    "greater", "at_most", "at_least", "between",       NULL,
};
static const char *const ops[] = {
    "equal",   "approximately", "less",	   "greater",
    "at_most", "at_least",	"between", NULL,
};
static const enum pk_expect_op op_of[] = {
    PK_EXPECT_EQUAL,   PK_EXPECT_APPROX,   PK_EXPECT_LESS,    PK_EXPECT_GREATER,
    PK_EXPECT_AT_MOST, PK_EXPECT_AT_LEAST, PK_EXPECT_BETWEEN,
};

/* A number operand at n; -1 after an error. */
static int operand(struct ld *ld, const struct yn *n, const char *key,
		   double *out)
{
	return ld_get_number(ld, n, key, -INFINITY, 1, INFINITY, 1, "a number",
			     out);
}

/* tolerance: a number (absolute) or "N%" (relative to the value). */
static int tolerance(struct ld *ld, const struct yn *n, struct pk_expect *e)
{
	char buf[PK_YN_DESC_BYTES];
	double v;

	if (n->kind == YN_SCALAR && n->len > 1 && n->text[n->len - 1] == '%') {
		char *t = xstrdup(n->text);

		t[n->len - 1] = '\0';
		if (units_number(t, &v) && v >= 0 && v < 100) {
			free(t);
			e->tol = v / 100;
			e->tol_relative = 1;
			return 0;
		}
		free(t);
	} else if (n->kind == YN_SCALAR && units_number(n->text, &v) &&
		   v >= 0) {
		e->tol = v;
		return 0;
	}
	ld_err(ld, n,
	       "tolerance must be a number >= 0 (absolute) or a percentage "
	       "below 100 such as 5%% (relative) (got %s)",
	       yn_desc(n, buf, sizeof(buf)));
	return -1;
}

/* The operator of assertion m and its operand(s) into e. */
static int load_op(struct ld *ld, const struct yn *m, struct pk_expect *e)
{
	const struct yn *n = NULL, *tn = yn_get(m, "tolerance");
	size_t i, found = 0;
	double v;

	for (i = 0; ops[i]; i++) {
		if (yn_get(m, ops[i])) {
			if (!found++) {
				n = yn_get(m, ops[i]);
				e->op = op_of[i];
			}
		}
	}
	if (found != 1) {
		char *all = ld_word_join(ops);

		ld_err(ld, m,
		       "an assertion takes exactly one operator: %s "
		       "(got %zu)",
		       all, found);
		free(all);
		return -1;
	}
	if (tn && e->op != PK_EXPECT_APPROX) {
		ld_err(ld, tn, "tolerance goes with approximately");
		return -1;
	}
	switch (e->op) {
	case PK_EXPECT_EQUAL:
		if (n->kind == YN_SCALAR && n->plain &&
		    units_number(n->text, &v)) {
			e->a = v;
			return 0;
		}
		if (ld_need_kind(ld, n, YN_SCALAR, "equal",
				 "a number, a string, true, false or null") <
		    0) {
			return -1;
		}
		e->str = xstrdup(n->text);
		e->str_kind = PK_EXPECT_STRING;
		if (n->plain && (strcmp(n->text, "true") == 0 ||
				 strcmp(n->text, "false") == 0)) {
			e->str_kind = PK_EXPECT_BOOL;
		} else if (n->plain && (strcmp(n->text, "null") == 0 ||
					strcmp(n->text, "~") == 0)) {
			e->str_kind = PK_EXPECT_NULL;
			free(e->str);
			e->str = xstrdup("null");
		}
		return 0;
	case PK_EXPECT_APPROX:
		if (!tn) {
			ld_err(ld, m,
			       "approximately needs a tolerance: a "
			       "number (absolute) or a percentage such "
			       "as 5%% (relative)");
			return -1;
		}
		if (operand(ld, n, "approximately", &e->a) < 0) {
			return -1;
		}
		return tolerance(ld, tn, e);
	case PK_EXPECT_BETWEEN:
		if (n->kind != YN_SEQ || n->n_kids != 2) {
			char buf[PK_YN_DESC_BYTES];

			ld_err(ld, n,
			       "between must be a list of two numbers "
			       "[low, high] (got %s)",
			       yn_desc(n, buf, sizeof(buf)));
			return -1;
		}
		if (operand(ld, n->kids[0], "between", &e->a) < 0 ||
		    operand(ld, n->kids[1], "between", &e->b) < 0) {
			return -1;
		}
		if (e->a > e->b) {
			ld_err(ld, n,
			       "between [low, high] needs low <= high "
			       "(got %g > %g)",
			       e->a, e->b);
			return -1;
		}
		return 0;
	default:
		return operand(ld, n, expect_op_name(e->op), &e->a);
	}
}

/* measure's indexes[NAME] against the global secondary indexes of the
   scenario's tables (node n, for the error): an error naming those
   there are when none of them is NAME */
static void check_index_name(struct ld *ld, const struct yn *n,
			     const char *measure)
{
	const struct pk_scenario *s = ld->s;
	const char *rest, **names;
	char name[128], *all;
	size_t v, g, k = 0, cap = 1;

	if (!expect_index_name(measure, name, sizeof(name), &rest)) {
		return;
	}
	for (v = 0; v < s->n_variants; v++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(s, &s->variants[v]);

		cap += t ? t->n_gsis : 0;
	}
	names = xcalloc(cap, sizeof(*names));
	for (v = 0; v < s->n_variants; v++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(s, &s->variants[v]);

		for (g = 0; t && g < t->n_gsis; g++) {
			if (!t->gsis[g].name) {
				continue; /* refused without a name already */
			}
			if (strcmp(t->gsis[g].name, name) == 0) {
				free(names);
				return;
			}
			names[k++] = t->gsis[g].name;
		}
	}
	if (k == 0) {
		ld_err(ld, n,
		       "measure '%s' names global secondary index '%s', but "
		       "no table of the scenario has one (indexes[] is a "
		       "DynamoDB table's global_secondary_indexes)",
		       measure, name);
	} else {
		all = ld_word_join(names);
		ld_err(ld, n,
		       "measure '%s' names global secondary index '%s', which "
		       "no table of the scenario has; its indexes: %s (or a "
		       "position: indexes[0])",
		       measure, name, all);
		free(all);
	}
	free(names);
}

/* measure's indexes[N] against the global secondary indexes of the
   scenario's tables (node n, for the error): an error when no table has
   an index at position N, saying the positions there are */
static void check_index_position(struct ld *ld, const struct yn *n,
				 const char *measure)
{
	const struct pk_scenario *s = ld->s;
	const char *p = measure + 8;
	char *end;
	unsigned long long at;
	size_t v, most = 0;

	if (strncmp(measure, "indexes[", 8) != 0 || *p < '0' || *p > '9') {
		return;
	}
	at = strtoull(p, &end, 10);
	if (*end != ']') {
		return;
	}
	for (v = 0; v < s->n_variants; v++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(s, &s->variants[v]);

		if (t && t->n_gsis > most) {
			most = t->n_gsis;
		}
	}
	if (at < most) {
		return;
	}
	if (most == 0) {
		ld_err(ld, n,
		       "measure '%s' names global secondary index %llu, but "
		       "no table of the scenario has one (indexes[] is a "
		       "DynamoDB table's global_secondary_indexes)",
		       measure, at);
	} else {
		ld_err(ld, n,
		       "measure '%s' names global secondary index %llu, but "
		       "the scenario's tables have %zu (positions 0 to %zu, "
		       "in global_secondary_indexes' order)",
		       measure, at, most, most - 1);
	}
}

/* 1 if name is one of the scenario's variant names. */
static int variant_known(const struct pk_scenario *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		if (s->variants[i].name &&
		    strcmp(s->variants[i].name, name) == 0) {
			return 1;
		}
	}
	return 0;
}

static void load_one(struct ld *ld, const struct yn *m, struct pk_expect *e)
{
	const struct yn *mn, *vn;
	const char *near;

	if (ld_need_kind(ld, m, YN_MAP, "an expect: item",
			 "a mapping {measure: NAME, equal: VALUE}") < 0) {
		return;
	}
	ld_check_keys(ld, m, item_keys, "in an expect: item");
	mn = yn_get(m, "measure");
	if (!mn) {
		ld_err(ld, m,
		       "an expect: item needs measure: NAME (a JSON "
		       "report field such as totals.throttled_429, or "
		       "partitions, splits, first_403_s, "
		       "range_429_rate[ID], rank)");
		return;
	}
	if (ld_get_string(ld, mn, "measure", 0, &e->measure) < 0) {
		return;
	}
	e->line = mn->line;
	e->col = mn->col;
	e->file = ld->expect_file ? ld->expect_file : ld->s->file;
	if (expect_measure_valid(e->measure, &near)) {
		check_index_name(ld, mn, e->measure);
		check_index_position(ld, mn, e->measure);
	} else {
		if (near) {
			ld_err(ld, mn,
			       "unknown measure '%s'; did you mean "
			       "'%s'? ([] takes an index: splits[0])",
			       e->measure, near);
		} else {
			ld_err(ld, mn,
			       "unknown measure '%s': a field of the "
			       "JSON report by path (docs/report-json."
			       "md), e.g. totals.throttled_429 or "
			       "splits[0].t_s, or a shorthand",
			       e->measure);
		}
	}
	if ((vn = yn_get(m, "variant")) &&
	    ld_get_string(ld, vn, "variant", 0, &e->variant) == 0 &&
	    !variant_known(ld->s, e->variant)) {
		const char **names =
		    xcalloc(ld->s->n_variants + 1, sizeof(*names));
		char *all;
		size_t i;

		for (i = 0; i < ld->s->n_variants; i++) {
			names[i] = ld->s->variants[i].name;
		}
		all = ld_word_join(names);
		ld_err(ld, vn,
		       "unknown variant '%s'; the scenario's variants: "
		       "%s",
		       e->variant, all);
		free(all);
		free(names);
	}
	load_op(ld, m, e);
}

void ld_load_expect(struct ld *ld, const struct yn *n)
{
	struct pk_scenario *s = ld->s;
	size_t i;

	if (ld_need_kind(ld, n, YN_SEQ, "expect",
			 "a list of assertions {measure: NAME, equal: "
			 "VALUE}") < 0) {
		return;
	}
	if (n->n_kids == 0) {
		/* refused, not ignored: a lesson or claim block that checks
		   nothing would pass `pksim check` silently */
		ld_err(ld, n,
		       "expect is an empty list: it asserts nothing; list at "
		       "least one {measure: NAME, equal: VALUE} or leave "
		       "expect out");
		return;
	}
	/* after any the scenario has (a lesson adds its own, scenario.h) */
	s->expects = xreallocarray(s->expects, s->n_expects + n->n_kids + 1,
				   sizeof(*s->expects));
	memset(s->expects + s->n_expects, 0,
	       (n->n_kids + 1) * sizeof(*s->expects));
	for (i = 0; i < n->n_kids; i++) {
		load_one(ld, n->kids[i], &s->expects[s->n_expects + i]);
	}
	s->n_expects += n->n_kids;
}

void ld_expect_free(struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_expects; i++) {
		free(s->expects[i].measure);
		free(s->expects[i].variant);
		free(s->expects[i].str);
	}
	free(s->expects);
	s->expects = NULL;
	s->n_expects = 0;
}

/* A lesson text at key in mapping n (a required string) into *out;
   an error at n when it is missing. */
static void lesson_text(struct ld *ld, const struct yn *n, const char *key,
			const char *what, char **out)
{
	const struct yn *t = yn_get(n, key);

	if (!t) {
		ld_err(ld, n, "%s needs %s: TEXT", what, key);
		return;
	}
	ld_get_string(ld, t, key, 0, out);
}

void ld_lesson_free(struct pk_lesson *l)
{
	size_t i;

	if (!l) {
		return;
	}
	for (i = 0; i < l->n_questions; i++) {
		free(l->questions[i].question);
		free(l->questions[i].answer);
	}
	free(l->questions);
	free(l->title);
	free(l->goal);
	free(l->look_at);
	free(l);
}

/* `lesson:` (scenarios/lessons/): what a class is told, kept for
   `pksim lesson` (its worksheet and solutions); the reports do not print
   it. A lesson's block replaces the one of the scenario it names. */
void ld_load_lesson(struct ld *ld, const struct yn *n)
{
	static const char *const keys[] = {"title", "goal", "look_at",
					   "questions", NULL};
	static const char *const qkeys[] = {"question", "answer", NULL};
	struct pk_lesson *l;
	const struct yn *t;
	const struct yn *q;
	size_t i;

	if (ld_need_kind(ld, n, YN_MAP, "lesson",
			 "a mapping {goal: TEXT, look_at: TEXT, questions: "
			 "[{question: TEXT, answer: TEXT}]}") < 0) {
		return;
	}
	ld_check_keys(ld, n, keys, "in lesson");
	l = xcalloc(1, sizeof(*l));
	ld_lesson_free(ld->s->lesson);
	ld->s->lesson = l;
	if ((t = yn_get(n, "title"))) {
		ld_get_string(ld, t, "title", 0, &l->title);
	}
	lesson_text(ld, n, "goal", "lesson", &l->goal);
	lesson_text(ld, n, "look_at", "lesson", &l->look_at);
	q = yn_get(n, "questions");
	if (!q) {
		ld_err(ld, n,
		       "lesson needs questions: a list of "
		       "{question: TEXT, answer: TEXT}");
		return;
	}
	if (ld_need_kind(ld, q, YN_SEQ, "questions",
			 "a list of {question: TEXT, answer: TEXT}") < 0) {
		return;
	}
	if (q->n_kids == 0) {
		ld_err(ld, q,
		       "questions is empty; a lesson needs at least one "
		       "{question: TEXT, answer: TEXT}");
		return;
	}
	l->questions = xcalloc(q->n_kids, sizeof(*l->questions));
	l->n_questions = q->n_kids;
	for (i = 0; i < q->n_kids; i++) {
		const struct yn *m = q->kids[i];

		if (ld_need_kind(ld, m, YN_MAP, "a question",
				 "{question: TEXT, answer: TEXT}") < 0) {
			continue;
		}
		ld_check_keys(ld, m, qkeys, "in a lesson question");
		lesson_text(ld, m, "question", "a lesson question",
			    &l->questions[i].question);
		lesson_text(ld, m, "answer", "a lesson question",
			    &l->questions[i].answer);
	}
}
