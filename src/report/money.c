/*
 * money: a variant's bill as the reports print it (money.h).
 */
#include "pksim/report/money.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"

const char *money_fmt(double amount, const char *currency, char *buf)
{
	char whole[40];
	double a = fabs(amount);
	int decimals = a >= 1 || a == 0 ? 2 : 4;
	double scale = decimals == 2 ? 100.0 : 10000.0;
	double r = floor(a * scale + 0.5);
	int64_t units = (int64_t)(r / scale);
	int64_t frac = (int64_t)(r - (double)units * scale);
	int usd = strcmp(currency, "USD") == 0;

	fmt_thousands(units, whole);
	snprintf(buf, PK_MONEY_BYTES, "%s%s%s.%0*lld%s%s",
		 amount < 0 && r > 0 ? "-" : "", usd ? "$" : "", whole,
		 decimals, (long long)frac, usd ? "" : " ",
		 usd ? "" : currency);
	return buf;
}

const char *money_tag(const struct pk_scenario *sc, const struct pk_bill *b,
		      char *buf)
{
	char day[16];

	snprintf(
	    buf, PK_MONEY_TAG_BYTES, "(prices of %s, %s, %s)",
	    prices_day_text(scenario_billing_day(sc, NULL), day, sizeof(day)),
	    sc->pricing.region,
	    b->throughput.pick.row ? b->throughput.pick.row->currency : "?");
	return buf;
}

const char *money_none_why(void)
{
	return "the scenario names no region to price it in: add pricing: "
	       "{region: us-nongov} (docs/money.md), or give --prices FILE "
	       "with a region";
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
	size_t n = 0;

	if (!b->priced) {
		return 0;
	}
	out[n++] = &b->throughput.pick;
	out[n++] = &b->storage.pick;
	if (b->reserved) {
		out[n++] = &b->reservation.pick;
	}
	return n;
}

/* One price row used: where it is and what it says. */
static void row_line(const struct pk_price_pick *p, int explain, FILE *out)
{
	const struct pk_price_row *r = p->row;
	char price[PK_MONEY_BYTES];

	snprintf(price, sizeof(price), "%.10g", r->price);
	fprintf(out, "    line %d: %s %s %s %s per %s%s%s", r->line,
		r->provider, r->region, r->meter, price, r->unit,
		r->status == PK_PRICE_THIRD_PARTY ? " [third-party: check it]"
						  : "",
		p->overridden ? "" : "\n");
	if (p->overridden) {
		fprintf(out, ", overridden by pricing.overrides: %.10g\n",
			p->price);
	}
	if (explain) {
		fprintf(out, "      source: %s (%s)\n", r->source,
			prices_status_name(r->status));
	}
}

static void lines(const struct pk_scenario *sc, const struct pk_bill *b,
		  FILE *out)
{
	const char *cur = b->throughput.pick.row->currency;
	char m[PK_MONEY_BYTES], tag[PK_MONEY_TAG_BYTES], q[64];

	money_tag(sc, b, tag);
	if (b->mode == PK_BILL_SERVERLESS) {
		snprintf(q, sizeof(q), "%.6g million RU consumed",
			 b->throughput.quantity);
	} else {
		snprintf(q, sizeof(q), "%.0f x 100 RU/s-hours",
			 b->throughput.quantity);
	}
	fprintf(out, "  throughput  %-28s %12s %s\n", q,
		money_fmt(b->throughput.cost, cur, m), tag);
	snprintf(q, sizeof(q), "%.6g GB-months", b->storage.quantity);
	fprintf(out, "  storage     %-28s %12s %s\n", q,
		money_fmt(b->storage.cost, cur, m), tag);
	if (b->reserved) {
		snprintf(q, sizeof(q), "%lld RU/s at %.0f%% off",
			 (long long)sc->pricing.reserved_ru_per_s,
			 sc->pricing.reserved_discount * 100);
		fprintf(out, "  reserved    %-28s %12s %s\n", q,
			money_fmt(b->reservation.cost, cur, m), tag);
	}
	if (sc->pricing.free_tier) {
		fprintf(out, "  free tier   %-28s %12s %s\n",
			"1,000 RU/s and 25 GB",
			money_fmt(-b->free_tier_off, cur, m), tag);
	}
}

void money_text(const struct pk_result *r, const struct pk_result_variant *v,
		int explain, FILE *out)
{
	const struct pk_scenario *sc = r->sc;
	const struct pk_bill *b = &v->bill;
	const char *cur;
	char m[PK_MONEY_BYTES], tag[PK_MONEY_TAG_BYTES], day[16], hr[24];

	if (!b->priced) {
		fprintf(out, "\nmoney\n  not priced: %s\n",
			sc->pricing.asked ? "not an Azure Cosmos DB variant"
					  : money_none_why());
		return;
	}
	cur = b->throughput.pick.row->currency;
	money_tag(sc, b, tag);
	fprintf(
	    out, "\nmoney: %s%s, billing date %s from %s; table %s of %s\n",
	    bill_mode_name(b->mode),
	    b->mode != PK_BILL_AUTOSCALE ? ""
	    : b->dynamic		 ? " (dynamic, rule 27)"
					 : " (classic, rule 17)",
	    prices_day_text(scenario_billing_day(sc, NULL), day, sizeof(day)),
	    money_date_from(sc), scenario_prices_name(sc),
	    prices_day_text(sc->pricing.prices->date_day, hr, sizeof(hr)));
	lines(sc, b, out);
	snprintf(hr, sizeof(hr), "%lld", (long long)b->hours);
	fprintf(out, "  the run     %s clock hour%s billed%*s %12s %s\n", hr,
		b->hours == 1 ? "" : "s",
		(int)(28 - strlen(hr) - (b->hours == 1 ? 18 : 19)), "",
		money_fmt(b->cost, cur, m), tag);
	fprintf(out, "  an hour     %-28s %12s %s\n", "the run's average",
		money_fmt(b->per_hour, cur, m), tag);
	fprintf(out, "  a month     %-28s %12s %s\n", "720 h at this workload",
		money_fmt(b->month, cur, m), tag);
	fprintf(out, "  price rows used (%s):\n", scenario_prices_name(sc));
	row_line(&b->throughput.pick, explain, out);
	row_line(&b->storage.pick, explain, out);
	if (b->reserved) {
		row_line(&b->reservation.pick, explain, out);
	}
	if (b->third_party) {
		fprintf(out, "  a price above is a third party's quote, not "
			     "the vendor's page: check it\n");
	}
}
