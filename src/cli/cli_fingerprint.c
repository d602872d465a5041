/*
 * cli_fingerprint: FNV-1a 64 over files and text (cli_fingerprint.h).
 */
#include "cli_fingerprint.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#define PK_FP_PRIME 0x100000001b3ULL

uint64_t cli_fp_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++) {
		h = (h ^ b[i]) * PK_FP_PRIME;
	}
	return h;
}

uint64_t cli_fp_text(uint64_t h, const char *text)
{
	size_t n = 0;

	while (text && text[n]) {
		n++;
	}
	return cli_fp_bytes(cli_fp_bytes(h, text ? text : "", n), "", 1);
}

int cli_fp_file(uint64_t *h, const char *path)
{
	unsigned char buf[65536];
	char len[32];
	unsigned long long total = 0;
	uint64_t x = *h;
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f) {
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		x = cli_fp_bytes(x, buf, n);
		total += n;
	}
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		errno = e ? e : EIO;
		return -1;
	}
	fclose(f);
	snprintf(len, sizeof(len), "%llu", total);
	*h = cli_fp_text(x, len);
	return 0;
}

int cli_fingerprint(struct pk_scenario *sc, const char *path, const char *opts,
		    const char *time_field, const char *const *queries,
		    size_t n_queries)
{
	uint64_t h = PK_FP_BASIS;
	size_t i;

	/* a lesson's workload is the scenario it names (sc->file) */
	if (cli_fp_file(&h, sc->lesson_file ? sc->file : path)) {
		return -1;
	}
	h = cli_fp_text(cli_fp_text(h, opts), time_field);
	for (i = 0; i < n_queries; i++) {
		h = cli_fp_text(h, queries[i]);
	}
	snprintf(sc->fingerprint, sizeof(sc->fingerprint), "%016" PRIx64, h);
	return 0;
}
