/*
 * report_text_int: what the terminal report's files share (report_text.c,
 * report_text_time.c, report_compare.c; report_html.c rounds RU as they
 * do). Internal to src/report.
 */
#ifndef PKSIM_REPORT_TEXT_INT_H
#define PKSIM_REPORT_TEXT_INT_H

#include <stdint.h>
#include <stdio.h>

#include "pksim/result/result.h"

/* EPKs in tables are shown abbreviated to this many hex digits */
#define PK_TEXT_EPK_DIGITS 8
/* Keys in the hottest-logical-partitions tables: column width, and the
   bytes kept of a key's text (its whole text for any key value) */
#define PK_TEXT_KEY_COL 32
#define PK_TEXT_KEY_BYTES 8192

/* EPKs are cut to the first `digits` hex digits (0: whole) and "..";
   "" and "FF" are quoted. buf holds PK_TEXT_EPK_BYTES. */
#define PK_TEXT_EPK_BYTES (PK_EPK_HEX_MAX + 4)
const char *text_epk_cut(struct pk_epk e, int digits, char *buf);

/* The digits (>= PK_TEXT_EPK_DIGITS) that tell every boundary of v's
   ranges at the end and of its splits apart; 0 (whole) when wide. */
int text_epk_digits(const struct pk_result_variant *v, int wide);

/* RU from mRU with thousands separators and one decimal when not whole
   (rounded to a tenth: 5,999.95 RU -> 6,000) into buf (>= 40 bytes);
   returns buf. */
const char *text_ru(int64_t mru, char *buf);

/* One number format per column: 1 if text_ru would print mru with a
   decimal; text_ru_col prints it with one decimal when tenths (any value
   of the column has one), else as text_ru. */
int text_ru_fraction(int64_t mru);
const char *text_ru_col(int64_t mru, int tenths, char *buf);

/* Rule 38: when v's key has a random part and some of its point
   requests had to be found by a query over the random part's values,
   a paragraph saying how many and their RU (pk_totals.key_queries);
   nothing otherwise. report_text.c; compare prints it under each
   variant's heat strip. */
void text_key_queries(const struct pk_result_variant *v, FILE *out);

struct pk_scorecard;

/* The compare scorecard's rows (report_compare.c): how many, each row's
   label, and card s's value in row r as text into buf (cap bytes). */
size_t compare_rows(void);
const char *compare_row_name(const struct pk_result *run, size_t r);
const char *compare_cell(const struct pk_result *run,
			 const struct pk_scorecard *s, size_t r, char *buf,
			 size_t cap);

/* Whether some variant of run left operations not sent, none of its
   items being written yet to target (pk_totals.not_sent_no_target):
   then the compare table has a row for them after "failed after
   retries", row compare_not_sent_after() (compare_not_sent_name), each
   variant's count as its cell
   (compare_not_sent_cell, into buf of cap bytes; returns buf), since in
   no other row do they count. report_compare.c. */
int compare_not_sent_row(const struct pk_result *run);
size_t compare_not_sent_after(void);
extern const char compare_not_sent_name[];
const char *compare_not_sent_cell(const struct pk_result_variant *v, char *buf,
				  size_t cap);

/* Ranking figure f of a card merged over seeds: "median [min-max]" into
   buf (report_compare.c). */
const char *compare_seed_figure(const struct pk_scorecard *s, int f, char *buf,
				size_t cap);

/*
 * The per-query table (report_queries.c). A query's route
 * under a variant's key ("single partition", "targeted", "fan-out"); its
 * label: its name, "phase/name" when the variant's queries come from more
 * than one phase (owned by the caller: free it); the cells after the
 * label, titled text_query_heads: route ("-" when never sent), served,
 * ranges visited a served query, RU of the served ones (text_ru_col with
 * tenths: one number format for the column), RU a served query, 429s.
 * text_queries_of: the queries a variant of r has (the
 * same for every variant: the scenario's). text_compare_queries: the
 * compare report's table, one row per query and variant, nothing when
 * there are no queries (with n_seeds > 1 its title says the figures are
 * the first seed's run, as the verdicts are). text_query_rows: the one
 * row loop of every report's table (text, compare, Markdown, HTML).
 */
#define PK_TEXT_QUERY_COLS 6
#define PK_TEXT_QUERY_CELL 48
extern const char *const text_query_heads[PK_TEXT_QUERY_COLS];
const char *text_route_name(enum pk_route_kind k);
/* ... the same on a DynamoDB table: its heads (units, throttles) and its
   requests, Query (one key value), Query per value (an IN list), Scan */
extern const char *const text_query_heads_ddb[PK_TEXT_QUERY_COLS];
const char *text_route_name_ddb(enum pk_route_kind k);
char *text_query_label(const struct pk_result_variant *v, size_t i);
void text_query_cells(const struct pk_result_variant *v, size_t i, int tenths,
		      char cells[PK_TEXT_QUERY_COLS][PK_TEXT_QUERY_CELL]);
size_t text_queries_of(const struct pk_result *r);

/* One row of the per-query table: a query under a variant's key. */
struct text_query_row {
	const struct pk_result_variant *v; /* the variant */
	const char *label;		   /* text_query_label; valid
					      during the call */
	char cells[PK_TEXT_QUERY_COLS][PK_TEXT_QUERY_CELL]; /* the cells
					      after the label, titled
					      text_query_heads */
};

/* Each row of the table of the n variants vs[0 .. n - 1] to row(row,
   ctx), query by query and under each query variant by variant (a
   variant without that query skipped); the RU column in tenths when any
   of those variants' queries has a fractional RU total. */
void text_query_rows(const struct pk_result_variant *vs, size_t n,
		     void (*row)(const struct text_query_row *q, void *ctx),
		     void *ctx);
void text_compare_queries(const struct pk_result *r, size_t n_seeds, FILE *out);
/* compare's "streams by variant" (report_streams.c): with `streams:`,
   per stream a row of all its operations in each variant (the figures
   of the run's streams table, and a "not sent" column when some
   stream left operations unsent; seed r->seed's run when n_seeds > 1);
   nothing without streams. */
void text_compare_streams(const struct pk_result *r, size_t n_seeds, FILE *out);
/* compare's ranking with `streams:` (report_streams.c): a line for each
   stream that fared better (fewer operations failed, then fewer 429s,
   per operation offered) in another variant than in the first ranked,
   r->variants[first], naming both with their counts: the ranking adds
   every stream's operations together, so a stream's own 429s can rank
   the variants the other way. Nothing with fewer than 2 streams. */
void text_compare_stream_caveats(const struct pk_result *r, size_t first,
				 FILE *out);

/* What ran, the head of variant v's report (report_text_summary.c): the
   scenario or data file, the service and its settings, the phases'
   request options, the clients and their retries. */
void text_summary(const struct pk_result *r, const struct pk_result_variant *v,
		  FILE *out);

/* The sections, each starting with a blank line and its title. */
void text_events(const struct pk_result_variant *v, int digits, FILE *out);
void text_billing(const struct pk_result_variant *v, FILE *out);
/* A fleet pool (report_fleet.c, rule 40): nothing without one. */
void text_fleet(const struct pk_result_variant *v, FILE *out);
void text_timeline(const struct pk_result_variant *v, FILE *out);

/* An Amazon DynamoDB table's CloudWatch view (D15): each minute's sums
   of read and write units consumed, read and write throttle events and
   throttled requests beside its busiest second (text_cw_metrics);
   nothing for another service. */
void text_cloudwatch(const struct pk_result_variant *v, FILE *out);

/* The CloudWatch view's minutes at most (beyond, the busiest seconds'),
   title and closing sentence, as every format says them */
#define PK_TEXT_CW_MINUTES 20
#define PK_TEXT_CW_TITLE                                                       \
	"CloudWatch 1-minute view (D15: each minute's sums, a row for each "   \
	"of the table's CloudWatch metrics, reads and writes apart as its "    \
	"units are, beside its busiest second, as the table enforces it)"
#define PK_TEXT_CW_MEANING                                                     \
	"a minute's sum / 60 is an average: the table admits each second "     \
	"on its own, reads against its read units and writes against its "     \
	"write units, so a second above a side's capacity is throttled even "  \
	"when the minute's average is under it; capacity / s is the side's "   \
	"units a second in the minute's last second with a request "           \
	"(provisioned, or on demand its instant limit); a throttle event is "  \
	"a key, item or page a partition refused, a throttled request one "    \
	"answered with ProvisionedThroughputExceededException, counted once "  \
	"(a global secondary index's refusals are its own view's events); "    \
	"the minutes are the run's, from its start (t = 0), not the wall "     \
	"clock's minutes CloudWatch cuts on, so a run that starts mid-minute " \
	"sums other seconds than a dashboard would"

/* The minutes of v's CloudWatch view into row (room for every minute of
   v->metrics), in time order: every one, or the PK_TEXT_CW_MINUTES with
   the busiest seconds; returns how many (0 for another service). */
size_t text_cw_rows(const struct pk_result_variant *v,
		    const struct pk_second **row);
/* ... the same of any n minutes (a global secondary index's, as
   pk_second records: served_mru its units, throttled_429 its refusals,
   ddb_index.c) */
size_t text_cw_pick(const struct pk_second *minutes, size_t n,
		    const struct pk_second **row);

/* One index minute's cells (ddb_index.c): its start, s; units consumed,
   summed, / 60 and in its busiest second; refusals, summed and in its
   busiest */
struct text_cw_cells {
	char t[24], sum[32], avg[32], peak[32], thr[32], thr_peak[32];
};
void text_cw_cells(const struct pk_second *r, struct text_cw_cells *c);

/* One of a table's CloudWatch metrics in a minute (D15; reference §9
   "Metrics"): its name; its sum over the minute; for the units consumed,
   the sum / 60 and the side's units a second (capacity), else empty;
   its busiest second's figure */
struct text_cw_metric {
	const char *name;
	char sum[32], avg[32], cap[32], peak[32];
};
#define PK_TEXT_CW_METRICS 5
/* Minute mi's rows (a pk_metrics.minutes record of a table), in this
   order: ConsumedReadCapacityUnits, ConsumedWriteCapacityUnits,
   ReadThrottleEvents, WriteThrottleEvents, ThrottledRequests */
void text_cw_metrics(const struct pk_second *mi,
		     struct text_cw_metric row[PK_TEXT_CW_METRICS]);

/* "the N of M minutes ..." when text_cw_rows left some out; valid until
   the thread's next call */
const char *text_cw_more(size_t shown, size_t n);
/* Time to live (report_ttl.c): nothing without a DefaultTimeToLive. */
void text_ttl(const struct pk_result *r, const struct pk_result_variant *v,
	      FILE *out);

/* The change feed's leases (report_cfeed.c, rule 39), the same figures
   in every report. */
struct text_cfeed {
	size_t leases;	    /* physical partitions at the end: one lease
			       each */
	size_t busy;	    /* ... of them with a change */
	uint64_t consumers; /* the scenario's change_feed consumers */
	uint64_t holding;   /* consumers holding a lease: min(consumers,
			       leases) */
	uint64_t with_work; /* consumers with work: min(consumers, busy) */
	uint64_t changes;   /* the feed's changes: over every lease's
			       life, those of ranges split or merged away
			       too */
	uint64_t retired_changes; /* ... of them in leases of ranges split
				     or merged away */
	size_t retired;		  /* ... those leases with a change */
	size_t busiest;		  /* index in v->ranges of the lease with the
				     most changes a second while it lived (the
				     first on ties) */
	double busiest_rate;	  /* its changes a second, text_cfeed_rate */
	double busiest_share;	  /* its changes / changes, 0..1; 0 when none */
};
/* Room for text_cfeed_sentence's text */
#define PK_TEXT_CFEED_BYTES 512
/* v's leases (r's scenario gives the consumers) into *out. */
void text_cfeed_of(const struct pk_result *r, const struct pk_result_variant *v,
		   struct text_cfeed *out);
/* Range i's changes a second over its life (from its birth by a split
   or merge, or t = 0, to the run's end); 0 for a range of no life. */
double text_cfeed_rate(const struct pk_result_variant *v, size_t i);
/* The one sentence ("1 of 4 consumers has work: ...") into buf (cap
   bytes, cut to fit); returns buf. */
const char *text_cfeed_sentence(const struct pk_result_variant *v,
				const struct text_cfeed *f, char *buf,
				size_t cap);
/* Lineage entry i of v when its range split or merged away: its lease's
   changes a second while it lived into *rate, its label ("1 (gone
   41s)") into label (cap bytes); returns label, or NULL for a range at
   the end (or never made). */
const char *text_cfeed_retired(const struct pk_result_variant *v, size_t i,
			       double *rate, char *label, size_t cap);
/* The terminal section: the sentence, a row per lease and one per lease
   of a range split or merged away (gone at that second); nothing for a
   variant of another service than Azure Cosmos DB. */
void text_cfeed(const struct pk_result *r, const struct pk_result_variant *v,
		FILE *out);

/* Display columns of a stream's or variant's name in a text table or a
   summary line, at most: a longer name is cut (text_name_put) */
#define PK_TEXT_NAME_COLS 40

/* Bytes of a stream's name as the summary shows it (text_name_str), at
   most: PK_TEXT_NAME_COLS characters of 4 bytes (every character takes
   a column at least), the ellipsis, NUL */
#define PK_TEXT_STREAM_NAME_BYTES (4 * PK_TEXT_NAME_COLS + 3 + 1)

/* The display columns of UTF-8 name (text_name.c): 2 a character of
   the East Asian Wide and Fullwidth blocks and emoji, 1 any other
   character (combining marks included), 1 a byte that is not UTF-8. */
int text_name_cols(const char *name);

/* Write name to out in at most width (>= 1) display columns: whole, or,
   when wider, cut at a character boundary to width - 1 columns and
   ended by an ellipsis (U+2026, one column), so the output stays valid
   UTF-8; pad: then spaces up to width. Returns the columns written
   before padding. */
int text_name_put(const char *name, int width, int pad, FILE *out);

/* name as text_name_put writes it in PK_TEXT_NAME_COLS columns, into
   buf (cap >= PK_TEXT_STREAM_NAME_BYTES bytes, NUL-terminated); buf.
   A buf too small for the name is a bug (PK_BUG: aborts), never a name
   cut short in silence. */
const char *text_name_str(const char *name, char *buf, size_t cap);

/* The summary's lines about stream i's client of sc: "client retries:
   ...", its RU budget and closed-loop workers when set; with several
   streams each says "(stream NAME)" (report_streams.c). cosmos: 1 when
   the variant's service is Azure Cosmos DB, whose rules for Low priority
   and throughput buckets the lines then cite. aws: 1 when a DynamoDB
   table's retry_mode replaces the client's retries (said once before,
   so no "client retries" line). */
void text_client_lines(const struct pk_scenario *sc, size_t i, int cosmos,
		       int aws, FILE *out);

/* Bytes text_closed_loop_streams writes at most: 16 names and commas */
#define PK_TEXT_CLOSED_LOOP_BYTES (16 * (PK_TEXT_STREAM_NAME_BYTES + 2) + 16)

/* The closed-loop streams (client.concurrency) of sc when it writes
   `streams:`: "stream NAME", or "streams A, B" with several, into buf
   (cap bytes, at least PK_TEXT_CLOSED_LOOP_BYTES) and buf; NULL when
   sc has no `streams:` (its one stream is the run's) or none is closed
   loop (report_streams.c). */
const char *text_closed_loop_streams(const struct pk_scenario *sc, char *buf,
				     size_t cap);

/* report_text_monitor.c: the scenario's monitor log replayed (r->sc's
   items_file with a monitor log): its rows, their container, the seconds
   the replay covers (from the first row's to the one its last request is
   sent in), how a row becomes requests. */
void text_monitor_log(const struct pk_result *r, FILE *out);

#endif
