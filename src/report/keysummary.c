/*
 * keysummary: items without the key's property, in words (keysummary.h).
 */
#include "pksim/report/keysummary.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/service/cosmos/spec.h"

/* Key text shown at most, bytes */
#define KS_KEY_MAX 120

/* k of n as a percentage with one decimal, never rounded to 0.0 or 100.0
   unless it is none or all */
static void pct(uint64_t k, uint64_t n, char *buf, size_t cap)
{
	double p = n ? (double)k * 100.0 / (double)n : 0.0;

	if (k >= n) {
		snprintf(buf, cap, "100%%");
	} else if (p < 0.05) {
		snprintf(buf, cap, "<0.1%%");
	} else if (p >= 99.95) {
		snprintf(buf, cap, "99.9%%");
	} else {
		snprintf(buf, cap, "%.1f%%", p);
	}
}

const char *keysummary_cell(const struct pk_result_variant *v, char *buf,
			    size_t cap)
{
	char a[40], b[40], p[16];

	if (v->key_missing == 0) {
		snprintf(buf, cap, "0");
		return buf;
	}
	pct(v->key_missing, v->key_items, p, sizeof(p));
	snprintf(buf, cap, "%s of %s (%s)",
		 fmt_thousands((int64_t)v->key_missing, a),
		 fmt_thousands((int64_t)v->key_items, b), p);
	return buf;
}

const char *keysummary_text(const struct pk_result_variant *v, char *buf,
			    size_t cap)
{
	char count[96], key[KS_KEY_MAX + 4];
	const char *what;

	if (v->key_missing == 0) {
		return NULL;
	}
	{
		char a[40], b[40], p[16];

		pct(v->key_missing, v->key_items, p, sizeof(p));
		snprintf(count, sizeof(count), "%s of %s items (%s)",
			 fmt_thousands((int64_t)v->key_missing, a),
			 fmt_thousands((int64_t)v->key_items, b), p);
	}
	snprintf(key, sizeof(key), "%.*s%s", KS_KEY_MAX, v->key_text,
		 strlen(v->key_text) > KS_KEY_MAX ? "..." : "");
	switch (v->spec->key.kind) {
	case PK_KEY_PATH:
		what = "they went to the undefined logical partition";
		snprintf(buf, cap, "%s have no %s: %s%s", count, key, what,
			 v->spec->allow_undefined_key
			     ? " (allowed: allow_undefined_key)"
			     : "");
		return buf;
	case PK_KEY_HIERARCHICAL:
		what = "that level of their key is undefined";
		break;
	default:
		what = "its part of their key is empty";
		break;
	}
	snprintf(buf, cap, "%s lack a property the key %s reads: %s%s", count,
		 key, what,
		 v->spec->allow_undefined_key
		     ? " (allowed: allow_undefined_key)"
		     : "");
	return buf;
}
