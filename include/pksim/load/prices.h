/*
 * prices: a dated price table, kept as data (docs/money.md).
 *
 * A table is a CSV file with the header
 *   provider,region,meter,unit,price,currency,effective_from,effective_to,
 *   source,read_on,status
 * one row per provider, region, meter and effective period (pricing.md
 * §8). Prices are dated observations, never constants: pksim holds no
 * price in its code, and a bill names the table's date, the region and
 * the currency beside every figure. The shipped tables live in the data
 * folder pksim installs (prices/prices-DATE.csv, one per snapshot date).
 *
 * Dates are whole UTC days counted from 1970-01-01; an empty
 * effective_from or effective_to is open on that side.
 */
#ifndef PKSIM_PRICES_H
#define PKSIM_PRICES_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/base/diag.h"

/* An open effective_from / effective_to */
#define PK_PRICE_OPEN_FROM INT64_MIN
#define PK_PRICE_OPEN_TO INT64_MAX

/* Where a row's price was read (pricing.md's tags): a documented worked
   example, the vendor's own price page, a third party quoting it, or
   pksim's assumption where no source read prices the meter (its
   source says from what it is inferred); reports mark the last two, so
   a user knows to check them (prices_check_it). */
enum pk_price_status {
	PK_PRICE_DOC_EXAMPLE,
	PK_PRICE_OFFICIAL_PAGE,
	PK_PRICE_THIRD_PARTY,
	PK_PRICE_ASSUMED,
};

/* 1 when a row of status s is one to check: third-party or assumed. */
static inline int prices_check_it(enum pk_price_status s)
{
	return s == PK_PRICE_THIRD_PARTY || s == PK_PRICE_ASSUMED;
}

/* One row of a table. Strings owned by the table. */
struct pk_price_row {
	char *provider;	     /* "cosmos", "dynamodb" */
	char *region;	     /* as the table names it: "us-nongov" */
	char *meter;	     /* "provisioned_single_write", ... */
	char *unit;	     /* "100RU/s-hour", "1M-RU", "GB-month", ... */
	double price;	     /* in currency per unit, >= 0 */
	char *currency;	     /* ISO 4217 code ("USD"), or "GB" for an
				allowance row (storage_free) */
	int64_t from_day;    /* first day it applies, or PK_PRICE_OPEN_FROM */
	int64_t to_day;	     /* last day it applies (inclusive), or
				PK_PRICE_OPEN_TO */
	char *source;	     /* where it was read */
	int64_t read_on_day; /* the day it was read */
	enum pk_price_status status;
	int line;	  /* its line in the file */
	int currency_col; /* its currency field's column, for messages */
};

struct pk_price_table {
	char *file;		   /* owned; the path it was read from */
	int64_t date_day;	   /* the table's date: its latest read_on */
	struct pk_price_row *rows; /* owned; file order */
	size_t n_rows;
};

/*
 * Read the table at path. Returns a new table (free with prices_free), or
 * NULL with errors in d at FILE:LINE:COLUMN, exit-status category set
 * (a file that cannot be read: diag_file_error; bad content: input).
 * Refused: a header other than the layout above, a row with another
 * number of fields, an empty provider, region, meter or source, a unit
 * not one of 100RU/s-hour, 1M-RU, GB-month, WCU-hour, RCU-hour, 1M-WRU,
 * 1M-RRU, CU-hour, a Cosmos DB meter pksim bills with another unit than
 * its own,
 * a price that is not a number from 0 to prices_max(unit), a currency not three
 * capital letters (or GB), a date not YYYY-MM-DD, effective_to before
 * effective_from, a status not doc-example, official-page, third-party or
 * assumed, two rows of one provider, region and meter whose periods
 * overlap, and a table without rows.
 */
struct pk_price_table *prices_load(const char *path, struct pk_diag *d);

/*
 * The largest amount a bill holds, in its currency: one of its lines,
 * the run, an hour or a month (bill.h). The reports print money to the
 * cent and a double holds every whole number of cents below 2^53
 * (90,071,992,547,409.92), so a bill adding up to 9 amounts of at most
 * this is printed exactly. bill_build leaves a bill that would pass it
 * unpriced and says why; prices_max keeps a price from passing it in the
 * longest run.
 */
#define PK_MONEY_MAX 1e13

/*
 * The highest price a row or a scenario's override of a meter priced in
 * unit may have, in its currency per unit: PK_MONEY_MAX over the most of
 * the unit one line of a bill holds in the longest run the loader takes
 * (366 days: 8,785 clock hours with a start inside an hour), rounded down
 * to 1, 2 or 5 x a power of ten; -1 for a unit pksim does not price.
 * why (may be NULL) gets a static phrase naming that most, for messages.
 * The quantities (their derivation in prices.c): 100RU/s-hour
 * 87,850,000 (1,000,000 RU/s), 1M-RU 4.6e9 (PK_COST_MAX_RUN_RU),
 * GB-month 3.3e7 (2,500,000 GB), WCU-hour and RCU-hour 1.8e11 (a table
 * and 20 indexes at 1,000,000 units), 1M-WRU and 1M-RRU 2.1e8 (10^9
 * operations of 210,000 units), CU-hour 294,298 (50,000 RU/s).
 */
double prices_max(const char *unit, const char **why);

/* Free t; NULL is allowed. */
void prices_free(struct pk_price_table *t);

/* The row of provider, region and meter in effect on day, or NULL when
   none is (no fallback to another region or date). Borrowed from t. */
const struct pk_price_row *prices_find(const struct pk_price_table *t,
				       const char *provider, const char *region,
				       const char *meter, int64_t day);

/* 1 when t has some row of provider in region. */
int prices_has_region(const struct pk_price_table *t, const char *provider,
		      const char *region);

/* The regions of provider in t, "a, b, c", in file order, each once;
   owned by the caller. */
char *prices_regions(const struct pk_price_table *t, const char *provider);

/*
 * The shipped table: the newest prices-DATE.csv (by name) in the folder
 * PKSIM_PRICES_DIR names when set, else in the folder pksim installs its
 * price tables to. Returns the path (owned), or NULL with an error in d
 * (naming the folder, and --prices / pricing.table as the way out).
 */
char *prices_default_path(struct pk_diag *d);

/* "YYYY-MM-DD" of day (days since 1970-01-01) into buf (12 bytes at
   least: year 10000 takes five digits); the year in four digits at
   least (ISO 8601: 0001-01-01, not 1-01-01); returns buf. */
char *prices_day_text(int64_t day, char *buf, size_t size);

/* day of "YYYY-MM-DD" (exactly), 0; or -1 (nothing written). */
int prices_parse_day(const char *s, int64_t *day);

/* The status's word in a table: "doc-example", "official-page",
   "third-party", "assumed". */
const char *prices_status_name(enum pk_price_status s);

#endif
