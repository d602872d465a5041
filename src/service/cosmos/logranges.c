/*
 * logranges: a replayed log's recorded ranges against the layout at the
 * start (logranges.h).
 *
 * Each row gets its range here (its key built and hashed as a request's
 * would be, pmap_find) and the index of its recorded PartitionKeyRangeId
 * among the log's (the rows sorted by that text). Sorted by (range here,
 * recorded range), a range here holding rows of two recorded ranges is a
 * co-location the log does not show. With as many ranges here as the log
 * records (the only case compared), that is also the only way they can
 * disagree: a recorded range spread over two ranges here leaves, by
 * counting, some range here with two recorded ranges. Rows of one key
 * value on two recorded ranges (a split during the log renames a key's
 * range) are not counted against a layout.
 */
#include "logranges.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/workload/workload.h"

/* Longest key value quoted in the sentence. */
#define LR_KEY_TEXT 96

/* One row: its range here, its recorded range (index among the log's)
   and its key value's identity (a 64-bit digest of its bytes). */
struct lr_row {
	uint32_t here;
	uint32_t rec;
	uint64_t key;
	size_t row;
};

/* A row's recorded range text, for the sort that numbers them. */
struct lr_text {
	const char *s;
	uint32_t len;
	size_t row;
};

static int cmp_text(const void *pa, const void *pb)
{
	const struct lr_text *a = pa, *b = pb;
	uint32_t n = a->len < b->len ? a->len : b->len;
	int d = memcmp(a->s, b->s, n);

	if (d != 0) {
		return d;
	}
	if (a->len != b->len) {
		return a->len < b->len ? -1 : 1;
	}
	return (a->row > b->row) - (a->row < b->row);
}

static int cmp_u32(uint32_t a, uint32_t b)
{
	return (a > b) - (a < b);
}

/* (range here, recorded range, row) */
static int cmp_here(const void *pa, const void *pb)
{
	const struct lr_row *a = pa, *b = pb;
	int d = cmp_u32(a->here, b->here);

	if (d == 0) {
		d = cmp_u32(a->rec, b->rec);
	}
	return d ? d : (a->row > b->row) - (a->row < b->row);
}

/* Number each row's recorded range in v (by its text, in text order);
   -1 when a row records none. */
static int number_recorded(const struct pk_monitor_log *m, struct lr_row *v)
{
	struct lr_text *t = xcalloc(m->n_rows, sizeof(*t));
	uint32_t rec = 0;
	size_t i;

	for (i = 0; i < m->n_rows; i++) {
		if (m->rows[i].range_len == 0) {
			free(t);
			return -1;
		}
		t[i].s = m->pool + m->rows[i].range_off;
		t[i].len = m->rows[i].range_len;
		t[i].row = i;
	}
	qsort(t, m->n_rows, sizeof(*t), cmp_text);
	for (i = 0; i < m->n_rows; i++) {
		if (i > 0 && (t[i].len != t[i - 1].len ||
			      memcmp(t[i].s, t[i - 1].s, t[i].len) != 0)) {
			rec++;
		}
		v[t[i].row].rec = rec;
	}
	free(t);
	return 0;
}

/* Row r's key value built into *kv. */
static void build(const struct pk_pkey *k, const struct pk_workload *w,
		  size_t r, struct pk_keyval *kv)
{
	struct pk_item_source src;

	pkey_source_workload(k, w, (uint64_t)r, &src);
	pkey_build(k, &src, kv);
}

/* The id of the range of map that holds row r's key value. */
static uint32_t here_of(const struct pk_pkey *k, const struct pk_workload *w,
			size_t r, const struct pk_pmap *map,
			struct pk_keyval *kv)
{
	build(k, w, r, kv);
	return map->ranges[pmap_find(map, &kv->epk)].id;
}

/* Row r's key value as the reports write it, into buf. */
static void key_text(const struct pk_pkey *k, const struct pk_workload *w,
		     size_t r, struct pk_keyval *kv, char *buf, size_t cap)
{
	build(k, w, r, kv);
	pkey_format_id(k, kv->id, kv->id_len, buf, cap);
}

/* In v sorted by cmp_here, the first range here whose first row and a
   later row have two recorded ranges and two key values: their rows in
   *a and *b; 0, or -1 when no range has such a pair. */
static int find_pair(const struct lr_row *v, size_t n, size_t *a, size_t *b)
{
	size_t i = 0, j;

	while (i < n) {
		for (j = i + 1; j < n && v[j].here == v[i].here; j++) {
			if (v[j].rec != v[i].rec && v[i].key != v[j].key) {
				*a = v[i].row;
				*b = v[j].row;
				return 0;
			}
		}
		i = j;
	}
	return -1;
}

/* The recorded range text of row r. */
#define REC(m, r)                                                              \
	(int)(m)->rows[r].range_len, (m)->pool + (m)->rows[r].range_off

char *logranges_disagree(const struct pk_pkey *k, const struct pk_workload *w,
			 const struct pk_monitor_log *m,
			 const struct pk_pmap *map, struct pk_keyval *kv)
{
	struct lr_row *v;
	char ka[LR_KEY_TEXT], kb[LR_KEY_TEXT];
	size_t i, a, b;
	uint32_t here;
	char *out = NULL;

	if (m->ranges == 0 || m->n_rows == 0) {
		return NULL;
	}
	v = xcalloc(m->n_rows, sizeof(*v));
	if (number_recorded(m, v) < 0) {
		free(v);
		return NULL;
	}
	for (i = 0; i < m->n_rows; i++) {
		v[i].row = i;
		v[i].here = here_of(k, w, i, map, kv);
		v[i].key = (uint64_t)pkey_fnv1a32(kv->id, kv->id_len) << 32 |
			   pkey_crc32(kv->id, kv->id_len);
	}
	qsort(v, m->n_rows, sizeof(*v), cmp_here);
	if (find_pair(v, m->n_rows, &a, &b) == 0) {
		here = here_of(k, w, a, map, kv);
		key_text(k, w, a, kv, ka, sizeof(ka));
		key_text(k, w, b, kv, kb, sizeof(kb));
		out = xasprintf(
		    "the log records %s on partition key range %.*s and %s on "
		    "range %.*s, but this layout puts both on range %u: its "
		    "ranges divide the key space evenly (an ASSUMPTION; the "
		    "service's boundaries are not published), so the load "
		    "and 429s shown on range %u are not what the log "
		    "recorded; only the log's ranges say which keys shared "
		    "a range",
		    ka, REC(m, a), kb, REC(m, b), here, here);
	}
	free(v);
	return out;
}
