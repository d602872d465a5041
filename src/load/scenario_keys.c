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

/* 1 if n is a plain scalar of digits only, exactly `want` of them when
   want > 0 */
static int all_digits(const struct yn *n, size_t want)
{
	size_t i;

	if (n->kind != YN_SCALAR || !n->plain || n->len == 0 ||
	    (want && n->len != want)) {
		return 0;
	}
	for (i = 0; i < n->len; i++) {
		if (n->text[i] < '0' || n->text[i] > '9') {
			return 0;
		}
	}
	return 1;
}

/* Report every key of mapping m that is not in allowed. A key of three
   digits after a number (`{throughput: 18,000}`: in a {...} mapping the
   comma ends the value, so the key is "000") is told as a thousands
   separator, with the number to write. */
void ld_check_keys(struct ld *ld, const struct yn *m,
		   const char *const *allowed, const char *where)
{
	size_t i;

	for (i = 0; i < yn_pairs(m); i++) {
		const struct yn *k = yn_key(m, i);

		if (i > 0 && !ld_word_in(k->text, allowed) &&
		    all_digits(k, 3) && all_digits(yn_val(m, i - 1), 0) &&
		    yn_val(m, i)->kind == YN_SCALAR && yn_val(m, i)->len == 0) {
			ld_err(ld, k,
			       "unknown key '%s' %s: '%s: %s,%s' reads as "
			       "%s and a key '%s', because a comma ends a "
			       "value in {...}; write numbers without a "
			       "thousands separator (%s%s)",
			       k->text, where, yn_key(m, i - 1)->text,
			       yn_val(m, i - 1)->text, k->text,
			       yn_val(m, i - 1)->text, k->text,
			       yn_val(m, i - 1)->text, k->text);
			continue;
		}
		if (!ld_word_in(k->text, allowed)) {
			ld_err_unknown(ld, k, "key", k->text, where, allowed);
		}
	}
}
