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

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/load/scenario.h"

/* The process itself, beside what the estimate counts (code, libraries,
   stdio and allocator arenas, the report rendered in memory): measured
   7.5 MiB on a debug build, about 4 MiB on a release one. Not held
   against the 8 GiB (a run's own memory is); added so that the peak
   bound can be set beside a measured peak RSS (tools/bench). */
#define CLI_PROCESS_BYTES (16.0 * 1024 * 1024)

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
	};

	memcpy(p, all, sizeof(all));
	return sizeof(all) / sizeof(all[0]);
}

static char *estimate_json(const struct pk_scenario *s,
			   const struct pk_memory_estimate *e, double work)
{
	json_t *o = json_object(), *parts = json_object();
	struct part p[8];
	size_t i, n = parts_of(e, p);
	char *text;

	json_object_set_new(o, "memory_estimate_bytes",
			    json_integer((json_int_t)(e->total + 0.5)));
	json_object_set_new(
	    o, "memory_limit_bytes",
	    json_integer((json_int_t)PK_SCENARIO_MAX_TRACK_BYTES));
	json_object_set_new(
	    o, "peak_bound_bytes",
	    json_integer((json_int_t)(e->total + CLI_PROCESS_BYTES + 0.5)));
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
	json_object_set_new(o, "work_limit_units",
			    json_integer((json_int_t)PK_SCENARIO_MAX_WORK));
	json_object_set_new(o, "variants",
			    json_integer((json_int_t)s->n_variants));
	text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(o);
	return text;
}

static char *estimate_text(const struct pk_scenario *s,
			   const struct pk_memory_estimate *e, double work)
{
	char *buf = NULL, a[PK_FMT_BYTES], b[PK_FMT_BYTES];
	size_t len = 0, i, n;
	FILE *f = open_memstream(&buf, &len);
	struct part p[8];

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
	fprintf(f,
		"peak RSS at most: %s (the estimate and %s for the process "
		"itself)\n",
		fmt_bytes((uint64_t)(e->total + CLI_PROCESS_BYTES + 0.5), a),
		fmt_bytes((uint64_t)CLI_PROCESS_BYTES, b));
	fprintf(f,
		"work: %s units a variant (an operation 1, each value of a "
		"query's IN list 1, each physical partition a query visits "
		"%.3g); pksim refuses a run above %s\n",
		fmt_thousands((int64_t)(work + 0.5), a), PK_SCENARIO_RANGE_WORK,
		fmt_thousands((int64_t)PK_SCENARIO_MAX_WORK, b));
	fprintf(f, "remedies: their replays are held to the same bounds "
		   "when a run has 429s (counted then)\n");
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

char *cli_estimate(const struct pk_scenario *s, int json, size_t *len)
{
	struct pk_memory_estimate e;
	char *text;

	scenario_memory_estimate(s, &e);
	text = json ? estimate_json(s, &e, scenario_work_units(s))
		    : estimate_text(s, &e, scenario_work_units(s));
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
