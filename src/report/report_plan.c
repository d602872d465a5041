/*
 * report_plan: `pksim plan` as text, Markdown and JSON (report_plan.h).
 * The text follows seed 002's "Estimating cost" table line by line so a
 * class can hold the two side by side.
 */
#include "pksim/report/report_plan.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"

#define PK_PLAN_JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(16))
/* Room for one formatted number. */
#define PK_PLAN_NUM_BYTES 48
/* What the largest month is, under the table: the year spread evenly,
   as the seed's Solution 1 computes it ("40,000 / 12 x 221 x 2"); a
   31-day month of an even year is 31 / 365 of it, 31 x 12 / 365 =
   1.019 of a twelfth (the runway's bucket says that month) */
#define PK_PLAN_MONTH_WORDS                                                    \
	"largest month = a year / 12, the year spread evenly (the seed's "     \
	"Solution 1); a 31-day month of it is 31/365 of a year, 1.9 % more"

/* The most significant digits a figure is printed with before it takes
   an exponent: a double holds 15 to 17, so 1e24 printed whole would
   show digits the input never had (999999999999999983222784), and
   1.6e13 MiB with 3 decimals 17 (16666666666666.666) */
#define PK_PLAN_DIGITS 15

/* v with an exponent and 4 significant digits, trailing zeros dropped
   to one decimal: "1.0e24", "2.5e18", "1.234e16" */
static const char *exp_text(double v, char *buf)
{
	char m[PK_PLAN_NUM_BYTES], *e, *end;
	int x;

	snprintf(m, sizeof(m), "%.3e", v);
	e = strchr(m, 'e');
	x = atoi(e + 1);
	*e = '\0';
	end = e - 1;
	while (end > m + 2 && *end == '0' && end[-1] != '.') {
		*end-- = '\0';
	}
	snprintf(buf, PK_PLAN_NUM_BYTES, "%.20se%d", m, x);
	return buf;
}

/* A count as the seed writes it: whole when it is whole ("7360"), else
   with one decimal ("1842.5"); past PK_PLAN_DIGITS digits with an
   exponent ("1.0e24"). */
static const char *num(double v, char *buf)
{
	if (fabs(v) >= pow(10, PK_PLAN_DIGITS - (v == floor(v) ? 0 : 1))) {
		return exp_text(v, buf);
	}
	if (v == floor(v)) {
		snprintf(buf, PK_PLAN_NUM_BYTES, "%.0f", v);
	} else {
		snprintf(buf, PK_PLAN_NUM_BYTES, "%.1f", v);
	}
	return buf;
}

/* v with the given decimals ("%.2f"), past PK_PLAN_DIGITS digits with
   an exponent as num */
static const char *fixed(double v, int decimals, char *buf)
{
	if (fabs(v) >= pow(10, PK_PLAN_DIGITS - decimals)) {
		return exp_text(v, buf);
	}
	snprintf(buf, PK_PLAN_NUM_BYTES, "%.*f", decimals, v);
	return buf;
}

/* A rate v (writes a second) rounded (down when down is 1) to a whole
   number, as the seed writes it; a positive rate that would print 0 is
   "0.xx" from 0.01, else "< 0.01", never 0 */
static const char *rate(double v, int down, char *buf)
{
	double r = down ? floor(v) : round(v);

	if (r > 0 || v <= 0) {
		return num(r, buf);
	}
	if (v < 0.01) {
		snprintf(buf, PK_PLAN_NUM_BYTES, "< 0.01");
	} else {
		snprintf(buf, PK_PLAN_NUM_BYTES, "%.2f", v);
	}
	return buf;
}

/* A share 0..1 as a percentage with 3 significant digits: "77",
   "0.0105". */
static const char *pct(double share, char *buf)
{
	double x = share * 100.0;
	int digits;
	char *end;

	if (x >= 1 || x <= 0) {
		snprintf(buf, PK_PLAN_NUM_BYTES, "%.3g", x);
		return buf;
	}
	/* below 1 %: 3 significant digits without an exponent (2.74e-05
	   prints 0.0000274), trailing zeros dropped as %g does */
	digits = 2 - (int)floor(log10(x));
	snprintf(buf, PK_PLAN_NUM_BYTES, "%.*f", digits, x);
	end = buf + strlen(buf) - 1;
	while (end > buf && *end == '0') {
		*end-- = '\0';
	}
	if (*end == '.') {
		*end = '\0';
	}
	return buf;
}

/* Where the hottest logical partition of ks is, in words. */
static void hot_where(const struct pk_plan *p,
		      const struct pk_plan_keyshare *ks, char *buf, size_t cap)
{
	const char *big = p->rows[p->largest].name;

	switch (ks->hot) {
	case PK_PLAN_HOT_VALUE:
		snprintf(buf, cap, "%s", big);
		break;
	case PK_PLAN_HOT_PERIOD:
		snprintf(buf, cap, "current %s of %s", ks->period, big);
		break;
	case PK_PLAN_HOT_ONE_ITEM:
		snprintf(buf, cap, "one item per partition");
		break;
	default:
		snprintf(buf, cap, "every write of the current %s",
			 ks->period ? ks->period : "moment");
		break;
	}
}

/* The first column's width: the label, every value's name and the
   "together" row's */
static size_t name_width(const struct pk_plan *p)
{
	size_t w = strlen(p->spec->label), i;

	if (w < strlen("together")) {
		w = strlen("together");
	}

	for (i = 0; i < p->n_rows; i++) {
		if (strlen(p->rows[i].name) > w) {
			w = strlen(p->rows[i].name);
		}
	}
	return w;
}

/* "the RU/s maximum ..." lines shared by text and Markdown. */
static void tipping_lines(const struct pk_plan *p, FILE *out, const char *pre)
{
	const struct pk_plan_spec *s = p->spec;
	const struct pk_plan_row *big = &p->rows[p->largest];
	char a[PK_PLAN_NUM_BYTES], b[PK_PLAN_NUM_BYTES], c[PK_PLAN_NUM_BYTES];
	char items[PK_FMT_BYTES], whole[PK_FMT_BYTES];

	fprintf(out,
		"%sone logical partition stops at %.0f RU/s = %s writes/s "
		"of %s RU",
		pre, PK_PLAN_LP_RU_PER_S, rate(p->lp_writes_per_s, 0, a),
		num(s->ru_per_write, c));
	/* the course's figure is the 10,000 RU/s cap; a container whose
	   physical partitions have less stops its logical partitions at
	   their share first (rule 2: max RU/s / ceil(max / 6,000)) */
	if (p->lp_ru_per_s < PK_PLAN_LP_RU_PER_S) {
		fprintf(out,
			"; with this container's %.0f RU/s per physical "
			"partition, %s writes/s",
			round(p->lp_ru_per_s),
			rate(p->lp_ru_per_s / s->ru_per_write, 1, a));
	}
	fputs(";\n", out);
	fprintf(out, "%s%s writes on a working day: %s = %s RU in a day\n", pre,
		big->name, num(big->day_writes, a), num(big->day_ru, b));
	fprintf(out,
		"%s20 GiB would hold %s such items\n"
		"%s(20 x 2^30 bytes / %s bytes stored, rounded; %s whole "
		"items fit)\n",
		pre, fmt_thousands((int64_t)llround(p->lp_items), items),
		pre[0] ? "  " : "", num(p->stored_item_bytes, a),
		fmt_thousands((int64_t)p->lp_whole_items, whole));
}

/* The line that says at which RU/s a value re-syncs when the container
   has more than one physical partition (rule 2); nothing for one. */
static void resync_share_line(const struct pk_plan *p, FILE *out,
			      const char *end)
{
	if (p->physical <= 1) {
		return;
	}
	fprintf(out,
		"re-sync seconds at %.0f RU/s: %lld RU/s over %.0f physical "
		"partitions (ceil(%lld / 6000), rule 2); one logical partition "
		"lies in one of them%s\n",
		round(p->lp_ru_per_s), (long long)p->spec->max_ru_per_s,
		p->physical, (long long)p->spec->max_ru_per_s, end);
}

int report_plan_text(const struct pk_plan *p, FILE *out)
{
	const struct pk_plan_spec *s = p->spec;
	char a[PK_PLAN_NUM_BYTES], b[PK_PLAN_NUM_BYTES], c[PK_PLAN_NUM_BYTES];
	char d[PK_PLAN_NUM_BYTES], e[PK_PLAN_NUM_BYTES];
	char head[64], where[128];
	int w = (int)name_width(p) + 3;
	size_t i, kw = 0;

	fprintf(out, "plan %s%s%s\n", s->name, s->description ? ": " : "",
		s->description ? s->description : "");
	fprintf(out,
		"inputs: %s RU per write, %s write%s per %s, index factor %s, "
		"%lld year%s,\n"
		"        %lld RU/s maximum, %lld working days a year\n",
		num(s->ru_per_write, a), num(s->writes_per_entity, b),
		s->writes_per_entity == 1 ? "" : "s", s->entity,
		num(s->index_factor, c), (long long)s->years,
		s->years == 1 ? "" : "s", (long long)s->max_ru_per_s,
		(long long)s->working_days);
	if (s->count_file) {
		fprintf(out, "volumes: counted in %s\n", s->count_file);
	}
	fprintf(out, "sizes are binary: 1 MiB = 2^20 = 1,048,576 bytes "
		     "(and 1 GiB = 2^30 bytes)\n\n");
	fprintf(out, "one %s%s: %llu bytes\n\n", s->entity,
		strcmp(s->entity, "item") == 0 ? "" : " item",
		(unsigned long long)s->item_bytes);
	resync_share_line(p, out, "\n");
	snprintf(head, sizeof(head), "storage after %lld year%s",
		 (long long)s->years, s->years == 1 ? "" : "s");
	fprintf(out, "%-*s%8s  %22s  %14s  %10s\n", w, s->label, "per year",
		head, "largest month", "re-sync");
	for (i = 0; i < p->n_rows; i++) {
		const struct pk_plan_row *r = &p->rows[i];

		fprintf(out, "%-*s%8s  %18s MiB  %10s MiB  %10s RU = %7s s\n",
			w, r->name, num(r->per_year, a),
			fixed(r->storage_bytes / PK_PLAN_MB, 2, b),
			fixed(r->month_bytes / PK_PLAN_MB, 3, c),
			num(r->resync_ru, d), fixed(r->resync_s, 1, e));
	}
	fprintf(out, "%-*s%8s  %22s  %14s  %10s RU = %7s s\n", w, "together",
		num(p->total_per_year, a), "", "",
		num(p->total_per_year * s->ru_per_write, b),
		fixed(p->total_resync_s, 1, e));
	fprintf(out, "%s\n", PK_PLAN_MONTH_WORDS);
	fputs("\nshare of the current writes that hit the hottest logical "
	      "partition\n",
	      out);
	for (i = 0; i < p->n_keys; i++) {
		size_t l = strlen(p->keys[i].key->display) + 1;

		kw = l > kw ? l : kw;
	}
	for (i = 0; i < p->n_keys; i++) {
		const struct pk_plan_keyshare *ks = &p->keys[i];

		hot_where(p, ks, where, sizeof(where));
		fprintf(out, "  %s:%*s%s %% (%s)\n", ks->key->display,
			(int)(kw + 2 - strlen(ks->key->display)), "",
			pct(ks->share, a), where);
	}
	fputc('\n', out);
	tipping_lines(p, out, "");
	return ferror(out) ? -1 : 0;
}

int report_plan_markdown(const struct pk_plan *p, FILE *out)
{
	const struct pk_plan_spec *s = p->spec;
	char a[PK_PLAN_NUM_BYTES], b[PK_PLAN_NUM_BYTES], c[PK_PLAN_NUM_BYTES];
	char d[PK_PLAN_NUM_BYTES], e[PK_PLAN_NUM_BYTES];
	char where[128];
	size_t i;

	fprintf(out, "## Plan %s\n\n", s->name);
	if (s->description) {
		fprintf(out, "%s\n\n", s->description);
	}
	fprintf(out,
		"One %s item: %llu bytes; index factor %s; %s RU per write; "
		"%s writes per %s; years: %lld; %lld RU/s maximum; %lld "
		"working days a year.%s%s%s Sizes are binary: 1 MiB = 2^20 = "
		"1,048,576 bytes (and 1 GiB = 2^30 bytes).\n\n",
		s->entity, (unsigned long long)s->item_bytes,
		num(s->index_factor, a), num(s->ru_per_write, b),
		num(s->writes_per_entity, c), s->entity, (long long)s->years,
		(long long)s->max_ru_per_s, (long long)s->working_days,
		s->count_file ? " Volumes counted in `" : "",
		s->count_file ? s->count_file : "", s->count_file ? "`." : "");
	resync_share_line(p, out, ".\n");
	fprintf(out,
		"| %s | per year | storage after %lld year%s | largest month "
		"| re-sync |\n| --- | ---: | ---: | ---: | ---: |\n",
		s->label, (long long)s->years, s->years == 1 ? "" : "s");
	for (i = 0; i < p->n_rows; i++) {
		const struct pk_plan_row *r = &p->rows[i];

		fprintf(out, "| %s | %s | %s MiB | %s MiB | %s RU = %s s |\n",
			r->name, num(r->per_year, a),
			fixed(r->storage_bytes / PK_PLAN_MB, 2, b),
			fixed(r->month_bytes / PK_PLAN_MB, 3, c),
			num(r->resync_ru, d), fixed(r->resync_s, 1, e));
	}
	fprintf(out, "| together | %s | | | %s RU = %s s |\n\n%s.\n\n",
		num(p->total_per_year, a),
		num(p->total_per_year * s->ru_per_write, b),
		fixed(p->total_resync_s, 1, e), PK_PLAN_MONTH_WORDS);
	fputs("| key | share of the current writes on the hottest logical "
	      "partition | where |\n| --- | ---: | --- |\n",
	      out);
	for (i = 0; i < p->n_keys; i++) {
		hot_where(p, &p->keys[i], where, sizeof(where));
		fprintf(out, "| `%s` | %s %% | %s |\n", p->keys[i].key->display,
			pct(p->keys[i].share, a), where);
	}
	fputc('\n', out);
	tipping_lines(p, out, "- ");
	return ferror(out) ? -1 : 0;
}

static json_t *json_inputs(const struct pk_plan_spec *s)
{
	json_t *in = json_object();

	json_object_set_new(in, "entity", json_string(s->entity));
	json_object_set_new(in, "per", json_string(s->per));
	json_object_set_new(in, "item_bytes",
			    json_integer((json_int_t)s->item_bytes));
	json_object_set_new(in, "index_factor", json_real(s->index_factor));
	json_object_set_new(in, "writes_per_entity",
			    json_real(s->writes_per_entity));
	json_object_set_new(in, "ru_per_write", json_real(s->ru_per_write));
	json_object_set_new(in, "years", json_integer(s->years));
	json_object_set_new(in, "max_ru_per_s", json_integer(s->max_ru_per_s));
	json_object_set_new(in, "working_days", json_integer(s->working_days));
	json_object_set_new(in, "count_file",
			    s->count_file ? json_string(s->count_file)
					  : json_null());
	return in;
}

static json_t *json_rows(const struct pk_plan *p)
{
	json_t *arr = json_array();
	size_t i;

	for (i = 0; i < p->n_rows; i++) {
		const struct pk_plan_row *r = &p->rows[i];
		json_t *o = json_object();

		json_object_set_new(o, "name", json_string(r->name));
		json_object_set_new(o, "per_year", json_real(r->per_year));
		json_object_set_new(o, "share", json_real(r->share));
		json_object_set_new(o, "storage_bytes",
				    json_real(r->storage_bytes));
		json_object_set_new(o, "storage_mb",
				    json_real(r->storage_bytes / PK_PLAN_MB));
		json_object_set_new(o, "largest_month_bytes",
				    json_real(r->month_bytes));
		json_object_set_new(o, "largest_month_mb",
				    json_real(r->month_bytes / PK_PLAN_MB));
		json_object_set_new(o, "resync_ru", json_real(r->resync_ru));
		json_object_set_new(o, "resync_s", json_real(r->resync_s));
		json_object_set_new(o, "working_day_writes",
				    json_real(r->day_writes));
		json_object_set_new(o, "working_day_ru", json_real(r->day_ru));
		json_array_append_new(arr, o);
	}
	return arr;
}

static json_t *json_keys(const struct pk_plan *p)
{
	json_t *arr = json_array();
	char where[128];
	size_t i, j;

	for (i = 0; i < p->n_keys; i++) {
		const struct pk_plan_keyshare *ks = &p->keys[i];
		json_t *o = json_object(), *paths = json_array();

		for (j = 0; j < ks->key->n_paths; j++) {
			json_array_append_new(paths,
					      json_string(ks->key->paths[j]));
		}
		hot_where(p, ks, where, sizeof(where));
		json_object_set_new(o, "key", json_string(ks->key->display));
		json_object_set_new(o, "paths", paths);
		json_object_set_new(o, "hottest_share", json_real(ks->share));
		json_object_set_new(o, "hottest", json_string(where));
		json_array_append_new(arr, o);
	}
	return arr;
}

int report_plan_json(const struct pk_plan *p, FILE *out)
{
	const struct pk_plan_row *big = &p->rows[p->largest];
	json_t *root = json_object(), *units = json_object();
	json_t *tip = json_object();
	int rc;

	json_object_set_new(root, "plan", json_string(p->spec->name));
	json_object_set_new(root, "description",
			    p->spec->description
				? json_string(p->spec->description)
				: json_null());
	json_object_set_new(units, "mb_bytes", json_integer(1048576));
	json_object_set_new(units, "gb_bytes", json_integer(1073741824));
	json_object_set_new(root, "units", units);
	json_object_set_new(root, "inputs", json_inputs(p->spec));
	json_object_set_new(root, "stored_item_bytes",
			    json_real(p->stored_item_bytes));
	json_object_set_new(root, "total_per_year",
			    json_real(p->total_per_year));
	json_object_set_new(root, "total_resync_s",
			    json_real(p->total_resync_s));
	json_object_set_new(root, "physical_partitions",
			    json_integer((json_int_t)p->physical));
	json_object_set_new(root, "resync_ru_per_s", json_real(p->lp_ru_per_s));
	json_object_set_new(root, "values", json_rows(p));
	json_object_set_new(root, "keys", json_keys(p));
	json_object_set_new(tip, "logical_partition_ru_per_s",
			    json_real(PK_PLAN_LP_RU_PER_S));
	json_object_set_new(tip, "logical_partition_writes_per_s",
			    json_real(p->lp_writes_per_s));
	json_object_set_new(tip, "logical_partition_bytes",
			    json_real(PK_PLAN_LP_BYTES));
	json_object_set_new(tip, "items_in_20gb", json_real(p->lp_items));
	json_object_set_new(tip, "whole_items_in_20gb",
			    json_integer((json_int_t)p->lp_whole_items));
	json_object_set_new(tip, "largest", json_string(big->name));
	json_object_set_new(tip, "largest_working_day_writes",
			    json_real(big->day_writes));
	json_object_set_new(tip, "largest_working_day_ru",
			    json_real(big->day_ru));
	json_object_set_new(root, "tipping", tip);
	rc = json_dumpf(root, out, PK_PLAN_JSON_FLAGS);
	json_decref(root);
	if (rc == 0) {
		fputc('\n', out);
	}
	return rc || ferror(out) ? -1 : 0;
}
