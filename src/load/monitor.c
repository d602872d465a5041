/*
 * monitor: rows of a CDBPartitionKeyRUConsumption export (monitor.h).
 *
 * The export itself is parsed by the trace module; this file finds the
 * table's columns among the trace's paths, chooses the rows of one
 * container and region, and checks and converts each kept row's time
 * (isotime), charge and key value (jansson parses the key's JSON array).
 */
#include "monitor_int.h"

#include "json_words.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pksim/base/isotime.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/load/json_alloc.h"

/* Longest text of a bad value quoted in a message. */
#define MON_QUOTE_MAX 60
/* Longest RequestCharge text read as a number. */
#define MON_NUMBER_MAX 64

/* The table's columns pksim reads, by the names an export gives them
   (the filters' in monitor_filter.c). */
static const char *const col_time[] = {"/TimeGenerated", "/TimeGenerated [UTC]",
				       NULL};
static const char *const col_charge[] = {"/RequestCharge", NULL};
static const char *const col_key[] = {"/PartitionKey", NULL};
static const char *const col_range[] = {"/PartitionKeyRangeId", NULL};

/* The first name of names that some record holds, or NULL. */
static const char *column(const struct mon *M, const char *const *names)
{
	size_t p, k;

	for (k = 0; names[k]; k++) {
		for (p = 0; p < trace_n_paths(M->t); p++) {
			if (M->counts[p] > 0 &&
			    strcmp(trace_path_name(M->t, p), names[k]) == 0) {
				return names[k];
			}
		}
	}
	return NULL;
}

/* "A, B, C": the export's columns, for a message. Owned. */
static char *columns_list(const struct mon *M)
{
	char *out = xstrdup(""), *next;
	size_t p, n = 0;

	for (p = 0; p < trace_n_paths(M->t); p++) {
		const char *name = trace_path_name(M->t, p);

		if (M->counts[p] == 0 || strchr(name + 1, '/')) {
			continue; /* nested properties are not columns */
		}
		if (n++ == 3 * MON_LIST_MAX) {
			next = xasprintf("%s, ...", out);
			free(out);
			out = next;
			break;
		}
		next = xasprintf("%s%s%s", out, n > 1 ? ", " : "", name + 1);
		free(out);
		out = next;
	}
	return out;
}

static void row_error(struct mon *M, size_t i, const char *col, const char *fmt,
		      ...) __attribute__((format(printf, 4, 5)));

/* An error about record i's column col, at the field (CSV) or the record
   (JSON); past PK_DIAG_MAX_ERRORS only counted. */
static void row_error(struct mon *M, size_t i, const char *col, const char *fmt,
		      ...)
{
	va_list ap;
	int line, col_no;

	if (M->bad >= PK_DIAG_MAX_ERRORS) {
		M->more++;
		return;
	}
	M->bad++;
	trace_field_pos(M->t, M->text, M->len, i, col, &line, &col_no);
	va_start(ap, fmt);
	diag_verror(M->d, trace_file(M->t), line, col_no, fmt, ap);
	va_end(ap);
}

/* Record i's column col could not be read for memory (a jansson
   allocation failed: json_alloc.h; jansson then says another error or
   none): an environment error at the field, exit 1, never bad input.
   what names the value ("this PartitionKey"). */
static void row_oom(struct mon *M, size_t i, const char *col, const char *what)
{
	int line, col_no;

	M->bad++; /* the row is not read: no log */
	trace_field_pos(M->t, M->text, M->len, i, col, &line, &col_no);
	diag_env_error(M->d, trace_file(M->t), line, col_no,
		       "out of memory reading %s", what);
}

/* A string value, quoted for a message (at most MON_QUOTE_MAX bytes). */
#define QUOTE(v)                                                               \
	((v).len > MON_QUOTE_MAX ? MON_QUOTE_MAX : (int)(v).len), (v).str

/* Record i's value of col into *v; 0, or -1 with an error when a JSON
   export holds an array or object there, where the table has a string
   or a number (what says which). */
static int row_scalar(struct mon *M, size_t i, const char *col,
		      const char *what, struct pk_value *v)
{
	if (trace_value(M->t, i, col, v, NULL, 0) != PK_TRACE_NOT_SCALAR) {
		return 0;
	}
	row_error(M, i, col,
		  "row %zu: %s is a JSON array or object, where the export "
		  "has %s",
		  i + 1, col + 1, what);
	return -1;
}

/* Record i's TimeGenerated into *t_ms; 0, or -1 with an error. */
static int row_time(struct mon *M, size_t i, int64_t *t_ms)
{
	struct pk_value v;

	if (row_scalar(M, i, M->time,
		       "a string, ISO 8601 in UTC (2026-05-12T09:00:00.123Z)",
		       &v) < 0) {
		return -1;
	}
	if (v.type == PK_VALUE_STRING && v.len > 0 &&
	    isotime_parse_ms(v.str, v.len, t_ms) == 0) {
		return 0;
	}
	if (v.type == PK_VALUE_UNDEFINED ||
	    (v.type == PK_VALUE_STRING && v.len == 0)) {
		row_error(M, i, M->time,
			  "row %zu has %s TimeGenerated; every row needs its "
			  "time, ISO 8601 in UTC (2026-05-12T09:00:00.123Z)",
			  i + 1,
			  v.type == PK_VALUE_UNDEFINED ? "no" : "an empty");
	} else if (v.type != PK_VALUE_STRING) {
		row_error(M, i, M->time,
			  "TimeGenerated must be a string, ISO 8601 in UTC "
			  "(2026-05-12T09:00:00.123Z)");
	} else {
		row_error(M, i, M->time,
			  "TimeGenerated \"%.*s\" is not an ISO 8601 "
			  "date-time; expected e.g. 2026-05-12T09:00:00.123Z",
			  QUOTE(v));
		if (M->bad == 1) {
			diag_note(M->d,
				  "the Azure portal's CSV export writes times "
				  "in the browser's display format; add "
				  "| extend TimeGenerated = "
				  "tostring(TimeGenerated) to the query, or "
				  "export with az monitor log-analytics query");
		}
	}
	return -1;
}

/* A plain decimal number in s[0..len) (no inf, nan or hex) -> *x. */
static int decimal(const char *s, size_t len, double *x)
{
	char tmp[MON_NUMBER_MAX + 1], *end;
	size_t i, digits = 0;

	if (len == 0 || len > MON_NUMBER_MAX) {
		return -1;
	}
	for (i = 0; i < len; i++) {
		if (s[i] >= '0' && s[i] <= '9') {
			digits++;
		} else if (s[i] == '\0' || !strchr("+-.eE", s[i])) {
			return -1;
		}
	}
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	errno = 0;
	*x = strtod(tmp, &end);
	return digits && *end == '\0' && errno == 0 ? 0 : -1;
}

/* Record i's RequestCharge into *mru; 0, or -1 with an error. */
static int row_charge(struct mon *M, size_t i, int64_t *mru)
{
	static const char allowed[] = "a number of RU from 0 to 1,000,000";
	struct pk_value v;
	double x = 0;

	if (row_scalar(M, i, M->charge, allowed, &v) < 0) {
		return -1;
	}
	if (v.type == PK_VALUE_UNDEFINED ||
	    (v.type == PK_VALUE_STRING && v.len == 0)) {
		row_error(
		    M, i, M->charge,
		    "row %zu has %s RequestCharge; every row needs %s", i + 1,
		    v.type == PK_VALUE_UNDEFINED ? "no" : "an empty", allowed);
		return -1;
	}
	if (v.type == PK_VALUE_NUMBER) {
		x = v.num;
	} else if (v.type != PK_VALUE_STRING || decimal(v.str, v.len, &x)) {
		if (v.type == PK_VALUE_STRING) {
			row_error(M, i, M->charge,
				  "RequestCharge \"%.*s\" is not a number; "
				  "it must be %s",
				  QUOTE(v), allowed);
		} else {
			row_error(M, i, M->charge, "RequestCharge must be %s",
				  allowed);
		}
		return -1;
	}
	if (!isfinite(x) || x < 0 || x > PK_MONITOR_MAX_CHARGE_RU) {
		/* the file's text (CSV, a JSON string); a JSON number as
		   jansson read it, in full up to 15 digits (2000000, not
		   2e+06) */
		if (v.type == PK_VALUE_STRING) {
			row_error(M, i, M->charge,
				  "RequestCharge %.*s is %s; it must be %s",
				  QUOTE(v), x < 0 ? "negative" : "out of range",
				  allowed);
		} else {
			row_error(M, i, M->charge,
				  "RequestCharge %.15g is %s; it must be %s", x,
				  x < 0 ? "negative" : "out of range", allowed);
		}
		return -1;
	}
	*mru = (int64_t)llround(x * 1000.0);
	return 0;
}

static uint64_t pool_add(struct pk_monitor_log *m, const char *s, size_t len)
{
	uint64_t off = m->pool_len;

	mem_grow((void **)&m->pool, &m->pool_cap, m->pool_len + len + 1, 1);
	memcpy(m->pool + m->pool_len, s, len);
	m->pool_len += len;
	return off;
}

/* One component of a key array into *p; 0, or -1 when it is not a key
   value (an array, or an object other than {}). */
static int part_of(struct pk_monitor_log *m, json_t *v,
		   struct pk_monitor_part *p)
{
	memset(p, 0, sizeof(*p));
	switch (json_typeof(v)) {
	case JSON_STRING:
		if (json_string_length(v) > UINT32_MAX) {
			return -1;
		}
		p->type = PK_VALUE_STRING;
		p->len = (uint32_t)json_string_length(v);
		p->off = pool_add(m, json_string_value(v), p->len);
		return 0;
	case JSON_INTEGER:
	case JSON_REAL:
		p->type = PK_VALUE_NUMBER;
		p->num = json_number_value(v);
		return 0;
	case JSON_TRUE:
	case JSON_FALSE:
		p->type = PK_VALUE_BOOL;
		p->boolean = json_is_true(v);
		return 0;
	case JSON_NULL:
		p->type = PK_VALUE_NULL;
		return 0;
	case JSON_OBJECT:
		/* {} is how the service writes the undefined value */
		p->type = PK_VALUE_UNDEFINED;
		return json_object_size(v) == 0 ? 0 : -1;
	default:
		return -1;
	}
}

/* Record i's PartitionKey into parts[0 .. levels); 0, or -1 with an
   error. */
static int row_key(struct mon *M, struct pk_monitor_log *m, size_t i,
		   struct pk_monitor_part *parts)
{
	size_t levels = M->o->levels, k;
	struct pk_value v;
	json_error_t err;
	char words[JSON_ERROR_TEXT_LENGTH + 128];
	unsigned long long failed;
	json_t *a;

	if (row_scalar(M, i, M->key,
		       "a string holding a JSON array, as the service logs "
		       "the key value (\"[\\\"c-42\\\"]\" in JSON, "
		       "[\"c-42\"] in CSV); write the array as a string",
		       &v) < 0) {
		return -1;
	}
	if (v.type == PK_VALUE_STRING && v.len == 0) {
		/* the table's PartitionKey is the key value; the service
		   logs the empty string as [""], so an empty field is a
		   missing value (scenarios/README.md) */
		row_error(M, i, M->key,
			  "row %zu has an empty PartitionKey; every row needs "
			  "its key value, a JSON array as the service logs it "
			  "([\"c-42\"]; [\"\"] for the empty string)",
			  i + 1);
		return -1;
	}
	if (v.type != PK_VALUE_STRING) {
		row_error(
		    M, i, M->key,
		    v.type == PK_VALUE_UNDEFINED
			? "row %zu has no PartitionKey; every row needs "
			  "its key value, a JSON array as the service "
			  "logs it ([\"c-42\"])"
			: "row %zu: PartitionKey must be a string holding "
			  "a JSON array ([\"c-42\"])",
		    i + 1);
		return -1;
	}
	if (v.str[0] != '[') {
		/* ASSUMPTION (monitor.h): one string component as written */
		if (levels != 1) {
			row_error(M, i, M->key,
				  "PartitionKey \"%.*s\" has 1 component; the "
				  "container's key%s%s has %zu paths (a JSON "
				  "array such as [\"t1\",\"u7\"])",
				  QUOTE(v), M->o->key_text ? " " : "",
				  M->o->key_text ? M->o->key_text : "", levels);
			return -1;
		}
		memset(parts, 0, sizeof(*parts));
		parts->type = PK_VALUE_STRING;
		parts->len = (uint32_t)v.len;
		parts->off = pool_add(m, v.str, v.len);
		return 0;
	}
	failed = json_alloc_failures();
	a = json_loadb(v.str, v.len, JSON_DECODE_INT_AS_REAL, &err);
	if (json_alloc_failures() != failed) {
		json_decref(a);
		row_oom(M, i, M->key, "this PartitionKey");
		return -1;
	}
	if (!a || !json_is_array(a)) {
		row_error(M, i, M->key,
			  "PartitionKey \"%.*s\" is not a JSON array: %s",
			  QUOTE(v),
			  a ? "another JSON value"
			    : json_words(&err, "a PartitionKey", words,
					 sizeof(words)));
		json_decref(a);
		return -1;
	}
	if (json_array_size(a) != levels) {
		row_error(M, i, M->key,
			  "PartitionKey \"%.*s\" has %zu component%s; the "
			  "container's key%s%s has %zu path%s",
			  QUOTE(v), json_array_size(a),
			  json_array_size(a) == 1 ? "" : "s",
			  M->o->key_text ? " " : "",
			  M->o->key_text ? M->o->key_text : "", levels,
			  levels == 1 ? "" : "s");
		json_decref(a);
		return -1;
	}
	for (k = 0; k < levels; k++) {
		if (part_of(m, json_array_get(a, k), &parts[k]) < 0) {
			row_error(M, i, M->key,
				  "PartitionKey \"%.*s\": component %zu is not "
				  "a key value (a string, number, true/false, "
				  "null or {} for undefined)",
				  QUOTE(v), k + 1);
			json_decref(a);
			return -1;
		}
	}
	json_decref(a);
	return 0;
}

/* Where a message about the export's columns points: a CSV's columns
   are its header (line 1, column 1); a JSON export's the properties of
   its rows (its first record). */
static int head_line(const struct mon *M)
{
	return trace_format(M->t) == PK_TRACE_FORMAT_CSV ? 1
							 : trace_line(M->t, 0);
}

static int head_col(const struct mon *M)
{
	return trace_format(M->t) == PK_TRACE_FORMAT_CSV ? 1
							 : trace_col(M->t, 0);
}

/* -1 with an error when no column is named PartitionKeyRangeId but one
   is that name spelled otherwise (partitionKeyRangeId,
   PartitionKeyRangeId_s as Log Analytics' AzureDiagnostics mode writes
   it, "PartitionKeyRangeId [string]"): read as absent, the log's ranges
   would be dropped for the even layout without a word; 0 otherwise. */
static int range_spelled_otherwise(const struct mon *M)
{
	static const char want[] = "partitionkeyrangeid";
	const size_t n = sizeof(want) - 1;
	size_t p;

	if (column(M, col_range)) {
		return 0;
	}
	for (p = 0; p < trace_n_paths(M->t); p++) {
		const char *name = trace_path_name(M->t, p);

		if (M->counts[p] > 0 && name[0] == '/' &&
		    strncasecmp(name + 1, want, n) == 0) {
			diag_error(
			    M->d, trace_file(M->t), head_line(M), head_col(M),
			    "the column \"%s\" is not read: the partition "
			    "key range of a row is read from a column "
			    "named PartitionKeyRangeId exactly; rename "
			    "it, or remove it to replay on pksim's even "
			    "layout",
			    name + 1);
			return -1;
		}
	}
	return 0;
}

/* Find the columns; 0, or -1 with an error for each required one no
   record has. */
static int find_columns(struct mon *M)
{
	const struct {
		const char *const *names;
		const char **dst;
		int required;
	} cols[] = {
	    {col_time, &M->time, 1},	 {col_charge, &M->charge, 1},
	    {col_key, &M->key, 1},	 {mon_col_db, &M->db, 0},
	    {mon_col_coll, &M->coll, 0}, {mon_col_region, &M->region, 0},
	    {col_range, &M->range, 0},	 {mon_col_op, &M->op, 0},
	};
	size_t k;
	int rc = range_spelled_otherwise(M);
	char *list;

	for (k = 0; k < sizeof(cols) / sizeof(*cols); k++) {
		*cols[k].dst = column(M, cols[k].names);
		if (*cols[k].dst || !cols[k].required) {
			continue;
		}
		list = columns_list(M);
		diag_error(M->d, trace_file(M->t), head_line(M), head_col(M),
			   "the export has no %s column; an export of %s "
			   "needs TimeGenerated, PartitionKey and "
			   "RequestCharge",
			   cols[k].names[0] + 1, PK_MONITOR_TABLE);
		diag_note(M->d, "its columns: %s", list[0] ? list : "none");
		free(list);
		rc = -1;
	}
	return rc;
}

/* The kept rows' value of col, when every kept row has the same. */
static char *common_text(const struct mon *M, const struct pk_monitor_log *m,
			 const char *col)
{
	size_t len;
	const char *s;

	if (!col || m->n_rows == 0) {
		return NULL;
	}
	s = mon_text_of(M, m->rows[0].rec, col, &len);
	return xstrndup(s, len);
}

static void add_row(struct mon *M, struct pk_monitor_log *m, size_t i,
		    int64_t t_ms, int64_t mru)
{
	struct pk_monitor_row *r;
	const struct pk_monitor_opts *o = M->o;

	mem_grow((void **)&m->rows, &m->rows_cap, m->n_rows + 1,
		 sizeof(*m->rows));
	r = &m->rows[m->n_rows++];
	r->t_ms = t_ms;
	r->sec_ms = monitor_second_ms(t_ms);
	r->charge_mru = mru;
	r->rec = i;
	r->pieces = 1;
	if (o->split_mru > 0 && mru > o->split_mru) {
		r->pieces = (uint64_t)((mru + o->split_mru - 1) / o->split_mru);
	}
	m->pieces += r->pieces;
	m->total_mru += mru;
	if (m->n_rows == 1 || t_ms < m->first_ms) {
		m->first_ms = t_ms;
	}
	if (m->n_rows == 1 || t_ms > m->last_ms) {
		m->last_ms = t_ms;
	}
}

/* Range ids a message quotes: what is allowed. */
#define MON_RANGE_ALLOWED                                                      \
	"a whole number 0 or more in decimal digits, as the service numbers "  \
	"its partition key ranges (0, 1, 2, ...), or blank when the row's "    \
	"range is not known"
/* The largest range id a JSON number may give exactly (2^53). */
#define MON_RANGE_MAX_NUMBER 9007199254740992.0

/* Record i's PartitionKeyRangeId as the text of a whole number without
   leading zeros ("00" and 0 are "0": the service's ids are numbers):
   *s (into buf, cap bytes, or borrowed from the trace) and *len; *len 0
   when the export has no such column or the row a blank or null there.
   0, or -1 with an error at the field for any other value. */
static int row_range(struct mon *M, size_t i, char *buf, size_t cap,
		     const char **s, size_t *len)
{
	struct pk_value v;
	size_t k;

	*s = "";
	*len = 0;
	if (!M->range) {
		return 0;
	}
	if (row_scalar(M, i, M->range, MON_RANGE_ALLOWED, &v) < 0) {
		return -1;
	}
	if (v.type == PK_VALUE_UNDEFINED || v.type == PK_VALUE_NULL ||
	    (v.type == PK_VALUE_STRING && v.len == 0)) {
		return 0;
	}
	if (v.type == PK_VALUE_NUMBER && v.num >= 0 && !signbit(v.num) &&
	    v.num <= MON_RANGE_MAX_NUMBER && v.num == floor(v.num)) {
		*len = (size_t)snprintf(buf, cap, "%.0f", v.num);
		*s = buf;
		return 0;
	}
	for (k = 0; v.type == PK_VALUE_STRING && k < v.len; k++) {
		if (v.str[k] < '0' || v.str[k] > '9') {
			break;
		}
	}
	if (v.type == PK_VALUE_STRING && k == v.len) {
		for (k = 0; k + 1 < v.len && v.str[k] == '0'; k++) {
		}
		*s = v.str + k;
		*len = v.len - k;
		return 0;
	}
	if (v.type == PK_VALUE_STRING) {
		row_error(M, i, M->range,
			  "PartitionKeyRangeId \"%.*s\" is not a partition "
			  "key range id; it must be %s",
			  QUOTE(v), MON_RANGE_ALLOWED);
	} else if (v.type == PK_VALUE_NUMBER) {
		row_error(M, i, M->range,
			  "PartitionKeyRangeId %.15g is not a partition key "
			  "range id; it must be %s",
			  v.num, MON_RANGE_ALLOWED);
	} else {
		row_error(M, i, M->range, "PartitionKeyRangeId must be %s",
			  MON_RANGE_ALLOWED);
	}
	return -1;
}

/* The last row's PartitionKeyRangeId, s[0..len) as row_range gave it;
   a blank one counted in m->unranged when the export has the column. */
static void add_range(const struct mon *M, struct pk_monitor_log *m,
		      const char *s, size_t len)
{
	struct pk_monitor_row *r = &m->rows[m->n_rows - 1];

	r->range_len = len > UINT32_MAX ? UINT32_MAX : (uint32_t)len;
	r->range_off = len > 0 ? pool_add(m, s, r->range_len) : 0;
	if (len == 0 && M->range && m->unranged++ == 0) {
		m->unranged_rec = r->rec;
	}
}

struct pk_monitor_log *monitor_from_trace(const struct pk_trace *t,
					  const char *text, size_t len,
					  const struct pk_monitor_opts *o,
					  struct pk_diag *d)
{
	struct mon M;
	struct pk_monitor_log *m;
	struct pk_monitor_part parts[PK_MONITOR_MAX_LEVELS];
	size_t i, n = trace_count(t), np = trace_n_paths(t);
	int64_t t_ms = 0, mru = 0;
	char range_buf[32];
	const char *range;
	size_t range_len;
	int ok;

	if (o->levels < 1 || o->levels > PK_MONITOR_MAX_LEVELS) {
		PK_BUG("monitor: %zu key levels", o->levels);
	}
	if (n == 0) {
		diag_error(d, trace_file(t), 0, 0,
			   "the export holds no rows; give an export of %s "
			   "(CSV with a header row, a JSON array or JSON "
			   "lines) with at least one row",
			   PK_MONITOR_TABLE);
		return NULL;
	}
	memset(&M, 0, sizeof(M));
	M.t = t;
	M.text = text;
	M.len = len;
	M.o = o;
	M.d = d;
	M.counts = xcalloc(np ? np : 1, sizeof(*M.counts));
	trace_path_counts(t, n, M.counts);
	if (find_columns(&M) || mon_check_rows(&M)) {
		free(M.counts);
		return NULL;
	}
	m = xcalloc(1, sizeof(*m));
	m->levels = o->levels;
	m->rows_in_file = n;
	for (i = 0; i < n; i++) {
		if (!mon_keep(&M, i)) {
			continue;
		}
		ok = row_time(&M, i, &t_ms) == 0;
		ok = row_charge(&M, i, &mru) == 0 && ok;
		ok = row_key(&M, m, i, parts) == 0 && ok;
		ok = row_range(&M, i, range_buf, sizeof(range_buf), &range,
			       &range_len) == 0 &&
		     ok;
		if (!ok) {
			continue;
		}
		add_row(&M, m, i, t_ms, mru);
		add_range(&M, m, range, range_len);
		mem_grow((void **)&m->parts, &m->parts_cap,
			 m->n_rows * m->levels, sizeof(*m->parts));
		memcpy(&m->parts[(m->n_rows - 1) * m->levels], parts,
		       m->levels * sizeof(*parts));
	}
	if (M.more > 0) {
		diag_note(d,
			  "%zu more rows have a missing or bad value; the "
			  "first %d are listed",
			  M.more, PK_DIAG_MAX_ERRORS);
	}
	if (M.bad > 0) {
		free(M.counts);
		monitor_free(m);
		return NULL;
	}
	m->database = common_text(&M, m, M.db);
	m->collection = common_text(&M, m, M.coll);
	m->region = common_text(&M, m, M.region);
	m->ranges = mon_count_ranges(m);
	m->repeated = mon_count_repeated(&M, m);
	free(M.counts);
	return m;
}

/* The offset of the first byte at or after i in text[0..len) that is not
   JSON white space (RFC 8259: space, tab, line feed, carriage return) */
static size_t json_ws_end(const char *text, size_t len, size_t i)
{
	while (i < len && (text[i] == ' ' || text[i] == '\t' ||
			   text[i] == '\n' || text[i] == '\r')) {
		i++;
	}
	return i;
}

int monitor_is_query_response(const char *text, size_t len)
{
	static const char key[] = "\"tables\"";
	const size_t k = sizeof(key) - 1;
	size_t i = json_ws_end(text, len, 0);

	if (i >= len || text[i] != '{') {
		return 0;
	}
	i = json_ws_end(text, len, i + 1);
	if (len - i < k || memcmp(text + i, key, k) != 0) {
		return 0;
	}
	i = json_ws_end(text, len, i + k);
	if (i >= len || text[i] != ':') {
		return 0;
	}
	i = json_ws_end(text, len, i + 1);
	return i < len && text[i] == '[';
}

void monitor_free(struct pk_monitor_log *m)
{
	if (!m) {
		return;
	}
	free(m->rows);
	free(m->parts);
	free(m->pool);
	free(m->database);
	free(m->collection);
	free(m->region);
	free(m);
}

void monitor_value(const struct pk_monitor_log *m, size_t r, size_t level,
		   struct pk_value *out)
{
	const struct pk_monitor_part *p;

	if (r >= m->n_rows || level >= m->levels) {
		PK_BUG("monitor: row %zu level %zu of %zu x %zu", r, level,
		       m->n_rows, m->levels);
	}
	p = &m->parts[r * m->levels + level];
	memset(out, 0, sizeof(*out));
	out->type = p->type;
	out->num = p->num;
	out->boolean = p->boolean;
	if (p->type == PK_VALUE_STRING) {
		out->str = m->pool ? m->pool + p->off : "";
		out->len = p->len;
	}
}

int64_t monitor_piece_mru(const struct pk_monitor_row *row, uint64_t j)
{
	int64_t n = (int64_t)row->pieces, c = row->charge_mru;

	return c * ((int64_t)j + 1) / n - c * (int64_t)j / n;
}

int64_t monitor_piece_offset_ms(const struct pk_monitor_row *row, uint64_t j)
{
	return (int64_t)j * PK_MS_PER_S / (int64_t)row->pieces;
}

int64_t monitor_second_ms(int64_t t_ms)
{
	return t_ms - (t_ms % PK_MS_PER_S + PK_MS_PER_S) % PK_MS_PER_S;
}
