/*
 * cli_merge: `pksim merge REPORT.json... [-o FILE]` (cli.h), a sweep's
 * merge: the JSON reports of `pksim compare ...
 * --variant NAME --format json` runs of one workload become the report
 * one `pksim compare --format json` of all their variants writes. Each
 * variant's figures depend on that variant alone; what depends on more
 * than one, the ranking (scorecard.rank, .tied, .reason) and
 * scenario.duration_s (the longest run's), is worked out again here, the
 * ranking by scorecard_rank, the code compare ranks with, on cards
 * rebuilt from the reports' scorecard figures and each variant's
 * service (a compare across services ranks only what compares).
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pksim/base/diag.h"
#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/memstream.h"
#include "pksim/base/output.h"
#include "pksim/cli/cli.h"
#include "pksim/cli/help.h"
#include "pksim/load/json_alloc.h"
#include "pksim/load/scenario.h"
#include "pksim/report/scorecard.h"

#include "cli_merge_check.h"

/* as report_json.c writes its reports */
#define PK_MERGE_JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(16))

static int merge_usage(const char *fmt, const char *arg)
{
	fputs("pksim: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("; see 'pksim merge --help'\n", stderr);
	return PK_EXIT_INPUT;
}

/* An input the merge cannot take: "pksim: error: ..." and exit 2. */
static int refuse(const char *fmt, ...)
{
	va_list ap;

	fputs("pksim: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return PK_EXIT_INPUT;
}

/* What is wrong with one input file as a whole: "pksim: FILE: error:
   ..." (the form of its cannot-open message) and exit 2. */
static int refuse_in(const char *file, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "pksim: %s: error: ", file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return PK_EXIT_INPUT;
}

/* A compare's JSON report, or 2 with what it is said on stderr. */
static int check_report(const char *file, json_t *r)
{
	json_t *vs = json_object_get(r, "variants"), *v;
	size_t i;

	if (!json_is_object(r) || !json_object_get(r, "pksim_report")) {
		return refuse_in(file,
				 "not a pksim JSON report (give the output "
				 "of `pksim compare ... --format json`)");
	}
	if (!json_is_array(vs) || json_array_size(vs) == 0) {
		return refuse_in(file, "a report without variants: give `pksim "
				       "compare ... --format json` reports");
	}
	json_array_foreach(vs, i, v)
	{
		if (!json_is_object(json_object_get(v, "scorecard")) ||
		    !json_is_string(json_object_get(v, "name"))) {
			return refuse_in(file,
					 "a `pksim run` report (no "
					 "scorecards): give `pksim compare ... "
					 "--format json` reports");
		}
	}
	if (!json_is_string(json_object_get(json_object_get(r, "scenario"),
					    "fingerprint"))) {
		return refuse_in(file,
				 "no scenario.fingerprint: made by a pksim "
				 "before it had one; run it again");
	}
	return 0;
}

/* The runs are of one workload: same scenario name, seed and workload
   fingerprint; 0, or 2 said. */
static int check_same(const char *f0, json_t *r0, const char *f, json_t *r)
{
	static const char *const keys[][2] = {{"name", "scenarios"},
					      {"seed", "seeds"},
					      {"fingerprint", "workloads"}};
	json_t *s0 = json_object_get(r0, "scenario");
	json_t *s = json_object_get(r, "scenario");
	size_t k;

	for (k = 0; k < 3; k++) {
		json_t *a = json_object_get(s0, keys[k][0]);
		json_t *b = json_object_get(s, keys[k][0]);
		char *ta, *tb;
		int rc;

		if (a && b && json_equal(a, b)) {
			continue;
		}
		ta = a ? json_dumps(a, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
		tb = b ? json_dumps(b, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
		rc = refuse("%s and %s: runs of different %s (%s %s vs %s): a "
			    "merge ranks variants offered the same "
			    "operations; run every variant with the same "
			    "scenario file, options and seed",
			    f0, f, keys[k][1], keys[k][0], ta ? ta : "(none)",
			    tb ? tb : "(none)");
		free(ta);
		free(tb);
		return rc;
	}
	return 0;
}

/* A count the reports write as an integer >= 0. */
static int count_of(json_t *o, const char *name, uint64_t *x)
{
	json_t *n = json_object_get(o, name);

	if (!json_is_integer(n) || json_integer_value(n) < 0) {
		return -1;
	}
	*x = (uint64_t)json_integer_value(n);
	return 0;
}

/* Number field name of object o into *x; 0, or -1 when not a number. */
static int number(json_t *o, const char *name, double *x)
{
	json_t *n = json_object_get(o, name);

	if (!json_is_number(n)) {
		return -1;
	}
	*x = json_number_value(n);
	return 0;
}

/* The cost figure of variant v's JSON into c: the month its compare
   ranked on (scorecard.cost_month, on the compare's one basis; an older
   report's money.month_cost) and money.currency when money.priced;
   NULL, or the field missing. */
static const char *cost_of(json_t *v, struct pk_scorecard *c)
{
	json_t *m = json_object_get(v, "money");
	json_t *s = json_object_get(v, "scorecard");
	const char *cur;

	if (!json_is_true(json_object_get(m, "priced"))) {
		return NULL; /* unpriced: cost never decides */
	}
	cur = json_string_value(json_object_get(m, "currency"));
	if (json_object_get(s, "cost_month")) {
		if (!cur || number(s, "cost_month", &c->cost_month)) {
			return "scorecard.cost_month";
		}
	} else if (!cur || number(m, "month_cost", &c->cost_month)) {
		return "money.month_cost";
	}
	c->priced = 1;
	snprintf(c->currency, sizeof(c->currency), "%s", cur);
	return NULL;
}

/* The service of variant v's JSON into c->other_units (0: Azure
   Cosmos DB, written without "service"; 1: Amazon DynamoDB) and a
   table's capacity mode into c->on_demand, as scorecard_fill sets
   them; NULL, or what is wrong: a report whose variants do not say
   their service (throttles by reason are DynamoDB's) or a table's
   capacity mode, or one this pksim does not know */
static const char *service_of(json_t *v, struct pk_scorecard *c)
{
	json_t *s = json_object_get(v, "service");

	if (!s) {
		return json_object_get(json_object_get(v, "totals"),
				       "throttled_by_reason")
			   ? "service (its throttles are named by reason, "
			     "as Amazon DynamoDB's: made by a pksim before "
			     "its variants said their service)"
			   : NULL;
	}
	if (!json_is_string(s) ||
	    strcmp(json_string_value(s), "dynamodb") != 0) {
		return "service this pksim knows (dynamodb, or none for "
		       "Azure Cosmos DB)";
	}
	c->other_units = 1;
	s = json_object_get(v, "capacity_mode");
	if (!json_is_string(s)) {
		return "capacity_mode (provisioned or on_demand: made by a "
		       "pksim before its tables said their capacity mode)";
	}
	if (strcmp(json_string_value(s), "on_demand") == 0) {
		c->on_demand = 1;
	} else if (strcmp(json_string_value(s), "provisioned") != 0) {
		return "capacity_mode this pksim knows (provisioned or "
		       "on_demand)";
	}
	return NULL;
}

/* The figures scorecard_rank reads, from variant v's JSON (file's);
   0, or 2 said. */
static int card_of(const char *file, json_t *v, struct pk_scorecard *c)
{
	json_t *s = json_object_get(v, "scorecard");
	json_t *t = json_object_get(v, "totals");
	const char *bad = NULL;

	memset(c, 0, sizeof(*c));
	c->name = json_string_value(json_object_get(v, "name"));
	if (count_of(t, "operations", &c->operations)) {
		bad = "totals.operations";
	} else if (count_of(s, "failed_after_retries",
			    &c->failed_after_retries)) {
		bad = "scorecard.failed_after_retries";
	} else if (count_of(s, "rejected_403", &c->rejected_403)) {
		bad = "scorecard.rejected_403";
	} else if (count_of(s, "refused_400_409_413", &c->refused)) {
		bad = "scorecard.refused_400_409_413";
	} else if (count_of(s, "throttled_429", &c->throttled_429)) {
		bad = "scorecard.throttled_429";
	} else if (number(s, "ru_of_operations", &c->ru_offered)) {
		bad = "scorecard.ru_of_operations";
	} else if (number(s, "hottest_range_share_ru",
			  &c->hottest_range_share_ru)) {
		bad = "scorecard.hottest_range_share_ru";
	} else if (number(s, "range_share_sd", &c->range_share_sd)) {
		bad = "scorecard.range_share_sd";
	} else if (number(s, "hottest_share_ru", &c->hottest_share_ru)) {
		bad = "scorecard.hottest_share_ru";
	} else if (number(s, "peak_normalized_ru", &c->peak_normalized_ru)) {
		bad = "scorecard.peak_normalized_ru";
	}
	if (!bad) {
		bad = cost_of(v, c);
	}
	if (!bad) {
		bad = service_of(v, c);
	}
	if (!bad && !json_is_array(json_object_get(v, "physical_partitions"))) {
		bad = "physical_partitions";
	}
	/* the partitions at the end, as scorecard_fill counts them: tables
	   of different counts tie on the hottest share */
	c->n_ranges =
	    json_array_size(json_object_get(v, "physical_partitions"));
	if (bad) {
		return refuse_in(file,
				 "variant '%s' has no %s number: not a "
				 "compare's JSON report of this pksim; run it "
				 "again",
				 c->name, bad);
	}
	return 0;
}

/* Across services (a container's card beside a table's) the ranking
   leaves a container's 409s out of its refusals, as a compare's does
   (docs/dynamodb.md "Across services"): each card's refused, read with
   them from the report (scorecard.refused_400_409_413), less its
   totals.conflict_409. vs: the n variants' JSON, cards their cards. */
static void unrank_conflicts(json_t *vs, struct pk_scorecard *cards, size_t n)
{
	size_t i, tables = 0;
	uint64_t c;

	for (i = 0; i < n; i++) {
		tables += cards[i].other_units != 0;
	}
	for (i = 0; tables > 0 && tables < n && i < n; i++) {
		if (count_of(json_object_get(json_array_get(vs, i), "totals"),
			     "conflict_409", &c) == 0 &&
		    c <= cards[i].refused) {
			cards[i].refused -= c;
		}
	}
}

struct merge_opts {
	const char *output; /* -o FILE; NULL: standard output */
	int force;	    /* --force: -o may replace a read-only file */
	char **files;	    /* the reports, borrowed argv */
	size_t n_files;
};

static int parse_merge_opts(int argc, char **argv, struct merge_opts *o)
{
	static const struct option longs[] = {
	    {"output", required_argument, NULL, 'o'},
	    {"help", no_argument, NULL, 'h'},
	    {"force", no_argument, NULL, 'X'},
	    {NULL, 0, NULL, 0},
	};
	int ch;

	memset(o, 0, sizeof(*o));
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":o:h", longs, NULL)) != -1) {
		switch (ch) {
		case 'o':
			o->output = optarg;
			break;
		case 'X':
			o->force = 1;
			break;
		case 'h':
			cli_help("merge", stdout);
			return -1;
		case ':':
			return merge_usage("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return cli_option_error("merge", argv[optind - 1]);
		}
	}
	if (optind >= argc) {
		return merge_usage("%s", "give at least one report (the "
					 "output of `pksim compare ... "
					 "--format json`)");
	}
	o->files = argv + optind;
	o->n_files = (size_t)(argc - optind);
	return 0;
}

/* A file jansson could not parse: "pksim: FILE:LINE:COL: error: not
   JSON: what jansson says; ..." (STYLE.md's position form; jansson's
   line and column are 1-based, its column 0 at the start of a line,
   as at the end of a file ending in a newline, is said as column 1;
   the column is that of the last character of the token jansson names),
   and 2. Without a line (jansson gives -1 when it has none) the
   position is the file alone. */
static int not_json(const char *file, const json_error_t *err)
{
	fputs("pksim: ", stderr);
	if (err->line >= 1) {
		fprintf(stderr, "%s:%d:%d: ", file, err->line,
			err->column >= 1 ? err->column : 1);
	} else {
		fprintf(stderr, "%s: ", file);
	}
	fprintf(stderr,
		"error: not JSON: %s; give the output of `pksim compare ... "
		"--format json`\n",
		err->text);
	return PK_EXIT_INPUT;
}

/* 2, said, when path is "-" (standard input is not read: each report
   is named by its file in the messages) or a directory; else 0. */
static int not_a_file(const char *path)
{
	struct stat st;

	if (strcmp(path, "-") == 0) {
		fprintf(stderr,
			"pksim: -: error: merge reads reports from files, not "
			"standard input; save each run's JSON with -o FILE\n");
		return PK_EXIT_INPUT;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		fprintf(stderr,
			"pksim: %s: error: a directory, not a report; give "
			"the JSON files in it (e.g. DIR/*.json)\n",
			path);
		return PK_EXIT_INPUT;
	}
	return 0;
}

/* The runs were ranked in one order (scenario.rank_by, absent in a
   report of the default order); 0, or 2 said. */
static int check_rank_by(const char *f0, json_t *r0, const char *f, json_t *r)
{
	const char *a = json_string_value(
	    json_object_get(json_object_get(r0, "scenario"), "rank_by"));
	const char *b = json_string_value(
	    json_object_get(json_object_get(r, "scenario"), "rank_by"));
	char d[PK_RANK_BY_BYTES];

	scorecard_rank_by_text(NULL, d);
	if (strcmp(a ? a : d, b ? b : d) == 0) {
		return 0;
	}
	return refuse("%s and %s: ranked in different orders (rank_by %s vs "
		      "%s): run every variant with the same --rank-by",
		      f0, f, a ? a : d, b ? b : d);
}

/* What makes two variants' money comparable: the same currency, price
   table, region and price days (money.* of docs/report-json.md). */
static const char *const money_same[] = {
    "currency", "table", "table_date", "region", "billing_date",
};

/* A money field's string, or "(none)" */
static const char *text_of(json_t *x)
{
	return json_is_string(x) ? json_string_value(x) : "(none)";
}

/* The price money m's row r (line, meter) has in money m2, when m2 has
   that row: 1 with *price set, else 0. */
static int row_price(json_t *m2, json_t *r, double *price)
{
	json_t *r2;
	size_t i;

	json_array_foreach(json_object_get(m2, "rows"), i, r2)
	{
		if (json_equal(json_object_get(r2, "line"),
			       json_object_get(r, "line")) &&
		    json_equal(json_object_get(r2, "meter"),
			       json_object_get(r, "meter"))) {
			*price =
			    json_number_value(json_object_get(r2, "price"));
			return 1;
		}
	}
	return 0;
}

/* Variant v's service: its "service", or Azure Cosmos DB's when it has
   none (docs/report-json.md) */
static const char *service_name(json_t *v)
{
	json_t *s = json_object_get(v, "service");

	return json_is_string(s) ? json_string_value(s) : "cosmos";
}

/* Variants a (file fa) and b (fb), both priced, priced alike: the keys
   of money_same equal and every price row both use at one price; 0, or
   2 said naming both reports and what differs. Variants of two services
   may each be priced in its own service's region, as one compare prices
   them (pricing.region by service, docs/money.md): their regions are not
   compared. */
static int same_money(const char *fa, json_t *a, const char *fb, json_t *b)
{
	json_t *ma = json_object_get(a, "money"),
	       *mb = json_object_get(b, "money");
	int across = strcmp(service_name(a), service_name(b)) != 0;
	json_t *r;
	size_t k;

	for (k = 0; k < sizeof(money_same) / sizeof(money_same[0]); k++) {
		json_t *x = json_object_get(ma, money_same[k]);
		json_t *y = json_object_get(mb, money_same[k]);

		if ((!x && !y) || (x && y && json_equal(x, y)) ||
		    (across && strcmp(money_same[k], "region") == 0)) {
			continue;
		}
		return refuse(
		    "%s and %s: variants '%s' and '%s' are priced with "
		    "different money.%s (%s vs %s): their costs cannot be "
		    "ranked against each other; price every run with the "
		    "same price table, region and dates (pricing:, "
		    "--prices)",
		    fa, fb, text_of(json_object_get(a, "name")),
		    text_of(json_object_get(b, "name")), money_same[k],
		    text_of(x), text_of(y));
	}
	json_array_foreach(json_object_get(ma, "rows"), k, r)
	{
		double pa = json_number_value(json_object_get(r, "price")), pb;

		if (row_price(mb, r, &pb) && pa != pb) {
			return refuse(
			    "%s and %s: variants '%s' and '%s' price row %lld "
			    "(%s) of %s at %g vs %g (an override or another "
			    "file of that name): their costs cannot be "
			    "ranked against each other; price every run with "
			    "the same price table and overrides",
			    fa, fb, text_of(json_object_get(a, "name")),
			    text_of(json_object_get(b, "name")),
			    (long long)json_integer_value(
				json_object_get(r, "line")),
			    text_of(json_object_get(r, "meter")),
			    text_of(json_object_get(ma, "table")), pa, pb);
		}
	}
	return 0;
}

/* Every priced variant of every report priced as the first priced one
   is (same_money): a merge ranks on cost, and a month in EUR or from
   another table is no figure to rank a month in USD against; 0, or 2
   said. */
static int check_prices(const struct merge_opts *o, json_t **runs)
{
	/* the first priced variant, and the first of another service
	   than its (each service's region against its own) */
	const char *f0 = NULL, *f1 = NULL;
	json_t *v0 = NULL, *v1 = NULL, *v;
	size_t i, k;
	int rc;

	for (i = 0; i < o->n_files; i++) {
		json_array_foreach(json_object_get(runs[i], "variants"), k, v)
		{
			if (!json_is_true(json_object_get(
				json_object_get(v, "money"), "priced"))) {
				continue;
			}
			if (!v0) {
				f0 = o->files[i];
				v0 = v;
				continue;
			}
			if ((rc = same_money(f0, v0, o->files[i], v)) != 0) {
				return rc;
			}
			if (strcmp(service_name(v), service_name(v0)) == 0) {
				continue;
			}
			if (!v1) {
				f1 = o->files[i];
				v1 = v;
			} else if ((rc = same_money(f1, v1, o->files[i], v)) !=
				   0) {
				return rc;
			}
		}
	}
	return 0;
}

/* The most bytes merge reads of one report: a report of a run within
   pksim's 8 GiB memory bound is far smaller; a pipe or device that sends
   more (or never ends) is refused at this point rather than read
   forever. */
#define MERGE_MAX_REPORT_BYTES (1ULL << 30)

/* Bytes of memory a merge takes a byte of the reports it merges: their
   jansson trees, all held at once, and the merged report's text.
   Measured, peak resident memory (/usr/bin/time -f %M) over the reports'
   bytes: 5.42 for a report of a 200,000-partition container
   (106,702,650 bytes, 564,940 KiB), 5.39 for one of a year's minutes
   (88,318,946 bytes, 465,296 KiB), 5.40 for three of 418,012,349 bytes
   in all (2,204,280 KiB); 6 leaves a tenth over them for reports of
   other shapes. */
#define MERGE_MEMORY_PER_BYTE 6

/* The most bytes of reports a merge reads, all of them together: more
   would take more memory at MERGE_MEMORY_PER_BYTE than pksim holds a run
   to (PK_SCENARIO_MAX_TRACK_BYTES, 8 GiB): 8,589,934,592 / 6 =
   1,431,655,765 bytes. */
#define MERGE_MAX_TOTAL_BYTES                                                  \
	((unsigned long long)(PK_SCENARIO_MAX_TRACK_BYTES /                    \
			      MERGE_MEMORY_PER_BYTE))

/* A report read through a byte count (json_load_callback) */
struct capped {
	FILE *f;
	unsigned long long n;	 /* bytes read so far */
	unsigned long long room; /* bytes it may have within
				    MERGE_MAX_TOTAL_BYTES */
	int over;		 /* 1: more than MERGE_MAX_REPORT_BYTES */
	int over_total;		 /* 1: more than room */
	int nul;		 /* 1: a NUL at line, col */
	int line, col;		 /* where the next byte read is, 1-based
				    (col in characters) */
};

static size_t capped_read(void *buf, size_t len, void *data)
{
	struct capped *c = data;
	size_t got = fread(buf, 1, len, c->f), k;
	const char *b = buf;

	/* no JSON text has a NUL; jansson would take it for the end of
	   the text ("near end of file") */
	for (k = 0; k < got; k++) {
		if (b[k] == '\0') {
			c->nul = 1;
			return (size_t)-1; /* jansson: an error, stop */
		}
		if (b[k] == '\n') {
			c->line++;
			c->col = 1;
		} else if ((b[k] & 0xc0) != 0x80) {
			c->col++; /* a character starts */
		}
	}
	c->n += got;
	if (c->n > MERGE_MAX_REPORT_BYTES) {
		c->over = 1;
		return (size_t)-1; /* jansson: an error, stop reading */
	}
	if (c->n > c->room) {
		c->over_total = 1;
		return (size_t)-1;
	}
	return got;
}

/* 2, said: file is more than MERGE_MAX_REPORT_BYTES (size bytes when
   known, else read to that point) */
static int too_big(const char *file, int known, unsigned long long size)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES];

	fprintf(
	    stderr,
	    "pksim: %s: error: the report is %s%s bytes%s, above merge's "
	    "limit of %s bytes (1 GiB) a report; give the JSON files "
	    "pksim wrote\n",
	    file, known ? "" : "more than ",
	    fmt_thousands((int64_t)(known ? size : MERGE_MAX_REPORT_BYTES), a),
	    known ? "" : " (read to that point)",
	    fmt_thousands((int64_t)MERGE_MAX_REPORT_BYTES, b));
	return PK_EXIT_INPUT;
}

/* The sum regular_bytes stops at: its figure times MERGE_MEMORY_PER_BYTE
   fits an int64_t (fmt_thousands) */
#define MERGE_SUM_CAP ((unsigned long long)INT64_MAX / MERGE_MEMORY_PER_BYTE)

/* 2, said: the reports are more than MERGE_MAX_TOTAL_BYTES together.
   file NULL: before a byte is read, total their bytes (MERGE_SUM_CAP:
   at least that); else file is a report that is not a regular file,
   read to the first byte past. */
static int too_big_together(const char *file, unsigned long long total)
{
	char a[PK_FMT_BYTES], b[PK_FMT_BYTES], c[PK_FMT_BYTES];
	char d[PK_FMT_BYTES];

	if (file) {
		fprintf(stderr,
			"pksim: %s: error: the reports are more than %s bytes "
			"in all (this one read to that point)",
			file, fmt_thousands((int64_t)MERGE_MAX_TOTAL_BYTES, a));
	} else {
		fprintf(
		    stderr,
		    "pksim: error: the reports are %s%s bytes in all "
		    "(about %s bytes of memory to merge)",
		    total >= MERGE_SUM_CAP ? "at least " : "",
		    fmt_thousands((int64_t)total, a),
		    fmt_thousands((int64_t)(total * MERGE_MEMORY_PER_BYTE), d));
	}
	fprintf(stderr,
		": a merge holds them in memory at once, about %d bytes a "
		"byte, and pksim takes at most %s bytes (8 GiB); merge at "
		"most %s bytes of reports (fewer variants)\n",
		MERGE_MEMORY_PER_BYTE,
		fmt_thousands((int64_t)PK_SCENARIO_MAX_TRACK_BYTES, b),
		fmt_thousands((int64_t)MERGE_MAX_TOTAL_BYTES, c));
	return PK_EXIT_INPUT;
}

/* 1, said: memory ran out while file was read, n bytes in */
static int out_of_memory(const char *file, unsigned long long n)
{
	char b[PK_FMT_BYTES];

	fprintf(stderr,
		"pksim: error: out of memory reading %s after %s bytes (merge "
		"holds every report it reads in memory at once)\n",
		file, fmt_thousands((int64_t)n, b));
	return PK_EXIT_ENV;
}

/* Read the report at path, open as f, into *run (NULL: not JSON, in
   *err). *counted: the bytes of the reports counted against
   MERGE_MAX_TOTAL_BYTES, every regular file's size (counted before any
   is read) and the bytes read of the others; a report that is not a
   regular file adds what is read of it. 0; 1 said when memory ran out
   (any jansson allocation failed during the parse, whatever jansson
   returned: json_alloc.h); or 2 said when it is above
   MERGE_MAX_REPORT_BYTES (a regular file before a byte is read, else at
   the first byte past) or passes MERGE_MAX_TOTAL_BYTES with the others
   (at the first byte past). */
static int load_one(const char *path, FILE *f, unsigned long long *counted,
		    json_t **run, json_error_t *err)
{
	struct capped c = {f, 0, 0, 0, 0, 0, 1, 1};
	unsigned long long failed = json_alloc_failures();
	struct stat st;
	int regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);

	*run = NULL;
	if (regular &&
	    (unsigned long long)st.st_size > MERGE_MAX_REPORT_BYTES) {
		return too_big(path, 1, (unsigned long long)st.st_size);
	}
	/* a regular file's own size is in *counted already */
	c.room = MERGE_MAX_TOTAL_BYTES - *counted +
		 (regular ? (unsigned long long)st.st_size : 0);
	*run = json_load_callback(capped_read, &c, 0, err);
	if (!regular) {
		*counted += c.n;
	}
	if (json_alloc_failures() != failed) {
		json_decref(*run);
		*run = NULL;
		return out_of_memory(path, c.n);
	}
	if (c.nul) {
		json_decref(*run);
		*run = NULL;
		fprintf(stderr,
			"pksim: %s:%d:%d: error: a NUL character; a report is "
			"JSON text, which has none: give the JSON files pksim "
			"wrote\n",
			path, c.line, c.col);
		return PK_EXIT_INPUT;
	}
	if (c.over) {
		json_decref(*run);
		*run = NULL;
		return too_big(path, 0, 0);
	}
	if (c.over_total) {
		json_decref(*run);
		*run = NULL;
		return too_big_together(path, 0);
	}
	return 0;
}

/* The regular files' sizes among the reports, summed (at most
   MERGE_SUM_CAP); a report that is missing, a directory or not a regular
   file (a pipe: counted as it is read) counts 0 here. */
static unsigned long long regular_bytes(const struct merge_opts *o)
{
	unsigned long long sum = 0, size;
	struct stat st;
	size_t i;

	for (i = 0; i < o->n_files; i++) {
		if (strcmp(o->files[i], "-") != 0 &&
		    stat(o->files[i], &st) == 0 && S_ISREG(st.st_mode)) {
			size = (unsigned long long)st.st_size;
			sum = size < MERGE_SUM_CAP - sum ? sum + size
							 : MERGE_SUM_CAP;
		}
	}
	return sum;
}

/* Read every report into runs[]; 0, 1 (cannot read) or 2, said. The
   regular files' sizes are summed before any is read: above
   MERGE_MAX_TOTAL_BYTES, none is read. */
static int load_all(const struct merge_opts *o, json_t **runs)
{
	unsigned long long counted = regular_bytes(o);
	size_t i;

	if (counted > MERGE_MAX_TOTAL_BYTES) {
		return too_big_together(NULL, counted);
	}
	for (i = 0; i < o->n_files; i++) {
		json_error_t err;
		FILE *f;
		int rc;

		if ((rc = not_a_file(o->files[i])) != 0) {
			return rc;
		}
		f = fopen(o->files[i], "rb");
		if (!f) {
			/* a missing file is bad input, as everywhere in
			   pksim; one that exists but cannot be read is the
			   environment's */
			rc = errno == ENOENT ? PK_EXIT_INPUT : PK_EXIT_ENV;
			fprintf(stderr, "pksim: %s: error: cannot open: %s\n",
				o->files[i], strerror(errno));
			return rc;
		}
		rc = load_one(o->files[i], f, &counted, &runs[i], &err);
		fclose(f);
		if (rc != 0) {
			return rc;
		}
		if (!runs[i]) {
			return not_json(o->files[i], &err);
		}
		if ((rc = check_report(o->files[i], runs[i])) != 0 ||
		    (rc = cli_merge_check_figures(o->files[i], runs[i])) != 0 ||
		    (i > 0 &&
		     ((rc = check_same(o->files[0], runs[0], o->files[i],
				       runs[i])) != 0 ||
		      (rc = check_rank_by(o->files[0], runs[0], o->files[i],
					  runs[i])) != 0))) {
			return rc;
		}
	}
	return 0;
}

/* 1, said: memory ran out while the reports were merged or the merged
   report written (a jansson allocation failed: json_alloc.h; jansson
   drops what it cannot allocate and goes on) */
static int merge_oom(void)
{
	fputs("pksim: error: out of memory merging the reports (merge holds "
	      "every report in memory at once)\n",
	      stderr);
	return PK_EXIT_ENV;
}

/* The merged report: runs[0]'s, with every run's variants in the order
   given, duration_s the longest and the ranking redone; 0 or 2. */
static int merge(const struct merge_opts *o, json_t **runs, json_t **out)
{
	unsigned long long failed = json_alloc_failures();
	json_t *vs = json_array(), *v, *sc;
	json_int_t duration = 0;
	struct pk_scorecard *cards;
	const char **from;
	size_t i, k, n = 0;
	int rc = 0;

	for (i = 0; i < o->n_files; i++) {
		json_t *d = json_object_get(
		    json_object_get(runs[i], "scenario"), "duration_s");

		if (json_is_integer(d) && json_integer_value(d) > duration) {
			duration = json_integer_value(d);
		}
		json_array_foreach(json_object_get(runs[i], "variants"), k, v)
		{
			json_array_append(vs, v);
		}
	}
	if (json_alloc_failures() != failed) {
		/* a variant jansson could not append is missing from vs */
		json_decref(vs);
		return merge_oom();
	}
	n = json_array_size(vs);
	cards = xcalloc(n, sizeof(*cards));
	from = xcalloc(n, sizeof(*from));
	for (i = 0, k = 0; i < o->n_files; i++) {
		size_t j,
		    m = json_array_size(json_object_get(runs[i], "variants"));

		for (j = 0; j < m && rc == 0; j++, k++) {
			from[k] = o->files[i];
			rc = card_of(from[k], json_array_get(vs, k), &cards[k]);
		}
	}
	for (i = 0; i < n && rc == 0; i++) {
		for (k = 0; k < i; k++) {
			if (strcmp(cards[k].name, cards[i].name) == 0) {
				rc = refuse("variant '%s' is in %s and in %s: "
					    "give each variant once",
					    cards[i].name, from[k], from[i]);
				break;
			}
		}
	}
	if (rc == 0) {
		unrank_conflicts(vs, cards, n);
		scorecard_rank(
		    cards, n,
		    json_string_value(json_object_get(
			json_object_get(runs[0], "scenario"), "rank_by")));
		json_array_foreach(vs, i, v)
		{
			sc = json_object_get(v, "scorecard");
			json_object_set_new(
			    sc, "rank",
			    json_integer((json_int_t)cards[i].rank));
			json_object_set_new(sc, "tied",
					    json_boolean(cards[i].tied));
			json_object_set_new(sc, "reason",
					    json_string(cards[i].reason));
		}
		*out = runs[0];
		json_object_set_new(json_object_get(*out, "scenario"),
				    "duration_s", json_integer(duration));
		json_object_set(*out, "variants", vs);
	}
	json_decref(vs);
	free(cards);
	free(from);
	return rc;
}

/* Write out (the merged report) to o's output: 0; 1 said when memory
   ran out since failed (json_alloc_failures then: out is short of what
   jansson could not allocate, and the text of what its dump could not)
   or it cannot be written; 2 said as output_write refuses */
static int write_merged(const struct merge_opts *o, json_t *out,
			unsigned long long failed, struct pk_diag *diag)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = xmemstream(&buf, &len);
	int bad = json_dumpf(out, mem, PK_MERGE_JSON_FLAGS) != 0, rc = 0;

	bad |= fputc('\n', mem) == EOF;
	bad |= fclose(mem) != 0;
	if (json_alloc_failures() != failed) {
		rc = merge_oom();
	} else if (bad) {
		fprintf(stderr,
			"pksim: error: cannot write the merged report: %s\n",
			strerror(errno));
		rc = PK_EXIT_ENV;
	} else if (output_write(o->output, buf, len,
				o->force ? PK_OUTPUT_FORCE : 0, diag)) {
		diag_print(diag, stderr);
		rc = diag_category(diag) == PK_DIAG_ENV ? PK_EXIT_ENV
							: PK_EXIT_INPUT;
	}
	free(buf);
	return rc;
}

int cli_merge(int argc, char **argv)
{
	struct merge_opts o;
	struct pk_diag diag;
	json_t **runs, *out = NULL;
	unsigned long long failed = 0;
	size_t i;
	int rc;

	rc = parse_merge_opts(argc, argv, &o);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	diag_init(&diag);
	if (output_check(o.output, (const char *const *)o.files, o.n_files,
			 o.force ? PK_OUTPUT_FORCE : 0, &diag)) {
		diag_print(&diag, stderr);
		diag_free(&diag);
		return PK_EXIT_INPUT;
	}
	runs = xcalloc(o.n_files, sizeof(*runs));
	rc = load_all(&o, runs);
	failed = json_alloc_failures();
	if (rc == 0) {
		rc = check_prices(&o, runs);
	}
	if (rc == 0) {
		rc = merge(&o, runs, &out);
	}
	if (rc == 0) {
		rc = write_merged(&o, out, failed, &diag);
	}
	diag_free(&diag);
	for (i = 0; i < o.n_files; i++) {
		json_decref(runs[i]);
	}
	free(runs);
	return rc;
}
