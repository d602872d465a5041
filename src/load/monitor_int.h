/*
 * monitor_int: what monitor.c and monitor_filter.c share (internal to
 * src/load): the state of one read of an export and the choice of its
 * rows (monitor.h describes both).
 */
#ifndef PKSIM_LOAD_MONITOR_INT_H
#define PKSIM_LOAD_MONITOR_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/load/monitor.h"

/* Values a filter error lists at most; the rest are counted. */
#define MON_LIST_MAX 8

/* The table's columns pksim reads, by the names an export gives them
   (paths as the trace writes them; NULL-terminated). */
extern const char *const mon_col_db[];
extern const char *const mon_col_coll[];
extern const char *const mon_col_region[];
extern const char *const mon_col_op[];

/* One read: the trace, its text and where its columns are. */
struct mon {
	const struct pk_trace *t;
	const char *text;
	size_t len;
	const struct pk_monitor_opts *o;
	struct pk_diag *d;
	uint64_t *counts; /* per trace path: records holding it */
	const char *time, *charge, *key, *db, *coll, *region, *range, *op;
	size_t bad;  /* row errors recorded */
	size_t more; /* row errors past PK_DIAG_MAX_ERRORS */
};

/* A string column's value in record i: its bytes (borrowed) and length;
   "" when the record has none or a non-string there. */
const char *mon_text_of(const struct mon *M, size_t i, const char *col,
			size_t *len);

/* 1 if record i passes the database, collection and region filters. */
int mon_keep(const struct mon *M, size_t i);

/* Each filter names a column the export has and a value some row has,
   and the rows kept belong to one container and one region; 0, or -1
   with the errors (monitor.h). */
int mon_check_rows(const struct mon *M);

/* Distinct PartitionKeyRangeId values among m's rows (the kept rows,
   read) that have one: ids as row_range wrote them, numbers in one
   form ("00" is "0"). */
size_t mon_count_ranges(const struct pk_monitor_log *m);

/* m's rows (the kept rows, read) that repeat an earlier one's second, key
   value, OperationName and PartitionKeyRangeId (monitor.h, repeated). */
size_t mon_count_repeated(const struct mon *M, const struct pk_monitor_log *m);

#endif
