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
#include "pksim/base/units.h"

/* ------------------------------------------------------------------ */
/* Clock */

/*
 * "2026-01-01", "2026-01-01T08:30:00Z", "2026-01-01 08:30", with an
 * optional "+02:00"/"-0500" offset (no zone = UTC) -> Unix seconds
 * (isotime.h); a fraction of a second is dropped.
 */
/* clock.start s into *out, seconds; 0, -1 not a time, or -2 a time
   with a fraction of a second (*out untouched) */
static int clock_parse(const char *s, int64_t *out)
{
	int64_t ms;

	if (isotime_parse_ms(s, strlen(s), &ms)) {
		return -1;
	}
	if (ms % 1000 != 0) {
		return -2;
	}
	*out = ms / 1000;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Client, cost and clock */

/* The retry policies, by name (pk_retry_policy order). */
static const char *const retry_policies[] = {"sdk", "exponential", "none",
					     NULL};

/* A duration that may be shorter than a second at n into *out, from
   min_ms (0 or 1) to 1 h: a backoff delay (base, cap; from 1ms) or the
   client's max_wait (from 0s). */
static int get_ms(struct ld *ld, const struct yn *n, const char *key,
		  int64_t min_ms, int64_t *out)
{
	const char *what =
	    min_ms > 0 ? "a duration from 1ms to 1h, such as 100ms, 1.5s or "
			 "2m (a bare number is seconds)"
		       : "a duration from 0s to 1h, such as 500ms, 1.5s or "
			 "2m (a bare number is seconds)";
	char buf[PK_YN_DESC_BYTES];
	const char *unit = "";
	int64_t v;

	if (ld_need_kind(ld, n, YN_SCALAR, key, what) < 0) {
		return -1;
	}
	yn_desc(n, buf, sizeof(buf));
	switch (units_read_duration_ms(n->text, &v, &unit)) {
	case PK_UNITS_OK:
		if (v >= min_ms && v <= PK_SCENARIO_MAX_WAIT_MS) {
			*out = v;
			return 0;
		}
		break;
	case PK_UNITS_UNIT:
		ld_err(ld, n,
		       "unknown duration unit '%.*s' in %s; allowed: ms, s, "
		       "m, h, d",
		       PK_SCENARIO_QUOTE_BYTES, unit, buf);
		return -1;
	case PK_UNITS_FRACTION:
		ld_err(ld, n,
		       "%s must be a whole number of milliseconds (got %s)",
		       key, buf);
		return -1;
	default:
		break;
	}
	ld_err(ld, n, "%s must be %s (got %s)", key, what, buf);
	return -1;
}

/* The keys of policy exponential (base, cap, jitter) into r; each is an
   error under another policy. */
static void load_backoff(struct ld *ld, const struct yn *rn,
			 struct pk_retry_spec *r)
{
	static const char *const keys[] = {"base", "cap", "jitter", NULL};
	const struct yn *n, *cn = yn_get(rn, "cap");
	size_t i;

	if (r->policy != PK_RETRY_EXPONENTIAL) {
		for (i = 0; keys[i]; i++) {
			if ((n = yn_get(rn, keys[i]))) {
				ld_err(ld, n,
				       "%s only applies to policy "
				       "exponential (got policy %s)",
				       keys[i], retry_policies[r->policy]);
			}
		}
		return;
	}
	if ((n = yn_get(rn, "base"))) {
		get_ms(ld, n, "base", 1, &r->base_ms);
	}
	if (cn && get_ms(ld, cn, "cap", 1, &r->cap_ms) == 0 &&
	    r->cap_ms < r->base_ms) {
		ld_err(ld, cn,
		       "cap must be at least base (got cap %lld ms, base "
		       "%lld ms); the backoff doubles from base up to cap",
		       (long long)r->cap_ms, (long long)r->base_ms);
	} else if (!cn && r->cap_ms < r->base_ms) {
		/* a base above the default cap: the cap follows it */
		r->cap_ms = r->base_ms;
	}
	if ((n = yn_get(rn, "jitter"))) {
		ld_get_number(ld, n, "jitter", 0, 0, 1, 0,
			      "a fraction from 0 (no jitter) to 1 (full "
			      "jitter, the default)",
			      &r->jitter);
	}
}

/* client.concurrency and client.latency (closed-loop workers, client.h);
   latency is an error without concurrency. */
static void load_workers(struct ld *ld, const struct yn *m,
			 struct pk_client_spec *c)
{
	const struct yn *n, *ln = yn_get(m, "latency");
	int64_t v;

	if ((n = yn_get(m, "concurrency")) &&
	    ld_get_int(ld, n, "concurrency", 1, PK_MAX_CONCURRENCY,
		       "a whole number of workers from 1 to 100000 (each "
		       "sends its next operation once the previous one is "
		       "answered)",
		       &v) == 0) {
		c->concurrency = (int)v;
	}
	if (!ln) {
		return;
	}
	if (!n) {
		ld_err(ld, ln,
		       "latency only applies with concurrency (closed-loop "
		       "workers); add concurrency: N or remove latency");
		return;
	}
	if (get_ms(ld, ln, "latency", 1, &v) == 0) {
		c->latency_ms = v;
	}
}

int ld_cosmos_class_only(struct ld *ld, const struct yn *m)
{
	const struct yn *p = yn_get(m, "priority");
	const struct yn *b = yn_get(m, "throughput_bucket");

	if (ld->s->service != PK_SERVICE_DYNAMODB) {
		return 0;
	}
	if (p) {
		ld_err(ld, p,
		       "priority is Azure Cosmos DB's priority-based "
		       "execution (rule 30); service: dynamodb has no request "
		       "priority (a table throttles every request alike): "
		       "remove it");
	}
	if (b) {
		ld_err(ld, b,
		       "throughput_bucket is Azure Cosmos DB's throughput "
		       "buckets (rule 31); service: dynamodb has none: remove "
		       "it");
	}
	return p || b;
}

/* The request class: client.priority (rule 30) and
   client.throughput_bucket (rule 31), an id some variant of the
   container declares (throughput_buckets). */
static void load_class(struct ld *ld, const struct yn *m,
		       struct pk_client_spec *c)
{
	static const char *const prios[] = {"high", "low", NULL};
	const struct yn *n;
	int64_t v;

	if (ld_cosmos_class_only(ld, m)) {
		return;
	}
	if ((n = yn_get(m, "priority"))) {
		if (n->kind == YN_SCALAR && ld_word_in(n->text, prios)) {
			c->priority_low = strcmp(n->text, "low") == 0;
			c->priority_set = 1;
		} else if (n->kind == YN_SCALAR) {
			ld_err_unknown(ld, n, "priority", n->text, "in client",
				       prios);
		} else {
			ld_need_kind(ld, n, YN_SCALAR, "priority",
				     "high (the default) or low");
		}
	}
	/* rule 34: an id 1 .. 5 the container does not configure (a
	   deleted bucket) is no error: its requests use the container's
	   throughput uncapped, as the report says */
	n = yn_get(m, "throughput_bucket");
	if (n &&
	    ld_get_int(ld, n, "throughput_bucket", 1, PK_THROUGHPUT_BUCKETS,
		       "a bucket id from 1 to 5", &v) == 0) {
		c->throughput_bucket = (int)v;
	}
}

/* A bucket's `default` switch n (NULL: not written) for bucket id: at
   most one bucket of a container is the default (rule 34). */
static void load_default_bucket(struct ld *ld, const struct yn *n,
				struct pk_container_spec *cs, int id)
{
	int on = 0;

	if (!n || ld_get_switch(ld, n, "default", &on) < 0 || !on) {
		return;
	}
	if (cs->default_bucket > 0) {
		ld_err(ld, n,
		       "throughput buckets %d and %d are both marked default; "
		       "a container has at most one default bucket (rule 34)",
		       cs->default_bucket, id);
		return;
	}
	cs->default_bucket = id;
}

void ld_load_buckets(struct ld *ld, const struct yn *n,
		     struct pk_container_spec *cs)
{
	static const char *const keys[] = {"id", "max_percent", "default",
					   NULL};
	static const char what[] =
	    "a list of up to 5 buckets {id: 1..5, max_percent: 1..100, "
	    "default: true|false}";
	size_t i;

	if (ld_need_kind(ld, n, YN_SEQ, "throughput_buckets", what) < 0) {
		return;
	}
	memset(cs->bucket_pct, 0, sizeof(cs->bucket_pct));
	cs->default_bucket = 0;
	if (n->n_kids > PK_THROUGHPUT_BUCKETS) {
		ld_err(ld, n->kids[PK_THROUGHPUT_BUCKETS],
		       "throughput_buckets holds at most 5 buckets per "
		       "container (got %zu)",
		       n->n_kids);
		return;
	}
	for (i = 0; i < n->n_kids; i++) {
		const struct yn *b = n->kids[i], *in, *pn;
		int64_t id, pct;

		if (ld_need_kind(ld, b, YN_MAP, "a throughput bucket",
				 "a mapping {id: 1..5, max_percent: 1..100}") <
		    0) {
			continue;
		}
		ld_check_keys(ld, b, keys, "in a throughput bucket");
		in = yn_get(b, "id");
		pn = yn_get(b, "max_percent");
		if (!in || !pn) {
			ld_err(ld, b,
			       "missing required key '%s' in a throughput "
			       "bucket {id: 1..5, max_percent: 1..100}",
			       in ? "max_percent" : "id");
			continue;
		}
		if (ld_get_int(ld, in, "id", 1, PK_THROUGHPUT_BUCKETS,
			       "a bucket id from 1 to 5", &id) < 0 ||
		    ld_get_int(ld, pn, "max_percent", 1, 100,
			       "a whole percentage of the container's "
			       "throughput from 1 to 100",
			       &pct) < 0) {
			continue;
		}
		if (cs->bucket_pct[id] > 0) {
			ld_err(ld, in,
			       "throughput bucket %lld is declared twice; "
			       "each id 1..5 at most once",
			       (long long)id);
			continue;
		}
		cs->bucket_pct[id] = (int)pct;
		load_default_bucket(ld, yn_get(b, "default"), cs, (int)id);
	}
}

void ld_load_client(struct ld *ld, const struct yn *m)
{
	static const char *const keys[] = {
	    "retries",	"ru_budget",	     "concurrency", "latency",
	    "priority", "throughput_bucket", "bulk",	    NULL,
	};
	static const char *const retry_keys[] = {
	    "policy", "max_retries", "max_wait", "base", "cap", "jitter", NULL,
	};
	struct pk_client_spec *c =
	    ld->client ? ld->client : &ld->s->streams[0].client;
	struct pk_retry_spec *r = &c->retry;
	const struct yn *n, *rn, *pn;
	size_t i;

	ld_check_keys(ld, m, keys, "in client");
	if ((n = yn_get(m, "ru_budget")) &&
	    ld_get_rate_in(ld, n, "ru_budget", 1, PK_MAX_RU_BUDGET,
			   "from 1/s to 1000000000/s, RU a second",
			   "the client spaces its requests so their RU stay "
			   "within it",
			   "2000/s, 120/m", &c->ru_budget_per_s) < 0) {
		c->ru_budget_per_s = 0;
	}
	load_workers(ld, m, c);
	load_class(ld, m, c);
	if ((n = yn_get(m, "bulk"))) {
		ld_get_switch(ld, n, "bulk", &c->bulk);
	}
	rn = yn_get(m, "retries");
	if (!rn) {
		return;
	}
	if (rn->kind == YN_SCALAR) {
		if (strcmp(rn->text, "off") == 0 ||
		    strcmp(rn->text, "false") == 0 ||
		    strcmp(rn->text, "none") == 0) {
			r->enabled = 0;
			r->policy = PK_RETRY_NONE;
			return;
		}
		if (strcmp(rn->text, "on") == 0 ||
		    strcmp(rn->text, "true") == 0 ||
		    strcmp(rn->text, "sdk") == 0) {
			return;
		}
		if (strcmp(rn->text, "exponential") == 0) {
			r->policy = PK_RETRY_EXPONENTIAL;
			return;
		}
	}
	if (rn->kind != YN_MAP) {
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, rn,
		       "retries must be a mapping {policy: sdk|exponential|"
		       "none, max_retries: N, max_wait: DURATION, ...}, or "
		       "sdk, exponential, none (off) (got %s)",
		       yn_desc(rn, buf, sizeof(buf)));
		return;
	}
	ld_check_keys(ld, rn, retry_keys, "in client.retries");
	if ((pn = yn_get(rn, "policy"))) {
		if (pn->kind == YN_SCALAR &&
		    ld_word_in(pn->text, retry_policies)) {
			for (i = 0; retry_policies[i]; i++) {
				if (strcmp(pn->text, retry_policies[i]) == 0) {
					r->policy = (enum pk_retry_policy)i;
				}
			}
			r->enabled = r->policy != PK_RETRY_NONE;
		} else if (pn->kind == YN_SCALAR) {
			ld_err_unknown(ld, pn, "retry policy", pn->text,
				       "in client.retries", retry_policies);
		} else {
			ld_need_kind(ld, pn, YN_SCALAR, "policy",
				     "one of sdk, exponential, none");
		}
	}
	if (r->policy == PK_RETRY_NONE) {
		static const char *const counted[] = {"max_retries", "max_wait",
						      NULL};

		for (i = 0; counted[i]; i++) {
			if ((n = yn_get(rn, counted[i]))) {
				ld_err(ld, n,
				       "%s does not apply to policy none (a "
				       "429 fails at once); remove it or "
				       "choose policy sdk or exponential",
				       counted[i]);
			}
		}
	}
	if (r->policy != PK_RETRY_NONE && (n = yn_get(rn, "max_retries"))) {
		int64_t v;

		if (ld_get_int(
			ld, n, "max_retries", 0, INT_MAX,
			"a whole number from 0 to 2,147,483,647 (default "
			"9)",
			&v) == 0) {
			r->max_retries = (int)v;
		}
	}
	if (r->policy != PK_RETRY_NONE && (n = yn_get(rn, "max_wait"))) {
		/* the retry-wait histogram has one counter per ms of wait,
		   hence the hour */
		get_ms(ld, n, "max_wait", 0, &r->max_wait_ms);
	}
	load_backoff(ld, rn, r);
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
	ld->s->pricing.clock_given = 1;
	if (n->kind == YN_SCALAR &&
	    clock_parse(n->text, &ld->s->clock_start_s) == -2) {
		/* the clock runs in whole seconds: a fraction dropped would
		   move the wall-clock hours a run touches, and so those it
		   bills (C-BILL: any part of an hour is the hour) */
		ld_err(ld, n,
		       "clock start %s has a fraction of a second; pksim's "
		       "clock runs in whole seconds, so give a whole second "
		       "(2026-01-01T10:59:59Z)",
		       n->text);
	} else if (n->kind != YN_SCALAR ||
		   clock_parse(n->text, &ld->s->clock_start_s) < 0) {
		char buf[PK_YN_DESC_BYTES];

		ld_err(ld, n,
		       "clock start must be an ISO 8601 time such as "
		       "2026-01-01T00:00:00Z (no zone = UTC) or a date "
		       "2026-01-01 (got %s)",
		       yn_desc(n, buf, sizeof(buf)));
	}
}
