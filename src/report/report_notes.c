/*
 * report_notes: the container notes of rules 33 and 34, one sentence
 * each (report_notes.h).
 */
#include "report_notes.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/load/scenario_client.h"

/* 1 when some stream's client, or a phase whose client is not in bulk
   mode, names throughput bucket k */
static int bucket_named(const struct pk_scenario *sc, int k)
{
	size_t i;

	for (i = 0; i < sc->n_streams; i++) {
		if (sc->streams[i].client.throughput_bucket == k) {
			return 1;
		}
	}
	for (i = 0; i < sc->n_phases; i++) {
		if (sc->phases[i].req_bucket == k &&
		    !scenario_stream_of_phase(sc, i)->client.bulk) {
			return 1;
		}
	}
	return 0;
}

/* Rule 33: a hierarchical key ending in /id, into *n */
static void unique_level(const struct pk_container_spec *cs,
			 struct pk_report_note *out, size_t *n)
{
	char c[40];

	if (cs->key.kind != PK_KEY_HIERARCHICAL ||
	    strcmp(cs->key.paths[cs->key.n_paths - 1], PK_KEY_UNIQUE_PATH) !=
		0) {
		return;
	}
	out[*n].rule = 33;
	snprintf(out[*n].text, sizeof(out[*n].text),
		 "unique last level: %s ends the key%s, so each full key "
		 "holds one item and any prefix may pass %s; a transactional "
		 "batch holds one item (rule 33)",
		 PK_KEY_UNIQUE_PATH,
		 cs->key.n_paths > PK_KEY_GROUPING_LEVELS
		     ? " as a fourth level, which only it may be"
		     : "",
		 fmt_bytes(cs->lp_storage_bytes, c));
	(*n)++;
}

size_t report_notes(const struct pk_scenario *sc,
		    const struct pk_container_spec *cs,
		    struct pk_report_note *out)
{
	size_t n = 0;
	int k;

	if (!cs) {
		return 0;
	}
	unique_level(cs, out, &n);
	for (k = 1; k <= PK_THROUGHPUT_BUCKETS; k++) {
		if (cs->bucket_pct[k] > 0 && k == cs->default_bucket) {
			out[n].rule = 34;
			snprintf(out[n].text, sizeof(out[n].text),
				 "throughput bucket %d: at most %d%% of each "
				 "partition's RU/s a second (429/3212 past "
				 "it); the default: requests naming no bucket "
				 "count against it (rule 34)",
				 k, cs->bucket_pct[k]);
			n++;
		} else if (cs->bucket_pct[k] == 0 && bucket_named(sc, k)) {
			out[n].rule = 34;
			snprintf(out[n].text, sizeof(out[n].text),
				 "throughput bucket %d: not configured on this "
				 "container: requests naming it use the "
				 "container's throughput uncapped (rule 34)",
				 k);
			n++;
		}
	}
	return n;
}
