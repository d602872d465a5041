/*
 * cli_merge_check: the figures `pksim merge` reads or copies from a
 * compare's JSON report (cli_merge.c), checked before anything is
 * written.
 */
#ifndef PKSIM_CLI_MERGE_CHECK_H
#define PKSIM_CLI_MERGE_CHECK_H

#include <jansson.h>

/*
 * Check every field of report (file's, parsed by jansson) below
 * "scenario" and below each of "variants" against the report's table of
 * fields (load/report_fields.h, docs/report-json.md): each a field of
 * the table, of its JSON type (a NUMBER may be written as an integer, an
 * INTEGER never as a real); each figure finite and, unless signed (a
 * -1 default_ttl_s, a remedy's month_cost_change, a Monitor log's
 * epoch milliseconds), >= 0 when it has a unit (a count, bytes, RU,
 * seconds, money ...); and of each variant's totals, failed_after_retries
 * and succeeded (and the scorecard's failed_after_retries) at most
 * totals.operations, retries at most requests, as every run counts
 * them. jansson keeps no position of a parsed value, so a refusal names
 * the field by its JSON path: "pksim: FILE: error: variants[1].totals.
 * ru_consumed is ..." with what is allowed. Returns 0, or 2
 * (PK_EXIT_INPUT) with that message on stderr.
 */
int cli_merge_check_figures(const char *file, json_t *report);

#endif
