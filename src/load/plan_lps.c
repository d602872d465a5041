/*
 * plan_lps: how many logical partitions a variant's run can make, for the
 * memory estimate (plan_memory.c): the values its key's properties can
 * take over the run (a clock format's changes, a list's or a pattern's
 * values drawn, a synthetic key's template parts multiplied), at most
 * one per item created.
 */
#include "loader.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/monitor.h"
#include "pksim/load/trace.h"

/* Seconds between the values a strftime format can change: its finest
   conversion's unit (%S 1, %M 60, %H 3,600, a day's 86,400, a week's, a
   month's at 28 days, a year's at 365); 0 when it has one pksim does not
   bound (or none: one value) */
static double clock_unit_s(const char *fmt)
{
	double unit = HUGE_VAL, u;
	const char *c;

	for (c = strchr(fmt, '%'); c && c[1]; c = strchr(c + 2, '%')) {
		switch (c[1]) {
		case 'S':
		case 's':
		case 'T':
		case 'r':
		case 'X':
		case 'c':
		case '+':
			u = 1;
			break;
		case 'M':
		case 'R':
			u = 60;
			break;
		case 'H':
		case 'I':
		case 'k':
		case 'l':
		case 'p':
			u = 3600;
			break;
		case 'd':
		case 'e':
		case 'j':
		case 'a':
		case 'A':
		case 'u':
		case 'w':
		case 'D':
		case 'F':
		case 'x':
			u = 86400;
			break;
		case 'U':
		case 'W':
		case 'V':
			u = 7 * 86400.0;
			break;
		case 'm':
		case 'b':
		case 'B':
		case 'h':
			u = 28 * 86400.0;
			break;
		case 'Y':
		case 'y':
		case 'C':
		case 'G':
		case 'g':
			u = 365 * 86400.0;
			break;
		case '%':
			u = HUGE_VAL;
			break;
		default:
			return 0;
		}
		unit = fmin(unit, u);
	}
	return unit;
}

/* The most distinct values property p takes over a run of span_s
   seconds of creation times: a pattern's or list's count, a constant's
   1, a clock's changes over the span (span / its unit, + 2 for the
   partial units at each end); HUGE_VAL when not bounded (unique ids,
   numbers, a clock format pksim does not read) */
static double prop_values(const struct pk_prop_spec *p, double span_s)
{
	double unit;

	switch (p->kind) {
	case PK_GEN_PATTERN:
	case PK_GEN_LIST:
		return (double)p->count;
	case PK_GEN_CONST:
		return 1;
	case PK_GEN_CLOCK:
		unit = clock_unit_s(p->clock_format);
		if (unit == HUGE_VAL) {
			return 1; /* no conversion: one text */
		}
		return unit > 0 ? floor(span_s / unit) + 2 : HUGE_VAL;
	default:
		return HUGE_VAL;
	}
}

/* The values of the property a template part names (name, NUL-ended
   where the part's name ends), at most; 1 when no property has it (the
   key is then undefined there: one value) */
static double named_values(const struct pk_scenario *s, const char *name,
			   size_t len, double span_s)
{
	char path[256];
	const struct pk_prop_spec *p;
	size_t i;

	if (len + 2 > sizeof(path)) {
		return HUGE_VAL;
	}
	path[0] = '/';
	for (i = 0; i < len; i++) {
		path[i + 1] = name[i] == '.' ? '/' : name[i];
	}
	path[len + 1] = '\0';
	p = scenario_find_prop(s, path);
	return p ? prop_values(p, span_s) : 1;
}

/* The most distinct values one part of a synthetic key's template
   (between its braces: part[0..len)) takes: {random A..B} B - A + 1,
   {hash(x) mod N} and {crc32(x) mod N} N, {weekday(x)} 7, {hour(x)} 24
   (at most x's), {day(x)}, {month(x)}, {year(x)} and {x} x's values */
static double part_values(const struct pk_scenario *s, const char *part,
			  size_t len, double span_s)
{
	const char *open = memchr(part, '(', len), *close;
	long long a, b;
	double n, x;

	/* whole numbers: "%lf" would take "1." of "1..400" */
	if (len > 7 && strncmp(part, "random ", 7) == 0 &&
	    sscanf(part + 7, "%lld..%lld", &a, &b) == 2) {
		return (double)b - (double)a + 1;
	}
	if (!open) {
		while (len > 0 && part[len - 1] == ' ') {
			len--;
		}
		while (len > 0 && *part == ' ') {
			part++;
			len--;
		}
		return named_values(s, part, len, span_s);
	}
	close = memchr(open, ')', len - (size_t)(open - part));
	if (!close) {
		return HUGE_VAL;
	}
	x = named_values(s, open + 1, (size_t)(close - open - 1), span_s);
	if (sscanf(close + 1, " mod %lf", &n) == 1) {
		return fmin(n, x);
	}
	if (strncmp(part, "weekday(", 8) == 0) {
		return fmin(7, x);
	}
	if (strncmp(part, "hour(", 5) == 0) {
		return fmin(24, x);
	}
	return x;
}

/* The most keys a synthetic key's template builds: the product of its
   parts' values (the text between them is fixed) */
static double template_values(const struct pk_scenario *s, const char *t,
			      double span_s)
{
	double n = 1;
	const char *a, *b;

	for (a = strchr(t, '{'); a; a = strchr(b, '{')) {
		b = strchr(a, '}');
		if (!b) {
			return HUGE_VAL;
		}
		n *= part_values(s, a + 1, (size_t)(b - a - 1), span_s);
	}
	return n;
}

/* The distinct values `draws` draws of generated property p give, as
   expected: the sum over its values of 1 - (1 - p_i)^draws (dist_pmf's
   share p_i); exact up to PK_SCENARIO_DRAWN_EXACT values, past them over
   runs of indexes 1 % apart, each run at its middle index's share (the
   shares fall with the index: a zipfian's or a hotspot's, or are equal).
   Its spread around that is at most its square root, so the figure is
   the run's within a fraction of a percent for the counts that matter.
   (A sequence's values come in turn: min(count, draws), values_drawn.) */
#define PK_SCENARIO_DRAWN_EXACT 4096
static double values_drawn_sum(const struct pk_prop_spec *p, double draws)
{
	double norm = dist_norm(&p->dist, p->count), sum = 0, pi;
	uint64_t a = 0, b, n = p->count;

	while (a < n) {
		b = n <= PK_SCENARIO_DRAWN_EXACT ? a + 1
						 : a + 1 + (uint64_t)(a / 100);
		b = b < n ? b : n;
		pi = dist_pmf(&p->dist, n, norm, a + (b - a) / 2);
		sum += (double)(b - a) * -expm1(draws * log1p(-fmin(pi, 1)));
		a = b;
	}
	return fmin(sum, draws);
}

/* values_drawn_sum's answers, remembered by what they depend on (the
   distribution's parameters, the count, the draws): the estimate asks
   for the same key's figure once per phase and per check, and each is
   about a thousand pow calls. A weighted distribution (its weights are
   not compared here) is summed every time. */
#define PK_SCENARIO_DRAWN_MEMO 8
struct drawn_memo {
	struct pk_dist_spec dist;
	uint64_t count;
	double draws, sum;
};

static int drawn_same(const struct drawn_memo *m, const struct pk_prop_spec *p,
		      double draws)
{
	return m->dist.kind == p->dist.kind && m->dist.theta == p->dist.theta &&
	       m->dist.s == p->dist.s &&
	       m->dist.hot_data_fraction == p->dist.hot_data_fraction &&
	       m->dist.hot_op_fraction == p->dist.hot_op_fraction &&
	       m->count == p->count && m->draws == draws;
}

static double values_drawn(const struct pk_prop_spec *p, double draws)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static struct drawn_memo memo[PK_SCENARIO_DRAWN_MEMO];
	static size_t n_memo, next;
	double sum;
	size_t i;

	if (p->dist.kind == PK_DIST_SEQUENTIAL) {
		return fmin((double)p->count, draws);
	}
	if (p->dist.kind == PK_DIST_WEIGHTED) {
		return values_drawn_sum(p, draws);
	}
	pthread_mutex_lock(&lock);
	for (i = 0; i < n_memo; i++) {
		if (drawn_same(&memo[i], p, draws)) {
			sum = memo[i].sum;
			pthread_mutex_unlock(&lock);
			return sum;
		}
	}
	/* summed under the lock: a second thread asking waits for it */
	sum = values_drawn_sum(p, draws);
	memo[next].dist = p->dist;
	memo[next].dist.weights = NULL;
	memo[next].count = p->count;
	memo[next].draws = draws;
	memo[next].sum = sum;
	next = (next + 1) % PK_SCENARIO_DRAWN_MEMO;
	n_memo += n_memo < PK_SCENARIO_DRAWN_MEMO;
	pthread_mutex_unlock(&lock);
	return sum;
}

/* Logical partitions one variant can hold: at most one per item, and
   at most the values its key can take when the key's properties have a
   known number of values over the run (prop_values: each level's,
   multiplied for a hierarchical key; a synthetic key's template parts',
   multiplied); a key no item carries makes one. span_s: the seconds
   items are created over. */
double ld_lps_planned(const struct pk_scenario *s,
		      const struct pk_container_spec *c, double items)
{
	const struct pk_prop_spec *p1;
	double n = 1, span_s = 0;
	size_t i;

	if (s->items_file && s->items_file->monitor) {
		/* at most one per row of the log */
		return (double)s->items_file->monitor->n_rows;
	}
	if (s->items_file) {
		return items;
	}
	ld_count_phase_pass();
	for (i = 0; i < s->n_phases; i++) {
		span_s += (double)s->phases[i].duration_ms / 1000.0;
	}
	/* a create retried after the phases, and second 0 */
	span_s += ld_retry_life_s(s) + 1;
	if (c->key.kind == PK_KEY_SYNTHETIC) {
		n = c->key.template_text
			? template_values(s, c->key.template_text, span_s)
			: HUGE_VAL;
		return n < items ? n : items;
	}
	for (i = 0; i < c->key.n_paths; i++) {
		const struct pk_prop_spec *p =
		    scenario_find_prop(s, c->key.paths[i]);

		if (!p) {
			continue; /* undefined at this level: one value */
		}
		n *= prop_values(p, span_s);
	}
	if (c->key.kind == PK_KEY_PATH && c->key.n_paths == 1 &&
	    (p1 = scenario_find_prop(s, c->key.paths[0])) &&
	    (p1->kind == PK_GEN_PATTERN || p1->kind == PK_GEN_LIST)) {
		return values_drawn(p1, items);
	}
	return n < items ? n : items;
}

/* 1 when query q of a run on variant c reads the logical partitions
   under a key prefix or an IN list (a targeted query: lpgroup.c builds
   its index at the first): an IN condition on a key path, or under a
   hierarchical key an eq on some of its levels but not all */
static int query_targets(const struct pk_container_spec *c,
			 const struct pk_query_spec *q)
{
	size_t i, j, levels = 0;

	for (i = 0; i < q->n_conds; i++) {
		for (j = 0; j < c->key.n_paths; j++) {
			if (!q->conds[i].path || !c->key.paths[j] ||
			    strcmp(q->conds[i].path, c->key.paths[j]) != 0) {
				continue;
			}
			if (q->conds[i].kind == PK_COND_IN) {
				return 1;
			}
			levels += q->conds[i].kind == PK_COND_EQ;
		}
	}
	return c->key.kind == PK_KEY_HIERARCHICAL && levels > 0 &&
	       levels < c->key.n_paths;
}

double ld_lp_group_bytes(const struct pk_scenario *s,
			 const struct pk_container_spec *c, double lps)
{
	size_t i, j;
	int some = 0;

	if (scenario_variant_table(s, c)) {
		return 0; /* a table's queries read their own partition */
	}
	for (i = 0; i < s->n_phases && !some; i++) {
		for (j = 0; j < s->phases[i].n_queries && !some; j++) {
			some = query_targets(c, &s->phases[i].queries[j]);
		}
	}
	for (j = 0; s->items_file && j < s->items_file->n_queries && !some;
	     j++) {
		some = query_targets(c, &s->items_file->queries[j]);
	}
	return some ? lps * (double)c->key.n_paths * PK_SCENARIO_LP_GROUP_BYTES
		    : 0;
}
