/*
 * workload_values: property values of items, rebuilt on demand from the
 * item's value indexes (PATTERN, LIST), its creation time (CLOCK, through
 * a per-property cache of the last span its format holds still), the spec
 * (CONST) or its number (UNIQUE); and the property indexes keys ask for.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/units.h"

#include "pksim/load/trace.h"
#include "workload_int.h"

int workload_prop_index(const struct pk_workload *w, const char *path)
{
	size_t i;

	if (w->file) {
		struct pk_wl_paths *t = w->paths;

		for (i = 0; i < t->n; i++) {
			if (strcmp(t->path[i], path) == 0) {
				return (int)i;
			}
		}
		if (t->n >= INT_MAX) {
			PK_BUG("workload: too many property paths");
		}
		mem_grow((void **)&t->path, &t->cap, t->n + 1,
			 sizeof(*t->path));
		mem_grow((void **)&t->id, &t->id_cap, t->n + 1, sizeof(*t->id));
		t->path[t->n] = xstrdup(path);
		/* looked up once here, not at every value read */
		t->id[t->n] = w->file->monitor || !w->file->trace
				  ? -1
				  : trace_path_id(w->file->trace, path);
		if (strcmp(path, "/id") == 0) {
			t->id_prop = (int)t->n;
		}
		return (int)t->n++;
	}
	for (i = 0; i < w->sc->n_props; i++) {
		if (strcmp(w->sc->props[i].path, path) == 0) {
			return (int)i;
		}
	}
	return -1;
}

/* What snprintf(buf, cap, "%s%0*llu%s", prefix, width, v, suffix) writes
   (width >= 0; cap >= 1): the text cut to cap - 1 bytes and a NUL; returns
   the length written. By hand because it runs once per generated value a
   request needs, and glibc's snprintf costs some twenty times what this
   does; byte by byte, without strlen, memcpy or memset, because its
   pieces are a few bytes each, fewer than those calls cost. */
static size_t pattern_text(char *buf, size_t cap, const char *prefix, int width,
			   unsigned long long v, const char *suffix)
{
	char digits[24];
	size_t nd = 0, at = 0, room = cap - 1, pad, k;

	do {
		digits[sizeof(digits) - 1 - nd++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (*prefix && at < room) {
		buf[at++] = *prefix++;
	}
	pad = width > 0 && (size_t)width > nd ? (size_t)width - nd : 0;
	while (pad-- > 0 && at < room) {
		buf[at++] = '0';
	}
	for (k = sizeof(digits) - nd; k < sizeof(digits) && at < room; k++) {
		buf[at++] = digits[k];
	}
	while (*suffix && at < room) {
		buf[at++] = *suffix++;
	}
	buf[at] = '\0';
	return at;
}

/* strftime of second t (UTC) into buf, through the cache c of the
   spans last formatted for this property. Returns the length (0, and an
   empty string, when the format gives nothing). */
static size_t clock_text(struct pk_wl_clock *c, const char *format, time_t t,
			 char *buf, size_t cap)
{
	struct tm tm;
	size_t len = 0;
	int64_t r = ((int64_t)t % c->span_s + c->span_s) % c->span_s;
	int64_t t0 = (int64_t)t - r;
	uint64_t k = (uint64_t)(t0 / c->span_s) % PK_WL_CLOCK_SLOTS;

	if (c->slot[k].t == t0 && c->slot[k].len < cap) {
		memcpy(buf, c->slot[k].text, c->slot[k].len + 1);
		return c->slot[k].len;
	}
	if (gmtime_r(&t, &tm)) {
		len = strftime(buf, cap, format, &tm);
	}
	if (len == 0) {
		buf[0] = '\0';
	}
	if (len < sizeof(c->slot[k].text)) {
		memcpy(c->slot[k].text, buf, len + 1);
		c->slot[k].len = len;
		c->slot[k].t = t0;
	}
	return len;
}

int workload_value(const struct pk_workload *w, uint64_t item, int prop,
		   struct pk_value *out, char *buf, size_t cap)
{
	const struct pk_prop_spec *p;
	uint32_t vi = 0;
	time_t t;

	if (w->file) {
		return wl_file_value(w, item, prop, out, buf, cap);
	}
	if (item >= w->n_items || prop < 0 || (size_t)prop >= w->sc->n_props ||
	    cap == 0) {
		return -1;
	}
	if (w->remap) {
		/* several streams: the item's own stream's property at
		   this path; none: the item has no such property */
		prop = w->remap[(size_t)w->item_stream[item] * w->sc->n_props +
				(size_t)prop];
		if (prop < 0) {
			memset(out, 0, sizeof(*out));
			out->type = PK_VALUE_UNDEFINED;
			return 0;
		}
	}
	p = &w->sc->props[prop];
	if (w->prop_slot[prop] >= 0) {
		vi = w->idx[item * w->n_slots + (size_t)w->prop_slot[prop]];
	}
	memset(out, 0, sizeof(*out));
	out->type = PK_VALUE_STRING;
	out->str = buf;
	switch (p->kind) {
	case PK_GEN_PATTERN:
		out->len = pattern_text(buf, cap, p->prefix, p->width,
					(unsigned long long)(p->first + vi),
					p->suffix);
		break;
	case PK_GEN_LIST:
		out->len = copy_str(buf, cap, p->list[vi], strlen(p->list[vi]));
		break;
	case PK_GEN_CLOCK:
		/* C locale names (%A = "Friday"): pksim never calls
		   setlocale, so reports do not depend on the machine */
		t = (time_t)(w->sc->clock_start_s +
			     w->created_ms[item] / PK_MS_PER_S);
		out->len =
		    clock_text(&w->clock[prop], p->clock_format, t, buf, cap);
		break;
	case PK_GEN_CONST:
		*out = p->const_value;
		if (out->type == PK_VALUE_STRING) {
			out->len = p->const_value.len
				       ? copy_str(buf, cap, p->const_value.str,
						  p->const_value.len)
				       : copy_str(buf, cap, "", 0);
			out->str = buf;
		}
		break;
	case PK_GEN_UNIQUE:
		out->len = pattern_text(buf, cap, p->prefix, 0,
					(unsigned long long)item, "");
		break;
	default:
		PK_BUG("workload: unknown generator %d", (int)p->kind);
	}
	return 0;
}

int workload_value_at(const struct pk_workload *w, int prop, uint64_t index,
		      struct pk_value *out, char *buf, size_t cap)
{
	const struct pk_prop_spec *p;

	if (w->file || prop < 0 || (size_t)prop >= w->sc->n_props || cap == 0) {
		return -1;
	}
	p = &w->sc->props[prop];
	memset(out, 0, sizeof(*out));
	out->type = PK_VALUE_STRING;
	out->str = buf;
	if (p->kind == PK_GEN_PATTERN && index < p->count) {
		out->len = pattern_text(buf, cap, p->prefix, p->width,
					(unsigned long long)(p->first + index),
					p->suffix);
	} else if (p->kind == PK_GEN_LIST && index < p->count) {
		out->len =
		    copy_str(buf, cap, p->list[index], strlen(p->list[index]));
	} else if (p->kind == PK_GEN_CONST && index == 0) {
		*out = p->const_value;
		if (out->type == PK_VALUE_STRING) {
			out->len = copy_str(
			    buf, cap,
			    p->const_value.len ? p->const_value.str : "",
			    p->const_value.len);
			out->str = buf;
		}
	} else {
		return -1;
	}
	return 0;
}

/* Value indexes of property prop's own values, ignoring streams: count
   for a drawn PATTERN or LIST, 1 for one not drawn or a CONST, else 0. */
static uint64_t own_indexes(const struct pk_workload *w, size_t prop)
{
	const struct pk_prop_spec *p = &w->sc->props[prop];

	switch (p->kind) {
	case PK_GEN_PATTERN:
	case PK_GEN_LIST:
		return w->prop_slot[prop] >= 0 ? p->count : 1;
	case PK_GEN_CONST:
		return 1;
	default:
		return 0;
	}
}

void wl_streams_positions(struct pk_workload *w)
{
	size_t np = w->sc->n_props, p, k;

	w->pos_base = xcalloc(np ? np : 1, sizeof(*w->pos_base));
	w->pos_total = xcalloc(np ? np : 1, sizeof(*w->pos_total));
	w->pos_undef = xcalloc(np ? np : 1, sizeof(*w->pos_undef));
	for (p = 0; p < np; p++) {
		uint64_t total = 0;
		int undef = 0, ok = 1;

		for (k = 0; k < w->n_streams; k++) {
			int j = w->remap[k * np + p];
			uint64_t n;

			if (j < 0) {
				undef = 1;
				continue;
			}
			n = own_indexes(w, (size_t)j);
			ok &= n > 0;
			if ((size_t)j == p) {
				w->pos_base[p] = total;
			}
			total += n;
		}
		w->pos_undef[p] = total;
		total += (uint64_t)undef;
		/* positions are uint32_t (workload_value_index) */
		w->pos_total[p] = ok && total <= UINT32_MAX ? total : 0;
	}
}

uint64_t workload_value_indexes(const struct pk_workload *w, int prop)
{
	if (w->file || prop < 0 || (size_t)prop >= w->sc->n_props) {
		return 0;
	}
	if (w->remap) {
		/* several streams: items of the same value index may be of
		   streams whose properties differ, so each stream's
		   property has its own block of positions */
		return w->pos_total[prop];
	}
	return own_indexes(w, (size_t)prop);
}

uint32_t workload_value_index(const struct pk_workload *w, uint64_t item,
			      int prop)
{
	uint64_t base = 0;
	int j = prop;

	if (w->remap) {
		j = w->remap[(size_t)w->item_stream[item] * w->sc->n_props +
			     (size_t)prop];
		if (j < 0) {
			return (uint32_t)w->pos_undef[prop];
		}
		base = w->pos_base[j];
	}
	if (w->prop_slot[j] < 0) {
		return (uint32_t)base;
	}
	return (uint32_t)(base +
			  w->idx[item * w->n_slots + (size_t)w->prop_slot[j]]);
}

void workload_own_value(const struct pk_workload *w, uint64_t item, int prop,
			int *own, uint32_t *index)
{
	int j = prop;

	if (w->remap) {
		j = w->remap[(size_t)w->item_stream[item] * w->sc->n_props +
			     (size_t)prop];
	}
	*own = j;
	*index = 0;
	if (j >= 0 && w->prop_slot[j] >= 0) {
		*index = w->idx[item * w->n_slots + (size_t)w->prop_slot[j]];
	}
}

size_t workload_item_stream(const struct pk_workload *w, uint64_t item)
{
	return w->item_stream ? w->item_stream[item] : 0;
}

int workload_value_norm(const struct pk_workload *w, int prop, double *norm)
{
	if (w->file || w->remap || prop < 0 || (size_t)prop >= w->sc->n_props ||
	    w->prop_slot[prop] < 0) {
		return 0;
	}
	return dist_known_norm(w->slot_dist[w->prop_slot[prop]], norm);
}

int workload_value_index_view(const struct pk_workload *w, int prop,
			      struct pk_value_index_view *out)
{
	if (w->remap || workload_value_indexes(w, prop) == 0) {
		return 0;
	}
	out->idx = (const uint32_t *const *)&w->idx;
	out->stride = w->n_slots;
	out->slot = w->prop_slot[prop];
	return 1;
}
