/*
 * cli_seeds: `pksim compare --seeds N` (see cli_seeds.h).
 */
#include "cli_seeds.h"

#include <stdio.h>
#include <stdlib.h>

#include "pksim/base/mem.h"
#include "pksim/base/memstream.h"
#include "pksim/report/report_md.h"
#include "pksim/report/report_text.h"
#include "pksim/report/scorecard.h"
#include "pksim/result/remedy.h"
#include "pksim/result/result.h"
#include "pksim/run/sim.h"

/*
 * The scorecards of seed base + k into cards[k], one run alive at a
 * time: every seed but base is freed once its scorecard is taken, and
 * base goes last and is kept in *run0 / *res0 (the verdicts, heat
 * strips and remedies are of its run). Returns 0; 1 when a run failed.
 */
static int seeds_cards(const struct pk_scenario *sc, uint64_t base, size_t n,
		       struct pk_scorecard **cards, struct pk_run **run0,
		       struct pk_result **res0, struct pk_diag *diag)
{
	size_t j;

	for (j = 1; j <= n; j++) {
		size_t k = j % n;
		struct pk_run *run = sim_run_detail(sc, base + k, 0, diag);
		struct pk_result *res;

		if (!run) {
			return 1;
		}
		res = result_build(run);
		cards[k] = scorecard_all(res);
		if (k == 0) {
			*run0 = run;
			*res0 = res;
		} else {
			result_free(res);
			sim_free(run);
		}
	}
	return 0;
}

int cli_compare_seeds(const struct pk_scenario *sc, uint64_t base, size_t n,
		      int markdown, int colour, size_t width, int remedies,
		      unsigned jobs, char **buf, size_t *len,
		      struct pk_diag *diag)
{
	struct pk_scorecard **cards = xcalloc(n, sizeof(*cards));
	struct pk_scorecard *merged = NULL;
	struct pk_run *run0 = NULL;
	struct pk_result *res0 = NULL;
	size_t k;
	int rc = 1;
	FILE *mem;

	if (seeds_cards(sc, base, n, cards, &run0, &res0, diag)) {
		goto out;
	}
	merged = scorecard_merge_seeds(cards, n, res0->n_variants, sc->rank_by);
	if (remedies) {
		remedies_build(res0, jobs);
	}
	rc = -1;
	mem = xmemstream(buf, len);
	if (mem) {
		rc = markdown ? report_markdown_cards(res0, merged, 1, mem)
			      : report_text_compare_cards(res0, merged, colour,
							  width, mem);
		if (fclose(mem)) {
			rc = -1;
		}
	}
out:
	free(merged);
	for (k = 0; k < n; k++) {
		free(cards[k]);
	}
	result_free(res0);
	sim_free(run0);
	free(cards);
	return rc;
}
