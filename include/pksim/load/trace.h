/*
 * trace: items from a data file, held in memory for replay.
 *
 * A data file is a JSON array of objects, JSON lines (one object per line,
 * blank lines skipped) or CSV with a header row, as real exports look.
 * Each record becomes one item; the simulator asks, per record, for its source
 * line, its serialized size, its arrival time (from a named time field) and the
 * typed value at a JSON path, which is what a partition key needs.
 *
 * Parsing is done by libraries: jansson for JSON, libcsv for CSV. The
 * records are not kept as jansson trees: each one is flattened at load
 * time into "leaves", one per property at any depth (path, type, value),
 * with strings in one shared pool. An item costs about 16 bytes per
 * property plus its string bytes, less than the file itself.
 *
 * Types:
 * - JSON values keep their type: string, number (always a double, integers
 *   included), true/false, null. Objects and arrays are recorded as such
 *   (so a key on them can be rejected) but arrays are not descended into:
 *   a partition key path never indexes an array element.
 * - CSV values are always strings, "17" included, and an empty field is
 *   the empty string. Spaces and tabs around an unquoted field are
 *   dropped (libcsv's default); a quoted field keeps them. A CSV header gives
 * no types, and guessing them would turn the key "007" into the number 7.
 * Column "name" has path "/name".
 *
 * Size of a record (trace_size_bytes), used as the item size:
 * - JSON: the record's bytes in the file with the whitespace between
 *   tokens removed, i.e. its minified size with numbers and escapes
 *   exactly as written. This does not depend on pretty-printing, and it
 *   does not re-format numbers (jansson would write 269.03 as
 *   269.02999999999997).
 * - CSV: the length of the compact JSON object {"col":"value",...} the row
 *   stands for, strings escaped as jansson escapes them.
 * - Amazon DynamoDB's measure (trace_ddb_size_bytes): the item's
 *   attribute names plus values by type (reference §1), for a table.
 * ASSUMPTION: the service adds system properties (id, _rid, _ts, _etag,
 * ...) to the stored size; that is for the caller to add, not this module
 * (the workload adds the id a record without one gets, workload.h; the
 * others are left out).
 *
 * Left out: nested CSV columns ("a.b" stays one name), JSON values other
 * than objects as records, streaming of files larger than memory.
 * Invariant (trace_check): record leaves are contiguous and in order,
 * every leaf names a known path and every string lies inside the pool.
 */
#ifndef PKSIM_TRACE_H
#define PKSIM_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/base/value.h"

enum pk_trace_format {
	PK_TRACE_FORMAT_AUTO = 0, /* from the first byte that is not white
				     space: '[' JSON, '{' JSONL, else CSV */
	PK_TRACE_FORMAT_JSON,	  /* one JSON array of objects */
	PK_TRACE_FORMAT_JSONL,	  /* one JSON object per line */
	PK_TRACE_FORMAT_CSV,	  /* RFC 4180 CSV, header row first */
};

/* Return codes of trace_value. */
enum pk_trace_status {
	PK_TRACE_OK = 0,	 /* *out holds the value (maybe undefined) */
	PK_TRACE_NOT_SCALAR = 1, /* an object or array is at the path */
	PK_TRACE_TOO_LONG = 2,	 /* a string that does not fit in buf */
};

struct pk_trace; /* opaque: records of one loaded file */

/*
 * Read the data file at path in format fmt (PK_TRACE_FORMAT_AUTO to
 * detect it from the content). A UTF-8 byte order mark is skipped.
 * The file is read as a stream (JSON lines and CSV a line at a time, a
 * JSON array a record at a time): the memory a load takes is what the
 * records keep (20 bytes a record, 16 a property value, the bytes of
 * string values) plus the longest record, not the file's length.
 * Returns the records, owned by the caller (trace_free), or NULL with
 * errors recorded in d (a read that fails midway, after some records,
 * adds its "cannot read" error to theirs):
 * - the file cannot be opened or read (also a directory): one error at
 *   line 0, "cannot open: STRERROR" or "cannot read: STRERROR", whose
 *   category (diag_file_error) is bad input for a missing file or a
 *   directory and an environment failure otherwise (permission, I/O);
 * - JSON syntax: the first error only, at jansson's line and column (in
 *   characters, 1-based) and with jansson's text; parsing stops there;
 * - a record that is not a JSON object, a CSV row whose field count
 *   differs from the header's, a duplicate CSV column name, bad CSV
 *   quoting: each at its line; reading goes on to collect up to
 *   PK_DIAG_MAX_ERRORS of them;
 * - a CSV line with a NUL or a byte that is not UTF-8: at its line and
 *   column; parsing stops there; a NUL in a file read as a stream (any
 *   format) likewise, as soon as the reader meets it;
 * - a line, CSV row or JSON array record longer than
 *   PK_TRACE_MAX_RECORD_BYTES: at its start, once the reader passes the
 *   limit; parsing stops there;
 * - a file larger than PK_TRACE_MAX_FILE_BYTES: a regular file before
 *   a byte is read, with its size; a pipe or a device at the first byte
 *   past it, and at its first NUL (line and column), which ends it
 *   (/dev/zero): the only error then.
 * An empty file (or only a CSV header) gives a trace with 0 records.
 */
struct pk_trace *trace_load(const char *path, enum pk_trace_format fmt,
			    struct pk_diag *d);

/* The most memory a data file may take as loaded, with what the run
   needs of its records (trace_load_within): the 8 GiB a run may take
   (PK_SCENARIO_MAX_TRACK_BYTES), so a file the run would be refused for
   is not read to its end first. */
#define PK_TRACE_MAX_MEMORY_BYTES (8.0 * 1024 * 1024 * 1024)

/*
 * As trace_load, under a memory bound checked at each record as it is
 * read, a regular file, a pipe or a device alike: the trace's memory
 * (trace_memory_bytes) plus rec_bytes for each record read so far (what
 * the run needs of a record at least, bytes; 0: nothing) must stay within
 * max_bytes. The record that passes it is an error at its line and
 * column, with the figures, and reading stops there (NULL). trace_load is
 * this with rec_bytes 0, PK_TRACE_MAX_MEMORY_BYTES and max_recs 0.
 * max_recs > 0 (a data file's `limit`): reading stops once that many
 * records are read; nothing past them is parsed, checked or read from
 * the file (a stream's rest is left unread). 0 reads every record.
 */
struct pk_trace *trace_load_within(const char *path, enum pk_trace_format fmt,
				   double rec_bytes, double max_bytes,
				   size_t max_recs, struct pk_diag *d);

/*
 * As trace_load, for a reader that needs each record once, in file
 * order, and nothing after: each(ctx, t) is called as each record is
 * read, with that record as t's record 0 (trace_value(t, 0, ...),
 * trace_line(t, 0)); the record is dropped when each returns, so the
 * load holds one record (and the paths met so far) whatever the file's
 * size: a pipe or a device is bounded by PK_TRACE_MAX_FILE_BYTES, its
 * memory by its longest record. each returns 0 to read on, or 1 to stop
 * (the rest of the file is not read; no error). Returns a trace of no
 * records (the caller frees it) and in *n the records each saw, or NULL
 * with trace_load's errors in d (*n then the records each saw before
 * the error).
 */
struct pk_trace *trace_load_each(const char *path, enum pk_trace_format fmt,
				 int (*each)(void *ctx,
					     const struct pk_trace *t),
				 void *ctx, size_t *n, struct pk_diag *d);

/* The largest data file (items, preload, count_from) or Azure Monitor
   log pksim reads: 4 GiB. pksim's bound, not the service's: a file is
   held in memory as its records' values (about its size, counted in the
   run's memory estimate), and no input is read without end. */
#define PK_TRACE_MAX_FILE_BYTES (4ULL << 30)

/* The longest line of a CSV or JSON-lines data file, CSV row (a quoted
   field may span lines) or record of a JSON array pksim reads: 8 MiB.
   pksim's bound, not the service's: a record stands for one item, and
   an item is at most 2 MB in Azure Cosmos DB (reference: cosmos-mechanics
   "Item size") and 400 KB in Amazon DynamoDB, so 8 MiB holds any item
   with room for its CSV or JSON escapes. A longer one is refused at its
   line and column (its start) as soon as the reader passes the limit,
   never after buffering it whole: a parse holds a few times its record. */
#define PK_TRACE_MAX_RECORD_BYTES (8u * 1024u * 1024u)

/*
 * The whole file at path, read into memory: a new buffer (caller frees)
 * of *len bytes, not NUL-terminated; or NULL with one error in d as
 * trace_load gives it for a file that cannot be opened or read, or is
 * larger than PK_TRACE_MAX_FILE_BYTES.
 */
char *trace_read_file(const char *path, size_t *len, struct pk_diag *d);

/*
 * As trace_load, from len bytes of text in memory (need not be
 * NUL-terminated); path only names the text in diagnostics. Never fails
 * for environment reasons.
 */
struct pk_trace *trace_parse(const char *path, const char *text, size_t len,
			     enum pk_trace_format fmt, struct pk_diag *d);

/* trace_parse under trace_load_within's memory bound */
struct pk_trace *trace_parse_within(const char *path, const char *text,
				    size_t len, enum pk_trace_format fmt,
				    double rec_bytes, double max_bytes,
				    struct pk_diag *d);

/* Free t and everything it owns; NULL is allowed. */
void trace_free(struct pk_trace *t);

/*
 * Parse a format name: "auto", "json", "jsonl" (also "ndjson") or "csv".
 * Returns 0 and sets *fmt, or -1 for an unknown name.
 */
int trace_format_parse(const char *name, enum pk_trace_format *fmt);

/* The format t was read as (never AUTO). */
enum pk_trace_format trace_format(const struct pk_trace *t);

/* The path t was read from (or named by trace_parse); borrowed. */
const char *trace_file(const struct pk_trace *t);

/* Number of records (items), in file order. */
size_t trace_count(const struct pk_trace *t);

/* A number no other trace of the process had (1, 2, ...): what a memo
   of answers about t's records keys on, as t's address may come back
   for another trace once t is freed. */
uint64_t trace_serial(const struct pk_trace *t);

/* Bytes t holds in memory (its records, values, string pool, paths and
   kept times, at their arrays' capacities), for the run's memory
   estimate; 0 for NULL. */
uint64_t trace_memory_bytes(const struct pk_trace *t);

/* Bytes parsing a record took at most beside the trace, each record's
   once it is read: jansson's tree of a JSON record (in the load's
   arena, json_arena.h) or a CSV row's fields, PK_TRACE_PARSE_FACTOR
   times the record's bytes. Measured, peak RSS of `run --no-remedies`
   less the file's others (the estimate without it): one JSON-lines
   record of 8,388,532 bytes, an array of 2,796,144 empty objects `{}`
   (3 bytes each: jansson's object and its hash table, about 230 bytes),
   633,520 KB; of 1 MiB and 4 MiB, 81,696 and 318,128 KB: 77.6 to 77.9
   bytes a byte. An array of `0` (2 bytes each) 22x, one string 3x, a
   CSV row of 900,000 one-character fields 39x. */
#define PK_TRACE_PARSE_FACTOR 80.0

/* Bytes parsing t's longest record took (PK_TRACE_PARSE_FACTOR times
   its bytes): the parses come one at a time, each dropped before the
   next, so the longest is what the load adds at most; 0 for NULL. */
uint64_t trace_parse_bytes(const struct pk_trace *t);

/* Serialized size of record i in bytes (see the file comment); i <
   trace_count(t), else PK_BUG. */
uint32_t trace_size_bytes(const struct pk_trace *t, size_t i);

/* Bytes of text t's load read (the whole file, or up to the record that
   ended it at its `limit`), for the work bound's parse units; 0 for
   NULL. */
uint64_t trace_read_bytes(const struct pk_trace *t);

/* The largest trace_size_bytes of t's records, kept as they are read
   (the loader's plan asks it many times); 0 for NULL or no record. */
uint32_t trace_largest_size_bytes(const struct pk_trace *t);

/* Record i's size as Amazon DynamoDB measures an item (reference §1:
   each attribute's name plus its value, a string's UTF-8 bytes, a
   number 1 byte per 2 significant digits plus 1, a boolean or null 1, a
   map or list 3 plus its elements and 1 an element; a CSV row's
   fields each a string), bytes, at most UINT32_MAX; i <
   trace_count(t), else PK_BUG. src/load/trace_ddbsize.c. */
uint32_t trace_ddb_size_bytes(const struct pk_trace *t, size_t i);

/* A JSON record's number of more than 38 significant digits, which
   DynamoDB refuses (PK_DDB_NUMBER_MAX_DIGITS); the record's first. */
struct pk_trace_wide {
	size_t rec; /* the record, < trace_count */
	int line;   /* 1-based line of the number's first character */
	int col;    /* 1-based column of it, in characters */
	int digits; /* its significant digits, > 38 */
};

/* The records of t with a number over 38 significant digits, in file
   order (a record once, its first such number), *n of them; borrowed,
   valid until trace_free(t); NULL with *n 0 when there is none (always
   for CSV, whose fields are strings). */
const struct pk_trace_wide *trace_wide_numbers(const struct pk_trace *t,
					       size_t *n);

/* 1-based line of the file where record i starts (its '{', or its first
   CSV field); i < trace_count(t). */
int trace_line(const struct pk_trace *t, size_t i);

/* 1-based column where record i starts: its '{' in JSON (in characters,
   as jansson counts them), 1 for a CSV row; i < trace_count(t). */
int trace_col(const struct pk_trace *t, size_t i);

/*
 * Where record i's property at path is written, for a message: in CSV
 * the first character of that column's field in the row (found by feeding
 * the row to libcsv again: text and len must be the text t was parsed
 * from); in JSON, and when the column does not exist or text is NULL, the
 * record's start (trace_line, trace_col). jansson keeps no positions
 * inside an object, so a JSON property is placed at its record.
 */
void trace_field_pos(const struct pk_trace *t, const char *text, size_t len,
		     size_t i, const char *path, int *line, int *col);

/*
 * The typed value of record i (< trace_count(t)) at path, a JSON path as
 * in a partition key definition: "/device", "/address/city". A path
 * without the leading '/' is read as if it had one. A '/' or '~' inside a
 * property name is written "~1" or "~0" (JSON Pointer, RFC 6901).
 * Returns:
 * - PK_TRACE_OK with out->type PK_VALUE_UNDEFINED when the record has no
 *   property there (also when the path goes through a scalar or into an
 *   array);
 * - PK_TRACE_OK with a string, number (double), true/false or null;
 *   a string is copied into buf (cap bytes, NUL added) and out->str
 *   points to buf; with buf NULL, out->str is borrowed from t and valid
 *   until trace_free(t) (not NUL-terminated; use out->len);
 * - PK_TRACE_NOT_SCALAR when an object or array is there (*out is
 *   undefined); a key on it rejects the item;
 * - PK_TRACE_TOO_LONG when the string needs more than cap - 1 bytes (*out
 *   is undefined, out->len holds the length needed without the NUL).
 */
int trace_value(const struct pk_trace *t, size_t i, const char *path,
		struct pk_value *out, char *buf, size_t cap);

/*
 * The id of path (as trace_value reads it) among the paths t's records
 * hold, 0 .. trace_n_paths(t) - 1, or -1 when no record holds it; the
 * same for t's lifetime. With trace_value_id, a caller that reads one
 * path of every record looks it up once (not a strlen and a compare per
 * path per read).
 */
long trace_path_id(const struct pk_trace *t, const char *path);

/* trace_value of record i at the path whose id trace_path_id gave (-1:
   a path no record holds, so PK_TRACE_OK and undefined). */
int trace_value_id(const struct pk_trace *t, size_t i, long path_id,
		   struct pk_value *out, char *buf, size_t cap);

/*
 * The typed value at path ("/a/b", names as written, no RFC 6901 escapes)
 * in the JSON object obj (a jansson json_t *, borrowed), for an item given
 * as JSON rather than read from a data file (pksim locate; pkey's JSON item
 * source). A missing property (or a path through a non-object) is
 * PK_VALUE_UNDEFINED; a string is copied into buf, at most cap bytes and
 * not NUL-terminated (out->str = buf, out->len the bytes copied); numbers
 * are doubles. Returns 0, or -1 when an object or array is there (not a
 * key value).
 */
int trace_json_value(const void *obj, const char *path, struct pk_value *out,
		     char *buf, size_t cap);

/* Number of distinct property paths the records hold, at any depth
   (objects and arrays included, array elements not descended into). */
size_t trace_n_paths(const struct pk_trace *t);

/* Path p (< trace_n_paths(t)) as "/address/city", names escaped as in
   RFC 6901; borrowed from t. */
const char *trace_path_name(const struct pk_trace *t, size_t p);

/*
 * For each path p (< trace_n_paths(t)), the number of the first n records
 * (all of them when n > trace_count(t)) that hold a property there, into
 * counts[p]; counts has trace_n_paths(t) entries, owned by the caller.
 */
void trace_path_counts(const struct pk_trace *t, size_t n, uint64_t *counts);

/*
 * Arrival time of record i (< trace_count(t)) from its property field (a
 * path as for trace_value, "/ts" or "ts"), in milliseconds since
 * 1970-01-01T00:00:00Z:
 * - a number, or a string that is a plain decimal number (CSV), is epoch
 *   seconds and may be fractional, floored to the millisecond as an ISO
 *   fraction is cut, so a time stays in its second (read to about half a
 *   microsecond first, as a double holds 1.005 just under it):
 *   1594598700.5 -> 1594598700500, 1700000000.9996 -> 1700000000999;
 * - a string in ISO 8601 extended form, YYYY-MM-DD, optionally followed by
 *   'T' (or a space) and hh:mm[:ss[.fraction]] (the fraction cut to
 *   milliseconds, isotime.h), optionally followed by 'Z'
 *   or an offset +hh:mm, +hhmm or +hh; "2020-07-13T02:05:00+02:00" ->
 *   1594598700000. ASSUMPTION: no zone means UTC, as exports from
 *   services are in UTC far more often than in local time.
 * Returns 0 and sets *t_ms, or -1 with an error in d at the record's line:
 * the field is missing, is not a number or string, is out of range, or
 * the string is neither a number nor an ISO 8601 date-time.
 */
int trace_time_ms(const struct pk_trace *t, size_t i, const char *field,
		  int64_t *t_ms, struct pk_diag *d);

/*
 * Keep the times (trace_time_ms) of records [0, n) at field in t, so that
 * later calls of trace_time_ms for that field and those records read them
 * (8 bytes a record) instead of parsing the value again; call it once the
 * records are known to hold valid times. Keeps nothing (later calls parse
 * the value each time) when a record's time is not valid. A field other than
 * the kept one is parsed each time.
 */
void trace_keep_times(struct pk_trace *t, const char *field, size_t n);

/* Check t's invariants (see the file comment); PK_BUG when one is broken,
   else 0. */
int trace_check(const struct pk_trace *t);

#endif
