/*
 * scenario: the YAML scenario loader's entry points, the root mapping and
 * the defaults.
 *
 * Two passes. First, yamltree turns the text into a node tree (syntax
 * errors stop the load). Second, the tree is walked key by key into a
 * struct pk_scenario; every semantic error is recorded in the diag object
 * and the walk goes on, so one run shows many mistakes (diag keeps
 * PK_DIAG_MAX_ERRORS of them). Each section of the file has its module
 * (loader.h lists them); the command line builds the same kind of scenario
 * without YAML (scenario_cli.c), reusing the same checks.
 *
 * Invariant: a scenario is returned only when this call recorded no error,
 * and then every field is filled in and in range (see scenario.h).
 */
#include "loader.h"
#include "readbound.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/load/monitor.h"
#include "pksim/load/trace.h"

/* Largest scenario file read, in bytes (16 MiB: far above any real one). */
#define PK_SCENARIO_MAX_FILE_BYTES (16u * 1024u * 1024u)
#define SCENARIO_SIZE_HINT                                                     \
	"a scenario is a few pages of YAML: records belong in a data file "    \
	"(items: {file: ...})"

/* File base name without directory and .yaml/.yml. */
static char *base_name(const char *file)
{
	const char *b = strrchr(file, '/');
	size_t len;

	b = b ? b + 1 : file;
	len = strlen(b);
	if (len > 5 && strcmp(b + len - 5, ".yaml") == 0) {
		len -= 5;
	} else if (len > 4 && strcmp(b + len - 4, ".yml") == 0) {
		len -= 4;
	}
	return xstrndup(b, len);
}

/* Longest a simulated second may stand for: 100 years (pksim's bound) */
#define PK_TIME_SCALE_MAX (100.0 * 366.0 * 86400.0)

/* `time_scale: SIM = REAL`, two durations ("1s = 3d", "2m = 1y" is not:
   a year is not a duration unit; "2m = 366d"): REAL / SIM into
   s->time_scale. */
static void load_time_scale(struct ld *ld, const struct yn *n)
{
	char buf[PK_YN_DESC_BYTES], left[64], right[64];
	const char *eq, *side;
	int64_t sim_ms = 0, real_ms = 0;
	size_t a, b;

	if (n->kind != YN_SCALAR || !(eq = strchr(n->text, '=')) ||
	    (a = (size_t)(eq - n->text)) >= sizeof(left) ||
	    (b = strlen(eq + 1)) >= sizeof(right)) {
		goto bad;
	}
	memcpy(left, n->text, a);
	left[a] = '\0';
	memcpy(right, eq + 1, b + 1);
	while (a > 0 && left[a - 1] == ' ') {
		left[--a] = '\0';
	}
	side = units_parse_duration(left, &sim_ms) < 0 ? left
	       : units_parse_duration(right + strspn(right, " "), &real_ms) < 0
		   ? right + strspn(right, " ")
		   : NULL;
	if (side) {
		ld_err(ld, n,
		       "time_scale's %s side '%.*s' is not a duration it "
		       "takes: a number with s, m, h or d (seconds, minutes, "
		       "hours, days; not ms), such as '1s = 3d' (got %s)",
		       side == left ? "simulated" : "real",
		       PK_SCENARIO_QUOTE_BYTES, side,
		       yn_desc(n, buf, sizeof(buf)));
		return;
	}
	if (sim_ms <= 0 || real_ms <= 0) {
		ld_err(ld, n,
		       "time_scale's durations must be above 0, such as "
		       "'1s = 3d' (got %s)",
		       yn_desc(n, buf, sizeof(buf)));
		return;
	}
	if ((double)real_ms / (double)sim_ms > PK_TIME_SCALE_MAX) {
		ld_err(ld, n,
		       "time_scale %s makes a simulated second stand for "
		       "%.3g years; at most 100 years (3,162,240,000 s: "
		       "100 x 366 days)",
		       yn_desc(n, buf, sizeof(buf)),
		       (double)real_ms / (double)sim_ms / (366.0 * 86400.0));
		return;
	}
	ld->s->time_scale = (double)real_ms / (double)sim_ms;
	free(ld->s->time_scale_text);
	ld->s->time_scale_text = xstrdup(n->text);
	return;
bad:
	ld_err(ld, n,
	       "time_scale must be 'SIMULATED = REAL', two durations, such as "
	       "'1s = 3d' (got %s)",
	       yn_desc(n, buf, sizeof(buf)));
}

/* `change_feed: {consumers: C}` (rule 39): the change feed processor
   instances the change-feed table divides the leases among. */
static void load_change_feed(struct ld *ld, const struct yn *n)
{
	static const char *const keys[] = {"consumers", NULL};
	const struct yn *c;
	int64_t v;

	if (ld_need_kind(ld, n, YN_MAP, "change_feed",
			 "a mapping {consumers: C}") < 0) {
		return;
	}
	ld_check_keys(ld, n, keys, "in change_feed");
	if ((c = yn_get(n, "consumers")) &&
	    ld_get_int(ld, c, "consumers", 1, PK_SCENARIO_MAX_CF_CONSUMERS,
		       "change feed processor instances, 1 to 10,000",
		       &v) == 0) {
		ld->s->change_feed_consumers = (uint64_t)v;
	}
}

/* `account: {default_priority: high|low}` (rule 35): the priority of
   requests whose client names none. */
static void load_account(struct ld *ld, const struct yn *n)
{
	static const char *const keys[] = {"default_priority", NULL};
	static const char *const prios[] = {"high", "low", NULL};
	const struct yn *p;

	if (ld_need_kind(ld, n, YN_MAP, "account",
			 "a mapping {default_priority: low}") < 0) {
		return;
	}
	ld_check_keys(ld, n, keys, "in account");
	if (!(p = yn_get(n, "default_priority"))) {
		return;
	}
	if (p->kind == YN_SCALAR && ld_word_in(p->text, prios)) {
		ld->s->account_default_low = strcmp(p->text, "low") == 0;
	} else if (p->kind == YN_SCALAR) {
		ld_err_unknown(ld, p, "default_priority", p->text, "in account",
			       prios);
	} else {
		ld_need_kind(ld, p, YN_SCALAR, "default_priority",
			     "high (the default) or low");
	}
}

/* Rule 35: a client that names no priority sends at the account's
   default. */
static void apply_account_priority(struct pk_scenario *s)
{
	size_t i;

	for (i = 0; i < s->n_streams; i++) {
		struct pk_client_spec *c = &s->streams[i].client;

		if (!c->priority_set) {
			c->priority_low = s->account_default_low;
		}
	}
}

static void load_root(struct ld *ld, const struct yn *root)
{
	static const char *const keys[] = {
	    "name",	 "description", "seed",	       "clock",	  "service",
	    "container", "client",	"cost",	       "items",	  "monitor_log",
	    "phases",	 "variants",	"expect",      "lesson",  "preload",
	    "streams",	 "time_scale",	"change_feed", "account", "pricing",
	    "table",	 NULL,
	};
	struct pk_scenario *s = ld->s;
	const struct yn *n;

	if (root->kind != YN_MAP) {
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, root,
		       "a scenario must be a mapping of keys (container, "
		       "phases, ...) (got %s)",
		       yn_desc(root, buf, sizeof(buf)));
		return;
	}
	ld_check_keys(ld, root, keys, "at top level");
	if ((n = yn_get(root, "name"))) {
		ld_get_string(ld, n, "name", 0, &s->name);
	}
	if ((n = yn_get(root, "description"))) {
		ld_get_string(ld, n, "description", 1, &s->description);
	}
	if ((n = yn_get(root, "seed"))) {
		char buf[PK_YN_DESC_BYTES];
		const char *p = n->text;
		int ok = n->kind == YN_SCALAR && ld_is_digit(*p);
		uint64_t v = 0;

		for (; ok && *p; p++) {
			unsigned dig = (unsigned)(*p - '0');

			if (!ld_is_digit(*p) || v > (UINT64_MAX - dig) / 10) {
				ok = 0;
				break;
			}
			v = v * 10 + dig;
		}
		if (ok) {
			s->seed = v;
		} else {
			ld_err(ld, n,
			       "seed must be an unsigned 64-bit integer, 0 "
			       "to 18446744073709551615 (got %s)",
			       yn_desc(n, buf, sizeof(buf)));
		}
	}
	if ((n = yn_get(root, "time_scale"))) {
		load_time_scale(ld, n);
	}
	if ((n = yn_get(root, "change_feed"))) {
		load_change_feed(ld, n);
	}
	if ((n = yn_get(root, "pricing"))) {
		ld_load_pricing(ld, n);
	}
	if ((n = yn_get(root, "clock")) &&
	    ld_need_kind(ld, n, YN_MAP, "clock",
			 "a mapping {start: \"2026-01-01T00:00:00Z\"}") == 0) {
		ld_load_clock(ld, n);
	}
	if (ld_load_service(ld, root) < 0) {
		return;
	}
	/* a --key named like a variant of the file: said before a data
	   file (items, preload, monitor log) of any size is read */
	if (ld_check_cli_keys(ld) < 0) {
		return;
	}
	if ((n = yn_get(root, "cost")) &&
	    ld_need_kind(ld, n, YN_MAP, "cost",
			 "a mapping of RU charges {read_1kb: 1, ...}") == 0) {
		ld_load_cost(ld, n);
	}
	if ((n = yn_get(root, "streams"))) {
		ld_load_streams(ld, root, n);
		if ((n = yn_get(root, "preload"))) {
			ld_load_preload(ld, n);
		}
		if ((n = yn_get(root, "expect"))) {
			ld_load_expect(ld, n);
		}
		if ((n = yn_get(root, "lesson"))) {
			ld_load_lesson(ld, n);
		}
		return;
	}
	if ((n = yn_get(root, "client")) &&
	    ld_need_kind(ld, n, YN_MAP, "client", "a mapping {retries: ...}") ==
		0) {
		ld_load_client(ld, n);
	}
	if ((n = yn_get(root, "items")) &&
	    ld_need_kind(ld, n, YN_MAP, "items",
			 "a mapping of property name to generator") == 0) {
		if (ld_is_items_file(n)) {
			ld_load_items_file(ld, n);
		} else {
			ld_load_props(ld, n, "");
			ld_check_ttl_prop(ld);
		}
	}
	if ((n = yn_get(root, "monitor_log")) && yn_get(root, "items")) {
		ld_err(ld, n,
		       "give either items or monitor_log, not both: a "
		       "monitor log is the workload, its rows the requests");
	} else if (n &&
		   ld_need_kind(ld, n, YN_MAP, "monitor_log",
				"a mapping {file: EXPORT.csv, database: ..., "
				"collection: ...}") == 0) {
		ld_load_monitor_log(ld, n, yn_get(root, "clock") != NULL);
	}
	if ((n = yn_get(root, "time_scale")) && s->items_file) {
		/* records carry their own time: the runway and the growth
		   read it (runway.h, DATA_TIME), never the scale */
		ld_err(ld, n,
		       "time_scale does not apply with items from a file "
		       "(items.file) or a monitor_log: their records keep "
		       "their own time (a time field, at_once or rate), and "
		       "days to full and growth are read in it; remove "
		       "time_scale");
	}
	if ((n = yn_get(root, "preload"))) {
		ld_load_preload(ld, n);
	}
	n = yn_get(root, "phases");
	if (!n && (s->items_file || yn_get(root, "monitor_log"))) {
		/* phases are optional: the run lasts until the last record
		   arrives (with both items and monitor_log, that is the one
		   error to report, not a missing phases) */
	} else if (!n) {
		ld_err(ld, root,
		       "missing required key 'phases' (a list of "
		       "phases with duration and rate)");
	} else {
		ld_load_phases(ld, n);
		ld_check_phase_minimums(ld);
		ld_check_phase_actions(ld);
		ld_check_phase_units(ld);
	}
	if ((n = yn_get(root, "expect"))) {
		ld_load_expect(ld, n);
	}
	if ((n = yn_get(root, "lesson"))) {
		ld_load_lesson(ld, n);
	}
}

void ld_client_defaults(struct pk_client_spec *c)
{
	memset(c, 0, sizeof(*c));
	c->retry.enabled = 1;
	c->retry.max_retries = PK_DEFAULT_MAX_RETRIES;
	c->retry.max_wait_ms = PK_DEFAULT_MAX_RETRY_WAIT_MS;
	c->retry.policy = PK_RETRY_SDK;
	c->retry.base_ms = PK_DEFAULT_BACKOFF_BASE_MS;
	c->retry.cap_ms = PK_DEFAULT_BACKOFF_CAP_MS;
	c->retry.jitter = PK_DEFAULT_BACKOFF_JITTER;
	c->latency_ms = PK_DEFAULT_LATENCY_MS;
}

void ld_streams_span(struct pk_scenario *s)
{
	if (s->n_streams == 1) {
		s->streams[0].prop_first = 0;
		s->streams[0].n_props = s->n_props;
		s->streams[0].phase_first = 0;
		s->streams[0].n_phases = s->n_phases;
	}
}

void ld_scenario_defaults(struct pk_scenario *s)
{
	s->seed = 1;
	s->clock_start_s = PK_DEFAULT_CLOCK_START_S;
	s->time_scale = 1;
	s->change_feed_consumers = 1;
	s->pricing.date_day = -1;
	ld_container_defaults(&s->container);
	s->streams = xcalloc(1, sizeof(*s->streams));
	s->n_streams = 1;
	s->streams[0].name = xstrdup("main");
	ld_client_defaults(&s->streams[0].client);
	s->cost.read_1kb_ru = 1;
	s->cost.read_100kb_ru = 10;
	s->cost.write_1kb_ru = 5;
	s->cost.write_100kb_ru = 50;
	s->cost.not_found_ru = 1;
	s->cost.query_base_ru = 1;
	s->cost.query_per_range_ru = 2.5;
	s->cost.query_per_result_ru = 0.5;
}

static struct pk_scenario *load_at(const char *path, int depth,
				   const char *const *keys, size_t n_keys,
				   struct pk_diag *diag);

char *ld_beside(const char *file, const char *path)
{
	const char *slash = strrchr(file, '/');

	if (path[0] == '/' || !slash) {
		return xstrdup(path);
	}
	return xasprintf("%.*s/%s", (int)(slash - file), file, path);
}

/*
 * A lesson that names its scenario (scenario.h): root holds `scenario:
 * PATH` and only `lesson:` and `expect:` besides. Loads the named file
 * (depth 1: it cannot name another), then the lesson's blocks onto it.
 */
static struct pk_scenario *load_named(struct ld *ld, const struct yn *root,
				      int depth)
{
	static const char *const keys[] = {"scenario", "lesson", "expect",
					   NULL};
	const struct yn *n = yn_get(root, "scenario");
	struct pk_scenario *s = NULL;
	char *path = NULL, *resolved;
	size_t i, before = diag_count(ld->d);
	struct stat st;
	int found;

	if (depth > 0) {
		ld_err(ld, n,
		       "a scenario named by a lesson's scenario: cannot name "
		       "another (one level only): write its workload here");
		return NULL;
	}
	for (i = 0; i < yn_pairs(root); i++) {
		const struct yn *k = yn_key(root, i);

		if (!ld_word_in(k->text, keys)) {
			ld_err(ld, k,
			       "a lesson that names its scenario takes only "
			       "scenario:, lesson: and expect: (got '%s'); "
			       "write it in the named scenario",
			       k->text);
		}
	}
	if (ld_get_string(ld, n, "scenario", 0, &path) < 0) {
		return NULL;
	}
	resolved = ld_beside(ld->file, path);
	found = stat(resolved, &st) == 0;
	if (!found || !S_ISREG(st.st_mode)) {
		ld_err(ld, n,
		       "scenario: '%s' names no scenario file (%s: %s); the "
		       "path is relative to this file's folder",
		       path, resolved,
		       found ? "not a regular file" : strerror(errno));
	} else if (diag_count(ld->d) == before) {
		s = load_at(resolved, depth + 1, ld->cli_keys, ld->n_cli_keys,
			    ld->d);
		if (!s) {
			diag_note(ld->d, "named by scenario: at %s:%d:%d",
				  ld->file, n->line, n->col);
		}
	}
	free(path);
	free(resolved);
	if (!s) {
		return NULL;
	}
	s->lesson_file = xstrdup(ld->file);
	ld->s = s;
	ld->expect_file = s->lesson_file;
	if ((n = yn_get(root, "expect"))) {
		ld_load_expect(ld, n);
	}
	if ((n = yn_get(root, "lesson"))) {
		ld_load_lesson(ld, n);
	}
	if (diag_count(ld->d) != before) {
		scenario_free(s);
		return NULL;
	}
	return s;
}

static struct pk_scenario *parse_at(const char *file, const char *text,
				    size_t len, int depth,
				    const char *const *keys, size_t n_keys,
				    struct pk_diag *diag)
{
	struct ld ld;
	struct yn *root;
	size_t before = diag_count(diag);
	struct pk_scenario *s;

	memset(&ld, 0, sizeof(ld));
	ld.file = file;
	ld.d = diag;
	ld.cli_keys = keys;
	ld.n_cli_keys = n_keys;
	if (len > PK_SCENARIO_MAX_FILE_BYTES) {
		readbound_error(diag, file, 1, len, PK_SCENARIO_MAX_FILE_BYTES,
				"the scenario", SCENARIO_SIZE_HINT);
		return NULL;
	}
	root = yamltree_parse(file, text, len, diag);
	if (!root) {
		return NULL;
	}
	if (root->kind == YN_MAP && yn_get(root, "scenario")) {
		s = load_named(&ld, root, depth);
		yn_free(root);
		return s;
	}
	s = xcalloc(1, sizeof(*s));
	ld.s = s;
	s->file = xstrdup(file);
	ld_scenario_defaults(s);
	if (root->kind == YN_MAP && yn_get(root, "account")) {
		load_account(&ld, yn_get(root, "account"));
	}
	load_root(&ld, root);
	apply_account_priority(s);
	yn_free(root);
	if (ld.own) {
		ld_container_free(ld.own);
		free(ld.own);
	}
	if (!s->name) {
		s->name = base_name(file);
	}
	if (!s->items_file && !scenario_find_prop(s, "/id")) {
		struct yn at = {.line = 0, .col = 0};
		struct pk_prop_spec *p = ld_prop_add(&ld, "/id", &at);

		p->kind = PK_GEN_UNIQUE;
		free(p->prefix);
		p->prefix = xstrdup("item-");
	}
	ld_streams_span(s);
	if (diag_count(diag) == before) {
		/* every schedule is well formed: count its operations */
		ld_plan_phase_rates(&ld);
		ld_check_plan(&ld, s);
		ld_check_index_factor(&ld, s);
		ld_check_gsis(&ld);
		ld_warn_key_texts(&ld);
	}
	if (diag_count(diag) != before) {
		scenario_free(s);
		return NULL;
	}
	return s;
}

struct pk_scenario *scenario_parse(const char *file, const char *text,
				   size_t len, struct pk_diag *diag)
{
	return parse_at(file, text, len, 0, NULL, 0, diag);
}

struct pk_scenario *scenario_load(const char *path, struct pk_diag *diag)
{
	return load_at(path, 0, NULL, 0, diag);
}

struct pk_scenario *scenario_load_keyed(const char *path,
					const char *const *keys, size_t n_keys,
					struct pk_diag *diag)
{
	return load_at(path, 0, keys, n_keys, diag);
}

static struct pk_scenario *load_at(const char *path, int depth,
				   const char *const *keys, size_t n_keys,
				   struct pk_diag *diag)
{
	struct pk_scenario *s;
	size_t n = 0;
	char *buf =
	    readbound_whole(path, PK_SCENARIO_MAX_FILE_BYTES, "the scenario",
			    SCENARIO_SIZE_HINT, &n, diag);

	if (!buf) {
		return NULL;
	}
	s = parse_at(path, buf, n, depth, keys, n_keys, diag);
	free(buf);
	return s;
}

size_t scenario_inputs(const struct pk_scenario *s,
		       const char *out[PK_SCENARIO_MAX_INPUTS])
{
	size_t n = 0;

	if (s->file) {
		out[n++] = s->file;
	}
	if (s->lesson_file) {
		out[n++] = s->lesson_file;
	}
	if (s->items_file && s->items_file->resolved) {
		out[n++] = s->items_file->resolved;
	}
	if (s->preload && s->preload->file && s->preload->file->resolved) {
		out[n++] = s->preload->file->resolved;
	}
	if (s->pricing.prices && s->pricing.prices->file) {
		/* --prices, pricing.table or the shipped table, once
		   scenario_pricing_resolve has read it */
		out[n++] = s->pricing.prices->file;
	}
	return n;
}

void scenario_free(struct pk_scenario *s)
{
	size_t i, j, k;

	if (!s) {
		return;
	}
	for (i = 0; i < s->n_props; i++) {
		ld_prop_free(&s->props[i]);
	}
	free(s->props);
	for (i = 0; i < s->n_phases; i++) {
		struct pk_phase_spec *ph = &s->phases[i];

		for (j = 0; j < ph->n_queries; j++) {
			for (k = 0; k < ph->queries[j].n_conds; k++) {
				free(ph->queries[j].conds[k].path);
			}
			free(ph->queries[j].name);
			free(ph->queries[j].index);
		}
		free(ph->queries);
		free(ph->redistribute);
		schedule_spec_free(ph->schedule);
		free(ph->schedule);
		free(ph->name);
		free(ph->select.weights);
	}
	free(s->phases);
	ld_expect_free(s);
	ld_pricing_free(&s->pricing);
	ld_table_free(&s->table);
	if (s->items_file) {
		free(s->items_file->path);
		free(s->items_file->resolved);
		free(s->items_file->time_field);
		for (j = 0; j < s->items_file->n_queries; j++) {
			struct pk_query_spec *q = &s->items_file->queries[j];

			for (k = 0; k < q->n_conds; k++) {
				free(q->conds[k].path);
			}
			free(q->name);
			free(q->index);
		}
		free(s->items_file->queries);
		trace_free(s->items_file->trace);
		monitor_free(s->items_file->monitor);
		free(s->items_file->database);
		free(s->items_file->collection);
		free(s->items_file->region);
		free(s->items_file);
	}
	ld_preload_free(s->preload);
	ld_container_free(&s->container);
	for (i = 0; i < s->n_variants; i++) {
		ld_container_free(&s->variants[i]);
	}
	free(s->variants);
	for (i = 0; i < s->n_streams; i++) {
		free(s->streams[i].name);
	}
	free(s->streams);
	free(s->file);
	free(s->lesson_file);
	ld_lesson_free(s->lesson);
	free(s->name);
	free(s->description);
	free(s->time_scale_text);
	free(s);
}

const struct pk_prop_spec *scenario_find_prop(const struct pk_scenario *s,
					      const char *path)
{
	size_t i;

	for (i = 0; i < s->n_props; i++) {
		if (strcmp(s->props[i].path, path) == 0) {
			return &s->props[i];
		}
	}
	return NULL;
}
