#include "testutil.h"
#include <math.h>

#include <csv.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/report/findings.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char path_buf[4096];

/* The one main() of every Check suite; CK_VERBOSITY chooses the output
   (normal when unset). */
int main(void)
{
	SRunner *sr = srunner_create(tu_suite());
	int failed;

	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

char *tu_diag_text(const struct pk_diag *d)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	diag_print(d, f);
	fclose(f);
	return buf;
}

const char *tu_src(const char *rel)
{
	const char *root = getenv("PKSIM_SOURCE_ROOT");

	snprintf(path_buf, sizeof(path_buf), "%s/%s", root ? root : "..", rel);
	return path_buf;
}

char *tu_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		return NULL;
	}
	do {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap + 1);
			if (!buf) {
				abort();
			}
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	buf[n] = '\0';
	if (len) {
		*len = n;
	}
	return buf;
}

char *tu_tmpdir(void)
{
	char tmpl[] = "/tmp/pksim-test-XXXXXX";
	char *d = mkdtemp(tmpl);

	return d ? strdup(d) : NULL;
}

int tu_run(const char *args, char **out, char **err)
{
	const char *bin = getenv("PKSIM_BIN");
	char *dir = tu_tmpdir();
	char cmd[16384], o[512], e[512];
	int st;

	if (!bin || !dir) {
		free(dir);
		return -1;
	}
	snprintf(o, sizeof(o), "%s/out", dir);
	snprintf(e, sizeof(e), "%s/err", dir);
	snprintf(cmd, sizeof(cmd), "'%s' %s >'%s' 2>'%s' </dev/null", bin, args,
		 o, e);
	st = system(cmd);
	if (out) {
		*out = tu_read_file(o, NULL);
	}
	if (err) {
		*err = tu_read_file(e, NULL);
	}
	unlink(o);
	unlink(e);
	rmdir(dir);
	free(dir);
	if (st == -1 || !WIFEXITED(st)) {
		return -1;
	}
	return WEXITSTATUS(st);
}

char *tu_help_commands(void)
{
	char *out = NULL, *err = NULL, *p, *list;
	size_t n = 0;

	ck_assert_int_eq(tu_run("--help", &out, &err), 0);
	p = strstr(out, "\ncommands:\n");
	ck_assert_ptr_nonnull(p);
	list = calloc(1, strlen(out) + 1);
	ck_assert_ptr_nonnull(list);
	p += strlen("\ncommands:\n");
	/* "  name  text": two spaces, then a letter; a blank line ends it */
	for (; *p && *p != '\n'; p = strchr(p, '\n') + 1) {
		if (p[0] == ' ' && p[1] == ' ' && p[2] >= 'a' && p[2] <= 'z') {
			size_t len = strcspn(p + 2, " \n");

			n += (size_t)sprintf(list + n, "%s%.*s", n ? ", " : "",
					     (int)len, p + 2);
		}
		ck_assert_ptr_nonnull(strchr(p, '\n'));
	}
	ck_assert_uint_gt(n, 0);
	free(out);
	free(err);
	return list;
}

/* ---- the EPK vectors ---- */

#define TU_VECTOR_FIELDS 5 /* id, kind, version, components, expected */

struct tu_vector_reader {
	void (*row)(const struct tu_vector *v, void *ctx);
	void *ctx;
	char *field[TU_VECTOR_FIELDS];
	int n_field;
	int header_done;
	int rows;
};

static void tu_on_field(void *s, size_t len, void *data)
{
	struct tu_vector_reader *r = data;

	if (r->n_field < TU_VECTOR_FIELDS) {
		r->field[r->n_field] = strndup(s ? s : "", s ? len : 0);
	}
	r->n_field++;
}

static void tu_on_row(int c, void *data)
{
	struct tu_vector_reader *r = data;
	int i;

	(void)c;
	if (r->header_done && r->n_field >= TU_VECTOR_FIELDS) {
		struct tu_vector v = {r->field[0], r->field[1], r->field[2],
				      r->field[3], r->field[4]};

		r->row(&v, r->ctx);
		r->rows++;
	}
	r->header_done = 1;
	for (i = 0; i < TU_VECTOR_FIELDS; i++) {
		free(r->field[i]);
		r->field[i] = NULL;
	}
	r->n_field = 0;
}

int tu_epk_vectors(void (*row)(const struct tu_vector *v, void *ctx), void *ctx)
{
	struct tu_vector_reader r = {row, ctx, {NULL}, 0, 0, 0};
	struct csv_parser p;
	size_t len;
	char *text =
	    tu_read_file(tu_src("tests/vectors/epk_vectors.csv"), &len);
	int ok;

	if (!text || csv_init(&p, CSV_APPEND_NULL) != 0) {
		free(text);
		return -1;
	}
	ok = csv_parse(&p, text, len, tu_on_field, tu_on_row, &r) == len &&
	     csv_fini(&p, tu_on_field, tu_on_row, &r) == 0;
	csv_free(&p);
	free(text);
	return ok ? r.rows : -1;
}

struct pk_run *tu_sim_text(const char *file, const char *text)
{
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;

	diag_init(&d);
	sc = scenario_parse(file, text, strlen(text), &d);
	ck_assert_msg(sc != NULL, "%s", tu_diag_text(&d));
	/* as the CLI does: pricing: loads the price table */
	ck_assert_msg(scenario_pricing_resolve(sc, NULL, &d) == 0, "%s",
		      tu_diag_text(&d));
	run = sim_run(sc, sc->seed, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
	return run;
}

void tu_sim_free(struct pk_run *run)
{
	struct pk_scenario *sc;

	if (!run) {
		return;
	}
	sc = (struct pk_scenario *)run->sc;
	sim_free(run);
	scenario_free(sc);
}

const struct pk_metrics *tu_metrics(const struct pk_service *svc)
{
	return svc->ops->metrics(svc);
}

void tu_snapshot(const struct pk_run *run, size_t v, struct pk_snapshot *s)
{
	const struct pk_service *svc = run->variants[v].svc;

	svc->ops->snapshot(svc, run->sc, s);
}

void tu_hot_throttles(const struct pk_run *run, uint64_t *hot, uint64_t *cold)
{
	struct pk_snapshot s;
	size_t i, h = 0;

	tu_snapshot(run, 0, &s);
	for (i = 1; i < s.n_ranges; i++) {
		if (s.ranges[i].requests > s.ranges[h].requests) {
			h = i;
		}
	}
	*hot = *cold = 0;
	for (i = 0; i < s.n_ranges; i++) {
		*(i == h ? hot : cold) += s.ranges[i].throttled_429;
	}
	snapshot_free(&s);
}

struct tu_end tu_end(const struct pk_run *run, size_t v)
{
	struct pk_snapshot s;
	struct tu_end e;

	tu_snapshot(run, v, &s);
	e.ranges = s.n_ranges;
	e.storage = s.storage_bytes;
	e.ru_per_s = s.ru_per_s;
	snapshot_free(&s);
	return e;
}

struct pk_snapshot_lp tu_lp(const struct pk_snapshot *s, uint64_t i)
{
	struct pk_snapshot_lp lp;

	s->lp_read(s->lps, i, 1, &lp);
	return lp;
}

void tu_fx_run(struct tu_fx *f, const char *file, const char *text)
{
	f->run = tu_sim_text(file, text);
	f->r = result_build(f->run);
}

void tu_fx_free(struct tu_fx *f)
{
	result_free(f->r);
	tu_sim_free(f->run);
	f->r = NULL;
	f->run = NULL;
}

struct pk_run *tu_sim_shipped(const char *name)
{
	struct pk_diag d;
	struct pk_scenario *sc;
	struct pk_run *run;
	char path[256];

	snprintf(path, sizeof(path), "scenarios/%s.yaml", name);
	diag_init(&d);
	sc = scenario_load(tu_src(path), &d);
	ck_assert_msg(sc != NULL, "%s", tu_diag_text(&d));
	run = sim_run(sc, sc->seed, &d);
	ck_assert_msg(run != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
	return run;
}

void tu_fx_shipped(struct tu_fx *f, const char *name)
{
	f->run = tu_sim_shipped(name);
	f->r = result_build(f->run);
}

const struct pk_result_variant *tu_fx_variant(const struct tu_fx *f,
					      const char *name)
{
	size_t i;

	for (i = 0; i < f->r->n_variants; i++) {
		if (strcmp(f->r->variants[i].name, name) == 0) {
			return &f->r->variants[i];
		}
	}
	ck_abort_msg("no variant %s", name);
	return NULL;
}

char *tu_report(const struct pk_result *r,
		int (*writer)(const struct pk_result *r, FILE *out))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(mem);
	ck_assert_int_eq(writer(r, mem), 0);
	ck_assert_int_eq(fclose(mem), 0);
	return buf;
}

char *tu_write_file(const char *dir, const char *name, const char *text)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *path = malloc(n);
	FILE *f;

	ck_assert_ptr_nonnull(path);
	snprintf(path, n, "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_msg(f != NULL, "cannot write %s", path);
	ck_assert_int_ge(fputs(text, f), 0);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

char *tu_dir;
/* tu_dir_file's paths, freed by tu_dir_teardown */
static char **dir_files;
static size_t n_dir_files;

void tu_dir_setup(void)
{
	tu_dir = tu_tmpdir();
	ck_assert_ptr_nonnull(tu_dir);
}

void tu_dir_teardown(void)
{
	char cmd[600];
	size_t i;

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tu_dir);
	ck_assert_int_eq(system(cmd), 0);
	for (i = 0; i < n_dir_files; i++) {
		free(dir_files[i]);
	}
	free(dir_files);
	dir_files = NULL;
	n_dir_files = 0;
	free(tu_dir);
	tu_dir = NULL;
}

const char *tu_dir_file(const char *name, const char *text)
{
	char **more = realloc(dir_files, (n_dir_files + 1) * sizeof(*more));

	ck_assert_ptr_nonnull(more);
	dir_files = more;
	dir_files[n_dir_files] = tu_write_file(tu_dir, name, text);
	return dir_files[n_dir_files++];
}

struct pk_scorecard *tu_cards_sc(struct pk_scenario *sc, struct pk_run **run,
				 struct pk_result **res)
{
	struct pk_diag d;

	diag_init(&d);
	*run = sim_run(sc, sc->seed, &d);
	ck_assert_msg(*run != NULL, "%s", tu_diag_text(&d));
	diag_free(&d);
	*res = result_build(*run);
	return scorecard_all(*res);
}

struct pk_scorecard *tu_cards(const char *file, const char *text,
			      struct pk_run **run, struct pk_result **res)
{
	*run = tu_sim_text(file, text);
	*res = result_build(*run);
	return scorecard_all(*res);
}

double tu_full_s(const char *file, const char *text, int *kind, char *t,
		 size_t cap)
{
	struct pk_run *run;
	struct pk_result *res;
	struct pk_scorecard *c =
	    tu_cards(tu_dir_file(file, text), text, &run, &res);
	double s =
	    c[0].full_kind == PK_FULL_DAYS ? c[0].days_to_full * 86400.0 : -1.0;

	*kind = (int)c[0].full_kind;
	scorecard_full_text(res, &c[0], 0, t, cap);
	tu_cards_free(c, run, res);
	return s;
}

void tu_cards_free(struct pk_scorecard *cards, struct pk_run *run,
		   struct pk_result *res)
{
	free(cards);
	result_free(res);
	tu_sim_free(run);
}

char *tu_run_ok(const char *args)
{
	char *out = NULL, *err = NULL;
	int rc = tu_run(args, &out, &err);

	ck_assert_msg(rc == 0, "pksim %s: exit %d: %s", args, rc,
		      err ? err : "");
	free(err);
	ck_assert_ptr_nonnull(out);
	return out;
}

long tu_status_kb(const char *name)
{
	char line[256];
	long kb = -1;
	size_t n = strlen(name);
	FILE *f = fopen("/proc/self/status", "r");

	if (!f) {
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, name, n) == 0 && line[n] == ':') {
			kb = strtol(line + n + 1, NULL, 10);
		}
	}
	fclose(f);
	return kb;
}

int tu_near(double x, double want, double rel)
{
	return fabs(x - want) <= rel * fabs(want);
}

char *tu_findings_text(const struct pk_result *r)
{
	size_t n, i, len = 1;
	char **f = findings_make(r, &r->variants[0], &n);
	char *all;

	for (i = 0; i < n; i++) {
		len += strlen(f[i]) + 1;
	}
	all = calloc(1, len);
	ck_assert_ptr_nonnull(all);
	for (i = 0; i < n; i++) {
		strcat(all, f[i]);
		strcat(all, "\n");
		free(f[i]);
	}
	free(f);
	return all;
}

void tu_estimate_text(const char *name, const char *text,
		      struct pk_memory_estimate *e)
{
	struct pk_diag d;
	struct pk_scenario *s;

	diag_init(&d);
	s = scenario_parse(name, text, strlen(text), &d);
	ck_assert_msg(s != NULL, "%s", tu_diag_text(&d));
	scenario_memory_estimate(s, e);
	scenario_free(s);
	diag_free(&d);
}
