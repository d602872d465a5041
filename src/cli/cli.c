/*
 * cli: `pksim run` and `pksim compare`: the scenario loaded (or built for
 * --items), run, its report rendered whole in memory and written, and the
 * exit status (the options are read by cli_opts.c).
 */
#include "pksim/cli/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/memstream.h"
#include "pksim/base/output.h"
#include "pksim/cli/progress.h"
#include "pksim/cli/usage.h"
#include "pksim/load/scenario.h"
#include "pksim/report/money.h"
#include "pksim/report/narrate.h"
#include "pksim/report/report_csv.h"
#include "pksim/report/report_html.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_md.h"
#include "pksim/report/report_streams.h"
#include "pksim/report/report_text.h"
#include "pksim/report/textwrap.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"

#include "cli_estimate.h"
#include "cli_fingerprint.h"
#include "cli_opts.h"
#include "cli_seeds.h"

/* The text report in *buf (*len bytes) broken to fit width columns
   (textwrap.h; 0: unchanged). Returns 0, or -1 (errno) with *buf kept. */
static int fit_width(char **buf, size_t *len, size_t width)
{
	char *wrapped = NULL;
	size_t n = 0;
	FILE *mem;
	int rc;

	if (width == 0) {
		return 0;
	}
	mem = xmemstream(&wrapped, &n);
	if (!mem) {
		return -1;
	}
	rc = text_wrap(*buf, *len, width, mem);
	if (fclose(mem) || rc) {
		free(wrapped);
		return -1;
	}
	free(*buf);
	*buf = wrapped;
	*len = n;
	return 0;
}

/* The series formats (CSV): no remedies, rendered straight into the
   report's file (write_series) */
static int series_format(enum pk_format f)
{
	return f == PK_FORMAT_CSV || f == PK_FORMAT_STREAMS_CSV ||
	       f == PK_FORMAT_MONEY_CSV;
}

/* A series format of res written as it is rendered (output_open: into
   the temporary file renamed when it is whole, or in place to standard
   output), so its text is never held whole in memory. 0, or the exit
   status with the error printed. */
static int write_series(const struct pk_result *res,
			const struct pk_run_opts *o, struct pk_diag *diag)
{
	struct pk_output_stream os;
	FILE *f =
	    output_open(o->output, o->force ? PK_OUTPUT_FORCE : 0, &os, diag);
	int rc;

	if (!f) {
		diag_print(diag, stderr);
		return cli_diag_status(diag);
	}
	rc = o->format == PK_FORMAT_CSV		  ? report_csv(res, f)
	     : o->format == PK_FORMAT_STREAMS_CSV ? report_streams_csv(res, f)
						  : report_money_csv(res, f);
	if (output_close(&os, rc == 0, diag) == 0) {
		return PK_EXIT_OK;
	}
	if (diag_count(diag) > 0) {
		diag_print(diag, stderr);
		return cli_diag_status(diag);
	}
	fprintf(stderr, "pksim: error: cannot render the report\n");
	return PK_EXIT_ENV;
}

/* Render the report of res into memory, so it is written whole or not
   at all; its remedies replayed here (once: `expect:` reads them too),
   announced on prog's terminal. The series formats are write_series'. */
static int render(struct pk_result *res, const struct pk_run_opts *o,
		  struct pk_progress *prog, char **buf, size_t *len)
{
	FILE *mem = xmemstream(buf, len);
	int rc;

	if (!mem) {
		return -1;
	}
	if (!o->no_remedies) {
		size_t most, n = remedies_plan(res, &most);

		progress_remedies_start(prog, n, most);
		remedies_build(res, o->jobs);
		progress_remedies_end(prog, remedies_replays(res),
				      remedies_not_replayed(res));
	}
	if (o->format == PK_FORMAT_JSON) {
		rc = report_json(res, o->compare, mem);
	} else if (o->format == PK_FORMAT_HTML) {
		rc = report_html(res, o->compare, o->equal_bands, mem);
	} else if (o->format == PK_FORMAT_MARKDOWN) {
		rc = report_markdown(res, o->compare, mem);
	} else if (o->compare) {
		rc = report_text_compare_styled(
		    res, cli_style_colour(o->colour, o->output),
		    cli_style_width(o->width, o->output), mem);
	} else {
		rc = report_text_styled(
		    res, o->wide, cli_style_colour(o->colour, o->output),
		    cli_style_width(o->width, o->output), mem);
	}
	if (fclose(mem)) {
		rc = -1;
	}
	if (rc == 0 && o->format == PK_FORMAT_TEXT) {
		rc = fit_width(buf, len, cli_style_width(o->width, o->output));
	}
	return rc;
}

/* The report of res rendered (render) and written whole
   (output_write). 0, or the exit status with the error printed. */
static int write_report(struct pk_result *res, const struct pk_run_opts *o,
			struct pk_progress *prog, struct pk_diag *diag)
{
	char *buf = NULL;
	size_t len = 0;
	int rc = PK_EXIT_OK;

	if (render(res, o, prog, &buf, &len)) {
		fprintf(stderr, "pksim: error: cannot render the report: %s\n",
			strerror(errno));
		rc = PK_EXIT_ENV;
	} else if (output_write(o->output, buf, len,
				o->force ? PK_OUTPUT_FORCE : 0, diag)) {
		diag_print(diag, stderr);
		rc = cli_diag_status(diag);
	}
	free(buf);
	return rc;
}

/* The scenario to replay: the file, or one built for --items; --key adds
   variants. NULL with errors in diag. */
static struct pk_scenario *scenario_of(const struct pk_run_opts *o,
				       struct pk_diag *diag)
{
	struct pk_scenario *sc;
	size_t i;
	int from = (o->time_field != NULL) + (o->rate_per_s > 0) + o->at_once;

	if (o->items && o->have_compression && !o->time_field) {
		diag_error(diag, "--time-compression", 0, 0,
			   "goes with --time-field: it divides the time "
			   "between records");
		return NULL;
	}
	if (o->items && from != 1) {
		diag_error(diag, o->items, 0, 0,
			   "say how records arrive: exactly one of "
			   "--time-field F, --rate R or --at-once");
		return NULL;
	}
	if (o->items && o->n_keys == 0) {
		diag_error(diag, o->items, 0, 0,
			   "say which keys to compare: --key /path, --key "
			   "'[/a, /b]' or --key '{a}-{b}', once each");
		return NULL;
	}
	sc = o->items
		 ? scenario_for_items(o->items, o->items_format, o->time_field,
				      o->time_compression, o->rate_per_s,
				      o->at_once, o->throughput, diag)
		 : scenario_load_keyed(o->scenario, o->keys, o->n_keys, diag);
	/* what the loader warned of: said once, whatever follows */
	diag_print_warnings(diag, stderr);
	/* an existing layout, before the --key variants copy the container */
	if (sc && o->items && (o->partitions > 0 || o->have_pp_bytes) &&
	    scenario_items_layout(sc, o->partitions,
				  o->have_pp_bytes ? &o->pp_bytes : NULL,
				  diag)) {
		scenario_free(sc);
		return NULL;
	}
	if (!o->items && o->n_queries > 0) {
		diag_error(diag, "--query", 0, 0,
			   "goes with --items: a scenario file's phases send "
			   "their own queries (`queries:`)");
		scenario_free(sc);
		return NULL;
	}
	for (i = 0; sc && i < o->n_keys; i++) {
		if (scenario_add_variant(sc, o->keys[i], diag)) {
			scenario_free(sc);
			return NULL;
		}
	}
	if (sc && o->allow_undefined) {
		scenario_allow_undefined_key(sc);
	}
	for (i = 0; sc && i < o->n_queries; i++) {
		if (scenario_add_query(sc, o->queries[i], diag)) {
			scenario_free(sc);
			return NULL;
		}
	}
	if (sc && scenario_pricing_resolve(sc, o->prices, diag)) {
		scenario_free(sc);
		return NULL;
	}
	if (sc && scenario_query_shares(sc, diag)) {
		scenario_free(sc);
		return NULL;
	}
	/* more variants, more memory: the estimate again */
	if (sc &&
	    ((o->n_variants &&
	      scenario_keep_variants(sc, o->variants, o->n_variants, diag)) ||
	     (o->n_keys > 0 && scenario_check_plan(sc, diag)))) {
		scenario_free(sc);
		return NULL;
	}
	return sc;
}

/* sc->fingerprint (cli_fingerprint.h): the options that shape the
   workload, as parsed; not --variant, --key, --seed or the report's form. */
static int fingerprint(const struct pk_run_opts *o, struct pk_scenario *sc)
{
	char t[256];

	snprintf(t, sizeof(t), "%d %.17g %.17g %d %lld %llu %d %llu %d",
		 (int)o->items_format, o->time_compression, o->rate_per_s,
		 o->at_once, (long long)o->throughput,
		 (unsigned long long)o->partitions, o->have_pp_bytes,
		 (unsigned long long)o->pp_bytes, o->allow_undefined);
	return cli_fingerprint(sc, o->items ? o->items : o->scenario, t,
			       o->time_field, o->queries, o->n_queries);
}

/* What format f's rows cost (scenario.h): the per-second CSV series
   its own, JSON its own, the rest text's */
static enum pk_report_cost report_cost(enum pk_format f)
{
	return f == PK_FORMAT_JSON  ? PK_REPORT_COST_JSON
	       : f == PK_FORMAT_CSV ? PK_REPORT_COST_CSV
				    : PK_REPORT_COST_TEXT;
}

/* --estimate: the scenario's figures against pksim's bounds, written as
   a report is (-o); sc and diag freed. An exit status. */
static int estimate_only(struct pk_scenario *sc, const struct pk_run_opts *o,
			 struct pk_diag *diag)
{
	size_t len;
	/* the series formats carry no remedies (cmd_run_or_compare) */
	int remedies = !o->no_remedies && o->format != PK_FORMAT_CSV &&
		       o->format != PK_FORMAT_STREAMS_CSV &&
		       o->format != PK_FORMAT_MONEY_CSV;
	char *buf =
	    cli_estimate(sc, o->format == PK_FORMAT_JSON,
			 report_cost(o->format), o->jobs, remedies, &len);
	int rc = PK_EXIT_OK;

	if (o->seeds) {
		/* text or Markdown only (--seeds): one run at a time */
		char line[160];
		int n = snprintf(line, sizeof(line),
				 "seeds: %zu runs, one at a time: %zu x the "
				 "work above, the memory of one\n",
				 o->seeds, o->seeds);

		buf = xreallocarray(buf, len + (size_t)n + 1, 1);
		memcpy(buf + len, line, (size_t)n + 1);
		len += (size_t)n;
	}

	if (output_write(o->output, buf, len, o->force ? PK_OUTPUT_FORCE : 0,
			 diag)) {
		diag_print(diag, stderr);
		rc = cli_diag_status(diag);
	}
	free(buf);
	scenario_free(sc);
	diag_free(diag);
	return rc;
}

/* Refuse, before the run, an -o that would destroy one of the run's
   inputs or replace a read-only file without --force (output.h). */
static int output_ok(const struct pk_run_opts *o, const struct pk_scenario *sc,
		     struct pk_diag *diag)
{
	const char *in[PK_SCENARIO_MAX_INPUTS];

	return output_check(o->output, in, scenario_inputs(sc, in),
			    o->force ? PK_OUTPUT_FORCE : 0, diag);
}

static int cmd_run_or_compare(int argc, char **argv, int compare)
{
	struct pk_run_opts o;
	struct pk_diag diag;
	struct pk_scenario *sc;
	struct pk_run *run;
	struct pk_result *res;
	struct pk_sim_opts so = {0};
	struct pk_sim_observer obs;
	struct pk_narrator *nar = NULL;
	struct pk_progress prog;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	rc = cli_run_opts(argc, argv, compare, &o);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	if (o.seeds && o.format != PK_FORMAT_TEXT &&
	    o.format != PK_FORMAT_MARKDOWN) {
		return cli_usage_error(
		    compare ? "compare" : "run",
		    "--seeds gives medians and ranges in the "
		    "text and markdown reports only, not "
		    "--format %s",
		    o.format == PK_FORMAT_JSON		? "json"
		    : o.format == PK_FORMAT_CSV		? "csv"
		    : o.format == PK_FORMAT_STREAMS_CSV ? "streams-csv"
		    : o.format == PK_FORMAT_MONEY_CSV	? "money-csv"
							: "html");
	}
	if (o.seeds && o.narrate) {
		return cli_usage_error(compare ? "compare" : "run", "%s",
				       "--narrate tells one run as it "
				       "proceeds; --seeds makes several "
				       "(leave one out)");
	}
	diag_init(&diag);
	sc = scenario_of(&o, &diag);
	if (sc) {
		sc->pricing.explain = o.explain;
		sc->rank_by = o.rank_by;
	}
	if (sc && output_ok(&o, sc, &diag)) {
		scenario_free(sc);
		sc = NULL;
	}
	if (sc && o.compare && o.format == PK_FORMAT_JSON &&
	    fingerprint(&o, sc)) {
		fprintf(stderr, "pksim: %s: error: cannot read: %s\n",
			o.items ? o.items : o.scenario, strerror(errno));
		scenario_free(sc);
		diag_free(&diag);
		return PK_EXIT_ENV;
	}
	if (sc && o.seeds &&
	    scenario_check_seeds(sc, o.have_seed ? o.seed : sc->seed, o.seeds,
				 &diag)) {
		diag_print(&diag, stderr);
		rc = cli_diag_status(&diag);
		scenario_free(sc);
		diag_free(&diag);
		return rc;
	}
	if (sc && o.format == PK_FORMAT_CSV &&
	    scenario_check_csv_memory(sc, &diag)) {
		/* the series keeps every second: its own estimate,
		   refused by --estimate as by the run */
		diag_print(&diag, stderr);
		rc = cli_diag_status(&diag);
		scenario_free(sc);
		diag_free(&diag);
		return rc;
	}
	if (sc && o.estimate) {
		return estimate_only(sc, &o, &diag);
	}
	if (sc && o.seeds) {
		rc = cli_compare_seeds(sc, o.have_seed ? o.seed : sc->seed,
				       o.seeds, o.format == PK_FORMAT_MARKDOWN,
				       cli_style_colour(o.colour, o.output),
				       cli_style_width(o.width, o.output),
				       !o.no_remedies, o.jobs, &buf, &len,
				       &diag);
		if (rc == 0 && o.format != PK_FORMAT_MARKDOWN) {
			rc = fit_width(&buf, &len,
				       cli_style_width(o.width, o.output));
		}
		if (rc > 0) {
			rc = cli_diag_status(&diag);
			diag_print(&diag, stderr);
		} else if (rc < 0) {
			fprintf(stderr,
				"pksim: error: cannot render the "
				"report: %s\n",
				strerror(errno));
			rc = PK_EXIT_ENV;
		} else if (output_write(o.output, buf, len,
					o.force ? PK_OUTPUT_FORCE : 0, &diag)) {
			diag_print(&diag, stderr);
			rc = cli_diag_status(&diag);
		}
		free(buf);
		scenario_free(sc);
		diag_free(&diag);
		return rc;
	}
	so.keep_seconds = o.format == PK_FORMAT_CSV;
	/* 0: the number of cores; run's variants in one thread unless
	   --jobs says */
	so.jobs = o.compare || o.have_jobs ? o.jobs : 1;
	if (sc && o.narrate) {
		/* told while the run proceeds (narrate.h), on stderr: the
		   progress line would tear it */
		nar = narrate_new(sc, stderr, o.step ? stdin : NULL);
		narrate_observer(nar, &obs);
		so.observer = &obs;
	}
	progress_start(&prog, stderr, o.quiet || nar, &so);
	prog.planned_ops = sc ? scenario_planned_ops(sc) : 0;
	run = sc ? sim_run_opts(sc, o.have_seed ? o.seed : sc->seed, &so, &diag)
		 : NULL;
	progress_end(&prog);
	if (nar && (run ? narrate_end(nar, run->end_ms) : narrate_stop(nar))) {
		fprintf(stderr,
			"pksim: error: cannot write the narration: "
			"%s\n",
			strerror(errno));
		narrate_free(nar);
		sim_free(run);
		diag_free(&diag);
		scenario_free(sc);
		return PK_EXIT_ENV;
	}
	narrate_free(nar);
	if (!run) {
		rc = cli_diag_status(&diag);
		diag_print(&diag, stderr);
		diag_free(&diag);
		scenario_free(sc);
		return rc;
	}
	rc = PK_EXIT_OK;
	res = result_build(run);
	rc = series_format(o.format) ? write_series(res, &o, &diag)
				     : write_report(res, &o, &prog, &diag);
	if (rc != PK_EXIT_OK) {
		/* said by write_series or write_report */
	} else if (sc->n_expects && (o.n_variants || o.n_keys)) {
		/* expect: speaks of the scenario's variants as written */
		fprintf(stderr,
			"%s: expect: not checked: %s changes the "
			"scenario's variants\n",
			sc->lesson_file ? sc->lesson_file : sc->file,
			o.n_variants ? "--variant" : "--key");
	} else {
		rc = cli_expect(res, sc, !o.no_remedies);
	}
	result_free(res);
	sim_free(run);
	scenario_free(sc);
	diag_free(&diag);
	return rc;
}

int cli_run(int argc, char **argv)
{
	return cmd_run_or_compare(argc, argv, 0);
}

int cli_compare(int argc, char **argv)
{
	return cmd_run_or_compare(argc, argv, 1);
}
