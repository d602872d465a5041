/*
 * floor: the speed no simulator of this workload can beat
 * (docs/design.md "Scale and speed"). It draws the same keys as
 * scenarios/bench/zipf-10m.yaml with pksim's own seeded generator and
 * zipfian distribution (so the draw costs the same), hashes the key's
 * text ("k0000123", made once per key value before the clock starts) with
 * 64-bit FNV-1a, and bumps a counter per range (16 ranges: the top 4 bits
 * of the hash) and per key. Nothing else: no EPK, no budgets, no items.
 * tools/bench prints pksim's operations per second beside this program's.
 *
 * Usage: pksim-floor OPERATIONS KEY_VALUES  (defaults 10,000,000 and
 * 1,000,000). Prints "ops=N seconds=S ops_per_s=R checksum=C".
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pksim/base/mem.h"
#include "pksim/base/rng.h"

#define FLOOR_RANGES 16

#define FLOOR_KEY_BYTES 8 /* "k" and 7 digits, as the scenario's values */

/* 64-bit FNV-1a of n bytes (offset basis and prime from the FNV spec). */
static uint64_t floor_hash(const char *p, size_t n)
{
	uint64_t h = 0xCBF29CE484222325ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)p[i];
		h *= 0x100000001B3ULL;
	}
	return h;
}

static double floor_cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	uint64_t ops = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000;
	uint64_t keys = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000000;
	struct pk_dist_spec spec = {.kind = PK_DIST_ZIPFIAN, .theta = 0.99};
	uint64_t range_count[FLOOR_RANGES] = {0};
	uint32_t *key_count;
	char *text;
	struct pk_dist *d;
	struct pk_rng r;
	uint64_t check = 0;
	double t0, secs;

	if (ops == 0 || keys == 0) {
		fprintf(stderr, "usage: pksim-floor OPERATIONS KEY_VALUES\n");
		return 2;
	}
	key_count = xcalloc(keys, sizeof(*key_count));
	text = xcalloc(keys, FLOOR_KEY_BYTES + 1);
	for (uint64_t k = 0; k < keys; k++)
		snprintf(text + k * (FLOOR_KEY_BYTES + 1), FLOOR_KEY_BYTES + 1,
			 "k%07" PRIu64, k % 10000000);
	d = dist_new(&spec, keys);
	rng_seed(&r, 1);
	t0 = floor_cpu_seconds();
	for (uint64_t i = 0; i < ops; i++) {
		uint64_t k = dist_draw(d, &r);
		uint64_t h = floor_hash(text + k * (FLOOR_KEY_BYTES + 1),
					FLOOR_KEY_BYTES);

		range_count[h >> 60]++;
		key_count[k]++;
	}
	secs = floor_cpu_seconds() - t0;
	for (int i = 0; i < FLOOR_RANGES; i++)
		check = check * 31 + range_count[i];
	printf("ops=%" PRIu64 " seconds=%.6f ops_per_s=%.0f checksum=%" PRIu64
	       "\n",
	       ops, secs, secs > 0 ? (double)ops / secs : 0.0,
	       check + key_count[0]);
	dist_free(d);
	free(key_count);
	free(text);
	return 0;
}
