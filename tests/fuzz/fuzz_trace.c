/*
 * fuzz_trace: libFuzzer harness for the data-file readers (JSON, JSON
 * lines, CSV) in trace.c.
 *
 * The first input byte picks the format (modulo 4: auto, json, jsonl,
 * csv); the rest is the file text, handed to trace_parse as is. A parsed
 * trace must pass trace_check, and every record must answer trace_value
 * and trace_time_ms for a few paths without a crash or sanitizer report;
 * a refusal must carry at least one diagnostic.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/value.h"
#include "pksim/load/trace.h"

/* Records probed per input: enough to reach every code path of a record
   without making long inputs slow */
#define FUZZ_TRACE_MAX_PROBED 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const probe_paths[] = {"/id", "/ts", "/a/b", "id", ""};

static void probe(const struct pk_trace *t)
{
	size_t n = trace_count(t), i, p;
	char buf[64];

	trace_check(t);
	for (i = 0; i < n && i < FUZZ_TRACE_MAX_PROBED; i++) {
		(void)trace_size_bytes(t, i);
		(void)trace_line(t, i);
		for (p = 0; p < sizeof(probe_paths) / sizeof(*probe_paths);
		     p++) {
			struct pk_value v;
			struct pk_diag d;
			int64_t ms;

			(void)trace_value(t, i, probe_paths[p], &v, buf,
					  sizeof(buf));
			(void)trace_value(t, i, probe_paths[p], &v, NULL, 0);
			diag_init(&d);
			(void)trace_time_ms(t, i, probe_paths[p], &ms, &d);
			diag_free(&d);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum pk_trace_format formats[] = {
	    PK_TRACE_FORMAT_AUTO, PK_TRACE_FORMAT_JSON, PK_TRACE_FORMAT_JSONL,
	    PK_TRACE_FORMAT_CSV};
	struct pk_diag d;
	struct pk_trace *t;
	char *text;
	size_t len;

	if (size == 0) {
		return 0;
	}
	len = size - 1;
	/* a copy of exactly len bytes, so ASan catches reads past the end */
	text = malloc(len ? len : 1);
	if (!text) {
		abort();
	}
	memcpy(text, data + 1, len);
	diag_init(&d);
	t = trace_parse("fuzz.data", text, len, formats[data[0] % 4], &d);
	if (t) {
		probe(t);
	} else if (diag_count(&d) == 0) {
		abort(); /* a refusal must say why */
	}
	trace_free(t);
	diag_free(&d);
	free(text);
	return 0;
}
