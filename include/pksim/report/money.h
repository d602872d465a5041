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
/* Room for a money note (money_*_note), whose sentences add up: an
   auto-scaled month's caveat with its short share runs past 600 bytes,
   and fmt_append cuts what does not fit */
#define PK_MONEY_NOTE_BYTES 1536

/*
 * amount in currency into buf (PK_MONEY_BYTES): "$1,234.56" for USD
 * ("1,234.56 EUR" otherwise); two decimals from 1 up, four below (a short
 * run's cost is cents or less: $0.0024). Returns buf.
 */
const char *money_fmt(double amount, const char *currency, char *buf);

/* "(prices of 2026-11-30, us-nongov, USD)" of sc's pricing into buf
   (PK_MONEY_TAG_BYTES); the currency is the throughput row's. When a
   row changed inside the run (b->n_earlier), the days of its first and
   last hours: "(prices of 2024-10-31 to 2024-11-01, ...)". */
const char *money_tag(const struct pk_scenario *sc, const struct pk_bill *b,
		      char *buf);

/* Why sc's run prints no money ("the scenario names no region: ...,
   add pricing: {region: R}", R a region of sc's service: us-nongov for
   Azure Cosmos DB, us-east-1 for Amazon DynamoDB, one of each across
   services), static text. */
const char *money_none_why(const struct pk_scenario *sc);

/* Where the billing date came from, for the bill's header: "pricing.date",
   "clock.start" or "the table's date". */
const char *money_date_from(const struct pk_scenario *sc);

/* Most price rows a bill uses: its lines' and the rows its earlier
   hours took (bill.h) */
#define PK_MONEY_ROWS (6 + PK_BILL_EARLIER)

/* The price rows b used, in the order the reports list them
   (throughput, DynamoDB's reads, storage, the reservation's, DynamoDB's
   free storage, its on-demand writes and reads, a fleet pool's, then
   the rows earlier hours of the run took, b->earlier's order):
   their picks into out[0..PK_MONEY_ROWS); returns how many. Borrowed
   from b. */
size_t money_rows(const struct pk_bill *b, const struct pk_price_pick **out);

/* Whether pick p[i] names the row, at the price, of an earlier p[j]
   (j < i): a reservation's row is its throughput row, listed once. */
int money_row_repeats(const struct pk_price_pick *const *p, size_t i);

/* The price rows b used as the reports list them: money_rows' order
   with each row once (money_row_repeats). Into out[0..PK_MONEY_ROWS);
   returns how many. Borrowed from b. */
size_t money_rows_listed(const struct pk_bill *b,
			 const struct pk_price_pick **out);

/* The note every report gives beside a third-party price */
#define PK_MONEY_THIRD_PARTY                                                   \
	"a price above is a third party's quote, not the vendor's page: "      \
	"check it"
/* ... and beside a price pksim assumed (status assumed) */
#define PK_MONEY_ASSUMED                                                       \
	"a price above is pksim's assumption (its row's source says from "     \
	"what), not a published rate: check it"

/* Why variant v of sc's run has no money (its bill not priced): "pksim
   prices Azure Cosmos DB and Amazon DynamoDB variants only" when
   pricing was asked for, else money_none_why(); b->why when the bill
   met an hour without its row. Static text, or borrowed from b. */
const char *money_unpriced_why(const struct pk_scenario *sc,
			       const struct pk_bill *b);

/* The bill's heading into buf (cap bytes): "manual, billing date
   2026-01-01 from clock.start; table prices-2026-11-30.csv of
   2026-11-30" (autoscale names classic, rule 17, or dynamic, rule 27).
   b priced. Returns buf. */
const char *money_heading(const struct pk_scenario *sc, const struct pk_bill *b,
			  char *buf, size_t cap);

/* Price row p as the reports list it, into buf (cap bytes): "line 2:
   cosmos us-nongov provisioned_single_write 0.008 USD per
   100RU/s-hour" (its currency beside its price),
   with " [third-party: check it]" for a third-party row and ",
   overridden by pricing.overrides: 0.3" for an override. Returns buf. */
const char *money_row_text(const struct pk_price_pick *p, char *buf,
			   size_t cap);

/* Which price rows (money_rows) a money_line draws on */
#define PK_MONEY_ROW_THROUGHPUT 1
#define PK_MONEY_ROW_STORAGE 2
#define PK_MONEY_ROW_RESERVED 4 /* with a reservation */
/* Most lines a bill has */
#define PK_MONEY_LINES 9

/* GB-months q as a line's quantity into buf (cap bytes), then more:
   "0.000429 GB-months" below 1, "75.000 GB-months" from 1, "under
   0.000001 GB-months" for a trace of storage. */
void money_gb_months(double q, const char *more, char *buf, size_t cap);

/* How b's month was made: "week" (month_from_week) or "720h". */
const char *money_month_basis(const struct pk_bill *b);

/* Amazon DynamoDB's on-demand comparison of b into buf (cap bytes):
   what its break-even use is (bill.h) against what the run asked; or,
   when the table lacks the on-demand rows, "no on-demand comparison:
   ..." naming the row; NULL when b has neither. */
const char *money_ondemand_note(const struct pk_bill *b, char *buf, size_t cap);

/* When a row changed inside b's run (b->n_earlier), the note every
   report gives below its lines: each hour at its own day's rows, the
   days, and the day whose rows an hour and a month project with, into
   buf (cap bytes); else NULL. */
const char *money_days_note(const struct pk_scenario *sc,
			    const struct pk_bill *b, char *buf, size_t cap);

/* What variant v's priced bill stands for or leaves out that the
   scenario says, into buf (cap bytes), its sentences joined by "; ";
   NULL when nothing (money_caveat.c):
   - an Amazon DynamoDB on-demand table's first attempts that asked
     more units than its quota or configured maximum a second (D12):
     never served, so neither the run nor a month bills them;
   - an Amazon DynamoDB on-demand table warmer than a new table's
     default (D13): pre-warming is charged and not priced (pricing.md
     §4, A-WARM; its rate is unconfirmed); the same of its global
     secondary indexes warmer than a new index's default, named;
   - a table with local secondary indexes: their entries' 100 bytes
     each (pricing.md §8) are not in the storage line;
   - an auto-scaled table: the units its month holds once settled, or
     that it did not settle (bill_autoscale.c), and the share of a
     side's units its minutes ask past the units held (money_scaled.h);
   - time_scale: not applied to money;
   - a data file replayed compressed (bill.h data_scale): the month is
     of the data's own time;
   - else a monitor-log replay of a container whose stored bytes the
     log does not give: storage is not known, not $0.00 (its line bills
     nothing stored), and the log's region beside the pricing's. */
const char *money_caveat_note(const struct pk_scenario *sc,
			      const struct pk_result_variant *v, char *buf,
			      size_t cap);

/* Amazon DynamoDB table v's priced bill of a run shorter than 720 h
   whose table ends holding items: its month bills the GB the run held
   (its hours' average), not a month of the workload's writes; the note,
   into buf (cap bytes), says what the table held at the end (items and
   index entries with their 100 bytes, pricing.md §4) after the run's
   seconds and, were that growth (from an empty table) to go on, about
   what 720 h would hold at their end, not billed; or, when the
   scenario sc (NULL: none) bounds the table's key space below that, the
   most its key values can hold (one item per key value, a write of a
   held key replacing it). NULL otherwise (another service, unpriced, a
   month or longer, nothing held). */
const char *money_storage_note(const struct pk_scenario *sc,
			       const struct pk_result_variant *v, char *buf,
			       size_t cap);

/* One line of a bill as every report prints it (text, Markdown, HTML,
   money-csv), in the bill's currency. */
struct money_line {
	const char *label; /* "throughput", "storage", "reserved", "fleet
			      pool", "free tier", "the run", "an hour", "a
			      month" */
	char what[64];	   /* its quantity: "100 x 100 RU/s-hours",
			      "0.5 million RU consumed", "75 GB-months",
			      "1 clock hour billed", "a month / 720",
			      "720 h at this workload" */
	double amount;	   /* currency; the free tier's is what it took
			      off, negative */
	int rows;	   /* PK_MONEY_ROW_* of the price rows it draws on */
	int in_total;	   /* 1: a part of the run's bill: the lines with
			      1 add up to "the run" (throughput, storage,
			      the reservation, the fleet pool; DynamoDB's
			      writes, reads, storage); 0: the free tier (what the
			      lines      above it already left out), the run, an hour
			      and      a month (totals) and on demand (not in      the
			      bill) */
};

/* The day whose rows price line l of bill b, "YYYY-MM-DD", into buf
   (PK_MONEY_TAG_BYTES): with no row changed inside the run, the billing
   date; else a line projecting the workload (an hour, a month, on
   demand's month) the last hour's day, and a line of the run's hours
   "FIRST..LAST". Returns buf. */
const char *money_prices_of(const struct pk_scenario *sc,
			    const struct pk_bill *b, const struct money_line *l,
			    char *buf);

/* The lines of bill b of sc's run into out[0..PK_MONEY_LINES), in the
   order the reports print them: throughput (Fabric: its CU hours),
   storage, the reservation (with one), the fleet pool (with one), the
   free tier (with it), the run, an hour, a month;
   DynamoDB's: writes, reads, storage, the free tier (with it), the run,
   an hour, a month, then on demand for the run and a month (not in the
   bill; with on-demand rows). A line's rows are bits of money_rows'
   indexes.
   Returns how many; 0 when b is not priced. */
size_t money_lines(const struct pk_scenario *sc, const struct pk_bill *b,
		   struct money_line *out);

/*
 * A compare puts every variant's month on one basis, so that its cost
 * row and the ranking compare like with like: 1 when every priced
 * variant of r has its month from its weekly schedule's own week
 * (bill.h month_from_week), 0 when any has its month as the workload
 * repeated for 720 hours (then every variant is shown and ranked on
 * its 720-hour month, month_720, whatever its own money block says).
 */
int money_compare_weekly(const struct pk_result *r);

/* 1 when r's priced variants' clients paced their operations
   differently (bill.h paced, pace_s): one's pace took longer than the
   phases and another's took another time, so each month at its own
   pace would price different operations a second. Then every variant's
   month is at the phases' demand (bill.h month_phases): its
   operations over the phases' seconds, whatever its pace. */
int money_compare_paced(const struct pk_result *r);

/* Bill b's month on r's common basis (money_compare_weekly,
   money_compare_paced): b->month, b->month_phases or b->month_720, in
   b's currency. b priced. */
double money_compare_month(const struct pk_result *r, const struct pk_bill *b);

/* The common basis of r as the cost row's label says it: "720 h" or
   "its week x 30/7"; and as JSON says it (json 1): "720h" or "week".
   Static text. */
const char *money_compare_basis(const struct pk_result *r, int json);

/* The line under a compare's scorecard into buf (cap bytes): "cost a
   month: the workload for 720 h (prices of ...), each variant's mode;
   ..." on r's common basis, naming each variant whose own money block
   gives its month on another basis (its week x 30/7) and that month,
   when some variant of r is priced; else "no cost row: " and why.
   Returns buf. */
const char *money_cost_note(const struct pk_result *r, char *buf, size_t cap);

/* An escaper of a report's text (report_md_text, heatsvg_text) */
typedef void (*money_escape_fn)(const char *s, FILE *out);

/* The Markdown report's "## Money" section: per variant its bill's
   lines as a table (line, quantity, amount, prices), the price rows
   used (with sources when sc->pricing.explain), or why it is not
   priced; text escaped by esc. */
void money_markdown(const struct pk_result *r, money_escape_fn esc, FILE *out);

/* The HTML report's money of variant v, inside its section: the
   heading, the lines as a table, the price rows used, or why it is not
   priced; text escaped by esc. */
void money_html(const struct pk_result *r, const struct pk_result_variant *v,
		money_escape_fn esc, FILE *out);

/* The compare page's scorecard row "cost a month (720 h)" (<tr>...):
   each variant's month, "-" unpriced; nothing when none is priced. */
void money_html_cost_row(const struct pk_result *r, money_escape_fn esc,
			 FILE *out);

/*
 * `--format money-csv`: every variant's bill, one row a line, RFC 4180:
 * variant,line,what,amount,currency,prices_of,region,table,price_rows,
 * third_party,in_total. amount is in currency (%.10g); prices_of the
 * billing date; price_rows the table's line numbers of the rows the line
 * draws on, space-separated; third_party 1 when one of them is;
 * in_total 1 when the line is a part of the run's bill (money_line:
 * the amounts of a variant's rows with 1 add up to its "the run" row),
 * 0 for the free tier (informational: the lines are after it), the
 * totals and on demand. A variant not priced has one row: line "not
 * priced", what the reason, the rest empty. Returns 0, or -1 on a write
 * error.
 */
int report_money_csv(const struct pk_result *r, FILE *out);

/*
 * The text report's money block of v: its bill's lines, the run, an hour
 * and the month, each with money_tag; the price rows used (file, line,
 * meter, price, status; third-party ones marked, and with explain their
 * sources); without money, one line saying why.
 */
void money_text(const struct pk_result *r, const struct pk_result_variant *v,
		int explain, FILE *out);

#endif
