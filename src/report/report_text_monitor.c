/*
 * report_text_monitor: the terminal report's lines about a replayed
 * Azure Monitor log (monitor.h): its rows, container, the seconds the
 * replay covers and how a row becomes requests (report_text_int.h).
 */
#include <stdio.h>
#include <time.h>

#include "pksim/base/fmt.h"
#include "pksim/load/monitor.h"
#include "pksim/load/scenario.h"
#include "report_text_int.h"

/* Whole seconds since 1970 of t_ms (ms), rounded down */
static time_t floor_s(int64_t t_ms)
{
	return (time_t)(monitor_second_ms(t_ms) / 1000);
}

/* The monitor log replayed: its rows, their container, the seconds the
   replay covers (the first row's to the one its last request is sent
   in, both whole: the run's t = 0 and its last second of requests),
   how a row becomes requests. */
void text_monitor_log(const struct pk_result *r, FILE *out)
{
	const struct pk_items_file *f = r->sc->items_file;
	const struct pk_monitor_log *m = f->monitor;
	char a[40], b[40], c[40], t0[32], t1[32];
	/* a row's requests stay in its own second (rule 37, monitor.h):
	   the last is sent in the latest row's second */
	time_t first = floor_s(m->first_ms), last = floor_s(m->last_ms);
	struct tm tm;

	strftime(t0, sizeof(t0), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&first, &tm));
	strftime(t1, sizeof(t1), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&last, &tm));
	fprintf(out, "monitor log: %s (%s), %s of its %s rows", f->path,
		PK_MONITOR_TABLE, fmt_thousands(m->n_rows, a),
		fmt_thousands(m->rows_in_file, b));
	if (m->database || m->collection) {
		fprintf(out, ", %s/%s", m->database ? m->database : "?",
			m->collection ? m->collection : "?");
	}
	if (m->region) {
		fprintf(out, " in %s", m->region);
	}
	/* the exact sum of the rows' charges (to the mRU the reader keeps):
	   2,602.5, not 2,603 */
	fprintf(out, ", %s .. %s, %s", t0, t1,
		fmt_thousands(m->total_mru / 1000, c));
	if (m->total_mru % 1000 != 0) {
		int frac = (int)(m->total_mru % 1000), digits = 3;

		for (; frac % 10 == 0; frac /= 10) {
			digits--; /* .500 -> .5 */
		}
		fprintf(out, ".%0*d", digits, frac);
	}
	fputs(" RU recorded", out);
	if (m->ranges > 0) {
		fprintf(out, " on %zu partition key range%s", m->ranges,
			m->ranges == 1 ? "" : "s");
	}
	fputc('\n', out);
	if (f->split_mru > 0) {
		fprintf(out,
			"  each row replayed as requests of at most %g RU "
			"spread over its second: %s requests; no item sizes, "
			"so nothing is stored\n",
			(double)f->split_mru / 1000.0,
			fmt_thousands(m->pieces, a));
	} else {
		fprintf(out,
			"  each row replayed as one request at the start of "
			"its second: %s requests; no item sizes, so nothing "
			"is stored\n",
			fmt_thousands(m->pieces, a));
	}
	if (m->unranged > 0) {
		/* a blank PartitionKeyRangeId records no range: the row's
		   RU is replayed, its key placed by the other rows */
		fprintf(out,
			"  %s row%s (the first on line %d) name%s no "
			"PartitionKeyRangeId: replayed, but where the log's "
			"keys live is read from the other rows only\n",
			fmt_thousands(m->unranged, a),
			m->unranged == 1 ? "" : "s",
			trace_line(f->trace, m->unranged_rec),
			m->unranged == 1 ? "s" : "");
	}
	if (m->repeated > 0) {
		/* rule 37: one aggregate row per group and second, so a
		   repeat is more likely a doubled export than load */
		fprintf(out,
			"  %s row%s repeat%s an earlier row's second, key "
			"value, operation and range: rows are per-second "
			"aggregates, one for each, so the export may hold "
			"some time twice (replayed as recorded, RU summed)\n",
			fmt_thousands(m->repeated, a),
			m->repeated == 1 ? "" : "s",
			m->repeated == 1 ? "s" : "");
	}
}
