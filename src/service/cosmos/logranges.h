/*
 * logranges: the layout a replayed Azure Monitor log records for an
 * existing container.
 *
 * The log's PartitionKeyRangeId column records which range served each
 * row (Azure Monitor table reference, CDBPartitionKeyRUConsumption). An
 * existing container's range boundaries are not documented (reference §7,
 * UNCONFIRMED), and pksim's own layout divides the key space evenly
 * (pmap.h, an ASSUMPTION), which can put two keys the log records on two
 * ranges onto one and show load there the log does not show. A range is
 * one interval of EPKs (rule 24), so the log's ranges, with each key at
 * its EPK, fix where a layout of as many ranges must cut between them;
 * this module finds those cuts, or says why no layout holds the keys as
 * recorded.
 */
#ifndef PKSIM_LOGRANGES_H
#define PKSIM_LOGRANGES_H

#include "pksim/base/diag.h"
#include "pksim/load/monitor.h"
#include "pksim/load/scenario_workload.h"
#include "pksim/service/cosmos/pkey.h"
#include "pmap.h"

/*
 * What replayed log f (its rows the items of w in order, keyed by k)
 * says of an existing container whose even layout, pksim's own of as
 * many ranges as the container has, is even; the log's keys are walked
 * once. Rows with a blank PartitionKeyRangeId (monitor.h) say nothing of
 * where their keys live and are left out; the other rows decide. kv is
 * scratch for one key.
 *
 * When the log names as many ranges as even has, 2 or more: the cuts of
 * a layout that keeps every key value on the range the log records for
 * it. Between the last key of one recorded range and the first of the
 * next (in EPK order) the cut is even's when it falls there, else the
 * two keys' EPK midpoint (V2; a V1 key's own EPK), so a log the even
 * layout already agrees with keeps it. Returns 0 with *cuts (owned,
 * even->n - 1 EPKs in order) and *note (owned, NULL when even already
 * agrees): a sentence for the findings naming two keys even puts on one
 * range and, when the log's range ids in EPK order are not 0, 1, ...,
 * which id each range here has in the log. Returns -1 with an error in
 * d, at the row of the data file (f->resolved) that shows it, when no
 * layout holds the keys as recorded: one key value on two recorded
 * ranges (a split during the log moved it), or a recorded range whose
 * keys are not one interval of EPKs (another key, recorded on another
 * range, lies between two of them).
 *
 * When it names another count (a log that saw a split names the
 * parent's id and its children's; a short or filtered one may name
 * fewer) the replay keeps even, and *note (owned) is the sentence for
 * the findings when even disagrees with the log: two keys recorded on
 * two ranges that even puts on one, two recorded on one range that even
 * puts on two, or one key recorded on two ranges (a split during the
 * log). Returns 0 with *cuts NULL and *note NULL when even agrees, when
 * the log names 1 range and even has 1, or when no row records a range.
 * *contradicts is 1 when *note is that sentence (the replay's layout,
 * even, is not the log's: reports say so beside a variant's rank), else
 * 0.
 */
int logranges_read(const struct pk_pkey *k, const struct pk_workload *w,
		   const struct pk_items_file *f, const struct pk_pmap *even,
		   struct pk_keyval *kv, struct pk_epk **cuts, char **note,
		   int *contradicts, struct pk_diag *d);

#endif
