/*
 * textwrap: break report lines at spaces to fit a width (textwrap.h).
 */
#include "pksim/report/textwrap.h"

#include <string.h>

/* bytes of the ANSI sequence ESC [ ... final byte at s (n bytes left),
   0 when s does not start one */
static size_t escape_len(const char *s, size_t n)
{
	size_t i = 2;

	if (n < 2 || s[0] != '\033' || s[1] != '[') {
		return 0;
	}
	while (i < n &&
	       !((unsigned char)s[i] >= 0x40 && (unsigned char)s[i] <= 0x7e)) {
		i++;
	}
	return i < n ? i + 1 : n;
}

size_t text_columns(const char *s, size_t n)
{
	size_t i = 0, cols = 0;

	while (i < n) {
		size_t e = escape_len(s + i, n - i);

		if (e) {
			i += e;
			continue;
		}
		/* a UTF-8 character starts at every byte but 10xxxxxx */
		cols += ((unsigned char)s[i] & 0xC0) != 0x80;
		i++;
	}
	return cols;
}

void text_pad(FILE *out, const char *s, size_t w)
{
	size_t c = text_columns(s, strlen(s));

	fputs(s, out);
	while (c++ < w) {
		fputc(' ', out);
	}
}

/* The byte offset in line (n bytes) of the space to break at so that the
   part before it takes at most width columns: the last such space
   outside double quotes and past the indent; failing that the first one
   after (a word longer than the width stays whole). 0: none. */
static size_t break_at(const char *line, size_t n, size_t indent, size_t width)
{
	size_t i, last = 0, cols = 0;
	int quoted = 0;

	for (i = 0; i < n; i++) {
		size_t e = escape_len(line + i, n - i);

		if (e) {
			i += e - 1;
			continue;
		}
		if (line[i] == '"') {
			quoted = !quoted;
		} else if (line[i] == ' ' && !quoted && i > indent &&
			   line[i - 1] != ' ') {
			if (cols > width) {
				return last ? last : i;
			}
			last = i;
		}
		cols += ((unsigned char)line[i] & 0xC0) != 0x80;
	}
	return cols > width ? last : 0;
}

/* line (n bytes, no newline) to out, broken to fit width */
static void wrap_line(const char *line, size_t n, size_t width, FILE *out)
{
	size_t indent = strspn(line, " "), hang = indent + 4, avail = width;

	if (indent > n) {
		indent = n;
	}
	while (text_columns(line, n) > avail) {
		size_t at =
		    break_at(line, n, avail == width ? indent : 0, avail);

		if (!at) {
			break;
		}
		fwrite(line, 1, at, out);
		fputc('\n', out);
		line += at;
		n -= at;
		while (n && *line == ' ') {
			line++;
			n--;
		}
		/* the continuation, indented past the line's own indent */
		fprintf(out, "%*s", (int)hang, "");
		avail = width > hang + 8 ? width - hang : 8;
	}
	fwrite(line, 1, n, out);
}

int text_wrap(const char *text, size_t len, size_t width, FILE *out)
{
	const char *end = text + len;

	if (width == 0) {
		fwrite(text, 1, len, out);
		return ferror(out) ? -1 : 0;
	}
	while (text < end) {
		const char *nl = memchr(text, '\n', (size_t)(end - text));
		size_t n = nl ? (size_t)(nl - text) : (size_t)(end - text);

		wrap_line(text, n, width, out);
		if (nl) {
			fputc('\n', out);
		}
		text += n + (nl != NULL);
	}
	return ferror(out) ? -1 : 0;
}
