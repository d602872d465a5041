/*
 * check_scenario: the YAML scenario loader.
 *
 * Good inputs are checked value by value (with the arithmetic that makes
 * each expected number right); bad inputs come from the corpus in
 * tests/bad/: NAME.yaml is loaded by its relative path and the first line
 * of the printed diagnostics must equal NAME.expect.
 */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "pksim/base/units.h"
#include "pksim/load/scenario.h"
#include "testutil.h"

#define TOL 1e-9

/* Parse text (NUL-terminated) as file "t.yaml"; d must be initialised. */
static struct pk_scenario *parse_str(const char *text, struct pk_diag *d)
{
	return scenario_parse("t.yaml", text, strlen(text), d);
}

/* The first error message for text, which must fail to load; caller
   frees. */
static char *first_error(const char *text)
{
	struct pk_diag d;
	struct pk_scenario *s;
	char *out, *nl;

	diag_init(&d);
	s = parse_str(text, &d);
	ck_assert_ptr_null(s);
	ck_assert_uint_ge(diag_count(&d), 1);
	out = tu_diag_text(&d);
	nl = strchr(out, '\n');
	if (nl) {
		*nl = '\0';
	}
	diag_free(&d);
	return out;
}

#define MIN_HEAD "container: {partition_key: /deviceId, throughput: 400}\n"
#define MIN_PHASES "phases: [{duration: 1m, rate: 100/s}]\n"

/* ------------------------------------------------------------------ */

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(test_scenario_bad_corpus)
{
	DIR *dir;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i, failures = 0;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	dir = opendir("tests/bad");
	ck_assert_ptr_nonnull(dir);
	while ((e = readdir(dir))) {
		size_t len = strlen(e->d_name);

		if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0) {
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				names = realloc(names, cap * sizeof(*names));
				ck_assert_ptr_nonnull(names);
			}
			names[n++] = strndup(e->d_name, len - 5);
		}
	}
	closedir(dir);
	qsort(names, n, sizeof(*names), str_cmp);
	/* the brief asks for a broad corpus; catch accidental deletions */
	ck_assert_uint_ge(n, 35);
	for (i = 0; i < n; i++) {
		char path[512], expect_path[512];
		struct pk_diag d;
		struct pk_scenario *s;
		char *out, *want, *nl;

		snprintf(path, sizeof(path), "tests/bad/%s.yaml", names[i]);
		snprintf(expect_path, sizeof(expect_path),
			 "tests/bad/%s.expect", names[i]);
		want = tu_read_file(expect_path, NULL);
		if (!want) {
			fprintf(stderr, "%s: no .expect file\n", path);
			failures++;
			free(names[i]);
			continue;
		}
		nl = strchr(want, '\n');
		if (nl) {
			*nl = '\0';
		}
		diag_init(&d);
		s = scenario_load(path, &d);
		/* the price table is resolved after loading, as the CLI does
		   (--prices may name another): its refusals are bad inputs */
		if (s && scenario_pricing_resolve(s, NULL, &d) != 0) {
			scenario_free(s);
			s = NULL;
		}
		out = tu_diag_text(&d);
		nl = strchr(out, '\n');
		if (nl) {
			*nl = '\0';
		}
		if (s) {
			fprintf(stderr, "%s: loaded, but it is a bad input\n",
				path);
			failures++;
		} else if (strcmp(out, want) != 0) {
			fprintf(stderr, "%s:\n  want: %s\n  got:  %s\n", path,
				want, out);
			failures++;
		}
		scenario_free(s);
		diag_free(&d);
		free(out);
		free(want);
		free(names[i]);
	}
	free(names);
	ck_assert_uint_eq(failures, 0);
}
END_TEST

/*
 * `service:` names the service whose spec loader reads the container
 * section: `cosmos` (Azure Cosmos DB) is the default, so naming it
 * changes nothing of the spec; any other word is refused at the value
 * (line 1, column 10) with the list pksim has.
 */
START_TEST(test_scenario_service_kind)
{
	static const char body[] = "container: {partition_key: /k, "
				   "throughput: 6000}\n"
				   "phases: [{duration: 1s, rate: 1/s}]\n";
	char text[256];
	struct pk_diag d;
	struct pk_scenario *none, *named;
	char *err;

	diag_init(&d);
	none = parse_str(body, &d);
	ck_assert_ptr_nonnull(none);
	snprintf(text, sizeof(text), "service: cosmos\n%s", body);
	named = parse_str(text, &d);
	ck_assert_ptr_nonnull(named);
	ck_assert_int_eq(none->service, PK_SERVICE_COSMOS);
	ck_assert_int_eq(named->service, PK_SERVICE_COSMOS);
	ck_assert_str_eq(named->container.partition_key, "/k");
	ck_assert_int_eq(named->container.throughput_ru_per_s, 6000);
	ck_assert_int_eq(named->container.throughput_ru_per_s,
			 none->container.throughput_ru_per_s);
	scenario_free(none);
	scenario_free(named);
	diag_free(&d);
	snprintf(text, sizeof(text), "service: spanner\n%s", body);
	err = first_error(text);
	ck_assert_msg(strstr(err, "t.yaml:1:10: error: unknown service "
				  "'spanner'; allowed: cosmos"),
		      "%s", err);
	free(err);
}
END_TEST

/* service: dynamodb reads table:, with the reference's defaults for
   what it leaves out (dynamodb-mechanics.md §6: burst per partition,
   adaptive capacity instant; §2: independent read and write limits;
   §3.2: raises double), and fills the first variant with its name and
   its key as one path */
START_TEST(test_scenario_dynamodb_table)
{
	static const char *const body =
	    "service: dynamodb\n"
	    "table: {name: outbox, partition_key: /customerId, sort_key: "
	    "/createdAt, read_capacity_units: 1000, write_capacity_units: "
	    "500}\n"
	    "items: {customerId: {values: \"c-{0..9}\"}, createdAt: "
	    "{values: \"t-{0..9}\"}}\n"
	    "phases: [{duration: 1s, rate: 1/s}]\n";
	struct pk_diag d;
	struct pk_scenario *s;
	const struct pk_ddb_table_spec *t;

	diag_init(&d);
	s = parse_str(body, &d);
	ck_assert_msg(s, "%s", tu_diag_text(&d));
	t = &s->table;
	ck_assert_int_eq(s->service, PK_SERVICE_DYNAMODB);
	ck_assert_str_eq(t->name, "outbox");
	ck_assert_str_eq(t->partition_key, "/customerId");
	ck_assert_str_eq(t->sort_key, "/createdAt");
	ck_assert_int_eq(t->capacity, PK_DDB_PROVISIONED);
	ck_assert_int_eq(t->rcu, 1000);
	ck_assert_int_eq(t->wcu, 500);
	ck_assert_int_eq(t->burst, PK_DDB_BURST_PARTITION);
	ck_assert_int_eq(t->adaptive, PK_DDB_ADAPTIVE_INSTANT);
	ck_assert_int_eq(t->adaptive_delay_s, 300);
	ck_assert_int_eq(t->partition_limit, PK_DDB_LIMIT_INDEPENDENT);
	ck_assert_int_eq(t->raise_formula, 0);
	ck_assert_int_eq(t->reads, PK_DDB_CONSISTENCY_EVENTUAL);
	ck_assert_uint_eq(s->n_variants, 1);
	ck_assert_str_eq(s->variants[0].name, "outbox");
	ck_assert_str_eq(s->variants[0].partition_key, "/customerId");
	ck_assert_int_eq(s->variants[0].key.kind, PK_KEY_PATH);
	ck_assert_str_eq(s->variants[0].key.paths[0], "/customerId");
	scenario_free(s);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_missing_file)
{
	struct pk_diag d;
	char *out;

	ck_assert_int_eq(chdir(tu_src(".")), 0);
	diag_init(&d);
	ck_assert_ptr_null(scenario_load("tests/bad/nope.yaml", &d));
	out = tu_diag_text(&d);
	/* line 0: no LINE:COL printed */
	ck_assert_str_eq(out, "pksim: tests/bad/nope.yaml: error: cannot "
			      "open: No such file or directory\n");
	ck_assert_int_eq(d.entries[0].line, 0);
	free(out);
	diag_free(&d);
}
END_TEST

/* ------------------------------------------------------------------ */

START_TEST(test_scenario_full_example)
{
	struct pk_diag d;
	struct pk_scenario *s;
	const struct pk_prop_spec *p;
	const struct pk_phase_spec *ph;
	char *out;

	diag_init(&d);
	s = scenario_load(tu_src("tests/good/full.yaml"), &d);
	out = tu_diag_text(&d);
	ck_assert_msg(s != NULL, "full.yaml failed:\n%s", out);
	free(out);

	ck_assert_str_eq(s->name, "iot-full");
	ck_assert_str_eq(s->description,
			 "IoT telemetry keyed by device: one hot device, then "
			 "a burst");
	ck_assert_uint_eq(s->seed, 42);
	/* 2026-03-01 is day 20513 since 1970-01-01; + 12 h */
	ck_assert_int_eq(s->clock_start_s, 20513LL * 86400 + 12 * 3600);

	ck_assert_str_eq(s->container.partition_key, "/deviceId");
	/* quoted "18000" is still the integer 18000 */
	ck_assert_int_eq(s->container.throughput_ru_per_s, 18000);
	/* 1.5 MB = 1.5 x 2^20 = 1572864 bytes (binary units) */
	ck_assert_uint_eq(s->container.pp_storage_bytes, 1572864);
	ck_assert_int_eq(s->container.pp_ru_per_s, 10000);
	ck_assert_int_eq(s->container.initial_ru_per_pp, 6000);
	/* 20 GB = 20 x 2^30 */
	ck_assert_uint_eq(s->container.lp_storage_bytes, 21474836480ULL);
	ck_assert_double_eq_tol(s->container.index_factor, 1.25, TOL);

	ck_assert_int_eq(s->streams[0].client.retry.enabled, 1);
	ck_assert_int_eq(s->streams[0].client.retry.max_retries, 3);
	/* 1m = 60 s = 60000 ms */
	ck_assert_int_eq(s->streams[0].client.retry.max_wait_ms, 60000);
	ck_assert_double_eq_tol(s->cost.write_1kb_ru, 5.5, TOL);
	ck_assert_double_eq_tol(s->cost.not_found_ru, 2, TOL);
	ck_assert_double_eq_tol(s->cost.read_100kb_ru, 10, TOL);

	/* 13 written properties (address has two leaves) + given id */
	ck_assert_uint_eq(s->n_props, 14);
	p = scenario_find_prop(s, "/id");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(p->kind, PK_GEN_UNIQUE);
	ck_assert_str_eq(p->prefix, "reading-");

	p = scenario_find_prop(s, "/deviceId");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(p->kind, PK_GEN_PATTERN);
	ck_assert_str_eq(p->prefix, "dev-");
	ck_assert_str_eq(p->suffix, "");
	ck_assert_uint_eq(p->first, 0);
	ck_assert_uint_eq(p->count, 1000);
	ck_assert_int_eq(p->width, 4);
	ck_assert_int_eq(p->dist.kind, PK_DIST_ZIPFIAN);
	ck_assert_double_eq_tol(p->dist.theta, 0.9, TOL);
	ck_assert_int_eq(p->line, 25);
	ck_assert_int_eq(p->col, 3);

	/* weights without distribution: imply weighted */
	p = scenario_find_prop(s, "/region");
	ck_assert_int_eq(p->kind, PK_GEN_LIST);
	ck_assert_uint_eq(p->count, 3);
	ck_assert_str_eq(p->list[2], "west");
	ck_assert_int_eq(p->dist.kind, PK_DIST_WEIGHTED);
	ck_assert_uint_eq(p->dist.n_weights, 3);
	ck_assert_double_eq_tol(p->dist.weights[0], 7360, TOL);

	p = scenario_find_prop(s, "/shard");
	ck_assert_int_eq(p->dist.kind, PK_DIST_HOTSPOT);
	ck_assert_double_eq_tol(p->dist.hot_data_fraction, 0.25, TOL);
	ck_assert_double_eq_tol(p->dist.hot_op_fraction, 0.75, TOL);
	ck_assert_uint_eq(p->first, 1);
	ck_assert_uint_eq(p->count, 8);

	/* "k{0..99}": "0" has no leading zero and the ends differ in
	   length, so no padding */
	p = scenario_find_prop(s, "/seq");
	ck_assert_int_eq(p->dist.kind, PK_DIST_SEQUENTIAL);
	ck_assert_int_eq(p->width, 0);
	ck_assert_uint_eq(p->count, 100);

	p = scenario_find_prop(s, "/date");
	ck_assert_int_eq(p->kind, PK_GEN_CLOCK);
	ck_assert_str_eq(p->clock_format, "%Y-%m-%d");

	p = scenario_find_prop(s, "/type");
	ck_assert_int_eq(p->kind, PK_GEN_CONST);
	ck_assert_int_eq(p->const_value.type, PK_VALUE_STRING);
	ck_assert_uint_eq(p->const_value.len, 7);
	ck_assert_int_eq(memcmp(p->const_value.str, "reading", 7), 0);

	/* bare scalars are CONST shorthand, typed as YAML types them */
	p = scenario_find_prop(s, "/kind");
	ck_assert_int_eq(p->const_value.type, PK_VALUE_STRING);
	p = scenario_find_prop(s, "/version");
	ck_assert_int_eq(p->const_value.type, PK_VALUE_NUMBER);
	ck_assert_double_eq_tol(p->const_value.num, 3, TOL);
	p = scenario_find_prop(s, "/active");
	ck_assert_int_eq(p->const_value.type, PK_VALUE_BOOL);
	ck_assert_int_eq(p->const_value.boolean, 1);
	p = scenario_find_prop(s, "/deleted");
	ck_assert_int_eq(p->const_value.type, PK_VALUE_NULL);
	/* quoted "42" stays a string */
	p = scenario_find_prop(s, "/label");
	ck_assert_int_eq(p->const_value.type, PK_VALUE_STRING);

	/* nested mappings become nested paths */
	p = scenario_find_prop(s, "/address/city");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(p->kind, PK_GEN_LIST);
	p = scenario_find_prop(s, "/address/zip");
	ck_assert_int_eq(p->const_value.type, PK_VALUE_STRING);
	ck_assert_ptr_null(scenario_find_prop(s, "/address"));

	ck_assert_uint_eq(s->n_phases, 3);
	ph = &s->phases[0];
	ck_assert_str_eq(ph->name, "warmup");
	/* 10m = 600 s = 600000 ms */
	ck_assert_int_eq(ph->duration_ms, 600000);
	/* 120/m = 2 per second */
	ck_assert_double_eq_tol(ph->rate_per_s, 2.0, TOL);
	ck_assert_int_eq(ph->arrival, PK_ARRIVAL_UNIFORM);
	ck_assert_double_eq_tol(ph->mix[PK_OP_CREATE], 1, TOL);
	ck_assert_int_eq(ph->item_size.kind, PK_SIZE_FIXED);
	ck_assert_uint_eq(ph->item_size.bytes, 1024);
	ck_assert_int_eq(ph->select.kind, PK_DIST_UNIFORM);
	ck_assert_int_eq(ph->throughput_ru_per_s, -1);

	ph = &s->phases[1];
	ck_assert_int_eq(ph->duration_ms, 3600000);
	ck_assert_double_eq_tol(ph->rate_per_s, 2000, TOL);
	ck_assert_int_eq(ph->arrival, PK_ARRIVAL_POISSON);
	ck_assert_double_eq_tol(ph->mix[PK_OP_CREATE], 0.5, TOL);
	ck_assert_double_eq_tol(ph->mix[PK_OP_READ], 0.3, TOL);
	ck_assert_double_eq_tol(ph->mix[PK_OP_UPSERT], 0.1, TOL);
	ck_assert_double_eq_tol(ph->mix[PK_OP_REPLACE], 0.05, TOL);
	ck_assert_double_eq_tol(ph->mix[PK_OP_DELETE], 0.05, TOL);
	ck_assert_int_eq(ph->item_size.kind, PK_SIZE_UNIFORM);
	ck_assert_uint_eq(ph->item_size.min_bytes, 512);
	ck_assert_uint_eq(ph->item_size.max_bytes, 4096);
	ck_assert_int_eq(ph->select.kind, PK_DIST_ZIPFIAN);
	ck_assert_double_eq_tol(ph->select.theta, 0.8, TOL);
	ck_assert_int_eq(ph->throughput_ru_per_s, 30000);

	ph = &s->phases[2];
	/* unnamed phases are numbered from 1 */
	ck_assert_str_eq(ph->name, "phase-3");
	/* bare numbers: seconds and per second */
	ck_assert_int_eq(ph->duration_ms, 90000);
	ck_assert_double_eq_tol(ph->rate_per_s, 10, TOL);
	ck_assert_int_eq(ph->item_size.kind, PK_SIZE_NORMAL);
	ck_assert_double_eq_tol(ph->item_size.mean_bytes, 2048, TOL);
	ck_assert_double_eq_tol(ph->item_size.stddev_bytes, 512, TOL);
	ck_assert_int_eq(ph->select.kind, PK_DIST_LATEST);

	scenario_free(s);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_defaults)
{
	struct pk_diag d;
	struct pk_scenario *s;
	const struct pk_prop_spec *p;

	diag_init(&d);
	s = scenario_load(tu_src("tests/good/minimal.yaml"), &d);
	ck_assert_ptr_nonnull(s);
	/* name: the file's base name without .yaml */
	ck_assert_str_eq(s->name, "minimal");
	ck_assert_ptr_null(s->description);
	ck_assert_uint_eq(s->seed, 1);
	ck_assert_int_eq(s->clock_start_s, PK_DEFAULT_CLOCK_START_S);
	/* 50 x 2^30 = 53687091200 */
	ck_assert_uint_eq(s->container.pp_storage_bytes, 53687091200ULL);
	ck_assert_int_eq(s->container.pp_ru_per_s, 10000);
	ck_assert_int_eq(s->container.initial_ru_per_pp, 6000);
	ck_assert_uint_eq(s->container.lp_storage_bytes, 21474836480ULL);
	ck_assert_double_eq_tol(s->container.index_factor, 1, TOL);
	ck_assert_int_eq(s->streams[0].client.retry.enabled, 1);
	ck_assert_int_eq(s->streams[0].client.retry.max_retries, 9);
	ck_assert_int_eq(s->streams[0].client.retry.max_wait_ms, 30000);
	ck_assert_double_eq_tol(s->streams[0].client.ru_budget_per_s, 0, TOL);
	/* without streams: one stream, "main", spanning every property and
	   phase */
	ck_assert_uint_eq(s->n_streams, 1);
	ck_assert_str_eq(s->streams[0].name, "main");
	ck_assert_uint_eq(s->streams[0].n_props, s->n_props);
	ck_assert_uint_eq(s->streams[0].n_phases, s->n_phases);
	ck_assert_double_eq_tol(s->cost.read_1kb_ru, 1, TOL);
	ck_assert_double_eq_tol(s->cost.read_100kb_ru, 10, TOL);
	ck_assert_double_eq_tol(s->cost.write_1kb_ru, 5, TOL);
	ck_assert_double_eq_tol(s->cost.write_100kb_ru, 50, TOL);
	ck_assert_double_eq_tol(s->cost.not_found_ru, 1, TOL);
	/* no items: the loader adds /id = UNIQUE "item-" */
	ck_assert_uint_eq(s->n_props, 1);
	p = scenario_find_prop(s, "/id");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(p->kind, PK_GEN_UNIQUE);
	ck_assert_str_eq(p->prefix, "item-");
	ck_assert_uint_eq(s->n_phases, 1);
	ck_assert_str_eq(s->phases[0].name, "phase-1");
	ck_assert_int_eq(s->phases[0].line,
			 8); /* the key comment grew by two lines */
	ck_assert_int_eq(s->phases[0].col, 5);
	ck_assert_double_eq_tol(s->phases[0].select.theta, 0.99, TOL);
	scenario_free(s);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_readme_example)
{
	struct pk_diag d;
	struct pk_scenario *s;
	char *doc, *start, *end, *out;
	size_t blocks = 0, complete = 0;

	/* every example in the format reference must load as written; the
	   complete example is the one named iot-by-device */
	doc = tu_read_file(tu_src("scenarios/README.md"), NULL);
	ck_assert_ptr_nonnull(doc);
	end = doc;
	while ((start = strstr(end, "```yaml\n"))) {
		start += strlen("```yaml\n");
		end = strstr(start, "```");
		ck_assert_ptr_nonnull(end);
		diag_init(&d);
		s = scenario_parse("README.md", start, (size_t)(end - start),
				   &d);
		out = tu_diag_text(&d);
		ck_assert_msg(s != NULL, "README example %zu failed:\n%s",
			      blocks + 1, out);
		if (strcmp(s->name, "iot-by-device") == 0) {
			ck_assert_uint_eq(s->n_phases, 2);
			complete++;
		}
		free(out);
		scenario_free(s);
		diag_free(&d);
		end += strlen("```");
		blocks++;
	}
	ck_assert_uint_eq(complete, 1);
	/* the complete example, queries, variants */
	ck_assert_uint_ge(blocks, 3);
	free(doc);
}
END_TEST

/* Distribution zipf with its exponent s, for values and for
   select; s defaults to 1; a property named s is still a property */
/* The retry policies; defaults and every key */
START_TEST(test_scenario_retry_policies)
{
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	s = parse_str(MIN_HEAD MIN_PHASES
		      "client: {retries: {policy: exponential, base: 100ms, "
		      "cap: 2.5s, jitter: 0.25, max_retries: 4, max_wait: "
		      "10s}}\n",
		      &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	ck_assert_int_eq(s->streams[0].client.retry.enabled, 1);
	ck_assert_int_eq(s->streams[0].client.retry.policy,
			 PK_RETRY_EXPONENTIAL);
	ck_assert_int_eq(s->streams[0].client.retry.base_ms, 100);
	ck_assert_int_eq(s->streams[0].client.retry.cap_ms, 2500); /* 2.5 s */
	ck_assert_double_eq_tol(s->streams[0].client.retry.jitter, 0.25, TOL);
	ck_assert_int_eq(s->streams[0].client.retry.max_retries, 4);
	ck_assert_int_eq(s->streams[0].client.retry.max_wait_ms, 10000);
	scenario_free(s);
	/* the scalar: exponential with its defaults (1 s .. 64 s, full
	   jitter) and the SDK's count and cap */
	s = parse_str(MIN_HEAD MIN_PHASES "client: {retries: exponential}\n",
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->streams[0].client.retry.policy,
			 PK_RETRY_EXPONENTIAL);
	ck_assert_int_eq(s->streams[0].client.retry.base_ms, 1000);
	ck_assert_int_eq(s->streams[0].client.retry.cap_ms, 64000);
	ck_assert_double_eq_tol(s->streams[0].client.retry.jitter, 1, TOL);
	ck_assert_int_eq(s->streams[0].client.retry.max_retries, 9);
	ck_assert_int_eq(s->streams[0].client.retry.max_wait_ms, 30000);
	scenario_free(s);
	/* a base above the default cap raises the cap with it */
	s = parse_str(MIN_HEAD MIN_PHASES
		      "client: {retries: {policy: exponential, base: 2m}}\n",
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->streams[0].client.retry.base_ms, 120000);
	ck_assert_int_eq(s->streams[0].client.retry.cap_ms, 120000);
	scenario_free(s);
	s = parse_str(MIN_HEAD MIN_PHASES "client: {retries: none}\n", &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->streams[0].client.retry.enabled, 0);
	ck_assert_int_eq(s->streams[0].client.retry.policy, PK_RETRY_NONE);
	scenario_free(s);
	s = parse_str(MIN_HEAD MIN_PHASES
		      "client: {retries: {policy: sdk, max_retries: 2}}\n",
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->streams[0].client.retry.policy, PK_RETRY_SDK);
	ck_assert_int_eq(s->streams[0].client.retry.max_retries, 2);
	scenario_free(s);
	ck_assert_uint_eq(diag_count(&d), 0);
}
END_TEST

/* max_wait accepts ms like base, cap and
   latency (documented range 0s to 1h), and ru_budget: 0 names its range */
START_TEST(test_scenario_max_wait_ms)
{
	struct pk_diag d;
	struct pk_scenario *s;
	char *msg;

	diag_init(&d);
	s = parse_str(
	    MIN_HEAD MIN_PHASES "client: {retries: {max_wait: 500ms}}\n", &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	/* 500ms = 500 ms */
	ck_assert_int_eq(s->streams[0].client.retry.max_wait_ms, 500);
	scenario_free(s);
	/* 0s is the documented lower end; 1h = 3,600,000 ms the upper */
	s = parse_str(MIN_HEAD MIN_PHASES "client: {retries: {max_wait: 0s}}\n",
		      &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	ck_assert_int_eq(s->streams[0].client.retry.max_wait_ms, 0);
	scenario_free(s);
	s = parse_str(MIN_HEAD MIN_PHASES "client: {retries: {max_wait: 1h}}\n",
		      &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	ck_assert_int_eq(s->streams[0].client.retry.max_wait_ms, 3600000);
	scenario_free(s);
	ck_assert_uint_eq(diag_count(&d), 0);
	/* 3,600,001 ms is past the hour */
	msg = first_error(MIN_HEAD MIN_PHASES
			  "client: {retries: {max_wait: 3600001ms}}\n");
	ck_assert_msg(strstr(msg, "from 0s to 1h") != NULL, "%s", msg);
	free(msg);
	msg = first_error(MIN_HEAD MIN_PHASES "client: {ru_budget: 0}\n");
	ck_assert_msg(strstr(msg, "ru_budget must be from 1/s to "
				  "1000000000/s") != NULL,
		      "%s", msg);
	free(msg);
}
END_TEST

START_TEST(test_scenario_zipf)
{
	struct pk_diag d;
	struct pk_scenario *s;
	const struct pk_prop_spec *p;

	diag_init(&d);
	s = parse_str(MIN_HEAD
		      "items:\n"
		      "  a: {values: \"v{1..9}\", distribution: zipf, s: 1.3}\n"
		      "  b: {values: [x, y], distribution: zipf}\n"
		      "  c: {s: {values: [x, y]}}\n"
		      "phases:\n"
		      "  - {duration: 1m, rate: 10/s, ops: {create: 0.5, "
		      "read: 0.5}, select: {distribution: zipf, s: 2}}\n"
		      "  - {duration: 1m, rate: 10/s, select: zipf}\n",
		      &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	p = scenario_find_prop(s, "/a");
	ck_assert_int_eq(p->dist.kind, PK_DIST_ZIPF);
	ck_assert_double_eq_tol(p->dist.s, 1.3, TOL);
	p = scenario_find_prop(s, "/b");
	ck_assert_int_eq(p->dist.kind, PK_DIST_ZIPF);
	ck_assert_double_eq_tol(p->dist.s, 1, TOL); /* the default */
	/* {s: {values: ...}} is a nested object with property /c/s */
	p = scenario_find_prop(s, "/c/s");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(p->kind, PK_GEN_LIST);
	ck_assert_int_eq(s->phases[0].select.kind, PK_DIST_ZIPF);
	ck_assert_double_eq_tol(s->phases[0].select.s, 2, TOL);
	ck_assert_int_eq(s->phases[1].select.kind, PK_DIST_ZIPF);
	ck_assert_double_eq_tol(s->phases[1].select.s, 1, TOL);
	scenario_free(s);
	ck_assert_uint_eq(diag_count(&d), 0);
}
END_TEST

START_TEST(test_scenario_retries_off)
{
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	s = parse_str(MIN_HEAD MIN_PHASES "client: {retries: off}\n", &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->streams[0].client.retry.enabled, 0);
	scenario_free(s);
	s = parse_str(MIN_HEAD MIN_PHASES "client: {retries: false}\n", &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->streams[0].client.retry.enabled, 0);
	scenario_free(s);
	ck_assert_uint_eq(diag_count(&d), 0);
}
END_TEST

/* Partitions and the storage keys are inherited by a
   variant like any container key; partitions: new drops the storage */
START_TEST(test_scenario_existing_layout)
{
	struct pk_diag d;
	struct pk_scenario *s;
	const uint64_t gb = 1024ULL * 1024ULL * 1024ULL;

	diag_init(&d);
	s = parse_str("container: {partition_key: /t, throughput: 30000, "
		      "partitions: 5, storage_per_partition: 20GB}\n"
		      "variants:\n"
		      "  - {name: now}\n"
		      "  - {name: new, partitions: new, throughput: 50000}\n"
		      "  - {name: raised, throughput: 50000}\n"
		      "  - {name: total, storage_total: 120GB}\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->n_variants, 4);
	ck_assert_uint_eq(s->variants[0].existing_partitions, 5);
	ck_assert_uint_eq(s->variants[0].existing_bytes_per_pp, 20 * gb);
	ck_assert_uint_eq(s->variants[1].existing_partitions, 0);
	ck_assert_uint_eq(s->variants[1].existing_bytes_per_pp, 0);
	ck_assert_int_eq(s->variants[1].throughput_ru_per_s, 50000);
	/* 50,000 <= 5 x 10,000: allowed on the existing 5 (rule 5) */
	ck_assert_uint_eq(s->variants[2].existing_partitions, 5);
	ck_assert_uint_eq(s->variants[2].existing_bytes_per_pp, 20 * gb);
	ck_assert_int_eq(s->variants[2].throughput_ru_per_s, 50000);
	/* a total replaces the inherited per-partition figure */
	ck_assert_uint_eq(s->variants[3].existing_bytes_per_pp, 0);
	ck_assert_uint_eq(s->variants[3].existing_bytes_total, 120 * gb);
	/* without partitions: a new container */
	scenario_free(s);
	s = parse_str(MIN_HEAD MIN_PHASES, &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->container.existing_partitions, 0);
	scenario_free(s);
	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_partition_key_need_not_exist)
{
	struct pk_diag d;
	struct pk_scenario *s;

	/* a key path naming no property is a real Cosmos accident (all
	   items land in the undefined partition), not a load error */
	diag_init(&d);
	s = parse_str("container: {partition_key: /tenant/id, throughput: "
		      "400}\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s->container.partition_key, "/tenant/id");
	scenario_free(s);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_bom)
{
	struct pk_diag d;
	struct pk_scenario *s;

	/* libyaml accepts a UTF-8 byte order mark; so do we */
	diag_init(&d);
	s = parse_str("\xEF\xBB\xBF" MIN_HEAD MIN_PHASES, &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->container.throughput_ru_per_s, 400);
	scenario_free(s);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_clock_formats)
{
	static const struct {
		const char *text;
		long long want_s;
	} cases[] = {
	    {"2026-01-01T00:00:00Z", 1767225600LL},
	    /* no zone = UTC */
	    {"2026-01-01T00:00:00", 1767225600LL},
	    {"2026-01-01", 1767225600LL},
	    {"2026-01-01 01:00", 1767225600LL + 3600},
	    /* 02:00 at +02:00 is midnight UTC */
	    {"2026-01-01T02:00:00+02:00", 1767225600LL},
	    {"1970-01-01T00:00:00Z", 0},
	    /* leap day: 2024-02-29 is day 19782 */
	    {"2024-02-29", 19782LL * 86400},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pk_diag d;
		struct pk_scenario *s;
		char text[256];

		snprintf(text, sizeof(text),
			 MIN_HEAD MIN_PHASES "clock: {start: \"%s\"}\n",
			 cases[i].text);
		diag_init(&d);
		s = parse_str(text, &d);
		ck_assert_msg(s != NULL, "%s rejected", cases[i].text);
		ck_assert_int_eq(s->clock_start_s, cases[i].want_s);
		scenario_free(s);
		diag_free(&d);
	}
}
END_TEST

START_TEST(test_scenario_pattern_width)
{
	static const struct {
		const char *pattern;
		uint64_t first, count;
		int width;
		const char *prefix, *suffix;
	} cases[] = {
	    /* a leading zero fixes the width */
	    {"dev-{0000..0999}", 0, 1000, 4, "dev-", ""},
	    /* ends of equal length: width = that length */
	    {"{10..99}-x", 10, 90, 2, "", "-x"},
	    /* "1" vs "100": no leading zero, lengths differ */
	    {"u{1..100}", 1, 100, 0, "u", ""},
	    {"{7..7}", 7, 1, 1, "", ""},
	    /* count 2^32 - 1 is the largest allowed */
	    {"{1..4294967295}", 1, 4294967295ULL, 0, "", ""},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pk_diag d;
		struct pk_scenario *s;
		const struct pk_prop_spec *p;
		char text[512];

		snprintf(text, sizeof(text),
			 MIN_HEAD MIN_PHASES "items: {k: {values: \"%s\"}}\n",
			 cases[i].pattern);
		diag_init(&d);
		s = parse_str(text, &d);
		ck_assert_msg(s != NULL, "%s rejected", cases[i].pattern);
		p = scenario_find_prop(s, "/k");
		ck_assert_int_eq(p->kind, PK_GEN_PATTERN);
		ck_assert_uint_eq(p->first, cases[i].first);
		ck_assert_uint_eq(p->count, cases[i].count);
		ck_assert_int_eq(p->width, cases[i].width);
		ck_assert_str_eq(p->prefix, cases[i].prefix);
		ck_assert_str_eq(p->suffix, cases[i].suffix);
		scenario_free(s);
		diag_free(&d);
	}
}
END_TEST

START_TEST(test_units_parse_size)
{
	uint64_t b = 7;

	ck_assert_int_eq(units_parse_size("512", &b), 0);
	ck_assert_uint_eq(b, 512);
	ck_assert_int_eq(units_parse_size("1KB", &b), 0);
	ck_assert_uint_eq(b, 1024);
	/* 1.5 x 2^20 */
	ck_assert_int_eq(units_parse_size("1.5 MB", &b), 0);
	ck_assert_uint_eq(b, 1572864);
	ck_assert_int_eq(units_parse_size("20GB", &b), 0);
	ck_assert_uint_eq(b, 20ULL << 30);
	ck_assert_int_eq(units_parse_size("1TB", &b), 0);
	ck_assert_uint_eq(b, 1ULL << 40);
	/* KiB family is the same binary unit */
	ck_assert_int_eq(units_parse_size("4 KiB", &b), 0);
	ck_assert_uint_eq(b, 4096);
	/* 0.1 KB = 102.4 bytes, rounded to 102 */
	ck_assert_int_eq(units_parse_size("0.1KB", &b), 0);
	ck_assert_uint_eq(b, 102);
	/* 2^64 / 2^40 = 2^24 TB overflows; one less fits */
	ck_assert_int_eq(units_parse_size("16777216TB", &b), -1);
	ck_assert_int_eq(units_parse_size("16777215TB", &b), 0);
	ck_assert_uint_eq(b, 16777215ULL << 40);
	b = 7;
	ck_assert_int_eq(units_parse_size("99999999999999999999", &b), -1);
	ck_assert_int_eq(units_parse_size("1 kb", &b), -1);
	ck_assert_int_eq(units_parse_size("-1KB", &b), -1);
	ck_assert_int_eq(units_parse_size("KB", &b), -1);
	ck_assert_int_eq(units_parse_size("", &b), -1);
	ck_assert_int_eq(units_parse_size("1e3", &b), -1);
	/* nothing written on failure */
	ck_assert_uint_eq(b, 7);
}
END_TEST

START_TEST(test_units_parse_duration)
{
	int64_t ms = 7;

	ck_assert_int_eq(units_parse_duration("90s", &ms), 0);
	ck_assert_int_eq(ms, 90000);
	/* 10 x 60 s */
	ck_assert_int_eq(units_parse_duration("10m", &ms), 0);
	ck_assert_int_eq(ms, 600000);
	ck_assert_int_eq(units_parse_duration("2h", &ms), 0);
	ck_assert_int_eq(ms, 7200000);
	ck_assert_int_eq(units_parse_duration("1d", &ms), 0);
	ck_assert_int_eq(ms, 86400000);
	/* bare number: seconds */
	ck_assert_int_eq(units_parse_duration("600", &ms), 0);
	ck_assert_int_eq(ms, 600000);
	/* 1.5 m = 90 s: whole seconds, accepted */
	ck_assert_int_eq(units_parse_duration("1.5m", &ms), 0);
	ck_assert_int_eq(ms, 90000);
	ck_assert_int_eq(units_parse_duration("0", &ms), 0);
	ck_assert_int_eq(ms, 0);
	ms = 7;
	/* 0.5 s is not a whole second */
	ck_assert_int_eq(units_parse_duration("0.5s", &ms), -1);
	ck_assert_int_eq(units_parse_duration("10min", &ms), -1);
	ck_assert_int_eq(units_parse_duration("-5s", &ms), -1);
	ck_assert_int_eq(units_parse_duration("s", &ms), -1);
	/* over INT64_MAX ms */
	ck_assert_int_eq(units_parse_duration("99999999999999999d", &ms), -1);
	ck_assert_int_eq(ms, 7);
	/* backoff delays: milliseconds too */
	ck_assert_int_eq(units_read_duration_ms("100ms", &ms, NULL),
			 PK_UNITS_OK);
	ck_assert_int_eq(ms, 100);
	/* 1.5 s = 1,500 ms; a bare 0.25 is seconds: 250 ms */
	ck_assert_int_eq(units_read_duration_ms("1.5s", &ms, NULL),
			 PK_UNITS_OK);
	ck_assert_int_eq(ms, 1500);
	ck_assert_int_eq(units_read_duration_ms("0.25", &ms, NULL),
			 PK_UNITS_OK);
	ck_assert_int_eq(ms, 250);
	ck_assert_int_eq(units_read_duration_ms("2m", &ms, NULL), PK_UNITS_OK);
	ck_assert_int_eq(ms, 120000);
	ck_assert_int_eq(units_read_duration_ms("0.5ms", &ms, NULL),
			 PK_UNITS_FRACTION);
	ck_assert_int_eq(units_read_duration_ms("5us", &ms, NULL),
			 PK_UNITS_UNIT);
	ck_assert_int_eq(units_read_duration_ms("-1ms", &ms, NULL),
			 PK_UNITS_NEGATIVE);
	ck_assert_int_eq(ms, 120000);
}
END_TEST

START_TEST(test_units_parse_rate)
{
	double r = 7;

	ck_assert_int_eq(units_parse_rate("2000/s", &r), 0);
	ck_assert_double_eq_tol(r, 2000, TOL);
	/* 120 per minute = 2 per second */
	ck_assert_int_eq(units_parse_rate("120/m", &r), 0);
	ck_assert_double_eq_tol(r, 2.0, TOL);
	/* 36 per hour = 0.01 per second */
	ck_assert_int_eq(units_parse_rate("36/h", &r), 0);
	ck_assert_double_eq_tol(r, 0.01, TOL);
	ck_assert_int_eq(units_parse_rate("2.5", &r), 0);
	ck_assert_double_eq_tol(r, 2.5, TOL);
	ck_assert_int_eq(units_parse_rate("100 / s", &r), 0);
	ck_assert_double_eq_tol(r, 100, TOL);
	r = 7;
	ck_assert_int_eq(units_parse_rate("100/day", &r), -1);
	ck_assert_int_eq(units_parse_rate("-5/s", &r), -1);
	ck_assert_int_eq(units_parse_rate("fast", &r), -1);
	ck_assert_double_eq_tol(r, 7, TOL);
}
END_TEST

START_TEST(test_scenario_collects_errors)
{
	struct pk_diag d;
	char *out;

	/* three independent mistakes, all reported, in file order */
	diag_init(&d);
	ck_assert_ptr_null(parse_str("seed: -1\n"
				     "container: {partition_key: x, "
				     "throughput: 0}\n" MIN_PHASES,
				     &d));
	ck_assert_uint_eq(diag_count(&d), 3);
	out = tu_diag_text(&d);
	ck_assert_ptr_nonnull(strstr(out, "t.yaml:1:7: error: seed"));
	ck_assert_ptr_nonnull(strstr(out, "t.yaml:2:28: error: "
					  "partition_key"));
	ck_assert_ptr_nonnull(strstr(out, "t.yaml:2:43: error: "
					  "throughput"));
	free(out);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_error_cap)
{
	struct pk_diag d;
	char *text, *p, *out;
	size_t i;

	/* 30 unknown keys: 20 kept, the rest counted */
	text = malloc(4096);
	p = text + sprintf(text, MIN_HEAD MIN_PHASES);
	for (i = 0; i < 30; i++) {
		p += sprintf(p, "bogus%zu: 1\n", i);
	}
	diag_init(&d);
	ck_assert_ptr_null(parse_str(text, &d));
	ck_assert_uint_eq(diag_count(&d), 30);
	ck_assert_uint_eq(d.n_entries, PK_DIAG_MAX_ERRORS);
	out = tu_diag_text(&d);
	ck_assert_ptr_nonnull(strstr(out, "10 more errors not shown"));
	free(out);
	free(text);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_diag_not_shared)
{
	struct pk_diag d;
	struct pk_scenario *s;

	/* an error already in diag does not fail a good scenario */
	diag_init(&d);
	diag_error(&d, "other", 1, 1, "earlier");
	s = parse_str(MIN_HEAD MIN_PHASES, &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(diag_count(&d), 1);
	scenario_free(s);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_syntax_note)
{
	struct pk_diag d;

	diag_init(&d);
	ck_assert_ptr_null(parse_str("container: {a: 1\nphases: []\n", &d));
	/* a syntax error stops the load: exactly one error, with a note */
	ck_assert_uint_eq(diag_count(&d), 1);
	ck_assert_ptr_nonnull(d.entries[0].note);
	ck_assert_ptr_nonnull(
	    strstr(d.entries[0].note, "while parsing a flow mapping"));
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_limits)
{
	char *text, *p, *msg;
	size_t i;

	/* 65 nested lists: one too deep */
	text = malloc(1024);
	p = text + sprintf(text, MIN_HEAD MIN_PHASES "items: {k: ");
	for (i = 0; i < 63; i++) {
		*p++ = '[';
	}
	for (i = 0; i < 63; i++) {
		*p++ = ']';
	}
	strcpy(p, "}\n");
	/* root map + items map + 63 lists = 65 levels */
	msg = first_error(text);
	ck_assert_ptr_nonnull(strstr(msg, "nesting deeper than 64"));
	free(msg);
	free(text);

	/* over a million values */
	text = malloc(2200000);
	p = text + sprintf(text, MIN_HEAD MIN_PHASES "items: {k: {values: [");
	for (i = 0; i < 1000001; i++) {
		*p++ = 'a';
		*p++ = ',';
	}
	strcpy(p, "a]}}\n");
	msg = first_error(text);
	ck_assert_ptr_nonnull(strstr(msg, "more than 1000000 YAML values"));
	free(msg);
	free(text);

	/* a value as long as PK_VALUE_MAX_BYTES (NUL included) is too long */
	text = malloc(PK_VALUE_MAX_BYTES + 256);
	p = text + sprintf(text, MIN_HEAD MIN_PHASES "items: {k: {values: [");
	memset(p, 'v', PK_VALUE_MAX_BYTES);
	strcpy(p + PK_VALUE_MAX_BYTES, "]}}\n");
	msg = first_error(text);
	ck_assert_ptr_nonnull(strstr(msg, "limited to 4095 bytes"));
	free(msg);
	free(text);
}
END_TEST

START_TEST(test_scenario_never_crashes)
{
	char *base, *buf;
	size_t len, i;
	uint64_t x = 88172645463325252ULL;
	static const char junk[] = "{}[]:-&*!|>#%@`'\"\t\n ,?0123456789./\xff";

	/* deterministic byte mutations of the full example: every one must
	   load or fail cleanly (ASan/valgrind catch the rest) */
	base = tu_read_file(tu_src("tests/good/full.yaml"), &len);
	ck_assert_ptr_nonnull(base);
	buf = malloc(len + 1);
	for (i = 0; i < 3000; i++) {
		struct pk_diag d;
		int k;

		memcpy(buf, base, len);
		for (k = 0; k < 4; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			buf[x % len] = junk[(x >> 32) % (sizeof(junk) - 1)];
		}
		diag_init(&d);
		scenario_free(scenario_parse("f.yaml", buf, len, &d));
		diag_free(&d);
	}
	free(buf);
	free(base);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Partition key forms, queries, variants */

START_TEST(test_scenario_key_forms)
{
	struct pk_diag d;
	struct pk_scenario *s;
	const struct pk_key_spec *k;

	diag_init(&d);
	/* one path: PATH, version 2 by default (D-LPK), named after it */
	s = parse_str("container:\n"
		      "  partition_key: /address/city\n"
		      "  throughput: 400\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	k = &s->container.key;
	ck_assert_int_eq(k->kind, PK_KEY_PATH);
	ck_assert_uint_eq(k->n_paths, 1);
	ck_assert_str_eq(k->paths[0], "/address/city");
	ck_assert_ptr_null(k->template_text);
	ck_assert_int_eq(k->version, 2);
	/* the value's position: line 2, after "  partition_key: " */
	ck_assert_int_eq(k->line, 2);
	ck_assert_int_eq(k->col, 18);
	ck_assert_str_eq(s->container.partition_key, "/address/city");
	ck_assert_str_eq(s->container.name, "/address/city");
	scenario_free(s);

	/* a list of three: HIERARCHICAL, shown in list form */
	s = parse_str("container:\n"
		      "  partition_key: [/tenantId, /userId, /sessionId]\n"
		      "  throughput: 400\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	k = &s->container.key;
	ck_assert_int_eq(k->kind, PK_KEY_HIERARCHICAL);
	ck_assert_uint_eq(k->n_paths, 3);
	ck_assert_str_eq(k->paths[0], "/tenantId");
	ck_assert_str_eq(k->paths[1], "/userId");
	ck_assert_str_eq(k->paths[2], "/sessionId");
	ck_assert_int_eq(k->version, 2);
	ck_assert_str_eq(s->container.partition_key,
			 "[/tenantId, /userId, /sessionId]");
	scenario_free(s);

	/* block-style list of two */
	s = parse_str("container:\n"
		      "  partition_key:\n"
		      "    - /tenantId\n"
		      "    - /userId\n"
		      "  throughput: 400\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->container.key.kind, PK_KEY_HIERARCHICAL);
	ck_assert_uint_eq(s->container.key.n_paths, 2);
	ck_assert_str_eq(s->container.partition_key, "[/tenantId, /userId]");
	/* a block list starts at its first "-" */
	ck_assert_int_eq(s->container.key.line, 3);
	ck_assert_int_eq(s->container.key.col, 5);
	scenario_free(s);

	/* a list of one is the path itself; version 1 is fine for it */
	s = parse_str("container:\n"
		      "  partition_key: [/deviceId]\n"
		      "  partition_key_version: 1\n"
		      "  throughput: 400\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->container.key.kind, PK_KEY_PATH);
	ck_assert_uint_eq(s->container.key.n_paths, 1);
	ck_assert_str_eq(s->container.key.paths[0], "/deviceId");
	ck_assert_int_eq(s->container.key.version, 1);
	ck_assert_str_eq(s->container.partition_key, "/deviceId");
	scenario_free(s);

	/* any string with '{' is a template, kept as written (pkey parses
	   it); an explicit name wins over the key text */
	s = parse_str("container:\n"
		      "  name: synthetic\n"
		      "  partition_key: \"{deviceId}-{date}\"\n"
		      "  throughput: 400\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	k = &s->container.key;
	ck_assert_int_eq(k->kind, PK_KEY_SYNTHETIC);
	ck_assert_uint_eq(k->n_paths, 0);
	ck_assert_str_eq(k->template_text, "{deviceId}-{date}");
	ck_assert_str_eq(s->container.partition_key, "{deviceId}-{date}");
	ck_assert_str_eq(s->container.name, "synthetic");
	ck_assert_int_eq(k->line, 3);
	ck_assert_int_eq(k->col, 18);
	scenario_free(s);

	/* not even a malformed template is the loader's business */
	s = parse_str("container: {partition_key: '{date', throughput: "
		      "400}\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s->container.key.template_text, "{date");
	scenario_free(s);

	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_query_costs)
{
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	/* defaults: ASSUMPTION base 1 and 0.5 per result; 2.5 per range is
	   the middle of the reference's 2-3 RU (D-PART) */
	s = parse_str(MIN_HEAD MIN_PHASES, &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_double_eq_tol(s->cost.query_base_ru, 1, TOL);
	ck_assert_double_eq_tol(s->cost.query_per_range_ru, 2.5, TOL);
	ck_assert_double_eq_tol(s->cost.query_per_result_ru, 0.5, TOL);
	scenario_free(s);
	s = scenario_load(tu_src("tests/good/compare.yaml"), &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_double_eq_tol(s->cost.query_base_ru, 2, TOL);
	ck_assert_double_eq_tol(s->cost.query_per_range_ru, 3, TOL);
	/* per result may be 0 (the others must be > 0) */
	ck_assert_double_eq_tol(s->cost.query_per_result_ru, 0, TOL);
	/* the other charges keep their defaults */
	ck_assert_double_eq_tol(s->cost.write_1kb_ru, 5, TOL);
	scenario_free(s);
	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
}
END_TEST

/* ops.batch and batch: {size, spanning}: defaults 10 and 0 (D-LIMITS
   caps the size at 100); batch settings without ops.batch are fine. */
START_TEST(test_scenario_batch)
{
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	s = parse_str(MIN_HEAD
		      "phases:\n"
		      "  - {duration: 1m, rate: 10/s, ops: {create: 0.5, "
		      "batch: 0.5}}\n"
		      "  - {duration: 1m, rate: 10/s, ops: {batch: 1},\n"
		      "     batch: {size: 100, spanning: 0.25}}\n"
		      "  - {duration: 1m, rate: 10/s, batch: {size: 1}}\n",
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_double_eq_tol(s->phases[0].mix[PK_OP_BATCH], 0.5, TOL);
	ck_assert_uint_eq(s->phases[0].batch_size, PK_DEFAULT_BATCH_OPS);
	ck_assert_double_eq_tol(s->phases[0].batch_spanning, 0, TOL);
	ck_assert_uint_eq(s->phases[1].batch_size, 100);
	ck_assert_double_eq_tol(s->phases[1].batch_spanning, 0.25, TOL);
	/* unused settings */
	ck_assert_double_eq_tol(s->phases[2].mix[PK_OP_BATCH], 0, TOL);
	ck_assert_uint_eq(s->phases[2].batch_size, 1);
	scenario_free(s);
	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
}
END_TEST

START_TEST(test_scenario_queries)
{
	struct pk_diag d;
	struct pk_scenario *s;
	const struct pk_phase_spec *ph;
	const struct pk_query_spec *q;
	char *out;

	diag_init(&d);
	s = scenario_load(tu_src("tests/good/compare.yaml"), &d);
	out = tu_diag_text(&d);
	ck_assert_msg(s != NULL, "compare.yaml failed:\n%s", out);
	free(out);
	ph = &s->phases[0];
	ck_assert_double_eq_tol(ph->mix[PK_OP_QUERY], 0.2, TOL);
	ck_assert_double_eq_tol(ph->mix[PK_OP_CREATE], 0.6, TOL);
	ck_assert_uint_eq(ph->n_queries, 4);

	q = &ph->queries[0];
	ck_assert_str_eq(q->name, "by-device");
	ck_assert_uint_eq(q->n_conds, 1);
	/* written without '/', stored with it */
	ck_assert_str_eq(q->conds[0].path, "/deviceId");
	ck_assert_int_eq(q->conds[0].kind, PK_COND_EQ);
	ck_assert_uint_eq(q->results, 1); /* default */
	ck_assert_double_eq_tol(q->weight, 3, TOL);
	ck_assert_int_eq(
	    q->line,
	    35); /* line 30 before tenantId, userId and vin joined the
		    items, 33 before address and ts (what query-2 filters
		    on: a query filter no item has is an error) */
	ck_assert_int_eq(q->col, 9);

	/* unnamed: numbered from 1 within the phase; conditions in the
	   order written */
	q = &ph->queries[1];
	ck_assert_str_eq(q->name, "query-2");
	ck_assert_uint_eq(q->n_conds, 3);
	ck_assert_str_eq(q->conds[0].path, "/deviceId"); /* one '/' only */
	ck_assert_int_eq(q->conds[0].kind, PK_COND_IN);
	ck_assert_int_eq(q->conds[0].in_count, 3);
	ck_assert_str_eq(q->conds[1].path, "/address/city");
	ck_assert_int_eq(q->conds[1].kind, PK_COND_STARTSWITH);
	ck_assert_str_eq(q->conds[2].path, "/ts");
	ck_assert_int_eq(q->conds[2].kind, PK_COND_RANGE);
	ck_assert_uint_eq(q->results, 20);
	ck_assert_double_eq_tol(q->weight, 1, TOL); /* default */

	/* `where: {}` and no `where` at all: no filter, a full scan */
	q = &ph->queries[2];
	ck_assert_str_eq(q->name, "scan");
	ck_assert_uint_eq(q->n_conds, 0);
	ck_assert_uint_eq(q->results, 0);
	q = &ph->queries[3];
	ck_assert_str_eq(q->name, "scan-too");
	ck_assert_uint_eq(q->n_conds, 0);

	/* queries without ops.query are allowed (and unused); where: ~ is
	   no filter */
	ph = &s->phases[1];
	ck_assert_double_eq_tol(ph->mix[PK_OP_QUERY], 0, TOL);
	ck_assert_uint_eq(ph->n_queries, 1);
	ck_assert_str_eq(ph->queries[0].name, "query-1");
	ck_assert_uint_eq(ph->queries[0].n_conds, 0);

	scenario_free(s);
	/* a phase without queries has none */
	s = parse_str(MIN_HEAD MIN_PHASES, &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->phases[0].n_queries, 0);
	ck_assert_ptr_null(s->phases[0].queries);
	scenario_free(s);
	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
}
END_TEST

/* Whether each variant keeps an 8-byte slot per item
   (scenario_items_read_back): only when a later operation can name a
   stored item. Creates, batches and full-scan queries name none (a
   create's item is new); a read, an upsert, a conditional query, a
   default_ttl (expiry finds the item) or an /id that can repeat (a 409
   on a held (key, id)) each make it 1. */
static int read_back_of(const char *text)
{
	struct pk_diag d;
	struct pk_scenario *s;
	int r;

	diag_init(&d);
	s = parse_str(text, &d);
	ck_assert_msg(s != NULL, "%s", text);
	r = scenario_items_read_back(s);
	scenario_free(s);
	diag_free(&d);
	return r;
}

START_TEST(test_scenario_items_read_back)
{
#define RB_HEAD                                                                \
	"container: {partition_key: /k, throughput: 400%s}\n"                  \
	"items: {k: {values: \"k{0..9}\"}%s}\n"                                \
	"phases:\n  - {duration: 1s, rate: 10/s, ops: {%s}%s}\n"
	static const struct {
		const char *ttl, *id, *ops, *extra;
		int want;
	} cases[] = {
	    {"", "", "create: 1", "", 0},
	    {"", "", "create: 0.5, batch: 0.5", "", 0},
	    {"", ", id: {unique: \"i-\"}", "create: 1", "", 0},
	    {"", "", "create: 0.9, query: 0.1", ", queries: [{name: all}]", 0},
	    {"", "", "create: 0.9, read: 0.1", "", 1},
	    {"", "", "create: 0.9, upsert: 0.1", "", 1},
	    {"", "", "create: 0.9, delete: 0.1", "", 1},
	    {"", "", "create: 0.9, query: 0.1", ", queries: [{where: {k: eq}}]",
	     1},
	    {", default_ttl: 60", "", "create: 1", "", 1},
	    {"", ", id: {values: \"i{0..9}\"}", "create: 1", "", 1},
	};
	char text[1024];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(text, sizeof(text), RB_HEAD, cases[i].ttl, cases[i].id,
			 cases[i].ops, cases[i].extra);
		ck_assert_msg(read_back_of(text) == cases[i].want,
			      "want %d for:\n%s", cases[i].want, text);
	}
#undef RB_HEAD
}
END_TEST

START_TEST(test_scenario_variants)
{
	struct pk_diag d;
	struct pk_scenario *s;
	const struct pk_container_spec *v;

	diag_init(&d);
	s = scenario_load(tu_src("tests/good/compare.yaml"), &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->n_variants, 4);

	/* no name: named after its key, not after the base's name */
	v = &s->variants[0];
	ck_assert_str_eq(v->name, "/deviceId");
	ck_assert_int_eq(v->key.kind, PK_KEY_PATH);
	/* every other key inherited from the base container */
	ck_assert_int_eq(v->throughput_ru_per_s, 18000);
	ck_assert_double_eq_tol(v->index_factor, 1.5, TOL);
	ck_assert_uint_eq(v->pp_storage_bytes, PK_DEFAULT_PP_STORAGE_BYTES);
	ck_assert_int_eq(v->line, 10);
	ck_assert_int_eq(v->col, 5);

	v = &s->variants[1];
	ck_assert_str_eq(v->name, "tenant-user");
	ck_assert_int_eq(v->key.kind, PK_KEY_HIERARCHICAL);
	ck_assert_str_eq(v->partition_key, "[/tenantId, /userId]");
	ck_assert_int_eq(v->key.version, 2);
	ck_assert_int_eq(v->key.line, 12);
	ck_assert_int_eq(v->throughput_ru_per_s, 18000);

	v = &s->variants[2];
	ck_assert_str_eq(v->name, "day-bucket");
	ck_assert_int_eq(v->key.kind, PK_KEY_SYNTHETIC);
	ck_assert_str_eq(v->key.template_text, "{date}.{hash(vin) mod 400}");
	ck_assert_int_eq(v->key.version, 1);
	ck_assert_int_eq(v->throughput_ru_per_s, 30000);
	ck_assert_double_eq_tol(v->index_factor, 1.5, TOL);

	/* [/tenantId] is the path /tenantId, and so is its name */
	v = &s->variants[3];
	ck_assert_str_eq(v->name, "/tenantId");
	ck_assert_int_eq(v->key.kind, PK_KEY_PATH);

	/* scenario.h: container is the first variant's spec, a deep copy */
	ck_assert_str_eq(s->container.name, "/deviceId");
	ck_assert_str_eq(s->container.partition_key, "/deviceId");
	ck_assert_ptr_ne(s->container.partition_key,
			 s->variants[0].partition_key);
	ck_assert_ptr_ne(s->container.key.paths[0],
			 s->variants[0].key.paths[0]);
	scenario_free(s);

	/* without variants: one, a deep copy of the container */
	s = parse_str("container:\n"
		      "  partition_key: [/tenantId, /userId]\n"
		      "  throughput: 400\n" MIN_PHASES,
		      &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->n_variants, 1);
	v = &s->variants[0];
	ck_assert_str_eq(v->name, "[/tenantId, /userId]");
	ck_assert_str_eq(v->partition_key, "[/tenantId, /userId]");
	ck_assert_ptr_ne(v->partition_key, s->container.partition_key);
	ck_assert_ptr_ne(v->name, s->container.name);
	ck_assert_uint_eq(v->key.n_paths, 2);
	ck_assert_str_eq(v->key.paths[1], "/userId");
	ck_assert_ptr_ne(v->key.paths[1], s->container.key.paths[1]);
	ck_assert_int_eq(v->throughput_ru_per_s, 400);
	scenario_free(s);

	/* a template variant keeps its own text; the base needs no key when
	   every variant sets one */
	s = parse_str(
	    "container: {throughput: 400}\n"
	    "variants:\n"
	    "  - partition_key: \"{deviceId}-{date}\"\n"
	    "  - {partition_key: /deviceId, name: device}\n" MIN_PHASES,
	    &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->n_variants, 2);
	ck_assert_str_eq(s->variants[0].name, "{deviceId}-{date}");
	ck_assert_str_eq(s->variants[0].key.template_text, "{deviceId}-{date}");
	ck_assert_str_eq(s->variants[1].name, "device");
	ck_assert_str_eq(s->container.key.template_text, "{deviceId}-{date}");
	scenario_free(s);

	/* ...but one that sets none leaves the key missing */
	ck_assert_uint_eq(diag_count(&d), 0);
	diag_free(&d);
	{
		char *msg = first_error("container: {throughput: 400}\n"
					"variants:\n"
					"  - partition_key: /deviceId\n"
					"  - throughput: 800\n" MIN_PHASES);

		ck_assert_str_eq(msg,
				 "pksim: t.yaml:1:12: error: missing required "
				 "key 'partition_key' in container (a JSON "
				 "path such as /deviceId); a variant inherits "
				 "it unless it sets its own");
		free(msg);
	}
}
END_TEST

/* Serverless, split_gone, redistribute and merge as loaded; a
   variant's own throughput or autoscale_max replaces an inherited
   serverless, and serverless replaces an inherited throughput. */
START_TEST(test_scenario_throughput_features)
{
	static const char text[] =
	    "container: {partition_key: /k, serverless: true,\n"
	    "            split_gone: 5s}\n"
	    "variants:\n"
	    "  - {name: sl}\n"
	    "  - {name: manual, throughput: 6000}\n"
	    "  - {name: auto, autoscale_max: 4000}\n"
	    "phases:\n"
	    "  - {duration: 1m, rate: 1/s}\n";
	static const char text2[] =
	    "container: {partition_key: /k, throughput: 18000}\n"
	    "variants:\n"
	    "  - {name: manual}\n"
	    "  - {name: sl, serverless: true}\n"
	    "phases:\n"
	    "  - {duration: 1m, rate: 1/s,\n"
	    "     redistribute: {\"0\": 2000, \"2\": 15000}}\n"
	    "  - {duration: 1m, rate: 1/s, merge: 2}\n";
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	s = parse_str(text, &d);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->variants[0].serverless, 1);
	ck_assert_int_eq(s->variants[0].throughput_ru_per_s, 0);
	ck_assert_int_eq(s->variants[0].split_gone_ms, 5000);
	ck_assert_int_eq(s->variants[1].serverless, 0);
	ck_assert_int_eq(s->variants[1].throughput_ru_per_s, 6000);
	ck_assert_int_eq(s->variants[2].serverless, 0);
	ck_assert_int_eq(s->variants[2].autoscale_max_ru_per_s, 4000);
	scenario_free(s);
	/* a serverless variant cannot take the phases' merge: error */
	s = parse_str(text2, &d);
	ck_assert_ptr_null(s);
	diag_free(&d);
	diag_init(&d);
	{
		/* without the serverless variant it loads */
		char buf[512];
		const char *cut = strstr(text2, "  - {name: sl");
		const char *rest = strstr(text2, "phases:");

		snprintf(buf, sizeof(buf), "%.*s%s", (int)(cut - text2), text2,
			 rest);
		s = parse_str(buf, &d);
	}
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->phases[0].n_redistribute, 2);
	ck_assert_uint_eq(s->phases[0].redistribute[1].range_id, 2);
	ck_assert_int_eq(s->phases[0].redistribute[1].ru_per_s, 15000);
	ck_assert_int_eq(s->phases[0].merge_to, 0);
	ck_assert_int_eq(s->phases[1].merge_to, 2);
	ck_assert_int_eq(s->phases[1].action_line, 7); /* one line up */
	scenario_free(s);
	diag_free(&d);
}
END_TEST

/* Two variant names that differ after a NUL: each NUL is an error at its
   name, and nothing more (cut at the NUL, both read "a" and a duplicate
   name was reported that the file does not have). */
START_TEST(test_scenario_nul_no_duplicate)
{
	static const char text[] =
	    MIN_HEAD "variants:\n"
		     "  - {name: \"a\\0x\"}\n"
		     "  - {name: \"a\\0y\"}\n" MIN_PHASES;
	struct pk_diag d;
	char *out;

	diag_init(&d);
	ck_assert_ptr_null(parse_str(text, &d));
	out = tu_diag_text(&d);
	ck_assert_str_eq(out, "pksim: t.yaml:3:12: error: text may not "
			      "contain a NUL character\n"
			      "pksim: t.yaml:4:12: error: text may not "
			      "contain a NUL character\n");
	free(out);
	diag_free(&d);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("scenario");
	TCase *tc;

	tc = tcase_create("good");
	tcase_add_test(tc, test_scenario_full_example);
	tcase_add_test(tc, test_scenario_service_kind);
	tcase_add_test(tc, test_scenario_dynamodb_table);
	tcase_add_test(tc, test_scenario_defaults);
	tcase_add_test(tc, test_scenario_readme_example);
	tcase_add_test(tc, test_scenario_retries_off);
	tcase_add_test(tc, test_scenario_zipf);
	tcase_add_test(tc, test_scenario_retry_policies);
	tcase_add_test(tc, test_scenario_max_wait_ms);
	tcase_add_test(tc, test_scenario_partition_key_need_not_exist);
	tcase_add_test(tc, test_scenario_bom);
	tcase_add_test(tc, test_scenario_clock_formats);
	tcase_add_test(tc, test_scenario_pattern_width);
	tcase_add_test(tc, test_scenario_key_forms);
	tcase_add_test(tc, test_scenario_query_costs);
	tcase_add_test(tc, test_scenario_queries);
	tcase_add_test(tc, test_scenario_batch);
	tcase_add_test(tc, test_scenario_variants);
	tcase_add_test(tc, test_scenario_items_read_back);
	suite_add_tcase(s, tc);

	tc = tcase_create("parse_helpers");
	tcase_add_test(tc, test_units_parse_size);
	tcase_add_test(tc, test_units_parse_duration);
	tcase_add_test(tc, test_units_parse_rate);
	suite_add_tcase(s, tc);

	tc = tcase_create("diagnostics");
	tcase_add_test(tc, test_scenario_bad_corpus);
	tcase_add_test(tc, test_scenario_missing_file);
	tcase_add_test(tc, test_scenario_collects_errors);
	tcase_add_test(tc, test_scenario_error_cap);
	tcase_add_test(tc, test_scenario_diag_not_shared);
	tcase_add_test(tc, test_scenario_syntax_note);
	tcase_add_test(tc, test_scenario_limits);
	tcase_add_test(tc, test_scenario_never_crashes);
	tcase_add_test(tc, test_scenario_throughput_features);
	tcase_add_test(tc, test_scenario_existing_layout);
	tcase_add_test(tc, test_scenario_nul_no_duplicate);
	suite_add_tcase(s, tc);
	return s;
}
