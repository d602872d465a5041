/*
 * report_text_int: what the terminal report's files share (report_text.c,
 * report_text_time.c, report_compare.c). Internal to src/report.
 */
#ifndef PKSIM_REPORT_TEXT_INT_H
#define PKSIM_REPORT_TEXT_INT_H

#include <stdint.h>
#include <stdio.h>

#include "pksim/result/result.h"

/* EPKs in tables are shown abbreviated to this many hex digits */
#define PK_TEXT_EPK_DIGITS 8

/* RU from mRU with thousands separators and one decimal when not whole
   (rounded to a tenth: 5,999.95 RU -> 6,000) into buf (>= 40 bytes);
   returns buf. */
const char *text_ru(int64_t mru, char *buf);

/* An EPK for a table: its first PK_TEXT_EPK_DIGITS hex digits and "..",
   or quoted when shorter ("" and "FF"), into buf (>= 16 bytes). */
const char *text_epk_short(struct pk_epk e, char *buf);

/* Cut text to at most max bytes for a table column, on a UTF-8 character
   boundary, marking the cut with "..". */
void fit_column(char *text, size_t max);

struct pk_scorecard;

/* The compare scorecard's rows (report_compare.c): how many, each row's
   label, and card s's value in row r as text into buf (cap bytes). */
size_t compare_rows(void);
const char *compare_row_name(size_t r);
const char *compare_cell(const struct pk_result *run,
			 const struct pk_scorecard *s, size_t r, char *buf,
			 size_t cap);

/* The sections, each starting with a blank line and its title. */
void text_events(const struct pk_result_variant *v, FILE *out);
void text_billing(const struct pk_result_variant *v, FILE *out);
void text_timeline(const struct pk_result_variant *v, FILE *out);

#endif
