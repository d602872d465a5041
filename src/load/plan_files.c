/*
 * plan_files: what the data files a scenario reads imply for its run,
 * read from them as loaded, for the memory estimate (plan_memory.c): the
 * records (or a monitor log's requests) that arrive within one retry
 * wait, the distinct partition keys of a data file's records, and the
 * bytes the loaded files hold.
 */
#include "loader.h"
#include "pksim/load/monitor.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/base/sort.h"
#include "pksim/load/trace.h"

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The most records of a data file that arrive within any wait_s seconds
   of simulated time: all of them at once; rate x wait_s + 1 at a rate;
   under a time field, the densest window of the times (compression
   applied). Their operations can all be waiting to retry together. */
double ld_file_records_within(const struct pk_items_file *f, double wait_s)
{
	double n = ld_file_records(f), best = 0;
	size_t m = (size_t)n, i, lo = 0;
	int64_t *t;
	struct pk_diag scratch;

	if (f->from == PK_FROM_RATE) {
		return fmin(n, floor(f->rate_per_s * wait_s) + 1);
	}
	if (f->from != PK_FROM_TIME_FIELD || m == 0) {
		return n;
	}
	t = xcalloc(m, sizeof(*t));
	diag_init(&scratch);
	for (i = 0; i < m; i++) {
		(void)trace_time_ms(f->trace, i, f->time_field, &t[i],
				    &scratch);
	}
	diag_free(&scratch);
	qsort(t, m, sizeof(*t), cmp_i64);
	for (i = 0; i < m; i++) {
		while (((double)t[i] - (double)t[lo]) / 1000.0 /
			   f->time_compression >
		       wait_s) {
			lo++;
		}
		best = fmax(best, (double)(i - lo + 1));
	}
	free(t);
	return best;
}

static int cmp_row_t(const void *a, const void *b)
{
	const struct pk_monitor_row *x = a, *y = b;

	return (x->sec_ms > y->sec_ms) - (x->sec_ms < y->sec_ms);
}

/* The most requests of a monitor log that arrive within any wait_s
   seconds: the rows whose seconds start within wait_s + 1 s of each
   other (a row's requests spread over its second), their requests
   summed. */
double ld_monitor_within(const struct pk_monitor_log *m, double wait_s)
{
	struct pk_monitor_row *r;
	double best = 0, sum = 0;
	size_t i, lo = 0;

	if (m->n_rows == 0) {
		return 0;
	}
	r = xcalloc(m->n_rows, sizeof(*r));
	memcpy(r, m->rows, m->n_rows * sizeof(*r));
	qsort(r, m->n_rows, sizeof(*r), cmp_row_t);
	for (i = 0; i < m->n_rows; i++) {
		sum += (double)r[i].pieces;
		while (((double)r[i].sec_ms - (double)r[lo].sec_ms) / 1000.0 >
		       wait_s + 1) {
			sum -= (double)r[lo++].pieces;
		}
		best = fmax(best, sum);
	}
	free(r);
	return best;
}

/* The most of data file f's operations a paced client sending rate ops/s
   holds waiting at once: its arrivals walked in time order (a monitor
   log's rows at their seconds, each its requests; a time field's records
   at their times, each with its share of the queries --query sends), the
   queue max(0, queue - rate x the time since the last) + what arrives,
   its largest; at a rate or at once, the operations less what is sent
   over their span. */
double ld_file_backlog(const struct pk_items_file *f, double rate)
{
	double q = 0, most = 0, per, all = ld_file_ops(f);
	int64_t *t;
	size_t m, i;
	struct pk_diag scratch;

	if (f->monitor && f->monitor->n_rows > 0) {
		struct pk_monitor_row *r;

		m = f->monitor->n_rows;
		r = xcalloc(m, sizeof(*r));
		memcpy(r, f->monitor->rows, m * sizeof(*r));
		qsort(r, m, sizeof(*r), cmp_row_t);
		for (i = 0; i < m; i++) {
			q = fmax(0, q - rate * (i ? (double)(r[i].sec_ms -
							     r[i - 1].sec_ms) /
							1000.0
						  : 0)) +
			    (double)r[i].pieces;
			most = fmax(most, q);
		}
		free(r);
		return most;
	}
	m = (size_t)ld_file_records(f);
	if (f->monitor || f->from != PK_FROM_TIME_FIELD || m == 0) {
		return fmax(0, all - rate * ld_file_span_s(f));
	}
	per = all / (double)m;
	t = xcalloc(m, sizeof(*t));
	diag_init(&scratch);
	for (i = 0; i < m; i++) {
		t[i] = 0;
		(void)trace_time_ms(f->trace, i, f->time_field, &t[i],
				    &scratch);
	}
	diag_free(&scratch);
	qsort(t, m, sizeof(*t), cmp_i64);
	for (i = 0; i < m; i++) {
		q = fmax(0, q - rate * (i ? (double)(t[i] - t[i - 1]) / 1000.0 /
						f->time_compression
					  : 0)) +
		    per;
		most = fmax(most, q);
	}
	free(t);
	return most;
}

/* v's bits into the FNV-1a 64 hash h */
static uint64_t fnv_bytes(uint64_t h, const void *v, size_t n)
{
	const unsigned char *b = v;
	size_t i;

	for (i = 0; i < n; i++) {
		h = (h ^ b[i]) * 0x100000001b3ULL;
	}
	return h;
}

/* The hash of record i's values at key k's paths (type and bytes each;
   with exact, a number its double does not keep by its decimal text, as
   a table tells numbers apart: pkey.h exact_numbers); their bytes (a
   string's length, a number's 8) added to *bytes */
static uint64_t record_key_hash(const struct pk_trace *t, size_t i,
				const long *ids, size_t n, int exact,
				double *bytes)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	struct pk_value v;
	size_t j;

	for (j = 0; j < n; j++) {
		memset(&v, 0, sizeof(v));
		if (trace_value_id(t, i, ids[j], &v, NULL, 0) != PK_TRACE_OK) {
			v.type = PK_VALUE_UNDEFINED; /* no key: one place */
		}
		h = fnv_bytes(h, &v.type, sizeof(v.type));
		if (v.type == PK_VALUE_STRING) {
			h = fnv_bytes(h, v.str, v.len);
			*bytes += (double)v.len;
		} else if (v.type == PK_VALUE_NUMBER && exact && v.str) {
			h = fnv_bytes(h, v.str, v.len);
			*bytes += sizeof(v.num);
		} else if (v.type == PK_VALUE_NUMBER) {
			h = fnv_bytes(h, &v.num, sizeof(v.num));
			*bytes += sizeof(v.num);
		} else if (v.type == PK_VALUE_BOOL) {
			h = fnv_bytes(h, &v.boolean, sizeof(v.boolean));
		}
		h = fnv_bytes(h, "\x1f", 1); /* between levels */
	}
	return h;
}

/* Logical partitions a data file's records make under key k: the records'
   distinct values at the key's path (a hierarchical key: distinct tuples
   of its levels), counted by a 64-bit hash of each; a synthetic key (its
   random or hashed parts can split one tuple) one per record. A key
   value is one logical partition (rule 3), so this is their number, not a
   bound above it. 8 bytes a record while it counts. *key_bytes: the
   key's bytes in a record on average (its levels' values); *top_share:
   the most records one key has over all of them (1 for a synthetic key:
   not counted). */
static double file_lps(const struct pk_items_file *f,
		       const struct pk_key_spec *k, int exact,
		       double *key_bytes, double *top_share)
{
	double n = ld_file_records(f), bytes = 0;
	size_t m = (size_t)n, i, distinct = 0, run = 0, top = 0;
	long ids[PK_KEY_MAX_LEVELS];
	uint64_t *h;

	*key_bytes = 0;
	*top_share = 1;
	if (k->kind == PK_KEY_SYNTHETIC || m == 0) {
		return n;
	}
	for (i = 0; i < k->n_paths; i++) {
		ids[i] = trace_path_id(f->trace, k->paths[i]);
	}
	h = xcalloc(m, sizeof(*h));
	for (i = 0; i < m; i++) {
		h[i] = record_key_hash(f->trace, i, ids, k->n_paths, exact,
				       &bytes);
	}
	sort_u64(h, m);
	for (i = 0; i < m; i++) {
		int fresh = i == 0 || h[i] != h[i - 1];

		distinct += fresh;
		run = fresh ? 1 : run + 1;
		top = run > top ? run : top;
	}
	*key_bytes = bytes / n;
	*top_share = (double)top / n;
	free(h);
	return (double)distinct;
}

/* ld_file_lps's answers, remembered by what they depend on (the trace,
   the records used, the key's paths): the plan asks them of one file
   and key once per throttle check and again for the memory estimate,
   and each is a pass over every record and a sort of their hashes. The
   lock as values_drawn's (plan_lps.c): a second thread asking waits. */
#define PK_LD_FILE_LPS_MEMO 8
struct lps_memo {
	uint64_t serial; /* trace_serial, 0: unused */
	size_t records;	 /* ld_file_records */
	size_t n_paths;
	int exact;   /* ld_file_lps's */
	char *paths; /* owned; the key's paths, each ended by a NUL */
	size_t paths_len;
	double lps, key_bytes, top_share;
};

/* k's paths into buf (each ended by a NUL), its length into *len; NULL
   when they pass len's room */
static char *paths_of(const struct pk_key_spec *k, char *buf, size_t room,
		      size_t *len)
{
	size_t i, at = 0;

	for (i = 0; i < k->n_paths; i++) {
		size_t n = strlen(k->paths[i]) + 1;

		if (at + n > room) {
			return NULL;
		}
		memcpy(buf + at, k->paths[i], n);
		at += n;
	}
	*len = at;
	return buf;
}

double ld_file_lps(const struct pk_items_file *f, const struct pk_key_spec *k,
		   int exact, double *key_bytes, double *top_share)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static struct lps_memo memo[PK_LD_FILE_LPS_MEMO];
	static size_t next;
	char buf[1024];
	size_t len = 0, records, i;
	const char *paths;
	double lps;

	if (k->kind == PK_KEY_SYNTHETIC || !f->trace) {
		return file_lps(f, k, exact, key_bytes, top_share);
	}
	paths = paths_of(k, buf, sizeof(buf), &len);
	if (!paths) {
		return file_lps(f, k, exact, key_bytes, top_share);
	}
	records = (size_t)ld_file_records(f);
	pthread_mutex_lock(&lock);
	for (i = 0; i < PK_LD_FILE_LPS_MEMO; i++) {
		const struct lps_memo *m = &memo[i];

		if (m->serial == trace_serial(f->trace) &&
		    m->records == records && m->n_paths == k->n_paths &&
		    m->exact == exact && m->paths_len == len &&
		    memcmp(m->paths, paths, len) == 0) {
			*key_bytes = m->key_bytes;
			*top_share = m->top_share;
			lps = m->lps;
			pthread_mutex_unlock(&lock);
			return lps;
		}
	}
	lps = file_lps(f, k, exact, key_bytes, top_share);
	free(memo[next].paths);
	memo[next].serial = trace_serial(f->trace);
	memo[next].records = records;
	memo[next].n_paths = k->n_paths;
	memo[next].exact = exact;
	memo[next].paths = xmalloc(len ? len : 1);
	memcpy(memo[next].paths, paths, len);
	memo[next].paths_len = len;
	memo[next].lps = lps;
	memo[next].key_bytes = *key_bytes;
	memo[next].top_share = *top_share;
	next = (next + 1) % PK_LD_FILE_LPS_MEMO;
	pthread_mutex_unlock(&lock);
	return lps;
}

/* The data files as loaded, held for the run */
double ld_files_bytes(const struct pk_scenario *s)
{
	const struct pk_trace *a = s->items_file ? s->items_file->trace : NULL;
	const struct pk_trace *b =
	    s->preload && s->preload->file ? s->preload->file->trace : NULL;

	return (double)trace_memory_bytes(a) + (double)trace_memory_bytes(b) +
	       fmax((double)trace_parse_bytes(a), (double)trace_parse_bytes(b));
}

/* 1 when every record f's run uses carries a string /id and no two share
   one (by a 64-bit hash each, as the run checks them,
   workload_file_ids_distinct): no create can conflict and the run keeps
   no id table; else 0. 8 bytes a record while it counts. */
int ld_file_ids_distinct(const struct pk_items_file *f)
{
	size_t m = (size_t)ld_file_records(f), i, n = 0;
	long id = f->trace ? trace_path_id(f->trace, "/id") : -1;
	struct pk_value v;
	uint64_t *h;
	int ok = id >= 0 && m > 0;

	if (!ok) {
		return 0;
	}
	h = xcalloc(m, sizeof(*h));
	for (i = 0; i < m && ok; i++) {
		memset(&v, 0, sizeof(v));
		ok = trace_value_id(f->trace, i, id, &v, NULL, 0) ==
			 PK_TRACE_OK &&
		     v.type == PK_VALUE_STRING;
		if (ok) {
			h[n++] = fnv_bytes(0xcbf29ce484222325ULL, v.str, v.len);
		}
	}
	if (ok) {
		sort_u64(h, n);
		for (i = 1; i < n && ok; i++) {
			ok = h[i] != h[i - 1];
		}
	}
	free(h);
	return ok;
}
