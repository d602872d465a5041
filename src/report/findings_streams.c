/*
 * findings_streams (internal to findings): findings about the streams of
 * a scenario with `streams:` (issue 14): their clients' buckets.
 */
#include "findings_streams.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/load/scenario.h"

/* Rule 31: 429/3212 answers are a throughput bucket's cap, not the
   partition's RU/s (the partition had room past the bucket's share), so
   more RU/s is not the advice: name the capped streams and their bucket. */
char *findings_bucket_capped(const struct pk_result *r,
			     const struct pk_result_variant *v)
{
	const struct pk_totals *t = &v->metrics->totals;
	char a[32], b[32], who[512] = "";
	size_t i;

	if (t->throttled_3212 == 0) {
		return NULL;
	}
	for (i = 0; r->sc && i < r->sc->n_streams; i++) {
		const struct pk_stream_spec *st = &r->sc->streams[i];
		int k = st->client.throughput_bucket;

		if (k > 0 && k <= PK_THROUGHPUT_BUCKETS &&
		    strlen(who) + strlen(st->name) + 64 < sizeof(who)) {
			snprintf(who + strlen(who), sizeof(who) - strlen(who),
				 "%sstream %s in bucket %d (%d%% of each "
				 "partition's RU/s)",
				 who[0] ? ", " : "", st->name, k,
				 v->spec->bucket_pct[k]);
		}
	}
	return xasprintf("%s of the %s 429s were 429/3212: a throughput "
			 "bucket capped %s (rule 31) while the partitions "
			 "had room (peak normalized RU %.0f%%); more RU/s "
			 "raises the cap only in proportion: raise the "
			 "bucket's max_percent or move the stream out of it",
			 fmt_thousands(t->throttled_3212, a),
			 fmt_thousands(t->throttled_429, b),
			 who[0] ? who : "its requests",
			 100.0 * v->peak_normalized);
}
