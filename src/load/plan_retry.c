/*
 * plan_retry: the retries of a throttle the plan's bounds allow for,
 * before the run: a stream's client's (`client: retries`) where a variant
 * is an Azure Cosmos DB container or a DynamoDB table with `retry_mode:
 * client`, and the AWS SDK's preset where a table sets `retry_mode:
 * legacy` or `standard` (D16, client_aws.h: those replace the client's
 * retries of the table's throttles, whatever the client says). The time,
 * work and memory bounds count these as they count the client's.
 */
#include "loader.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* The retries retry_mode m makes of a throttle, as a client's retry
   settings: legacy 9 retries of 0.05 x 2^k s (the longest 12.8 s, 25.55
   s in all); standard 2 retries drawn below 1 s and 2 s (3 s in all);
   its quota only lowers them. */
static struct pk_retry_spec aws_retry(enum pk_ddb_retry_mode m)
{
	struct pk_retry_spec r = {0};

	r.enabled = 1;
	r.policy = PK_RETRY_EXPONENTIAL;
	if (m == PK_DDB_RETRY_LEGACY) {
		r.max_retries = PK_AWS_LEGACY_RETRIES;
		r.max_wait_ms = PK_AWS_LEGACY_WAIT_MS;
		r.base_ms = PK_AWS_LEGACY_BASE_MS;
		r.cap_ms = (int64_t)PK_AWS_LEGACY_BASE_MS
			   << (PK_AWS_LEGACY_RETRIES - 1);
	} else {
		r.max_retries = PK_AWS_STANDARD_RETRIES;
		r.max_wait_ms = PK_AWS_STANDARD_WAIT_MS;
		r.base_ms = PK_AWS_STANDARD_BASE_MS;
		r.cap_ms = 2 * PK_AWS_STANDARD_BASE_MS;
		r.jitter = 1;
	}
	return r;
}

/*
 * Seconds one operation retrying by r can spend waiting in the retry
 * queue, all its waits together: at most max_wait, and at most
 * max_retries waits of the longest one. A 429's retry-after runs to the
 * next second (throttle.c: at most 1 s), the SDK's policy waits that; the
 * exponential policy the larger of it and its backoff (at most cap). So
 * the SDK's defaults (9 retries, 30 s) hold an operation at most 9 s,
 * not 30; legacy min(25.55, 9 x 12.8) = 25.55 s, standard min(3, 2 x 2)
 * = 3 s. 0 when r does not retry.
 */
static double retry_life_s(const struct pk_retry_spec *r)
{
	double one = 1.0;

	if (!r->enabled) {
		return 0;
	}
	if (r->policy == PK_RETRY_EXPONENTIAL) {
		one = fmax(one, (double)r->cap_ms / 1000.0);
	}
	return fmin((double)r->max_wait_ms / 1000.0,
		    (double)r->max_retries * one);
}

/* 1 when some variant of s retries its throttles by the client's
   settings: a Cosmos DB container, or a table with retry_mode client */
static int client_retries_used(const struct pk_scenario *s)
{
	const struct pk_ddb_table_spec *t;
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		t = scenario_variant_table(s, &s->variants[i]);
		if (!t || t->retry_mode == PK_DDB_RETRY_CLIENT) {
			return 1;
		}
	}
	return s->n_variants == 0;
}

/* r widened to hold o as well: enabled if either is, the larger count,
   total wait and longest backoff (o's policy when r does not retry) */
static void widen(struct pk_retry_spec *r, const struct pk_retry_spec *o)
{
	if (!o->enabled) {
		return;
	}
	if (!r->enabled) {
		*r = *o;
		return;
	}
	r->max_retries =
	    r->max_retries > o->max_retries ? r->max_retries : o->max_retries;
	r->max_wait_ms =
	    r->max_wait_ms > o->max_wait_ms ? r->max_wait_ms : o->max_wait_ms;
}

struct pk_retry_spec ld_stream_retry(const struct pk_scenario *s,
				     const struct pk_client_spec *c)
{
	struct pk_retry_spec r = {0}, a;
	const struct pk_ddb_table_spec *t;
	size_t i;

	if (client_retries_used(s)) {
		r = c->retry;
	}
	for (i = 0; i < s->n_variants; i++) {
		t = scenario_variant_table(s, &s->variants[i]);
		if (t && t->retry_mode != PK_DDB_RETRY_CLIENT) {
			a = aws_retry(t->retry_mode);
			widen(&r, &a);
		}
	}
	return r;
}

double ld_stream_retry_life_s(const struct pk_scenario *s,
			      const struct pk_client_spec *c)
{
	const struct pk_ddb_table_spec *t;
	struct pk_retry_spec a;
	double life = client_retries_used(s) ? retry_life_s(&c->retry) : 0;
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		t = scenario_variant_table(s, &s->variants[i]);
		if (t && t->retry_mode != PK_DDB_RETRY_CLIENT) {
			a = aws_retry(t->retry_mode);
			life = fmax(life, retry_life_s(&a));
		}
	}
	return life;
}

const char *ld_table_retry_words(const struct pk_scenario *s)
{
	const struct pk_ddb_table_spec *t;
	int legacy = 0, standard = 0;
	size_t i;

	for (i = 0; i < s->n_variants; i++) {
		t = scenario_variant_table(s, &s->variants[i]);
		legacy |= t && t->retry_mode == PK_DDB_RETRY_LEGACY;
		standard |= t && t->retry_mode == PK_DDB_RETRY_STANDARD;
	}
	return legacy	  ? "; a table's retry_mode: legacy retries a "
			    "throttle 9 times, waiting up to 25,550 ms, and "
			    "retry_mode: client as the client says"
	       : standard ? "; a table's retry_mode: standard retries a "
			    "throttle twice, waiting up to 3,000 ms, and "
			    "retry_mode: client as the client says"
			  : "";
}

/* The retries the plan allows for: the most any stream's operations make
   (ld_stream_retry: its count and total wait), enabled when any retries. */
struct pk_retry_spec ld_plan_retry(const struct pk_scenario *s)
{
	struct pk_retry_spec r = {0}, o;
	size_t i;

	for (i = 0; i < s->n_streams; i++) {
		o = ld_stream_retry(s, &s->streams[i].client);
		widen(&r, &o);
	}
	return r;
}

/* The longest ld_stream_retry_life_s of any stream's client (loader.h). */
double ld_retry_life_s(const struct pk_scenario *s)
{
	double life = 0;
	size_t i;

	for (i = 0; i < s->n_streams; i++) {
		life = fmax(life,
			    ld_stream_retry_life_s(s, &s->streams[i].client));
	}
	return life;
}
