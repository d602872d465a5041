/*
 * findings_streams (internal to findings): findings about the streams of
 * a scenario with `streams:`: their clients' buckets.
 */
#include "findings_streams.h"

#include <stdio.h>
#include <stdlib.h>
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
			 "had room (peak normalized RU %.0f%%); the cap is "
			 "that share of each partition's RU/s",
			 fmt_thousands(t->throttled_3212, a),
			 fmt_thousands(t->throttled_429, b),
			 who[0] ? who : "its requests",
			 100.0 * v->peak_normalized);
}

/* The phase actions (scenarios/README.md, streams): throughput,
   autoscale_max, redistribute, merge, throughput_policy */
#define PK_ACTION_KINDS 5

/* Action k (0 .. PK_ACTION_KINDS - 1) of phase ph: its key, with ph's
   value of it in buf (n bytes; "" when it has none to show), or NULL
   when ph does not set it. */
static const char *action_of(const struct pk_phase_spec *ph, int k, char *buf,
			     size_t n)
{
	char a[32];

	buf[0] = '\0';
	switch (k) {
	case 0:
		if (ph->throughput_ru_per_s <= 0) {
			return NULL;
		}
		snprintf(buf, n, "%s RU/s",
			 fmt_thousands(ph->throughput_ru_per_s, a));
		return "throughput";
	case 1:
		if (ph->autoscale_max_ru_per_s <= 0) {
			return NULL;
		}
		snprintf(buf, n, "%s RU/s",
			 fmt_thousands(ph->autoscale_max_ru_per_s, a));
		return "autoscale_max";
	case 2:
		return ph->n_redistribute > 0 ? "redistribute" : NULL;
	case 3:
		if (ph->merge_to <= 0) {
			return NULL;
		}
		snprintf(buf, n, "%lld ranges", (long long)ph->merge_to);
		return "merge";
	default:
		return ph->policy_equal ? "throughput_policy" : NULL;
	}
}

/* The stream of phase i of sc (index into sc->streams) */
static size_t stream_of(const struct pk_scenario *sc, size_t i)
{
	size_t k;

	for (k = 0; k < sc->n_streams; k++) {
		const struct pk_stream_spec *st = &sc->streams[k];

		if (i >= st->phase_first &&
		    i < st->phase_first + st->n_phases) {
			return k;
		}
	}
	return 0;
}

/* " (v)" into out (n bytes), or "" when v is empty */
static void value_of(char *out, size_t n, const char *v)
{
	snprintf(out, n, v[0] ? " (%s)" : "%s", v);
}

/* The sentence for phase actions ka of phase i and kb of phase j (of
   other streams, in the same second s), j applied last. */
static char *clash_text(const struct pk_scenario *sc, size_t i, int ka,
			size_t j, int kb, long long s, size_t last)
{
	const struct pk_phase_spec *a = &sc->phases[i], *b = &sc->phases[j];
	char va[48], vb[48], pa[64], pb[64];
	const char *key = action_of(a, ka, va, sizeof(va));
	const char *keyb = action_of(b, kb, vb, sizeof(vb));
	const char *sa = sc->streams[stream_of(sc, i)].name;
	const char *sb = sc->streams[stream_of(sc, j)].name;

	value_of(pa, sizeof(pa), va);
	value_of(pb, sizeof(pb), vb);
	if (ka == kb) {
		return xasprintf(
		    "two phase actions set %s in second %lld: stream %s's "
		    "phase %s%s and stream %s's phase %s%s; the container "
		    "applies them in time order, at the same millisecond in "
		    "the file's stream order, so stream %s's stands "
		    "(scenarios/README.md, streams)",
		    key, s, sa, a->name, pa, sb, b->name, pb,
		    sc->streams[stream_of(sc, last)].name);
	}
	return xasprintf(
	    "two phase actions in second %lld: stream %s's phase %s sets "
	    "%s%s and stream %s's phase %s sets %s%s; the container applies "
	    "them in time order, at the same millisecond in the file's "
	    "stream order (stream %s's last), and what the container ends "
	    "with can depend on that order: put them in different seconds "
	    "if it matters (scenarios/README.md, streams)",
	    s, sa, a->name, key, pa, sb, b->name, keyb, pb,
	    sc->streams[stream_of(sc, last)].name);
}

char *findings_action_clash(const struct pk_result *r)
{
	const struct pk_scenario *sc = r->sc;
	char v[48];
	char *first = NULL;
	size_t i, j, more = 0;
	int ka, kb;

	if (!sc || sc->n_streams < 2 || !r->phase_start_ms) {
		return NULL;
	}
	for (i = 0; i < sc->n_phases; i++) {
		for (j = i + 1; j < sc->n_phases; j++) {
			int64_t s = r->phase_start_ms[i] / 1000;
			/* applied later: the one that stands */
			size_t last =
			    r->phase_start_ms[j] >= r->phase_start_ms[i] ? j
									 : i;

			if (s != r->phase_start_ms[j] / 1000 ||
			    stream_of(sc, i) == stream_of(sc, j)) {
				continue;
			}
			for (ka = 0; ka < PK_ACTION_KINDS; ka++) {
				for (kb = 0; kb < PK_ACTION_KINDS; kb++) {
					if (!action_of(&sc->phases[i], ka, v,
						       sizeof(v)) ||
					    !action_of(&sc->phases[j], kb, v,
						       sizeof(v))) {
						continue;
					}
					if (first) {
						more++;
						continue;
					}
					first = clash_text(sc, i, ka, j, kb,
							   (long long)s, last);
				}
			}
		}
	}
	if (first && more > 0) {
		char *all = xasprintf("%s; %zu more such pair%s", first, more,
				      more == 1 ? "" : "s");

		free(first);
		return all;
	}
	return first;
}

/* Rule 30: the 429s to Low requests the ranges had room for (held back
   to keep High's room, pk_result_range.throttled_held), said on their
   own, with the streams whose Low requests got 429s and pksim's
   assumption about High's demand (scenarios/README.md, priority). */
char *findings_held_low(const struct pk_result_variant *v)
{
	char a[32], who[512] = "";
	uint64_t held = 0;
	size_t i;

	for (i = 0; i < v->n_ranges; i++) {
		held += v->ranges[i].throttled_held;
	}
	if (held == 0) {
		return NULL;
	}
	for (i = 0; i < v->n_streams; i++) {
		const struct pk_result_stream *st = &v->streams[i];

		if (st->all.throttled_low_429 > 0 &&
		    strlen(who) + strlen(st->name) + 16 < sizeof(who)) {
			snprintf(who + strlen(who), sizeof(who) - strlen(who),
				 "%s%s", who[0] ? ", " : "", st->name);
		}
	}
	return xasprintf("%s 429s went to Low-priority requests%s%s the "
			 "partitions had room for: held back to keep room "
			 "for High-priority demand (rule 30), not a lack of "
			 "RU/s; pksim ASSUMES High's demand in a second is "
			 "what High asked for in the second before "
			 "(scenarios/README.md, priority)",
			 fmt_thousands(held, a), who[0] ? " of stream " : "",
			 who);
}
