/*
 * findings_keys: the `pksim compare` command that tries other keys where
 * the findings blame the key (findings_keys.h).
 */
#include "findings_keys.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"

/* Values of the suffix a physical partition (findings_keys.h) */
#define PK_KEYS_SUFFIX_PER_PP 4

/* " s" (a key) appended to buf, single-quoted for a POSIX shell ('\'' for a
   quote) when it holds anything but letters, digits and _ . / - + , = :
   @ % */
static size_t quoted(char *buf, size_t cap, size_t len, const char *s)
{
	if (s[0] &&
	    s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			"0123456789_./-+,=:@%")] == '\0') {
		return fmt_append(buf, cap, len, " %s", s);
	}
	len = fmt_append(buf, cap, len, " '");
	for (; *s; s++) {
		len = *s == '\'' ? fmt_append(buf, cap, len, "'\\''")
				 : fmt_append(buf, cap, len, "%c", *s);
	}
	return fmt_append(buf, cap, len, "'");
}

/* 1 if key spec k has /id among its paths */
static int has_id(const struct pk_key_spec *k)
{
	size_t i;

	for (i = 0; i < k->n_paths; i++) {
		if (strcmp(k->paths[i], "/id") == 0) {
			return 1;
		}
	}
	return 0;
}

/* The hierarchical key of k's levels and /id into buf, or 0 when k has
   no room or no need for it (findings_keys.h) */
static int key_with_id(const struct pk_key_spec *k, char *buf, size_t cap)
{
	size_t i, len = 0;

	if (k->kind == PK_KEY_SYNTHETIC || has_id(k) ||
	    k->n_paths >= PK_KEY_MAX_LEVELS) {
		return 0;
	}
	len = fmt_append(buf, cap, len, "[");
	for (i = 0; i < k->n_paths; i++) {
		len = fmt_append(buf, cap, len, "%s, ", k->paths[i]);
	}
	fmt_append(buf, cap, len, "/id]");
	return 1;
}

/* k with a precalculated suffix of n values into buf, or 0 when k is
   hierarchical (its levels are not one value to suffix) */
static int key_with_suffix(const struct pk_key_spec *k, size_t n, char *buf,
			   size_t cap)
{
	const char *p;

	if (k->kind == PK_KEY_HIERARCHICAL) {
		return 0;
	}
	if (k->kind == PK_KEY_SYNTHETIC) {
		snprintf(buf, cap, "%s-{hash(id) mod %zu}", k->template_text,
			 n);
		return 1;
	}
	p = k->paths[0];
	/* a top-level property by its name, a nested one by its path */
	snprintf(buf, cap, "{%s}-{hash(id) mod %zu}",
		 strchr(p + 1, '/') ? p : p + 1, n);
	return 1;
}

char *findings_compare_keys(const struct pk_result *r,
			    const struct pk_result_variant *v, unsigned said)
{
	const struct pk_items_file *f = r ? r->sc->items_file : NULL;
	const struct pk_key_spec *k;
	char id[256] = "", sfx[256] = "", cmd[1024] = "", why[512] = "";
	size_t n, len = 0, wl = 0;

	if (!said || !r || !v->cosmos || !v->spec || (f && f->monitor)) {
		return NULL;
	}
	k = &v->spec->key;
	n = PK_KEYS_SUFFIX_PER_PP * (v->n_ranges > 1 ? v->n_ranges : 1);
	if (!(said & PK_KEYS_STORAGE) || !key_with_id(k, id, sizeof(id))) {
		id[0] = '\0';
	}
	if (!(said & PK_KEYS_HOT) || !key_with_suffix(k, n, sfx, sizeof(sfx))) {
		sfx[0] = '\0';
	}
	if (!id[0] && !sfx[0]) {
		return NULL;
	}
	/* the scenario by the usage's name, not by a path: a report is the
	   same bytes whatever path or lesson named the scenario */
	len = fmt_append(cmd, sizeof(cmd), len, "pksim compare %s",
			 f ? "--items FILE ..." : "SCENARIO.yaml");
	if (id[0]) {
		len = fmt_append(cmd, sizeof(cmd), len, " --key");
		len = quoted(cmd, sizeof(cmd), len, id);
		wl = fmt_append(why, sizeof(why), wl,
				"; %s: a unique last level, so no full key "
				"value reaches the logical partition's "
				"storage cap (rule 33)",
				id);
	}
	if (sfx[0]) {
		len = fmt_append(cmd, sizeof(cmd), len, " --key");
		quoted(cmd, sizeof(cmd), len, sfx);
		fmt_append(why, sizeof(why), wl,
			   "; %s: the key value spread over %zu values, "
			   "%d a physical partition (ASSUMPTION), that a "
			   "reader who knows the id computes (rule 38)",
			   sfx, n, PK_KEYS_SUFFIX_PER_PP);
	}
	return xasprintf(
	    "the key, not the layout: `%s` (%s) replays this "
	    "stream under %s beside %s and ranks them (a key is set "
	    "when a container is created: another means a new "
	    "container and a migration)%s",
	    cmd, f ? "this data file and its options" : "this scenario's file",
	    id[0] && sfx[0] ? "these keys" : "this key", v->key_text, why);
}
