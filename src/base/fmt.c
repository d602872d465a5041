/*
 * fmt: numbers for people (see fmt.h).
 */
#include "pksim/base/fmt.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

const char *fmt_thousands(int64_t v, char *buf)
{
	char tmp[PK_FMT_BYTES];
	int n = snprintf(tmp, sizeof(tmp), "%lld", (long long)v), i, j = 0;

	for (i = 0; i < n; i++) {
		if (i > 0 && tmp[i - 1] != '-' && (n - i) % 3 == 0) {
			buf[j++] = ',';
		}
		buf[j++] = tmp[i];
	}
	buf[j] = '\0';
	return buf;
}

const char *fmt_bytes(uint64_t b, char *buf)
{
	static const char *const unit[] = {"B",	  "KiB", "MiB",
					   "GiB", "TiB", "PiB"};
	double x = (double)b;
	int u = 0;

	while (x >= 1024.0 && u < 5) {
		x /= 1024.0;
		u++;
	}
	/* 1,023.95 and above print as "1024.0" with one decimal: that is
	   the next unit's 1.0 */
	if (u > 0 && u < 5 && x >= 1023.95) {
		x /= 1024.0;
		u++;
	}
	if (u == 0) {
		snprintf(buf, PK_FMT_BYTES, "%llu B", (unsigned long long)b);
	} else {
		snprintf(buf, PK_FMT_BYTES, "%.1f %s", x, unit[u]);
	}
	return buf;
}

const char *fmt_seconds(int64_t s, char *buf)
{
	static const struct {
		int64_t s;
		char unit;
	} parts[] = {{86400, 'd'}, {3600, 'h'}, {60, 'm'}, {1, 's'}};
	char th[PK_FMT_BYTES];
	size_t len, i;
	int64_t rest = s;
	const char *sep = " (";

	if (s < 1000) {
		snprintf(buf, PK_FMT_SPAN_BYTES, "%llds", (long long)s);
		return buf;
	}
	len =
	    fmt_append(buf, PK_FMT_SPAN_BYTES, 0, "%ss", fmt_thousands(s, th));
	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		if (rest >= parts[i].s) {
			len = fmt_append(
			    buf, PK_FMT_SPAN_BYTES, len, "%s%lld%c", sep,
			    (long long)(rest / parts[i].s), parts[i].unit);
			rest %= parts[i].s;
			sep = " ";
		}
	}
	fmt_append(buf, PK_FMT_SPAN_BYTES, len, ")");
	return buf;
}

const char *fmt_rate(double per_s, char *buf)
{
	if (per_s == 0 || per_s >= 0.1 || per_s != per_s) {
		snprintf(buf, PK_FMT_BYTES, "%g ops/s", per_s);
	} else if (per_s * 3600.0 >= 0.1) {
		snprintf(buf, PK_FMT_BYTES, "%.4g ops/h", per_s * 3600.0);
	} else {
		snprintf(buf, PK_FMT_BYTES, "%.4g ops/d", per_s * 86400.0);
	}
	return buf;
}

const char *fmt_decimal(double v, char *buf)
{
	double a = fabs(v);
	int d;

	if (a == 0 || a >= 0.1 || v != v) {
		snprintf(buf, PK_FMT_BYTES, "%.1f", v);
		return buf;
	}
	/* the first significant digit is at decimal -floor(log10(a)) */
	d = 2 - (int)floor(log10(a));
	snprintf(buf, PK_FMT_BYTES, "%.*f", d < 15 ? d : 15, v);
	return buf;
}

size_t fmt_append(char *buf, size_t cap, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (cap == 0) {
		return 0;
	}
	if (len >= cap) {
		buf[cap - 1] = '\0';
		return cap - 1;
	}
	va_start(ap, fmt);
	n = vsnprintf(buf + len, cap - len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		buf[len] = '\0'; /* an encoding error: nothing appended */
		return len;
	}
	return (size_t)n < cap - len ? len + (size_t)n : cap - 1;
}
