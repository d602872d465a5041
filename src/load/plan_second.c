/*
 * plan_second: the most RU the busiest physical partition of a variant
 * can be sent in one second, which the plan's rate-limit classifier
 * (plan_ranges.c, ld_plan_can_throttle) compares with that partition's
 * share of the RU/s. The service meters each one-second window
 * (throttle.c), so a second above the mean is enough for a 429, and a
 * mean rate under the share does not make a run safe. Three things put
 * a second above the mean:
 * - random arrivals and random key draws: a second's operations on a
 *   partition are a Poisson count (Poisson arrivals, thinned by the key
 *   draw) or a binomial one (evenly spaced arrivals, each drawing its
 *   key); the bounds take the count's mean plus LD_SECOND_SPREADS
 *   spreads (ld_second_high);
 * - a closed loop's workers are released together: C workers at a
 *   latency of L ms send up to C x ceil(1,000 / L) attempts in one
 *   second, not C x 1,000 / L on average (ld_client_send_cap);
 * - splits: a partition left whole while its neighbours split holds
 *   up to twice the keys of a split one at the same share of the RU/s
 *   (ld_busiest_share's uneven).
 * It leaves out what a partition's burst capacity absorbs: a second
 * over the share is counted as a 429 even where a bank could admit it.
 */
#include "loader.h"

#include <math.h>

/*
 * Spreads above its mean a second's count is taken at: the chance that
 * a Poisson count of any mean mu passes mu + 8 sqrt(mu) + 8 is under
 * 5e-15 (computed from the Poisson sums: 6e-16 at mu = 10^6 as the
 * normal tail at 8 spreads; 6e-17 at mu = 1, where the + 8 counts, 17
 * or more; the highest, 4.5e-15, near mu = 5), so that over the longest
 * run pksim accepts, 31,622,400 s, a partition passes it with a chance
 * under 2e-7. A binomial count's upper tail is under the Poisson's of
 * its mean (Anderson and Samuels, 1967), so the same figure holds it.
 * 6 spreads, the phase counts' (ld_phase_count), leave 1e-9 a second,
 * 3 % over such a run: too likely for a bound a run must keep.
 */
#define LD_SECOND_SPREADS 8.0

double ld_busiest_share(double h, double r, double lps, int uneven)
{
	double k = fmax(lps / r, 1);

	return h + ((uneven ? 2.0 : 1.0) / r) * (1 + 3 / sqrt(k));
}

double ld_client_send_cap(const struct pk_scenario *s, size_t i)
{
	const struct pk_client_spec *c = &ld_phase_stream(s, i)->client;

	if (c->concurrency > 0 && c->latency_ms > 0) {
		return (double)c->concurrency *
		       ceil(1000.0 / (double)c->latency_ms);
	}
	return INFINITY;
}

double ld_client_mean_cap(const struct pk_scenario *s, size_t i)
{
	const struct pk_client_spec *c = &ld_phase_stream(s, i)->client;

	if (c->concurrency > 0 && c->latency_ms > 0) {
		return (double)c->concurrency * 1000.0 / (double)c->latency_ms;
	}
	return INFINITY;
}

double ld_client_ru_cap(const struct pk_scenario *s, size_t i, double one_ru)
{
	const struct pk_client_spec *c = &ld_phase_stream(s, i)->client;

	if (c->ru_budget_per_s > 0) {
		return c->ru_budget_per_s + one_ru;
	}
	return INFINITY;
}

double ld_second_high(double mean_ru, double unit_ru, int random)
{
	double mu;

	if (!random || !(mean_ru > 0) || !(unit_ru > 0)) {
		return mean_ru;
	}
	mu = mean_ru / unit_ru;
	return unit_ru *
	       (mu + LD_SECOND_SPREADS * sqrt(mu) + LD_SECOND_SPREADS);
}
