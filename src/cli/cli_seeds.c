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

int cli_compare_seeds(const struct pk_scenario *sc, uint64_t base, size_t n,
		      int markdown, int colour, size_t width, int remedies,
		      unsigned jobs, char **buf, size_t *len,
		      struct pk_diag *diag)
{
	struct pk_run **runs = xcalloc(n, sizeof(*runs));
	struct pk_result **res = xcalloc(n, sizeof(*res));
	struct pk_scorecard **cards = xcalloc(n, sizeof(*cards));
	struct pk_scorecard *merged = NULL;
	size_t k, done = 0;
	int rc = 1;
	FILE *mem;

	for (k = 0; k < n; k++) {
		runs[k] = sim_run_detail(sc, base + k, 0, diag);
		if (!runs[k]) {
			goto out;
		}
		done++;
		res[k] = result_build(runs[k]);
		cards[k] = scorecard_all(res[k]);
	}
	merged =
	    scorecard_merge_seeds(cards, n, res[0]->n_variants, sc->rank_by);
	if (remedies) {
		remedies_build(res[0], jobs);
	}
	rc = -1;
	mem = xmemstream(buf, len);
	if (mem) {
		rc = markdown ? report_markdown_cards(res[0], merged, 1, mem)
			      : report_text_compare_cards(res[0], merged,
							  colour, width, mem);
		if (fclose(mem)) {
			rc = -1;
		}
	}
out:
	free(merged);
	for (k = 0; k < done; k++) {
		free(cards[k]);
		result_free(res[k]);
		sim_free(runs[k]);
	}
	free(cards);
	free(res);
	free(runs);
	return rc;
}
