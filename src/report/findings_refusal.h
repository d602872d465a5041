/*
 * findings_refusal (internal to findings): whether pksim's own heat
 * split rule (D7, src/service/dynamodb/ddb_hsplit.c) will refuse to
 * split a hot partition that the run ended before it judged, read from
 * the run's first hot seconds, so that a short run does not promise a
 * split a longer one refuses.
 */
#ifndef PKSIM_FINDINGS_REFUSAL_H
#define PKSIM_FINDINGS_REFUSAL_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/result/result.h"

/* Table v (of r, whose scenario gives the table's heat_pct) splits for
   heat, and its partition id was neither split nor refused in the run:
   whether ddb_hsplit.c's rule refuses it once judged. The rule refuses
   when one unit no cut divides carries more than half the weight the
   partition observed and alone asked at least heat_pct % of a
   partition's cap (D3) a second; the units read here are a key value
   of a table without a sort key (one item) or with a local secondary
   index (D18 keeps its collection whole), the hottest of a side
   (pk_ddb_hot_key), judged in its busiest second on partition id
   (pk_sample: the partition's first-attempt units then, ASSUMPTION: a
   steady load's second stands for the window; a read-hot value's
   partition's units counted as writes, 3 x, so a refusal is said only
   when it holds whatever their side). Into buf (n bytes): why, the
   value, its units and the partition's, and hot_item_isolation (D11)
   for one item; returns 1, else 0 (nothing written: per-second rows
   not kept, heat splits off, hot-item isolation on, or no such
   value). */
int findings_ddb_refusal_ahead(const struct pk_result *r,
			       const struct pk_result_variant *v, uint32_t id,
			       char *buf, size_t n);

#endif
