/*
 * suggest: the nearest allowed word (see suggest.h).
 */
#include "pksim/base/suggest.h"

#include <stdint.h>
#include <string.h>

/* A slip: at most this many edits... */
#define PK_SUGGEST_DISTANCE 2
/* ...or at most one edit per this many bytes of the suggestion. */
#define PK_SUGGEST_BYTES_PER_EDIT 3

size_t suggest_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t row[PK_SUGGEST_MAX_LEN + 1];

	if (la > PK_SUGGEST_MAX_LEN || lb > PK_SUGGEST_MAX_LEN) {
		return SIZE_MAX;
	}
	for (j = 0; j <= lb; j++) {
		row[j] = j;
	}
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best) {
				best = up + 1;
			}
			if (row[j - 1] + 1 < best) {
				best = row[j - 1] + 1;
			}
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

const char *suggest_nearest(const char *word, const char *const *allowed)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX, i;

	for (i = 0; allowed[i]; i++) {
		size_t d = suggest_distance(word, allowed[i]);

		if (d < best_d) {
			best_d = d;
			best = allowed[i];
		}
	}
	if (best && best_d != SIZE_MAX && best_d < strlen(word) &&
	    (best_d <= PK_SUGGEST_DISTANCE ||
	     best_d <= strlen(best) / PK_SUGGEST_BYTES_PER_EDIT)) {
		return best;
	}
	return NULL;
}
