/*
 * scenario_ttl: time to live in a scenario (rule 28, D-TTL): a
 * container's `default_ttl` and the items' `ttl` property, whose every
 * value the loader checks against the rule (cosmos/spec.h) before it runs.
 */
#include "loader.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/fmt.h"
#include "pksim/base/units.h"
#include "pksim/service/cosmos/spec.h"

static const char default_ttl_what[] =
    "off (the default: nothing expires), -1 (on: only items with a ttl "
    "expire) or a time to live of 1 s to 2,147,483,647 s (90s, 7d, "
    "604800), the container's DefaultTimeToLive (rule 28)";

void ld_load_default_ttl(struct ld *ld, const struct yn *n,
			 struct pk_container_spec *c)
{
	char buf[PK_YN_DESC_BYTES];
	int64_t ms;

	if (ld_need_kind(ld, n, YN_SCALAR, "default_ttl", default_ttl_what) <
	    0) {
		return;
	}
	if (strcmp(n->text, "off") == 0 ||
	    (n->plain && (strcmp(n->text, "null") == 0 ||
			  strcmp(n->text, "~") == 0 || n->len == 0))) {
		c->default_ttl_s = PK_TTL_OFF;
		return;
	}
	if (strcmp(n->text, "-1") == 0) {
		c->default_ttl_s = PK_TTL_NEVER;
		return;
	}
	yn_desc(n, buf, sizeof(buf));
	if (units_read_duration(n->text, &ms, NULL) != PK_UNITS_OK ||
	    ms < PK_MS_PER_S || ms / PK_MS_PER_S > PK_TTL_MAX_S) {
		ld_err(ld, n, "default_ttl must be %s (got %s)",
		       default_ttl_what, buf);
		return;
	}
	c->default_ttl_s = ms / PK_MS_PER_S;
}

static const char item_ttl_what[] =
    "-1 (never expires) or a whole number of seconds from 1 to "
    "2,147,483,647 (D-TTL)";

/* 1 if the text of one generated value is an item ttl (ttl_from_value). */
static int text_ok(const char *text)
{
	struct pk_value v;
	int64_t t;

	memset(&v, 0, sizeof(v));
	v.type = PK_VALUE_STRING;
	v.str = text;
	v.len = strlen(text);
	return ttl_from_value(&v, &t) == 0;
}

void ld_check_ttl_prop(struct ld *ld)
{
	const struct pk_prop_spec *p = scenario_find_prop(ld->s, "/ttl");
	int64_t t;
	size_t i;

	if (!p) {
		return;
	}
	switch (p->kind) {
	case PK_GEN_CONST:
		if (ttl_from_value(&p->const_value, &t) == 0 &&
		    p->const_value.type != PK_VALUE_UNDEFINED) {
			return;
		}
		ld_err_at(ld, p->line, p->col,
			  "ttl is an item's time to live: a constant ttl must "
			  "be %s",
			  item_ttl_what);
		return;
	case PK_GEN_LIST:
		for (i = 0; i < p->count; i++) {
			if (!text_ok(p->list[i])) {
				ld_err_at(
				    ld, p->line, p->col,
				    "ttl is an item's time to live: value "
				    "'%.*s' must be %s",
				    PK_SCENARIO_QUOTE_BYTES, p->list[i],
				    item_ttl_what);
				return;
			}
		}
		return;
	case PK_GEN_PATTERN:
		if (p->prefix[0] == '\0' && p->suffix[0] == '\0' &&
		    p->first >= 1 &&
		    p->first + p->count - 1 <= (uint64_t)PK_TTL_MAX_S) {
			return;
		}
		ld_err_at(ld, p->line, p->col,
			  "ttl is an item's time to live: a pattern for it "
			  "must be a bare range {A..B} with 1 <= A <= B <= "
			  "2,147,483,647 seconds (no text around it)");
		return;
	default:
		ld_err_at(ld, p->line, p->col,
			  "ttl is an item's time to live (rule 28): generate "
			  "it with const, a list of values or a pattern "
			  "{A..B}, each %s; clock and unique make no ttl",
			  item_ttl_what);
		return;
	}
}
