/*
 * trace: items from JSON, JSON lines and CSV data files.
 *
 * jansson parses JSON and libcsv parses CSV; this file only walks their
 * results. A JSON array is parsed one record at a time (jansson with
 * JSON_DISABLE_EOF_CHECK reports how many bytes the record took), so each
 * record keeps its line and its byte span without a second parser.
 * Records are flattened into leaves (one per property, any depth) over
 * one string pool; paths are interned once, so a lookup is one hash of
 * the path and a short scan of the record's leaves.
 */
#include "pksim/base/isotime.h"
#include "trace_int.h"

#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/decimal.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/base/value.h"

/* Longest string trace_time_ms tries to read as a time: ISO 8601 with a
   nanosecond fraction and an offset is 35 bytes. */
#define TIME_TEXT_MAX 64

/* Epoch seconds beyond this (about 3 million years) are out of range:
   their milliseconds would no longer be exact in a double. */
#define MAX_EPOCH_S 1e14

/* Up to this many paths, path_lookup compares instead of hashing. */
#define FEW_PATHS 8

/* --- building ----------------------------------------------------------- */

int trace_too_many_errors(const struct loader *L)
{
	return diag_count(L->d) - L->e0 >= PK_DIAG_MAX_ERRORS;
}

int trace_over_memory(const struct loader *L, int line, int col)
{
	double held = (double)trace_memory_bytes(L->t);
	double n = (double)L->t->n_recs, all = held + n * L->rec_bytes;
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES], e[PK_FMT_BYTES],
	    f[PK_FMT_BYTES], g[PK_FMT_BYTES], run[256] = "";

	if (all <= L->max_bytes) {
		return 0;
	}
	if (L->rec_bytes > 0) {
		snprintf(run, sizeof(run),
			 ", and %.0f bytes each in the run at least (an "
			 "item's record, slot and id, one variant): %s; "
			 "%s bytes in all",
			 L->rec_bytes,
			 fmt_bytes((uint64_t)(n * L->rec_bytes), c),
			 fmt_thousands((int64_t)all, e));
	}
	diag_error(L->d, L->t->path, line, col,
		   "the data file's %s records up to this one take %s as "
		   "loaded%s, above the %s bytes (%s) a run may take; pksim "
		   "stops reading here (a file, a pipe or a device alike): "
		   "use a smaller file",
		   fmt_thousands((int64_t)n, a), fmt_bytes((uint64_t)held, b),
		   run, fmt_thousands((int64_t)L->max_bytes, f),
		   fmt_bytes((uint64_t)L->max_bytes, g));
	return 1;
}

int trace_rec_done(struct loader *L, int line, int col)
{
	struct pk_trace *t = L->t;

	if (!L->each) {
		return trace_over_memory(L, line, col);
	}
	L->each->n++;
	L->stopped = L->each->fn(L->each->ctx, t) != 0;
	/* the reader has seen it: the next record starts from empty
	   arrays, so the load holds one record whatever the file's size */
	t->n_recs = 0;
	t->n_leaves = 0;
	t->pool_len = 0;
	t->n_wide = 0;
	return L->stopped;
}

uint64_t trace_pool_add(struct pk_trace *t, const char *s, size_t len)
{
	uint64_t off = t->pool_len;

	/* one spare byte: the pool exists once anything was added, even an
	   empty string, so pool + off is always a valid pointer */
	mem_grow((void **)&t->pool, &t->pool_cap, t->pool_len + len + 1, 1);
	if (len == 0) {
		return off;
	}
	memcpy(t->pool + t->pool_len, s, len);
	t->pool_len += len;
	return off;
}

static struct pk_trace_path *path_find(const struct pk_trace *t, const char *p,
				       size_t len)
{
	struct pk_trace_path *e = NULL;

	HASH_FIND(hh, t->path_hash, p, len, e);
	return e;
}

/* The id of path p (len bytes), added if new; -1 past MAX_PATHS. */
long trace_path_intern(struct pk_trace *t, const char *p, size_t len)
{
	struct pk_trace_path *e = path_find(t, p, len);

	if (e) {
		return e->id;
	}
	if (t->n_paths >= MAX_PATHS) {
		return -1;
	}
	e = xcalloc(1, sizeof(*e));
	e->path = xstrndup(p, len);
	e->len = len;
	e->id = (uint32_t)t->n_paths;
	HASH_ADD_KEYPTR(hh, t->path_hash, e->path, e->len, e);
	mem_grow((void **)&t->paths, &t->paths_cap, t->n_paths + 1,
		 sizeof(*t->paths));
	t->paths[t->n_paths++] = e;
	return e->id;
}

/* A new leaf for path id, or NULL past UINT32_MAX leaves. */
struct pk_trace_leaf *trace_leaf_add(struct pk_trace *t, long id, int kind)
{
	struct pk_trace_leaf *l;

	if (t->n_leaves >= UINT32_MAX) {
		return NULL;
	}
	mem_grow((void **)&t->leaves, &t->leaves_cap, t->n_leaves + 1,
		 sizeof(*t->leaves));
	l = &t->leaves[t->n_leaves++];
	memset(l, 0, sizeof(*l));
	l->path_id = (unsigned)id;
	l->kind = (unsigned)kind;
	return l;
}

void trace_rec_add(struct pk_trace *t, size_t first_leaf, size_t size_bytes,
		   uint64_t ddb_bytes, int line, int col)
{
	struct pk_trace_rec *r;

	mem_grow((void **)&t->recs, &t->recs_cap, t->n_recs + 1,
		 sizeof(*t->recs));
	r = &t->recs[t->n_recs++];
	r->first_leaf = (uint32_t)first_leaf;
	r->size_bytes =
	    size_bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)size_bytes;
	r->ddb_bytes =
	    ddb_bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)ddb_bytes;
	if (r->size_bytes > t->largest_size) {
		t->largest_size = r->size_bytes;
	}
	r->line = line;
	r->col = col;
}

/* Append c to the path being built; trace_pbuf_push made room. */
static void pbuf_put(struct loader *L, char c)
{
	L->pbuf[L->plen++] = c;
}

/* Append "/" and name to the path being built, escaped as RFC 6901. */
void trace_pbuf_push(struct loader *L, const char *name, size_t len)
{
	size_t i;

	/* at most 2 bytes a byte of name, and the '/' */
	mem_grow((void **)&L->pbuf, &L->pcap, L->plen + 2 * len + 1, 1);
	pbuf_put(L, '/');
	for (i = 0; i < len; i++) {
		if (name[i] == '~') {
			pbuf_put(L, '~');
			pbuf_put(L, '0');
		} else if (name[i] == '/') {
			pbuf_put(L, '~');
			pbuf_put(L, '1');
		} else {
			pbuf_put(L, name[i]);
		}
	}
}

/* --- positions and sizes ------------------------------------------------ */

/* 1 if byte c starts a character: jansson's utf8_check_first, which is
   how jansson counts columns (in characters, not bytes). */
int trace_starts_char(unsigned char c)
{
	return c < 0x80 || (c >= 0xc2 && c <= 0xf4);
}

/* Bytes of s as a JSON string literal, quotes included, escaped as
   jansson's dump escapes (short forms for \b \f \n \r \t). */
size_t trace_json_string_bytes(const char *s, size_t len)
{
	size_t i, n = 2;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\' || c == '\b' || c == '\f' ||
		    c == '\n' || c == '\r' || c == '\t') {
			n += 2;
		} else if (c < 0x20) {
			n += 6; /* \u00XX */
		} else {
			n++;
		}
	}
	return n;
}

/* --- loading ------------------------------------------------------------- */

enum pk_trace_format trace_detect(const char *s, size_t n, size_t start)
{
	size_t pos = trace_skip_ws(s, n, start);

	if (pos == n || s[pos] == '[') {
		return PK_TRACE_FORMAT_JSON;
	}
	return s[pos] == '{' ? PK_TRACE_FORMAT_JSONL : PK_TRACE_FORMAT_CSV;
}

struct pk_trace *trace_parse(const char *path, const char *text, size_t len,
			     enum pk_trace_format fmt, struct pk_diag *d)
{
	return trace_parse_stream(path, text, len, NULL, fmt, 0,
				  PK_TRACE_MAX_MEMORY_BYTES, 0, d);
}

struct pk_trace *trace_parse_within(const char *path, const char *text,
				    size_t len, enum pk_trace_format fmt,
				    double rec_bytes, double max_bytes,
				    struct pk_diag *d)
{
	return trace_parse_stream(path, text, len, NULL, fmt, rec_bytes,
				  max_bytes, 0, d);
}

struct pk_trace *trace_parse_stream(const char *path, const char *text,
				    size_t len, FILE *f,
				    enum pk_trace_format fmt, double rec_bytes,
				    double max_bytes, size_t max_recs,
				    struct pk_diag *d)
{
	return trace_parse_stream_each(path, text, len, f, fmt, rec_bytes,
				       max_bytes, max_recs, NULL, d);
}

/* The AWS CLI's scan or query answer (trace_ddb_scan_at) as L's text:
   its error at "Items", once, and 1 (the file is not parsed: as JSON
   lines each of its lines would be an error of its own); else 0 */
static int scan_output(struct loader *L)
{
	size_t at = trace_ddb_scan_at(L->s, L->n, L->start), k;
	int line = 1, col = 1;

	if (at == SIZE_MAX) {
		return 0;
	}
	for (k = L->start; k < at; k++) {
		if (L->s[k] == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	diag_error(L->d, L->t->path, line, col, PK_TRACE_DDB_SCAN_WORDS);
	return 1;
}

struct pk_trace *
trace_parse_stream_each(const char *path, const char *text, size_t len, FILE *f,
			enum pk_trace_format fmt, double rec_bytes,
			double max_bytes, size_t max_recs,
			struct trace_each *each, struct pk_diag *d)
{
	static atomic_uint_fast64_t made;
	struct loader L;
	struct pk_trace *t = xcalloc(1, sizeof(*t));

	t->serial = (uint64_t)atomic_fetch_add(&made, 1) + 1;
	memset(&L, 0, sizeof(L));
	L.t = t;
	L.d = d;
	L.rec_bytes = rec_bytes;
	L.max_bytes = max_bytes;
	L.max_recs = max_recs;
	L.each = each;
	L.s = text ? text : "";
	L.n = text ? len : 0;
	L.f = f;
	t->read_bytes = L.n;
	L.e0 = diag_count(d);
	if (L.n >= 3 && memcmp(L.s, "\xef\xbb\xbf", 3) == 0) {
		L.start = 3;
	}
	L.pos = L.start;
	t->path = xstrdup(path);
	t->fmt =
	    fmt == PK_TRACE_FORMAT_AUTO ? trace_detect(L.s, L.n, L.start) : fmt;
	switch (t->fmt) {
	case PK_TRACE_FORMAT_JSON:
		if (!scan_output(&L)) {
			trace_parse_json_array(&L);
		}
		break;
	case PK_TRACE_FORMAT_JSONL:
		if (!scan_output(&L)) {
			trace_parse_json_lines(&L);
		}
		break;
	case PK_TRACE_FORMAT_CSV:
		trace_parse_csv(&L);
		break;
	default:
		PK_BUG("unknown trace format %d", (int)fmt);
	}
	free(L.pbuf);
	for (size_t k = 0; k < L.n_memo; k++) {
		free(L.memo[k].name);
	}
	free(L.memo);
	free(L.toks);
	free(L.num_leaves);
	free(L.lbuf);
	free(L.cbuf);
	json_arena_free(&L.arena);
	if (L.read_err) {
		diag_file_error(d, path, "cannot read", L.read_err);
	}
	if (diag_count(d) != L.e0) {
		trace_free(t);
		return NULL;
	}
	return t;
}

void trace_free(struct pk_trace *t)
{
	struct pk_trace_path *e, *tmp;

	if (!t) {
		return;
	}
	HASH_ITER(hh, t->path_hash, e, tmp)
	{
		HASH_DEL(t->path_hash, e);
		free(e->path);
		free(e);
	}
	free(t->paths);
	free(t->recs);
	free(t->leaves);
	free(t->pool);
	free(t->path);
	free(t->times_field);
	free(t->times_ms);
	free(t->wide);
	free(t);
}

int trace_format_parse(const char *name, enum pk_trace_format *fmt)
{
	static const struct {
		const char *name;
		enum pk_trace_format fmt;
	} names[] = {
	    {"auto", PK_TRACE_FORMAT_AUTO},   {"json", PK_TRACE_FORMAT_JSON},
	    {"jsonl", PK_TRACE_FORMAT_JSONL}, {"ndjson", PK_TRACE_FORMAT_JSONL},
	    {"csv", PK_TRACE_FORMAT_CSV},
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(name, names[i].name) == 0) {
			*fmt = names[i].fmt;
			return 0;
		}
	}
	return -1;
}

/* --- queries ------------------------------------------------------------- */

enum pk_trace_format trace_format(const struct pk_trace *t)
{
	return t->fmt;
}

const char *trace_file(const struct pk_trace *t)
{
	return t->path;
}

size_t trace_count(const struct pk_trace *t)
{
	return t->n_recs;
}

static const struct pk_trace_rec *rec_at(const struct pk_trace *t, size_t i)
{
	if (i >= t->n_recs) {
		PK_BUG("trace record %zu of %zu", i, t->n_recs);
	}
	return &t->recs[i];
}

uint32_t trace_size_bytes(const struct pk_trace *t, size_t i)
{
	return rec_at(t, i)->size_bytes;
}

uint64_t trace_serial(const struct pk_trace *t)
{
	return t->serial;
}

uint64_t trace_read_bytes(const struct pk_trace *t)
{
	return t ? t->read_bytes : 0;
}

uint32_t trace_largest_size_bytes(const struct pk_trace *t)
{
	return t ? t->largest_size : 0;
}

uint32_t trace_ddb_size_bytes(const struct pk_trace *t, size_t i)
{
	return rec_at(t, i)->ddb_bytes;
}

const struct pk_trace_wide *trace_wide_numbers(const struct pk_trace *t,
					       size_t *n)
{
	*n = t->n_wide;
	return t->wide;
}

int trace_line(const struct pk_trace *t, size_t i)
{
	return rec_at(t, i)->line;
}

int trace_col(const struct pk_trace *t, size_t i)
{
	return rec_at(t, i)->col;
}

/* The path entry of path (with or without its leading '/'), or NULL. */
static const struct pk_trace_path *path_lookup(const struct pk_trace *t,
					       const char *path)
{
	size_t len = strlen(path), k, skip = path[0] == '/' ? 0 : 1;
	const struct pk_trace_path *e;
	char local[256], *tmp;

	/* a few paths (the common case: a flat record) are found sooner by
	   comparing them than by hashing path */
	if (t->n_paths <= FEW_PATHS) {
		for (k = 0; k < t->n_paths; k++) {
			e = t->paths[k];
			if (e->len == len + skip &&
			    memcmp(e->path + skip, path, len) == 0) {
				return e;
			}
		}
		return NULL;
	}
	if (path[0] == '/') {
		return path_find(t, path, len);
	}
	if (len + 2 <= sizeof(local)) {
		local[0] = '/';
		memcpy(local + 1, path, len + 1);
		return path_find(t, local, len + 1);
	}
	tmp = xasprintf("/%s", path);
	e = path_find(t, tmp, len + 1);
	free(tmp);
	return e;
}

void trace_field_pos(const struct pk_trace *t, const char *text, size_t len,
		     size_t i, const char *path, int *line, int *col)
{
	const struct pk_trace_rec *r = rec_at(t, i);
	const struct pk_trace_path *e = path_lookup(t, path);
	size_t start = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

	*line = r->line;
	*col = r->col;
	/* a CSV column's path id is its index in the header (csv_header) */
	if (t->fmt == PK_TRACE_FORMAT_CSV && e && text) {
		trace_csv_field_pos(text, len, start, r->line, e->id, line,
				    col);
	}
}

/* The leaf of record i with path id id (-1: none), or NULL when the
   record has none. */
static const struct pk_trace_leaf *leaf_of(const struct pk_trace *t, size_t i,
					   long id)
{
	const struct pk_trace_rec *r = rec_at(t, i); /* i is checked first */
	size_t k, end;

	if (id < 0) {
		return NULL;
	}
	end = i + 1 < t->n_recs ? t->recs[i + 1].first_leaf : t->n_leaves;
	for (k = r->first_leaf; k < end; k++) {
		if (t->leaves[k].path_id == (unsigned long)id) {
			return &t->leaves[k];
		}
	}
	return NULL;
}

/* The double of number leaf l: its own, or the nearest to its decimal
   text (whose bytes, at most PK_DECIMAL_TEXT_MAX, are not
   NUL-terminated in the pool) */
static double leaf_num(const struct pk_trace *t, const struct pk_trace_leaf *l)
{
	char text[PK_DECIMAL_TEXT_MAX];

	if (l->len == 0) {
		return l->u.num;
	}
	if (l->len >= sizeof(text)) {
		PK_BUG("trace: a number's text of %u bytes", (unsigned)l->len);
	}
	memcpy(text, t->pool + l->u.off, l->len);
	text[l->len] = '\0';
	return strtod(text, NULL);
}

long trace_path_id(const struct pk_trace *t, const char *path)
{
	const struct pk_trace_path *e = path_lookup(t, path);

	return e ? (long)e->id : -1;
}

/* The leaf of record i at path (with or without its leading '/'), or
   NULL when the record has none. */
static const struct pk_trace_leaf *leaf_at(const struct pk_trace *t, size_t i,
					   const char *path)
{
	return leaf_of(t, i, trace_path_id(t, path));
}

int trace_value(const struct pk_trace *t, size_t i, const char *path,
		struct pk_value *out, char *buf, size_t cap)
{
	return trace_value_id(t, i, trace_path_id(t, path), out, buf, cap);
}

int trace_value_id(const struct pk_trace *t, size_t i, long path_id,
		   struct pk_value *out, char *buf, size_t cap)
{
	const struct pk_trace_leaf *l = leaf_of(t, i, path_id);

	memset(out, 0, sizeof(*out));
	out->type = PK_VALUE_UNDEFINED;
	if (!l) {
		return PK_TRACE_OK;
	}
	switch (l->kind) {
	case LEAF_OBJECT:
	case LEAF_ARRAY:
		return PK_TRACE_NOT_SCALAR;
	case PK_VALUE_STRING:
		if (buf && (size_t)l->len >= cap) {
			out->len = l->len;
			return PK_TRACE_TOO_LONG;
		}
		if (buf) {
			memcpy(buf, t->pool + l->u.off, l->len);
			buf[l->len] = '\0';
			out->str = buf;
		} else {
			out->str = t->pool + l->u.off;
		}
		out->len = l->len;
		break;
	case PK_VALUE_NUMBER:
		out->num = leaf_num(t, l);
		if (l->len > 0) {
			out->str = t->pool + l->u.off;
			out->len = l->len;
		}
		break;
	case PK_VALUE_BOOL:
		out->boolean = l->u.boolean;
		break;
	default:
		break;
	}
	out->type = (enum pk_value_type)l->kind;
	return PK_TRACE_OK;
}

/* --- which properties the records hold --------------------------------- */

size_t trace_n_paths(const struct pk_trace *t)
{
	return t->n_paths;
}

const char *trace_path_name(const struct pk_trace *t, size_t p)
{
	if (p >= t->n_paths) {
		PK_BUG("trace path %zu of %zu", p, t->n_paths);
	}
	return t->paths[p]->path;
}

void trace_path_counts(const struct pk_trace *t, size_t n, uint64_t *counts)
{
	size_t *last = xcalloc(t->n_paths ? t->n_paths : 1, sizeof(*last));
	size_t i, k, end;

	if (n > t->n_recs) {
		n = t->n_recs;
	}
	memset(counts, 0, t->n_paths * sizeof(*counts));
	for (i = 0; i < n; i++) {
		end =
		    i + 1 < t->n_recs ? t->recs[i + 1].first_leaf : t->n_leaves;
		for (k = t->recs[i].first_leaf; k < end; k++) {
			size_t p = t->leaves[k].path_id;

			/* last[p] is 1 + the last record counted for p, so a
			   path a record repeats counts once */
			if (last[p] != i + 1) {
				last[p] = i + 1;
				counts[p]++;
			}
		}
	}
	free(last);
}

/* --- time ---------------------------------------------------------------- */

/* A plain decimal number (no inf, nan or hex, which strtod would take)
   in s[0..len) -> *x; 0, or -1. */
static int decimal_number(const char *s, size_t len, double *x)
{
	char tmp[TIME_TEXT_MAX + 1], *end;
	size_t i;
	int digits = 0;

	if (len == 0 || len > TIME_TEXT_MAX) {
		return -1;
	}
	for (i = 0; i < len; i++) {
		if (s[i] >= '0' && s[i] <= '9') {
			digits++;
		} else if (s[i] != '+' && s[i] != '-' && s[i] != '.' &&
			   s[i] != 'e' && s[i] != 'E') {
			return -1;
		}
	}
	if (!digits) {
		return -1;
	}
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	errno = 0;
	*x = strtod(tmp, &end);
	return *end == '\0' && errno == 0 ? 0 : -1;
}

/* Epoch seconds -> ms, floored as an ISO time's fraction is (isotime.h),
   so a time stays in its second: 1700000000.9996 s is ...000,999 ms, not
   the next second's ...001,000. A decimal fraction is seldom exact in a
   double: 1.005 is held as 1.00499999999999989 and times 1000 is
   1004.9999999999999, which a bare floor takes to 1,004 ms. Near today's
   epoch seconds (1.7e9 s) the double holds s to 1.2e-7 s and the product
   adds 1.2e-4 ms at most, 2.4e-4 ms in all, so a product within
   FLOOR_SLACK_MS under a whole ms is that ms: a time is read to about
   half a microsecond, then floored. */
#define FLOOR_SLACK_MS 5e-4

/* s[0..len) is written as a decimal number: an optional sign, digits
   and at most one '.', of any length (so an epoch out of range is told
   from text that is no number). */
static int decimal_shape(const char *s, size_t len)
{
	size_t i = len > 0 && (s[0] == '+' || s[0] == '-') ? 1 : 0;
	int digits = 0, dots = 0;

	for (; i < len; i++) {
		if (s[i] >= '0' && s[i] <= '9') {
			digits++;
		} else if (s[i] == '.' && !dots) {
			dots++;
		} else {
			return 0;
		}
	}
	return digits > 0;
}

/* The range of epoch seconds a time field may give, for messages */
#define EPOCH_RANGE_TEXT                                                       \
	"epoch seconds must be within +-100,000,000,000,000 (about 3 "         \
	"million years)"

static int epoch_s_to_ms(double s, int64_t *t_ms)
{
	if (!isfinite(s) || fabs(s) > MAX_EPOCH_S) {
		return -1;
	}
	*t_ms = (int64_t)floor(s * (double)PK_MS_PER_S + FLOOR_SLACK_MS);
	return 0;
}

int trace_time_ms(const struct pk_trace *t, size_t i, const char *field,
		  int64_t *t_ms, struct pk_diag *d)
{
	const struct pk_trace_leaf *l;
	int line = trace_line(t, i), col = trace_col(t, i);
	const char *slash = field[0] == '/' ? "" : "/";
	const char *str;
	double x;
	int num;

	if (i < t->n_times &&
	    strcmp(t->times_field, field + (field[0] == '/')) == 0) {
		*t_ms = t->times_ms[i];
		return 0;
	}
	l = leaf_at(t, i, field);
	if (!l) {
		diag_error(d, t->path, line, col,
			   "record %zu has no time field \"%s%s\"; every "
			   "record needs one: epoch seconds or an ISO 8601 "
			   "date-time",
			   i + 1, slash, field);
		return -1;
	}
	if (l->kind == PK_VALUE_NUMBER) {
		if (epoch_s_to_ms(leaf_num(t, l), t_ms) < 0) {
			/* every digit a double keeps: 100000000000001,
			   not 1e+14, the limit's figure */
			struct pk_value v = {.type = PK_VALUE_NUMBER,
					     .num = leaf_num(t, l)};
			char text[64];

			value_format(&v, text, sizeof(text));
			diag_error(d, t->path, line, col,
				   "time field \"%s%s\": %s epoch seconds is "
				   "out of range; " EPOCH_RANGE_TEXT,
				   slash, field, text);
			return -1;
		}
		return 0;
	}
	if (l->kind != PK_VALUE_STRING) {
		diag_error(d, t->path, line, col,
			   "time field \"%s%s\" must be a number (epoch "
			   "seconds) or an ISO 8601 string",
			   slash, field);
		return -1;
	}
	str = t->pool + l->u.off;
	num = decimal_number(str, l->len, &x) == 0;
	if (num ? epoch_s_to_ms(x, t_ms) == 0
		: isotime_parse_ms(str, l->len, t_ms) == 0) {
		return 0;
	}
	if (num || decimal_shape(str, l->len)) {
		diag_error(d, t->path, line, col,
			   "time field \"%s%s\": \"%.*s%s\" epoch seconds is "
			   "out of range; " EPOCH_RANGE_TEXT,
			   slash, field,
			   l->len > TIME_TEXT_MAX ? TIME_TEXT_MAX : (int)l->len,
			   str, l->len > TIME_TEXT_MAX ? "..." : "");
		return -1;
	}
	diag_error(d, t->path, line, col,
		   "time field \"%s%s\": \"%.*s\" is neither epoch seconds "
		   "nor an ISO 8601 date-time",
		   slash, field,
		   l->len > TIME_TEXT_MAX ? TIME_TEXT_MAX : (int)l->len, str);
	diag_note(d, "expected e.g. 1594598700 or 2020-07-13T00:05:00Z");
	return -1;
}

void trace_keep_times(struct pk_trace *t, const char *field, size_t n)
{
	struct pk_diag scratch;
	int64_t *ms;
	size_t i;

	free(t->times_ms);
	free(t->times_field);
	t->times_ms = NULL;
	t->times_field = NULL;
	t->n_times = 0;
	n = n < t->n_recs ? n : t->n_recs;
	if (n == 0) {
		return;
	}
	ms = xcalloc(n, sizeof(*ms));
	diag_init(&scratch);
	for (i = 0; i < n; i++) {
		if (trace_time_ms(t, i, field, &ms[i], &scratch) < 0) {
			break;
		}
	}
	diag_free(&scratch);
	if (i < n) {
		free(ms);
		return;
	}
	/* kept without its leading '/', as trace_time_ms compares it */
	t->times_field = xstrdup(field + (field[0] == '/'));
	t->times_ms = ms;
	t->n_times = n;
}

int trace_check(const struct pk_trace *t)
{
	size_t i, k;
	const struct pk_trace_leaf *l;

	if (t->fmt == PK_TRACE_FORMAT_AUTO) {
		PK_BUG("trace format not resolved");
	}
	for (i = 0; i < t->n_recs; i++) {
		if (t->recs[i].first_leaf > t->n_leaves ||
		    (i > 0 &&
		     t->recs[i].first_leaf < t->recs[i - 1].first_leaf)) {
			PK_BUG("trace record %zu: leaves out of order", i);
		}
	}
	if (t->n_recs == 0 && t->n_leaves != 0) {
		PK_BUG("trace: leaves without records");
	}
	for (k = 0; k < t->n_leaves; k++) {
		l = &t->leaves[k];
		if (l->path_id >= t->n_paths) {
			PK_BUG("trace leaf %zu: path id %u", k,
			       (unsigned)l->path_id);
		}
		if (l->kind == PK_VALUE_UNDEFINED || l->kind > LEAF_ARRAY) {
			PK_BUG("trace leaf %zu: kind %u", k, (unsigned)l->kind);
		}
		if ((l->kind == PK_VALUE_STRING ||
		     (l->kind == PK_VALUE_NUMBER && l->len > 0)) &&
		    (l->u.off > t->pool_len ||
		     l->len > t->pool_len - l->u.off)) {
			PK_BUG("trace leaf %zu: string outside the pool", k);
		}
	}
	for (k = 0; k < t->n_paths; k++) {
		if (t->paths[k]->id != k) {
			PK_BUG("trace path %zu has id %u", k,
			       (unsigned)t->paths[k]->id);
		}
	}
	return 0;
}

uint64_t trace_parse_bytes(const struct pk_trace *t)
{
	return t ? (uint64_t)((double)t->longest_rec * PK_TRACE_PARSE_FACTOR)
		 : 0;
}

uint64_t trace_memory_bytes(const struct pk_trace *t)
{
	if (!t) {
		return 0;
	}
	return (uint64_t)t->recs_cap * sizeof(*t->recs) +
	       (uint64_t)t->leaves_cap * sizeof(*t->leaves) +
	       (uint64_t)t->pool_cap +
	       (uint64_t)t->paths_cap *
		   (sizeof(*t->paths) + sizeof(*t->path_hash)) +
	       (uint64_t)t->n_times * sizeof(*t->times_ms);
}
