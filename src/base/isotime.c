/*
 * isotime: ISO 8601 times (see isotime.h).
 */
#include "pksim/base/isotime.h"

#include <string.h>

#include "pksim/base/units.h"

#define PK_ISOTIME_MS_PER_DAY 86400000LL

int64_t isotime_days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static int is_leap(int64_t y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int isotime_month_days(int64_t day)
{
	static const int mdays[] = {31, 28, 31, 30, 31, 30,
				    31, 31, 30, 31, 30, 31};
	int64_t z = day + 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;
	int m = (int)(mp < 10 ? mp + 3 : mp - 9);
	int64_t y = yoe + era * 400 + (m <= 2);

	return m == 2 && is_leap(y) ? 29 : mdays[m - 1];
}

/* Read exactly n digits at s[*i] into *out; 0, or -1 if not there. */
static int read_digits(const char *s, size_t len, size_t *i, int n, int *out)
{
	int v = 0, k;

	if (*i + (size_t)n > len) {
		return -1;
	}
	for (k = 0; k < n; k++) {
		char c = s[*i + (size_t)k];

		if (c < '0' || c > '9') {
			return -1;
		}
		v = v * 10 + (c - '0');
	}
	*i += (size_t)n;
	*out = v;
	return 0;
}

int isotime_parse_ms(const char *s, size_t len, int64_t *t_ms)
{
	static const int mdays[] = {31, 28, 31, 30, 31, 30,
				    31, 31, 30, 31, 30, 31};
	int y = 0, mo, d, h = 0, mi = 0, sec = 0, ms = 0, oh = 0, om = 0, sign;
	int digit, k;
	size_t i = 0;

	if (read_digits(s, len, &i, 4, &y) || i >= len || s[i++] != '-' ||
	    read_digits(s, len, &i, 2, &mo) || i >= len || s[i++] != '-' ||
	    read_digits(s, len, &i, 2, &d)) {
		return -1;
	}
	if (mo < 1 || mo > 12 || d < 1 ||
	    d > mdays[mo - 1] + (mo == 2 && is_leap(y))) {
		return -1;
	}
	if (i < len && (s[i] == 'T' || s[i] == 't' || s[i] == ' ')) {
		i++;
		if (read_digits(s, len, &i, 2, &h) || i >= len ||
		    s[i++] != ':' || read_digits(s, len, &i, 2, &mi)) {
			return -1;
		}
		if (i < len && s[i] == ':') {
			i++;
			if (read_digits(s, len, &i, 2, &sec)) {
				return -1;
			}
		}
		if (i < len && (s[i] == '.' || s[i] == ',')) {
			/* milliseconds: the digits past the third are
			   dropped (floor), so a time stays in its own
			   second (.9996 is .999, not the next second) */
			i++;
			for (k = 0; i < len && s[i] >= '0' && s[i] <= '9';
			     i++, k++) {
				digit = s[i] - '0';
				if (k < 3) {
					ms = ms * 10 + digit;
				}
			}
			if (k == 0) {
				return -1;
			}
			for (; k < 3; k++) {
				ms *= 10;
			}
		}
		/* 60 is a leap second; it counts as the next second */
		if (h > 23 || mi > 59 || sec > 60) {
			return -1;
		}
	}
	if (i < len && (s[i] == 'Z' || s[i] == 'z')) {
		i++;
	} else if (i < len && (s[i] == '+' || s[i] == '-')) {
		sign = s[i++] == '-' ? -1 : 1;
		if (read_digits(s, len, &i, 2, &oh)) {
			return -1;
		}
		if (i < len && s[i] == ':') {
			i++;
			if (read_digits(s, len, &i, 2, &om)) {
				return -1;
			}
		} else if (i < len && read_digits(s, len, &i, 2, &om)) {
			return -1;
		}
		if (oh > 23 || om > 59) {
			return -1;
		}
		oh *= sign;
		om *= sign;
	}
	if (i != len) {
		return -1;
	}
	*t_ms = isotime_days_from_civil(y, mo, d) * PK_ISOTIME_MS_PER_DAY +
		((int64_t)(h - oh) * 3600 + (int64_t)(mi - om) * 60 + sec) *
		    PK_MS_PER_S +
		ms;
	return 0;
}

int64_t isotime_format_span_s(const char *format)
{
	int64_t span = 86400, u;
	const char *c;
	char k;

	for (c = strchr(format, '%'); c && c[1]; c = strchr(c + 2, '%')) {
		k = c[1];
		if ((k == 'E' || k == 'O') && c[2]) {
			c++; /* %Ey, %OH: the conversion after the modifier */
			k = c[1];
		}
		if (strchr("%ntZz", k)) {
			continue; /* the same text at any time (UTC) */
		} else if (strchr("aAbBhCdDeFgGjmuUVwWxyY", k)) {
			u = 86400;
		} else if (strchr("HIklp", k)) {
			u = 3600;
		} else if (strchr("MR", k)) {
			u = 60;
		} else {
			u = 1;
		}
		if (u < span) {
			span = u;
		}
	}
	return span;
}
