/*
 * logranges: the layout a replayed log records (logranges.h).
 *
 * Each row's key value gets a 64-bit digest of its bytes and the index
 * of its recorded PartitionKeyRangeId among the log's (the rows sorted
 * by that text). Sorted by (digest, recorded range), a key value on two
 * recorded ranges shows at once. One walk of that order gives the
 * distinct key values, their EPKs (built and hashed as a request's would
 * be) sorted by EPK, and the first key on two ranges; from it the log's
 * own layout (each recorded range must be one run of that order, and the
 * cuts fall between runs) or, with another count of ranges, where the
 * even layout disagrees.
 */
#include "logranges.h"

#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/load/trace.h"
#include "pksim/workload/workload.h"

/* Longest key value quoted in a sentence. */
#define LR_KEY_TEXT 96
/* Ranges whose log id the note lists at most. */
#define LR_IDS_LISTED 8
/* No index. */
#define LR_NONE ((size_t)-1)

/* One row: its key value's digest, its recorded range (index among the
   log's) and its index among the log's rows. */
struct lr_row {
	uint64_t key;
	uint32_t rec;
	size_t row;
};

/* One key value: its EPK, the range its latest row records and the row
   that speaks for it (walk says which). */
struct lr_key {
	struct pk_epk epk;
	uint32_t rec;
	size_t row;
};

/* What one walk of the log's keys finds. */
struct lr_walk {
	struct lr_key *keys; /* owned: the distinct key values of the rows
				that record a range, n of them, in EPK order
				(ties by row), each at the range its latest
				row records; row is its first row when
				layout is 1, else its latest */
	size_t n;
	size_t ma, mb; /* two rows (ma < mb) of the first key value, in
			  digest order, recorded on two ranges (a split
			  during the log moved it); LR_NONE: none */
	int layout;    /* 1: the log names as many ranges as the even
			  layout has, 2 or more, so the layout can be the
			  log's own (logranges_read) */
};

/* A row's recorded range text, for the sort that numbers them. */
struct lr_text {
	const char *s;
	uint32_t len;
	size_t row;
};

/* What every step reads. */
struct lr {
	const struct pk_pkey *k;
	const struct pk_workload *w;
	const struct pk_items_file *f;
	const struct pk_monitor_log *m;
	struct pk_keyval *kv;
	struct pk_diag *d;
};

static int cmp_size(size_t a, size_t b)
{
	return (a > b) - (a < b);
}

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
	return cmp_size(a->row, b->row);
}

/* (digest, recorded range, row) */
static int cmp_row(const void *pa, const void *pb)
{
	const struct lr_row *a = pa, *b = pb;

	if (a->key != b->key) {
		return a->key < b->key ? -1 : 1;
	}
	if (a->rec != b->rec) {
		return a->rec < b->rec ? -1 : 1;
	}
	return cmp_size(a->row, b->row);
}

/* (EPK, first row) */
static int cmp_key(const void *pa, const void *pb)
{
	const struct lr_key *a = pa, *b = pb;
	int d = epk_cmp(&a->epk, &b->epk);

	return d ? d : cmp_size(a->row, b->row);
}

/* Number the recorded range of each of the n rows of v (their row set)
   by its text, in text order. */
static void number_recorded(const struct pk_monitor_log *m, struct lr_row *v,
			    size_t n)
{
	struct lr_text *t = xcalloc(n ? n : 1, sizeof(*t));
	uint32_t rec = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		t[i].s = m->pool + m->rows[v[i].row].range_off;
		t[i].len = m->rows[v[i].row].range_len;
		t[i].row = i;
	}
	qsort(t, n, sizeof(*t), cmp_text);
	for (i = 0; i < n; i++) {
		if (i > 0 && (t[i].len != t[i - 1].len ||
			      memcmp(t[i].s, t[i - 1].s, t[i].len) != 0)) {
			rec++;
		}
		v[t[i].row].rec = rec;
	}
	free(t);
}

/* Row r's key value built into L->kv. */
static void build(const struct lr *L, size_t r)
{
	struct pk_item_source src;

	pkey_source_workload(L->k, L->w, (uint64_t)r, &src);
	pkey_build(L->k, &src, L->kv);
}

/* Row r's key value as the reports write it, into buf. */
static void key_text(const struct lr *L, size_t r, char *buf, size_t cap)
{
	build(L, r);
	pkey_format_id(L->k, L->kv->id, L->kv->id_len, buf, cap);
}

/* The line of the data file row r is on. */
static int line_of(const struct lr *L, size_t r)
{
	return trace_line(L->f->trace, L->m->rows[r].rec);
}

/* The recorded range text of row r. */
#define REC(m, r)                                                              \
	(int)(m)->rows[r].range_len, (m)->pool + (m)->rows[r].range_off

/* An error at row b: the log records the key value of rows a and b on
   two ranges. */
static void two_ranges(const struct lr *L, size_t a, size_t b)
{
	char ka[LR_KEY_TEXT];

	if (a > b) {
		size_t t = a;

		a = b;
		b = t;
	}
	key_text(L, a, ka, sizeof(ka));
	diag_error(L->d, L->f->resolved, line_of(L, b),
		   trace_col(L->f->trace, L->m->rows[b].rec),
		   "the log records %s on partition key range %.*s (line %d) "
		   "and on range %.*s (this row): a key value is on one range "
		   "at a time, so a split during the log moved it, and no one "
		   "layout of this container's %zu ranges holds the log as "
		   "recorded; replay the rows of before the split or of after "
		   "it (filter the export by TimeGenerated), or give "
		   "partitions: new (pksim's own layout)",
		   ka, REC(L->m, a), line_of(L, a), REC(L->m, b), L->m->ranges);
}

/* An error at row c: the key values of rows a and c are on one recorded
   range, that of row b (its EPK between theirs) on another. */
static void not_interval(const struct lr *L, size_t a, size_t b, size_t c)
{
	char ka[LR_KEY_TEXT], kb[LR_KEY_TEXT], kc[LR_KEY_TEXT];

	key_text(L, a, ka, sizeof(ka));
	key_text(L, b, kb, sizeof(kb));
	key_text(L, c, kc, sizeof(kc));
	diag_error(L->d, L->f->resolved, line_of(L, c),
		   trace_col(L->f->trace, L->m->rows[c].rec),
		   "the log records %s (line %d) and %s (this row) on "
		   "partition key range %.*s but %s (line %d), whose EPK lies "
		   "between theirs, on range %.*s: a range is one interval of "
		   "EPKs (rule 24), so no layout of %zu ranges holds these "
		   "keys as recorded; check that partition_key and "
		   "partition_key_version are the logged container's (a key "
		   "hashed another way lies elsewhere), or give partitions: "
		   "new (pksim's own layout)",
		   ka, line_of(L, a), kc, REC(L->m, c), kb, line_of(L, b),
		   REC(L->m, b), L->m->ranges);
}

/* An error at row b: the key values of rows a and b have one EPK (a V1
   hash reads only a string's first 100 UTF-16 code units) but two
   recorded ranges. */
static void same_epk(const struct lr *L, size_t a, size_t b)
{
	char ka[LR_KEY_TEXT], kb[LR_KEY_TEXT];

	key_text(L, a, ka, sizeof(ka));
	key_text(L, b, kb, sizeof(kb));
	diag_error(L->d, L->f->resolved, line_of(L, b),
		   trace_col(L->f->trace, L->m->rows[b].rec),
		   "the log records %s on partition key range %.*s (line %d) "
		   "and %s on range %.*s (this row), but both hash to one EPK "
		   "here, and one EPK is on one range: check that "
		   "partition_key and partition_key_version are the logged "
		   "container's, or give partitions: new (pksim's own layout)",
		   ka, REC(L->m, a), line_of(L, a), kb, REC(L->m, b));
}

/* A 64-bit identity of kv's key value bytes (two 32-bit hashes). */
static uint64_t digest(const struct pk_keyval *kv)
{
	uint64_t hi = pkey_fnv1a32(kv->id, kv->id_len);

	return hi << 32 | pkey_crc32(kv->id, kv->id_len);
}

/* The digests and recorded ranges of the rows that record a range (a
   row with a blank PartitionKeyRangeId says nothing of where its key
   lives), *n of them, sorted by cmp_row. */
static struct lr_row *rows_of(const struct lr *L, size_t *n)
{
	struct lr_row *v = xcalloc(L->m->n_rows, sizeof(*v));
	size_t i;

	*n = 0;
	for (i = 0; i < L->m->n_rows; i++) {
		if (L->m->rows[i].range_len > 0) {
			v[(*n)++].row = i;
		}
	}
	number_recorded(L->m, v, *n);
	for (i = 0; i < *n; i++) {
		build(L, v[i].row);
		v[i].key = digest(L->kv);
	}
	qsort(v, *n, sizeof(*v), cmp_row);
	return v;
}

/* Walk the log's keys once into *W (struct lr_walk) against even, the
   even layout of as many ranges as the container has. */
static void walk(const struct lr *L, const struct pk_pmap *even,
		 struct lr_walk *W)
{
	size_t nv, i, j, last;
	struct lr_row *v = rows_of(L, &nv);
	struct lr_key *k;

	W->layout = L->m->ranges >= 2 && even->n == L->m->ranges;
	W->keys = xcalloc(nv ? nv : 1, sizeof(*W->keys));
	W->n = 0;
	W->ma = W->mb = LR_NONE;
	for (i = 0; i < nv; i = j) {
		last = i;
		for (j = i + 1; j < nv && v[j].key == v[i].key; j++) {
			if (v[j].rec != v[i].rec && W->ma == LR_NONE) {
				W->ma =
				    v[i].row < v[j].row ? v[i].row : v[j].row;
				W->mb =
				    v[i].row < v[j].row ? v[j].row : v[i].row;
			}
			last = v[j].row > v[last].row ? j : last;
		}
		build(L, v[last].row);
		k = &W->keys[W->n++];
		k->epk = L->kv->epk;
		k->rec = v[last].rec;
		/* sorted by (digest, range, row): v[i] is the key's first
		   row on its lowest range, the only one when none moved */
		k->row = W->layout ? v[i].row : v[last].row;
	}
	free(v);
	qsort(W->keys, W->n, sizeof(*W->keys), cmp_key);
}

/* 0 when each recorded range's keys are one run of keys (in EPK order)
   and two runs never share an EPK; else -1 with an error. */
static int check_runs(const struct lr *L, const struct lr_key *keys, size_t n)
{
	size_t *last = xmalloc(L->m->ranges * sizeof(*last));
	size_t j;
	int rc = 0;

	for (j = 0; j < L->m->ranges; j++) {
		last[j] = LR_NONE;
	}
	for (j = 0; j < n && rc == 0; j++) {
		if (j > 0 && keys[j].rec != keys[j - 1].rec &&
		    (last[keys[j].rec] != LR_NONE ||
		     epk_cmp(&keys[j - 1].epk, &keys[j].epk) == 0)) {
			size_t a = last[keys[j].rec];

			if (a == LR_NONE) {
				same_epk(L, keys[j - 1].row, keys[j].row);
			} else {
				not_interval(L, keys[a].row, keys[j - 1].row,
					     keys[j].row);
			}
			rc = -1;
		}
		last[keys[j].rec] = j;
	}
	free(last);
	return rc;
}

/* The cut between key a (the last of one run) and b (the first of the
   next): even's cut when a < even <= b, else their midpoint (V2) when it
   is above a, else b's EPK. */
static struct pk_epk cut_between(const struct pk_epk *a, const struct pk_epk *b,
				 const struct pk_epk *even, int version)
{
	struct pk_epk mid;

	if (epk_cmp(a, even) < 0 && epk_cmp(even, b) <= 0) {
		return *even;
	}
	if (version == 2) {
		mid = epk_midpoint(a, b);
		if (epk_cmp(a, &mid) < 0 && epk_cmp(&mid, b) <= 0) {
			return mid;
		}
	}
	return *b;
}

/* The cuts between the runs of keys (n of them, check_runs held):
   even->n - 1 of them. */
static struct pk_epk *cuts_of(const struct lr_key *keys, size_t n,
			      const struct pk_pmap *even)
{
	struct pk_epk *cuts = xcalloc(even->n - 1, sizeof(*cuts));
	size_t j, i = 0;

	for (j = 1; j < n; j++) {
		if (keys[j].rec != keys[j - 1].rec) {
			cuts[i] = cut_between(&keys[j - 1].epk, &keys[j].epk,
					      &even->ranges[i + 1].min,
					      even->version);
			i++;
		}
	}
	return cuts;
}

/* ", the log's ids: 0 = "1", 1 = "0"" when run i's recorded range is not
   "i" for some i (ranges here are numbered in EPK order), else "". */
static char *ids_note(const struct lr *L, const struct lr_key *keys, size_t n)
{
	char *out = xstrdup(""), *next, num[24];
	size_t j, i = 0, listed = 0;
	int differ = 0;

	for (j = 0; j < n; j++) {
		if (j > 0 && keys[j].rec == keys[j - 1].rec) {
			continue;
		}
		snprintf(num, sizeof(num), "%zu", i);
		if (strlen(num) != L->m->rows[keys[j].row].range_len ||
		    memcmp(num, L->m->pool + L->m->rows[keys[j].row].range_off,
			   strlen(num)) != 0) {
			differ = 1;
		}
		if (listed < LR_IDS_LISTED) {
			next = xasprintf("%s%s%zu = \"%.*s\"", out,
					 listed ? ", " : "", i,
					 REC(L->m, keys[j].row));
			free(out);
			out = next;
			listed++;
		}
		i++;
	}
	next = differ ? xasprintf("; ranges here are numbered in EPK order, "
				  "and are the log's ranges %s%s",
				  out, i > listed ? ", ..." : "")
		      : xstrdup("");
	free(out);
	return next;
}

/* The sentence when even puts two keys of two recorded ranges on one
   range (the first such pair in EPK order), else NULL. */
static char *note_of(const struct lr *L, const struct lr_key *keys, size_t n,
		     const struct pk_pmap *even)
{
	char ka[LR_KEY_TEXT], kb[LR_KEY_TEXT], *ids, *out;
	size_t j;

	for (j = 1; j < n; j++) {
		if (keys[j].rec != keys[j - 1].rec &&
		    pmap_find(even, &keys[j].epk) ==
			pmap_find(even, &keys[j - 1].epk)) {
			break;
		}
	}
	if (j >= n) {
		return NULL;
	}
	key_text(L, keys[j - 1].row, ka, sizeof(ka));
	key_text(L, keys[j].row, kb, sizeof(kb));
	ids = ids_note(L, keys, n);
	out = xasprintf(
	    "the replay lays out its %zu ranges as the log records its keys: "
	    "an even split of the key space (pksim's layout without a log, "
	    "an ASSUMPTION) would put %s (recorded on range %.*s) and %s "
	    "(on range %.*s) on one range, so each cut here falls between "
	    "the last key of one recorded range and the first of the next "
	    "(scenarios/README.md, Azure Monitor logs)%s",
	    even->n, ka, REC(L->m, keys[j - 1].row), kb, REC(L->m, keys[j].row),
	    ids);
	free(ids);
	return out;
}

/* The log's own layout from walk W (W->layout): *cuts and *note as
   logranges_read gives them; -1 with an error when no layout holds the
   keys as recorded. */
static int layout_of(const struct lr *L, const struct lr_walk *W,
		     const struct pk_pmap *even, struct pk_epk **cuts,
		     char **note)
{
	if (W->ma != LR_NONE) {
		two_ranges(L, W->ma, W->mb);
		return -1;
	}
	if (check_runs(L, W->keys, W->n) < 0) {
		return -1;
	}
	*cuts = cuts_of(W->keys, W->n, even);
	*note = note_of(L, W->keys, W->n, even);
	return 0;
}

/* Where layout even disagrees with the log's keys (n of them, in EPK
   order): 1 with *a, *b the rows of two keys recorded on two ranges that
   even puts on one; 2 with two keys recorded on one range that even
   puts on two; 0 when it agrees. */
static int disagreement(const struct lr *L, const struct lr_key *keys, size_t n,
			const struct pk_pmap *even, size_t *a, size_t *b)
{
	size_t *at = xmalloc(L->m->ranges * sizeof(*at));
	size_t j, r, prev = 0;
	int found = 0;

	for (j = 0; j < L->m->ranges; j++) {
		at[j] = LR_NONE;
	}
	for (j = 0; j < n && !found; j++) {
		r = pmap_find(even, &keys[j].epk);
		if (j > 0 && r == prev && keys[j].rec != keys[j - 1].rec) {
			*a = keys[j - 1].row;
			*b = keys[j].row;
			found = 1;
		} else if (at[keys[j].rec] != LR_NONE &&
			   pmap_find(even, &keys[at[keys[j].rec]].epk) != r) {
			*a = keys[at[keys[j].rec]].row;
			*b = keys[j].row;
			found = 2;
		} else if (at[keys[j].rec] == LR_NONE) {
			at[keys[j].rec] = j;
		}
		prev = r;
	}
	free(at);
	return found;
}

/* logranges_read's sentence when the log names another count of ranges
   than even has: how even disagrees (1 or 2,
   disagreement's, about the keys of rows a and b; 0: it does not) and
   rows ma, mb of one key on two recorded ranges (LR_NONE: none). */
static char *mismatch_note(const struct lr *L, const struct pk_pmap *even,
			   int how, size_t a, size_t b, size_t ma, size_t mb)
{
	char ka[LR_KEY_TEXT], kb[LR_KEY_TEXT], km[LR_KEY_TEXT], *what, *split,
	    *out;

	key_text(L, a, ka, sizeof(ka));
	key_text(L, b, kb, sizeof(kb));
	if (how == 1) {
		what = xasprintf(", which disagrees with the log: %s "
				 "(recorded on range %.*s) and %s (on range "
				 "%.*s) share one range here, so the 429s and "
				 "hot ranges here are not the log's",
				 ka, REC(L->m, a), kb, REC(L->m, b));
	} else if (how == 2) {
		what = xasprintf(", which disagrees with the log: %s and %s, "
				 "both recorded on range %.*s, are on two "
				 "ranges here, so the 429s and hot ranges "
				 "here are not the log's",
				 ka, kb, REC(L->m, a));
	} else {
		what = xstrdup("");
	}
	split = xstrdup("");
	if (ma != LR_NONE) {
		free(split);
		key_text(L, ma, km, sizeof(km));
		split = xasprintf("; the log records %s on range %.*s (line "
				  "%d) and on range %.*s (line %d): a split "
				  "during the log moved it, so replay the rows "
				  "of after the split (filter the export by "
				  "TimeGenerated)",
				  km, REC(L->m, ma), line_of(L, ma),
				  REC(L->m, mb), line_of(L, mb));
	}
	out = xasprintf(
	    "the log records its keys on %zu partition key range%s and this "
	    "container has %zu, so the replay lays them out evenly (pksim's "
	    "layout without a log, an ASSUMPTION)%s%s; the log's own layout "
	    "is replayed only with as many partitions as it names ranges "
	    "(scenarios/README.md, Azure Monitor logs)",
	    L->m->ranges, L->m->ranges == 1 ? "" : "s", even->n, what, split);
	free(what);
	free(split);
	return out;
}

int logranges_read(const struct pk_pkey *k, const struct pk_workload *w,
		   const struct pk_items_file *f, const struct pk_pmap *even,
		   struct pk_keyval *kv, struct pk_epk **cuts, char **note,
		   int *contradicts, struct pk_diag *d)
{
	struct lr L = {k, w, f, f->monitor, kv, d};
	struct lr_walk W;
	size_t a = 0, b = 0;
	int how, rc = 0;

	*cuts = NULL;
	*note = NULL;
	*contradicts = 0;
	if (!L.m || L.m->ranges < 1 || L.m->n_rows == 0) {
		return 0;
	}
	walk(&L, even, &W);
	if (W.layout) {
		rc = layout_of(&L, &W, even, cuts, note);
	} else if (even->n != L.m->ranges) {
		how = disagreement(&L, W.keys, W.n, even, &a, &b);
		if (how != 0 || W.ma != LR_NONE) {
			*note = mismatch_note(&L, even, how, how ? a : W.ma,
					      how ? b : W.mb, W.ma, W.mb);
			*contradicts = 1;
		}
	}
	free(W.keys);
	return rc;
}
