/*
 * scenario_keys: unknown keys and words, each reported with the nearest
 * allowed one (base/suggest, or a clipped word such as "zipf") or the
 * list of what is allowed.
 */
#include "loader.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/suggest.h"

/* A word this long that starts a known word suggests it (zipf). */
#define PK_SCENARIO_SUGGEST_MIN_PREFIX 3

/* ------------------------------------------------------------------ */
/* Key checks and suggestions */

/* The allowed word nearest to word, or NULL if none is close enough. */
const char *ld_nearest(const char *word, const char *const *allowed)
{
	const char *best = suggest_nearest(word, allowed);
	size_t i;

	if (best) {
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
