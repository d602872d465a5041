/*
 * report_money_csv: `--format money-csv`, every variant's bill one row
 * a line (money.h), traceable to the price table's rows.
 */
#include <stdio.h>
#include <string.h>

#include "pksim/report/money.h"

/* A text field, quoted, quotes doubled (RFC 4180) */
static void field(const char *s, FILE *out)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"') {
			fputc('"', out);
		}
		fputc(*s, out);
	}
	fputc('"', out);
}

/* Whether p[i] names the same row as a p[j] of mask before it */
static int repeats(const struct pk_price_pick *const *p, int mask, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++) {
		if ((mask & (1 << j)) && p[j]->row == p[i]->row) {
			return 1;
		}
	}
	return 0;
}

/* The table lines of the rows in mask, space-separated; whether one
   of them is third-party into *third. */
static void rows_field(const struct pk_bill *b, int mask, int *third, FILE *out)
{
	const struct pk_price_pick *p[PK_MONEY_ROWS];
	size_t n = money_rows(b, p), i;
	int first = 1;

	*third = 0;
	for (i = 0; i < n; i++) {
		if (!(mask & (1 << i)) || repeats(p, mask, i)) {
			continue;
		}
		fprintf(out, "%s%d", first ? "" : " ", p[i]->row->line);
		*third |= prices_check_it(p[i]->row->status);
		first = 0;
	}
}

static void variant_rows(const struct pk_result *r,
			 const struct pk_result_variant *v, FILE *out)
{
	const struct pk_scenario *sc = r->sc;
	const struct pk_bill *b = &v->bill;
	struct money_line l[PK_MONEY_LINES];
	char day[PK_MONEY_TAG_BYTES];
	size_t n = money_lines(sc, b, l), i;
	int third;

	if (!b->priced) {
		field(v->name, out);
		fputs(",\"not priced\",", out);
		field(money_unpriced_why(sc, &v->bill), out);
		fputs(",,,,,,,,\n", out);
		return;
	}
	for (i = 0; i < n; i++) {
		field(v->name, out);
		fputc(',', out);
		field(l[i].label, out);
		fputc(',', out);
		field(l[i].what, out);
		fprintf(out, ",%.10g,", l[i].amount);
		field(b->throughput.pick.row->currency, out);
		fprintf(out, ",%s,", money_prices_of(sc, b, &l[i], day));
		field(b->region, out);
		fputc(',', out);
		field(scenario_prices_name(sc), out);
		fputs(",\"", out);
		rows_field(b, l[i].rows, &third, out);
		fprintf(out, "\",%d,%d\n", third, l[i].in_total);
	}
}

int report_money_csv(const struct pk_result *r, FILE *out)
{
	size_t i;

	fputs("variant,line,what,amount,currency,prices_of,region,table,"
	      "price_rows,third_party,in_total\n",
	      out);
	for (i = 0; i < r->n_variants; i++) {
		variant_rows(r, &r->variants[i], out);
	}
	return ferror(out) ? -1 : 0;
}
