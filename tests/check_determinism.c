/*
 * determinism: the same scenario and seed give the same answer, byte for
 * byte; another seed gives another operation stream.
 * - the pksim binary, run twice with the same scenario and --seed, writes
 *   identical text and JSON reports, on stdout and through -o;
 * - the workload drawn twice from one scenario and seed is the same
 *   stream, operation by operation; drawn with another seed it differs
 *   (and so does the report).
 * Across optimisation levels see check_golden.c: only build/ (-O2) is
 * compared with the golden files.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/workload/targets.h"
#include "pksim/workload/workload.h"
#include "testutil.h"

/* Operations compared per stream: enough to pass the first phase of the
   shipped scenarios' key and size draws many times over */
#define DET_OPS 20000

static void to_src_root(void)
{
	ck_assert_int_eq(chdir(tu_src(".")), 0);
}

/* stdout of `pksim args`, which must exit 0; caller frees */
static char *run_ok(const char *args)
{
	char *out = NULL, *err = NULL;
	int rc = tu_run(args, &out, &err);

	ck_assert_msg(rc == 0, "pksim %s: exit %d: %s", args, rc,
		      err ? err : "");
	ck_assert_ptr_nonnull(out);
	free(err);
	return out;
}

static struct pk_scenario *load(const char *path)
{
	struct pk_diag d;
	struct pk_scenario *sc;

	diag_init(&d);
	sc = scenario_load(path, &d);
	ck_assert_msg(sc != NULL, "%s does not load", path);
	diag_free(&d);
	return sc;
}

static int op_equal(const struct pk_op *a, const struct pk_op *b)
{
	return a->t_ms == b->t_ms && a->kind == b->kind && a->item == b->item &&
	       a->size_bytes == b->size_bytes && a->phase == b->phase &&
	       a->seq == b->seq && a->query == b->query && a->n_in == b->n_in &&
	       (a->n_in == 0 || memcmp(a->in_items, b->in_items,
				       a->n_in * sizeof(a->in_items[0])) == 0);
}

/* The next operation of w as a variant that stores every create at its
   arrival sends it: its target (targets.h) drawn from t; one with no item
   to target is left out, as the run leaves it unsent. */
static int sent_next(struct pk_workload *w, struct pk_targets *t,
		     struct pk_op *op)
{
	while (workload_next(w, op)) {
		uint32_t k;

		if (op->kind == PK_OP_CREATE || op->kind == PK_OP_BATCH) {
			for (k = 0; k < (op->batch_n ? op->batch_n : 1); k++) {
				targets_written(t, op->item + k);
			}
		}
		if (t && targets_needed(w, op) && !targets_pick(t, op)) {
			continue;
		}
		return 1;
	}
	return 0;
}

/* Operations (of the first DET_OPS) where streams seed1 and seed2 of sc
   differ, as sent with their targets (sent_next); both must have the
   same length up to DET_OPS. */
static size_t stream_diffs(const struct pk_scenario *sc, uint64_t seed1,
			   uint64_t seed2, size_t *n_ops)
{
	struct pk_workload *a = workload_new(sc, seed1);
	struct pk_workload *b = workload_new(sc, seed2);
	struct pk_targets *ta = targets_new(a, seed1);
	struct pk_targets *tb = targets_new(b, seed2);
	struct pk_op x, y;
	size_t n = 0, diffs = 0;
	int ha, hb;

	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	for (;;) {
		ha = n < DET_OPS && sent_next(a, ta, &x);
		hb = n < DET_OPS && sent_next(b, tb, &y);
		if (!ha || !hb) {
			break;
		}
		if (!op_equal(&x, &y)) {
			diffs++;
		}
		n++;
	}
	targets_free(ta);
	targets_free(tb);
	workload_free(a);
	workload_free(b);
	*n_ops = n;
	return diffs;
}

/* ------------------------------------------------------------------ */

START_TEST(test_determinism_same_seed_same_report)
{
	static const char *const scen[] = {"offices", "query-routing",
					   "storage-split"};
	size_t i;

	to_src_root();
	for (i = 0; i < sizeof(scen) / sizeof(*scen); i++) {
		char args[512];
		char *a, *b;

		snprintf(args, sizeof(args),
			 "run scenarios/%s.yaml --seed 12345", scen[i]);
		a = run_ok(args);
		b = run_ok(args);
		ck_assert_msg(strcmp(a, b) == 0, "%s: text differs", scen[i]);
		free(a);
		free(b);
		snprintf(args, sizeof(args),
			 "run scenarios/%s.yaml --seed 12345 --format json",
			 scen[i]);
		a = run_ok(args);
		b = run_ok(args);
		ck_assert_msg(strcmp(a, b) == 0, "%s: JSON differs", scen[i]);
		free(a);
		free(b);
	}
}
END_TEST

START_TEST(test_determinism_file_equals_stdout)
{
	char *dir = tu_tmpdir(), args[1024], path[512];
	char *file, *out;

	to_src_root();
	snprintf(path, sizeof(path), "%s/r.txt", dir);
	snprintf(args, sizeof(args), "run scenarios/offices.yaml -o '%s'",
		 path);
	free(run_ok(args));
	file = tu_read_file(path, NULL);
	ck_assert_ptr_nonnull(file);
	out = run_ok("run scenarios/offices.yaml");
	ck_assert_str_eq(file, out);
	free(file);
	free(out);
	unlink(path);
	rmdir(dir);
	free(dir);
}
END_TEST

START_TEST(test_determinism_same_seed_same_stream)
{
	struct pk_scenario *sc;
	size_t n;

	to_src_root();
	sc = load("scenarios/iot-by-device.yaml");
	ck_assert_uint_eq(stream_diffs(sc, sc->seed, sc->seed, &n), 0);
	ck_assert_uint_eq(n, DET_OPS); /* the scenario is longer than that */
	ck_assert_uint_eq(stream_diffs(sc, 0, 0, &n), 0);
	ck_assert_uint_eq(stream_diffs(sc, UINT64_MAX, UINT64_MAX, &n), 0);
	scenario_free(sc);
}
END_TEST

START_TEST(test_determinism_other_seed_other_stream)
{
	/* percent of operations that must differ: 1,000 devices drawn per
	   operation move almost every operation; three offices and a few
	   groups repeat a key by chance far more often */
	static const struct {
		const char *path;
		size_t min_pct;
	} scen[] = {{"scenarios/iot-by-device.yaml", 50},
		    {"scenarios/offices.yaml", 5},
		    {"scenarios/food-groups.yaml", 5}};
	size_t i, n, diffs;

	to_src_root();
	for (i = 0; i < sizeof(scen) / sizeof(*scen); i++) {
		struct pk_scenario *sc = load(scen[i].path);

		diffs = stream_diffs(sc, sc->seed, sc->seed + 1, &n);
		ck_assert_uint_gt(n, 100);
		ck_assert_msg(diffs * 100 >= n * scen[i].min_pct,
			      "%s: seeds %llu and %llu: %zu of %zu "
			      "operations differ",
			      scen[i].path, (unsigned long long)sc->seed,
			      (unsigned long long)sc->seed + 1, diffs, n);
		scenario_free(sc);
	}
}
END_TEST

START_TEST(test_determinism_other_seed_other_report)
{
	char *a, *b;

	to_src_root();
	a = run_ok("run scenarios/offices.yaml --format json --seed 1");
	b = run_ok("run scenarios/offices.yaml --format json --seed 2");
	ck_assert_str_ne(a, b);
	free(a);
	free(b);
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("determinism");
	TCase *tc = tcase_create("reports");

	tcase_add_test(tc, test_determinism_same_seed_same_report);
	tcase_add_test(tc, test_determinism_file_equals_stdout);
	tcase_add_test(tc, test_determinism_other_seed_other_report);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	tc = tcase_create("streams");
	tcase_add_test(tc, test_determinism_same_seed_same_stream);
	tcase_add_test(tc, test_determinism_other_seed_other_stream);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}
