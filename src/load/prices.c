/*
 * prices: a dated price table read from CSV (libcsv parses; this file
 * checks each field where it stands and keeps the rows).
 *
 * The file is fed to libcsv one byte at a time, so each field's line and
 * column are known when it completes: a table is a few dozen rows.
 */
#include "pksim/load/prices.h"

#include "readbound.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <csv.h>

#include "pksim/base/fmt.h"
#include "pksim/base/isotime.h"
#include "pksim/base/mem.h"

/* Largest table read (1 MiB: thousands of rows). */
#define PK_PRICES_MAX_BYTES (1024u * 1024u)

#ifndef PK_SOURCE_PRICES
#define PK_SOURCE_PRICES "data/prices"
#endif

enum col {
	C_PROVIDER,
	C_REGION,
	C_METER,
	C_UNIT,
	C_PRICE,
	C_CURRENCY,
	C_FROM,
	C_TO,
	C_SOURCE,
	C_READ_ON,
	C_STATUS,
	N_COLS
};

static const char *const col_names[N_COLS] = {
    "provider",	      "region",	      "meter",	"unit",	   "price",  "currency",
    "effective_from", "effective_to", "source", "read_on", "status",
};

static const char *const units[] = {"100RU/s-hour", "1M-RU",	"GB-month",
				    "WCU-hour",	    "RCU-hour", "1M-WRU",
				    "1M-RRU",	    "CU-hour",	NULL};

/* The meters a bill reads, by provider, with the unit each is priced
   in (storage_free: the GB-months free each month, pricing.md §8). */
static const char *const known_meters[][3] = {
    {"cosmos", "provisioned_single_write", "100RU/s-hour"},
    {"cosmos", "autoscale_single_write", "100RU/s-hour"},
    {"cosmos", "provisioned_multi_write", "100RU/s-hour"},
    {"cosmos", "autoscale_multi_write", "100RU/s-hour"},
    {"cosmos", "serverless", "1M-RU"},
    {"cosmos", "storage_transactional", "GB-month"},
    {"cosmos", "fleet_pool", "100RU/s-hour"},
    {"cosmos", "fabric_capacity_unit", "CU-hour"},
    {"cosmos", "fabric_storage", "GB-month"},
    {"dynamodb", "provisioned_wcu_standard", "WCU-hour"},
    {"dynamodb", "provisioned_rcu_standard", "RCU-hour"},
    {"dynamodb", "ondemand_wru_standard", "1M-WRU"},
    {"dynamodb", "ondemand_rru_standard", "1M-RRU"},
    {"dynamodb", "storage_standard", "GB-month"},
    {"dynamodb", "storage_free", "GB-month"},
};

/*
 * The highest price of each unit (prices_max): PK_MONEY_MAX (10^13) over
 * the most of the unit one bill line holds in the longest run, 366 days
 * (PK_SCENARIO_MAX_SIM_S) touching at most 8,785 clock hours, rounded
 * down to 1, 2 or 5 x a power of ten:
 * - 100RU/s-hour: a container's RU/s, autoscale max, reservation and
 *   fleet pool are each at most 1,000,000 RU/s (PK_MAX_RU_PER_S), 10,000
 *   units an hour: 87,850,000 units; 10^13 / 87,850,000 = 113,830;
 * - 1M-RU: the RU a run may charge, PK_COST_MAX_RUN_RU = 2^63 / 2,000 =
 *   4.61 x 10^15 RU = 4.61 x 10^9 million; 10^13 / that = 2,168;
 * - GB-month: 10,000 existing partitions of 50 GB (500,000 GB) and 10^9
 *   operations (PK_SCENARIO_MAX_OPERATIONS) of 2 MiB items (1,953,125
 *   GB), 2,500,000 GB held for 8,785 hours of months of 672 hours or
 *   more: 13.08 months, 32,700,000 GB-months; 10^13 / that = 305,810;
 * - WCU-hour, RCU-hour: a table and its 20 global secondary indexes at
 *   1,000,000 units each (PK_DDB_MAX_CAPACITY_UNITS): 21,000,000 an
 *   hour, 1.845 x 10^11 unit-hours; 10^13 / that = 54.2;
 * - 1M-WRU, 1M-RRU: 10^9 operations, each at most a batch of 25 items
 *   of 400 KB (400 units) written to the table and 20 indexes: 210,000
 *   units, 2.1 x 10^8 million; 10^13 / that = 47,619;
 * - CU-hour: Fabric's 50,000 RU/s at most (PK_FABRIC_MAX_MAX) are 33.5
 *   capacity units an hour, 294,298 CU-hours; 10^13 / that = 3.4 x 10^7.
 * A bill line can pass these figures only where a quantity outgrows its
 * bound (an index_factor storing more than the items' bytes; a month
 * projected from a second of on-demand requests): bill_build checks
 * every amount against PK_MONEY_MAX and leaves such a bill unpriced.
 */
static const struct unit_max {
	const char *unit;
	double max;
	const char *why; /* the most of the unit in the longest run */
} unit_maxes[] = {
    {"100RU/s-hour", 1e5, "1,000,000 RU/s for 366 days are 87,850,000 of them"},
    {"1M-RU", 2e3, "a run charges at most 4.6 x 10^9 million RU"},
    {"GB-month", 2e5, "2,500,000 GB for 366 days are 32,700,000 of them"},
    {"WCU-hour", 50,
     "a table and 20 indexes of 1,000,000 units for 366 days are 1.8 x "
     "10^11 of them"},
    {"RCU-hour", 50,
     "a table and 20 indexes of 1,000,000 units for 366 days are 1.8 x "
     "10^11 of them"},
    {"1M-WRU", 2e4, "10^9 requests of 210,000 units are 2.1 x 10^8 of them"},
    {"1M-RRU", 2e4, "10^9 requests of 210,000 units are 2.1 x 10^8 of them"},
    {"CU-hour", 2e7, "50,000 RU/s for 366 days are 294,298 of them"},
};

double prices_max(const char *unit, const char **why)
{
	size_t i;

	for (i = 0; i < sizeof(unit_maxes) / sizeof(unit_maxes[0]); i++) {
		if (strcmp(unit_maxes[i].unit, unit) == 0) {
			if (why) {
				*why = unit_maxes[i].why;
			}
			return unit_maxes[i].max;
		}
	}
	return -1;
}

struct field {
	char *text; /* owned, NUL-terminated */
	int line, col;
};

struct st {
	const char *path;
	struct pk_diag *d;
	struct pk_price_table *t;
	int line, col;	/* of the byte being fed */
	int field_line; /* where the next field starts */
	int field_col;
	struct field f[N_COLS + 1];
	size_t nf; /* fields of the current row (at most
		      N_COLS + 1 kept) */
	int row_line;
	int have_header;
};

static void on_field(void *s, size_t len, void *data)
{
	struct st *st = data;

	if (st->nf <= N_COLS) {
		struct field *f = &st->f[st->nf];

		free(f->text);
		f->text = xstrndup(s ? s : "", s ? len : 0);
		f->line = st->field_line;
		f->col = st->field_col;
	}
	if (st->nf == 0) {
		st->row_line = st->field_line;
	}
	st->nf++;
	st->field_line = st->line;
	st->field_col = st->col + 1;
}

static void bad(struct st *st, const struct field *f, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void bad(struct st *st, const struct field *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror(st->d, st->path, f->line, f->col, fmt, ap);
	va_end(ap);
}

static void header(struct st *st)
{
	size_t j;

	st->have_header = 1;
	for (j = 0; j < N_COLS && j < st->nf; j++) {
		if (strcmp(st->f[j].text, col_names[j]) != 0) {
			bad(st, &st->f[j],
			    "column %zu of the header must be '%s' (got "
			    "'%s'); the header is provider,region,meter,"
			    "unit,price,currency,effective_from,"
			    "effective_to,source,read_on,status",
			    j + 1, col_names[j], st->f[j].text);
			return;
		}
	}
	if (st->nf != N_COLS) {
		bad(st, &st->f[0],
		    "the header has %zu columns, a price table has %d: "
		    "provider,region,meter,unit,price,currency,"
		    "effective_from,effective_to,source,read_on,status",
		    st->nf, N_COLS);
	}
}

int prices_parse_day(const char *s, int64_t *day)
{
	int64_t ms;

	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-' ||
	    isotime_parse_ms(s, 10, &ms) < 0) {
		return -1;
	}
	*day = ms / 86400000;
	return 0;
}

char *prices_day_text(int64_t day, char *buf, size_t size)
{
	time_t t = (time_t)(day * 86400);
	struct tm tm;

	gmtime_r(&t, &tm);
	/* strftime's %Y does not pad a year below 1000 */
	snprintf(buf, size, "%04lld-%02d-%02d", (long long)tm.tm_year + 1900,
		 tm.tm_mon + 1, tm.tm_mday);
	return buf;
}

static const char *const status_names[] = {"doc-example", "official-page",
					   "third-party", "assumed", NULL};

const char *prices_status_name(enum pk_price_status s)
{
	return status_names[s];
}

static int word_at(const char *const *list, const char *w)
{
	int i;

	for (i = 0; list[i]; i++) {
		if (strcmp(list[i], w) == 0) {
			return i;
		}
	}
	return -1;
}

static int day_field(struct st *st, const struct field *f, int64_t open,
		     int64_t *day)
{
	if (f->text[0] == '\0' && open != 0) {
		*day = open;
		return 0;
	}
	if (prices_parse_day(f->text, day) == 0) {
		return 0;
	}
	bad(st, f, "%s must be a date YYYY-MM-DD%s (got '%s')",
	    col_names[f - st->f], open ? ", or empty for open" : "", f->text);
	return -1;
}

static int need_text(struct st *st, const struct field *f)
{
	if (f->text[0]) {
		return 0;
	}
	bad(st, f, "%s must not be empty", col_names[f - st->f]);
	return -1;
}

/* The unit a meter pksim bills is priced in, or NULL. */
static const char *meter_unit(const char *provider, const char *meter)
{
	size_t i;

	for (i = 0; i < sizeof(known_meters) / sizeof(known_meters[0]); i++) {
		if (strcmp(known_meters[i][0], provider) == 0 &&
		    strcmp(known_meters[i][1], meter) == 0) {
			return known_meters[i][2];
		}
	}
	return NULL;
}

static int check_unit(struct st *st, const struct field *f,
		      const char *provider, const char *meter)
{
	const char *want = meter_unit(provider, meter);

	if (word_at(units, f->text) < 0) {
		bad(st, f,
		    "unit must be one of 100RU/s-hour, 1M-RU, GB-month, "
		    "WCU-hour, RCU-hour, 1M-WRU, 1M-RRU, CU-hour (got '%s')",
		    f->text);
		return -1;
	}
	if (want && strcmp(want, f->text) != 0) {
		bad(st, f, "%s meter %s is priced per %s (got '%s')", provider,
		    meter, want, f->text);
		return -1;
	}
	return 0;
}

static int check_price(struct st *st, const struct field *f, const char *unit,
		       double *out)
{
	const char *why = NULL;
	double max = prices_max(unit, &why);
	char hi[PK_FMT_BYTES], cap[PK_FMT_BYTES];
	char *end;
	double v;

	errno = 0;
	v = strtod(f->text, &end);
	/* a number too large for a double (HUGE_VAL) is above the range
	   below, not a malformed one */
	if (f->text[0] == '\0' || *end || (errno && v != HUGE_VAL) ||
	    isnan(v) || v < 0 || (max < 0 && !isfinite(v)) ||
	    strchr(f->text, 'x') || strchr(f->text, 'X')) {
		bad(st, f,
		    "price must be a decimal number >= 0, such as 0.008 "
		    "(got '%s')",
		    f->text);
		return -1;
	}
	if (max >= 0 && v > max) {
		bad(st, f,
		    "price %s per %s is more than a bill can hold: allowed 0 "
		    "to %s (%s, and a bill line stops at %s)",
		    f->text, unit, fmt_thousands((int64_t)max, hi), why,
		    fmt_thousands((int64_t)PK_MONEY_MAX, cap));
		return -1;
	}
	*out = v;
	return 0;
}

static int check_currency(struct st *st, const struct field *f)
{
	const char *c = f->text;

	if (strcmp(c, "GB") == 0 ||
	    (strlen(c) == 3 && c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' &&
	     c[1] <= 'Z' && c[2] >= 'A' && c[2] <= 'Z')) {
		return 0;
	}
	bad(st, f,
	    "currency must be an ISO 4217 code of three capital letters, "
	    "such as USD, or GB for a free allowance (got '%s')",
	    c);
	return -1;
}

/* A row of the same provider, region and meter whose period overlaps r,
   or NULL. */
static const struct pk_price_row *overlap(const struct pk_price_table *t,
					  const struct pk_price_row *r)
{
	size_t i;

	for (i = 0; i < t->n_rows; i++) {
		const struct pk_price_row *o = &t->rows[i];

		if (strcmp(o->provider, r->provider) == 0 &&
		    strcmp(o->region, r->region) == 0 &&
		    strcmp(o->meter, r->meter) == 0 &&
		    o->from_day <= r->to_day && r->from_day <= o->to_day) {
			return o;
		}
	}
	return NULL;
}

static int check_row(struct st *st, struct pk_price_row *r)
{
	struct field *f = st->f;
	int bad_n = 0, s;

	bad_n |= need_text(st, &f[C_PROVIDER]);
	bad_n |= need_text(st, &f[C_REGION]);
	bad_n |= need_text(st, &f[C_METER]);
	bad_n |= need_text(st, &f[C_SOURCE]);
	bad_n |=
	    check_unit(st, &f[C_UNIT], f[C_PROVIDER].text, f[C_METER].text);
	bad_n |= check_price(st, &f[C_PRICE], f[C_UNIT].text, &r->price);
	bad_n |= check_currency(st, &f[C_CURRENCY]);
	bad_n |= day_field(st, &f[C_FROM], PK_PRICE_OPEN_FROM, &r->from_day);
	bad_n |= day_field(st, &f[C_TO], PK_PRICE_OPEN_TO, &r->to_day);
	bad_n |= day_field(st, &f[C_READ_ON], 0, &r->read_on_day);
	if ((s = word_at(status_names, f[C_STATUS].text)) < 0) {
		bad(st, &f[C_STATUS],
		    "status must be doc-example, official-page, "
		    "third-party or assumed (got '%s')",
		    f[C_STATUS].text);
		bad_n = -1;
	}
	r->status = (enum pk_price_status)s;
	if (bad_n == 0 && r->to_day < r->from_day) {
		bad(st, &f[C_TO], "effective_to %s is before effective_from %s",
		    f[C_TO].text, f[C_FROM].text);
		bad_n = -1;
	}
	return bad_n;
}

static void on_row(int c, void *data)
{
	struct st *st = data;
	struct pk_price_table *t = st->t;
	struct pk_price_row r = {0};
	const struct pk_price_row *o;
	size_t n = st->nf;

	(void)c;
	st->nf = 0;
	st->field_line = st->line + 1;
	st->field_col = 1;
	if (n == 0 || (n == 1 && st->f[0].text[0] == '\0')) {
		return; /* a blank line */
	}
	if (!st->have_header) {
		st->nf = n;
		header(st);
		st->nf = 0;
		return;
	}
	if (n != N_COLS) {
		diag_error(st->d, st->path, st->row_line, 1,
			   "row has %zu fields, a price table has %d "
			   "(provider,region,meter,unit,price,currency,"
			   "effective_from,effective_to,source,read_on,"
			   "status)",
			   n, N_COLS);
		return;
	}
	if (check_row(st, &r)) {
		return;
	}
	r.line = st->row_line;
	r.currency_col = st->f[C_CURRENCY].col;
	r.provider = st->f[C_PROVIDER].text; /* borrowed for the check */
	r.region = st->f[C_REGION].text;
	r.meter = st->f[C_METER].text;
	if ((o = overlap(t, &r))) {
		bad(st, &st->f[C_FROM],
		    "%s %s %s: this row's effective period overlaps the one "
		    "of line %d; give each period once (effective_to of "
		    "the earlier before effective_from of the later)",
		    st->f[C_PROVIDER].text, st->f[C_REGION].text,
		    st->f[C_METER].text, o->line);
		return;
	}
	r.provider = xstrdup(st->f[C_PROVIDER].text);
	r.region = xstrdup(st->f[C_REGION].text);
	r.meter = xstrdup(st->f[C_METER].text);
	r.unit = xstrdup(st->f[C_UNIT].text);
	r.currency = xstrdup(st->f[C_CURRENCY].text);
	r.source = xstrdup(st->f[C_SOURCE].text);
	t->rows = xreallocarray(t->rows, t->n_rows + 1, sizeof(*t->rows));
	t->rows[t->n_rows++] = r;
	if (r.read_on_day > t->date_day) {
		t->date_day = r.read_on_day;
	}
}

/* libcsv's allocator hooks: out of memory is fatal, as everywhere. */
static void *csv_xrealloc(void *p, size_t n)
{
	return xreallocarray(p, n ? n : 1, 1);
}

static void parse(struct st *st, const char *s, size_t len)
{
	struct csv_parser p;
	size_t i;

	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL |
			     CSV_EMPTY_IS_NULL) != 0) {
		abort();
	}
	csv_set_realloc_func(&p, csv_xrealloc);
	csv_set_free_func(&p, free);
	st->line = 1;
	st->col = 1;
	st->field_line = 1;
	st->field_col = 1;
	/* a UTF-8 byte-order mark (a spreadsheet's "CSV UTF-8") is no part
	   of the header's first name */
	i = len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	for (; i < len; i++) {
		if (csv_parse(&p, s + i, 1, on_field, on_row, st) != 1) {
			diag_error(st->d, st->path, st->line, st->col,
				   "%s (a field with a quote must be quoted "
				   "whole, its quotes doubled)",
				   csv_strerror(csv_error(&p)));
			csv_free(&p);
			return;
		}
		if (s[i] == '\n') {
			st->line++;
			st->col = 1;
		} else {
			st->col++;
		}
	}
	if (csv_fini(&p, on_field, on_row, st) != 0) {
		diag_error(st->d, st->path, st->line, st->col, "%s",
			   csv_strerror(csv_error(&p)));
	}
	csv_free(&p);
}

struct pk_price_table *prices_load(const char *path, struct pk_diag *d)
{
	struct st st = {0};
	size_t len, i, errors = d->n_errors;
	char *s = readbound_whole(path, PK_PRICES_MAX_BYTES, "a price table",
				  "a price table is a few dozen rows", &len, d);

	if (!s) {
		return NULL;
	}
	st.path = path;
	st.d = d;
	st.t = xcalloc(1, sizeof(*st.t));
	st.t->file = xstrdup(path);
	st.t->date_day = INT64_MIN;
	parse(&st, s, len);
	free(s);
	for (i = 0; i <= N_COLS; i++) {
		free(st.f[i].text);
	}
	if (d->n_errors == errors && st.t->n_rows == 0) {
		diag_error(d, path, 1, 1,
			   "a price table needs a header and at least one "
			   "row (pricing.md §8)");
	}
	if (d->n_errors != errors) {
		prices_free(st.t);
		return NULL;
	}
	return st.t;
}

void prices_free(struct pk_price_table *t)
{
	size_t i;

	if (!t) {
		return;
	}
	for (i = 0; i < t->n_rows; i++) {
		struct pk_price_row *r = &t->rows[i];

		free(r->provider);
		free(r->region);
		free(r->meter);
		free(r->unit);
		free(r->currency);
		free(r->source);
	}
	free(t->rows);
	free(t->file);
	free(t);
}

const struct pk_price_row *prices_find(const struct pk_price_table *t,
				       const char *provider, const char *region,
				       const char *meter, int64_t day)
{
	size_t i;

	for (i = 0; i < t->n_rows; i++) {
		const struct pk_price_row *r = &t->rows[i];

		if (strcmp(r->provider, provider) == 0 &&
		    strcmp(r->region, region) == 0 &&
		    strcmp(r->meter, meter) == 0 && r->from_day <= day &&
		    day <= r->to_day) {
			return r;
		}
	}
	return NULL;
}

int prices_has_region(const struct pk_price_table *t, const char *provider,
		      const char *region)
{
	size_t i;

	for (i = 0; i < t->n_rows; i++) {
		if (strcmp(t->rows[i].provider, provider) == 0 &&
		    strcmp(t->rows[i].region, region) == 0) {
			return 1;
		}
	}
	return 0;
}

char *prices_regions(const struct pk_price_table *t, const char *provider)
{
	char *out = xstrdup("");
	size_t i, j;

	for (i = 0; i < t->n_rows; i++) {
		const char *r = t->rows[i].region;
		char *next;

		if (strcmp(t->rows[i].provider, provider) != 0) {
			continue;
		}
		for (j = 0; j < i; j++) {
			if (strcmp(t->rows[j].provider, provider) == 0 &&
			    strcmp(t->rows[j].region, r) == 0) {
				break;
			}
		}
		if (j < i) {
			continue;
		}
		next = xasprintf("%s%s%s", out, out[0] ? ", " : "", r);
		free(out);
		out = next;
	}
	return out;
}

/* 1 when name is prices-YYYY-MM-DD.csv */
static int snapshot_name(const char *name)
{
	int64_t day;
	char date[11];

	if (strlen(name) != 21 || strncmp(name, "prices-", 7) != 0 ||
	    strcmp(name + 17, ".csv") != 0) {
		return 0;
	}
	memcpy(date, name + 7, 10);
	date[10] = '\0';
	return prices_parse_day(date, &day) == 0;
}

/* The shipped tables' folder: PKSIM_PRICES_DIR, else
   BINDIR/../share/pksim/prices next to an installed binary, else this
   source tree's data/prices. Owned. */
static char *shipped_dir(void)
{
	const char *env = getenv("PKSIM_PRICES_DIR");
	char exe[PATH_MAX], *slash, *dir;
	ssize_t n;

	if (env && env[0]) {
		return xstrdup(env);
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/'))) {
			*slash = '\0';
			dir = xasprintf("%s/../share/pksim/prices", exe);
			if (access(dir, R_OK) == 0) {
				return dir;
			}
			free(dir);
		}
	}
	return xstrdup(PK_SOURCE_PRICES);
}

char *prices_default_path(struct pk_diag *d)
{
	char *dir = shipped_dir();
	char best[32] = "", *path;
	struct dirent *e;
	DIR *dp = opendir(dir);

	if (!dp) {
		diag_env_error(d, dir, 0, 0,
			       "cannot open the shipped price tables' folder: "
			       "%s; name a table with --prices FILE or "
			       "pricing: {table: FILE}",
			       strerror(errno));
		free(dir);
		return NULL;
	}
	while ((e = readdir(dp))) {
		if (snapshot_name(e->d_name) && strcmp(e->d_name, best) > 0) {
			memcpy(best, e->d_name, 22);
		}
	}
	closedir(dp);
	if (!best[0]) {
		diag_env_error(d, dir, 0, 0,
			       "no price table prices-YYYY-MM-DD.csv in the "
			       "shipped folder; name one with --prices FILE "
			       "or pricing: {table: FILE}");
		free(dir);
		return NULL;
	}
	path = xasprintf("%s/%s", dir, best);
	free(dir);
	return path;
}
