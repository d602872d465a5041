/*
 * client_aws: an AWS SDK client's retries of a DynamoDB throttle
 * (client_aws.h).
 */
#include "pksim/run/client_aws.h"

#include "pksim/run/client.h"

int64_t client_aws_wait_ms(enum pk_ddb_retry_mode mode, uint64_t seed,
			   uint64_t seq, int k)
{
	struct pk_retry_spec p = {0};
	int64_t w;

	/* legacy: base x 2^k exactly (no jitter, no cap it can reach in 9
	   retries); standard: full jitter under min(base x 2^k, cap) */
	p.policy = PK_RETRY_EXPONENTIAL;
	if (mode == PK_DDB_RETRY_LEGACY) {
		p.base_ms = PK_AWS_LEGACY_BASE_MS;
		p.cap_ms = PK_AWS_LEGACY_BASE_MS << PK_AWS_LEGACY_RETRIES;
		p.jitter = 0;
	} else {
		p.base_ms = PK_AWS_STANDARD_BASE_MS;
		p.cap_ms = PK_AWS_STANDARD_CAP_MS;
		p.jitter = 1;
	}
	w = client_backoff_ms(&p, seed, seq, k);
	return w < 1 ? 1 : w;
}

int client_aws_retry(enum pk_ddb_retry_mode mode, uint64_t seed, uint64_t seq,
		     struct pk_retry_state *st, int *quota, int64_t *wait_ms)
{
	int most = mode == PK_DDB_RETRY_LEGACY ? PK_AWS_LEGACY_RETRIES
					       : PK_AWS_STANDARD_RETRIES;

	if (st->retries >= most) {
		return 0;
	}
	if (mode == PK_DDB_RETRY_STANDARD) {
		if (*quota < PK_AWS_RETRY_COST) {
			return 0;
		}
		*quota -= PK_AWS_RETRY_COST;
	}
	*wait_ms = client_aws_wait_ms(mode, seed, seq, st->retries);
	st->retries++;
	st->waited_ms += *wait_ms;
	return 1;
}

uint64_t client_aws_refunds(const struct pk_metrics *m)
{
	/* every retry waits at least 1 ms: a success that waited 0 is a
	   first attempt's */
	uint64_t first = m->wait_hist_cap > 0 ? m->wait_hist[0] : 0;

	return first * PK_AWS_NO_RETRY_REFUND +
	       (m->wait_ops - first) * PK_AWS_RETRY_COST;
}

void client_aws_refill(int *quota, uint64_t *seen, const struct pk_metrics *m)
{
	uint64_t now = client_aws_refunds(m), back = now - *seen;

	*seen = now;
	*quota = back >= (uint64_t)(PK_AWS_QUOTA_TOKENS - *quota)
		     ? PK_AWS_QUOTA_TOKENS
		     : *quota + (int)back;
}
