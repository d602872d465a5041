/*
 * result_int: what the result stage's files share (src/result/), never
 * included above it. Each builder fills a part of one variant's model.
 */
#ifndef PKSIM_RESULT_INT_H
#define PKSIM_RESULT_INT_H

#include "pksim/result/result.h"
#include "pksim/service/snapshot.h"

/* Seconds an hour: autoscale bills per hour started (D-AUTO) */
#define PK_RESULT_S_PER_HOUR 3600

/* The heat map of v (v->heat) from snapshot s's series, events and
   range ids; v's ranges, lineage and end_s set (src/result/heat.c). */
void result_heat_build(const struct pk_snapshot *s,
		       struct pk_result_variant *v);

/* The days-to-full figures of v (v->fill, see struct pk_result_fill)
   from snapshot s's logical partitions and sc's arrival
   (src/result/fill.c). */
void result_fill_build(const struct pk_snapshot *s,
		       const struct pk_scenario *sc,
		       struct pk_result_variant *v);

/* Logical partition lp as the reports show it (src/result/result.c). */
void result_copy_lp(const struct pk_snapshot_lp *lp, struct pk_result_lp *out);

/* v's figures per stream (v->streams) from the run's variant pv, when
   sc has more than one stream (src/result/streams.c). */
struct pk_variant;
void result_streams_build(const struct pk_scenario *sc,
			  const struct pk_variant *pv,
			  struct pk_result_variant *v);

/* v's closed-loop figures (last_answer_ms, answered,
   achieved_ops_per_s) from the workers of each stream of the run's
   variant pv, and each stream's own in v->streams when it has them
   (src/result/streams.c; after result_streams_build). */
void result_achieved_build(const struct pk_scenario *sc,
			   const struct pk_variant *pv,
			   struct pk_result_variant *v);

#endif
