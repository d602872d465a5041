/*
 * fuzz_trace: libFuzzer harness for the data-file readers (JSON, JSON
 * lines, CSV) in trace.c, and the Azure Monitor export reader on top of
 * them (monitor.c: columns, times, charges, key arrays, CSV field
 * positions).
 *
 * The first input byte picks the format (modulo 4: auto, json, jsonl,
 * csv); the rest is the file text, handed to trace_parse as is. A parsed
 * trace must pass trace_check, and every record must answer trace_value
 * and trace_time_ms for a few paths without a crash or sanitizer report;
 * a refusal must carry at least one diagnostic. The trace is then read as
 * a CDBPartitionKeyRUConsumption export for a key of 1 and of 2 levels;
 * a refusal there must say why too, and a log's rows must answer
 * monitor_value and sum their requests' charges to the row's.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/value.h"
#include "pksim/load/monitor.h"
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

/* Read t (parsed from text) as a monitor export for a key of levels
   components; check what comes back. */
static void probe_monitor(const struct pk_trace *t, const char *text,
			  size_t len, size_t levels)
{
	struct pk_monitor_opts o;
	struct pk_monitor_log *m;
	struct pk_diag d;
	size_t r, l;

	memset(&o, 0, sizeof(o));
	o.levels = levels;
	o.split_mru = 10000;
	diag_init(&d);
	m = monitor_from_trace(t, text, len, &o, &d);
	if (!m && diag_count(&d) == 0) {
		abort(); /* a refusal must say why */
	}
	for (r = 0; m && r < m->n_rows && r < FUZZ_TRACE_MAX_PROBED; r++) {
		struct pk_value v;
		int64_t sum = 0;
		uint64_t j;

		for (l = 0; l < m->levels; l++) {
			monitor_value(m, r, l, &v);
		}
		for (j = 0; j < m->rows[r].pieces && j < 100000; j++) {
			sum += monitor_piece_mru(&m->rows[r], j);
		}
		if (m->rows[r].pieces <= 100000 &&
		    sum != m->rows[r].charge_mru) {
			abort();
		}
	}
	monitor_free(m);
	diag_free(&d);
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
		probe_monitor(t, text, len, 1);
		probe_monitor(t, text, len, 2);
	} else if (diag_count(&d) == 0) {
		abort(); /* a refusal must say why */
	}
	trace_free(t);
	diag_free(&d);
	free(text);
	return 0;
}
