/*
 * money: how the reports print a variant's bill (result/bill.h): the
 * amounts, the tag every money line carries "(prices of DATE, REGION,
 * CURRENCY)" (DATE the billing date the rows were chosen by), the rows
 * used, and why a run has no money.
 */
#ifndef PKSIM_REPORT_MONEY_H
#define PKSIM_REPORT_MONEY_H

#include <stddef.h>
#include <stdio.h>

#include "pksim/result/result.h"

/* Room for any money_fmt text */
#define PK_MONEY_BYTES 48
/* Room for money_tag's text */
#define PK_MONEY_TAG_BYTES 160

/*
 * amount in currency into buf (PK_MONEY_BYTES): "$1,234.56" for USD
 * ("1,234.56 EUR" otherwise); two decimals from 1 up, four below (a short
 * run's cost is cents or less: $0.0024). Returns buf.
 */
const char *money_fmt(double amount, const char *currency, char *buf);

/* "(prices of 2026-11-30, us-nongov, USD)" of sc's pricing into buf
   (PK_MONEY_TAG_BYTES); the currency is the throughput row's. */
const char *money_tag(const struct pk_scenario *sc, const struct pk_bill *b,
		      char *buf);

/* Why sc's run prints no money ("the scenario names no region: ..."),
   static text. */
const char *money_none_why(void);

/* Where the billing date came from, for the bill's header: "pricing.date",
   "clock.start" or "the table's date". */
const char *money_date_from(const struct pk_scenario *sc);

/* The price rows b used, in the order the reports list them
   (throughput, storage, then the reservation's): their picks into
   out[0..3); returns how many. Borrowed from b. */
size_t money_rows(const struct pk_bill *b, const struct pk_price_pick **out);

/*
 * The text report's money block of v: its bill's lines, the run, an hour
 * and the month, each with money_tag; the price rows used (file, line,
 * meter, price, status; third-party ones marked, and with explain their
 * sources); without money, one line saying why.
 */
void money_text(const struct pk_result *r, const struct pk_result_variant *v,
		int explain, FILE *out);

#endif
