/*
 * utf8: checking that bytes are UTF-8 text (RFC 3629), for the inputs
 * that must be: scenarios, plans and data files.
 */
#include "pksim/base/utf8.h"

size_t utf8_invalid_at(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;

	while (i < len) {
		unsigned c = s[i];
		size_t n, k;
		unsigned lo = 0x80, hi = 0xBF;

		if (c < 0x80) {
			i++;
			continue;
		} else if (c >= 0xC2 && c <= 0xDF) {
			n = 1;
		} else if (c >= 0xE0 && c <= 0xEF) {
			n = 2;
			lo = c == 0xE0 ? 0xA0 : 0x80;
			hi = c == 0xED ? 0x9F : 0xBF;
		} else if (c >= 0xF0 && c <= 0xF4) {
			n = 3;
			lo = c == 0xF0 ? 0x90 : 0x80;
			hi = c == 0xF4 ? 0x8F : 0xBF;
		} else {
			return i;
		}
		if (i + n >= len) {
			return i;
		}
		for (k = 1; k <= n; k++) {
			unsigned b = s[i + k];

			if (b < (k == 1 ? lo : 0x80) ||
			    b > (k == 1 ? hi : 0xBF)) {
				return i;
			}
		}
		i += n + 1;
	}
	return len;
}
