/*
 * expect_schema: whether a measure as written names a field of the
 * report's table (report_fields.h), with its indexes, and the nearest
 * valid name when not (expect.h).
 */
#include "pksim/load/expect.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/suggest.h"
#include "pksim/load/report_fields.h"

const char *const *expect_schema(void)
{
	return report_field_paths();
}

char *expect_template(const char *measure, char *buf, size_t cap)
{
	size_t o = 0;
	const char *p = measure;

	if (cap == 0) {
		return buf;
	}
	while (*p && o + 1 < cap) {
		if (*p == '[') {
			const char *e = strchr(p, ']');

			if (e && o + 2 < cap) {
				buf[o++] = '[';
				buf[o++] = ']';
				p = e + 1;
				continue;
			}
		}
		buf[o++] = *p++;
	}
	buf[o] = '\0';
	return buf;
}

int expect_index_name(const char *measure, char *name, size_t cap,
		      const char **rest)
{
	const char *p = measure + 8, *e;

	if (strncmp(measure, "indexes[", 8) != 0 || (*p >= '0' && *p <= '9') ||
	    !(e = strchr(p, ']')) || e == p ||
	    memchr(p, '[', (size_t)(e - p))) {
		return 0;
	}
	if (cap > 0) {
		snprintf(name, cap, "%.*s", (int)(e - p), p);
	}
	*rest = e + 1;
	return 1;
}

/* 1 if every "[...]" of measure holds a decimal index (range_429_rate
   takes any id, indexes[NAME] an index's name). */
static int indexes_ok(const char *measure)
{
	const char *p = measure;
	const char *rest;
	char name[8];

	if (strncmp(measure, "range_429_rate[", 15) == 0) {
		const char *e = strchr(measure, ']');

		return e && e > measure + 15 && e[1] == '\0';
	}
	if (expect_index_name(measure, name, sizeof(name), &rest)) {
		p = rest;
	}
	while ((p = strchr(p, '['))) {
		const char *q = p + 1;

		if (*q < '0' || *q > '9') {
			return 0;
		}
		while (*q >= '0' && *q <= '9') {
			q++;
		}
		if (*q != ']' || q - p > 10) {
			return 0;
		}
		p = q;
	}
	return 1;
}

int expect_measure_valid(const char *measure, const char **near)
{
	const char *const *paths = report_field_paths();
	char t[256];
	size_t i;

	if (near) {
		*near = NULL;
	}
	if (strlen(measure) >= sizeof(t) - 2) {
		return 0;
	}
	expect_template(measure, t, sizeof(t));
	if (indexes_ok(measure) && report_field_find(t)) {
		return 1;
	}
	if (near) {
		*near = suggest_nearest(t, paths);
		if (!*near) {
			/* "storage_bytes": a field's last name */
			for (i = 0; paths[i]; i++) {
				const char *dot = strrchr(paths[i], '.');

				if (dot && strcmp(dot + 1, t) == 0) {
					*near = paths[i];
					break;
				}
			}
		}
	}
	return 0;
}

const char *expect_op_name(enum pk_expect_op op)
{
	static const char *const names[] = {
	    "equal",   "approximately", "less",	   "greater",
	    "at_most", "at_least",	"between",
	};

	return (size_t)op < sizeof(names) / sizeof(names[0]) ? names[op] : "?";
}
