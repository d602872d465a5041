/*
 * report_field: a measure read from the result model (report_field.h):
 * its path and indexes, each list on the way checked for the index, the
 * conditions under which the writer writes the field, then the field's
 * member converted as the writer converts it, or its function.
 */
#include "pksim/report/report_field.h"
#include "report_field_int.h"
#include "report_fleet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/load/expect.h"
#include "pksim/load/report_fields.h"
#include "pksim/report/findings.h"
#include "pksim/report/report_json.h"
#include "pksim/service/snapshot.h"

/* Indexes a measure may hold: splits[0].children[1].id has two */
#define PK_FIELD_MAX_INDEXES 4

struct pk_field_reader {
	const struct pk_result *r;
	struct pk_scorecard *cards; /* scorecard_all(r), on first use */
	char ***findings;	    /* per variant, on first use */
	size_t *n_findings;
};

struct pk_field_reader *field_reader_new(const struct pk_result *r)
{
	struct pk_field_reader *rd = xcalloc(1, sizeof(*rd));
	size_t n = r->n_variants ? r->n_variants : 1;

	rd->r = r;
	rd->findings = xcalloc(n, sizeof(*rd->findings));
	rd->n_findings = xcalloc(n, sizeof(*rd->n_findings));
	return rd;
}

void field_reader_free(struct pk_field_reader *rd)
{
	size_t i, k;

	if (!rd) {
		return;
	}
	for (i = 0; i < rd->r->n_variants; i++) {
		for (k = 0; rd->findings[i] && k < rd->n_findings[i]; k++) {
			free(rd->findings[i][k]);
		}
		free(rd->findings[i]);
	}
	free(rd->findings);
	free(rd->n_findings);
	free(rd->cards);
	free(rd);
}

void field_value_clear(struct pk_field_value *val)
{
	free(val->text);
	memset(val, 0, sizeof(*val));
	val->absent = 1;
}

const char *field_reader_path(size_t i)
{
	return i < field_n_readers ? field_readers[i].path : NULL;
}

/* ---- values ---- */

double fv_round16(double x)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%.16g", x);
	return strtod(buf, NULL);
}

void fv_int(struct pk_field_value *o, int64_t x)
{
	o->absent = 0;
	o->is_num = 1;
	o->num = (double)x;
}

void fv_real(struct pk_field_value *o, double x)
{
	/* jansson writes no NaN or infinity: the writer's field is left out */
	if (!isfinite(x)) {
		o->absent = 1;
		return;
	}
	o->absent = 0;
	o->is_num = 1;
	o->num = fv_round16(x);
}

void fv_text(struct pk_field_value *o, const char *s)
{
	o->absent = 0;
	o->kind = PK_EXPECT_STRING;
	o->text = xstrdup(s);
}

void fv_bool(struct pk_field_value *o, int b)
{
	o->absent = 0;
	o->kind = PK_EXPECT_BOOL;
	o->text = xstrdup(b ? "true" : "false");
}

void fv_null(struct pk_field_value *o)
{
	o->absent = 0;
	o->kind = PK_EXPECT_NULL;
	o->text = xstrdup("null");
}

static size_t variant_index(const struct field_ctx *c)
{
	return (size_t)(c->v - c->r->variants);
}

const struct pk_scorecard *field_card(const struct field_ctx *c)
{
	if (!c->rd->cards) {
		c->rd->cards = scorecard_all(c->r);
	}
	return &c->rd->cards[variant_index(c)];
}

char *const *field_findings(const struct field_ctx *c, size_t *n)
{
	size_t i = variant_index(c);

	if (!c->rd->findings[i]) {
		c->rd->findings[i] =
		    findings_make(c->r, c->v, &c->rd->n_findings[i]);
	}
	*n = c->rd->n_findings[i];
	return c->rd->findings[i];
}

size_t field_notes(const struct field_ctx *c, struct pk_report_note *out)
{
	struct pk_report_note tmp[PK_REPORT_NOTES_MAX];

	return report_notes(c->r->sc, c->v->cosmos ? c->v->spec : NULL,
			    out ? out : tmp);
}

/* ---- a reader ---- */

/* 1 if every condition of e holds: the writer writes its field */
static int written(const struct field_reader *e, const struct field_ctx *c)
{
	const struct pk_result_variant *v = c->v;
	const struct pk_items_file *f = c->r->sc->items_file;
	unsigned w = e->when;

	if (((w & FW_SPLIT_429) && !report_json_split_429(c->r->sc, v)) ||
	    ((w & FW_BATCHES) && !c->r->sends_batches) ||
	    ((w & FW_KEY_RANDOM) && v->metrics->totals.key_values == 0) ||
	    ((w & FW_REMEDIES) && !v->remedies) ||
	    ((w & FW_CLOSED) && v->last_answer_ms <= 0) ||
	    ((w & FW_PRELOAD) && !v->preload_items && !v->preload_refused) ||
	    ((w & FW_UNDEF_KEY) && v->key_missing == 0) ||
	    ((w & FW_AUTOSCALE) && !v->autoscale) ||
	    ((w & FW_SERVERLESS) && !v->serverless) ||
	    ((w & FW_POLICY) && !v->custom_policy) ||
	    ((w & FW_TTL) && !v->metrics->ttl_on) ||
	    ((w & FW_COSMOS) && !v->cosmos) || ((w & FW_DDB) && !v->ddb) ||
	    ((w & FW_DDB_INDEXES) && !(v->ddb && v->ddb->n_indexes > 0)) ||
	    ((w & FW_DDB_TRANSACT) && !(v->ddb && v->ddb->transact)) ||
	    ((w & FW_FABRIC) && !(v->cosmos && v->spec && v->spec->fabric)) ||
	    ((w & FW_FLEET) && !report_fleet_of(v)) ||
	    ((w & FW_NOTES) && field_notes(c, NULL) == 0) ||
	    ((w & FW_MONEY) && !v->bill.priced) ||
	    ((w & FW_NO_MONEY) && v->bill.priced) ||
	    ((w & FW_DDB_MONEY) &&
	     (!v->bill.priced || !bill_mode_ddb(v->bill.mode))) ||
	    ((w & FW_ONDEMAND) && !(v->bill.priced && v->bill.ondemand)) ||
	    ((w & FW_REASONS) && v->n_reasons == 0) ||
	    ((w & FW_STREAMS) && v->n_streams == 0) ||
	    ((w & FW_MONITOR) && !(f && f->monitor)) ||
	    ((w & FW_FINGERPRINT) && !c->r->sc->fingerprint[0])) {
		return 0;
	}
	if ((w & FW_STREAM_CLOSED) &&
	    v->streams[c->idx[0]].last_answer_ms <= 0) {
		return 0;
	}
	if (w & FW_KIND) {
		const struct pk_result_stream_ops *k =
		    &v->streams[c->idx[0]].kind[e->arg];

		if (k->operations + k->not_sent == 0) {
			return 0;
		}
	}
	return !(w & FW_UNFINISHED) ||
	       v->metrics->changes[c->idx[0]].effective_t_s ==
		   PK_EFFECTIVE_UNFINISHED;
}

/* The object e's member lives in (idx in range), or NULL. */
static const void *object(const struct field_reader *e,
			  const struct field_ctx *c)
{
	const struct pk_result_variant *v = c->v;
	const struct pk_metrics *m = v->metrics;
	size_t i = c->idx[0];

	switch ((enum field_sel)e->sel) {
	case SEL_NONE:
		return NULL;
	case SEL_RUN:
		return c->r;
	case SEL_VARIANT:
		return v;
	case SEL_METRICS:
		return m;
	case SEL_TOTALS:
		return &m->totals;
	case SEL_TTL:
		return &m->ttl;
	case SEL_TTL_MIN:
		return &m->ttl_by_minute[i];
	case SEL_RANGE:
		return &v->ranges[i];
	case SEL_QUERY:
		return &v->queries[i];
	case SEL_HOT:
		return &v->top_ru[i];
	case SEL_LARGEST:
		return &v->top_storage[i];
	case SEL_SPLIT:
		return &m->splits[i];
	case SEL_CHANGE:
		return &m->changes[i];
	case SEL_ACTION:
		return &m->actions[i];
	case SEL_MINUTE:
		return &m->minutes[i];
	case SEL_STREAM:
		return &v->streams[i];
	case SEL_STREAM_OPS:
		return e->arg < 0 ? &v->streams[i].all
				  : &v->streams[i].kind[e->arg];
	case SEL_CARD:
		return field_card(c);
	case SEL_MONITOR:
		return c->r->sc->items_file->monitor;
	}
	return NULL;
}

/* The member at p converted as e says. */
static void convert(const struct field_reader *e, const void *p,
		    struct pk_field_value *o)
{
	const char *s;
	char buf[PK_EPK_HEX_MAX > 16 ? PK_EPK_HEX_MAX : 16];
	uint32_t id;

	switch ((enum field_conv)e->conv) {
	case CV_FN:
		break;
	case CV_U64:
		/* the writer's json_integer((json_int_t)x) */
		fv_int(o, (int64_t) * (const uint64_t *)p);
		break;
	case CV_I64:
		fv_int(o, *(const int64_t *)p);
		break;
	case CV_I64_NULL:
		if (*(const int64_t *)p < 0) {
			fv_null(o);
		} else {
			fv_int(o, *(const int64_t *)p);
		}
		break;
	case CV_SIZE:
		fv_int(o, (int64_t) * (const size_t *)p);
		break;
	case CV_MRU:
		fv_real(o, metrics_ru(*(const int64_t *)p));
		break;
	case CV_DOUBLE:
		fv_real(o, *(const double *)p);
		break;
	case CV_BOOL:
		fv_bool(o, *(const int *)p);
		break;
	case CV_STR:
	case CV_STR_NULL:
		s = *(const char *const *)p;
		if (s) {
			fv_text(o, s);
		} else if (e->conv == CV_STR_NULL) {
			fv_null(o);
		}
		break;
	case CV_CHARS:
		fv_text(o, (const char *)p);
		break;
	case CV_RANGE:
	case CV_RANGE_NULL:
		id = *(const uint32_t *)p;
		if (id == PK_RESULT_NO_RANGE && e->conv == CV_RANGE_NULL) {
			fv_null(o);
			break;
		}
		snprintf(buf, sizeof(buf), "%u", id);
		fv_text(o, buf);
		break;
	case CV_EPK:
		epk_format((const struct pk_epk *)p, buf);
		fv_text(o, buf);
		break;
	}
}

static const struct field_reader *reader_of(const char *tmpl)
{
	size_t i;

	for (i = 0; i < field_n_readers; i++) {
		if (strcmp(field_readers[i].path, tmpl) == 0) {
			return &field_readers[i];
		}
	}
	return NULL;
}

/* Read e into o (absent when the writer leaves it out). */
static void read_one(const struct field_reader *e, struct field_ctx *c,
		     struct pk_field_value *o)
{
	o->absent = 1;
	if (!written(e, c)) {
		return;
	}
	c->obj = object(e, c);
	if (e->conv == CV_FN) {
		e->fn(c, o);
	} else if (c->obj) {
		convert(e, (const char *)c->obj + e->off, o);
	}
}

/* ---- a measure ---- */

/* Measure m's template into t (cap bytes) and its indexes into idx (a
   range_429_rate[ID]'s ID into id, id_cap bytes). Returns the number of
   indexes, or -1 when one is no decimal number. */
static int parse(const char *m, char *t, size_t cap, size_t *idx, char *id,
		 size_t id_cap)
{
	const char *p = m;
	int n = 0;

	expect_template(m, t, cap);
	if (strncmp(m, "range_429_rate[", 15) == 0) {
		size_t len = strlen(m + 15);

		if (len < 2 || m[15 + len - 1] != ']' || len > id_cap) {
			return -1;
		}
		snprintf(id, id_cap, "%.*s", (int)(len - 1), m + 15);
		return 0;
	}
	while ((p = strchr(p, '['))) {
		char *end;

		if (p[1] < '0' || p[1] > '9' || n == PK_FIELD_MAX_INDEXES) {
			return -1;
		}
		idx[n++] = strtoul(p + 1, &end, 10);
		if (*end != ']') {
			return -1;
		}
		p = end;
	}
	return n;
}

/* 1 when every index of t is in its list (the lists read with c). */
static int in_range(const char *t, struct field_ctx *c, int n)
{
	const char *p = t;
	int k;

	for (k = 0; k < n && (p = strstr(p, "[]")); k++, p += 2) {
		char list[256];
		const struct pk_report_field *f;
		const struct field_reader *e;
		struct pk_field_value len;

		snprintf(list, sizeof(list), "%.*s", (int)(p - t), t);
		f = report_field_find(list);
		if (!f || f->type != PK_FIELD_LIST) {
			continue; /* a key's level: its reader sees */
		}
		e = reader_of(list);
		memset(&len, 0, sizeof(len));
		if (e) {
			read_one(e, c, &len);
		}
		if (!e || len.absent || (double)c->idx[k] >= len.num) {
			field_value_clear(&len);
			return 0;
		}
		field_value_clear(&len);
	}
	return 1;
}

/* The measure indexes[K]rest into buf (cap bytes) for the index K of v's
   table named name: 1, or 0 when v has none of that name */
static int index_by_name(const struct pk_result_variant *v, const char *name,
			 const char *rest, char *buf, size_t cap)
{
	size_t i;

	for (i = 0; v->ddb && i < v->ddb->n_indexes; i++) {
		if (strcmp(v->ddb->indexes[i].name, name) == 0) {
			snprintf(buf, cap, "indexes[%zu]%s", i, rest);
			return 1;
		}
	}
	return 0;
}

int field_read(struct pk_field_reader *rd, const struct pk_result_variant *v,
	       const char *measure, struct pk_field_value *out)
{
	char t[256], id[128], named[300];
	size_t idx[PK_FIELD_MAX_INDEXES] = {0};
	const char *rest;
	const struct field_reader *e;
	struct field_ctx c;
	int n;

	memset(out, 0, sizeof(*out));
	out->absent = 1;
	if (strlen(measure) >= sizeof(t) - 2) {
		return -1;
	}
	if (expect_index_name(measure, id, sizeof(id), &rest)) {
		/* indexes[NAME]: the index of that name in v's table, by
		   position; absent in a variant without one */
		if (!index_by_name(v, id, rest, named, sizeof(named))) {
			return reader_of(expect_template(measure, t, sizeof(t)))
				   ? 0
				   : -1;
		}
		measure = named;
	}
	n = parse(measure, t, sizeof(t), idx, id, sizeof(id));
	e = reader_of(t);
	if (n < 0 || !e) {
		return -1;
	}
	memset(&c, 0, sizeof(c));
	c.rd = rd;
	c.r = rd->r;
	c.v = v;
	c.idx = idx;
	c.id = strncmp(measure, "range_429_rate[", 15) == 0 ? id : NULL;
	if (in_range(t, &c, n)) {
		read_one(e, &c, out);
	}
	return 0;
}
