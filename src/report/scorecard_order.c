/*
 * scorecard_order: the order the ranking compares its figures in
 * (scorecard.h): compare's --rank-by list read, written back whole, and
 * the rule sentence the reports state for it.
 */
#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/report/scorecard.h"
#include "pksim/service/snapshot.h"

static const char *const keys[PK_RANK_FIGURES] = {
    "failed", "429", "cost", "ru", "range", "lp", "peak",
};

const char *scorecard_figure_key(int f)
{
	return f >= 0 && f < PK_RANK_FIGURES ? keys[f] : "-";
}

/* The figure whose key is s[0..len), or -1. */
static int key_of(const char *s, size_t len)
{
	int f;

	for (f = 0; f < PK_RANK_FIGURES; f++) {
		if (strlen(keys[f]) == len && strncmp(s, keys[f], len) == 0) {
			return f;
		}
	}
	return -1;
}

#define PK_RANK_KEYS_ALLOWED                                                   \
	"failed, 429, cost, ru, range, lp, peak, separated by commas, each "   \
	"at most once"

int scorecard_rank_by_parse(const char *list, int order[PK_RANK_FIGURES],
			    char *err, size_t cap)
{
	int used[PK_RANK_FIGURES] = {0}, n = 0, f;
	const char *p = list;

	while (list) {
		size_t len = strcspn(p, ",");

		f = key_of(p, len);
		if (f < 0 || used[f]) {
			snprintf(err, cap,
				 "--rank-by '%s': %s%.*s%s; allowed: %s", list,
				 len == 0 ? "an empty item"
				 : f < 0  ? "unknown figure '"
					  : "'",
				 (int)len, p,
				 len == 0 ? ""
				 : f < 0  ? "'"
					  : "' given twice",
				 PK_RANK_KEYS_ALLOWED);
			return -1;
		}
		used[f] = 1;
		order[n++] = f;
		if (p[len] == '\0') {
			break;
		}
		p += len + 1;
	}
	for (f = 0; f < PK_RANK_FIGURES; f++) {
		if (!used[f]) {
			order[n++] = f;
		}
	}
	return 0;
}

const char *scorecard_rank_by_text(const char *rank_by, char *buf)
{
	int order[PK_RANK_FIGURES], k;
	char err[8];
	size_t len = 0;

	if (scorecard_rank_by_parse(rank_by, order, err, sizeof(err))) {
		scorecard_rank_by_parse(NULL, order, err, sizeof(err));
	}
	buf[0] = '\0';
	for (k = 0; k < PK_RANK_FIGURES; k++) {
		len = fmt_append(buf, PK_RANK_BY_BYTES, len, "%s%s",
				 k ? "," : "", keys[order[k]]);
	}
	return buf;
}

/* Whether r's variants hold a provisioned and an on-demand table */
static int mixed_modes(const struct pk_result *r)
{
	int seen[2] = {0, 0};
	size_t i;

	for (i = 0; i < r->n_variants; i++) {
		const struct pk_snapshot_ddb *d = r->variants[i].ddb;

		if (d) {
			seen[d->on_demand != 0] = 1;
		}
	}
	return seen[0] && seen[1];
}

const char *scorecard_rule(const struct pk_result *r, char *buf)
{
	char list[PK_RANK_BY_BYTES], dflt[PK_RANK_BY_BYTES];
	int order[PK_RANK_FIGURES], k;
	size_t len;

	/* tables only: the rule in DynamoDB's words */
	int tables = !scenario_mixed_services(r->sc) && r->n_variants > 1 &&
		     scenario_variant_table(r->sc, &r->sc->variants[0]);
	const char *across = scenario_mixed_services(r->sc)
				 ? PK_SCORECARD_RULE_ACROSS
			     : tables ? PK_SCORECARD_RULE_TABLES
				      : "";
	const char *modes = mixed_modes(r) ? PK_SCORECARD_RULE_MODES : "";

	scorecard_rank_by_text(r->sc->rank_by, list);
	if (strcmp(list, scorecard_rank_by_text(NULL, dflt)) == 0) {
		snprintf(buf, PK_RANK_RULE_BYTES, "%s%s%s",
			 tables ? PK_SCORECARD_RULE_DDB : PK_SCORECARD_RULE,
			 across, modes);
		return buf;
	}
	scorecard_rank_by_parse(list, order, dflt, sizeof(dflt));
	len = fmt_append(buf, PK_RANK_RULE_BYTES, 0, "by --rank-by %s: ", list);
	for (k = 0; k < PK_RANK_FIGURES; k++) {
		len = fmt_append(buf, PK_RANK_RULE_BYTES, len, "%s%s",
				 k ? ", then " : "",
				 scorecard_figure_name(order[k]));
	}
	fmt_append(buf, PK_RANK_RULE_BYTES, len,
		   " (each within its tolerance, as `pksim compare --help` "
		   "gives; a variant without a price never wins or loses on "
		   "cost); variants within every tolerance share a rank "
		   "(=2), in name order%s%s",
		   across, modes);
	return buf;
}
