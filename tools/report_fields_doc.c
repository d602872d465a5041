/*
 * report_fields_doc: rewrite docs/report-json.md's table of fields from
 * the table of the report's fields (src/load/report_fields.def), between
 * the lines PK_REPORT_FIELDS_BEGIN and PK_REPORT_FIELDS_END
 * (report_fields.h); the rest of the file is kept byte for byte.
 * tests/check_fields.c fails while the two differ.
 *
 * Usage: pksim-fields-doc FILE   (ninja -C build report-fields-doc runs
 * it on the source tree's docs/report-json.md). Exit 0, or 1 with a
 * message when FILE cannot be read or written or lacks the two lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/load/report_fields.h"

/* The whole of path, NUL-terminated (caller frees), or NULL. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f) {
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) &&
	    fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = '\0';
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

int main(int argc, char **argv)
{
	char *text, *begin, *end;
	FILE *out;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: pksim-fields-doc FILE\n");
		return 1;
	}
	text = slurp(argv[1]);
	begin = text ? strstr(text, PK_REPORT_FIELDS_BEGIN) : NULL;
	end = begin ? strstr(begin, PK_REPORT_FIELDS_END) : NULL;
	if (!end) {
		fprintf(stderr,
			"pksim-fields-doc: %s: cannot read it, or it lacks "
			"the lines %s and %s",
			argv[1], PK_REPORT_FIELDS_BEGIN, PK_REPORT_FIELDS_END);
		free(text);
		return 1;
	}
	begin += strlen(PK_REPORT_FIELDS_BEGIN);
	out = fopen(argv[1], "wb");
	if (!out) {
		perror(argv[1]);
		free(text);
		return 1;
	}
	fwrite(text, 1, (size_t)(begin - text), out);
	rc = report_fields_markdown(out);
	fputs(end, out);
	rc |= fclose(out);
	free(text);
	if (rc) {
		fprintf(stderr, "pksim-fields-doc: %s: cannot write it\n",
			argv[1]);
		return 1;
	}
	return 0;
}
