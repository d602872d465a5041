/*
 * scenario_datafile: items from a data file (`items: {file: PATH, ...}`).
 * The file is read through trace_load (its errors are passed on as they
 * are) and every used record's time field is checked up front, so the
 * workload never meets a bad record. Phases are then optional and only
 * set throughput.
 */
#include "loader.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pksim/base/mem.h"
#include "pksim/load/trace.h"

/* ------------------------------------------------------------------ */
/* Items from a data file */

/* Keys of `items:` when it names a data file. */
static const char *const items_file_keys[] = {
    "file",	 "format", "time_field", "time_compression", "rate", "at_once",
    "item_size", "limit",  NULL,
};

/* Names trace_format_parse accepts, for messages. */
static const char *const trace_format_names[] = {
    "auto", "json", "jsonl", "ndjson", "csv", NULL,
};

/* 1 if the `items:` mapping m names a data file (a scalar `file:`); a
   property called "file" has a generator mapping instead. */
int ld_is_items_file(const struct yn *m)
{
	const struct yn *f = yn_get(m, "file");

	return f && f->kind == YN_SCALAR;
}

char *ld_resolve_path(const char *file, const char *path)
{
	const char *slash = strrchr(file, '/');

	if (path[0] == '/' || !slash) {
		return xstrdup(path);
	}
	return xasprintf("%.*s/%s", (int)(slash - file), file, path);
}

/* "/ts" for "ts" or "/ts". Owned. */
char *ld_field_path(const char *name)
{
	return name[0] == '/' ? xstrdup(name) : xasprintf("/%s", name);
}

/* Records of f the run uses: the first f->limit, or all. */
static size_t items_file_used(const struct pk_items_file *f)
{
	size_t n = trace_count(f->trace);

	return f->limit && f->limit < n ? f->limit : n;
}

/* The records to read of f, at most (trace_load_within's max_recs; 0:
   all): its limit, and for a pipe or a device (no size to refuse it by
   before reading) at a rate, one record past the floor(rate x 366 days)
   + 1 whose arrivals fit the simulated time a run may take: record j,
   from 0, arrives at j / rate (ld_file_span_s), so records 0 to
   floor(rate x 366 days) fit and the next one's time passes the limit.
   A regular file is read whole (it is bounded by its size), so the span
   check says its whole span. */
static size_t records_in_time(const struct pk_items_file *f)
{
	struct stat st;
	double most;

	if (f->from != PK_FROM_RATE || !(f->rate_per_s > 0) ||
	    (stat(f->resolved, &st) == 0 && S_ISREG(st.st_mode))) {
		return f->limit;
	}
	most = floor(f->rate_per_s * (double)PK_SCENARIO_MAX_SIM_S) + 2;
	if (most >= (double)SIZE_MAX || (f->limit && (double)f->limit < most)) {
		return f->limit;
	}
	return (size_t)most;
}

/*
 * Read f->resolved into f->trace (errors as trace_load gives them) and
 * check what the run needs of the records: at least one, and under
 * FROM_TIME_FIELD a valid time in every used record (each bad record at
 * its line, up to PK_DIAG_MAX_ERRORS). where/line/col name the place
 * that gave the file, for the note on a file that cannot be opened.
 * rec_bytes: what a record costs the run at least, for the memory bound
 * the file is read under (trace_load_within, PK_SCENARIO_MAX_TRACK_BYTES).
 * A pipe or a device read at a rate is read to one record past those
 * whose arrivals fit PK_SCENARIO_MAX_SIM_S (records_in_time), no further:
 * the span check then refuses it for its time, not its size.
 * Returns 0, or -1 with errors in d.
 */
int ld_items_file_read(struct pk_items_file *f, struct pk_diag *d,
		       const char *where, int line, int col, double rec_bytes)
{
	size_t before = diag_count(d), i, n, bad = 0;
	int64_t t_ms;

	f->trace = trace_load_within(
	    f->resolved, (enum pk_trace_format)f->format, rec_bytes,
	    PK_SCENARIO_MAX_TRACK_BYTES, records_in_time(f), d);
	if (!f->trace) {
		/* a file that cannot be opened or read (one line-0 error,
		   its category set by diag_file_error): the note says who
		   named the file */
		if (d->n_entries > 0 &&
		    d->entries[d->n_entries - 1].line == 0 &&
		    diag_count(d) == before + 1) {
			if (line > 0) {
				diag_note(d,
					  "the data file named by "
					  "items.file at %s:%d:%d",
					  where, line, col);
			} else {
				diag_note(d, "the data file named by %s",
					  where);
			}
		}
		return -1;
	}
	n = items_file_used(f);
	if (n == 0) {
		diag_error(d, f->resolved, 0, 0,
			   "the data file holds no records; give a JSON array "
			   "of objects, JSON lines or CSV with a header and "
			   "at least one row");
		return -1;
	}
	if (f->from != PK_FROM_TIME_FIELD) {
		return 0;
	}
	for (i = 0; i < n && bad < PK_DIAG_MAX_ERRORS; i++) {
		if (trace_time_ms(f->trace, i, f->time_field, &t_ms, d) < 0) {
			bad++;
		}
	}
	if (bad == PK_DIAG_MAX_ERRORS && i < n) {
		/* the rest counted, not listed: say the list was cut */
		struct pk_diag rest;
		size_t more = 0;

		diag_init(&rest);
		for (; i < n; i++) {
			if (trace_time_ms(f->trace, i, f->time_field, &t_ms,
					  &rest) < 0) {
				more++;
			}
		}
		diag_free(&rest);
		if (more > 0) {
			diag_note(d,
				  "%zu more of the %zu records have a missing "
				  "or bad time field; the first %d are listed",
				  more, n, PK_DIAG_MAX_ERRORS);
		}
	}
	if (bad) {
		return -1;
	}
	/* the plan checks and the workload read every time again */
	trace_keep_times(f->trace, f->time_field, n);
	return 0;
}

/*
 * `items: {file: PATH, ...}` (mapping m): fill ld->s->items_file (set
 * even when something is wrong, so that phases are judged as file
 * phases) and read the file when the mapping itself is right.
 */
/* 1 when a variant of s is an Amazon DynamoDB table (the scenario's,
   or one beside containers in a compare) */
/*
 * A DynamoDB table takes items of at most 400 KiB (D2): the item size
 * given for every record (its node size_node), or else each used
 * record's own size, is checked here, so that a run never replays a
 * data file's item as a 400 it cannot mean. Each record over it is an
 * error at its line (up to PK_DIAG_MAX_ERRORS, then a note).
 */
static void ddb_item_sizes(struct ld *ld, const struct pk_items_file *f,
			   const struct yn *size_node)
{
	size_t i, n = items_file_used(f), bad = 0;

	if (size_node) {
		if (f->size_bytes > PK_DDB_ITEM_MAX_BYTES) {
			ld_err(ld, size_node,
			       "item_size is over DynamoDB's item limit of "
			       "400 KiB (409,600 bytes, attribute names "
			       "included); give at most 400KB");
		}
		return;
	}
	for (i = 0; i < n; i++) {
		uint32_t size = trace_ddb_size_bytes(f->trace, i);

		if (size <= PK_DDB_ITEM_MAX_BYTES) {
			continue;
		}
		if (++bad <= PK_DIAG_MAX_ERRORS) {
			diag_error(ld->d, f->resolved, trace_line(f->trace, i),
				   trace_col(f->trace, i),
				   "item of %" PRIu32 " bytes (DynamoDB's item "
				   "size: attribute names and values, a "
				   "string's UTF-8 bytes) is over DynamoDB's "
				   "item limit of 400 KiB (409,600 bytes, "
				   "attribute names included): the table "
				   "would refuse it; shrink or split the "
				   "item, or set items.item_size",
				   size);
		}
	}
	if (bad > PK_DIAG_MAX_ERRORS) {
		diag_note(ld->d,
			  "%zu of the %zu records are over 400 KiB; the first "
			  "%d are listed",
			  bad, n, PK_DIAG_MAX_ERRORS);
	}
}

/*
 * A DynamoDB number keeps at most 38 significant digits (AWS's
 * "Supported data types and naming rules"): a used record with a longer
 * number is an item the table would refuse (ValidationException), so it
 * is an error at the number, whatever item_size says: a file of real
 * items cannot mean items the table would never store.
 */
static void ddb_wide_numbers(struct ld *ld, const struct pk_items_file *f)
{
	size_t i, n, used = items_file_used(f), bad = 0;
	const struct pk_trace_wide *w = trace_wide_numbers(f->trace, &n);

	for (i = 0; i < n && w[i].rec < used; i++) {
		if (++bad <= PK_DIAG_MAX_ERRORS) {
			diag_error(ld->d, f->resolved, w[i].line, w[i].col,
				   "a number of %d significant digits: "
				   "DynamoDB keeps a number to at most %d "
				   "significant digits and would refuse the "
				   "item; give at most %d, or write the value "
				   "as a string",
				   w[i].digits, PK_DDB_NUMBER_MAX_DIGITS,
				   PK_DDB_NUMBER_MAX_DIGITS);
		}
	}
	if (bad > PK_DIAG_MAX_ERRORS) {
		diag_note(ld->d,
			  "%zu of the %zu records have a number of more "
			  "than %d significant digits; the first %d are "
			  "listed",
			  bad, used, PK_DDB_NUMBER_MAX_DIGITS,
			  PK_DIAG_MAX_ERRORS);
	}
}

/* Room for a scenario's key attributes: every variant's table's
   partition and sort key and its indexes' keys */
#define KEY_ATTRS_MAX 64

/* A key attribute of a table in the scenario: its path, what it is,
   and the first used record that gives it a string or number (first,
   SIZE_MAX none) with that type */
struct key_attr {
	const char *path;
	const char *what;
	size_t first;
	enum pk_value_type type;
};

/* Add key attribute path (what: its role) to keys (*n of them) unless
   it is there or path is NULL */
static void key_attr_add(struct key_attr *keys, size_t *n, const char *path,
			 const char *what)
{
	size_t i;

	if (!path || *n >= KEY_ATTRS_MAX) {
		return;
	}
	for (i = 0; i < *n; i++) {
		if (strcmp(keys[i].path, path) == 0) {
			return;
		}
	}
	keys[*n].path = path;
	keys[*n].what = what;
	keys[*n].first = SIZE_MAX;
	keys[*n].type = PK_VALUE_UNDEFINED;
	(*n)++;
}

static const char *key_type_name(enum pk_value_type t)
{
	return t == PK_VALUE_NUMBER ? "a number" : "a string";
}

/*
 * A DynamoDB table declares the type of each key attribute, its own and
 * its indexes' (AttributeDefinitions: S, N or B), and refuses a put whose
 * item gives one the other type (DynamoDB API reference, PutRequest:
 * "their data types must match those of the table's key schema ... their
 * types must match the index key schema"). So a data file whose records
 * give a key attribute as a string in one and a number in another cannot
 * all be written: each used record whose key attribute is a string or
 * number of the other type than the first such record's is an error at
 * its place (up to PK_DIAG_MAX_ERRORS in all, then a note). Other values
 * (missing, empty, boolean) are the run's to refuse as DynamoDB does
 * (400). A CSV's values are all strings.
 */
static void ddb_key_types(struct ld *ld, const struct pk_items_file *f)
{
	const struct pk_scenario *s = ld->s;
	struct key_attr keys[KEY_ATTRS_MAX];
	size_t n_keys = 0, i, k, n = items_file_used(f), bad = 0;

	for (i = 0; i < s->n_variants; i++) {
		const struct pk_ddb_table_spec *t =
		    scenario_variant_table(s, &s->variants[i]);

		if (!t) {
			continue;
		}
		key_attr_add(keys, &n_keys, t->partition_key, "partition key");
		key_attr_add(keys, &n_keys, t->sort_key, "sort key");
		for (k = 0; k < t->n_gsis; k++) {
			key_attr_add(keys, &n_keys, t->gsis[k].partition_key,
				     "global secondary index's key");
		}
		for (k = 0; k < t->n_lsis; k++) {
			key_attr_add(keys, &n_keys, t->lsis[k].sort_key,
				     "local secondary index's sort key");
		}
	}
	for (i = 0; i < n && n_keys > 0; i++) {
		for (k = 0; k < n_keys; k++) {
			struct key_attr *a = &keys[k];
			struct pk_value val;

			if (trace_value(f->trace, i, a->path, &val, NULL, 0) !=
				PK_TRACE_OK ||
			    (val.type != PK_VALUE_STRING &&
			     val.type != PK_VALUE_NUMBER)) {
				continue;
			}
			if (a->first == SIZE_MAX) {
				a->first = i;
				a->type = val.type;
				continue;
			}
			if (val.type == a->type || ++bad > PK_DIAG_MAX_ERRORS) {
				continue;
			}
			diag_error(ld->d, f->resolved, trace_line(f->trace, i),
				   trace_col(f->trace, i),
				   "the table's %s %s is %s here but %s in "
				   "the record at line %d: a DynamoDB table "
				   "fixes each key attribute's type (S or N) "
				   "and refuses a put that gives it the "
				   "other; give %s one type in every record",
				   a->what, a->path, key_type_name(val.type),
				   key_type_name(a->type),
				   trace_line(f->trace, a->first), a->path);
		}
	}
	if (bad > PK_DIAG_MAX_ERRORS) {
		diag_note(ld->d,
			  "%zu records give a key attribute another type than "
			  "its first record's; the first %d are listed",
			  bad, PK_DIAG_MAX_ERRORS);
	}
}

void ld_load_items_file(struct ld *ld, const struct yn *m)
{
	static const char rules[] = "time_field (a timestamp property, "
				    "epoch seconds or ISO 8601), rate (e.g. "
				    "100/s, in file order) or at_once: true";
	struct pk_items_file *f = xcalloc(1, sizeof(*f));
	const struct yn *fn = yn_get(m, "file"), *n, *rule = NULL;
	const char *rule_name = NULL;
	size_t before = diag_count(ld->d);
	enum pk_trace_format fmt = PK_TRACE_FORMAT_AUTO;
	int64_t v;

	ld->s->items_file = f;
	f->line = fn->line;
	f->col = fn->col;
	f->time_compression = 1;
	ld_check_keys(ld, m, items_file_keys, "in items (with file)");
	if (fn->len == 0) {
		ld_err(ld, fn,
		       "items.file must not be empty; give the data file's "
		       "path (relative to the scenario file's folder)");
	} else {
		f->path = xstrdup(fn->text);
		f->resolved = ld_resolve_path(ld->file, fn->text);
	}
	if ((n = yn_get(m, "format"))) {
		if (n->kind != YN_SCALAR || trace_format_parse(n->text, &fmt)) {
			ld_err_unknown(ld, n, "format", n->text, "in items",
				       trace_format_names);
		}
	}
	f->format = (int)fmt;
	/* the arrival rule: exactly one of time_field, rate, at_once */
	if ((n = yn_get(m, "time_field"))) {
		char *name = NULL;

		rule = n;
		rule_name = "time_field";
		f->from = PK_FROM_TIME_FIELD;
		if (ld_get_string(ld, n, "time_field", 0, &name) == 0) {
			f->time_field = ld_field_path(name);
			free(name);
		}
	}
	if ((n = yn_get(m, "rate"))) {
		if (rule) {
			ld_err(ld, n,
			       "give only one of time_field, rate and at_once "
			       "(got %s and rate)",
			       rule_name);
		}
		rule = n;
		rule_name = "rate";
		f->from = PK_FROM_RATE;
		ld_get_rate(ld, n, "rate", &f->rate_per_s);
	}
	if ((n = yn_get(m, "at_once"))) {
		if (n->kind == YN_SCALAR && strcmp(n->text, "true") == 0) {
			if (rule) {
				ld_err(ld, n,
				       "give only one of time_field, rate and "
				       "at_once (got %s and at_once)",
				       rule_name);
			}
			rule = n;
			f->from = PK_FROM_AT_ONCE;
		} else if (n->kind != YN_SCALAR ||
			   strcmp(n->text, "false") != 0) {
			char buf[PK_YN_DESC_BYTES];

			ld_err(ld, n, "at_once must be true or false (got %s)",
			       yn_desc(n, buf, sizeof(buf)));
		}
	}
	if (!rule && diag_count(ld->d) == before) {
		ld_err(ld, m,
		       "items.file needs an arrival rule: give exactly "
		       "one of %s",
		       rules);
	}
	if ((n = yn_get(m, "time_compression"))) {
		if (f->from != PK_FROM_TIME_FIELD || !rule) {
			ld_err(ld, n,
			       "time_compression applies only with time_field "
			       "(arrival by timestamp)");
		} else {
			ld_get_number(
			    ld, n, "time_compression", 1e-3, 0, 1e9, 0,
			    "a factor from 0.001 to 1e9 (default 1; 60 "
			    "replays an hour in a minute)",
			    &f->time_compression);
		}
	}
	if ((n = yn_get(m, "item_size"))) {
		ld_get_size(ld, n, "item_size", 1, PK_MAX_ITEM_BYTES,
			    ld_size_range, &f->size_bytes);
	}
	if ((n = yn_get(m, "limit"))) {
		if (ld_get_int(ld, n, "limit", 1, INT64_MAX,
			       "a whole number of records >= 1", &v) == 0) {
			f->limit =
			    (uint64_t)v > SIZE_MAX ? SIZE_MAX : (size_t)v;
		}
	}
	if (diag_count(ld->d) == before &&
	    ld_items_file_read(f, ld->d, ld->file, fn->line, fn->col,
			       LD_ITEM_RECORD_BYTES) == 0 &&
	    ld_any_table(ld->s)) {
		ddb_item_sizes(ld, f, yn_get(m, "item_size"));
		ddb_wide_numbers(ld, f);
		ddb_key_types(ld, f);
	}
}
