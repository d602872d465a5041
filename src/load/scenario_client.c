/*
 * scenario_client: the `client:` (retries), `cost:` (RU charges) and
 * `clock:` (simulated start time) mappings.
 */
#include "loader.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "pksim/base/isotime.h"

/* ------------------------------------------------------------------ */
/* Clock */

/*
 * "2026-01-01", "2026-01-01T08:30:00Z", "2026-01-01 08:30", with an
 * optional "+02:00"/"-0500" offset (no zone = UTC) -> Unix seconds
 * (isotime.h); a fraction of a second is dropped.
 */
static int clock_parse(const char *s, int64_t *out)
{
	int64_t ms;

	if (isotime_parse_ms(s, strlen(s), &ms)) {
		return -1;
	}
	*out = (ms - (ms < 0 ? 999 : 0)) / 1000;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Client, cost and clock */

void ld_load_client(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {"retries", NULL};
	static const char *const retry_keys[] = {
	    "max_retries",
	    "max_wait",
	    NULL,
	};
	struct pk_retry_spec *r = &ld->s->retry;
	const struct yn *n, *rn;

	ld_check_keys(ld, m, keys, "in client");
	rn = yn_get(m, "retries");
	if (!rn) {
		return;
	}
	if (rn->kind == YN_SCALAR) {
		if (strcmp(rn->text, "off") == 0 ||
		    strcmp(rn->text, "false") == 0) {
			r->enabled = 0;
			return;
		}
		if (strcmp(rn->text, "on") == 0 ||
		    strcmp(rn->text, "true") == 0) {
			return;
		}
	}
	if (rn->kind != YN_MAP) {
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, rn,
		       "retries must be a mapping {max_retries: N, "
		       "max_wait: DURATION}, or off (got %s)",
		       yn_desc(rn, buf, sizeof(buf)));
		return;
	}
	ld_check_keys(ld, rn, retry_keys, "in client.retries");
	if ((n = yn_get(rn, "max_retries"))) {
		int64_t v;

		if (ld_get_int(ld, n, "max_retries", 0, INT_MAX,
			       "a whole number >= 0 (default 9)", &v) == 0) {
			r->max_retries = (int)v;
		}
	}
	if ((n = yn_get(rn, "max_wait")) &&
	    ld_get_duration(ld, n, "max_wait", 0, &r->max_wait_ms) == 0 &&
	    r->max_wait_ms > PK_SCENARIO_MAX_WAIT_MS) {
		char buf[PK_YN_DESC_BYTES];

		/* the retry-wait histogram has one counter per ms of wait
		   (issue 11 fault 5) */
		ld_err(ld, n,
		       "max_wait must be at most 1h (got %s); the client's "
		       "total wait on 429s is a duration from 0s to 1h "
		       "(default 30s)",
		       yn_desc(n, buf, sizeof(buf)));
	}
}

void ld_load_cost(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {
	    "read_1kb",	       "read_100kb",	   "write_1kb",
	    "write_100kb",     "not_found",	   "query_base",
	    "query_per_range", "query_per_result", NULL,
	};
	struct pk_cost_spec *c = &ld->s->cost;
	double *fields[] = {
	    &c->read_1kb_ru,	    &c->read_100kb_ru,	     &c->write_1kb_ru,
	    &c->write_100kb_ru,	    &c->not_found_ru,	     &c->query_base_ru,
	    &c->query_per_range_ru, &c->query_per_result_ru,
	};
	size_t i;

	ld_check_keys(ld, m, keys, "in cost");
	for (i = 0; keys[i]; i++) {
		const struct yn *n = yn_get(m, keys[i]);
		/* a query may return nothing, so 0 RU per result is fine */
		int zero_ok = fields[i] == &c->query_per_result_ru;

		if (n) {
			ld_get_number(ld, n, keys[i], 0, !zero_ok,
				      PK_COST_MAX_RU, 0,
				      zero_ok ? "a number of RU from 0 to "
						"10,000 (at most 10,000 so "
						"a run's RU totals fit)"
					      : "a number of RU greater than "
						"0, at most 10,000 (so a "
						"run's RU totals fit)",
				      fields[i]);
		}
	}
}

void ld_load_clock(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {"start", NULL};
	const struct yn *n;

	ld_check_keys(ld, m, keys, "in clock");
	n = yn_get(m, "start");
	if (!n) {
		return;
	}
	if (n->kind != YN_SCALAR ||
	    clock_parse(n->text, &ld->s->clock_start_s) < 0) {
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, n,
		       "clock start must be an ISO 8601 time such as "
		       "2026-01-01T00:00:00Z (no zone = UTC) or a date "
		       "2026-01-01 (got %s)",
		       yn_desc(n, buf, sizeof(buf)));
	}
}
