/*
 * fuzz_run: libFuzzer harness for the loader plus a short simulation.
 *
 * The input is a whole scenario text. Whatever the loader accepts must
 * run: the simulation, each container's invariants (container_check) and
 * every report, without a crash, a sanitizer report (signed overflow
 * included), a leak or unbounded time. So that a run stays short, a
 * scenario is simulated only when its phases together last at most
 * FUZZ_RUN_MAX_S seconds and send at most FUZZ_RUN_MAX_OPS operations, and
 * it has at most FUZZ_RUN_MAX_VARIANTS variants; the loader's own bounds
 * (plan_limits) are checked on every input. Faults of the kind this finds:
 * a template range the loader accepts but the engine cannot draw from,
 * phase durations whose sum overflows. Run with tools/fuzz.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"
#include "pksim/report/report_json.h"
#include "pksim/report/report_text.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"
#include "pksim/service/cosmos/cosmos_service.h"

#define FUZZ_RUN_MAX_S 120.0
#define FUZZ_RUN_MAX_OPS 2000.0
#define FUZZ_RUN_MAX_VARIANTS 3

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 1 when s is small enough to simulate here. */
static int short_run(const struct pk_scenario *s)
{
	double t_s = 0, ops = 0;
	size_t i;

	if (s->items_file || s->n_variants > FUZZ_RUN_MAX_VARIANTS) {
		return 0;
	}
	for (i = 0; i < s->n_phases; i++) {
		double d = (double)s->phases[i].duration_ms / 1000.0;

		t_s += d;
		ops += s->phases[i].rate_per_s * d;
	}
	return t_s <= FUZZ_RUN_MAX_S && ops <= FUZZ_RUN_MAX_OPS;
}

static void simulate(const struct pk_scenario *s, FILE *sink)
{
	struct pk_diag d;
	struct pk_run *run;
	struct pk_result *r;
	size_t i;

	diag_init(&d);
	run = sim_run(s, 1, &d);
	if (!run) {
		if (diag_count(&d) == 0) {
			abort(); /* a refused run must say why */
		}
		diag_free(&d);
		return;
	}
	for (i = 0; i < run->n_variants; i++) {
		const struct pk_service *svc = run->variants[i].svc;

		/* the container's invariants; another service's variant
		   (a compare across services) has no container */
		if (strcmp(svc->ops->name, "cosmos") == 0 &&
		    cosmos_service_check(svc) != 0) {
			abort();
		}
	}
	r = result_build(run);
	report_text(r, sink);
	report_json(r, 1, sink);
	result_free(r);
	sim_free(run);
	diag_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct pk_diag d;
	struct pk_scenario *s;
	char *text = malloc(size ? size : 1);

	if (!text) {
		abort();
	}
	if (!sink) {
		sink = fopen("/dev/null", "w");
		if (!sink) {
			abort();
		}
	}
	memcpy(text, data, size);
	diag_init(&d);
	s = scenario_parse("fuzz.yaml", text, size, &d);
	if (!s && diag_count(&d) == 0) {
		abort();
	}
	if (s && short_run(s)) {
		simulate(s, sink);
	}
	scenario_free(s);
	diag_free(&d);
	free(text);
	return 0;
}
