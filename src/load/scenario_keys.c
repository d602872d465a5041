/*
 * scenario_keys: unknown keys and words, each reported with the nearest
 * allowed one (edit distance, or a clipped word such as "zipf") or the
 * list of what is allowed.
 */
#include "loader.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

/* Suggest the nearest known key when its edit distance is at most this. */
#define PK_SCENARIO_SUGGEST_DISTANCE 2
/* ...or at most a third of the suggested word's length (thruput). */
/* A word this long that starts a known word suggests it (zipf). */
#define PK_SCENARIO_SUGGEST_MIN_PREFIX 3
/* Keys longer than this are never compared for suggestions. */
#define PK_SCENARIO_SUGGEST_MAX_LEN 64

/* ------------------------------------------------------------------ */
/* Key checks and suggestions */

/* Levenshtein distance; SIZE_MAX when either string is too long. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t row[PK_SCENARIO_SUGGEST_MAX_LEN + 1];

	if (la > PK_SCENARIO_SUGGEST_MAX_LEN ||
	    lb > PK_SCENARIO_SUGGEST_MAX_LEN) {
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

/* The allowed word nearest to word, or NULL if none is close enough. */
const char *ld_nearest(const char *word, const char *const *allowed)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX, i;

	for (i = 0; allowed[i]; i++) {
		size_t dist = edit_distance(word, allowed[i]);

		if (dist < best_d) {
			best_d = dist;
			best = allowed[i];
		}
	}
	if (best && best_d < strlen(word) &&
	    (best_d <= PK_SCENARIO_SUGGEST_DISTANCE ||
	     best_d <= strlen(best) / 3)) {
		return best;
	}
	/* "zipf" for "zipfian": a clipped word */
	if (strlen(word) >= PK_SCENARIO_SUGGEST_MIN_PREFIX) {
		for (i = 0; allowed[i]; i++) {
			if (strncmp(allowed[i], word, strlen(word)) == 0) {
				return allowed[i];
			}
		}
	}
	return NULL;
}

int ld_word_in(const char *word, const char *const *list)
{
	size_t i;

	for (i = 0; list[i]; i++) {
		if (strcmp(word, list[i]) == 0) {
			return 1;
		}
	}
	return 0;
}

/* "a, b, c" of a NULL-terminated list; caller frees. */
char *ld_word_join(const char *const *list)
{
	size_t i, n = 1;
	char *s, *p;

	for (i = 0; list[i]; i++) {
		n += strlen(list[i]) + 2;
	}
	s = xmalloc(n);
	p = s;
	*p = '\0';
	for (i = 0; list[i]; i++) {
		p += sprintf(p, "%s%s", i ? ", " : "", list[i]);
	}
	return s;
}

/*
 * Report word (at node n) as not one of allowed: "unknown NOUN 'word'
 * WHERE; did you mean 'x'?" or "...; allowed: a, b, c".
 */
void ld_err_unknown(struct ld *ld, const struct yn *n, const char *noun,
		    const char *word, const char *where,
		    const char *const *allowed)
{
	const char *near;
	char buf[PK_YN_DESC_BYTES];
	char *all;

	yn_desc(n, buf, sizeof(buf));
	if (n->kind != YN_SCALAR) {
		all = ld_word_join(allowed);
		ld_err(ld, n, "%s must be one of %s (got %s)", noun, all, buf);
		free(all);
		return;
	}
	near = ld_nearest(word, allowed);
	if (near) {
		ld_err(ld, n, "unknown %s %s %s; did you mean '%s'?", noun, buf,
		       where, near);
		return;
	}
	all = ld_word_join(allowed);
	ld_err(ld, n, "unknown %s %s %s; allowed: %s", noun, buf, where, all);
	free(all);
}

/* Report every key of mapping m that is not in allowed. */
void ld_check_keys(struct ld *ld, const struct yn *m,
		   const char *const *allowed, const char *where)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i);

		if (!ld_word_in(k->text, allowed)) {
			ld_err_unknown(ld, k, "key", k->text, where, allowed);
		}
	}
}
