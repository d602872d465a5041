/*
 * layout: how a report names a variant's physical partitions at t = 0 and
 * where they came from: a container the run creates, laid
 * out by its RU/s (rule 2: one partition per 6,000 manual RU/s; rule 3:
 * one per 10,000 of an autoscale max; rule 19: serverless starts with 1,
 * pksim's assumption), or an existing container (`partitions: N`) whose
 * RU/s apply to the partitions it has (rule 5: at most N x 10,000 at
 * once). The same 50,000 RU/s are 9 partitions of about 5,556 RU/s when
 * created and 5 of 10,000 on an existing 5-partition container.
 *
 * Those rules and the container spec's settings are Azure Cosmos DB's: a
 * variant of another service (pk_result_variant.cosmos 0) is described
 * by its result alone: the ranges it had at the start and their RU/s
 * then (created_ranges, created_ru_per_s), origin "created".
 */
#ifndef PKSIM_REPORT_LAYOUT_H
#define PKSIM_REPORT_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "pksim/result/result.h"

/* Room for layout_sentence's text (longer is cut). */
#define PK_LAYOUT_SENTENCE_BYTES 256
/* Room for layout_short's text. */
#define PK_LAYOUT_SHORT_BYTES 64

/* RU/s at t = 0 of v: manual RU/s, autoscale max, or serverless
   partitions x 5,000; another service's: its ranges' at t = 0
   (created_ru_per_s). */
int64_t layout_ru_per_s(const struct pk_result_variant *v);

/* Bytes v's existing layout stored at t = 0 (spec.existing_bytes_*;
   0 for a created container, and for another service's). */
uint64_t layout_stored_bytes(const struct pk_result_variant *v);

/* Where v's layout at t = 0 came from, as the JSON report's
   layout.origin says it: "existing" (an Azure Cosmos DB container of
   `partitions: N`) or "created" (a new container, or another service's
   own layout). A static string. */
const char *layout_origin(const struct pk_result_variant *v);

/*
 * What lays out a new manual container of cs at ru RU/s, as a citation
 * written to buf (cap bytes, cut to fit) and returned: "rule 2: one per
 * 6,000 RU/s" (the creation heuristic, D-SCALE); "one per 2,000 RU/s:
 * the scenario's initial_throughput_per_partition, not rule 2's 6,000"
 * when the scenario sets another; or, when the per-partition cap needs
 * more partitions than that, "rule 1: at most 10,000 RU/s a partition"
 * (or the scenario's physical_partition_throughput). The same choice as
 * the engine's container_created_ranges.
 */
const char *layout_manual_rule(const struct pk_container_spec *cs, int64_t ru,
			       char *buf, size_t cap);

/*
 * One sentence, no newline, written to buf (cap bytes, cut to fit) and
 * returned: "5 physical partitions, existing, 10,000 RU/s each (50,000
 * RU/s on the partitions it has: rules 5, 7)[, 100.0 GB stored at the
 * start]"
 * or "9 physical partitions, created at 50,000 RU/s (rule 2: one per
 * 6,000 RU/s), about 5,556 RU/s each" (autoscale and serverless alike);
 * another service's: "5 partitions, 1,400 each (capacity units a
 * second, read plus write; Amazon DynamoDB's partitions)", its
 * layout_note in the brackets; without a note "1 physical partition,
 * 400 RU/s each (the service's own layout, not Azure Cosmos DB's)".
 */
const char *layout_sentence(const struct pk_result_variant *v, char *buf,
			    size_t cap);

/*
 * What `preload:` stored at t = 0 in v, one sentence into buf (cap
 * bytes, cut to fit), returned: "preloaded: 29,360,128 items, 28.0 GiB,
 * in 1,024 logical partitions", or "... spread evenly over the key space
 * (...)", with the items refused when there were any. Call it only when
 * the scenario has a preload.
 */
const char *layout_preload(const struct pk_result_variant *v, char *buf,
			   size_t cap);

/*
 * 1 when every variant of r is an Azure Cosmos DB container, so the
 * headings its variants share (a table's column or row names) say RU
 * and 429; 0 when one is another service's (an Amazon DynamoDB table:
 * capacity units, throttled with HTTP 400), so they say units and
 * throttled.
 */
int layout_cosmos_words(const struct pk_result *r);

/*
 * A table cell, written to buf and returned: "5, existing", "9, created
 * at 50,000", "4, created, autoscale", "1, created serverless"; another
 * service's "1, at 400" (its ranges and RU/s at t = 0), Amazon
 * DynamoDB's "5, at 3,000 RCU and 4,000 WCU a second" (reads and
 * writes apart, ddb_sides_start; on demand RRU and WRU); beside another
 * service's variant (r's, layout_cosmos_words 0) a container's says
 * its unit too: "9, created at 50,000 RU/s".
 */
const char *layout_short(const struct pk_result *r,
			 const struct pk_result_variant *v, char *buf,
			 size_t cap);

#endif
