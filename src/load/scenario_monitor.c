/*
 * scenario_monitor: `monitor_log:`, an Azure Monitor export of
 * CDBPartitionKeyRUConsumption replayed as the workload (monitor.h). It
 * becomes the scenario's items_file with from = PK_FROM_MONITOR, so the
 * rest of a data-file scenario applies: phases are optional and only set
 * throughput, the run lasts until the last request.
 */
#include "loader.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/load/monitor.h"
#include "pksim/load/trace.h"

/* ASSUMPTION (monitor.h): a row is requests of at most this many RU
   spread over its calendar second, unless split_ru says otherwise */
#define PK_MONITOR_DEFAULT_SPLIT_MRU 10000
/* Bounds of split_ru, RU: each piece at least 0.1 RU (so a row of the
   largest charge is at most 10 million requests), at most 10,000 */
#define PK_MONITOR_SPLIT_MIN_RU 0.1
#define PK_MONITOR_SPLIT_MAX_RU 10000.0

static const char *const monitor_keys[] = {
    "file", "format", "database", "collection", "region", "split_ru", NULL,
};

static const char *const monitor_formats[] = {
    "auto", "csv", "json", "jsonl", "ndjson", NULL,
};

/* 1 if a and b name the same key (kind and paths; the version may
   differ: the log records values, which hash under either). */
static int same_key(const struct pk_key_spec *a, const struct pk_key_spec *b)
{
	size_t i;

	if (a->kind != b->kind || a->n_paths != b->n_paths) {
		return 0;
	}
	for (i = 0; i < a->n_paths; i++) {
		if (strcmp(a->paths[i], b->paths[i]) != 0) {
			return 0;
		}
	}
	return 1;
}

/*
 * The key every variant shares, or NULL with an error: a template (the
 * log holds values, not the properties a template reads) or a variant
 * with another key than the log's (the log cannot be re-keyed). The log's
 * key is the container block's when it sets one (the key the container
 * was created with), else the one its variants inherit, the first's; a
 * single variant with another key is refused as two are.
 */
static const struct pk_container_spec *shared_key(struct ld *ld)
{
	const struct pk_scenario *s = ld->s;
	const struct pk_container_spec *log =
	    ld->own ? ld->own : &s->variants[0];
	size_t i;

	if (log->key.kind == PK_KEY_SYNTHETIC) {
		ld_err_at(ld, log->key.line, log->key.col,
			  "partition_key '%s' is a template, but monitor_log "
			  "replays a log that records each request's key "
			  "value, not the item properties a template reads; "
			  "give the container's partition key path as it is "
			  "defined (e.g. /pk)",
			  log->partition_key);
		return NULL;
	}
	for (i = 0; i < s->n_variants; i++) {
		const struct pk_container_spec *v = &s->variants[i];

		if (!same_key(&v->key, &log->key)) {
			ld_err_at(ld, v->key.line, v->key.col,
				  "variant '%s' sets partition_key %s, but "
				  "monitor_log replays a log of the container "
				  "keyed by %s: the log records each request's "
				  "key value and nothing else of the items, so "
				  "what %s would be is unknown and the log "
				  "cannot be re-keyed",
				  v->name, v->partition_key, log->partition_key,
				  v->partition_key);
			diag_note(ld->d,
				  "a variant of a monitor log may change "
				  "throughput, autoscale_max, burst, "
				  "partitions and the other container keys, "
				  "not partition_key; to compare keys, export "
				  "the items and use items: {file: ...}");
			return NULL;
		}
	}
	return log;
}

/* split_ru: a number of RU, or off (0). */
static void load_split(struct ld *ld, const struct yn *n,
		       struct pk_items_file *f)
{
	double ru;

	if (n->kind == YN_SCALAR && strcmp(n->text, "off") == 0) {
		f->split_mru = 0;
		return;
	}
	if (ld_get_number(ld, n, "split_ru", PK_MONITOR_SPLIT_MIN_RU, 0,
			  PK_MONITOR_SPLIT_MAX_RU, 0,
			  "a number of RU from 0.1 to 10,000, or off (one "
			  "request per row)",
			  &ru) == 0) {
		f->split_mru = (int64_t)llround(ru * 1000.0);
	}
}

/* A non-empty string key of monitor_log into *out, its place into
 *line, *col. */
static void load_name(struct ld *ld, const struct yn *m, const char *key,
		      char **out, int *line, int *col)
{
	const struct yn *n = yn_get(m, key);

	if (n) {
		ld_get_string(ld, n, key, 0, out);
		*line = n->line;
		*col = n->col;
	}
}

/*
 * An export given as format json (or jsonl) must start with '[' (with
 * '{'); 0, or -1 with an error at its first character saying what a
 * monitor export in that format is (the trace module's own message names
 * item objects, the records of items: {file: ...}).
 */
static int check_json_start(struct ld *ld, const struct pk_items_file *f,
			    const char *text, size_t len)
{
	size_t i = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	int line = 1, col = 1, json = f->format == PK_TRACE_FORMAT_JSON;
	char want = json ? '[' : '{';

	if (f->format != PK_TRACE_FORMAT_JSON &&
	    f->format != PK_TRACE_FORMAT_JSONL) {
		return 0;
	}
	for (; i < len && strchr(" \t\r\n", text[i]); i++) {
		if (text[i] == '\n') {
			line++;
			col = 1;
		} else if (text[i] != '\r') {
			col++;
		}
	}
	if (i < len && text[i] == want) {
		return 0;
	}
	diag_error(ld->d, f->resolved, line, col,
		   "monitor_log.format is %s, but the export does not start "
		   "with '%c': a %s export of %s is %s%s",
		   json ? "json" : "jsonl", want, json ? "JSON" : "JSON lines",
		   PK_MONITOR_TABLE,
		   json ? "one JSON array of row objects ([{\"TimeGenerated\": "
			  "..., \"PartitionKey\": ..., \"RequestCharge\": "
			  "...}, ...]), as az monitor log-analytics query "
			  "prints it"
			: "one row object per line ({\"TimeGenerated\": ..., "
			  "\"PartitionKey\": ..., \"RequestCharge\": ...})",
		   i < len && text[i] != '[' && text[i] != '{'
		       ? "; this looks like CSV: give format: csv, or auto"
		   : i < len && text[i] == '['
		       ? "; this is a JSON array: give format: json, or auto"
		       : "");
	return -1;
}

/* Read the export of f (its keys all right) for a key of `levels`
   components; 0, or -1 with errors. */
static int read_export(struct ld *ld, struct pk_items_file *f,
		       const struct pk_container_spec *cs, int line, int col)
{
	struct pk_monitor_opts o;
	size_t before = diag_count(ld->d), len = 0;
	char *text = trace_read_file(f->resolved, &len, ld->d);

	if (!text) {
		diag_note(ld->d,
			  "the export named by monitor_log.file at %s:%d:%d",
			  ld->file, line, col);
		return -1;
	}
	if (f->format != PK_TRACE_FORMAT_CSV &&
	    monitor_is_query_response(text, len)) {
		diag_error(ld->d, f->resolved, 1, 1,
			   "this is the Log Analytics query API's own response "
			   "({\"tables\": [{\"columns\": ..., \"rows\": "
			   "...}]}), which pksim does not read; export the "
			   "rows as CSV from the portal, or as a JSON array "
			   "with az monitor log-analytics query");
		free(text);
		return -1;
	}
	if (check_json_start(ld, f, text, len) < 0) {
		free(text);
		return -1;
	}
	/* the text is held while its records are read: both count */
	f->trace = trace_parse_within(
	    f->resolved, text, len, (enum pk_trace_format)f->format, 0,
	    PK_SCENARIO_MAX_TRACK_BYTES - (double)len, ld->d);
	if (f->trace) {
		memset(&o, 0, sizeof(o));
		o.database = f->database;
		o.collection = f->collection;
		o.region = f->region;
		o.levels = cs->key.n_paths;
		o.key_text = cs->partition_key;
		o.split_mru = f->split_mru;
		o.where = ld->file;
		o.line = line;
		o.col = col;
		o.db_line = f->db_line;
		o.db_col = f->db_col;
		o.coll_line = f->coll_line;
		o.coll_col = f->coll_col;
		o.region_line = f->region_line;
		o.region_col = f->region_col;
		f->monitor = monitor_from_trace(f->trace, text, len, &o, ld->d);
	}
	free(text);
	return diag_count(ld->d) == before ? 0 : -1;
}

void ld_load_monitor_log(struct ld *ld, const struct yn *m, int has_clock)
{
	struct pk_scenario *s = ld->s;
	struct pk_items_file *f;
	const struct yn *fn = yn_get(m, "file"), *n;
	const struct pk_container_spec *cs;
	size_t before = diag_count(ld->d);
	enum pk_trace_format fmt = PK_TRACE_FORMAT_AUTO;

	f = xcalloc(1, sizeof(*f));
	s->items_file = f;
	f->from = PK_FROM_MONITOR;
	f->split_mru = PK_MONITOR_DEFAULT_SPLIT_MRU;
	f->line = m->line;
	f->col = m->col;
	ld_check_keys(ld, m, monitor_keys, "in monitor_log");
	if (!fn) {
		ld_err(ld, m,
		       "monitor_log needs file: the export of %s (CSV, a "
		       "JSON array or JSON lines)",
		       PK_MONITOR_TABLE);
	} else if (ld_need_kind(ld, fn, YN_SCALAR, "monitor_log.file",
				"the export's path") == 0) {
		f->line = fn->line;
		f->col = fn->col;
		if (fn->len == 0) {
			ld_err(ld, fn,
			       "monitor_log.file must not be empty; give the "
			       "export's path (relative to the scenario "
			       "file's folder)");
		} else {
			f->path = xstrdup(fn->text);
			f->resolved = ld_resolve_path(ld->file, fn->text);
		}
	}
	if ((n = yn_get(m, "format"))) {
		if (n->kind != YN_SCALAR || trace_format_parse(n->text, &fmt)) {
			ld_err_unknown(ld, n, "format", n->text,
				       "in monitor_log", monitor_formats);
		}
	}
	f->format = (int)fmt;
	load_name(ld, m, "database", &f->database, &f->db_line, &f->db_col);
	load_name(ld, m, "collection", &f->collection, &f->coll_line,
		  &f->coll_col);
	load_name(ld, m, "region", &f->region, &f->region_line, &f->region_col);
	if ((n = yn_get(m, "split_ru"))) {
		load_split(ld, n, f);
	}
	if (diag_count(ld->d) != before || s->n_variants == 0 || !f->resolved) {
		return;
	}
	cs = shared_key(ld);
	if (!cs || read_export(ld, f, cs, f->line, f->col) < 0) {
		return;
	}
	/* t = 0 at the first row's whole second (scenario.h) */
	f->monitor_t0_ms = monitor_second_ms(f->monitor->first_ms);
	if (!has_clock) {
		s->clock_start_s = f->monitor_t0_ms / PK_MS_PER_S;
	}
}
