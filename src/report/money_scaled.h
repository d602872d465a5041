/*
 * money_scaled (internal to money): the note an auto-scaled DynamoDB
 * table's month carries (bill_autoscale.c, D19): what auto scaling
 * settles at with the workload repeated, and the share of the units the
 * settled month asks past the units held.
 */
#ifndef PKSIM_MONEY_SCALED_H
#define PKSIM_MONEY_SCALED_H

#include <stddef.h>

#include "pksim/result/bill.h"

/* A share of a side's units asked past the units held (pk_bill
   scale_short) the note says from: 0.05 %, the least "%.1f%%" rounds to
   0.1 %, more than 0 */
#define PK_MONEY_SHORT_SHARE 0.0005

/* Whether b's auto-scaled month (priced, scaled, settled) asks side k
   (1 writes, 0 reads) at least PK_MONEY_SHORT_SHARE of its units past
   the units held: the note says that share, and the findings read the
   same test (findings_scaled.h). Borrows b. */
int money_scaled_short(const struct pk_bill *b, int k);

/* Append to buf (cap bytes, n used, "; " first when n > 0) the note of
   b's auto-scaled month (b->scaled): the units it settles at, or the
   two months when it does not settle; then, for each side whose
   scale_short is at least PK_MONEY_SHORT_SHARE, that share of its units
   asked in minutes past the units held (throttled in every repetition).
   Returns the new n (fmt_append's). Borrows b. */
size_t money_scaled_note(const struct pk_bill *b, char *buf, size_t cap,
			 size_t n);

#endif
