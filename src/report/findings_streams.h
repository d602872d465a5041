/*
 * findings_streams (internal to findings): findings about the streams of
 * a scenario with `streams:`.
 */
#ifndef PKSIM_FINDINGS_STREAMS_H
#define PKSIM_FINDINGS_STREAMS_H

#include "pksim/result/result.h"

/*
 * Rule 31: when v's totals hold 429/3212 answers, a sentence (owned by
 * the caller, free()) saying a throughput bucket capped the streams whose
 * client names a bucket (from r->sc) while the partitions had room, and
 * that more RU/s is not the cure; NULL when there were none.
 */
char *findings_bucket_capped(const struct pk_result *r,
			     const struct pk_result_variant *v);

/*
 * Two streams' phases that set the same phase action (throughput,
 * autoscale_max, redistribute, merge, throughput_policy) in the same
 * second of r's run: a sentence (owned by the caller, free()) naming the
 * first such pair, which one stands (the container applies actions in
 * time order, at the same millisecond in the file's stream order: the
 * later stream's stands) and how many more pairs there are; NULL when
 * there is none or r has one stream.
 */
char *findings_action_clash(const struct pk_result *r);

/*
 * Rule 30: when v's ranges answered 429s to Low requests they had room
 * for (held back to keep High's room), a sentence (owned by the caller,
 * free()) with how many, the streams whose Low requests got 429s and
 * pksim's assumption about High's demand; NULL when there were none.
 */
char *findings_held_low(const struct pk_result_variant *v);

#endif
