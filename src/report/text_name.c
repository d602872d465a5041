/*
 * text_name: a stream's (or variant's) name in a text table column or
 * a summary line, measured in display columns and cut only at a UTF-8
 * character boundary, the cut marked by an ellipsis (a cut at a byte count
 * could fall inside a character).
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/memstream.h"
#include "report_text_int.h"

/* The display columns of code point c: 2 for the East Asian Wide and
   Fullwidth blocks and the emoji pictographs (Unicode's
   EastAsianWidth.txt W and F, by block, not per code point), 1 for
   every other. */
static int cp_cols(unsigned long c)
{
	static const unsigned long wide[][2] = {
	    {0x1100, 0x115F},	{0x2E80, 0x303E},   {0x3041, 0x33FF},
	    {0x3400, 0x4DBF},	{0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
	    {0xAC00, 0xD7A3},	{0xF900, 0xFAFF},   {0xFE30, 0xFE4F},
	    {0xFF00, 0xFF60},	{0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F},
	    {0x1F900, 0x1F9FF}, {0x20000, 0x3FFFD},
	};
	size_t i;

	for (i = 0; i < sizeof(wide) / sizeof(wide[0]); i++) {
		if (c >= wide[i][0] && c <= wide[i][1]) {
			return 2;
		}
	}
	return 1;
}

/* The character at s: its bytes (1 for a stray byte) and columns. */
static size_t char_at(const char *s, int *cols)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = 1, k;
	unsigned long c = u[0];

	if (u[0] >= 0xF0 && u[0] < 0xF8) {
		n = 4;
		c = u[0] & 0x07;
	} else if (u[0] >= 0xE0 && u[0] < 0xF0) {
		n = 3;
		c = u[0] & 0x0F;
	} else if (u[0] >= 0xC0 && u[0] < 0xE0) {
		n = 2;
		c = u[0] & 0x1F;
	}
	for (k = 1; k < n; k++) {
		if ((u[k] & 0xC0) != 0x80) {
			n = 1; /* not UTF-8: one byte, one column */
			c = u[0];
			break;
		}
		c = (c << 6) | (u[k] & 0x3F);
	}
	*cols = cp_cols(c);
	return n;
}

int text_name_cols(const char *name)
{
	int cols = 0, w;

	while (*name) {
		name += char_at(name, &w);
		cols += w;
	}
	return cols;
}

int text_name_put(const char *name, int width, int pad, FILE *out)
{
	int cols = text_name_cols(name), used = 0, w;
	size_t n = 0;

	if (cols <= width) {
		fputs(name, out);
		used = cols;
	} else {
		/* whole characters up to width - 1 columns, then U+2026 */
		while (name[n]) {
			size_t b = char_at(name + n, &w);

			if (used + w > width - 1) {
				break;
			}
			n += b;
			used += w;
		}
		fwrite(name, 1, n, out);
		fputs("\xE2\x80\xA6", out);
		used++;
	}
	for (; pad && used < width; used++) {
		fputc(' ', out);
	}
	return used;
}

const char *text_name_str(const char *name, char *buf, size_t cap)
{
	char *s;
	size_t len;
	FILE *f = xmemstream(&s, &len);

	text_name_put(name, PK_TEXT_NAME_COLS, 0, f);
	fclose(f);
	/* any name cut to PK_TEXT_NAME_COLS columns fits
	   PK_TEXT_STREAM_NAME_BYTES: a name that does not fit buf is a
	   caller's short buffer, never a name to print cut short */
	if (len >= cap) {
		PK_BUG("a name of %zu bytes as shown for a buffer of %zu",
		       len + 1, cap);
	}
	memcpy(buf, s, len + 1);
	free(s);
	return buf;
}
