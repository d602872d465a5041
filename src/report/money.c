/*
 * money: a variant's bill as the reports print it (money.h).
 */
#include "pksim/report/money.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"
#include "pksim/load/scenario.h"
#include "pksim/service/dynamodb/spec.h"
#include "pksim/service/snapshot.h"

#include "money_keyspace.h"

/* The whole number w >= 0 (below 10^18) with thousands separators into
   out (40 bytes) */
static void whole_text(double w, char *out)
{
	char digits[32];
	size_t n, i, k = 0;

	snprintf(digits, sizeof(digits), "%.0f", w);
	n = strlen(digits);
	for (i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0) {
			out[k++] = ',';
		}
		out[k++] = digits[i];
	}
	out[k] = '\0';
}

const char *money_fmt(double amount, const char *currency, char *buf)
{
	char whole[40];
	double a = fabs(amount);
	int decimals = a >= 1 || a == 0 ? 2 : 4;
	double scale = decimals == 2 ? 100.0 : 10000.0;
	/* whole units and the fraction in doubles, not a 64-bit integer:
	   exact to the cent below 2^53 cents (a bill, PK_MONEY_MAX), and
	   no wrap to a negative figure above */
	double r = floor(a * scale + 0.5);
	double units = floor(r / scale);
	double frac = r - units * scale;
	int usd = strcmp(currency, "USD") == 0;

	if (!(a < 1e18)) {
		/* no bill holds it (bill_build): the magnitude alone */
		snprintf(buf, PK_MONEY_BYTES, "%s%s%.3g%s%s",
			 amount < 0 ? "-" : "", usd ? "$" : "", a,
			 usd ? "" : " ", usd ? "" : currency);
		return buf;
	}
	whole_text(units, whole);
	snprintf(buf, PK_MONEY_BYTES, "%s%s%s.%0*.0f%s%s",
		 amount < 0 && r > 0 ? "-" : "", usd ? "$" : "", whole,
		 decimals, frac, usd ? "" : " ", usd ? "" : currency);
	return buf;
}

const char *money_tag(const struct pk_scenario *sc, const struct pk_bill *b,
		      char *buf)
{
	char day[16];

	char last[16];

	if (b->n_earlier > 0) {
		/* the run's hours took the rows of more than one day */
		snprintf(buf, PK_MONEY_TAG_BYTES,
			 "(prices of %s to %s, %s, %s)",
			 prices_day_text(b->first_day, day, sizeof(day)),
			 prices_day_text(b->last_day, last, sizeof(last)),
			 b->region, b->throughput.pick.row->currency);
		return buf;
	}
	snprintf(
	    buf, PK_MONEY_TAG_BYTES, "(prices of %s, %s, %s)",
	    prices_day_text(scenario_billing_day(sc, NULL), day, sizeof(day)),
	    b->region,
	    b->throughput.pick.row ? b->throughput.pick.row->currency : "?");
	return buf;
}

/* 1 when l projects the workload (an hour, a month, on demand's
   month: money_lines' labels), which the last hour's rows price */
static int projected(const struct money_line *l)
{
	return strcmp(l->label, "an hour") == 0 ||
	       strcmp(l->label, "a month") == 0 ||
	       (strcmp(l->label, "(on demand)") == 0 &&
		strncmp(l->what, "a month", 7) == 0);
}

const char *money_prices_of(const struct pk_scenario *sc,
			    const struct pk_bill *b, const struct money_line *l,
			    char *buf)
{
	char first[16], last[16];

	if (b->n_earlier == 0) {
		return prices_day_text(scenario_billing_day(sc, NULL), buf,
				       PK_MONEY_TAG_BYTES);
	}
	prices_day_text(b->last_day, last, sizeof(last));
	if (projected(l)) {
		snprintf(buf, PK_MONEY_TAG_BYTES, "%s", last);
	} else {
		snprintf(buf, PK_MONEY_TAG_BYTES, "%s..%s",
			 prices_day_text(b->first_day, first, sizeof(first)),
			 last);
	}
	return buf;
}

const char *money_unpriced_why(const struct pk_scenario *sc,
			       const struct pk_bill *b)
{
	if (b->why[0]) {
		return b->why;
	}
	return sc->pricing.asked ? "pksim prices Azure Cosmos DB and Amazon "
				   "DynamoDB variants only"
				 : money_none_why(sc);
}

const char *money_none_why(const struct pk_scenario *sc)
{
	/* --prices names a table, never a region: the region is the
	   scenario's pricing: block's alone, and one of the service's
	   own (an Azure region for a container, an AWS one for a
	   table) */
	if (scenario_mixed_services(sc)) {
		return "the scenario names no region to price it in: add "
		       "pricing: {region: {cosmos: us-nongov, dynamodb: "
		       "us-east-1}} (docs/money.md; --prices FILE then names "
		       "another table)";
	}
	if (scenario_variant_table(sc,
				   sc->n_variants ? &sc->variants[0] : NULL)) {
		return "the scenario names no region to price it in: add "
		       "pricing: {region: us-east-1} (docs/money.md; --prices "
		       "FILE then names another table)";
	}
	return "the scenario names no region to price it in: add pricing: "
	       "{region: us-nongov} (docs/money.md; --prices FILE then "
	       "names another table)";
}

const char *money_date_from(const struct pk_scenario *sc)
{
	enum pk_billing_day_from f;

	scenario_billing_day(sc, &f);
	return f == PK_BILLING_DATE    ? "pricing.date"
	       : f == PK_BILLING_CLOCK ? "clock.start"
				       : "the table's date";
}

size_t money_rows(const struct pk_bill *b, const struct pk_price_pick **out)
{
	size_t n = 0, i;

	if (!b->priced) {
		return 0;
	}
	out[n++] = &b->throughput.pick;
	if (bill_mode_ddb(b->mode)) {
		out[n++] = &b->reads.pick;
	}
	out[n++] = &b->storage.pick;
	if (b->reserved) {
		out[n++] = &b->reservation.pick;
	}
	if (b->storage_free.row) {
		out[n++] = &b->storage_free;
	}
	if (b->ondemand) {
		out[n++] = &b->ondemand_writes.pick;
		out[n++] = &b->ondemand_reads.pick;
	}
	if (b->pooled) {
		out[n++] = &b->pool.pick;
	}
	for (i = 0; i < b->n_earlier; i++) {
		out[n++] = &b->earlier[i].pick;
	}
	return n;
}

int money_row_repeats(const struct pk_price_pick *const *p, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++) {
		if (p[j]->row == p[i]->row &&
		    p[j]->overridden == p[i]->overridden &&
		    p[j]->price == p[i]->price) {
			return 1;
		}
	}
	return 0;
}

size_t money_rows_listed(const struct pk_bill *b,
			 const struct pk_price_pick **out)
{
	const struct pk_price_pick *p[PK_MONEY_ROWS];
	size_t n = money_rows(b, p), i, k = 0;

	for (i = 0; i < n; i++) {
		if (!money_row_repeats(p, i)) {
			out[k++] = p[i];
		}
	}
	return k;
}

/* The pick of b's line a row of b->earlier stood before */
static const struct pk_price_pick *pick_of(const struct pk_bill *b,
					   enum pk_bill_row_of of)
{
	switch (of) {
	case PK_BILL_OF_THROUGHPUT:
		return &b->throughput.pick;
	case PK_BILL_OF_READS:
		return &b->reads.pick;
	case PK_BILL_OF_STORAGE:
		return &b->storage.pick;
	case PK_BILL_OF_RESERVATION:
		return &b->reservation.pick;
	case PK_BILL_OF_STORAGE_FREE:
		return &b->storage_free;
	case PK_BILL_OF_ONDEMAND_WRITES:
		return &b->ondemand_writes.pick;
	case PK_BILL_OF_ONDEMAND_READS:
		return &b->ondemand_reads.pick;
	default:
		return &b->pool.pick;
	}
}

/* rows with the bits of the earlier rows of the lines it has */
static int with_earlier(const struct pk_bill *b, int rows)
{
	const struct pk_price_pick *p[PK_MONEY_ROWS];
	size_t n = money_rows(b, p), i, j;

	for (i = n - b->n_earlier; i < n; i++) {
		const struct pk_price_pick *of =
		    pick_of(b, b->earlier[i - (n - b->n_earlier)].of);

		for (j = 0; j < n - b->n_earlier; j++) {
			if (p[j] == of && (rows & (1 << j))) {
				rows |= 1 << i;
			}
		}
	}
	return rows;
}

const char *money_days_note(const struct pk_scenario *sc,
			    const struct pk_bill *b, char *buf, size_t cap)
{
	char first[16], last[16];

	if (!b->priced || b->n_earlier == 0) {
		return NULL;
	}
	snprintf(buf, cap,
		 "each clock hour is priced by the rows in effect on its own "
		 "day: the run's hours span %s to %s and a row changed "
		 "between (the price rows used list both); an hour and a "
		 "month are this workload at the rows of %s, its last "
		 "hour's",
		 prices_day_text(b->first_day, first, sizeof(first)),
		 prices_day_text(b->last_day, last, sizeof(last)), last);
	return buf;
}

/* g GB as the storage note prints it: three decimals under 100 GB,
   whole thousands above */
static const char *gb_text(double g, char *buf, size_t cap)
{
	char t[32];

	if (g < 100) {
		snprintf(buf, cap, "%.3f GB", g);
	} else {
		snprintf(buf, cap, "%s GB",
			 fmt_thousands((int64_t)(g + 0.5), t));
	}
	return buf;
}

/* "80 s (its workload's 60 s)", "10 s (its workload's 12 s at its
   client's pace)" when the pace alone takes longer than the run, or
   "60 s" when the run is its workload's seconds, with the data's own
   seconds after it for a compressed data file, into buf (cap bytes) */
static const char *run_seconds(const struct pk_result_variant *v, char *buf,
			       size_t cap)
{
	char a[32], b[32];

	if (v->bill.workload_s > 0 && v->bill.workload_s < v->end_s) {
		snprintf(buf, cap, "%s s (its workload's %s s)",
			 fmt_thousands(v->end_s, a),
			 fmt_thousands(v->bill.workload_s, b));
	} else if (v->bill.workload_s > v->end_s) {
		snprintf(buf, cap,
			 "%s s (its workload's %s s at its client's "
			 "pace)",
			 fmt_thousands(v->end_s, a),
			 fmt_thousands(v->bill.workload_s, b));
	} else {
		snprintf(buf, cap, "%s s", fmt_thousands(v->end_s, a));
	}
	if (v->bill.data_scale > 0 && v->bill.data_scale != 1) {
		/* a compressed data file: the month is of the data's time */
		size_t n = strlen(buf);

		snprintf(buf + n, cap - n, ", %s s of the data's time",
			 fmt_thousands((int64_t)llround((double)v->end_s *
							v->bill.data_scale),
				       a));
	}
	return buf;
}

const char *money_storage_note(const struct pk_scenario *sc,
			       const struct pk_result_variant *v, char *buf,
			       size_t cap)
{
	const struct pk_snapshot_ddb *x = v->ddb;
	const struct pk_ddb_table_spec *t =
	    sc ? scenario_variant_table(sc, v->spec) : NULL;
	size_t n_ix = t ? t->n_gsis + t->n_lsis : 0;
	double end_gb, month_gb, most_gb;
	uint64_t items = 0, item_bytes = 0;
	char a[48], b[48], c[80], d[32], e[32], ix[64] = "";

	if (!v->bill.priced || !bill_mode_ddb(v->bill.mode) || !x ||
	    v->end_s <= 0 || v->end_s >= (int64_t)PK_BILL_MONTH_HOURS * 3600 ||
	    x->items + x->index_entries == 0) {
		return NULL;
	}
	/* the bill's bytes (bill_ddb.c): items and index entries with
	   their 100 B each; the table starts empty (no preload) */
	end_gb =
	    ((double)v->storage_bytes + (double)x->index_bytes +
	     (double)(x->items + x->index_entries) * PK_BILL_DDB_ITEM_BYTES) /
	    (double)PK_GIB;
	if (v->bill.one_off) {
		/* an import stores once: nothing grows after it */
		snprintf(buf, cap,
			 "storage: the import happens once, so the table "
			 "holds the %.3f GB it stored and grows no more; a "
			 "month bills that (docs/money.md)",
			 end_gb);
		return buf;
	}
	/* what the workload stored, over the seconds it asked in (its
	   retries' tail stored the rest of it); with several streams each
	   stream's share, taken as its share of the write units, at its
	   own rate (bill.h write_scale) */
	month_gb = end_gb * (double)PK_BILL_MONTH_HOURS * 3600.0 *
		   (v->bill.write_scale > 0 ? v->bill.write_scale : 1) /
		   (v->bill.workload_span_s > 0 ? v->bill.workload_span_s
						: (double)v->end_s) /
		   (v->bill.data_scale > 0 ? v->bill.data_scale : 1);
	most_gb =
	    money_keyspace_bytes(sc, t, &items, &item_bytes) / (double)PK_GIB;
	if (n_ix > 0) {
		snprintf(ix, sizeof(ix), ", with their entries in %zu %s,",
			 n_ix, n_ix == 1 ? "index" : "indexes");
	}
	if (most_gb > 0 && month_gb > most_gb) {
		/* the growth stops where the key space is full */
		snprintf(buf, cap,
			 "storage: a month bills the GB this run held (its "
			 "hours' average), not a month of this workload's "
			 "writes: the table held %s after the run's %s; "
			 "were that growth to go on, it would stop at about "
			 "%s, all that %s key values of at most %s B each "
			 "(and 100 B)%s can hold, as a write of a held key "
			 "replaces its item; not billed here (docs/money.md)",
			 gb_text(end_gb, a, sizeof(a)),
			 run_seconds(v, c, sizeof(c)),
			 gb_text(most_gb, b, sizeof(b)),
			 fmt_thousands((int64_t)items, d),
			 fmt_thousands((int64_t)item_bytes, e), ix);
		return buf;
	}
	snprintf(buf, cap,
		 "storage: a month bills the GB this run held (its hours' "
		 "average), not a month of this workload's writes: the table "
		 "held %s after the run's %s; were that growth to go on, "
		 "720 h would end at about %s, not billed here (docs/money.md)",
		 gb_text(end_gb, a, sizeof(a)), run_seconds(v, c, sizeof(c)),
		 gb_text(month_gb, b, sizeof(b)));
	return buf;
}

const char *money_heading(const struct pk_scenario *sc, const struct pk_bill *b,
			  char *buf, size_t cap)
{
	char day[16], tday[16];

	snprintf(
	    buf, cap, "%s%s, billing date %s from %s; table %s of %s",
	    bill_mode_name(b->mode),
	    bill_mode_ddb(b->mode) ? " capacity (Amazon DynamoDB)"
	    : b->mode == PK_BILL_FABRIC
		? " (Cosmos DB in Fabric: dynamic autoscale in capacity "
		  "units, rule 41)"
	    : b->mode != PK_BILL_AUTOSCALE ? ""
	    : b->dynamic		   ? " (dynamic, rule 27)"
					   : " (classic, rule 17)",
	    prices_day_text(scenario_billing_day(sc, NULL), day, sizeof(day)),
	    money_date_from(sc), scenario_prices_name(sc),
	    prices_day_text(sc->pricing.prices->date_day, tday, sizeof(tday)));
	return buf;
}

const char *money_row_text(const struct pk_price_pick *p, char *buf, size_t cap)
{
	const struct pk_price_row *r = p->row;
	size_t len;

	len = fmt_append(
	    buf, cap, 0, "line %d: %s %s %s %.10g %s per %s%s", r->line,
	    r->provider, r->region, r->meter, r->price, r->currency, r->unit,
	    r->status == PK_PRICE_THIRD_PARTY ? " [third-party: check it]"
	    : r->status == PK_PRICE_ASSUMED   ? " [assumed: check it]"
					      : "");
	if (p->overridden) {
		fmt_append(buf, cap, len,
			   ", overridden by pricing.overrides: "
			   "%.10g",
			   p->price);
	}
	return buf;
}

int money_compare_weekly(const struct pk_result *r)
{
	size_t i;
	int any = 0;

	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		if (b->priced && !b->month_from_week) {
			return 0;
		}
		any |= b->priced;
	}
	return any;
}

int money_compare_paced(const struct pk_result *r)
{
	const struct pk_bill *first = NULL;
	size_t i;
	int paced = 0, differ = 0;

	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		if (!b->priced) {
			continue;
		}
		paced |= b->paced;
		if (!first) {
			first = b;
		} else if (fabs(b->pace_s - first->pace_s) >
			   1e-9 * (b->pace_s > first->pace_s ? b->pace_s
							     : first->pace_s)) {
			differ = 1;
		}
	}
	return paced && differ;
}

double money_compare_month(const struct pk_result *r, const struct pk_bill *b)
{
	return money_compare_weekly(r)	? b->month
	       : money_compare_paced(r) ? b->month_phases
					: b->month_720;
}

/* With money_compare_paced: each variant's pace and the phases', after
   buf's len bytes; returns the new length */
static size_t paces(const struct pk_result *r, char *buf, size_t cap,
		    size_t len)
{
	size_t i;
	int n = 0;

	if (money_compare_weekly(r) || !money_compare_paced(r)) {
		return len;
	}
	len = fmt_append(buf, cap, len,
			 "; the clients' paces differ (their sends took");
	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		if (b->priced) {
			len = fmt_append(buf, cap, len, "%s %.6g s for %s",
					 n++ ? "," : "", b->pace_s,
					 r->variants[i].name);
		}
	}
	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		if (b->priced) {
			return fmt_append(
			    buf, cap, len,
			    "), so every variant's month is at the phases' "
			    "demand, its operations over the phases' %.6g s, "
			    "not over its client's pace",
			    b->phases_s);
		}
	}
	return len;
}

const char *money_compare_basis(const struct pk_result *r, int json)
{
	if (money_compare_weekly(r)) {
		return json ? "week" : "its week x 30/7";
	}
	return json ? "720h" : "720 h";
}

/* The variants of r whose own money block gives another month than the
   cost row, with that month, after buf's len bytes; returns the new
   length. */
static size_t other_bases(const struct pk_result *r, char *buf, size_t cap,
			  size_t len)
{
	char m[PK_MONEY_BYTES];
	size_t i;
	int n = 0;

	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		if (!b->priced || !b->month_from_week ||
		    money_compare_weekly(r)) {
			continue;
		}
		len = fmt_append(buf, cap, len,
				 "%s %s's money block gives its week x 30/7",
				 n++ ? "," : ";", r->variants[i].name);
		len = fmt_append(
		    buf, cap, len, ", %s",
		    money_fmt(b->month, b->throughput.pick.row->currency, m));
	}
	if (n > 0) {
		len = fmt_append(buf, cap, len,
				 " (not used: another variant has no whole "
				 "week to repeat)");
	}
	return len;
}

/* A compare across services: the other service's region beside
   first's tag (its bills' regions differ), after buf's len bytes;
   returns the new length. */
static size_t other_regions(const struct pk_result *r,
			    const struct pk_bill *first, char *buf, size_t cap,
			    size_t len)
{
	size_t i;

	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		if (b->priced && strcmp(b->provider, first->provider) != 0) {
			return fmt_append(buf, cap, len,
					  " and the %s variants' prices "
					  "in %s",
					  b->provider, b->region);
		}
	}
	return len;
}

const char *money_cost_note(const struct pk_result *r, char *buf, size_t cap)
{
	char tag[PK_MONEY_TAG_BYTES];
	size_t i, len;

	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		if (b->priced) {
			len = fmt_append(
			    buf, cap, 0, "cost a month: %s %s",
			    money_compare_weekly(r)
				? "the weekly schedule's own week x 30/7"
				: "the workload for 720 h",
			    money_tag(r->sc, b, tag));
			len = other_regions(r, b, buf, cap, len);
			len = fmt_append(buf, cap, len,
					 ", every variant on that one basis, "
					 "each in its own mode");
			len = other_bases(r, buf, cap, len);
			len = paces(r, buf, cap, len);
			fmt_append(buf, cap, len,
				   "; the text report of run has every line");
			return buf;
		}
	}
	snprintf(buf, cap, "no cost row: %s", money_none_why(r->sc));
	return buf;
}

void money_gb_months(double q, const char *more, char *buf, size_t cap)
{
	if (q == 0) {
		snprintf(buf, cap, "0 GB-months%s", more);
		return;
	}
	if (q < 0.0000005) {
		snprintf(buf, cap, "under 0.000001 GB-months%s", more);
		return;
	}
	snprintf(buf, cap, q >= 1 ? "%.3f GB-months%s" : "%.6f GB-months%s", q,
		 more);
}

/* The run, an hour and a month of b from out[n]; returns the new n */
static size_t totals(const struct pk_bill *b, int rows, struct money_line *out,
		     size_t n)
{
	out[n] = (struct money_line){"the run", "", b->cost, rows, 0};
	snprintf(out[n].what, sizeof(out[n].what), "%lld clock hour%s billed",
		 (long long)b->hours, b->hours == 1 ? "" : "s");
	n++;
	out[n++] = (struct money_line){"an hour", "a month / 720", b->per_hour,
				       rows, 0};
	out[n] = (struct money_line){"a month", "", b->month, rows, 0};
	snprintf(out[n].what, sizeof(out[n].what), "%s",
		 b->one_off			  ? "720 h, the import once"
		 : b->month_from_week		  ? "its week x 30/7 (weekly)"
		 : b->scaled && !b->scale_settled ? "720 h, scaling unsettled"
		 : b->time_scaled		  ? "720 h of simulated time"
		 : b->data_scale > 0 && b->data_scale != 1
		     ? "720 h of the data's time"
		 : b->weekly && b->hours >= PK_BILL_WEEK_HOURS
		     ? "720 h (not whole weeks)"
		 : b->weekly ? "720 h (run under a week)"
			     : "720 h at this workload");
	return n + 1;
}

/* A DynamoDB table's storage line: GB-months past its free GB (row 3),
   row 2 */
static struct money_line ddb_storage_line(const struct pk_bill *b)
{
	struct money_line l = {"storage", "", b->storage.cost, 4 | 8, 1};
	char free_gb[40] = "";

	if (b->storage_free.row) {
		snprintf(free_gb, sizeof(free_gb), " (%.6g free)",
			 b->storage_free.price);
	}
	money_gb_months(b->storage.quantity, free_gb, l.what, sizeof(l.what));
	return l;
}

/* Millions q (of units) as a bill line prints them, into buf
   (PK_FMT_BYTES): up to 6 significant digits, without an exponent
   ("0.000001" for one unit, not "1e-06"); returns buf */
static const char *millions(double q, char *buf)
{
	int d;

	if (q == 0 || q >= 1e-4 || q != q) {
		snprintf(buf, PK_FMT_BYTES, "%.6g", q);
		return buf;
	}
	/* 6 significant digits from the first, trailing zeros cut */
	d = 5 - (int)floor(log10(q));
	snprintf(buf, PK_FMT_BYTES, "%.*f", d < 20 ? d : 20, q);
	for (d = (int)strlen(buf); d > 0 && buf[d - 1] == '0'; d--) {
		buf[d - 1] = '\0';
	}
	return buf;
}

/* Amazon DynamoDB's lines: rows 0 WCU, 1 RCU, 2 storage, 3 its free
   GB, then on demand's 4 WRU and 5 RRU (money_rows' order) */
static size_t ddb_lines(const struct pk_scenario *sc, const struct pk_bill *b,
			struct money_line *out)
{
	char mw[PK_FMT_BYTES], mr[PK_FMT_BYTES];
	size_t n = 0;

	out[n] = (struct money_line){"writes", "", b->throughput.cost, 1, 1};
	snprintf(out[n++].what, sizeof(out->what), "%.0f WCU-hours",
		 b->throughput.quantity);
	out[n] = (struct money_line){"reads", "", b->reads.cost, 2, 1};
	snprintf(out[n++].what, sizeof(out->what), "%.0f RCU-hours",
		 b->reads.quantity);
	out[n++] = ddb_storage_line(b);
	if (sc->pricing.free_tier) {
		/* what it took off: 25 of each, or what the table held */
		out[n] = (struct money_line){"free tier", "", -b->free_tier_off,
					     1 | 2, 0};
		snprintf(out[n++].what, sizeof(out->what),
			 "%lld WCU and %lld RCU (off the lines above)",
			 (long long)b->free_units[0],
			 (long long)b->free_units[1]);
	}
	n = totals(b, 1 | 2 | 4 | 8, out, n);
	if (b->ondemand) {
		out[n] = (struct money_line){"(on demand)", "",
					     b->ondemand_cost, 16 | 32, 0};
		snprintf(out[n++].what, sizeof(out->what), "%s M WRU, %s M RRU",
			 millions(b->ondemand_writes.quantity, mw),
			 millions(b->ondemand_reads.quantity, mr));
		out[n] = (struct money_line){"(on demand)", "a month (720 h)",
					     b->ondemand_month, 16 | 32, 0};
		if (b->one_off) {
			snprintf(out[n].what, sizeof(out->what),
				 "a month, the import once");
		}
		n++;
	}
	return n;
}

/* An on-demand table's lines: rows 0 WRU, 1 RRU, 2 storage, 3 its free
   GB (money_rows' order) */
static size_t ddb_on_demand_lines(const struct pk_bill *b,
				  struct money_line *out)
{
	char mw[PK_FMT_BYTES];
	size_t n = 0;

	out[n] = (struct money_line){"writes", "", b->throughput.cost, 1, 1};
	snprintf(out[n++].what, sizeof(out->what), "%s M WRU consumed",
		 millions(b->throughput.quantity, mw));
	out[n] = (struct money_line){"reads", "", b->reads.cost, 2, 1};
	snprintf(out[n++].what, sizeof(out->what), "%s M RRU consumed",
		 millions(b->reads.quantity, mw));
	out[n++] = ddb_storage_line(b);
	return totals(b, 1 | 2 | 4 | 8, out, n);
}

const char *money_month_basis(const struct pk_bill *b)
{
	return b->month_from_week ? "week" : "720h";
}

const char *money_ondemand_note(const struct pk_bill *b, char *buf, size_t cap)
{
	if (b->priced && !b->ondemand && b->ondemand_missing[0]) {
		snprintf(buf, cap,
			 "no on-demand comparison: %s (add the on-demand rows "
			 "to compare)",
			 b->ondemand_missing);
		return buf;
	}
	if (!b->priced || !b->ondemand) {
		return NULL;
	}
	snprintf(buf, cap,
		 "(on demand): the same requests (each operation's first "
		 "attempt that on demand would serve: a key value takes at "
		 "most 1,000 WRU and 3,000 RRU a second in either mode, D3) "
		 "at on-demand prices, not in the bill; a month, and the "
		 "use, add what that cap refused that retries store where "
		 "the value's cycle has room, however long they wait; "
		 "provisioned "
		 "costs less above %.1f%% average use of its write capacity "
		 "and %.1f%% of its read capacity: on demand this run would "
		 "use %.1f%% and %.1f%%",
		 b->breakeven_writes * 100, b->breakeven_reads * 100,
		 b->use_writes * 100, b->use_reads * 100);
	return buf;
}

/* The lines of b as money_lines says, before the earlier rows join
   their lines' rows */
static size_t lines(const struct pk_scenario *sc, const struct pk_bill *b,
		    struct money_line *out);

size_t money_lines(const struct pk_scenario *sc, const struct pk_bill *b,
		   struct money_line *out)
{
	size_t n = lines(sc, b, out), i;

	for (i = 0; i < n && b->n_earlier > 0; i++) {
		out[i].rows = with_earlier(b, out[i].rows);
	}
	return n;
}

static size_t lines(const struct pk_scenario *sc, const struct pk_bill *b,
		    struct money_line *out)
{
	const struct pk_price_pick *p[PK_MONEY_ROWS];
	char mw[PK_FMT_BYTES];
	size_t n = 0;

	if (!b->priced) {
		return 0;
	}
	if (b->mode == PK_BILL_DDB_ON_DEMAND) {
		return ddb_on_demand_lines(b, out);
	}
	if (b->mode == PK_BILL_DDB_PROVISIONED) {
		return ddb_lines(sc, b, out);
	}
	out[n] = (struct money_line){"throughput", "", b->throughput.cost,
				     PK_MONEY_ROW_THROUGHPUT, 1};
	if (b->mode == PK_BILL_SERVERLESS) {
		snprintf(out[n].what, sizeof(out[n].what),
			 "%s million RU consumed",
			 millions(b->throughput.quantity, mw));
	} else if (b->mode == PK_BILL_FABRIC) {
		snprintf(out[n].what, sizeof(out[n].what),
			 "%.4f CU hours (rule 41)", b->throughput.quantity);
	} else {
		snprintf(out[n].what, sizeof(out[n].what),
			 "%.0f x 100 RU/s-hours", b->throughput.quantity);
	}
	n++;
	out[n] = (struct money_line){"storage", "", b->storage.cost,
				     PK_MONEY_ROW_STORAGE, 1};
	money_gb_months(b->storage.quantity, "", out[n].what,
			sizeof(out[n].what));
	n++;
	if (b->reserved) {
		out[n] =
		    (struct money_line){"reserved", "", b->reservation.cost,
					PK_MONEY_ROW_RESERVED, 1};
		snprintf(out[n].what, sizeof(out[n].what),
			 "%lld RU/s at %g%% off",
			 (long long)sc->pricing.reserved_ru_per_s,
			 sc->pricing.reserved_discount * 100);
		n++;
	}
	if (b->pooled) {
		/* the pool's row is the last money_rows gives */
		out[n] = (struct money_line){"fleet pool", "", b->pool.cost,
					     1 << (money_rows(b, p) - 1), 1};
		snprintf(out[n].what, sizeof(out[n].what),
			 "%.0f x 100 RU/s-hours", b->pool.quantity);
		n++;
	}
	if (sc->pricing.free_tier) {
		out[n++] = (struct money_line){
		    "free tier", "1,000 RU/s and 25 GB", -b->free_tier_off,
		    PK_MONEY_ROW_THROUGHPUT | PK_MONEY_ROW_STORAGE, 0};
	}
	return totals(b, (1 << money_rows(b, p)) - 1, out, n);
}

void money_text(const struct pk_result *r, const struct pk_result_variant *v,
		int explain, FILE *out)
{
	const struct pk_scenario *sc = r->sc;
	const struct pk_bill *b = &v->bill;
	const struct pk_price_pick *p[PK_MONEY_ROWS];
	struct money_line l[PK_MONEY_LINES];
	char m[PK_MONEY_BYTES], tag[PK_MONEY_TAG_BYTES], t[PK_MONEY_NOTE_BYTES];
	size_t n, i;

	if (!b->priced) {
		fprintf(out, "\nmoney\n  not priced: %s\n",
			money_unpriced_why(sc, b));
		return;
	}
	money_tag(sc, b, tag);
	fprintf(out, "\nmoney: %s\n", money_heading(sc, b, t, sizeof(t)));
	n = money_lines(sc, b, l);
	for (i = 0; i < n; i++) {
		fprintf(
		    out, "  %-12s%-28s %12s %s\n", l[i].label, l[i].what,
		    money_fmt(l[i].amount, b->throughput.pick.row->currency, m),
		    tag);
	}
	if (money_ondemand_note(b, t, sizeof(t))) {
		fprintf(out, "  %s\n", t);
	}
	if (money_days_note(sc, b, t, sizeof(t))) {
		fprintf(out, "  %s\n", t);
	}
	if (money_caveat_note(sc, v, t, sizeof(t))) {
		fprintf(out, "  %s\n", t);
	}
	if (money_storage_note(sc, v, t, sizeof(t))) {
		fprintf(out, "  %s\n", t);
	}
	fprintf(out, "  price rows used (%s):\n", scenario_prices_name(sc));
	n = money_rows_listed(b, p);
	for (i = 0; i < n; i++) {
		fprintf(out, "    %s\n", money_row_text(p[i], t, sizeof(t)));
		if (explain) {
			fprintf(out, "      source: %s (%s)\n",
				p[i]->row->source,
				prices_status_name(p[i]->row->status));
		}
	}
	if (b->third_party) {
		fprintf(out, "  %s\n", PK_MONEY_THIRD_PARTY);
	}
	if (b->assumed) {
		fprintf(out, "  %s\n", PK_MONEY_ASSUMED);
	}
}
