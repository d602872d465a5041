/*
 * textwrap: the text reports fitted to a terminal's width (--width N).
 * A report line wider than the width is broken at a space into lines
 * that fit, each continuation indented four columns past the line's own
 * indent; a break never falls inside a word, a number or a quoted key.
 * Columns are counted as a terminal shows them: one a UTF-8 character,
 * none for an ANSI colour sequence (ESC [ ... m).
 */
#ifndef PKSIM_REPORT_TEXTWRAP_H
#define PKSIM_REPORT_TEXTWRAP_H

#include <stddef.h>
#include <stdio.h>

/* Columns the first n bytes of UTF-8 text s take on a terminal. */
size_t text_columns(const char *s, size_t n);

/* Write s to out padded with spaces to at least w columns (as
   "%-*s" does for bytes, but by columns, so keys with accents or
   symbols line up). */
void text_pad(FILE *out, const char *s, size_t w);

/* Write the len bytes of text to out with every line longer than width
   columns broken as above; a line without a space to break at (a heat
   strip) is written whole. width 0 writes text unchanged. Returns 0, or
   -1 on a write error. */
int text_wrap(const char *text, size_t len, size_t width, FILE *out);

#endif
