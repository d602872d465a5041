/*
 * provision: throughput arithmetic; rules and sources in provision.h.
 */
#include "pksim/service/cosmos/provision.h"

#include <stdio.h>

#include "pksim/base/fmt.h"
#include "pksim/service/cosmos/cost.h"

#define PK_BYTES_PER_GB (1024ULL * 1024ULL * 1024ULL)

static int64_t ceil_div(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

int64_t provision_storage_gb(uint64_t storage_bytes)
{
	return (int64_t)((storage_bytes + PK_BYTES_PER_GB - 1) /
			 PK_BYTES_PER_GB);
}

/* The largest of three terms and which it was (the first on ties). */
static int64_t largest(int64_t floor, int64_t storage, int64_t highest,
		       enum pk_min_reason *why)
{
	int64_t v = floor;
	enum pk_min_reason r = PK_MIN_FLOOR;

	if (storage > v) {
		v = storage;
		r = PK_MIN_STORAGE;
	}
	if (highest > v) {
		v = highest;
		r = PK_MIN_HIGHEST;
	}
	if (why) {
		*why = r;
	}
	return v;
}

int64_t provision_min_manual(uint64_t storage_bytes, int64_t highest_ru_per_s,
			     enum pk_min_reason *why)
{
	return largest(
	    PK_PROVISION_MIN_MANUAL_RU_PER_S,
	    provision_storage_gb(storage_bytes) * PK_PROVISION_MANUAL_RU_PER_GB,
	    ceil_div(highest_ru_per_s, PK_PROVISION_HIGHEST_DIVISOR), why);
}

int64_t provision_min_autoscale_max(uint64_t storage_bytes,
				    int64_t highest_max_ru_per_s,
				    enum pk_min_reason *why)
{
	int64_t v = largest(PK_PROVISION_MIN_AUTOSCALE_MAX,
			    provision_storage_gb(storage_bytes) *
				PK_PROVISION_AUTOSCALE_RU_PER_GB,
			    ceil_div(highest_max_ru_per_s,
				     PK_PROVISION_AUTOSCALE_HIGHEST_DIVISOR),
			    why);

	return ceil_div(v, PK_PROVISION_AUTOSCALE_STEP) *
	       PK_PROVISION_AUTOSCALE_STEP;
}

size_t provision_autoscale_ranges(int64_t max_ru_per_s)
{
	int64_t n = ceil_div(max_ru_per_s, PK_PROVISION_AUTOSCALE_RU_PER_PP);

	return n < 1 ? 1 : (size_t)n;
}

int64_t provision_autoscale_floor(int64_t max_ru_per_s)
{
	return ceil_div(max_ru_per_s, PK_PROVISION_AUTOSCALE_FLOOR_DIVISOR);
}

int64_t provision_autoscale_current(int64_t max_ru_per_s, int64_t busiest_mru,
				    size_t ranges)
{
	int64_t t = ceil_div(busiest_mru * (int64_t)ranges, PK_MRU_PER_RU);
	int64_t lo = provision_autoscale_floor(max_ru_per_s);

	if (t < lo) {
		return lo;
	}
	return t > max_ru_per_s ? max_ru_per_s : t;
}

int64_t provision_autoscale_max_for_storage(int64_t max_ru_per_s,
					    uint64_t storage_bytes)
{
	/* storage above Tmax / 10 GB, i.e. GB x 10 above Tmax */
	int64_t need =
	    (int64_t)((storage_bytes *
			   (uint64_t)PK_PROVISION_AUTOSCALE_RU_PER_GB +
		       PK_BYTES_PER_GB - 1) /
		      PK_BYTES_PER_GB);

	if (need <= max_ru_per_s) {
		return max_ru_per_s;
	}
	return ceil_div(need, PK_PROVISION_AUTOSCALE_STEP) *
	       PK_PROVISION_AUTOSCALE_STEP;
}

int64_t provision_serverless_ru_per_s(size_t ranges)
{
	return (int64_t)ranges * PK_PROVISION_SERVERLESS_RU_PER_PP;
}

const char *provision_min_message(char *buf, size_t cap, const char *phase,
				  int64_t want, int64_t min,
				  enum pk_min_reason why, int64_t highest,
				  int64_t storage_gb, int64_t t_s,
				  const char *suffix)
{
	char a[32], b[32], c[32], at[48] = "", reason[96];

	if (why == PK_MIN_STORAGE) {
		snprintf(reason, sizeof(reason), "1 RU/s per GB stored: %s GB",
			 fmt_thousands(storage_gb, c));
	} else if (why == PK_MIN_HIGHEST) {
		snprintf(reason, sizeof(reason), "1%% of the highest ever, %s",
			 fmt_thousands(highest, c));
	} else {
		snprintf(reason, sizeof(reason),
			 "the smallest manual throughput");
	}
	if (t_s >= 0) {
		snprintf(at, sizeof(at), " at t=%llds", (long long)t_s);
	}
	snprintf(buf, cap,
		 "phase '%.*s' sets %s RU/s, below the minimum %s%s (%s)%s",
		 PK_PROVISION_QUOTE_BYTES, phase, fmt_thousands(want, a),
		 fmt_thousands(min, b), at, reason, suffix);
	return buf;
}
