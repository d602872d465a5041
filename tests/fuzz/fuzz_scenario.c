/*
 * fuzz_scenario: libFuzzer harness for the YAML scenario loader.
 *
 * The input is the whole scenario text, handed to scenario_parse as is
 * (not NUL-terminated, any bytes). Whatever it is, the loader must return
 * a scenario or NULL with at least one diagnostic, without a crash, a
 * sanitizer report, a leak or unbounded time. Run with tools/fuzz.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/load/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pk_diag d;
	struct pk_scenario *s;
	/* a copy of exactly size bytes, so ASan catches reads past the end */
	char *text = malloc(size ? size : 1);

	if (!text) {
		abort();
	}
	memcpy(text, data, size);
	diag_init(&d);
	s = scenario_parse("fuzz.yaml", text, size, &d);
	if (!s && diag_count(&d) == 0) {
		abort(); /* a refusal must say why */
	}
	scenario_free(s);
	diag_free(&d);
	free(text);
	return 0;
}
