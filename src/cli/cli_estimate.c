/*
 * cli_estimate: `--estimate`, what a run of the scenario would take by
 * pksim's up-front bounds, said without running it: the memory estimate
 * by part (scenario_memory_estimate) and the work units
 * (scenario_work_units), each beside its limit; text or JSON.
 */
#include "cli_estimate.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/memstream.h"
#include "pksim/base/units.h"
#include "pksim/load/scenario.h"
#include "pksim/result/remedy.h"

/* The process itself, beside what the estimate counts (code, libraries,
   stdio and allocator arenas): a run's peak RSS less its estimate. A run
   of 1,000 creates on 10 key values at 4,000 RU/s (no 429s, no remedy
   replays) peaks at 5,850 to 6,060 kB on release and debug builds, in
   each report format, of which its estimate counts 2,316 kB (the pool's
   2 MiB huge-page block, resident whole, the wait histogram, the
   records): the process is 3.6 to 3.8 MiB, and 5 MiB leaves over 1 MiB
   for other builds and libraries (MALLOC_PERTURB_ adds up to 0.8 MiB:
   it fills each block allocated). Not held against the 8 GiB (a run's
   own memory is); added so that the peak bound can be set beside a
   measured peak RSS (tools/bench). */
#define CLI_PROCESS_BYTES (5.0 * 1024 * 1024)

/* The report's rows as the estimate counts them: the costliest
   format's (plan_memory.c) */
static double rows_largest(const struct pk_memory_estimate *e)
{
	double json = scenario_report_rows_bytes(e, PK_REPORT_COST_JSON),
	       csv = scenario_report_rows_bytes(e, PK_REPORT_COST_CSV),
	       text = scenario_report_rows_bytes(e, PK_REPORT_COST_TEXT);
	double most = json > csv ? json : csv;

	return text > most ? text : most;
}

/* 1 when remedies can replay variant c of s (remedy.c, remedy_needed):
   an Azure Cosmos DB container with RU/s, not a serverless one nor a
   DynamoDB table, whose capacity remedies are not replayed */
static int replayed(const struct pk_scenario *s,
		    const struct pk_container_spec *c)
{
	return !c->serverless && !scenario_variant_table(s, c);
}

/* The bytes the remedy replays can hold beside the run (remedy.h:
   remedies_build replays a variant that had 429s, in up to `jobs`
   threads, 0 the cores, one for a data file, each replay one variant
   alone, of the variants remedies replay): none when no operation can
   be rate limited
   (scenario_can_throttle) and no merge can apply (scenario_can_merge:
   a merge is replayed with no 429), or remedies are off, or a variant
   surely rate limited has more replays than the work bound lets run
   (remedies_never_replay); else the largest
   variant's own estimate, less the data files the replays share and
   with the report's per-range rows at text's cost (no report is
   rendered), times
   the replays that can run at once. */
static double replay_bytes(const struct pk_scenario *s, unsigned jobs,
			   int remedies)
{
	struct pk_scenario view;
	struct pk_memory_estimate e;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t g = jobs > 0 ? jobs : cores > 0 ? (size_t)cores : 1, i, n = 0;
	double one = 0;

	if (!remedies ||
	    (!scenario_can_throttle(s) && !scenario_can_merge(s)) ||
	    remedies_never_replay(s)) {
		return 0;
	}
	for (i = 0; i < s->n_variants; i++) {
		n += replayed(s, &s->variants[i]);
	}
	g = s->items_file ? 1 : g < n ? g : n;
	for (i = 0; i < s->n_variants; i++) {
		if (!replayed(s, &s->variants[i])) {
			continue;
		}
		view = *s;
		view.container = s->variants[i];
		view.variants = &s->variants[i];
		view.n_variants = 1;
		scenario_memory_estimate(&view, &e);
		/* a replay builds the result (per-range records, heat map:
		   remedy_replay.c) but renders no report: its rows at
		   text's cost, which holds the result's records and more,
		   without the text's timeline */
		e.total -= rows_largest(&e) + e.files;
		e.report_timeline_lines = 0;
		e.total += scenario_report_rows_bytes(&e, PK_REPORT_COST_TEXT);
		one = e.total > one ? e.total : one;
	}
	return (double)g * one;
}

/* The peak bound in bytes: the estimate with the parts that are never
   alive together counted as the largest of them, not their sum. The
   retry queue is freed once the run has drained it (sim.c, finish),
   before the report is built; the report's storage runway (e->runway)
   frees its groups before the remedies replay (cli.c: result_build, then
   render); each replay holds its own queue and runway inside its own
   figure. So the peak holds the rest, and the largest of the retries,
   the runway and the replays, and the process itself. */
static double peak_bound(const struct pk_memory_estimate *e, double replays,
			 enum pk_report_cost k)
{
	double most = e->retries > e->runway ? e->retries : e->runway;

	most = replays > most ? replays : most;
	/* the report's rows at the run's format's cost, not the
	   costliest's the estimate counts */
	return e->total - e->retries - e->runway + most + CLI_PROCESS_BYTES -
	       rows_largest(e) + scenario_report_rows_bytes(e, k) +
	       (k == PK_REPORT_COST_CSV ? e->csv_seconds : 0);
}

/* The parts, in the refusal message's order */
struct part {
	const char *text, *json;
	double bytes;
};

static size_t parts_of(const struct pk_memory_estimate *e, struct part *p)
{
	struct part all[] = {
	    {"items", "items", e->items},
	    {"logical and physical partitions", "partitions", e->partitions},
	    {"per-second samples and records", "samples", e->samples},
	    {"retry-wait histograms", "histograms", e->histograms},
	    {"retries that can wait at once", "retries", e->retries},
	    {"data files as loaded", "files", e->files},
	    {"operations waiting for a client's workers or ru_budget",
	     "client_queues", e->client_queues},
	    {"the report's rows and heat map", "report", e->report},
	};

	memcpy(p, all, sizeof(all));
	return sizeof(all) / sizeof(all[0]);
}

static char *estimate_json(const struct pk_scenario *s,
			   const struct pk_memory_estimate *e, double work,
			   double replays, enum pk_report_cost cost)
{
	json_t *o = json_object(), *parts = json_object();
	struct part p[9];
	size_t i, n = parts_of(e, p);
	char *text;

	json_object_set_new(o, "memory_estimate_bytes",
			    json_integer((json_int_t)(e->total + 0.5)));
	json_object_set_new(
	    o, "memory_limit_bytes",
	    json_integer((json_int_t)PK_SCENARIO_MAX_TRACK_BYTES));
	json_object_set_new(o, "remedy_replays_bytes",
			    json_integer((json_int_t)(replays + 0.5)));
	json_object_set_new(
	    o, "peak_bound_bytes",
	    json_integer((json_int_t)(peak_bound(e, replays, cost) + 0.5)));
	for (i = 0; i < n; i++) {
		json_object_set_new(
		    parts, p[i].json,
		    json_integer((json_int_t)(p[i].bytes + 0.5)));
	}
	json_object_set_new(o, "memory_parts_bytes", parts);
	json_object_set_new(o, "items",
			    json_integer((json_int_t)(e->n_items + 0.5)));
	json_object_set_new(o, "work_units",
			    json_integer((json_int_t)(work + 0.5)));
	json_object_set_new(
	    o, "runway_work_units",
	    json_integer(
		(json_int_t)(scenario_runway_units(s, NULL, NULL) + 0.5)));
	json_object_set_new(
	    o, "report_work_units",
	    json_integer((json_int_t)(scenario_report_units(s, NULL) + 0.5)));
	json_object_set_new(
	    o, "parse_work_units",
	    json_integer(
		(json_int_t)(scenario_parse_units(s, NULL, NULL) + 0.5)));
	json_object_set_new(o, "work_limit_units",
			    json_integer((json_int_t)PK_SCENARIO_MAX_WORK));
	json_object_set_new(o, "variants",
			    json_integer((json_int_t)s->n_variants));
	text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(o);
	return text;
}

static char *estimate_text(const struct pk_scenario *s,
			   const struct pk_memory_estimate *e, double work,
			   double replays, enum pk_report_cost cost)
{
	char *buf = NULL, a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char terms[1024];
	size_t len = 0, i, n;
	FILE *f = xmemstream(&buf, &len);
	struct part p[9];
	double rw, slices, cands, rows, bytes, recs;

	if (!f) {
		return NULL;
	}
	n = parts_of(e, p);
	fprintf(f,
		"memory estimate: %s (%s bytes, %zu variant%s), an upper "
		"bound; pksim refuses a run above %.0f GiB\n",
		fmt_bytes((uint64_t)(e->total + 0.5), b),
		fmt_thousands((int64_t)(e->total + 0.5), a), s->n_variants,
		s->n_variants == 1 ? "" : "s",
		PK_SCENARIO_MAX_TRACK_BYTES / (double)PK_GIB);
	for (i = 0; i < n; i++) {
		fprintf(f, "  %s: %s\n", p[i].text,
			fmt_bytes((uint64_t)(p[i].bytes + 0.5), a));
	}
	fprintf(
	    f, "peak RSS at most: %s (%s bytes; ",
	    fmt_bytes((uint64_t)(peak_bound(e, replays, cost) + 0.5), a),
	    fmt_thousands((int64_t)(peak_bound(e, replays, cost) + 0.5), b));
	fprintf(f,
		"the estimate, with a %s report's rows, %s for the process "
		"itself",
		cost == PK_REPORT_COST_JSON  ? "JSON"
		: cost == PK_REPORT_COST_CSV ? "CSV"
					     : "text",
		fmt_bytes((uint64_t)CLI_PROCESS_BYTES, b));
	fprintf(f,
		" and %s for remedy replays beside the run; the retries, the "
		"storage runway's %s and the replays are never held at once, "
		"so the largest of them counts)\n",
		fmt_bytes((uint64_t)(replays + 0.5), a),
		fmt_bytes((uint64_t)(e->runway + 0.5), b));
	fprintf(f, "work: %s units a variant (%s)",
		fmt_thousands((int64_t)(work + 0.5), a),
		scenario_work_terms(s, terms, sizeof(terms)));
	if (s->n_variants > 1) {
		fprintf(f, ", %s for the run's %zu variants",
			fmt_thousands(
			    (int64_t)(work * (double)s->n_variants + 0.5), a),
			s->n_variants);
	}
	if ((rw = scenario_runway_units(s, &slices, &cands)) > 0) {
		fprintf(f,
			"; and the storage runway's projection %s units a "
			"variant (%s hourly steps x up to %.0f slices x (1 + "
			"up to %.0f candidate logical partitions) x %.4g)",
			fmt_thousands((int64_t)(rw + 0.5), a),
			fmt_thousands((int64_t)PK_SCENARIO_RUNWAY_STEPS, b),
			slices, cands, PK_SCENARIO_RUNWAY_WORK);
	}
	if ((rw = scenario_report_units(s, &rows)) > 0) {
		fprintf(f,
			"; and the report's per-minute rows %s units a "
			"variant (%s minute%s with a request x %.4g)",
			fmt_thousands((int64_t)(rw + 0.5), a),
			fmt_thousands((int64_t)(rows + 0.5), b),
			(int64_t)(rows + 0.5) == 1 ? "" : "s",
			PK_SCENARIO_REPORT_MINUTE_WORK);
	}
	if ((rw = scenario_parse_units(s, &bytes, &recs)) > 0) {
		fprintf(f,
			"; and the data file's parse %s units once (%s bytes "
			"read x %.4g and %s records x %.4g)",
			fmt_thousands((int64_t)(rw + 0.5), a),
			fmt_thousands((int64_t)bytes, b),
			PK_SCENARIO_PARSE_BYTE_WORK,
			fmt_thousands((int64_t)recs, c),
			PK_SCENARIO_PARSE_RECORD_WORK);
	}
	fprintf(f, "; pksim refuses a run above %s\n",
		fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, b));
	fprintf(f, "remedies: replayed only when a run has 429s or "
		   "more physical partitions than its RU/s need (a merge), "
		   "each "
		   "variant alone, as many at once as --jobs; held to the "
		   "same bounds then\n");
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

char *cli_estimate(const struct pk_scenario *s, int json,
		   enum pk_report_cost cost, unsigned jobs, int remedies,
		   size_t *len)
{
	struct pk_memory_estimate e;
	double replays = replay_bytes(s, jobs, remedies);
	char *text;

	scenario_memory_estimate(s, &e);
	text =
	    json ? estimate_json(s, &e, scenario_work_units(s), replays, cost)
		 : estimate_text(s, &e, scenario_work_units(s), replays, cost);
	if (text && json) {
		/* json_dumps ends without a newline */
		size_t n = strlen(text);

		text = xreallocarray(text, n + 2, 1);
		text[n] = '\n';
		text[n + 1] = '\0';
	}
	*len = text ? strlen(text) : 0;
	return text;
}
