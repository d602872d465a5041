/*
 * money_markup: a variant's bill in the Markdown and HTML reports
 * (money.h), the lines and price rows the text report prints, each
 * amount with its "(prices of DATE, REGION, CURRENCY)".
 */
#include <stdio.h>

#include "pksim/report/money.h"

/* One variant's bill in Markdown. */
static void md_bill(const struct pk_result *r,
		    const struct pk_result_variant *v, money_escape_fn esc,
		    FILE *out)
{
	const struct pk_scenario *sc = r->sc;
	const struct pk_bill *b = &v->bill;
	const struct pk_price_pick *p[PK_MONEY_ROWS];
	struct money_line l[PK_MONEY_LINES];
	char m[PK_MONEY_BYTES], tag[PK_MONEY_TAG_BYTES], t[PK_MONEY_NOTE_BYTES];
	size_t n, i;

	fprintf(out, "\n### ");
	esc(v->name, out);
	fprintf(out, "\n\n");
	if (!b->priced) {
		fprintf(out, "Not priced: ");
		esc(money_unpriced_why(sc, b), out);
		fprintf(out, ".\n");
		return;
	}
	esc(money_heading(sc, b, t, sizeof(t)), out);
	fprintf(out, ".\n\n| line | quantity | amount | prices |\n"
		     "| --- | --- | ---: | --- |\n");
	money_tag(sc, b, tag);
	n = money_lines(sc, b, l);
	for (i = 0; i < n; i++) {
		fprintf(out, "| ");
		esc(l[i].label, out);
		fprintf(out, " | ");
		esc(l[i].what, out);
		fprintf(out, " | ");
		esc(money_fmt(l[i].amount, b->throughput.pick.row->currency, m),
		    out);
		fprintf(out, " | ");
		esc(tag, out);
		fprintf(out, " |\n");
	}
	if (money_ondemand_note(b, t, sizeof(t))) {
		fprintf(out, "\n");
		esc(t, out);
		fprintf(out, ".\n");
	}
	if (money_days_note(sc, b, t, sizeof(t))) {
		fprintf(out, "\n");
		esc(t, out);
		fprintf(out, ".\n");
	}
	if (money_caveat_note(sc, v, t, sizeof(t))) {
		fprintf(out, "\n");
		esc(t, out);
		fprintf(out, ".\n");
	}
	if (money_storage_note(sc, v, t, sizeof(t))) {
		fprintf(out, "\n");
		esc(t, out);
		fprintf(out, ".\n");
	}
	fprintf(out, "\nPrice rows used (");
	esc(scenario_prices_name(sc), out);
	fprintf(out, "):\n\n");
	n = money_rows_listed(b, p);
	for (i = 0; i < n; i++) {
		fprintf(out, "- ");
		esc(money_row_text(p[i], t, sizeof(t)), out);
		if (sc->pricing.explain) {
			fprintf(out, "; source: ");
			esc(p[i]->row->source, out);
			fprintf(out, " (%s)",
				prices_status_name(p[i]->row->status));
		}
		fputc('\n', out);
	}
	if (b->third_party) {
		fprintf(out, "\n%s.\n", PK_MONEY_THIRD_PARTY);
	}
	if (b->assumed) {
		fprintf(out, "\n%s.\n", PK_MONEY_ASSUMED);
	}
}

void money_markdown(const struct pk_result *r, money_escape_fn esc, FILE *out)
{
	size_t i;

	fprintf(out, "\n## Money\n");
	for (i = 0; i < r->n_variants; i++) {
		md_bill(r, &r->variants[i], esc, out);
	}
}

void money_html(const struct pk_result *r, const struct pk_result_variant *v,
		money_escape_fn esc, FILE *out)
{
	const struct pk_scenario *sc = r->sc;
	const struct pk_bill *b = &v->bill;
	const struct pk_price_pick *p[PK_MONEY_ROWS];
	struct money_line l[PK_MONEY_LINES];
	char m[PK_MONEY_BYTES], tag[PK_MONEY_TAG_BYTES], t[PK_MONEY_NOTE_BYTES];
	size_t n, i;

	if (!b->priced) {
		fprintf(out, "<p class=\"note\">Not priced: ");
		esc(money_unpriced_why(sc, b), out);
		fprintf(out, ".</p>\n");
		return;
	}
	fprintf(out, "<p class=\"note\">");
	esc(money_heading(sc, b, t, sizeof(t)), out);
	fprintf(out, ".</p>\n<table>\n<tr><th>line</th><th>quantity</th>"
		     "<th>amount</th><th>prices</th></tr>\n");
	money_tag(sc, b, tag);
	n = money_lines(sc, b, l);
	for (i = 0; i < n; i++) {
		fprintf(out, "<tr><th>");
		esc(l[i].label, out);
		fprintf(out, "</th><td>");
		esc(l[i].what, out);
		fprintf(out, "</td><td class=\"n\">");
		esc(money_fmt(l[i].amount, b->throughput.pick.row->currency, m),
		    out);
		fprintf(out, "</td><td>");
		esc(tag, out);
		fprintf(out, "</td></tr>\n");
	}
	fprintf(out, "</table>\n");
	if (money_ondemand_note(b, t, sizeof(t))) {
		fprintf(out, "<p class=\"note\">");
		esc(t, out);
		fprintf(out, ".</p>\n");
	}
	if (money_days_note(sc, b, t, sizeof(t))) {
		fprintf(out, "<p class=\"note\">");
		esc(t, out);
		fprintf(out, ".</p>\n");
	}
	if (money_caveat_note(sc, v, t, sizeof(t))) {
		fprintf(out, "<p class=\"note\">");
		esc(t, out);
		fprintf(out, ".</p>\n");
	}
	if (money_storage_note(sc, v, t, sizeof(t))) {
		fprintf(out, "<p class=\"note\">");
		esc(t, out);
		fprintf(out, ".</p>\n");
	}
	fprintf(out, "<p class=\"note\">Price rows used (");
	esc(scenario_prices_name(sc), out);
	fprintf(out, "):</p>\n<ul>\n");
	n = money_rows_listed(b, p);
	for (i = 0; i < n; i++) {
		fprintf(out, "<li>");
		esc(money_row_text(p[i], t, sizeof(t)), out);
		if (sc->pricing.explain) {
			fprintf(out, "; source: ");
			esc(p[i]->row->source, out);
			fprintf(out, " (%s)",
				prices_status_name(p[i]->row->status));
		}
		fprintf(out, "</li>\n");
	}
	fprintf(out, "</ul>\n");
	if (b->third_party) {
		fprintf(out, "<p class=\"note\">%s.</p>\n",
			PK_MONEY_THIRD_PARTY);
	}
	if (b->assumed) {
		fprintf(out, "<p class=\"note\">%s.</p>\n", PK_MONEY_ASSUMED);
	}
}

void money_html_cost_row(const struct pk_result *r, money_escape_fn esc,
			 FILE *out)
{
	char m[PK_MONEY_BYTES];
	size_t i;
	int any = 0;

	for (i = 0; i < r->n_variants; i++) {
		any |= r->variants[i].bill.priced;
	}
	if (!any) {
		return;
	}
	fprintf(out, "<tr><th>cost a month (%s)</th>",
		money_compare_basis(r, 0));
	for (i = 0; i < r->n_variants; i++) {
		const struct pk_bill *b = &r->variants[i].bill;

		fprintf(out, "<td>");
		esc(b->priced ? money_fmt(money_compare_month(r, b),
					  b->throughput.pick.row->currency, m)
			      : "-",
		    out);
		fprintf(out, "</td>");
	}
	fprintf(out, "</tr>\n");
}
