/*
 * throttle: one-second RU windows and the client retry policy.
 */
#include "pksim/throttle.h"

#define PK_MS_PER_S 1000

void throttle_init(struct pk_budget *b, int64_t share_mru)
{
	b->window_s = 0;
	b->used_mru = 0;
	b->share_mru = share_mru;
}

int throttle_admit(struct pk_budget *b, int64_t t_ms, int64_t charge_mru,
		   int64_t *retry_after_ms)
{
	int64_t s = t_ms / PK_MS_PER_S;

	if (s != b->window_s) {
		b->window_s = s;
		b->used_mru = 0;
	}
	if (charge_mru <= b->share_mru - b->used_mru) {
		b->used_mru += charge_mru;
		return 1;
	}
	*retry_after_ms = (s + 1) * PK_MS_PER_S - t_ms;
	return 0;
}

int throttle_should_retry(const struct pk_retry_spec *policy,
			  struct pk_retry_state *st, int64_t retry_after_ms)
{
	if (!policy->enabled || st->retries >= policy->max_retries ||
	    st->waited_ms + retry_after_ms > policy->max_wait_ms) {
		return 0;
	}
	st->retries++;
	st->waited_ms += retry_after_ms;
	return 1;
}
