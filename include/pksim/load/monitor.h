/*
 * monitor: an Azure Monitor Log Analytics export of the
 * CDBPartitionKeyRUConsumption table, read as a workload.
 *
 * The table (Azure Monitor table reference, "CDBPartitionKeyRUConsumption",
 * learn.microsoft.com/azure/azure-monitor/reference/tables/
 * cdbpartitionkeyruconsumption) has the columns TimeGenerated (datetime,
 * UTC), DatabaseName, CollectionName, PartitionKey, PartitionKeyRangeId,
 * OperationName, RegionName, RequestCharge (real, RU), ActivityId,
 * AccountName and the workspace's own (_ResourceId, TenantId, Type, ...).
 * Read here: TimeGenerated, PartitionKey and RequestCharge (required);
 * DatabaseName, CollectionName and RegionName (to choose one container in
 * one region); PartitionKeyRangeId (counted for the report, and where an
 * existing container's ranges lie, src/service/cosmos/logranges.h: ids
 * are whole numbers, compared as numbers, so "00" is range "0"; a blank
 * id says nothing of where the row's key lives) and,
 * with it, OperationName (to find rows that repeat another's group,
 * below).
 * The others are ignored. The Azure portal's CSV export may call the time
 * column "TimeGenerated [UTC]"; both names are read.
 *
 * What a row is. Azure Cosmos DB's page on diagnostic settings
 * (articles/cosmos-db/monitor-resource-logs.md, "Choose log categories")
 * says the category "logs the aggregated per-second RU/s consumption of
 * partition keys", for API for NoSQL accounts and for point read/write and
 * stored procedure operations only; the table reference describes
 * RequestCharge as "the RU consumed by this request" and lists an
 * ActivityId, which reads as one row per request. Rule 37 of the
 * reference (docs/cosmos-mechanics.md, from the monitoring docs) settles
 * it for the first: rows are per-second aggregates, and a row belongs to
 * the calendar second its TimeGenerated falls in (floor to the second),
 * whatever its fractional digits. So a row is the
 * RU one key value consumed (for one operation name, in one partition key
 * range and region) in that second, and its requests all fall inside it:
 * the row's second is what decides which per-second budget it shares
 * (rows of one second always share one, rows of two seconds never do).
 * ASSUMPTION (the log does not say how a second's RU arrived): a row is
 * replayed as n = ceil(charge / split_ru) requests spread evenly over its
 * second, request j at the second's start + floor(j x 1000 / n) ms,
 * charging the row's RU in equal parts (to the mRU, the parts summing to
 * the row's charge); rows of one second go in file order, and requests of
 * several rows at the same millisecond go in their rows' file order, so
 * the fractional digits change nothing of a replay. With split_ru 0 a row
 * is one request at its second's start. An aggregate has one row for its
 * group (second, key value, operation, range, region), so a kept row
 * repeating an earlier one's is counted (repeated) for the report.
 *
 * What the log cannot tell: item sizes and every property but the key,
 * so a replay stores nothing (its requests charge RU and touch no data),
 * and a replay under another partition key is impossible (the keycheck
 * module refuses one); the requests that failed (a 429 consumes no RU),
 * so a log recorded while the container throttled shows the load it
 * served, not the load offered; queries and other operation types the
 * category does not report.
 *
 * PartitionKey holds the key value as the service writes it: a JSON
 * array of the key's components ("[\"c-42\"]", "[42]", "[\"t1\",\"u7\"]"
 * for a hierarchical key; "{}" in the array is the undefined value), as
 * the docs' diagnostic queries read it ("Troubleshoot issues with
 * diagnostics queries", articles/cosmos-db/monitor-logs-basic-queries:
 * `where parse_json(PartitionKey)[0] == "2"`). ASSUMPTION: a value that
 * does not start with '[' is one string component as written. An empty
 * value is missing (an error), not the key "": the table documents no
 * row without a key, and the service writes "" as [""]. TimeGenerated
 * keeps milliseconds, the further digits dropped (isotime.h).
 *
 * Parsing is jansson's (the key arrays) and the trace module's (the
 * export: CSV, a JSON array or JSON lines).
 */
#ifndef PKSIM_MONITOR_H
#define PKSIM_MONITOR_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"
#include "pksim/base/value.h"
#include "pksim/load/trace.h"

/* The table an export must come from, for messages. */
#define PK_MONITOR_TABLE "CDBPartitionKeyRUConsumption"

/* pksim's bound on one row's RequestCharge, RU: a hundred times what one
   partition key range serves in a second (10,000 RU/s) */
#define PK_MONITOR_MAX_CHARGE_RU 1000000.0

/* Components of a key value: a hierarchical key has at most 3 (D-HPK),
   4 when the last is /id (rule 33). */
#define PK_MONITOR_MAX_LEVELS 4

/* What to read of an export. */
struct pk_monitor_opts {
	const char *database;	/* DatabaseName to keep, or NULL */
	const char *collection; /* CollectionName to keep, or NULL */
	const char *region;	/* RegionName to keep, or NULL */
	size_t levels;		/* components the container's key has: 1..4 */
	const char *key_text;	/* that key as written ("[/t, /u]"), for
				   messages; NULL: not named */
	int64_t split_mru;	/* a row is ceil(charge / split_mru)
				   requests; 0: one request per row */
	/* where the choice is written, for the errors about it (the
	   scenario's monitor_log: mapping): the file, the place of the
	   export's name (line, col) and of each filter (db_, coll_,
	   region_; 0 when not given); line 0 when not from a file */
	const char *where;
	int line, col;
	int db_line, db_col, coll_line, coll_col, region_line, region_col;
};

/* One component of a row's key value (pk_value without pointers). */
struct pk_monitor_part {
	enum pk_value_type type;
	uint32_t len; /* STRING: bytes at off in the log's pool */
	uint64_t off; /* STRING */
	double num;   /* NUMBER */
	int boolean;  /* BOOL */
};

/* One row replayed, in file order. */
struct pk_monitor_row {
	int64_t t_ms;	    /* TimeGenerated, ms since 1970-01-01 UTC */
	int64_t sec_ms;	    /* the start of the calendar second t_ms falls
			       in (rounded down, rule 37), ms since 1970:
			       the second the row's requests are sent in */
	int64_t charge_mru; /* RequestCharge, 0 .. the bound above, mRU */
	uint64_t pieces;    /* requests it is replayed as, >= 1 */
	size_t rec;	    /* its record in the trace */
	uint64_t range_off; /* its PartitionKeyRangeId as a whole number
			       in decimal digits without leading zeros
			       ("00" and 0 are "0"): bytes at range_off
			       in the log's pool, range_len of them;
			       range_len 0 when the export has no such
			       column or the row a blank or null there */
	uint32_t range_len;
};

struct pk_monitor_log {
	struct pk_monitor_row *rows; /* owned, n_rows: the rows kept */
	size_t n_rows, rows_cap;
	size_t rows_in_file;	       /* every record of the export */
	size_t levels;		       /* components per key value */
	struct pk_monitor_part *parts; /* owned, n_rows x levels */
	size_t parts_cap;
	char *pool; /* owned: string bytes */
	size_t pool_len, pool_cap;
	int64_t first_ms, last_ms; /* earliest and latest TimeGenerated kept */
	int64_t total_mru;	   /* the kept rows' RequestCharge summed */
	uint64_t pieces;	   /* requests in all */
	/* the container and region the kept rows belong to, when the
	   export has those columns (owned; NULL without) */
	char *database, *collection, *region;
	size_t ranges;	     /* distinct PartitionKeyRangeId among the kept
				rows that have one; 0 without the column */
	size_t unranged;     /* kept rows with a blank or null
				PartitionKeyRangeId in an export that has
				the column: replayed, but they say nothing
				of where their keys live */
	size_t unranged_rec; /* the first of them's record in the trace
				(valid when unranged > 0) */
	/* kept rows with the second (sec_ms), key value, OperationName and
	   PartitionKeyRangeId of an earlier kept row (the two columns
	   compared when the export has them). Per-second aggregates (rule
	   37) have one row for each, so a repeat means the export holds
	   some time twice (two exports joined) or rows pksim does not read
	   as that rule says; the rows are replayed as recorded all the
	   same, their RU summed in their second. */
	size_t repeated;
};

/*
 * Read the rows of trace t (parsed from text[0..len), which must stay
 * valid only for this call: CSV positions are found in it) as an export
 * of CDBPartitionKeyRUConsumption, keeping those o chooses. Returns a new
 * log (monitor_free), or NULL with errors in d:
 * - at the export's first record: a required column no record has (the
 *   columns it does have listed), or no records at all;
 * - at o->where: a filter naming a column the export lacks or a value no
 *   row has (with the values there are), at that filter's place; rows of
 *   more than one container or region left after the filters, at
 *   o->line:o->col;
 * - at the field (CSV: its own FILE:LINE:COL; JSON: its record's): a kept
 *   row without a required value, a TimeGenerated that is not ISO 8601, a
 *   RequestCharge that is not a number from 0 to PK_MONITOR_MAX_CHARGE_RU,
 *   a PartitionKey that is not a JSON array of o->levels scalars (or one
 *   plain string when levels is 1), a PartitionKeyRangeId that is
 *   neither blank (or null) nor a whole number 0 or more in decimal
 *   digits (the service's ids: "0", "1", ...); up to PK_DIAG_MAX_ERRORS
 *   of them,
 *   then a note with how many more.
 */
struct pk_monitor_log *monitor_from_trace(const struct pk_trace *t,
					  const char *text, size_t len,
					  const struct pk_monitor_opts *o,
					  struct pk_diag *d);

/* Free m; NULL is allowed. */
void monitor_free(struct pk_monitor_log *m);

/* 1 if text[0..len) opens as a JSON object whose first key is "tables"
   with an array value: the Log Analytics query API's own response
   ({"tables": [{"name", "columns", "rows"}]}), which pksim does not
   read (a row there is an array, not an object); else 0. Read as text,
   not parsed: jansson's tree of a whole export would take up to
   PK_TRACE_PARSE_FACTOR times its bytes (a 42 MB export of 300,000
   rows peaked at 336,664 KB in `run --estimate`). */
int monitor_is_query_response(const char *text, size_t len);

/* Component level (< m->levels) of row r's key value into *out; a string
   is borrowed from m (valid until monitor_free). */
void monitor_value(const struct pk_monitor_log *m, size_t r, size_t level,
		   struct pk_value *out);

/* The mRU request j (< row->pieces) of row charges: the row's charge cut
   into pieces equal to the mRU, summing to the charge. */
int64_t monitor_piece_mru(const struct pk_monitor_row *row, uint64_t j);

/* Milliseconds after the start of the row's second (row->sec_ms, not its
   TimeGenerated: rule 37) at which request j (< row->pieces) arrives:
   floor(j x 1000 / pieces), 0 .. 999. */
int64_t monitor_piece_offset_ms(const struct pk_monitor_row *row, uint64_t j);

/* The start of the calendar second t_ms (ms since 1970 UTC, negative
   allowed) falls in, in ms: t_ms rounded down to a multiple of 1,000
   (rule 37: a row belongs to that second whatever its fractional
   digits). 09:00:01.900 -> 09:00:01.000; -1 -> -1,000. */
int64_t monitor_second_ms(int64_t t_ms);

#endif
