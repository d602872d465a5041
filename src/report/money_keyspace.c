/*
 * money_keyspace: the most bytes a DynamoDB table's key space can hold
 * (money_keyspace.h).
 */
#include "money_keyspace.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/result/bill.h"

/* The property path of stream st of sc, or NULL when it has none */
static const struct pk_prop_spec *key_prop(const struct pk_scenario *sc,
					   const struct pk_stream_spec *st,
					   const char *path)
{
	size_t i;

	for (i = st->prop_first; path && i < st->prop_first + st->n_props;
	     i++) {
		if (strcmp(sc->props[i].path, path) == 0) {
			return &sc->props[i];
		}
	}
	return NULL;
}

/* The values key property path can take in stream st of sc: a
   pattern's or list's count, 1 for a constant; 0 when unbounded (a
   unique counter, a clock) or not generated */
static uint64_t key_values(const struct pk_scenario *sc,
			   const struct pk_stream_spec *st, const char *path)
{
	const struct pk_prop_spec *p = key_prop(sc, st, path);

	if (!p) {
		return 0;
	}
	if (p->kind == PK_GEN_PATTERN || p->kind == PK_GEN_LIST) {
		return p->count;
	}
	return p->kind == PK_GEN_CONST ? 1 : 0;
}

/* Patterns by prefix, suffix, width, then first number */
static int pattern_cmp(const void *x, const void *y)
{
	const struct pk_prop_spec *a = *(const struct pk_prop_spec *const *)x;
	const struct pk_prop_spec *b = *(const struct pk_prop_spec *const *)y;
	int c = strcmp(a->prefix, b->prefix);

	if (c == 0) {
		c = strcmp(a->suffix, b->suffix);
	}
	if (c == 0) {
		c = (a->width > b->width) - (a->width < b->width);
	}
	if (c == 0) {
		c = (a->first > b->first) - (a->first < b->first);
	}
	return c;
}

static int str_cmp(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* Patterns pat (n, sorted by pattern_cmp): the values they make, those
   of one prefix, suffix and width counted once where their numbers
   overlap (value i is the number first + i, zero-padded, so two numbers
   never make one value); UINT64_MAX past it */
static uint64_t patterns_union(const struct pk_prop_spec **pat, size_t n)
{
	uint64_t total = 0, lo = 0, hi = 0; /* the open run [lo, hi) */
	size_t i;

	for (i = 0; i < n; i++) {
		const struct pk_prop_spec *p = pat[i];
		uint64_t end = p->first > UINT64_MAX - p->count
				   ? UINT64_MAX
				   : p->first + p->count;
		int same = i > 0 &&
			   strcmp(p->prefix, pat[i - 1]->prefix) == 0 &&
			   strcmp(p->suffix, pat[i - 1]->suffix) == 0 &&
			   p->width == pat[i - 1]->width;

		if (same && p->first <= hi) {
			hi = end > hi ? end : hi;
			continue;
		}
		if (i > 0) {
			if (total > UINT64_MAX - (hi - lo)) {
				return UINT64_MAX;
			}
			total += hi - lo;
		}
		lo = p->first;
		hi = end;
	}
	if (n > 0) {
		total = total > UINT64_MAX - (hi - lo) ? UINT64_MAX
						       : total + (hi - lo);
	}
	return total;
}

/* The values key property path can take in all the streams of sc
   together, at most: the patterns' (patterns_union), a list's strings
   and string constants counted once across the streams, any other
   constant once a stream (a value two kinds share is counted twice:
   still a bound); 0 when a stream's is unbounded or not generated,
   UINT64_MAX past it */
static uint64_t key_values_union(const struct pk_scenario *sc, const char *path)
{
	const struct pk_prop_spec **pat;
	const char **str;
	size_t n_pat = 0, n_str = 0, cap_str = 0, i, k;
	uint64_t n = 0, u;

	pat = xcalloc(sc->n_streams ? sc->n_streams : 1, sizeof(*pat));
	str = NULL;
	for (i = 0; i < sc->n_streams; i++) {
		const struct pk_prop_spec *p =
		    key_prop(sc, &sc->streams[i], path);

		if (!p || (p->kind != PK_GEN_PATTERN &&
			   p->kind != PK_GEN_LIST && p->kind != PK_GEN_CONST)) {
			free(pat);
			free(str);
			return 0;
		}
		if (p->kind == PK_GEN_PATTERN) {
			pat[n_pat++] = p;
		} else if (p->kind == PK_GEN_LIST ||
			   p->const_value.type == PK_VALUE_STRING) {
			size_t m = p->kind == PK_GEN_LIST ? p->count : 1;

			mem_grow((void **)&str, &cap_str, n_str + m,
				 sizeof(*str));
			for (k = 0; k < m; k++) {
				str[n_str++] = p->kind == PK_GEN_LIST
						   ? p->list[k]
						   : p->const_text;
			}
		} else {
			n++;
		}
	}
	qsort(pat, n_pat, sizeof(*pat), pattern_cmp);
	u = patterns_union(pat, n_pat);
	n = u > UINT64_MAX - n ? UINT64_MAX : n + u;
	if (n_str > 0) {
		qsort(str, n_str, sizeof(*str), str_cmp);
		for (k = 0; k < n_str && n < UINT64_MAX; k++) {
			n += k == 0 || strcmp(str[k], str[k - 1]) != 0;
		}
	}
	free(pat);
	free(str);
	return n;
}

/* The bytes an item of at most big bytes of table t bills with its
   index entries, at most: its own with its 100 bytes (pricing.md §4);
   each global index's entry at most the item's projected bytes (all of
   them, none keys_only) with its 100 (pricing.md §4: an index's entries
   billed as items); each local index's entry its item's bytes (all) or
   none (keys_only) in the partition's storage (D18) */
static uint64_t item_bill_bytes(const struct pk_ddb_table_spec *t, uint64_t big)
{
	uint64_t b = big + PK_BILL_DDB_ITEM_BYTES;
	size_t i;

	for (i = 0; i < t->n_gsis; i++) {
		b += (t->gsis[i].keys_only ? 0 : big) + PK_BILL_DDB_ITEM_BYTES;
	}
	for (i = 0; i < t->n_lsis; i++) {
		b += t->lsis[i].keys_only ? 0 : big;
	}
	return b;
}

/* The most bytes table t of sc can ever bill for its items, or 0 when
   its key space is not bounded: a table's primary key is its partition
   key with its sort key, one item per key value (reference §1), and a
   create or put of a held key replaces that item, so it holds at most
   as many items as key values: the fewer of each stream's pool summed
   and the union of the streams' partition key values times the union
   of their sort key values (key_values_union); each item at most the
   largest item any phase writes (a normal size at its 400 KB cap, D1)
   with its index entries (item_bill_bytes). Not bounded with items from
   a file or a preload (their keys are not the generator's). Sets
   *items and *item_bytes (the largest item). */
double money_keyspace_bytes(const struct pk_scenario *sc,
			    const struct pk_ddb_table_spec *t, uint64_t *items,
			    uint64_t *item_bytes)
{
	uint64_t n = 0, big = 0, upk, usk;
	size_t i;

	if (!sc || !t || sc->items_file || sc->preload) {
		return 0;
	}
	for (i = 0; i < sc->n_streams; i++) {
		const struct pk_stream_spec *st = &sc->streams[i];
		uint64_t k = key_values(sc, st, t->partition_key);
		uint64_t sk = t->sort_key ? key_values(sc, st, t->sort_key) : 1;

		if (k == 0 || sk == 0) {
			return 0;
		}
		if (n < UINT64_MAX) {
			n = k > UINT64_MAX / sk || n > UINT64_MAX - k * sk
				? UINT64_MAX
				: n + k * sk;
		}
	}
	upk = key_values_union(sc, t->partition_key);
	usk = t->sort_key ? key_values_union(sc, t->sort_key) : 1;
	if (upk > 0 && usk > 0 && upk <= UINT64_MAX / usk && upk * usk < n) {
		n = upk * usk;
	}
	for (i = 0; i < sc->n_phases; i++) {
		const struct pk_size_spec *z = &sc->phases[i].item_size;
		uint64_t b = z->kind == PK_SIZE_FIXED ? z->bytes
			     : z->kind == PK_SIZE_UNIFORM
				 ? z->max_bytes
				 : PK_DDB_ITEM_MAX_BYTES;

		big = b > big ? b : big;
	}
	if (n == 0 || n == UINT64_MAX || big == 0) {
		return 0;
	}
	*items = n;
	*item_bytes = big;
	return (double)n * (double)item_bill_bytes(t, big);
}
