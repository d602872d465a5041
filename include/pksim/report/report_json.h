/*
 * report_json: the whole run as one JSON object (built with jansson). The
 * schema is documented in docs/report-json.md. Keys keep a fixed order;
 * fractions are 0..1; RU are numbers of RU (not mRU); bytes are integers.
 */
#ifndef PKSIM_REPORT_JSON_H
#define PKSIM_REPORT_JSON_H

#include <stdio.h>

#include "pksim/report/scorecard.h"
#include "pksim/result/result.h"

/* Write the JSON report of result r to out, ending in a newline; with
   scorecards (compare), each variant gets a "scorecard" object
   (scorecard.h). Returns 0, or -1 on a write error. */
int report_json(const struct pk_result *r, int scorecards, FILE *out);

#endif
