/*
 * scenario_items: the `items:` generators (pattern, list, clock, const,
 * unique; nested mappings for nested properties) and the distributions
 * a values generator or a phase's `select` draws with.
 */
#include "loader.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"

/* A pattern range holds fewer than 2^32 values (workload indexes them
   with 32-bit draws). */
#define PK_SCENARIO_PATTERN_MAX_COUNT 0xFFFFFFFFULL

/* ------------------------------------------------------------------ */
/* Distributions */

static const char *const dist_names[] = {
    "uniform",	  "zipfian", "zipf",	 "hotspot",
    "sequential", "latest",  "weighted", NULL,
};
/* For `select`: drawing an existing item. */
static const char *const select_dist_names[] = {
    "uniform", "zipfian", "zipf", "latest", "hotspot", NULL,
};

static enum pk_dist_kind dist_kind_of(const char *name)
{
	static const enum pk_dist_kind kinds[] = {
	    PK_DIST_UNIFORM,  PK_DIST_ZIPFIAN,	  PK_DIST_ZIPF,
	    PK_DIST_HOTSPOT,  PK_DIST_SEQUENTIAL, PK_DIST_LATEST,
	    PK_DIST_WEIGHTED,
	};
	size_t i;

	for (i = 0; dist_names[i]; i++) {
		if (strcmp(name, dist_names[i]) == 0) {
			return kinds[i];
		}
	}
	PK_BUG("dist_kind_of(%s)", name);
}

void ld_dist_defaults(struct pk_dist_spec *d)
{
	memset(d, 0, sizeof(*d));
	d->kind = PK_DIST_UNIFORM;
	d->theta = PK_DEFAULT_ZIPF_THETA;
	d->s = PK_DEFAULT_ZIPF_S;
	d->hot_data_fraction = PK_DEFAULT_HOT_DATA_FRACTION;
	d->hot_op_fraction = PK_DEFAULT_HOT_OP_FRACTION;
}

/* A distribution name at n (one of allowed) into *kind. */
static int get_dist_name(struct ld *ld, const struct yn *n,
			 const char *const *allowed, enum pk_dist_kind *kind)
{
	const char *near;
	char buf[PK_YN_DESC_BYTES];
	char *all;

	if (n->kind == YN_SCALAR && ld_word_in(n->text, allowed)) {
		*kind = dist_kind_of(n->text);
		return 0;
	}
	all = ld_word_join(allowed);
	yn_desc(n, buf, sizeof(buf));
	near = n->kind == YN_SCALAR ? ld_nearest(n->text, allowed) : NULL;
	if (n->kind == YN_SCALAR && n->len > 0) {
		if (near) {
			ld_err(ld, n,
			       "unknown distribution %s; allowed: %s; did "
			       "you mean '%s'?",
			       buf, all, near);
		} else {
			ld_err(ld, n, "unknown distribution %s; allowed: %s",
			       buf, all);
		}
	} else {
		ld_err(ld, n, "distribution must be one of %s (got %s)", all,
		       buf);
	}
	free(all);
	return -1;
}

/* The exponent s of distribution zipf at sn into out->s. */
static void load_zipf_s(struct ld *ld, const struct yn *sn,
			enum pk_dist_kind kind, struct pk_dist_spec *out)
{
	char buf[PK_YN_DESC_BYTES];
	double v;

	if (kind != PK_DIST_ZIPF) {
		ld_err(ld, sn,
		       "s only applies to distribution zipf (Zipf's law "
		       "with exponent s; zipfian and latest take theta)");
		return;
	}
	if (sn->kind == YN_SCALAR && units_number(sn->text, &v) && v > 0 &&
	    v <= PK_ZIPF_MAX_S) {
		out->s = v;
		return;
	}
	ld_err(ld, sn,
	       "s must be a number greater than 0 and at most 100 (the "
	       "exponent of Zipf's law, p(k) ~ k^-s; default 1) (got %s)",
	       yn_desc(sn, buf, sizeof(buf)));
}

/*
 * Fill *out from the distribution keys of mapping m (distribution, theta,
 * s, hot_data, hot_ops and, when n_values > 0, weights). n_values is the
 * value count the weights must match; 0 for `select` (no weights).
 */
static void load_dist(struct ld *ld, const struct yn *m,
		      const char *const *allowed, uint64_t n_values,
		      struct pk_dist_spec *out)
{
	const struct yn *dn = yn_get(m, "distribution");
	const struct yn *wn = n_values ? yn_get(m, "weights") : NULL;
	const struct yn *tn = yn_get(m, "theta");
	const struct yn *sn = yn_get(m, "s");
	const struct yn *hd = yn_get(m, "hot_data");
	const struct yn *ho = yn_get(m, "hot_ops");
	enum pk_dist_kind kind = wn ? PK_DIST_WEIGHTED : PK_DIST_UNIFORM;
	size_t i;

	ld_dist_defaults(out);
	if (dn && get_dist_name(ld, dn, allowed, &kind) < 0) {
		return;
	}
	out->kind = kind;
	if (tn) {
		if (kind == PK_DIST_ZIPF) {
			ld_err(ld, tn,
			       "theta only applies to distribution "
			       "zipfian or latest; zipf takes the exponent "
			       "s (s: 1.3)");
		} else if (kind != PK_DIST_ZIPFIAN && kind != PK_DIST_LATEST) {
			ld_err(ld, tn,
			       "theta only applies to distribution "
			       "zipfian or latest");
		} else {
			ld_get_number(ld, tn, "theta", 0, 1, 1, 1,
				      "a number between 0 and 1, both excluded "
				      "(default 0.99; for an exponent of 1 or "
				      "more use distribution: zipf with s)",
				      &out->theta);
		}
	}
	if (sn) {
		load_zipf_s(ld, sn, kind, out);
	}
	if (hd || ho) {
		if (kind != PK_DIST_HOTSPOT) {
			ld_err(ld, hd ? hd : ho,
			       "%s only applies to distribution hotspot",
			       hd ? "hot_data" : "hot_ops");
		} else {
			if (hd) {
				ld_get_number(
				    ld, hd, "hot_data", 0, 1, 1, 1,
				    "a fraction between 0 and 1, both "
				    "excluded (default 0.2)",
				    &out->hot_data_fraction);
			}
			if (ho) {
				ld_get_number(
				    ld, ho, "hot_ops", 0, 1, 1, 1,
				    "a fraction between 0 and 1, both "
				    "excluded (default 0.8)",
				    &out->hot_op_fraction);
			}
		}
	}
	if (kind == PK_DIST_WEIGHTED && !wn) {
		ld_err(ld, dn,
		       "distribution weighted needs weights: a list of "
		       "numbers > 0, one per value");
		return;
	}
	if (!wn) {
		return;
	}
	if (kind != PK_DIST_WEIGHTED) {
		ld_err(ld, wn,
		       "weights are only used with distribution weighted "
		       "(got distribution %s)",
		       dn->text);
		return;
	}
	if (ld_need_kind(ld, wn, YN_SEQ, "weights",
			 "a list of numbers > 0, one per value") < 0) {
		return;
	}
	if ((uint64_t)wn->n_kids != n_values) {
		ld_err(ld, wn,
		       "weights has %zu entries but there are %llu values; "
		       "give one weight per value",
		       wn->n_kids, (unsigned long long)n_values);
		return;
	}
	out->weights = xcalloc(wn->n_kids, sizeof(*out->weights));
	out->n_weights = wn->n_kids;
	for (i = 0; i < wn->n_kids; i++) {
		ld_get_number(ld, wn->kids[i], "a weight", 0, 1, HUGE_VAL, 0,
			      "a number greater than 0", &out->weights[i]);
	}
}

/* ------------------------------------------------------------------ */
/* Item properties */

static const char *const gen_keys[] = {
    "values",  "distribution", "theta", "s",	  "hot_data", "hot_ops",
    "weights", "clock",	       "const", "unique", NULL,
};
static const char *const gen_kind_keys[] = {
    "values", "clock", "const", "unique", NULL,
};
static const char *const dist_keys[] = {
    "distribution", "theta", "s", "hot_data", "hot_ops", "weights", NULL,
};

struct pk_prop_spec *ld_prop_add(struct ld *ld, const char *path,
				 const struct yn *at)
{
	struct pk_scenario *s = ld->s;
	struct pk_prop_spec *p;

	mem_grow((void **)&s->props, &ld->cap_props, s->n_props + 1,
		 sizeof(*s->props));
	p = &s->props[s->n_props++];
	memset(p, 0, sizeof(*p));
	p->path = xstrdup(path);
	p->prefix = xstrdup("");
	p->suffix = xstrdup("");
	ld_dist_defaults(&p->dist);
	p->line = at->line;
	p->col = at->col;
	return p;
}

/* Room for one generated value of len bytes (NUL included)? */
static int value_fits(size_t len)
{
	return len + 1 <= PK_VALUE_MAX_BYTES;
}

/* Bytes of pattern_parse's message with figures. */
#define PATTERN_WHY_BYTES 200

/*
 * "dev-{0000..0999}" into p. Returns NULL or why it is malformed (a
 * literal, or written into why, PATTERN_WHY_BYTES).
 */
static const char *pattern_parse(const char *s, struct pk_prop_spec *p,
				 char *why)
{
	const char *open = strchr(s, '{'), *close, *a, *b, *dots;
	size_t la, lb, i;
	uint64_t va = 0, vb = 0;

	if (!open) {
		return "it has no {A..B} range";
	}
	close = strchr(open, '}');
	if (!close) {
		return "the '{' is not closed by '}'";
	}
	if (strchr(close + 1, '{') || strchr(close + 1, '}') ||
	    memchr(s, '}', (size_t)(open - s))) {
		return "it has more than one range or a stray brace";
	}
	a = open + 1;
	dots = strstr(a, "..");
	if (!dots || dots > close) {
		return "the range has no '..'";
	}
	b = dots + 2;
	la = (size_t)(dots - a);
	lb = (size_t)(close - b);
	if (la == 0 || lb == 0) {
		return "a range end is missing";
	}
	for (i = 0; i < la; i++) {
		if (!ld_is_digit(a[i])) {
			return "A is not a decimal number";
		}
		if (va > (UINT64_MAX - (uint64_t)(a[i] - '0')) / 10) {
			return "A does not fit in 64 bits";
		}
		va = va * 10 + (uint64_t)(a[i] - '0');
	}
	for (i = 0; i < lb; i++) {
		if (!ld_is_digit(b[i])) {
			return "B is not a decimal number";
		}
		if (vb > (UINT64_MAX - (uint64_t)(b[i] - '0')) / 10) {
			return "B does not fit in 64 bits";
		}
		vb = vb * 10 + (uint64_t)(b[i] - '0');
	}
	if (va > vb) {
		return "A is greater than B";
	}
	if (vb - va >= PK_SCENARIO_PATTERN_MAX_COUNT) {
		return "the range holds 2^32 values or more";
	}
	if (!value_fits(
		(size_t)(open - s) + strlen(close + 1) +
		(lb > PK_SCENARIO_U64_DIGITS ? lb : PK_SCENARIO_U64_DIGITS))) {
		char fa[PK_FMT_BYTES], fb[PK_FMT_BYTES];
		size_t fixed = (size_t)(open - s) + strlen(close + 1);

		snprintf(why, PATTERN_WHY_BYTES,
			 "its text beside the range is %s bytes, and with a "
			 "number of up to %d digits its values could pass "
			 "pksim's limit of %s bytes a value",
			 fmt_thousands((int64_t)fixed, fa),
			 lb > PK_SCENARIO_U64_DIGITS
			     ? (int)lb
			     : (int)PK_SCENARIO_U64_DIGITS,
			 fmt_thousands(PK_VALUE_MAX_BYTES - 1, fb));
		return why;
	}
	free(p->prefix);
	free(p->suffix);
	p->prefix = xstrndup(s, (size_t)(open - s));
	p->suffix = xstrdup(close + 1);
	p->first = va;
	p->count = vb - va + 1;
	p->width = (la > 1 && a[0] == '0') || la == lb ? (int)la : 0;
	p->kind = PK_GEN_PATTERN;
	return NULL;
}

/* The typed value of a CONST scalar into p (YAML 1.2 core schema). */
static void const_set(struct ld *ld, const struct yn *n, struct pk_prop_spec *p)
{
	const char *t = n->text;
	double v;

	p->kind = PK_GEN_CONST;
	if (n->plain) {
		if (n->len == 0 || strcmp(t, "~") == 0 ||
		    strcmp(t, "null") == 0 || strcmp(t, "Null") == 0 ||
		    strcmp(t, "NULL") == 0) {
			p->const_value.type = PK_VALUE_NULL;
			return;
		}
		if (strcmp(t, "true") == 0 || strcmp(t, "True") == 0 ||
		    strcmp(t, "TRUE") == 0) {
			p->const_value.type = PK_VALUE_BOOL;
			p->const_value.boolean = 1;
			return;
		}
		if (strcmp(t, "false") == 0 || strcmp(t, "False") == 0 ||
		    strcmp(t, "FALSE") == 0) {
			p->const_value.type = PK_VALUE_BOOL;
			p->const_value.boolean = 0;
			return;
		}
		if (units_number(t, &v)) {
			p->const_value.type = PK_VALUE_NUMBER;
			p->const_value.num = v;
			return;
		}
	}
	if (!value_fits(n->len)) {
		ld_err(ld, n,
		       "constant is %zu bytes; values are limited to %d "
		       "bytes",
		       n->len, PK_VALUE_MAX_BYTES - 1);
		return;
	}
	p->const_text = xstrdup(t);
	p->const_value.type = PK_VALUE_STRING;
	p->const_value.str = p->const_text;
	p->const_value.len = n->len;
}

static void load_values(struct ld *ld, const char *path, const struct yn *m,
			const struct yn *vn, struct pk_prop_spec *p)
{
	char buf[PK_YN_DESC_BYTES];
	const char *why;
	char whybuf[PATTERN_WHY_BYTES];
	size_t i;

	if (vn->kind == YN_SCALAR) {
		why = pattern_parse(vn->text, p, whybuf);
		if (why) {
			ld_err(ld, vn,
			       "bad values pattern %s: %s; write a list "
			       "[a, b] or one range {A..B} with decimal "
			       "A <= B, e.g. 'dev-{0000..0999}'",
			       yn_desc(vn, buf, sizeof(buf)), why);
			return;
		}
	} else if (vn->kind == YN_SEQ) {
		if (vn->n_kids == 0) {
			ld_err(ld, vn,
			       "values list for '%s' is empty; give at "
			       "least one value",
			       path);
			return;
		}
		p->kind = PK_GEN_LIST;
		p->list = xcalloc(vn->n_kids, sizeof(*p->list));
		p->count = vn->n_kids;
		for (i = 0; i < vn->n_kids; i++) {
			const struct yn *e = vn->kids[i];

			if (ld_need_kind(ld, e, YN_SCALAR, "each value",
					 "a string") < 0) {
				p->list[i] = xstrdup("");
				continue;
			}
			if (!value_fits(e->len)) {
				ld_err(ld, e,
				       "value is %zu bytes; values are "
				       "limited to %d bytes",
				       e->len, PK_VALUE_MAX_BYTES - 1);
			}
			p->list[i] = xstrdup(e->text);
		}
	} else {
		ld_err(ld, vn,
		       "values must be a pattern like 'dev-{1..100}' or a "
		       "list [a, b, c] (got a mapping)");
		return;
	}
	load_dist(ld, m, dist_names, p->count, &p->dist);
}

/* strftime's conversions (C11 7.27.3.5 and POSIX, with glibc's k l P s
   and +), after an optional glibc flag (_ - 0 ^ #), width and E or O
   modifier */
#define PK_CLOCK_CONVERSIONS "aAbBcCdDeFgGhHIjklmMnpPrRsStTuUVwWxXyYzZ+%"

/* A clock: format names only strftime's conversions: a typo such as
   "%Q" would otherwise be printed as text and make another key */
static void clock_format_check(struct ld *ld, const struct yn *n,
			       const char *fmt)
{
	const char *c = fmt;

	while ((c = strchr(c, '%')) != NULL) {
		const char *d = c + 1;

		d += strspn(d, "_-0^#");
		d += strspn(d, "0123456789");
		if (*d == 'E' || *d == 'O') {
			d++;
		}
		if (*d == '\0' || !strchr(PK_CLOCK_CONVERSIONS, *d)) {
			char what[64];

			if (*d == '\0') {
				snprintf(what, sizeof(what),
					 "ends in a %% with no conversion");
			} else {
				snprintf(what, sizeof(what),
					 "has an unknown conversion \"%.*s\"",
					 (int)(d - c + 1), c);
			}
			ld_err(
			    ld, n,
			    "clock format \"%s\" %s: allowed are strftime's "
			    "(%%Y year, %%m month, %%d day, %%H hour, %%M "
			    "minute, %%S second, %%A weekday, %%j day of the "
			    "year, %%U week ...; %%%% for a %%)",
			    fmt, what);
			return;
		}
		c = d + 1;
	}
}

/* A generator mapping m {values: ...} etc. for the property at path,
   named by key node k. */
static void load_gen(struct ld *ld, const char *path, const struct yn *k,
		     const struct yn *m)
{
	char *where = xasprintf("in generator for '%s'", path);
	const struct yn *kinds[4], *first = NULL, *second = NULL;
	struct pk_prop_spec *p;
	size_t i;

	ld_check_keys(ld, m, gen_keys, where);
	free(where);
	for (i = 0; gen_kind_keys[i]; i++) {
		kinds[i] = yn_get(m, gen_kind_keys[i]);
		if (kinds[i] && !first) {
			first = kinds[i];
		} else if (kinds[i] && !second) {
			second = kinds[i];
		}
	}
	if (!first) {
		ld_err(ld, m,
		       "generator for '%s' needs one of values, clock, "
		       "const or unique",
		       path);
		return;
	}
	if (second) {
		ld_err(ld, second,
		       "generator for '%s' has more than one of "
		       "values, clock, const, unique; use exactly one",
		       path);
		return;
	}
	if (!kinds[0]) {
		for (i = 0; dist_keys[i]; i++) {
			const struct yn *dk = yn_get(m, dist_keys[i]);

			if (dk) {
				ld_err(ld, dk,
				       "%s only applies to a values "
				       "generator",
				       dist_keys[i]);
			}
		}
	}
	p = ld_prop_add(ld, path, k);
	if (kinds[0]) {
		load_values(ld, path, m, kinds[0], p);
	} else if (kinds[1]) {
		p->kind = PK_GEN_CLOCK;
		if (ld_get_string(ld, kinds[1], "clock", 0, &p->clock_format) !=
		    0) {
			/* said */
		} else if (!value_fits(kinds[1]->len)) {
			ld_err(ld, kinds[1], "clock format is too long");
		} else {
			clock_format_check(ld, kinds[1], p->clock_format);
		}
	} else if (kinds[2]) {
		if (ld_need_kind(ld, kinds[2], YN_SCALAR, "const",
				 "a string, number, true, false or null") ==
		    0) {
			const_set(ld, kinds[2], p);
		} else {
			p->kind = PK_GEN_CONST;
		}
	} else {
		p->kind = PK_GEN_UNIQUE;
		free(p->prefix);
		p->prefix = NULL;
		if (ld_get_string(ld, kinds[3], "unique", 1, &p->prefix) == 0 &&
		    !value_fits(kinds[3]->len + PK_SCENARIO_U64_DIGITS)) {
			ld_err(ld, kinds[3],
			       "unique prefix is too long; values "
			       "are limited to %d bytes",
			       PK_VALUE_MAX_BYTES - 1);
		}
		if (!p->prefix) {
			p->prefix = xstrdup("");
		}
	}
}

/* 1 if mapping m is a generator: it holds a generator key other than
   s (a one-letter word that is also a plausible property name, so
   {s: {values: [a, b]}} stays a nested object with a property /s). */
static int has_gen_key(const struct yn *m)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		const char *k = yn_key(m, i)->text;

		if (strcmp(k, "s") != 0 && ld_word_in(k, gen_keys)) {
			return 1;
		}
	}
	return 0;
}

/* The properties of mapping m, nested under JSON path parent ("" = root). */
void ld_load_props(struct ld *ld, const struct yn *m, const char *parent)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i), *v = yn_val(m, i);
		char *path;

		if (k->len == 0) {
			ld_err(ld, k, "property names must not be empty");
			continue;
		}
		if (strchr(k->text, '/')) {
			ld_err(ld, k,
			       "property name '%.*s' must not contain '/'; "
			       "nest mappings for nested objects "
			       "(address: {city: ...})",
			       PK_SCENARIO_QUOTE_BYTES, k->text);
			continue;
		}
		path = xasprintf("%s/%s", parent, k->text);
		if (v->kind == YN_SCALAR) {
			const_set(ld, v, ld_prop_add(ld, path, k));
		} else if (v->kind == YN_SEQ) {
			ld_err(ld, v,
			       "property '%s' is a list; write {values: "
			       "[a, b]} to draw from a list of values",
			       path);
		} else if (v->n_kids == 0) {
			ld_err(ld, v,
			       "property '%s' is an empty mapping; give a "
			       "generator (values, clock, const, unique) "
			       "or nested properties",
			       path);
		} else if (has_gen_key(v)) {
			load_gen(ld, path, k, v);
		} else {
			ld_load_props(ld, v, path);
		}
		free(path);
	}
}

/* Whether text s (len bytes, a brace group's inside) names a property
   of ld's items: "name", "f(name)" or "f(name) mod N", name a path below
   the root ("a/b" or "a.b" for /a/b) */
static int names_prop(const struct ld *ld, const char *s, size_t len)
{
	const char *open = memchr(s, '(', len), *close;
	char path[PK_SCENARIO_QUOTE_BYTES + 2];
	size_t i, n;

	if (open) {
		close = memchr(open, ')', len - (size_t)(open - s));
		if (!close) {
			return 0;
		}
		len = (size_t)(close - open - 1);
		s = open + 1;
	}
	while (len > 0 && *s == ' ') {
		s++;
		len--;
	}
	while (len > 0 && s[len - 1] == ' ') {
		len--;
	}
	if (len == 0 || len + 2 > sizeof(path)) {
		return 0;
	}
	path[0] = '/';
	for (i = 0; i < len; i++) {
		path[i + 1] = s[i] == '.' ? '/' : s[i];
	}
	path[len + 1] = '\0';
	for (n = 0; n < ld->s->n_props; n++) {
		if (strcmp(ld->s->props[n].path, path) == 0) {
			return 1;
		}
	}
	return 0;
}

/* Whether text t holds a brace group naming a property (names_prop) */
static int reads_as_template(const struct ld *ld, const char *t)
{
	const char *open, *close;

	for (open = strchr(t, '{'); open; open = strchr(close, '{')) {
		close = strchr(open + 1, '}');
		if (!close) {
			return 0;
		}
		if (names_prop(ld, open + 1, (size_t)(close - open - 1))) {
			return 1;
		}
	}
	return 0;
}

/* 1 when t takes path as its partition or sort key */
static int table_keyed_by(const struct pk_ddb_table_spec *t, const char *path)
{
	return (t->partition_key && strcmp(t->partition_key, path) == 0) ||
	       (t->sort_key && strcmp(t->sort_key, path) == 0);
}

/* 1 when a DynamoDB table of s (its own, or a variant's) is keyed by
   path: a table's key is an attribute as the application writes it,
   never a template (scenario_table.c), so the warning's fix differs */
static int table_key(const struct pk_scenario *s, const char *path)
{
	size_t i;

	if (s->service == PK_SERVICE_DYNAMODB &&
	    table_keyed_by(&s->table, path)) {
		return 1;
	}
	for (i = 0; i < s->n_variants; i++) {
		if (s->variants[i].table &&
		    table_keyed_by(s->variants[i].table, path)) {
			return 1;
		}
	}
	return 0;
}

void ld_warn_key_texts(struct ld *ld)
{
	size_t i, j;

	for (i = 0; i < ld->s->n_props; i++) {
		const struct pk_prop_spec *p = &ld->s->props[i];
		const char *t = NULL;

		if (p->kind == PK_GEN_CONST && p->const_text) {
			t = reads_as_template(ld, p->const_text) ? p->const_text
								 : NULL;
		} else if (p->kind == PK_GEN_LIST) {
			for (j = 0; j < p->count && !t; j++) {
				t = reads_as_template(ld, p->list[j])
					? p->list[j]
					: NULL;
			}
		}
		if (!t) {
			continue;
		}
		if (table_key(ld->s, p->path)) {
			ld_warn_at(
			    ld, p->line, p->col,
			    "property '%s' holds the text \"%.*s\", which "
			    "reads as a key template: a property's value is "
			    "taken as written, so every item gets that one "
			    "text; a DynamoDB table's key is an attribute as "
			    "the application writes it, which pksim does not "
			    "build from other properties: give '%s' the "
			    "values the application writes (values: or a "
			    "pattern), or key a container variant by the "
			    "template (partition_key: \"%.*s\")",
			    p->path, PK_SCENARIO_QUOTE_BYTES, t, p->path,
			    PK_SCENARIO_QUOTE_BYTES, t);
			continue;
		}
		ld_warn_at(
		    ld, p->line, p->col,
		    "property '%s' holds the text \"%.*s\", which reads "
		    "as a key template: a property's value is taken as "
		    "written, so every item gets that one text; to build "
		    "a key from each item's properties, write the "
		    "template as the key itself (partition_key: "
		    "\"%.*s\")",
		    p->path, PK_SCENARIO_QUOTE_BYTES, t,
		    PK_SCENARIO_QUOTE_BYTES, t);
	}
}

void ld_load_select(struct ld *ld, const struct yn *n, struct pk_dist_spec *d)
{
	static const char *const keys[] = {
	    "distribution", "theta", "s", "hot_data", "hot_ops", NULL,
	};

	if (n->kind == YN_SCALAR) {
		ld_dist_defaults(d);
		get_dist_name(ld, n, select_dist_names, &d->kind);
		return;
	}
	if (ld_need_kind(ld, n, YN_MAP, "select",
			 "a distribution name or {distribution: NAME, ...}") <
	    0) {
		return;
	}
	ld_check_keys(ld, n, keys, "in select");
	load_dist(ld, n, select_dist_names, 0, d);
}

void ld_prop_free(struct pk_prop_spec *p)
{
	uint64_t i;

	free(p->path);
	free(p->prefix);
	free(p->suffix);
	if (p->list) {
		for (i = 0; i < p->count; i++) {
			free(p->list[i]);
		}
		free(p->list);
	}
	free(p->dist.weights);
	free(p->clock_format);
	free(p->const_text);
}
