/*
 * findings_scaled (internal to findings): what an auto-scaled DynamoDB
 * table's month (bill_autoscale.c's replay of the workload repeated
 * back to back) says of throttling that its run, which starts from the
 * table's own units and a full burst bank, need not show. The findings
 * read the same share the money note prints (money_scaled.h), so the
 * report never says "no throttling" beside a month that throttles.
 */
#ifndef PKSIM_FINDINGS_SCALED_H
#define PKSIM_FINDINGS_SCALED_H

#include "pksim/result/result.h"

/* The side (1 writes, 0 reads) of auto-scaled table v whose month asks
   the larger share of its units past the units held, among the sides
   the money note says so of (money_scaled_short); -1 when none (not
   priced, not auto-scaled, did not settle, or under 0.1 % a side) */
int findings_scaled_short_side(const struct pk_result_variant *v);

/* The finding for auto-scaled table v whose month asks past its units
   (findings_scaled_short_side >= 0): each such side's share, why (each
   quiet stretch lowers the units, and a rise climbs 1 / target a step,
   every 2 minutes at best, D19), and what it means: the service
   throttles those requests in those minutes, every repetition, whatever
   the run's own throttles. Owned by the caller (free); NULL otherwise. */
char *findings_scaled_month(const struct pk_result_variant *v);

#endif
