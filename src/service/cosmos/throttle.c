/*
 * throttle: one-second RU windows and the client retry policy.
 */
#include "pksim/service/cosmos/throttle.h"

#include <string.h>

#include "pksim/base/units.h"

void throttle_init(struct pk_budget *b, int64_t share_mru)
{
	memset(b, 0, sizeof(*b));
	b->window_s = 0;
	b->used_mru = 0;
	b->carried_mru = 0;
	b->share_mru = share_mru;
	b->burst = 0;
	b->credit_mru = 0;
}

void throttle_set_pool(struct pk_budget *b, struct pk_pool *pool)
{
	b->pool = pool;
}

void throttle_set_burst(struct pk_budget *b, int on)
{
	b->burst = on;
	b->credit_mru = 0;
}

/* Settle burst credit when window s opens: the closed window's unused
   share (or its use above the share) and each idle window between,
   earned only below the peak, capped at 300 s of the share (rule 14). */
static void settle_credit(struct pk_budget *b, int64_t s)
{
	int64_t earn = b->share_mru < PK_THROTTLE_BURST_PEAK_MRU;
	int64_t idle = s - b->window_s - 1;
	int64_t cap = PK_THROTTLE_BURST_SAVE_S * b->share_mru;

	if (b->used_mru > b->share_mru) {
		b->credit_mru -= b->used_mru - b->share_mru;
	} else if (earn) {
		b->credit_mru += b->share_mru - b->used_mru;
	}
	if (earn && idle > 0) {
		b->credit_mru +=
		    idle > PK_THROTTLE_BURST_SAVE_S ? cap : idle * b->share_mru;
	}
	if (b->credit_mru > cap) {
		b->credit_mru = cap;
	}
	if (b->credit_mru < 0) {
		b->credit_mru = 0;
	}
}

/* What the window may spend in all: the share, or with burst credit up
   to the peak (never below the share). */
static int64_t window_limit(const struct pk_budget *b)
{
	int64_t limit = b->share_mru + b->credit_mru;

	if (!b->burst || b->credit_mru <= 0) {
		return b->share_mru;
	}
	if (limit > PK_THROTTLE_BURST_PEAK_MRU) {
		limit = PK_THROTTLE_BURST_PEAK_MRU;
	}
	return limit > b->share_mru ? limit : b->share_mru;
}

/* Open window s: what the closed windows charged beyond their shares (an
   admitted large request) is a debt the new window starts with; each
   window between paid off one share of it. Every window closed here ran
   at the current share: throttle_set_share rolls before it changes it. */
static void roll(struct pk_budget *b, int64_t s)
{
	int64_t debt = s > b->window_s ? b->used_mru - b->pool_mru -
					     b->share_mru * (s - b->window_s)
				       : 0;

	if (b->burst) {
		settle_credit(b, s);
	}
	b->high_prev_mru = s == b->window_s + 1 ? b->high_mru : 0;
	b->high_mru = 0;
	memset(b->bucket_mru, 0, sizeof(b->bucket_mru));
	b->window_s = s;
	b->used_mru = debt > 0 && !b->burst ? debt : 0;
	b->carried_mru = b->used_mru;
	b->pool_mru = 0;
}

void throttle_set_share(struct pk_budget *b, int64_t t_s, int64_t share_mru)
{
	int64_t old = b->share_mru, within, keep;

	if (t_s > b->window_s) {
		roll(b, t_s);
	}
	b->share_mru = share_mru;
	if (share_mru >= old) {
		return;
	}
	/* this window's own charges that fitted the old share but pass the
	   new one are no debt: they were admitted within the budget of
	   their time (no "phantom debt") */
	within = b->used_mru < old ? b->used_mru : old;
	keep = share_mru > b->carried_mru ? share_mru : b->carried_mru;
	if (within > keep) {
		b->used_mru -= within - keep;
	}
}

/* throttle_fits, inlined on the per-operation path: the PIC build does
   not inline a call of the exported function from throttle_admit */
static inline int fits(const struct pk_budget *b, int64_t charge_mru)
{
	return charge_mru <= window_limit(b) - b->used_mru ||
	       (b->used_mru == 0 && charge_mru > window_limit(b));
}

int throttle_fits(const struct pk_budget *b, int64_t charge_mru)
{
	return fits(b, charge_mru);
}

/* What b may spend in its window with the pool's lending: its share
   plus at most extra, within cap; never below the share. */
static int64_t pool_limit(const struct pk_budget *b)
{
	int64_t lim = b->share_mru + b->pool->extra_mru;

	if (lim > b->pool->cap_mru) {
		lim = b->pool->cap_mru;
	}
	return lim > b->share_mru ? lim : b->share_mru;
}

/* A charge that does not fit b's own share in second s,
   taken when the pool lends the part beyond the share (rule 40). */
static int pool_draw(struct pk_budget *b, int64_t s, int64_t charge_mru)
{
	struct pk_pool *p = b->pool;
	int64_t own = b->share_mru - (b->used_mru - b->pool_mru), draw;

	if (b->used_mru + charge_mru > pool_limit(b)) {
		return 0;
	}
	if (p->window_s != s) {
		p->window_s = s;
		p->used_mru = 0;
	}
	draw = charge_mru - (own > 0 ? own : 0);
	if (p->used_mru + draw > p->max_mru) {
		return 0;
	}
	p->used_mru += draw;
	b->pool_mru += draw;
	b->used_mru += charge_mru;
	return 1;
}

/* Out of line: a charge that does not fit b's window; 1 when the pool
   lends what it lacks, else 0 with the retry-after. */
static __attribute__((noinline)) int refuse_or_draw(struct pk_budget *b,
						    int64_t s, int64_t t_ms,
						    int64_t charge_mru,
						    int64_t *retry_after_ms)
{
	if (b->pool && pool_draw(b, s, charge_mru)) {
		return 1;
	}
	*retry_after_ms = (s + 1) * PK_MS_PER_S - t_ms;
	return 0;
}

int throttle_admit(struct pk_budget *b, int64_t t_ms, int64_t charge_mru,
		   int64_t *retry_after_ms)
{
	int64_t s = t_ms / PK_MS_PER_S;

	if (s != b->window_s) {
		roll(b, s);
	}
	if (fits(b, charge_mru)) {
		/* ASSUMPTION: a request larger than a whole window's budget
		   runs when the window is untouched and leaves a debt, as the
		   service lets large writes through on small containers and
		   then rate-limits until the RU are paid off */
		b->used_mru += charge_mru;
		return 1;
	}
	return refuse_or_draw(b, s, t_ms, charge_mru, retry_after_ms);
}

int throttle_admit_class(struct pk_budget *b, int64_t t_ms, int64_t charge_mru,
			 int low, int bucket, int bucket_pct,
			 int64_t *retry_after_ms, int *sub_status)
{
	int64_t s = t_ms / PK_MS_PER_S, reserve;

	if (s != b->window_s) {
		roll(b, s);
	}
	*sub_status = PK_SUBSTATUS_RU_BUDGET_EXCEEDED;
	if (bucket > 0 && bucket_pct > 0) {
		int64_t cap = b->share_mru * bucket_pct / 100;
		int64_t used = b->bucket_mru[bucket - 1];

		if (used + charge_mru > cap &&
		    !(used == 0 && charge_mru > cap)) {
			*sub_status = PK_SUBSTATUS_BUCKET_EXCEEDED;
			*retry_after_ms = (s + 1) * PK_MS_PER_S - t_ms;
			return 0;
		}
	}
	if (!low) {
		b->high_mru += charge_mru;
	} else if ((reserve = b->high_prev_mru - b->high_mru) > 0 &&
		   b->used_mru + charge_mru > window_limit(b) - reserve) {
		*retry_after_ms = (s + 1) * PK_MS_PER_S - t_ms;
		return 0;
	}
	if (!throttle_admit(b, t_ms, charge_mru, retry_after_ms)) {
		return 0;
	}
	if (bucket > 0) {
		b->bucket_mru[bucket - 1] += charge_mru;
	}
	return 1;
}

void throttle_note_high(struct pk_budget *b, int64_t t_ms, int64_t charge_mru)
{
	int64_t s = t_ms / PK_MS_PER_S;

	if (s != b->window_s) {
		roll(b, s);
	}
	b->high_mru += charge_mru;
}

int64_t throttle_unused_mru(const struct pk_budget *b, int64_t s)
{
	int64_t used = b->used_mru;

	if (s > b->window_s) {
		/* as roll() opens window s: only a debt carries in */
		used = b->burst ? 0
				: b->used_mru - b->pool_mru -
				      b->share_mru * (s - b->window_s);
	}
	return used < b->share_mru ? b->share_mru - (used > 0 ? used : 0) : 0;
}

void throttle_spend_unused(struct pk_budget *b, int64_t s, int64_t mru)
{
	if (s > b->window_s) {
		roll(b, s);
	}
	if (s == b->window_s && mru > 0) {
		b->used_mru += mru;
	}
}
