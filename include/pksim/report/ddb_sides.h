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

/* Room for ddb_sides_sentence's text */
#define PK_DDB_SIDES_BYTES 200

/* The text report's "capacity units consumed" line and its reads and
   writes lines (v a table's variant: v->ddb set) */
void ddb_sides_text(const struct pk_result_variant *v, FILE *out);

/* "reads 0.0 % of the 1,000 RCU, writes 65.0 % of the 2,000 WCU
   provisioned over the run" (on demand: "of the read instant limit")
   into buf (cap bytes, PK_DDB_SIDES_BYTES); returns buf */
const char *ddb_sides_sentence(const struct pk_result_variant *v, char *buf,
			       size_t cap);

#endif
