/*
 * ddb_sides: an Amazon DynamoDB table's reads and writes, each against
 * its own units, in the reports' words (dynamodb-mechanics.md D3: a
 * partition's read and write buckets are separate, and so are their
 * prices; they are never pooled). The units are the table's own: an
 * index's are its own (ddb_index.h), though the bill adds them.
 * Provisioned: RCU and WCU; on demand: each side's instant limit (D12).
 */
#ifndef PKSIM_REPORT_DDB_SIDES_H
#define PKSIM_REPORT_DDB_SIDES_H

#include <stddef.h>
#include <stdio.h>

#include "pksim/result/result.h"

/* Room for ddb_sides_sentence's and ddb_sides_of's text */
#define PK_DDB_SIDES_BYTES 400

/* The text report's "capacity units consumed" line and its reads and
   writes lines (v a table's variant: v->ddb set) */
void ddb_sides_text(const struct pk_result_variant *v, FILE *out);

/* "reads 0.0 % of the 1,000 RCU, writes 65.0 % of the 2,000 WCU
   provisioned over the run" (on demand: "of the read instant limit")
   into buf (cap bytes, PK_DDB_SIDES_BYTES); returns buf */
const char *ddb_sides_sentence(const struct pk_result_variant *v, char *buf,
			       size_t cap);

/*
 * The table's own units a second at t = 0, reads and writes apart (D3:
 * separate buckets, never pooled), into buf (cap bytes; PK_DDB_SIDES_BYTES
 * is room); returns buf. Provisioned: "3,000 RCU and 4,000 WCU a second",
 * the scenario's read_capacity_units and write_capacity_units; on demand
 * its first instant limits (D12, D13), "12,000 RRU and 4,000 WRU a
 * second": a partition's even share (D5) times the partitions at
 * creation, to the nearest unit. v a table's variant (v->ddb set).
 */
const char *ddb_sides_start(const struct pk_result_variant *v, char *buf,
			    size_t cap);

/*
 * A provisioned table's own units a second at the run's end, reads and
 * writes apart, as its phases and auto scaling (D19) left them: "6,000
 * RCU and 4,000 WCU a second" into buf (cap bytes) and returned; NULL on
 * demand (its instant limits at the end are not kept in the result).
 */
const char *ddb_sides_end(const struct pk_result_variant *v, char *buf,
			  size_t cap);

/* A provisioned table's read or write units a second over the run
   (D3: never pooled), as its phases and auto scaling (D19) set them */
struct pk_ddb_held {
	int64_t start; /* at t = 0 */
	int64_t end;   /* at the run's end */
	int64_t most;  /* the most it held at any time */
	int changed;   /* 1: they changed during the run */
};

/* Side write's (1: writes) units of table v (v->ddb set) over the run,
   from its start units and its throughput changes, into out */
void ddb_sides_held(const struct pk_result_variant *v, int write,
		    struct pk_ddb_held *out);

/* Into buf (cap bytes; PK_DDB_SIDES_BYTES is room), what a use of side
   write's units in some seconds was measured against, named so that a
   use and its units are the same units: "its 1,000 WCU in those
   seconds" while the units never changed, else "the WCU it held in
   those seconds: 330 a second on average, 100 at the run's start, 600
   at its end" (", 1,000 at most" when more than both), where is "in
   those seconds" here and mean_units the units a second held in them
   on average; returns buf */
const char *ddb_sides_of(const struct pk_result_variant *v, int write,
			 double mean_units, const char *where, char *buf,
			 size_t cap);

/* The units a second side write held on average over the run: its
   units summed over the closed seconds, over them (what its
   utilisation divides by) */
double ddb_sides_mean(const struct pk_result_variant *v, int write);

#endif
