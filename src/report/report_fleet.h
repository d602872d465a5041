/*
 * report_fleet: the figures of a variant's fleet pool (rule 40, D-FLEET)
 * the text and JSON reports and the field readers share (report_fleet.c).
 * Not a public header. Each takes a variant with a pool
 * (report_fleet_of).
 */
#ifndef PKSIM_REPORT_FLEET_H
#define PKSIM_REPORT_FLEET_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/result/result.h"
#include "pksim/service/cosmos/spec.h"

/* v's pool, or NULL when it has none (or is not Azure Cosmos DB). */
const struct pk_fleet_spec *report_fleet_of(const struct pk_result_variant *v);

/* RU the pool lent over the run, rounded up to whole RU. */
int64_t report_fleet_lent_ru(const struct pk_result_variant *v);

/* The most it lent in one second, RU/s rounded up. */
int64_t report_fleet_peak(const struct pk_result_variant *v);

/* Wall-clock hours the run touched: the bill's hours. */
size_t report_fleet_hours(const struct pk_result_variant *v);

/* Hour h's bill, RU/s: the highest RU/s the pool scaled to in it
   (ASSUMPTION: to what this container drew, as no other tenant draws on
   it), at least its minimum. h < report_fleet_hours(v). */
int64_t report_fleet_billed(const struct pk_result_variant *v, size_t h);

#endif
