/*
 * report_fields: the table of the JSON report's fields (report_fields.h),
 * built from report_fields.def: one array of entries and one of their
 * paths, for suggestions.
 */
#include "pksim/load/report_fields.h"

#include <string.h>

#define PK_FIELD_TYPE(T) PK_FIELD_##T

static const struct pk_report_field fields[] = {
#define F(path, type, unit, doc) {path, PK_FIELD_TYPE(type), unit, doc, 0},
#define S(path, type, unit, doc) {path, PK_FIELD_TYPE(type), unit, doc, 1},
#include "report_fields.def"
#undef F
#undef S
};

static const char *const paths[] = {
#define F(path, type, unit, doc) path,
#define S(path, type, unit, doc) path,
#include "report_fields.def"
#undef F
#undef S
    NULL,
};

#define N_FIELDS (sizeof(fields) / sizeof(fields[0]))

const struct pk_report_field *report_fields(size_t *n)
{
	*n = N_FIELDS;
	return fields;
}

const struct pk_report_field *report_field_find(const char *tmpl)
{
	size_t i;

	for (i = 0; i < N_FIELDS; i++) {
		if (strcmp(fields[i].path, tmpl) == 0) {
			return &fields[i];
		}
	}
	return NULL;
}

const char *const *report_field_paths(void)
{
	return paths;
}

const char *report_field_type_name(enum pk_field_type type)
{
	static const char *const names[] = {
	    "integer", "integer or null", "number",  "number or null",
	    "string",  "string or null",  "boolean", "key",
	    "list",
	};

	return (size_t)type < sizeof(names) / sizeof(names[0]) ? names[type]
							       : "?";
}

int report_fields_markdown(FILE *out)
{
	size_t i;

	fputs("| path | type | unit | meaning |\n"
	      "| --- | --- | --- | --- |\n",
	      out);
	for (i = 0; i < N_FIELDS; i++) {
		const struct pk_report_field *f = &fields[i];

		if (!f->shorthand) {
			fprintf(out, "| `%s` | %s | %s | %s |\n", f->path,
				report_field_type_name(f->type),
				f->unit[0] ? f->unit : "-", f->doc);
		}
	}
	return ferror(out) ? -1 : 0;
}
