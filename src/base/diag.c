/*
 * diag: error collection with positions. Keeps the first
 * PK_DIAG_MAX_ERRORS errors and counts the rest.
 */
#include "pksim/base/diag.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"

void diag_init(struct pk_diag *d)
{
	memset(d, 0, sizeof(*d));
}

static void entry_free(struct pk_diag_entry *e)
{
	free(e->file);
	free(e->msg);
	free(e->note);
}

void diag_free(struct pk_diag *d)
{
	size_t i;

	for (i = 0; i < d->n_entries; i++) {
		entry_free(&d->entries[i]);
	}
	for (i = 0; i < d->n_warnings; i++) {
		entry_free(&d->warnings[i]);
	}
	diag_init(d);
}

void diag_move(struct pk_diag *to, struct pk_diag *from)
{
	size_t i;

	for (i = 0; i < from->n_entries; i++) {
		if (to->n_entries < PK_DIAG_MAX_ERRORS) {
			to->entries[to->n_entries++] = from->entries[i];
		} else {
			entry_free(&from->entries[i]);
		}
	}
	for (i = 0; i < from->n_warnings; i++) {
		if (to->n_warnings < PK_DIAG_MAX_WARNINGS) {
			to->warnings[to->n_warnings++] = from->warnings[i];
		} else {
			entry_free(&from->warnings[i]);
		}
	}
	to->n_errors += from->n_errors;
	to->n_env += from->n_env;
	to->n_warned += from->n_warned;
	to->n_flushed += from->n_flushed;
	diag_init(from);
}

static void record(struct pk_diag *d, enum pk_diag_category cat,
		   const char *file, int line, int col, const char *fmt,
		   va_list ap)
{
	struct pk_diag_entry *e;

	d->n_errors++;
	if (cat == PK_DIAG_ENV) {
		d->n_env++;
	}
	if (d->n_entries == PK_DIAG_MAX_ERRORS) {
		return;
	}
	e = &d->entries[d->n_entries++];
	e->file = xstrdup(file);
	e->line = line;
	e->col = col;
	e->msg = xvasprintf(fmt, ap);
	e->note = NULL;
	e->category = cat;
}

void diag_warning(struct pk_diag *d, const char *file, int line, int col,
		  const char *fmt, ...)
{
	struct pk_diag_entry *e;
	va_list ap;

	d->n_warned++;
	if (d->n_warnings == PK_DIAG_MAX_WARNINGS) {
		return;
	}
	e = &d->warnings[d->n_warnings++];
	e->file = file ? xstrdup(file) : NULL;
	e->line = line;
	e->col = col;
	va_start(ap, fmt);
	e->msg = xvasprintf(fmt, ap);
	va_end(ap);
	e->note = NULL;
	e->category = PK_DIAG_INPUT;
}

size_t diag_warning_count(const struct pk_diag *d)
{
	return d->n_warned;
}

void diag_verror(struct pk_diag *d, const char *file, int line, int col,
		 const char *fmt, va_list ap)
{
	record(d, PK_DIAG_INPUT, file, line, col, fmt, ap);
}

void diag_error(struct pk_diag *d, const char *file, int line, int col,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	record(d, PK_DIAG_INPUT, file, line, col, fmt, ap);
	va_end(ap);
}

void diag_env_error(struct pk_diag *d, const char *file, int line, int col,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	record(d, PK_DIAG_ENV, file, line, col, fmt, ap);
	va_end(ap);
}

void diag_file_error(struct pk_diag *d, const char *path, const char *what,
		     int errnum)
{
	const char *text = strerror(errnum);

	switch (errnum) {
	case ENOENT:
	case ENOTDIR:
	case ENAMETOOLONG:
	case ELOOP:
	case EISDIR:
		diag_error(d, path, 0, 0, "%s: %s", what, text);
		break;
	default:
		diag_env_error(d, path, 0, 0, "%s: %s", what, text);
		break;
	}
}

enum pk_diag_category diag_category(const struct pk_diag *d)
{
	return d->n_env > 0 ? PK_DIAG_ENV : PK_DIAG_INPUT;
}

void diag_note(struct pk_diag *d, const char *fmt, ...)
{
	struct pk_diag_entry *e;
	va_list ap;

	/* a dropped error's note is dropped with it */
	if (d->n_entries == 0 || d->n_errors != d->n_entries) {
		return;
	}
	e = &d->entries[d->n_entries - 1];
	free(e->note);
	va_start(ap, fmt);
	e->note = xvasprintf(fmt, ap);
	va_end(ap);
}

size_t diag_count(const struct pk_diag *d)
{
	return d->n_errors;
}

/* `pksim: FILE:LINE:COL: WHAT: MSG` and its note, parts with 0 left out */
static void entry_print(const struct pk_diag_entry *e, const char *what,
			FILE *out)
{
	fputs("pksim: ", out);
	if (e->file) {
		fprintf(out, "%s:", e->file);
		if (e->line > 0) {
			fprintf(out, "%d:", e->line);
			if (e->col > 0) {
				fprintf(out, "%d:", e->col);
			}
		}
		fputc(' ', out);
	}
	fprintf(out, "%s: %s\n", what, e->msg);
	if (e->note) {
		fprintf(out, "pksim: note: %s\n", e->note);
	}
}

static void warnings_print(const struct pk_diag *d, FILE *out)
{
	size_t i;

	for (i = 0; i < d->n_warnings; i++) {
		entry_print(&d->warnings[i], "warning", out);
	}
	if (d->n_warned > d->n_flushed + d->n_warnings) {
		fprintf(out, "pksim: %zu more warnings not shown\n",
			d->n_warned - d->n_flushed - d->n_warnings);
	}
}

void diag_print_warnings(struct pk_diag *d, FILE *out)
{
	size_t i;

	warnings_print(d, out);
	for (i = 0; i < d->n_warnings; i++) {
		entry_free(&d->warnings[i]);
	}
	memset(d->warnings, 0, sizeof(d->warnings));
	/* printed: the count stays, the kept ones are gone */
	d->n_warnings = 0;
	d->n_flushed = d->n_warned;
}

void diag_print(const struct pk_diag *d, FILE *out)
{
	size_t i;

	warnings_print(d, out);
	for (i = 0; i < d->n_entries; i++) {
		entry_print(&d->entries[i], "error", out);
	}
	if (d->n_errors > d->n_entries) {
		fprintf(out, "pksim: %zu more errors not shown\n",
			d->n_errors - d->n_entries);
	}
}

_Noreturn void diag_bug(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "pksim: internal error at %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
