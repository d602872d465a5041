/*
 * findings_alive (internal to findings): which ranges shared the seconds
 * a hot range was hot, so that rule 32's "another range under 70 %" is
 * judged against ranges that served beside it, never one that split or
 * merged away before it grew hot.
 */
#ifndef PKSIM_FINDINGS_ALIVE_H
#define PKSIM_FINDINGS_ALIVE_H

#include <stdint.h>

#include "pksim/result/result.h"

/* Seconds from t = 0, [from_s, to_s) */
struct alive_window {
	int64_t from_s, to_s;
};

/*
 * The seconds range `hot` of v was hot: from the first to the end of the
 * last of its per-second records (without per-second detail, its
 * buckets of metrics_record_s seconds, whole) whose normalized RU
 * consumption (metrics_normalized_pct_nearest; a bucket's highest
 * second) is at least pct; its whole life when no record is (a result
 * built without them).
 */
struct alive_window alive_hot_window(const struct pk_result_variant *v,
				     const struct pk_result_lineage *hot,
				     int pct);

/* 1 if range l of v lived at some second of w: from its making (0 at
   creation, a split's or a merge's second) to its split or merge away,
   or the run's end */
int alive_during(const struct pk_result_variant *v,
		 const struct pk_result_lineage *l, struct alive_window w);

/*
 * The busy range of v with the lowest p99 (the first of equals) among
 * those alive in the seconds `hot` was hot (alive_hot_window at pct),
 * hot itself included: rule 32 sets the hot range against another that
 * served beside it, not one that split or merged away before it grew
 * hot (a light start's parents would pass for its cold neighbours).
 */
const struct pk_result_lineage *
alive_coldest(const struct pk_result_variant *v,
	      const struct pk_result_lineage *hot, int pct);

#endif
