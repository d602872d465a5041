/*
 * plan_spec: the PLAN.yaml loader of `pksim plan` (plan_spec.h). Built on
 * the scenario loader's node tree and typed getters (yamltree.h,
 * loader.h): every error is recorded at its FILE:LINE:COL with what is
 * allowed, and the walk goes on, so one run shows many mistakes. The
 * format: docs/plan-format.md.
 */
#include "pksim/load/plan_spec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"
#include "pksim/load/trace.h"
#include "readbound.h"

/* Longest value name counted from a data file, in bytes. */
#define PK_PLAN_MAX_NAME_BYTES 256
#define PLAN_SIZE_HINT                                                         \
	"a plan is a page of YAML (count volumes with count_from)"
/* Largest item: 2 MB (D-LIMITS, the service's maximum item size). */
#define PK_PLAN_MAX_ITEM_BYTES (2ULL * 1024ULL * 1024ULL)
/* Upper bounds that keep the arithmetic far from overflow and the
   printed columns readable; no real plan comes near them. */
#define PK_PLAN_MAX_PER_YEAR 1e12
#define PK_PLAN_MAX_WRITES 1e6
#define PK_PLAN_MAX_RU 1e6
#define PK_PLAN_MAX_YEARS 100
#define PK_PLAN_MAX_INDEX_FACTOR 100.0
/* count_from.days: ASSUMPTION a year of 365 days (a file's span is
   rarely long enough for leap days to matter). */
#define PK_PLAN_DAYS_A_YEAR 365.0

static const char *const role_names[] = {"value", "month", "day", "unique",
					 NULL};
/* The roles a `properties:` entry may have (value is the `per` path's). */
static const char *const prop_roles[] = {"month", "day", "unique", NULL};

const char *plan_role_name(enum pk_plan_role r)
{
	return role_names[r];
}

/* A one-level path "/name": what the emitted scenario can generate. */
static int plan_path_ok(const char *s)
{
	return ld_path_ok(s) && !strchr(s + 1, '/');
}

static int get_plan_path(struct ld *ld, const struct yn *n, const char *key,
			 char **out)
{
	char buf[PK_YN_DESC_BYTES];

	if (n->kind != YN_SCALAR || !plan_path_ok(n->text)) {
		ld_err(ld, n,
		       "%s must be a one-level property path such as "
		       "/officeId (got %s)",
		       key, yn_desc(n, buf, sizeof(buf)));
		return -1;
	}
	*out = xstrdup(n->text);
	return 0;
}

/* ------------------------------------------------------------------ */
/* values: NAME: PER_YEAR, or count_from: {file, years} */

static void add_value(struct pk_plan_spec *p, size_t *cap, const char *name,
		      size_t len, double per_year)
{
	if (p->n_values == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		p->values = xreallocarray(p->values, *cap, sizeof(*p->values));
	}
	p->values[p->n_values].name = xstrndup(name, len);
	p->values[p->n_values].per_year = per_year;
	p->n_values++;
}

static void load_values(struct ld *ld, struct pk_plan_spec *p,
			const struct yn *m)
{
	size_t i, cap = 0;
	double sum = 0;
	char key[PK_SCENARIO_QUOTE_BYTES + 8];

	if (ld_need_kind(ld, m, YN_MAP, "values",
			 "a mapping of value to entities a year, e.g. "
			 "{buero-nord: 7360}") < 0) {
		return;
	}
	if (yn_pairs(m) == 0 || yn_pairs(m) > PK_PLAN_MAX_VALUES) {
		ld_err(ld, m, "values must list 1 to %d values (got %zu)",
		       PK_PLAN_MAX_VALUES, yn_pairs(m));
		return;
	}
	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i);
		double v;

		if (k->len == 0) {
			ld_err(ld, k, "a value's name must not be empty");
			continue;
		}
		snprintf(key, sizeof(key), "values.%.*s",
			 PK_SCENARIO_QUOTE_BYTES, k->text);
		if (ld_get_number(
			ld, yn_val(m, i), key, 0, 0, PK_PLAN_MAX_PER_YEAR, 0,
			"entities a year, a number from 0 to 1e12", &v) == 0) {
			add_value(p, &cap, k->text, k->len, v);
			sum += v;
		}
	}
	if (p->n_values == yn_pairs(m) && !(sum > 0)) {
		ld_err(ld, m,
		       "values must have more than 0 entities a year "
		       "in all");
	}
}

/* The value of the record at t's record 0 (record n of the file,
   1-based) at p->per, as a string into buf; -1 with an error at the
   record when it is not a string. */
static int record_name(struct ld *ld, const struct pk_plan_spec *p,
		       const struct pk_trace *t, size_t n, char *buf,
		       size_t cap, size_t *len)
{
	struct pk_value v;
	int st = trace_value(t, 0, p->per, &v, buf, cap);

	if (st == PK_TRACE_OK && v.type == PK_VALUE_STRING && v.len > 0) {
		*len = v.len;
		return 0;
	}
	diag_error(ld->d, p->count_file, trace_line(t, 0), 0,
		   "record %zu has no non-empty string of at most %d bytes "
		   "at %s; count_from counts records by their %s",
		   n, PK_PLAN_MAX_NAME_BYTES - 1, p->per, p->per);
	return -1;
}

/* What count_values carries from record to record */
struct counting {
	struct ld *ld;
	struct pk_plan_spec *p;
	const struct yn *fn; /* count_from's file node, for errors */
	size_t cap;	     /* p->values' room */
	size_t n;	     /* records seen */
	size_t bad;	     /* records without a name */
};

/* One record of the data file counted under its value (trace_load_each's
   reader); 1 to read no more: PK_DIAG_MAX_ERRORS records without a name,
   or a value past PK_PLAN_MAX_VALUES */
static int count_record(void *ctx, const struct pk_trace *t)
{
	struct counting *c = ctx;
	struct pk_plan_spec *p = c->p;
	char buf[PK_PLAN_MAX_NAME_BYTES];
	size_t j, len;

	c->n++;
	if (record_name(c->ld, p, t, c->n, buf, sizeof(buf), &len)) {
		return ++c->bad >= PK_DIAG_MAX_ERRORS;
	}
	for (j = 0; j < p->n_values; j++) {
		if (strlen(p->values[j].name) == len &&
		    memcmp(p->values[j].name, buf, len) == 0) {
			break;
		}
	}
	if (j == p->n_values) {
		if (p->n_values == PK_PLAN_MAX_VALUES) {
			ld_err(c->ld, c->fn,
			       "count_from: the data file has more than %d "
			       "values at %s",
			       PK_PLAN_MAX_VALUES, p->per);
			return 1;
		}
		add_value(p, &c->cap, buf, len, 0);
	}
	p->values[j].per_year += 1;
	return 0;
}

/* Count the records of the data file per value of p->per, in order of
   first appearance, times per_year (a year's records per record of the
   file: 1 / the years it spans). The file is read a record at a time
   (trace_load_each), so a file of any size, a pipe or a device takes
   one record's memory; a pipe or a device ends at PK_TRACE_MAX_FILE_BYTES
   (refused there) or at the first records without a name. */
static void count_values(struct ld *ld, struct pk_plan_spec *p,
			 const struct yn *fn, double per_year)
{
	struct counting c = {ld, p, fn, 0, 0, 0};
	struct pk_trace *t;
	size_t j, n;

	t = trace_load_each(p->count_file, PK_TRACE_FORMAT_AUTO, count_record,
			    &c, &n, ld->d);
	if (!t) {
		diag_note(ld->d, "count_from at %s:%d:%d", ld->file, fn->line,
			  fn->col);
		return;
	}
	if (n == 0) {
		ld_err(ld, fn, "count_from: the data file holds no records");
	}
	for (j = 0; j < p->n_values; j++) {
		p->values[j].per_year *= per_year;
	}
	trace_free(t);
}

/* Check count_from's mapping m and set p->count_file; the file's node in
   *fn and a year's records per record of the file in *per_year, for
   count_values once the whole plan has no error. */
static void load_count_from(struct ld *ld, struct pk_plan_spec *p,
			    const struct yn *m, const struct yn **fn_out,
			    double *per_year_out)
{
	static const char *const keys[] = {"file", "years", "days", NULL};
	const struct yn *fn, *yn, *dn;
	const char *slash;
	double years = 1, days = 0, per_year;

	if (ld_need_kind(ld, m, YN_MAP, "count_from",
			 "a mapping {file: data.json, years: 1}") < 0) {
		return;
	}
	ld_check_keys(ld, m, keys, "in count_from");
	yn = yn_get(m, "years");
	dn = yn_get(m, "days");
	if (yn && dn) {
		ld_err(ld, dn,
		       "count_from takes years or days (the span of "
		       "the file), not both");
		return;
	}
	if (yn && ld_get_number(ld, yn, "count_from.years", 0, 1,
				PK_PLAN_MAX_YEARS, 0,
				"the years the file's records span, more "
				"than 0 and at most 100",
				&years) < 0) {
		return;
	}
	if (dn && ld_get_number(ld, dn, "count_from.days", 0, 1,
				PK_PLAN_MAX_YEARS * PK_PLAN_DAYS_A_YEAR, 0,
				"the days the file's records span, more "
				"than 0 and at most 36500",
				&days) < 0) {
		return;
	}
	/* count x 365 / days, so whole counts stay whole */
	per_year = dn ? PK_PLAN_DAYS_A_YEAR / days : 1.0 / years;
	fn = yn_get(m, "file");
	if (!fn) {
		ld_err(ld, m,
		       "count_from needs file: a data file (JSON array, "
		       "JSON lines or CSV) relative to the plan");
		return;
	}
	if (fn->kind != YN_SCALAR || fn->len == 0) {
		ld_need_kind(ld, fn, YN_MAP, "count_from.file", "a file name");
		return;
	}
	if (!p->per) {
		return; /* reported at `per` */
	}
	slash = strrchr(ld->file, '/');
	p->count_file = fn->text[0] == '/' || !slash
			    ? xstrdup(fn->text)
			    : xasprintf("%.*s/%s", (int)(slash - ld->file),
					ld->file, fn->text);
	*fn_out = fn;
	*per_year_out = per_year;
}

/* ------------------------------------------------------------------ */
/* properties and keys */

static void load_props(struct ld *ld, struct pk_plan_spec *p,
		       const struct yn *m)
{
	size_t i;

	if (ld_need_kind(ld, m, YN_MAP, "properties",
			 "a mapping of path to role, e.g. {/month: month, "
			 "/id: unique}") < 0) {
		return;
	}
	p->props = xcalloc(yn_pairs(m) ? yn_pairs(m) : 1, sizeof(*p->props));
	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i), *v = yn_val(m, i);
		char *path;
		size_t r;

		if (get_plan_path(ld, k, "a property", &path) < 0) {
			continue;
		}
		if (p->per && strcmp(path, p->per) == 0) {
			ld_err(ld, k,
			       "%s is the `per` path (its role is value); "
			       "properties declares the other paths of the "
			       "keys",
			       path);
			free(path);
			continue;
		}
		if (v->kind != YN_SCALAR || !ld_word_in(v->text, prop_roles)) {
			/* reported here; kept (as a month) so the keys that
			   name it are not reported again */
			ld_err_unknown(ld, v, "role", v->text ? v->text : "",
				       "for a property", prop_roles);
			r = PK_PLAN_ROLE_MONTH;
		} else {
			for (r = 0; strcmp(role_names[r], v->text) != 0; r++) {
			}
		}
		p->props[p->n_props].path = path;
		p->props[p->n_props].role = (enum pk_plan_role)r;
		p->n_props++;
	}
}

/* The role of path in p, or -1 when it is neither `per` nor declared. */
static int role_of(const struct pk_plan_spec *p, const char *path)
{
	size_t i;

	if (p->per && strcmp(path, p->per) == 0) {
		return PK_PLAN_ROLE_VALUE;
	}
	for (i = 0; i < p->n_props; i++) {
		if (strcmp(p->props[i].path, path) == 0) {
			return (int)p->props[i].role;
		}
	}
	return -1;
}

static void key_path(struct ld *ld, struct pk_plan_spec *p,
		     struct pk_plan_key *k, const struct yn *n, int *ok)
{
	char *path;
	int role;
	size_t i;

	if (get_plan_path(ld, n, "a key path", &path) < 0) {
		*ok = 0;
		return;
	}
	role = role_of(p, path);
	if (role < 0 && !p->per) {
		/* `per` is missing or wrong, reported there */
		free(path);
		*ok = 0;
		return;
	}
	if (role < 0) {
		ld_err(ld, n,
		       "key path %s is neither the `per` path (%s) nor "
		       "declared under properties (as month, day or unique)",
		       path, p->per);
		free(path);
		*ok = 0;
		return;
	}
	for (i = 0; i < k->n_paths; i++) {
		if (strcmp(k->paths[i], path) == 0) {
			ld_err(ld, n, "key path %s appears twice in one key",
			       path);
			free(path);
			*ok = 0;
			return;
		}
	}
	k->paths[k->n_paths] = path;
	k->roles[k->n_paths] = (enum pk_plan_role)role;
	k->n_paths++;
}

static void key_free(struct pk_plan_key *k)
{
	size_t i;

	for (i = 0; i < k->n_paths; i++) {
		free(k->paths[i]);
	}
	free(k->display);
}

static void load_key(struct ld *ld, struct pk_plan_spec *p, const struct yn *n)
{
	struct pk_plan_key *k = &p->keys[p->n_keys];
	int ok = 1;
	size_t i, len = 1;

	memset(k, 0, sizeof(*k));
	if (n->kind == YN_SEQ) {
		if (n->n_kids < 1 || n->n_kids > 3) {
			ld_err(ld, n,
			       "a hierarchical key has 1 to 3 paths (got "
			       "%zu)",
			       n->n_kids);
			return;
		}
		for (i = 0; i < n->n_kids; i++) {
			key_path(ld, p, k, n->kids[i], &ok);
		}
	} else {
		key_path(ld, p, k, n, &ok);
	}
	if (!ok) {
		key_free(k);
		return;
	}
	for (i = 0; i < p->n_keys && ok; i++) {
		size_t j;

		ok = p->keys[i].n_paths != k->n_paths;
		for (j = 0; !ok && j < k->n_paths; j++) {
			ok = strcmp(p->keys[i].paths[j], k->paths[j]) != 0;
		}
	}
	if (!ok) {
		ld_err(ld, n, "this candidate key is listed twice in keys");
		key_free(k);
		return;
	}
	for (i = 0; i < k->n_paths; i++) {
		len += strlen(k->paths[i]) + 3;
	}
	k->display = xmalloc(len);
	k->display[0] = '\0';
	for (i = 0; i < k->n_paths; i++) {
		if (i) {
			strcat(k->display, " + ");
		}
		strcat(k->display, k->paths[i]);
	}
	p->n_keys++;
}

static void load_keys(struct ld *ld, struct pk_plan_spec *p, const struct yn *n)
{
	size_t i;

	if (ld_need_kind(ld, n, YN_SEQ, "keys",
			 "a list of candidate keys: /path or [/a, /b]") < 0) {
		return;
	}
	if (n->n_kids == 0 || n->n_kids > PK_PLAN_MAX_KEYS) {
		ld_err(ld, n, "keys must list 1 to %d candidate keys (got %zu)",
		       PK_PLAN_MAX_KEYS, n->n_kids);
		return;
	}
	p->keys = xcalloc(n->n_kids, sizeof(*p->keys));
	for (i = 0; i < n->n_kids; i++) {
		load_key(ld, p, n->kids[i]);
	}
}

/* ------------------------------------------------------------------ */
/* The root */

static const struct yn *required(struct ld *ld, const struct yn *root,
				 const char *key, const char *what)
{
	const struct yn *n = yn_get(root, key);

	if (!n) {
		ld_err(ld, root, "missing required key '%s' (%s)", key, what);
	}
	return n;
}

static void load_numbers(struct ld *ld, struct pk_plan_spec *p,
			 const struct yn *root)
{
	const struct yn *n;

	if ((n = required(ld, root, "item_size",
			  "bytes of one item, e.g. "
			  "221"))) {
		ld_get_size(ld, n, "item_size", 1, PK_PLAN_MAX_ITEM_BYTES,
			    "from 1 byte to 2 MB", &p->item_bytes);
	}
	if ((n = yn_get(root, "index_factor"))) {
		ld_get_number(ld, n, "index_factor", 0, 1,
			      PK_PLAN_MAX_INDEX_FACTOR, 0,
			      "a factor greater than 0 and at most 100",
			      &p->index_factor);
	}
	if ((n = yn_get(root, "writes_per_entity"))) {
		ld_get_number(ld, n, "writes_per_entity", 0, 1,
			      PK_PLAN_MAX_WRITES, 0,
			      "a number greater than 0 and at most 1e6",
			      &p->writes_per_entity);
	}
	if ((n = required(ld, root, "ru_per_write",
			  "RU of one write, e.g. "
			  "6"))) {
		ld_get_number(ld, n, "ru_per_write", 0, 1, PK_PLAN_MAX_RU, 0,
			      "RU greater than 0 and at most 1e6",
			      &p->ru_per_write);
	}
	if ((n = required(ld, root, "years", "the storage horizon, e.g. 5"))) {
		ld_get_int(ld, n, "years", 1, PK_PLAN_MAX_YEARS,
			   "whole years from 1 to 100", &p->years);
	}
	if ((n = required(ld, root, "max_throughput",
			  "the container's RU/s maximum, e.g. 2000"))) {
		ld_get_int(ld, n, "max_throughput", 400, PK_MAX_RU_PER_S,
			   "RU/s from 400 to 1000000", &p->max_ru_per_s);
	}
	if ((n = required(ld, root, "working_days",
			  "working days a year, e.g. 230"))) {
		ld_get_int(ld, n, "working_days", 1, 366,
			   "whole days from 1 to 366", &p->working_days);
	}
}

static void load_root(struct ld *ld, struct pk_plan_spec *p,
		      const struct yn *root)
{
	static const char *const keys[] = {
	    "name",
	    "description",
	    "entity",
	    "per",
	    "label",
	    "values",
	    "count_from",
	    "item_size",
	    "index_factor",
	    "writes_per_entity",
	    "ru_per_write",
	    "years",
	    "max_throughput",
	    "working_days",
	    "properties",
	    "keys",
	    NULL,
	};
	const struct yn *n, *vals, *cf, *count_fn = NULL;
	char buf[PK_YN_DESC_BYTES];
	size_t before = diag_count(ld->d);
	double per_year = 1;

	if (root->kind != YN_MAP) {
		ld_err(ld, root,
		       "a plan must be a mapping of keys (per, values, "
		       "item_size, keys, ...) (got %s)",
		       yn_desc(root, buf, sizeof(buf)));
		return;
	}
	ld_check_keys(ld, root, keys, "in a plan");
	if ((n = yn_get(root, "name"))) {
		ld_get_string(ld, n, "name", 0, &p->name);
	}
	if ((n = yn_get(root, "description"))) {
		ld_get_string(ld, n, "description", 1, &p->description);
	}
	if ((n = yn_get(root, "entity"))) {
		ld_get_string(ld, n, "entity", 0, &p->entity);
	}
	if ((n = yn_get(root, "label"))) {
		ld_get_string(ld, n, "label", 0, &p->label);
	}
	if ((n = required(ld, root, "per",
			  "the path the volumes are counted by, e.g. "
			  "/officeId"))) {
		get_plan_path(ld, n, "per", &p->per);
	}
	vals = yn_get(root, "values");
	cf = yn_get(root, "count_from");
	if (vals && cf) {
		ld_err(ld, cf, "give values or count_from, not both");
	} else if (vals) {
		load_values(ld, p, vals);
	} else if (cf) {
		load_count_from(ld, p, cf, &count_fn, &per_year);
	} else {
		ld_err(ld, root,
		       "missing required key 'values' (value: entities a "
		       "year) or 'count_from' (a data file to count them "
		       "in)");
	}
	load_numbers(ld, p, root);
	if ((n = yn_get(root, "properties"))) {
		load_props(ld, p, n);
	}
	if ((n = required(ld, root, "keys",
			  "the candidate keys, e.g. [/officeId, "
			  "[/officeId, /month], /id]"))) {
		load_keys(ld, p, n);
	}
	/* the data file last, and only for a plan without an error: a
	   typo is said at once, not after a file of any size (or a pipe
	   that never ends) is counted */
	if (count_fn && diag_count(ld->d) == before) {
		count_values(ld, p, count_fn, per_year);
	}
}

/* File base name without directory and .yaml/.yml (and .plan). */
static char *plan_base_name(const char *file)
{
	const char *b = strrchr(file, '/');
	const char *const ends[] = {".plan.yaml", ".plan.yml", ".yaml", ".yml"};
	size_t len, i;

	b = b ? b + 1 : file;
	len = strlen(b);
	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		size_t e = strlen(ends[i]);

		if (len > e && strcmp(b + len - e, ends[i]) == 0) {
			return xstrndup(b, len - e);
		}
	}
	return xstrdup(b);
}

struct pk_plan_spec *plan_spec_parse(const char *file, const char *text,
				     size_t len, struct pk_diag *d)
{
	struct ld ld;
	struct yn *root;
	struct pk_plan_spec *p;
	size_t before = diag_count(d);

	memset(&ld, 0, sizeof(ld));
	ld.file = file;
	ld.d = d;
	if (len > PK_PLAN_MAX_FILE_BYTES) {
		readbound_error(d, file, 1, len, PK_PLAN_MAX_FILE_BYTES,
				"the plan", PLAN_SIZE_HINT);
		return NULL;
	}
	root = yamltree_parse(file, text, len, d);
	if (!root) {
		return NULL;
	}
	p = xcalloc(1, sizeof(*p));
	p->file = xstrdup(file);
	p->index_factor = 1;
	p->writes_per_entity = 1;
	load_root(&ld, p, root);
	yn_free(root);
	if (diag_count(d) != before) {
		plan_spec_free(p);
		return NULL;
	}
	if (!p->name) {
		p->name = plan_base_name(file);
	}
	if (!p->entity) {
		p->entity = xstrdup("item");
	}
	if (!p->label) {
		p->label = xstrdup(p->per + 1);
	}
	return p;
}

struct pk_plan_spec *plan_spec_load(const char *path, struct pk_diag *d)
{
	struct pk_plan_spec *p;
	size_t n = 0;
	char *buf = readbound_whole(path, PK_PLAN_MAX_FILE_BYTES, "the plan",
				    PLAN_SIZE_HINT, &n, d);

	if (!buf) {
		return NULL;
	}
	p = plan_spec_parse(path, buf, n, d);
	free(buf);
	return p;
}

void plan_spec_free(struct pk_plan_spec *p)
{
	size_t i;

	if (!p) {
		return;
	}
	for (i = 0; i < p->n_values; i++) {
		free(p->values[i].name);
	}
	free(p->values);
	for (i = 0; i < p->n_props; i++) {
		free(p->props[i].path);
	}
	free(p->props);
	for (i = 0; i < p->n_keys; i++) {
		key_free(&p->keys[i]);
	}
	free(p->keys);
	free(p->count_file);
	free(p->file);
	free(p->name);
	free(p->description);
	free(p->entity);
	free(p->per);
	free(p->label);
	free(p);
}
