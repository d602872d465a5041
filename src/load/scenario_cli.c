/*
 * scenario_cli: scenarios built from command-line options without YAML
 * (`--items FILE`, `--key TEXT`), checked as a scenario file's keys are.
 */
#include "loader.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/trace.h"

/* ------------------------------------------------------------------ */
/* Scenarios from the command line */

/* The data file's base name without directory and extension. Owned. */
static char *data_base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	const char *dot;

	b = b ? b + 1 : path;
	dot = strrchr(b, '.');
	if (dot && dot > b) {
		return xstrndup(b, (size_t)(dot - b));
	}
	return xstrdup(*b ? b : path);
}

struct pk_scenario *
scenario_for_items(const char *path, int format, const char *time_field,
		   double time_compression, double rate_per_s, int at_once,
		   int64_t throughput_ru_per_s, struct pk_diag *diag)
{
	size_t before = diag_count(diag);
	int rules = (time_field != NULL) + (rate_per_s != 0) + (at_once != 0);
	struct pk_scenario *s;
	struct pk_items_file *f;

	if (rules != 1) {
		diag_error(diag, "--items", 0, 0,
			   rules ? "give only one of --time-field, --rate "
				   "and --at-once"
				 : "give how records arrive: one of "
				   "--time-field F (a timestamp property), "
				   "--rate R (e.g. 100/s, in file order) or "
				   "--at-once");
	}
	if (time_field &&
	    (time_field[0] == '\0' || strcmp(time_field, "/") == 0)) {
		diag_error(diag, "--time-field", 0, 0,
			   "the time field must name a property, e.g. ts");
	}
	if (time_field &&
	    !(time_compression > 0 && isfinite(time_compression))) {
		diag_error(diag, "--time-compression", 0, 0,
			   "must be a number greater than 0 (got %g)",
			   time_compression);
	}
	if (rate_per_s != 0 && !(rate_per_s > 0 && isfinite(rate_per_s))) {
		diag_error(diag, "--rate", 0, 0,
			   "must be greater than 0 records a second (got %g)",
			   rate_per_s);
	}
	if (throughput_ru_per_s < 1 || throughput_ru_per_s > PK_MAX_RU_PER_S) {
		diag_error(diag, "--throughput", 0, 0,
			   "must be a whole number of RU/s from 1 to "
			   "1,000,000 (got %lld)",
			   (long long)throughput_ru_per_s);
	}
	if (format < PK_TRACE_FORMAT_AUTO || format > PK_TRACE_FORMAT_CSV) {
		PK_BUG("scenario_for_items: format %d", format);
	}
	if (diag_count(diag) != before) {
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	ld_scenario_defaults(s);
	s->file = xstrdup(path);
	s->name = data_base_name(path);
	s->container.throughput_ru_per_s = throughput_ru_per_s;
	/* a placeholder until the caller adds variants (scenario.h) */
	s->container.partition_key = xstrdup("/id");
	s->container.name = xstrdup("/id");
	s->container.key.kind = PK_KEY_PATH;
	s->container.key.paths[0] = xstrdup("/id");
	s->container.key.n_paths = 1;
	s->items_file = f = xcalloc(1, sizeof(*f));
	f->path = xstrdup(path);
	f->resolved = xstrdup(path);
	f->format = format;
	if (time_field) {
		f->from = PK_FROM_TIME_FIELD;
		f->time_field = ld_field_path(time_field);
		f->time_compression = time_compression;
	} else if (rate_per_s != 0) {
		f->from = PK_FROM_RATE;
		f->rate_per_s = rate_per_s;
	} else {
		f->from = PK_FROM_AT_ONCE;
	}
	if (ld_items_file_read(f, diag, "--items", 0, 0,
			       LD_ITEM_RECORD_BYTES)) {
		scenario_free(s);
		return NULL;
	}
	return s;
}

/* text[0..len) without the spaces around it: sets *len, returns start. */
static const char *trim_span(const char *text, size_t *len)
{
	while (*len > 0 && (*text == ' ' || *text == '\t')) {
		text++;
		(*len)--;
	}
	while (*len > 0 && (text[*len - 1] == ' ' || text[*len - 1] == '\t')) {
		(*len)--;
	}
	return text;
}

/*
 * The node a scenario file would hold for the key text of `--key`: a
 * template or a single path as a scalar, "/a,/b" or "[/a, /b]" as a
 * list of scalars, so load_key checks it as it checks partition_key.
 */
static struct yn *key_node(const char *text)
{
	size_t len = strlen(text), part;
	const char *t, *comma;
	struct yn *seq;

	if (strchr(text, '{')) {
		return yn_scalar_new(text, len); /* a template, as written */
	}
	t = trim_span(text, &len);
	if (len >= 2 && t[0] == '[' && t[len - 1] == ']') {
		t++;
		len -= 2;
	} else if (!memchr(t, ',', len)) {
		return yn_scalar_new(t, len);
	}
	seq = xcalloc(1, sizeof(*seq));
	seq->kind = YN_SEQ;
	t = trim_span(t, &len);
	if (len == 0) {
		return seq; /* "[]": an empty list, which load_key reports */
	}
	for (;;) {
		const char *e;

		comma = memchr(t, ',', len);
		part = comma ? (size_t)(comma - t) : len;
		e = trim_span(t, &part);
		yn_push(seq, yn_scalar_new(e, part));
		if (!comma) {
			return seq;
		}
		len -= (size_t)(comma - t) + 1;
		t = comma + 1;
	}
}

/* A DynamoDB scenario's table whose partition key is display already,
   whatever its name (by default its attribute, "k" for /k; or its own,
   name: orders): a --key variant copies the table, so it would be the
   same table again, run twice and ranked level with itself. (In an
   Azure Cosmos DB scenario a --key copies the container, not a table
   variant.) An error at where, -1; else 0 */
static int key_of_table(const struct pk_scenario *s, const char *display,
			struct pk_diag *diag, const char *where)
{
	size_t i;

	for (i = 0; s->service == PK_SERVICE_DYNAMODB && i < s->n_variants;
	     i++) {
		const struct pk_container_spec *v = &s->variants[i];

		if (v->partition_key &&
		    strcmp(v->partition_key, display) == 0) {
			diag_error(diag, where, 0, 0,
				   "is the key of the scenario's variant '%s' "
				   "already: each --key adds one variant; "
				   "leave out this --key",
				   v->name);
			return -1;
		}
	}
	return 0;
}

/* The error of a --key named like variant v of the file (where: "--key
   'TEXT'") */
static void key_clash(struct pk_diag *diag, const char *where,
		      const struct pk_container_spec *v)
{
	diag_error(diag, where, 0, 0,
		   "clashes with the scenario's variant '%s' (line %d): each "
		   "--key adds one variant named after its key; rename that "
		   "variant or leave out this --key",
		   v->name, v->line);
}

int ld_check_cli_keys(struct ld *ld)
{
	const struct pk_scenario *s = ld->s;
	size_t k, i, before = diag_count(ld->d);

	for (k = 0; k < ld->n_cli_keys; k++) {
		for (i = 0; i < s->n_variants; i++) {
			if (s->variants[i].name && s->variants[i].line > 0 &&
			    strcmp(s->variants[i].name, ld->cli_keys[k]) == 0) {
				char *where =
				    xasprintf("--key '%s'", ld->cli_keys[k]);

				key_clash(ld->d, where, &s->variants[i]);
				free(where);
				break;
			}
		}
	}
	return diag_count(ld->d) == before ? 0 : -1;
}

int scenario_add_variant(struct pk_scenario *s, const char *key_text,
			 struct pk_diag *diag)
{
	struct ld ld;
	struct yn *n;
	struct pk_key_spec k;
	struct pk_container_spec *v;
	char *where, *display = NULL;
	size_t i;
	int rc;

	where = xasprintf("--key '%s'", key_text);
	memset(&ld, 0, sizeof(ld));
	ld.file = where;
	ld.d = diag;
	ld.s = s;
	for (i = 0; i < s->n_variants; i++) {
		if (strcmp(s->variants[i].name, key_text) == 0 &&
		    s->variants[i].line > 0) {
			/* a variant of the file (--key variants have line 0) */
			key_clash(diag, where, &s->variants[i]);
			free(where);
			return -1;
		}
		if (strcmp(s->variants[i].name, key_text) == 0) {
			diag_error(diag, where, 0, 0,
				   "this key is given twice; each --key adds "
				   "one variant named after it");
			free(where);
			return -1;
		}
	}
	memset(&k, 0, sizeof(k));
	n = key_node(key_text);
	rc = ld_load_key(&ld, n, &k, &display);
	yn_free(n);
	if (rc == 0 && k.kind == PK_KEY_HIERARCHICAL &&
	    s->container.key.version == 1) {
		/* D-HPK: MultiHash exists only under version 2 */
		diag_error(diag, where, 0, 0,
			   "a hierarchical partition key needs partition "
			   "key definition version 2, and the container "
			   "uses version 1");
		ld_key_free(&k);
		free(display);
		rc = -1;
	}
	if (rc == 0 && k.kind == PK_KEY_HIERARCHICAL &&
	    s->service == PK_SERVICE_DYNAMODB) {
		/* the message of a table's partition_key written as a list */
		diag_error(diag, where, 0, 0,
			   "a list is an Azure Cosmos DB hierarchical key, "
			   "which DynamoDB does not have: a table's --key is "
			   "one attribute path such as /customerId (or a "
			   "synthetic key such as '{a}-{b}'); a sort key "
			   "orders items inside one partition key value, it "
			   "does not spread them over partitions");
		ld_key_free(&k);
		free(display);
		rc = -1;
	}
	if (rc == 0 && key_of_table(s, display, diag, where) < 0) {
		ld_key_free(&k);
		free(display);
		rc = -1;
	}
	free(where);
	if (rc) {
		return -1;
	}
	k.version = s->container.key.version;
	k.line = 0;
	k.col = 0;
	s->variants =
	    xreallocarray(s->variants, s->n_variants + 1, sizeof(*s->variants));
	v = &s->variants[s->n_variants];
	ld_container_copy(v, &s->container);
	ld_key_free(&v->key);
	free(v->partition_key);
	free(v->name);
	v->key = k;
	v->partition_key = display;
	v->name = xstrdup(key_text);
	v->line = 0;
	v->col = 0;
	if (s->n_variants++ == 0) {
		/* scenario.h: container is the first variant's spec */
		ld_container_free(&s->container);
		ld_container_copy(&s->container, v);
	}
	return 0;
}

/* Bytes of a variant's name the list of variants shows at most; a
   longer name is cut there (at a UTF-8 character's start) and "..."
   added, so the other names fit */
#define KEEP_NAME_SHOWN 60

/* The bytes of name the list shows */
static int shown_bytes(const char *name)
{
	size_t n = strlen(name);

	if (n <= KEEP_NAME_SHOWN) {
		return (int)n;
	}
	for (n = KEEP_NAME_SHOWN;
	     n > 0 && ((unsigned char)name[n] & 0xC0) == 0x80; n--) {
	}
	return (int)n;
}

int scenario_keep_variant(struct pk_scenario *s, const char *name,
			  struct pk_diag *diag)
{
	return scenario_keep_variants(s, &name, 1, diag);
}

int scenario_keep_variants(struct pk_scenario *s, const char *const *names,
			   size_t n, struct pk_diag *diag)
{
	char known[256];
	size_t i, j, k, kept, len = 0;

	for (j = 0; j < n; j++) {
		for (i = 0; i < j; i++) {
			if (strcmp(names[i], names[j]) == 0) {
				diag_error(diag, "--variant", 0, 0,
					   "variant '%s' given twice; give "
					   "each variant once",
					   names[j]);
				return -1;
			}
		}
		for (k = 0; k < s->n_variants &&
			    strcmp(s->variants[k].name, names[j]) != 0;
		     k++) {
		}
		if (k < s->n_variants) {
			continue;
		}
		known[0] = '\0';
		/* each entry is at most 2 + 60 + 5 bytes: the loop leaves
		   room for ", ..." */
		for (i = 0; i < s->n_variants && len + 90 < sizeof(known);
		     i++) {
			const char *vn = s->variants[i].name;
			int shown = shown_bytes(vn);

			len = fmt_append(known, sizeof(known), len,
					 "%s'%.*s%s'", i ? ", " : "", shown, vn,
					 vn[shown] ? "..." : "");
		}
		if (i < s->n_variants) {
			fmt_append(known, sizeof(known), len, ", ...");
		}
		diag_error(diag, "--variant", 0, 0,
			   "no variant named '%s'; the variants are %s",
			   names[j], known);
		return -1;
	}
	/* the named ones, in the scenario's order (a full compare's) */
	for (i = 0, kept = 0; i < s->n_variants; i++) {
		for (j = 0; j < n && strcmp(s->variants[i].name, names[j]);
		     j++) {
		}
		if (j < n) {
			s->variants[kept++] = s->variants[i];
		} else {
			ld_container_free(&s->variants[i]);
		}
	}
	s->n_variants = kept;
	/* scenario.h: container is the first variant's spec */
	ld_container_free(&s->container);
	ld_container_copy(&s->container, &s->variants[0]);
	return 0;
}

void scenario_allow_undefined_key(struct pk_scenario *s)
{
	size_t i;

	s->container.allow_undefined_key = 1;
	for (i = 0; i < s->n_variants; i++) {
		s->variants[i].allow_undefined_key = 1;
	}
}

/* The share of "@SHARE": "20%" or "0.2", > 0 and < 1; -1 if not. */
static double parse_share(const char *t)
{
	char *end;
	double x;

	if (*t == '\0' || *t == ' ' || *t == '+' || *t == '-') {
		return -1;
	}
	x = strtod(t, &end);
	if (end == t) {
		return -1;
	}
	if (*end == '%' && end[1] == '\0') {
		x /= 100;
	} else if (*end != '\0') {
		return -1;
	}
	return x > 0 && x < 1 && isfinite(x) ? x : -1;
}

/* 1 with its index in *at when f already has a query filtering on q's
   properties (in any order). */
static int same_query_as(const struct pk_items_file *f,
			 const struct pk_query_spec *q, size_t *at)
{
	size_t i, a, b;

	for (i = 0; i < f->n_queries; i++) {
		const struct pk_query_spec *o = &f->queries[i];

		if (o->n_conds != q->n_conds) {
			continue;
		}
		for (a = 0; a < q->n_conds; a++) {
			for (b = 0; b < o->n_conds; b++) {
				if (strcmp(q->conds[a].path,
					   o->conds[b].path) == 0) {
					break;
				}
			}
			if (b == o->n_conds) {
				break;
			}
		}
		if (a == q->n_conds) {
			*at = i;
			return 1;
		}
	}
	return 0;
}

int scenario_add_query(struct pk_scenario *s, const char *text,
		       struct pk_diag *diag)
{
	struct pk_items_file *f = s->items_file;
	struct pk_query_spec q;
	const char *at = strrchr(text, '@'), *p, *end;
	char *where = xasprintf("--query '%s'", text);
	size_t n, i;
	int rc = -1;

	memset(&q, 0, sizeof(q));
	q.weight = -1;
	q.results = 1;
	end = at ? at : text + strlen(text);
	if (!f) {
		PK_BUG("scenario_add_query: no items file");
	}
	if (at && (q.weight = parse_share(at + 1)) < 0) {
		diag_error(diag, where, 0, 0,
			   "the share after '@' must be a percent or a "
			   "fraction of the operations, greater than 0 and "
			   "less than 100%% (e.g. @20%% or @0.2), got '%s'",
			   at + 1);
		goto out;
	}
	n = (size_t)(end - text);
	if (trim_span(text, &n) && n == 0) {
		diag_error(diag, where, 0, 0,
			   "name the property each equality filter reads: "
			   "--query costCenter, --query a,b@20%%");
		goto out;
	}
	for (p = text; p < end;) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *stop = comma ? comma : end;
		char *name;

		n = (size_t)(stop - p);
		p = trim_span(p, &n);
		if (n == 0 || (n == 1 && *p == '/')) {
			diag_error(diag, where, 0, 0,
				   "name the property each equality filter "
				   "reads: --query costCenter, --query "
				   "a,b@20%%");
			goto out;
		}
		if (q.n_conds == PK_QUERY_MAX_CONDS) {
			diag_error(diag, where, 0, 0,
				   "at most %d properties in one query",
				   PK_QUERY_MAX_CONDS);
			goto out;
		}
		name = xstrndup(p, n);
		q.conds[q.n_conds].path = ld_field_path(name);
		q.conds[q.n_conds].kind = PK_COND_EQ;
		free(name);
		for (i = 0; i < q.n_conds; i++) {
			if (strcmp(q.conds[i].path, q.conds[q.n_conds].path) ==
			    0) {
				diag_error(diag, where, 0, 0,
					   "the property %s is filtered twice",
					   q.conds[i].path);
				q.n_conds++;
				goto out;
			}
		}
		q.n_conds++;
		p = comma ? comma + 1 : end;
	}
	if (same_query_as(f, &q, &i)) {
		diag_error(diag, where, 0, 0,
			   "filters on the same properties as --query '%s': "
			   "give that query a larger @SHARE instead",
			   f->queries[i].name);
		goto out;
	}
	q.name = xstrndup(text, (size_t)(end - text));
	f->queries =
	    xreallocarray(f->queries, f->n_queries + 1, sizeof(*f->queries));
	f->queries[f->n_queries++] = q;
	memset(&q, 0, sizeof(q));
	rc = 0;
out:
	for (i = 0; i < q.n_conds; i++) {
		free(q.conds[i].path);
	}
	free(where);
	return rc;
}

int scenario_query_shares(struct pk_scenario *s, struct pk_diag *diag)
{
	struct pk_items_file *f = s->items_file;
	double given = 0, total;
	size_t i, unshared = 0;

	if (!f || f->n_queries == 0) {
		return 0;
	}
	for (i = 0; i < f->n_queries; i++) {
		if (f->queries[i].weight < 0) {
			unshared++;
		} else {
			given += f->queries[i].weight;
		}
	}
	total = given;
	if (unshared) {
		double each = (PK_SCENARIO_DEFAULT_QUERY_SHARE - given) /
			      (double)unshared;

		if (!(each > 0)) {
			diag_error(diag, "--query", 0, 0,
				   "the queries with @SHARE take %g%% of the "
				   "operations, which leaves none of the "
				   "default %g%% to the %zu without one: give "
				   "each a share",
				   100 * given,
				   100 * PK_SCENARIO_DEFAULT_QUERY_SHARE,
				   unshared);
			return -1;
		}
		for (i = 0; i < f->n_queries; i++) {
			if (f->queries[i].weight < 0) {
				f->queries[i].weight = each;
			}
		}
		total = PK_SCENARIO_DEFAULT_QUERY_SHARE;
	}
	if (total > PK_SCENARIO_MAX_QUERY_SHARE + 1e-9) {
		diag_error(diag, "--query", 0, 0,
			   "the queries take %g%% of the operations together; "
			   "at most %g%%, so that records remain",
			   100 * total, 100 * PK_SCENARIO_MAX_QUERY_SHARE);
		return -1;
	}
	return 0;
}
